//! gfx942 rules llvm-mc 22 enforces beyond the operand kinds of the
//! table: no true16 register halves, the processor's cache-policy
//! spellings and which opcodes take them, no GDS, `sc0` as the return
//! bit of FLAT/GLOBAL/SCRATCH atomics, and one register file (VGPRs or
//! AGPRs) for a memory instruction's data (CDNA3 ISA §9.1.10 "Memory
//! Scope and Temporal Controls", §3.6.2 "VGPR and AGPR alignment").

use super::*;

/// A memory modifier bit written on gfx942 opcode `info`: `Some(true)`
/// when it is encoded, `Some(false)` when llvm-mc accepts the spelling
/// but encodes nothing (a bit the table says LLVM decodes and does not
/// print, as `nt` of `buffer_inv`), `None` when it is rejected.
pub(super) fn gfx9_mem_bit(info: &OpInfo, b: ModBit) -> Option<bool> {
    let f = format::mod_bit(b);
    let rejected = match b {
        // gfx942 has no global data share.
        ModBit::Gds => true,
        // `lds` selects the LDS-DMA opcode entries only.
        ModBit::Lds => !info.flags.has(Flags::LDS_DMA),
        _ => info.mods_rejected & f != 0,
    };
    if rejected || (info.family == Family::Smem && info.mods_ignored & f != 0) {
        return None;
    }
    Some(info.mods_ignored & f == 0)
}

impl Parser<'_> {
    /// `v1.l` / `v1.h` name 16-bit halves, which gfx942 does not have.
    pub(super) fn gfx9_operand(&self, v: &Value, col: usize) -> Result<(), ParseError> {
        match v {
            Value::Reg { half, .. } if *half != 0 && self.gen == Generation::Gfx9 => self
                .fail(col, || {
                    "16-bit register halves (`.l`, `.h`) are not supported on this processor".into()
                }),
            _ => Ok(()),
        }
    }

    /// A `key:` modifier the gfx942 opcode does not take: DS opcodes with
    /// two offsets take `offset0:`/`offset1:` and no `offset:`, the others
    /// the reverse.
    pub(super) fn gfx9_keyed(
        &self,
        info: &OpInfo,
        key: &str,
        col: usize,
    ) -> Result<(), ParseError> {
        if self.gen != Generation::Gfx9 {
            return Ok(());
        }
        // MFMA/SMFMAC take `cbsz`, `abid` and `blgp` (the f64 ones `neg`
        // in its place, SMFMAC none) and no other VOP3P modifier; the
        // other opcodes take none of the three.
        let mfma = info.flags.has(Flags::MFMA);
        let mfma_key = match key {
            "cbsz" | "abid" => true,
            "blgp" => {
                !info.flags.has(Flags::MFMA_NEG) && info.mods_rejected & table::VMOD_BLGP == 0
            }
            "neg" => info.flags.has(Flags::MFMA_NEG),
            _ => false,
        };
        if (mfma && !mfma_key) || (!mfma && matches!(key, "cbsz" | "abid" | "blgp")) {
            return self.fail(col, || format!("`{key}:` is not valid for `{}`", info.name));
        }
        if info.family != Family::Ds {
            return Ok(());
        }
        let two = info.flags.has(Flags::DS_OFFSET2);
        if (key == "offset" && two) || (matches!(key, "offset0" | "offset1") && !two) {
            return self.fail(col, || format!("`{key}:` is not valid for `{}`", info.name));
        }
        Ok(())
    }

    /// The whole-instruction rules of gfx942 memory instructions.
    pub(super) fn check_gfx9_mem(
        &self,
        info: &OpInfo,
        specs: &[OperandSpec],
        inst: &Inst,
        cols: &[usize; MAX_OPERANDS],
        mods_at: usize,
    ) -> Result<(), ParseError> {
        let memory = info.family.is_flat()
            || matches!(
                info.family,
                Family::Ds | Family::Mubuf | Family::Mtbuf | Family::Smem
            );
        if self.gen != Generation::Gfx9 || !memory {
            return Ok(());
        }
        // A buffer resource (a 4-dword base) takes no negative SMEM offset.
        let buffer = specs
            .iter()
            .any(|o| o.field == Field::Sbase && o.dwords == 4);
        if info.family == Family::Smem && buffer && inst.mods.offset < 0 {
            let col = specs.iter().position(|o| o.field == Field::Soffset);
            return self.fail(col.map_or(mods_at, |i| cols[i]), || {
                "a buffer's SMEM offset must not be negative".into()
            });
        }
        // Data and returned value are all VGPRs or all AGPRs.
        let mut file = None;
        for (i, spec) in specs.iter().enumerate().take(MAX_OPERANDS) {
            let Operand::Reg { code, .. } = inst.operands[i] else {
                continue;
            };
            if spec.kind != Kind::AVgpr || code < VGPR0 {
                continue;
            }
            let agpr = code >= AGPR0;
            if *file.get_or_insert(agpr) != agpr {
                return self.fail(cols[i], || {
                    "data and destination must be all VGPRs or all AGPRs".into()
                });
            }
        }
        // `offset0`/`offset1` are 8-bit fields.
        let m = &inst.mods;
        if info.flags.has(Flags::DS_OFFSET2) && (m.offset > 255 || m.offset1 > 255 || m.offset < 0)
        {
            return self.fail(mods_at, || "DS offset0 and offset1 must be 0..255".into());
        }
        // A FLAT/GLOBAL/SCRATCH atomic returns its old value exactly when
        // `sc0` is set: the returning opcode needs it, the other takes none.
        let sc0 = inst.mods.mem & format::mod_bit(ModBit::Glc) != 0;
        if info.family.is_flat() && info.flags.has(Flags::ATOMIC) {
            if info.flags.has(Flags::RTN) && !sc0 {
                let start = self.s.len() - self.s.trim_start().len();
                return self.fail(start, || format!("`{}` returns only with `sc0`", info.name));
            }
            if !info.flags.has(Flags::RTN) && sc0 {
                let col = self.s[mods_at..]
                    .find("sc0")
                    .map_or(mods_at, |k| mods_at + k);
                return self.fail(col, || {
                    format!("`sc0` needs a returned value for `{}`", info.name)
                });
            }
        }
        Ok(())
    }

    /// gfx942 MFMA/SMFMAC operand rules: no source modifier, clamp or
    /// output modifier; the accumulator (src2) in the destination's
    /// register file; SMFMAC's index (src2) a VGPR.
    pub(super) fn check_gfx9_mfma(
        &self,
        info: &OpInfo,
        specs: &[OperandSpec],
        inst: &Inst,
        cols: &[usize; MAX_OPERANDS],
        mods_at: usize,
    ) -> Result<(), ParseError> {
        if self.gen != Generation::Gfx9 || !info.flags.has(Flags::MFMA) {
            return Ok(());
        }
        let m = &inst.mods;
        if let Some(i) = (0..3).find(|i| (m.neg | m.abs) & (1 << i) != 0) {
            let col = self.src_col(info, cols, i).unwrap_or(mods_at);
            return self.fail(col, || format!("`{}` takes no source modifiers", info.name));
        }
        if m.clamp || m.omod != 0 {
            return self.fail(mods_at, || {
                format!("`{}` takes no clamp or output modifier", info.name)
            });
        }
        let file = |i: usize| match inst.operands[i] {
            Operand::Reg { code, .. } if code >= VGPR0 => Some(code >= AGPR0),
            Operand::Reg { .. } => None,
            _ => Some(false),
        };
        let dst = specs.iter().position(|o| o.field == Field::Vdst);
        for (i, spec) in specs.iter().enumerate().take(MAX_OPERANDS) {
            if spec.field != Field::Src2 {
                continue;
            }
            let bad = match spec.kind {
                Kind::Vgpr => file(i) != Some(false),
                _ => {
                    matches!(inst.operands[i], Operand::Reg { code, .. } if code >= VGPR0)
                        && dst.and_then(file) != file(i)
                }
            };
            if bad {
                return self.fail(cols[i], || {
                    format!("invalid register for src2 of `{}`", info.name)
                });
            }
        }
        Ok(())
    }
}
