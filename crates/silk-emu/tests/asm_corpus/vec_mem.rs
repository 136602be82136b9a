//! Memory widths: `vec_mem.hip` (float4 and byte/short accesses) and
//! `vector_add.hip`.

use super::harness::*;
use silk_emu::Arg;

pub const REFS: &[(&str, Check)] = &[
    ("scale_float4", scale_float4),
    ("bytes_shorts", bytes_shorts),
    ("vector_add", vector_add),
];

fn scale_float4(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(301);
    let input: Vec<f32> = r.vec(4 * GRID, &F32_EDGES, |r| r.f32_any());
    for s in [1.5f32, -0.0, f32::INFINITY, 1e-40] {
        let out = c.fill(4 * GRID, 0.125f32)?;
        let inp = c.buf(&input)?;
        c.launch_1d(
            GRID,
            256,
            &[Arg::Buffer(out), Arg::Buffer(inp), Arg::F32(s), n_arg(N)],
        )?;
        let want = tail(4 * N, 4 * GRID, 0.125, |k| input[k] * s);
        expect(&format!("out (s = {s})"), &c.read::<f32>(out)?, &want)?;
    }
    Ok(())
}

fn bytes_shorts(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(302);
    let bi: Vec<u8> = r.vec(GRID, &[0, 255, 127, 128], |r| r.u32() as u8);
    let si: Vec<i16> = r.vec(GRID, &[0, -1, i16::MIN, i16::MAX, 10923, -10923], |r| {
        r.u32() as i16
    });
    let (b, s) = (c.fill(GRID, 0x5au8)?, c.fill(GRID, 0x5a5ai16)?);
    let args = [
        Arg::Buffer(b),
        Arg::Buffer(s),
        Arg::Buffer(c.buf(&bi)?),
        Arg::Buffer(c.buf(&si)?),
        n_arg(N),
    ];
    c.launch_1d(GRID, 256, &args)?;
    expect(
        "b",
        &c.read::<u8>(b)?,
        &tail(N, GRID, 0x5a, |i| bi[i].wrapping_add(1)),
    )?;
    expect(
        "s",
        &c.read::<i16>(s)?,
        &tail(N, GRID, 0x5a5a, |i| si[i].wrapping_mul(-3)),
    )
}

/// `out[i] += in[i]` for i = TID_X + BID_X*256 < n, workgroups of 256.
fn vector_add(c: &mut Ctx) -> Result<(), String> {
    let mut r = Rng::new(303);
    let (input, out0) = r.edge_pairs(GRID, &F32_EDGES, |r| r.f32_any());
    let out = c.buf(&out0)?;
    let inp = c.buf(&input)?;
    c.launch_1d(GRID, 256, &[Arg::Buffer(out), Arg::Buffer(inp), n_arg(N)])?;
    let want: Vec<f32> = (0..GRID)
        .map(|i| if i < N { out0[i] + input[i] } else { out0[i] })
        .collect();
    expect("out", &c.read::<f32>(out)?, &want)
}
