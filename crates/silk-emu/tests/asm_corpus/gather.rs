//! `gather.hip`: data-dependent loads and stores.

use super::harness::*;
use silk_emu::Arg;

pub const REFS: &[(&str, Check)] = &[("gather_scatter", gather_scatter)];

/// `perm` a random permutation of 0..N, `idx` random indices into `src`
/// (which holds the edge values).
fn gather_scatter(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(131);
    let src: Vec<f32> = r.vec(GRID, &F32_EDGES, |r| r.f32_any());
    let idx: Vec<i32> = (0..GRID)
        .map(|_| r.int(0, GRID as i64 - 1) as i32)
        .collect();
    let mut perm: Vec<i32> = (0..N as i32).collect();
    for i in (1..N).rev() {
        perm.swap(i, r.int(0, i as i64) as usize);
    }
    perm.resize(GRID, -1);
    let dst = c.fill(GRID, 0.125f32)?;
    let args = [
        Arg::Buffer(dst),
        Arg::Buffer(c.buf(&src)?),
        Arg::Buffer(c.buf(&idx)?),
        Arg::Buffer(c.buf(&perm)?),
        n_arg(N),
    ];
    c.launch_1d(GRID, 256, &args)?;
    let mut want = vec![0.125f32; GRID];
    for i in 0..N {
        want[perm[i] as usize] = src[idx[i] as usize] * 2.0;
    }
    expect("dst", &c.read::<f32>(dst)?, &want)
}
