//! Floating point: f16 arithmetic and the f32/f64 division and square
//! root sequences.

use super::*;

impl<'a> Sel<'a> {
    pub(super) fn unary16(&mut self, res: Value, op: UnOp, a: Value) -> Result<(), Error> {
        let x = self.half(a)?;
        let d = match op {
            UnOp::Neg | UnOp::Abs => {
                let d = self.vreg(1);
                let (name, k) = if op == UnOp::Neg {
                    (Op::V_XOR_B32_e32, 0x8000)
                } else {
                    (Op::V_AND_B32_e32, 0x7fff)
                };
                let x = self.part(a, 0)?;
                self.vop2(name, self.r(d), MOp::Phys(imm32(k)), x, true)?;
                d
            }
            UnOp::Floor | UnOp::Ceil | UnOp::Trunc | UnOp::Rint => {
                let name = match op {
                    UnOp::Floor => Op::V_FLOOR_F16_e64,
                    UnOp::Ceil => Op::V_CEIL_F16_e64,
                    UnOp::Trunc => Op::V_TRUNC_F16_e64,
                    _ => Op::V_RNDNE_F16_e64,
                };
                let d = self.vreg(1);
                self.vop3(name, vec![self.r(d)], vec![x])?;
                d
            }
            UnOp::Sqrt | UnOp::Rcp | UnOp::Exp2 | UnOp::Log2 => {
                let w = self.f16_to_f32(x)?;
                let r = match op {
                    UnOp::Sqrt => self.sqrt32(self.r(w))?,
                    _ => {
                        let name = match op {
                            UnOp::Rcp => Op::V_RCP_F32_e32,
                            UnOp::Exp2 => Op::V_EXP_F32_e32,
                            _ => Op::V_LOG_F32_e32,
                        };
                        let r = self.vreg(1);
                        self.emit(name, vec![self.r(r), self.r(w)], 1)?;
                        r
                    }
                };
                self.f32_to_f16(self.r(r))?
            }
            UnOp::Not => return Err(unsupported("`not` on f16")),
        };
        self.set(res, d);
        Ok(())
    }

    pub(super) fn binary16(
        &mut self,
        res: Value,
        op: BinOp,
        a: Value,
        b: Value,
    ) -> Result<(), Error> {
        let (x, y) = (self.half(a)?, self.half(b)?);
        let name = match op {
            BinOp::Add => Op::V_ADD_F16_e64,
            BinOp::Sub => Op::V_SUB_F16_e64,
            BinOp::Mul => Op::V_MUL_F16_e64,
            BinOp::Min => Op::V_MIN_F16_e64,
            BinOp::Max => Op::V_MAX_F16_e64,
            BinOp::Div => {
                let (wx, wy) = (self.f16_to_f32(x)?, self.f16_to_f32(y)?);
                let q = self.fdiv32(self.r(wx), self.r(wy))?;
                let d = self.f32_to_f16(self.r(q))?;
                self.set(res, d);
                return Ok(());
            }
            _ => return Err(unsupported(format!("`{}` on f16", op.keyword()))),
        };
        let d = self.vreg(1);
        self.vop3(name, vec![self.r(d)], vec![x, y])?;
        self.set(res, d);
        Ok(())
    }

    pub(super) fn f16_to_f32(&mut self, x: MOp) -> Result<VReg, Error> {
        let d = self.vreg(1);
        self.vop3(Op::V_CVT_F32_F16_e64, vec![self.r(d)], vec![x])?;
        Ok(d)
    }

    pub(super) fn f32_to_f16(&mut self, x: MOp) -> Result<VReg, Error> {
        let d = self.vreg(1);
        self.vop3(Op::V_CVT_F16_F32_e64, vec![self.r(d)], vec![x])?;
        Ok(d)
    }

    // ---- correctly rounded division and square root ----
    //
    // The IR promises IEEE division and square root (correctly rounded).
    // `v_rcp`, `v_sqrt` and `v_rsq` are approximations (about 1 ulp), so
    // these are the refinement sequences LLVM 22 emits for `fdiv` and
    // `llvm.sqrt` with denormals preserved (the descriptors' FP32/FP64
    // denorm mode): `v_div_scale` / Newton-Raphson with `v_fma` /
    // `v_div_fmas` / `v_div_fixup` for division (AMD CDNA3 ISA, "VOP3"
    // opcodes DIV_SCALE, DIV_FMAS, DIV_FIXUP), and for square root a
    // rescale of tiny inputs, the estimate, and a residual correction.
    // `v_div_fmas` reads VCC as written by the second `v_div_scale`.

    pub(super) fn vop3_m(
        &mut self,
        name: Op,
        d: MOp,
        srcs: Vec<MOp>,
        neg: u8,
    ) -> Result<(), Error> {
        let mut ops = vec![d];
        ops.extend(srcs);
        let mods = Mods {
            neg,
            ..Mods::default()
        };
        self.emit_m(name, ops, 1, mods)
    }

    /// `x / y` in f32, correctly rounded.
    pub(super) fn fdiv32(&mut self, x: MOp, y: MOp) -> Result<VReg, Error> {
        let x = self.copy_to_vgpr(x)?;
        let y = self.copy_to_vgpr(y)?;
        let vcc = self.vcc();
        let one = MOp::Phys(imm32(0x3f80_0000));
        let den = self.vreg(1);
        self.emit(Op::V_DIV_SCALE_F32, vec![self.r(den), vcc, y, y, x], 2)?;
        let rcp = self.vreg(1);
        self.emit(Op::V_RCP_F32_e32, vec![self.r(rcp), self.r(den)], 1)?;
        let num = self.vreg(1);
        self.emit(Op::V_DIV_SCALE_F32, vec![self.r(num), vcc, x, y, x], 2)?;
        let e = self.vreg(1);
        self.vop3_m(
            Op::V_FMA_F32,
            self.r(e),
            vec![self.r(den), self.r(rcp), one],
            1,
        )?;
        let rcp2 = self.vreg(1);
        self.vop3_m(
            Op::V_FMA_F32,
            self.r(rcp2),
            vec![self.r(e), self.r(rcp), self.r(rcp)],
            0,
        )?;
        let q = self.vreg(1);
        self.vop2(
            Op::V_MUL_F32_e32,
            self.r(q),
            self.r(num),
            self.r(rcp2),
            true,
        )?;
        let r = self.vreg(1);
        self.vop3_m(
            Op::V_FMA_F32,
            self.r(r),
            vec![self.r(den), self.r(q), self.r(num)],
            1,
        )?;
        let q2 = self.vreg(1);
        self.vop3_m(
            Op::V_FMA_F32,
            self.r(q2),
            vec![self.r(r), self.r(rcp2), self.r(q)],
            0,
        )?;
        let r2 = self.vreg(1);
        self.vop3_m(
            Op::V_FMA_F32,
            self.r(r2),
            vec![self.r(den), self.r(q2), self.r(num)],
            1,
        )?;
        let f = self.vreg(1);
        self.vop3_m(
            Op::V_DIV_FMAS_F32,
            self.r(f),
            vec![self.r(r2), self.r(rcp2), self.r(q2)],
            0,
        )?;
        let d = self.vreg(1);
        self.vop3_m(Op::V_DIV_FIXUP_F32, self.r(d), vec![self.r(f), y, x], 0)?;
        Ok(d)
    }

    /// `x / y` in f64, correctly rounded.
    pub(super) fn fdiv64(&mut self, x: MOp, y: MOp) -> Result<VReg, Error> {
        let x = self.copy64_to_vgpr(x)?;
        let y = self.copy64_to_vgpr(y)?;
        let vcc = self.vcc();
        let one = MOp::Phys(imm32(0x3f80_0000)); // inline 1.0 (as f64 here)
        let den = self.vreg(2);
        self.emit(Op::V_DIV_SCALE_F64, vec![self.r(den), vcc, y, y, x], 2)?;
        let mut rcp = self.vreg(2);
        self.emit(Op::V_RCP_F64_e32, vec![self.r(rcp), self.r(den)], 1)?;
        let num = self.vreg(2);
        self.emit(Op::V_DIV_SCALE_F64, vec![self.r(num), vcc, x, y, x], 2)?;
        for _ in 0..2 {
            let e = self.vreg(2);
            self.vop3_m(
                Op::V_FMA_F64,
                self.r(e),
                vec![self.r(den), self.r(rcp), one],
                1,
            )?;
            let r2 = self.vreg(2);
            self.vop3_m(
                Op::V_FMA_F64,
                self.r(r2),
                vec![self.r(rcp), self.r(e), self.r(rcp)],
                0,
            )?;
            rcp = r2;
        }
        let q = self.vreg(2);
        self.vop3_m(Op::V_MUL_F64, self.r(q), vec![self.r(num), self.r(rcp)], 0)?;
        let r = self.vreg(2);
        self.vop3_m(
            Op::V_FMA_F64,
            self.r(r),
            vec![self.r(den), self.r(q), self.r(num)],
            1,
        )?;
        let f = self.vreg(2);
        self.vop3_m(
            Op::V_DIV_FMAS_F64,
            self.r(f),
            vec![self.r(r), self.r(rcp), self.r(q)],
            0,
        )?;
        let d = self.vreg(2);
        self.vop3_m(Op::V_DIV_FIXUP_F64, self.r(d), vec![self.r(f), y, x], 0)?;
        Ok(d)
    }

    /// A 64-bit operand in a VGPR pair.
    pub(super) fn copy64_to_vgpr(&mut self, o: MOp) -> Result<MOp, Error> {
        if self.is_vgpr(&o) {
            return Ok(o);
        }
        let v = self.vreg(2);
        for k in 0..2 {
            let part = match o {
                MOp::Reg { r, off, .. } => MOp::Reg {
                    r,
                    off: off + k,
                    n: 1,
                },
                MOp::Phys(Operand::Const(c)) if k == 1 => {
                    // Inline integer constants are sign-extended to 64 bits.
                    let neg = (193..=208).contains(&c);
                    MOp::Phys(Operand::int(if neg { -1 } else { 0 }))
                }
                other => other,
            };
            self.emit(Op::V_MOV_B32_e32, vec![Self::sub(v, k), part], 1)?;
        }
        Ok(MOp::whole(v, 2))
    }

    /// `sqrt(x)` in f32, correctly rounded.
    pub(super) fn sqrt32(&mut self, x: MOp) -> Result<VReg, Error> {
        let x = self.copy_to_vgpr(x)?;
        // Inputs below 2^-96 are scaled by 2^32 (the result by 2^-16) so
        // the residuals below stay normal.
        let small = self.mask();
        self.vop3(
            Op::V_CMP_GT_F32_e64,
            vec![self.r(small)],
            vec![MOp::Phys(imm32(0x0f80_0000)), x],
        )?;
        let big = self.vreg(1);
        self.vop2(
            Op::V_MUL_F32_e32,
            self.r(big),
            MOp::Phys(imm32(0x4f80_0000)),
            x,
            true,
        )?;
        let sx = self.vreg(1);
        self.cndmask(self.r(sx), x, self.r(big), self.r(small))?;
        let s = self.vreg(1);
        self.emit(Op::V_SQRT_F32_e32, vec![self.r(s), self.r(sx)], 1)?;
        // Neighbours one ulp below and above (as integers), and the
        // residuals x - s_down * s and x - s_up * s.
        let add = self.pick(Op::V_ADD_U32_e32, Op::V_ADD_NC_U32_e32);
        let down = self.vreg(1);
        self.vop2(
            add,
            self.r(down),
            MOp::Phys(Operand::int(-1)),
            self.r(s),
            true,
        )?;
        let up = self.vreg(1);
        self.vop2(add, self.r(up), MOp::Phys(Operand::int(1)), self.r(s), true)?;
        let rd = self.vreg(1);
        self.vop3_m(
            Op::V_FMA_F32,
            self.r(rd),
            vec![self.r(down), self.r(s), self.r(sx)],
            1,
        )?;
        let ru = self.vreg(1);
        self.vop3_m(
            Op::V_FMA_F32,
            self.r(ru),
            vec![self.r(up), self.r(s), self.r(sx)],
            1,
        )?;
        let m1 = self.mask();
        self.vop3(
            Op::V_CMP_GE_F32_e64,
            vec![self.r(m1)],
            vec![MOp::Phys(Operand::int(0)), self.r(rd)],
        )?;
        let s1 = self.vreg(1);
        self.cndmask(self.r(s1), self.r(s), self.r(down), self.r(m1))?;
        let m2 = self.mask();
        self.vop3(
            Op::V_CMP_LT_F32_e64,
            vec![self.r(m2)],
            vec![MOp::Phys(Operand::int(0)), self.r(ru)],
        )?;
        let s2 = self.vreg(1);
        self.cndmask(self.r(s2), self.r(s1), self.r(up), self.r(m2))?;
        let scaled = self.vreg(1);
        self.vop2(
            Op::V_MUL_F32_e32,
            self.r(scaled),
            MOp::Phys(imm32(0x3780_0000)),
            self.r(s2),
            true,
        )?;
        let s3 = self.vreg(1);
        self.cndmask(self.r(s3), self.r(s2), self.r(scaled), self.r(small))?;
        // +-0 and +inf are their own square roots (class mask 0x260).
        let special = self.mask();
        self.vop3(
            Op::V_CMP_CLASS_F32_e64,
            vec![self.r(special)],
            vec![self.r(sx), MOp::Phys(imm32(0x260))],
        )?;
        let d = self.vreg(1);
        self.cndmask(self.r(d), self.r(s3), self.r(sx), self.r(special))?;
        Ok(d)
    }

    /// `sqrt(x)` in f64, correctly rounded (Goldschmidt iteration from
    /// `v_rsq_f64`, with inputs below 2^-767 scaled by 2^256).
    pub(super) fn sqrt64(&mut self, x: MOp) -> Result<VReg, Error> {
        let x = self.copy64_to_vgpr(x)?;
        let lim = self.sreg(2);
        self.emit(
            Op::S_MOV_B32,
            vec![Self::sub(lim, 0), MOp::Phys(Operand::int(0))],
            1,
        )?;
        self.emit(
            Op::S_MOV_B32,
            vec![Self::sub(lim, 1), MOp::Phys(imm32(0x1000_0000))],
            1,
        )?;
        let small = self.mask();
        self.vop3(
            Op::V_CMP_GT_F64_e64,
            vec![self.r(small)],
            vec![self.r(lim), x],
        )?;
        let up = self.vreg(1);
        self.cndmask(
            self.r(up),
            MOp::Phys(Operand::int(0)),
            MOp::Phys(imm32(0x100)),
            self.r(small),
        )?;
        let sx = self.vreg(2);
        self.vop3(Op::V_LDEXP_F64, vec![self.r(sx)], vec![x, self.r(up)])?;
        let y = self.vreg(2);
        self.emit(Op::V_RSQ_F64_e32, vec![self.r(y), self.r(sx)], 1)?;
        let down = self.vreg(1);
        self.cndmask(
            self.r(down),
            MOp::Phys(Operand::int(0)),
            MOp::Phys(imm32(0xffff_ff80)),
            self.r(small),
        )?;
        let half = MOp::Phys(imm32(0x3f00_0000)); // inline 0.5
        let mut g = self.vreg(2);
        self.vop3_m(Op::V_MUL_F64, self.r(g), vec![self.r(sx), self.r(y)], 0)?;
        let mut h = self.vreg(2);
        self.vop3_m(Op::V_MUL_F64, self.r(h), vec![self.r(y), half], 0)?;
        let e = self.vreg(2);
        self.vop3_m(
            Op::V_FMA_F64,
            self.r(e),
            vec![self.r(h), self.r(g), half],
            1,
        )?;
        let g1 = self.vreg(2);
        self.vop3_m(
            Op::V_FMA_F64,
            self.r(g1),
            vec![self.r(g), self.r(e), self.r(g)],
            0,
        )?;
        let h1 = self.vreg(2);
        self.vop3_m(
            Op::V_FMA_F64,
            self.r(h1),
            vec![self.r(h), self.r(e), self.r(h)],
            0,
        )?;
        g = g1;
        h = h1;
        for _ in 0..2 {
            let r = self.vreg(2);
            self.vop3_m(
                Op::V_FMA_F64,
                self.r(r),
                vec![self.r(g), self.r(g), self.r(sx)],
                1,
            )?;
            let g2 = self.vreg(2);
            self.vop3_m(
                Op::V_FMA_F64,
                self.r(g2),
                vec![self.r(r), self.r(h), self.r(g)],
                0,
            )?;
            g = g2;
        }
        let res = self.vreg(2);
        self.vop3(
            Op::V_LDEXP_F64,
            vec![self.r(res)],
            vec![self.r(g), self.r(down)],
        )?;
        let special = self.mask();
        self.vop3(
            Op::V_CMP_CLASS_F64_e64,
            vec![self.r(special)],
            vec![self.r(sx), MOp::Phys(imm32(0x260))],
        )?;
        let d = self.vreg(2);
        for k in 0..2 {
            self.cndmask(
                Self::sub(d, k),
                Self::sub(res, k),
                Self::sub(sx, k),
                self.r(special),
            )?;
        }
        Ok(d)
    }
}
