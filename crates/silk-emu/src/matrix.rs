//! Matrix instructions: gfx942 MFMA (every shape: single- and
//! multi-block, f32/f16/bf16/i8/xf32/fp8/bf8/f64) and GFX11 WMMA (wave32
//! and wave64). Their register layouts and arithmetic live in the
//! `silk-matrix` crate, which the device-IR interpreter shares; this file
//! maps opcodes to shapes and moves the operand registers.

pub mod sparse;

use crate::error::Result;
use crate::exec::Exec;
use silk_amdgpu::isa::operand::{AGPR0, VGPR0};
use silk_amdgpu::isa::{Op, Operand};
pub use silk_matrix::{fnuz8, Shape, Wmma, BF16, BF8, F16, F32, F64, FP8, HALF_OUT, I4, I8, XF32};

/// The shape of an MFMA as its gfx942 mnemonic spells it: M = N, K,
/// blocks, A and B element types (`v_mfma_f32_32x32x1_2b_f32` is 32, 1,
/// 2, F32, F32).
/// `None` for the sparse forms (`V_SMFMAC_*`: [`sparse::smfmac_shape`]).
#[rustfmt::skip]
pub fn mfma_shape(op: Op) -> Option<Shape> {
    use Op::*;
    let (m, k, blocks, a, b) = match op {
        V_MFMA_F32_16X16X16BF16_1K => (16, 16, 1, BF16, BF16),
        V_MFMA_F32_16X16X16F16 => (16, 16, 1, F16, F16),
        V_MFMA_F32_16X16X1F32 => (16, 1, 4, F32, F32),
        V_MFMA_F32_16X16X32_BF8_BF8 => (16, 32, 1, BF8, BF8),
        V_MFMA_F32_16X16X32_BF8_FP8 => (16, 32, 1, BF8, FP8),
        V_MFMA_F32_16X16X32_FP8_BF8 => (16, 32, 1, FP8, BF8),
        V_MFMA_F32_16X16X32_FP8_FP8 => (16, 32, 1, FP8, FP8),
        V_MFMA_F32_16X16X4BF16_1K => (16, 4, 4, BF16, BF16),
        V_MFMA_F32_16X16X4F16 => (16, 4, 4, F16, F16),
        V_MFMA_F32_16X16X4F32 => (16, 4, 1, F32, F32),
        V_MFMA_F32_16X16X8XF32 => (16, 8, 1, XF32, XF32),
        V_MFMA_F32_32X32X16_BF8_BF8 => (32, 16, 1, BF8, BF8),
        V_MFMA_F32_32X32X16_BF8_FP8 => (32, 16, 1, BF8, FP8),
        V_MFMA_F32_32X32X16_FP8_BF8 => (32, 16, 1, FP8, BF8),
        V_MFMA_F32_32X32X16_FP8_FP8 => (32, 16, 1, FP8, FP8),
        V_MFMA_F32_32X32X1F32 => (32, 1, 2, F32, F32),
        V_MFMA_F32_32X32X2F32 => (32, 2, 1, F32, F32),
        V_MFMA_F32_32X32X4BF16_1K => (32, 4, 2, BF16, BF16),
        V_MFMA_F32_32X32X4F16 => (32, 4, 2, F16, F16),
        V_MFMA_F32_32X32X4XF32 => (32, 4, 1, XF32, XF32),
        V_MFMA_F32_32X32X8BF16_1K => (32, 8, 1, BF16, BF16),
        V_MFMA_F32_32X32X8F16 => (32, 8, 1, F16, F16),
        V_MFMA_F32_4X4X1F32 => (4, 1, 16, F32, F32),
        V_MFMA_F32_4X4X4BF16_1K => (4, 4, 16, BF16, BF16),
        V_MFMA_F32_4X4X4F16 => (4, 4, 16, F16, F16),
        V_MFMA_F64_16X16X4F64 => (16, 4, 1, F64, F64),
        V_MFMA_F64_4X4X4F64 => (4, 4, 4, F64, F64),
        V_MFMA_I32_16X16X32I8 => (16, 32, 1, I8, I8),
        V_MFMA_I32_16X16X4I8 => (16, 4, 4, I8, I8),
        V_MFMA_I32_32X32X16I8 => (32, 16, 1, I8, I8),
        V_MFMA_I32_32X32X4I8 => (32, 4, 2, I8, I8),
        V_MFMA_I32_4X4X4I8 => (4, 4, 16, I8, I8),
        _ => return None,
    };
    Some(Shape { m, n: m, k, blocks, a, b })
}

impl Exec<'_> {
    /// The 32-bit words of a matrix operand for all lanes (`n` registers),
    /// or an inline constant splatted.
    fn matrix_operand(&mut self, i: usize, n: usize) -> Result<Vec<u32>> {
        let ws = self.w.wave_size;
        match self.op(i)? {
            Operand::Reg { code, .. } if code >= VGPR0 => self.vread_all(i, n, self.w.exec()),
            Operand::Const(_) | Operand::Literal(_) => {
                let v = self.sval(i)? as u32;
                Ok(vec![v; n * ws])
            }
            _ => Err(self.unsupported()),
        }
    }

    fn matrix_dst(&mut self, n: usize, values: Vec<u32>) -> Result<()> {
        let ws = self.w.wave_size;
        let Operand::Reg { code, .. } = self.op(0)? else {
            return Err(self.unsupported());
        };
        let agpr = code >= AGPR0;
        let reg = (code - if agpr { AGPR0 } else { VGPR0 }) as usize;
        self.check_vgpr(agpr, reg, n, 0, true)?;
        let exec = self.w.exec();
        for r in 0..n {
            for l in 0..ws {
                if exec >> l & 1 != 0 {
                    let file = if agpr {
                        &mut self.w.agpr
                    } else {
                        &mut self.w.vgpr
                    };
                    file[(reg + r) * ws + l] = values[r * ws + l];
                }
            }
        }
        self.mark_written((agpr, reg, n, 0), exec);
        Ok(())
    }

    pub fn mfma(&mut self) -> Result<()> {
        let sh = Shape::from_aux(self.aux);
        let m_ = self.inst.mods;
        // CBSZ/ABID broadcasts and BLGP lane swizzles (or, on f64, the
        // negate bits) are not modelled.
        if self.w.wave_size != 64 || m_.offset1 != 0 || m_.abid != 0 || m_.blgp != 0 {
            return Err(self.unsupported());
        }
        let (in_regs, out_regs) = sh.regs();
        let a = self.matrix_operand(1, in_regs)?;
        let b = self.matrix_operand(2, in_regs)?;
        let c = self.matrix_operand(3, out_regs)?;
        let d = silk_matrix::mfma(&sh, &a, &b, &c);
        self.stats.lane_ops += (sh.m * sh.n * sh.k * sh.blocks) as u64;
        self.matrix_dst(out_regs, d)
    }

    /// `v_wmma_f32_16x16x16_{f16,bf16}`, `v_wmma_{f16,bf16}_16x16x16_*`
    /// and `v_wmma_i32_16x16x16_{iu8,iu4}` (`neg_lo[0]`/`[1]`: A/B
    /// signed; clamp saturates), wave32 and wave64.
    pub fn wmma(&mut self) -> Result<()> {
        let half_out = self.aux & HALF_OUT != 0;
        let ty = self.aux & 0xff;
        let int = matches!(ty, I8 | I4);
        let hi = self.inst.mods.op_sel & 4 != 0;
        let neg_ok = if int { 3 } else { 0 };
        if self.inst.mods.op_sel & !4 != 0
            || self.inst.mods.neg & !neg_ok != 0
            || self.inst.mods.abs != 0
            || (hi && !half_out)
            || (self.inst.mods.clamp && !int)
        {
            return Err(self.unsupported());
        }
        let ws = self.w.wave_size;
        let form = Wmma {
            ty,
            half_out,
            hi,
            signed_a: self.inst.mods.neg & 1 != 0,
            signed_b: self.inst.mods.neg & 2 != 0,
        };
        let (in_regs, out_regs) = form.regs(ws);
        let a = self.matrix_operand(1, in_regs)?;
        let b = self.matrix_operand(2, in_regs)?;
        let c = self.matrix_operand(3, out_regs)?;
        let d = silk_matrix::wmma_clamped(&form, ws, &a, &b, &c, self.inst.mods.clamp);
        self.stats.lane_ops += 16 * 16 * 16;
        self.matrix_dst(out_regs, d)
    }
}
