//! `big_unrolled.hip`: 192 unrolled integer mixing rounds.

use super::harness::*;
use silk_emu::Arg;

pub const REFS: &[(&str, Check)] = &[("big_mix", big_mix)];

fn big_mix(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(31);
    let input: Vec<u32> = r.vec(GRID, &[0, 1, u32::MAX, 0x8000_0000], |r| r.u32());
    let out = c.fill(GRID, 0xdead_beefu32)?;
    let inp = c.buf(&input)?;
    c.launch_1d(GRID, 256, &[Arg::Buffer(out), Arg::Buffer(inp), n_arg(N)])?;
    let want = tail(N, GRID, 0xdead_beef, |i| {
        let (mut x, mut y) = (input[i], i as u32);
        for round in 0..192u32 {
            x = x
                .wrapping_mul(0x9e37_79b1)
                .wrapping_add(y ^ (x >> 13))
                .wrapping_add(round);
            y = y.rotate_left(7) ^ x;
            if round % 8 == 7 {
                y = y.wrapping_add(x.wrapping_mul(x));
            }
        }
        x ^ y
    });
    expect("out", &c.read::<u32>(out)?, &want)
}
