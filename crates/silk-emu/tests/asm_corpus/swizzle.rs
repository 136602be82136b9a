//! `swizzle.hip`: `ds_swizzle` bit-mask and quad-permute modes.

use super::harness::*;
use silk_emu::Arg;

pub const REFS: &[(&str, Check)] = &[
    ("swizzle_swap16", swizzle_swap16),
    ("swizzle_quad_bcast", swizzle_quad_bcast),
];

fn run(c: &mut Ctx, seed: u64, src: impl Fn(usize) -> usize) -> Result<(), String> {
    let mut r = Rng::new(seed);
    let input: Vec<i32> = r.vec(256, &I32_EDGES, |r| r.u32() as i32);
    let out = c.fill(256, 0x5a5a_5a5a)?;
    let inp = c.buf(&input)?;
    c.launch_1d(256, 128, &[Arg::Buffer(out), Arg::Buffer(inp)])?;
    let want: Vec<i32> = (0..256).map(|g| input[src(g)]).collect();
    expect("out", &c.read::<i32>(out)?, &want)
}

fn swizzle_swap16(c: &mut Ctx) -> Result<(), String> {
    run(c, 291, |g| g ^ 16)
}

fn swizzle_quad_bcast(c: &mut Ctx) -> Result<(), String> {
    run(c, 292, |g| (g & !3) + 2)
}
