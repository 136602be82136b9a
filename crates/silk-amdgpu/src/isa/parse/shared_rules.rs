//! Operand and instruction rules llvm-mc 22 applies to both generations,
//! driven by the table (operand kinds, fields, modifier bits) rather
//! than by the processor: a scalar destination `scc`, the integer
//! VOP3SD opcodes' missing `abs`, the VGPR data source of lane
//! operations, omitted fixed-register operands. The generation's own
//! rules follow in `gfx9_rules.rs` and `gfx11_rules.rs`.

use super::*;
use table::VMOD_NEG;

impl Parser<'_> {
    /// Rules for the whole instruction once its operands are read, then
    /// the generation's own.
    pub(super) fn inst_rules(
        &self,
        info: &OpInfo,
        specs: &[OperandSpec],
        inst: &mut Inst,
        cols: &[usize; MAX_OPERANDS],
        mods_at: usize,
    ) -> Result<(), ParseError> {
        // `scc` (253) as a scalar destination: llvm-mc 22 encodes its low
        // bits in the field (SOP's 7-bit sdst holds 125).
        let layout = format::layout(self.gen, info.family);
        for (i, spec) in specs.iter().enumerate().take(MAX_OPERANDS) {
            if let Operand::Reg {
                code: code @ 253, ..
            } = &mut inst.operands[i]
            {
                if spec.kind == Kind::Sreg {
                    if let Some(b) = layout.and_then(|l| l.field(spec.field)) {
                        *code &= b.max() as u16;
                    }
                }
            }
        }
        if info.flags.has(Flags::NO_LITERAL) {
            let n = specs.len().min(MAX_OPERANDS);
            if let Some(i) = (0..n).find(|&i| matches!(inst.operands[i], Operand::Literal(_))) {
                return self.fail(cols[i], || {
                    format!("`{}` takes no literal operand", info.name)
                });
            }
        }
        if !info.family.is_flat() {
            self.lane_operands(specs, inst, cols)?;
        }
        // The integer VOP3SD opcodes (a carry-out `sdst` where abs would
        // be) take no abs.
        if info.family == Family::Vop3 && specs.iter().any(|s| s.field == Field::Sdst3) {
            for k in 0..3u8 {
                if inst.mods.abs >> k & 1 != 0 && info.mods_rejected & (VMOD_NEG << k) != 0 {
                    let col = self.src_col(info, cols, k).unwrap_or(mods_at);
                    return self.fail(col, || {
                        format!("`{}` takes no source modifier here", info.name)
                    });
                }
            }
        }
        // An MFMA accumulator (src2) is the destination's registers or
        // apart from them, never a partial overlap (CDNA3 ISA §7.1
        // "Dependency resolution": llvm-mc 22 rejects it).
        if info.flags.has(Flags::MFMA) {
            let find = |f: Field| specs.iter().take(MAX_OPERANDS).position(|s| s.field == f);
            // (The sparse `v_smfmac_*` src2 is an index, not an accumulator.)
            let acc = |(d, c): (usize, usize)| specs[d].dwords == specs[c].dwords;
            if let Some((d, c)) = find(Field::Vdst).zip(find(Field::Src2)).filter(|&p| acc(p)) {
                if let (
                    Operand::Reg {
                        code: a, count: n, ..
                    },
                    Operand::Reg {
                        code: b, count: m, ..
                    },
                ) = (inst.operands[d], inst.operands[c])
                {
                    let apart = a + n as u16 <= b || b + m as u16 <= a;
                    if !apart && (a, n) != (b, m) {
                        return self.fail(cols[c], || {
                            "src2 must be the destination's registers or not overlap them".into()
                        });
                    }
                }
            }
        }
        self.gfx11_inst(info, specs, inst, cols, mods_at)
    }

    /// Whether the written operands leave out every fixed-register
    /// operand (`v_cmp_lt_f32_e32 v1, v2` for `vcc_lo, v1, v2`,
    /// `v_cndmask_b32_e32 v0, v1, v2` without `vcc_lo`), as llvm-mc 22
    /// accepts on both generations: the top-level operand count is that of the others. Then
    /// the number of leading fixed-register operands.
    pub(super) fn implicits_omitted(&self, specs: &[OperandSpec]) -> Option<usize> {
        let fixed = |s: &&OperandSpec| matches!(s.kind, Kind::Implicit(_));
        let implicit = specs.iter().filter(fixed).count();
        if implicit == 0 {
            return None;
        }
        let text = self.s[self.pos..].trim_start();
        let (mut depth, mut n) = (0i32, usize::from(!text.is_empty()));
        for b in text.bytes() {
            match b {
                b'(' | b'[' => depth += 1,
                b')' | b']' => depth -= 1,
                b',' if depth == 0 => n += 1,
                _ => {}
            }
        }
        (n == specs.len() - implicit).then(|| specs.iter().take_while(fixed).count())
    }

    /// Lane operations (CDNA3 ISA §"Lane operations", RDNA3 ISA §"Lane
    /// operations"): the data source (src0) is a VGPR, the lane selects
    /// (src1 of `v_readlane`/`v_writelane`, src1 and src2 of
    /// `v_permlane*16`) are scalar: an SGPR or a constant, never a VGPR.
    fn lane_operands(
        &self,
        specs: &[OperandSpec],
        inst: &Inst,
        cols: &[usize; MAX_OPERANDS],
    ) -> Result<(), ParseError> {
        use crate::isa::Op;
        let lane = matches!(
            self.op.and_then(|o| Op::of(self.gen, o)),
            Some(
                Op::V_READFIRSTLANE_B32
                    | Op::V_MOVRELS_B32_e32
                    | Op::V_MOVRELS_B32_e64
                    | Op::V_MOVRELSD_B32_e32
                    | Op::V_MOVRELSD_B32_e64
                    | Op::V_MOVRELSD_2_B32_e32
                    | Op::V_MOVRELSD_2_B32_e64
                    | Op::V_READLANE_B32
                    | Op::V_PERMLANE16_B32
                    | Op::V_PERMLANEX16_B32,
            )
        );
        let src0 = specs
            .iter()
            .take(MAX_OPERANDS)
            .position(|s| s.field == Field::Src0);
        if let Some(i) = src0.filter(|_| lane) {
            if !matches!(inst.operands[i], Operand::Reg { code, .. } if code >= VGPR0) {
                return self.fail(cols[i], || "the data source is a VGPR".into());
            }
        }
        let selects: &[Field] = match self.op.and_then(|o| Op::of(self.gen, o)) {
            Some(Op::V_READLANE_B32 | Op::V_WRITELANE_B32) => &[Field::Src1],
            Some(Op::V_PERMLANE16_B32 | Op::V_PERMLANEX16_B32) => &[Field::Src1, Field::Src2],
            _ => &[],
        };
        for (i, spec) in specs.iter().enumerate().take(MAX_OPERANDS) {
            let vgpr = matches!(inst.operands[i], Operand::Reg { code, .. } if code >= VGPR0);
            if vgpr && selects.contains(&spec.field) {
                return self.fail(cols[i], || "a lane select is an SGPR or a constant".into());
            }
        }
        Ok(())
    }
}

/// An explicit suffix on a name the table holds without it, as llvm-mc
/// 22 accepts: `_e64` on a VOP3-only opcode (`v_add3_u32_e64`) or for
/// the VOP3 encoding of an opcode that has a VOP1 one too (`v_nop_e64`,
/// `v_clrexcp_e64`, `v_pipeflush_e64`); `_e32` on the lane moves
/// `v_readlane_b32`/`v_writelane_b32` (VOP2 in LLVM, VOP3-encoded, and
/// without `_e64`). `None` when the name is not such a spelling.
pub(super) fn forced_suffix(
    processor: Processor,
    body: &str,
    start: usize,
    name_end: usize,
) -> Option<Result<ParsedInst, ParseError>> {
    use crate::isa::Op;
    let name = &body[start..name_end];
    let (base, e64) = match (name.strip_suffix("_e64"), name.strip_suffix("_e32")) {
        (Some(b), _) => (b, true),
        (None, Some(b)) => (b, false),
        _ => return None,
    };
    if table::by_name(processor, name).next().is_some()
        || table::forms_by_name(processor, name).next().is_some()
    {
        return None;
    }
    let gen = processor.generation();
    let tbl = table::table(gen);
    let first = table::by_name(processor, base).next()?;
    let family = |op: Opcode| tbl[op.0 as usize].family;
    let is_vop3 = |op: Opcode| matches!(family(op), Family::Vop3 | Family::Vop3p);
    let lane = matches!(
        Op::of(gen, first),
        Some(Op::V_READLANE_B32 | Op::V_WRITELANE_B32)
    );
    if !e64 && !lane {
        return None;
    }
    let cut = name_end - 4;
    let text = format!("{}{}", &body[..cut], &body[name_end..]);
    let shift = |e: ParseError| ParseError {
        column: if e.column > cut {
            e.column + 4
        } else {
            e.column
        },
        message: e.message,
    };
    if !e64 {
        return Some(parse_inst(processor, &text).map_err(shift));
    }
    let vop3 = table::by_name(processor, base).find(|&op| is_vop3(op));
    Some(match vop3 {
        _ if lane => err(start, format!("`{name}` has no VOP3 encoding")),
        None => err(start, format!("`{name}` has no VOP3 encoding")),
        // The name's first encoding is VOP3: every candidate is tried.
        Some(_) if is_vop3(first) => parse_inst(processor, &text).map_err(shift).and_then(|p| {
            if is_vop3(p.inst.opcode) {
                Ok(p)
            } else {
                err(start, format!("`{name}` has no VOP3 encoding"))
            }
        }),
        Some(op) => Parser::new(processor, &text, cut)
            .parse(op, &tbl[op.0 as usize], None)
            .map_err(shift),
    })
}

impl Parser<'_> {
    /// VALU sources read through the scalar constant bus: at most one
    /// distinct SGPR or literal on GFX9, two on GFX11 (one literal value,
    /// which may be used twice), and no literal at all in GFX9's 64-bit
    /// VOP3/VOP3P encodings (CDNA3 ISA §6.3 "Instruction Inputs"; RDNA3 ISA
    /// §7.6 "Scalar constant bus").
    pub(super) fn check_constant_bus(
        &self,
        info: &OpInfo,
        specs: &[OperandSpec],
        inst: &Inst,
        cols: &[usize; MAX_OPERANDS],
    ) -> Result<(), ParseError> {
        let vop3 = matches!(info.family, Family::Vop3 | Family::Vop3p);
        if !(vop3 || matches!(info.family, Family::Vop1 | Family::Vop2 | Family::Vopc)) {
            return Ok(());
        }
        let limit = match self.gen {
            _ if info.flags.has(Flags::ONE_SCALAR) => 1,
            Generation::Gfx9 => 1,
            Generation::Gfx11 => 2,
        };
        let mut sgprs: [u16; 4] = [u16::MAX; 4];
        let mut n_sgprs = 0usize;
        let mut literal: Option<u32> = None;
        let mut used = 0usize;
        // (VOP3 `v_div_fmas_*` read VCC besides their operands.)
        if info.flags.has(Flags::READS_VCC) && matches!(info.family, Family::Vop2 | Family::Vop3) {
            sgprs[0] = operand::VCC_LO;
            n_sgprs = 1;
            used = 1;
        }
        for (i, spec) in specs.iter().enumerate().take(MAX_OPERANDS) {
            // (A VOP2 K constant is a literal on gfx942's bus as well.)
            let k = self.gen == Generation::Gfx9 && spec.kind == Kind::Literal;
            if src_index(spec.field).is_none() && !k {
                continue;
            }
            let col = cols[i];
            match inst.operands[i] {
                Operand::Reg { code, .. }
                    if code < 128 && code != operand::null_code(self.gen)
                        || gfx9_scalar_special(self.gen, code)
                        || self.gfx11_bus_reg(code) =>
                {
                    if sgprs[..n_sgprs].contains(&code) {
                        continue;
                    }
                    if n_sgprs < sgprs.len() {
                        sgprs[n_sgprs] = code;
                        n_sgprs += 1;
                    }
                    used += 1;
                }
                Operand::Literal(x) => {
                    // WMMA sources and the lane select of v_readlane /
                    // v_writelane are VGPRs, SGPRs or inline constants
                    // (llvm-mc 22 rejects a literal there).
                    let lane = spec.field == Field::Src1
                        && matches!(
                            self.op.and_then(|o| crate::isa::Op::of(self.gen, o)),
                            Some(crate::isa::Op::V_READLANE_B32 | crate::isa::Op::V_WRITELANE_B32)
                        );
                    if info.flags.has(Flags::WMMA) || lane {
                        return self.fail(col, || {
                            format!("`{}` takes no literal operand here", info.name)
                        });
                    }
                    if self.gen == Generation::Gfx9 && vop3 && inst.mods.variant == Variant::Native
                    {
                        return self.fail(col, || {
                            "literal operands are not supported in VOP3 on this processor".into()
                        });
                    }
                    // (One literal value: `one_literal` checked it.)
                    if literal.replace(x).is_some() {
                        continue;
                    }
                    used += 1;
                }
                _ => continue,
            }
            if used > limit {
                return self.fail(col, || {
                    format!("this operand exceeds the constant bus limit of {limit} scalar values")
                });
            }
        }
        Ok(())
    }

    /// A VOP1/VOP2/VOPC DPP/SDWA source modifier the form has no bit for
    /// (or, with `MODS_UNWRITTEN`, that LLVM's assembler does not take),
    /// located at the source.
    pub(super) fn form_src_mods(
        &self,
        form: Option<&Form>,
        k: u8,
        (neg, abs, sext): (bool, bool, bool),
        col: usize,
    ) -> Result<(), ParseError> {
        let Some(f) = form else {
            return Ok(());
        };
        let k = k as usize;
        let float = [FormMods::SRC0_FLOAT, FormMods::SRC1_FLOAT];
        let int = [FormMods::SRC0_SEXT, FormMods::SRC1_SEXT];
        let any = neg || abs || sext;
        let bad = any && f.has(FormMods::MODS_UNWRITTEN)
            || k < 2 && ((neg || abs) && !f.has(float[k]) || sext && !f.has(int[k]));
        if bad {
            return self.fail(col, || format!("invalid source modifier for `{}`", f.name));
        }
        Ok(())
    }
}
