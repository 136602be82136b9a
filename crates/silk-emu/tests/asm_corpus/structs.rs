//! Structs: by-value aggregates (`struct_args.hip`) and an array of
//! structs updated in place (`struct_soa.hip`).

use super::harness::*;
use silk_emu::Arg;

pub const REFS: &[(&str, Check)] = &[
    ("struct_args", struct_args),
    ("particles_step", particles_step),
];

/// `Params { double scale; int count; char tag; }` (16 bytes) and
/// `Big { long long v[5]; }` by value. The double expression is evaluated
/// left to right with `in*scale + count` fused (`v_fma_f64`), each
/// integer converted to double exactly or rounded once (i64), then
/// rounded to f32.
fn struct_args(c: &mut Ctx) -> Result<(), String> {
    let (scale, count, tag, ch) = (-1.75f64, -123456i32, -100i8, 77i8);
    let big = [i64::MIN, -1, (1 << 53) + 1, 12345, i64::MAX];
    let z = -(1i64 << 40) - 3;
    let mut params = scale.to_le_bytes().to_vec();
    params.extend(count.to_le_bytes());
    params.extend([tag as u8, 0, 0, 0]);
    let big_bytes: Vec<u8> = big.iter().flat_map(|v| v.to_le_bytes()).collect();
    let mut r = Rng::new(281);
    let input: Vec<f64> = r.vec(128, &F64_EDGES, |r| r.float(-1e6, 1e6));
    let out = c.fill(128, 0.125f32)?;
    let inp = c.buf(&input)?;
    let args = [
        Arg::Bytes(params),
        Arg::Bytes(vec![ch as u8]),
        Arg::Buffer(out),
        Arg::Bytes(big_bytes),
        Arg::Buffer(inp),
        Arg::I64(z),
    ];
    c.launch_1d(100, 100, &args)?;
    let want = tail(100, 128, 0.125, |t| {
        (input[t].mul_add(scale, count as f64)
            + tag as f64
            + ch as f64
            + big[t % 5] as f64
            + z as f64) as f32
    });
    expect("out", &c.read::<f32>(out)?, &want)
}

/// `Particle { float x, y, z, vx, vy, vz; int alive; short kind; }`, 32
/// bytes. Positions step by `fma(dt, v, p)`; `vz -= 9.81*dt` is
/// `fma(dt, -9.81, vz)`; a bounce negates z and halves the negated vz.
fn particles_step(c: &mut Ctx) -> Result<(), String> {
    const SIZE: usize = 32;
    let mut r = Rng::new(282);
    let mut bytes = Vec::with_capacity(GRID * SIZE);
    for i in 0..GRID {
        let mut fields: Vec<f32> = (0..6).map(|_| r.float(-10.0, 10.0) as f32).collect();
        if let Some(&z) = F32_EDGES.get(i) {
            fields[2] = z;
        }
        for v in fields {
            bytes.extend(v.to_le_bytes());
        }
        let alive: i32 = [0, 1, -5][r.u32() as usize % 3];
        bytes.extend(alive.to_le_bytes());
        let kind = if i % 7 == 0 { i16::MAX } else { r.u32() as i16 };
        bytes.extend(kind.to_le_bytes());
        bytes.extend((r.u32() as u16).to_le_bytes());
    }
    let dt = 0.3f32;
    let p = c.buf(&bytes)?;
    c.launch_1d(GRID, 256, &[Arg::Buffer(p), Arg::F32(dt), n_arg(N)])?;
    let mut want = bytes.clone();
    for i in 0..N {
        let q = &mut want[i * SIZE..(i + 1) * SIZE];
        let f = |q: &[u8], k: usize| f32::from_le_bytes(q[4 * k..4 * k + 4].try_into().unwrap());
        if i32::from_le_bytes(q[24..28].try_into().unwrap()) == 0 {
            continue;
        }
        let mut v: Vec<f32> = (0..6).map(|k| f(q, k)).collect();
        for k in 0..3 {
            v[k] = dt.mul_add(v[k + 3], v[k]);
        }
        v[5] = dt.mul_add(-9.81, v[5]);
        let mut kind = i16::from_le_bytes(q[28..30].try_into().unwrap());
        if v[2] < 0.0 {
            v[2] = -v[2];
            v[5] = -v[5] * 0.5;
            kind = kind.wrapping_add(1);
        }
        for (k, x) in v.iter().enumerate() {
            q[4 * k..4 * k + 4].copy_from_slice(&x.to_le_bytes());
        }
        q[28..30].copy_from_slice(&kind.to_le_bytes());
    }
    let words = |b: &[u8]| {
        b.chunks_exact(4)
            .map(|w| u32::from_le_bytes(w.try_into().unwrap()))
            .collect::<Vec<_>>()
    };
    let got = c.read::<u8>(p)?;
    // Floats compared as floats (a NaN is any NaN), the rest as bytes.
    for i in 0..GRID {
        let (g, w) = (
            &got[i * SIZE..(i + 1) * SIZE],
            &want[i * SIZE..(i + 1) * SIZE],
        );
        let fl = |b: &[u8]| {
            words(&b[..24])
                .into_iter()
                .map(f32::from_bits)
                .collect::<Vec<_>>()
        };
        expect(&format!("particle {i} floats"), &fl(g), &fl(w))?;
        expect(
            &format!("particle {i} alive, kind, padding"),
            &g[24..],
            &w[24..],
        )?;
    }
    Ok(())
}
