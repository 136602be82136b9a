//! VALU f32 and f64 arithmetic (IEEE ops bit-exact, transcendentals within 1 ULP).

use super::*;

/// The semantics of one mnemonic of this family.
pub(super) fn semantics(name: &str) -> Sem {
    let s: (Handler, u32) = match name {
        "v_add_f32" => (|e| e.valu(Fk::F32, |[x, y]| b(f(x) + f(y))), 0),
        "v_sub_f32" => (|e| e.valu(Fk::F32, |[x, y]| b(f(x) - f(y))), 0),
        "v_subrev_f32" => (|e| e.valu(Fk::F32, |[x, y]| b(f(y) - f(x))), 0),
        "v_mul_f32" => (|e| e.valu(Fk::F32, |[x, y]| b(f(x) * f(y))), 0),
        "v_mul_legacy_f32" | "v_mul_dx9_zero_f32" => (
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
        "v_fma_f32" | "v_fmaak_f32" | "v_fmamk_f32" => (
            |e| e.valu(Fk::F32, |[x, y, z]| b(fma32(f(x), f(y), f(z)))),
            0,
        ),
        "v_mad_f32" => (|e| e.valu(Fk::F32, |[x, y, z]| b(f(x) * f(y) + f(z))), 0),
        "v_fmac_f32" | "v_mac_f32" => (
            |e| {
                e.valu_at(0, [1, 2, 0], Fk::F32, |[x, y, z]| {
                    b(fma32(f(x), f(y), f(z)))
                })
            },
            0,
        ),
        "v_min_f32" => (|e| e.valu(Fk::F32, |[x, y]| b(fmin32(f(x), f(y)))), 0),
        "v_max_f32" => (|e| e.valu(Fk::F32, |[x, y]| b(fmax32(f(x), f(y)))), 0),
        "v_min3_f32" => (
            |e| e.valu(Fk::F32, |[x, y, z]| b(fmin32(fmin32(f(x), f(y)), f(z)))),
            0,
        ),
        "v_max3_f32" => (
            |e| e.valu(Fk::F32, |[x, y, z]| b(fmax32(fmax32(f(x), f(y)), f(z)))),
            0,
        ),
        "v_med3_f32" => (
            |e| e.valu(Fk::F32, |[x, y, z]| b(med3_f32(f(x), f(y), f(z)))),
            0,
        ),
        "v_ldexp_f32" => (|e| e.valu(Fk::F32, |[x, y]| b(ldexp32(f(x), y as i32))), 0),
        "v_frexp_mant_f32" => (|e| e.valu(Fk::F32, |[x]| b(frexp_mant32(f(x)))), 0),
        "v_frexp_exp_i32_f32" => (
            |e| e.valu(Fk::F32, |[x]| frexp_exp32(f(x)) as u32 as u64),
            0,
        ),
        "v_fract_f32" => (|e| e.valu(Fk::F32, |[x]| b(fract32(f(x)))), 0),
        "v_trunc_f32" => (|e| e.valu(Fk::F32, |[x]| b(f(x).trunc())), 0),
        "v_ceil_f32" => (|e| e.valu(Fk::F32, |[x]| b(f(x).ceil())), 0),
        "v_floor_f32" => (|e| e.valu(Fk::F32, |[x]| b(f(x).floor())), 0),
        "v_rndne_f32" => (|e| e.valu(Fk::F32, |[x]| b(f(x).round_ties_even())), 0),
        "v_rcp_f32" | "v_rcp_iflag_f32" => {
            (|e| e.valu(Fk::F32, |[x]| b((1.0 / f(x) as f64) as f32)), 0)
        }
        "v_rsq_f32" => (
            |e| e.valu(Fk::F32, |[x]| b((1.0 / (f(x) as f64).sqrt()) as f32)),
            0,
        ),
        "v_sqrt_f32" => (|e| e.valu(Fk::F32, |[x]| b(f(x).sqrt())), 0),
        "v_exp_f32" => (|e| e.valu(Fk::F32, |[x]| b((f(x) as f64).exp2() as f32)), 0),
        "v_log_f32" => (|e| e.valu(Fk::F32, |[x]| b((f(x) as f64).log2() as f32)), 0),
        "v_sin_f32" => (
            |e| {
                e.valu(Fk::F32, |[x]| {
                    b((f(x) as f64 * std::f64::consts::TAU).sin() as f32)
                })
            },
            0,
        ),
        "v_cos_f32" => (
            |e| {
                e.valu(Fk::F32, |[x]| {
                    b((f(x) as f64 * std::f64::consts::TAU).cos() as f32)
                })
            },
            0,
        ),
        "v_div_scale_f32" => (
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
        "v_div_scale_f64" => (
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
        "v_div_fmas_f32" => (div_fmas32, 0),
        "v_div_fmas_f64" => (div_fmas64, 0),
        "v_div_fixup_f32" => (|e| e.valu(Fk::F32, |[_, y, z]| b(f(z) / f(y))), 0),
        "v_div_fixup_f64" => (|e| e.valu(Fk::F64, |[_, y, z]| bd(d(z) / d(y))), 0),

        "v_add_f64" => (|e| e.valu(Fk::F64, |[x, y]| bd(d(x) + d(y))), 0),
        "v_mul_f64" => (|e| e.valu(Fk::F64, |[x, y]| bd(d(x) * d(y))), 0),
        "v_fma_f64" => (
            |e| e.valu(Fk::F64, |[x, y, z]| bd(fma64(d(x), d(y), d(z)))),
            0,
        ),
        "v_fmac_f64" => (
            |e| {
                e.valu_at(0, [1, 2, 0], Fk::F64, |[x, y, z]| {
                    bd(fma64(d(x), d(y), d(z)))
                })
            },
            0,
        ),
        "v_min_f64" => (|e| e.valu(Fk::F64, |[x, y]| bd(fmin64(d(x), d(y)))), 0),
        "v_max_f64" => (|e| e.valu(Fk::F64, |[x, y]| bd(fmax64(d(x), d(y)))), 0),
        "v_ldexp_f64" => (|e| e.valu(Fk::F64, |[x, y]| bd(ldexp64(d(x), y as i32))), 0),
        "v_frexp_mant_f64" => (|e| e.valu(Fk::F64, |[x]| bd(frexp_mant64(d(x)))), 0),
        "v_frexp_exp_i32_f64" => (
            |e| e.valu(Fk::F64, |[x]| frexp_exp64(d(x)) as u32 as u64),
            0,
        ),
        "v_fract_f64" => (|e| e.valu(Fk::F64, |[x]| bd(fract64(d(x)))), 0),
        "v_trunc_f64" => (|e| e.valu(Fk::F64, |[x]| bd(d(x).trunc())), 0),
        "v_ceil_f64" => (|e| e.valu(Fk::F64, |[x]| bd(d(x).ceil())), 0),
        "v_floor_f64" => (|e| e.valu(Fk::F64, |[x]| bd(d(x).floor())), 0),
        "v_rndne_f64" => (|e| e.valu(Fk::F64, |[x]| bd(d(x).round_ties_even())), 0),
        "v_rcp_f64" => (|e| e.valu(Fk::F64, |[x]| bd(1.0 / d(x))), 0),
        "v_rsq_f64" => (|e| e.valu(Fk::F64, |[x]| bd(1.0 / d(x).sqrt())), 0),
        "v_sqrt_f64" => (|e| e.valu(Fk::F64, |[x]| bd(d(x).sqrt())), 0),

        "v_maxmin_f32" => (
            |e| e.valu(Fk::F32, |[x, y, z]| b(fmin32(fmax32(f(x), f(y)), f(z)))),
            0,
        ),
        "v_minmax_f32" => (
            |e| e.valu(Fk::F32, |[x, y, z]| b(fmax32(fmin32(f(x), f(y)), f(z)))),
            0,
        ),
        "v_fma_mix_f32" => (fma_mix, 0),
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
