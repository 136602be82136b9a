//! Memory-instruction operands and modifiers: SMEM offsets, the
//! cache-policy modifiers and buffer addresses.

use super::*;

/// A cache-policy modifier: its bit and whether it sets it (`sc0`) or
/// names it clear (`nosc0`). gfx942 spells the vector-memory bits `sc0`,
/// `sc1`, `nt` and its SMEM bit `glc` (CDNA3 ISA §9.1.10 "Memory Scope
/// and Temporal Controls"); GFX11 `glc`, `slc`, `dlc`.
pub(super) fn cache_policy(gen: Generation, family: Family, key: &str) -> Option<(ModBit, bool)> {
    let (name, set) = match key.strip_prefix("no") {
        Some(n) => (n, false),
        None => (key, true),
    };
    let b = match (gen, name) {
        (Generation::Gfx9, "glc") if family == Family::Smem => ModBit::Glc,
        (Generation::Gfx9, "sc0") if family != Family::Smem => ModBit::Glc,
        (Generation::Gfx9, "sc1") if family != Family::Smem => ModBit::Sc1,
        (Generation::Gfx9, "nt") if family != Family::Smem => ModBit::Slc,
        (Generation::Gfx11, "glc") => ModBit::Glc,
        (Generation::Gfx11, "slc") => ModBit::Slc,
        (Generation::Gfx11, "dlc") => ModBit::Dlc,
        _ => return None,
    };
    Some((b, set))
}

impl Parser<'_> {
    /// The SOFFSET operand of an immediate SMEM offset (in `mods.offset`):
    /// none on gfx942 (the IMM bit), `null` on GFX11.
    pub(super) fn smem_imm_offset(&self) -> Operand {
        match self.gen {
            Generation::Gfx9 => Operand::None,
            Generation::Gfx11 => Operand::sgpr(operand::null_code(self.gen)),
        }
    }

    /// SMEM offset operand: an SGPR (`s5`, `null`) or an immediate; an
    /// SGPR may be followed by `offset:` among the modifiers.
    pub(super) fn smem_offset(
        &mut self,
        mods: &mut Mods,
        col: usize,
    ) -> Result<Operand, ParseError> {
        let (neg, abs, v) = self.operand_value()?;
        if neg || abs {
            return self.fail(col, || "source modifiers are not allowed here".into());
        }
        match v {
            Value::Reg { code, count: 1, .. } if code < VGPR0 => Ok(Operand::sgpr(code)),
            Value::Int(i) => {
                mods.offset = i as i32;
                Ok(self.smem_imm_offset())
            }
            other => self.fail(col, || {
                format!("invalid SMEM offset {}", describe(self.s, &other))
            }),
        }
    }

    /// A buffer instruction's VGPR address is read only with `offen` or
    /// `idxen` (CDNA3 / RDNA3 ISA "Buffer instructions"); llvm-mc 22
    /// rejects it without either rather than dropping it.
    pub(super) fn check_buffer_vaddr(
        &self,
        info: &OpInfo,
        specs: &[OperandSpec],
        inst: &Inst,
        cols: &[usize; MAX_OPERANDS],
        no_vaddr: bool,
    ) -> Result<(), ParseError> {
        if !matches!(info.family, Family::Mubuf | Family::Mtbuf) || no_vaddr {
            return Ok(());
        }
        let addr = specs
            .iter()
            .take(MAX_OPERANDS)
            .position(|o| o.field == Field::Addr);
        let (offen, idxen) = (
            format::mod_bit(ModBit::Offen),
            format::mod_bit(ModBit::Idxen),
        );
        if let Some(a) = addr.filter(|_| inst.mods.mem & (offen | idxen) == 0) {
            return self.fail(cols[a], || {
                "a VGPR address needs `offen` or `idxen` (or write `off`)".into()
            });
        }
        Ok(())
    }
}

impl Parser<'_> {
    /// Two-address DS opcodes take `offset0:`/`offset1:` and no `offset:`,
    /// the others the reverse (both generations).
    pub(super) fn ds_offset_key(
        &self,
        info: &OpInfo,
        key: &str,
        col: usize,
    ) -> Result<(), ParseError> {
        let two = info.flags.has(Flags::DS_OFFSET2);
        let wrong = (key == "offset" && two) || (matches!(key, "offset0" | "offset1") && !two);
        if info.family == Family::Ds && wrong {
            return self.fail(col, || format!("`{key}:` is not valid for `{}`", info.name));
        }
        Ok(())
    }

    /// A buffer offset is the 12-bit unsigned field on both generations
    /// (llvm-mc 22 accepts more and keeps the low 12 bits: a defect we
    /// reject at the `offset:`).
    pub(super) fn buffer_offset(
        &self,
        info: &OpInfo,
        v: i64,
        col: usize,
    ) -> Result<i32, ParseError> {
        // (An opcode without operands, `buffer_inv`, has no offset.)
        if matches!(info.family, Family::Mubuf | Family::Mtbuf) && info.operands.is_empty() {
            return self.fail(col, || format!("`{}` takes no offset", info.name));
        }
        if matches!(info.family, Family::Mubuf | Family::Mtbuf) && !(0..4096).contains(&v) {
            return self.fail(col, || {
                format!(
                    "`{}`: offset {v} does not fit the 12-bit offset field",
                    info.name
                )
            });
        }
        Ok(v as i32)
    }

    /// A FLAT-segment offset is 12-bit unsigned on both generations (CDNA3
    /// and RDNA3 ISA, "Flat, Scratch and Global Instructions").
    pub(super) fn flat_offset(
        &self,
        info: &OpInfo,
        inst: &Inst,
        mods_at: usize,
    ) -> Result<(), ParseError> {
        if info.family == Family::Flat && !(0..4096).contains(&inst.mods.offset) {
            return self.fail(mods_at, || "a FLAT offset is 0..4095".into());
        }
        Ok(())
    }
}
