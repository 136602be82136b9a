//! Memory instruction semantics: scalar loads, LDS (DS), and FLAT/GLOBAL/SCRATCH loads, stores and atomics.

use super::*;

/// Memory instruction semantics, by family and mnemonic.
pub(super) fn semantics(name: &str, family: Family) -> Sem {
    if matches!(family, Family::Mubuf | Family::Mtbuf) {
        if let Some(s) = crate::buffer::semantics(name, family) {
            return Some(s);
        }
    }
    let vmem = matches!(family, Family::Flat | Family::Global | Family::Scratch);
    if family == Family::Smem {
        let n = match name {
            "s_load_dword" | "s_load_b32" | "s_buffer_load_dword" | "s_buffer_load_b32" => 1,
            "s_load_dwordx2" | "s_load_b64" | "s_buffer_load_dwordx2" | "s_buffer_load_b64" => 2,
            "s_load_dwordx4" | "s_load_b128" | "s_buffer_load_dwordx4" | "s_buffer_load_b128" => 4,
            "s_load_dwordx8" | "s_load_b256" | "s_buffer_load_dwordx8" | "s_buffer_load_b256" => 8,
            "s_load_dwordx16" | "s_load_b512" | "s_buffer_load_dwordx16" | "s_buffer_load_b512" => {
                16
            }
            "s_dcache_inv" | "s_dcache_wb" | "s_gl1_inv" | "s_dcache_inv_vol"
            | "s_dcache_wb_vol" => return hx!(0, nop),
            "s_memtime" | "s_memrealtime" => return None,
            _ => return None,
        };
        let buf = if name.starts_with("s_buffer") { BUF } else { 0 };
        return hx!(n | buf, |e: &mut Exec| e.smem_load());
    }
    if vmem {
        // Strip the segment prefix; the rest names the operation.
        let op = name.split_once('_').map(|(_, r)| r)?;
        return match load_store_aux(op) {
            Some((true, aux)) => hx!(aux, |e: &mut Exec| e.vmem_load()),
            Some((false, aux)) => hx!(aux, |e: &mut Exec| e.vmem_store()),
            None => {
                let a = op.strip_prefix("atomic_")?;
                let (at, wide) = vmem_atomic_kind(a)?;
                hx!(at as u32 | if wide { WIDE } else { 0 }, |e: &mut Exec| e
                    .vmem_atomic())
            }
        };
    }
    if family == Family::Ds {
        let read = |aux: u32| hx!(aux, |e: &mut Exec| e.ds_read());
        let write = |aux: u32| hx!(aux, |e: &mut Exec| e.ds_write());
        return match name {
            "ds_read_b32" | "ds_load_b32" => read(4),
            "ds_read_b64" | "ds_load_b64" => read(8),
            "ds_read_b96" | "ds_load_b96" => read(12),
            "ds_read_b128" | "ds_load_b128" => read(16),
            "ds_read_u8" | "ds_load_u8" => read(1),
            "ds_read_i8" | "ds_load_i8" => read(1 | SIGN),
            "ds_read_u16" | "ds_load_u16" => read(2),
            "ds_read_i16" | "ds_load_i16" => read(2 | SIGN),
            "ds_read_u16_d16" | "ds_load_u16_d16" => read(2 | D16),
            "ds_read_u16_d16_hi" | "ds_load_u16_d16_hi" => read(2 | D16_HI),
            "ds_write_b32" | "ds_store_b32" => write(4),
            "ds_write_b64" | "ds_store_b64" => write(8),
            "ds_write_b96" | "ds_store_b96" => write(12),
            "ds_write_b128" | "ds_store_b128" => write(16),
            "ds_write_b8" | "ds_store_b8" => write(1),
            "ds_write_b16" | "ds_store_b16" => write(2),
            "ds_write_b8_d16_hi" | "ds_store_b8_d16_hi" => write(1 | D16_HI),
            "ds_write_b16_d16_hi" | "ds_store_b16_d16_hi" => write(2 | D16_HI),
            "ds_read2_b32" | "ds_load_2addr_b32" => hx!(4, |e: &mut Exec| e.ds_read2()),
            "ds_read2_b64" | "ds_load_2addr_b64" => hx!(8, |e: &mut Exec| e.ds_read2()),
            "ds_read2st64_b32" | "ds_load_2addr_stride64_b32" => {
                hx!(4 | ST64, |e: &mut Exec| e.ds_read2())
            }
            "ds_read2st64_b64" | "ds_load_2addr_stride64_b64" => {
                hx!(8 | ST64, |e: &mut Exec| e.ds_read2())
            }
            "ds_write2_b32" | "ds_store_2addr_b32" => hx!(4, |e: &mut Exec| e.ds_write2()),
            "ds_write2_b64" | "ds_store_2addr_b64" => hx!(8, |e: &mut Exec| e.ds_write2()),
            "ds_write2st64_b32" | "ds_store_2addr_stride64_b32" => {
                hx!(4 | ST64, |e: &mut Exec| e.ds_write2())
            }
            "ds_write2st64_b64" | "ds_store_2addr_stride64_b64" => {
                hx!(8 | ST64, |e: &mut Exec| e.ds_write2())
            }
            "ds_bpermute_b32" => hx!(0, |e: &mut Exec| e.ds_permute()),
            "ds_permute_b32" => hx!(1, |e: &mut Exec| e.ds_permute()),
            "ds_swizzle_b32" => hx!(0, |e: &mut Exec| e.ds_swizzle()),
            "ds_nop" => hx!(0, nop),
            _ => {
                let a = name.strip_prefix("ds_")?;
                let (a, rtn) = match a
                    .strip_suffix("_rtn_u32")
                    .map(|r| (r, "_u32"))
                    .or_else(|| a.strip_suffix("_rtn_u64").map(|r| (r, "_u64")))
                    .or_else(|| a.strip_suffix("_rtn_b32").map(|r| (r, "_b32")))
                    .or_else(|| a.strip_suffix("_rtn_b64").map(|r| (r, "_b64")))
                    .or_else(|| a.strip_suffix("_rtn_i32").map(|r| (r, "_i32")))
                    .or_else(|| a.strip_suffix("_rtn_i64").map(|r| (r, "_i64")))
                    .or_else(|| a.strip_suffix("_rtn_f32").map(|r| (r, "_f32")))
                    .or_else(|| a.strip_suffix("_rtn_f64").map(|r| (r, "_f64")))
                    .or_else(|| a.strip_suffix("_rtn_f16").map(|r| (r, "_f16")))
                    .or_else(|| a.strip_suffix("_rtn_bf16").map(|r| (r, "_bf16")))
                {
                    Some((r, sfx)) => (format!("{}{}", r.strip_prefix("").unwrap_or(r), sfx), true),
                    None => (a.to_string(), false),
                };
                let (op, ty) = a.rsplit_once('_')?;
                // (The two-address `storexchg_2addr` forms are ds_extra.rs's.)
                let (op, ty) = match (op == "storexchg").then_some(("swap", ty)) {
                    Some(x) => x,
                    None => match op {
                        "wrxchg" => ("swap", ty),
                        "cmpst" => ("cmpst", ty),
                        "cmpstore" => ("cmpswap", ty),
                        o => (o, ty),
                    },
                };
                let wide = matches!(ty, "u64" | "i64" | "b64" | "f64");
                let at = match (op, ty) {
                    ("add", "f32") => Atomic::AddF32,
                    ("add", "f64") => Atomic::AddF64,
                    ("min", "f32") => Atomic::MinF32,
                    ("max", "f32") => Atomic::MaxF32,
                    ("min", "f64") => Atomic::MinF64,
                    ("max", "f64") => Atomic::MaxF64,
                    ("min", "i32" | "i64") => Atomic::SMin,
                    ("max", "i32" | "i64") => Atomic::SMax,
                    ("min", _) => Atomic::UMin,
                    ("max", _) => Atomic::UMax,
                    ("cmpst", _) => Atomic::CmpStore,
                    ("pk_add", "f16") => Atomic::PkAddF16,
                    ("pk_add", "bf16") => Atomic::PkAddBf16,
                    ("rsub", _) => Atomic::RSub,
                    ("mskor", _) => Atomic::MskOr,
                    (o, _) => atomic_kind(o)?,
                };
                hx!(
                    at as u32 | if wide { WIDE } else { 0 } | if rtn { RTN } else { 0 },
                    |e: &mut Exec| e.ds_atomic()
                )
            }
        };
    }
    None
}

pub(crate) fn vmem_atomic_kind(a: &str) -> Option<(Atomic, bool)> {
    if let Some(r) = a.strip_suffix("_x2") {
        let at = atomic_kind(r)?;
        return Some((at, true));
    }
    if let Some((op, ty)) = a.rsplit_once('_') {
        let wide = matches!(ty, "u64" | "i64" | "b64" | "f64");
        let at = match (op, ty) {
            ("min", "i32" | "i64") => Some(Atomic::SMin),
            ("max", "i32" | "i64") => Some(Atomic::SMax),
            ("min", "u32" | "u64") => Some(Atomic::UMin),
            ("max", "u32" | "u64") => Some(Atomic::UMax),
            ("add", "f32") => Some(Atomic::AddF32),
            ("add", "f64") => Some(Atomic::AddF64),
            ("min", "f64") | ("min_num", "f64") => Some(Atomic::MinF64),
            ("max", "f64") | ("max_num", "f64") => Some(Atomic::MaxF64),
            ("min", "f32") | ("min_num", "f32") => Some(Atomic::MinF32),
            ("max", "f32") | ("max_num", "f32") => Some(Atomic::MaxF32),
            ("pk_add", "f16") => Some(Atomic::PkAddF16),
            ("pk_add", "bf16") => Some(Atomic::PkAddBf16),
            ("csub", "u32") => Some(Atomic::CSub),
            (
                "inc" | "dec" | "add" | "sub" | "and" | "or" | "xor" | "swap" | "cmpswap",
                "u32" | "u64" | "b32" | "b64" | "i32" | "i64",
            ) => atomic_kind(op),
            _ => None,
        };
        if let Some(at) = at {
            return Some((at, wide));
        }
    }
    let at = atomic_kind(a)?;
    Some((
        at,
        matches!(at, Atomic::AddF64 | Atomic::MinF64 | Atomic::MaxF64),
    ))
}

pub(super) fn atomic_kind(a: &str) -> Option<Atomic> {
    Some(match a {
        "swap" => Atomic::Swap,
        "cmpswap" => Atomic::CmpSwap,
        "add" => Atomic::Add,
        "sub" => Atomic::Sub,
        "smin" | "min_i" => Atomic::SMin,
        "umin" | "min_u" => Atomic::UMin,
        "smax" | "max_i" => Atomic::SMax,
        "umax" | "max_u" => Atomic::UMax,
        "and" => Atomic::And,
        "or" => Atomic::Or,
        "xor" => Atomic::Xor,
        "inc" => Atomic::Inc,
        "dec" => Atomic::Dec,
        "add_f32" => Atomic::AddF32,
        "add_f64" => Atomic::AddF64,
        "min_f64" | "fmin_x2" => Atomic::MinF64,
        "max_f64" | "fmax_x2" => Atomic::MaxF64,
        "fmin" | "min_f32" | "min_num_f32" => Atomic::MinF32,
        "fmax" | "max_f32" | "max_num_f32" => Atomic::MaxF32,
        _ => return None,
    })
}

/// Whether a FLAT/GLOBAL/SCRATCH or buffer operation (its mnemonic without
/// the segment prefix) loads, and its width and extension bits, for the
/// plain loads and stores.
pub(crate) fn load_store_aux(op: &str) -> Option<(bool, u32)> {
    Some(match op {
        "load_dword" | "load_b32" => (true, 4),
        "load_dwordx2" | "load_b64" => (true, 8),
        "load_dwordx3" | "load_b96" => (true, 12),
        "load_dwordx4" | "load_b128" => (true, 16),
        "load_ubyte" | "load_u8" => (true, 1),
        "load_sbyte" | "load_i8" => (true, 1 | SIGN),
        "load_ushort" | "load_u16" => (true, 2),
        "load_sshort" | "load_i16" => (true, 2 | SIGN),
        "load_short_d16" | "load_d16_b16" => (true, 2 | D16),
        "load_short_d16_hi" | "load_d16_hi_b16" => (true, 2 | D16_HI),
        "load_ubyte_d16" | "load_d16_u8" => (true, 1 | D16),
        "load_ubyte_d16_hi" | "load_d16_hi_u8" => (true, 1 | D16_HI),
        "load_sbyte_d16" | "load_d16_i8" => (true, 1 | SIGN | D16),
        "load_sbyte_d16_hi" | "load_d16_hi_i8" => (true, 1 | SIGN | D16_HI),
        "store_dword" | "store_b32" => (false, 4),
        "store_dwordx2" | "store_b64" => (false, 8),
        "store_dwordx3" | "store_b96" => (false, 12),
        "store_dwordx4" | "store_b128" => (false, 16),
        "store_byte" | "store_b8" => (false, 1),
        "store_short" | "store_b16" => (false, 2),
        "store_byte_d16_hi" | "store_d16_hi_b8" => (false, 1 | D16_HI),
        "store_short_d16_hi" | "store_d16_hi_b16" => (false, 2 | D16_HI),
        _ => return None,
    })
}
