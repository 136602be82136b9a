//! `select.hip`: selects and clamps without branches. The clamps are
//! `v_max_f32` / `v_min_f32` on canonicalized operands ([`hw_max`],
//! [`hw_min`]).

use super::harness::*;
use silk_emu::Arg;

pub const REFS: &[(&str, Check)] = &[("clamp_relu", clamp_relu), ("minmax_u64", minmax_u64)];

fn clamp_relu(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(261);
    let input: Vec<f32> = r.vec(GRID, &F32_EDGES, |r| r.float(-500.0, 500.0) as f32);
    for (lo, hi) in [(-0.5f32, 250.0f32), (f32::NAN, 1.0), (-0.0, 0.0)] {
        let out = c.fill(GRID, 0.125f32)?;
        let inp = c.buf(&input)?;
        let args = [
            Arg::Buffer(out),
            Arg::Buffer(inp),
            Arg::F32(lo),
            Arg::F32(hi),
            n_arg(N),
        ];
        c.launch_1d(GRID, 256, &args)?;
        let want = tail(N, GRID, 0.125, |i| {
            let v = input[i];
            let v = if v > 0.0 { v } else { v * 0.01 };
            hw_min(hw_max(v as f64, lo as f64), hi as f64) as f32
        });
        expect(
            &format!("out (lo {lo}, hi {hi})"),
            &c.read::<f32>(out)?,
            &want,
        )?;
    }
    Ok(())
}

fn minmax_u64(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(262);
    let edges = [
        0u64,
        u64::MAX,
        1 << 63,
        (1 << 63) - 1,
        1 << 32,
        (1 << 32) - 1,
    ];
    let k = edges.len();
    let a: Vec<u64> = (0..GRID)
        .map(|i| {
            if i < k * k {
                edges[i / k]
            } else {
                r.u64() >> (r.u32() % 64)
            }
        })
        .collect();
    let mut b: Vec<u64> = (0..GRID)
        .map(|i| {
            if i < k * k {
                edges[i % k]
            } else {
                r.u64() >> (r.u32() % 64)
            }
        })
        .collect();
    // Equal high halves, differing low halves.
    b[100] = (a[100] & !0xffff_ffff) | 1;
    let got = c.run_out_a_b(2 * GRID, 0x5a5a_5a5au64, &a, &b)?;
    let want = tail(2 * N, 2 * GRID, 0x5a5a_5a5a, |k| {
        let (x, y) = (a[k / 2], b[k / 2]);
        if k % 2 == 0 {
            x.min(y)
        } else {
            x.max(y)
        }
    });
    expect("out", &got, &want)
}
