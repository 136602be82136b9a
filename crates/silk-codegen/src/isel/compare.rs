//! Compares and selects: VALU compares to lane masks, SALU compares to
//! SCC, and `select` as `v_cndmask`.

use super::*;

impl<'a> Sel<'a> {
    /// `dst = mask ? t : f` (VALU, per dword).
    pub(super) fn cndmask(&mut self, dst: MOp, f: MOp, t: MOp, mask: MOp) -> Result<(), Error> {
        let mut srcs = vec![f, t, mask];
        self.legalize_vop3(&mut srcs, 1)?;
        let mut ops = vec![dst];
        ops.extend(srcs);
        self.emit(Op::V_CNDMASK_B32_e64, ops, 1)
    }

    pub(super) fn vcmp(&mut self, pred: CmpPred, a: Value, b: Value) -> Result<VReg, Error> {
        let t = self.ty(a);
        // Per type, in `CmpPred` order: eq, ne (float: `neq`, true for
        // unordered), lt, le, gt, ge.
        let ops = match t {
            Type::I32 => [
                Op::V_CMP_EQ_I32_e64,
                Op::V_CMP_NE_I32_e64,
                Op::V_CMP_LT_I32_e64,
                Op::V_CMP_LE_I32_e64,
                Op::V_CMP_GT_I32_e64,
                Op::V_CMP_GE_I32_e64,
            ],
            Type::U32 | Type::Ptr(AddrSpace::Lds) => [
                Op::V_CMP_EQ_U32_e64,
                Op::V_CMP_NE_U32_e64,
                Op::V_CMP_LT_U32_e64,
                Op::V_CMP_LE_U32_e64,
                Op::V_CMP_GT_U32_e64,
                Op::V_CMP_GE_U32_e64,
            ],
            Type::I64 => [
                Op::V_CMP_EQ_I64_e64,
                Op::V_CMP_NE_I64_e64,
                Op::V_CMP_LT_I64_e64,
                Op::V_CMP_LE_I64_e64,
                Op::V_CMP_GT_I64_e64,
                Op::V_CMP_GE_I64_e64,
            ],
            Type::U64 | Type::Ptr(_) => [
                Op::V_CMP_EQ_U64_e64,
                Op::V_CMP_NE_U64_e64,
                Op::V_CMP_LT_U64_e64,
                Op::V_CMP_LE_U64_e64,
                Op::V_CMP_GT_U64_e64,
                Op::V_CMP_GE_U64_e64,
            ],
            Type::F16 => [
                Op::V_CMP_EQ_F16_e64,
                Op::V_CMP_NEQ_F16_e64,
                Op::V_CMP_LT_F16_e64,
                Op::V_CMP_LE_F16_e64,
                Op::V_CMP_GT_F16_e64,
                Op::V_CMP_GE_F16_e64,
            ],
            Type::F32 => [
                Op::V_CMP_EQ_F32_e64,
                Op::V_CMP_NEQ_F32_e64,
                Op::V_CMP_LT_F32_e64,
                Op::V_CMP_LE_F32_e64,
                Op::V_CMP_GT_F32_e64,
                Op::V_CMP_GE_F32_e64,
            ],
            Type::F64 => [
                Op::V_CMP_EQ_F64_e64,
                Op::V_CMP_NEQ_F64_e64,
                Op::V_CMP_LT_F64_e64,
                Op::V_CMP_LE_F64_e64,
                Op::V_CMP_GT_F64_e64,
                Op::V_CMP_GE_F64_e64,
            ],
            _ => return Err(unsupported(format!("`cmp` on {t}"))),
        };
        let m = self.mask();
        let srcs = if t == Type::F16 {
            vec![self.half(a)?, self.half(b)?]
        } else {
            vec![self.whole(a)?, self.whole(b)?]
        };
        self.vop3(ops[pred_index(pred)], vec![self.r(m)], srcs)?;
        Ok(m)
    }

    pub(super) fn cmp(
        &mut self,
        res: Value,
        pred: CmpPred,
        a: Value,
        b: Value,
    ) -> Result<(), Error> {
        let t = self.ty(a);
        if t == Type::Bool {
            // eq: ~(a ^ b), ne: a ^ b on lane masks.
            let m = self.mask();
            let (x, y) = (self.whole(a)?, self.whole(b)?);
            let name = if pred == CmpPred::Eq {
                self.lm(Op::S_XNOR_B32, Op::S_XNOR_B64)
            } else {
                self.lm(Op::S_XOR_B32, Op::S_XOR_B64)
            };
            self.emit(name, vec![self.r(m), x, y], 1)?;
            self.set(res, m);
            return Ok(());
        }
        if t.is_int() && t.bits() == 32 && self.is_s(a) && self.is_s(b) {
            // SOPC, in `CmpPred` order (`lg` is not-equal).
            let ops = if t.is_signed_int() {
                [
                    Op::S_CMP_EQ_I32,
                    Op::S_CMP_LG_I32,
                    Op::S_CMP_LT_I32,
                    Op::S_CMP_LE_I32,
                    Op::S_CMP_GT_I32,
                    Op::S_CMP_GE_I32,
                ]
            } else {
                [
                    Op::S_CMP_EQ_U32,
                    Op::S_CMP_LG_U32,
                    Op::S_CMP_LT_U32,
                    Op::S_CMP_LE_U32,
                    Op::S_CMP_GT_U32,
                    Op::S_CMP_GE_U32,
                ]
            };
            let (x, y) = (self.part(a, 0)?, self.part(b, 0)?);
            self.emit(ops[pred_index(pred)], vec![x, y], 0)?;
            let m = self.mask();
            let name = self.lm(Op::S_CSELECT_B32, Op::S_CSELECT_B64);
            self.emit(
                name,
                vec![
                    self.r(m),
                    MOp::Phys(Operand::int(-1)),
                    MOp::Phys(Operand::int(0)),
                ],
                1,
            )?;
            self.set(res, m);
            return Ok(());
        }
        let m = self.vcmp(pred, a, b)?;
        self.set(res, m);
        Ok(())
    }

    pub(super) fn select(&mut self, res: Value, c: Value, a: Value, b: Value) -> Result<(), Error> {
        let t = self.ty(a);
        let mask = self.whole(c)?;
        if t == Type::Bool {
            // (c & a) | (~c & b)
            let (x, y) = (self.whole(a)?, self.whole(b)?);
            let t1 = self.mask();
            let and = self.lm(Op::S_AND_B32, Op::S_AND_B64);
            let andn2 = self.lm(Op::S_ANDN2_B32, Op::S_ANDN2_B64);
            let or = self.lm(Op::S_OR_B32, Op::S_OR_B64);
            self.emit(and, vec![self.r(t1), x, mask], 1)?;
            let t2 = self.mask();
            self.emit(andn2, vec![self.r(t2), y, mask], 1)?;
            let m = self.mask();
            self.emit(or, vec![self.r(m), self.r(t1), self.r(t2)], 1)?;
            self.set(res, m);
            return Ok(());
        }
        let n = Self::dwords(t);
        let d = self.vreg(n);
        for k in 0..n {
            let (x, y) = (self.part(a, k)?, self.part(b, k)?);
            self.cndmask(Self::sub(d, k), y, x, mask)?;
        }
        self.set(res, d);
        Ok(())
    }
}

/// The position of `pred` in the per-type compare tables above.
fn pred_index(pred: CmpPred) -> usize {
    match pred {
        CmpPred::Eq => 0,
        CmpPred::Ne => 1,
        CmpPred::Lt => 2,
        CmpPred::Le => 3,
        CmpPred::Gt => 4,
        CmpPred::Ge => 5,
    }
}
