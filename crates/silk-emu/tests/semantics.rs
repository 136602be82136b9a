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
    let store = if p == Processor::Gfx942 {
        "global_store_dwordx4"
    } else {
        "global_store_b128"
    };
    let text = format!("{body}\t{store} v0, v[4:7], s[0:1]\n");
    let obj = common::kernel(p, &text);
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
