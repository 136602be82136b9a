//! VALU f16 arithmetic and the mixed-precision f16/f32 operations.

use super::*;

/// The semantics of one mnemonic of this family.
pub(super) fn semantics(op: Op) -> Sem {
    let s: (Handler, u32) = match op {
        Op::V_MED3_F16 => (
            |e| e.valu(Fk::F16, |[x, y, z]| bh(med3_f32(h(x), h(y), h(z)))),
            0,
        ),
        Op::V_MIN3_F16 => (
            |e| e.valu(Fk::F16, |[x, y, z]| bh(fmin32(fmin32(h(x), h(y)), h(z)))),
            0,
        ),
        Op::V_MAX3_F16 => (
            |e| e.valu(Fk::F16, |[x, y, z]| bh(fmax32(fmax32(h(x), h(y)), h(z)))),
            0,
        ),
        Op::V_MAXMIN_F16 => (
            |e| e.valu(Fk::F16, |[x, y, z]| bh(fmin32(fmax32(h(x), h(y)), h(z)))),
            0,
        ),
        Op::V_MINMAX_F16 => (
            |e| e.valu(Fk::F16, |[x, y, z]| bh(fmax32(fmin32(h(x), h(y)), h(z)))),
            0,
        ),
        Op::V_SQRT_F16_e32 | Op::V_SQRT_F16_e64 => {
            (|e| e.valu(Fk::F16, |[x]| bh64((h(x) as f64).sqrt())), 0)
        }
        Op::V_RCP_F16_e32 | Op::V_RCP_F16_e64 => {
            (|e| e.valu(Fk::F16, |[x]| bh64(1.0 / h(x) as f64)), 0)
        }
        Op::V_LDEXP_F16_e32 | Op::V_LDEXP_F16_e64 => (
            |e| e.valu(Fk::F16, |[x, y]| bh(ldexp32(h(x), y as u16 as i16 as i32))),
            0,
        ),
        Op::V_FRACT_F16_e32 | Op::V_FRACT_F16_e64 => {
            (|e| e.valu(Fk::F16, |[x]| bh(fract32(h(x)))), 0)
        }
        Op::V_TRUNC_F16_e32 | Op::V_TRUNC_F16_e64 => {
            (|e| e.valu(Fk::F16, |[x]| bh(h(x).trunc())), 0)
        }
        Op::V_FLOOR_F16_e32 | Op::V_FLOOR_F16_e64 => {
            (|e| e.valu(Fk::F16, |[x]| bh(h(x).floor())), 0)
        }
        Op::V_CEIL_F16_e32 | Op::V_CEIL_F16_e64 => (|e| e.valu(Fk::F16, |[x]| bh(h(x).ceil())), 0),
        Op::V_RNDNE_F16_e32 | Op::V_RNDNE_F16_e64 => {
            (|e| e.valu(Fk::F16, |[x]| bh(h(x).round_ties_even())), 0)
        }

        Op::V_ADD_F16_e32 | Op::V_ADD_F16_e64 => (
            |e| e.valu(Fk::F16, |[x, y]| bh64(h(x) as f64 + h(y) as f64)),
            0,
        ),
        Op::V_SUB_F16_e32 | Op::V_SUB_F16_e64 => (
            |e| e.valu(Fk::F16, |[x, y]| bh64(h(x) as f64 - h(y) as f64)),
            0,
        ),
        Op::V_SUBREV_F16_e32 | Op::V_SUBREV_F16_e64 => (
            |e| e.valu(Fk::F16, |[x, y]| bh64(h(y) as f64 - h(x) as f64)),
            0,
        ),
        Op::V_MUL_F16_e32 | Op::V_MUL_F16_e64 => (
            |e| e.valu(Fk::F16, |[x, y]| bh64(h(x) as f64 * h(y) as f64)),
            0,
        ),
        // `madmk`/`madak` and `fmamk`/`fmaak` carry the literal K as the
        // second or third printed operand: all are S0 * S1 + S2 in printed
        // order. The LEGACY forms are gfx942's GFX8-style ones (below).
        Op::V_FMA_F16 | Op::V_FMA_LEGACY_F16 | Op::V_FMAMK_F16 | Op::V_FMAAK_F16 => {
            (|e| e.valu(Fk::F16, |[x, y, z]| fma16(x, y, z)), 0)
        }
        // Not fused: the product rounds to f16 before the add.
        Op::V_MAD_F16 | Op::V_MAD_LEGACY_F16 | Op::V_MADMK_F16 | Op::V_MADAK_F16 => {
            (|e| e.valu(Fk::F16, |[x, y, z]| mad16(x, y, z)), 0)
        }
        // As `v_div_fixup_f32`: the correctly rounded quotient S2 / S1 (f64
        // holds it to 53 bits, then one rounding to odd keeps the f16 tie
        // honest).
        Op::V_DIV_FIXUP_F16 => (
            |e| {
                e.valu(Fk::F16, |[_, y, z]| {
                    f16_from_f64(h(z) as f64 / h(y) as f64) as u64
                })
            },
            0,
        ),
        // GFX8-style forms on gfx942 (CDNA3 ISA `V_MAD_LEGACY_F16`,
        // `V_FMA_LEGACY_F16` above, `V_DIV_FIXUP_LEGACY_F16`): the same
        // arithmetic, the result in D[15:0] with D[31:16] zeroed,
        // or with op_sel[3] in D[31:16] with D[15:0] kept, which is what
        // the VOP3 destination does for an f16 result here.
        Op::V_DIV_FIXUP_LEGACY_F16 => (
            |e| {
                e.valu(Fk::F16, |[x, y, z]| {
                    div_fixup16(x as u16, y as u16, z as u16) as u64
                })
            },
            0,
        ),
        // D = S0 * S1 + D, not fused.
        Op::V_MAC_F16_e32 | Op::V_MAC_F16_e64 => (
            |e| e.valu_at(0, [1, 2, 0], Fk::F16, |[x, y, z]| mad16(x, y, z)),
            0,
        ),
        Op::V_FREXP_MANT_F16_e32 | Op::V_FREXP_MANT_F16_e64 => {
            (|e| e.valu(Fk::F16, |[x]| bh(frexp_mant32(h(x)))), 0)
        }
        Op::V_FREXP_EXP_I16_F16_e32 | Op::V_FREXP_EXP_I16_F16_e64 => (
            |e| e.valu(Fk::F16, |[x]| frexp_exp32(h(x)) as u16 as u64),
            0,
        ),
        Op::V_FMAC_F16_e32 | Op::V_FMAC_F16_e64 => (
            |e| e.valu_at(0, [1, 2, 0], Fk::F16, |[x, y, z]| fma16(x, y, z)),
            0,
        ),
        Op::V_MAX_F16_e32 | Op::V_MAX_F16_e64 => {
            (|e| e.valu(Fk::F16, |[x, y]| bh(fmax32(h(x), h(y)))), 0)
        }
        Op::V_MIN_F16_e32 | Op::V_MIN_F16_e64 => {
            (|e| e.valu(Fk::F16, |[x, y]| bh(fmin32(h(x), h(y)))), 0)
        }
        // f16 transcendentals: computed in f64, rounded once (within the
        // documented 1 ULP).
        Op::V_EXP_F16_e32 | Op::V_EXP_F16_e64 => {
            (|e| e.valu(Fk::F16, |[x]| bh64(libm::exp2(h(x) as f64))), 0)
        }
        Op::V_LOG_F16_e32 | Op::V_LOG_F16_e64 => {
            (|e| e.valu(Fk::F16, |[x]| bh64(libm::log2(h(x) as f64))), 0)
        }
        Op::V_RSQ_F16_e32 | Op::V_RSQ_F16_e64 => (
            |e| e.valu(Fk::F16, |[x]| bh64(1.0 / (h(x) as f64).sqrt())),
            0,
        ),
        Op::V_SIN_F16_e32 | Op::V_SIN_F16_e64 => (
            |e| {
                e.valu(Fk::F16, |[x]| {
                    bh64(libm::sin(h(x) as f64 * std::f64::consts::TAU))
                })
            },
            0,
        ),
        Op::V_COS_F16_e32 | Op::V_COS_F16_e64 => (
            |e| {
                e.valu(Fk::F16, |[x]| {
                    bh64(libm::cos(h(x) as f64 * std::f64::consts::TAU))
                })
            },
            0,
        ),
        Op::V_FMA_MIXLO_F16 => (fma_mix, 1),
        Op::V_FMA_MIXHI_F16 => (fma_mix, 2),
        Op::V_PACK_B32_F16 => (pack_b32_f16, 0),
        _ => return None,
    };
    Some(s)
}

/// `v_fma_mix*` (CDNA3 ISA VOP3P): each source is f32, or (op_sel_hi bit
/// set) the f16 half op_sel picks; neg/abs per source; one fused
/// multiply-add; the f32 result (aux 0) or an f16 into the low (1) or
/// high (2) half, the other half kept.
pub(super) fn fma_mix(e: &mut Exec) -> Result<()> {
    let exec = e.w.exec();
    let ws = e.w.wave_size;
    let m = e.inst.mods;
    let s = [e.vsrc(1, exec)?, e.vsrc(2, exec)?, e.vsrc(3, exec)?];
    let d = e.vdst(0)?;
    if d.0 || d.3 != 0 {
        return Err(e.unsupported());
    }
    let mut mm = exec;
    while mm != 0 {
        let l = mm.trailing_zeros() as usize;
        mm &= mm - 1;
        let v: [f64; 3] = std::array::from_fn(|j| {
            let raw = e.lane(s[j], l);
            let mut x = if m.op_sel_hi >> j & 1 != 0 {
                let half = if m.op_sel >> j & 1 != 0 {
                    raw >> 16
                } else {
                    raw
                };
                f16_to_f32(half as u16) as f64
            } else {
                f32::from_bits(raw as u32) as f64
            };
            if m.abs >> j & 1 != 0 {
                x = x.abs();
            }
            if m.neg >> j & 1 != 0 {
                x = -x;
            }
            x
        });
        // Every source value is an f32: fma32 rounds the f32 result once;
        // f16 results round the f64 fused result (exact product, one f64
        // rounding of the sum) to f16 once more.
        let clamp = |x: f64| if x.is_nan() { 0.0 } else { x.clamp(0.0, 1.0) };
        let r = if e.aux == 0 {
            fma32(v[0] as f32, v[1] as f32, v[2] as f32) as f64
        } else {
            fma64(v[0], v[1], v[2])
        };
        let r = if m.clamp { clamp(r) } else { r };
        let i = d.1 * ws + l;
        let old = e.w.vgpr[i];
        e.w.vgpr[i] = match e.aux {
            0 => (r as f32).to_bits(),
            1 => (old & 0xffff_0000) | f16_from_f64(r) as u32,
            _ => (old & 0xffff) | (f16_from_f64(r) as u32) << 16,
        };
    }
    e.mark_written(d, exec);
    e.stats.lane_ops += exec.count_ones() as u64;
    Ok(())
}

/// `v_pack_b32_f16`: D = {src1.f16, src0.f16}, each the half op_sel picks
/// (GFX9) or the true16 half named (GFX11), with neg/abs.
pub(super) fn pack_b32_f16(e: &mut Exec) -> Result<()> {
    let m = e.inst.mods;
    if m.clamp || m.omod != 0 {
        return Err(e.unsupported());
    }
    let gfx9 = e.k.gen == Generation::Gfx9;
    e.valu(Fk::Int, move |[a, b]| {
        let pick = |v: u64, j: u32| {
            let mut x = if gfx9 && m.op_sel >> j & 1 != 0 {
                v >> 16 & 0xffff
            } else {
                v & 0xffff
            };
            if m.abs >> j & 1 != 0 {
                x &= 0x7fff;
            }
            if m.neg >> j & 1 != 0 {
                x ^= 0x8000;
            }
            x
        };
        pick(a, 0) | pick(b, 1) << 16
    })
}

/// `V_DIV_FIXUP_LEGACY_F16` as the CDNA3 pseudocode writes it: S0 is the
/// quotient estimate, S1 the denominator and S2 the numerator; NaNs
/// propagate quieted (S2's first), 0/0 and inf/inf give the default NaN,
/// x/0 and inf/y an infinity, x/inf and 0/y a zero, each signed by
/// sign(S1) ^ sign(S2); otherwise |S0| with that sign.
/// f16 `x * y + z` with the product rounded to f16 first (`v_mad_f16`).
fn mad16(x: u64, y: u64, z: u64) -> u64 {
    let p = h(bh64(h(x) as f64 * h(y) as f64));
    bh64(p as f64 + h(z) as f64)
}

/// f16 `x * y + z` rounded once (`v_fma_f16`).
fn fma16(x: u64, y: u64, z: u64) -> u64 {
    bh64((h(x) as f64).mul_add(h(y) as f64, h(z) as f64))
}

pub(crate) fn div_fixup16(s0: u16, s1: u16, s2: u16) -> u16 {
    let (n, dn) = (h(s2 as u64), h(s1 as u64));
    let sign = (s1 ^ s2) & 0x8000;
    if n.is_nan() {
        return s2 | 0x0200;
    }
    if dn.is_nan() {
        return s1 | 0x0200;
    }
    if (dn == 0.0 && n == 0.0) || (dn.is_infinite() && n.is_infinite()) {
        return 0xfe00;
    }
    if dn == 0.0 || n.is_infinite() {
        return sign | 0x7c00;
    }
    if dn.is_infinite() || n == 0.0 {
        return sign;
    }
    sign | (s0 & 0x7fff)
}
