//! `dpp.hip`: DPP row shifts and quad permutes (rows of 16 lanes on every
//! wave size).

use super::harness::*;
use silk_emu::Arg;

pub const REFS: &[(&str, Check)] = &[
    ("dpp_row_shr1", dpp_row_shr1),
    ("dpp_row_sum", dpp_row_sum),
    ("dpp_mov_quad_perm", dpp_mov_quad_perm),
];

const THREADS: usize = 256;

fn dpp_row_shr1(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(91);
    let input: Vec<i32> = r.vec(THREADS, &I32_EDGES, |r| r.u32() as i32);
    let out = c.fill(THREADS, 0x5a5a_5a5a)?;
    let inp = c.buf(&input)?;
    c.launch_1d(THREADS, 128, &[Arg::Buffer(out), Arg::Buffer(inp)])?;
    let want: Vec<i32> = (0..THREADS)
        .map(|g| if g % 16 != 0 { input[g - 1] } else { 0 })
        .collect();
    expect("out", &c.read::<i32>(out)?, &want)
}

/// Four steps of `v += v shifted right by s within the row` (0 shifted
/// in), each an f32 add, as the kernel orders them.
fn dpp_row_sum(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(92);
    let mut edges = F32_EDGES.to_vec();
    // Rows 2.. hold ordinary values only, so most sums are finite.
    edges.resize(32, 0.5);
    let input: Vec<f32> = r.vec(THREADS, &edges, |r| r.float(-100.0, 100.0) as f32);
    let out = c.fill(THREADS, 0.125f32)?;
    let inp = c.buf(&input)?;
    c.launch_1d(THREADS, 128, &[Arg::Buffer(out), Arg::Buffer(inp)])?;
    let mut v = input.clone();
    for s in [1, 2, 4, 8] {
        let prev = v.clone();
        for g in 0..THREADS {
            v[g] = prev[g] + if g % 16 >= s { prev[g - s] } else { 0.0 };
        }
    }
    expect("out", &c.read::<f32>(out)?, &v)
}

fn dpp_mov_quad_perm(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(93);
    let input: Vec<i32> = r.vec(THREADS, &I32_EDGES, |r| r.u32() as i32);
    let out = c.fill(THREADS, 0x5a5a_5a5a)?;
    let inp = c.buf(&input)?;
    c.launch_1d(THREADS, 128, &[Arg::Buffer(out), Arg::Buffer(inp)])?;
    let want: Vec<i32> = (0..THREADS).map(|g| input[g ^ 1]).collect();
    expect("out", &c.read::<i32>(out)?, &want)
}
