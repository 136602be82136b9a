//! Element-wise integer kernels: `ew_i32.hip`, `ew_i64.hip` (the integer
//! division sequences against Rust's division).

use super::harness::*;
use silk_emu::Arg;

pub const REFS: &[(&str, Check)] = &[
    ("ew_ops_i32", ew_ops_i32),
    ("ew_divmod_i32", ew_divmod_i32),
    ("ew_ops_i64", ew_ops_i64),
    ("ew_div_u64", ew_div_u64),
];

/// Random words with random high bits cleared: small and large magnitudes
/// of both signs.
fn word(r: &mut Rng) -> i32 {
    (r.u32() as i32) >> (r.u32() % 32)
}

fn wide(r: &mut Rng) -> i64 {
    (r.u64() as i64) >> (r.u32() % 64)
}

/// `a` and `b` streams whose first elements pair all edge values.
fn pairs<T: Copy>(edges: &[T], n: usize, seed: u64, gen: fn(&mut Rng) -> T) -> (Vec<T>, Vec<T>) {
    let mut r = Rng::new(seed);
    let k = edges.len();
    (0..n)
        .map(|i| {
            if i < k * k {
                (edges[i / k], edges[i % k])
            } else {
                (gen(&mut r), gen(&mut r))
            }
        })
        .unzip()
}

fn ew_ops_i32(c: &mut Ctx) -> Result<(), String> {
    let (a, b) = pairs(&I32_EDGES, GRID, 111, word);
    let got = c.run_out_a_b(GRID, 0x5a5a_5a5a, &a, &b)?;
    let want = tail(N, GRID, 0x5a5a_5a5a, |i| {
        let (x, y) = (a[i], b[i]);
        (x.wrapping_mul(y) ^ (x >> 3))
            .wrapping_add(x.min(y))
            .wrapping_sub(((y as u32) << 2) as i32)
    });
    expect("out", &got, &want)
}

/// C division and remainder; `b` is never 0, and INT_MIN / -1 (undefined
/// in C) is replaced by INT_MIN / 1.
fn ew_divmod_i32(c: &mut Ctx) -> Result<(), String> {
    let (a, mut b) = pairs(&I32_EDGES, GRID, 112, word);
    for i in 0..GRID {
        if b[i] == 0 || (a[i] == i32::MIN && b[i] == -1) {
            b[i] = 1;
        }
    }
    let (q, rem) = (c.fill(GRID, 0x5a5a_5a5a)?, c.fill(GRID, 0x5a5a_5a5a)?);
    let (ab, bb) = (c.buf(&a)?, c.buf(&b)?);
    let args = [
        Arg::Buffer(q),
        Arg::Buffer(rem),
        Arg::Buffer(ab),
        Arg::Buffer(bb),
        n_arg(N),
    ];
    c.launch_1d(GRID, 256, &args)?;
    expect(
        "q",
        &c.read::<i32>(q)?,
        &tail(N, GRID, 0x5a5a_5a5a, |i| a[i] / b[i]),
    )?;
    expect(
        "r",
        &c.read::<i32>(rem)?,
        &tail(N, GRID, 0x5a5a_5a5a, |i| a[i] % b[i]),
    )
}

fn ew_ops_i64(c: &mut Ctx) -> Result<(), String> {
    let (a, b) = pairs(&I64_EDGES, GRID, 113, wide);
    let got = c.run_out_a_b(GRID, 0x5a5a_5a5a_i64, &a, &b)?;
    let want = tail(N, GRID, 0x5a5a_5a5a, |i| {
        let (x, y) = (a[i], b[i]);
        x.wrapping_mul(y)
            .wrapping_add(x >> 7)
            .wrapping_sub(y & 0xffff_0000_ffff)
    });
    expect("out", &got, &want)
}

/// Unsigned 64-bit division, `b` never 0: full-width and 32-bit
/// divisors (the sequence has a 32-bit fast path) and the extremes.
fn ew_div_u64(c: &mut Ctx) -> Result<(), String> {
    let edges = [1u64, 2, 3, u64::MAX, 1 << 63, (1 << 32) - 1, 1 << 32, 0];
    let (a, mut b) = pairs(&edges, GRID, 114, |r| r.u64() >> (r.u32() % 64));
    for x in b.iter_mut() {
        *x = (*x).max(1);
    }
    let got = c.run_out_a_b(GRID, 0x5a5a_5a5a_u64, &a, &b)?;
    let want = tail(N, GRID, 0x5a5a_5a5a, |i| a[i] / b[i]);
    expect("out", &got, &want)
}
