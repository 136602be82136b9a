//! `divergent.hip`: per-lane branch chains.

use super::harness::*;
use silk_emu::Arg;

pub const REFS: &[(&str, Check)] = &[("classify", classify), ("odd_even", odd_even)];

/// `(int)in[i]` for in[i] > 1 is `v_cvt_i32_f32` (saturating: +inf and
/// huge values give INT_MAX, as Rust's `as`).
fn classify(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(81);
    let mut edges = F32_EDGES.to_vec();
    edges.extend([-1.0000001, -0.99999994, 1.0000001, 0.99999994, 3e9]);
    let input: Vec<f32> = r.vec(GRID, &edges, |r| r.float(-4.0, 40.0) as f32);
    let out = c.fill(GRID, -7)?;
    let inp = c.buf(&input)?;
    c.launch_1d(GRID, 256, &[Arg::Buffer(out), Arg::Buffer(inp), n_arg(N)])?;
    let want = tail(N, GRID, -7, |i| {
        let v = input[i];
        if v.is_nan() {
            0
        } else if v < -1.0 {
            1
        } else if v < 0.0 {
            2
        } else if v == 0.0 {
            3
        } else if v <= 1.0 {
            4
        } else {
            5 + (v as i32) % 7
        }
    });
    expect("out", &c.read::<i32>(out)?, &want)
}

/// Odd lanes: `x*3 + 1`, contracted to one `v_fmamk_f32` on every
/// processor. Even lanes: `v_sqrt_f32`, within 1 ULP (the precision
/// LLVM's AMDGPUUsage states for the f32 transcendental instructions);
/// denormal inputs, which the instruction does not natively support (the
/// same table), are given to odd lanes only.
fn odd_even(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(82);
    let data: Vec<f32> = (0..GRID)
        .map(|i| {
            let x = if i < 2 * F32_EDGES.len() {
                F32_EDGES[i / 2]
            } else {
                r.float(-1e3, 1e5) as f32
            };
            if i % 2 == 0 && x != 0.0 && x.abs() < f32::MIN_POSITIVE {
                2.0
            } else {
                x
            }
        })
        .collect();
    let buf = c.buf(&data)?;
    c.launch_1d(GRID, 256, &[Arg::Buffer(buf), n_arg(N)])?;
    let got = c.read::<f32>(buf)?;
    let (mut odd_got, mut odd_want, mut even_got, mut even_want) = (vec![], vec![], vec![], vec![]);
    for i in 0..GRID {
        let x = data[i];
        if i >= N {
            odd_got.push(got[i]);
            odd_want.push(x);
        } else if i % 2 == 1 {
            odd_got.push(got[i]);
            odd_want.push(x.mul_add(3.0, 1.0));
        } else {
            even_got.push(got[i]);
            even_want.push((x as f64).sqrt());
        }
    }
    expect("odd and untouched elements", &odd_got, &odd_want)?;
    expect_near(
        "even elements (v_sqrt_f32)",
        &even_got,
        &even_want,
        1.0,
        |_| 0.0,
    )
}
