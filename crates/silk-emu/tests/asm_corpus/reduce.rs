//! Reductions and scans: `reduce_lds.hip`, `scan.hip`, `wave_reduce.hip`.

use super::harness::*;
use silk_emu::Arg;

pub const REFS: &[(&str, Check)] = &[
    ("reduce_sum_f32", reduce_sum_f32),
    ("reduce_max_i32", reduce_max_i32),
    ("scan_inclusive", scan_inclusive),
    ("wave_sum_dpp", wave_sum_dpp),
];

/// The kernel's tree: `s[t] += s[t + stride]` for strides 128 down to 1,
/// so the f32 sums round in that order.
fn reduce_sum_f32(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(241);
    let mut edges = F32_EDGES.to_vec();
    // The second workgroup gets ordinary values only (a finite sum).
    edges.resize(256, 1.0);
    let input: Vec<f32> = r.vec(GRID, &edges[3..], |r| r.float(-1e3, 1e3) as f32);
    let partial = c.fill(4, 0.125f32)?;
    let inp = c.buf(&input)?;
    c.launch_1d(
        GRID,
        256,
        &[Arg::Buffer(partial), Arg::Buffer(inp), n_arg(N)],
    )?;
    let want = tail(3, 4, 0.125, |b| {
        let mut s: Vec<f32> = (0..256)
            .map(|t| {
                if b * 256 + t < N {
                    input[b * 256 + t]
                } else {
                    0.0
                }
            })
            .collect();
        let mut stride = 128;
        while stride > 0 {
            for t in 0..stride {
                s[t] += s[t + stride];
            }
            stride /= 2;
        }
        s[0]
    });
    expect("partial", &c.read::<f32>(partial)?, &want)
}

fn reduce_max_i32(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(242);
    let mut input: Vec<i32> = r.vec(GRID, &[i32::MIN, i32::MIN], |r| r.u32() as i32);
    // One workgroup of INT_MIN only, one holding INT_MAX.
    input[256..512].fill(i32::MIN);
    input[600] = i32::MAX;
    let partial = c.fill(4, 0x5a5a_5a5a)?;
    let inp = c.buf(&input)?;
    c.launch_1d(GRID, 256, &[Arg::Buffer(partial), Arg::Buffer(inp)])?;
    let want = tail(3, 4, 0x5a5a_5a5a, |b| {
        *input[b * 256..(b + 1) * 256].iter().max().unwrap()
    });
    expect("partial", &c.read::<i32>(partial)?, &want)
}

fn scan_inclusive(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(243);
    let input: Vec<i32> = r.vec(GRID, &I32_EDGES, |r| r.u32() as i32 >> (r.u32() % 32));
    let out = c.fill(GRID, 0x5a5a_5a5a)?;
    let inp = c.buf(&input)?;
    c.launch_1d(GRID, 256, &[Arg::Buffer(out), Arg::Buffer(inp)])?;
    let want: Vec<i32> = (0..GRID)
        .map(|g| {
            input[g - g % 256..=g]
                .iter()
                .fold(0i32, |s, &x| s.wrapping_add(x))
        })
        .collect();
    expect("out", &c.read::<i32>(out)?, &want)
}

/// Each group of 32 lanes writes its (wrapping) sum from lane 31.
fn wave_sum_dpp(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(244);
    let input: Vec<i32> = r.vec(GRID, &I32_EDGES, |r| r.u32() as i32);
    let groups = GRID / 32;
    let out = c.fill(groups + 8, 0x5a5a_5a5a)?;
    let inp = c.buf(&input)?;
    c.launch_1d(GRID, 256, &[Arg::Buffer(out), Arg::Buffer(inp)])?;
    let want = tail(groups, groups + 8, 0x5a5a_5a5a, |w| {
        input[32 * w..32 * w + 32]
            .iter()
            .fold(0i32, |s, &x| s.wrapping_add(x))
    });
    expect("out", &c.read::<i32>(out)?, &want)
}
