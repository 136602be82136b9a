//! `globals.hip`: a `__constant__` table in `.rodata`, a `__device__`
//! counter in `.bss` and tables of pointers relocated at load.

use super::harness::*;
use silk_emu::Arg;

pub const REFS: &[(&str, Check)] = &[
    ("square_lut", square_lut),
    ("count_positive", count_positive),
    ("pointer_table", pointer_table),
];

fn square_lut(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(141);
    let input: Vec<u32> = r.vec(GRID, &[0, 15, 16, u32::MAX], |r| r.u32());
    let out = c.fill(GRID, 0xdead_beefu32)?;
    let inp = c.buf(&input)?;
    c.launch_1d(GRID, 256, &[Arg::Buffer(out), Arg::Buffer(inp), n_arg(N)])?;
    let want = tail(N, GRID, 0xdead_beef, |i| (input[i] & 15) * (input[i] & 15));
    expect("out", &c.read::<u32>(out)?, &want)
}

/// The old counter values are a permutation of 0..count (the order of the
/// increments is not defined); each launch loads the object afresh, so
/// the counter starts at zero both times.
fn count_positive(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(142);
    let input: Vec<i32> = r.vec(GRID, &I32_EDGES, |r| r.int(-50, 50) as i32);
    let inp = c.buf(&input)?;
    for launch in 0..2 {
        let out = c.fill(GRID, u32::MAX)?;
        c.launch_1d(GRID, 256, &[Arg::Buffer(out), Arg::Buffer(inp), n_arg(N)])?;
        let got = c.read::<u32>(out)?;
        let counted: Vec<usize> = (0..N).filter(|&i| input[i] > 0).collect();
        let want_untouched = tail(GRID, GRID, 0, |i| {
            if counted.contains(&i) {
                got[i]
            } else {
                u32::MAX
            }
        });
        expect(
            &format!("untouched (launch {launch})"),
            &got,
            &want_untouched,
        )?;
        let mut seen: Vec<u32> = counted.iter().map(|&i| got[i]).collect();
        seen.sort_unstable();
        let want: Vec<u32> = (0..counted.len() as u32).collect();
        expect(
            &format!("sorted old values (launch {launch})"),
            &seen,
            &want,
        )?;
    }
    Ok(())
}

fn pointer_table(c: &mut Ctx) -> Result<(), String> {
    let lut: Vec<i32> = (0..16).map(|k| k * k).collect();
    let bias = [10, -20, 30, -40];
    let mut r = Rng::new(143);
    let input: Vec<u32> = r.vec(GRID, &[0, u32::MAX], |r| r.u32());
    let out = c.fill(GRID, 0x5a5a_5a5a)?;
    let inp = c.buf(&input)?;
    c.launch_1d(GRID, 256, &[Arg::Buffer(out), Arg::Buffer(inp), n_arg(N)])?;
    let want = tail(N, GRID, 0x5a5a_5a5a, |i| {
        let k = input[i] as usize;
        lut[(k & 1) * 8 + ((k >> 1) & 7)] + bias[((k >> 4) & 1) * 2 + ((k >> 5) & 1)]
    });
    expect("out", &c.read::<i32>(out)?, &want)
}
