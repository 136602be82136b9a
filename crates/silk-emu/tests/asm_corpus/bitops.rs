//! `bitops.hip`: bit counts and reversal, 32- and 64-bit.

use super::harness::*;
use silk_emu::Arg;

pub const REFS: &[(&str, Check)] = &[("bit_ops", bit_ops), ("bitfield_u64", bitfield_u64)];

fn bit_ops(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(41);
    let edges = [0, 1, u32::MAX, 0x8000_0000, 0x0001_0000, 0x7fff_ffff];
    // Random words with a random number of low and high bits cleared.
    let input: Vec<u32> = r.vec(GRID, &edges, |r| {
        let v = r.u32();
        (v >> (r.u32() % 32)) << (r.u32() % 32)
    });
    let out = c.fill(4 * GRID, 0xdead_beefu32)?;
    let inp = c.buf(&input)?;
    c.launch_1d(GRID, 256, &[Arg::Buffer(out), Arg::Buffer(inp), n_arg(N)])?;
    let want = tail(4 * N, 4 * GRID, 0xdead_beef, |k| {
        let x = input[k / 4];
        match k % 4 {
            0 => x.count_ones(),
            1 => x.leading_zeros(),
            2 => x.trailing_zeros(),
            _ => x.reverse_bits(),
        }
    });
    expect("out", &c.read::<u32>(out)?, &want)
}

fn bitfield_u64(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(42);
    let edges = [0, 1, u64::MAX, 1 << 63, 0xfff << 12, 1 << 32];
    let input: Vec<u64> = r.vec(GRID, &edges, |r| r.u64() >> (r.u32() % 64));
    let out = c.fill(GRID, 0xdead_beefu64)?;
    let inp = c.buf(&input)?;
    c.launch_1d(GRID, 256, &[Arg::Buffer(out), Arg::Buffer(inp), n_arg(N)])?;
    let want = tail(N, GRID, 0xdead_beef, |i| {
        let x = input[i];
        (x.count_ones() as u64)
            .wrapping_add(((x | 1).leading_zeros() as u64) << 8)
            .wrapping_add(((x >> 12) & 0xfff) << 16)
            .wrapping_add(x.rotate_left(17))
    });
    expect("out", &c.read::<u64>(out)?, &want)
}
