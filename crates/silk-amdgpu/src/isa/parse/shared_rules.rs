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
