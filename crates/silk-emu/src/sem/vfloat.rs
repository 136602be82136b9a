//! VALU f32 and f64 arithmetic (IEEE ops bit-exact, transcendentals within 1 ULP).

use super::*;

/// The semantics of one mnemonic of this family.
pub(super) fn semantics(op: Op) -> Sem {
    let s: (Handler, u32) = match op {
        Op::V_ADD_F32_e32 | Op::V_ADD_F32_e64 => (|e| e.valu(Fk::F32, |[x, y]| b(f(x) + f(y))), 0),
        Op::V_SUB_F32_e32 | Op::V_SUB_F32_e64 => (|e| e.valu(Fk::F32, |[x, y]| b(f(x) - f(y))), 0),
        Op::V_SUBREV_F32_e32 | Op::V_SUBREV_F32_e64 => {
            (|e| e.valu(Fk::F32, |[x, y]| b(f(y) - f(x))), 0)
        }
        Op::V_MUL_F32_e32 | Op::V_MUL_F32_e64 => (|e| e.valu(Fk::F32, |[x, y]| b(f(x) * f(y))), 0),
        Op::V_MUL_LEGACY_F32 | Op::V_MUL_DX9_ZERO_F32_e32 | Op::V_MUL_DX9_ZERO_F32_e64 => (
            |e| {
                e.valu(Fk::F32, |[x, y]| {
                    if f(x) == 0.0 || f(y) == 0.0 {
                        0
                    } else {
                        b(f(x) * f(y))
                    }
                })
            },
            0,
        ),
        Op::V_FMA_F32 | Op::V_FMAAK_F32 | Op::V_FMAMK_F32 => (
            |e| e.valu(Fk::F32, |[x, y, z]| b(fma32(f(x), f(y), f(z)))),
            0,
        ),
        Op::V_FMAC_F32_e32 | Op::V_FMAC_F32_e64 => (
            |e| {
                e.valu_at(0, [1, 2, 0], Fk::F32, |[x, y, z]| {
                    b(fma32(f(x), f(y), f(z)))
                })
            },
            0,
        ),
        Op::V_MIN_F32_e32 | Op::V_MIN_F32_e64 => {
            (|e| e.valu(Fk::F32, |[x, y]| b(fmin32(f(x), f(y)))), 0)
        }
        Op::V_MAX_F32_e32 | Op::V_MAX_F32_e64 => {
            (|e| e.valu(Fk::F32, |[x, y]| b(fmax32(f(x), f(y)))), 0)
        }
        Op::V_MIN3_F32 => (
            |e| e.valu(Fk::F32, |[x, y, z]| b(fmin32(fmin32(f(x), f(y)), f(z)))),
            0,
        ),
        Op::V_MAX3_F32 => (
            |e| e.valu(Fk::F32, |[x, y, z]| b(fmax32(fmax32(f(x), f(y)), f(z)))),
            0,
        ),
        Op::V_MED3_F32 => (
            |e| e.valu(Fk::F32, |[x, y, z]| b(med3_f32(f(x), f(y), f(z)))),
            0,
        ),
        Op::V_LDEXP_F32 => (|e| e.valu(Fk::F32, |[x, y]| b(ldexp32(f(x), y as i32))), 0),
        Op::V_FREXP_MANT_F32_e32 | Op::V_FREXP_MANT_F32_e64 => {
            (|e| e.valu(Fk::F32, |[x]| b(frexp_mant32(f(x)))), 0)
        }
        Op::V_FREXP_EXP_I32_F32_e32 | Op::V_FREXP_EXP_I32_F32_e64 => (
            |e| e.valu(Fk::F32, |[x]| frexp_exp32(f(x)) as u32 as u64),
            0,
        ),
        Op::V_FRACT_F32_e32 | Op::V_FRACT_F32_e64 => {
            (|e| e.valu(Fk::F32, |[x]| b(fract32(f(x)))), 0)
        }
        Op::V_TRUNC_F32_e32 | Op::V_TRUNC_F32_e64 => {
            (|e| e.valu(Fk::F32, |[x]| b(f(x).trunc())), 0)
        }
        Op::V_CEIL_F32_e32 | Op::V_CEIL_F32_e64 => (|e| e.valu(Fk::F32, |[x]| b(f(x).ceil())), 0),
        Op::V_FLOOR_F32_e32 | Op::V_FLOOR_F32_e64 => {
            (|e| e.valu(Fk::F32, |[x]| b(f(x).floor())), 0)
        }
        Op::V_RNDNE_F32_e32 | Op::V_RNDNE_F32_e64 => {
            (|e| e.valu(Fk::F32, |[x]| b(f(x).round_ties_even())), 0)
        }
        Op::V_RCP_F32_e32
        | Op::V_RCP_F32_e64
        | Op::V_RCP_IFLAG_F32_e32
        | Op::V_RCP_IFLAG_F32_e64 => (|e| e.valu(Fk::F32, |[x]| b((1.0 / f(x) as f64) as f32)), 0),
        Op::V_RSQ_F32_e32 | Op::V_RSQ_F32_e64 => (
            |e| e.valu(Fk::F32, |[x]| b((1.0 / (f(x) as f64).sqrt()) as f32)),
            0,
        ),
        Op::V_SQRT_F32_e32 | Op::V_SQRT_F32_e64 => (|e| e.valu(Fk::F32, |[x]| b(f(x).sqrt())), 0),
        Op::V_EXP_F32_e32 | Op::V_EXP_F32_e64 => (
            |e| e.valu(Fk::F32, |[x]| b(libm::exp2(f(x) as f64) as f32)),
            0,
        ),
        Op::V_LOG_F32_e32 | Op::V_LOG_F32_e64 => (
            |e| e.valu(Fk::F32, |[x]| b(libm::log2(f(x) as f64) as f32)),
            0,
        ),
        // gfx942's `V_EXP_LEGACY_F32` / `V_LOG_LEGACY_F32` (the GCN3 ISA:
        // pow(2.0, S0) and log2(S0) with legacy semantics, slightly
        // different results, no denormals): computed as `v_exp_f32` /
        // `v_log_f32` are, within the transcendental ULP, with denormal
        // inputs read as zero of their sign.
        Op::V_EXP_LEGACY_F32_e32 | Op::V_EXP_LEGACY_F32_e64 => (
            |e| e.valu(Fk::F32, |[x]| b(libm::exp2(ftz32(f(x)) as f64) as f32)),
            0,
        ),
        Op::V_LOG_LEGACY_F32_e32 | Op::V_LOG_LEGACY_F32_e64 => (
            |e| e.valu(Fk::F32, |[x]| b(libm::log2(ftz32(f(x)) as f64) as f32)),
            0,
        ),
        Op::V_SIN_F32_e32 | Op::V_SIN_F32_e64 => (
            |e| {
                e.valu(Fk::F32, |[x]| {
                    b(libm::sin(f(x) as f64 * std::f64::consts::TAU) as f32)
                })
            },
            0,
        ),
        Op::V_COS_F32_e32 | Op::V_COS_F32_e64 => (
            |e| {
                e.valu(Fk::F32, |[x]| {
                    b(libm::cos(f(x) as f64 * std::f64::consts::TAU) as f32)
                })
            },
            0,
        ),
        Op::V_DIV_SCALE_F32 => (
            |e| {
                e.valu_mask(
                    Some(0),
                    MaskDst::Op(1),
                    [2, 3, 4],
                    None,
                    Fk::F32,
                    |[x, _, _], _| (x & 0xffff_ffff, false),
                )
            },
            0,
        ),
        Op::V_DIV_SCALE_F64 => (
            |e| {
                e.valu_mask(
                    Some(0),
                    MaskDst::Op(1),
                    [2, 3, 4],
                    None,
                    Fk::F64,
                    |[x, _, _], _| (x, false),
                )
            },
            0,
        ),
        Op::V_DIV_FMAS_F32 => (div_fmas32, 0),
        Op::V_DIV_FMAS_F64 => (div_fmas64, 0),
        Op::V_DIV_FIXUP_F32 => (|e| e.valu(Fk::F32, |[_, y, z]| b(f(z) / f(y))), 0),
        Op::V_DIV_FIXUP_F64 => (|e| e.valu(Fk::F64, |[_, y, z]| bd(d(z) / d(y))), 0),

        Op::V_ADD_F64 => (|e| e.valu(Fk::F64, |[x, y]| bd(d(x) + d(y))), 0),
        Op::V_MUL_F64 => (|e| e.valu(Fk::F64, |[x, y]| bd(d(x) * d(y))), 0),
        Op::V_FMA_F64 => (
            |e| e.valu(Fk::F64, |[x, y, z]| bd(fma64(d(x), d(y), d(z)))),
            0,
        ),
        Op::V_FMAC_F64_e32 | Op::V_FMAC_F64_e64 => (
            |e| {
                e.valu_at(0, [1, 2, 0], Fk::F64, |[x, y, z]| {
                    bd(fma64(d(x), d(y), d(z)))
                })
            },
            0,
        ),
        Op::V_MIN_F64 => (|e| e.valu(Fk::F64, |[x, y]| bd(fmin64(d(x), d(y)))), 0),
        Op::V_MAX_F64 => (|e| e.valu(Fk::F64, |[x, y]| bd(fmax64(d(x), d(y)))), 0),
        Op::V_LDEXP_F64 => (|e| e.valu(Fk::F64, |[x, y]| bd(ldexp64(d(x), y as i32))), 0),
        Op::V_FREXP_MANT_F64_e32 | Op::V_FREXP_MANT_F64_e64 => {
            (|e| e.valu(Fk::F64, |[x]| bd(frexp_mant64(d(x)))), 0)
        }
        Op::V_FREXP_EXP_I32_F64_e32 | Op::V_FREXP_EXP_I32_F64_e64 => (
            |e| e.valu(Fk::F64, |[x]| frexp_exp64(d(x)) as u32 as u64),
            0,
        ),
        Op::V_FRACT_F64_e32 | Op::V_FRACT_F64_e64 => {
            (|e| e.valu(Fk::F64, |[x]| bd(fract64(d(x)))), 0)
        }
        Op::V_TRUNC_F64_e32 | Op::V_TRUNC_F64_e64 => {
            (|e| e.valu(Fk::F64, |[x]| bd(d(x).trunc())), 0)
        }
        Op::V_CEIL_F64_e32 | Op::V_CEIL_F64_e64 => (|e| e.valu(Fk::F64, |[x]| bd(d(x).ceil())), 0),
        Op::V_FLOOR_F64_e32 | Op::V_FLOOR_F64_e64 => {
            (|e| e.valu(Fk::F64, |[x]| bd(d(x).floor())), 0)
        }
        Op::V_RNDNE_F64_e32 | Op::V_RNDNE_F64_e64 => {
            (|e| e.valu(Fk::F64, |[x]| bd(d(x).round_ties_even())), 0)
        }
        Op::V_RCP_F64_e32 | Op::V_RCP_F64_e64 => (|e| e.valu(Fk::F64, |[x]| bd(1.0 / d(x))), 0),
        Op::V_RSQ_F64_e32 | Op::V_RSQ_F64_e64 => {
            (|e| e.valu(Fk::F64, |[x]| bd(1.0 / d(x).sqrt())), 0)
        }
        Op::V_SQRT_F64_e32 | Op::V_SQRT_F64_e64 => (|e| e.valu(Fk::F64, |[x]| bd(d(x).sqrt())), 0),

        Op::V_MAXMIN_F32 => (
            |e| e.valu(Fk::F32, |[x, y, z]| b(fmin32(fmax32(f(x), f(y)), f(z)))),
            0,
        ),
        Op::V_MINMAX_F32 => (
            |e| e.valu(Fk::F32, |[x, y, z]| b(fmax32(fmin32(f(x), f(y)), f(z)))),
            0,
        ),
        Op::V_FMA_MIX_F32 => (fma_mix, 0),
        // Cube-map helpers (CDNA3 / RDNA3 pseudocode): face id, S and T
        // coordinates and twice the major axis of the vector (S0, S1, S2).
        Op::V_CUBEID_F32 => (
            |e| e.valu(Fk::F32, |[x, y, z]| b(cube(f(x), f(y), f(z)).0)),
            0,
        ),
        Op::V_CUBESC_F32 => (
            |e| e.valu(Fk::F32, |[x, y, z]| b(cube(f(x), f(y), f(z)).1)),
            0,
        ),
        Op::V_CUBETC_F32 => (
            |e| e.valu(Fk::F32, |[x, y, z]| b(cube(f(x), f(y), f(z)).2)),
            0,
        ),
        Op::V_CUBEMA_F32 => (
            |e| e.valu(Fk::F32, |[x, y, z]| b(cube(f(x), f(y), f(z)).3)),
            0,
        ),
        Op::V_MULLIT_F32 => (
            |e| e.valu(Fk::F32, |[x, y, z]| b(mullit(f(x), f(y), f(z)))),
            0,
        ),
        _ => return None,
    };
    Some(s)
}

pub(super) fn div_fmas32(e: &mut Exec) -> Result<()> {
    // VCC: a fifth operand if the form lists it, else implicit (READS_VCC).
    let vcc = Some(4);
    e.valu_mask(
        Some(0),
        MaskDst::None,
        [1, 2, 3],
        vcc,
        Fk::F32,
        |[x, y, z], c| {
            let r = fma32(f(x), f(y), f(z));
            (b(if c { ldexp32(r, 32) } else { r }), false)
        },
    )
}

pub(super) fn div_fmas64(e: &mut Exec) -> Result<()> {
    // VCC: a fifth operand if the form lists it, else implicit (READS_VCC).
    let vcc = Some(4);
    e.valu_mask(
        Some(0),
        MaskDst::None,
        [1, 2, 3],
        vcc,
        Fk::F64,
        |[x, y, z], c| {
            let r = fma64(d(x), d(y), d(z));
            (bd(if c { ldexp64(r, 64) } else { r }), false)
        },
    )
}

/// A denormal f32 flushed to zero of its sign.
fn ftz32(x: f32) -> f32 {
    if x.is_subnormal() {
        0.0f32.copysign(x)
    } else {
        x
    }
}

/// The cube-map pseudocode for the vector (x, y, z): (face id, S, T, 2 *
/// major axis). Z is major when |z| >= |x| and |z| >= |y|, else Y when
/// |y| >= |x|, else X (NaN comparisons are false).
pub(crate) fn cube(x: f32, y: f32, z: f32) -> (f32, f32, f32, f32) {
    if z.abs() >= x.abs() && z.abs() >= y.abs() {
        let neg = z < 0.0;
        (
            if neg { 5.0 } else { 4.0 },
            if neg { -x } else { x },
            -y,
            z * 2.0,
        )
    } else if y.abs() >= x.abs() {
        let neg = y < 0.0;
        (
            if neg { 3.0 } else { 2.0 },
            x,
            if neg { -z } else { z },
            y * 2.0,
        )
    } else {
        let neg = x < 0.0;
        (
            if neg { 1.0 } else { 0.0 },
            if neg { z } else { -z },
            -y,
            x * 2.0,
        )
    }
}

/// `V_MULLIT_F32` (RDNA3 pseudocode): -MAX_FLOAT when S1 is -MAX_FLOAT,
/// -inf or NaN or S2 is not above 0 (or NaN), else S0 * S1.
pub(crate) fn mullit(x: f32, y: f32, z: f32) -> f32 {
    if y == -f32::MAX || y == f32::NEG_INFINITY || y.is_nan() || z <= 0.0 || z.is_nan() {
        -f32::MAX
    } else {
        x * y
    }
}
