//! `multi_call.hip`: a chain of device functions, one with a stack array.

use super::harness::*;
use silk_emu::Arg;

pub const REFS: &[(&str, Check)] = &[("chain_a", chain_a), ("chain_b", chain_b)];

fn leaf(a: i32) -> i32 {
    a.wrapping_mul(a).wrapping_add(7)
}

fn middle(a: i32, b: i32) -> i32 {
    leaf(a).wrapping_sub(leaf(b).wrapping_mul(3))
}

fn chain_a(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(221);
    let input: Vec<i32> = r.vec(GRID, &I32_EDGES, |r| r.u32() as i32);
    let out = c.fill(GRID, 0x5a5a_5a5a)?;
    let inp = c.buf(&input)?;
    c.launch_1d(GRID, 256, &[Arg::Buffer(out), Arg::Buffer(inp), n_arg(N)])?;
    let want = tail(N, GRID, 0x5a5a_5a5a, |i| middle(input[i], i as i32));
    expect("out", &c.read::<i32>(out)?, &want)
}

fn chain_b(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(222);
    let src: Vec<i32> = r.vec(16, &I32_EDGES, |r| r.u32() as i32);
    let out = c.fill(GRID, 0x5a5a_5a5a)?;
    let sb = c.buf(&src)?;
    c.launch_1d(GRID, 256, &[Arg::Buffer(out), Arg::Buffer(sb), n_arg(N)])?;
    let want = tail(N, GRID, 0x5a5a_5a5a, |i| {
        let k = i as i32;
        let tmp: Vec<i32> = (0..16).map(|j| src[j].wrapping_add(j as i32 * k)).collect();
        tmp[i & 15].wrapping_add(middle(k, tmp[(i + 3) & 15]))
    });
    expect("out", &c.read::<i32>(out)?, &want)
}
