//! Matrix instructions: gfx942 MFMA (single-block shapes) and GFX11 WMMA
//! (wave32), with the register layouts of the CDNA3 ISA guide §"Dependent
//! Matrix Layouts" and the RDNA3 guide §"WMMA".
//!
//! MFMA, 64 lanes, `kpl = K*M/64` elements per lane: A[i][k] is element
//! `k % kpl` of lane `i + M*(k / kpl)`; B[k][j] element `k % kpl` of lane
//! `j + N*(k / kpl)`; D/C register `r` of lane `l` holds row
//! `(r/4)*(256/N) + (l/N)*4 + r%4`, column `l % N`.
//!
//! WMMA wave32: A row `l % 16` holds k = 0..15 in its 8 VGPRs, B column
//! `l % 16` likewise; D/C register `r` of lane `l` holds row `2r + l/16`,
//! column `l % 16` (f32 results).
//!
//! Precision: products of f16/bf16 inputs are exact in f32; they are added
//! to the accumulator in k order with one f32 rounding per step. The
//! hardware's internal order may differ, so only sums that are exact
//! (e.g. small integers) are bit-identical to silicon.

use crate::error::Result;
use crate::exec::{f16_to_f32, Exec};
use silk_amdgpu::isa::operand::{AGPR0, VGPR0};
use silk_amdgpu::isa::Operand;

/// Input element types, in `aux >> 24`.
pub const F16: u32 = 0;
pub const BF16: u32 = 1;
pub const F32: u32 = 2;
pub const I8: u32 = 3;
/// WMMA with f16 C/D: one f16 per VGPR, in the half `op_sel[2]` selects.
pub const HALF_OUT: u32 = 1 << 8;

pub fn mfma_aux(m: u32, n: u32, k: u32, ty: u32) -> u32 {
    m | n << 8 | k << 16 | ty << 24
}

fn elem(words: &[u32], ws: usize, lane: usize, e: usize, ty: u32) -> (f32, i32) {
    let per = match ty {
        F16 | BF16 => 2,
        F32 => 1,
        _ => 4,
    };
    let w = words[(e / per) * ws + lane];
    match ty {
        F16 => (f16_to_f32((w >> (16 * (e % 2))) as u16), 0),
        BF16 => (f32::from_bits((w >> (16 * (e % 2))) << 16), 0),
        F32 => (f32::from_bits(w), 0),
        _ => (0.0, (w >> (8 * (e % 4))) as u8 as i8 as i32),
    }
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
        let (m, n, k, ty) = (
            (self.aux & 0xff) as usize,
            (self.aux >> 8 & 0xff) as usize,
            (self.aux >> 16 & 0xff) as usize,
            self.aux >> 24,
        );
        let m_ = self.inst.mods;
        if self.w.wave_size != 64 || m_.offset1 != 0 || m_.abid != 0 || m_.blgp != 0 {
            return Err(self.unsupported());
        }
        let ws = 64;
        let kpl = k * m / 64;
        let in_regs = match ty {
            F16 | BF16 => kpl.div_ceil(2),
            F32 => kpl,
            _ => kpl.div_ceil(4),
        };
        let out_regs = m * n / 64;
        let a = self.matrix_operand(1, in_regs)?;
        let b = self.matrix_operand(2, in_regs)?;
        let c = self.matrix_operand(3, out_regs)?;
        let mut d = vec![0u32; out_regs * ws];
        for l in 0..ws {
            for r in 0..out_regs {
                let i = (r / 4) * (256 / n) + (l / n) * 4 + r % 4;
                let j = l % n;
                if i >= m {
                    continue;
                }
                let cv = c[r * ws + l];
                if ty == I8 {
                    let mut acc = cv as i32;
                    for kk in 0..k {
                        let (_, x) = elem(&a, ws, i + m * (kk / kpl), kk % kpl, ty);
                        let (_, y) = elem(&b, ws, j + n * (kk / kpl), kk % kpl, ty);
                        acc = acc.wrapping_add(x.wrapping_mul(y));
                    }
                    d[r * ws + l] = acc as u32;
                } else {
                    let mut acc = f32::from_bits(cv);
                    for kk in 0..k {
                        let (x, _) = elem(&a, ws, i + m * (kk / kpl), kk % kpl, ty);
                        let (y, _) = elem(&b, ws, j + n * (kk / kpl), kk % kpl, ty);
                        acc = if ty == F32 {
                            (acc as f64 + x as f64 * y as f64) as f32
                        } else {
                            acc + x * y
                        };
                    }
                    d[r * ws + l] = acc.to_bits();
                }
            }
        }
        self.stats.lane_ops += (m * n * k) as u64;
        self.matrix_dst(out_regs, d)
    }

    /// `v_wmma_f32_16x16x16_{f16,bf16}` in wave32.
    pub fn wmma(&mut self) -> Result<()> {
        let half_out = self.aux & HALF_OUT != 0;
        let hi = self.inst.mods.op_sel & 4 != 0;
        if self.w.wave_size != 32
            || self.inst.mods.op_sel & !4 != 0
            || self.inst.mods.neg != 0
            || (hi && !half_out)
        {
            return Err(self.unsupported());
        }
        let ty = self.aux & 0xff;
        let ws = 32;
        let a = self.matrix_operand(1, 8)?;
        let b = self.matrix_operand(2, 8)?;
        let c = self.matrix_operand(3, 8)?;
        let mut d = vec![0u32; 8 * ws];
        for l in 0..ws {
            for r in 0..8 {
                let (i, j) = (2 * r + l / 16, l % 16);
                let cw = c[r * ws + l];
                let mut acc = if half_out {
                    f16_to_f32((if hi { cw >> 16 } else { cw }) as u16)
                } else {
                    f32::from_bits(cw)
                };
                for kk in 0..16 {
                    let (x, _) = elem(&a, ws, i, kk, ty);
                    let (y, _) = elem(&b, ws, j, kk, ty);
                    acc += x * y;
                }
                d[r * ws + l] = if half_out {
                    // f32 accumulation, one rounding to f16; the other half keeps C's.
                    let h = crate::exec::f16_from_f32(acc) as u32;
                    if hi {
                        (cw & 0xffff) | h << 16
                    } else {
                        (cw & 0xffff_0000) | h
                    }
                } else {
                    acc.to_bits()
                };
            }
        }
        self.stats.lane_ops += 16 * 16 * 16;
        self.matrix_dst(8, d)
    }
}
