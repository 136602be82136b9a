//! Element-wise float kernels: `ew_bf16.hip`, `ew_f16.hip`, `ew_f32.hip`,
//! `ew_f64.hip`, `ew_f64_div.hip`. HIP compiles with
//! `-ffp-contract=fast`, so clang fuses products into adds; each
//! reference computes the fused operations the objects contain (the same
//! on every processor here).

use super::harness::*;
use silk_emu::Arg;

pub const REFS: &[(&str, Check)] = &[
    ("ew_mul_bf16", ew_mul_bf16),
    ("ew_mul_add_f16", ew_mul_add_f16),
    ("ew_add_half2", ew_add_half2),
    ("ew_add_f32", ew_add_f32),
    ("ew_fma_f32", ew_fma_f32),
    ("ew_fma_f64", ew_fma_f64),
    ("ew_div_sqrt_f64", ew_div_sqrt_f64),
];

/// Runs an element-wise kernel `(out, inputs..., n)` over `N` of `GRID`
/// elements and checks `out` against `f` (the tail keeps `sentinel`).
fn elementwise<I: Elem, O: Elem>(
    c: &mut Ctx,
    inputs: &[Vec<I>],
    sentinel: O,
    f: impl Fn(usize) -> O,
) -> Result<(), String> {
    let out = c.fill(GRID, sentinel)?;
    let mut args = vec![Arg::Buffer(out)];
    for v in inputs {
        args.push(Arg::Buffer(c.buf(v)?));
    }
    args.push(n_arg(N));
    c.launch_1d(GRID, 256, &args)?;
    expect("out", &c.read::<O>(out)?, &tail(N, GRID, sentinel, f))
}

/// Two input streams whose first elements pair every edge value with
/// every other.
fn edge_pairs<T: Copy>(
    edges: &[T],
    n: usize,
    gen: impl Fn(&mut Rng) -> T,
    seed: u64,
) -> [Vec<T>; 2] {
    let mut r = Rng::new(seed);
    let k = edges.len();
    let a = (0..n)
        .map(|i| if i < k * k { edges[i / k] } else { gen(&mut r) })
        .collect();
    let b = (0..n)
        .map(|i| if i < k * k { edges[i % k] } else { gen(&mut r) })
        .collect();
    [a, b]
}

fn bf16_value(r: &mut Rng) -> Bf {
    match r.u32() % 4 {
        0 => Bf(r.u32() as u16),
        _ => Bf(bf_round(r.float(-300.0, 300.0) as f32)),
    }
}

/// `v_fma_f32` (a*b + 1.0) then the integer round-to-nearest-even to
/// bf16 clang emits (NaN quieted).
fn ew_mul_bf16(c: &mut Ctx) -> Result<(), String> {
    let edges: Vec<Bf> = [
        0x7fc0, 0x7f81, 0x7f80, 0xff80, 0, 0x8000, 1, 0x807f, 0x7f7f, 0x3f80, 0xbf80, 0x3f81,
    ]
    .map(Bf)
    .to_vec();
    let [a, b] = edge_pairs(&edges, GRID, bf16_value, 101);
    let (x, y) = (a.clone(), b.clone());
    elementwise(c, &[a, b], Bf(0x1234), |i| {
        Bf(bf_round(bf_to_f32(x[i].0).mul_add(bf_to_f32(y[i].0), 1.0)))
    })
}

fn f16_value(r: &mut Rng) -> H {
    match r.u32() % 4 {
        0 => H(r.u32() as u16),
        _ => H(h(r.float(-300.0, 300.0))),
    }
}

/// `a*b + a` fused: `v_fma_f16` / `v_fmac_f16`, one rounding.
fn ew_mul_add_f16(c: &mut Ctx) -> Result<(), String> {
    let edges = H_EDGES.map(H).to_vec();
    let [a, b] = edge_pairs(&edges, GRID, f16_value, 102);
    let (x, y) = (a.clone(), b.clone());
    elementwise(c, &[a, b], H(0x1234), |i| H(h_fma(x[i].0, y[i].0, x[i].0)))
}

/// Pairs of f16 added lane-wise (`v_pk_add_f16`).
fn ew_add_half2(c: &mut Ctx) -> Result<(), String> {
    let edges = H_EDGES.map(H).to_vec();
    let [a, b] = edge_pairs(&edges, 2 * GRID, f16_value, 103);
    let (x, y) = (a.clone(), b.clone());
    let got = c.run_out_a_b(2 * GRID, H(0x1234), &a, &b)?;
    let want = tail(2 * N, 2 * GRID, H(0x1234), |i| H(h_add(x[i].0, y[i].0)));
    expect("out", &got, &want)
}

fn f32_value(r: &mut Rng) -> f32 {
    r.f32_any()
}

fn ew_add_f32(c: &mut Ctx) -> Result<(), String> {
    let [a, b] = edge_pairs(&F32_EDGES, GRID, f32_value, 104);
    let (x, y) = (a.clone(), b.clone());
    elementwise(c, &[a, b], 0.125f32, |i| x[i] + y[i])
}

/// `fma(a, b, c)` then `* 0.5 - min(a, c)` fused into a second fma; the
/// min is `v_min_f32` on the canonicalized operands ([`hw_min`]).
fn ew_fma_f32(c: &mut Ctx) -> Result<(), String> {
    let [a, b] = edge_pairs(&F32_EDGES, GRID, f32_value, 105);
    let mut r = Rng::new(106);
    let cc: Vec<f32> = (0..GRID)
        .map(|i| {
            if i % 3 == 0 {
                F32_EDGES[i / 3 % F32_EDGES.len()]
            } else {
                r.f32_any()
            }
        })
        .collect();
    let (x, y, z) = (a.clone(), b.clone(), cc.clone());
    elementwise(c, &[a, b, cc], 0.125f32, |i| {
        let m = hw_min(x[i] as f64, z[i] as f64) as f32;
        x[i].mul_add(y[i], z[i]).mul_add(0.5, -m)
    })
}

/// `fma(a, b, c) - a*0.25` as two fmas: `fma(-0.25, a, fma(a, b, c))`.
/// `c` is a by-value argument: two launches, an ordinary one and NaN.
fn ew_fma_f64(c: &mut Ctx) -> Result<(), String> {
    let gen = |r: &mut Rng| match r.u32() % 3 {
        0 => f64::from_bits(r.u64()),
        _ => r.float(-1e6, 1e6),
    };
    let [a, b] = edge_pairs(&F64_EDGES, GRID, gen, 107);
    for cv in [1.5e-3, f64::NAN, -0.0] {
        let out = c.fill(GRID, 0.125f64)?;
        let (ab, bb) = (c.buf(&a)?, c.buf(&b)?);
        let args = [
            Arg::Buffer(out),
            Arg::Buffer(ab),
            Arg::Buffer(bb),
            Arg::F64(cv),
            n_arg(N),
        ];
        c.launch_1d(GRID, 256, &args)?;
        let want = tail(N, GRID, 0.125, |i| {
            (-0.25f64).mul_add(a[i], a[i].mul_add(b[i], cv))
        });
        expect(&format!("out (c = {cv})"), &c.read::<f64>(out)?, &want)?;
    }
    Ok(())
}

/// IEEE-correct division and square root (correctly rounded) then one
/// add.
fn ew_div_sqrt_f64(c: &mut Ctx) -> Result<(), String> {
    let gen = |r: &mut Rng| match r.u32() % 3 {
        0 => f64::from_bits(r.u64()),
        _ => r.float(-1e6, 1e6),
    };
    let [a, b] = edge_pairs(&F64_EDGES, GRID, gen, 108);
    let (x, y) = (a.clone(), b.clone());
    elementwise(c, &[a, b], 0.125f64, |i| x[i] / y[i] + x[i].abs().sqrt())
}
