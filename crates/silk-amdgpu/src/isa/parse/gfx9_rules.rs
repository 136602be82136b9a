//! gfx942 rules llvm-mc 22 enforces beyond the operand kinds of the
//! table. Memory: the processor's cache-policy spellings and which
//! opcodes take them, no GDS, `sc0` as the return bit of FLAT/GLOBAL/
//! SCRATCH atomics, one register file (VGPRs or AGPRs) for the data
//! (CDNA3 ISA §9.1.10 "Memory Scope and Temporal Controls", §3.6.2
//! "VGPR and AGPR alignment"), the offset forms of DS, FLAT and SMEM.
//! VALU: no true16 halves or `lds_direct`, the scalar sources the
//! constant bus counts, which VOP3/VOP3P/MFMA modifiers each opcode
//! takes (from the table's modifier bits and flags).
//! Each rule is checked on gfx942 only.

use super::*;

/// A memory modifier bit written on opcode `info`: `Some(true)` when
/// it is encoded, `Some(false)` when llvm-mc accepts the spelling but
/// encodes nothing (on gfx942 a bit the table says LLVM decodes and does
/// not print, as `nt` of `buffer_inv`), `None` when it is rejected.
pub(super) fn gfx9_mem_bit(gen: Generation, info: &OpInfo, b: ModBit) -> Option<bool> {
    if gen != Generation::Gfx9 {
        return Some(true);
    }
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

/// gfx942's `lds_direct` source code.
const LDS_DIRECT: u16 = 254;
/// The FLAT `saddr` code of `off`.
const SADDR_OFF: u16 = 0x7f;

/// The VOP3 modifiers (clamp, output modifier, neg/abs of a source) the
/// table says LLVM decodes but does not print for a gfx942 opcode, which
/// llvm-mc therefore does not read either (an integer source's `abs`).
pub(super) fn gfx9_unprinted(gen: Generation, info: &OpInfo) -> u16 {
    use table::{VMOD_ABS, VMOD_CLAMP, VMOD_NEG, VMOD_OMOD};
    let vop = matches!(info.family, Family::Vop3 | Family::Vop3p);
    if gen != Generation::Gfx9 || !vop {
        return 0;
    }
    info.mods_ignored & (VMOD_CLAMP | VMOD_OMOD | (VMOD_NEG * 7) | (VMOD_ABS * 7))
}

/// gfx942 sources read through the constant bus besides SGPRs: the
/// `src_*` apertures and `src_vccz`/`src_execz`/`src_scc`, which LLVM
/// counts as scalar registers.
pub(super) fn gfx9_scalar_special(gen: Generation, code: u16) -> bool {
    gen == Generation::Gfx9 && matches!(code, 235..=239 | 251..=253)
}

impl Parser<'_> {
    /// Column of modifier `key` (found from `mods_at`, the modifiers'
    /// start), or `mods_at`.
    pub(super) fn modifier_col(&self, mods_at: usize, key: &str) -> usize {
        self.s[mods_at..].find(key).map_or(mods_at, |k| mods_at + k)
    }

    /// A gfx942 MTBUF `format:`: a 7-bit value (4-bit data and 3-bit
    /// numeric format), never a GFX11 unified `BUF_FMT_*` name.
    pub(super) fn gfx9_format(&self, v: i64, unified: bool, col: usize) -> Result<u16, ParseError> {
        if self.gen == Generation::Gfx9 && (unified || !(0..=127).contains(&v)) {
            return self.fail(col, || "invalid buffer format for this processor".into());
        }
        Ok(v as u16)
    }

    /// An integer for a 32-bit literal operand (a VOP2 K constant).
    pub(super) fn gfx9_literal(&self, i: i64, col: usize) -> Result<Operand, ParseError> {
        if self.gen == Generation::Gfx9 && !(-(1 << 31)..1 << 32).contains(&i) {
            return self.fail(col, || format!("{i} does not fit a 32-bit literal"));
        }
        Ok(Operand::Literal(i as u32))
    }

    /// A float written for a source: a 64-bit integer operand takes it
    /// only as an inline constant (no 32-bit literal can hold it).
    pub(super) fn gfx9_float(
        &self,
        info: &OpInfo,
        spec: &OperandSpec,
        f: f64,
        col: usize,
    ) -> Result<Operand, ParseError> {
        let o = float_source(spec.ty, f);
        if self.gen == Generation::Gfx9
            && int64_source(info, spec)
            && matches!(o, Operand::Literal(_))
        {
            return self.fail(col, || {
                "a 64-bit integer operand takes only inline float constants".into()
            });
        }
        Ok(o)
    }

    /// `clamp` after an output modifier: llvm-mc reads the optional
    /// operands in encoding order, clamp first.
    pub(super) fn gfx9_clamp(&self, omod: u8, col: usize) -> Result<(), ParseError> {
        if self.gen == Generation::Gfx9 && omod != 0 {
            return self.fail(col, || "`clamp` must precede the output modifier".into());
        }
        Ok(())
    }

    /// `-x` / `|x|` on a VOP3P source: only the `v_fma_mix*` opcodes have
    /// them (the others write `neg_lo`/`neg_hi`).
    pub(super) fn gfx9_src_mods(
        &self,
        info: &OpInfo,
        mods: bool,
        col: usize,
    ) -> Result<(), ParseError> {
        let mix = info.flags.has(Flags::SRC_MODS_FP);
        if mods && self.gen == Generation::Gfx9 && info.family == Family::Vop3p && !mix {
            return self.fail(col, || {
                format!("`{}` takes `neg_lo`/`neg_hi`, not `-`/`|..|`", info.name)
            });
        }
        Ok(())
    }

    /// `v1.l` / `v1.h` name 16-bit halves, which gfx942 does not have;
    /// nor has it `lds_direct`.
    pub(super) fn gfx9_operand(&self, v: &Value, col: usize) -> Result<(), ParseError> {
        match v {
            Value::Reg {
                code: LDS_DIRECT, ..
            } if self.gen == Generation::Gfx9 => self.fail(col, || {
                "lds_direct is not supported on this processor".into()
            }),
            Value::Reg { half, .. } if *half != 0 && self.gen == Generation::Gfx9 => self
                .fail(col, || {
                    "16-bit register halves (`.l`, `.h`) are not supported on this processor".into()
                }),
            _ => Ok(()),
        }
    }

    /// A gfx942 VOP3 `op_sel:[..]` of four entries (src0, src1, src2,
    /// dst): the opcode keeps the ones LLVM prints, as llvm-mc reads it;
    /// longer lists are an error. `None`: read as on other processors.
    pub(super) fn gfx9_op_sel(
        &self,
        info: &OpInfo,
        bits: u8,
        n: usize,
        col: usize,
    ) -> Result<Option<u8>, ParseError> {
        if self.gen != Generation::Gfx9 || info.family != Family::Vop3 {
            return Ok(None);
        }
        if n > 4 {
            return self.fail(col, || "`op_sel` has at most four entries".into());
        }
        let shown = info.flags.op_sel_shown();
        Ok((n == 4 && info.flags.op_sel_len() > 0).then_some(bits & shown))
    }

    /// A `key:` modifier the gfx942 opcode does not take.
    pub(super) fn gfx9_keyed(
        &self,
        info: &OpInfo,
        key: &str,
        col: usize,
    ) -> Result<(), ParseError> {
        if self.gen != Generation::Gfx9 {
            return Ok(());
        }
        // `op_sel`/`op_sel_hi` where the table has no such bit for a source
        // (`v_accvgpr_*`, the integer `v_dot4`/`v_dot8`).
        let srcs = info
            .operands
            .iter()
            .filter(|o| src_index(o.field).is_some())
            .count();
        let unwritable = (info.mods_rejected | info.mods_ignored) >> 8;
        let sel = match key {
            "op_sel" => unwritable,
            "op_sel_hi" => unwritable >> 3,
            _ => 0,
        };
        if info.family == Family::Vop3p && sel & ((1 << srcs) - 1) != 0 {
            return self.fail(col, || format!("`{key}:` is not valid for `{}`", info.name));
        }
        if matches!(key, "neg_lo" | "neg_hi") && info.flags.has(Flags::SRC_MODS_FP) {
            return self.fail(col, || {
                format!("`{}` takes `-`/`|..|`, not `{key}`", info.name)
            });
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
        // An SGPR base (`saddr`) takes a 32-bit VGPR offset.
        let reg = |f: Field| {
            let i = specs.iter().take(MAX_OPERANDS).position(|o| o.field == f)?;
            match inst.operands[i] {
                Operand::Reg { code, count, .. } => Some((i, code, count)),
                _ => None,
            }
        };
        if let (Some((a, _, 2)), Some((_, saddr, _))) = (reg(Field::Addr), reg(Field::Saddr)) {
            if saddr != SADDR_OFF {
                return self.fail(cols[a], || {
                    "with an SGPR base the address is one VGPR".into()
                });
            }
        }
        // Without one, a GLOBAL address is 64 bits (CDNA3 ISA §"Global"),
        // not a widened single VGPR (SCRATCH's stays a 32-bit offset).
        if let (Family::Global, Some((a, code, 1)), Some((_, SADDR_OFF, _))) =
            (info.family, reg(Field::Addr), reg(Field::Saddr))
        {
            if code >= VGPR0 {
                return self.fail(cols[a], || {
                    "without an SGPR base the address is a 64-bit VGPR pair".into()
                });
            }
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
                return self.fail(self.modifier_col(mods_at, "sc0"), || {
                    format!("`sc0` needs a returned value for `{}`", info.name)
                });
            }
        }
        Ok(())
    }

    /// gfx942 VALU rules: a VOPC SDWA form takes no `clamp`; MFMA/SMFMAC
    /// take no source modifier, clamp or output modifier, their
    /// accumulator (src2) is in the destination's register file and
    /// SMFMAC's index (src2) is a VGPR.
    pub(super) fn check_gfx9_valu(
        &self,
        info: &OpInfo,
        form: Option<&Form>,
        specs: &[OperandSpec],
        inst: &Inst,
        cols: &[usize; MAX_OPERANDS],
        mods_at: usize,
    ) -> Result<(), ParseError> {
        if self.gen != Generation::Gfx9 {
            return Ok(());
        }
        let m = &inst.mods;
        let sdwa_vopc =
            form.is_some_and(|f| f.family == Family::Vopc && f.variant == Variant::Sdwa);
        if sdwa_vopc && m.clamp {
            return self.fail(mods_at, || format!("`{}` takes no clamp", info.name));
        }
        if info.family == Family::Vop3p && m.omod != 0 {
            return self.fail(mods_at, || "VOP3P has no output modifier".into());
        }
        // The packed dot products read both halves of every source: no
        // `op_sel`, and `op_sel_hi` not even written (llvm-mc 22 rejects
        // `op_sel_hi:[1,1,1]`, the value it encodes by default).
        let dot = info.family == Family::Vop3p && info.flags.has(Flags::DOT);
        if dot && m.op_sel != 0 {
            return self.fail(self.modifier_col(mods_at, "op_sel:"), || {
                format!("`{}` takes no `op_sel`", info.name)
            });
        }
        if dot && super::gfx11_rules::written(&self.s[mods_at..], "op_sel_hi").is_some() {
            return self.fail(self.modifier_col(mods_at, "op_sel_hi:"), || {
                format!("`{}` takes no `op_sel_hi`", info.name)
            });
        }
        // 64-bit DPP operands move only with `row_newbcast` (CDNA3 ISA
        // §"DPP": DPP_ROW_NEWBCAST).
        let dpp = form.is_some_and(|f| f.variant == Variant::Dpp16);
        let ctrl = dpp::get(m.extra, dpp::DPP_CTRL);
        if dpp
            && specs
                .iter()
                .any(|o| o.dwords == 2 && matches!(o.kind, Kind::Vgpr | Kind::Vsrc | Kind::AVgpr))
            && !(0x150..=0x15f).contains(&ctrl)
        {
            return self.fail(mods_at, || "64-bit DPP operands need `row_newbcast`".into());
        }
        if !info.flags.has(Flags::MFMA) {
            return Ok(());
        }
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
