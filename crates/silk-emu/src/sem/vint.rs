//! VALU integer arithmetic, logic, shifts, bit fields and sums of absolute differences.

use super::*;

/// The semantics of one mnemonic of this family.
pub(super) fn semantics(op: Op) -> Sem {
    let s: (Handler, u32) = match op {
        Op::V_ADD_U32_e32 | Op::V_ADD_U32_e64 | Op::V_ADD_NC_U32_e32 | Op::V_ADD_NC_U32_e64 => (
            |e| e.valu(Fk::Int, |[a, b]| (a as u32).wrapping_add(b as u32) as u64),
            0,
        ),
        Op::V_SUB_U32_e32 | Op::V_SUB_U32_e64 | Op::V_SUB_NC_U32_e32 | Op::V_SUB_NC_U32_e64 => (
            |e| e.valu(Fk::Int, |[a, b]| (a as u32).wrapping_sub(b as u32) as u64),
            0,
        ),
        Op::V_SUBREV_U32_e32
        | Op::V_SUBREV_U32_e64
        | Op::V_SUBREV_NC_U32_e32
        | Op::V_SUBREV_NC_U32_e64 => (
            |e| e.valu(Fk::Int, |[a, b]| (b as u32).wrapping_sub(a as u32) as u64),
            0,
        ),
        Op::V_ADD_NC_U16 | Op::V_ADD_U16_e32 | Op::V_ADD_U16_e64 => (
            |e| e.valu(Fk::Int, |[a, b]| (a as u16).wrapping_add(b as u16) as u64),
            0,
        ),
        Op::V_SUB_NC_U16 | Op::V_SUB_U16_e32 | Op::V_SUB_U16_e64 => (
            |e| e.valu(Fk::Int, |[a, b]| (a as u16).wrapping_sub(b as u16) as u64),
            0,
        ),
        Op::V_SUBREV_U16_e32 | Op::V_SUBREV_U16_e64 => (
            |e| e.valu(Fk::Int, |[a, b]| (b as u16).wrapping_sub(a as u16) as u64),
            0,
        ),
        Op::V_MUL_LO_U16_e32 | Op::V_MUL_LO_U16_e64 | Op::V_MUL_LO_U16 => (
            |e| e.valu(Fk::Int, |[a, b]| (a as u16).wrapping_mul(b as u16) as u64),
            0,
        ),
        Op::V_LSHLREV_B16_e32 | Op::V_LSHLREV_B16_e64 | Op::V_LSHLREV_B16 => (
            |e| e.valu(Fk::Int, |[a, b]| ((b as u16) << (a & 15)) as u64),
            0,
        ),
        Op::V_LSHRREV_B16_e32 | Op::V_LSHRREV_B16_e64 | Op::V_LSHRREV_B16 => (
            |e| e.valu(Fk::Int, |[a, b]| ((b as u16) >> (a & 15)) as u64),
            0,
        ),
        Op::V_ASHRREV_I16_e32 | Op::V_ASHRREV_I16_e64 | Op::V_ASHRREV_I16 => (
            |e| e.valu(Fk::Int, |[a, b]| ((b as i16) >> (a & 15)) as u16 as u64),
            0,
        ),
        Op::V_ADD_CO_U32_e32 | Op::V_ADD_CO_U32_e64 | Op::V_ADD_CO_U32 => (
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
        Op::V_SUB_CO_U32_e32 | Op::V_SUB_CO_U32_e64 | Op::V_SUB_CO_U32 => (
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
        Op::V_SUBREV_CO_U32_e32 | Op::V_SUBREV_CO_U32_e64 | Op::V_SUBREV_CO_U32 => (
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
        Op::V_ADDC_CO_U32_e32
        | Op::V_ADDC_CO_U32_e64
        | Op::V_ADD_CO_CI_U32_e32
        | Op::V_ADD_CO_CI_U32_e64 => (
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
        Op::V_SUBB_CO_U32_e32
        | Op::V_SUBB_CO_U32_e64
        | Op::V_SUB_CO_CI_U32_e32
        | Op::V_SUB_CO_CI_U32_e64 => (
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
        Op::V_SUBBREV_CO_U32_e32
        | Op::V_SUBBREV_CO_U32_e64
        | Op::V_SUBREV_CO_CI_U32_e32
        | Op::V_SUBREV_CO_CI_U32_e64 => (
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
        Op::V_MUL_LO_U32 => (
            |e| e.valu(Fk::Int, |[a, b]| (a as u32).wrapping_mul(b as u32) as u64),
            0,
        ),
        Op::V_MUL_HI_U32 => (
            |e| e.valu(Fk::Int, |[a, b]| (a as u32 as u64 * b as u32 as u64) >> 32),
            0,
        ),
        Op::V_MUL_HI_I32 => (
            |e| {
                e.valu(Fk::Int, |[a, b]| {
                    ((a as i32 as i64 * b as i32 as i64) >> 32) as u32 as u64
                })
            },
            0,
        ),
        Op::V_MUL_U32_U24_e32 | Op::V_MUL_U32_U24_e64 => (
            |e| {
                e.valu(Fk::Int, |[a, b]| {
                    ((a & 0xff_ffff) * (b & 0xff_ffff)) & 0xffff_ffff
                })
            },
            0,
        ),
        Op::V_MUL_HI_U32_U24_e32 | Op::V_MUL_HI_U32_U24_e64 => (
            |e| e.valu(Fk::Int, |[a, b]| ((a & 0xff_ffff) * (b & 0xff_ffff)) >> 32),
            0,
        ),
        Op::V_MUL_I32_I24_e32 | Op::V_MUL_I32_I24_e64 => (
            |e| e.valu(Fk::Int, |[a, b]| (i24(a) * i24(b)) as u32 as u64),
            0,
        ),
        Op::V_MUL_HI_I32_I24_e32 | Op::V_MUL_HI_I32_I24_e64 => (
            |e| e.valu(Fk::Int, |[a, b]| ((i24(a) * i24(b)) >> 32) as u32 as u64),
            0,
        ),
        Op::V_MAD_U32_U24 => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    ((a & 0xff_ffff) * (b & 0xff_ffff)).wrapping_add(c) & 0xffff_ffff
                })
            },
            0,
        ),
        Op::V_MAD_I32_I24 => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    (i24(a) * i24(b)).wrapping_add(c as i32 as i64) as u32 as u64
                })
            },
            0,
        ),
        Op::V_MAD_U64_U32 => (
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
        Op::V_MAD_I64_I32 => (
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
        Op::V_MAD_U32_U16 => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    ((a & 0xffff) * (b & 0xffff)).wrapping_add(c) & 0xffff_ffff
                })
            },
            0,
        ),
        Op::V_AND_B32_e32 | Op::V_AND_B32_e64 => {
            (|e| e.valu(Fk::Int, |[a, b]| a & b & 0xffff_ffff), 0)
        }
        Op::V_OR_B32_e32 | Op::V_OR_B32_e64 => {
            (|e| e.valu(Fk::Int, |[a, b]| (a | b) & 0xffff_ffff), 0)
        }
        Op::V_XOR_B32_e32 | Op::V_XOR_B32_e64 => {
            (|e| e.valu(Fk::Int, |[a, b]| (a ^ b) & 0xffff_ffff), 0)
        }
        Op::V_XNOR_B32_e32 | Op::V_XNOR_B32_e64 => {
            (|e| e.valu(Fk::Int, |[a, b]| !(a ^ b) & 0xffff_ffff), 0)
        }
        Op::V_NOT_B32_e32 | Op::V_NOT_B32_e64 => (|e| e.valu(Fk::Int, |[a]| !a & 0xffff_ffff), 0),
        Op::V_BFREV_B32_e32 | Op::V_BFREV_B32_e64 => (
            |e| e.valu(Fk::Int, |[a]| (a as u32).reverse_bits() as u64),
            0,
        ),
        Op::V_FFBH_U32_e32 | Op::V_FFBH_U32_e64 | Op::V_CLZ_I32_U32_e32 | Op::V_CLZ_I32_U32_e64 => {
            (
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
            )
        }
        Op::V_FFBL_B32_e32 | Op::V_FFBL_B32_e64 | Op::V_CTZ_I32_B32_e32 | Op::V_CTZ_I32_B32_e64 => {
            (
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
            )
        }
        Op::V_FFBH_I32_e32 | Op::V_FFBH_I32_e64 | Op::V_CLS_I32_e32 | Op::V_CLS_I32_e64 => (
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
        Op::V_BCNT_U32_B32 => (
            |e| {
                e.valu(Fk::Int, |[a, b]| {
                    ((a as u32).count_ones() as u64 + b) & 0xffff_ffff
                })
            },
            0,
        ),
        Op::V_LSHLREV_B32_e32 | Op::V_LSHLREV_B32_e64 => (
            |e| e.valu(Fk::Int, |[a, b]| ((b as u32) << shift32(a)) as u64),
            0,
        ),
        Op::V_LSHRREV_B32_e32 | Op::V_LSHRREV_B32_e64 => (
            |e| e.valu(Fk::Int, |[a, b]| ((b as u32) >> shift32(a)) as u64),
            0,
        ),
        Op::V_ASHRREV_I32_e32 | Op::V_ASHRREV_I32_e64 => (
            |e| e.valu(Fk::Int, |[a, b]| ((b as i32) >> shift32(a)) as u32 as u64),
            0,
        ),
        Op::V_LSHLREV_B64 => (|e| e.valu(Fk::Int, |[a, b]| b << shift64(a)), 0),
        Op::V_LSHRREV_B64 => (|e| e.valu(Fk::Int, |[a, b]| b >> shift64(a)), 0),
        Op::V_ASHRREV_I64 => (
            |e| e.valu(Fk::Int, |[a, b]| ((b as i64) >> shift64(a)) as u64),
            0,
        ),
        Op::V_LSHL_ADD_U32 => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    ((a as u32) << shift32(b)).wrapping_add(c as u32) as u64
                })
            },
            0,
        ),
        Op::V_ADD_LSHL_U32 => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    ((a as u32).wrapping_add(b as u32) << shift32(c)) as u64
                })
            },
            0,
        ),
        Op::V_LSHL_OR_B32 => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    (((a as u32) << shift32(b)) | c as u32) as u64
                })
            },
            0,
        ),
        Op::V_AND_OR_B32 => (
            |e| e.valu(Fk::Int, |[a, b, c]| ((a & b) | c) & 0xffff_ffff),
            0,
        ),
        Op::V_OR3_B32 => (
            |e| e.valu(Fk::Int, |[a, b, c]| (a | b | c) & 0xffff_ffff),
            0,
        ),
        Op::V_XOR3_B32 => (
            |e| e.valu(Fk::Int, |[a, b, c]| (a ^ b ^ c) & 0xffff_ffff),
            0,
        ),
        Op::V_XAD_U32 => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    ((a ^ b) as u32).wrapping_add(c as u32) as u64
                })
            },
            0,
        ),
        Op::V_ADD3_U32 => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    (a as u32).wrapping_add(b as u32).wrapping_add(c as u32) as u64
                })
            },
            0,
        ),
        Op::V_LSHL_ADD_U64 => (
            |e| e.valu(Fk::Int, |[a, b, c]| (a << (b & 7)).wrapping_add(c)),
            0,
        ),
        Op::V_BFE_U32 => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    bfe(a & 0xffff_ffff, b & 31, c & 31, 32, false)
                })
            },
            0,
        ),
        Op::V_BFE_I32 => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    bfe(a & 0xffff_ffff, b & 31, c & 31, 32, true)
                })
            },
            0,
        ),
        Op::V_BFI_B32 => (
            |e| e.valu(Fk::Int, |[a, b, c]| ((a & b) | (!a & c)) & 0xffff_ffff),
            0,
        ),
        Op::V_BFM_B32 => (
            |e| {
                e.valu(Fk::Int, |[a, b]| {
                    (((1u64 << (a & 31)) - 1) << (b & 31)) & 0xffff_ffff
                })
            },
            0,
        ),
        Op::V_ALIGNBIT_B32 => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    ((((a & 0xffff_ffff) << 32) | (b & 0xffff_ffff)) >> (c & 31)) & 0xffff_ffff
                })
            },
            0,
        ),
        Op::V_ALIGNBYTE_B32 => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    ((((a & 0xffff_ffff) << 32) | (b & 0xffff_ffff)) >> (8 * (c & 3))) & 0xffff_ffff
                })
            },
            0,
        ),
        Op::V_PERM_B32 => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    perm(a as u32, b as u32, c as u32) as u64
                })
            },
            0,
        ),
        Op::V_SAD_U32 => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    ((a as u32).abs_diff(b as u32)).wrapping_add(c as u32) as u64
                })
            },
            0,
        ),
        Op::V_MAD_U16 | Op::V_MAD_LEGACY_U16 => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b, c]| {
                        (a as u16).wrapping_mul(b as u16).wrapping_add(c as u16) as u64
                    })
                })
            },
            0,
        ),
        Op::V_MAD_I16 | Op::V_MAD_LEGACY_I16 => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b, c]| {
                        (a as i16).wrapping_mul(b as i16).wrapping_add(c as i16) as u16 as u64
                    })
                })
            },
            0,
        ),
        Op::V_MAD_I32_I16 => (
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
        Op::V_ADD_I16 => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b]| (a as u16).wrapping_add(b as u16) as u64)
                })
            },
            0,
        ),
        Op::V_SUB_I16 => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b]| (a as u16).wrapping_sub(b as u16) as u64)
                })
            },
            0,
        ),
        Op::V_ADD_I32 => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b]| (a as u32).wrapping_add(b as u32) as u64)
                })
            },
            0,
        ),
        Op::V_SUB_I32 => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b]| (a as u32).wrapping_sub(b as u32) as u64)
                })
            },
            0,
        ),
        // Sums of absolute differences ([CDNA3] VOP3 table).
        Op::V_SAD_U8 => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b, c]| {
                        (sad8(a, b) as u32).wrapping_add(c as u32) as u64
                    })
                })
            },
            0,
        ),
        Op::V_SAD_HI_U8 => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b, c]| {
                        ((sad8(a, b) as u32) << 16).wrapping_add(c as u32) as u64
                    })
                })
            },
            0,
        ),
        Op::V_SAD_U16 => (
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
        Op::V_LERP_U8 => (
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
        Op::V_ADD_NC_I32 => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b]| (a as u32).wrapping_add(b as u32) as u64)
                })
            },
            0,
        ),
        Op::V_SUB_NC_I32 => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b]| (a as u32).wrapping_sub(b as u32) as u64)
                })
            },
            0,
        ),
        Op::V_ADD_NC_I16V_ADD_I16 => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b]| (a as u16).wrapping_add(b as u16) as u64)
                })
            },
            0,
        ),
        Op::V_SUB_NC_I16V_SUB_I16 => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b]| (a as u16).wrapping_sub(b as u16) as u64)
                })
            },
            0,
        ),
        Op::V_AND_B16 => (|e| e.valu(Fk::Int, |[a, b]| a & b & 0xffff), 0),
        Op::V_OR_B16 => (|e| e.valu(Fk::Int, |[a, b]| (a | b) & 0xffff), 0),
        Op::V_XOR_B16 => (|e| e.valu(Fk::Int, |[a, b]| (a ^ b) & 0xffff), 0),
        Op::V_NOT_B16_e32 | Op::V_NOT_B16_e64 => (|e| e.valu(Fk::Int, |[a]| !a & 0xffff), 0),
        // Integer min/max/median of each width and signedness.
        Op::V_MIN_I32_e32 | Op::V_MIN_I32_e64 => (|e| e.valu(Fk::Int, min2::<i32>), 0),
        Op::V_MIN_U32_e32 | Op::V_MIN_U32_e64 => (|e| e.valu(Fk::Int, min2::<u32>), 0),
        Op::V_MIN_I16_e32 | Op::V_MIN_I16_e64 | Op::V_MIN_I16 => {
            (|e| e.valu(Fk::Int, min2::<i16>), 0)
        }
        Op::V_MIN_U16_e32 | Op::V_MIN_U16_e64 | Op::V_MIN_U16 => {
            (|e| e.valu(Fk::Int, min2::<u16>), 0)
        }
        Op::V_MAX_I32_e32 | Op::V_MAX_I32_e64 => (|e| e.valu(Fk::Int, max2::<i32>), 0),
        Op::V_MAX_U32_e32 | Op::V_MAX_U32_e64 => (|e| e.valu(Fk::Int, max2::<u32>), 0),
        Op::V_MAX_I16_e32 | Op::V_MAX_I16_e64 | Op::V_MAX_I16 => {
            (|e| e.valu(Fk::Int, max2::<i16>), 0)
        }
        Op::V_MAX_U16_e32 | Op::V_MAX_U16_e64 | Op::V_MAX_U16 => {
            (|e| e.valu(Fk::Int, max2::<u16>), 0)
        }
        Op::V_MIN3_I32 => (|e| e.valu(Fk::Int, min3::<i32>), 0),
        Op::V_MIN3_U32 => (|e| e.valu(Fk::Int, min3::<u32>), 0),
        Op::V_MIN3_I16 => (|e| e.valu(Fk::Int, min3::<i16>), 0),
        Op::V_MIN3_U16 => (|e| e.valu(Fk::Int, min3::<u16>), 0),
        Op::V_MAX3_I32 => (|e| e.valu(Fk::Int, max3::<i32>), 0),
        Op::V_MAX3_U32 => (|e| e.valu(Fk::Int, max3::<u32>), 0),
        Op::V_MAX3_I16 => (|e| e.valu(Fk::Int, max3::<i16>), 0),
        Op::V_MAX3_U16 => (|e| e.valu(Fk::Int, max3::<u16>), 0),
        Op::V_MED3_I32 => (|e| e.valu(Fk::Int, med3::<i32>), 0),
        Op::V_MED3_U32 => (|e| e.valu(Fk::Int, med3::<u32>), 0),
        Op::V_MED3_I16 => (|e| e.valu(Fk::Int, med3::<i16>), 0),
        Op::V_MED3_U16 => (|e| e.valu(Fk::Int, med3::<u16>), 0),
        Op::V_MAXMIN_I32 => (|e| e.valu(Fk::Int, maxmin::<i32>), 0),
        Op::V_MAXMIN_U32 => (|e| e.valu(Fk::Int, maxmin::<u32>), 0),
        Op::V_MINMAX_I32 => (|e| e.valu(Fk::Int, minmax::<i32>), 0),
        Op::V_MINMAX_U32 => (|e| e.valu(Fk::Int, minmax::<u32>), 0),
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
