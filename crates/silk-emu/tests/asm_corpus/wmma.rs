//! GFX11 WMMA in wave32 (`wmma.gfx11.hip`), against matrix products in
//! the RDNA3 ISA §7.9 layouts: lane l holds row l % 16 of A and column
//! l % 16 of B (16 halves each; lanes 16..31 repeat lanes 0..15), and
//! register r of lane l holds D[2r + l / 16][l % 16]. As for MFMA, the
//! inputs are on grids where every sum is exact (in f16 for the f16
//! accumulator), so any summation order gives bit-exact results.

use super::harness::*;
use silk_emu::Arg;

pub const REFS: &[(&str, Check)] = &[
    ("wmma_f32_16x16x16_f16", wmma_f32_16x16x16_f16),
    ("wmma_f16_acc", wmma_f16_acc),
];

/// A 16 x 16 matrix, row-major.
type Matrix = Vec<Vec<f64>>;

/// Fragments of random 16 x 16 matrices with entries `k/4`, |k| <= 8:
/// (A lane-major, B lane-major, A[i][k], B[k][j]).
fn fragments(r: &mut Rng) -> (Vec<H>, Vec<H>, Matrix, Matrix) {
    let mut m = || -> Matrix {
        (0..16)
            .map(|_| (0..16).map(|_| r.int(-8, 8) as f64 / 4.0).collect())
            .collect()
    };
    let (am, bm) = (m(), m());
    let (mut a, mut b) = (vec![], vec![]);
    for l in 0..32 {
        for k in 0..16 {
            a.push(H(h(am[l % 16][k])));
            b.push(H(h(bm[k][l % 16])));
        }
    }
    (a, b, am, bm)
}

fn dot(am: &Matrix, bm: &Matrix, i: usize, j: usize) -> f64 {
    (0..16).map(|k| am[i][k] * bm[k][j]).sum()
}

fn wmma_f32_16x16x16_f16(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(201);
    let (a, b, am, bm) = fragments(&mut r);
    let cin: Vec<f32> = (0..256).map(|_| r.int(-1000, 1000) as f32 / 8.0).collect();
    let want: Vec<f32> = (0..256)
        .map(|at| {
            let (l, reg) = (at / 8, at % 8);
            (cin[at] as f64 + dot(&am, &bm, 2 * reg + l / 16, l % 16)) as f32
        })
        .collect();
    let out = c.fill(256, 0.125f32)?;
    let args = [
        Arg::Buffer(out),
        Arg::Buffer(c.buf(&a)?),
        Arg::Buffer(c.buf(&b)?),
        Arg::Buffer(c.buf(&cin)?),
    ];
    c.launch_1d(32, 32, &args)?;
    expect("out", &c.read::<f32>(out)?, &want)
}

/// `op_sel` 0: D in the low halves (even elements of the `half16`); the
/// high halves keep the zero the accumulator starts with.
fn wmma_f16_acc(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(202);
    let steps = 2;
    let (mut a, mut b) = (vec![], vec![]);
    let mut want = vec![0f64; 512];
    for _ in 0..steps {
        let (sa, sb, am, bm) = fragments(&mut r);
        a.extend(sa);
        b.extend(sb);
        for (at, w) in want.iter_mut().enumerate().filter(|(at, _)| at % 2 == 0) {
            let (l, reg) = (at / 16, at % 16 / 2);
            *w += dot(&am, &bm, 2 * reg + l / 16, l % 16);
        }
    }
    let out = c.fill(512, H(0x1234))?;
    let args = [
        Arg::Buffer(out),
        Arg::Buffer(c.buf(&a)?),
        Arg::Buffer(c.buf(&b)?),
        Arg::I32(steps),
    ];
    c.launch_1d(32, 32, &args)?;
    let want: Vec<H> = want.iter().map(|&x| H(h(x))).collect();
    expect("out", &c.read::<H>(out)?, &want)
}
