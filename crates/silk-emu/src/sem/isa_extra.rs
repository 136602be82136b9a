//! Compute opcodes added from the ISA manuals' pseudocode (AMD "RDNA3
//! Instruction Set Architecture" §16 "Instructions" and "AMD Instinct MI300
//! (CDNA3) ISA" §12, which give the same pseudocode for these), keyed by
//! [`Op`]: masked and quad SADs, `v_trig_preop_f64`, the floor/nearest
//! conversions under their GFX11 names and `v_sat_pk_u8_i16`. The lane
//! functions are plain functions of the operands, unit-tested below.

use super::*;
use silk_amdgpu::isa::Op;

/// The semantics of `op`, `None` when this file does not define it.
pub(super) fn semantics(op: Op) -> Sem {
    let s: (Handler, u32) = match op {
        Op::V_MSAD_U8 => (
            |e| no_clamp(e, |e| e.valu(Fk::Int, |[a, b, c]| msad_u8(a, b, c))),
            0,
        ),
        Op::V_QSAD_PK_U16_U8 => (
            |e| no_clamp(e, |e| e.valu(Fk::Int, |[a, b, c]| qsad_pk(a, b, c, false))),
            0,
        ),
        Op::V_MQSAD_PK_U16_U8 => (
            |e| no_clamp(e, |e| e.valu(Fk::Int, |[a, b, c]| qsad_pk(a, b, c, true))),
            0,
        ),
        Op::V_MQSAD_U32_U8 => (mqsad_u32, 0),
        Op::V_TRIG_PREOP_F64 => (
            |e| {
                e.valu(Fk::F64, |[x, s]| {
                    trig_preop(f64::from_bits(x), s as u32).to_bits()
                })
            },
            0,
        ),
        Op::V_CVT_FLOOR_I32_F32_e32 | Op::V_CVT_FLOOR_I32_F32_e64 => {
            (|e| e.valu(Fk::F32, |[x]| cvt_i32((f(x) as f64).floor())), 0)
        }
        Op::V_CVT_NEAREST_I32_F32_e32 | Op::V_CVT_NEAREST_I32_F32_e64 => (
            |e| e.valu(Fk::F32, |[x]| cvt_i32((f(x) as f64 + 0.5).floor())),
            0,
        ),
        Op::V_SAT_PK_U8_I16_e32 | Op::V_SAT_PK_U8_I16_e64 => {
            (|e| e.valu(Fk::Int, |[a]| sat_pk_u8_i16(a)), 0)
        }
        Op::V_SWAP_B16 => (swap_b16, 0),
        Op::V_CVT_PK_I16_F32 => (|e| e.valu(Fk::F32, |[x, y]| cvt_pk16(f(x), f(y), true)), 0),
        Op::V_CVT_PK_U16_F32 => (|e| e.valu(Fk::F32, |[x, y]| cvt_pk16(f(x), f(y), false)), 0),
        Op::V_FMA_DX9_ZERO_F32 => (
            |e| e.valu(Fk::F32, |[x, y, z]| b(fma_dx9_zero(f(x), f(y), f(z)))),
            0,
        ),
        Op::V_FMAC_DX9_ZERO_F32_e32 | Op::V_FMAC_DX9_ZERO_F32_e64 => (
            |e| {
                e.valu_at(0, [1, 2, 0], Fk::F32, |[x, y, z]| {
                    b(fma_dx9_zero(f(x), f(y), f(z)))
                })
            },
            0,
        ),
        _ => return None,
    };
    Some(s)
}

/// `V_FMA_DX9_ZERO_F32`: "DX9 rules, 0.0 * x = 0.0": with either factor
/// zero the result is S2 (even for an infinite or NaN other factor), else
/// the fused multiply-add.
pub(crate) fn fma_dx9_zero(x: f32, y: f32, z: f32) -> f32 {
    if x == 0.0 || y == 0.0 {
        z
    } else {
        fma32(x, y, z)
    }
}

/// `V_CVT_PK_I16_F32` / `V_CVT_PK_U16_F32`: `D[31:16] = cvt(S1)`,
/// `D[15:0] = cvt(S0)`, each conversion rounding toward zero and
/// clamping to the 16-bit range, NaN giving 0 (as every float-to-integer
/// conversion of the ISA without `rpi`/`flr` in its name).
pub(crate) fn cvt_pk16(x: f32, y: f32, signed: bool) -> u64 {
    let cvt = |v: f32| -> u64 {
        if v.is_nan() {
            return 0;
        }
        let t = v.trunc() as f64;
        let r = if signed {
            t.clamp(i16::MIN as f64, i16::MAX as f64) as i16 as u16
        } else {
            t.clamp(0.0, u16::MAX as f64) as u16
        };
        r as u64
    };
    cvt(x) | cvt(y) << 16
}

/// `V_SWAP_B16` (GFX11 true16): `tmp = D0.b16; D0.b16 = S0.b16;
/// S0.b16 = tmp` in the active lanes, each operand a VGPR half.
fn swap_b16(e: &mut Exec) -> Result<()> {
    let exec = e.w.exec();
    if e.inst.mods.variant != silk_amdgpu::isa::Variant::Native {
        return Err(e.unsupported());
    }
    let (Src::H(x, xh), Src::H(y, yh)) = (e.vsrc(0, exec)?, e.vsrc(1, exec)?) else {
        return Err(e.unsupported());
    };
    let get = |v: u32, hi: bool| if hi { v >> 16 } else { v & 0xffff };
    let put = |v: u32, hi: bool, h: u32| {
        if hi {
            v & 0xffff | h << 16
        } else {
            v & 0xffff_0000 | h
        }
    };
    let mut m = exec;
    while m != 0 {
        let l = m.trailing_zeros() as usize;
        m &= m - 1;
        let (a, b) = (get(e.w.vgpr[x + l], xh), get(e.w.vgpr[y + l], yh));
        e.w.vgpr[x + l] = put(e.w.vgpr[x + l], xh, b);
        e.w.vgpr[y + l] = put(e.w.vgpr[y + l], yh, a);
    }
    e.stats.lane_ops += exec.count_ones() as u64;
    Ok(())
}

/// `V_MSAD_U8`: the SAD of the four bytes of `s0` and `s1` plus `s2`,
/// skipping the bytes where the reference `s1` is zero ("masked SAD").
pub(crate) fn msad_u8(s0: u64, s1: u64, s2: u64) -> u64 {
    let (x, y) = (lanes8(s0), lanes8(s1));
    let sad: u64 = (0..4)
        .filter(|&i| y[i] != 0)
        .map(|i| x[i].abs_diff(y[i]))
        .sum();
    (s2 as u32).wrapping_add(sad as u32) as u64
}

/// `V_QSAD_PK_U16_U8` / `V_MQSAD_PK_U16_U8`: four SADs (masked for
/// `mqsad`) of the reference `s1` against the 32-bit windows of the 64-bit
/// `s0` at byte offsets 0, 1, 2, 3, each added to its 16-bit lane of the
/// 64-bit `s2`; each result keeps its low 16 bits.
pub(crate) fn qsad_pk(s0: u64, s1: u64, s2: u64, masked: bool) -> u64 {
    (0..4)
        .map(|k| {
            let window = s0 >> (8 * k) & 0xffff_ffff;
            let acc = s2 >> (16 * k) & 0xffff;
            let sad = if masked {
                msad_u8(window, s1, 0)
            } else {
                sad8(window, s1)
            };
            (acc.wrapping_add(sad) & 0xffff) << (16 * k)
        })
        .sum()
}

/// `V_MQSAD_U32_U8`: the masked SAD of S1 against the 32-bit window of
/// the 64-bit S0 at byte offset k, plus dword k of the 128-bit VGPR S2,
/// into dword k of the 128-bit D (k = 0..3; 32-bit accumulators).
pub(crate) fn mqsad_u32_u8(s0: u64, s1: u64, acc: [u32; 4]) -> [u32; 4] {
    std::array::from_fn(|k| msad_u8(s0 >> (8 * k) & 0xffff_ffff, s1, acc[k] as u64) as u32)
}

fn mqsad_u32(e: &mut Exec) -> Result<()> {
    let m = e.inst.mods;
    if m.clamp
        || m.neg | m.abs != 0
        || m.omod != 0
        || m.variant != silk_amdgpu::isa::Variant::Native
    {
        return Err(e.unsupported());
    }
    let exec = e.w.exec();
    let ws = e.w.wave_size;
    let s0 = e.vsrc(1, exec)?;
    let s1 = e.vsrc(2, exec)?;
    let acc = e.vread_all(3, 4, exec)?;
    let d = e.vdst(0)?;
    let mut out = vec![[0u32; 4]; ws];
    let mut m = exec;
    while m != 0 {
        let l = m.trailing_zeros() as usize;
        m &= m - 1;
        let a = std::array::from_fn(|k| acc[k * ws + l]);
        out[l] = mqsad_u32_u8(e.lane(s0, l), e.lane(s1, l), a);
    }
    let mut m = exec;
    while m != 0 {
        let l = m.trailing_zeros() as usize;
        m &= m - 1;
        for (k, v) in out[l].iter().enumerate() {
            e.w.vgpr[(d.1 + k) * ws + l] = *v;
        }
    }
    e.mark_written(d, exec);
    e.stats.lane_ops += exec.count_ones() as u64;
    Ok(())
}

/// `V_SAT_PK_U8_I16`: each signed 16-bit half of `s0` clamped to 0..=255,
/// packed into the low 16 bits.
pub(crate) fn sat_pk_u8_i16(s0: u64) -> u64 {
    let sat = |h: u64| (h as u16 as i16).clamp(0, 255) as u64;
    sat(s0 & 0xffff) | sat(s0 >> 16 & 0xffff) << 8
}

/// `DS_MSKOR`: `MEM = (MEM & ~DATA) | DATA2`.
pub(crate) fn mskor(old: u64, data: u64, data2: u64) -> u64 {
    (old & !data) | data2
}

/// `DS_PK_ADD_F16`: each 16-bit half of the memory dword plus the
/// data's, as f16 (round to nearest even; the sum of two f16 is exact in
/// f32, so one rounding to f16 is the IEEE result).
pub(crate) fn pk_add_f16(old: u64, data: u64) -> u64 {
    let add = |a: u64, b: u64| {
        let (x, y) = (f16_to_f32(a as u16), f16_to_f32(b as u16));
        f16_from_f32(x + y) as u64
    };
    add(old & 0xffff, data & 0xffff) | add(old >> 16 & 0xffff, data >> 16 & 0xffff) << 16
}

/// `DS_PK_ADD_BF16`: the same in bfloat16 (the sum of two bf16 is exact
/// in f32; rounded to nearest even, NaN quieted).
pub(crate) fn pk_add_bf16(old: u64, data: u64) -> u64 {
    let add = |a: u64, b: u64| {
        let x =
            f32::from_bits((a as u32 & 0xffff) << 16) + f32::from_bits((b as u32 & 0xffff) << 16);
        let bits = x.to_bits();
        let r = if x.is_nan() {
            bits >> 16 | 0x40
        } else {
            (bits + 0x7fff + (bits >> 16 & 1)) >> 16
        };
        (r & 0xffff) as u64
    };
    add(old & 0xffff, data & 0xffff) | add(old >> 16 & 0xffff, data >> 16 & 0xffff) << 16
}

/// The first 1216 bits of the fraction of 2/π (0.101000101111...), most
/// significant first: the ISA's 1201-bit constant is the first 1201.
const TWO_OVER_PI: [u32; 38] = [
    0xa2f9836e, 0x4e441529, 0xfc2757d1, 0xf534ddc0, 0xdb629599, 0x3c439041, 0xfe5163ab, 0xdebbc561,
    0xb7246e3a, 0x424dd2e0, 0x06492eea, 0x09d1921c, 0xfe1deb1c, 0xb129a73e, 0xe88235f5, 0x2ebb4484,
    0xe99c7026, 0xb45f7e41, 0x3991d639, 0x835339f4, 0x9c845f8b, 0xbdf9283b, 0x1ff897ff, 0xde05980f,
    0xef2f118b, 0x5a0a6d1f, 0x6d367ecf, 0x27cb09b7, 0x4f463f66, 0x9e5fea2d, 0x7527bac7, 0xebe5f17b,
    0x3d0739f7, 0x8a5292ea, 0x6bfb5fb1, 0x1f8d5d08, 0x56033046, 0xfc7b6bab,
];

/// Fraction bit `i` of 2/π (0 the first after the point), zero past the
/// 1201 bits the hardware holds.
fn two_over_pi_bit(i: u32) -> u64 {
    if i >= 1201 {
        return 0;
    }
    (TWO_OVER_PI[(i / 32) as usize] >> (31 - i % 32) & 1) as u64
}

/// `V_TRIG_PREOP_F64`: 53 bits of 2/π for Payne-Hanek range reduction.
/// The pseudocode: `shift = S1[4:0] * 53`, plus `exponent(S0) - 1077` when
/// the biased exponent exceeds 1077; the 53 fraction bits after the first
/// `shift` as an integer, scaled by `2^(-53 - shift)`, and by `2^128` more
/// when the exponent is at least 1968 (so `x * result` stays in range).
pub(crate) fn trig_preop(x: f64, s1: u32) -> f64 {
    let exp = (x.to_bits() >> 52 & 0x7ff) as i32;
    let mut shift = (s1 & 31) as i32 * 53;
    if exp > 1077 {
        shift += exp - 1077;
    }
    let bits = (0..53).fold(0u64, |acc, i| acc << 1 | two_over_pi_bit(shift as u32 + i));
    let mut scale = -53 - shift;
    if exp >= 1968 {
        scale += 128;
    }
    ldexp(bits, scale)
}

/// `n * 2^e` for an integer `n` < 2^53, rounded once to nearest even (a
/// result below the normal range becomes a denormal or zero).
fn ldexp(n: u64, e: i32) -> f64 {
    if n == 0 {
        return 0.0;
    }
    let top = 63 - n.leading_zeros() as i32 + e;
    if top >= -1022 {
        // Normal: exact, stepping from n toward the result, so no step
        // leaves the normal range.
        let (mut r, mut e) = (n as f64, e);
        while e != 0 {
            let k = e.clamp(-1000, 1000);
            r *= 2f64.powi(k);
            e -= k;
        }
        return r;
    }
    // Denormal: the multiple of 2^-1074, whose count is the bit pattern.
    let s = -(e + 1074);
    if s <= 0 {
        return f64::from_bits(n << -s);
    }
    if s >= 64 {
        return 0.0;
    }
    let (q, rem, half) = (n >> s, n & ((1u64 << s) - 1), 1u64 << (s - 1));
    let q = q + (rem > half || (rem == half && q & 1 == 1)) as u64;
    f64::from_bits(q)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn msad_skips_zero_reference_bytes() {
        // |0x10-0x01| + (byte 1 skipped) + |0x30-0x40| + |0xff-0x01| + 5.
        assert_eq!(msad_u8(0xff30_2010, 0x0140_0001, 5), 0x0f + 0x10 + 0xfe + 5);
        assert_eq!(msad_u8(0x1234_5678, 0, 7), 7);
        assert_eq!(msad_u8(0, 0x0101_0101, u32::MAX as u64), 3);
    }

    #[test]
    fn qsad_slides_the_window_by_a_byte() {
        let s0 = 0x0807_0605_0403_0201u64;
        let s1 = 0x0403_0201u64;
        // Window k starts at byte k: offsets 0..3 differ by k per byte.
        let r = qsad_pk(s0, s1, 0x0004_0003_0002_0001, false);
        assert_eq!(r, 0x0010_000b_0006_0001);
        // Masked: a zero reference byte drops out of every window.
        let r = qsad_pk(s0, 0x0403_0200, 0, true);
        assert_eq!(r, (9 << 48) | (6 << 32) | (3 << 16));
        // 16-bit lanes wrap.
        assert_eq!(qsad_pk(0xff, 0, 0xffff, false), 0xfe);
    }

    #[test]
    fn dx9_zero_ignores_the_other_factor() {
        assert_eq!(fma_dx9_zero(0.0, f32::INFINITY, 1.5), 1.5);
        assert_eq!(fma_dx9_zero(f32::NAN, -0.0, -2.0), -2.0);
        assert!(fma_dx9_zero(f32::NAN, 1.0, 0.0).is_nan());
        assert_eq!(fma_dx9_zero(3.0, 0.5, 1.0), 2.5);
    }

    #[test]
    fn pk16_conversions_truncate_and_clamp() {
        assert_eq!(cvt_pk16(-1.9, 70000.0, true), 0x7fff_ffff);
        assert_eq!(cvt_pk16(-1.9, 70000.0, false), 0xffff_0000);
        assert_eq!(cvt_pk16(f32::NAN, -40000.5, true), 0x8000_0000);
        assert_eq!(cvt_pk16(2.99, f32::INFINITY, false), 0xffff_0002);
    }

    #[test]
    fn sat_pk_clamps_signed_halves() {
        assert_eq!(sat_pk_u8_i16(0x8000_0100), 0x00ff);
        assert_eq!(sat_pk_u8_i16(0x007f_ffff), 0x7f00);
    }

    #[test]
    fn trig_preop_gives_consecutive_chunks_of_two_over_pi() {
        // The first chunk is 2/π truncated to 53 bits: within an ULP of
        // the correctly rounded constant.
        let p0 = trig_preop(1.0, 0);
        assert!(
            (p0 - std::f64::consts::FRAC_2_PI).abs() <= f64::EPSILON / 2.0,
            "{p0:e}"
        );
        assert!(p0 <= std::f64::consts::FRAC_2_PI);
        // Chunks do not overlap: each is below the previous one's ULP.
        let p1 = trig_preop(1.0, 1);
        let p2 = trig_preop(1.0, 2);
        assert!(p1 > 0.0 && p1 < p0 * f64::EPSILON && p2 < p1 * f64::EPSILON);
        // Chunk 1 as an integer: fraction bits 53..105 of 2/π.
        assert_eq!(
            p1 / 2f64.powi(-106),
            (0..53).fold(0u64, |a, i| a << 1 | two_over_pi_bit(53 + i)) as f64
        );
        // A large argument shifts by exponent - 1077 more.
        let big = 2f64.powi(100);
        let shift = 1023 + 100 - 1077;
        let want: u64 = (0..53).fold(0, |a, i| a << 1 | two_over_pi_bit(shift + i));
        assert_eq!(
            trig_preop(big, 0),
            want as f64 * 2f64.powi(-53 - shift as i32)
        );
        // Huge arguments are scaled up by 2^128; the last chunk of the
        // table runs out into zeros.
        let huge = f64::MAX;
        let shift = 2046 - 1077;
        let want: u64 = (0..53).fold(0, |a, i| a << 1 | two_over_pi_bit(shift + i));
        let got = trig_preop(huge, 0);
        assert_eq!(got, want as f64 * 2f64.powi(-53 - shift as i32 + 128));
        assert_eq!(trig_preop(huge, 5), 0.0);
    }

    #[test]
    fn the_table_starts_with_two_over_pi() {
        let top = TWO_OVER_PI[0] as f64 / 2f64.powi(32) + TWO_OVER_PI[1] as f64 / 2f64.powi(64);
        assert!((top - std::f64::consts::FRAC_2_PI).abs() < 1e-16);
    }
}
