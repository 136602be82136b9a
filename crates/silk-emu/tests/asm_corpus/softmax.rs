//! `softmax.hip`: row softmax with `v_exp_f32` (the hardware's 2^x, not a
//! correctly rounded exp). The reference computes each row exactly (in
//! f64) from the exponents the kernel forms in f32, `(x - m) * 0x3fb8aa3b`
//! (two roundings, not fused), and allows the kernel's error: 1 ULP for
//! each `v_exp_f32` (the accuracy LLVM's AMDGPUUsage states for it) in the
//! numerator and in the sum, half an ULP for each f32 addition on the
//! longest path of the sum (the work-item's own terms, then the 8 levels
//! of the LDS tree) and for the IEEE division: a relative error of
//! (2 + (adds + 1) / 2) * 2^-23, at most twice that in ULPs of the result.

use super::harness::*;
use silk_emu::Arg;

pub const REFS: &[(&str, Check)] = &[("softmax_rows", softmax_rows)];

fn softmax_rows(c: &mut Ctx) -> Result<(), String> {
    let (rows, cols) = (3usize, 600usize);
    let mut r = Rng::new(271);
    // Exponent arguments stay above -126, where v_exp_f32's results are
    // normal (it does not produce denormals: AMDGPUUsage); -inf gives 0.
    let edges = [
        f32::NEG_INFINITY,
        0.0,
        -0.0,
        f32::from_bits(1),
        -1e-30,
        20.0,
        -20.0,
    ];
    let input: Vec<f32> = r.vec(rows * cols, &edges, |r| r.float(-20.0, 20.0) as f32);
    let out = c.fill(rows * cols, 0.125f32)?;
    let inp = c.buf(&input)?;
    c.launch_1d(
        rows * 256,
        256,
        &[Arg::Buffer(out), Arg::Buffer(inp), Arg::I32(cols as i32)],
    )?;
    let mut want = vec![0f64; rows * cols];
    for row in 0..rows {
        let x = &input[row * cols..(row + 1) * cols];
        let m = x
            .iter()
            .fold(f32::NEG_INFINITY, |m, &v| hw_max(m as f64, v as f64) as f32);
        let e: Vec<f64> = x
            .iter()
            .map(|&v| (((v - m) * f32::from_bits(0x3fb8_aa3b)) as f64).exp2())
            .collect();
        let sum: f64 = e.iter().sum();
        for (k, ek) in e.iter().enumerate() {
            want[row * cols + k] = ek / sum;
        }
    }
    let adds = cols.div_ceil(256) + 8;
    let rel = (2.0 + (adds as f64 + 1.0) / 2.0) * 2f64.powi(-23);
    expect_near("out", &c.read::<f32>(out)?, &want, 0.0, |i| rel * want[i])
}
