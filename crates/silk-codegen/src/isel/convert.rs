//! Conversions between integer and float types of every width.

use super::*;

impl<'a> Sel<'a> {
    pub(super) fn cvt(&mut self, res: Value, a: Value, to: Type) -> Result<(), Error> {
        if self.dead_zext[res.index()] {
            return Ok(());
        }
        let from = self.ty(a);
        if from == to {
            // Same type: the value itself (floats are already rounded).
            let v = self.val(a)?;
            self.vals[res.index()] = Some(v);
            return Ok(());
        }
        let scalar = self.uniform[res.index()] && self.is_s(a);
        let int_like = |t: Type| t.is_int() || t.is_ptr();
        if from == Type::Bool {
            let mask = self.whole(a)?;
            let one = match to {
                Type::F16 => 0x3c00u64,
                Type::F32 => 0x3f80_0000u64,
                Type::F64 => 0x3ff0_0000_0000_0000,
                t if t.is_int() => 1,
                _ => return Err(unsupported(format!("`cvt` bool to {to}"))),
            };
            let n = Self::dwords(to);
            let d = self.vreg(n);
            for k in 0..n {
                let t = MOp::Phys(imm32((one >> (32 * k)) as u32));
                self.cndmask(Self::sub(d, k), MOp::Phys(Operand::int(0)), t, mask)?;
            }
            self.set(res, d);
            return Ok(());
        }
        if int_like(from) && int_like(to) {
            let (fb, tb) = (Self::dwords(from), Self::dwords(to));
            if fb == tb {
                let v = self.val(a)?;
                self.vals[res.index()] = Some(v);
                return Ok(());
            }
            if tb == 1 {
                // Truncate: the low dword.
                match self.val(a)? {
                    Val::Const(bits) => {
                        self.vals[res.index()] = Some(Val::Const(bits & 0xffff_ffff));
                    }
                    Val::Reg(r) => {
                        let file = self.mf.info(r).file;
                        let d = self.mf.new_vreg(file, 1);
                        let name = if file == File::Sgpr {
                            Op::S_MOV_B32
                        } else {
                            Op::V_MOV_B32_e32
                        };
                        self.emit(name, vec![self.r(d), Self::sub(r, 0)], 1)?;
                        self.set(res, d);
                    }
                }
                return Ok(());
            }
            // Widen.
            let lo = self.part(a, 0)?;
            if let Val::Const(bits) = self.val(a)? {
                let v = if from.is_signed_int() {
                    bits as u32 as i32 as i64 as u64
                } else {
                    bits & 0xffff_ffff
                };
                self.vals[res.index()] = Some(Val::Const(v));
                return Ok(());
            }
            if scalar {
                let d = self.sreg(2);
                self.emit(Op::S_MOV_B32, vec![Self::sub(d, 0), lo], 1)?;
                self.widened[res.index()] = Some(lo);
                self.sext[res.index()] = from.is_signed_int();
                if from.is_signed_int() {
                    self.emit(
                        Op::S_ASHR_I32,
                        vec![Self::sub(d, 1), lo, MOp::Phys(Operand::int(31))],
                        1,
                    )?;
                } else {
                    self.emit(
                        Op::S_MOV_B32,
                        vec![Self::sub(d, 1), MOp::Phys(Operand::int(0))],
                        1,
                    )?;
                }
                self.set(res, d);
            } else {
                let d = self.vreg(2);
                self.emit(Op::V_MOV_B32_e32, vec![Self::sub(d, 0), lo], 1)?;
                self.widened[res.index()] = Some(lo);
                self.sext[res.index()] = from.is_signed_int();
                if from.is_signed_int() {
                    self.vop2(
                        Op::V_ASHRREV_I32_e32,
                        Self::sub(d, 1),
                        MOp::Phys(Operand::int(31)),
                        lo,
                        false,
                    )?;
                } else {
                    self.emit(
                        Op::V_MOV_B32_e32,
                        vec![Self::sub(d, 1), MOp::Phys(Operand::int(0))],
                        1,
                    )?;
                }
                self.set(res, d);
            }
            return Ok(());
        }
        let d = self.cvt_float(a, from, to)?;
        self.set(res, d);
        Ok(())
    }

    /// Conversions with a float side (see `silk_gpu_ir::ir::cvt_allowed`).
    pub(super) fn cvt_float(&mut self, a: Value, from: Type, to: Type) -> Result<VReg, Error> {
        // f16 sources are widened to f32 exactly first.
        let (x, from) = if from == Type::F16 {
            let h = self.half(a)?;
            let w = self.f16_to_f32(h)?;
            if to == Type::F32 {
                return Ok(w);
            }
            (self.r(w), Type::F32)
        } else {
            (self.whole(a)?, from)
        };
        if to == Type::F16 {
            // Through a correctly rounded f32: integers that round
            // differently in two steps are beyond the f16 range anyway (they
            // become infinity either way); f64 would round twice.
            let w = match from {
                Type::F32 => x,
                Type::F64 => return self.f64_to_f16(x),
                _ => {
                    let w = self.cvt_float_op(x, from, Type::F32)?;
                    self.r(w)
                }
            };
            return self.f32_to_f16(w);
        }
        self.cvt_float_op(x, from, to)
    }

    pub(super) fn cvt_float_op(&mut self, x: MOp, from: Type, to: Type) -> Result<VReg, Error> {
        let is64 = |t: Type| matches!(t, Type::I64 | Type::U64);
        if is64(from) {
            let (lo, hi) = self.halves(x);
            return match to {
                Type::F64 => self.int64_to_f64(lo, hi, from == Type::I64),
                Type::F32 => self.int64_to_f32(lo, hi, from == Type::I64),
                _ => Err(unsupported(format!("`cvt` from {from} to {to}"))),
            };
        }
        if is64(to) {
            let x = match from {
                Type::F64 => x,
                Type::F32 => {
                    let d = self.vreg(2);
                    self.emit(Op::V_CVT_F64_F32_e32, vec![self.r(d), x], 1)?;
                    self.r(d)
                }
                _ => return Err(unsupported(format!("`cvt` from {from} to {to}"))),
            };
            return self.f64_to_int64(x, to == Type::I64);
        }
        let name = match (from, to) {
            (Type::I32, Type::F32) => Op::V_CVT_F32_I32_e32,
            (Type::U32, Type::F32) => Op::V_CVT_F32_U32_e32,
            (Type::F32, Type::I32) => Op::V_CVT_I32_F32_e32,
            (Type::F32, Type::U32) => Op::V_CVT_U32_F32_e32,
            (Type::F32, Type::F64) => Op::V_CVT_F64_F32_e32,
            (Type::F64, Type::F32) => Op::V_CVT_F32_F64_e32,
            (Type::I32, Type::F64) => Op::V_CVT_F64_I32_e32,
            (Type::U32, Type::F64) => Op::V_CVT_F64_U32_e32,
            (Type::F64, Type::I32) => Op::V_CVT_I32_F64_e32,
            (Type::F64, Type::U32) => Op::V_CVT_U32_F64_e32,
            _ => return Err(unsupported(format!("`cvt` from {from} to {to}"))),
        };
        let d = self.vreg(Self::dwords(to));
        self.emit(name, vec![self.r(d), x], 1)?;
        Ok(d)
    }

    /// f64 to f16, correctly rounded (to nearest even) in integer
    /// arithmetic, as LLVM lowers `fptrunc double to half`: going through
    /// f32 would round twice. The f64 significand is cut to 11 bits plus
    /// a guard and a sticky bit (`m`), denormalised by `1 - e` for f16
    /// subnormals (keeping the sticky bit), rounded on the three low bits,
    /// and overflow, infinity and NaN are patched in.
    pub(super) fn f64_to_f16(&mut self, x: MOp) -> Result<VReg, Error> {
        let (lo, hi) = self.halves(x);
        let hi = self.copy_to_vgpr(hi)?;
        let c = |v: i32| MOp::Phys(imm32(v as u32));
        let add = self.pick(Op::V_ADD_U32_e32, Op::V_ADD_NC_U32_e32);
        let subn = self.pick(Op::V_SUB_U32_e32, Op::V_SUB_NC_U32_e32);
        // e = biased f64 exponent - 1023 + 15
        let eraw = self.vreg(1);
        self.vop3(Op::V_BFE_U32, vec![self.r(eraw)], vec![hi, c(20), c(11)])?;
        let e = self.vreg(1);
        self.vop2(add, self.r(e), c(-1008), self.r(eraw), true)?;
        // m = significand bits 51..41 shifted to 11..1, sticky in bit 0
        let sh8 = self.vreg(1);
        self.vop2(Op::V_LSHRREV_B32_e32, self.r(sh8), c(8), hi, false)?;
        let m0 = self.vreg(1);
        self.vop2(Op::V_AND_B32_e32, self.r(m0), c(0xffe), self.r(sh8), true)?;
        let low9 = self.vreg(1);
        self.vop2(Op::V_AND_B32_e32, self.r(low9), c(0x1ff), hi, true)?;
        let rest = self.vreg(1);
        self.vop2(Op::V_OR_B32_e32, self.r(rest), lo, self.r(low9), true)?;
        let any = self.mask();
        self.vop3(
            Op::V_CMP_NE_U32_e64,
            vec![self.r(any)],
            vec![self.r(rest), c(0)],
        )?;
        let sticky = self.vreg(1);
        self.cndmask(self.r(sticky), c(0), c(1), self.r(any))?;
        let m = self.vreg(1);
        self.vop2(
            Op::V_OR_B32_e32,
            self.r(m),
            self.r(m0),
            self.r(sticky),
            true,
        )?;
        // NaN or infinity: 0x7e00 (quiet) or 0x7c00.
        let mnz = self.mask();
        self.vop3(
            Op::V_CMP_NE_U32_e64,
            vec![self.r(mnz)],
            vec![self.r(m), c(0)],
        )?;
        let inf_nan = self.vreg(1);
        self.cndmask(self.r(inf_nan), c(0x7c00), c(0x7e00), self.r(mnz))?;
        // Normal: n = m | e << 12.
        let n = self.vreg(1);
        self.vop3(
            Op::V_LSHL_OR_B32,
            vec![self.r(n)],
            vec![self.r(e), c(12), self.r(m)],
        )?;
        // Subnormal: shift (m | implicit one) right by clamp(1 - e, 0, 13),
        // ORing the lost bits into the sticky bit.
        let ose = self.vreg(1);
        self.vop2(subn, self.r(ose), c(1), self.r(e), false)?;
        let b = self.vreg(1);
        self.vop3(
            Op::V_MED3_I32,
            vec![self.r(b)],
            vec![self.r(ose), c(0), c(13)],
        )?;
        let sig = self.vreg(1);
        self.vop2(Op::V_OR_B32_e32, self.r(sig), c(0x1000), self.r(m), true)?;
        let d = self.vreg(1);
        self.vop2(
            Op::V_LSHRREV_B32_e32,
            self.r(d),
            self.r(b),
            self.r(sig),
            false,
        )?;
        let d0 = self.vreg(1);
        self.vop2(
            Op::V_LSHLREV_B32_e32,
            self.r(d0),
            self.r(b),
            self.r(d),
            false,
        )?;
        let lost = self.mask();
        self.vop3(
            Op::V_CMP_NE_U32_e64,
            vec![self.r(lost)],
            vec![self.r(d0), self.r(sig)],
        )?;
        let d1 = self.vreg(1);
        self.cndmask(self.r(d1), c(0), c(1), self.r(lost))?;
        let dd = self.vreg(1);
        self.vop2(Op::V_OR_B32_e32, self.r(dd), self.r(d), self.r(d1), true)?;
        let sub = self.mask();
        self.vop3(
            Op::V_CMP_GT_I32_e64,
            vec![self.r(sub)],
            vec![c(1), self.r(e)],
        )?;
        let v = self.vreg(1);
        self.cndmask(self.r(v), self.r(n), self.r(dd), self.r(sub))?;
        // Round to nearest even on the guard (bit 1) and sticky (bit 0):
        // up when the low three bits are 3 (odd, tie), 6 or 7.
        let low3 = self.vreg(1);
        self.vop2(Op::V_AND_B32_e32, self.r(low3), c(7), self.r(v), true)?;
        let gt5 = self.mask();
        self.vop3(
            Op::V_CMP_GT_U32_e64,
            vec![self.r(gt5)],
            vec![self.r(low3), c(5)],
        )?;
        let eq3 = self.mask();
        self.vop3(
            Op::V_CMP_EQ_U32_e64,
            vec![self.r(eq3)],
            vec![self.r(low3), c(3)],
        )?;
        let up = self.mask();
        let or = self.lm(Op::S_OR_B32, Op::S_OR_B64);
        self.emit(or, vec![self.r(up), self.r(gt5), self.r(eq3)], 1)?;
        let inc = self.vreg(1);
        self.cndmask(self.r(inc), c(0), c(1), self.r(up))?;
        let v2 = self.vreg(1);
        self.vop2(Op::V_LSHRREV_B32_e32, self.r(v2), c(2), self.r(v), false)?;
        let v3 = self.vreg(1);
        self.vop2(add, self.r(v3), self.r(v2), self.r(inc), true)?;
        // Overflow to infinity; infinity and NaN inputs (e = 2047 - 1008).
        let big = self.mask();
        self.vop3(
            Op::V_CMP_GT_I32_e64,
            vec![self.r(big)],
            vec![self.r(e), c(30)],
        )?;
        let v4 = self.vreg(1);
        self.cndmask(self.r(v4), self.r(v3), c(0x7c00), self.r(big))?;
        let special = self.mask();
        self.vop3(
            Op::V_CMP_EQ_U32_e64,
            vec![self.r(special)],
            vec![self.r(e), c(1039)],
        )?;
        let v5 = self.vreg(1);
        self.cndmask(self.r(v5), self.r(v4), self.r(inf_nan), self.r(special))?;
        let sh16 = self.vreg(1);
        self.vop2(Op::V_LSHRREV_B32_e32, self.r(sh16), c(16), hi, false)?;
        let sign = self.vreg(1);
        self.vop2(
            Op::V_AND_B32_e32,
            self.r(sign),
            c(0x8000),
            self.r(sh16),
            true,
        )?;
        let out = self.vreg(1);
        self.vop2(
            Op::V_OR_B32_e32,
            self.r(out),
            self.r(v5),
            self.r(sign),
            true,
        )?;
        Ok(out)
    }

    /// The two dwords of a 64-bit operand (an inline integer constant is
    /// sign-extended).
    pub(super) fn halves(&self, x: MOp) -> (MOp, MOp) {
        match x {
            MOp::Reg { r, off, .. } => (
                MOp::Reg { r, off, n: 1 },
                MOp::Reg {
                    r,
                    off: off + 1,
                    n: 1,
                },
            ),
            MOp::Phys(Operand::Const(c)) => {
                let neg = (193..=208).contains(&c);
                (x, MOp::Phys(Operand::int(if neg { -1 } else { 0 })))
            }
            other => (other, MOp::Phys(Operand::int(0))),
        }
    }

    /// An f64 constant in an SGPR pair (one per block and value).
    pub(super) fn f64_const(&mut self, bits: u64) -> Result<MOp, Error> {
        if let Some(&(_, s)) = self.const_pairs.iter().find(|(b, _)| *b == bits) {
            return Ok(self.r(s));
        }
        let s = self.sreg(2);
        self.const_pairs.push((bits, s));
        for k in 0..2 {
            let o = MOp::Phys(imm32((bits >> (32 * k)) as u32));
            self.emit(Op::S_MOV_B32, vec![Self::sub(s, k), o], 1)?;
        }
        Ok(self.r(s))
    }

    /// i64/u64 to f64: `hi * 2^32 + lo`; both terms are exact in f64, so
    /// the one rounding of the add is the correct one.
    pub(super) fn int64_to_f64(&mut self, lo: MOp, hi: MOp, signed: bool) -> Result<VReg, Error> {
        let h = self.vreg(2);
        let name = if signed {
            Op::V_CVT_F64_I32_e32
        } else {
            Op::V_CVT_F64_U32_e32
        };
        self.emit(name, vec![self.r(h), hi], 1)?;
        let hs = self.vreg(2);
        self.vop3(
            Op::V_LDEXP_F64,
            vec![self.r(hs)],
            vec![self.r(h), MOp::Phys(Operand::int(32))],
        )?;
        let l = self.vreg(2);
        self.emit(Op::V_CVT_F64_U32_e32, vec![self.r(l), lo], 1)?;
        let d = self.vreg(2);
        self.vop3(Op::V_ADD_F64, vec![self.r(d)], vec![self.r(hs), self.r(l)])?;
        Ok(d)
    }

    /// u64 to f32: normalise so the leading one is bit 63, keep the top 32
    /// bits with the rest ORed into a sticky bit 0 (below f32's rounding
    /// position), convert (one rounding) and scale back. i64 through the
    /// magnitude and a sign flip.
    pub(super) fn int64_to_f32(&mut self, lo: MOp, hi: MOp, signed: bool) -> Result<VReg, Error> {
        let (lo, hi, neg) = if signed {
            let m = self.mask();
            let x = self.pair(lo, hi)?;
            self.vop3(
                Op::V_CMP_GT_I64_e64,
                vec![self.r(m)],
                vec![MOp::Phys(Operand::int(0)), x],
            )?;
            let negd = self.vreg(2);
            let z = MOp::Phys(Operand::int(0));
            self.add64_v(negd, z, z, lo, hi, true)?;
            let abs = self.vreg(2);
            self.cndmask(Self::sub(abs, 0), lo, Self::sub(negd, 0), self.r(m))?;
            self.cndmask(Self::sub(abs, 1), hi, Self::sub(negd, 1), self.r(m))?;
            (Self::sub(abs, 0), Self::sub(abs, 1), Some(m))
        } else {
            (lo, hi, None)
        };
        let clz = self.vreg(1);
        let ffbh = self.pick(Op::V_FFBH_U32_e32, Op::V_CLZ_I32_U32_e32);
        self.emit(ffbh, vec![self.r(clz), hi], 1)?;
        let sh = self.vreg(1);
        self.vop2(
            Op::V_MIN_U32_e32,
            self.r(sh),
            MOp::Phys(Operand::int(32)),
            self.r(clz),
            true,
        )?;
        let x = self.pair(lo, hi)?;
        let norm = self.vreg(2);
        self.vop3(Op::V_LSHLREV_B64, vec![self.r(norm)], vec![self.r(sh), x])?;
        let sticky = self.vreg(1);
        self.vop2(
            Op::V_MIN_U32_e32,
            self.r(sticky),
            MOp::Phys(Operand::int(1)),
            Self::sub(norm, 0),
            true,
        )?;
        let top = self.vreg(1);
        self.vop2(
            Op::V_OR_B32_e32,
            self.r(top),
            Self::sub(norm, 1),
            self.r(sticky),
            true,
        )?;
        let f = self.vreg(1);
        self.emit(Op::V_CVT_F32_U32_e32, vec![self.r(f), self.r(top)], 1)?;
        let e = self.vreg(1);
        let subn = self.pick(Op::V_SUB_U32_e32, Op::V_SUB_NC_U32_e32);
        self.vop2(
            subn,
            self.r(e),
            MOp::Phys(Operand::int(32)),
            self.r(sh),
            false,
        )?;
        let d = self.vreg(1);
        self.vop3(Op::V_LDEXP_F32, vec![self.r(d)], vec![self.r(f), self.r(e)])?;
        let Some(m) = neg else {
            return Ok(d);
        };
        let flipped = self.vreg(1);
        self.vop2(
            Op::V_XOR_B32_e32,
            self.r(flipped),
            MOp::Phys(imm32(0x8000_0000)),
            self.r(d),
            true,
        )?;
        let out = self.vreg(1);
        self.cndmask(self.r(out), self.r(d), self.r(flipped), self.r(m))?;
        Ok(out)
    }

    /// Two dwords as one 64-bit operand (copied into a VGPR pair unless
    /// they already are one).
    pub(super) fn pair(&mut self, lo: MOp, hi: MOp) -> Result<MOp, Error> {
        if let (
            MOp::Reg { r, off, .. },
            MOp::Reg {
                r: r2, off: off2, ..
            },
        ) = (lo, hi)
        {
            if r == r2 && off2 == off + 1 {
                return Ok(MOp::Reg { r, off, n: 2 });
            }
        }
        let v = self.vreg(2);
        self.emit(Op::V_MOV_B32_e32, vec![Self::sub(v, 0), lo], 1)?;
        self.emit(Op::V_MOV_B32_e32, vec![Self::sub(v, 1), hi], 1)?;
        Ok(self.r(v))
    }

    /// f64 to i64/u64, truncating toward zero, saturating, NaN to 0 (the
    /// IR's rule): t = trunc(x); hi = floor(t * 2^-32); lo = t - hi * 2^32
    /// (exact, by fma); then the out-of-range inputs are clamped.
    pub(super) fn f64_to_int64(&mut self, x: MOp, signed: bool) -> Result<VReg, Error> {
        let t = self.vreg(2);
        self.emit(Op::V_TRUNC_F64_e32, vec![self.r(t), x], 1)?;
        let inv = self.f64_const(0x3df0_0000_0000_0000)?; // 2^-32
        let m = self.vreg(2);
        self.vop3(Op::V_MUL_F64, vec![self.r(m)], vec![self.r(t), inv])?;
        let hf = self.vreg(2);
        self.emit(Op::V_FLOOR_F64_e32, vec![self.r(hf), self.r(m)], 1)?;
        let k = self.f64_const(0xc1f0_0000_0000_0000)?; // -2^32
        let lf = self.vreg(2);
        self.vop3(
            Op::V_FMA_F64,
            vec![self.r(lf)],
            vec![self.r(hf), k, self.r(t)],
        )?;
        let d = self.vreg(2);
        self.emit(Op::V_CVT_U32_F64_e32, vec![Self::sub(d, 0), self.r(lf)], 1)?;
        let hname = if signed {
            Op::V_CVT_I32_F64_e32
        } else {
            Op::V_CVT_U32_F64_e32
        };
        self.emit(hname, vec![Self::sub(d, 1), self.r(hf)], 1)?;
        // (limit, value there): t >= limit gives the maximum, t < low (or
        // t <= -1 unsigned) the minimum.
        let (hi_lim, lo_lim, max, min): (u64, u64, u64, u64) = if signed {
            (
                0x43e0_0000_0000_0000, // 2^63
                0xc3e0_0000_0000_0000, // -2^63
                i64::MAX as u64,
                i64::MIN as u64,
            )
        } else {
            (0x43f0_0000_0000_0000, 0, u64::MAX, 0) // 2^64, 0
        };
        let big = self.mask();
        let hl = self.f64_const(hi_lim)?;
        self.vop3(Op::V_CMP_GE_F64_e64, vec![self.r(big)], vec![self.r(t), hl])?;
        let small = self.mask();
        let ll = self.f64_const(lo_lim)?;
        self.vop3(
            Op::V_CMP_LT_F64_e64,
            vec![self.r(small)],
            vec![self.r(t), ll],
        )?;
        let c1 = self.vreg(2);
        let out = self.vreg(2);
        for k in 0..2 {
            let mx = MOp::Phys(imm32((max >> (32 * k)) as u32));
            let mn = MOp::Phys(imm32((min >> (32 * k)) as u32));
            self.cndmask(Self::sub(c1, k), Self::sub(d, k), mx, self.r(big))?;
            self.cndmask(Self::sub(out, k), Self::sub(c1, k), mn, self.r(small))?;
        }
        Ok(out)
    }
}
