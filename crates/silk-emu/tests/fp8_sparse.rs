//! gfx942 f32 → fp8/bf8 conversions and the sparse MFMA family
//! (`v_smfmac_*`), run in hand-assembled kernels against CPU references
//! derived from the formats' definitions (not from the emulator's code):
//! the nearest value by search over all 256 codes, stochastic rounding as
//! a comparison of the truncated fraction plus the random bits with one,
//! and sparse products by expanding A to its dense matrix.

use silk_amdgpu::target::Processor;
use silk_emu::{Arg, Emulator};

mod common;

/// Run `body` over 64 lanes with `input` as the `out` buffer's first
/// contents (v0 = lane * 16); returns the buffer afterwards as words.
fn run(body: &str, input: &[u32], words: usize) -> Vec<u32> {
    let obj = common::kernel(Processor::Gfx942, body);
    let mut emu = Emulator::new(Processor::Gfx942);
    let mut bytes: Vec<u8> = input.iter().flat_map(|w| w.to_le_bytes()).collect();
    bytes.resize(words * 4, 0);
    let out = emu.alloc_bytes(&bytes).unwrap();
    emu.launch(&obj, "k", [64, 1, 1], [64, 1, 1], &[Arg::Buffer(out)])
        .unwrap_or_else(|e| panic!("{body}\n{e}"));
    emu.read(out)
        .unwrap()
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// The value of an FNUZ code (E4M3: 3 mantissa bits, bias 8; E5M2: 2 and
/// 16); 0x80 is NaN.
fn fnuz(v: u8, mbits: u32, bias: i32) -> f64 {
    if v == 0x80 {
        return f64::NAN;
    }
    let e = ((v & 0x7f) >> mbits) as i32;
    let m = (v & ((1 << mbits) - 1)) as f64 / (1 << mbits) as f64;
    let mag = if e == 0 {
        m * 2f64.powi(1 - bias)
    } else {
        (1.0 + m) * 2f64.powi(e - bias)
    };
    if v & 0x80 != 0 {
        -mag
    } else {
        mag
    }
}

/// Round to nearest, ties to the even code; beyond the largest value plus
/// half its step (and NaN/inf) is NaN; zero is unsigned.
fn nearest(x: f32, mbits: u32, bias: i32) -> u8 {
    if !x.is_finite() {
        return 0x80;
    }
    let a = (x as f64).abs();
    let max = fnuz(0x7f, mbits, bias);
    let top_step = max - fnuz(0x7e, mbits, bias);
    if a >= max + top_step / 2.0 {
        return 0x80;
    }
    let mut best = 0u8;
    for c in 1..=0x7fu8 {
        let (d, db) = (
            (fnuz(c, mbits, bias) - a).abs(),
            (fnuz(best, mbits, bias) - a).abs(),
        );
        if d < db || (d == db && c & 1 == 0) {
            best = c;
        }
    }
    if best == 0 || x > 0.0 {
        best
    } else {
        best | 0x80
    }
}

/// Stochastic rounding: the two neighbours of |x|; up when the fraction
/// between them, truncated to `23 - mbits` bits, plus that many low bits
/// of `rng` reaches one.
fn stochastic(x: f32, rng: u32, mbits: u32, bias: i32) -> u8 {
    if !x.is_finite() {
        return 0x80;
    }
    let a = (x as f64).abs();
    let lo = (0..=0x7fu8)
        .filter(|&c| fnuz(c, mbits, bias) <= a)
        .max()
        .unwrap();
    let lov = fnuz(lo, mbits, bias);
    let hiv = if lo == 0x7f {
        2.0 * lov - fnuz(0x7e, mbits, bias)
    } else {
        fnuz(lo + 1, mbits, bias)
    };
    let d = 23 - mbits;
    let t = ((a - lov) / (hiv - lov) * (1u64 << d) as f64).floor() as u64;
    let up = t + (rng as u64 & ((1 << d) - 1)) >= 1 << d;
    let c = if up { lo + 1 } else { lo };
    if c > 0x7f {
        return 0x80;
    }
    if c == 0 || x > 0.0 {
        c
    } else {
        c | 0x80
    }
}

fn cases() -> Vec<f32> {
    let mut v = vec![
        0.0,
        -0.0,
        1.0,
        -1.5,
        0.3,
        240.0,
        241.0,
        247.9,
        248.0,
        250.0,
        -300.0,
        2f32.powi(-11),
        -2f32.powi(-11),
        3.0 * 2f32.powi(-12),
        2f32.powi(-17),
        2f32.powi(-18),
        57344.0,
        61439.0,
        61440.0,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        1e-30,
        f32::from_bits(1),
        17.0,
        18.0,
        19.0,
        -0.0009765625,
    ];
    let mut x = 0x2545_f491u32;
    while v.len() < 64 {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        // Exponents around the fp8/bf8 ranges.
        let e = 100 + (x >> 8) % 50;
        v.push(f32::from_bits(
            (x & 0x8000_0000) | e << 23 | (x & 0x7f_ffff),
        ));
    }
    v
}

#[test]
fn gfx942_f32_to_fp8_and_bf8() {
    let xs = cases();
    let mut input = Vec::new();
    let mut r = 0x9e37_79b9u32;
    for l in 0..64 {
        r = r.wrapping_mul(747_796_405).wrapping_add(2_891_336_453);
        // x, y (the next lane's x), random bits, the destination's old value.
        input.extend([xs[l].to_bits(), xs[(l + 1) % 64].to_bits(), r, 0xa5c3_1e77]);
    }
    let got = run(
        "\tglobal_load_dwordx4 v[8:11], v0, s[0:1]\n\ts_waitcnt vmcnt(0)\n\
         \tv_mov_b32_e32 v4, v11\n\tv_mov_b32_e32 v5, v11\n\tv_mov_b32_e32 v6, v11\n\
         \tv_mov_b32_e32 v7, v11\n\
         \tv_cvt_pk_fp8_f32 v4, v8, v9\n\
         \tv_cvt_pk_bf8_f32 v5, v8, -v9 op_sel:[0,0,1]\n\
         \tv_cvt_sr_fp8_f32 v6, v8, v10 op_sel:[0,0,1,0]\n\
         \tv_cvt_sr_bf8_f32 v7, -v8, v10 op_sel:[0,0,1,1]\n\
         \tglobal_store_dwordx4 v0, v[4:7], s[0:1]\n",
        &input,
        64 * 4,
    );
    for l in 0..64 {
        let (x, y, rng, old) = (
            f32::from_bits(input[4 * l]),
            f32::from_bits(input[4 * l + 1]),
            input[4 * l + 2],
            input[4 * l + 3],
        );
        let f8 = |v: f32| nearest(v, 3, 8) as u32;
        let b8 = |v: f32| nearest(v, 2, 16) as u32;
        let want = [
            (old & 0xffff_0000) | f8(x) | f8(y) << 8,
            (old & 0xffff) | (b8(x) | b8(-y) << 8) << 16,
            (old & !0xff00) | (stochastic(x, rng, 3, 8) as u32) << 8,
            (old & 0x00ff_ffff) | (stochastic(-x, rng, 2, 16) as u32) << 24,
        ];
        assert_eq!(
            got[4 * l..4 * l + 4],
            want,
            "lane {l}: x {x:e} ({:#x}) y {y:e} rng {rng:#x}",
            x.to_bits()
        );
    }
}

/// Stochastic rounding is unbiased: over every value of the random bits'
/// top byte, the mean of a value halfway-and-a-quarter between two fp8
/// neighbours is that value.
#[test]
fn gfx942_stochastic_rounding_mean() {
    let x = 1.0f32 + 0.125 * 0.75; // 3/4 of the way from 1.0 to 1.125
    let input: Vec<u32> = (0..64u32)
        .flat_map(|l| [x.to_bits(), 0, l << 14, 0])
        .collect();
    let got = run(
        "\tglobal_load_dwordx4 v[8:11], v0, s[0:1]\n\ts_waitcnt vmcnt(0)\n\
         \tv_mov_b32_e32 v4, 0\n\tv_mov_b32_e32 v5, 0\n\tv_mov_b32_e32 v6, 0\n\
         \tv_mov_b32_e32 v7, 0\n\tv_cvt_sr_fp8_f32 v4, v8, v10\n\
         \tglobal_store_dwordx4 v0, v[4:7], s[0:1]\n",
        &input,
        64 * 4,
    );
    let up = (0..64).filter(|&l| got[4 * l] == 0x41).count();
    let down = (0..64).filter(|&l| got[4 * l] == 0x40).count();
    assert_eq!((up, down), (48, 16), "{:x?}", &got[..16]);
}

// ---- sparse MFMA ----

#[derive(Clone, Copy, PartialEq)]
enum Ty {
    F16,
    Bf16,
    I8,
    Fp8,
    Bf8,
}

fn bits(t: Ty) -> usize {
    match t {
        Ty::F16 | Ty::Bf16 => 16,
        _ => 8,
    }
}

/// The encoding of a small integer `v` in `t`.
fn enc(t: Ty, v: i32) -> u32 {
    match t {
        Ty::F16 => silk_emu::exec::f16_from_f32(v as f32) as u32,
        Ty::Bf16 => (v as f32).to_bits() >> 16,
        Ty::I8 => v as u8 as u32,
        Ty::Fp8 => nearest(v as f32, 3, 8) as u32,
        Ty::Bf8 => nearest(v as f32, 2, 16) as u32,
    }
}

/// Pack per-lane elements into `regs` registers (region layout: register
/// r of lane l is word `r * 64 + l`).
fn pack(t: Ty, elems: &[Vec<i32>], regs: usize) -> Vec<u32> {
    let per = 32 / bits(t);
    let mut w = vec![0u32; regs * 64];
    for (l, e) in elems.iter().enumerate() {
        for (k, &v) in e.iter().enumerate() {
            w[(k / per) * 64 + l] |= enc(t, v) << (bits(t) * (k % per));
        }
    }
    w
}

/// `v_smfmac_<name>` with `m = n`, dense `k`, A/B types, `abid`. The
/// buffer holds, per lane (16 bytes each, 1 KiB regions): A's two
/// registers, B's four, the index register, then C (4 or 16 registers).
fn smfmac(name: &str, m: usize, k: usize, ta: Ty, tb: Ty, abid: u32) {
    let kpl = m * k / 64; // dense K per lane
    let chunks = k / kpl;
    let out_regs = m * m / 64;
    let mut seed = 0x1234_5678u32 ^ (m * k) as u32 ^ abid;
    let mut rnd = |n: u32| {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        seed % n
    };
    // A dense: row i, chunk c (lane i + m*c) holds kpl K, two non-zeros
    // per group of four, at the positions an ascending pair gives.
    const PAIRS: [(u32, u32); 6] = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];
    let mut a_dense = vec![vec![0i32; k]; m];
    let mut a_lane = vec![Vec::new(); 64];
    let mut idx = vec![0u32; 64];
    for l in 0..64 {
        let (i, c) = (l % m, l / m);
        // Every index set random; set `abid` describes the values.
        for s in 0..32 / kpl {
            let mut word = 0u32;
            for g in 0..kpl / 4 {
                let (p, q) = PAIRS[rnd(6) as usize];
                word |= (p | q << 2) << (4 * g);
            }
            idx[l] |= word << (kpl * s);
        }
        let word = idx[l] >> (kpl as u32 * abid);
        for v in 0..kpl / 2 {
            let val = rnd(9) as i32 - 4;
            let pos = 4 * (v / 2) + (word >> (2 * v) & 3) as usize;
            a_dense[i][c * kpl + pos] = val;
            a_lane[l].push(val);
        }
    }
    assert!(chunks * m == 64);
    // B: column j, chunk c (lane j + m*c) holds K c*kpl .. +kpl.
    let b_lane: Vec<Vec<i32>> = (0..64)
        .map(|_| (0..kpl).map(|_| rnd(7) as i32 - 3).collect())
        .collect();
    let b_at = |kk: usize, j: usize| b_lane[j + m * (kk / kpl)][kk % kpl];
    let int = ta == Ty::I8;
    let c_val = |l: usize, r: usize| (l * 3 + r) as i32 % 11 - 5;
    let c_word = |v: i32| if int { v as u32 } else { (v as f32).to_bits() };
    let in_regs = kpl * bits(tb) / 32;
    let mut input = Vec::new();
    let mut region = |w: Vec<u32>, regs: usize| {
        // Region per 4 registers: lane l's registers r..r+4 at l*4.
        for r0 in (0..regs).step_by(4) {
            for l in 0..64 {
                for r in r0..r0 + 4 {
                    input.push(if r < regs { w[r * 64 + l] } else { 0 });
                }
            }
        }
    };
    region(pack(ta, &a_lane, in_regs / 2), in_regs / 2);
    region(pack(tb, &b_lane, in_regs), in_regs);
    region(idx.clone(), 1);
    let mut cw = vec![0u32; out_regs * 64];
    for l in 0..64 {
        for r in 0..out_regs {
            cw[r * 64 + l] = c_word(c_val(l, r));
        }
    }
    region(cw, out_regs);
    let d = 12;
    let mut body = String::from(
        "\tglobal_load_dwordx2 v[2:3], v0, s[0:1]\n\
         \tglobal_load_dwordx4 v[4:7], v0, s[0:1] offset:1024\n\
         \tglobal_load_dword v8, v0, s[0:1] offset:2048\n\
         \tv_add_u32_e32 v1, 0xc00, v0\n",
    );
    for q in 0..out_regs / 4 {
        body.push_str(&format!(
            "\tglobal_load_dwordx4 v[{}:{}], v1, s[0:1] offset:{}\n",
            d + 4 * q,
            d + 4 * q + 3,
            1024 * q
        ));
    }
    body.push_str(&format!(
        "\ts_waitcnt vmcnt(0)\n\tv_smfmac_{name} v[{d}:{}], v[2:3], v[4:7], v8 abid:{abid}\n",
        d + out_regs - 1
    ));
    body.push_str(&"\ts_nop 7\n".repeat(10));
    for q in 0..out_regs / 4 {
        body.push_str(&format!(
            "\tglobal_store_dwordx4 v1, v[{}:{}], s[0:1] offset:{}\n",
            d + 4 * q,
            d + 4 * q + 3,
            1024 * q
        ));
    }
    let got = run(&body, &input, input.len());
    for l in 0..64 {
        for r in 0..out_regs {
            // The dense MFMA C/D layout (CDNA3 ISA §7): 16x16 register r
            // of lane l is row 4(l/16) + r; 32x32 register r is row
            // 8(r/4) + 4(l/32) + r%4; the column is l % m.
            let (i, j) = if m == 16 {
                (4 * (l / 16) + r, l % 16)
            } else {
                (8 * (r / 4) + 4 * (l / 32) + r % 4, l % 32)
            };
            let want: i32 =
                c_val(l, r) + (0..k).map(|kk| a_dense[i][kk] * b_at(kk, j)).sum::<i32>();
            let word = got[3 * 256 + (r / 4) * 256 + l * 4 + r % 4];
            let g = if int {
                word as i32
            } else {
                let f = f32::from_bits(word);
                assert_eq!(f.fract(), 0.0, "{name} lane {l} reg {r}: {f}");
                f as i32
            };
            assert_eq!(
                g, want,
                "{name} abid {abid}: lane {l} reg {r} (row {i} col {j})"
            );
        }
    }
}

#[test]
fn gfx942_smfmac_f16_and_bf16() {
    smfmac("f32_16x16x32_f16", 16, 32, Ty::F16, Ty::F16, 0);
    smfmac("f32_16x16x32_f16", 16, 32, Ty::F16, Ty::F16, 2);
    smfmac("f32_32x32x16_bf16", 32, 16, Ty::Bf16, Ty::Bf16, 3);
}

#[test]
fn gfx942_smfmac_i8_and_fp8() {
    smfmac("i32_16x16x64_i8", 16, 64, Ty::I8, Ty::I8, 1);
    smfmac("i32_32x32x32_i8", 32, 32, Ty::I8, Ty::I8, 0);
    smfmac("f32_32x32x32_fp8_bf8", 32, 32, Ty::Fp8, Ty::Bf8, 1);
    smfmac("f32_16x16x64_bf8_fp8", 16, 64, Ty::Bf8, Ty::Fp8, 0);
}
