//! Scalar ALU (SOP1, SOP2, SOPC, SOPK), including the GFX11.5 SALU float operations.

// The negated float compares are the unordered predicates (true on NaN).
#![allow(clippy::neg_cmp_op_on_partial_ord)]

use super::*;
use silk_amdgpu::isa::operand::EXEC_LO;

/// The semantics of one mnemonic of this family.
pub(super) fn semantics(name: &str) -> Sem {
    let s: (Handler, u32) = match name {
        "s_mov_b32" | "s_mov_b64" => (
            |e| {
                e.lenient = true;
                e.salu(|[a], _| (a, None))
            },
            0,
        ),
        "s_cmov_b32" | "s_cmov_b64" => (
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
        "s_movk_i32" => (
            |e| e.salu(|[a], _| (a as u16 as i16 as i32 as u32 as u64, None)),
            0,
        ),
        "s_cmovk_i32" => (
            |e| {
                if e.w.scc {
                    e.salu(|[a], _| (a as u16 as i16 as i32 as u32 as u64, None))
                } else {
                    Ok(())
                }
            },
            0,
        ),
        "s_not_b32" => (
            |e| {
                e.salu(|[a], _| {
                    let r = !a as u32;
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        "s_not_b64" => (|e| e.salu(|[a], _| (!a, Some(a != u64::MAX))), 0),
        "s_brev_b32" => (
            |e| e.salu(|[a], _| ((a as u32).reverse_bits() as u64, None)),
            0,
        ),
        "s_brev_b64" => (|e| e.salu(|[a], _| (a.reverse_bits(), None)), 0),
        "s_bcnt1_i32_b32" => (
            |e| {
                e.salu(|[a], _| {
                    let r = (a as u32).count_ones();
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        "s_bcnt1_i32_b64" => (
            |e| {
                e.salu(|[a], _| {
                    let r = a.count_ones();
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        "s_ff1_i32_b32" | "s_ctz_i32_b32" => (
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
        "s_ff1_i32_b64" | "s_ctz_i32_b64" => (
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
        "s_flbit_i32_b32" | "s_clz_i32_u32" => (
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
        "s_flbit_i32_b64" | "s_clz_i32_u64" => (
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
        "s_sext_i32_i8" => (|e| e.salu(|[a], _| (a as i8 as i32 as u32 as u64, None)), 0),
        "s_sext_i32_i16" => (
            |e| e.salu(|[a], _| (a as i16 as i32 as u32 as u64, None)),
            0,
        ),
        "s_abs_i32" => (
            |e| {
                e.salu(|[a], _| {
                    let r = (a as i32).wrapping_abs() as u32;
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        "s_and_saveexec_b32" | "s_and_saveexec_b64" => (saveexec, 0),
        "s_orn1_saveexec_b64" | "s_or_not0_saveexec_b32" | "s_or_not0_saveexec_b64" => {
            (saveexec, 9)
        }
        "s_andn1_wrexec_b64" | "s_and_not0_wrexec_b32" | "s_and_not0_wrexec_b64" => (wrexec, 0),
        "s_andn2_wrexec_b64" | "s_and_not1_wrexec_b32" | "s_and_not1_wrexec_b64" => (wrexec, 1),
        "s_movrels_b32" | "s_movrels_b64" => (movrel, 0),
        "s_movreld_b32" | "s_movreld_b64" => (movrel, 1),
        "s_call_b64" => (call, 0),
        "s_pack_hl_b32_b16" => (
            |e| e.salu(|[a, b], _| ((a >> 16 & 0xffff) | (b & 0xffff) << 16, None)),
            0,
        ),
        "s_or_saveexec_b32" | "s_or_saveexec_b64" => (saveexec, 1),
        "s_xor_saveexec_b32" | "s_xor_saveexec_b64" => (saveexec, 2),
        "s_andn2_saveexec_b32"
        | "s_andn2_saveexec_b64"
        | "s_and_not1_saveexec_b32"
        | "s_and_not1_saveexec_b64" => (saveexec, 3),
        "s_andn1_saveexec_b64"
        | "s_andn1_saveexec_b32"
        | "s_and_not0_saveexec_b32"
        | "s_and_not0_saveexec_b64" => (saveexec, 4),
        "s_orn2_saveexec_b64"
        | "s_orn2_saveexec_b32"
        | "s_or_not1_saveexec_b32"
        | "s_or_not1_saveexec_b64" => (saveexec, 5),
        "s_nand_saveexec_b64" | "s_nand_saveexec_b32" => (saveexec, 6),
        "s_nor_saveexec_b64" | "s_nor_saveexec_b32" => (saveexec, 7),
        "s_xnor_saveexec_b64" | "s_xnor_saveexec_b32" => (saveexec, 8),
        "s_bitset0_b32" => (
            |e| {
                let d = e.sval_dst32()?;
                e.salu(move |[a], _| ((d & !(1 << (a & 31))) as u64, None))
            },
            0,
        ),
        "s_bitset1_b32" => (
            |e| {
                let d = e.sval_dst32()?;
                e.salu(move |[a], _| ((d | 1 << (a & 31)) as u64, None))
            },
            0,
        ),

        "s_add_u32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = a + b;
                    (r & 0xffff_ffff, Some(r >> 32 != 0))
                })
            },
            0,
        ),
        "s_sub_u32" => (
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
        "s_addc_u32" => (
            |e| {
                e.salu(|[a, b], c| {
                    let r = a + b + c as u64;
                    (r & 0xffff_ffff, Some(r >> 32 != 0))
                })
            },
            0,
        ),
        "s_subb_u32" => (
            |e| {
                e.salu(|[a, b], c| {
                    let r = (a as u32 as u64).wrapping_sub(b as u32 as u64 + c as u64);
                    (r & 0xffff_ffff, Some(r >> 32 != 0))
                })
            },
            0,
        ),
        "s_add_i32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let (r, o) = (a as i32).overflowing_add(b as i32);
                    (r as u32 as u64, Some(o))
                })
            },
            0,
        ),
        "s_sub_i32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let (r, o) = (a as i32).overflowing_sub(b as i32);
                    (r as u32 as u64, Some(o))
                })
            },
            0,
        ),
        "s_addk_i32" => (
            |e| {
                let d = e.sval_dst32()?;
                e.salu(move |[k], _| {
                    let (r, o) = (d as i32).overflowing_add(k as u16 as i16 as i32);
                    (r as u32 as u64, Some(o))
                })
            },
            0,
        ),
        "s_mulk_i32" => (
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
        "s_mul_i32" => (
            |e| e.salu(|[a, b], _| ((a as u32).wrapping_mul(b as u32) as u64, None)),
            0,
        ),
        "s_mul_hi_u32" => (
            |e| e.salu(|[a, b], _| ((a as u32 as u64 * b as u32 as u64) >> 32, None)),
            0,
        ),
        "s_mul_hi_i32" => (
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
        "s_and_b32" => (
            |e| {
                masked_by_exec(e)?;
                e.salu(|[a, b], _| {
                    let r = (a & b) as u32;
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        "s_or_b32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = (a | b) as u32;
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        "s_xor_b32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = (a ^ b) as u32;
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        "s_andn2_b32" | "s_and_not1_b32" => (
            |e| {
                masked_by_exec(e)?;
                e.salu(|[a, b], _| {
                    let r = (a & !b) as u32;
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        "s_orn2_b32" | "s_or_not1_b32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = (a | !b) as u32;
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        "s_nand_b32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = !(a & b) as u32;
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        "s_nor_b32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = !(a | b) as u32;
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        "s_xnor_b32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = !(a ^ b) as u32;
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        "s_and_b64" => (
            |e| {
                masked_by_exec(e)?;
                e.salu(|[a, b], _| {
                    let r = a & b;
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        "s_or_b64" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = a | b;
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        "s_xor_b64" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = a ^ b;
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        "s_andn2_b64" | "s_and_not1_b64" => (
            |e| {
                masked_by_exec(e)?;
                e.salu(|[a, b], _| {
                    let r = a & !b;
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        "s_orn2_b64" | "s_or_not1_b64" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = a | !b;
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        "s_nand_b64" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = !(a & b);
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        "s_nor_b64" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = !(a | b);
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        "s_xnor_b64" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = !(a ^ b);
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        "s_lshl_b32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = (a as u32) << shift32(b);
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        "s_lshr_b32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = (a as u32) >> shift32(b);
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        "s_ashr_i32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = (a as i32 >> shift32(b)) as u32;
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        "s_lshl_b64" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = a << shift64(b);
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        "s_lshr_b64" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = a >> shift64(b);
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        "s_ashr_i64" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = (a as i64 >> shift64(b)) as u64;
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        "s_lshl1_add_u32" | "s_lshl2_add_u32" | "s_lshl3_add_u32" | "s_lshl4_add_u32" => (
            |e| {
                let sh = e.aux;
                e.salu(move |[a, b], _| {
                    let r = ((a as u32 as u64) << sh) + b as u32 as u64;
                    (r & 0xffff_ffff, Some(r >> 32 != 0))
                })
            },
            name.as_bytes()[6].wrapping_sub(b'0') as u32,
        ),
        "s_min_i32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let l = (a as i32) < (b as i32);
                    ((if l { a } else { b }) & 0xffff_ffff, Some(l))
                })
            },
            0,
        ),
        "s_min_u32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let l = (a as u32) < (b as u32);
                    ((if l { a } else { b }) & 0xffff_ffff, Some(l))
                })
            },
            0,
        ),
        "s_max_i32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let g = (a as i32) > (b as i32);
                    ((if g { a } else { b }) & 0xffff_ffff, Some(g))
                })
            },
            0,
        ),
        "s_max_u32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let g = (a as u32) > (b as u32);
                    ((if g { a } else { b }) & 0xffff_ffff, Some(g))
                })
            },
            0,
        ),
        "s_cselect_b32" | "s_cselect_b64" => (
            |e| {
                e.lenient = true;
                e.salu(|[a, b], c| (if c { a } else { b }, None))
            },
            0,
        ),
        "s_bfe_u32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = bfe(a, b & 31, b >> 16 & 0x7f, 32, false);
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        "s_bfe_i32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = bfe(a, b & 31, b >> 16 & 0x7f, 32, true);
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        "s_bfe_u64" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = bfe(a, b & 63, b >> 16 & 0x7f, 64, false);
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        "s_bfe_i64" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = bfe(a, b & 63, b >> 16 & 0x7f, 64, true);
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        "s_bfm_b32" => (
            |e| e.salu(|[a, b], _| ((((1u64 << (a & 31)) - 1) << (b & 31)) & 0xffff_ffff, None)),
            0,
        ),
        "s_bfm_b64" => (bfm64, 0),
        "s_pack_ll_b32_b16" => (
            |e| e.salu(|[a, b], _| ((a & 0xffff) | (b & 0xffff) << 16, None)),
            0,
        ),
        "s_pack_lh_b32_b16" => (
            |e| e.salu(|[a, b], _| ((a & 0xffff) | (b & 0xffff_0000), None)),
            0,
        ),
        "s_pack_hh_b32_b16" => (
            |e| e.salu(|[a, b], _| ((a >> 16 & 0xffff) | (b & 0xffff_0000), None)),
            0,
        ),
        "s_absdiff_i32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = (a as i32).wrapping_sub(b as i32).wrapping_abs() as u32;
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),

        "s_cmp_eq_i32" | "s_cmp_eq_u32" => (|e| e.scmp(|[a, b]| a as u32 == b as u32), 0),
        "s_cmp_lg_i32" | "s_cmp_lg_u32" => (|e| e.scmp(|[a, b]| a as u32 != b as u32), 0),
        "s_cmp_gt_i32" => (|e| e.scmp(|[a, b]| (a as i32) > b as i32), 0),
        "s_cmp_ge_i32" => (|e| e.scmp(|[a, b]| (a as i32) >= b as i32), 0),
        "s_cmp_lt_i32" => (|e| e.scmp(|[a, b]| (a as i32) < b as i32), 0),
        "s_cmp_le_i32" => (|e| e.scmp(|[a, b]| (a as i32) <= b as i32), 0),
        "s_cmp_gt_u32" => (|e| e.scmp(|[a, b]| a as u32 > b as u32), 0),
        "s_cmp_ge_u32" => (|e| e.scmp(|[a, b]| a as u32 >= b as u32), 0),
        "s_cmp_lt_u32" => (|e| e.scmp(|[a, b]| (a as u32) < b as u32), 0),
        "s_cmp_le_u32" => (|e| e.scmp(|[a, b]| a as u32 <= b as u32), 0),
        "s_cmp_eq_u64" => (|e| e.scmp(|[a, b]| a == b), 0),
        "s_cmp_lg_u64" => (|e| e.scmp(|[a, b]| a != b), 0),
        "s_bitcmp0_b32" => (|e| e.scmp(|[a, b]| a >> (b & 31) & 1 == 0), 0),
        "s_bitcmp1_b32" => (|e| e.scmp(|[a, b]| a >> (b & 31) & 1 == 1), 0),
        "s_bitcmp0_b64" => (|e| e.scmp(|[a, b]| a >> (b & 63) & 1 == 0), 0),
        "s_bitcmp1_b64" => (|e| e.scmp(|[a, b]| a >> (b & 63) & 1 == 1), 0),
        "s_cmpk_eq_i32" => (|e| e.scmp(|[a, k]| a as i32 == k as u16 as i16 as i32), 0),
        "s_cmpk_lg_i32" => (|e| e.scmp(|[a, k]| a as i32 != k as u16 as i16 as i32), 0),
        "s_cmpk_gt_i32" => (|e| e.scmp(|[a, k]| a as i32 > k as u16 as i16 as i32), 0),
        "s_cmpk_ge_i32" => (|e| e.scmp(|[a, k]| a as i32 >= k as u16 as i16 as i32), 0),
        "s_cmpk_lt_i32" => (|e| e.scmp(|[a, k]| (a as i32) < k as u16 as i16 as i32), 0),
        "s_cmpk_le_i32" => (|e| e.scmp(|[a, k]| a as i32 <= k as u16 as i16 as i32), 0),
        "s_cmpk_eq_u32" => (|e| e.scmp(|[a, k]| a as u32 == k as u16 as u32), 0),
        "s_cmpk_lg_u32" => (|e| e.scmp(|[a, k]| a as u32 != k as u16 as u32), 0),
        "s_cmpk_gt_u32" => (|e| e.scmp(|[a, k]| a as u32 > k as u16 as u32), 0),
        "s_cmpk_ge_u32" => (|e| e.scmp(|[a, k]| a as u32 >= k as u16 as u32), 0),
        "s_cmpk_lt_u32" => (|e| e.scmp(|[a, k]| (a as u32) < k as u16 as u32), 0),
        "s_cmpk_le_u32" => (|e| e.scmp(|[a, k]| a as u32 <= k as u16 as u32), 0),

        "s_add_f32" => (|e| e.salu(|[x, y], _| (b(f(x) + f(y)), None)), 0),
        "s_sub_f32" => (|e| e.salu(|[x, y], _| (b(f(x) - f(y)), None)), 0),
        "s_mul_f32" => (|e| e.salu(|[x, y], _| (b(f(x) * f(y)), None)), 0),
        "s_ceil_f32" => (|e| e.salu(|[x], _| (b(f(x).ceil()), None)), 0),
        "s_floor_f32" => (|e| e.salu(|[x], _| (b(f(x).floor()), None)), 0),
        "s_trunc_f32" => (|e| e.salu(|[x], _| (b(f(x).trunc()), None)), 0),
        "s_rndne_f32" => (|e| e.salu(|[x], _| (b(f(x).round_ties_even()), None)), 0),
        "s_ceil_f16" => (|e| e.salu(|[x], _| (bh(h(x).ceil()), None)), 0),
        "s_floor_f16" => (|e| e.salu(|[x], _| (bh(h(x).floor()), None)), 0),
        "s_trunc_f16" => (|e| e.salu(|[x], _| (bh(h(x).trunc()), None)), 0),
        "s_rndne_f16" => (|e| e.salu(|[x], _| (bh(h(x).round_ties_even()), None)), 0),
        "s_add_f16" => (
            |e| e.salu(|[x, y], _| (bh64(h(x) as f64 + h(y) as f64), None)),
            0,
        ),
        "s_sub_f16" => (
            |e| e.salu(|[x, y], _| (bh64(h(x) as f64 - h(y) as f64), None)),
            0,
        ),
        "s_mul_f16" => (
            |e| e.salu(|[x, y], _| (bh64(h(x) as f64 * h(y) as f64), None)),
            0,
        ),
        "s_min_f16" => (|e| e.salu(|[x, y], _| (bh(fmin32(h(x), h(y))), None)), 0),
        "s_max_f16" => (|e| e.salu(|[x, y], _| (bh(fmax32(h(x), h(y))), None)), 0),
        "s_fmac_f16" => (
            |e| {
                let d = e.sval_dst32()? as u64;
                e.salu(move |[x, y], _| {
                    let r = (h(x) as f64).mul_add(h(y) as f64, h(d) as f64);
                    (bh64(r), None)
                })
            },
            0,
        ),
        "s_cvt_pk_rtz_f16_f32" => (
            |e| e.salu(|[x, y], _| (rtz16(f(x)) | rtz16(f(y)) << 16, None)),
            0,
        ),
        "s_min_f32" | "s_min_num_f32" => (|e| e.salu(|[x, y], _| (b(fmin32(f(x), f(y))), None)), 0),
        "s_max_f32" | "s_max_num_f32" => (|e| e.salu(|[x, y], _| (b(fmax32(f(x), f(y))), None)), 0),
        "s_fmac_f32" => (
            |e| {
                let d = e.sval_dst32()? as u64;
                e.salu(move |[x, y], _| (b(fma32(f(x), f(y), f(d))), None))
            },
            0,
        ),
        "s_fmaak_f32" | "s_fmamk_f32" => (
            |e| e.salu(|[x, y, z], _| (b(fma32(f(x), f(y), f(z))), None)),
            0,
        ),
        "s_cvt_f32_i32" => (|e| e.salu(|[x], _| (b(x as i32 as f32), None)), 0),
        "s_cvt_f32_u32" => (|e| e.salu(|[x], _| (b(x as u32 as f32), None)), 0),
        "s_cvt_i32_f32" => (|e| e.salu(|[x], _| (cvt_i32(f(x) as f64), None)), 0),
        "s_cvt_u32_f32" => (|e| e.salu(|[x], _| (cvt_u32(f(x) as f64), None)), 0),
        "s_cvt_f16_f32" => (|e| e.salu(|[x], _| (bh(f(x)), None)), 0),
        "s_cvt_f32_f16" => (|e| e.salu(|[x], _| (b(h(x)), None)), 0),
        "s_cvt_hi_f32_f16" => (|e| e.salu(|[x], _| (b(h(x >> 16)), None)), 0),
        "s_cmp_lt_f32" => (|e| e.scmp(|[x, y]| f(x) < f(y)), 0),
        "s_cmp_eq_f32" => (|e| e.scmp(|[x, y]| f(x) == f(y)), 0),
        "s_cmp_le_f32" => (|e| e.scmp(|[x, y]| f(x) <= f(y)), 0),
        "s_cmp_gt_f32" => (|e| e.scmp(|[x, y]| f(x) > f(y)), 0),
        "s_cmp_lg_f32" => (|e| e.scmp(|[x, y]| f(x) < f(y) || f(x) > f(y)), 0),
        "s_cmp_ge_f32" => (|e| e.scmp(|[x, y]| f(x) >= f(y)), 0),
        "s_cmp_o_f32" => (|e| e.scmp(|[x, y]| !f(x).is_nan() && !f(y).is_nan()), 0),
        "s_cmp_u_f32" => (|e| e.scmp(|[x, y]| f(x).is_nan() || f(y).is_nan()), 0),
        "s_cmp_neq_f32" => (|e| e.scmp(|[x, y]| f(x) != f(y)), 0),
        // The negated predicates are true when unordered (RDNA3.5 SOPC).
        "s_cmp_nge_f32" => (|e| e.scmp(|[x, y]| !(f(x) >= f(y))), 0),
        "s_cmp_ngt_f32" => (|e| e.scmp(|[x, y]| !(f(x) > f(y))), 0),
        "s_cmp_nle_f32" => (|e| e.scmp(|[x, y]| !(f(x) <= f(y))), 0),
        "s_cmp_nlg_f32" => (|e| e.scmp(|[x, y]| !(f(x) < f(y) || f(x) > f(y))), 0),
        "s_cmp_nlt_f32" => (|e| e.scmp(|[x, y]| !(f(x) < f(y))), 0),
        "s_cmp_lt_f16" => (|e| e.scmp(|[x, y]| h(x) < h(y)), 0),
        "s_cmp_eq_f16" => (|e| e.scmp(|[x, y]| h(x) == h(y)), 0),
        "s_cmp_le_f16" => (|e| e.scmp(|[x, y]| h(x) <= h(y)), 0),
        "s_cmp_gt_f16" => (|e| e.scmp(|[x, y]| h(x) > h(y)), 0),
        "s_cmp_lg_f16" => (|e| e.scmp(|[x, y]| h(x) < h(y) || h(x) > h(y)), 0),
        "s_cmp_ge_f16" => (|e| e.scmp(|[x, y]| h(x) >= h(y)), 0),
        "s_cmp_o_f16" => (|e| e.scmp(|[x, y]| !h(x).is_nan() && !h(y).is_nan()), 0),
        "s_cmp_u_f16" => (|e| e.scmp(|[x, y]| h(x).is_nan() || h(y).is_nan()), 0),
        "s_cmp_neq_f16" => (|e| e.scmp(|[x, y]| h(x) != h(y)), 0),
        "s_cmp_nge_f16" => (|e| e.scmp(|[x, y]| !(h(x) >= h(y))), 0),
        "s_cmp_ngt_f16" => (|e| e.scmp(|[x, y]| !(h(x) > h(y))), 0),
        "s_cmp_nle_f16" => (|e| e.scmp(|[x, y]| !(h(x) <= h(y))), 0),
        "s_cmp_nlg_f16" => (|e| e.scmp(|[x, y]| !(h(x) < h(y) || h(x) > h(y))), 0),
        "s_cmp_nlt_f16" => (|e| e.scmp(|[x, y]| !(h(x) < h(y))), 0),

        // SALU bit operations.
        "s_bcnt0_i32_b32" => (
            |e| {
                e.salu(|[a], _| {
                    let r = (a as u32).count_zeros();
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        "s_bcnt0_i32_b64" => (
            |e| {
                e.salu(|[a], _| {
                    let r = a.count_zeros();
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        "s_ff0_i32_b32" => (
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
        "s_ff0_i32_b64" => (
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
        "s_flbit_i32" | "s_cls_i32" => (
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
        "s_flbit_i32_i64" | "s_cls_i32_i64" => (
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
        "s_wqm_b32" | "s_wqm_b64" => (
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
        "s_quadmask_b32" | "s_quadmask_b64" => (
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
        "s_bitreplicate_b64_b32" => (
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
        "s_bitset0_b64" | "s_bitset1_b64" => (
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
            (name == "s_bitset1_b64") as u32,
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
