//! Scalar ALU (SOP1, SOP2, SOPC, SOPK), including the GFX11.5 SALU float operations.

// The negated float compares are the unordered predicates (true on NaN).
#![allow(clippy::neg_cmp_op_on_partial_ord)]

use super::*;
use silk_amdgpu::isa::operand::EXEC_LO;

/// The semantics of one mnemonic of this family.
pub(super) fn semantics(op: Op) -> Sem {
    let s: (Handler, u32) = match op {
        Op::S_MOV_B32 | Op::S_MOV_B64 => (
            |e| {
                e.lenient = true;
                e.salu(|[a], _| (a, None))
            },
            0,
        ),
        Op::S_CMOV_B32 | Op::S_CMOV_B64 => (
            |e| {
                if e.w.scc {
                    e.lenient = true;
                    e.salu(|[a], _| (a, None))
                } else {
                    Ok(())
                }
            },
            0,
        ),
        Op::S_MOVK_I32 => (
            |e| e.salu(|[a], _| (a as u16 as i16 as i32 as u32 as u64, None)),
            0,
        ),
        Op::S_CMOVK_I32 => (
            |e| {
                if e.w.scc {
                    e.salu(|[a], _| (a as u16 as i16 as i32 as u32 as u64, None))
                } else {
                    Ok(())
                }
            },
            0,
        ),
        Op::S_NOT_B32 => (
            |e| {
                e.salu(|[a], _| {
                    let r = !a as u32;
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        Op::S_NOT_B64 => (|e| e.salu(|[a], _| (!a, Some(a != u64::MAX))), 0),
        Op::S_BREV_B32 => (
            |e| e.salu(|[a], _| ((a as u32).reverse_bits() as u64, None)),
            0,
        ),
        Op::S_BREV_B64 => (|e| e.salu(|[a], _| (a.reverse_bits(), None)), 0),
        Op::S_BCNT1_I32_B32 => (
            |e| {
                e.salu(|[a], _| {
                    let r = (a as u32).count_ones();
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        Op::S_BCNT1_I32_B64 => (
            |e| {
                e.salu(|[a], _| {
                    let r = a.count_ones();
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        Op::S_FF1_I32_B32 => (
            |e| {
                e.salu(|[a], _| {
                    (
                        if a as u32 == 0 {
                            u32::MAX
                        } else {
                            (a as u32).trailing_zeros()
                        } as u64,
                        None,
                    )
                })
            },
            0,
        ),
        Op::S_FF1_I32_B64 => (
            |e| {
                e.salu(|[a], _| {
                    (
                        if a == 0 { u32::MAX } else { a.trailing_zeros() } as u64,
                        None,
                    )
                })
            },
            0,
        ),
        Op::S_FLBIT_I32_B32 => (
            |e| {
                e.salu(|[a], _| {
                    (
                        if a as u32 == 0 {
                            u32::MAX
                        } else {
                            (a as u32).leading_zeros()
                        } as u64,
                        None,
                    )
                })
            },
            0,
        ),
        Op::S_FLBIT_I32_B64 => (
            |e| {
                e.salu(|[a], _| {
                    (
                        if a == 0 { u32::MAX } else { a.leading_zeros() } as u64,
                        None,
                    )
                })
            },
            0,
        ),
        Op::S_SEXT_I32_I8 => (|e| e.salu(|[a], _| (a as i8 as i32 as u32 as u64, None)), 0),
        Op::S_SEXT_I32_I16 => (
            |e| e.salu(|[a], _| (a as i16 as i32 as u32 as u64, None)),
            0,
        ),
        Op::S_ABS_I32 => (
            |e| {
                e.salu(|[a], _| {
                    let r = (a as i32).wrapping_abs() as u32;
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        Op::S_AND_SAVEEXEC_B32 | Op::S_AND_SAVEEXEC_B64 => (saveexec, 0),
        Op::S_ORN1_SAVEEXEC_B64 | Op::S_ORN1_SAVEEXEC_B32 => (saveexec, 9),
        Op::S_ANDN1_WREXEC_B64 | Op::S_ANDN1_WREXEC_B32 => (wrexec, 0),
        Op::S_ANDN2_WREXEC_B64 | Op::S_ANDN2_WREXEC_B32 => (wrexec, 1),
        Op::S_MOVRELS_B32 | Op::S_MOVRELS_B64 => (movrel, 0),
        Op::S_MOVRELD_B32 | Op::S_MOVRELD_B64 => (movrel, 1),
        Op::S_MOVRELSD_2_B32 => (movrelsd_2, 0),
        Op::S_CALL_B64 => (call, 0),
        Op::S_PACK_HL_B32_B16 => (
            |e| e.salu(|[a, b], _| ((a >> 16 & 0xffff) | (b & 0xffff) << 16, None)),
            0,
        ),
        Op::S_OR_SAVEEXEC_B32 | Op::S_OR_SAVEEXEC_B64 => (saveexec, 1),
        Op::S_XOR_SAVEEXEC_B32 | Op::S_XOR_SAVEEXEC_B64 => (saveexec, 2),
        Op::S_ANDN2_SAVEEXEC_B64 | Op::S_ANDN2_SAVEEXEC_B32 => (saveexec, 3),
        Op::S_ANDN1_SAVEEXEC_B64 | Op::S_ANDN1_SAVEEXEC_B32 => (saveexec, 4),
        Op::S_ORN2_SAVEEXEC_B64 | Op::S_ORN2_SAVEEXEC_B32 => (saveexec, 5),
        Op::S_NAND_SAVEEXEC_B64 | Op::S_NAND_SAVEEXEC_B32 => (saveexec, 6),
        Op::S_NOR_SAVEEXEC_B64 | Op::S_NOR_SAVEEXEC_B32 => (saveexec, 7),
        Op::S_XNOR_SAVEEXEC_B64 | Op::S_XNOR_SAVEEXEC_B32 => (saveexec, 8),
        Op::S_BITSET0_B32 => (
            |e| {
                let d = e.sval_dst32()?;
                e.salu(move |[a], _| ((d & !(1 << (a & 31))) as u64, None))
            },
            0,
        ),
        Op::S_BITSET1_B32 => (
            |e| {
                let d = e.sval_dst32()?;
                e.salu(move |[a], _| ((d | 1 << (a & 31)) as u64, None))
            },
            0,
        ),

        Op::S_ADD_U32 => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = a + b;
                    (r & 0xffff_ffff, Some(r >> 32 != 0))
                })
            },
            0,
        ),
        Op::S_SUB_U32 => (
            |e| {
                e.salu(|[a, b], _| {
                    (
                        (a as u32).wrapping_sub(b as u32) as u64,
                        Some(b as u32 > a as u32),
                    )
                })
            },
            0,
        ),
        Op::S_ADDC_U32 => (
            |e| {
                e.salu(|[a, b], c| {
                    let r = a + b + c as u64;
                    (r & 0xffff_ffff, Some(r >> 32 != 0))
                })
            },
            0,
        ),
        Op::S_SUBB_U32 => (
            |e| {
                e.salu(|[a, b], c| {
                    let r = (a as u32 as u64).wrapping_sub(b as u32 as u64 + c as u64);
                    (r & 0xffff_ffff, Some(r >> 32 != 0))
                })
            },
            0,
        ),
        Op::S_ADD_I32 => (
            |e| {
                e.salu(|[a, b], _| {
                    let (r, o) = (a as i32).overflowing_add(b as i32);
                    (r as u32 as u64, Some(o))
                })
            },
            0,
        ),
        Op::S_SUB_I32 => (
            |e| {
                e.salu(|[a, b], _| {
                    let (r, o) = (a as i32).overflowing_sub(b as i32);
                    (r as u32 as u64, Some(o))
                })
            },
            0,
        ),
        Op::S_ADDK_I32 => (
            |e| {
                let d = e.sval_dst32()?;
                e.salu(move |[k], _| {
                    let (r, o) = (d as i32).overflowing_add(k as u16 as i16 as i32);
                    (r as u32 as u64, Some(o))
                })
            },
            0,
        ),
        Op::S_MULK_I32 => (
            |e| {
                let d = e.sval_dst32()?;
                e.salu(move |[k], _| {
                    (
                        (d as i32).wrapping_mul(k as u16 as i16 as i32) as u32 as u64,
                        None,
                    )
                })
            },
            0,
        ),
        Op::S_MUL_I32 => (
            |e| e.salu(|[a, b], _| ((a as u32).wrapping_mul(b as u32) as u64, None)),
            0,
        ),
        Op::S_MUL_HI_U32 => (
            |e| e.salu(|[a, b], _| ((a as u32 as u64 * b as u32 as u64) >> 32, None)),
            0,
        ),
        Op::S_MUL_HI_I32 => (
            |e| {
                e.salu(|[a, b], _| {
                    (
                        ((a as i32 as i64 * b as i32 as i64) >> 32) as u32 as u64,
                        None,
                    )
                })
            },
            0,
        ),
        Op::S_AND_B32 => (
            |e| {
                masked_by_exec(e)?;
                e.salu(|[a, b], _| {
                    let r = (a & b) as u32;
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        Op::S_OR_B32 => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = (a | b) as u32;
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        Op::S_XOR_B32 => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = (a ^ b) as u32;
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        Op::S_ANDN2_B32 => (
            |e| {
                masked_by_exec(e)?;
                e.salu(|[a, b], _| {
                    let r = (a & !b) as u32;
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        Op::S_ORN2_B32 => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = (a | !b) as u32;
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        Op::S_NAND_B32 => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = !(a & b) as u32;
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        Op::S_NOR_B32 => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = !(a | b) as u32;
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        Op::S_XNOR_B32 => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = !(a ^ b) as u32;
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        Op::S_AND_B64 => (
            |e| {
                masked_by_exec(e)?;
                e.salu(|[a, b], _| {
                    let r = a & b;
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        Op::S_OR_B64 => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = a | b;
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        Op::S_XOR_B64 => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = a ^ b;
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        Op::S_ANDN2_B64 => (
            |e| {
                masked_by_exec(e)?;
                e.salu(|[a, b], _| {
                    let r = a & !b;
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        Op::S_ORN2_B64 => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = a | !b;
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        Op::S_NAND_B64 => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = !(a & b);
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        Op::S_NOR_B64 => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = !(a | b);
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        Op::S_XNOR_B64 => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = !(a ^ b);
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        Op::S_LSHL_B32 => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = (a as u32) << shift32(b);
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        Op::S_LSHR_B32 => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = (a as u32) >> shift32(b);
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        Op::S_ASHR_I32 => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = (a as i32 >> shift32(b)) as u32;
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        Op::S_LSHL_B64 => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = a << shift64(b);
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        Op::S_LSHR_B64 => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = a >> shift64(b);
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        Op::S_ASHR_I64 => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = (a as i64 >> shift64(b)) as u64;
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        Op::S_LSHL1_ADD_U32 | Op::S_LSHL2_ADD_U32 | Op::S_LSHL3_ADD_U32 | Op::S_LSHL4_ADD_U32 => (
            |e| {
                let sh = e.aux;
                e.salu(move |[a, b], _| {
                    let r = ((a as u32 as u64) << sh) + b as u32 as u64;
                    (r & 0xffff_ffff, Some(r >> 32 != 0))
                })
            },
            match op {
                Op::S_LSHL1_ADD_U32 => 1,
                Op::S_LSHL2_ADD_U32 => 2,
                Op::S_LSHL3_ADD_U32 => 3,
                _ => 4,
            },
        ),
        Op::S_MIN_I32 => (
            |e| {
                e.salu(|[a, b], _| {
                    let l = (a as i32) < (b as i32);
                    ((if l { a } else { b }) & 0xffff_ffff, Some(l))
                })
            },
            0,
        ),
        Op::S_MIN_U32 => (
            |e| {
                e.salu(|[a, b], _| {
                    let l = (a as u32) < (b as u32);
                    ((if l { a } else { b }) & 0xffff_ffff, Some(l))
                })
            },
            0,
        ),
        Op::S_MAX_I32 => (
            |e| {
                e.salu(|[a, b], _| {
                    let g = (a as i32) > (b as i32);
                    ((if g { a } else { b }) & 0xffff_ffff, Some(g))
                })
            },
            0,
        ),
        Op::S_MAX_U32 => (
            |e| {
                e.salu(|[a, b], _| {
                    let g = (a as u32) > (b as u32);
                    ((if g { a } else { b }) & 0xffff_ffff, Some(g))
                })
            },
            0,
        ),
        Op::S_CSELECT_B32 | Op::S_CSELECT_B64 => (
            |e| {
                e.lenient = true;
                e.salu(|[a, b], c| (if c { a } else { b }, None))
            },
            0,
        ),
        Op::S_BFE_U32 => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = bfe(a, b & 31, b >> 16 & 0x7f, 32, false);
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        Op::S_BFE_I32 => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = bfe(a, b & 31, b >> 16 & 0x7f, 32, true);
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        Op::S_BFE_U64 => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = bfe(a, b & 63, b >> 16 & 0x7f, 64, false);
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        Op::S_BFE_I64 => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = bfe(a, b & 63, b >> 16 & 0x7f, 64, true);
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        Op::S_BFM_B32 => (
            |e| e.salu(|[a, b], _| ((((1u64 << (a & 31)) - 1) << (b & 31)) & 0xffff_ffff, None)),
            0,
        ),
        Op::S_BFM_B64 => (bfm64, 0),
        Op::S_PACK_LL_B32_B16 => (
            |e| e.salu(|[a, b], _| ((a & 0xffff) | (b & 0xffff) << 16, None)),
            0,
        ),
        Op::S_PACK_LH_B32_B16 => (
            |e| e.salu(|[a, b], _| ((a & 0xffff) | (b & 0xffff_0000), None)),
            0,
        ),
        Op::S_PACK_HH_B32_B16 => (
            |e| e.salu(|[a, b], _| ((a >> 16 & 0xffff) | (b & 0xffff_0000), None)),
            0,
        ),
        Op::S_ABSDIFF_I32 => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = (a as i32).wrapping_sub(b as i32).wrapping_abs() as u32;
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),

        Op::S_CMP_EQ_I32 | Op::S_CMP_EQ_U32 => (|e| e.scmp(|[a, b]| a as u32 == b as u32), 0),
        Op::S_CMP_LG_I32 | Op::S_CMP_LG_U32 => (|e| e.scmp(|[a, b]| a as u32 != b as u32), 0),
        Op::S_CMP_GT_I32 => (|e| e.scmp(|[a, b]| (a as i32) > b as i32), 0),
        Op::S_CMP_GE_I32 => (|e| e.scmp(|[a, b]| (a as i32) >= b as i32), 0),
        Op::S_CMP_LT_I32 => (|e| e.scmp(|[a, b]| (a as i32) < b as i32), 0),
        Op::S_CMP_LE_I32 => (|e| e.scmp(|[a, b]| (a as i32) <= b as i32), 0),
        Op::S_CMP_GT_U32 => (|e| e.scmp(|[a, b]| a as u32 > b as u32), 0),
        Op::S_CMP_GE_U32 => (|e| e.scmp(|[a, b]| a as u32 >= b as u32), 0),
        Op::S_CMP_LT_U32 => (|e| e.scmp(|[a, b]| (a as u32) < b as u32), 0),
        Op::S_CMP_LE_U32 => (|e| e.scmp(|[a, b]| a as u32 <= b as u32), 0),
        Op::S_CMP_EQ_U64 => (|e| e.scmp(|[a, b]| a == b), 0),
        Op::S_CMP_LG_U64 => (|e| e.scmp(|[a, b]| a != b), 0),
        Op::S_BITCMP0_B32 => (|e| e.scmp(|[a, b]| a >> (b & 31) & 1 == 0), 0),
        Op::S_BITCMP1_B32 => (|e| e.scmp(|[a, b]| a >> (b & 31) & 1 == 1), 0),
        Op::S_BITCMP0_B64 => (|e| e.scmp(|[a, b]| a >> (b & 63) & 1 == 0), 0),
        Op::S_BITCMP1_B64 => (|e| e.scmp(|[a, b]| a >> (b & 63) & 1 == 1), 0),
        Op::S_CMPK_EQ_I32 => (|e| e.scmp(|[a, k]| a as i32 == k as u16 as i16 as i32), 0),
        Op::S_CMPK_LG_I32 => (|e| e.scmp(|[a, k]| a as i32 != k as u16 as i16 as i32), 0),
        Op::S_CMPK_GT_I32 => (|e| e.scmp(|[a, k]| a as i32 > k as u16 as i16 as i32), 0),
        Op::S_CMPK_GE_I32 => (|e| e.scmp(|[a, k]| a as i32 >= k as u16 as i16 as i32), 0),
        Op::S_CMPK_LT_I32 => (|e| e.scmp(|[a, k]| (a as i32) < k as u16 as i16 as i32), 0),
        Op::S_CMPK_LE_I32 => (|e| e.scmp(|[a, k]| a as i32 <= k as u16 as i16 as i32), 0),
        Op::S_CMPK_EQ_U32 => (|e| e.scmp(|[a, k]| a as u32 == k as u16 as u32), 0),
        Op::S_CMPK_LG_U32 => (|e| e.scmp(|[a, k]| a as u32 != k as u16 as u32), 0),
        Op::S_CMPK_GT_U32 => (|e| e.scmp(|[a, k]| a as u32 > k as u16 as u32), 0),
        Op::S_CMPK_GE_U32 => (|e| e.scmp(|[a, k]| a as u32 >= k as u16 as u32), 0),
        Op::S_CMPK_LT_U32 => (|e| e.scmp(|[a, k]| (a as u32) < k as u16 as u32), 0),
        Op::S_CMPK_LE_U32 => (|e| e.scmp(|[a, k]| a as u32 <= k as u16 as u32), 0),

        Op::S_ADD_F32 => (|e| e.salu(|[x, y], _| (b(f(x) + f(y)), None)), 0),
        Op::S_SUB_F32 => (|e| e.salu(|[x, y], _| (b(f(x) - f(y)), None)), 0),
        Op::S_MUL_F32 => (|e| e.salu(|[x, y], _| (b(f(x) * f(y)), None)), 0),
        Op::S_CEIL_F32 => (|e| e.salu(|[x], _| (b(f(x).ceil()), None)), 0),
        Op::S_FLOOR_F32 => (|e| e.salu(|[x], _| (b(f(x).floor()), None)), 0),
        Op::S_TRUNC_F32 => (|e| e.salu(|[x], _| (b(f(x).trunc()), None)), 0),
        Op::S_RNDNE_F32 => (|e| e.salu(|[x], _| (b(f(x).round_ties_even()), None)), 0),
        Op::S_CEIL_F16 => (|e| e.salu(|[x], _| (bh(h(x).ceil()), None)), 0),
        Op::S_FLOOR_F16 => (|e| e.salu(|[x], _| (bh(h(x).floor()), None)), 0),
        Op::S_TRUNC_F16 => (|e| e.salu(|[x], _| (bh(h(x).trunc()), None)), 0),
        Op::S_RNDNE_F16 => (|e| e.salu(|[x], _| (bh(h(x).round_ties_even()), None)), 0),
        Op::S_ADD_F16 => (
            |e| e.salu(|[x, y], _| (bh64(h(x) as f64 + h(y) as f64), None)),
            0,
        ),
        Op::S_SUB_F16 => (
            |e| e.salu(|[x, y], _| (bh64(h(x) as f64 - h(y) as f64), None)),
            0,
        ),
        Op::S_MUL_F16 => (
            |e| e.salu(|[x, y], _| (bh64(h(x) as f64 * h(y) as f64), None)),
            0,
        ),
        Op::S_MIN_F16 => (|e| e.salu(|[x, y], _| (bh(fmin32(h(x), h(y))), None)), 0),
        Op::S_MAX_F16 => (|e| e.salu(|[x, y], _| (bh(fmax32(h(x), h(y))), None)), 0),
        Op::S_FMAC_F16 => (
            |e| {
                let d = e.sval_dst32()? as u64;
                e.salu(move |[x, y], _| {
                    let r = (h(x) as f64).mul_add(h(y) as f64, h(d) as f64);
                    (bh64(r), None)
                })
            },
            0,
        ),
        Op::S_CVT_PK_RTZ_F16_F32 => (
            |e| e.salu(|[x, y], _| (rtz16(f(x)) | rtz16(f(y)) << 16, None)),
            0,
        ),
        Op::S_MIN_F32 => (|e| e.salu(|[x, y], _| (b(fmin32(f(x), f(y))), None)), 0),
        Op::S_MAX_F32 => (|e| e.salu(|[x, y], _| (b(fmax32(f(x), f(y))), None)), 0),
        Op::S_FMAC_F32 => (
            |e| {
                let d = e.sval_dst32()? as u64;
                e.salu(move |[x, y], _| (b(fma32(f(x), f(y), f(d))), None))
            },
            0,
        ),
        Op::S_FMAAK_F32 | Op::S_FMAMK_F32 => (
            |e| e.salu(|[x, y, z], _| (b(fma32(f(x), f(y), f(z))), None)),
            0,
        ),
        Op::S_CVT_F32_I32 => (|e| e.salu(|[x], _| (b(x as i32 as f32), None)), 0),
        Op::S_CVT_F32_U32 => (|e| e.salu(|[x], _| (b(x as u32 as f32), None)), 0),
        Op::S_CVT_I32_F32 => (|e| e.salu(|[x], _| (cvt_i32(f(x) as f64), None)), 0),
        Op::S_CVT_U32_F32 => (|e| e.salu(|[x], _| (cvt_u32(f(x) as f64), None)), 0),
        Op::S_CVT_F16_F32 => (|e| e.salu(|[x], _| (bh(f(x)), None)), 0),
        Op::S_CVT_F32_F16 => (|e| e.salu(|[x], _| (b(h(x)), None)), 0),
        Op::S_CVT_HI_F32_F16 => (|e| e.salu(|[x], _| (b(h(x >> 16)), None)), 0),
        Op::S_CMP_LT_F32 => (|e| e.scmp(|[x, y]| f(x) < f(y)), 0),
        Op::S_CMP_EQ_F32 => (|e| e.scmp(|[x, y]| f(x) == f(y)), 0),
        Op::S_CMP_LE_F32 => (|e| e.scmp(|[x, y]| f(x) <= f(y)), 0),
        Op::S_CMP_GT_F32 => (|e| e.scmp(|[x, y]| f(x) > f(y)), 0),
        Op::S_CMP_LG_F32 => (|e| e.scmp(|[x, y]| f(x) < f(y) || f(x) > f(y)), 0),
        Op::S_CMP_GE_F32 => (|e| e.scmp(|[x, y]| f(x) >= f(y)), 0),
        Op::S_CMP_O_F32 => (|e| e.scmp(|[x, y]| !f(x).is_nan() && !f(y).is_nan()), 0),
        Op::S_CMP_U_F32 => (|e| e.scmp(|[x, y]| f(x).is_nan() || f(y).is_nan()), 0),
        Op::S_CMP_NEQ_F32 => (|e| e.scmp(|[x, y]| f(x) != f(y)), 0),
        // The negated predicates are true when unordered (RDNA3.5 SOPC).
        Op::S_CMP_NGE_F32 => (|e| e.scmp(|[x, y]| !(f(x) >= f(y))), 0),
        Op::S_CMP_NGT_F32 => (|e| e.scmp(|[x, y]| !(f(x) > f(y))), 0),
        Op::S_CMP_NLE_F32 => (|e| e.scmp(|[x, y]| !(f(x) <= f(y))), 0),
        Op::S_CMP_NLG_F32 => (|e| e.scmp(|[x, y]| !(f(x) < f(y) || f(x) > f(y))), 0),
        Op::S_CMP_NLT_F32 => (|e| e.scmp(|[x, y]| !(f(x) < f(y))), 0),
        Op::S_CMP_LT_F16 => (|e| e.scmp(|[x, y]| h(x) < h(y)), 0),
        Op::S_CMP_EQ_F16 => (|e| e.scmp(|[x, y]| h(x) == h(y)), 0),
        Op::S_CMP_LE_F16 => (|e| e.scmp(|[x, y]| h(x) <= h(y)), 0),
        Op::S_CMP_GT_F16 => (|e| e.scmp(|[x, y]| h(x) > h(y)), 0),
        Op::S_CMP_LG_F16 => (|e| e.scmp(|[x, y]| h(x) < h(y) || h(x) > h(y)), 0),
        Op::S_CMP_GE_F16 => (|e| e.scmp(|[x, y]| h(x) >= h(y)), 0),
        Op::S_CMP_O_F16 => (|e| e.scmp(|[x, y]| !h(x).is_nan() && !h(y).is_nan()), 0),
        Op::S_CMP_U_F16 => (|e| e.scmp(|[x, y]| h(x).is_nan() || h(y).is_nan()), 0),
        Op::S_CMP_NEQ_F16 => (|e| e.scmp(|[x, y]| h(x) != h(y)), 0),
        Op::S_CMP_NGE_F16 => (|e| e.scmp(|[x, y]| !(h(x) >= h(y))), 0),
        Op::S_CMP_NGT_F16 => (|e| e.scmp(|[x, y]| !(h(x) > h(y))), 0),
        Op::S_CMP_NLE_F16 => (|e| e.scmp(|[x, y]| !(h(x) <= h(y))), 0),
        Op::S_CMP_NLG_F16 => (|e| e.scmp(|[x, y]| !(h(x) < h(y) || h(x) > h(y))), 0),
        Op::S_CMP_NLT_F16 => (|e| e.scmp(|[x, y]| !(h(x) < h(y))), 0),

        // SALU bit operations.
        Op::S_BCNT0_I32_B32 => (
            |e| {
                e.salu(|[a], _| {
                    let r = (a as u32).count_zeros();
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        Op::S_BCNT0_I32_B64 => (
            |e| {
                e.salu(|[a], _| {
                    let r = a.count_zeros();
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        Op::S_FF0_I32_B32 => (
            |e| {
                e.salu(|[a], _| {
                    let r = if a as u32 == u32::MAX {
                        u32::MAX
                    } else {
                        (!(a as u32)).trailing_zeros()
                    };
                    (r as u64, None)
                })
            },
            0,
        ),
        Op::S_FF0_I32_B64 => (
            |e| {
                e.salu(|[a], _| {
                    let r = if a == u64::MAX {
                        u32::MAX
                    } else {
                        (!a).trailing_zeros()
                    };
                    (r as u64, None)
                })
            },
            0,
        ),
        // Bits from the top equal to the sign bit before the first that
        // differs; -1 when all do.
        Op::S_FLBIT_I32 => (
            |e| {
                e.salu(|[a], _| {
                    let v = a as u32 as i32;
                    let r = if v == 0 || v == -1 {
                        u32::MAX
                    } else {
                        ((v ^ (v >> 31)) as u32).leading_zeros()
                    };
                    (r as u64, None)
                })
            },
            0,
        ),
        Op::S_FLBIT_I32_I64 => (
            |e| {
                e.salu(|[a], _| {
                    let v = a as i64;
                    let r = if v == 0 || v == -1 {
                        u32::MAX
                    } else {
                        ((v ^ (v >> 63)) as u64).leading_zeros()
                    };
                    (r as u64, None)
                })
            },
            0,
        ),
        // Whole-quad mode: every quad with any bit set becomes all set.
        Op::S_WQM_B32 | Op::S_WQM_B64 => (
            |e| {
                e.salu(|[a], _| {
                    let mut r = 0u64;
                    for q in 0..16 {
                        if a >> (4 * q) & 0xf != 0 {
                            r |= 0xf << (4 * q);
                        }
                    }
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        // One bit per quad of the source.
        Op::S_QUADMASK_B32 | Op::S_QUADMASK_B64 => (
            |e| {
                e.salu(|[a], _| {
                    let mut r = 0u64;
                    for q in 0..16 {
                        if a >> (4 * q) & 0xf != 0 {
                            r |= 1 << q;
                        }
                    }
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        Op::S_BITREPLICATE_B64_B32 => (
            |e| {
                e.salu(|[a], _| {
                    let mut r = 0u64;
                    for i in 0..32 {
                        if a >> i & 1 != 0 {
                            r |= 3 << (2 * i);
                        }
                    }
                    (r, None)
                })
            },
            0,
        ),
        Op::S_BITSET0_B64 | Op::S_BITSET1_B64 => (
            |e: &mut Exec| {
                let Operand::Reg { code, .. } = e.op(0)? else {
                    return Err(e.unsupported());
                };
                let d = e.sread(code, 2)?;
                let set = e.aux == 1;
                e.salu(move |[a], _| {
                    let bit = 1u64 << (a & 63);
                    (if set { d | bit } else { d & !bit }, None)
                })
            },
            (op == Op::S_BITSET1_B64) as u32,
        ),
        _ => return None,
    };
    Some(s)
}

pub(super) fn saveexec(e: &mut Exec) -> Result<()> {
    let s = e.sval(1)?;
    let exec = e.w.exec();
    let n = match e.aux {
        0 => s & exec,
        1 => s | exec,
        2 => s ^ exec,
        3 => s & !exec,
        4 => !s & exec,
        5 => s | !exec,
        6 => !(s & exec),
        7 => !(s | exec),
        8 => !(s ^ exec),
        _ => !s | exec,
    } & e.w.lane_mask();
    e.swrite(0, exec)?;
    e.w.set_exec(n);
    e.w.scc = n != 0;
    Ok(())
}

pub(super) fn bfm64(e: &mut Exec) -> Result<()> {
    e.salu(|[a, b], _| ((((1u128 << (a & 63)) - 1) as u64) << (b & 63), None))
}

/// LLVM's lane-mask merges (SILowerI1Copies: `s_andn2 old, exec` /
/// `s_and new, exec` / `s_or`) read a mask that only some paths wrote, with
/// EXEC as the other operand: the result's bits for the active lanes do
/// not depend on it (AND with EXEC keeps only active lanes, AND with its
/// complement only inactive ones, which lane-mask readers ignore). Strict
/// mode lets such a read through instead of calling it uninitialised.
fn masked_by_exec(e: &mut Exec) -> Result<()> {
    for i in 1..=2 {
        if let Operand::Reg { code: EXEC_LO, .. } = e.op(i)? {
            e.lenient = true;
        }
    }
    Ok(())
}

/// `s_andn1_wrexec` / `s_and_not0_wrexec` (aux 0): EXEC = ~S0 & EXEC;
/// `s_andn2_wrexec` / `s_and_not1_wrexec` (aux 1): EXEC = S0 & ~EXEC. D
/// receives the new EXEC and SCC = EXEC != 0 (CDNA3 / RDNA3 SOP1).
fn wrexec(e: &mut Exec) -> Result<()> {
    let s = e.sval(1)?;
    let exec = e.w.exec();
    let n = if e.aux == 0 { !s & exec } else { s & !exec } & e.w.lane_mask();
    e.w.set_exec(n);
    e.swrite(0, n)?;
    e.w.scc = n != 0;
    Ok(())
}

/// `s_movrels` (aux 0): D = SGPR[S0 + M0]; `s_movreld` (aux 1):
/// SGPR[D + M0] = S0 (SOP1, M0 the dword index). The indexed registers
/// must lie in the SGPR file (s0..s105).
fn movrel(e: &mut Exec) -> Result<()> {
    let n = e.dwords(0);
    let at = if e.aux == 0 { 1 } else { 0 };
    let Operand::Reg { code, .. } = e.op(at)? else {
        return Err(e.unsupported());
    };
    let m0 = e.sread(e.k.m0, 1)?;
    let idx = code as u64 + m0;
    if idx + n as u64 > 106 {
        return Err(e.unsupported());
    }
    if e.aux == 0 {
        let v = e.sread(idx as u16, n)?;
        e.swrite(0, v)
    } else {
        let v = e.sval(1)?;
        e.swrite_code(idx as u16, n, v)
    }
}

/// GFX11 `s_movrelsd_2_b32` (RDNA3 SOP1): SGPR[D + M0[25:16]] =
/// SGPR[S0 + M0[9:0]], both within the SGPRs a wave can index (s0..s105).
fn movrelsd_2(e: &mut Exec) -> Result<()> {
    let (Operand::Reg { code: d, .. }, Operand::Reg { code: s, .. }) = (e.op(0)?, e.op(1)?) else {
        return Err(e.unsupported());
    };
    let m0 = e.sread(e.k.m0, 1)?;
    let (s, d) = (s as u64 + (m0 & 0x3ff), d as u64 + (m0 >> 16 & 0x3ff));
    if s >= 106 || d >= 106 {
        return Err(e.unsupported());
    }
    let v = e.sread(s as u16, 1)?;
    e.swrite_code(d as u16, 1, v)
}

/// `s_call_b64 D, simm16`: D = the next instruction's address, then jump
/// by simm16 dwords from it.
fn call(e: &mut Exec) -> Result<()> {
    let Operand::Imm(off) = e.op(1)? else {
        return Err(e.unsupported());
    };
    let next = e.pc + 4;
    e.swrite(0, next)?;
    e.w.pc = (next as i64 + 4 * off as u16 as i16 as i64) as u64;
    Ok(())
}
