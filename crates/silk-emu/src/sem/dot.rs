//! Integer and float dot products (VOP3P, and the VOP2 accumulating forms).

use super::*;

/// The semantics of one mnemonic of this family.
pub(super) fn semantics(op: Op) -> Sem {
    let s: (Handler, u32) = match op {
        // Dot products, summed exactly in integers / f32 in order.
        Op::V_DOT2_I32_I16 => (
            |e| {
                plain_dot(e)?;
                e.valu(Fk::Int, |[a, b, c]| idot(a, b, c, 16, true))
            },
            0,
        ),
        Op::V_DOT2_U32_U16 => (
            |e| {
                plain_dot(e)?;
                e.valu(Fk::Int, |[a, b, c]| idot(a, b, c, 16, false))
            },
            0,
        ),
        Op::V_DOT4_I32_I8 => (
            |e| {
                plain_dot(e)?;
                e.valu(Fk::Int, |[a, b, c]| idot(a, b, c, 8, true))
            },
            0,
        ),
        Op::V_DOT4_U32_U8 => (
            |e| {
                plain_dot(e)?;
                e.valu(Fk::Int, |[a, b, c]| idot(a, b, c, 8, false))
            },
            0,
        ),
        Op::V_DOT8_I32_I4 => (
            |e| {
                plain_dot(e)?;
                e.valu(Fk::Int, |[a, b, c]| idot(a, b, c, 4, true))
            },
            0,
        ),
        Op::V_DOT8_U32_U4 => (
            |e| {
                plain_dot(e)?;
                e.valu(Fk::Int, |[a, b, c]| idot(a, b, c, 4, false))
            },
            0,
        ),
        // VOP2 accumulating forms: the destination is the addend.
        Op::V_DOT2C_I32_I16_e32 | Op::V_DOT2C_I32_I16_e64 => (
            |e| e.valu_at(0, [1, 2, 0], Fk::Int, |[a, b, c]| idot(a, b, c, 16, true)),
            0,
        ),
        Op::V_DOT4C_I32_I8_e32 | Op::V_DOT4C_I32_I8_e64 => (
            |e| e.valu_at(0, [1, 2, 0], Fk::Int, |[a, b, c]| idot(a, b, c, 8, true)),
            0,
        ),
        Op::V_DOT8C_I32_I4_e32 | Op::V_DOT8C_I32_I4_e64 => (
            |e| e.valu_at(0, [1, 2, 0], Fk::Int, |[a, b, c]| idot(a, b, c, 4, true)),
            0,
        ),
        // f16 pair dot product into f32: exact products, summed in f64 and
        // rounded once (exact whenever the f32 result is).
        Op::V_DOT2_F32_F16 => (
            |e| {
                plain_dot(e)?;
                e.valu(Fk::Int, |[a, b, c]| fdot2(a, b, c))
            },
            0,
        ),
        Op::V_DOT2C_F32_F16_e32 | Op::V_DOT2C_F32_F16_e64 | Op::V_DOT2ACC_F32_F16 => (
            |e| e.valu_at(0, [1, 2, 0], Fk::Int, |[a, b, c]| fdot2(a, b, c)),
            0,
        ),
        // GFX11 (RDNA3 ISA §16 pseudocode): `tmp = S2; tmp += S0.lo *
        // S1.lo; tmp += S0.hi * S1.hi; D = tmp`. Products of f16/bf16 are
        // exact in f64 and the three-term sum is rounded once, as
        // `v_dot2_f32_f16` above.
        Op::V_DOT2_F32_BF16 => (
            |e| {
                plain_dot(e)?;
                e.valu(Fk::Int, |[a, b, c]| bfdot2(a, b, c))
            },
            0,
        ),
        // The 16-bit forms read S2 and write D as one half (true16 `.l`/`.h`
        // or op_sel); clamp applies to the f16 result.
        Op::V_DOT2_F16_F16 => (
            |e| {
                no_src_mods(e)?;
                e.valu(Fk::F16, |[a, b, c]| {
                    let p = |i: u32| h(a >> (16 * i)) as f64 * h(b >> (16 * i)) as f64;
                    f16_from_f64(p(0) + p(1) + h(c) as f64) as u64
                })
            },
            0,
        ),
        Op::V_DOT2_BF16_BF16 => (
            |e| {
                no_src_mods(e)?;
                if e.inst.mods.clamp {
                    return Err(e.unsupported());
                }
                e.valu(Fk::Int, |[a, b, c]| {
                    let p = |i: u32| bf(a >> (16 * i)) as f64 * bf(b >> (16 * i)) as f64;
                    bf16_from_f64(p(0) + p(1) + bf(c) as f64) as u64
                })
            },
            0,
        ),
        // GFX11 mixed-sign dots: neg_lo[0] / neg_lo[1] make A / B signed.
        Op::V_DOT4_I32_IU8 => (iu_dot, 8),
        Op::V_DOT8_I32_IU4 => (iu_dot, 4),
        _ => return None,
    };
    Some(s)
}

/// VOP3P dot products read whole registers: no op_sel / neg / clamp.
pub(super) fn plain_dot(e: &mut Exec) -> Result<()> {
    let m = e.inst.mods;
    if m.clamp
        || m.neg != 0
        || m.abs != 0
        || m.op_sel != 0
        || (m.op_sel_hi != 0 && m.op_sel_hi != 7)
    {
        return Err(e.unsupported());
    }
    Ok(())
}

/// Integer dot product of `32 / bits` fields plus `c` (wrapping).
pub(super) fn idot(a: u64, b: u64, c: u64, bits: u32, signed: bool) -> u64 {
    let field = if signed { sfield } else { ufield };
    let mut acc = c as u32 as i32 as i64;
    for i in 0..32 / bits {
        acc = acc.wrapping_add(field(a, bits, i) * field(b, bits, i));
    }
    acc as u32 as u64
}

pub(super) fn fdot2(x: u64, y: u64, c: u64) -> u64 {
    let p = |i: u32| h(x >> (16 * i)) as f64 * h(y >> (16 * i)) as f64;
    b(((p(0) + p(1)) + f(c) as f64) as f32)
}

pub(super) fn iu_dot(e: &mut Exec) -> Result<()> {
    let m = e.inst.mods;
    if m.clamp || m.neg & !3 != 0 || m.abs != 0 || m.op_sel != 0 {
        return Err(e.unsupported());
    }
    let (sa, sb, bits) = (m.neg & 1 != 0, m.neg & 2 != 0, e.aux);
    e.valu(Fk::Int, move |[a, b, c]| {
        let fa = if sa { sfield } else { ufield };
        let fb = if sb { sfield } else { ufield };
        let mut acc = c as u32 as i32 as i64;
        for i in 0..32 / bits {
            acc = acc.wrapping_add(fa(a, bits, i) * fb(b, bits, i));
        }
        acc as u32 as u64
    })
}

/// bf16 pair dot product into f32, as [`fdot2`].
pub(super) fn bfdot2(x: u64, y: u64, c: u64) -> u64 {
    let p = |i: u32| bf(x >> (16 * i)) as f64 * bf(y >> (16 * i)) as f64;
    b(((p(0) + p(1)) + f(c) as f64) as f32)
}

/// The bf16 in the low 16 bits of `a`.
pub(super) fn bf(a: u64) -> f32 {
    f32::from_bits((a as u32 & 0xffff) << 16)
}

/// bf16 from f64 with one rounding to nearest even (through f32 rounded
/// to odd, as [`f16_from_f64`]); NaN stays a quiet NaN.
pub(super) fn bf16_from_f64(x: f64) -> u16 {
    let t = x as f32;
    let bits = if t as f64 == x || !t.is_finite() {
        t.to_bits()
    } else {
        let mut bits = t.to_bits();
        if (t as f64).abs() > x.abs() {
            bits -= 1;
        }
        bits | 1
    };
    if f32::from_bits(bits).is_nan() {
        return (bits >> 16) as u16 | 0x40;
    }
    ((bits + 0x7fff + (bits >> 16 & 1)) >> 16) as u16
}

/// The 16-bit dot products take no abs/neg (their sources are packed).
fn no_src_mods(e: &mut Exec) -> Result<()> {
    if e.inst.mods.neg != 0 || e.inst.mods.abs != 0 {
        return Err(e.unsupported());
    }
    Ok(())
}
