//! `bpermute.hip`: lane permutes through the LDS crossbar, within a wave
//! of the processor's wavefront size.

use super::harness::*;
use silk_emu::Arg;

pub const REFS: &[(&str, Check)] = &[
    ("bpermute_rotate", bpermute_rotate),
    ("permute_reverse", permute_reverse),
];

const THREADS: usize = 256;

/// `shift` 5 and -3 (an unsigned `lane + shift` that wraps).
fn bpermute_rotate(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(51);
    let input: Vec<i32> = r.vec(THREADS, &I32_EDGES, |r| r.u32() as i32);
    let ws = c.ws;
    for shift in [5i32, -3] {
        let out = c.fill(THREADS, 0x5a5a_5a5a)?;
        let inp = c.buf(&input)?;
        c.launch_1d(
            THREADS,
            128,
            &[Arg::Buffer(out), Arg::Buffer(inp), Arg::I32(shift)],
        )?;
        let want: Vec<i32> = (0..THREADS)
            .map(|g| {
                let lane = g % ws;
                input[g - lane + (lane as u32).wrapping_add(shift as u32) as usize % ws]
            })
            .collect();
        expect(&format!("out (shift {shift})"), &c.read::<i32>(out)?, &want)?;
    }
    Ok(())
}

fn permute_reverse(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(52);
    let input: Vec<i32> = r.vec(THREADS, &I32_EDGES, |r| r.u32() as i32);
    let out = c.fill(THREADS, 0x5a5a_5a5a)?;
    let inp = c.buf(&input)?;
    c.launch_1d(THREADS, 128, &[Arg::Buffer(out), Arg::Buffer(inp)])?;
    let ws = c.ws;
    let want: Vec<i32> = (0..THREADS)
        .map(|g| input[g - g % ws + ws - 1 - g % ws])
        .collect();
    expect("out", &c.read::<i32>(out)?, &want)
}
