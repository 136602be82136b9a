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
        self.emit("v_cndmask_b32_e64", ops, 1)
    }

    pub(super) fn vcmp(&mut self, pred: CmpPred, a: Value, b: Value) -> Result<VReg, Error> {
        let t = self.ty(a);
        let suffix = match t {
            Type::I32 => "i32",
            Type::U32 | Type::Ptr(AddrSpace::Lds) => "u32",
            Type::I64 => "i64",
            Type::U64 | Type::Ptr(_) => "u64",
            Type::F16 => "f16",
            Type::F32 => "f32",
            Type::F64 => "f64",
            _ => return Err(unsupported(format!("`cmp` on {t}"))),
        };
        let p = match (pred, t.is_float()) {
            (CmpPred::Eq, _) => "eq",
            (CmpPred::Ne, false) => "ne",
            (CmpPred::Ne, true) => "neq",
            (CmpPred::Lt, _) => "lt",
            (CmpPred::Le, _) => "le",
            (CmpPred::Gt, _) => "gt",
            (CmpPred::Ge, _) => "ge",
        };
        let m = self.mask();
        let srcs = if t == Type::F16 {
            vec![self.half(a)?, self.half(b)?]
        } else {
            vec![self.whole(a)?, self.whole(b)?]
        };
        self.vop3(&format!("v_cmp_{p}_{suffix}_e64"), vec![self.r(m)], srcs)?;
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
            let name = self.lm(if pred == CmpPred::Eq {
                "s_xnor"
            } else {
                "s_xor"
            });
            self.emit(&name, vec![self.r(m), x, y], 1)?;
            self.set(res, m);
            return Ok(());
        }
        if t.is_int() && t.bits() == 32 && self.is_s(a) && self.is_s(b) {
            let sfx = if t.is_signed_int() { "i32" } else { "u32" };
            let p = match pred {
                CmpPred::Eq => "eq",
                CmpPred::Ne => "lg",
                CmpPred::Lt => "lt",
                CmpPred::Le => "le",
                CmpPred::Gt => "gt",
                CmpPred::Ge => "ge",
            };
            let (x, y) = (self.part(a, 0)?, self.part(b, 0)?);
            self.emit(&format!("s_cmp_{p}_{sfx}"), vec![x, y], 0)?;
            let m = self.mask();
            let name = self.lm("s_cselect");
            self.emit(
                &name,
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
            let and = self.lm("s_and");
            let andn2 = self.lm("s_andn2");
            let or = self.lm("s_or");
            self.emit(&and, vec![self.r(t1), x, mask], 1)?;
            let t2 = self.mask();
            self.emit(&andn2, vec![self.r(t2), y, mask], 1)?;
            let m = self.mask();
            self.emit(&or, vec![self.r(m), self.r(t1), self.r(t2)], 1)?;
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
