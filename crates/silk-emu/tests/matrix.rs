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
