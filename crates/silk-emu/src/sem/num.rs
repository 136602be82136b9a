//! Number helpers shared by the instruction families: bit views of f16/f32/f64, correctly rounded fused multiply-add, IEEE min/max, frexp/ldexp, class bits, bit fields.

use super::*;

#[inline(always)]
pub(super) fn f(a: u64) -> f32 {
    f32::from_bits(a as u32)
}

#[inline(always)]
pub(super) fn b(x: f32) -> u64 {
    x.to_bits() as u64
}

#[inline(always)]
pub(super) fn d(a: u64) -> f64 {
    f64::from_bits(a)
}

#[inline(always)]
pub(super) fn bd(x: f64) -> u64 {
    x.to_bits()
}

pub(super) fn h(a: u64) -> f32 {
    f16_to_f32(a as u16)
}

pub(super) fn bh(x: f32) -> u64 {
    f16_from_f32(x) as u64
}

/// f16 result of an f32-exact computation done in f64 (single rounding).
pub(super) fn bh64(x: f64) -> u64 {
    // Rounding f64 -> f32 -> f16 can double-round; f16 ops on f16 inputs
    // (add/mul/fma) are exact in f64, and the f32 step only rounds when the
    // f64 value has more than 24 significant bits, which cannot change the
    // f16 result except at exact ties, handled here by sticky correction.
    let y = x as f32;
    let back = y as f64;
    if back != x {
        // Nudge toward the true value so a tie in f16 rounds correctly.
        let bits = y.to_bits();
        let adj = if (back < x) == (y >= 0.0) {
            bits + 1
        } else {
            bits - 1
        };
        if f32::from_bits(bits).to_bits() & 0x1fff == 0x1000 {
            return f16_from_f32(f32::from_bits(adj)) as u64;
        }
    }
    f16_from_f32(y) as u64
}

/// Fused multiply-add of f32, correctly rounded, without an FMA unit:
/// `a * b` is exact in f64; the f64 sum `s` and its exact error `e`
/// (TwoSum) decide the one case where rounding `s` to f32 could round
/// twice: `s` exactly halfway between two f32 values with `e` != 0, where
/// `s` is nudged toward the true sum first. Results in the f32 subnormal
/// range take the exact slow path. Inlines into the lane loops, unlike
/// a call to an FMA-enabled function.
#[inline(always)]
pub fn fma32(a: f32, b: f32, c: f32) -> f32 {
    let p = a as f64 * b as f64;
    let cc = c as f64;
    let s = p + cc;
    if !s.is_finite() || s.abs() < f32::MIN_POSITIVE as f64 {
        return fma32_exact(a, b, c);
    }
    let bits = s.to_bits();
    if bits & 0x1fff_ffff == 0x1000_0000 {
        // TwoSum: the exact error of the f64 addition.
        let bb = s - p;
        let e = (p - (s - bb)) + (cc - bb);
        if e != 0.0 {
            let toward = if (e > 0.0) == (s > 0.0) {
                bits + 1
            } else {
                bits - 1
            };
            return f64::from_bits(toward) as f32;
        }
    }
    s as f32
}

/// Fused multiply-add through the CPU's FMA unit when it has one (the
/// software `fmaf` fallback gives the same bits, slower).
#[inline(never)]
pub(super) fn fma32_exact(a: f32, b: f32, c: f32) -> f32 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("fma") {
            // SAFETY: the CPU supports FMA, checked just above.
            return unsafe { fma32_x86(a, b, c) };
        }
    }
    a.mul_add(b, c)
}

#[inline(always)]
pub fn fma64(a: f64, b: f64, c: f64) -> f64 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("fma") {
            // SAFETY: the CPU supports FMA, checked just above.
            return unsafe { fma64_x86(a, b, c) };
        }
    }
    a.mul_add(b, c)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "fma")]
unsafe fn fma32_x86(a: f32, b: f32, c: f32) -> f32 {
    use std::arch::x86_64::{_mm_cvtss_f32, _mm_fmadd_ss, _mm_set_ss};
    _mm_cvtss_f32(_mm_fmadd_ss(_mm_set_ss(a), _mm_set_ss(b), _mm_set_ss(c)))
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "fma")]
unsafe fn fma64_x86(a: f64, b: f64, c: f64) -> f64 {
    use std::arch::x86_64::{_mm_cvtsd_f64, _mm_fmadd_sd, _mm_set_sd};
    _mm_cvtsd_f64(_mm_fmadd_sd(_mm_set_sd(a), _mm_set_sd(b), _mm_set_sd(c)))
}

pub fn fmin32(a: f32, b: f32) -> f32 {
    if a.is_nan() {
        return if b.is_nan() { f32::NAN } else { b };
    }
    if b.is_nan() {
        return a;
    }
    if a < b || (a == b && a.is_sign_negative()) {
        a
    } else {
        b
    }
}

pub fn fmax32(a: f32, b: f32) -> f32 {
    if a.is_nan() {
        return if b.is_nan() { f32::NAN } else { b };
    }
    if b.is_nan() {
        return a;
    }
    if a > b || (a == b && a.is_sign_positive()) {
        a
    } else {
        b
    }
}

pub fn fmin64(a: f64, b: f64) -> f64 {
    if a.is_nan() {
        return if b.is_nan() { f64::NAN } else { b };
    }
    if b.is_nan() {
        return a;
    }
    if a < b || (a == b && a.is_sign_negative()) {
        a
    } else {
        b
    }
}

pub fn fmax64(a: f64, b: f64) -> f64 {
    if a.is_nan() {
        return if b.is_nan() { f64::NAN } else { b };
    }
    if b.is_nan() {
        return a;
    }
    if a > b || (a == b && a.is_sign_positive()) {
        a
    } else {
        b
    }
}

pub(super) fn med3_f32(a: f32, b: f32, c: f32) -> f32 {
    if a.is_nan() || b.is_nan() || c.is_nan() {
        return fmin32(fmin32(a, b), c);
    }
    fmax32(fmin32(a, b), fmin32(fmax32(a, b), c))
}

pub(super) fn bfe(v: u64, off: u64, w: u64, bits: u32, signed: bool) -> u64 {
    let off = off & (bits as u64 - 1);
    let w = w & (bits as u64 - 1);
    if w == 0 {
        return 0;
    }
    let x = v >> off;
    if signed {
        let sh = 64 - w;
        let r = ((x << sh) as i64 >> sh) as u64;
        if bits == 32 {
            r & 0xffff_ffff
        } else {
            r
        }
    } else {
        x & ((1u64 << w) - 1)
    }
}

pub(super) fn ldexp32(x: f32, e: i32) -> f32 {
    let e = e.clamp(-400, 400);
    // Two steps keep intermediate powers representable; the final multiply
    // rounds once (ldexp is exact unless the result is denormal).
    let r = x as f64 * 2f64.powi(e);
    r as f32
}

pub(super) fn ldexp64(x: f64, e: i32) -> f64 {
    let e = e.clamp(-2200, 2200);
    let mut r = x;
    let mut e = e;
    while e > 1000 {
        r *= 2f64.powi(1000);
        e -= 1000;
    }
    while e < -1000 {
        r *= 2f64.powi(-1000);
        e += 1000;
    }
    // Denormal results round once here.
    r * 2f64.powi(e)
}

pub(super) fn frexp_exp32(x: f32) -> i32 {
    if x == 0.0 || !x.is_finite() {
        return 0;
    }
    let bits = x.to_bits();
    let e = (bits >> 23 & 0xff) as i32;
    if e == 0 {
        let m = bits & 0x7f_ffff;
        -126 - (m.leading_zeros() as i32 - 9)
    } else {
        e - 126
    }
}

pub(super) fn frexp_mant32(x: f32) -> f32 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    ldexp32(x, -frexp_exp32(x))
}

pub(super) fn frexp_exp64(x: f64) -> i32 {
    if x == 0.0 || !x.is_finite() {
        return 0;
    }
    let bits = x.to_bits();
    let e = (bits >> 52 & 0x7ff) as i32;
    if e == 0 {
        let m = bits & 0xf_ffff_ffff_ffff;
        -1022 - (m.leading_zeros() as i32 - 12)
    } else {
        e - 1022
    }
}

pub(super) fn frexp_mant64(x: f64) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    ldexp64(x, -frexp_exp64(x))
}

/// f32 -> i32 with the hardware's saturation (NaN -> 0).
pub(super) fn cvt_i32(x: f64) -> u64 {
    if x.is_nan() {
        0
    } else {
        (x.trunc().clamp(i32::MIN as f64, i32::MAX as f64) as i32) as u32 as u64
    }
}

pub(super) fn cvt_u32(x: f64) -> u64 {
    if x.is_nan() {
        0
    } else {
        x.trunc().clamp(0.0, u32::MAX as f64) as u32 as u64
    }
}

pub(super) fn fract32(x: f32) -> f32 {
    if x.is_infinite() {
        return f32::NAN;
    }
    (x - x.floor()).min(f32::from_bits(0x3f7f_ffff))
}

pub(super) fn fract64(x: f64) -> f64 {
    if x.is_infinite() {
        return f64::NAN;
    }
    (x - x.floor()).min(f64::from_bits(0x3fef_ffff_ffff_ffff))
}

/// `v_cmp_class`: bit per class of the value.
pub(super) fn class_bits(neg: bool, kind: u8) -> u32 {
    // kind: 0 snan, 1 qnan, 2 inf, 3 normal, 4 denorm, 5 zero
    match (kind, neg) {
        (0, _) => 1 << 0,
        (1, _) => 1 << 1,
        (2, true) => 1 << 2,
        (3, true) => 1 << 3,
        (4, true) => 1 << 4,
        (5, true) => 1 << 5,
        (5, false) => 1 << 6,
        (4, false) => 1 << 7,
        (3, false) => 1 << 8,
        _ => 1 << 9,
    }
}

pub(super) fn class32(x: u32) -> u32 {
    let neg = x >> 31 != 0;
    let e = x >> 23 & 0xff;
    let m = x & 0x7f_ffff;
    let k = match (e, m) {
        (0xff, 0) => 2,
        (0xff, m) => {
            if m & 0x40_0000 != 0 {
                1
            } else {
                0
            }
        }
        (0, 0) => 5,
        (0, _) => 4,
        _ => 3,
    };
    class_bits(neg, k)
}

pub(super) fn class64(x: u64) -> u32 {
    let neg = x >> 63 != 0;
    let e = x >> 52 & 0x7ff;
    let m = x & 0xf_ffff_ffff_ffff;
    let k = match (e, m) {
        (0x7ff, 0) => 2,
        (0x7ff, m) => {
            if m & 0x8_0000_0000_0000 != 0 {
                1
            } else {
                0
            }
        }
        (0, 0) => 5,
        (0, _) => 4,
        _ => 3,
    };
    class_bits(neg, k)
}

pub(super) fn class16(x: u16) -> u32 {
    let neg = x >> 15 != 0;
    let e = x >> 10 & 0x1f;
    let m = x & 0x3ff;
    let k = match (e, m) {
        (0x1f, 0) => 2,
        (0x1f, m) => {
            if m & 0x200 != 0 {
                1
            } else {
                0
            }
        }
        (0, 0) => 5,
        (0, _) => 4,
        _ => 3,
    };
    class_bits(neg, k)
}

pub(super) fn shift32(x: u64) -> u32 {
    (x & 31) as u32
}

pub(super) fn shift64(x: u64) -> u32 {
    (x & 63) as u32
}

pub(super) fn lanes8(v: u64) -> [u64; 4] {
    std::array::from_fn(|i| v >> (8 * i) & 0xff)
}

pub(super) fn sad8(a: u64, b: u64) -> u64 {
    let (x, y) = (lanes8(a), lanes8(b));
    (0..4).map(|i| x[i].abs_diff(y[i])).sum()
}

/// The signed `bits`-wide field `i` of `v`.
pub(super) fn sfield(v: u64, bits: u32, i: u32) -> i64 {
    let x = v >> (bits * i) & ((1 << bits) - 1);
    ((x << (64 - bits)) as i64) >> (64 - bits)
}

pub(super) fn ufield(v: u64, bits: u32, i: u32) -> i64 {
    (v >> (bits * i) & ((1 << bits) - 1)) as i64
}

/// f16 from f64 with one rounding: to f32 rounding to odd (the sticky bit
/// keeps a later tie honest), then to f16 to nearest even.
pub(super) fn f16_from_f64(x: f64) -> u16 {
    let t = x as f32;
    if t as f64 == x || !t.is_finite() {
        return f16_from_f32(t);
    }
    let mut bits = t.to_bits();
    if (t as f64).abs() > x.abs() {
        bits -= 1;
    }
    f16_from_f32(f32::from_bits(bits | 1))
}

pub(super) fn i24(a: u64) -> i64 {
    ((a as u32) << 8) as i32 as i64 >> 8
}

pub(super) fn rtz16(x: f32) -> u64 {
    // Round toward zero: truncate the f32 toward zero at f16 precision.
    let r = f16_from_f32(x);
    let back = f16_to_f32(r);
    if x.is_finite() && (back.is_infinite() || back.abs() > x.abs()) {
        (r - 1) as u64
    } else {
        r as u64
    }
}

pub(super) fn perm(a: u32, b: u32, sel: u32) -> u32 {
    let bytes = (b as u64 | (a as u64) << 32).to_le_bytes();
    let mut out = 0u32;
    for i in 0..4 {
        let s = (sel >> (8 * i)) & 0xff;
        let v: u32 = match s {
            0..=7 => bytes[s as usize] as u32,
            8 => {
                if bytes[1] & 0x80 != 0 {
                    0xff
                } else {
                    0
                }
            }
            9 => {
                if bytes[3] & 0x80 != 0 {
                    0xff
                } else {
                    0
                }
            }
            10 => {
                if bytes[5] & 0x80 != 0 {
                    0xff
                } else {
                    0
                }
            }
            11 => {
                if bytes[7] & 0x80 != 0 {
                    0xff
                } else {
                    0
                }
            }
            12 => 0,
            _ => 0xff,
        };
        out |= v << (8 * i);
    }
    out
}

/// The ISA pseudocode's `f32_to_unorm` at `bits` bits (16 for the VALU
/// conversions, the component width for buffer formats): clamped to
/// [0, 1], scaled by 2^bits - 1 and rounded to nearest even; NaN gives 0.
pub(crate) fn to_unorm(x: f32, bits: u32) -> u32 {
    let max = ((1u64 << bits) - 1) as f64;
    if x.is_nan() {
        return 0;
    }
    ((x as f64).clamp(0.0, 1.0) * max).round_ties_even() as u32
}

/// `f32_to_snorm` at `bits` bits: clamped to [-1, 1], scaled by
/// 2^(bits-1) - 1, rounded to nearest even, as a `bits`-wide two's
/// complement field; NaN gives 0.
pub(crate) fn to_snorm(x: f32, bits: u32) -> u32 {
    let max = ((1u64 << (bits - 1)) - 1) as f64;
    if x.is_nan() {
        return 0;
    }
    let v = ((x as f64).clamp(-1.0, 1.0) * max).round_ties_even() as i64;
    (v as u64 & ((1u64 << bits) - 1)) as u32
}

/// A `bits`-wide (at most 24) unorm field as a float: u / (2^bits - 1),
/// one f32 division.
pub(crate) fn from_unorm(u: u32, bits: u32) -> f32 {
    u as f32 / ((1u32 << bits) - 1) as f32
}

/// A `bits`-wide (at most 24) snorm field as a float: s / (2^(bits-1) -
/// 1), clamped at -1 (the most negative code is also -1.0).
pub(crate) fn from_snorm(u: u32, bits: u32) -> f32 {
    let s = ((u as u64) << (64 - bits)) as i64 >> (64 - bits);
    (s as f32 / ((1u32 << (bits - 1)) - 1) as f32).max(-1.0)
}

/// The ISA pseudocode's `f32_to_u8` (`V_CVT_PK_U8_F32`): as every
/// float-to-integer conversion without `rpi`/`flr` in its name, toward
/// zero, saturated to 0..=255, NaN giving 0.
pub(super) fn f32_to_u8(x: f32) -> u32 {
    if x.is_nan() {
        0
    } else {
        x.trunc().clamp(0.0, 255.0) as u32
    }
}
