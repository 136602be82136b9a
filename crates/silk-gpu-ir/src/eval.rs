//! Scalar semantics of the pure operations on raw bit patterns.
//!
//! Every value is carried as a `u64` holding its bits in the low
//! [`Type::bits`] bits with the rest zero: integers and pointers as two's
//! complement, `bool` as 0 or 1, floats as their IEEE encoding (`f16` is
//! software-converted, see [`f16_to_f64`] and [`f64_to_f16`]). The
//! interpreter and any constant folder use these functions so that they
//! agree by construction.

use crate::ir::{BinOp, CmpPred, UnOp};
use crate::types::Type;

/// Mask to the width of `t`.
pub fn mask(t: Type, bits: u64) -> u64 {
    match t.bits() {
        64 => bits,
        w => bits & ((1u64 << w) - 1),
    }
}

/// Sign-extend the value of an integer of type `t` to `i64` (zero-extend
/// for unsigned types).
pub fn to_i128(t: Type, bits: u64) -> i128 {
    let w = t.bits();
    if t.is_signed_int() {
        let s = 64 - w;
        (((bits << s) as i64) >> s) as i128
    } else {
        mask(t, bits) as i128
    }
}

/// Exact widening of an IEEE binary16 value.
pub fn f16_to_f64(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = ((h >> 10) & 0x1f) as i32;
    let man = (h & 0x3ff) as f64;
    match exp {
        0 => sign * man * 2f64.powi(-24),
        31 => {
            if man == 0.0 {
                sign * f64::INFINITY
            } else {
                // Keep the payload: f64 NaN with the f16 mantissa on top.
                let bits = ((h as u64 & 0x8000) << 48)
                    | 0x7ff0_0000_0000_0000
                    | ((h as u64 & 0x3ff) << 42);
                f64::from_bits(bits | 0x0008_0000_0000_0000)
            }
        }
        e => sign * (1.0 + man / 1024.0) * 2f64.powi(e - 15),
    }
}

/// Round an `f64` to the nearest IEEE binary16 (ties to even), with
/// subnormals, overflow to infinity and quieted NaNs.
pub fn f64_to_f16(x: f64) -> u16 {
    let sign: u16 = if x.is_sign_negative() { 0x8000 } else { 0 };
    if x.is_nan() {
        let payload = ((x.to_bits() >> 42) & 0x3ff) as u16;
        return sign | 0x7e00 | payload;
    }
    let a = x.abs();
    if a >= 65520.0 {
        return sign | 0x7c00;
    }
    if a == 0.0 {
        return sign;
    }
    // floor(log2(a)) for a normal or subnormal f64 (a >= 2^-1074).
    let e = {
        let be = ((a.to_bits() >> 52) & 0x7ff) as i32;
        if be == 0 {
            -1075 // far below the f16 range: only the quantum matters
        } else {
            be - 1023
        }
    };
    let quantum_exp = if e < -14 { -24 } else { e - 10 };
    let q = 2f64.powi(quantum_exp);
    // a / q is exact (power-of-two scaling) and so is its rounding.
    let m = (a / q).round_ties_even() as u64;
    let bits = if e < -14 {
        m as u16 // m <= 1024; 1024 is the smallest normal, encoded as 0x400
    } else if m >= 2048 {
        let e = e + 1;
        if e + 15 >= 31 {
            0x7c00
        } else {
            (((e + 15) as u16) << 10) | ((m / 2 - 1024) as u16)
        }
    } else {
        (((e + 15) as u16) << 10) | ((m - 1024) as u16)
    };
    sign | bits
}

/// Read a float value as `f64` (exact for every float type).
pub fn float_value(t: Type, bits: u64) -> f64 {
    match t {
        Type::F16 => f16_to_f64(bits as u16),
        Type::F32 => f32::from_bits(bits as u32) as f64,
        _ => f64::from_bits(bits),
    }
}

/// Round an `f64` to float type `t` and return its bits.
pub fn float_bits(t: Type, x: f64) -> u64 {
    match t {
        Type::F16 => f64_to_f16(x) as u64,
        Type::F32 => (x as f32).to_bits() as u64,
        _ => x.to_bits(),
    }
}

fn fmin(a: f64, b: f64) -> f64 {
    if a.is_nan() {
        b
    } else if b.is_nan() || a < b {
        a
    } else if b < a {
        b
    } else if a.is_sign_negative() {
        a
    } else {
        b
    }
}

fn fmax(a: f64, b: f64) -> f64 {
    if a.is_nan() {
        b
    } else if b.is_nan() || a > b {
        a
    } else if b > a {
        b
    } else if a.is_sign_positive() {
        a
    } else {
        b
    }
}

/// Apply a float operation at the precision of `t`: f64 natively, f32
/// natively (so rounding is single), f16 through f64 (exact for the
/// operations used here because f64 has more than 2*11+2 significand bits).
fn float_un(t: Type, a: u64, f32op: fn(f32) -> f32, f64op: fn(f64) -> f64) -> u64 {
    match t {
        Type::F32 => f32op(f32::from_bits(a as u32)).to_bits() as u64,
        Type::F64 => f64op(f64::from_bits(a)).to_bits(),
        _ => f64_to_f16(f64op(f16_to_f64(a as u16))) as u64,
    }
}

fn float_bin(
    t: Type,
    a: u64,
    b: u64,
    f32op: fn(f32, f32) -> f32,
    f64op: fn(f64, f64) -> f64,
) -> u64 {
    match t {
        Type::F32 => f32op(f32::from_bits(a as u32), f32::from_bits(b as u32)).to_bits() as u64,
        Type::F64 => f64op(f64::from_bits(a), f64::from_bits(b)).to_bits(),
        _ => f64_to_f16(f64op(f16_to_f64(a as u16), f16_to_f64(b as u16))) as u64,
    }
}

fn sign_bit(t: Type) -> u64 {
    1u64 << (t.bits() - 1)
}

/// Evaluate a unary operation (operand type = result type = `t`).
pub fn unary(op: UnOp, t: Type, a: u64) -> u64 {
    if t.is_float() {
        return match op {
            UnOp::Neg => a ^ sign_bit(t),
            UnOp::Abs => a & !sign_bit(t),
            UnOp::Sqrt => float_un(t, a, f32::sqrt, f64::sqrt),
            UnOp::Rcp => float_un(t, a, |x| 1.0 / x, |x| 1.0 / x),
            // Through f64 so that f32 results are (almost always) correctly
            // rounded regardless of the host's f32 libm.
            UnOp::Exp2 => float_un(t, a, |x| (x as f64).exp2() as f32, f64::exp2),
            UnOp::Log2 => float_un(t, a, |x| (x as f64).log2() as f32, f64::log2),
            UnOp::Floor => float_un(t, a, f32::floor, f64::floor),
            UnOp::Ceil => float_un(t, a, f32::ceil, f64::ceil),
            UnOp::Trunc => float_un(t, a, f32::trunc, f64::trunc),
            UnOp::Rint => float_un(t, a, f32::round_ties_even, f64::round_ties_even),
            UnOp::Not => a,
        };
    }
    if t == Type::Bool {
        return (a ^ 1) & 1;
    }
    match op {
        UnOp::Neg => mask(t, a.wrapping_neg()),
        UnOp::Abs => {
            if to_i128(t, a) < 0 {
                mask(t, a.wrapping_neg())
            } else {
                a
            }
        }
        UnOp::Not => mask(t, !a),
        _ => a,
    }
}

/// Why an operation has no defined result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EvalError {
    DivisionByZero,
}

/// Evaluate a binary operation on two operands of type `t`.
pub fn binary(op: BinOp, t: Type, a: u64, b: u64) -> Result<u64, EvalError> {
    if t.is_float() {
        return Ok(match op {
            BinOp::Add => float_bin(t, a, b, |x, y| x + y, |x, y| x + y),
            BinOp::Sub => float_bin(t, a, b, |x, y| x - y, |x, y| x - y),
            BinOp::Mul => float_bin(t, a, b, |x, y| x * y, |x, y| x * y),
            BinOp::Div => float_bin(t, a, b, |x, y| x / y, |x, y| x / y),
            BinOp::Min => float_bin(t, a, b, |x, y| fmin(x as f64, y as f64) as f32, fmin),
            BinOp::Max => float_bin(t, a, b, |x, y| fmax(x as f64, y as f64) as f32, fmax),
            _ => a,
        });
    }
    let w = t.bits() as u64;
    let (sa, sb) = (to_i128(t, a), to_i128(t, b));
    let r = match op {
        BinOp::Add => a.wrapping_add(b),
        BinOp::Sub => a.wrapping_sub(b),
        BinOp::Mul => a.wrapping_mul(b),
        BinOp::Div => {
            if sb == 0 {
                return Err(EvalError::DivisionByZero);
            }
            (sa / sb) as u64 // i128: MIN / -1 does not overflow; masked below
        }
        BinOp::Rem => {
            if sb == 0 {
                return Err(EvalError::DivisionByZero);
            }
            (sa % sb) as u64
        }
        BinOp::Min => sa.min(sb) as u64,
        BinOp::Max => sa.max(sb) as u64,
        BinOp::And => a & b,
        BinOp::Or => a | b,
        BinOp::Xor => a ^ b,
        BinOp::Shl => a << (b % w),
        BinOp::Shr => (sa >> (b % w)) as u64,
    };
    Ok(mask(t, r))
}

/// Fused multiply-add with a single rounding at the precision of `t`.
pub fn fma(t: Type, a: u64, b: u64, c: u64) -> u64 {
    match t {
        Type::F32 => f32::from_bits(a as u32)
            .mul_add(f32::from_bits(b as u32), f32::from_bits(c as u32))
            .to_bits() as u64,
        Type::F64 => f64::from_bits(a)
            .mul_add(f64::from_bits(b), f64::from_bits(c))
            .to_bits(),
        _ => {
            // The f16 product is exact in f64; the sum is rounded to odd in
            // f64 (Boldo-Melquiond) so that the final rounding to f16 is
            // the only one that counts.
            let (x, y, z) = (
                f16_to_f64(a as u16),
                f16_to_f64(b as u16),
                f16_to_f64(c as u16),
            );
            let p = x * y;
            let s = p + z;
            if !s.is_finite() {
                return f64_to_f16(s) as u64;
            }
            let bb = s - p;
            let err = (p - (s - bb)) + (z - bb);
            let mut r = s;
            if err != 0.0 && r.to_bits() & 1 == 0 {
                let up = (err > 0.0) == (r > 0.0) || r == 0.0;
                let bits = r.to_bits();
                r = if r == 0.0 {
                    f64::from_bits(1) * err.signum()
                } else if up {
                    f64::from_bits(bits + 1)
                } else {
                    f64::from_bits(bits - 1)
                };
            }
            f64_to_f16(r) as u64
        }
    }
}

/// Evaluate a comparison of two operands of type `t`.
pub fn compare(pred: CmpPred, t: Type, a: u64, b: u64) -> bool {
    if t.is_float() {
        return holds(pred, float_value(t, a), float_value(t, b));
    }
    let (x, y) = if t.is_int() {
        (to_i128(t, a), to_i128(t, b))
    } else {
        (a as i128, b as i128)
    };
    holds(pred, x, y)
}

/// `x pred y`; on floats every predicate but `ne` is false when either
/// is NaN.
fn holds<T: PartialOrd>(pred: CmpPred, x: T, y: T) -> bool {
    match pred {
        CmpPred::Eq => x == y,
        CmpPred::Ne => x != y,
        CmpPred::Lt => x < y,
        CmpPred::Le => x <= y,
        CmpPred::Gt => x > y,
        CmpPred::Ge => x >= y,
    }
}

/// Evaluate `cvt` from `from` to `to` (see [`crate::ir::cvt_allowed`]).
pub fn convert(from: Type, to: Type, a: u64) -> u64 {
    if from.is_float() {
        let x = float_value(from, a);
        if to.is_float() {
            return float_bits(to, x);
        }
        // Rust's float-to-int `as` truncates, saturates and maps NaN to 0.
        return match to {
            Type::I32 => x as i32 as u32 as u64,
            Type::U32 => x as u32 as u64,
            Type::I64 => x as i64 as u64,
            _ => x as u64,
        };
    }
    if to.is_float() {
        let v = if from == Type::Bool {
            a as i128
        } else {
            to_i128(from, a)
        };
        return match to {
            Type::F32 => {
                let f = if from.is_signed_int() {
                    v as i64 as f32
                } else {
                    v as u64 as f32
                };
                f.to_bits() as u64
            }
            Type::F64 => {
                let f = if from.is_signed_int() {
                    v as i64 as f64
                } else {
                    v as u64 as f64
                };
                f.to_bits()
            }
            // Every integer that does not overflow f16 is exact in f64.
            _ => {
                let f = if from.is_signed_int() {
                    v as i64 as f64
                } else {
                    v as u64 as f64
                };
                f64_to_f16(f) as u64
            }
        };
    }
    if from.is_int() && to.is_int() {
        return mask(to, to_i128(from, a) as u64);
    }
    mask(to, a)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{BinOp, CmpPred, UnOp};

    #[test]
    fn every_f16_round_trips_through_f64() {
        for h in 0..=u16::MAX {
            let x = f16_to_f64(h);
            let back = f64_to_f16(x);
            if x.is_nan() {
                assert_eq!(back & 0x7e00, 0x7e00, "{h:#x} must stay a quiet NaN");
            } else {
                assert_eq!(back, h, "{h:#x} -> {x} -> {back:#x}");
            }
        }
    }

    #[test]
    fn f16_rounding_ties_to_even_and_overflows() {
        // Halfway between 1 and the next f16 (1 + 2^-10) rounds to even (1).
        assert_eq!(f64_to_f16(1.0 + 2f64.powi(-11)), 0x3c00);
        // Halfway between 1 + 2^-10 and 1 + 2^-9 rounds up to even.
        assert_eq!(f64_to_f16(1.0 + 3.0 * 2f64.powi(-11)), 0x3c02);
        assert_eq!(f64_to_f16(65504.0), 0x7bff);
        assert_eq!(f64_to_f16(65519.99), 0x7bff);
        assert_eq!(f64_to_f16(65520.0), 0x7c00);
        assert_eq!(f64_to_f16(-1e9), 0xfc00);
        // Smallest subnormal 2^-24; half of it ties to zero, above rounds up.
        assert_eq!(f64_to_f16(2f64.powi(-24)), 0x0001);
        assert_eq!(f64_to_f16(2f64.powi(-25)), 0x0000);
        assert_eq!(f64_to_f16(2f64.powi(-25) * 1.0001), 0x0001);
        assert_eq!(f64_to_f16(-0.0), 0x8000);
        // Largest subnormal rounding up into the smallest normal.
        assert_eq!(f64_to_f16(2f64.powi(-14) - 2f64.powi(-26)), 0x0400);
    }

    #[test]
    fn f16_fma_rounds_once() {
        // a*b + c where a*b + c lies just above a tie that double rounding
        // would resolve the wrong way: 1 + 2^-11 + 2^-30 must round up.
        let a = f64_to_f16(1.0 + 2f64.powi(-10)) as u64; // 1 + 2^-10
        let b = f64_to_f16(1.0 - 2f64.powi(-11)) as u64; // 1 - 2^-11
        let c = f64_to_f16(2f64.powi(-12)) as u64;
        // exact: 1 + 2^-10 - 2^-11 - 2^-21 + 2^-12 = 1 + 2^-11 + 2^-12 - 2^-21
        let exact = 1.0 + 2f64.powi(-11) + 2f64.powi(-12) - 2f64.powi(-21);
        assert_eq!(fma(Type::F16, a, b, c), f64_to_f16(exact) as u64);
    }

    #[test]
    fn integer_semantics_wrap_and_mask_shifts() {
        let t = Type::I32;
        let min = i32::MIN as u32 as u64;
        let m1 = (-1i32) as u32 as u64;
        assert_eq!(binary(BinOp::Div, t, min, m1), Ok(min));
        assert_eq!(binary(BinOp::Rem, t, min, m1), Ok(0));
        assert_eq!(
            binary(BinOp::Div, Type::U32, 1, 0),
            Err(EvalError::DivisionByZero)
        );
        assert_eq!(binary(BinOp::Shl, Type::U32, 1, 33), Ok(2));
        assert_eq!(binary(BinOp::Shr, t, m1, 31), Ok(m1));
        assert_eq!(binary(BinOp::Shr, Type::U32, m1, 31), Ok(1));
        assert_eq!(unary(UnOp::Abs, t, min), min);
        assert_eq!(unary(UnOp::Not, Type::Bool, 1), 0);
        assert!(compare(CmpPred::Lt, t, m1, 0));
        assert!(!compare(CmpPred::Lt, Type::U32, m1, 0));
    }

    #[test]
    fn float_min_max_and_comparisons_follow_the_ir_rules() {
        let f = |x: f32| x.to_bits() as u64;
        let t = Type::F32;
        assert_eq!(binary(BinOp::Min, t, f(f32::NAN), f(2.0)), Ok(f(2.0)));
        assert_eq!(binary(BinOp::Max, t, f(2.0), f(f32::NAN)), Ok(f(2.0)));
        assert_eq!(binary(BinOp::Min, t, f(0.0), f(-0.0)), Ok(f(-0.0)));
        assert_eq!(binary(BinOp::Max, t, f(-0.0), f(0.0)), Ok(f(0.0)));
        assert!(compare(CmpPred::Ne, t, f(f32::NAN), f(f32::NAN)));
        assert!(!compare(CmpPred::Eq, t, f(f32::NAN), f(f32::NAN)));
        assert!(compare(CmpPred::Eq, t, f(0.0), f(-0.0)));
    }

    #[test]
    fn conversions_saturate_and_extend() {
        let f = |x: f32| x.to_bits() as u64;
        assert_eq!(convert(Type::F32, Type::I32, f(3e9)), i32::MAX as u64);
        assert_eq!(convert(Type::F32, Type::U32, f(-5.0)), 0);
        assert_eq!(convert(Type::F32, Type::I32, f(f32::NAN)), 0);
        assert_eq!(
            convert(Type::F32, Type::I32, f(-2.7)),
            (-2i32) as u32 as u64
        );
        assert_eq!(convert(Type::I32, Type::I64, 0xffff_ffff), u64::MAX);
        assert_eq!(convert(Type::U32, Type::I64, 0xffff_ffff), 0xffff_ffff);
        assert_eq!(convert(Type::U64, Type::I32, 0x1_2345_6789), 0x2345_6789);
        assert_eq!(convert(Type::I32, Type::F32, 16_777_217), f(16_777_216.0));
        assert_eq!(convert(Type::Bool, Type::F64, 1), 1f64.to_bits());
        assert_eq!(convert(Type::F32, Type::F16, f(1.0)), 0x3c00);
        assert_eq!(convert(Type::I32, Type::F16, 70000), 0x7c00);
    }
}
