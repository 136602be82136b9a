//! `scratch.hip`: a dynamically indexed private array.

use super::harness::*;
use silk_emu::Arg;

pub const REFS: &[(&str, Check)] = &[("private_table", private_table)];

fn private_table(c: &mut Ctx) -> Result<(), String> {
    for k in [5, -3, i32::MAX] {
        let out = c.fill(160, 0x5a5a_5a5a)?;
        c.launch_1d(128, 128, &[Arg::Buffer(out), Arg::I32(k)])?;
        let want = tail(128, 160, 0x5a5a_5a5a, |t| {
            let t = t as i32;
            let i = t.wrapping_mul(7).wrapping_add(k) & 63;
            i.wrapping_mul(k).wrapping_add(t)
        });
        expect(&format!("out (k = {k})"), &c.read::<i32>(out)?, &want)?;
    }
    Ok(())
}
