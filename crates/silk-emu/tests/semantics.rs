//! Hand-assembled kernels for single instructions, each against values
//! from the ISA manual's definition computed on the CPU: source modifiers
//! of `v_cndmask_b32`, inline constants of f16 operands, and the compute
//! opcodes no clang corpus kernel emits.

use silk_amdgpu::target::Processor;
use silk_emu::{Arg, Emulator};

mod common;

const ALL: [Processor; 3] = [Processor::Gfx942, Processor::Gfx1100, Processor::Gfx1151];

/// Run `body`, which leaves four results in v[4:7]; returns lane 0's,
/// checking every lane agrees.
fn run_on(p: Processor, body: &str) -> [u32; 4] {
    run_kernel(p, body, None)
}

/// [`run_on`] in a kernel with AGPRs a0..a7 (gfx942).
fn run_on_with_agprs(p: Processor, body: &str) -> [u32; 4] {
    run_kernel(p, body, Some(common::kernel_with_agprs))
}

/// [`run_on`] in a kernel with 64 bytes of scratch per lane.
fn run_on_with_scratch(p: Processor, body: &str) -> [u32; 4] {
    run_kernel(p, body, Some(|p, b| common::kernel_with_private(p, b, 64)))
}

fn run_kernel(p: Processor, body: &str, build: Option<fn(Processor, &str) -> Vec<u8>>) -> [u32; 4] {
    let store = if p == Processor::Gfx942 {
        "global_store_dwordx4"
    } else {
        "global_store_b128"
    };
    let text = format!("{body}\t{store} v0, v[4:7], s[0:1]\n");
    let obj = build.unwrap_or(common::kernel)(p, &text);
    let mut emu = Emulator::new(p);
    let out = emu.alloc(64 * 16).unwrap();
    let n = if p == Processor::Gfx942 { 64 } else { 32 };
    emu.launch(&obj, "k", [n, 1, 1], [n, 1, 1], &[Arg::Buffer(out)])
        .unwrap_or_else(|e| panic!("{p}:\n{body}\n{e}"));
    let w: Vec<u32> = emu
        .read(out)
        .unwrap()
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    for l in 1..n as usize {
        assert_eq!(w[4 * l..4 * l + 4], w[..4], "{p}: lane {l}");
    }
    [w[0], w[1], w[2], w[3]]
}

/// The mask operand of a VOP3 select: a pair on wave64, one SGPR on wave32.
fn mask(p: Processor, lo: u32) -> String {
    if p == Processor::Gfx942 {
        format!("s[{lo}:{}]", lo + 1)
    } else {
        format!("s{lo}")
    }
}

#[test]
fn cndmask_applies_float_source_modifiers() {
    let (x, y) = (-2.5f32, 3.0f32);
    for p in ALL {
        let (m0, m1) = (mask(p, 10), mask(p, 12));
        let got = run_on(
            p,
            &format!(
                "\tv_mov_b32_e32 v2, {:#x}\n\tv_mov_b32_e32 v3, {:#x}\n\
                 \ts_mov_b64 s[10:11], 0\n\ts_mov_b64 s[12:13], -1\n\
                 \tv_cndmask_b32_e64 v4, |v2|, v3, {m0}\n\
                 \tv_cndmask_b32_e64 v5, v2, -v3, {m1}\n\
                 \tv_cndmask_b32_e64 v6, -|v2|, v3, {m0}\n\
                 \tv_cndmask_b32_e64 v7, -v2, v3, {m0}\n",
                x.to_bits(),
                y.to_bits()
            ),
        );
        assert_eq!(
            got,
            [
                x.abs().to_bits(),
                (-y).to_bits(),
                (-x.abs()).to_bits(),
                (-x).to_bits()
            ],
            "{p}"
        );
    }
    // The SDWA form (gfx942): neg / abs on each source.
    let got = run_on(
        Processor::Gfx942,
        &format!(
            "\tv_mov_b32_e32 v2, {:#x}\n\tv_mov_b32_e32 v3, {:#x}\n\
             \ts_mov_b64 vcc, 0\n\
             \tv_cndmask_b32_sdwa v4, |v2|, v3, vcc dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD src1_sel:DWORD\n\
             \tv_cndmask_b32_sdwa v5, -v2, v3, vcc dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD src1_sel:DWORD\n\
             \ts_mov_b64 vcc, -1\n\
             \tv_cndmask_b32_sdwa v6, v2, -|v3|, vcc dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD src1_sel:DWORD\n\
             \tv_cndmask_b32_sdwa v7, v2, v3, vcc dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD src1_sel:DWORD\n",
            x.to_bits(),
            y.to_bits()
        ),
    );
    assert_eq!(
        got,
        [
            x.abs().to_bits(),
            (-x).to_bits(),
            (-y.abs()).to_bits(),
            y.to_bits()
        ]
    );
}

/// The names of the global memory instructions on one processor.
fn gmem(p: Processor) -> [&'static str; 4] {
    if p == Processor::Gfx942 {
        [
            "global_store_dwordx2",
            "global_load_dword",
            "global_store_dword",
            "global_atomic_add",
        ]
    } else {
        [
            "global_store_b64",
            "global_load_b32",
            "global_store_b32",
            "global_atomic_add_u32",
        ]
    }
}

#[test]
fn unaligned_global_loads_and_stores_read_and_write_the_bytes() {
    for p in ALL {
        let [st2, ld, st, _] = gmem(p);
        let got = run_on(
            p,
            &format!(
                "\tv_mov_b32_e32 v2, 0x44332211\n\tv_mov_b32_e32 v3, 0x88776655\n\
                 \t{st2} v0, v[2:3], s[0:1]\n\ts_waitcnt vmcnt(0)\n\
                 \t{ld} v4, v0, s[0:1] offset:1\n\t{ld} v5, v0, s[0:1] offset:3\n\
                 \ts_waitcnt vmcnt(0)\n\t{st} v0, v5, s[0:1] offset:9\n\
                 \ts_waitcnt vmcnt(0)\n\t{ld} v6, v0, s[0:1] offset:8\n\
                 \ts_waitcnt vmcnt(0)\n"
            ),
        );
        assert_eq!(got, [0x5544_3322, 0x7766_5544, 0x6655_4400, 0], "{p}");
    }
}

#[test]
fn unaligned_global_atomic_faults() {
    for p in ALL {
        let [.., atomic] = gmem(p);
        let obj = common::kernel(
            p,
            &format!("\tv_mov_b32_e32 v2, 1\n\t{atomic} v0, v2, s[0:1] offset:2\n"),
        );
        let mut emu = Emulator::new(p);
        let out = emu.alloc(64 * 16).unwrap();
        let n = if p == Processor::Gfx942 { 64 } else { 32 };
        let r = emu.launch(&obj, "k", [n, 1, 1], [n, 1, 1], &[Arg::Buffer(out)]);
        let Err(silk_emu::Error::Fault(f)) = r else {
            panic!("{p}: expected a fault, got {r:?}");
        };
        assert_eq!(f.kind, silk_emu::error::FaultKind::Unaligned, "{p}: {f}");
        assert_eq!(f.lane, Some(0), "{p}: {f}");
    }
}

fn f16(x: f32) -> u32 {
    silk_emu::exec::f16_from_f32(x) as u32
}
fn f32_of(h: u32) -> f32 {
    silk_emu::exec::f16_to_f32(h as u16)
}

/// `v_fma_f16 v2, v4, v2, 0.5` and friends (gfx942 VOP3): an inline
/// constant in a 16-bit float source is the f16 value, not the low half
/// of the f32 pattern.
#[test]
fn gfx942_vop3_f16_inline_constants_are_f16_values() {
    let (x, y) = (f16(1.5), f16(2.0));
    let got = run_on(
        Processor::Gfx942,
        &format!(
            "\tv_mov_b32_e32 v2, {x:#x}\n\tv_mov_b32_e32 v3, {y:#x}\n\
             \tv_fma_f16 v4, v2, v3, 0.5\n\tv_max3_f16 v5, v2, v3, 4.0\n\
             \tv_med3_f16 v6, v2, -2.0, v3\n\tv_add_f16_e64 v7, v2, 0.5\n"
        ),
    );
    let lo = got.map(|v| v & 0xffff);
    assert_eq!(lo, [f16(3.5), f16(4.0), f16(1.5), f16(2.0)]);
}

/// An inline float constant in a 64-bit integer source (`s_mov_b64`,
/// `v_lshlrev_b64`) is the f64 pattern, as llvm-mc 22 encodes
/// `s_mov_b64 s[0:1], 0x3fe0000000000000` as the inline 0.5 and LLVM's
/// disassembler prints 1/(2π) there as 0.15915494309189532; it was read as
/// the f32 pattern, zero-extended.
#[test]
fn inline_floats_in_64_bit_integer_sources_are_f64_patterns() {
    for p in ALL {
        let got = run_on(
            p,
            "\ts_mov_b64 s[10:11], 0.5\n\tv_mov_b32_e32 v4, s10\n\tv_mov_b32_e32 v5, s11\n\
             \tv_lshlrev_b64 v[6:7], 0, -4.0\n",
        );
        let (half, minus4) = (0.5f64.to_bits(), (-4.0f64).to_bits());
        assert_eq!(
            got,
            [
                half as u32,
                (half >> 32) as u32,
                minus4 as u32,
                (minus4 >> 32) as u32
            ],
            "{p}"
        );
    }
}

/// A returning FLAT/GLOBAL atomic (gfx942 `sc0`) whose destination is an
/// AGPR (the `acc` bit) writes the pre-op value to that AGPR, and the
/// VGPR of the same number stays as it was.
#[test]
fn gfx942_returning_atomic_into_an_agpr() {
    let got = run_on_with_agprs(
        Processor::Gfx942,
        "\tv_mov_b32_e32 v1, 55\n\tv_mov_b32_e32 v2, 0\n\tv_mov_b32_e32 v3, 0x3f0\n\
         \tv_mov_b32_e32 v8, 77\n\tv_accvgpr_write_b32 a1, v8\n\tv_accvgpr_write_b32 a2, v2\n\
         \ts_nop 1\n\
         \tglobal_atomic_add a1, v3, a2, s[0:1] sc0\n\ts_waitcnt vmcnt(0)\n\
         \tv_accvgpr_read_b32 v4, a1\n\tv_mov_b32_e32 v5, v1\n\
         \tv_mov_b32_e32 v6, 0\n\tv_mov_b32_e32 v7, 0\n\ts_nop 1\n",
    );
    assert_eq!(got, [0, 55, 0, 0]);
}

/// SCRATCH addressing by a VGPR (SVE) and by an SGPR: a store through
/// `v1` = 8 is read back through `s4` = 8, and address 0 stays zero.
#[test]
fn scratch_addresses_by_vgpr_and_by_sgpr() {
    for p in ALL {
        let (st, ld) = if p == Processor::Gfx942 {
            ("scratch_store_dword", "scratch_load_dword")
        } else {
            ("scratch_store_b32", "scratch_load_b32")
        };
        let got = run_on_with_scratch(
            p,
            &format!(
                "\tv_mov_b32_e32 v1, 8\n\tv_mov_b32_e32 v2, 0x1234\n\ts_mov_b32 s4, 8\n\
                 \ts_mov_b32 s5, 0\n\t{st} v1, v2, off\n\ts_waitcnt vmcnt(0)\n\
                 \t{ld} v4, off, s4\n\t{ld} v5, v1, off\n\t{ld} v6, off, s5\n\
                 \ts_waitcnt vmcnt(0)\n\tv_mov_b32_e32 v7, 0\n"
            ),
        );
        assert_eq!(got, [0x1234, 0x1234, 0, 0], "{p}");
    }
}

/// Scalar loads address by sbase plus an immediate offset, an SGPR offset,
/// or both (GFX9's SOE form; GFX11's soffset field).
#[test]
fn scalar_loads_by_immediate_and_sgpr_offsets() {
    for p in ALL {
        let (st, ld) = if p == Processor::Gfx942 {
            ("global_store_dwordx4", "s_load_dword")
        } else {
            ("global_store_b128", "s_load_b32")
        };
        let got = run_on(
            p,
            &format!(
                "\tv_mov_b32_e32 v4, 11\n\tv_mov_b32_e32 v5, 22\n\tv_mov_b32_e32 v6, 33\n\
                 \tv_mov_b32_e32 v7, 44\n\tv_mov_b32_e32 v8, 0\n\t{st} v8, v[4:7], s[0:1]\n\
                 \ts_waitcnt vmcnt(0)\n\ts_mov_b32 s9, 4\n\ts_mov_b32 s13, 8\n\
                 \t{ld} s10, s[0:1], s9\n\t{ld} s11, s[0:1], s9 offset:0x4\n\
                 \t{ld} s12, s[0:1], 0x8\n\t{ld} s14, s[0:1], s13 offset:0x4\n\
                 \ts_waitcnt lgkmcnt(0)\n\tv_mov_b32_e32 v4, s10\n\tv_mov_b32_e32 v5, s11\n\
                 \tv_mov_b32_e32 v6, s12\n\tv_mov_b32_e32 v7, s14\n"
            ),
        );
        assert_eq!(got, [22, 33, 33, 44], "{p}");
    }
}

#[test]
fn f16_division_fixup_and_unfused_mad() {
    // v_div_fixup_f16 D = S2 / S1 correctly rounded (S0 is the estimate).
    let (num, den) = (f16(1.0), f16(3.0));
    let q = f16((f32_of(num) as f64 / f32_of(den) as f64) as f32);
    // v_mad_f16 rounds the product to f16 first: (1 + 3 * 2^-10)^2 - 1.
    let a = 0x3c03;
    let p = f16(f32_of(a) * f32_of(a));
    let mad = f16(f32_of(p) - 1.0);
    let fused = f16(f32_of(a) * f32_of(a) - 1.0);
    assert_ne!(mad, fused, "the case tells fused from unfused");
    let got = run_on(
        Processor::Gfx942,
        &format!(
            "\tv_mov_b32_e32 v2, {num:#x}\n\tv_mov_b32_e32 v3, {den:#x}\n\
             \tv_mov_b32_e32 v8, {a:#x}\n\tv_mov_b32_e32 v9, {:#x}\n\
             \tv_div_fixup_f16 v4, v2, v3, v2\n\tv_mad_f16 v5, v8, v8, v9\n\
             \tv_fma_f16 v6, v8, v8, v9\n",
            f16(-1.0)
        ),
    );
    assert_eq!(
        [got[0] & 0xffff, got[1] & 0xffff, got[2] & 0xffff],
        [q, mad, fused]
    );
    // GFX11 (true16 halves).
    for p in [Processor::Gfx1100, Processor::Gfx1151] {
        let got = run_on(
            p,
            &format!(
                "\tv_mov_b32_e32 v2, {num:#x}\n\tv_mov_b32_e32 v3, {den:#x}\n\
                 \tv_div_fixup_f16 v4.l, v2.l, v3.l, v2.l\n"
            ),
        );
        assert_eq!(got[0] & 0xffff, q, "{p}");
    }
}

/// gfx1151 SALU: `s_cvt_hi_f32_f16` converts the high half.
#[test]
fn gfx1151_cvt_hi_f32_f16() {
    let v = f16(-2.75) << 16 | f16(8.0);
    let got = run_on(
        Processor::Gfx1151,
        &format!(
            "\ts_mov_b32 s8, {v:#x}\n\ts_cvt_hi_f32_f16 s9, s8\n\ts_cvt_f32_f16 s10, s8\n\
             \tv_mov_b32_e32 v4, s9\n\tv_mov_b32_e32 v5, s10\n"
        ),
    );
    assert_eq!([got[0], got[1]], [(-2.75f32).to_bits(), 8.0f32.to_bits()]);
}

/// Strict mode: a lane-mask merge (`s_andn2 old, exec`, clang's phi of a
/// loop-carried bool) may read a mask no path wrote yet, since the result's
/// active-lane bits do not depend on it; any other read of it still faults.
#[test]
fn lane_mask_merge_with_exec_reads_an_unwritten_mask() {
    for p in ALL {
        let (andn2, and, or, exec) = if p == Processor::Gfx942 {
            (
                "s_andn2_b64 s[10:11], s[8:9], exec",
                "s_and_b64 s[12:13], s[10:11], exec",
                "s_or_b64 s[10:11], s[8:9], s[4:5]",
                "exec_lo",
            )
        } else {
            (
                "s_and_not1_b32 s10, s8, exec_lo",
                "s_and_b32 s12, s10, exec_lo",
                "s_or_b32 s10, s8, s4",
                "exec_lo",
            )
        };
        let got = run_on(
            p,
            &format!(
                "\t{andn2}\n\t{and}\n\ts_and_b32 s14, s9, {exec}\n\
                 \tv_mov_b32_e32 v4, s12\n\tv_mov_b32_e32 v5, s14\n"
            ),
        );
        assert_eq!([got[0], got[1]], [0, 0], "{p}");
        let obj = common::kernel(p, &format!("\t{or}\n"));
        let mut emu = Emulator::new(p);
        let out = emu.alloc(64 * 16).unwrap();
        let r = emu.launch(&obj, "k", [32, 1, 1], [32, 1, 1], &[Arg::Buffer(out)]);
        let Err(silk_emu::Error::Fault(f)) = r else {
            panic!("{p}: expected a fault, got {r:?}");
        };
        assert_eq!(
            f.kind,
            silk_emu::error::FaultKind::UninitializedRead,
            "{p}: {f}"
        );
    }
}

/// The EXEC-writing SOP1 forms (CDNA3 / RDNA3 SOP1): `*_wrexec` write the
/// new EXEC to D, `orn1_saveexec` / `or_not0_saveexec` the old.
#[test]
fn wrexec_and_orn1_saveexec() {
    let s = 0xff00_ff00u32;
    let got = run_on(
        Processor::Gfx942,
        &format!(
            "\ts_mov_b64 s[8:9], exec\n\ts_mov_b32 s10, {s:#x}\n\ts_mov_b32 s11, {s:#x}\n\
             \ts_andn1_wrexec_b64 s[12:13], s[10:11]\n\ts_mov_b64 exec, s[10:11]\n\
             \ts_andn2_wrexec_b64 s[14:15], s[8:9]\n\ts_mov_b64 exec, s[10:11]\n\
             \ts_orn1_saveexec_b64 s[16:17], s[10:11]\n\ts_mov_b32 s13, exec_hi\n\
             \ts_mov_b64 exec, s[8:9]\n\
             \tv_mov_b32_e32 v4, s12\n\tv_mov_b32_e32 v5, s15\n\
             \tv_mov_b32_e32 v6, s16\n\tv_mov_b32_e32 v7, s13\n"
        ),
    );
    assert_eq!(got, [!s, !s, s, u32::MAX]);
    for p in [Processor::Gfx1100, Processor::Gfx1151] {
        let got = run_on(
            p,
            &format!(
                "\ts_mov_b32 s8, exec_lo\n\ts_mov_b32 s10, {s:#x}\n\
                 \ts_and_not0_wrexec_b32 s12, s10\n\ts_mov_b32 exec_lo, s10\n\
                 \ts_and_not1_wrexec_b32 s14, s8\n\ts_mov_b32 exec_lo, s10\n\
                 \ts_or_not0_saveexec_b32 s16, s10\n\ts_mov_b32 s13, exec_lo\n\
                 \ts_mov_b32 exec_lo, s8\n\
                 \tv_mov_b32_e32 v4, s12\n\tv_mov_b32_e32 v5, s14\n\
                 \tv_mov_b32_e32 v6, s16\n\tv_mov_b32_e32 v7, s13\n"
            ),
        );
        assert_eq!(got, [!s, !s, s, u32::MAX], "{p}");
    }
}

/// `s_movrels` / `s_movreld`: SGPR indexing by M0 (clang's dynamic
/// indexing of uniform register arrays).
#[test]
fn movrels_and_movreld_index_by_m0() {
    for p in ALL {
        let got = run_on(
            p,
            "\ts_mov_b32 s8, 11\n\ts_mov_b32 s9, 22\n\ts_mov_b32 s10, 33\n\ts_mov_b32 s11, 44\n\
             \ts_mov_b32 m0, 2\n\ts_nop 0\n\ts_movrels_b32 s12, s8\n\
             \ts_movrels_b64 s[14:15], s[8:9]\n\ts_mov_b32 m0, 1\n\ts_nop 0\n\
             \ts_movreld_b32 s8, s12\n\
             \tv_mov_b32_e32 v4, s12\n\tv_mov_b32_e32 v5, s15\n\
             \tv_mov_b32_e32 v6, s9\n\tv_mov_b32_e32 v7, s14\n",
        );
        assert_eq!(got, [33, 44, 33, 33], "{p}");
    }
}

/// `s_call_b64`: D = the return address, and the callee returns there.
#[test]
fn call_b64_links_and_returns() {
    for p in ALL {
        let got = run_on(
            p,
            // simm16 2: over the two 4-byte instructions after the call to .Lf
            // (the assembler takes no label operand for s_call_b64 yet).
            "\ts_getpc_b64 s[12:13]\n\ts_call_b64 s[8:9], 2\n\
             \tv_mov_b32_e32 v5, 2\n\ts_branch .Lend\n\
             .Lf:\n\tv_mov_b32_e32 v4, 1\n\ts_setpc_b64 s[8:9]\n\
             .Lend:\n\ts_sub_u32 s14, s8, s12\n\tv_mov_b32_e32 v6, s14\n",
        );
        assert_eq!(got, [1, 2, 4, 0], "{p}");
    }
}

/// gfx1151 SALU float rounding and f16 arithmetic, and the GFX11 SOP2/SOP1
/// additions (`s_pack_hl_b32_b16`, `s_cls_i32`).
#[test]
fn gfx1151_salu_float_and_gfx11_scalar_additions() {
    let bits = |x: f32| x.to_bits();
    let got = run_on(
        Processor::Gfx1151,
        &format!(
            "\ts_mov_b32 s8, {:#x}\n\ts_ceil_f32 s9, s8\n\ts_floor_f32 s10, s8\n\
             \ts_rndne_f32 s11, s8\n\ts_trunc_f32 s12, s8\n\
             \tv_mov_b32_e32 v4, s9\n\tv_mov_b32_e32 v5, s10\n\
             \tv_mov_b32_e32 v6, s11\n\tv_mov_b32_e32 v7, s12\n",
            bits(-2.5)
        ),
    );
    assert_eq!(got, [bits(-2.0), bits(-3.0), bits(-2.0), bits(-2.0)]);
    let (a, b, c) = (f16(1.5), f16(-0.375), f16(3.0));
    let got = run_on(
        Processor::Gfx1151,
        &format!(
            "\ts_mov_b32 s8, {a:#x}\n\ts_mov_b32 s9, {b:#x}\n\ts_mov_b32 s10, {c:#x}\n\
             \ts_add_f16 s11, s8, s9\n\ts_mul_f16 s12, s8, s9\n\
             \ts_fmac_f16 s10, s8, s9\n\ts_max_f16 s13, s8, s9\n\
             \tv_mov_b32_e32 v4, s11\n\tv_mov_b32_e32 v5, s12\n\
             \tv_mov_b32_e32 v6, s10\n\tv_mov_b32_e32 v7, s13\n"
        ),
    );
    let (x, y, z) = (f32_of(a), f32_of(b), f32_of(c));
    assert_eq!(got, [f16(x + y), f16(x * y), f16(x.mul_add(y, z)), a]);
    for p in [Processor::Gfx1100, Processor::Gfx1151] {
        let got = run_on(
            p,
            "\ts_mov_b32 s8, 0x12345678\n\ts_mov_b32 s9, 0x9abcdef0\n\
             \ts_pack_hl_b32_b16 s10, s8, s9\n\ts_mov_b32 s11, 0xfff0ffff\n\
             \ts_cls_i32 s12, s11\n\ts_cls_i32 s13, s8\n\
             \tv_mov_b32_e32 v4, s10\n\tv_mov_b32_e32 v5, s12\n\tv_mov_b32_e32 v6, s13\n",
        );
        assert_eq!([got[0], got[1], got[2]], [0xdef0_1234, 12, 3], "{p}");
    }
}

/// f16 VALU forms: `v_mac_f16` and `v_madmk_f16` (not fused),
/// `v_pk_fmac_f16`, `v_frexp_*_f16` (gfx942) and `v_fmamk_f16`,
/// `v_cvt_i32_i16` (GFX11).
#[test]
fn f16_mac_madmk_pk_fmac_frexp() {
    let (a, c) = (0x3c03u32, f16(-1.0));
    let (x, z) = (f32_of(a), f32_of(c));
    let unfused = f16(f32_of(f16(x * x)) + z);
    let fused = f16(x.mul_add(x, z));
    let pk = f16(1.5) | f16(-2.0) << 16;
    let pk_acc = f16(0.25) | f16(8.0) << 16;
    let pk_want = f16(1.5f32.mul_add(1.5, 0.25)) | f16((-2.0f32).mul_add(-2.0, 8.0)) << 16;
    let got = run_on(
        Processor::Gfx942,
        &format!(
            "\tv_mov_b32_e32 v2, {a:#x}\n\tv_mov_b32_e32 v4, {c:#x}\n\
             \tv_mac_f16_e32 v4, v2, v2\n\tv_madmk_f16 v5, v2, {a:#x}, v4\n\
             \tv_mov_b32_e32 v6, {pk_acc:#x}\n\tv_mov_b32_e32 v3, {pk:#x}\n\
             \tv_pk_fmac_f16 v6, v3, v3\n\
             \tv_mov_b32_e32 v8, {:#x}\n\tv_frexp_mant_f16_e32 v7, v8\n\
             \tv_frexp_exp_i16_f16_e32 v9, v8\n\tv_lshl_or_b32 v7, v9, 16, v7\n",
            f16(-24.0)
        ),
    );
    let mad2 = f16(f32_of(f16(x * x)) + f32_of(unfused));
    assert_eq!(got[0] & 0xffff, unfused);
    assert_eq!(got[1] & 0xffff, mad2);
    assert_eq!(got[2], pk_want);
    // -24 = -0.75 * 2^5.
    assert_eq!(got[3], f16(-0.75) | 5 << 16);
    assert_ne!(unfused, fused, "the case tells fused from unfused");
    for p in [Processor::Gfx1100, Processor::Gfx1151] {
        let got = run_on(
            p,
            &format!(
                "\tv_mov_b32_e32 v2, {a:#x}\n\tv_mov_b32_e32 v3, {c:#x}\n\
                 \tv_fmamk_f16 v4.l, v2.l, {a:#x}, v3.l\n\
                 \tv_mov_b32_e32 v8, 0xffff8001\n\tv_cvt_i32_i16_e32 v5, v8.l\n\
                 \tv_cvt_u32_u16_e32 v6, v8.l\n"
            ),
        );
        assert_eq!(
            [got[0] & 0xffff, got[1], got[2]],
            [fused, 0xffff_8001, 0x8001],
            "{p}"
        );
    }
}

/// gfx942 fp8 E4M3 / bf8 E5M2 "FNUZ" (bias 8 / 16, 0x80 is NaN), from the
/// format's definition.
fn fnuz(v: u32, mbits: u32, bias: i32) -> f32 {
    let v = v & 0xff;
    if v == 0x80 {
        return f32::NAN;
    }
    let e = ((v & 0x7f) >> mbits) as i32;
    let m = (v & ((1 << mbits) - 1)) as f64 / (1 << mbits) as f64;
    let mag = if e == 0 {
        m * 2f64.powi(1 - bias)
    } else {
        (1.0 + m) * 2f64.powi(e - bias)
    };
    (if v & 0x80 != 0 { -mag } else { mag }) as f32
}

#[test]
fn gfx942_cvt_pk_f32_fp8_and_bf8() {
    for x in [0x8001_7f3au32, 0x00ff_c407, 0x1234_0880] {
        let got = run_on(
            Processor::Gfx942,
            &format!(
                "\tv_mov_b32_e32 v2, {x:#x}\n\tv_cvt_pk_f32_fp8_e32 v[4:5], v2\n\
                 \tv_cvt_pk_f32_bf8_e64 v[6:7], v2\n"
            ),
        );
        let want = [
            fnuz(x, 3, 8),
            fnuz(x >> 8, 3, 8),
            fnuz(x, 2, 16),
            fnuz(x >> 8, 2, 16),
        ];
        for (g, w) in got.iter().zip(want) {
            assert!(
                *g == w.to_bits() || (w.is_nan() && f32::from_bits(*g).is_nan()),
                "{x:#x}: {got:x?} vs {want:?}"
            );
        }
    }
}

/// GFX11 `v_movrels` / `v_movreld` / `v_movrelsd(_2)`: VGPR indexing by
/// M0 (clang's dynamic indexing of per-lane register arrays).
#[test]
fn gfx11_vgpr_indexing_by_m0() {
    for p in [Processor::Gfx1100, Processor::Gfx1151] {
        let got = run_on(
            p,
            "\tv_mov_b32_e32 v8, 11\n\tv_mov_b32_e32 v9, 22\n\tv_mov_b32_e32 v10, 33\n\
             \ts_mov_b32 m0, 2\n\ts_nop 0\n\tv_movrels_b32_e32 v4, v8\n\
             \ts_mov_b32 m0, 1\n\ts_nop 0\n\tv_movreld_b32_e32 v8, v4\n\
             \tv_movrelsd_b32_e32 v4, v9\n\tv_mov_b32_e32 v6, v9\n\
             \ts_mov_b32 m0, 0x10000\n\ts_nop 0\n\tv_movrelsd_2_b32_e32 v6, v8\n",
        );
        assert_eq!(got, [33, 33, 33, 11], "{p}");
    }
}

/// gfx942 VOP3P f16 pairs: an inline constant is the f16 value in the low
/// half (op_sel_hi 0 picks it for the high lane too), and neg_lo / neg_hi
/// flip the f16 signs.
#[test]
fn gfx942_packed_f16_constants_and_negation() {
    let pair = |lo: f32, hi: f32| f16(lo) | f16(hi) << 16;
    let got = run_on(
        Processor::Gfx942,
        &format!(
            "\tv_mov_b32_e32 v2, {:#x}\n\tv_mov_b32_e32 v3, {:#x}\n\
             \tv_pk_fma_f16 v4, v2, v3, 0.5 op_sel_hi:[1,1,0]\n\
             \tv_pk_add_f16 v5, v2, v3 neg_lo:[1,0]\n\
             \tv_pk_mul_f16 v6, v2, v3 neg_hi:[0,1]\n",
            pair(1.5, -2.0),
            pair(2.0, 0.75)
        ),
    );
    assert_eq!(
        [got[0], got[1], got[2]],
        [pair(3.5, -1.0), pair(0.5, -1.25), pair(3.0, 1.5)]
    );
}

/// gfx1151 SALU float compares of f32 and f16, every predicate, on
/// ordered, equal and unordered pairs (SCC read back through s_cselect).
#[test]
// Unordered predicates: x < y || x > y is not x != y on NaN.
#[allow(clippy::neg_cmp_op_on_partial_ord, clippy::double_comparisons)]
fn gfx1151_salu_float_compares() {
    type Pred = fn(f32, f32) -> bool;
    let preds: [(&str, Pred); 14] = [
        ("lt", |x, y| x < y),
        ("eq", |x, y| x == y),
        ("le", |x, y| x <= y),
        ("gt", |x, y| x > y),
        ("lg", |x, y| x < y || x > y),
        ("ge", |x, y| x >= y),
        ("o", |x, y| !x.is_nan() && !y.is_nan()),
        ("u", |x, y| x.is_nan() || y.is_nan()),
        ("neq", |x, y| x != y),
        ("nge", |x, y| !(x >= y)),
        ("ngt", |x, y| !(x > y)),
        ("nle", |x, y| !(x <= y)),
        ("nlg", |x, y| !(x < y || x > y)),
        ("nlt", |x, y| !(x < y)),
    ];
    let pairs = [(1.0f32, 2.0f32), (2.0, 1.0), (1.5, 1.5), (1.0, f32::NAN)];
    for (name, pred) in preds {
        for ty in ["f32", "f16"] {
            let bits = |x: f32| if ty == "f32" { x.to_bits() } else { f16(x) };
            let mut body = String::new();
            for (i, (x, y)) in pairs.iter().enumerate() {
                body += &format!(
                    "\ts_mov_b32 s8, {:#x}\n\ts_mov_b32 s9, {:#x}\n\ts_cmp_{name}_{ty} s8, s9\n\
                     \ts_cselect_b32 s10, 1, 0\n\tv_mov_b32_e32 v{}, s10\n",
                    bits(*x),
                    bits(*y),
                    4 + i
                );
            }
            let got = run_on(Processor::Gfx1151, &body);
            let want = pairs.map(|(x, y)| pred(x, y) as u32);
            assert_eq!(got, want, "s_cmp_{name}_{ty}");
        }
    }
}

/// `v_fma_mix*` reads an inline constant as the f16 LLVM's disassembler
/// prints it as (the value in the low half; op_sel_hi makes it an f16
/// source), and an f16 register source takes the half op_sel names once.
#[test]
fn fma_mix_reads_constants_as_f16_and_halves_once() {
    for p in ALL {
        let got = run_on(
            p,
            &format!(
                "\tv_mov_b32_e32 v2, {:#x}\n\tv_mov_b32_e32 v3, {:#x}\n\
                 \tv_mov_b32_e32 v8, {:#x}\n\
                 \tv_fma_mix_f32 v4, v2, v3, 0.5 op_sel_hi:[0,0,1]\n\
                 \tv_fma_mix_f32 v5, v8, v3, -1.0 op_sel:[1,0,0] op_sel_hi:[1,0,1]\n\
                 \tv_fma_mix_f32 v6, 2.0, v3, v2 op_sel_hi:[1,0,0]\n",
                2.0f32.to_bits(),
                3.0f32.to_bits(),
                f16(0.25) | f16(-1.5) << 16
            ),
        );
        assert_eq!(
            [got[0], got[1], got[2]],
            [6.5f32.to_bits(), (-5.5f32).to_bits(), 8.0f32.to_bits()],
            "{p}"
        );
    }
}
