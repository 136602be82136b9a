//! MFMA on gfx942 (the golden `mfma_tile` kernel) and WMMA on gfx1100
//! (tests/data/hip/wmma.gfx1100.hip), against CPU matrix products. Inputs
//! are small integers so every sum is exact and the result bit-exact.

use silk_amdgpu::target::Processor;
use silk_emu::{Arg, Emulator};

fn h(x: f32) -> [u8; 2] {
    silk_emu::exec::f16_from_f32(x).to_le_bytes()
}

#[test]
fn mfma_f32_16x16x16_f16_layout() {
    let obj = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../silk-amdgpu/tests/data/hip/objects/mfma-gfx942.hsaco"
    ))
    .unwrap();
    let steps = 2usize;
    // a[s*64 + lane][e]: 4 halves per lane per step.
    let av = |s: usize, l: usize, e: usize| ((s * 7 + l * 3 + e) % 9) as f32 - 4.0;
    let bv = |s: usize, l: usize, e: usize| ((s * 5 + l + 2 * e) % 7) as f32 - 3.0;
    let mut a = Vec::new();
    let mut b = Vec::new();
    for s in 0..steps {
        for l in 0..64 {
            for e in 0..4 {
                a.extend_from_slice(&h(av(s, l, e)));
                b.extend_from_slice(&h(bv(s, l, e)));
            }
        }
    }
    let mut emu = Emulator::new(Processor::Gfx942);
    let ab = emu.alloc_bytes(&a).unwrap();
    let bb = emu.alloc_bytes(&b).unwrap();
    let out = emu.alloc(64 * 16).unwrap();
    let stats = emu
        .launch(
            &obj,
            "mfma_tile",
            [64, 1, 1],
            [64, 1, 1],
            &[
                Arg::Buffer(out),
                Arg::Buffer(ab),
                Arg::Buffer(bb),
                Arg::I32(steps as i32),
            ],
        )
        .unwrap();
    assert_eq!(stats.mfma, steps as u64);
    let got: Vec<f32> = emu
        .read(out)
        .unwrap()
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    for l in 0..64 {
        for r in 0..4 {
            let (i, j) = ((l / 16) * 4 + r, l % 16);
            let mut want = 0f32;
            for s in 0..steps {
                for k in 0..16 {
                    want += av(s, i + 16 * (k / 4), k % 4) * bv(s, j + 16 * (k / 4), k % 4);
                }
            }
            assert_eq!(got[l * 4 + r], want, "lane {l} reg {r}");
        }
    }
}

#[test]
fn wmma_f32_16x16x16_f16_layout() {
    let obj = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/hip/objects/wmma-gfx1100.hsaco"
    ))
    .unwrap();
    let am = |i: usize, k: usize| ((i * 3 + k) % 5) as f32 - 2.0;
    let bm = |k: usize, j: usize| ((k + 2 * j) % 7) as f32 - 3.0;
    let cm = |l: usize, r: usize| (l + r) as f32;
    let mut a = Vec::new();
    let mut b = Vec::new();
    let mut c = Vec::new();
    for l in 0..32 {
        for k in 0..16 {
            a.extend_from_slice(&h(am(l % 16, k)));
            b.extend_from_slice(&h(bm(k, l % 16)));
        }
        for r in 0..8 {
            c.extend_from_slice(&cm(l, r).to_le_bytes());
        }
    }
    let mut emu = Emulator::new(Processor::Gfx1100);
    let (ab, bb, cb) = (
        emu.alloc_bytes(&a).unwrap(),
        emu.alloc_bytes(&b).unwrap(),
        emu.alloc_bytes(&c).unwrap(),
    );
    emu.launch(
        &obj,
        "wmma_tile",
        [32, 1, 1],
        [32, 1, 1],
        &[Arg::Buffer(ab), Arg::Buffer(bb), Arg::Buffer(cb)],
    )
    .unwrap();
    let got: Vec<f32> = emu
        .read(cb)
        .unwrap()
        .chunks_exact(4)
        .map(|x| f32::from_le_bytes(x.try_into().unwrap()))
        .collect();
    for l in 0..32 {
        for r in 0..8 {
            let (i, j) = (2 * r + l / 16, l % 16);
            let want = cm(l, r) + (0..16).map(|k| am(i, k) * bm(k, j)).sum::<f32>();
            assert_eq!(got[l * 8 + r], want, "lane {l} reg {r}");
        }
    }
}

/// Element types of the MFMA shape test.
#[derive(Clone, Copy, PartialEq)]
enum Ty {
    F32,
    F16,
    Bf16,
    I8,
    Xf32,
    Fp8,
    Bf8,
    F64,
}

impl Ty {
    fn bytes(self) -> usize {
        match self {
            Ty::F32 | Ty::Xf32 => 4,
            Ty::F16 | Ty::Bf16 => 2,
            Ty::I8 | Ty::Fp8 | Ty::Bf8 => 1,
            Ty::F64 => 8,
        }
    }

    /// The bits of the small integer `v` (|v| <= 3) in this type.
    fn encode(self, v: i32) -> u64 {
        // FNUZ 8-bit floats: 1 = 2^0 (exponent = bias), 2 = 2^1, 3 = 1.5 * 2^1.
        let fnuz = |mbits: u32, bias: u32| -> u64 {
            let mag = v.unsigned_abs();
            let code = match mag {
                0 => 0,
                1 => bias << mbits,
                2 => (bias + 1) << mbits,
                _ => (bias + 1) << mbits | 1 << (mbits - 1),
            };
            (code | if v < 0 { 0x80 } else { 0 }) as u64
        };
        match self {
            Ty::F32 | Ty::Xf32 => (v as f32).to_bits() as u64,
            Ty::F16 => silk_emu::exec::f16_from_f32(v as f32) as u64,
            Ty::Bf16 => ((v as f32).to_bits() >> 16) as u64,
            Ty::I8 => v as u8 as u64,
            Ty::Fp8 => fnuz(3, 8),
            Ty::Bf8 => fnuz(2, 16),
            Ty::F64 => (v as f64).to_bits(),
        }
    }
}

/// A gfx942 MFMA kernel of tests/data/hip/mfma.gfx942.hip and its shape.
struct Mfma {
    kernel: &'static str,
    m: usize,
    k: usize,
    blocks: usize,
    a: Ty,
    b: Ty,
}

const fn mf(kernel: &'static str, m: usize, k: usize, blocks: usize, a: Ty, b: Ty) -> Mfma {
    Mfma {
        kernel,
        m,
        k,
        blocks,
        a,
        b,
    }
}

#[test]
fn mfma_shapes_against_cpu_matrix_products() {
    let obj = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/hip/objects/mfma-gfx942.hsaco"
    ))
    .unwrap();
    let cases = [
        mf("f32_32x32x1_2b_f32", 32, 1, 2, Ty::F32, Ty::F32),
        mf("f32_16x16x1_4b_f32", 16, 1, 4, Ty::F32, Ty::F32),
        mf("f32_4x4x1_16b_f32", 4, 1, 16, Ty::F32, Ty::F32),
        mf("f32_32x32x2_f32", 32, 2, 1, Ty::F32, Ty::F32),
        mf("f32_32x32x4_2b_f16", 32, 4, 2, Ty::F16, Ty::F16),
        mf("f32_16x16x4_4b_f16", 16, 4, 4, Ty::F16, Ty::F16),
        mf("f32_4x4x4_16b_f16", 4, 4, 16, Ty::F16, Ty::F16),
        mf("f32_32x32x8_f16", 32, 8, 1, Ty::F16, Ty::F16),
        mf("f32_16x16x4_4b_bf16", 16, 4, 4, Ty::Bf16, Ty::Bf16),
        mf("f32_16x16x16_bf16", 16, 16, 1, Ty::Bf16, Ty::Bf16),
        mf("i32_16x16x4_4b_i8", 16, 4, 4, Ty::I8, Ty::I8),
        mf("i32_32x32x16_i8", 32, 16, 1, Ty::I8, Ty::I8),
        mf("f32_16x16x8_xf32", 16, 8, 1, Ty::Xf32, Ty::Xf32),
        mf("f32_16x16x32_fp8_bf8", 16, 32, 1, Ty::Fp8, Ty::Bf8),
        mf("f32_32x32x16_bf8_fp8", 32, 16, 1, Ty::Bf8, Ty::Fp8),
        mf("f64_16x16x4_f64", 16, 4, 1, Ty::F64, Ty::F64),
        mf("f64_4x4x4_4b_f64", 4, 4, 4, Ty::F64, Ty::F64),
    ];
    for c in cases {
        let (m, n, k, nb) = (c.m, c.m, c.k, c.blocks);
        let kpl = m * k * nb / 64;
        let f64_out = c.a == Ty::F64;
        let out_bytes = if f64_out { 8 } else { 4 };
        let in_lane = c.a.bytes() * kpl;
        let out_lane = m * n * nb * out_bytes / 64;
        let av = |b: usize, i: usize, kk: usize| ((b * 5 + i * 3 + kk * 7) % 7) as i32 - 3;
        let bv = |b: usize, kk: usize, j: usize| ((b * 3 + kk * 5 + j * 2) % 7) as i32 - 3;
        let cv = |b: usize, i: usize, j: usize| ((b + i * 7 + j * 3) % 11) as i32 - 5;
        // Input fragments: A[b][i][k] is element k % kpl of lane
        // i + M*b (+ M*B*(k/kpl) when M*B < 64), B likewise.
        let mut abuf = vec![0u8; 64 * in_lane];
        let mut bbuf = vec![0u8; 64 * in_lane];
        let put = |buf: &mut [u8], lane: usize, e: usize, size: usize, bits: u64| {
            let at = lane * in_lane + e * size;
            buf[at..at + size].copy_from_slice(&bits.to_le_bytes()[..size]);
        };
        for b in 0..nb {
            for i in 0..m {
                for kk in 0..k {
                    let spread = if m * nb < 64 { m * nb * (kk / kpl) } else { 0 };
                    let lane = i + m * b + spread;
                    put(
                        &mut abuf,
                        lane,
                        kk % kpl,
                        c.a.bytes(),
                        c.a.encode(av(b, i, kk)),
                    );
                    put(
                        &mut bbuf,
                        lane,
                        kk % kpl,
                        c.b.bytes(),
                        c.b.encode(bv(b, kk, i)),
                    );
                }
            }
        }
        // Output element [b][i][j]: its register and lane.
        let out_pos = |b: usize, i: usize, j: usize| -> (usize, usize) {
            match (f64_out, m) {
                (true, 16) => (2 * (i / 4), 16 * (i % 4) + j),
                (true, _) => (0, 16 * i + 4 * b + j),
                (false, 32) => (16 * b + 4 * (i / 8) + i % 4, 32 * ((i / 4) % 2) + j),
                (false, 16) => (4 * b + i % 4, 16 * (i / 4) + j),
                _ => (i, 4 * b + j),
            }
        };
        let mut cbuf = vec![0u8; 64 * out_lane];
        let mut want = vec![0u8; 64 * out_lane];
        let out_bits = |v: i32| -> u64 {
            match c.a {
                Ty::F64 => (v as f64).to_bits(),
                Ty::I8 => v as u32 as u64,
                _ => (v as f32).to_bits() as u64,
            }
        };
        for b in 0..nb {
            for i in 0..m {
                for j in 0..n {
                    let (r, lane) = out_pos(b, i, j);
                    let at = lane * out_lane + r * 4;
                    let sum: i32 = (0..k).map(|kk| av(b, i, kk) * bv(b, kk, j)).sum();
                    cbuf[at..at + out_bytes]
                        .copy_from_slice(&out_bits(cv(b, i, j)).to_le_bytes()[..out_bytes]);
                    want[at..at + out_bytes]
                        .copy_from_slice(&out_bits(cv(b, i, j) + sum).to_le_bytes()[..out_bytes]);
                }
            }
        }
        let mut emu = Emulator::new(Processor::Gfx942);
        let (ab, bb, cb) = (
            emu.alloc_bytes(&abuf).unwrap(),
            emu.alloc_bytes(&bbuf).unwrap(),
            emu.alloc_bytes(&cbuf).unwrap(),
        );
        let stats = emu
            .launch(
                &obj,
                c.kernel,
                [64, 1, 1],
                [64, 1, 1],
                &[Arg::Buffer(ab), Arg::Buffer(bb), Arg::Buffer(cb)],
            )
            .unwrap_or_else(|e| panic!("{}: {e}", c.kernel));
        assert_eq!(stats.mfma, 1, "{}", c.kernel);
        let got = emu.read(cb).unwrap();
        for lane in 0..64 {
            let row = &got[lane * out_lane..(lane + 1) * out_lane];
            let exp = &want[lane * out_lane..(lane + 1) * out_lane];
            assert_eq!(row, exp, "{} lane {lane}", c.kernel);
        }
    }
}

/// Run one WMMA kernel: every lane passes `a`/`b` fragments of `in_bytes`
/// and a `c` fragment of `out_regs` dwords; returns D per lane.
fn wmma_run(object: &str, kernel: &str, lanes: usize, a: &[u8], b: &[u8], c: &[u8]) -> Vec<u32> {
    let obj = std::fs::read(format!(
        "{}/tests/data/hip/objects/{object}.hsaco",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let mut emu = Emulator::new(Processor::Gfx1100);
    let (ab, bb, cb) = (
        emu.alloc_bytes(a).unwrap(),
        emu.alloc_bytes(b).unwrap(),
        emu.alloc_bytes(c).unwrap(),
    );
    let n = lanes as u32;
    emu.launch(
        &obj,
        kernel,
        [n, 1, 1],
        [n, 1, 1],
        &[Arg::Buffer(ab), Arg::Buffer(bb), Arg::Buffer(cb)],
    )
    .unwrap_or_else(|e| panic!("{kernel}: {e}"));
    emu.read(cb)
        .unwrap()
        .chunks_exact(4)
        .map(|x| u32::from_le_bytes(x.try_into().unwrap()))
        .collect()
}

#[test]
fn wmma_wave64_and_integer_layouts() {
    // A row i / B column j live in every lane l with l % 16 == i (j); in
    // wave64 D register r of lane l is row 4r + l/16, in wave32 2r + l/16.
    let am = |i: usize, k: usize| ((i * 5 + k * 3) % 9) as i32 - 4;
    let bm = |k: usize, j: usize| ((k * 2 + j * 7) % 9) as i32 - 4;
    let cm = |i: usize, j: usize| (i * 16 + j) as i32 - 100;
    for (object, kernel, lanes, int) in [
        ("wmma64-gfx1100", "wmma_tile64", 64, false),
        ("wmma64-gfx1100", "wmma_iu8_64", 64, true),
        ("wmma-gfx1100", "wmma_iu8", 32, true),
    ] {
        let rows = lanes / 16;
        let out_regs = 16 / rows;
        let (mut a, mut b, mut c) = (Vec::new(), Vec::new(), Vec::new());
        for l in 0..lanes {
            for k in 0..16 {
                if int {
                    // A signed, B unsigned (the kernels' iu8 signs).
                    a.push(am(l % 16, k) as i8 as u8);
                    b.push((bm(k, l % 16) + 4) as u8);
                } else {
                    a.extend_from_slice(&h(am(l % 16, k) as f32));
                    b.extend_from_slice(&h(bm(k, l % 16) as f32));
                }
            }
            for r in 0..out_regs {
                let v = cm(rows * r + l / 16, l % 16);
                let bits = if int { v as u32 } else { (v as f32).to_bits() };
                c.extend_from_slice(&bits.to_le_bytes());
            }
        }
        let got = wmma_run(object, kernel, lanes, &a, &b, &c);
        for l in 0..lanes {
            for r in 0..out_regs {
                let (i, j) = (rows * r + l / 16, l % 16);
                let bj = |k: usize| if int { bm(k, j) + 4 } else { bm(k, j) };
                let sum: i32 = (0..16).map(|k| am(i, k) * bj(k)).sum();
                let want = cm(i, j) + sum;
                let bits = if int {
                    want as u32
                } else {
                    (want as f32).to_bits()
                };
                assert_eq!(got[l * out_regs + r], bits, "{kernel} lane {l} reg {r}");
            }
        }
    }
}
