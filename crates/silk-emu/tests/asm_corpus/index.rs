//! Multi-dimensional indexing: `index_2d.hip`, `index_3d.hip`,
//! `lds_transpose.hip`.

use super::harness::*;
use silk_emu::Arg;

pub const REFS: &[(&str, Check)] = &[
    ("transpose_2d", transpose_2d),
    ("stencil_3d", stencil_3d),
    ("transpose_lds", transpose_lds),
];

/// A 37 x 23 matrix in 16 x 16 workgroups: partial workgroups on both
/// axes.
fn transpose_2d(c: &mut Ctx) -> Result<(), String> {
    let (w, h) = (37usize, 23usize);
    let mut r = Rng::new(151);
    let input: Vec<f32> = r.vec(w * h, &F32_EDGES, |r| r.f32_any());
    let out = c.fill(w * h + 64, 0.125f32)?;
    let inp = c.buf(&input)?;
    let args = [
        Arg::Buffer(out),
        Arg::Buffer(inp),
        Arg::I32(w as i32),
        Arg::I32(h as i32),
    ];
    c.launch([48, 32, 1], [16, 16, 1], &args)?;
    let mut want = vec![0.125f32; w * h + 64];
    for y in 0..h {
        for x in 0..w {
            want[x * h + y] = input[y * w + x];
        }
    }
    expect("out", &c.read::<f32>(out)?, &want)
}

/// clang rounds `0.4*in[p] + 0.1*sum` differently per processor: gfx942
/// multiplies both terms (one `v_pk_mul_f32`) and adds, three roundings;
/// GFX11 fuses the first product into the add (`v_fmamk_f32`). The sum of
/// the six neighbours is added left to right as written. A 9 x 7 x 6 grid
/// in 8 x 8 x 4 workgroups; boundary points keep their sentinel.
fn stencil_3d(c: &mut Ctx) -> Result<(), String> {
    let (nx, ny, nz) = (9usize, 7usize, 6usize);
    let mut r = Rng::new(152);
    let mut edges = F32_EDGES.to_vec();
    edges.resize(nx * ny * 2, 1.0);
    let input: Vec<f32> = r.vec(nx * ny * nz, &edges, |r| r.float(-100.0, 100.0) as f32);
    let out = c.fill(nx * ny * nz, 0.125f32)?;
    let inp = c.buf(&input)?;
    let args = [
        Arg::Buffer(out),
        Arg::Buffer(inp),
        Arg::I32(nx as i32),
        Arg::I32(ny as i32),
        Arg::I32(nz as i32),
    ];
    c.launch([16, 8, 8], [8, 8, 4], &args)?;
    let mut want = vec![0.125f32; nx * ny * nz];
    let f = |p: usize| input[p];
    for z in 1..nz - 1 {
        for y in 1..ny - 1 {
            for x in 1..nx - 1 {
                let p = (z * ny + y) * nx + x;
                let sum =
                    f(p - 1) + f(p + 1) + f(p - nx) + f(p + nx) + f(p - nx * ny) + f(p + nx * ny);
                want[p] = if c.gfx942() {
                    0.4f32 * f(p) + 0.1f32 * sum
                } else {
                    f(p).mul_add(0.4, 0.1 * sum)
                };
            }
        }
    }
    expect("out", &c.read::<f32>(out)?, &want)
}

/// 64 x 96 through 32 x 32 LDS tiles (32 x 8 workgroups).
fn transpose_lds(c: &mut Ctx) -> Result<(), String> {
    let (w, h) = (64usize, 96usize);
    let mut r = Rng::new(153);
    let input: Vec<f32> = r.vec(w * h, &F32_EDGES, |r| r.f32_any());
    let out = c.fill(w * h, 0.125f32)?;
    let inp = c.buf(&input)?;
    let args = [
        Arg::Buffer(out),
        Arg::Buffer(inp),
        Arg::I32(w as i32),
        Arg::I32(h as i32),
    ];
    c.launch([w as u32, h as u32 / 4, 1], [32, 8, 1], &args)?;
    let mut want = vec![0.0f32; w * h];
    for y in 0..h {
        for x in 0..w {
            want[x * h + y] = input[y * w + x];
        }
    }
    expect("out", &c.read::<f32>(out)?, &want)
}
