//! `matmul_tiled.hip`: 16 x 16 LDS tiles. The accumulation order is the
//! source's (`k` tiles in order, `j` in order within a tile), but clang
//! contracts it differently per processor: GFX11 fuses every product
//! (`v_fmac_f32`); gfx942 fuses the first four products of a tile and
//! multiplies the other twelve separately (`v_pk_mul_f32`) before adding.

use super::harness::*;
use silk_emu::Arg;

pub const REFS: &[(&str, Check)] = &[("matmul_tiled", matmul_tiled)];

fn matmul_tiled(c: &mut Ctx) -> Result<(), String> {
    let n = 32usize;
    let mut r = Rng::new(181);
    let a: Vec<f32> = r.vec(n * n, &F32_EDGES[3..], |r| r.float(-2.0, 2.0) as f32);
    let b: Vec<f32> = r.vec(n * n, &[], |r| r.float(-2.0, 2.0) as f32);
    let out = c.fill(n * n, 0.125f32)?;
    let args = [
        Arg::Buffer(out),
        Arg::Buffer(c.buf(&a)?),
        Arg::Buffer(c.buf(&b)?),
        Arg::I32(n as i32),
    ];
    c.launch([n as u32, n as u32, 1], [16, 16, 1], &args)?;
    let fused = if c.gfx942() { 4 } else { 16 };
    let mut want = vec![0f32; n * n];
    for row in 0..n {
        for col in 0..n {
            let mut acc = 0f32;
            for k in (0..n).step_by(16) {
                for j in 0..16 {
                    let (x, y) = (a[row * n + k + j], b[(k + j) * n + col]);
                    acc = if j < fused {
                        x.mul_add(y, acc)
                    } else {
                        acc + x * y
                    };
                }
            }
            want[row * n + col] = acc;
        }
    }
    expect("c", &c.read::<f32>(out)?, &want)
}
