//! `atomics.hip`: an LDS-then-global histogram and a set of returned-value
//! -discarding global atomics, checked by what any order of the atomics
//! gives.

use super::harness::*;
use silk_emu::Arg;

pub const REFS: &[(&str, Check)] = &[("histogram_256", histogram_256), ("atomic_ops", atomic_ops)];

fn histogram_256(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(21);
    // Skewed bytes, so some bins count many and some none.
    let data: Vec<u8> = r.vec(GRID, &[0, 255], |r| {
        let v = r.u32();
        if v % 3 == 0 {
            (v >> 8) as u8 & 7
        } else {
            (v >> 8) as u8
        }
    });
    let start: Vec<u32> = r.vec(256, &[], |r| r.u32() % 1000);
    let hist = c.buf(&start)?;
    let d = c.buf(&data)?;
    c.launch_1d(GRID, 256, &[Arg::Buffer(hist), Arg::Buffer(d), n_arg(N)])?;
    let mut want = start;
    for &v in &data[..N] {
        want[v as usize] += 1;
    }
    expect("hist", &c.read::<u32>(hist)?, &want)
}

/// Two launches: full-range integers (with INT_MIN/INT_MAX) checked on
/// the integer counters; then small integers whose float sum is exact in
/// any order, checked on `fsum` too. `counters[3]` is the index of one
/// of the work-items (which one is the order's choice).
fn atomic_ops(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(22);
    let sets = [
        r.vec(N, &I32_EDGES, |r| r.u32() as i32),
        r.vec(N, &[0, -1], |r| r.int(-1000, 1000) as i32),
    ];
    for (k, input) in sets.iter().enumerate() {
        let start: [i32; 4] = [7, -3, -1, -9];
        let counters = c.buf(&start)?;
        let wide = c.buf(&[0x1_0000_0000u64])?;
        let fsum = c.buf(&[0.5f32])?;
        let inp = c.buf(input)?;
        let args = [
            Arg::Buffer(counters),
            Arg::Buffer(wide),
            Arg::Buffer(fsum),
            Arg::Buffer(inp),
            n_arg(N),
        ];
        c.launch_1d(GRID, 256, &args)?;
        let got = c.read::<i32>(counters)?;
        let v = &input[..N];
        let want = [
            v.iter().fold(start[0], |a, &x| a.wrapping_add(x)),
            v.iter().fold(start[1], |a, &x| a.max(x)),
            v.iter().fold(start[2], |a, &x| a & x),
        ];
        expect("counters[0..3]", &got[..3], &want)?;
        if !(0..N as i32).contains(&got[3]) {
            return Err(format!("counters[3] = {}: not an index below {N}", got[3]));
        }
        let w = v
            .iter()
            .fold(0x1_0000_0000u64, |a, &x| a.wrapping_add(x as i64 as u64));
        expect("wide", &c.read::<u64>(wide)?, &[w])?;
        if k == 1 {
            let s = v.iter().fold(0.5f32, |a, &x| a + x as f32);
            expect("fsum", &c.read::<f32>(fsum)?, &[s])?;
        }
    }
    Ok(())
}
