//! The AMDGPU matrix instructions: gfx942 MFMA (every shape: single- and
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

//!
//! This crate is the one place those layouts and that arithmetic live:
//! the emulator (`silk-emu`) executes `v_mfma_*`/`v_wmma_*` with it, and
//! the device-IR interpreter (`silk-gpu-ir`) executes the IR's matrix
//! operations with it, so the compiler's oracle and the hardware model
//! agree by construction. Operands are 32-bit words laid out
//! `register * wave_size + lane`.

/// Input element types (WMMA uses F16 and BF16 in `aux & 0xff`).
pub const F16: u32 = 0;
pub const BF16: u32 = 1;
pub const F32: u32 = 2;
pub const I8: u32 = 3;
pub const XF32: u32 = 4;
pub const FP8: u32 = 5;
pub const BF8: u32 = 6;
pub const F64: u32 = 7;
/// 4-bit integers (GFX11 `v_wmma_i32_16x16x16_iu4`), eight to a dword.
pub const I4: u32 = 8;
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

/// Element `e` of `lane` in an operand of element type `ty` (`words`
/// register-major, `ws` lanes each): the float value, or for I8 the integer.
pub fn elem(words: &[u32], ws: usize, lane: usize, e: usize, ty: u32) -> (f32, i32) {
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

impl Shape {
    /// Block, row and k of the A element in lane `lane`, element `e` (for
    /// B: block, column and k): the inverse of [`Shape::in_pos`], found by
    /// search so it cannot disagree with it. `None` past the operand.
    pub fn in_elem(&self, lane: usize, e: usize) -> Option<(usize, usize, usize)> {
        (0..self.blocks).find_map(|b| {
            (0..self.m).find_map(|i| {
                (0..self.k).find_map(|k| (self.in_pos(b, i, k) == (lane, e)).then_some((b, i, k)))
            })
        })
    }

    /// Block, row and column of C/D register `reg` in lane `lane`: the
    /// inverse of [`Shape::out_pos`] (by search).
    pub fn out_elem(&self, reg: usize, lane: usize) -> Option<(usize, usize, usize)> {
        (0..self.blocks).find_map(|b| {
            (0..self.m).find_map(|i| {
                (0..self.n)
                    .find_map(|j| (self.out_pos(b, i, j) == (reg, lane)).then_some((b, i, j)))
            })
        })
    }
}

/// `D = A*B + C` of MFMA shape `sh` over a wave64's operand words
/// (`sh.regs()` registers of A and B, the second of C).
pub fn mfma(sh: &Shape, a: &[u32], b: &[u32], c: &[u32]) -> Vec<u32> {
    let ws = 64;
    let (_, out_regs) = sh.regs();
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
                        acc = elem64(a, ws, la).mul_add(elem64(b, ws, lb), acc);
                    }
                    let bits = acc.to_bits();
                    d[r * ws + l] = bits as u32;
                    d[(r + 1) * ws + l] = (bits >> 32) as u32;
                } else if sh.a == I8 {
                    let mut acc = c[r * ws + l] as i32;
                    for kk in 0..sh.k {
                        let ((la, ea), (lb, eb)) = (x(kk), y(kk));
                        let (_, p) = elem(a, ws, la, ea, sh.a);
                        let (_, q) = elem(b, ws, lb, eb, sh.b);
                        acc = acc.wrapping_add(p.wrapping_mul(q));
                    }
                    d[r * ws + l] = acc as u32;
                } else {
                    let mut acc = f32::from_bits(c[r * ws + l]);
                    for kk in 0..sh.k {
                        let ((la, ea), (lb, eb)) = (x(kk), y(kk));
                        let (p, _) = elem(a, ws, la, ea, sh.a);
                        let (q, _) = elem(b, ws, lb, eb, sh.b);
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
    d
}

/// A WMMA form: input type (F16, BF16, I8 or I4), 16-bit results of the
/// input type (f16 or bf16, one per VGPR, in the half `hi` selects), and
/// for I8/I4 whether A and B are signed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wmma {
    pub ty: u32,
    pub half_out: bool,
    pub hi: bool,
    pub signed_a: bool,
    pub signed_b: bool,
}

impl Wmma {
    /// Registers of A (and B) and of C/D in a wave of `ws` lanes.
    pub fn regs(&self, ws: usize) -> (usize, usize) {
        let in_regs = match self.ty {
            I8 => 4,
            I4 => 2,
            _ => 8,
        };
        (in_regs, 16 / (ws / 16))
    }

    /// Row and column of C/D register `r` of lane `l` (wave of `ws`).
    pub fn out_elem(ws: usize, r: usize, l: usize) -> (usize, usize) {
        (ws / 16 * r + l / 16, l % 16)
    }
}

/// `D = A*B + C` of WMMA form `w` over the operand words of a wave of
/// `ws` (32 or 64) lanes: lane `l` holds row `l % 16` of A and column
/// `l % 16` of B (every 16-lane copy the same), D/C register `r` of lane
/// `l` holds [`Wmma::out_elem`].
pub fn wmma(w: &Wmma, ws: usize, a: &[u32], b: &[u32], c: &[u32]) -> Vec<u32> {
    wmma_clamped(w, ws, a, b, c, false)
}

/// [`wmma`] with the instruction's clamp bit: integer results saturate to
/// the i32 range instead of wrapping (RDNA3 ISA §7.9, `CLAMP` of the
/// integer WMMA forms).
pub fn wmma_clamped(w: &Wmma, ws: usize, a: &[u32], b: &[u32], c: &[u32], clamp: bool) -> Vec<u32> {
    let (_, out_regs) = w.regs(ws);
    let int = matches!(w.ty, I8 | I4);
    let bits = if w.ty == I4 { 4 } else { 8 };
    let mut d = vec![0u32; out_regs * ws];
    // Element kk of a lane: `bits` wide, 32 / bits to a dword.
    let field = |v: &[u32], lane: usize, kk: usize, signed: bool| -> i64 {
        let per = 32 / bits;
        let x = v[(kk / per) * ws + lane] >> (bits * (kk % per)) & ((1 << bits) - 1);
        if signed {
            ((x << (32 - bits)) as i32 >> (32 - bits)) as i64
        } else {
            x as i64
        }
    };
    for l in 0..ws {
        for r in 0..out_regs {
            let (i, j) = Wmma::out_elem(ws, r, l);
            let cw = c[r * ws + l];
            if int {
                // Exact in i64 (16 products of at most 2^16 each).
                let mut acc = cw as i32 as i64;
                for kk in 0..16 {
                    acc += field(a, i, kk, w.signed_a) * field(b, j, kk, w.signed_b);
                }
                d[r * ws + l] = if clamp {
                    acc.clamp(i32::MIN as i64, i32::MAX as i64) as i32 as u32
                } else {
                    acc as u32
                };
                continue;
            }
            let c16 = (if w.hi { cw >> 16 } else { cw }) as u16;
            let mut acc = match (w.half_out, w.ty) {
                (true, BF16) => f32::from_bits((c16 as u32) << 16),
                (true, _) => f16_to_f32(c16),
                _ => f32::from_bits(cw),
            };
            for kk in 0..16 {
                let (x, _) = elem(a, ws, i, kk, w.ty);
                let (y, _) = elem(b, ws, j, kk, w.ty);
                acc += x * y;
            }
            d[r * ws + l] = if w.half_out {
                // f32 accumulation, one rounding to f16 (bf16); the other
                // half keeps C's.
                let h = if w.ty == BF16 {
                    bf16_from_f32(acc) as u32
                } else {
                    f16_from_f32(acc) as u32
                };
                if w.hi {
                    (cw & 0xffff) | h << 16
                } else {
                    (cw & 0xffff_0000) | h
                }
            } else {
                acc.to_bits()
            };
        }
    }
    d
}

/// bfloat16 from f32, round to nearest even, NaN kept quiet.
pub fn bf16_from_f32(x: f32) -> u16 {
    let bits = x.to_bits();
    if x.is_nan() {
        return (bits >> 16) as u16 | 0x40;
    }
    ((bits + 0x7fff + (bits >> 16 & 1)) >> 16) as u16
}

/// IEEE binary16 from f32, round to nearest even.
pub fn f16_from_f32(x: f32) -> u16 {
    let b = x.to_bits();
    let sign = ((b >> 16) & 0x8000) as u16;
    let exp = ((b >> 23) & 0xff) as i32;
    let man = b & 0x7f_ffff;
    if exp == 0xff {
        return sign
            | 0x7c00
            | if man != 0 {
                0x200 | (man >> 13) as u16
            } else {
                0
            };
    }
    let e = exp - 127 + 15;
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = man | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = 1u32 << (shift - 1);
        let rest = m & ((1 << shift) - 1);
        let mut r = m >> shift;
        if rest > half || (rest == half && r & 1 != 0) {
            r += 1;
        }
        return sign | r as u16;
    }
    let mut r = ((e as u32) << 10) | (man >> 13);
    let rest = man & 0x1fff;
    if rest > 0x1000 || (rest == 0x1000 && r & 1 != 0) {
        r += 1;
    }
    sign | r as u16
}

/// f32 from IEEE binary16 (exact).
pub fn f16_to_f32(h: u16) -> f32 {
    let sign = ((h & 0x8000) as u32) << 16;
    let exp = ((h >> 10) & 0x1f) as u32;
    let man = (h & 0x3ff) as u32;
    let bits = match (exp, man) {
        (0, 0) => sign,
        (0, m) => {
            // m * 2^-24: shift the leading one up to the implicit bit 10.
            let s = m.leading_zeros() - 21;
            let m = (m << s) & 0x3ff;
            sign | ((127 - 14 - s) << 23) | (m << 13)
        }
        (0x1f, m) => sign | 0x7f80_0000 | (m << 13),
        (e, m) => sign | ((e + 127 - 15) << 23) | (m << 13),
    };
    f32::from_bits(bits)
}

#[cfg(test)]
mod tests {
    use super::{f16_from_f32, f16_to_f32};

    /// Every binary16 value widens exactly: the value from its fields
    /// (IEEE 754 section 3.4), and narrowing gives the bits back.
    #[test]
    fn f16_widening_is_exact_for_every_value() {
        for h in 0..=u16::MAX {
            let (sign, exp, man) = (h >> 15, (h >> 10) & 0x1f, (h & 0x3ff) as f64);
            let x = f16_to_f32(h);
            if exp == 0x1f {
                assert_eq!(x.is_nan(), man != 0.0, "{h:#06x}");
                continue;
            }
            let mag = if exp == 0 {
                man * 2f64.powi(-24)
            } else {
                (1.0 + man / 1024.0) * 2f64.powi(exp as i32 - 15)
            };
            let want = if sign == 1 { -mag } else { mag };
            assert_eq!(x as f64, want, "{h:#06x}");
            assert_eq!(f16_from_f32(x), h, "{h:#06x}");
        }
    }
}
