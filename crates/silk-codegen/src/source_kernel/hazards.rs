//! Hazard NOPs: wait states the hardware does not enforce by itself,
//! inserted after selection on physical registers. Each rule is one small
//! unit with a per-processor predicate.
//!
//! Rules:
//! - [`valu_sgpr_write_then_valu_read`] (gfx90a-class, i.e. gfx942): a VALU
//!   instruction that writes an SGPR (VCC included) must be followed by 2
//!   wait states before a VALU instruction reads that SGPR ([CDNA3] §4.5
//!   "Manually Inserted Wait States"; LLVM's GCNHazardRecognizer
//!   `VALUWriteSGPRVALUReadWaitstates`). The classify operation's
//!   `v_cmp` → `v_cndmask` pair needs it.
//!
//! The MFMA dependency rules are not modelled: source intrinsics are
//! literal register work whose ordering the kernel author owns.

use super::Lowered;
use crate::{CodegenError, Result};
use silk_amdgpu::code_object::config::is_gfx90a_class;
use silk_amdgpu::isa::format::Field;
use silk_amdgpu::isa::table::{self, Kind};
use silk_amdgpu::isa::{Family, Flags, Inst, Operand, RegFile};
use silk_amdgpu::Processor;

/// Scalar registers (codes, one per dword) an instruction writes and reads.
fn scalar_defs_uses(processor: Processor, inst: &Inst) -> (Vec<u16>, Vec<u16>) {
    let info = &table::table(processor.generation())[inst.opcode.0 as usize];
    let mut defs = Vec::new();
    let mut uses = Vec::new();
    for (i, (spec, op)) in info.operands.iter().zip(inst.operands()).enumerate() {
        let Operand::Reg { code, count, .. } = *op else {
            continue;
        };
        if op.reg_file() != Some(RegFile::Scalar) {
            continue;
        }
        let is_def = match spec.field {
            Field::Sdst | Field::Sdst3 | Field::Sdata => true,
            Field::Vdst => true,
            // A VOPC's implicit VCC result is printed first.
            Field::Unencoded => i == 0 && matches!(spec.kind, Kind::Implicit(_)),
            _ => false,
        };
        let regs = (code..code + count as u16).collect::<Vec<_>>();
        if is_def {
            defs.extend(regs);
        } else {
            uses.extend(regs);
        }
    }
    (defs, uses)
}

fn is_valu(processor: Processor, inst: &Inst) -> bool {
    table::table(processor.generation())[inst.opcode.0 as usize]
        .flags
        .has(Flags::VALU)
}

/// Wait states one instruction occupies: `s_nop N` is N + 1, others 1.
fn wait_states(processor: Processor, inst: &Inst) -> u32 {
    let info = &table::table(processor.generation())[inst.opcode.0 as usize];
    if info.name == "s_nop" {
        if let Some(Operand::Imm(n)) = inst.operands().first() {
            return *n as u32 + 1;
        }
    }
    1
}

/// Wait states still needed before `insts[at]` under the VALU-SGPR rule.
fn valu_sgpr_write_then_valu_read(processor: Processor, insts: &[Lowered], at: usize) -> u32 {
    const NEEDED: u32 = 2;
    if !is_gfx90a_class(processor) || !is_valu(processor, &insts[at].inst) {
        return 0;
    }
    let (_, uses) = scalar_defs_uses(processor, &insts[at].inst);
    if uses.is_empty() {
        return 0;
    }
    let mut since = 0;
    for prev in insts[..at].iter().rev() {
        if since >= NEEDED {
            break;
        }
        if is_valu(processor, &prev.inst) {
            let (defs, _) = scalar_defs_uses(processor, &prev.inst);
            if defs.iter().any(|d| uses.contains(d)) {
                return NEEDED - since;
            }
        }
        since += wait_states(processor, &prev.inst);
    }
    0
}

/// Insert `s_nop`s where a rule asks for wait states.
pub fn insert_nops(processor: Processor, insts: &mut Vec<Lowered>) -> Result<()> {
    let mut i = 0;
    while i < insts.len() {
        let needed = valu_sgpr_write_then_valu_read(processor, insts, i);
        if needed > 0 {
            let opcode = table::lookup(processor, "s_nop", Some(Family::Sopp)).ok_or(
                CodegenError::MissingOpcode {
                    op_index: insts[i].origin,
                    name: "s_nop",
                    processor,
                },
            )?;
            let nop = Inst::new(opcode, &[Operand::Imm(needed as i32 - 1)]);
            insts.insert(
                i,
                Lowered {
                    inst: nop,
                    origin: insts[i].origin,
                },
            );
            i += 1;
        }
        i += 1;
    }
    Ok(())
}
