//! `f16_math.hip`: f16 fmas and a clamp (`v_med3_f16`, whose NaN rule
//! gives the C `fmin(fmax(y, -4), 4)` result: -4 for NaN).

use super::harness::*;
use silk_emu::Arg;

pub const REFS: &[(&str, Check)] = &[("f16_poly", f16_poly)];

fn f16_poly(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(121);
    let input: Vec<H> = r.vec(GRID, &H_EDGES.map(H), |r| match r.u32() % 3 {
        0 => H(r.u32() as u16),
        _ => H(h(r.float(-6.0, 8.0))),
    });
    let out = c.fill(GRID, H(0x1234))?;
    let inp = c.buf(&input)?;
    c.launch_1d(GRID, 256, &[Arg::Buffer(out), Arg::Buffer(inp), n_arg(N)])?;
    let (half, m1, two) = (h(0.5), h(-1.0), h(2.0));
    let want = tail(N, GRID, H(0x1234), |i| {
        let x = input[i].0;
        let y = h_to_f64(h_fma(h_fma(x, half, m1), x, two));
        H(h(hw_min(hw_max(y, -4.0), 4.0)))
    });
    expect("out", &c.read::<H>(out)?, &want)
}
