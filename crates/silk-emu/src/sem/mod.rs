//! The semantic table: every instruction the emulator executes, keyed by
//! its cross-generation [`Op`] and built once per processor, one entry per
//! opcode-table row. An opcode missing here is reported as
//! "unsupported instruction" when a kernel reaches it.
//!
//! Precision: integer ops and IEEE add/sub/mul/fma/div/sqrt are bit-exact
//! (round to nearest even, denormals kept as the descriptors clang emits
//! ask). Transcendentals (`v_exp`, `v_log`, `v_sin`, `v_cos`, `v_rcp`,
//! `v_rsq`) are computed in f64 and rounded once, so they are within the
//! ISA's documented 1 ULP of the exact result but need not match the
//! hardware's bits. `v_div_scale` never scales and `v_div_fixup` returns
//! the correctly rounded quotient (what the full clang division sequence
//! yields on hardware).

macro_rules! hx {
    ($aux:expr, $f:expr) => {
        Some(($f as Handler, $aux))
    };
    ($f:expr) => {
        Some(($f as Handler, 0))
    };
}

mod compare;
mod control;
mod convert;
mod dot;
mod ds_extra;
mod gpr_idx;
mod half;
mod isa_extra;
mod lanes;
mod mem_ops;
mod num;
mod packed;
mod scalar;
mod smem_ops;
mod vfloat;
mod vint;

pub(crate) use gpr_idx::offset as gpr_idx_offset;
pub(crate) use isa_extra::{mskor, pk_add_bf16, pk_add_f16};
pub(crate) use mem_ops::{load_store_aux, vmem_atomic_kind};
pub use num::{fma32, fma64, fmax32, fmax64, fmin32, fmin64};
pub(crate) use num::{from_snorm, from_unorm, to_snorm, to_unorm};

use compare::*;
use control::*;
use half::*;
use num::*;
use vint::*;

use crate::error::{FaultKind, Result};
use crate::exec::{f16_from_f32, f16_to_f32, Exec, Fk, Handler, MaskDst, Src};
use crate::mem_inst::{Atomic, BUF, D16, D16_HI, RTN, SIGN, ST64, WIDE};
use silk_amdgpu::isa::format::Field;
use silk_amdgpu::isa::{table, Family, Flags, Op, Opcode, Operand};
use silk_amdgpu::target::{Generation, Processor};

/// The per-opcode semantics of one processor.
pub struct SemTable {
    pub entries: Vec<Option<(Handler, u32)>>,
    /// Hazard classes (shared with the compiler, see
    /// [`silk_amdgpu::hazard::table_classes`]) and MFMA pass counts (from
    /// the opcode table) per opcode.
    pub hazard_classes: Vec<(silk_amdgpu::hazard::Classes, u8)>,
}

impl SemTable {
    pub fn new(processor: Processor) -> SemTable {
        let gen = processor.generation();
        let entries = table::table(gen)
            .iter()
            .enumerate()
            .map(|(row, info)| {
                if !info.on(processor) {
                    return None;
                }
                let op = Op::of(gen, Opcode(row as u16))?;
                semantics(op, info.family, info.flags)
                    .or_else(|| isa_extra::semantics(op))
                    .or_else(|| smem_ops::semantics(op))
                    .or_else(|| gpr_idx::semantics(op))
                    .or_else(|| ds_extra::semantics(op))
            })
            .collect();
        let classes = silk_amdgpu::hazard::table_classes(gen);
        let hazard_classes = table::table(gen)
            .iter()
            .zip(classes)
            .map(|(info, &c)| (c, info.mfma_passes().unwrap_or(0)))
            .collect();
        SemTable {
            entries,
            hazard_classes,
        }
    }

    /// Mnemonics this processor's table can execute.
    pub fn supported(&self, processor: Processor) -> Vec<&'static str> {
        let t = table::table(processor.generation());
        self.entries
            .iter()
            .enumerate()
            .filter(|(_, e)| e.is_some())
            .map(|(i, _)| t[i].name)
            .collect()
    }
}

type Sem = Option<(Handler, u32)>;

/// The semantics of one instruction (its family and flags from the row).
fn semantics(op: Op, family: Family, flags: Flags) -> Sem {
    if let Some(aux) = cmp_aux(op, flags) {
        return hx!(aux, vcmp);
    }
    if let Some(shape) = crate::matrix::mfma_shape(op) {
        return hx!(shape.aux(), |e: &mut Exec| e.mfma());
    }
    if let Some(aux) = crate::matrix::sparse::smfmac_aux(op) {
        return hx!(aux, |e: &mut Exec| e.smfmac());
    }
    use crate::matrix::{BF16, F16, HALF_OUT, I4, I8};
    let wmma = match op {
        Op::V_WMMA_F32_16X16X16_F16_twoaddr_w32 => Some(F16),
        Op::V_WMMA_F32_16X16X16_BF16_twoaddr_w32 => Some(BF16),
        Op::V_WMMA_I32_16X16X16_IU8_twoaddr_w32 => Some(I8),
        Op::V_WMMA_I32_16X16X16_IU4_twoaddr_w32 => Some(I4),
        Op::V_WMMA_F16_16X16X16_F16_twoaddr_w32 => Some(F16 | HALF_OUT),
        Op::V_WMMA_BF16_16X16X16_BF16_twoaddr_w32 => Some(BF16 | HALF_OUT),
        _ => None,
    };
    if let Some(aux) = wmma {
        return hx!(aux, |e: &mut Exec| e.wmma());
    }
    if let Some(s) = mem_ops::semantics(op, family) {
        return Some(s);
    }
    control::semantics(op)
        .or_else(|| scalar::semantics(op))
        .or_else(|| lanes::semantics(op))
        .or_else(|| vint::semantics(op))
        .or_else(|| vfloat::semantics(op))
        .or_else(|| half::semantics(op))
        .or_else(|| packed::semantics(op))
        .or_else(|| convert::semantics(op))
        .or_else(|| dot::semantics(op))
}

/// Placeholder keeping the DPP/SDWA rejection path in one place.
pub fn reject_variant(e: &mut Exec) -> Result<()> {
    unsupported_form(e)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fma32_matches_the_exact_fma() {
        // A xorshift stream of bit patterns, plus sums built to land exactly
        // halfway between two f32 values in f64 (the double-rounding case).
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..200_000 {
            let r = next();
            let (a, b, c) = (
                f32::from_bits(r as u32),
                f32::from_bits((r >> 32) as u32),
                f32::from_bits(next() as u32),
            );
            let (got, want) = (fma32(a, b, c), fma32_exact(a, b, c));
            assert!(
                got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan()),
                "{a:e} * {b:e} + {c:e}: {got:e} vs {want:e}"
            );
        }
        // a * b = 2^-24 (1 - 2^-46): c + a * b rounds in f64 to exactly
        // halfway between c and its neighbour; the true value is just
        // below it. Naive double rounding gets odd c wrong.
        let a = 1.0 + f32::EPSILON;
        let b = f32::from_bits(0x337f_fffe);
        let mut naive_wrong = 0;
        for _ in 0..20_000 {
            let m = next() as u32 & 0x7f_ffff;
            for c in [
                f32::from_bits(0x3f80_0000 | m),
                -f32::from_bits(0x3f80_0000 | m),
            ] {
                for (a, b) in [(a, b), (-a, b)] {
                    let want = fma32_exact(a, b, c);
                    assert_eq!(
                        fma32(a, b, c).to_bits(),
                        want.to_bits(),
                        "{a:e} {b:e} {c:e}"
                    );
                    naive_wrong += ((a as f64 * b as f64 + c as f64) as f32 != want) as u32;
                }
            }
        }
        assert!(naive_wrong > 1000, "the midpoint case was not exercised");
    }
}
