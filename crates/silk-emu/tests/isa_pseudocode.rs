//! Opcodes checked against the ISA manuals' pseudocode (RDNA3 ISA §16,
//! CDNA3 ISA §12: the same pseudocode for these), each written out again
//! here on the host, on every processor that has the opcode: masked and
//! quad SADs, `v_trig_preop_f64`, the GFX11 floor/nearest conversions and
//! `v_sat_pk_u8_i16`, and the LDS atomics `ds_rsub`, `ds_mskor` and
//! `ds_pk_add_f16` / `_bf16`.

#[path = "common/mod.rs"]
mod common;

use common::{inputs, run, run_lds};
use silk_amdgpu::target::Processor;
use silk_emu::{Arg, Emulator};

/// The fraction of 2/π, 1204 bits (301 hex digits, from a 600-digit
/// Machin-formula π); the hardware holds the first 1201.
const TWO_OVER_PI: &str = concat!(
    "a2f9836e4e441529fc2757d1f534ddc0db6295993c439041fe5163abdebbc561",
    "b7246e3a424dd2e006492eea09d1921cfe1deb1cb129a73ee88235f52ebb4484",
    "e99c7026b45f7e413991d639835339f49c845f8bbdf9283b1ff897ffde05980f",
    "ef2f118b5a0a6d1f6d367ecf27cb09b74f463f669e5fea2d7527bac7ebe5f17b",
    "3d0739f78a5292ea6bfb5fb11f8d5d0856033046fc7b6",
);

fn pi_bit(i: u32) -> u64 {
    if i >= 1201 {
        return 0;
    }
    let d = TWO_OVER_PI.as_bytes()[(i / 4) as usize] as char;
    (d.to_digit(16).unwrap() >> (3 - i % 4) & 1) as u64
}

fn bytes(v: u64) -> [u64; 4] {
    std::array::from_fn(|i| v >> (8 * i) & 0xff)
}

/// Pseudocode `MSAD_U8` / `SAD_U8`: sum of |x - y| over the bytes (those
/// with y != 0 when masked) plus the accumulator.
fn sad(x: u64, y: u64, acc: u64, masked: bool) -> u64 {
    let (x, y) = (bytes(x), bytes(y));
    acc + (0..4)
        .filter(|&i| !masked || y[i] != 0)
        .map(|i| x[i].abs_diff(y[i]))
        .sum::<u64>()
}

#[test]
fn sads_follow_the_pseudocode() {
    for p in Processor::ALL {
        let got = run(
            p,
            "\tv_msad_u8 v12, v1, v2, v3\n\tv_qsad_pk_u16_u8 v[14:15], v[8:9], v3, v[10:11]\n\tv_mov_b32_e32 v13, 0\n",
        );
        let got2 = run(p, "\tv_mqsad_pk_u16_u8 v[12:13], v[8:9], v3, v[10:11]\n\tv_mov_b32_e32 v14, 0\n\tv_mov_b32_e32 v15, 0\n");
        for (l, (g, g2)) in got.iter().zip(&got2).enumerate() {
            let (a, b, c) = inputs(l);
            assert_eq!(
                g[0] as u64,
                sad(a as u64, b as u64, c as u64, true) & 0xffff_ffff,
                "{p} msad lane {l}"
            );
            let s0 = a as u64 | (b as u64) << 32;
            let s2 = b as u64 | (c as u64) << 32;
            for (masked, v) in [
                (false, g[2] as u64 | (g[3] as u64) << 32),
                (true, g2[0] as u64 | (g2[1] as u64) << 32),
            ] {
                for k in 0..4 {
                    let want = sad(
                        s0 >> (8 * k) & 0xffff_ffff,
                        c as u64,
                        s2 >> (16 * k) & 0xffff,
                        masked,
                    ) & 0xffff;
                    assert_eq!(
                        v >> (16 * k) & 0xffff,
                        want,
                        "{p} qsad masked={masked} lane {l} k {k}"
                    );
                }
            }
        }
    }
}

#[test]
fn trig_preop_follows_the_pseudocode() {
    for p in Processor::ALL {
        // S0: v2 as the high dword with its exponent limited to <= 1903
        // (results stay normal), v1 low; S1 = v1 & 3 (chunk 0..3).
        let got = run(
            p,
            "\ts_mov_b32 s6, 0x76ffffff\n\tv_and_b32_e32 v9, s6, v2\n\tv_mov_b32_e32 v8, v1\n\tv_and_b32_e32 v10, 3, v1\n\tv_trig_preop_f64 v[12:13], v[8:9], v10\n\tv_mov_b32_e32 v14, v9\n\tv_mov_b32_e32 v15, v10\n",
        );
        let mut large = 0;
        for (l, g) in got.iter().enumerate() {
            let (a, b, _) = inputs(l);
            let hi = b & 0x76ff_ffff;
            let exp = (hi >> 20 & 0x7ff) as i32;
            let mut shift = (a & 3) as i32 * 53;
            if exp > 1077 {
                shift += exp - 1077;
                large += 1;
            }
            let m = (0..53).fold(0u64, |acc, i| acc << 1 | pi_bit(shift as u32 + i));
            let want = m as f64 * 2f64.powi(-53) * 2f64.powi(-shift);
            let v = f64::from_bits(g[0] as u64 | (g[1] as u64) << 32);
            assert_eq!(v, want, "{p} lane {l}: S0 exponent {exp}, S1 {}", a & 3);
        }
        assert!(large > 4, "{p}: too few large arguments ({large})");
    }
}

#[test]
fn floor_nearest_and_saturating_pack() {
    for p in [Processor::Gfx1100, Processor::Gfx1151] {
        // v4 = signed integer / 8 as f32 (halves and fractions of both signs).
        let got = run(
            p,
            "\tv_cvt_f32_i32_e32 v4, v1\n\tv_mul_f32_e32 v4, 0x3e000000, v4\n\tv_cvt_floor_i32_f32_e32 v12, v4\n\tv_cvt_nearest_i32_f32_e64 v13, v4\n\tv_sat_pk_u8_i16_e32 v14, v2\n\tv_mov_b32_e32 v15, v4\n",
        );
        for (l, g) in got.iter().enumerate() {
            let (a, b, _) = inputs(l);
            let x = f32::from_bits(g[3]);
            assert_eq!(x, (a as i32 as f32) * 0.125, "{p} lane {l}");
            assert_eq!(g[0] as i32, x.floor() as i32, "{p} floor lane {l}");
            assert_eq!(
                g[1] as i32,
                (x + 0.5).floor() as i32,
                "{p} nearest lane {l}"
            );
            let sat = |h: u32| (h as u16 as i16).clamp(0, 255) as u32;
            assert_eq!(
                g[2] & 0xffff,
                sat(b & 0xffff) | sat(b >> 16) << 8,
                "{p} sat lane {l}"
            );
        }
    }
    let got = run(Processor::Gfx942, "\tv_sat_pk_u8_i16_e64 v12, v2\n\tv_mov_b32_e32 v13, 0\n\tv_mov_b32_e32 v14, 0\n\tv_mov_b32_e32 v15, 0\n");
    for (l, g) in got.iter().enumerate() {
        let (_, b, _) = inputs(l);
        let sat = |h: u32| (h as u16 as i16).clamp(0, 255) as u32;
        assert_eq!(
            g[0],
            sat(b & 0xffff) | sat(b >> 16) << 8,
            "gfx942 sat lane {l}"
        );
    }
}

/// LDS at the lane's 8 bytes (v5 = lane * 8) starts as (v1, v2); two
/// atomics, the second returning, then the two dwords read back:
/// v12 = returned, v14, v15 = memory.
fn lds_case(p: Processor, ops: &str) -> Vec<[u32; 4]> {
    let (write, read) = if p == Processor::Gfx942 {
        ("ds_write_b64 v5, v[8:9]", "ds_read_b64 v[14:15], v5")
    } else {
        ("ds_store_b64 v5, v[8:9]", "ds_load_b64 v[14:15], v5")
    };
    let body = format!(
        "\tv_lshrrev_b32_e32 v5, 1, v0\n\t{write}\n\ts_waitcnt lgkmcnt(0)\n{ops}\ts_waitcnt lgkmcnt(0)\n\t{read}\n\ts_waitcnt lgkmcnt(0)\n\tv_mov_b32_e32 v13, 0\n"
    );
    run_lds(p, &body, 512)
}

#[test]
fn lds_rsub_and_mskor_follow_the_pseudocode() {
    for p in Processor::ALL {
        let got = lds_case(
            p,
            "\tds_rsub_u32 v5, v3\n\tds_rsub_rtn_u32 v12, v5, v3 offset:4\n",
        );
        for (l, g) in got.iter().enumerate() {
            let (a, b, c) = inputs(l);
            assert_eq!(
                [g[0], g[2], g[3]],
                [b, c.wrapping_sub(a), c.wrapping_sub(b)],
                "{p} rsub lane {l}"
            );
        }
        // MEM = (MEM & ~DATA) | DATA2.
        let got = lds_case(
            p,
            "\tds_mskor_b32 v5, v2, v3\n\tds_mskor_rtn_b32 v12, v5, v3, v1 offset:4\n",
        );
        for (l, g) in got.iter().enumerate() {
            let (a, b, c) = inputs(l);
            assert_eq!(
                [g[0], g[2], g[3]],
                [b, (a & !b) | c, (b & !c) | a],
                "{p} mskor lane {l}"
            );
        }
    }
}

/// bf16 bits to f32 and f32 (exact sums) to bf16, nearest even.
fn bf16_add(a: u32, b: u32) -> Option<u32> {
    let x = f32::from_bits(a << 16) + f32::from_bits(b << 16);
    if x.is_nan() {
        return None;
    }
    let bits = x.to_bits();
    let (hi, lo) = (bits >> 16, bits & 0xffff);
    Some((hi + (lo > 0x8000 || (lo == 0x8000 && hi & 1 == 1)) as u32) & 0xffff)
}

#[test]
fn lds_packed_adds_round_each_half() {
    use silk_emu::exec::{f16_from_f32, f16_to_f32};
    let p = Processor::Gfx942;
    let got = lds_case(
        p,
        "\tds_pk_add_f16 v5, v2\n\tds_pk_add_rtn_bf16 v12, v5, v3 offset:4\n",
    );
    let mut finite = 0;
    for (l, g) in got.iter().enumerate() {
        let (a, b, c) = inputs(l);
        assert_eq!(g[0], b, "lane {l}");
        for k in 0..2 {
            let half = |v: u32| v >> (16 * k) & 0xffff;
            let x = f16_to_f32(half(a) as u16) as f64 + f16_to_f32(half(b) as u16) as f64;
            let got16 = half(g[2]) as u16;
            if x.is_nan() {
                assert!(f16_to_f32(got16).is_nan(), "lane {l}");
            } else {
                assert_eq!(got16, f16_from_f32(x as f32), "f16 lane {l} half {k}");
                finite += 1;
            }
            match bf16_add(half(b), half(c)) {
                Some(w) => assert_eq!(half(g[3]), w, "bf16 lane {l} half {k}"),
                None => assert!(f32::from_bits(half(g[3]) << 16).is_nan(), "lane {l}"),
            }
        }
    }
    assert!(finite > 64, "{finite}");
}

/// GFX9 scalar stores and atomics (CDNA3 ISA §9): stores at issue, an
/// atomic with GLC returns the old value, compare-swap takes (new, cmp),
/// the buffer forms address through a resource.
#[test]
fn scalar_stores_and_atomics() {
    let p = Processor::Gfx942;
    let body = "\ts_mov_b32 s4, 0x12345678\n\ts_mov_b32 s5, 0x9abcdef0\n\ts_store_dwordx2 s[4:5], s[0:1], 0x0\n\
        \ts_mov_b32 s6, 7\n\ts_store_dword s6, s[0:1], 0x8\n\ts_dcache_wb\n\ts_waitcnt lgkmcnt(0)\n\
        \ts_atomic_add s6, s[0:1], 0x8 glc\n\ts_waitcnt lgkmcnt(0)\n\ts_store_dword s6, s[0:1], 0xc\n\
        \ts_mov_b32 s8, 100\n\ts_mov_b32 s9, 14\n\ts_atomic_cmpswap s[8:9], s[0:1], 0x8 glc\n\ts_waitcnt lgkmcnt(0)\n\
        \ts_store_dword s8, s[0:1], 0x10\n\
        \ts_mov_b32 s10, 5\n\ts_mov_b32 s11, 1\n\ts_atomic_cmpswap s[10:11], s[0:1], 0x8 glc\n\ts_waitcnt lgkmcnt(0)\n\
        \ts_store_dword s10, s[0:1], 0x14\n\
        \ts_mov_b32 s12, -1\n\ts_mov_b32 s13, 0\n\ts_atomic_add_x2 s[12:13], s[0:1], 0x0 glc\n\ts_waitcnt lgkmcnt(0)\n\
        \ts_store_dwordx2 s[12:13], s[0:1], 0x18\n\
        \ts_mov_b32 s8, s0\n\ts_and_b32 s9, s1, 0xffff\n\ts_mov_b32 s10, 0x1000\n\ts_mov_b32 s11, 0\n\
        \ts_mov_b32 s7, 7\n\ts_buffer_store_dword s7, s[8:11], 0x20\n\ts_mov_b32 s7, 3\n\
        \ts_buffer_atomic_sub s7, s[8:11], 0x20 glc\n\ts_waitcnt lgkmcnt(0)\n\ts_buffer_store_dword s7, s[8:11], 0x24\n\
        \ts_atomic_or s5, s[0:1], 0x28\n\ts_waitcnt lgkmcnt(0)\n\ts_dcache_wb\n";
    let obj = common::kernel(p, body);
    let mut emu = Emulator::new(p);
    let out = emu.alloc(64 * 16).unwrap();
    emu.launch(&obj, "k", [64, 1, 1], [64, 1, 1], &[Arg::Buffer(out)])
        .unwrap();
    let b = emu.read(out).unwrap();
    let d: Vec<u32> = (0..11)
        .map(|i| u32::from_le_bytes(b[4 * i..][..4].try_into().unwrap()))
        .collect();
    let sum = 0x9abc_def0_1234_5678u64 + 0xffff_ffff;
    assert_eq!(
        d,
        [
            sum as u32,
            (sum >> 32) as u32,
            100,
            7,
            14,
            100,
            0x1234_5678,
            0x9abc_def0,
            4,
            7,
            0x9abc_def0, // 0 | s5, by s_atomic_or (no GLC: nothing returned)
        ]
    );
}

fn f16_add(a: u32, b: u32) -> Option<u32> {
    use silk_emu::exec::{f16_from_f32, f16_to_f32};
    let x = f16_to_f32(a as u16) as f64 + f16_to_f32(b as u16) as f64;
    (!x.is_nan()).then(|| f16_from_f32(x as f32) as u32)
}

/// Packed adds of two dwords' halves; `None` where a half is NaN (any
/// NaN is accepted there).
fn pk(a: u32, b: u32, add: fn(u32, u32) -> Option<u32>) -> [Option<u32>; 2] {
    [add(a & 0xffff, b & 0xffff), add(a >> 16, b >> 16)]
}

fn check_pk(got: u32, want: [Option<u32>; 2], what: &str) {
    for (k, w) in want.iter().enumerate() {
        let g = got >> (16 * k) & 0xffff;
        match w {
            Some(w) => assert_eq!(g, *w, "{what} half {k}"),
            None => assert!(
                g & 0x7c00 == 0x7c00 || g & 0x7f80 == 0x7f80,
                "{what} half {k}: {g:#x} not NaN"
            ),
        }
    }
}

/// gfx942 global / flat / buffer packed-add atomics and GFX11
/// `global_atomic_csub_u32` (RDNA3 ISA §16: the old value minus DATA,
/// or 0 when DATA is larger; returns the old value).
#[test]
fn vmem_packed_add_and_csub_atomics() {
    let p = Processor::Gfx942;
    let body = |tail: &str| {
        format!(
            "\tglobal_store_dwordx4 v0, v[8:11], s[0:1]\n\ts_waitcnt vmcnt(0)\n\
             \tglobal_atomic_pk_add_f16 v12, v0, v2, s[0:1] sc0\n\
             \tglobal_atomic_pk_add_bf16 v13, v0, v3, s[0:1] offset:4 sc0\n\
             \tv_mov_b32_e32 v6, s1\n\tv_add_co_u32_e32 v4, vcc, s0, v0\n\ts_nop 4\n\tv_addc_co_u32_e32 v5, vcc, 0, v6, vcc\n\ts_nop 4\n\
             \tflat_atomic_pk_add_f16 v14, v[4:5], v1 offset:8 sc0\n\
             \ts_mov_b32 s4, s0\n\ts_and_b32 s5, s1, 0xffff\n\ts_mov_b32 s6, 0x10000\n\ts_mov_b32 s7, 0x27000\n\
             \tbuffer_atomic_pk_add_f16 v1, v0, s[4:7], 0 offen offset:12\n\
             \ts_waitcnt vmcnt(0) lgkmcnt(0)\n\tglobal_load_dwordx4 v[16:19], v0, s[0:1]\n\ts_waitcnt vmcnt(0)\n{tail}"
        )
    };
    let ret = run(p, &body("\tv_mov_b32_e32 v15, 0\n"));
    let mem = run(
        p,
        &body("\tv_mov_b32_e32 v12, v16\n\tv_mov_b32_e32 v13, v17\n\tv_mov_b32_e32 v14, v18\n\tv_mov_b32_e32 v15, v19\n"),
    );
    for (l, (r, m)) in ret.iter().zip(&mem).enumerate() {
        let (a, b, c) = inputs(l);
        assert_eq!(r[..3], [a, b, b], "returns, lane {l}");
        check_pk(m[0], pk(a, b, f16_add), &format!("global f16 lane {l}"));
        check_pk(m[1], pk(b, c, bf16_add), &format!("global bf16 lane {l}"));
        check_pk(m[2], pk(b, a, f16_add), &format!("flat f16 lane {l}"));
        check_pk(m[3], pk(c, a, f16_add), &format!("buffer f16 lane {l}"));
    }
    for p in [Processor::Gfx1100, Processor::Gfx1151] {
        let body = |tail: &str| {
            format!(
                "\tglobal_store_b128 v0, v[8:11], s[0:1]\n\ts_waitcnt vmcnt(0)\n\
                 \tglobal_atomic_csub_u32 v12, v0, v2, s[0:1] glc\n\
                 \tglobal_atomic_csub_u32 v13, v0, v1, s[0:1] offset:4 glc\n\
                 \ts_waitcnt vmcnt(0)\n\tglobal_load_b128 v[16:19], v0, s[0:1]\n\ts_waitcnt vmcnt(0)\n{tail}"
            )
        };
        let ret = run(p, &body("\tv_mov_b32_e32 v14, 0\n\tv_mov_b32_e32 v15, 0\n"));
        let mem = run(
            p,
            &body("\tv_mov_b32_e32 v12, v16\n\tv_mov_b32_e32 v13, v17\n\tv_mov_b32_e32 v14, v18\n\tv_mov_b32_e32 v15, v19\n"),
        );
        let mut clamped = 0;
        for (l, (r, m)) in ret.iter().zip(&mem).enumerate() {
            let (a, b, _) = inputs(l);
            let csub = |x: u32, y: u32| x.saturating_sub(y);
            clamped += (a < b) as u32 + (b < a) as u32;
            assert_eq!([r[0], r[1]], [a, b], "{p} returns, lane {l}");
            assert_eq!(
                [m[0], m[1]],
                [csub(a, b), csub(b, a)],
                "{p} memory, lane {l}"
            );
        }
        assert!(clamped > 8, "{clamped}");
    }
}

/// GFX9 VGPR indexing: clang 22's code for a vector in VGPRs written and
/// read at run-time indices (tests/data/hip/gpr_idx.gfx942.hip, regen.sh
/// beside it) against the CPU, for indices that hit, miss and equal the
/// written element.
#[test]
fn vgpr_indexing_as_clang_uses_it() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/hip/objects");
    let obj = std::fs::read(format!("{dir}/gpr_idx-gfx942.hsaco")).unwrap();
    let n = 64usize;
    let input: Vec<f32> = (0..n * 16).map(|i| (i as f32) * 0.25 - 7.0).collect();
    for k in [0x000, 0x0f5, 0x3a7, 0xf0f, 0x123, 0x777, 0x5c9] {
        let mut emu = Emulator::new(Processor::Gfx942);
        let bytes: Vec<u8> = input.iter().flat_map(|x| x.to_le_bytes()).collect();
        let inp = emu.alloc_bytes(&bytes).unwrap();
        let out = emu.alloc(4 * n as u64).unwrap();
        emu.launch(
            &obj,
            "pick",
            [n as u32, 1, 1],
            [n as u32, 1, 1],
            &[Arg::Buffer(out), Arg::Buffer(inp), Arg::I32(k)],
        )
        .unwrap_or_else(|e| panic!("k = {k:#x}: {e}"));
        let got = emu.read(out).unwrap();
        for i in 0..n {
            let mut w: Vec<f32> = input[16 * i..16 * i + 16].to_vec();
            w[((k >> 4) & 15) as usize] = 2.0;
            let want = w[(k & 15) as usize] + w[((k >> 8) & 15) as usize];
            let g = f32::from_le_bytes(got[4 * i..4 * i + 4].try_into().unwrap());
            assert_eq!(g, want, "k = {k:#x}, lane {i}");
        }
    }
}

/// GFX11 `v_swap_b16` exchanges two VGPR halves, the other halves kept.
#[test]
fn swap_b16_exchanges_halves() {
    for p in [Processor::Gfx1100, Processor::Gfx1151] {
        let got = run(
            p,
            "\tv_mov_b32_e32 v12, v1\n\tv_mov_b32_e32 v13, v2\n\tv_mov_b32_e32 v14, v3\n\tv_mov_b32_e32 v15, v1\n\
             \tv_swap_b16 v12.h, v13.l\n\tv_swap_b16 v14.l, v15.l\n",
        );
        for (l, g) in got.iter().enumerate() {
            let (a, b, c) = inputs(l);
            assert_eq!(
                *g,
                [
                    a & 0xffff | b << 16,
                    b & 0xffff_0000 | a >> 16,
                    c & 0xffff_0000 | a & 0xffff,
                    a & 0xffff_0000 | c & 0xffff,
                ],
                "{p} lane {l}"
            );
        }
    }
}

/// GFX11 `v_fma_dx9_zero_f32` / `v_fmac_dx9_zero_f32`: a zero factor gives
/// S2 whatever the other factor is (infinity here), else the FMA.
#[test]
fn dx9_zero_fma() {
    for p in [Processor::Gfx1100, Processor::Gfx1151] {
        // v4 = lane as f32 - 3 (zero in lane 3), v5 = +inf in odd lanes.
        let got = run(
            p,
            "\tv_lshrrev_b32_e32 v4, 4, v0\n\tv_cvt_f32_u32_e32 v4, v4\n\tv_subrev_f32_e32 v4, 3.0, v4\n\
             \tv_and_b32_e32 v5, 16, v0\n\tv_cmp_ne_u32_e32 vcc_lo, 0, v5\n\ts_mov_b32 s6, 0x7f800000\n\
             \tv_cndmask_b32_e64 v5, 2.0, s6, vcc_lo\n\tv_mov_b32_e32 v6, 0.5\n\
             \tv_fma_dx9_zero_f32 v12, v4, v5, v6\n\tv_mov_b32_e32 v13, v6\n\tv_fmac_dx9_zero_f32_e32 v13, v5, v4\n\
             \tv_mov_b32_e32 v14, 0\n\tv_mov_b32_e32 v15, 0\n",
        );
        for (l, g) in got.iter().enumerate() {
            let x = l as f32 - 3.0;
            let y = if l & 1 == 1 { f32::INFINITY } else { 2.0 };
            let want = if x == 0.0 { 0.5 } else { x.mul_add(y, 0.5) };
            assert_eq!(f32::from_bits(g[0]), want, "{p} lane {l}");
            assert_eq!(f32::from_bits(g[1]), want, "{p} fmac lane {l}");
        }
    }
}

/// `ds_wrxchg2_rtn_b32` / GFX11 `ds_storexchg_2addr_rtn_b32` and the
/// stride-64 form: both old values returned, both new ones stored.
#[test]
fn lds_two_address_exchange() {
    for p in Processor::ALL {
        let gfx9 = p == Processor::Gfx942;
        for (st64, off1, delta) in [(false, 1, 4), (true, 2, 512)] {
            let op = match (gfx9, st64) {
                (true, false) => "ds_wrxchg2_rtn_b32",
                (true, true) => "ds_wrxchg2st64_rtn_b32",
                (false, false) => "ds_storexchg_2addr_rtn_b32",
                (false, true) => "ds_storexchg_2addr_stride64_rtn_b32",
            };
            let (store, load) = if gfx9 {
                ("ds_write_b32", "ds_read_b32")
            } else {
                ("ds_store_b32", "ds_load_b32")
            };
            let body = format!(
                "\tv_lshrrev_b32_e32 v5, 1, v0\n\t{store} v5, v1\n\t{store} v5, v2 offset:{delta}\n\ts_waitcnt lgkmcnt(0)\n\
                 \t{op} v[12:13], v5, v3, v1 offset1:{off1}\n\ts_waitcnt lgkmcnt(0)\n\
                 \t{load} v14, v5\n\t{load} v15, v5 offset:{delta}\n\ts_waitcnt lgkmcnt(0)\n"
            );
            let got = run_lds(p, &body, 2048);
            for (l, g) in got.iter().enumerate() {
                let (a, b, c) = inputs(l);
                assert_eq!(*g, [a, b, c, a], "{p} {op} lane {l}");
            }
        }
    }
}

/// The 64-bit two-address exchange: returns, then (second run) memory.
#[test]
fn lds_two_address_exchange_b64() {
    for p in Processor::ALL {
        let gfx9 = p == Processor::Gfx942;
        let (op, store, load) = if gfx9 {
            ("ds_wrxchg2_rtn_b64", "ds_write_b128", "ds_read_b128")
        } else {
            (
                "ds_storexchg_2addr_rtn_b64",
                "ds_store_b128",
                "ds_load_b128",
            )
        };
        let body = |tail: &str| {
            format!(
                "\tv_mov_b32_e32 v16, v3\n\tv_mov_b32_e32 v17, v1\n\tv_mov_b32_e32 v18, v2\n\tv_mov_b32_e32 v19, v3\n\
                 \t{store} v0, v[16:19]\n\ts_waitcnt lgkmcnt(0)\n\
                 \t{op} v[12:15], v0, v[8:9], v[10:11] offset1:1\n\ts_waitcnt lgkmcnt(0)\n{tail}"
            )
        };
        let ret = run_lds(p, &body(""), 1024);
        let mem = run_lds(
            p,
            &body(&format!("\t{load} v[12:15], v0\n\ts_waitcnt lgkmcnt(0)\n")),
            1024,
        );
        for (l, (r, m)) in ret.iter().zip(&mem).enumerate() {
            let (a, b, c) = inputs(l);
            assert_eq!(*r, [c, a, b, c], "{p} returns lane {l}");
            assert_eq!(*m, [a, b, b, c], "{p} memory lane {l}");
        }
    }
}

/// GFX11 `v_cvt_pk_i16_f32` / `v_cvt_pk_u16_f32`: two conversions toward
/// zero, clamped to 16 bits, S1 in the high half.
#[test]
fn pk16_conversions() {
    for p in [Processor::Gfx1100, Processor::Gfx1151] {
        // v4, v5: signed integers / 2^15 as f32 (about +-65536, fractions).
        let got = run(
            p,
            "\tv_cvt_f32_i32_e32 v4, v1\n\tv_cvt_f32_i32_e32 v5, v2\n\ts_mov_b32 s6, 0x38000000\n\
             \tv_mul_f32_e32 v4, s6, v4\n\tv_mul_f32_e32 v5, s6, v5\n\
             \tv_cvt_pk_i16_f32 v12, v4, v5\n\tv_cvt_pk_u16_f32 v13, v4, v5\n\tv_mov_b32_e32 v14, v4\n\tv_mov_b32_e32 v15, v5\n",
        );
        let mut clamped = 0;
        for (l, g) in got.iter().enumerate() {
            let (x, y) = (f32::from_bits(g[2]), f32::from_bits(g[3]));
            let (a, b, _) = inputs(l);
            assert_eq!(
                (x, y),
                (a as i32 as f32 / 32768.0, b as i32 as f32 / 32768.0)
            );
            let i16c = |v: f32| (v.trunc().clamp(-32768.0, 32767.0) as i32 as u32) & 0xffff;
            let u16c = |v: f32| v.trunc().clamp(0.0, 65535.0) as u32;
            clamped += (x.abs() > 32768.0) as u32;
            assert_eq!(g[0], i16c(x) | i16c(y) << 16, "{p} i16 lane {l}");
            assert_eq!(g[1], u16c(x) | u16c(y) << 16, "{p} u16 lane {l}");
        }
        assert!(clamped > 2, "{clamped}");
    }
}
