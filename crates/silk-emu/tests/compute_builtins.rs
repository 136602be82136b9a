//! Clang 22's code for the builtins that select the less common compute
//! opcodes (tests/data/hip/compute_ops.hip, regen.sh beside it), run on
//! every processor and checked against the ISA pseudocode written out on
//! the host: `v_cvt_pknorm_*` / `v_cvt_pk_norm_*`, `v_cvt_pk_u8_f32`,
//! `v_mqsad_u32_u8`, `v_cube{id,sc,tc,ma}_f32`, the GFX11 `v_dot2_{f32_bf16,f16_f16,bf16_bf16}`,
//! `s_sendmsg_rtn_b32`, `ds_append`/`ds_consume`, gfx942's
//! `global_load_lds_*` and `buffer_load_dword ... lds`, and the GFX11
//! `v_wmma_bf16_16x16x16_bf16` and `v_wmma_i32_16x16x16_iu4`; `valu_ops`
//! also runs `s_incperflevel`, `s_decperflevel` and GFX11
//! `s_ttracedata_imm`, which leave the results alone.

use silk_amdgpu::target::Processor;
use silk_emu::exec::{f16_from_f32, f16_to_f32};
use silk_emu::{Arg, Emulator};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/hip/objects");

fn object(p: Processor) -> Vec<u8> {
    std::fs::read(format!("{DIR}/compute_ops-{}.hsaco", p.name())).unwrap()
}

fn u32s(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn le(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn pattern(n: usize) -> Vec<u32> {
    (0..n as u32)
        .map(|i| i.wrapping_mul(0x9e37_79b9) ^ (i << 7) ^ 0x3c00_1234)
        .collect()
}

fn snorm16(x: f32) -> u32 {
    if x.is_nan() {
        return 0;
    }
    ((x as f64).clamp(-1.0, 1.0) * 32767.0).round_ties_even() as i32 as u32 & 0xffff
}

fn unorm16(x: f32) -> u32 {
    if x.is_nan() {
        return 0;
    }
    ((x as f64).clamp(0.0, 1.0) * 65535.0).round_ties_even() as u32
}

fn msad(x: u64, y: u32, acc: u32) -> u32 {
    (0..4)
        .filter(|i| y >> (8 * i) & 0xff != 0)
        .map(|i| ((x >> (8 * i) & 0xff) as i32 - (y >> (8 * i) & 0xff) as i32).unsigned_abs())
        .fold(acc, u32::wrapping_add)
}

/// f64 to f32 rounding to odd: a later rounding to fewer bits is then
/// the correctly rounded result of the f64 value.
fn f32_odd(x: f64) -> f32 {
    let t = x as f32;
    if t as f64 == x || !t.is_finite() {
        return t;
    }
    let mut bits = t.to_bits();
    if (t as f64).abs() > x.abs() {
        bits -= 1;
    }
    f32::from_bits(bits | 1)
}

fn bf16_of(x: f32) -> u32 {
    let bits = x.to_bits();
    (bits + 0x7fff + (bits >> 16 & 1)) >> 16
}

fn bf(v: u32) -> f64 {
    f32::from_bits(v << 16) as f64
}

fn hf(v: u32) -> f64 {
    f16_to_f32(v as u16) as f64
}

/// `tmp = S2; tmp += S0.lo * S1.lo; tmp += S0.hi * S1.hi` with exact
/// products and one rounding; `None` for a NaN result.
fn dot2(a: u32, b: u32, c: f64, elem: fn(u32) -> f64) -> Option<f64> {
    let s = elem(a & 0xffff) * elem(b & 0xffff) + elem(a >> 16) * elem(b >> 16) + c;
    (!s.is_nan()).then_some(s)
}

/// The ISA's cube-map pseudocode for (x, y, z): face id, S, T, twice the
/// major axis.
fn cube_ref(x: f32, y: f32, z: f32) -> [f32; 4] {
    let (ax, ay, az) = (x.abs(), y.abs(), z.abs());
    if az >= ax && az >= ay {
        let s = if z < 0.0 { -x } else { x };
        [if z < 0.0 { 5.0 } else { 4.0 }, s, -y, z * 2.0]
    } else if ay >= ax {
        let t = if y < 0.0 { -z } else { z };
        [if y < 0.0 { 3.0 } else { 2.0 }, x, t, y * 2.0]
    } else {
        let s = if x < 0.0 { z } else { -z };
        [if x < 0.0 { 1.0 } else { 0.0 }, s, -y, x * 2.0]
    }
}

#[test]
fn valu_builtins() {
    for p in Processor::ALL {
        let n = 256usize;
        let input = pattern(3 * n);
        let mut emu = Emulator::new(p);
        let inp = emu.alloc_bytes(&le(&input)).unwrap();
        let out = emu.alloc(16 * 4 * n as u64).unwrap();
        emu.launch(
            &object(p),
            "valu_ops",
            [n as u32, 1, 1],
            [n as u32, 1, 1],
            &[Arg::Buffer(inp), Arg::Buffer(out)],
        )
        .unwrap_or_else(|e| panic!("{p}: {e}"));
        let got = u32s(&emu.read(out).unwrap());
        let (mut dots, mut nans, mut faces) = (0, 0, 0u32);
        for t in 0..n {
            let (a, b, c) = (input[t], input[t + n], input[t + 2 * n]);
            let o = &got[16 * t..16 * t + 16];
            let (x, y) = (
                a as i32 as f32 * 2f32.powi(-30),
                b as i32 as f32 * 2f32.powi(-30),
            );
            assert_eq!(o[0], snorm16(x) | snorm16(y) << 16, "{p} pknorm_i16 {t}");
            assert_eq!(o[1], unorm16(x) | unorm16(y) << 16, "{p} pknorm_u16 {t}");
            let u8v = (x * 256.0).trunc().clamp(0.0, 255.0) as u32;
            let sh = 8 * (b & 3);
            assert_eq!(o[2], (c & !(0xff << sh)) | u8v << sh, "{p} pk_u8 {t}");
            let s0 = a as u64 | (b as u64) << 32;
            let acc = [a, b, c, a ^ c];
            for k in 0..4 {
                assert_eq!(
                    o[3 + k],
                    msad(s0 >> (8 * k), c, acc[k]),
                    "{p} mqsad {t}.{k}"
                );
            }
            let z = c as i32 as f32 * 2f32.powi(-30);
            let want = cube_ref(x, y, z).map(f32::to_bits);
            assert_eq!(o[11..15], want, "{p} cube {t}: {x} {y} {z}");
            faces |= 1 << f32::from_bits(want[0]) as u32;
            if p == Processor::Gfx942 {
                continue;
            }
            match dot2(a, b, f32::from_bits(c) as f64, bf) {
                Some(s) => assert_eq!(o[7], (s as f32).to_bits(), "{p} dot2_f32_bf16 {t}"),
                None => assert!(f32::from_bits(o[7]).is_nan(), "{p} {t}"),
            }
            match dot2(a, b, hf(c), hf) {
                Some(s) => {
                    dots += 1;
                    assert_eq!(o[8], f16_from_f32(f32_odd(s)) as u32, "{p} dot2_f16 {t}")
                }
                None => {
                    nans += 1;
                    assert_eq!(o[8] & 0x7c00, 0x7c00, "{p} dot2_f16 {t}: {:#x}", o[8]);
                    assert_ne!(o[8] & 0x3ff, 0, "{p} dot2_f16 {t}");
                }
            }
            match dot2(a, b, bf(c & 0xffff), bf) {
                Some(s) if (s as f32).is_finite() => {
                    assert_eq!(o[9], bf16_of(f32_odd(s)), "{p} dot2_bf16 {t}")
                }
                Some(_) => {}
                None => assert!(f32::from_bits(o[9] << 16).is_nan(), "{p} {t}"),
            }
            assert_eq!(o[10], 0, "{p}: no trap handler, TMA | TBA");
        }
        assert_eq!(faces, 0x3f, "{p}: every cube face");
        if p != Processor::Gfx942 {
            assert!(dots > 100 && nans > 0, "{p}: {dots} finite, {nans} NaN");
        }
    }
}

#[test]
fn append_and_consume_builtins() {
    for p in Processor::ALL {
        let ws = if p == Processor::Gfx942 { 64 } else { 32 };
        for consumers in [0u32, 5, 40] {
            let mut emu = Emulator::new(p);
            let out = emu.alloc(4 * 129).unwrap();
            emu.launch(
                &object(p),
                "append_consume",
                [64, 1, 1],
                [64, 1, 1],
                &[Arg::Buffer(out), Arg::I32(1000), Arg::U32(consumers)],
            )
            .unwrap_or_else(|e| panic!("{p}: {e}"));
            let got = u32s(&emu.read(out).unwrap());
            // Each wave's append (+ its lanes) and consume (- its active
            // lanes) return one pre-op value to all its lanes; the values
            // must chain from 1000 in some order with each wave's append
            // before its consume.
            let mut events = Vec::new();
            for w in 0..64 / ws {
                let lanes = w * ws..(w + 1) * ws;
                assert!(lanes.clone().all(|t| got[t] == got[w * ws]), "{p} wave {w}");
                events.push((w, got[w * ws], ws as i64));
                let active = lanes.clone().filter(|&t| (t as u32) < consumers).count();
                for t in lanes {
                    let want = if (t as u32) < consumers {
                        got[64 + w * ws]
                    } else {
                        !0
                    };
                    assert_eq!(got[64 + t], want, "{p} consume lane {t}");
                }
                if active > 0 {
                    events.push((w, got[64 + w * ws], -(active as i64)));
                }
            }
            assert!(
                chains(1000, &mut events, &mut Vec::new()),
                "{p}: {events:?}"
            );
            assert_eq!(got[128], 1064 - consumers, "{p} counter");
        }
    }
}

/// Whether `events` (wave, returned value, delta) can be ordered so that
/// each returns the running value from `start`, a wave's append (first
/// pushed) before its consume.
fn chains(start: u32, events: &mut Vec<(usize, u32, i64)>, done: &mut Vec<usize>) -> bool {
    if events.is_empty() {
        return true;
    }
    for i in 0..events.len() {
        let (w, v, d) = events[i];
        let first_of_wave = events.iter().position(|e| e.0 == w) == Some(i);
        if v != start || !first_of_wave {
            continue;
        }
        events.remove(i);
        done.push(w);
        if chains((start as i64 + d) as u32, events, done) {
            return true;
        }
        done.pop();
        events.insert(i, (w, v, d));
    }
    false
}

#[test]
fn gfx942_loads_to_lds() {
    let p = Processor::Gfx942;
    let input = pattern(256);
    let bytes = le(&input);
    for records in [4 * 40, 0, 4 * 64] {
        let mut emu = Emulator::new(p);
        let inp = emu.alloc_bytes(&bytes).unwrap();
        let out = emu.alloc(4 * 192).unwrap();
        emu.launch(
            &object(p),
            "lds_dma",
            [64, 1, 1],
            [64, 1, 1],
            &[Arg::Buffer(inp), Arg::Buffer(out), Arg::I32(records)],
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let got = u32s(&emu.read(out).unwrap());
        for t in 0..64 {
            assert_eq!(got[t], input[t], "dword lane {t}");
            assert_eq!(got[64 + t], bytes[t] as u32, "byte lane {t}");
            let want = if 4 * t < records as usize {
                input[64 + t]
            } else {
                0
            };
            assert_eq!(got[128 + t], want, "buffer lane {t}, {records} records");
        }
    }
}

/// Run a GFX11 WMMA kernel of compute_ops.hip over 32 lanes.
fn wmma(p: Processor, kernel: &str, a: &[u8], b: &[u8], c: &[u8]) -> Vec<u32> {
    let mut emu = Emulator::new(p);
    let (ab, bb, cb) = (
        emu.alloc_bytes(a).unwrap(),
        emu.alloc_bytes(b).unwrap(),
        emu.alloc_bytes(c).unwrap(),
    );
    emu.launch(
        &object(p),
        kernel,
        [32, 1, 1],
        [32, 1, 1],
        &[Arg::Buffer(ab), Arg::Buffer(bb), Arg::Buffer(cb)],
    )
    .unwrap_or_else(|e| panic!("{p} {kernel}: {e}"));
    u32s(&emu.read(cb).unwrap())
}

/// `D.bf16 = A.bf16 * B.bf16 + C.bf16` (RDNA3 §7.9 layouts: lane l holds
/// row l % 16 of A and column l % 16 of B; D register r of lane l is row
/// 2r + l / 16, column l % 16, in its low half, the high half kept). Small
/// integers: every sum is exact in bf16.
#[test]
fn wmma_bf16_builtin() {
    let am = |i: usize, k: usize| ((i * 5 + k * 3) % 7) as f32 - 3.0;
    let bm = |k: usize, j: usize| ((k * 2 + j * 5) % 5) as f32 - 2.0;
    let cm = |i: usize, j: usize| (i as f32) - (j as f32);
    let bf16 = |x: f32| (x.to_bits() >> 16) as u16;
    for p in [Processor::Gfx1100, Processor::Gfx1151] {
        let (mut a, mut b, mut c) = (Vec::new(), Vec::new(), Vec::new());
        for l in 0..32 {
            for k in 0..16 {
                a.extend_from_slice(&bf16(am(l % 16, k)).to_le_bytes());
                b.extend_from_slice(&bf16(bm(k, l % 16)).to_le_bytes());
            }
            for r in 0..8 {
                let lo = bf16(cm(2 * r + l / 16, l % 16)) as u32;
                c.extend_from_slice(&(lo | 0xabcd << 16).to_le_bytes());
            }
        }
        let got = wmma(p, "wmma_bf16", &a, &b, &c);
        for l in 0..32 {
            for r in 0..8 {
                let (i, j) = (2 * r + l / 16, l % 16);
                let want = cm(i, j) + (0..16).map(|k| am(i, k) * bm(k, j)).sum::<f32>();
                assert_eq!(
                    got[l * 8 + r],
                    bf16(want) as u32 | 0xabcd << 16,
                    "{p} lane {l} reg {r}"
                );
            }
        }
    }
}

/// `D.i32 = A.iu4 * B.iu4 + C.i32` with A signed, B unsigned nibbles
/// (element k of a lane at bits 4k), clamped: entries whose C is near the
/// i32 limits saturate.
#[test]
fn wmma_iu4_builtin() {
    // Even rows of A are positive, odd rows negative (-8..7 in all), so
    // the products' sums are large and of the row's sign.
    let am = |i: usize, k: usize| {
        let m = ((i * 3 + k * 5) % 8) as i64;
        if i % 2 == 0 {
            m
        } else {
            -1 - m
        }
    };
    let bm = |k: usize, j: usize| ((k * 7 + j * 3) % 16) as i64;
    let cm = |i: usize, j: usize| match (j % 3, i % 2) {
        (0, 0) => i32::MAX as i64 - 100,
        (0, _) => i32::MIN as i64 + 100,
        _ => (i * 16 + j) as i64 - 128,
    };
    for p in [Processor::Gfx1100, Processor::Gfx1151] {
        let (mut a, mut b, mut c) = (Vec::new(), Vec::new(), Vec::new());
        for l in 0..32 {
            let (mut wa, mut wb) = (0u64, 0u64);
            for k in 0..16 {
                wa |= ((am(l % 16, k) as u64) & 15) << (4 * k);
                wb |= (bm(k, l % 16) as u64) << (4 * k);
            }
            a.extend_from_slice(&wa.to_le_bytes());
            b.extend_from_slice(&wb.to_le_bytes());
            for r in 0..8 {
                c.extend_from_slice(&(cm(2 * r + l / 16, l % 16) as i32).to_le_bytes());
            }
        }
        let got = wmma(p, "wmma_iu4", &a, &b, &c);
        let mut saturated = 0;
        for l in 0..32 {
            for r in 0..8 {
                let (i, j) = (2 * r + l / 16, l % 16);
                let exact = cm(i, j) + (0..16).map(|k| am(i, k) * bm(k, j)).sum::<i64>();
                let want = exact.clamp(i32::MIN as i64, i32::MAX as i64);
                saturated += (want != exact) as u32;
                assert_eq!(got[l * 8 + r] as i32 as i64, want, "{p} lane {l} reg {r}");
            }
        }
        assert!(saturated > 8, "{p}: {saturated} saturated");
    }
}

/// Clang's code for the LLVM buffer-format intrinsics (`format_ops`):
/// MUBUF `buffer_load_format_xyzw` and its d16 form over an 8_8_8_8 UNORM
/// resource (byte / 255, then f16), MTBUF `tbuffer_load_format_d16_xy` as
/// 16_16 SNORM (s / 32767 clamped at -1, then f16), MUBUF stores into a
/// 16_16_16_16 FLOAT resource (f16 of each component) and an MTBUF d16
/// store as 8_8_8_8 SINT (each half's bits read as an integer, low byte).
#[test]
fn buffer_format_intrinsics() {
    for p in Processor::ALL {
        let input = pattern(256);
        let bytes = le(&input);
        let mut emu = Emulator::new(p);
        let inp = emu.alloc_bytes(&bytes).unwrap();
        let out = emu.alloc(8192).unwrap();
        emu.launch(
            &object(p),
            "format_ops",
            [64, 1, 1],
            [64, 1, 1],
            &[Arg::Buffer(inp), Arg::Buffer(out)],
        )
        .unwrap_or_else(|e| panic!("{p}: {e}"));
        let o = emu.read(out).unwrap();
        let w = |at: usize| u32::from_le_bytes(o[at..at + 4].try_into().unwrap());
        let h16 = |at: usize| u16::from_le_bytes(o[at..at + 2].try_into().unwrap());
        for t in 0..64 {
            let b: [u8; 4] = bytes[4 * t..4 * t + 4].try_into().unwrap();
            let f: Vec<f32> = b.iter().map(|&x| x as f32 / 255.0).collect();
            let h: Vec<u16> = f.iter().map(|&x| f16_from_f32(x)).collect();
            for (c, x) in f.iter().enumerate() {
                assert_eq!(w(32 * t + 4 * c), x.to_bits(), "{p} load_format {t}.{c}");
            }
            assert_eq!(
                w(32 * t + 16),
                h[0] as u32 | (h[1] as u32) << 16,
                "{p} d16 {t}"
            );
            assert_eq!(
                w(32 * t + 20),
                h[2] as u32 | (h[3] as u32) << 16,
                "{p} d16 {t}"
            );
            let sn = |v: u16| f16_from_f32((v as i16 as f32 / 32767.0).max(-1.0)) as u32;
            let (lo, hi) = (input[t] as u16, (input[t] >> 16) as u16);
            assert_eq!(
                w(32 * t + 24),
                sn(lo) | sn(hi) << 16,
                "{p} tbuffer d16 snorm {t}"
            );
            for c in 0..4 {
                assert_eq!(
                    h16(2048 + 8 * t + 2 * c),
                    f16_from_f32(f[c] * 2.0),
                    "{p} store {t}.{c}"
                );
                assert_eq!(h16(4096 + 8 * t + 2 * c), h[c], "{p} d16 store {t}.{c}");
                let scaled = f16_from_f32(f16_to_f32(h[c]) * 100.0);
                assert_eq!(
                    o[6144 + 4 * t + c],
                    scaled as u8,
                    "{p} tbuffer d16 sint {t}.{c}"
                );
            }
        }
    }
}
