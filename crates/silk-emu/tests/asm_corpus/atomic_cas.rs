//! `atomic_cas.hip`: a float max through an integer CAS loop, and tickets
//! from an atomic increment (whose order is not defined: checked as a
//! permutation).

use super::harness::*;
use silk_emu::Arg;

pub const REFS: &[(&str, Check)] = &[
    ("atomic_max_f32_cas", atomic_max_f32_cas),
    ("atomic_ticket", atomic_ticket),
];

/// `result[0]` ends as the largest of its start and the inputs under `<`
/// (NaN inputs never win). Three launches: with the edge values (+inf
/// wins), with ordinary values, and with negative values only below a
/// start of -inf. No ±0 tie decides a result, so the order of the CAS
/// winners does not show.
fn atomic_max_f32_cas(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(11);
    let sets: [(f32, Vec<f32>); 3] = [
        (-5.0, r.vec(N, &F32_EDGES, |r| r.f32_any())),
        (-5.0, r.vec(N, &[], |r| r.float(-1e4, 1e4) as f32)),
        (
            f32::NEG_INFINITY,
            r.vec(N, &[f32::NAN, -0.0], |r| r.float(-1e4, -1.0) as f32),
        ),
    ];
    for (start, input) in sets {
        let res = c.buf(&[start])?;
        let inp = c.buf(&input)?;
        c.launch_1d(GRID, 256, &[Arg::Buffer(res), Arg::Buffer(inp), n_arg(N)])?;
        let want = input[..N]
            .iter()
            .fold(start, |m, &v| if m < v { v } else { m });
        expect("result", &c.read::<f32>(res)?, &[want])?;
    }
    Ok(())
}

/// The returned old values are `start..start + threads` in some order and
/// the counter ends at `start + threads`.
fn atomic_ticket(c: &mut Ctx) -> Result<(), String> {
    let threads = 640;
    let start = 1000;
    let tickets = c.fill(threads, -1i32)?;
    let counter = c.buf(&[start])?;
    c.launch_1d(threads, 128, &[Arg::Buffer(tickets), Arg::Buffer(counter)])?;
    let mut got = c.read::<i32>(tickets)?;
    got.sort_unstable();
    let want: Vec<i32> = (start..start + threads as i32).collect();
    expect("sorted tickets", &got, &want)?;
    expect(
        "counter",
        &c.read::<i32>(counter)?,
        &[start + threads as i32],
    )
}
