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
