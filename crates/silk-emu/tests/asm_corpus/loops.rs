//! `loops.hip`: a counted float loop and a data-dependent one.

use super::harness::*;
use silk_emu::Arg;

pub const REFS: &[(&str, Check)] = &[("row_sums", row_sums), ("collatz_steps", collatz_steps)];

/// Sums in column order (no reassociation without fast-math); column
/// counts 7, 1 and 0 (an empty sum is +0).
fn row_sums(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(171);
    let rows = 300;
    for cols in [7usize, 1, 0] {
        let m: Vec<f32> = r.vec(rows * cols.max(1), &F32_EDGES, |r| {
            r.float(-1e3, 1e3) as f32
        });
        let out = c.fill(rows + 20, 0.125f32)?;
        let mb = c.buf(&m)?;
        let args = [
            Arg::Buffer(out),
            Arg::Buffer(mb),
            Arg::I32(rows as i32),
            Arg::I32(cols as i32),
        ];
        c.launch_1d(384, 128, &args)?;
        let want = tail(rows, rows + 20, 0.125, |row| {
            m[row * cols..(row + 1) * cols]
                .iter()
                .fold(0.0f32, |s, &x| s + x)
        });
        expect(
            &format!("out ({cols} columns)"),
            &c.read::<f32>(out)?,
            &want,
        )?;
    }
    Ok(())
}

fn collatz_steps(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(172);
    // 0, 1, a long chain (27: 111 steps), a wrapping one, and values whose
    // chains hit the cap.
    let edges = [0, 1, 2, 27, u32::MAX, 0xaaaa_aaab, 0x5555_5555];
    let input: Vec<u32> = r.vec(300, &edges, |r| r.u32() >> (r.u32() % 32));
    let out = c.fill(320, -1)?;
    let inp = c.buf(&input)?;
    c.launch_1d(
        320,
        64,
        &[Arg::Buffer(out), Arg::Buffer(inp), Arg::I32(300)],
    )?;
    let want = tail(300, 320, -1, |i| {
        let (mut x, mut steps) = (input[i], 0);
        while x > 1 && steps < 1000 {
            x = if x & 1 == 1 {
                x.wrapping_mul(3).wrapping_add(1)
            } else {
                x >> 1
            };
            steps += 1;
        }
        steps
    });
    expect("out", &c.read::<i32>(out)?, &want)
}
