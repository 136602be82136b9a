//! `multi.hip`: several kernels in one object, y/z ids.

use super::harness::*;
use silk_emu::Arg;

pub const REFS: &[(&str, Check)] = &[
    ("fill_x", fill_x),
    ("fill_yz", fill_yz),
    ("empty", empty),
    ("small_groups", small_groups),
];

/// Every workgroup writes `a[0..block)`.
fn fill_x(c: &mut Ctx) -> Result<(), String> {
    for v in [i32::MIN, 77] {
        let a = c.fill(256, -1)?;
        c.launch_1d(3 * 96, 96, &[Arg::Buffer(a), Arg::I32(v)])?;
        expect("a", &c.read::<i32>(a)?, &tail(96, 256, -1, |_| v))?;
    }
    Ok(())
}

/// Workgroups of 1 x 4 x 4 over a 1 x 8 x 12 grid: block ids y < 2,
/// z < 3.
fn fill_yz(c: &mut Ctx) -> Result<(), String> {
    let a = c.fill(3 * 4096, -1)?;
    c.launch([1, 8, 12], [1, 4, 4], &[Arg::Buffer(a), Arg::I32(-5)])?;
    let mut want = vec![-1; 3 * 4096];
    for (by, bz, ty, tz) in (0..2 * 3 * 16).map(|k| (k % 2, k / 2 % 3, k / 6 % 4, k / 24)) {
        want[ty * 16 + tz + by * 64 + bz * 4096] = -5;
    }
    expect("a", &c.read::<i32>(a)?, &want)
}

/// Runs and changes no memory.
fn empty(c: &mut Ctx) -> Result<(), String> {
    let data: Vec<u32> = (0..256).collect();
    let b = c.buf(&data)?;
    c.launch_1d(512, 256, &[])?;
    expect("untouched buffer", &c.read::<u32>(b)?, &data)
}

/// One workgroup of 200 (the descriptor allows at most 256).
fn small_groups(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(211);
    let data: Vec<f64> = r.vec(256, &F64_EDGES, |r| r.float(-1e3, 1e3));
    for b in [0.75, -3.0e-300, f64::INFINITY] {
        let a = c.buf(&data)?;
        c.launch_1d(200, 200, &[Arg::Buffer(a), Arg::F64(b)])?;
        let want: Vec<f64> = (0..256)
            .map(|i| if i < 200 { data[i] * b } else { data[i] })
            .collect();
        expect(&format!("a (b = {b})"), &c.read::<f64>(a)?, &want)?;
    }
    Ok(())
}
