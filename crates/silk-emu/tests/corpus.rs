//! silk-emu's own clang-compiled corpus (tests/data/hip, regen.sh beside
//! it): reductions with LDS and barriers, atomics, divergent loops,
//! cross-lane ops, IEEE math, 64-bit math, on every processor and wave size.

use silk_amdgpu::target::Processor;
use silk_emu::{Arg, Buffer, Emulator, Error};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/hip/objects");

const TARGETS: [(Processor, &str); 4] = [
    (Processor::Gfx942, "kernels-gfx942"),
    (Processor::Gfx1100, "kernels-gfx1100"),
    (Processor::Gfx1151, "kernels-gfx1151"),
    (Processor::Gfx1100, "kernels-gfx1100-w64"),
];

fn object(name: &str) -> Vec<u8> {
    std::fs::read(format!("{DIR}/{name}.hsaco")).expect("corpus object")
}

fn words<T: Copy>(e: &Emulator, b: Buffer, f: impl Fn([u8; 4]) -> T) -> Vec<T> {
    e.read(b)
        .unwrap()
        .chunks_exact(4)
        .map(|c| f(c.try_into().unwrap()))
        .collect()
}

fn bytes_u32(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
fn bytes_f32(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn each(f: impl Fn(&mut Emulator, &[u8], &str) -> Result<(), Error>) {
    for (p, name) in TARGETS {
        let obj = object(name);
        let mut emu = Emulator::new(p);
        f(&mut emu, &obj, name).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

/// CPU reference of `valu_loop`.
pub fn valu_loop_ref(t: u32, iters: i32) -> (f32, u32) {
    let (mut a, mut b, mut c) = (t as f32 * 0.5, 1.0001f32, 0.25f32);
    let mut x = t;
    for _ in 0..iters {
        a = a.mul_add(b, c);
        c = c.mul_add(0.999, a * 1e-3);
        x = x.wrapping_mul(1664525).wrapping_add(1013904223);
        b += (x >> 28) as f32 * 1e-6;
    }
    (a + c, x)
}

#[test]
fn valu_loop_bit_exact() {
    each(|emu, obj, name| {
        let n = 512;
        let out = emu.alloc(4 * n)?;
        let iout = emu.alloc(4 * n)?;
        emu.launch(
            obj,
            "valu_loop",
            [n as u32, 1, 1],
            [256, 1, 1],
            &[Arg::Buffer(out), Arg::Buffer(iout), Arg::I32(37)],
        )?;
        let f = words(emu, out, f32::from_le_bytes);
        let x = words(emu, iout, u32::from_le_bytes);
        for t in 0..n as u32 {
            let (wf, wx) = valu_loop_ref(t, 37);
            assert_eq!(f[t as usize].to_bits(), wf.to_bits(), "{name} {t}");
            assert_eq!(x[t as usize], wx, "{name} {t}");
        }
        Ok(())
    });
}

#[test]
fn reduce_sum_with_lds_and_barriers() {
    each(|emu, obj, name| {
        let input: Vec<u32> = (0..1024u32)
            .map(|i| i.wrapping_mul(2654435761) >> 8)
            .collect();
        let inp = emu.alloc_bytes(&bytes_u32(&input))?;
        let out = emu.alloc(16)?;
        let stats = emu.launch(
            obj,
            "reduce_sum",
            [1024, 1, 1],
            [256, 1, 1],
            &[Arg::Buffer(inp), Arg::Buffer(out)],
        )?;
        let got = words(emu, out, u32::from_le_bytes);
        for g in 0..4 {
            let want = input[g * 256..(g + 1) * 256]
                .iter()
                .fold(0u32, |a, &b| a.wrapping_add(b));
            assert_eq!(got[g], want, "{name} group {g}");
        }
        assert!(stats.lds > 0);
        Ok(())
    });
}

#[test]
fn histogram_atomics() {
    each(|emu, obj, name| {
        let input: Vec<u32> = (0..768u32).map(|i| i * 7 + i / 5).collect();
        let inp = emu.alloc_bytes(&bytes_u32(&input))?;
        let bins = emu.alloc(64)?;
        let count = emu.alloc(4)?;
        emu.launch(
            obj,
            "histogram",
            [768, 1, 1],
            [256, 1, 1],
            &[Arg::Buffer(inp), Arg::Buffer(bins), Arg::Buffer(count)],
        )?;
        let mut want = [0u32; 16];
        for v in &input {
            want[(v & 15) as usize] += 1;
        }
        assert_eq!(
            words(emu, bins, u32::from_le_bytes),
            want.to_vec(),
            "{name}"
        );
        let total = input.iter().fold(0u32, |a, &b| a.wrapping_add(b));
        assert_eq!(words(emu, count, u32::from_le_bytes)[0], total, "{name}");
        Ok(())
    });
}

#[test]
fn collatz_divergent_loop() {
    each(|emu, obj, name| {
        let input: Vec<u32> = (1..=256u32).collect();
        let inp = emu.alloc_bytes(&bytes_u32(&input))?;
        let out = emu.alloc(4 * 256)?;
        emu.launch(
            obj,
            "collatz",
            [256, 1, 1],
            [256, 1, 1],
            &[Arg::Buffer(inp), Arg::Buffer(out)],
        )?;
        let got = words(emu, out, u32::from_le_bytes);
        for (i, &n0) in input.iter().enumerate() {
            let (mut n, mut s) = (n0, 0);
            while n != 1 && s < 1000 {
                n = if n & 1 != 0 { 3 * n + 1 } else { n / 2 };
                s += 1;
            }
            assert_eq!(got[i], s, "{name} n={n0}");
        }
        Ok(())
    });
}

#[test]
fn cross_lane_bpermute_and_dpp() {
    each(|emu, obj, name| {
        let input: Vec<u32> = (0..256u32).map(|i| i * i + 3).collect();
        let inp = emu.alloc_bytes(&bytes_u32(&input))?;
        let out = emu.alloc(4 * 256)?;
        let dpp = emu.alloc(4 * 256)?;
        emu.launch(
            obj,
            "cross_lane",
            [256, 1, 1],
            [256, 1, 1],
            &[Arg::Buffer(inp), Arg::Buffer(out), Arg::Buffer(dpp)],
        )?;
        let got = words(emu, out, u32::from_le_bytes);
        let gotd = words(emu, dpp, u32::from_le_bytes);
        for i in 0..256 {
            // XOR butterfly over masks 1..8 sums each aligned group of 16.
            let g = i & !15;
            let want = input[g..g + 16]
                .iter()
                .fold(0u32, |a, &b| a.wrapping_add(b));
            assert_eq!(got[i], want, "{name} sum {i}");
            let wd = if i % 16 == 0 { 0 } else { input[i - 1] };
            assert_eq!(gotd[i], wd, "{name} dpp {i}");
        }
        Ok(())
    });
}

fn ulps(a: f32, b: f32) -> u32 {
    (a.to_bits() as i64 - b.to_bits() as i64).unsigned_abs() as u32
}

#[test]
fn float_math_ieee_and_transcendentals() {
    each(|emu, obj, name| {
        let n = 256;
        let a: Vec<f32> = (0..n).map(|i| (i as f32 - 100.0) * 1.37).collect();
        let b: Vec<f32> = (0..n).map(|i| 0.3 + i as f32 * 2.1).collect();
        let ab = emu.alloc_bytes(&bytes_f32(&a))?;
        let bb = emu.alloc_bytes(&bytes_f32(&b))?;
        let (q, r, e, i) = (
            emu.alloc(4 * n as u64)?,
            emu.alloc(4 * n as u64)?,
            emu.alloc(4 * n as u64)?,
            emu.alloc(4 * n as u64)?,
        );
        emu.launch(
            obj,
            "float_math",
            [n as u32, 1, 1],
            [256, 1, 1],
            &[
                Arg::Buffer(ab),
                Arg::Buffer(bb),
                Arg::Buffer(q),
                Arg::Buffer(r),
                Arg::Buffer(e),
                Arg::Buffer(i),
            ],
        )?;
        let (qv, rv, ev, iv) = (
            words(emu, q, f32::from_le_bytes),
            words(emu, r, f32::from_le_bytes),
            words(emu, e, f32::from_le_bytes),
            words(emu, i, i32::from_le_bytes),
        );
        for k in 0..n {
            assert_eq!(qv[k].to_bits(), (a[k] / b[k]).to_bits(), "{name} div {k}");
            assert_eq!(rv[k].to_bits(), b[k].sqrt().to_bits(), "{name} sqrt {k}");
            // v_exp_f32: documented 1 ULP.
            let we = ((a[k] * 0.01) as f64).exp2() as f32;
            assert!(ulps(ev[k], we) <= 1, "{name} exp2 {k}: {} vs {we}", ev[k]);
            assert_eq!(
                iv[k],
                (a[k] * 3.0) as i32 + b[k].floor() as i32,
                "{name} cvt {k}"
            );
        }
        Ok(())
    });
}

#[test]
fn int64_and_double_math() {
    each(|emu, obj, name| {
        let n = 256usize;
        let a: Vec<u64> = (0..n as u64)
            .map(|i| i.wrapping_mul(0x1234_5678_9abc_def1) ^ (i << 40))
            .collect();
        let ab = emu.alloc_bytes(&a.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<_>>())?;
        let out = emu.alloc(8 * n as u64)?;
        let d = emu.alloc(8 * n as u64)?;
        emu.launch(
            obj,
            "int64_math",
            [n as u32, 1, 1],
            [256, 1, 1],
            &[Arg::Buffer(ab), Arg::Buffer(out), Arg::Buffer(d)],
        )?;
        let o: Vec<u64> = emu
            .read(out)?
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
            .collect();
        let dv: Vec<f64> = emu
            .read(d)?
            .chunks_exact(8)
            .map(|c| f64::from_le_bytes(c.try_into().unwrap()))
            .collect();
        for k in 0..n {
            let x = a[k];
            let want = x
                .wrapping_mul(0x9E3779B97F4A7C15)
                .wrapping_add(x >> 17)
                .wrapping_sub(x / 7);
            assert_eq!(o[k], want, "{name} int64 {k}");
            // clang contracts the multiply-add (HIP's default -ffp-contract=fast).
            let wd = (x as f64).mul_add(1.5, 1.0 / ((x | 1) as f64));
            assert_eq!(dv[k].to_bits(), wd.to_bits(), "{name} f64 {k}");
        }
        Ok(())
    });
}
