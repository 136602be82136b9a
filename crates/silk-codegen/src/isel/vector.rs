//! Vectors and the wave matrix operations: a vector value lives in an
//! aligned tuple of VGPRs (even-aligned, as gfx942's VGPR tuples must
//! be; register allocation aligns every multi-dword register), never in
//! SGPRs (the uniformity analysis marks vectors divergent). 16-bit
//! elements pack two per VGPR with `v_perm_b32`; MFMA (gfx942) reads and
//! writes its A/B/C/D in VGPRs (gfx90a-class processors allow VGPR
//! accumulators, CDNA3 ISA §7.1), WMMA (GFX11) likewise (RDNA3 ISA §7.9).
//! Wait states between them and their neighbours come from the shared
//! hazard table (`silk_amdgpu::hazard`) through `hazards::run`.

use super::*;
use silk_gpu_ir::MatrixOp;

/// `v_perm_b32` selectors (CDNA3/RDNA3 ISA, V_PERM_B32: bytes 0-3 are
/// src1's, 4-7 src0's): the low halves of src0 (high) and src1 (low), and
/// src0's high half over src1's low half.
const PERM_LO_LO: u32 = 0x0504_0100;
const PERM_HI_LO: u32 = 0x0706_0100;

impl Sel<'_> {
    fn elem_bits(t: Type) -> u32 {
        match t {
            Type::Vec(e, _) => e.bits(),
            _ => 32,
        }
    }

    /// The all-zero vector, materialised (vectors are never constants).
    pub(super) fn vec_zero(&mut self, res: Value, t: Type) -> Result<(), Error> {
        let n = Self::dwords(t);
        let d = self.vreg(n);
        for k in 0..n {
            let zero = MOp::Phys(Operand::int(0));
            self.emit(Op::V_MOV_B32_e32, vec![Self::sub(d, k), zero], 1)?;
        }
        self.set(res, d);
        Ok(())
    }

    /// `v_perm_b32 dst, src0, src1, sel`.
    fn perm(&mut self, dst: MOp, src0: MOp, src1: MOp, sel: u32) -> Result<(), Error> {
        let sel = MOp::Phys(Operand::Literal(sel));
        self.vop3(Op::V_PERM_B32, vec![dst], vec![src0, src1, sel])
    }

    pub(super) fn vec_build(&mut self, res: Value, elems: &[Value], t: Type) -> Result<(), Error> {
        let n = Self::dwords(t);
        let d = self.vreg(n);
        if Self::elem_bits(t) == 32 {
            for (k, &e) in elems.iter().enumerate() {
                let o = self.part(e, 0)?;
                self.emit(Op::V_MOV_B32_e32, vec![Self::sub(d, k as u8), o], 1)?;
            }
        } else {
            for k in 0..n {
                let lo = self.part(elems[2 * k as usize], 0)?;
                let hi = self.part(elems[2 * k as usize + 1], 0)?;
                self.perm(Self::sub(d, k), hi, lo, PERM_LO_LO)?;
            }
        }
        self.set(res, d);
        Ok(())
    }

    pub(super) fn extract(&mut self, res: Value, v: Value, index: u8) -> Result<(), Error> {
        let t = self.ty(v);
        let r = self.in_reg(v)?;
        let d = self.vreg(1);
        if Self::elem_bits(t) == 32 {
            self.emit(Op::V_MOV_B32_e32, vec![self.r(d), Self::sub(r, index)], 1)?;
        } else if index % 2 == 0 {
            let mask = MOp::Phys(Operand::Literal(0xffff));
            self.vop2(
                Op::V_AND_B32_e32,
                self.r(d),
                mask,
                Self::sub(r, index / 2),
                true,
            )?;
        } else {
            let sh = MOp::Phys(Operand::int(16));
            self.vop2(
                Op::V_LSHRREV_B32_e32,
                self.r(d),
                sh,
                Self::sub(r, index / 2),
                false,
            )?;
        }
        self.set(res, d);
        Ok(())
    }

    pub(super) fn insert(
        &mut self,
        res: Value,
        v: Value,
        x: Value,
        index: u8,
    ) -> Result<(), Error> {
        let t = self.ty(v);
        let n = Self::dwords(t);
        let r = self.in_reg(v)?;
        let d = self.vreg(n);
        let w = if Self::elem_bits(t) == 32 {
            index
        } else {
            index / 2
        };
        for k in (0..n).filter(|&k| k != w) {
            self.emit(Op::V_MOV_B32_e32, vec![Self::sub(d, k), Self::sub(r, k)], 1)?;
        }
        let xo = self.part(x, 0)?;
        if Self::elem_bits(t) == 32 {
            self.emit(Op::V_MOV_B32_e32, vec![Self::sub(d, w), xo], 1)?;
        } else if index % 2 == 0 {
            self.perm(Self::sub(d, w), Self::sub(r, w), xo, PERM_HI_LO)?;
        } else {
            self.perm(Self::sub(d, w), xo, Self::sub(r, w), PERM_LO_LO)?;
        }
        self.set(res, d);
        Ok(())
    }

    /// `bitcast` to or from a vector: the same bits, in VGPRs.
    pub(super) fn vec_bitcast(&mut self, res: Value, arg: Value) -> Result<(), Error> {
        let d = self.vgpr_of(arg)?;
        self.set(res, d);
        Ok(())
    }

    /// The ISA instruction of a matrix operation (the WMMA opcode serves
    /// wave32 and wave64: the wave size is the kernel's).
    fn matrix_opcode(op: MatrixOp) -> Op {
        use MatrixOp::*;
        match op {
            MfmaF32_16x16x16F16 => Op::V_MFMA_F32_16X16X16F16,
            MfmaF32_16x16x16Bf16 => Op::V_MFMA_F32_16X16X16BF16_1K,
            MfmaF32_32x32x8F16 => Op::V_MFMA_F32_32X32X8F16,
            MfmaF32_32x32x8Bf16 => Op::V_MFMA_F32_32X32X8BF16_1K,
            MfmaF32_16x16x4F32 => Op::V_MFMA_F32_16X16X4F32,
            MfmaF32_32x32x2F32 => Op::V_MFMA_F32_32X32X2F32,
            WmmaF32_16x16x16F16W32 | WmmaF32_16x16x16F16W64 => {
                Op::V_WMMA_F32_16X16X16_F16_twoaddr_w32
            }
            WmmaF32_16x16x16Bf16W32 | WmmaF32_16x16x16Bf16W64 => {
                Op::V_WMMA_F32_16X16X16_BF16_twoaddr_w32
            }
        }
    }

    pub(super) fn matrix(
        &mut self,
        res: Value,
        op: MatrixOp,
        a: Value,
        b: Value,
        c: Value,
    ) -> Result<(), Error> {
        let want = if self.mf.wave64 { 64 } else { 32 };
        if op.wave_size() != want {
            return Err(unsupported(format!(
                "`{}` (a wave{} operation) in a wave{want} kernel",
                op.keyword(),
                op.wave_size()
            )));
        }
        let name = Self::matrix_opcode(op);
        let (ra, rb, rc) = (self.vgpr_of(a)?, self.vgpr_of(b)?, self.vgpr_of(c)?);
        let d = self.vreg(Self::dwords(op.acc_type()));
        let ops = vec![self.r(d), self.r(ra), self.r(rb), self.r(rc)];
        self.emit(name, ops, 1)?;
        self.set(res, d);
        Ok(())
    }
}
