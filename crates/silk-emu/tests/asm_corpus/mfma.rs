//! gfx942 MFMA: `mfma.gfx942.hip` and `mfma_f32.gfx942.hip`, against
//! matrix products in the register layouts of the CDNA3 ISA §7.1
//! ("Dependent Matrix Operations": A and B fragments, the accumulator's
//! rows spread over registers and lane groups). The hardware's summation
//! order inside one instruction is not specified, so the inputs are
//! chosen on grids where every partial sum is exact in f32 (random
//! multiples of 1/8 below 8, and ±0): then any order gives the exact
//! result, rounded once (an exact value), and the check is bit-exact.
//! A NaN and an infinity in the first step's fragments reach their row
//! and column only.

use super::harness::*;
use silk_emu::Arg;

pub const REFS: &[(&str, Check)] = &[
    ("mfma_tile", mfma_tile),
    ("mfma_f32_32x32x2", mfma_f32_32x32x2),
    ("mfma_bf16_16x16x16", mfma_bf16_16x16x16),
];

/// A random multiple of 1/8 in (-8, 8), -0 now and then.
fn grid_value(r: &mut Rng) -> f32 {
    match r.u32() % 16 {
        0 => -0.0,
        _ => r.int(-63, 63) as f32 / 8.0,
    }
}

/// 16 x 16 x 16 with 4-element fragments: A[i][k] is element k % 4 of
/// lane i + 16 (k / 4), B[k][j] element k % 4 of lane j + 16 (k / 4);
/// D[i][j] is register i % 4 of lane 16 (i / 4) + j. `steps` products
/// accumulate. Returns the input fragments (lane-major, as f32) and D.
fn mfma_16x16x16(steps: usize, seed: u64) -> (Vec<f32>, Vec<f32>, Vec<f32>) {
    let mut r = Rng::new(seed);
    let mut a: Vec<f32> = (0..steps * 256).map(|_| grid_value(&mut r)).collect();
    let b: Vec<f32> = (0..steps * 256).map(|_| grid_value(&mut r)).collect();
    // Lane 3 element 1 is A[3][1]; lane 40 element 2 is A[8][10].
    a[3 * 4 + 1] = f32::NAN;
    a[40 * 4 + 2] = f32::INFINITY;
    let mut d = vec![0f32; 256];
    for i in 0..16 {
        for j in 0..16 {
            let mut acc = 0f64;
            for s in 0..steps {
                for k in 0..16 {
                    let at = |m: &[f32], row: usize| {
                        m[s * 256 + (row + 16 * (k / 4)) * 4 + k % 4] as f64
                    };
                    acc += at(&a, i) * at(&b, j);
                }
            }
            d[(16 * (i / 4) + j) * 4 + i % 4] = acc as f32;
        }
    }
    (a, b, d)
}

/// f16 fragments (every grid value is exact in f16).
fn mfma_tile(c: &mut Ctx) -> Result<(), String> {
    let steps = 3;
    let (a, b, want) = mfma_16x16x16(steps, 191);
    let to_h = |v: &[f32]| v.iter().map(|&x| H(h(x as f64))).collect::<Vec<_>>();
    let out = c.fill(256, 0.125f32)?;
    let args = [
        Arg::Buffer(out),
        Arg::Buffer(c.buf(&to_h(&a))?),
        Arg::Buffer(c.buf(&to_h(&b))?),
        Arg::I32(steps as i32),
    ];
    c.launch_1d(64, 64, &args)?;
    expect("out", &c.read::<f32>(out)?, &want)
}

/// bf16 fragments (every grid value is exact in bf16).
fn mfma_bf16_16x16x16(c: &mut Ctx) -> Result<(), String> {
    let steps = 2;
    let (a, b, want) = mfma_16x16x16(steps, 192);
    let to_bf = |v: &[f32]| v.iter().map(|&x| Bf(bf_round(x))).collect::<Vec<_>>();
    let out = c.fill(256, 0.125f32)?;
    let args = [
        Arg::Buffer(out),
        Arg::Buffer(c.buf(&to_bf(&a))?),
        Arg::Buffer(c.buf(&to_bf(&b))?),
        Arg::I32(steps as i32),
    ];
    c.launch_1d(64, 64, &args)?;
    expect("out", &c.read::<f32>(out)?, &want)
}

/// 32 x 32 x 2 in f32: A[i][k] is lane i + 32k, B[k][j] lane j + 32k;
/// D[i][j] is register 4 (i / 8) + i % 4 of lane 32 ((i / 4) % 2) + j.
fn mfma_f32_32x32x2(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(193);
    let mut a: Vec<f32> = (0..64).map(|_| grid_value(&mut r)).collect();
    let b: Vec<f32> = (0..64).map(|_| grid_value(&mut r)).collect();
    a[5] = f32::NAN;
    a[32 + 9] = f32::NEG_INFINITY;
    let mut want = vec![0f32; 64 * 16];
    for i in 0..32 {
        for j in 0..32 {
            // From the kernel's +0 accumulator (Rust's float `sum` starts
            // at -0, which two -0 products would keep).
            let d = (0..2)
                .map(|k| a[i + 32 * k] as f64 * b[j + 32 * k] as f64)
                .fold(0.0, |acc, p| acc + p);
            want[(32 * ((i / 4) % 2) + j) * 16 + 4 * (i / 8) + i % 4] = d as f32;
        }
    }
    let out = c.fill(64 * 16, 0.125f32)?;
    let args = [
        Arg::Buffer(out),
        Arg::Buffer(c.buf(&a)?),
        Arg::Buffer(c.buf(&b)?),
    ];
    c.launch_1d(64, 64, &args)?;
    expect("out", &c.read::<f32>(out)?, &want)
}
