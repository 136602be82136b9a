//! `transcendental.hip`: the hardware approximations, within the accuracy
//! documented for them, and the IEEE-correct f32 sqrt and division.
//!
//! Bounds. `v_exp_f32`, `v_log_f32` and `v_rsq_f32`: 1 ULP of the exact
//! result (LLVM's AMDGPUUsage, "Hardware provides 1ULP accuracy for
//! float" for the exp2/log2 instructions; the same 1 ULP for `v_rsq_f32`
//! and `v_rcp_f32`, which clang's correctly rounded expansions refine).
//! The f32 instructions do not handle denormals natively (AMDGPUUsage),
//! so `v_exp_f32`'s inputs stay out of (-150, -126), where its exact
//! result would be a denormal. `v_sin_f32` computes sin(2πx) over the
//! valid domain [-256, 256] (RDNA3 ISA §16 / CDNA3 ISA §12, V_SIN_F32);
//! no precision is stated for it, so the bound is 1 ULP plus the absolute
//! error of forming 2π·x in double precision, max(|x|, 1) * 2^-48 (which
//! dominates only near sin's zeros, where 1 ULP is tiny); ±inf, outside
//! the domain, are not checked for sin.

use super::harness::*;
use silk_emu::Arg;

pub const REFS: &[(&str, Check)] = &[
    ("transcendentals", transcendentals),
    ("sqrt_div_f32", sqrt_div_f32),
];

/// sin(2πx) with the period reduced exactly (`x - round(x)` is exact in
/// f64 for an f32 `x`), then the quarter-period symmetry.
fn sin_2pi(x: f32) -> f64 {
    let x = x as f64;
    let f = x - x.round();
    // f in [-0.5, 0.5]: sin(2πf) = sin(π(1 - 2|f|)) sign f, which folds to
    // [0, 0.25].
    let a = f.abs();
    let a = if a > 0.25 { 0.5 - a } else { a };
    let s = (a * std::f64::consts::TAU).sin();
    if f < 0.0 {
        -s
    } else {
        s
    }
}

fn transcendentals(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(311);
    let edges = [
        f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        0.0,
        -0.0,
        f32::from_bits(1),
        -f32::MIN_POSITIVE,
        0.5,
        0.25,
        -0.75,
        1.0,
        127.99,
        128.0,
        -126.0,
        -150.0,
        -1e30,
        1e30,
        256.0,
        -256.0,
        100.5,
        -3.0,
        1e-7,
    ];
    let input: Vec<f32> = r.vec(GRID, &edges, |r| match r.u32() % 3 {
        0 => r.float(-126.0, 128.0) as f32,
        1 => r.float(-1.0, 1.0) as f32,
        _ => r.float(-256.0, 256.0) as f32,
    });
    let out = c.fill(4 * GRID, 0.125f32)?;
    let inp = c.buf(&input)?;
    c.launch_1d(GRID, 256, &[Arg::Buffer(out), Arg::Buffer(inp), n_arg(N)])?;
    let got = c.read::<f32>(out)?;
    let part = |k: usize| (0..N).map(|i| got[4 * i + k]).collect::<Vec<f32>>();
    let ax = |x: f32| (x.abs() + 1.0) as f64;
    let exp: Vec<f64> = input[..N].iter().map(|&x| (x as f64).exp2()).collect();
    let log: Vec<f64> = input[..N].iter().map(|&x| ax(x).log2()).collect();
    let rsq: Vec<f64> = input[..N].iter().map(|&x| 1.0 / ax(x).sqrt()).collect();
    expect_near("v_exp_f32", &part(0), &exp, 1.0, |_| 0.0)?;
    expect_near("v_log_f32", &part(1), &log, 1.0, |_| 0.0)?;
    expect_near("v_rsq_f32", &part(2), &rsq, 1.0, |_| 0.0)?;
    let in_domain: Vec<usize> = (0..N)
        .filter(|&i| input[i].is_nan() || input[i].abs() <= 256.0)
        .collect();
    let sin_got: Vec<f32> = in_domain.iter().map(|&i| got[4 * i + 3]).collect();
    let sin_want: Vec<f64> = in_domain.iter().map(|&i| sin_2pi(input[i])).collect();
    let abs = |k: usize| (input[in_domain[k]].abs() as f64).max(1.0) * 2f64.powi(-48);
    expect_near("v_sin_f32", &sin_got, &sin_want, 1.0, abs)?;
    expect("tail", &got[4 * N..], &vec![0.125f32; 4 * (GRID - N)])
}

/// Both correctly rounded: Rust's f32 `sqrt` and `/`.
fn sqrt_div_f32(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(312);
    let (a, b) = r.edge_pairs(GRID, &F32_EDGES, |r| r.f32_any());
    let got = c.run_out_a_b(GRID, 0.125f32, &a, &b)?;
    let want = tail(N, GRID, 0.125, |i| a[i].sqrt() / b[i]);
    expect("out", &got, &want)
}
