//! `saxpy.hip`: `a*x + y` fused (`v_fmac_f32` / `v_fmac_f64` / `v_fma_f64`
//! on every processor).

use super::harness::*;
use silk_emu::Arg;

pub const REFS: &[(&str, Check)] = &[("saxpy", saxpy), ("daxpy_grid_stride", daxpy_grid_stride)];

fn saxpy(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(251);
    let x: Vec<f32> = r.vec(GRID, &F32_EDGES, |r| r.f32_any());
    let y: Vec<f32> = r.vec(GRID, &F32_EDGES[5..], |r| r.f32_any());
    for a in [0.75f32, -0.0, f32::NAN, 3e-39] {
        let yb = c.buf(&y)?;
        let xb = c.buf(&x)?;
        c.launch_1d(
            GRID,
            256,
            &[Arg::Buffer(yb), Arg::Buffer(xb), Arg::F32(a), n_arg(N)],
        )?;
        let want: Vec<f32> = (0..GRID)
            .map(|i| if i < N { a.mul_add(x[i], y[i]) } else { y[i] })
            .collect();
        expect(&format!("y (a = {a})"), &c.read::<f32>(yb)?, &want)?;
    }
    Ok(())
}

/// Workgroups of 1 work-item, so the stride is 1024 (`BDIM_X * 1024`):
/// 64 work-items over n = 3000 elements update i with i % 1024 < 64 and
/// leave the others.
fn daxpy_grid_stride(c: &mut Ctx) -> Result<(), String> {
    let n = 3000;
    let mut r = Rng::new(252);
    let x: Vec<f64> = r.vec(n + 100, &F64_EDGES, |r| r.float(-1e3, 1e3));
    let y: Vec<f64> = r.vec(n + 100, &F64_EDGES[3..], |r| r.float(-1e3, 1e3));
    let a = -1.25;
    let yb = c.buf(&y)?;
    let xb = c.buf(&x)?;
    c.launch_1d(
        64,
        1,
        &[Arg::Buffer(yb), Arg::Buffer(xb), Arg::F64(a), n_arg(n)],
    )?;
    let want: Vec<f64> = (0..n + 100)
        .map(|i| {
            if i < n && i % 1024 < 64 {
                a.mul_add(x[i], y[i])
            } else {
                y[i]
            }
        })
        .collect();
    expect("y", &c.read::<f64>(yb)?, &want)
}
