//! `lds.hip`: a block reversed through static LDS.

use super::harness::*;
use silk_emu::Arg;

pub const REFS: &[(&str, Check)] = &[("reverse_block", reverse_block)];

fn reverse_block(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(161);
    let data: Vec<u32> = r.vec(3 * 1024, &[], |r| r.u32());
    let buf = c.buf(&data)?;
    c.launch_1d(2048, 1024, &[Arg::Buffer(buf)])?;
    let want: Vec<u32> = (0..3 * 1024)
        .map(|i| {
            if i < 2048 {
                data[i - i % 1024 + 1023 - i % 1024]
            } else {
                data[i]
            }
        })
        .collect();
    expect("data", &c.read::<u32>(buf)?, &want)
}
