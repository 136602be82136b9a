//! Less common VALU ops (tests/data/hip/more_ops.hip, regen.sh beside it)
//! against CPU references from their ISA definitions: SAD and lerp, 16-bit
//! min/max and mad, integer dot products and fp8/bf8 conversions (gfx942),
//! mixed-precision f32 -> f16 (v_fma_mixlo_f16, v_pack_b32_f16) and f16
//! sin/cos within 1 ULP.

use silk_amdgpu::target::Processor;
use silk_emu::{exec::f16_from_f32, exec::f16_to_f32, Arg, Emulator};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/hip/objects");

fn bytes(v: u32) -> [u32; 4] {
    std::array::from_fn(|i| v >> (8 * i) & 0xff)
}

fn sad8(a: u32, b: u32) -> u32 {
    let (x, y) = (bytes(a), bytes(b));
    (0..4).map(|i| x[i].abs_diff(y[i])).sum()
}

/// Signed / unsigned `bits`-wide fields of a dword, summed as products.
fn dot(a: u32, b: u32, c: u32, bits: u32, signed: bool) -> u32 {
    let field = |v: u32, i: u32| -> i64 {
        let x = (v >> (bits * i)) & ((1u64 << bits) - 1) as u32;
        if signed {
            ((x << (32 - bits)) as i32 >> (32 - bits)) as i64
        } else {
            x as i64
        }
    };
    let mut acc = c as i32 as i64;
    for i in 0..32 / bits {
        acc += field(a, i) * field(b, i);
    }
    acc as u32
}

/// A dot product whose A and B fields are signed or not independently.
fn dot_mixed(a: u32, b: u32, c: u32, bits: u32, sa: bool, sb: bool) -> u32 {
    let field = |v: u32, i: u32, signed: bool| -> i64 {
        let x = (v >> (bits * i)) & ((1u64 << bits) - 1) as u32;
        if signed {
            ((x << (32 - bits)) as i32 >> (32 - bits)) as i64
        } else {
            x as i64
        }
    };
    let mut acc = c as i32 as i64;
    for i in 0..32 / bits {
        acc += field(a, i, sa) * field(b, i, sb);
    }
    acc as u32
}

/// gfx942 fp8 E4M3 / bf8 E5M2 "FNUZ": bias 8 / 16, 0x80 is NaN.
fn fnuz(v: u32, mbits: u32, bias: i32) -> f32 {
    let v = v & 0xff;
    if v == 0x80 {
        return f32::NAN;
    }
    let e = ((v & 0x7f) >> mbits) as i32;
    let m = (v & ((1 << mbits) - 1)) as f64 / (1 << mbits) as f64;
    let mag = if e == 0 {
        m * 2f64.powi(1 - bias)
    } else {
        (1.0 + m) * 2f64.powi(e - bias)
    };
    (if v & 0x80 != 0 { -mag } else { mag }) as f32
}

#[test]
fn more_ops_against_isa_definitions() {
    for (p, name) in [
        (Processor::Gfx942, "more_ops-gfx942"),
        (Processor::Gfx1100, "more_ops-gfx1100"),
        (Processor::Gfx1151, "more_ops-gfx1151"),
    ] {
        let obj = std::fs::read(format!("{DIR}/{name}.hsaco")).unwrap();
        let input: Vec<u32> = (0..768u32)
            .map(|i| i.wrapping_mul(0x9e37_79b9).rotate_left(i % 29) ^ (i * 77))
            .collect();
        let mut emu = Emulator::new(p);
        let inp = emu
            .alloc_bytes(
                &input
                    .iter()
                    .flat_map(|x| x.to_le_bytes())
                    .collect::<Vec<_>>(),
            )
            .unwrap();
        let out = emu.alloc(256 * 64).unwrap();
        emu.launch(
            &obj,
            "more_ops",
            [256, 1, 1],
            [256, 1, 1],
            &[Arg::Buffer(inp), Arg::Buffer(out)],
        )
        .unwrap_or_else(|e| panic!("{name}: {e}"));
        let o: Vec<u32> = emu
            .read(out)
            .unwrap()
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
            .collect();
        for t in 0..256 {
            let (a, b, c) = (input[t], input[t + 256], input[t + 512]);
            let r = &o[16 * t..16 * t + 16];
            let at = |what: &str| format!("{name} lane {t}: {what}");
            assert_eq!(r[0], sad8(a, b).wrapping_add(c), "{}", at("sad_u8"));
            assert_eq!(
                r[2],
                (sad8(a, b) << 16).wrapping_add(c),
                "{}",
                at("sad_hi_u8")
            );
            let sad16 = (a & 0xffff).abs_diff(b & 0xffff) + (a >> 16).abs_diff(b >> 16);
            assert_eq!(r[3], sad16.wrapping_add(c), "{}", at("sad_u16"));
            let (x, y, z) = (bytes(a), bytes(b), bytes(c));
            let lerp: u32 = (0..4)
                .map(|i| ((x[i] + y[i] + (z[i] & 1)) >> 1) << (8 * i))
                .sum();
            assert_eq!(r[4], lerp, "{}", at("lerp_u8"));
            let (sa, sb) = (a as i16, b as i16);
            assert_eq!(r[5] as u16 as i16, sa.min(sb), "{}", at("min_i16"));
            assert_eq!((r[5] >> 16) as u16 as i16, sa.max(sb), "{}", at("max_i16"));
            // Small-integer f16 pairs: the dot product is exact in f32.
            let hs = |v: u32| (v & 7) as i32 - 3;
            let fd = hs(a) * hs(c) + hs(b) * ((a >> 29) as i32 - 3) + (b & 15) as i32;
            assert_eq!(f32::from_bits(r[1]), fd as f32, "{}", at("fdot2"));
            // cvt_pkrtz: each f32 to f16 rounding toward zero.
            let rtz = |x: f32| {
                let h = f16_from_f32(x);
                let back = f16_to_f32(h);
                // Nearest-even went away from zero: step back one.
                if back.abs() > x.abs() && x.is_finite() && back.is_finite() {
                    h - 1
                } else if x.is_finite() && !back.is_finite() {
                    (h & 0x8000) | 0x7bff
                } else {
                    h
                }
            };
            let (fa, fb) = (
                f32::from_bits(a & 0x3fff_ffff),
                f32::from_bits(b & 0xbfff_ffff),
            );
            let want_pk = rtz(fa) as u32 | (rtz(fb) as u32) << 16;
            assert_eq!(r[6], want_pk, "{}: {fa:e} {fb:e}", at("cvt_pkrtz"));
            if p != Processor::Gfx942 {
                assert_eq!(r[7], dot_mixed(a, b, c, 8, true, false), "{}", at("sudot4"));
                assert_eq!(r[8], dot_mixed(a, b, c, 4, false, true), "{}", at("sudot8"));
                let mad = (a as u16).wrapping_mul(b as u16).wrapping_add(c as u16);
                assert_eq!(r[9] as u16, mad, "{}", at("mad_u16"));
            }
            if p == Processor::Gfx942 {
                assert_eq!(r[7], dot(a, b, c, 16, true), "{}", at("sdot2"));
                assert_eq!(r[8], dot(a, b, c, 16, false), "{}", at("udot2"));
                assert_eq!(r[9], dot(a, b, c, 8, true), "{}", at("sdot4"));
                assert_eq!(r[10], dot(a, b, c, 8, false), "{}", at("udot4"));
                assert_eq!(r[11], dot(a, b, c, 4, true), "{}", at("sdot8"));
                assert_eq!(r[12], dot(a, b, c, 4, false), "{}", at("udot8"));
                let f8 = fnuz(a >> 8, 3, 8);
                let b8 = fnuz(a >> 16, 2, 16);
                let same =
                    |g: u32, w: f32| g == w.to_bits() || (w.is_nan() && f32::from_bits(g).is_nan());
                assert!(
                    same(r[13], f8),
                    "{}: {:#x} vs {f8}",
                    at("cvt_f32_fp8"),
                    r[13]
                );
                assert!(
                    same(r[14], b8),
                    "{}: {:#x} vs {b8}",
                    at("cvt_f32_bf8"),
                    r[14]
                );
            }
            // h = f16((a & 0xff) / 64): exact in f32, one rounding to f16.
            let hx = f16_to_f32(f16_from_f32((a & 0xff) as f32 / 64.0)) as f64;
            for (half, want) in [
                (r[15] as u16, (hx * std::f64::consts::TAU).sin()),
                ((r[15] >> 16) as u16, (hx * std::f64::consts::TAU).cos()),
            ] {
                let w = f16_from_f32(want as f32) as i32;
                let ulps = (half as i16 as i32 - w as i16 as i32).abs();
                assert!(ulps <= 1, "{}: {half:#x} vs {w:#x}", at("sin/cos f16"));
            }
        }
    }
}
