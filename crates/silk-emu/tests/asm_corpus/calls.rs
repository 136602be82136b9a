//! `calls.hip`: noinline device functions. clang contracts `poly`'s
//! `(x*a + b)*x - a` into two fmas (a = 1.5 propagated): `v_fmamk_f32`,
//! `v_fmaak_f32` on every processor. `(int)x` is `v_cvt_i32_f32`, which
//! saturates and reads NaN as 0 (as Rust's `as i32` does).

use super::harness::*;
use silk_emu::Arg;

pub const REFS: &[(&str, Check)] = &[("call_poly", call_poly), ("call_mix", call_mix)];

fn mix(a: i32, b: i32) -> i32 {
    a.wrapping_mul(31) ^ (b >> 2)
}

fn call_poly(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(61);
    let input: Vec<f32> = r.vec(GRID, &F32_EDGES, |r| r.float(-3e3, 3e3) as f32);
    let out = c.fill(GRID, 0.125f32)?;
    let inp = c.buf(&input)?;
    c.launch_1d(GRID, 256, &[Arg::Buffer(out), Arg::Buffer(inp), n_arg(N)])?;
    let want = tail(N, GRID, 0.125, |i| {
        let x = input[i];
        let poly = x.mul_add(1.5, -2.0).mul_add(x, -1.5);
        poly + mix(i as i32, x as i32) as f32
    });
    expect("out", &c.read::<f32>(out)?, &want)
}

fn call_mix(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(62);
    let input: Vec<i32> = r.vec(GRID, &I32_EDGES, |r| r.u32() as i32);
    let out = c.fill(GRID, 0x5a5a_5a5a)?;
    let inp = c.buf(&input)?;
    c.launch_1d(GRID, 256, &[Arg::Buffer(out), Arg::Buffer(inp), n_arg(N)])?;
    let want = tail(N, GRID, 0x5a5a_5a5a, |i| mix(input[i], i as i32));
    expect("out", &c.read::<i32>(out)?, &want)
}
