//! `convert.hip`: conversions between widths and kinds.

use super::harness::*;
use silk_emu::Arg;

pub const REFS: &[(&str, Check)] = &[("convert_mix", convert_mix), ("u64_to_f32", u64_to_f32)];

/// `l[i]` is defined only for `x` within the i64 range (the manifest), so
/// the edge values NaN/±inf/±MAX go only through `d`, `h` and `k`; `k`'s
/// `(int)` is `v_cvt_i32_f32` (saturating, NaN to 0, as Rust's `as`).
fn convert_mix(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(71);
    let mut edges = F32_EDGES.to_vec();
    // f16 rounding: ties, overflow to inf, denormal results.
    edges.extend([
        65504.0,
        65519.0,
        65520.0,
        1.0 + 1.0 / 2048.0,
        3e-8,
        -6e-5,
        2.5e38,
    ]);
    let f: Vec<f32> = r.vec(GRID, &edges, |r| match r.u32() % 3 {
        0 => r.float(-70000.0, 70000.0) as f32,
        1 => (r.float(-1.0, 1.0) * 2f64.powi(r.int(-30, 62) as i32)) as f32,
        _ => r.float(-8.0, 8.0) as f32,
    });
    let d = c.fill(GRID, 0.25f64)?;
    let l = c.fill(GRID, 0x5a5a_5a5a_5a5a_5a5ai64)?;
    let hb = c.fill(GRID, H(0x1234))?;
    let k = c.fill(GRID, 0x5a5a_5a5a)?;
    let fb = c.buf(&f)?;
    let args = [
        Arg::Buffer(d),
        Arg::Buffer(l),
        Arg::Buffer(hb),
        Arg::Buffer(k),
        Arg::Buffer(fb),
        n_arg(N),
    ];
    c.launch_1d(GRID, 256, &args)?;
    let in_range = |x: f32| x.is_finite() && (x as f64).abs() < 2f64.powi(61);
    let got_l = c.read::<i64>(l)?;
    let want_d = tail(N, GRID, 0.25, |i| f[i] as f64);
    let want_l = tail(N, GRID, 0x5a5a_5a5a_5a5a_5a5a, |i| {
        if in_range(f[i]) {
            (f[i].trunc() as i64).wrapping_mul(3)
        } else {
            got_l[i]
        }
    });
    let want_h = tail(N, GRID, H(0x1234), |i| H(h(f[i] as f64)));
    let want_k = tail(N, GRID, 0x5a5a_5a5a, |i| {
        (h_to_f64(h(f[i] as f64)) as f32 * 2.0) as i32
    });
    expect("d", &c.read::<f64>(d)?, &want_d)?;
    expect("l", &got_l, &want_l)?;
    expect("h", &c.read::<H>(hb)?, &want_h)?;
    expect("k", &c.read::<i32>(k)?, &want_k)
}

/// Round to nearest even from the u64's bits: Rust's `as f32` rounds so.
fn u64_to_f32(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(72);
    // Ties and near-ties at several magnitudes, and the extremes.
    let edges = [
        0,
        1,
        u64::MAX,
        1 << 63,
        (1 << 24) + 1,
        (1 << 25) + 3,
        (1 << 40) + (1 << 16),
        (1 << 40) + (1 << 16) + 1,
        (1 << 40) + (3 << 16),
        u64::MAX - (1 << 39),
    ];
    let input: Vec<u64> = r.vec(GRID, &edges, |r| r.u64() >> (r.u32() % 64));
    let out = c.fill(GRID, 0.125f32)?;
    let inp = c.buf(&input)?;
    c.launch_1d(GRID, 256, &[Arg::Buffer(out), Arg::Buffer(inp), n_arg(N)])?;
    let want = tail(N, GRID, 0.125, |i| input[i] as f32);
    expect("out", &c.read::<f32>(out)?, &want)
}
