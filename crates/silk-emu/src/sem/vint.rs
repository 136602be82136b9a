//! VALU integer arithmetic, logic, shifts, bit fields and sums of absolute differences.

use super::*;

/// The semantics of one mnemonic of this family.
pub(super) fn semantics(name: &str) -> Sem {
    let s: (Handler, u32) = match name {
        "v_add_u32" | "v_add_nc_u32" => (
            |e| e.valu(Fk::Int, |[a, b]| (a as u32).wrapping_add(b as u32) as u64),
            0,
        ),
        "v_sub_u32" | "v_sub_nc_u32" => (
            |e| e.valu(Fk::Int, |[a, b]| (a as u32).wrapping_sub(b as u32) as u64),
            0,
        ),
        "v_subrev_u32" | "v_subrev_nc_u32" => (
            |e| e.valu(Fk::Int, |[a, b]| (b as u32).wrapping_sub(a as u32) as u64),
            0,
        ),
        "v_add_nc_u16" | "v_add_u16" => (
            |e| e.valu(Fk::Int, |[a, b]| (a as u16).wrapping_add(b as u16) as u64),
            0,
        ),
        "v_sub_nc_u16" | "v_sub_u16" => (
            |e| e.valu(Fk::Int, |[a, b]| (a as u16).wrapping_sub(b as u16) as u64),
            0,
        ),
        "v_subrev_u16" => (
            |e| e.valu(Fk::Int, |[a, b]| (b as u16).wrapping_sub(a as u16) as u64),
            0,
        ),
        "v_mul_lo_u16" => (
            |e| e.valu(Fk::Int, |[a, b]| (a as u16).wrapping_mul(b as u16) as u64),
            0,
        ),
        "v_lshlrev_b16" => (
            |e| e.valu(Fk::Int, |[a, b]| ((b as u16) << (a & 15)) as u64),
            0,
        ),
        "v_lshrrev_b16" => (
            |e| e.valu(Fk::Int, |[a, b]| ((b as u16) >> (a & 15)) as u64),
            0,
        ),
        "v_ashrrev_i16" => (
            |e| e.valu(Fk::Int, |[a, b]| ((b as i16) >> (a & 15)) as u16 as u64),
            0,
        ),
        "v_add_co_u32" => (
            |e| {
                e.valu_mask(
                    Some(0),
                    MaskDst::Op(1),
                    [2, 3],
                    None,
                    Fk::Int,
                    |[a, b], _| {
                        let r = (a as u32 as u64) + (b as u32 as u64);
                        (r & 0xffff_ffff, r >> 32 != 0)
                    },
                )
            },
            0,
        ),
        "v_sub_co_u32" => (
            |e| {
                e.valu_mask(
                    Some(0),
                    MaskDst::Op(1),
                    [2, 3],
                    None,
                    Fk::Int,
                    |[a, b], _| {
                        (
                            (a as u32).wrapping_sub(b as u32) as u64,
                            (b as u32) > (a as u32),
                        )
                    },
                )
            },
            0,
        ),
        "v_subrev_co_u32" => (
            |e| {
                e.valu_mask(
                    Some(0),
                    MaskDst::Op(1),
                    [2, 3],
                    None,
                    Fk::Int,
                    |[a, b], _| {
                        (
                            (b as u32).wrapping_sub(a as u32) as u64,
                            (a as u32) > (b as u32),
                        )
                    },
                )
            },
            0,
        ),
        "v_addc_co_u32" | "v_add_co_ci_u32" => (
            |e| {
                e.valu_mask(
                    Some(0),
                    MaskDst::Op(1),
                    [2, 3],
                    Some(4),
                    Fk::Int,
                    |[a, b], c| {
                        let r = (a as u32 as u64) + (b as u32 as u64) + c as u64;
                        (r & 0xffff_ffff, r >> 32 != 0)
                    },
                )
            },
            0,
        ),
        "v_subb_co_u32" | "v_sub_co_ci_u32" => (
            |e| {
                e.valu_mask(
                    Some(0),
                    MaskDst::Op(1),
                    [2, 3],
                    Some(4),
                    Fk::Int,
                    |[a, b], c| {
                        let r = (a as u32 as u64).wrapping_sub(b as u32 as u64 + c as u64);
                        (r & 0xffff_ffff, r >> 32 != 0)
                    },
                )
            },
            0,
        ),
        "v_subbrev_co_u32" | "v_subrev_co_ci_u32" => (
            |e| {
                e.valu_mask(
                    Some(0),
                    MaskDst::Op(1),
                    [2, 3],
                    Some(4),
                    Fk::Int,
                    |[a, b], c| {
                        let r = (b as u32 as u64).wrapping_sub(a as u32 as u64 + c as u64);
                        (r & 0xffff_ffff, r >> 32 != 0)
                    },
                )
            },
            0,
        ),
        "v_mul_lo_u32" => (
            |e| e.valu(Fk::Int, |[a, b]| (a as u32).wrapping_mul(b as u32) as u64),
            0,
        ),
        "v_mul_hi_u32" => (
            |e| e.valu(Fk::Int, |[a, b]| (a as u32 as u64 * b as u32 as u64) >> 32),
            0,
        ),
        "v_mul_hi_i32" => (
            |e| {
                e.valu(Fk::Int, |[a, b]| {
                    ((a as i32 as i64 * b as i32 as i64) >> 32) as u32 as u64
                })
            },
            0,
        ),
        "v_mul_u32_u24" => (
            |e| {
                e.valu(Fk::Int, |[a, b]| {
                    ((a & 0xff_ffff) * (b & 0xff_ffff)) & 0xffff_ffff
                })
            },
            0,
        ),
        "v_mul_hi_u32_u24" => (
            |e| e.valu(Fk::Int, |[a, b]| ((a & 0xff_ffff) * (b & 0xff_ffff)) >> 32),
            0,
        ),
        "v_mul_i32_i24" => (
            |e| e.valu(Fk::Int, |[a, b]| (i24(a) * i24(b)) as u32 as u64),
            0,
        ),
        "v_mul_hi_i32_i24" => (
            |e| e.valu(Fk::Int, |[a, b]| ((i24(a) * i24(b)) >> 32) as u32 as u64),
            0,
        ),
        "v_mad_u32_u24" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    ((a & 0xff_ffff) * (b & 0xff_ffff)).wrapping_add(c) & 0xffff_ffff
                })
            },
            0,
        ),
        "v_mad_i32_i24" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    (i24(a) * i24(b)).wrapping_add(c as i32 as i64) as u32 as u64
                })
            },
            0,
        ),
        "v_mad_u64_u32" => (
            |e| {
                e.valu_mask(
                    Some(0),
                    MaskDst::Op(1),
                    [2, 3, 4],
                    None,
                    Fk::Int,
                    |[a, b, c], _| {
                        let r = (a as u32 as u128) * (b as u32 as u128) + c as u128;
                        (r as u64, r >> 64 != 0)
                    },
                )
            },
            0,
        ),
        "v_mad_i64_i32" => (
            |e| {
                e.valu_mask(
                    Some(0),
                    MaskDst::Op(1),
                    [2, 3, 4],
                    None,
                    Fk::Int,
                    |[a, b, c], _| {
                        let r = (a as i32 as i128) * (b as i32 as i128) + c as i64 as i128;
                        (r as u64, r != r as i64 as i128)
                    },
                )
            },
            0,
        ),
        "v_mad_u32_u16" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    ((a & 0xffff) * (b & 0xffff)).wrapping_add(c) & 0xffff_ffff
                })
            },
            0,
        ),
        "v_and_b32" => (|e| e.valu(Fk::Int, |[a, b]| a & b & 0xffff_ffff), 0),
        "v_or_b32" => (|e| e.valu(Fk::Int, |[a, b]| (a | b) & 0xffff_ffff), 0),
        "v_xor_b32" => (|e| e.valu(Fk::Int, |[a, b]| (a ^ b) & 0xffff_ffff), 0),
        "v_xnor_b32" => (|e| e.valu(Fk::Int, |[a, b]| !(a ^ b) & 0xffff_ffff), 0),
        "v_not_b32" => (|e| e.valu(Fk::Int, |[a]| !a & 0xffff_ffff), 0),
        "v_bfrev_b32" => (
            |e| e.valu(Fk::Int, |[a]| (a as u32).reverse_bits() as u64),
            0,
        ),
        "v_ffbh_u32" | "v_clz_i32_u32" => (
            |e| {
                e.valu(Fk::Int, |[a]| {
                    if a as u32 == 0 {
                        u32::MAX as u64
                    } else {
                        (a as u32).leading_zeros() as u64
                    }
                })
            },
            0,
        ),
        "v_ffbl_b32" | "v_ctz_i32_b32" => (
            |e| {
                e.valu(Fk::Int, |[a]| {
                    if a as u32 == 0 {
                        u32::MAX as u64
                    } else {
                        (a as u32).trailing_zeros() as u64
                    }
                })
            },
            0,
        ),
        "v_ffbh_i32" | "v_cls_i32" => (
            |e| {
                e.valu(Fk::Int, |[a]| {
                    let x = a as u32;
                    let y = if (x as i32) < 0 { !x } else { x };
                    if x == 0 || x == u32::MAX {
                        u32::MAX as u64
                    } else {
                        (y.leading_zeros() - 1 + 1) as u64
                    }
                })
            },
            0,
        ),
        "v_bcnt_u32_b32" => (
            |e| {
                e.valu(Fk::Int, |[a, b]| {
                    ((a as u32).count_ones() as u64 + b) & 0xffff_ffff
                })
            },
            0,
        ),
        "v_lshlrev_b32" => (
            |e| e.valu(Fk::Int, |[a, b]| ((b as u32) << shift32(a)) as u64),
            0,
        ),
        "v_lshrrev_b32" => (
            |e| e.valu(Fk::Int, |[a, b]| ((b as u32) >> shift32(a)) as u64),
            0,
        ),
        "v_ashrrev_i32" => (
            |e| e.valu(Fk::Int, |[a, b]| ((b as i32) >> shift32(a)) as u32 as u64),
            0,
        ),
        "v_lshlrev_b64" => (|e| e.valu(Fk::Int, |[a, b]| b << shift64(a)), 0),
        "v_lshrrev_b64" => (|e| e.valu(Fk::Int, |[a, b]| b >> shift64(a)), 0),
        "v_ashrrev_i64" => (
            |e| e.valu(Fk::Int, |[a, b]| ((b as i64) >> shift64(a)) as u64),
            0,
        ),
        "v_lshl_add_u32" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    ((a as u32) << shift32(b)).wrapping_add(c as u32) as u64
                })
            },
            0,
        ),
        "v_add_lshl_u32" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    ((a as u32).wrapping_add(b as u32) << shift32(c)) as u64
                })
            },
            0,
        ),
        "v_lshl_or_b32" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    (((a as u32) << shift32(b)) | c as u32) as u64
                })
            },
            0,
        ),
        "v_and_or_b32" => (
            |e| e.valu(Fk::Int, |[a, b, c]| ((a & b) | c) & 0xffff_ffff),
            0,
        ),
        "v_or3_b32" => (
            |e| e.valu(Fk::Int, |[a, b, c]| (a | b | c) & 0xffff_ffff),
            0,
        ),
        "v_xor3_b32" => (
            |e| e.valu(Fk::Int, |[a, b, c]| (a ^ b ^ c) & 0xffff_ffff),
            0,
        ),
        "v_xad_u32" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    ((a ^ b) as u32).wrapping_add(c as u32) as u64
                })
            },
            0,
        ),
        "v_add3_u32" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    (a as u32).wrapping_add(b as u32).wrapping_add(c as u32) as u64
                })
            },
            0,
        ),
        "v_lshl_add_u64" => (
            |e| e.valu(Fk::Int, |[a, b, c]| (a << (b & 7)).wrapping_add(c)),
            0,
        ),
        "v_bfe_u32" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    bfe(a & 0xffff_ffff, b & 31, c & 31, 32, false)
                })
            },
            0,
        ),
        "v_bfe_i32" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    bfe(a & 0xffff_ffff, b & 31, c & 31, 32, true)
                })
            },
            0,
        ),
        "v_bfi_b32" => (
            |e| e.valu(Fk::Int, |[a, b, c]| ((a & b) | (!a & c)) & 0xffff_ffff),
            0,
        ),
        "v_bfm_b32" => (
            |e| {
                e.valu(Fk::Int, |[a, b]| {
                    (((1u64 << (a & 31)) - 1) << (b & 31)) & 0xffff_ffff
                })
            },
            0,
        ),
        "v_alignbit_b32" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    ((((a & 0xffff_ffff) << 32) | (b & 0xffff_ffff)) >> (c & 31)) & 0xffff_ffff
                })
            },
            0,
        ),
        "v_alignbyte_b32" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    ((((a & 0xffff_ffff) << 32) | (b & 0xffff_ffff)) >> (8 * (c & 3))) & 0xffff_ffff
                })
            },
            0,
        ),
        "v_perm_b32" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    perm(a as u32, b as u32, c as u32) as u64
                })
            },
            0,
        ),
        "v_sad_u32" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    ((a as u32).abs_diff(b as u32)).wrapping_add(c as u32) as u64
                })
            },
            0,
        ),
        "v_mad_u16" | "v_mad_legacy_u16" => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b, c]| {
                        (a as u16).wrapping_mul(b as u16).wrapping_add(c as u16) as u64
                    })
                })
            },
            0,
        ),
        "v_mad_i16" | "v_mad_legacy_i16" => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b, c]| {
                        (a as i16).wrapping_mul(b as i16).wrapping_add(c as i16) as u16 as u64
                    })
                })
            },
            0,
        ),
        "v_mad_i32_i16" => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b, c]| {
                        (a as i16 as i32)
                            .wrapping_mul(b as i16 as i32)
                            .wrapping_add(c as i32) as u32 as u64
                    })
                })
            },
            0,
        ),
        "v_add_i16" => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b]| (a as u16).wrapping_add(b as u16) as u64)
                })
            },
            0,
        ),
        "v_sub_i16" => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b]| (a as u16).wrapping_sub(b as u16) as u64)
                })
            },
            0,
        ),
        "v_add_i32" => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b]| (a as u32).wrapping_add(b as u32) as u64)
                })
            },
            0,
        ),
        "v_sub_i32" => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b]| (a as u32).wrapping_sub(b as u32) as u64)
                })
            },
            0,
        ),
        // Sums of absolute differences ([CDNA3] VOP3 table).
        "v_sad_u8" => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b, c]| {
                        (sad8(a, b) as u32).wrapping_add(c as u32) as u64
                    })
                })
            },
            0,
        ),
        "v_sad_hi_u8" => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b, c]| {
                        ((sad8(a, b) as u32) << 16).wrapping_add(c as u32) as u64
                    })
                })
            },
            0,
        ),
        "v_sad_u16" => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b, c]| {
                        let d = (a & 0xffff).abs_diff(b & 0xffff)
                            + (a >> 16 & 0xffff).abs_diff(b >> 16 & 0xffff);
                        (d as u32).wrapping_add(c as u32) as u64
                    })
                })
            },
            0,
        ),
        // Per byte (a + b + the byte's low bit of c) / 2.
        "v_lerp_u8" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    let (x, y, z) = (lanes8(a), lanes8(b), lanes8(c));
                    (0..4)
                        .map(|i| ((x[i] + y[i] + (z[i] & 1)) >> 1) << (8 * i))
                        .sum()
                })
            },
            0,
        ),
        // GFX11 names of the signed adds (no clamp: wrapping).
        "v_add_nc_i32" => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b]| (a as u32).wrapping_add(b as u32) as u64)
                })
            },
            0,
        ),
        "v_sub_nc_i32" => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b]| (a as u32).wrapping_sub(b as u32) as u64)
                })
            },
            0,
        ),
        "v_add_nc_i16" => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b]| (a as u16).wrapping_add(b as u16) as u64)
                })
            },
            0,
        ),
        "v_sub_nc_i16" => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b]| (a as u16).wrapping_sub(b as u16) as u64)
                })
            },
            0,
        ),
        "v_and_b16" => (|e| e.valu(Fk::Int, |[a, b]| a & b & 0xffff), 0),
        "v_or_b16" => (|e| e.valu(Fk::Int, |[a, b]| (a | b) & 0xffff), 0),
        "v_xor_b16" => (|e| e.valu(Fk::Int, |[a, b]| (a ^ b) & 0xffff), 0),
        "v_not_b16" => (|e| e.valu(Fk::Int, |[a]| !a & 0xffff), 0),
        // Integer min/max/median of each width and signedness.
        "v_min_i32" => (|e| e.valu(Fk::Int, min2::<i32>), 0),
        "v_min_u32" => (|e| e.valu(Fk::Int, min2::<u32>), 0),
        "v_min_i16" => (|e| e.valu(Fk::Int, min2::<i16>), 0),
        "v_min_u16" => (|e| e.valu(Fk::Int, min2::<u16>), 0),
        "v_max_i32" => (|e| e.valu(Fk::Int, max2::<i32>), 0),
        "v_max_u32" => (|e| e.valu(Fk::Int, max2::<u32>), 0),
        "v_max_i16" => (|e| e.valu(Fk::Int, max2::<i16>), 0),
        "v_max_u16" => (|e| e.valu(Fk::Int, max2::<u16>), 0),
        "v_min3_i32" => (|e| e.valu(Fk::Int, min3::<i32>), 0),
        "v_min3_u32" => (|e| e.valu(Fk::Int, min3::<u32>), 0),
        "v_min3_i16" => (|e| e.valu(Fk::Int, min3::<i16>), 0),
        "v_min3_u16" => (|e| e.valu(Fk::Int, min3::<u16>), 0),
        "v_max3_i32" => (|e| e.valu(Fk::Int, max3::<i32>), 0),
        "v_max3_u32" => (|e| e.valu(Fk::Int, max3::<u32>), 0),
        "v_max3_i16" => (|e| e.valu(Fk::Int, max3::<i16>), 0),
        "v_max3_u16" => (|e| e.valu(Fk::Int, max3::<u16>), 0),
        "v_med3_i32" => (|e| e.valu(Fk::Int, med3::<i32>), 0),
        "v_med3_u32" => (|e| e.valu(Fk::Int, med3::<u32>), 0),
        "v_med3_i16" => (|e| e.valu(Fk::Int, med3::<i16>), 0),
        "v_med3_u16" => (|e| e.valu(Fk::Int, med3::<u16>), 0),
        "v_maxmin_i32" => (|e| e.valu(Fk::Int, maxmin::<i32>), 0),
        "v_maxmin_u32" => (|e| e.valu(Fk::Int, maxmin::<u32>), 0),
        "v_minmax_i32" => (|e| e.valu(Fk::Int, minmax::<i32>), 0),
        "v_minmax_u32" => (|e| e.valu(Fk::Int, minmax::<u32>), 0),
        _ => return None,
    };
    Some(s)
}

/// A VALU op whose integer result the clamp bit would saturate: run
/// without clamp, refuse (unsupported) with it rather than be wrong.
pub(super) fn no_clamp(e: &mut Exec, run: fn(&mut Exec) -> Result<()>) -> Result<()> {
    if e.inst.mods.clamp {
        return Err(e.unsupported());
    }
    run(e)
}

/// An integer lane value of one width and signedness, read from the low
/// bits of a source and written back zero-extended.
pub(super) trait Lane: Ord + Copy {
    fn of(x: u64) -> Self;
    fn bits(self) -> u64;
}

macro_rules! lane {
    ($($t:ty => $u:ty),*) => {$(
        impl Lane for $t {
            #[inline(always)]
            fn of(x: u64) -> Self {
                x as $t
            }
            #[inline(always)]
            fn bits(self) -> u64 {
                self as $u as u64
            }
        }
    )*};
}
lane!(i16 => u16, u16 => u16, i32 => u32, u32 => u32);

pub(super) fn min2<T: Lane>([a, b]: [u64; 2]) -> u64 {
    T::of(a).min(T::of(b)).bits()
}
pub(super) fn max2<T: Lane>([a, b]: [u64; 2]) -> u64 {
    T::of(a).max(T::of(b)).bits()
}
pub(super) fn min3<T: Lane>([a, b, c]: [u64; 3]) -> u64 {
    T::of(a).min(T::of(b)).min(T::of(c)).bits()
}
pub(super) fn max3<T: Lane>([a, b, c]: [u64; 3]) -> u64 {
    T::of(a).max(T::of(b)).max(T::of(c)).bits()
}
/// The median of three.
pub(super) fn med3<T: Lane>([a, b, c]: [u64; 3]) -> u64 {
    let (a, b, c) = (T::of(a), T::of(b), T::of(c));
    a.max(b).min(a.min(b).max(c)).max(a.min(b)).bits()
}
/// `v_maxmin`: min(max(a, b), c).
pub(super) fn maxmin<T: Lane>([a, b, c]: [u64; 3]) -> u64 {
    T::of(a).max(T::of(b)).min(T::of(c)).bits()
}
/// `v_minmax`: max(min(a, b), c).
pub(super) fn minmax<T: Lane>([a, b, c]: [u64; 3]) -> u64 {
    T::of(a).min(T::of(b)).max(T::of(c)).bits()
}
