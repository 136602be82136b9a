//! `f128` (IEEE 754 binary128). Cranelift's x86-64 backend moves `F128`
//! values in XMM registers (as the System V psABI passes `__float128`)
//! but has no arithmetic on them, so every operation calls libgcc_s's
//! soft-float routines: `__addtf3`, `__subtf3`, `__multf3`, `__divtf3`,
//! the comparisons `__eqtf2`..`__unordtf2`, and the conversions
//! `__extend[sd]ftf2`, `__trunctf[sd]f2`, `__float[un]{di,ti}tf` and
//! `__fix[uns]tf{di,ti}`. Float-to-integer casts saturate (`NaN` to 0)
//! as the narrower floats' do; the bounds are checked before the call.

use super::func::FnLower;
use super::layout::int_type;
use super::{located, R};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, InstBuilder, MemFlagsData, Type, Value};
use silk_lang::ast::BinOp;
use silk_lang::source::Span;
use silk_lang::types::{FloatTy, IntTy, Ty};

const SIGN: u128 = 1 << 127;
const MANTISSA_BITS: u32 = 112;
const BIAS: i32 = 16383;

/// The binary128 encoding of the `f64` `f` (exact: every double is a quad).
pub fn quad_from_f64(f: f64) -> u128 {
    let bits = f.to_bits();
    let sign = u128::from(bits >> 63) << 127;
    let exp = ((bits >> 52) & 0x7ff) as i32;
    let frac = u128::from(bits & ((1 << 52) - 1));
    if exp == 0x7ff {
        // Infinity, or NaN with its payload kept at the top.
        return sign | (0x7fff << MANTISSA_BITS) | (frac << (MANTISSA_BITS - 52));
    }
    if exp == 0 {
        if frac == 0 {
            return sign;
        }
        // A subnormal double is a normal quad: normalise the fraction.
        let shift = frac.leading_zeros() - (128 - 53);
        let e = 1 - 1023 - shift as i32 + BIAS;
        let m = (frac << shift) & ((1 << 52) - 1);
        return sign | ((e as u128) << MANTISSA_BITS) | (m << (MANTISSA_BITS - 52));
    }
    let e = exp - 1023 + BIAS;
    sign | ((e as u128) << MANTISSA_BITS) | (frac << (MANTISSA_BITS - 52))
}

/// The binary128 encoding of `v`, rounded to nearest, ties to even
/// (integers above 2^113 do not all fit the 113-bit significand).
pub fn quad_from_u128(v: u128) -> u128 {
    if v == 0 {
        return 0;
    }
    let msb = 127 - v.leading_zeros();
    let (mut m, mut e) = if msb <= MANTISSA_BITS {
        (v << (MANTISSA_BITS - msb), msb)
    } else {
        let drop = msb - MANTISSA_BITS;
        let kept = v >> drop;
        let rest = v & ((1u128 << drop) - 1);
        let half = 1u128 << (drop - 1);
        let up = rest > half || (rest == half && kept & 1 == 1);
        (kept + u128::from(up), msb)
    };
    if m >> (MANTISSA_BITS + 1) != 0 {
        m >>= 1;
        e += 1;
    }
    ((e as u128 + BIAS as u128) << MANTISSA_BITS) | (m & ((1 << MANTISSA_BITS) - 1))
}

impl FnLower<'_, '_, '_> {
    /// An `f128` constant from its encoding.
    pub fn quad_const(&mut self, bits: u128) -> Value {
        let i = self.iconst_wide(types::I128, bits);
        self.b.ins().bitcast(types::F128, MemFlagsData::new(), i)
    }

    pub fn quad_neg(&mut self, x: Value) -> Value {
        let i = self.b.ins().bitcast(types::I128, MemFlagsData::new(), x);
        let s = self.iconst_wide(types::I128, SIGN);
        let n = self.b.ins().bxor(i, s);
        self.b.ins().bitcast(types::F128, MemFlagsData::new(), n)
    }

    pub fn quad_arith(&mut self, op: BinOp, x: Value, y: Value, span: Span) -> R<Value> {
        let name = match op {
            BinOp::Add => "__addtf3",
            BinOp::Sub => "__subtf3",
            BinOp::Mul => "__multf3",
            BinOp::Div => "__divtf3",
            _ => {
                return Err(located(
                    format!(
                        "`{}` on `f128` is not supported by the host backend",
                        op.as_str()
                    ),
                    span,
                ))
            }
        };
        let q = types::F128;
        Ok(self.libc(name, &[q, q], Some(q), &[x, y], span)?[0])
    }

    /// An IEEE comparison: each libgcc routine's result against 0 (its
    /// value for unordered operands makes the comparison false, `!=` true).
    pub fn quad_compare(&mut self, op: BinOp, x: Value, y: Value, span: Span) -> R<Value> {
        let (name, cc) = match op {
            BinOp::Eq => ("__eqtf2", IntCC::Equal),
            BinOp::Ne => ("__netf2", IntCC::NotEqual),
            BinOp::Lt => ("__lttf2", IntCC::SignedLessThan),
            BinOp::Le => ("__letf2", IntCC::SignedLessThanOrEqual),
            BinOp::Gt => ("__gttf2", IntCC::SignedGreaterThan),
            _ => ("__getf2", IntCC::SignedGreaterThanOrEqual),
        };
        let q = types::F128;
        let r = self.libc(name, &[q, q], Some(types::I32), &[x, y], span)?[0];
        Ok(self.b.ins().icmp_imm_s(cc, r, 0))
    }

    /// `as` to or from `f128` (`from` or `to` is `f128`).
    pub fn quad_cast(&mut self, v: Value, from: &Ty, to: &Ty, span: Span) -> R<Value> {
        let q = types::F128;
        let int = |t: &Ty| match t {
            Ty::Int(i) => Some(*i),
            Ty::IntLit => Some(IntTy::Int),
            _ => None,
        };
        Ok(match (from, to) {
            (Ty::Float(FloatTy::F128), Ty::Float(FloatTy::F128)) => v,
            (Ty::Float(FloatTy::F128), Ty::Float(f)) => {
                let (name, t) = if *f == FloatTy::F32 {
                    ("__trunctfsf2", types::F32)
                } else {
                    ("__trunctfdf2", types::F64)
                };
                self.libc(name, &[q], Some(t), &[v], span)?[0]
            }
            (Ty::Float(FloatTy::F128), _) => {
                let i = match to {
                    Ty::Char => IntTy::U32,
                    t => int(t).ok_or_else(|| located("cast from `f128`".into(), span))?,
                };
                self.quad_to_int(v, i, span)?
            }
            (Ty::Float(_) | Ty::FloatLit, _) => {
                let t = self.b.func.dfg.value_type(v);
                let name = if t == types::F32 {
                    "__extendsftf2"
                } else {
                    "__extenddftf2"
                };
                self.libc(name, &[t], Some(q), &[v], span)?[0]
            }
            (Ty::Char, _) => {
                let w = self.b.ins().uextend(types::I64, v);
                self.libc("__floatunditf", &[types::I64], Some(q), &[w], span)?[0]
            }
            _ => {
                let i = int(from).ok_or_else(|| located("cast to `f128`".into(), span))?;
                let t = int_type(i);
                let s = i.is_signed();
                let (name, at, w) = if t == types::I128 {
                    (if s { "__floattitf" } else { "__floatuntitf" }, t, v)
                } else {
                    let w = if t == types::I64 {
                        v
                    } else if s {
                        self.b.ins().sextend(types::I64, v)
                    } else {
                        self.b.ins().uextend(types::I64, v)
                    };
                    (
                        if s { "__floatditf" } else { "__floatunditf" },
                        types::I64,
                        w,
                    )
                };
                self.libc(name, &[at], Some(q), &[w], span)?[0]
            }
        })
    }

    /// `f128` to the integer type `i`, saturating, `NaN` to 0.
    fn quad_to_int(&mut self, v: Value, i: IntTy, span: Span) -> R<Value> {
        let t: Type = int_type(i);
        let s = i.is_signed();
        let bits = t.bits();
        let (lo, hi) = if s {
            (
                quad_from_u128(1u128 << (bits - 1)) | SIGN,
                quad_from_u128(1u128 << (bits - 1)),
            )
        } else if bits == 128 {
            // 2^128: exponent 128, zero fraction.
            (0, (128u128 + BIAS as u128) << MANTISSA_BITS)
        } else {
            (0, quad_from_u128(1u128 << bits))
        };
        let (lo_v, hi_v) = (self.quad_const(lo), self.quad_const(hi));
        let above = self.quad_compare(BinOp::Ge, v, hi_v, span)?;
        let below = self.quad_compare(BinOp::Lt, v, lo_v, span)?;
        let ge_lo = self.quad_compare(BinOp::Ge, v, lo_v, span)?;
        let lt_hi = self.quad_compare(BinOp::Lt, v, hi_v, span)?;
        let inside = self.b.ins().band(ge_lo, lt_hi);
        let zero_q = self.quad_const(0);
        let arg = self.b.ins().select(inside, v, zero_q);
        let q = types::F128;
        let r = if t == types::I128 {
            let name = if s { "__fixtfti" } else { "__fixunstfti" };
            self.libc(name, &[q], Some(t), &[arg], span)?[0]
        } else {
            let name = if s { "__fixtfdi" } else { "__fixunstfdi" };
            let r = self.libc(name, &[q], Some(types::I64), &[arg], span)?[0];
            if t == types::I64 {
                r
            } else {
                self.b.ins().ireduce(t, r)
            }
        };
        let (min, max) = if s {
            (1u128 << (bits - 1), (1u128 << (bits - 1)) - 1)
        } else if bits == 128 {
            (0, u128::MAX)
        } else {
            (0, (1u128 << bits) - 1)
        };
        let (min, max, zero) = (
            self.iconst_wide(t, min),
            self.iconst_wide(t, max),
            self.iconst_wide(t, 0),
        );
        let r = self.b.ins().select(inside, r, zero);
        let r = self.b.ins().select(below, min, r);
        Ok(self.b.ins().select(above, max, r))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quad_encodings() {
        assert_eq!(
            quad_from_f64(1.0),
            0x3fff_0000_0000_0000_0000_0000_0000_0000
        );
        assert_eq!(
            quad_from_f64(-2.0),
            0xc000_0000_0000_0000_0000_0000_0000_0000
        );
        assert_eq!(quad_from_f64(0.0), 0);
        assert_eq!(quad_from_f64(-0.0), SIGN);
        assert_eq!(quad_from_f64(f64::INFINITY), 0x7fff << 112);
        // 0.1 as a double: 0x3fb999999999999a.
        assert_eq!(
            quad_from_f64(0.1),
            0x3ffb_9999_9999_9999_a000_0000_0000_0000
        );
        // The smallest subnormal double is 2^-1074.
        assert_eq!(
            quad_from_f64(f64::from_bits(1)),
            ((BIAS - 1074) as u128) << 112
        );
        assert_eq!(quad_from_u128(1), quad_from_f64(1.0));
        assert_eq!(quad_from_u128(3), quad_from_f64(3.0));
        assert_eq!(quad_from_u128(1 << 100), quad_from_f64(2f64.powi(100)));
        // 2^114 + 1 rounds down to 2^114; 2^114 + 3 rounds up (tie to even).
        assert_eq!(
            quad_from_u128((1 << 114) + 1),
            quad_from_f64(2f64.powi(114))
        );
        assert_eq!(
            quad_from_u128((1 << 114) + 3),
            quad_from_f64(2f64.powi(114)) + 1
        );
        assert_eq!(quad_from_u128(u128::MAX), (128u128 + BIAS as u128) << 112);
    }
}
