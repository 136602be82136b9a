//! gfx942 sparse MFMA (`v_smfmac_*`, CDNA3 ISA §7.3 "Sparse matrix
//! multiply"): D = C + A·B where A (M×K) is 4:2 structured-sparse. Each
//! lane holds A's row `i` over `kpl` consecutive K (the lane and K split
//! of the dense MFMA of the same M and K, [`Shape::in_pos`]) compressed
//! to `kpl/2` values: in each group of four K at most two are non-zero,
//! stored in order. The index VGPR (SRC2) gives each stored value's
//! position in its group, two bits per value (value `v` at bits
//! `2v + kpl·abid`): 16-bit inputs have four 8-bit index sets, 8-bit
//! inputs two 16-bit sets, `abid` picks one. B is dense (`kpl` K per
//! lane), C is the destination's old value (SRC2 is the index, so there
//! is no separate C operand), and C/D use the dense MFMA layout.
//! Accumulation order and precision are those of [`Exec::mfma`].

use super::*;
use silk_matrix::elem;

/// The dense shape (M = N, full K, one block) of a sparse MFMA.
#[rustfmt::skip]
pub fn smfmac_shape(op: Op) -> Option<Shape> {
    use Op::*;
    let (m, k, a, b) = match op {
        V_SMFMAC_F32_16X16X32_F16 => (16, 32, F16, F16),
        V_SMFMAC_F32_16X16X32_BF16 => (16, 32, BF16, BF16),
        V_SMFMAC_F32_32X32X16_F16 => (32, 16, F16, F16),
        V_SMFMAC_F32_32X32X16_BF16 => (32, 16, BF16, BF16),
        V_SMFMAC_I32_16X16X64_I8 => (16, 64, I8, I8),
        V_SMFMAC_I32_32X32X32_I8 => (32, 32, I8, I8),
        V_SMFMAC_F32_16X16X64_BF8_BF8 => (16, 64, BF8, BF8),
        V_SMFMAC_F32_16X16X64_BF8_FP8 => (16, 64, BF8, FP8),
        V_SMFMAC_F32_16X16X64_FP8_BF8 => (16, 64, FP8, BF8),
        V_SMFMAC_F32_16X16X64_FP8_FP8 => (16, 64, FP8, FP8),
        V_SMFMAC_F32_32X32X32_BF8_BF8 => (32, 32, BF8, BF8),
        V_SMFMAC_F32_32X32X32_BF8_FP8 => (32, 32, BF8, FP8),
        V_SMFMAC_F32_32X32X32_FP8_BF8 => (32, 32, FP8, BF8),
        V_SMFMAC_F32_32X32X32_FP8_FP8 => (32, 32, FP8, FP8),
        _ => return None,
    };
    Some(Shape { m, n: m, k, blocks: 1, a, b })
}

/// The handler's aux for a sparse MFMA: [`Shape::aux`] of its shape with
/// K halved (the dense K of the 8-bit forms, 64, does not fit the field).
pub fn smfmac_aux(op: Op) -> Option<u32> {
    smfmac_shape(op).map(|sh| Shape { k: sh.k / 2, ..sh }.aux())
}

impl Exec<'_> {
    pub fn smfmac(&mut self) -> Result<()> {
        let sh = Shape::from_aux(self.aux);
        let sh = Shape { k: sh.k * 2, ..sh };
        let m_ = self.inst.mods;
        let kpl = sh.kpl();
        // CBSZ broadcasts and BLGP swizzles are not modelled.
        if self.w.wave_size != 64 || m_.offset1 != 0 || m_.blgp != 0 || m_.abid as usize >= 32 / kpl
        {
            return Err(self.unsupported());
        }
        let ws = 64;
        let (b_regs, out_regs) = sh.regs();
        let a = self.matrix_operand(1, b_regs / 2)?;
        let b = self.matrix_operand(2, b_regs)?;
        let idx = self.matrix_operand(3, 1)?;
        let c = self.matrix_operand(0, out_regs)?;
        let set = kpl * m_.abid as usize;
        let mut d = vec![0u32; out_regs * ws];
        for i in 0..sh.m {
            for j in 0..sh.n {
                let (r, l) = sh.out_pos(0, i, j);
                let mut iacc = c[r * ws + l] as i32;
                let mut facc = f32::from_bits(c[r * ws + l]);
                for chunk in 0..sh.k / kpl {
                    let (la, _) = sh.in_pos(0, i, chunk * kpl);
                    let (lb, _) = sh.in_pos(0, j, chunk * kpl);
                    let ix = idx[la] >> set;
                    for v in 0..kpl / 2 {
                        let pos = 4 * (v / 2) + (ix >> (2 * v) & 3) as usize;
                        let (p, pi) = elem(&a, ws, la, v, sh.a);
                        let (q, qi) = elem(&b, ws, lb, pos, sh.b);
                        if sh.a == I8 {
                            iacc = iacc.wrapping_add(pi.wrapping_mul(qi));
                        } else {
                            facc += p * q;
                        }
                    }
                }
                d[r * ws + l] = if sh.a == I8 {
                    iacc as u32
                } else {
                    facc.to_bits()
                };
            }
        }
        self.stats.lane_ops += (sh.m * sh.n * sh.k / 2) as u64;
        self.matrix_dst(out_regs, d)
    }
}
