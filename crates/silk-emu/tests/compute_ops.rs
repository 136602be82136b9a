//! Compute opcodes checked against the ISA manuals' pseudocode (CDNA3 ISA
//! §12 for gfx942, RDNA3 ISA §16 for gfx1100/gfx1151), each written out
//! again here on the host, on every processor that has the opcode: the
//! normalized and u8 conversions, `v_mqsad_u32_u8`, gfx942's legacy f16
//! and exp/log forms, the GFX11 16-bit dot products, VGPR/SGPR relative
//! moves and swaps, `s_sendmsg_rtn`, `s_dcache_discard`, and the LDS
//! instructions `ds_read_*_d16*`, `ds_wrap_rtn_b32`,
//! `ds_condxchg32_rtn_b64`, `ds_*_addtid_b32`, `ds_append`/`ds_consume`.

#[path = "common/mod.rs"]
mod common;

use common::{inputs, run, run_lds};
use silk_amdgpu::target::Processor;
use silk_emu::exec::{f16_from_f32, f16_to_f32};

const GFX11: [Processor; 2] = [Processor::Gfx1100, Processor::Gfx1151];

/// `f32_to_snorm` / `f32_to_unorm` at 16 bits: clamp, scale, round to
/// nearest even; NaN is 0.
fn snorm16(x: f32) -> u32 {
    if x.is_nan() {
        return 0;
    }
    ((x as f64).clamp(-1.0, 1.0) * 32767.0).round_ties_even() as i32 as u32 & 0xffff
}

fn unorm16(x: f32) -> u32 {
    if x.is_nan() {
        return 0;
    }
    ((x as f64).clamp(0.0, 1.0) * 65535.0).round_ties_even() as u32
}

/// The lane's inputs as floats of about +-2: i32 * 2^-30.
fn scaled(v: u32) -> f32 {
    v as i32 as f32 * 2f32.powi(-30)
}

#[test]
fn normalized_conversions() {
    for p in Processor::ALL {
        let gfx9 = p == Processor::Gfx942;
        let (pk, h6, h7, norm_i, norm_u) = if gfx9 {
            (
                "pknorm",
                "v6",
                "v7",
                "v_cvt_norm_i16_f16_e32 v14, v6",
                "v_cvt_norm_u16_f16_e64 v15, v7",
            )
        } else {
            (
                "pk_norm",
                "v6.l",
                "v7.l",
                "v_cvt_norm_i16_f16_e32 v14.l, v6.l",
                "v_cvt_norm_u16_f16_e64 v15.l, v7.l",
            )
        };
        let setup = format!(
            "\tv_cvt_f32_i32_e32 v4, v1\n\tv_cvt_f32_i32_e32 v5, v2\n\ts_mov_b32 s6, 0x30800000\n\
             \tv_mul_f32_e32 v4, s6, v4\n\tv_mul_f32_e32 v5, s6, v5\n\
             \tv_cvt_f16_f32_e32 {h6}, v4\n\tv_cvt_f16_f32_e32 {h7}, v5\n"
        );
        let f32s = run(
            p,
            &format!(
                "{setup}\tv_cvt_{pk}_i16_f32 v12, v4, v5\n\tv_cvt_{pk}_u16_f32 v13, v4, v5\n\
                 \tv_cvt_{pk}_i16_f16 v14, {h6}, {h7}\n\tv_cvt_{pk}_u16_f16 v15, {h6}, {h7}\n"
            ),
        );
        let singles = run(
            p,
            &format!(
                "{setup}\tv_mov_b32_e32 v12, 0\n\tv_mov_b32_e32 v13, 0\n\t{norm_i}\n\t{norm_u}\n"
            ),
        );
        let mut clamped = 0;
        for (l, (g, s)) in f32s.iter().zip(&singles).enumerate() {
            let (a, b, _) = inputs(l);
            let (x, y) = (scaled(a), scaled(b));
            let (hx, hy) = (f16_to_f32(f16_from_f32(x)), f16_to_f32(f16_from_f32(y)));
            clamped += (x.abs() > 1.0) as u32;
            let pack = |lo: u32, hi: u32| lo | hi << 16;
            assert_eq!(g[0], pack(snorm16(x), snorm16(y)), "{p} i16 f32 lane {l}");
            assert_eq!(g[1], pack(unorm16(x), unorm16(y)), "{p} u16 f32 lane {l}");
            assert_eq!(g[2], pack(snorm16(hx), snorm16(hy)), "{p} i16 f16 lane {l}");
            assert_eq!(g[3], pack(unorm16(hx), unorm16(hy)), "{p} u16 f16 lane {l}");
            assert_eq!(s[2] & 0xffff, snorm16(hx), "{p} norm i16 lane {l}");
            assert_eq!(s[3] & 0xffff, unorm16(hy), "{p} norm u16 lane {l}");
        }
        assert!(clamped > 4, "{p}: {clamped} inputs outside [-1, 1]");
    }
}

/// `V_CVT_PK_U8_F32`: `f32_to_u8(S0)` (toward zero, saturated) into byte
/// `S1[1:0]` of S2.
#[test]
fn cvt_pk_u8_f32() {
    for p in Processor::ALL {
        // v4 = i32 * 2^-22 (about +-512), v5 = byte index.
        let got = run(
            p,
            "\tv_cvt_f32_i32_e32 v4, v1\n\ts_mov_b32 s6, 0x34800000\n\tv_mul_f32_e32 v4, s6, v4\n\
             \tv_and_b32_e32 v5, 3, v2\n\tv_cvt_pk_u8_f32 v12, v4, v5, v3\n\tv_mov_b32_e32 v13, v4\n\
             \tv_mov_b32_e32 v14, 0\n\tv_mov_b32_e32 v15, 0\n",
        );
        let mut saturated = 0;
        for (l, g) in got.iter().enumerate() {
            let (a, b, c) = inputs(l);
            let x = a as i32 as f32 * 2f32.powi(-22);
            assert_eq!(f32::from_bits(g[1]), x);
            let byte = if x.is_nan() {
                0
            } else {
                x.trunc().clamp(0.0, 255.0) as u32
            };
            saturated += (x > 255.0) as u32;
            let sh = 8 * (b & 3);
            assert_eq!(g[0], (c & !(0xff << sh)) | byte << sh, "{p} lane {l}: {x}");
        }
        assert!(saturated > 2, "{saturated}");
    }
}

/// Pseudocode `MSAD_U8`: the sum of |x - y| over the bytes with y != 0,
/// plus the accumulator (32 bits, wrapping).
fn msad(x: u64, y: u64, acc: u32) -> u32 {
    (0..4)
        .filter(|i| y >> (8 * i) & 0xff != 0)
        .map(|i| {
            ((x >> (8 * i) & 0xff) as i64 - (y >> (8 * i) & 0xff) as i64).unsigned_abs() as u32
        })
        .fold(acc, u32::wrapping_add)
}

#[test]
fn mqsad_u32_u8() {
    for p in Processor::ALL {
        let got = run(p, "\tv_mqsad_u32_u8 v[12:15], v[8:9], v3, v[8:11]\n");
        for (l, g) in got.iter().enumerate() {
            let (a, b, c) = inputs(l);
            let s0 = a as u64 | (b as u64) << 32;
            let acc = [a, b, b, c];
            let want: [u32; 4] =
                std::array::from_fn(|k| msad(s0 >> (8 * k) & 0xffff_ffff, c as u64, acc[k]));
            assert_eq!(*g, want, "{p} lane {l}");
        }
    }
}

/// A small f16 from the low byte of `v` (signed, / 16): exact, with zeros.
fn small_f16(v: u32) -> u16 {
    f16_from_f32((v as u8 as i8) as f32 / 16.0)
}

/// `V_DIV_FIXUP_LEGACY_F16` as the CDNA3 pseudocode writes it.
fn div_fixup16(s0: u16, s1: u16, s2: u16) -> u16 {
    let (n, d) = (f16_to_f32(s2), f16_to_f32(s1));
    let sign = (s1 ^ s2) & 0x8000;
    if n.is_nan() || d.is_nan() {
        unreachable!("the inputs have no NaN");
    }
    if (d == 0.0 && n == 0.0) || (d.is_infinite() && n.is_infinite()) {
        0xfe00
    } else if d == 0.0 || n.is_infinite() {
        sign | 0x7c00
    } else if d.is_infinite() || n == 0.0 {
        sign
    } else {
        sign | (s0 & 0x7fff)
    }
}

/// gfx942's GFX8-style f16 forms: the f16 result in D[15:0], D[31:16]
/// zeroed (`D0 = { 16'0, tmp.f16 }`), mad rounding the product first.
#[test]
fn legacy_f16_forms() {
    let p = Processor::Gfx942;
    let mut setup = String::from("\ts_mov_b32 s6, 0x3d800000\n");
    for (d, s) in [(4, 1), (5, 2), (6, 3)] {
        setup += &format!(
            "\tv_bfe_i32 v{d}, v{s}, 0, 8\n\tv_cvt_f32_i32_e32 v{d}, v{d}\n\tv_mul_f32_e32 v{d}, s6, v{d}\n\tv_cvt_f16_f32_e32 v{d}, v{d}\n"
        );
    }
    let got = run(
        p,
        &format!(
            "{setup}\tv_mov_b32_e32 v12, -1\n\tv_mov_b32_e32 v13, -1\n\tv_mov_b32_e32 v14, -1\n\
             \tv_mad_legacy_f16 v12, v4, v5, v6\n\tv_fma_legacy_f16 v13, v4, v5, v6\n\
             \tv_div_fixup_legacy_f16 v14, v4, v5, v6\n\tv_mov_b32_e32 v15, 0\n"
        ),
    );
    let mut zero_den = 0;
    for (l, g) in got.iter().enumerate() {
        let (a, b, c) = inputs(l);
        let (x, y, z) = (small_f16(a), small_f16(b), small_f16(c));
        let (fx, fy, fz) = (f16_to_f32(x), f16_to_f32(y), f16_to_f32(z));
        let product = f16_to_f32(f16_from_f32(fx * fy));
        assert_eq!(g[0], f16_from_f32(product + fz) as u32, "mad lane {l}");
        // Products of these f16 are exact in f32, so fma is one rounding.
        assert_eq!(g[1], f16_from_f32(fx * fy + fz) as u32, "fma lane {l}");
        assert_eq!(g[2], div_fixup16(x, y, z) as u32, "div_fixup lane {l}");
        zero_den += (fy == 0.0) as u32;
    }
    assert!(zero_den > 0, "no zero denominator");
}

/// gfx942 `v_exp_legacy_f32` / `v_log_legacy_f32`: 2^x and log2(x) within
/// the 1 ULP the ISA documents for its transcendentals.
#[test]
fn legacy_exp_and_log() {
    let p = Processor::Gfx942;
    // v4 = i32 * 2^-27 (about +-16); v5 = |v4|.
    let got = run(
        p,
        "\tv_cvt_f32_i32_e32 v4, v1\n\ts_mov_b32 s6, 0x32000000\n\tv_mul_f32_e32 v4, s6, v4\n\
         \tv_and_b32_e32 v5, 0x7fffffff, v4\n\tv_exp_legacy_f32_e32 v12, v4\n\
         \tv_log_legacy_f32_e64 v13, v5\n\tv_mov_b32_e32 v14, v4\n\tv_log_legacy_f32_e32 v15, v4\n",
    );
    let ulps = |got: f32, want: f64| {
        let w = want as f32;
        (got.to_bits() as i64 - w.to_bits() as i64).abs()
    };
    let mut negative = 0;
    for (l, g) in got.iter().enumerate() {
        let x = f32::from_bits(g[2]);
        assert_eq!(x, inputs(l).0 as i32 as f32 * 2f32.powi(-27));
        assert!(
            ulps(f32::from_bits(g[0]), (x as f64).exp2()) <= 1,
            "exp lane {l}: {x}"
        );
        let lg = f32::from_bits(g[1]);
        if x == 0.0 {
            assert_eq!(lg, f32::NEG_INFINITY);
        } else {
            assert!(ulps(lg, (x.abs() as f64).log2()) <= 1, "log lane {l}: {x}");
        }
        if x < 0.0 {
            negative += 1;
            assert!(f32::from_bits(g[3]).is_nan(), "log of {x}");
        }
    }
    assert!(negative > 4);
}

fn bf16(v: u32) -> f64 {
    f32::from_bits(v << 16) as f64
}

/// bf16 of an f64, round to nearest even (the test values are finite).
fn to_bf16(x: f64) -> u32 {
    let f = x as f32;
    assert_eq!(f as f64, x, "inexact in f32");
    let bits = f.to_bits();
    (bits + 0x7fff + (bits >> 16 & 1)) >> 16
}

/// A small bf16/f16 pair from the two low nibbles of `v`: signed nibble
/// / 8 (every product and sum below is then exact in f16 and bf16).
fn small_pair(v: u32, half: bool) -> u32 {
    let h = |nib: u32| {
        let x = ((nib << 28) as i32 >> 28) as f32 / 8.0;
        if half {
            f16_from_f32(x) as u32
        } else {
            x.to_bits() >> 16
        }
    };
    h(v) | h(v >> 4) << 16
}

/// GFX11 16-bit dot products (RDNA3 pseudocode `tmp = S2; tmp += S0.lo *
/// S1.lo; tmp += S0.hi * S1.hi`), on values whose products and sums are
/// exact, so any rounding order gives the same bits; results in the `.l`
/// or `.h` half, the other half kept.
#[test]
fn gfx11_dot2_16bit() {
    for p in GFX11 {
        // v4, v5: f16 pairs; v6, v7: bf16 pairs (nibbles of v1, v2 / 8).
        let mut body = String::new();
        for (reg, src, half) in [(4, 1, true), (5, 2, true), (6, 1, false), (7, 2, false)] {
            // nibble -> i32 -> f32 / 8 -> 16-bit, for nibbles 0 and 1.
            for (bit, part) in [(0, "l"), (4, "h")] {
                body += &format!("\tv_bfe_i32 v20, v{src}, {bit}, 4\n\tv_cvt_f32_i32_e32 v20, v20\n\tv_mul_f32_e32 v20, 0.125, v20\n");
                if half {
                    body += &format!("\tv_cvt_f16_f32_e32 v{reg}.{part}, v20\n");
                } else {
                    body += &format!(
                        "\tv_lshrrev_b32_e32 v20, 16, v20\n\tv_mov_b16_e32 v{reg}.{part}, v20.l\n"
                    );
                }
            }
        }
        body += "\tv_mov_b32_e32 v12, -1\n\tv_mov_b32_e32 v13, -1\n\
                 \tv_dot2_f16_f16 v12.l, v4, v5, v4.h\n\tv_dot2_bf16_bf16 v13.h, v6, v7, v6.l\n\
                 \tv_dot2_f32_bf16 v14, v6, v7, 0.5\n\tv_mov_b32_e32 v15, v4\n";
        let got = run(p, &body);
        for (l, g) in got.iter().enumerate() {
            let (a, b, _) = inputs(l);
            let (h4, h5) = (small_pair(a, true), small_pair(b, true));
            let (b6, b7) = (small_pair(a, false), small_pair(b, false));
            assert_eq!(g[3], h4, "{p} lane {l}: f16 inputs");
            let hf = |v: u32, i: u32| f16_to_f32((v >> (16 * i)) as u16) as f64;
            let dot16 = hf(h4, 0) * hf(h5, 0) + hf(h4, 1) * hf(h5, 1) + hf(h4, 1);
            assert_eq!(
                g[0],
                0xffff_0000 | f16_from_f32(dot16 as f32) as u32,
                "{p} f16 lane {l}"
            );
            let bfv = |v: u32, i: u32| bf16(v >> (16 * i) & 0xffff);
            let dotb = bfv(b6, 0) * bfv(b7, 0) + bfv(b6, 1) * bfv(b7, 1) + bfv(b6, 0);
            assert_eq!(g[1], 0xffff | to_bf16(dotb) << 16, "{p} bf16 lane {l}");
            let dotf = bfv(b6, 0) * bfv(b7, 0) + bfv(b6, 1) * bfv(b7, 1) + 0.5;
            assert_eq!(f32::from_bits(g[2]) as f64, dotf, "{p} f32 lane {l}");
        }
    }
}

/// GFX11 `v_swaprel_b32` and `s_movrelsd_2_b32`: M0[9:0] offsets the
/// source, M0[25:16] the destination.
#[test]
fn gfx11_relative_swap_and_move() {
    for p in GFX11 {
        // M0 = 2 | 1 << 16: v_swaprel v12, v1 swaps v13 and v3; then
        // v12 = v1 (untouched), v14 = v2.
        let got = run(
            p,
            "\tv_mov_b32_e32 v13, v2\n\ts_mov_b32 m0, 0x10002\n\ts_nop 0\n\tv_swaprel_b32 v12, v1\n\
             \tv_mov_b32_e32 v12, v1\n\tv_mov_b32_e32 v14, v3\n\tv_mov_b32_e32 v15, v2\n\
             \ts_mov_b32 s8, 11\n\ts_mov_b32 s9, 22\n\ts_mov_b32 s10, 33\n\ts_mov_b32 s11, 44\n\
             \ts_mov_b32 m0, 0x20002\n\ts_movrelsd_2_b32 s8, s9\n\tv_add_nc_u32_e32 v15, s10, v15\n",
        );
        for (l, g) in got.iter().enumerate() {
            let (a, b, c) = inputs(l);
            // v13 held b, v3 held c: swapped, v13 = c; v3 = b (v14 = v3).
            assert_eq!(g[1], c, "{p} lane {l}");
            assert_eq!(g[2], b, "{p} lane {l}");
            assert_eq!(g[0], a);
            // s[8 + 2] = s[9 + 2] = 44.
            assert_eq!(g[3], b.wrapping_add(44), "{p} lane {l}");
        }
    }
}

/// GFX11 `s_sendmsg_rtn_b32/_b64`: no trap handler (TMA and TBA 0), one
/// dispatch (doorbell, dispatch id 0), and a real-time counter that
/// advances.
#[test]
fn gfx11_sendmsg_rtn() {
    for p in GFX11 {
        let got = run(
            p,
            "\ts_sendmsg_rtn_b32 s6, sendmsg(MSG_RTN_GET_TMA)\n\ts_sendmsg_rtn_b64 s[8:9], sendmsg(MSG_RTN_GET_TBA)\n\
             \ts_sendmsg_rtn_b32 s10, sendmsg(MSG_RTN_GET_REALTIME)\n\ts_nop 0\n\ts_nop 0\n\
             \ts_sendmsg_rtn_b32 s11, sendmsg(MSG_RTN_GET_REALTIME)\n\ts_waitcnt lgkmcnt(0)\n\
             \ts_or_b32 s6, s6, s8\n\ts_or_b32 s6, s6, s9\n\ts_sub_u32 s11, s11, s10\n\
             \tv_mov_b32_e32 v12, s6\n\tv_mov_b32_e32 v13, s11\n\
             \ts_sendmsg_rtn_b32 s6, sendmsg(MSG_RTN_GET_DOORBELL)\n\ts_sendmsg_rtn_b32 s7, sendmsg(MSG_RTN_GET_DDID)\n\
             \ts_waitcnt lgkmcnt(0)\n\tv_mov_b32_e32 v14, s6\n\tv_mov_b32_e32 v15, s7\n",
        );
        for g in &got {
            assert_eq!([g[0], g[2], g[3]], [0, 0, 0], "{p}");
            assert!(g[1] > 0 && g[1] < 100, "{p}: realtime advanced by {}", g[1]);
        }
    }
}

/// gfx942 `s_dcache_discard` after scalar stores: the stored data stays
/// (the emulator's scalar stores are written through).
#[test]
fn dcache_discard_keeps_written_data() {
    let got = run(
        Processor::Gfx942,
        "\ts_mov_b32 s6, 0x1234\n\ts_store_dword s6, s[0:1], 0x3f0\n\ts_dcache_discard s[0:1], 0x3c0\n\
         \ts_dcache_discard_x2 s[0:1], 0x3c0\n\ts_waitcnt lgkmcnt(0)\n\ts_dcache_wb\n\
         \ts_load_dword s7, s[0:1], 0x3f0\n\ts_waitcnt lgkmcnt(0)\n\tv_mov_b32_e32 v12, s7\n",
    );
    assert!(got.iter().all(|g| g[0] == 0x1234));
}

/// LDS at the lane's 8 bytes (v5 = lane * 8) starts as (v1, v2); `ops`,
/// then the two dwords read back: v14, v15 = memory.
fn lds_case(p: Processor, ops: &str) -> Vec<[u32; 4]> {
    let (write, read) = if p == Processor::Gfx942 {
        ("ds_write_b64 v5, v[8:9]", "ds_read_b64 v[14:15], v5")
    } else {
        ("ds_store_b64 v5, v[8:9]", "ds_load_b64 v[14:15], v5")
    };
    let body = format!(
        "\tv_lshrrev_b32_e32 v5, 1, v0\n\t{write}\n\ts_waitcnt lgkmcnt(0)\n{ops}\ts_waitcnt lgkmcnt(0)\n\t{read}\n\ts_waitcnt lgkmcnt(0)\n"
    );
    run_lds(p, &body, 512)
}

#[test]
fn lds_byte_d16_reads() {
    for p in Processor::ALL {
        let r = if p == Processor::Gfx942 {
            "ds_read"
        } else {
            "ds_load"
        };
        let got = lds_case(
            p,
            &format!(
                "\tv_mov_b32_e32 v12, v3\n\tv_mov_b32_e32 v13, v3\n\
                 \t{r}_u8_d16 v12, v5 offset:1\n\t{r}_i8_d16_hi v12, v5 offset:2\n\
                 \t{r}_i8_d16 v13, v5 offset:3\n\t{r}_u8_d16_hi v13, v5 offset:5\n"
            ),
        );
        for (l, g) in got.iter().enumerate() {
            let (a, b, _) = inputs(l);
            let byte = |v: u32, i: u32| v >> (8 * i) & 0xff;
            let sx = |x: u32| (x as u8 as i8 as i16 as u16) as u32;
            assert_eq!(g[0], byte(a, 1) | sx(byte(a, 2)) << 16, "{p} lane {l}");
            assert_eq!(g[1], sx(byte(a, 3)) | byte(b, 1) << 16, "{p} lane {l}");
        }
    }
}

/// `DS_WRAP_RTN_B32`: `MEM = MEM >= DATA ? MEM - DATA : MEM + DATA2`,
/// returning the old value.
#[test]
fn lds_wrap() {
    for p in Processor::ALL {
        // DATA = v3 >> 1 (at most MEM half the time), DATA2 = v1.
        let got = lds_case(
            p,
            "\tv_lshrrev_b32_e32 v6, 1, v3\n\tds_wrap_rtn_b32 v12, v5, v6, v1\n\
             \tds_wrap_rtn_b32 v13, v5, v6, v2 offset:4\n",
        );
        let (mut sub, mut add) = (0, 0);
        for (l, g) in got.iter().enumerate() {
            let (a, b, c) = inputs(l);
            let d = c >> 1;
            let wrap = |m: u32, d2: u32| if m >= d { m - d } else { m.wrapping_add(d2) };
            (sub, add) = (sub + (a >= d) as u32, add + (a < d) as u32);
            assert_eq!([g[0], g[1]], [a, b], "{p} lane {l}");
            assert_eq!([g[2], g[3]], [wrap(a, a), wrap(b, b)], "{p} lane {l}");
        }
        assert!(sub > 4 && add > 4, "{sub} {add}");
    }
}

/// `DS_CONDXCHG32_RTN_B64`: at (ADDR + offset) & 0xfff8 and 4 more, each
/// dword returns the old value and takes DATA's dword (bit 31 cleared)
/// iff its bit 31 is set.
#[test]
fn lds_conditional_exchange() {
    for p in Processor::ALL {
        // The address is lane * 8 + 7: the & 0xfff8 drops the 7.
        let got = lds_case(
            p,
            "\tv_add_nc_u32_e32 v6, 7, v5\n\tv_mov_b32_e32 v16, v3\n\tv_mov_b32_e32 v17, v1\n\
             \tds_condxchg32_rtn_b64 v[12:13], v6, v[16:17]\n"
                .replace(
                    "v_add_nc_u32_e32",
                    if p == Processor::Gfx942 {
                        "v_add_u32_e32"
                    } else {
                        "v_add_nc_u32_e32"
                    },
                )
                .as_str(),
        );
        let mut kept = 0;
        for (l, g) in got.iter().enumerate() {
            let (a, b, c) = inputs(l);
            let new = |old: u32, d: u32| if d >> 31 != 0 { d & 0x7fff_ffff } else { old };
            kept += (c >> 31 == 0) as u32;
            assert_eq!([g[0], g[1]], [a, b], "{p} lane {l}");
            assert_eq!([g[2], g[3]], [new(a, c), new(b, a)], "{p} lane {l}");
        }
        assert!(kept > 2 && kept < got.len() as u32 - 2, "{kept}");
    }
}

/// `DS_WRITE_ADDTID_B32` / `DS_READ_ADDTID_B32` (GFX11 `ds_store/load_`):
/// lane l at {OFFSET1, OFFSET0} + M0[15:0] + 4 l.
#[test]
fn lds_addtid() {
    for p in Processor::ALL {
        let (st, ld, read) = if p == Processor::Gfx942 {
            ("ds_write_addtid_b32", "ds_read_addtid_b32", "ds_read_b32")
        } else {
            ("ds_store_addtid_b32", "ds_load_addtid_b32", "ds_load_b32")
        };
        // Write v1 at 0x40 + 0x10 + 4 l (M0 has junk in its high half),
        // read it back through a plain load at lane * 4 + 0x50 and through
        // addtid shifted by one lane.
        let got = run_lds(
            p,
            &format!(
                "\ts_mov_b32 m0, 0xabcd0010\n\t{st} v1 offset:64\n\ts_waitcnt lgkmcnt(0)\n\
                 \tv_lshrrev_b32_e32 v6, 2, v0\n\t{read} v12, v6 offset:80\n\
                 \t{ld} v13 offset:68\n\ts_waitcnt lgkmcnt(0)\n\tv_mov_b32_e32 v14, 0\n\tv_mov_b32_e32 v15, 0\n"
            ),
            1024,
        );
        let n = got.len();
        for (l, g) in got.iter().enumerate() {
            assert_eq!(g[0], inputs(l).0, "{p} lane {l}");
            let next = if l + 1 < n { inputs(l + 1).0 } else { 0 };
            assert_eq!(g[1], next, "{p} lane {l}");
        }
    }
}

/// `DS_APPEND` / `DS_CONSUME`: one atomic per wave on the dword at
/// M0[15:0] + offset, adding (subtracting) the active lane count and
/// returning the old value to every active lane.
#[test]
fn lds_append_and_consume() {
    for p in Processor::ALL {
        let gfx9 = p == Processor::Gfx942;
        let (st, ld, cmp) = if gfx9 {
            (
                "ds_write_b32",
                "ds_read_b32",
                "v_cmp_gt_u32_e32 vcc, 0xb0, v0",
            )
        } else {
            (
                "ds_store_b32",
                "ds_load_b32",
                "v_cmp_gt_u32_e32 vcc_lo, 0xb0, v0",
            )
        };
        let exec = if gfx9 {
            "s_and_saveexec_b64 s[8:9], vcc"
        } else {
            "s_and_saveexec_b32 s8, vcc_lo"
        };
        let restore = if gfx9 {
            "s_mov_b64 exec, s[8:9]"
        } else {
            "s_mov_b32 exec_lo, s8"
        };
        // Counter at 0x20 + 0x8 = 40 starts at 100; all lanes append, the
        // first 11 consume (lanes with v0 = 16 l < 0xb0).
        let got = run_lds(
            p,
            &format!(
                "\tv_mov_b32_e32 v6, 40\n\tv_mov_b32_e32 v7, 100\n\t{st} v6, v7\n\ts_waitcnt lgkmcnt(0)\n\
                 \ts_mov_b32 m0, 0x20\n\tds_append v12 offset:8\n\ts_waitcnt lgkmcnt(0)\n\
                 \t{cmp}\n\t{exec}\n\tds_consume v13 offset:8\n\ts_waitcnt lgkmcnt(0)\n\t{restore}\n\
                 \t{ld} v14, v6\n\ts_waitcnt lgkmcnt(0)\n\tv_mov_b32_e32 v15, 0\n"
            ),
            256,
        );
        let n = got.len() as u32;
        for (l, g) in got.iter().enumerate() {
            assert_eq!(g[0], 100, "{p} append lane {l}");
            if l < 11 {
                assert_eq!(g[1], 100 + n, "{p} consume lane {l}");
            } else {
                assert_eq!(g[1], 0, "{p} inactive lane {l}");
            }
            assert_eq!(g[2], 100 + n - 11, "{p} counter lane {l}");
        }
    }
}

/// gfx942 loads to LDS from global memory and scratch (CDNA3 ISA §10.3:
/// LDS address M0[17:2] * 4 + inst_offset + 4 * lane) and through a buffer
/// resource (§9.1.9: M0[15:0] + inst_offset + 4 * lane; out of range
/// reads 0), each byte or short extended to a dword as a VGPR load would.
#[test]
fn gfx942_loads_to_lds() {
    let p = Processor::Gfx942;
    let read_back =
        "\ts_waitcnt vmcnt(0)\n\tv_lshrrev_b32_e32 v20, 2, v0\n\tds_read_b32 v12, v20 offset:256\n\
                     \tds_read_b32 v13, v20 offset:512\n\tds_read_b32 v14, v20 offset:768\n\
                     \tds_read_b32 v15, v20 offset:1024\n\ts_waitcnt lgkmcnt(0)\n";
    // The lane's 16 bytes of `out` (and of scratch) hold a, b, b, c; v6
    // points at byte 1, v7 at byte 6.
    let setup = "\tglobal_store_dwordx4 v0, v[8:11], s[0:1]\n\ts_waitcnt vmcnt(0)\n\
                 \tv_add_u32_e32 v6, 1, v0\n\tv_add_u32_e32 v7, 6, v0\n";
    let global = run_lds(
        p,
        &format!(
            "{setup}\ts_mov_b32 m0, 0x103\n\tglobal_load_lds_sbyte v6, s[0:1]\n\
             \ts_mov_b32 m0, 0x200\n\tglobal_load_lds_ushort v7, s[0:1]\n\
             \ts_mov_b32 m0, 0x300\n\tglobal_load_lds_sshort v7, s[0:1]\n\
             \ts_mov_b32 m0, 0x3f8\n\tglobal_load_lds_ubyte v6, s[0:1] offset:8\n{read_back}"
        ),
        2048,
    );
    let scratch = common::run_with(
        p,
        &format!(
            "\tscratch_store_dwordx4 off, v[8:11], off\n\ts_waitcnt vmcnt(0)\n\
             \tv_mov_b32_e32 v6, 1\n\tv_mov_b32_e32 v7, 6\n\
             \ts_mov_b32 m0, 0x100\n\tscratch_load_lds_sbyte v6, off\n\
             \ts_mov_b32 m0, 0x200\n\tscratch_load_lds_ushort v7, off\n\
             \ts_mov_b32 m0, 0x2f4\n\tscratch_load_lds_dword off, off offset:12\n\
             \ts_mov_b32 m0, 0x3f8\n\tscratch_load_lds_ubyte v6, off offset:8\n{read_back}"
        ),
        2048,
        16,
    );
    // Buffer: 0x200 bytes of records, so lanes 32 and up read 0.
    let buffer = run_lds(
        p,
        &format!(
            "{setup}\ts_mov_b32 s4, s0\n\ts_and_b32 s5, s1, 0xffff\n\ts_mov_b32 s6, 0x200\n\ts_mov_b32 s7, 0x27000\n\
             \ts_mov_b32 m0, 0x100\n\tbuffer_load_sbyte v6, s[4:7], 0 offen lds\n\
             \ts_mov_b32 m0, 0x200\n\tbuffer_load_ushort v7, s[4:7], 0 offen lds\n\
             \ts_mov_b32 m0, 0x300\n\tbuffer_load_sshort v7, s[4:7], 0 offen lds\n\
             \ts_mov_b32 m0, 0x3f8\n\tbuffer_load_ubyte v6, s[4:7], 0 offen offset:8 lds\n{read_back}"
        ),
        2048,
    );
    for l in 0..64 {
        let (a, b, c) = inputs(l);
        let byte = |v: u32, i: u32| v >> (8 * i) & 0xff;
        let sb = |x: u32| x as u8 as i8 as i32 as u32;
        let ss = |x: u32| x as u16 as i16 as i32 as u32;
        let g = global[l];
        assert_eq!(
            g,
            [sb(byte(a, 1)), b >> 16, ss(b >> 16), byte(b, 1)],
            "global lane {l}"
        );
        let s = scratch[l];
        assert_eq!(
            s,
            [sb(byte(a, 1)), b >> 16, c, byte(b, 1)],
            "scratch lane {l}"
        );
        let inside = |off: usize| 16 * l + off < 0x200;
        let want = [
            if inside(1) { sb(byte(a, 1)) } else { 0 },
            if inside(6) { b >> 16 } else { 0 },
            if inside(6) { ss(b >> 16) } else { 0 },
            if inside(9) { byte(b, 1) } else { 0 },
        ];
        assert_eq!(buffer[l], want, "buffer lane {l}");
    }
}

/// GFX11 `*_atomic_cmpswap_f32` (RDNA3 pseudocode: `MEM = tmp == cmp ?
/// src : tmp` comparing as f32, DATA[31:0] = src, DATA[63:32] = cmp): a
/// NaN never matches, -0 matches +0. First run: the returned old values;
/// second: memory.
#[test]
fn gfx11_float_compare_swap() {
    for p in GFX11 {
        let body = |tail: &str| {
            format!(
                "\tv_or_b32_e32 v8, 0x7fc00000, v1\n\tglobal_store_b128 v0, v[8:11], s[0:1]\n\ts_waitcnt_vscnt null, 0x0\n\
                 \tv_mov_b32_e32 v16, v3\n\tv_mov_b32_e32 v17, v8\n\
                 \tv_mov_b32_e32 v18, 1.0\n\tv_xor_b32_e32 v19, 0x80000000, v2\n\
                 \tv_mov_b32_e32 v20, v3\n\tv_mov_b32_e32 v21, v2\n\
                 \tv_mov_b32_e32 v22, v1\n\tv_mov_b32_e32 v23, v3\n\
                 \tv_mov_b32_e32 v6, s1\n\tv_add_co_u32 v4, vcc_lo, s0, v0\n\tv_add_co_ci_u32_e32 v5, vcc_lo, 0, v6, vcc_lo\n\
                 \ts_mov_b32 s4, s0\n\ts_and_b32 s5, s1, 0xffff\n\ts_mov_b32 s6, 0x400\n\ts_mov_b32 s7, 0x30016000\n\
                 \tglobal_atomic_cmpswap_f32 v12, v0, v[16:17], s[0:1] glc\n\
                 \tglobal_atomic_cmpswap_f32 v13, v0, v[18:19], s[0:1] offset:4 glc\n\
                 \tflat_atomic_cmpswap_f32 v14, v[4:5], v[20:21] offset:8 glc\n\
                 \tbuffer_atomic_cmpswap_f32 v[22:23], v0, s[4:7], 0 offen offset:12 glc\n\
                 \ts_waitcnt vmcnt(0) lgkmcnt(0)\n\tv_mov_b32_e32 v15, v22\n{tail}"
            )
        };
        let ret = run(p, &body(""));
        let mem = run(
            p,
            &body("\tglobal_load_b128 v[12:15], v0, s[0:1]\n\ts_waitcnt vmcnt(0)\n"),
        );
        let mut swapped_zero = 0;
        for (l, (r, m)) in ret.iter().zip(&mem).enumerate() {
            let (a, b, c) = inputs(l);
            let nan = a | 0x7fc0_0000;
            let cas = |old: u32, new: u32, cmp: u32| {
                if f32::from_bits(old) == f32::from_bits(cmp) {
                    new
                } else {
                    old
                }
            };
            assert_eq!(*r, [nan, b, b, c], "{p} returns lane {l}");
            let want = [
                cas(nan, c, nan),
                cas(b, 1f32.to_bits(), b ^ 0x8000_0000),
                cas(b, c, b),
                cas(c, a, c),
            ];
            assert_eq!(*m, want, "{p} memory lane {l}");
            assert_eq!(m[0], nan, "{p}: NaN never equals");
            swapped_zero += (m[1] == 1f32.to_bits()) as u32;
        }
        assert_eq!(swapped_zero, 1, "{p}: only lane 0 (b = +0 against -0)");
    }
}

/// GFX11 `global_store_addtid_b32` / `global_load_addtid_b32`: lane l at
/// SGPR_ADDR + INST_OFFSET[11:0] + 4 l.
#[test]
fn gfx11_global_addtid() {
    for p in GFX11 {
        let got = run(
            p,
            "\tglobal_store_addtid_b32 v1, s[0:1] offset:512\n\ts_waitcnt_vscnt null, 0x0\n\
             \tglobal_load_addtid_b32 v12, s[0:1] offset:516\n\tv_lshrrev_b32_e32 v6, 2, v0\n\
             \tglobal_load_b32 v13, v6, s[0:1] offset:512\n\ts_waitcnt vmcnt(0)\n\
             \tv_mov_b32_e32 v14, 0\n\tv_mov_b32_e32 v15, 0\n",
        );
        for (l, g) in got.iter().enumerate() {
            let next = if l + 1 < got.len() {
                inputs(l + 1).0
            } else {
                0
            };
            assert_eq!([g[0], g[1]], [next, inputs(l).0], "{p} lane {l}");
        }
    }
}

/// gfx942 `s_scratch_load/store_dword*` (CDNA3 ISA §8.2.1.1): ADDR =
/// SGPR[base] + inst_offset + SGPR[offset] * 64 in the wave's scratch,
/// dword i of which is lane i % 64's at byte (i / 64) * 4; the wave's
/// scratch starts at 0 (its flat-scratch base here).
#[test]
fn gfx942_scalar_scratch() {
    let got = common::run_with(
        Processor::Gfx942,
        "\tscratch_store_dwordx4 off, v[8:11], off\n\ts_waitcnt vmcnt(0)\n\
         \ts_mov_b32 s8, 0\n\ts_mov_b32 s9, 0\n\ts_mov_b32 s10, 4\n\
         \ts_scratch_load_dwordx4 s[12:15], s[8:9], s10\n\ts_scratch_load_dword s7, s[8:9], 0x1fc\n\
         \ts_waitcnt lgkmcnt(0)\n\ts_mov_b32 s6, 0xdead\n\ts_mov_b32 s10, 12\n\
         \ts_scratch_store_dword s6, s[8:9], s10 offset:8\n\ts_waitcnt lgkmcnt(0)\n\
         \tscratch_load_dword v15, off, off offset:12\n\ts_waitcnt vmcnt(0)\n\
         \tv_mov_b32_e32 v12, s13\n\tv_mov_b32_e32 v13, s15\n\tv_mov_b32_e32 v14, s7\n",
        0,
        16,
    );
    let b = |l: usize| inputs(l).1;
    for (l, g) in got.iter().enumerate() {
        let c = if l == 2 { 0xdead } else { inputs(l).2 };
        assert_eq!(*g, [b(1), b(3), b(63), c], "lane {l}");
    }
}

/// The cube-map pseudocode for (x, y, z): face id, S, T, 2 * major axis.
fn cube(x: f32, y: f32, z: f32) -> [f32; 4] {
    let (ax, ay, az) = (x.abs(), y.abs(), z.abs());
    if az >= ax && az >= ay {
        [
            if z < 0.0 { 5.0 } else { 4.0 },
            if z < 0.0 { -x } else { x },
            -y,
            2.0 * z,
        ]
    } else if ay >= ax {
        [
            if y < 0.0 { 3.0 } else { 2.0 },
            x,
            if y < 0.0 { -z } else { z },
            2.0 * y,
        ]
    } else {
        [
            if x < 0.0 { 1.0 } else { 0.0 },
            if x < 0.0 { z } else { -z },
            -y,
            2.0 * x,
        ]
    }
}

/// `v_cube{id,sc,tc,ma}_f32` on every processor, `v_cvt_off_f32_i4`
/// (CVT_OFF_TABLE: the signed nibble / 16), gfx942's
/// `v_cvt_pkaccum_u8_f32` (f32_to_u8(S0) into byte S1[1:0] of D) and GFX11's
/// `v_mullit_f32`.
#[test]
fn cube_offset_and_lit_helpers() {
    for p in Processor::ALL {
        // v4, v5, v6: the inputs as floats of about +-2 (i32 * 2^-30).
        let setup = "\ts_mov_b32 s6, 0x30800000\n\tv_cvt_f32_i32_e32 v4, v1\n\tv_cvt_f32_i32_e32 v5, v2\n\
                     \tv_cvt_f32_i32_e32 v6, v3\n\tv_mul_f32_e32 v4, s6, v4\n\tv_mul_f32_e32 v5, s6, v5\n\tv_mul_f32_e32 v6, s6, v6\n";
        let got = run(
            p,
            &format!(
                "{setup}\tv_cubeid_f32 v12, v4, v5, v6\n\tv_cubesc_f32 v13, v4, v5, v6\n\
                 \tv_cubetc_f32 v14, v4, v5, v6\n\tv_cubema_f32 v15, v4, v5, -v6\n"
            ),
        );
        let extra = if p == Processor::Gfx942 {
            "\tv_mov_b32_e32 v13, v3\n\tv_cvt_pkaccum_u8_f32 v13, v4, v2\n\tv_mov_b32_e32 v14, 0\n"
        } else {
            "\tv_mullit_f32 v13, v4, v5, v6\n\tv_mullit_f32 v14, v4, v5, 0.5\n"
        };
        let more = run(
            p,
            &format!(
                "{setup}\tv_cvt_off_f32_i4_e32 v12, v1\n{extra}\tv_cvt_off_f32_i4_e64 v15, v2 mul:2\n"
            ),
        );
        let mut faces = [0u32; 6];
        for (l, (g, m)) in got.iter().zip(&more).enumerate() {
            let (a, b, c) = inputs(l);
            let s = |v: u32| v as i32 as f32 * 2f32.powi(-30);
            let (x, y, z) = (s(a), s(b), s(c));
            let want = cube(x, y, z);
            let g = g.map(f32::from_bits);
            assert_eq!(&g[..3], &want[..3], "{p} lane {l}: ({x}, {y}, {z})");
            assert_eq!(g[3], cube(x, y, -z)[3], "{p} cubema -z lane {l}");
            faces[want[0] as usize] += 1;
            let off = |v: u32| ((v << 28) as i32 >> 28) as f32 / 16.0;
            assert_eq!(f32::from_bits(m[0]), off(a), "{p} cvt_off lane {l}");
            assert_eq!(
                f32::from_bits(m[3]),
                2.0 * off(b),
                "{p} cvt_off mul:2 lane {l}"
            );
            if p == Processor::Gfx942 {
                let byte = if x.is_nan() {
                    0
                } else {
                    x.trunc().clamp(0.0, 255.0) as u32
                };
                let sh = 8 * (b & 3);
                assert_eq!(m[1], (c & !(0xff << sh)) | byte << sh, "pkaccum lane {l}");
            } else {
                let lit = |z: f32| {
                    if y == -f32::MAX
                        || y == f32::NEG_INFINITY
                        || y.is_nan()
                        || z <= 0.0
                        || z.is_nan()
                    {
                        -f32::MAX
                    } else {
                        x * y
                    }
                };
                assert_eq!(f32::from_bits(m[1]), lit(z), "{p} mullit lane {l}");
                assert_eq!(f32::from_bits(m[2]), lit(0.5), "{p} mullit lane {l}");
            }
        }
        assert!(
            faces.iter().filter(|&&n| n > 0).count() >= 4,
            "{p}: faces {faces:?}"
        );
    }
}

/// gfx942 fork/join (CDNA3 pseudocode of S_CBRANCH_I_FORK, _G_FORK,
/// _JOIN): the smaller lane set runs first, the other path is pushed at
/// SGPR[CSP * 4] (mask low, PC high) and taken at the join; MODE.CSP
/// (hwreg MODE bits 31:29) counts the depth. And `s_setvskip`: with VSKIP
/// set, vector instructions are not issued.
#[test]
fn gfx942_fork_join_and_vskip() {
    // Lanes 0..15 pass (v0 = 16 l < 0x100): the pass set is smaller, so
    // it runs first (v12 = 2), then the fall-through path (v12 = 1). v13:
    // CSP inside the first path; v14: CSP after the join. s[0:3] are the
    // stack slot for CSP 0: s[0:1] is saved in s[14:15] around it.
    let i_fork = "\ts_mov_b64 s[14:15], s[0:1]\n\ts_mov_b64 s[12:13], exec\n\
                  \ts_getreg_b32 s8, hwreg(HW_REG_MODE, 29, 3)\n\tv_cmp_gt_u32_e32 vcc, 0x100, v0\n\
                  \ts_mov_b64 s[10:11], vcc\n\ts_cbranch_i_fork s[10:11], 2\n\
                  \tv_mov_b32_e32 v12, 1\n\ts_branch 2\n\
                  \tv_mov_b32_e32 v12, 2\n\ts_getreg_b32 s9, hwreg(HW_REG_MODE, 29, 3)\n\
                  \ts_cbranch_join s8\n\ts_mov_b64 exec, s[12:13]\n\ts_getreg_b32 s7, hwreg(HW_REG_MODE, 29, 3)\n\
                  \tv_mov_b32_e32 v13, s9\n\tv_mov_b32_e32 v14, s7\n\ts_mov_b64 s[0:1], s[14:15]\n";
    // g_fork with the target in s[16:17]: lanes 16.. pass (48 lanes, the
    // fail set of 16 runs first, v12 = 1, then the taken path v12 = 2).
    // The target is 20 bytes past the instruction after s_getpc_b64.
    let g_fork = "\ts_mov_b64 s[14:15], s[0:1]\n\ts_mov_b64 s[12:13], exec\n\
                  \ts_getreg_b32 s8, hwreg(HW_REG_MODE, 29, 3)\n\tv_cmp_le_u32_e32 vcc, 0x100, v0\n\
                  \ts_mov_b64 s[10:11], vcc\n\ts_getpc_b64 s[4:5]\n\ts_add_u32 s4, s4, 20\n\ts_addc_u32 s5, s5, 0\n\
                  \ts_cbranch_g_fork s[10:11], s[4:5]\n\tv_mov_b32_e32 v12, 1\n\ts_branch 1\n\
                  \tv_mov_b32_e32 v12, 2\n\ts_cbranch_join s8\n\ts_mov_b64 exec, s[12:13]\n\
                  \tv_mov_b32_e32 v13, 0\n\tv_mov_b32_e32 v14, 0\n\ts_mov_b64 s[0:1], s[14:15]\n";
    let vskip =
        "\ts_setvskip 1, 0\n\ts_nop 0\n\tv_mov_b32_e32 v12, 7\n\ts_setvskip 0, 0\n\ts_nop 0\n\
                 \tv_mov_b32_e32 v13, 9\n\tv_mov_b32_e32 v14, 0\n";
    let p = Processor::Gfx942;
    for (l, g) in run(p, i_fork).iter().enumerate() {
        assert_eq!(
            g[..3],
            [if l < 16 { 2 } else { 1 }, 1, 0],
            "i_fork lane {l}"
        );
    }
    for (l, g) in run(p, g_fork).iter().enumerate() {
        assert_eq!(g[0], if l < 16 { 1 } else { 2 }, "g_fork lane {l}");
    }
    for g in run(p, vskip) {
        assert_eq!(g[..2], [0, 9], "vskip");
    }
}

/// Debug-conditional branches are not taken (no debugger sets
/// COND_DBG_SYS/USER); GFX11 `s_wait_idle` waits for every outstanding
/// load (strict mode faults on reading v12 otherwise); GFX11 `v_illegal`
/// faults.
#[test]
fn debug_branches_wait_idle_and_illegal() {
    for p in Processor::ALL {
        let got = run(
            p,
            "\tv_mov_b32_e32 v12, 0\n\ts_cbranch_cdbgsys 1\n\tv_mov_b32_e32 v12, 1\n\
             \tv_mov_b32_e32 v13, 0\n\ts_cbranch_cdbguser 1\n\tv_mov_b32_e32 v13, 2\n\
             \tv_mov_b32_e32 v14, 0\n\ts_cbranch_cdbgsys_or_user 1\n\tv_mov_b32_e32 v14, 3\n\
             \tv_mov_b32_e32 v15, 0\n\ts_cbranch_cdbgsys_and_user 1\n\tv_mov_b32_e32 v15, 4\n",
        );
        assert!(got.iter().all(|g| *g == [1, 2, 3, 4]), "{p}");
    }
    for p in GFX11 {
        let got = run(
            p,
            "\tglobal_store_b32 v0, v1, s[0:1]\n\ts_waitcnt_vscnt null, 0x0\n\
             \tglobal_load_b32 v6, v0, s[0:1]\n\ts_wait_idle\n\tv_mov_b32_e32 v12, v6\n",
        );
        for (l, g) in got.iter().enumerate() {
            assert_eq!(g[0], inputs(l).0, "{p} lane {l}");
        }
        let obj = common::kernel(p, "\tv_illegal\n");
        let mut emu = silk_emu::Emulator::new(p);
        let out = emu.alloc(64).unwrap();
        let err = emu
            .launch(
                &obj,
                "k",
                [32, 1, 1],
                [32, 1, 1],
                &[silk_emu::Arg::Buffer(out)],
            )
            .unwrap_err()
            .to_string();
        assert!(err.contains("v_illegal"), "{p}: {err}");
    }
}

/// GFX11 `s_subvector_loop_begin`/`_end` (the RDNA2 pseudocode) around a
/// body that counts its passes per lane (v12) and per wave (s8) and
/// records EXEC (v[13:14]); v15 = passes | 0x100 when EXEC is the entry
/// mask again after the loop. In wave64 a mask with both halves runs the
/// low half then the high half; one half runs once; none skips the loop.
/// In wave32 (no EXEC_HI) the loop runs once.
#[test]
fn subvector_loop() {
    let body = |mask: u64, wave64: bool| {
        let set = if wave64 {
            format!(
                "\ts_mov_b32 s10, {:#x}\n\ts_mov_b32 s11, {:#x}\n\ts_mov_b64 exec, s[10:11]\n",
                mask as u32,
                (mask >> 32) as u32
            )
        } else {
            format!(
                "\ts_mov_b32 s10, {:#x}\n\ts_mov_b32 s11, 0\n\ts_mov_b32 exec_lo, s10\n",
                mask as u32
            )
        };
        let (save, cmp, restore) = if wave64 {
            (
                "\ts_mov_b64 s[12:13], exec\n",
                "\ts_cmp_eq_u64 exec, s[10:11]\n",
                "\ts_mov_b64 exec, s[12:13]\n",
            )
        } else {
            (
                "\ts_mov_b32 s12, exec_lo\n",
                "\ts_cmp_eq_u32 exec_lo, s10\n",
                "\ts_mov_b32 exec_lo, s12\n",
            )
        };
        format!(
            "{save}{set}\ts_mov_b32 s8, 0\n\ts_mov_b32 s9, 0x5a5a\n\ts_subvector_loop_begin s9, 5\n\
             \tv_add_nc_u32_e32 v12, 1, v12\n\ts_add_u32 s8, s8, 1\n\tv_mov_b32_e32 v13, exec_lo\n\
             \tv_mov_b32_e32 v14, exec_hi\n\ts_subvector_loop_end s9, -5\n\
             {cmp}\ts_cselect_b32 s6, 0x100, 0\n\ts_or_b32 s8, s8, s6\n{restore}\tv_mov_b32_e32 v15, s8\n"
        )
    };
    for p in GFX11 {
        for (mask, passes) in [
            (0xffff_0000_0000_ffffu64, 2),
            (0x0000_0000_ffff_ffff, 1),
            (0xffff_ffff_0000_0000, 1),
            (0, 0),
        ] {
            let got = common::run_sized(p, &body(mask, true), 0, 0, true);
            for (l, g) in got.iter().enumerate() {
                let on = mask >> l & 1 != 0;
                let pass_exec = if l < 32 {
                    mask & 0xffff_ffff
                } else {
                    mask & !0xffff_ffff
                };
                let want = if on {
                    [
                        1,
                        pass_exec as u32,
                        (pass_exec >> 32) as u32,
                        0x100 | passes,
                    ]
                } else {
                    [0, 0, 0, 0x100 | passes]
                };
                assert_eq!(*g, want, "{p} mask {mask:#x} lane {l}");
            }
        }
        let got = common::run_sized(p, &body(0x0000_ffff, false), 0, 0, false);
        for (l, g) in got.iter().enumerate() {
            let want = if l < 16 {
                [1, 0xffff, 0, 0x101]
            } else {
                [0, 0, 0, 0x101]
            };
            assert_eq!(*g, want, "{p} wave32 lane {l}");
        }
    }
}
