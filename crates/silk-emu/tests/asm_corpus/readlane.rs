//! `readlane.hip`: scalar broadcasts from lanes, per wave of the
//! processor's wavefront size.

use super::harness::*;
use silk_emu::Arg;

pub const REFS: &[(&str, Check)] = &[("broadcast_lanes", broadcast_lanes)];

/// 232 work-items in one workgroup: the last wave is partial (lane 0 is
/// its first active lane, lane 5 is active).
fn broadcast_lanes(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(231);
    let input: Vec<i32> = r.vec(256, &I32_EDGES, |r| r.u32() as i32);
    let out = c.fill(256, 0x5a5a_5a5a)?;
    let inp = c.buf(&input)?;
    c.launch_1d(232, 232, &[Arg::Buffer(out), Arg::Buffer(inp)])?;
    let ws = c.ws;
    let want = tail(232, 256, 0x5a5a_5a5a, |g| {
        let base = g - g % ws;
        input[base].wrapping_add(input[base + 5])
    });
    expect("out", &c.read::<i32>(out)?, &want)
}
