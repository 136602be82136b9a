//! Memory instruction semantics: scalar loads, LDS (DS), and FLAT/GLOBAL/SCRATCH loads, stores and atomics.

use super::*;

/// Memory instruction semantics, by family and instruction.
pub(super) fn semantics(op: Op, family: Family) -> Sem {
    if matches!(family, Family::Mubuf | Family::Mtbuf) {
        if let Some(s) = crate::buffer::semantics(op, family) {
            return Some(s);
        }
    }
    let vmem = matches!(family, Family::Flat | Family::Global | Family::Scratch);
    if family == Family::Smem {
        use Op::*;
        let n = match op {
            S_LOAD_DWORD | S_LOAD_B32 => 1,
            S_LOAD_DWORDX2 | S_LOAD_B64 => 2,
            S_LOAD_DWORDX4 | S_LOAD_B128 => 4,
            S_LOAD_DWORDX8 | S_LOAD_B256 => 8,
            S_LOAD_DWORDX16 | S_LOAD_B512 => 16,
            S_BUFFER_LOAD_DWORD | S_BUFFER_LOAD_B32 => 1 | BUF,
            S_BUFFER_LOAD_DWORDX2 | S_BUFFER_LOAD_B64 => 2 | BUF,
            S_BUFFER_LOAD_DWORDX4 | S_BUFFER_LOAD_B128 => 4 | BUF,
            S_BUFFER_LOAD_DWORDX8 | S_BUFFER_LOAD_B256 => 8 | BUF,
            S_BUFFER_LOAD_DWORDX16 | S_BUFFER_LOAD_B512 => 16 | BUF,
            S_DCACHE_INV | S_DCACHE_WB | S_GL1_INV | S_DCACHE_INV_VOL | S_DCACHE_WB_VOL => {
                return hx!(0, nop)
            }
            // CDNA3 ISA §8.2: drop the dirty scalar-cache line at the
            // 64-byte-aligned address without writing it back. Scalar
            // stores here reach memory at once (a line the hardware wrote
            // back before the discard), so there is never a dirty line.
            S_DCACHE_DISCARD | S_DCACHE_DISCARD_X2 => return hx!(0, nop),
            _ => return None,
        };
        return hx!(n, |e: &mut Exec| e.smem_load());
    }
    if vmem {
        use Op::*;
        let lds = match op {
            GLOBAL_LOAD_LDS_UBYTE | SCRATCH_LOAD_LDS_UBYTE => Some(1),
            GLOBAL_LOAD_LDS_SBYTE | SCRATCH_LOAD_LDS_SBYTE => Some(1 | SIGN),
            GLOBAL_LOAD_LDS_USHORT | SCRATCH_LOAD_LDS_USHORT => Some(2),
            GLOBAL_LOAD_LDS_SSHORT | SCRATCH_LOAD_LDS_SSHORT => Some(2 | SIGN),
            GLOBAL_LOAD_LDS_DWORD | SCRATCH_LOAD_LDS_DWORD => Some(4),
            GLOBAL_LOAD_DWORD_ADDTID => return hx!(0, |e: &mut Exec| e.global_addtid()),
            GLOBAL_STORE_DWORD_ADDTID => return hx!(1, |e: &mut Exec| e.global_addtid()),
            _ => None,
        };
        if let Some(aux) = lds {
            return hx!(aux, |e: &mut Exec| e.vmem_load_lds());
        }
        return match load_store_aux(op) {
            Some((true, aux)) => hx!(aux, |e: &mut Exec| e.vmem_load()),
            Some((false, aux)) => hx!(aux, |e: &mut Exec| e.vmem_store()),
            None => {
                let (at, wide) = vmem_atomic_kind(op)?;
                hx!(at as u32 | if wide { WIDE } else { 0 }, |e: &mut Exec| e
                    .vmem_atomic())
            }
        };
    }
    if family == Family::Ds {
        let read = |aux: u32| hx!(aux, |e: &mut Exec| e.ds_read());
        let write = |aux: u32| hx!(aux, |e: &mut Exec| e.ds_write());
        return match op {
            Op::DS_READ_B32 => read(4),
            Op::DS_READ_B64 => read(8),
            Op::DS_READ_B96 => read(12),
            Op::DS_READ_B128 => read(16),
            Op::DS_READ_U8 => read(1),
            Op::DS_READ_I8 => read(1 | SIGN),
            Op::DS_READ_U16 => read(2),
            Op::DS_READ_I16 => read(2 | SIGN),
            Op::DS_READ_U8_D16 => read(1 | D16),
            Op::DS_READ_U8_D16_HI => read(1 | D16_HI),
            Op::DS_READ_I8_D16 => read(1 | SIGN | D16),
            Op::DS_READ_I8_D16_HI => read(1 | SIGN | D16_HI),
            Op::DS_READ_U16_D16 => read(2 | D16),
            Op::DS_READ_U16_D16_HI => read(2 | D16_HI),
            Op::DS_WRITE_B32 => write(4),
            Op::DS_WRITE_B64 => write(8),
            Op::DS_WRITE_B96 => write(12),
            Op::DS_WRITE_B128 => write(16),
            Op::DS_WRITE_B8 => write(1),
            Op::DS_WRITE_B16 => write(2),
            Op::DS_WRITE_B8_D16_HI => write(1 | D16_HI),
            Op::DS_WRITE_B16_D16_HI => write(2 | D16_HI),
            Op::DS_READ2_B32 => hx!(4, |e: &mut Exec| e.ds_read2()),
            Op::DS_READ2_B64 => hx!(8, |e: &mut Exec| e.ds_read2()),
            Op::DS_READ2ST64_B32 => {
                hx!(4 | ST64, |e: &mut Exec| e.ds_read2())
            }
            Op::DS_READ2ST64_B64 => {
                hx!(8 | ST64, |e: &mut Exec| e.ds_read2())
            }
            Op::DS_WRITE2_B32 => hx!(4, |e: &mut Exec| e.ds_write2()),
            Op::DS_WRITE2_B64 => hx!(8, |e: &mut Exec| e.ds_write2()),
            Op::DS_WRITE2ST64_B32 => {
                hx!(4 | ST64, |e: &mut Exec| e.ds_write2())
            }
            Op::DS_WRITE2ST64_B64 => {
                hx!(8 | ST64, |e: &mut Exec| e.ds_write2())
            }
            Op::DS_BPERMUTE_B32 => hx!(0, |e: &mut Exec| e.ds_permute()),
            Op::DS_PERMUTE_B32 => hx!(1, |e: &mut Exec| e.ds_permute()),
            Op::DS_SWIZZLE_B32 => hx!(0, |e: &mut Exec| e.ds_swizzle()),
            Op::DS_NOP => hx!(0, nop),
            _ => {
                let (at, wide, rtn) = ds_atomic_kind(op)?;
                hx!(
                    at as u32 | if wide { WIDE } else { 0 } | if rtn { RTN } else { 0 },
                    |e: &mut Exec| e.ds_atomic()
                )
            }
        };
    }
    None
}

/// The operation and width (64-bit) of a FLAT, GLOBAL or buffer atomic,
/// returning or not.
#[rustfmt::skip]
pub(crate) fn vmem_atomic_kind(op: Op) -> Option<(Atomic, bool)> {
    use Op::*;
    Some(match op {
        BUFFER_ATOMIC_SWAP | FLAT_ATOMIC_SWAP | FLAT_ATOMIC_SWAP_RTN | GLOBAL_ATOMIC_SWAP | GLOBAL_ATOMIC_SWAP_RTN => (Atomic::Swap, false),
        BUFFER_ATOMIC_CMPSWAP | FLAT_ATOMIC_CMPSWAP | FLAT_ATOMIC_CMPSWAP_RTN | GLOBAL_ATOMIC_CMPSWAP | GLOBAL_ATOMIC_CMPSWAP_RTN => (Atomic::CmpSwap, false),
        BUFFER_ATOMIC_ADD | FLAT_ATOMIC_ADD | FLAT_ATOMIC_ADD_RTN | GLOBAL_ATOMIC_ADD | GLOBAL_ATOMIC_ADD_RTN => (Atomic::Add, false),
        BUFFER_ATOMIC_SUB | FLAT_ATOMIC_SUB | FLAT_ATOMIC_SUB_RTN | GLOBAL_ATOMIC_SUB | GLOBAL_ATOMIC_SUB_RTN => (Atomic::Sub, false),
        BUFFER_ATOMIC_SMIN | FLAT_ATOMIC_SMIN | FLAT_ATOMIC_SMIN_RTN | GLOBAL_ATOMIC_SMIN | GLOBAL_ATOMIC_SMIN_RTN => (Atomic::SMin, false),
        BUFFER_ATOMIC_UMIN | FLAT_ATOMIC_UMIN | FLAT_ATOMIC_UMIN_RTN | GLOBAL_ATOMIC_UMIN | GLOBAL_ATOMIC_UMIN_RTN => (Atomic::UMin, false),
        BUFFER_ATOMIC_SMAX | FLAT_ATOMIC_SMAX | FLAT_ATOMIC_SMAX_RTN | GLOBAL_ATOMIC_SMAX | GLOBAL_ATOMIC_SMAX_RTN => (Atomic::SMax, false),
        BUFFER_ATOMIC_UMAX | FLAT_ATOMIC_UMAX | FLAT_ATOMIC_UMAX_RTN | GLOBAL_ATOMIC_UMAX | GLOBAL_ATOMIC_UMAX_RTN => (Atomic::UMax, false),
        BUFFER_ATOMIC_AND | FLAT_ATOMIC_AND | FLAT_ATOMIC_AND_RTN | GLOBAL_ATOMIC_AND | GLOBAL_ATOMIC_AND_RTN => (Atomic::And, false),
        BUFFER_ATOMIC_OR | FLAT_ATOMIC_OR | FLAT_ATOMIC_OR_RTN | GLOBAL_ATOMIC_OR | GLOBAL_ATOMIC_OR_RTN => (Atomic::Or, false),
        BUFFER_ATOMIC_XOR | FLAT_ATOMIC_XOR | FLAT_ATOMIC_XOR_RTN | GLOBAL_ATOMIC_XOR | GLOBAL_ATOMIC_XOR_RTN => (Atomic::Xor, false),
        BUFFER_ATOMIC_INC | FLAT_ATOMIC_INC | FLAT_ATOMIC_INC_RTN | GLOBAL_ATOMIC_INC | GLOBAL_ATOMIC_INC_RTN => (Atomic::Inc, false),
        BUFFER_ATOMIC_DEC | FLAT_ATOMIC_DEC | FLAT_ATOMIC_DEC_RTN | GLOBAL_ATOMIC_DEC | GLOBAL_ATOMIC_DEC_RTN => (Atomic::Dec, false),
        BUFFER_ATOMIC_ADD_F32 | FLAT_ATOMIC_ADD_F32 | FLAT_ATOMIC_ADD_F32_RTN | GLOBAL_ATOMIC_ADD_F32 | GLOBAL_ATOMIC_ADD_F32_RTN => (Atomic::AddF32, false),
        BUFFER_ATOMIC_ADD_F64 | FLAT_ATOMIC_ADD_F64 | FLAT_ATOMIC_ADD_F64_RTN | GLOBAL_ATOMIC_ADD_F64 | GLOBAL_ATOMIC_ADD_F64_RTN => (Atomic::AddF64, true),
        BUFFER_ATOMIC_MIN_F64 | FLAT_ATOMIC_MIN_F64 | FLAT_ATOMIC_MIN_F64_RTN | GLOBAL_ATOMIC_MIN_F64 | GLOBAL_ATOMIC_MIN_F64_RTN => (Atomic::MinF64, true),
        BUFFER_ATOMIC_MAX_F64 | FLAT_ATOMIC_MAX_F64 | FLAT_ATOMIC_MAX_F64_RTN | GLOBAL_ATOMIC_MAX_F64 | GLOBAL_ATOMIC_MAX_F64_RTN => (Atomic::MaxF64, true),
        BUFFER_ATOMIC_SWAP_X2 | FLAT_ATOMIC_SWAP_X2 | FLAT_ATOMIC_SWAP_X2_RTN | GLOBAL_ATOMIC_SWAP_X2 | GLOBAL_ATOMIC_SWAP_X2_RTN => (Atomic::Swap, true),
        BUFFER_ATOMIC_CMPSWAP_X2 | FLAT_ATOMIC_CMPSWAP_X2 | FLAT_ATOMIC_CMPSWAP_X2_RTN | GLOBAL_ATOMIC_CMPSWAP_X2 | GLOBAL_ATOMIC_CMPSWAP_X2_RTN => (Atomic::CmpSwap, true),
        BUFFER_ATOMIC_ADD_X2 | FLAT_ATOMIC_ADD_X2 | FLAT_ATOMIC_ADD_X2_RTN | GLOBAL_ATOMIC_ADD_X2 | GLOBAL_ATOMIC_ADD_X2_RTN => (Atomic::Add, true),
        BUFFER_ATOMIC_SUB_X2 | FLAT_ATOMIC_SUB_X2 | FLAT_ATOMIC_SUB_X2_RTN | GLOBAL_ATOMIC_SUB_X2 | GLOBAL_ATOMIC_SUB_X2_RTN => (Atomic::Sub, true),
        BUFFER_ATOMIC_SMIN_X2 | FLAT_ATOMIC_SMIN_X2 | FLAT_ATOMIC_SMIN_X2_RTN | GLOBAL_ATOMIC_SMIN_X2 | GLOBAL_ATOMIC_SMIN_X2_RTN => (Atomic::SMin, true),
        BUFFER_ATOMIC_UMIN_X2 | FLAT_ATOMIC_UMIN_X2 | FLAT_ATOMIC_UMIN_X2_RTN | GLOBAL_ATOMIC_UMIN_X2 | GLOBAL_ATOMIC_UMIN_X2_RTN => (Atomic::UMin, true),
        BUFFER_ATOMIC_SMAX_X2 | FLAT_ATOMIC_SMAX_X2 | FLAT_ATOMIC_SMAX_X2_RTN | GLOBAL_ATOMIC_SMAX_X2 | GLOBAL_ATOMIC_SMAX_X2_RTN => (Atomic::SMax, true),
        BUFFER_ATOMIC_UMAX_X2 | FLAT_ATOMIC_UMAX_X2 | FLAT_ATOMIC_UMAX_X2_RTN | GLOBAL_ATOMIC_UMAX_X2 | GLOBAL_ATOMIC_UMAX_X2_RTN => (Atomic::UMax, true),
        BUFFER_ATOMIC_AND_X2 | FLAT_ATOMIC_AND_X2 | FLAT_ATOMIC_AND_X2_RTN | GLOBAL_ATOMIC_AND_X2 | GLOBAL_ATOMIC_AND_X2_RTN => (Atomic::And, true),
        BUFFER_ATOMIC_OR_X2 | FLAT_ATOMIC_OR_X2 | FLAT_ATOMIC_OR_X2_RTN | GLOBAL_ATOMIC_OR_X2 | GLOBAL_ATOMIC_OR_X2_RTN => (Atomic::Or, true),
        BUFFER_ATOMIC_XOR_X2 | FLAT_ATOMIC_XOR_X2 | FLAT_ATOMIC_XOR_X2_RTN | GLOBAL_ATOMIC_XOR_X2 | GLOBAL_ATOMIC_XOR_X2_RTN => (Atomic::Xor, true),
        BUFFER_ATOMIC_INC_X2 | FLAT_ATOMIC_INC_X2 | FLAT_ATOMIC_INC_X2_RTN | GLOBAL_ATOMIC_INC_X2 | GLOBAL_ATOMIC_INC_X2_RTN => (Atomic::Inc, true),
        BUFFER_ATOMIC_DEC_X2 | FLAT_ATOMIC_DEC_X2 | FLAT_ATOMIC_DEC_X2_RTN | GLOBAL_ATOMIC_DEC_X2 | GLOBAL_ATOMIC_DEC_X2_RTN => (Atomic::Dec, true),
        BUFFER_ATOMIC_FMIN | FLAT_ATOMIC_FMIN | FLAT_ATOMIC_FMIN_RTN | GLOBAL_ATOMIC_FMIN | GLOBAL_ATOMIC_FMIN_RTN => (Atomic::MinF32, false),
        BUFFER_ATOMIC_FMAX | FLAT_ATOMIC_FMAX | FLAT_ATOMIC_FMAX_RTN | GLOBAL_ATOMIC_FMAX | GLOBAL_ATOMIC_FMAX_RTN => (Atomic::MaxF32, false),
        BUFFER_ATOMIC_PK_ADD_F16 | FLAT_ATOMIC_PK_ADD_F16 | FLAT_ATOMIC_PK_ADD_F16_RTN | GLOBAL_ATOMIC_PK_ADD_F16 | GLOBAL_ATOMIC_PK_ADD_F16_RTN => (Atomic::PkAddF16, false),
        FLAT_ATOMIC_PK_ADD_BF16 | FLAT_ATOMIC_PK_ADD_BF16_RTN | GLOBAL_ATOMIC_PK_ADD_BF16 | GLOBAL_ATOMIC_PK_ADD_BF16_RTN => (Atomic::PkAddBf16, false),
        BUFFER_ATOMIC_CSUB | GLOBAL_ATOMIC_CSUB | GLOBAL_ATOMIC_CSUB_RTN => (Atomic::CSub, false),
        BUFFER_ATOMIC_FCMPSWAP | FLAT_ATOMIC_FCMPSWAP | FLAT_ATOMIC_FCMPSWAP_RTN | GLOBAL_ATOMIC_FCMPSWAP | GLOBAL_ATOMIC_FCMPSWAP_RTN => (Atomic::CmpSwapF32, false),
        _ => return None,
    })
}

/// The operation, width (64-bit) and whether it returns the old value, of
/// an LDS atomic. GFX9 `ds_cmpst` takes (compare, new) and GFX11
/// `ds_cmpstore` (new, compare).
#[rustfmt::skip]
fn ds_atomic_kind(op: Op) -> Option<(Atomic, bool, bool)> {
    use Op::*;
    Some(match op {
        DS_ADD_U32 => (Atomic::Add, false, false),
        DS_SUB_U32 => (Atomic::Sub, false, false),
        DS_INC_U32 => (Atomic::Inc, false, false),
        DS_DEC_U32 => (Atomic::Dec, false, false),
        DS_MIN_I32 => (Atomic::SMin, false, false),
        DS_MAX_I32 => (Atomic::SMax, false, false),
        DS_MIN_U32 => (Atomic::UMin, false, false),
        DS_MAX_U32 => (Atomic::UMax, false, false),
        DS_AND_B32 => (Atomic::And, false, false),
        DS_OR_B32 => (Atomic::Or, false, false),
        DS_XOR_B32 => (Atomic::Xor, false, false),
        DS_CMPST_B32 | DS_CMPST_F32 => (Atomic::CmpStore, false, false),
        DS_MIN_F32 => (Atomic::MinF32, false, false),
        DS_MAX_F32 => (Atomic::MaxF32, false, false),
        DS_ADD_F32 => (Atomic::AddF32, false, false),
        DS_RSUB_U32 => (Atomic::RSub, false, false),
        DS_MSKOR_B32 => (Atomic::MskOr, false, false),
        DS_PK_ADD_F16 => (Atomic::PkAddF16, false, false),
        DS_PK_ADD_BF16 => (Atomic::PkAddBf16, false, false),
        DS_RSUB_RTN_U32 => (Atomic::RSub, false, true),
        DS_WRAP_RTN_B32 => (Atomic::Wrap, false, true),
        DS_MSKOR_RTN_B32 => (Atomic::MskOr, false, true),
        DS_PK_ADD_RTN_F16 => (Atomic::PkAddF16, false, true),
        DS_PK_ADD_RTN_BF16 => (Atomic::PkAddBf16, false, true),
        DS_RSUB_U64 => (Atomic::RSub, true, false),
        DS_MSKOR_B64 => (Atomic::MskOr, true, false),
        DS_RSUB_RTN_U64 => (Atomic::RSub, true, true),
        DS_MSKOR_RTN_B64 => (Atomic::MskOr, true, true),
        DS_ADD_RTN_U32 => (Atomic::Add, false, true),
        DS_SUB_RTN_U32 => (Atomic::Sub, false, true),
        DS_INC_RTN_U32 => (Atomic::Inc, false, true),
        DS_DEC_RTN_U32 => (Atomic::Dec, false, true),
        DS_MIN_RTN_I32 => (Atomic::SMin, false, true),
        DS_MAX_RTN_I32 => (Atomic::SMax, false, true),
        DS_MIN_RTN_U32 => (Atomic::UMin, false, true),
        DS_MAX_RTN_U32 => (Atomic::UMax, false, true),
        DS_AND_RTN_B32 => (Atomic::And, false, true),
        DS_OR_RTN_B32 => (Atomic::Or, false, true),
        DS_XOR_RTN_B32 => (Atomic::Xor, false, true),
        DS_WRXCHG_RTN_B32 => (Atomic::Swap, false, true),
        DS_CMPST_RTN_B32 | DS_CMPST_RTN_F32 => (Atomic::CmpStore, false, true),
        DS_MIN_RTN_F32 => (Atomic::MinF32, false, true),
        DS_MAX_RTN_F32 => (Atomic::MaxF32, false, true),
        DS_ADD_RTN_F32 => (Atomic::AddF32, false, true),
        DS_ADD_U64 => (Atomic::Add, true, false),
        DS_SUB_U64 => (Atomic::Sub, true, false),
        DS_INC_U64 => (Atomic::Inc, true, false),
        DS_DEC_U64 => (Atomic::Dec, true, false),
        DS_MIN_I64 => (Atomic::SMin, true, false),
        DS_MAX_I64 => (Atomic::SMax, true, false),
        DS_MIN_U64 => (Atomic::UMin, true, false),
        DS_MAX_U64 => (Atomic::UMax, true, false),
        DS_AND_B64 => (Atomic::And, true, false),
        DS_OR_B64 => (Atomic::Or, true, false),
        DS_XOR_B64 => (Atomic::Xor, true, false),
        DS_CMPST_B64 | DS_CMPST_F64 => (Atomic::CmpStore, true, false),
        DS_MIN_F64 => (Atomic::MinF64, true, false),
        DS_MAX_F64 => (Atomic::MaxF64, true, false),
        DS_ADD_F64 => (Atomic::AddF64, true, false),
        DS_ADD_RTN_U64 => (Atomic::Add, true, true),
        DS_SUB_RTN_U64 => (Atomic::Sub, true, true),
        DS_INC_RTN_U64 => (Atomic::Inc, true, true),
        DS_DEC_RTN_U64 => (Atomic::Dec, true, true),
        DS_MIN_RTN_I64 => (Atomic::SMin, true, true),
        DS_MAX_RTN_I64 => (Atomic::SMax, true, true),
        DS_MIN_RTN_U64 => (Atomic::UMin, true, true),
        DS_MAX_RTN_U64 => (Atomic::UMax, true, true),
        DS_AND_RTN_B64 => (Atomic::And, true, true),
        DS_OR_RTN_B64 => (Atomic::Or, true, true),
        DS_XOR_RTN_B64 => (Atomic::Xor, true, true),
        DS_WRXCHG_RTN_B64 => (Atomic::Swap, true, true),
        DS_CMPST_RTN_B64 | DS_CMPST_RTN_F64 => (Atomic::CmpStore, true, true),
        DS_MIN_RTN_F64 => (Atomic::MinF64, true, true),
        DS_MAX_RTN_F64 => (Atomic::MaxF64, true, true),
        DS_ADD_RTN_F64 => (Atomic::AddF64, true, true),
        DS_CMPSTORE_B32 | DS_CMPSTORE_F32 => (Atomic::CmpSwap, false, false),
        DS_CMPSTORE_RTN_B32 | DS_CMPSTORE_RTN_F32 => (Atomic::CmpSwap, false, true),
        DS_CMPSTORE_B64 | DS_CMPSTORE_F64 => (Atomic::CmpSwap, true, false),
        DS_CMPSTORE_RTN_B64 | DS_CMPSTORE_RTN_F64 => (Atomic::CmpSwap, true, true),
        _ => return None,
    })
}

/// Whether a FLAT, GLOBAL, SCRATCH or buffer operation is a plain load (or
/// store), and its width and extension bits.
#[rustfmt::skip]
pub(crate) fn load_store_aux(op: Op) -> Option<(bool, u32)> {
    use Op::*;
    Some(match op {
        BUFFER_LOAD_UBYTE | BUFFER_LOAD_UBYTE_LDS | FLAT_LOAD_UBYTE | GLOBAL_LOAD_UBYTE | SCRATCH_LOAD_UBYTE => (true, 1),
        BUFFER_LOAD_SBYTE | BUFFER_LOAD_SBYTE_LDS | FLAT_LOAD_SBYTE | GLOBAL_LOAD_SBYTE | SCRATCH_LOAD_SBYTE => (true, 1 | SIGN),
        BUFFER_LOAD_USHORT | BUFFER_LOAD_USHORT_LDS | FLAT_LOAD_USHORT | GLOBAL_LOAD_USHORT | SCRATCH_LOAD_USHORT => (true, 2),
        BUFFER_LOAD_SSHORT | BUFFER_LOAD_SSHORT_LDS | FLAT_LOAD_SSHORT | GLOBAL_LOAD_SSHORT | SCRATCH_LOAD_SSHORT => (true, 2 | SIGN),
        BUFFER_LOAD_DWORD | BUFFER_LOAD_DWORD_LDS | FLAT_LOAD_DWORD | GLOBAL_LOAD_DWORD | SCRATCH_LOAD_DWORD => (true, 4),
        BUFFER_LOAD_DWORDX2 | FLAT_LOAD_DWORDX2 | GLOBAL_LOAD_DWORDX2 | SCRATCH_LOAD_DWORDX2 => (true, 8),
        BUFFER_LOAD_DWORDX3 | FLAT_LOAD_DWORDX3 | GLOBAL_LOAD_DWORDX3 | SCRATCH_LOAD_DWORDX3 => (true, 12),
        BUFFER_LOAD_DWORDX4 | FLAT_LOAD_DWORDX4 | GLOBAL_LOAD_DWORDX4 | SCRATCH_LOAD_DWORDX4 => (true, 16),
        BUFFER_STORE_BYTE | FLAT_STORE_BYTE | GLOBAL_STORE_BYTE | SCRATCH_STORE_BYTE => (false, 1),
        BUFFER_STORE_BYTE_D16_HI | FLAT_STORE_BYTE_D16_HI | GLOBAL_STORE_BYTE_D16_HI | SCRATCH_STORE_BYTE_D16_HI => (false, 1 | D16_HI),
        BUFFER_STORE_SHORT | FLAT_STORE_SHORT | GLOBAL_STORE_SHORT | SCRATCH_STORE_SHORT => (false, 2),
        BUFFER_STORE_SHORT_D16_HI | FLAT_STORE_SHORT_D16_HI | GLOBAL_STORE_SHORT_D16_HI | SCRATCH_STORE_SHORT_D16_HI => (false, 2 | D16_HI),
        BUFFER_STORE_DWORD | FLAT_STORE_DWORD | GLOBAL_STORE_DWORD | SCRATCH_STORE_DWORD => (false, 4),
        BUFFER_STORE_DWORDX2 | FLAT_STORE_DWORDX2 | GLOBAL_STORE_DWORDX2 | SCRATCH_STORE_DWORDX2 => (false, 8),
        BUFFER_STORE_DWORDX3 | FLAT_STORE_DWORDX3 | GLOBAL_STORE_DWORDX3 | SCRATCH_STORE_DWORDX3 => (false, 12),
        BUFFER_STORE_DWORDX4 | FLAT_STORE_DWORDX4 | GLOBAL_STORE_DWORDX4 | SCRATCH_STORE_DWORDX4 => (false, 16),
        BUFFER_LOAD_UBYTE_D16 | FLAT_LOAD_UBYTE_D16 | GLOBAL_LOAD_UBYTE_D16 | SCRATCH_LOAD_UBYTE_D16 => (true, 1 | D16),
        BUFFER_LOAD_UBYTE_D16_HI | FLAT_LOAD_UBYTE_D16_HI | GLOBAL_LOAD_UBYTE_D16_HI | SCRATCH_LOAD_UBYTE_D16_HI => (true, 1 | D16_HI),
        BUFFER_LOAD_SBYTE_D16 | FLAT_LOAD_SBYTE_D16 | GLOBAL_LOAD_SBYTE_D16 | SCRATCH_LOAD_SBYTE_D16 => (true, 1 | SIGN | D16),
        BUFFER_LOAD_SBYTE_D16_HI | FLAT_LOAD_SBYTE_D16_HI | GLOBAL_LOAD_SBYTE_D16_HI | SCRATCH_LOAD_SBYTE_D16_HI => (true, 1 | SIGN | D16_HI),
        BUFFER_LOAD_SHORT_D16 | FLAT_LOAD_SHORT_D16 | GLOBAL_LOAD_SHORT_D16 | SCRATCH_LOAD_SHORT_D16 => (true, 2 | D16),
        BUFFER_LOAD_SHORT_D16_HI | FLAT_LOAD_SHORT_D16_HI | GLOBAL_LOAD_SHORT_D16_HI | SCRATCH_LOAD_SHORT_D16_HI => (true, 2 | D16_HI),
        _ => return None,
    })
}
