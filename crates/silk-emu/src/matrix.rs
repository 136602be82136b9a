//! Matrix instructions: gfx942 MFMA (every shape: single- and
//! multi-block, f32/f16/bf16/i8/xf32/fp8/bf8/f64) and GFX11 WMMA (wave32
//! and wave64), with the register layouts of the CDNA3 ISA guide
//! §7 "Matrix Arithmetic Instructions" and the RDNA3 guide §7.9 "WMMA" (as
//! AMD's matrix instruction calculator states them).
//!
//! MFMA with B blocks of MxNxK, 64 lanes, `kpl = M*K*B/64` elements per
//! lane: `A[b][i][k]` is element `k % kpl` of lane `i + M*b + M*B*(k/kpl)`
//! (the last term only when M*B < 64); `B[b][k][j]` likewise with j. C/D
//! element `[b][i][j]` (32-bit results): 32x32: register `16b + 4(i/8) +
//! i%4`, lane `32(i/4) % 64 + j`; 16x16: register `4b + i%4`, lane
//! `16(i/4) + j`; 4x4: register `i`, lane `4b + j`. f64 results take a
//! register pair: 16x16x4 pair `i/4`, lane `16(i%4) + j`; 4x4x4 (4
//! blocks) pair 0, lane `16i + 4b + j`.
//!
//! WMMA: A row `l % 16` holds k = 0..15 in its 8 VGPRs (every 16-lane
//! copy holds the same), B column `l % 16` likewise; D/C register `r` of
//! lane `l` holds row `2r + l/16` (wave32) or `4r + l/16` (wave64),
//! column `l % 16`.
//!
//! Precision: products of f16/bf16/fp8/bf8 inputs are exact in f32; they
//! are added to the accumulator in k order with one f32 rounding per step
//! (f32 and xf32 products are formed in f64 and rounded once per step;
//! xf32 inputs are first rounded to 10 mantissa bits, nearest even; f64
//! uses one fused multiply-add per step). The hardware's internal order
//! may differ, so only exact sums (e.g. small integers) are bit-identical
//! to silicon. fp8/bf8 are gfx942's E4M3 and E5M2 "FNUZ" formats (bias 8
//! and 16, 0x80 is NaN, no infinities).

pub mod sparse;

use crate::error::Result;
use crate::exec::{f16_to_f32, Exec};
use silk_amdgpu::isa::operand::{AGPR0, VGPR0};
use silk_amdgpu::isa::{Op, Operand};

/// Input element types (WMMA uses F16 and BF16 in `aux & 0xff`).
pub const F16: u32 = 0;
pub const BF16: u32 = 1;
pub const F32: u32 = 2;
pub const I8: u32 = 3;
pub const XF32: u32 = 4;
pub const FP8: u32 = 5;
pub const BF8: u32 = 6;
pub const F64: u32 = 7;
/// WMMA with f16 C/D: one f16 per VGPR, in the half `op_sel[2]` selects.
pub const HALF_OUT: u32 = 1 << 8;

/// An MFMA shape: B blocks of MxNxK, A and B element types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub m: usize,
    pub n: usize,
    pub k: usize,
    pub blocks: usize,
    pub a: u32,
    pub b: u32,
}

impl Shape {
    pub fn aux(&self) -> u32 {
        self.m as u32
            | (self.n as u32) << 6
            | (self.k as u32) << 12
            | (self.blocks as u32) << 18
            | self.a << 23
            | self.b << 26
    }

    pub fn from_aux(aux: u32) -> Shape {
        Shape {
            m: (aux & 63) as usize,
            n: (aux >> 6 & 63) as usize,
            k: (aux >> 12 & 63) as usize,
            blocks: (aux >> 18 & 31) as usize,
            a: aux >> 23 & 7,
            b: aux >> 26 & 7,
        }
    }

    /// Elements of A (and B) per lane.
    pub fn kpl(&self) -> usize {
        (self.m * self.k * self.blocks / 64).max(1)
    }

    /// Lane and element of `A[b][i][k]` (or `B[b][k][j]` with `i` = j).
    pub fn in_pos(&self, b: usize, i: usize, k: usize) -> (usize, usize) {
        let kpl = self.kpl();
        let spread = if self.m * self.blocks < 64 {
            self.m * self.blocks * (k / kpl)
        } else {
            0
        };
        (i + self.m * b + spread, k % kpl)
    }

    /// Register (first of a pair for f64) and lane of `C/D[b][i][j]`.
    pub fn out_pos(&self, b: usize, i: usize, j: usize) -> (usize, usize) {
        let (m, n) = (self.m, self.n);
        if self.a == F64 {
            return if m == 16 {
                (2 * (i / 4), 16 * (i % 4) + j)
            } else {
                (0, 16 * (i % 4) + n * b + j)
            };
        }
        let reg = match m {
            32 => 16 * b + 4 * (i / 8) + i % 4,
            16 => 4 * b + i % 4,
            _ => i,
        };
        let lane = match n * m / 4 {
            x if x > 64 => (n * (i / 4)) % 64,
            64 => n * (i / 4),
            _ => 0,
        } + if m * n < 64 { n * b } else { 0 }
            + j;
        (reg, lane)
    }

    /// Registers of A (or B) and of C/D.
    pub fn regs(&self) -> (usize, usize) {
        let bits = |t: u32| match t {
            F16 | BF16 => 16,
            I8 | FP8 | BF8 => 8,
            F64 => 64,
            _ => 32,
        };
        let inr = (self.kpl() * bits(self.a)).div_ceil(32);
        let out = self.m * self.n * self.blocks * if self.a == F64 { 2 } else { 1 } / 64;
        (inr, out)
    }
}

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

/// gfx942 fp8 (E4M3, bias 8) and bf8 (E5M2, bias 16), both "FNUZ": 0x80
/// is NaN, there is no negative zero or infinity.
pub fn fnuz8(v: u8, mbits: u32, bias: i32) -> f32 {
    if v == 0x80 {
        return f32::NAN;
    }
    let sign = if v & 0x80 != 0 { -1.0 } else { 1.0 };
    let e = ((v & 0x7f) >> mbits) as i32;
    let m = (v & ((1 << mbits) - 1)) as f32 / (1 << mbits) as f32;
    let x = if e == 0 {
        m * 2f32.powi(1 - bias)
    } else {
        (1.0 + m) * 2f32.powi(e - bias)
    };
    sign * x
}

/// f32 rounded to xf32 (10 mantissa bits, nearest even).
fn xf32(x: f32) -> f32 {
    if !x.is_finite() {
        return x;
    }
    let b = x.to_bits();
    let rest = b & 0x1fff;
    let mut r = b & !0x1fff;
    if rest > 0x1000 || (rest == 0x1000 && r & 0x2000 != 0) {
        r = r.wrapping_add(0x2000);
    }
    f32::from_bits(r)
}

fn elem(words: &[u32], ws: usize, lane: usize, e: usize, ty: u32) -> (f32, i32) {
    let per = match ty {
        F16 | BF16 => 2,
        I8 | FP8 | BF8 => 4,
        _ => 1,
    };
    let w = words[(e / per) * ws + lane];
    match ty {
        F16 => (f16_to_f32((w >> (16 * (e % 2))) as u16), 0),
        BF16 => (f32::from_bits((w >> (16 * (e % 2))) << 16), 0),
        F32 => (f32::from_bits(w), 0),
        XF32 => (xf32(f32::from_bits(w)), 0),
        FP8 => (fnuz8((w >> (8 * (e % 4))) as u8, 3, 8), 0),
        BF8 => (fnuz8((w >> (8 * (e % 4))) as u8, 2, 16), 0),
        _ => (0.0, (w >> (8 * (e % 4))) as u8 as i8 as i32),
    }
}

fn elem64(words: &[u32], ws: usize, lane: usize) -> f64 {
    f64::from_bits(words[lane] as u64 | (words[ws + lane] as u64) << 32)
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
        let ws = 64;
        let (in_regs, out_regs) = sh.regs();
        let a = self.matrix_operand(1, in_regs)?;
        let b = self.matrix_operand(2, in_regs)?;
        let c = self.matrix_operand(3, out_regs)?;
        let mut d = vec![0u32; out_regs * ws];
        for blk in 0..sh.blocks {
            for i in 0..sh.m {
                for j in 0..sh.n {
                    let (r, l) = sh.out_pos(blk, i, j);
                    let x = |k: usize| sh.in_pos(blk, i, k);
                    let y = |k: usize| sh.in_pos(blk, j, k);
                    if sh.a == F64 {
                        let mut acc = elem64(&c[r * ws..], ws, l);
                        for kk in 0..sh.k {
                            let (la, _) = x(kk);
                            let (lb, _) = y(kk);
                            acc = crate::sem::fma64(elem64(&a, ws, la), elem64(&b, ws, lb), acc);
                        }
                        let bits = acc.to_bits();
                        d[r * ws + l] = bits as u32;
                        d[(r + 1) * ws + l] = (bits >> 32) as u32;
                    } else if sh.a == I8 {
                        let mut acc = c[r * ws + l] as i32;
                        for kk in 0..sh.k {
                            let ((la, ea), (lb, eb)) = (x(kk), y(kk));
                            let (_, p) = elem(&a, ws, la, ea, sh.a);
                            let (_, q) = elem(&b, ws, lb, eb, sh.b);
                            acc = acc.wrapping_add(p.wrapping_mul(q));
                        }
                        d[r * ws + l] = acc as u32;
                    } else {
                        let mut acc = f32::from_bits(c[r * ws + l]);
                        for kk in 0..sh.k {
                            let ((la, ea), (lb, eb)) = (x(kk), y(kk));
                            let (p, _) = elem(&a, ws, la, ea, sh.a);
                            let (q, _) = elem(&b, ws, lb, eb, sh.b);
                            acc = if matches!(sh.a, F32 | XF32) {
                                (acc as f64 + p as f64 * q as f64) as f32
                            } else {
                                acc + p * q
                            };
                        }
                        d[r * ws + l] = acc.to_bits();
                    }
                }
            }
        }
        self.stats.lane_ops += (sh.m * sh.n * sh.k * sh.blocks) as u64;
        self.matrix_dst(out_regs, d)
    }

    /// `v_wmma_f32_16x16x16_{f16,bf16}`, `v_wmma_f16_16x16x16_f16` and
    /// `v_wmma_i32_16x16x16_iu8` (`neg_lo[0]`/`[1]`: A/B signed), wave32
    /// and wave64.
    pub fn wmma(&mut self) -> Result<()> {
        let half_out = self.aux & HALF_OUT != 0;
        let ty = self.aux & 0xff;
        let int = ty == I8;
        let hi = self.inst.mods.op_sel & 4 != 0;
        let neg_ok = if int { 3 } else { 0 };
        if self.inst.mods.op_sel & !4 != 0
            || self.inst.mods.neg & !neg_ok != 0
            || self.inst.mods.abs != 0
            || (hi && !half_out)
        {
            return Err(self.unsupported());
        }
        let ws = self.w.wave_size;
        // C/D rows per register: 2 in wave32 (8 VGPRs), 4 in wave64 (4).
        let rows = ws / 16;
        let out_regs = 16 / rows;
        let in_regs = if int { 4 } else { 8 };
        let (sa, sb) = (self.inst.mods.neg & 1 != 0, self.inst.mods.neg & 2 != 0);
        let a = self.matrix_operand(1, in_regs)?;
        let b = self.matrix_operand(2, in_regs)?;
        let c = self.matrix_operand(3, out_regs)?;
        let mut d = vec![0u32; out_regs * ws];
        let byte = |w: &[u32], lane: usize, kk: usize, signed: bool| -> i32 {
            let v = (w[(kk / 4) * ws + lane] >> (8 * (kk % 4))) as u8;
            if signed {
                v as i8 as i32
            } else {
                v as i32
            }
        };
        for l in 0..ws {
            for r in 0..out_regs {
                let (i, j) = (rows * r + l / 16, l % 16);
                let cw = c[r * ws + l];
                if int {
                    let mut acc = cw as i32;
                    for kk in 0..16 {
                        acc =
                            acc.wrapping_add(byte(&a, i, kk, sa).wrapping_mul(byte(&b, j, kk, sb)));
                    }
                    d[r * ws + l] = acc as u32;
                    continue;
                }
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
        self.matrix_dst(out_regs, d)
    }
}
