//! Integer ALU: unary and binary operations on 32- and 64-bit integers
//! (SALU when uniform, VALU otherwise) and 64-bit add/sub and shifts.

use super::*;

impl<'a> Sel<'a> {
    pub(super) fn unary(&mut self, res: Value, op: UnOp, a: Value) -> Result<(), Error> {
        let t = self.ty(a);
        if t == Type::Bool {
            // `not` on a lane mask.
            let m = self.mask();
            let src = self.whole(a)?;
            let name = self.lm(Op::S_NOT_B32, Op::S_NOT_B64);
            self.emit(name, vec![self.r(m), src], 1)?;
            self.set(res, m);
            return Ok(());
        }
        if t.is_int() && t.bits() == 32 {
            let x = self.part(a, 0)?;
            let scalar = self.uniform[res.index()] && self.is_s(a);
            match op {
                UnOp::Not => {
                    return self.int_op(res, scalar, Op::S_NOT_B32, None, x, None, false);
                }
                UnOp::Neg => {
                    return self.int_op(
                        res,
                        scalar,
                        Op::S_SUB_I32,
                        Some(self.pick(Op::V_SUB_U32_e32, Op::V_SUB_NC_U32_e32)),
                        MOp::Phys(Operand::int(0)),
                        Some(x),
                        false,
                    );
                }
                UnOp::Abs => {
                    if scalar {
                        let d = self.sreg(1);
                        self.emit(Op::S_ABS_I32, vec![self.r(d), x], 1)?;
                        self.set(res, d);
                        return Ok(());
                    }
                    let neg = self.vreg(1);
                    let nn = self.pick(Op::V_SUB_U32_e32, Op::V_SUB_NC_U32_e32);
                    self.vop2(nn, self.r(neg), MOp::Phys(Operand::int(0)), x, false)?;
                    let d = self.vreg(1);
                    self.vop2(Op::V_MAX_I32_e32, self.r(d), x, self.r(neg), true)?;
                    self.set(res, d);
                    return Ok(());
                }
                _ => {}
            }
        }
        if t.is_int() && t.bits() == 64 {
            return self.unary64(res, op, a);
        }
        if t == Type::F16 {
            return self.unary16(res, op, a);
        }
        if t == Type::F32 {
            let x = self.part(a, 0)?;
            let d = self.vreg(1);
            match op {
                UnOp::Neg => self.vop2(
                    Op::V_XOR_B32_e32,
                    self.r(d),
                    MOp::Phys(imm32(0x8000_0000)),
                    x,
                    true,
                )?,
                UnOp::Abs => self.vop2(
                    Op::V_AND_B32_e32,
                    self.r(d),
                    MOp::Phys(imm32(0x7fff_ffff)),
                    x,
                    true,
                )?,
                UnOp::Sqrt => {
                    let r = self.sqrt32(x)?;
                    self.set(res, r);
                    return Ok(());
                }
                _ => {
                    let name = match op {
                        UnOp::Rcp => Op::V_RCP_F32_e32,
                        UnOp::Exp2 => Op::V_EXP_F32_e32,
                        UnOp::Log2 => Op::V_LOG_F32_e32,
                        UnOp::Floor => Op::V_FLOOR_F32_e32,
                        UnOp::Ceil => Op::V_CEIL_F32_e32,
                        UnOp::Trunc => Op::V_TRUNC_F32_e32,
                        UnOp::Rint => Op::V_RNDNE_F32_e32,
                        _ => return Err(unsupported(format!("`{}` on f32", op.keyword()))),
                    };
                    self.emit(name, vec![self.r(d), x], 1)?;
                }
            }
            self.set(res, d);
            return Ok(());
        }
        if t == Type::F64 && matches!(op, UnOp::Neg | UnOp::Abs) {
            let d = self.vreg(2);
            let lo = self.part(a, 0)?;
            let hi = self.part(a, 1)?;
            self.emit(Op::V_MOV_B32_e32, vec![Self::sub(d, 0), lo], 1)?;
            let (name, k) = if op == UnOp::Neg {
                (Op::V_XOR_B32_e32, 0x8000_0000)
            } else {
                (Op::V_AND_B32_e32, 0x7fff_ffff)
            };
            self.vop2(name, Self::sub(d, 1), MOp::Phys(imm32(k)), hi, true)?;
            self.set(res, d);
            return Ok(());
        }
        if t == Type::F64 {
            let x = self.whole(a)?;
            let name = match op {
                UnOp::Sqrt => {
                    let r = self.sqrt64(x)?;
                    self.set(res, r);
                    return Ok(());
                }
                UnOp::Rcp => Op::V_RCP_F64_e32,
                UnOp::Floor => Op::V_FLOOR_F64_e32,
                UnOp::Ceil => Op::V_CEIL_F64_e32,
                UnOp::Trunc => Op::V_TRUNC_F64_e32,
                UnOp::Rint => Op::V_RNDNE_F64_e32,
                _ => return Err(unsupported(format!("`{}` on f64", op.keyword()))),
            };
            let d = self.vreg(2);
            self.emit(name, vec![self.r(d), x], 1)?;
            self.set(res, d);
            return Ok(());
        }
        Err(unsupported(format!("`{}` on {t}", op.keyword())))
    }

    // ---- f16 ----
    //
    // An `f16` lives in the low 16 bits of a 32-bit register (the high bits
    // are undefined). Add, sub, mul, min, max, fma and rounding use the
    // 16-bit VOP3 instructions (on GFX11 their true16 operands are marked
    // as low halves after allocation, `mir::mark_true16_halves`).
    // Division and square root go through the correctly rounded f32
    // sequences: f16 -> f32 is exact and, since f32 has more than
    // 2 * 11 + 2 significand bits, rounding the f32 result to f16 gives
    // the correctly rounded f16 result (no double-rounding error).

    /// `not`, `neg` and `abs` on 64-bit integers (VALU; `abs` of the
    /// minimum wraps, as the IR says).
    pub(super) fn unary64(&mut self, res: Value, op: UnOp, a: Value) -> Result<(), Error> {
        let (lo, hi) = (self.part(a, 0)?, self.part(a, 1)?);
        let d = self.vreg(2);
        match op {
            UnOp::Not => {
                self.emit(Op::V_NOT_B32_e32, vec![Self::sub(d, 0), lo], 1)?;
                self.emit(Op::V_NOT_B32_e32, vec![Self::sub(d, 1), hi], 1)?;
            }
            UnOp::Neg | UnOp::Abs => {
                let z = MOp::Phys(Operand::int(0));
                let neg = if op == UnOp::Neg { d } else { self.vreg(2) };
                self.add64_v(neg, z, z, lo, hi, true)?;
                if op == UnOp::Abs {
                    let m = self.mask();
                    let x = self.whole(a)?;
                    self.vop3(Op::V_CMP_GT_I64_e64, vec![self.r(m)], vec![z, x])?;
                    for k in 0..2 {
                        let orig = self.part(a, k)?;
                        self.cndmask(Self::sub(d, k), orig, Self::sub(neg, k), self.r(m))?;
                    }
                }
            }
            _ => return Err(unsupported(format!("`{}` on {}", op.keyword(), self.ty(a)))),
        }
        self.set(res, d);
        Ok(())
    }

    /// A 32-bit integer operation in SALU (`sname`) or VALU (`vname`, VOP2).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn int_op(
        &mut self,
        res: Value,
        scalar: bool,
        sname: Op,
        vname: Option<Op>,
        a: MOp,
        b: Option<MOp>,
        comm: bool,
    ) -> Result<(), Error> {
        if scalar {
            let d = self.sreg(1);
            let mut ops = vec![self.r(d), a];
            ops.extend(b);
            self.emit(sname, ops, 1)?;
            self.set(res, d);
            return Ok(());
        }
        let d = self.vreg(1);
        match (vname, b) {
            (Some(v), Some(b)) => self.vop2(v, self.r(d), a, b, comm)?,
            (None, None) => self.emit(Op::V_NOT_B32_e32, vec![self.r(d), a], 1)?,
            _ => return Err(Error::invariant("instruction selection", "int_op shape")),
        }
        self.set(res, d);
        Ok(())
    }

    pub(super) fn binary(
        &mut self,
        res: Value,
        op: BinOp,
        a: Value,
        b: Value,
    ) -> Result<(), Error> {
        let t = self.ty(a);
        if t == Type::Bool {
            let name = match op {
                BinOp::And => self.lm(Op::S_AND_B32, Op::S_AND_B64),
                BinOp::Or => self.lm(Op::S_OR_B32, Op::S_OR_B64),
                BinOp::Xor => self.lm(Op::S_XOR_B32, Op::S_XOR_B64),
                _ => return Err(unsupported(format!("`{}` on bool", op.keyword()))),
            };
            let m = self.mask();
            let (x, y) = (self.whole(a)?, self.whole(b)?);
            self.emit(name, vec![self.r(m), x, y], 1)?;
            self.set(res, m);
            return Ok(());
        }
        let scalar = self.uniform[res.index()] && self.is_s(a) && self.is_s(b);
        if t.is_int() && t.bits() == 32 {
            let signed = t.is_signed_int();
            if self.fused_shl[res.index()].is_some() {
                return Ok(());
            }
            if let Some(name) = match op {
                BinOp::Or => Some(Op::V_LSHL_OR_B32),
                BinOp::Add => Some(Op::V_LSHL_ADD_U32),
                _ => None,
            } {
                let shifted = match (self.fused_shl[a.index()], self.fused_shl[b.index()]) {
                    (Some(s), _) => Some((s, b)),
                    (None, Some(s)) => Some((s, a)),
                    _ => None,
                };
                if let Some(((x, amt), other)) = shifted {
                    let d = self.vreg(1);
                    let srcs = vec![self.part(x, 0)?, self.part(amt, 0)?, self.part(other, 0)?];
                    self.vop3(name, vec![self.r(d)], srcs)?;
                    self.set(res, d);
                    return Ok(());
                }
            }
            let (x, y) = (self.part(a, 0)?, self.part(b, 0)?);
            let (sn, vn, comm): (Op, Op, bool) = match op {
                BinOp::Add => (
                    Op::S_ADD_I32,
                    self.pick(Op::V_ADD_U32_e32, Op::V_ADD_NC_U32_e32),
                    true,
                ),
                BinOp::Sub => (
                    Op::S_SUB_I32,
                    self.pick(Op::V_SUB_U32_e32, Op::V_SUB_NC_U32_e32),
                    false,
                ),
                BinOp::And => (Op::S_AND_B32, Op::V_AND_B32_e32, true),
                BinOp::Or => (Op::S_OR_B32, Op::V_OR_B32_e32, true),
                BinOp::Xor => (Op::S_XOR_B32, Op::V_XOR_B32_e32, true),
                BinOp::Min if signed => (Op::S_MIN_I32, Op::V_MIN_I32_e32, true),
                BinOp::Min => (Op::S_MIN_U32, Op::V_MIN_U32_e32, true),
                BinOp::Max if signed => (Op::S_MAX_I32, Op::V_MAX_I32_e32, true),
                BinOp::Max => (Op::S_MAX_U32, Op::V_MAX_U32_e32, true),
                BinOp::Shl => {
                    if scalar {
                        return self.int_op(res, true, Op::S_LSHL_B32, None, x, Some(y), false);
                    }
                    let d = self.vreg(1);
                    // The shift amount is src0 of the `rev` form.
                    self.vop2(Op::V_LSHLREV_B32_e32, self.r(d), y, x, false)?;
                    self.set(res, d);
                    return Ok(());
                }
                BinOp::Shr => {
                    let (s, v) = if signed {
                        (Op::S_ASHR_I32, Op::V_ASHRREV_I32_e32)
                    } else {
                        (Op::S_LSHR_B32, Op::V_LSHRREV_B32_e32)
                    };
                    if scalar {
                        return self.int_op(res, true, s, None, x, Some(y), false);
                    }
                    let d = self.vreg(1);
                    self.vop2(v, self.r(d), y, x, false)?;
                    self.set(res, d);
                    return Ok(());
                }
                BinOp::Mul => {
                    // By a power of two: a shift (by 1: the value itself).
                    for (v, c) in [(a, b), (b, a)] {
                        if let Val::Const(bits) = self.val(c)? {
                            let bits = bits as u32;
                            if bits.is_power_of_two() {
                                let k = MOp::Phys(Operand::int(bits.trailing_zeros() as i32));
                                let xv = self.part(v, 0)?;
                                if bits == 1 {
                                    let same = self.val(v)?;
                                    self.vals[res.index()] = Some(same);
                                    return Ok(());
                                }
                                if scalar {
                                    return self.int_op(
                                        res,
                                        true,
                                        Op::S_LSHL_B32,
                                        None,
                                        xv,
                                        Some(k),
                                        false,
                                    );
                                }
                                let d = self.vreg(1);
                                self.vop2(Op::V_LSHLREV_B32_e32, self.r(d), k, xv, false)?;
                                self.set(res, d);
                                return Ok(());
                            }
                        }
                    }
                    if scalar {
                        return self.int_op(res, true, Op::S_MUL_I32, None, x, Some(y), true);
                    }
                    let d = self.vreg(1);
                    self.vop3(Op::V_MUL_LO_U32, vec![self.r(d)], vec![x, y])?;
                    self.set(res, d);
                    return Ok(());
                }
                BinOp::Div | BinOp::Rem => {
                    if let Val::Const(c) = self.val(b)? {
                        let plan = div_plan(c as u32, signed);
                        if let Some(plan) = plan {
                            let d = self.divrem32_const(x, c as u32, plan, op == BinOp::Rem)?;
                            self.set(res, d);
                            return Ok(());
                        }
                    }
                    // `div` and `rem` of the same operands in one block
                    // share the division.
                    let key = (a, b, signed);
                    let core = match self.div_cache.iter().find(|(k, _)| *k == key) {
                        Some(&(_, core)) => core,
                        None => {
                            let core = self.divrem32_core(x, y, signed)?;
                            self.div_cache.push((key, core));
                            core
                        }
                    };
                    let d = self.divrem32_finish(core, signed, op == BinOp::Rem)?;
                    self.set(res, d);
                    return Ok(());
                }
            };
            return self.int_op(res, scalar, sn, Some(vn), x, Some(y), comm);
        }
        if t.is_int() || t.is_ptr() {
            return self.binary64(res, op, a, b, scalar);
        }
        if t == Type::F16 {
            return self.binary16(res, op, a, b);
        }
        if t == Type::F32 {
            let (x, y) = (self.part(a, 0)?, self.part(b, 0)?);
            let (name, comm) = match op {
                BinOp::Add => (Op::V_ADD_F32_e32, true),
                BinOp::Sub => (Op::V_SUB_F32_e32, false),
                BinOp::Mul => (Op::V_MUL_F32_e32, true),
                BinOp::Min => (Op::V_MIN_F32_e32, true),
                BinOp::Max => (Op::V_MAX_F32_e32, true),
                BinOp::Div => {
                    let d = self.fdiv32(x, y)?;
                    self.set(res, d);
                    return Ok(());
                }
                _ => return Err(unsupported(format!("`{}` on f32", op.keyword()))),
            };
            let d = self.vreg(1);
            self.vop2(name, self.r(d), x, y, comm)?;
            self.set(res, d);
            return Ok(());
        }
        if t == Type::F64 {
            let name = match op {
                BinOp::Add => Op::V_ADD_F64,
                BinOp::Mul => Op::V_MUL_F64,
                BinOp::Min => Op::V_MIN_F64,
                BinOp::Max => Op::V_MAX_F64,
                BinOp::Div => {
                    let (x, y) = (self.whole(a)?, self.whole(b)?);
                    let d = self.fdiv64(x, y)?;
                    self.set(res, d);
                    return Ok(());
                }
                BinOp::Sub => {
                    let d = self.vreg(2);
                    let srcs = vec![self.whole(a)?, self.whole(b)?];
                    let mut srcs2 = srcs.clone();
                    self.legalize_vop3(&mut srcs2, 0)?;
                    let op = self.opcode(Op::V_ADD_F64)?;
                    let mods = Mods {
                        neg: 0b10,
                        ..Mods::default()
                    };
                    self.push(op, vec![self.r(d), srcs2[0], srcs2[1]], 1, mods);
                    self.set(res, d);
                    return Ok(());
                }
                _ => return Err(unsupported(format!("`{}` on f64", op.keyword()))),
            };
            let d = self.vreg(2);
            let srcs = vec![self.whole(a)?, self.whole(b)?];
            self.vop3(name, vec![self.r(d)], srcs)?;
            self.set(res, d);
            return Ok(());
        }
        Err(unsupported(format!("`{}` on {t}", op.keyword())))
    }

    pub(super) fn binary64(
        &mut self,
        res: Value,
        op: BinOp,
        a: Value,
        b: Value,
        scalar: bool,
    ) -> Result<(), Error> {
        let t = self.ty(a);
        if self.fused_off[res.index()].is_some() {
            return Ok(());
        }
        match op {
            BinOp::Add | BinOp::Sub => {
                let d = self.add64(a, b, op == BinOp::Sub, scalar)?;
                self.set(res, d);
                Ok(())
            }
            BinOp::And | BinOp::Or | BinOp::Xor => {
                let (sop, vop) = match op {
                    BinOp::And => (Op::S_AND_B64, Op::V_AND_B32_e32),
                    BinOp::Or => (Op::S_OR_B64, Op::V_OR_B32_e32),
                    _ => (Op::S_XOR_B64, Op::V_XOR_B32_e32),
                };
                if scalar {
                    let d = self.sreg(2);
                    let (x, y) = (self.whole(a)?, self.whole(b)?);
                    self.emit(sop, vec![self.r(d), x, y], 1)?;
                    self.set(res, d);
                    return Ok(());
                }
                let d = self.vreg(2);
                for k in 0..2 {
                    let (x, y) = (self.part(a, k)?, self.part(b, k)?);
                    self.vop2(vop, Self::sub(d, k), x, y, true)?;
                }
                self.set(res, d);
                Ok(())
            }
            BinOp::Shl | BinOp::Shr => {
                let amt = self.part(b, 0)?;
                self.shift64(res, op, a, amt, scalar)
            }
            BinOp::Mul => {
                // By a power of two: a shift (clang's `v_lshlrev_b64`).
                for (x, c) in [(a, b), (b, a)] {
                    if let Val::Const(bits) = self.val(c)? {
                        if bits.is_power_of_two() {
                            let k = bits.trailing_zeros();
                            if k == 0 {
                                let v = self.val(x)?;
                                self.vals[res.index()] = Some(v);
                                return Ok(());
                            }
                            let amt = MOp::Phys(Operand::int(k as i32));
                            return self.shift64(res, BinOp::Shl, x, amt, scalar);
                        }
                    }
                }
                let d = self.vreg(2);
                let (al, ah, bl, bh) = (
                    self.part(a, 0)?,
                    self.part(a, 1)?,
                    self.part(b, 0)?,
                    self.part(b, 1)?,
                );
                // A 32x32->64 product of zero- or sign-extended values:
                // one `v_mad_u64_u32` / `v_mad_i64_i32` with addend 0.
                let mad = if self.high_zero(a)? && self.high_zero(b)? {
                    Some(Op::V_MAD_U64_U32)
                } else if self.sign_extended(a)? && self.sign_extended(b)? {
                    Some(Op::V_MAD_I64_I32)
                } else {
                    None
                };
                if let Some(mad) = mad {
                    let mut srcs = vec![al, bl, MOp::Phys(Operand::int(0))];
                    self.legalize_vop3(&mut srcs, 0)?;
                    let mut ops = vec![self.r(d), self.vcc()];
                    ops.extend(srcs);
                    self.emit(mad, ops, 1)?;
                    self.set(res, d);
                    return Ok(());
                }
                // lo = lo(a.lo*b.lo); hi = hi(a.lo*b.lo) + a.lo*b.hi + a.hi*b.lo,
                // leaving out the products of a zero high half.
                self.vop3(Op::V_MUL_LO_U32, vec![Self::sub(d, 0)], vec![al, bl])?;
                let mut terms = Vec::new();
                for (x, y, zero) in [(al, bh, self.high_zero(b)?), (ah, bl, self.high_zero(a)?)] {
                    if !zero {
                        let c = self.vreg(1);
                        self.vop3(Op::V_MUL_LO_U32, vec![self.r(c)], vec![x, y])?;
                        terms.push(self.r(c));
                    }
                }
                let h = if terms.is_empty() {
                    Self::sub(d, 1)
                } else {
                    MOp::whole(self.vreg(1), 1)
                };
                self.vop3(Op::V_MUL_HI_U32, vec![h], vec![al, bl])?;
                let add = self.pick(Op::V_ADD_U32_e32, Op::V_ADD_NC_U32_e32);
                let mut hi = h;
                let n = terms.len();
                for (i, c) in terms.into_iter().enumerate() {
                    let sum = if i + 1 == n {
                        Self::sub(d, 1)
                    } else {
                        MOp::whole(self.vreg(1), 1)
                    };
                    self.vop2(add, sum, hi, c, true)?;
                    hi = sum;
                }
                self.set(res, d);
                Ok(())
            }
            BinOp::Min | BinOp::Max => {
                let pred = if op == BinOp::Min {
                    CmpPred::Lt
                } else {
                    CmpPred::Gt
                };
                let m = self.vcmp(pred, a, b)?;
                let d = self.vreg(2);
                for k in 0..2 {
                    let (x, y) = (self.part(a, k)?, self.part(b, k)?);
                    self.cndmask(Self::sub(d, k), y, x, self.r(m))?;
                }
                self.set(res, d);
                Ok(())
            }
            _ => Err(unsupported(format!("`{}` on {t}", op.keyword()))),
        }
    }

    /// 64-bit shift of `a` by `amt` (`op` is `Shl` or `Shr`).
    pub(super) fn shift64(
        &mut self,
        res: Value,
        op: BinOp,
        a: Value,
        amt: MOp,
        scalar: bool,
    ) -> Result<(), Error> {
        let t = self.ty(a);
        if scalar {
            let name = match (op, t.is_signed_int()) {
                (BinOp::Shl, _) => Op::S_LSHL_B64,
                (_, true) => Op::S_ASHR_I64,
                _ => Op::S_LSHR_B64,
            };
            let d = self.sreg(2);
            let x = self.whole(a)?;
            self.emit(name, vec![self.r(d), x, amt], 1)?;
            self.set(res, d);
            return Ok(());
        }
        if op == BinOp::Shr && !t.is_signed_int() && amt == MOp::Phys(Operand::int(32)) {
            // The high dword, below 2^32: its readers take the constant 0
            // for the high half (`part`), so only the low move stays.
            let d = self.vreg(2);
            let hi = self.part(a, 1)?;
            self.emit(Op::V_MOV_B32_e32, vec![Self::sub(d, 0), hi], 1)?;
            let zero = MOp::Phys(Operand::int(0));
            self.emit(Op::V_MOV_B32_e32, vec![Self::sub(d, 1), zero], 1)?;
            self.zext[res.index()] = true;
            self.widened[res.index()] = Some(hi);
            self.set(res, d);
            return Ok(());
        }
        let name = match (op, t.is_signed_int()) {
            (BinOp::Shl, _) => Op::V_LSHLREV_B64,
            (_, true) => Op::V_ASHRREV_I64,
            _ => Op::V_LSHRREV_B64,
        };
        let d = self.vreg(2);
        let x = self.whole(a)?;
        self.vop3(name, vec![self.r(d)], vec![amt, x])?;
        self.set(res, d);
        Ok(())
    }

    /// Whether a 64-bit value is its low dword sign-extended (a constant
    /// in the `i32` range or a value converted from `i32`).
    pub(super) fn sign_extended(&self, v: Value) -> Result<bool, Error> {
        Ok(match self.val(v)? {
            Val::Const(bits) => bits as i64 == bits as i32 as i64,
            Val::Reg(_) => self.sext[v.index()],
        })
    }

    /// Whether the high dword of a 64-bit value is known to be zero (a
    /// constant below 2^32 or a zero-extended `u32`).
    pub(super) fn high_zero(&self, v: Value) -> Result<bool, Error> {
        Ok(match self.val(v)? {
            Val::Const(bits) => bits >> 32 == 0,
            Val::Reg(_) => self.zext[v.index()],
        })
    }

    /// 64-bit add/sub (also pointer arithmetic); `b` may be a 32-bit value,
    /// zero- or sign-extended per its type.
    pub(super) fn add64(
        &mut self,
        a: Value,
        b: Value,
        sub: bool,
        scalar: bool,
    ) -> Result<VReg, Error> {
        let tb = self.ty(b);
        let al = self.part(a, 0)?;
        let ah = self.part(a, 1)?;
        let bl = self.part(b, 0)?;
        let bh = if Self::dwords(tb) == 2 {
            self.part(b, 1)?
        } else if tb.is_signed_int() {
            // Sign-extend the 32-bit offset.
            if scalar {
                let s = self.sreg(1);
                self.emit(
                    Op::S_ASHR_I32,
                    vec![self.r(s), bl, MOp::Phys(Operand::int(31))],
                    1,
                )?;
                self.r(s)
            } else {
                let v = self.vreg(1);
                self.vop2(
                    Op::V_ASHRREV_I32_e32,
                    self.r(v),
                    MOp::Phys(Operand::int(31)),
                    bl,
                    false,
                )?;
                self.r(v)
            }
        } else {
            MOp::Phys(Operand::int(0))
        };
        if scalar {
            let d = self.sreg(2);
            let (lo, hi) = if sub {
                (Op::S_SUB_U32, Op::S_SUBB_U32)
            } else {
                (Op::S_ADD_U32, Op::S_ADDC_U32)
            };
            self.emit(lo, vec![Self::sub(d, 0), al, bl], 1)?;
            self.emit(hi, vec![Self::sub(d, 1), ah, bh], 1)?;
            return Ok(d);
        }
        let d = self.vreg(2);
        // gfx942: one `v_lshl_add_u64 d, a, 0, b` (as clang), which reads
        // an SGPR pair as one constant-bus operand, no VCC.
        let lshl_add = Op::V_LSHL_ADD_U64.on(self.p);
        if let (Some(_), false, 2) = (lshl_add, sub, Self::dwords(tb)) {
            let (x, y) = (self.whole(a)?, self.whole(b)?);
            self.vop3(
                Op::V_LSHL_ADD_U64,
                vec![self.r(d)],
                vec![x, MOp::Phys(Operand::int(0)), y],
            )?;
            return Ok(d);
        }
        self.add64_v(d, al, ah, bl, bh, sub)?;
        Ok(d)
    }

    /// VALU 64-bit add/sub through VCC.
    pub(super) fn add64_v(
        &mut self,
        d: VReg,
        al: MOp,
        ah: MOp,
        bl: MOp,
        bh: MOp,
        sub: bool,
    ) -> Result<(), Error> {
        let vcc = self.vcc();
        let (lo, hi) = match (self.gen, sub) {
            (Generation::Gfx9, false) => (Op::V_ADD_CO_U32_e64, Op::V_ADDC_CO_U32_e32),
            (Generation::Gfx9, true) => (Op::V_SUB_CO_U32_e64, Op::V_SUBB_CO_U32_e32),
            (Generation::Gfx11, false) => (Op::V_ADD_CO_U32, Op::V_ADD_CO_CI_U32_e32),
            (Generation::Gfx11, true) => (Op::V_SUB_CO_U32, Op::V_SUB_CO_CI_U32_e32),
        };
        // Low half: VOP3 with VCC as carry-out (GFX11 has no e32 form).
        let mut srcs = vec![al, bl];
        self.legalize_vop3(&mut srcs, 0)?;
        self.emit(lo, vec![Self::sub(d, 0), vcc, srcs[0], srcs[1]], 1)?;
        // High half: VOP2 with implicit VCC carry-in (not on the constant
        // bus); src1 must be a VGPR. A constant `bh` (the zero high half of
        // a zero-extended value) with a VGPR `ah` goes to src0 instead
        // (sub by the reversed form), so it needs no register.
        let swap = self.is_vgpr(&ah) && matches!(bh, MOp::Phys(Operand::Const(_)));
        let (hi, ah, bh) = match (swap, self.gen, sub) {
            (false, ..) => (hi, ah, bh),
            (true, _, false) => (hi, bh, ah),
            (true, Generation::Gfx9, true) => (Op::V_SUBBREV_CO_U32_e32, bh, ah),
            (true, Generation::Gfx11, true) => (Op::V_SUBREV_CO_CI_U32_e32, bh, ah),
        };
        let bh = self.copy_to_vgpr(bh)?;
        // The implicit VCC read occupies GFX9's single constant-bus slot.
        let ah = match ah {
            MOp::Phys(Operand::Const(_)) => ah,
            _ if self.gen == Generation::Gfx9 => self.copy_to_vgpr(ah)?,
            _ => ah,
        };
        self.emit(hi, vec![Self::sub(d, 1), vcc, ah, bh, vcc], 1)
    }
}
