//! Register counts of a lowered kernel: one more than the highest SGPR,
//! VGPR and AGPR any emitted instruction references. Special registers
//! (VCC, `null`, M0, EXEC) are not numbered SGPRs and do not count; the
//! descriptor accounts for VCC through its extra-SGPR rule.

use super::Lowered;
use silk_amdgpu::isa::operand::{sgpr_limit, AGPR0, VGPR0};
use silk_amdgpu::isa::Operand;
use silk_amdgpu::Processor;

/// Registers a kernel's instructions reference.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RegisterUsage {
    /// One more than the highest SGPR referenced (0 when none).
    pub sgprs: u32,
    /// One more than the highest VGPR referenced (0 when none).
    pub vgprs: u32,
    /// One more than the highest AGPR referenced (0 when none).
    pub agprs: u32,
}

/// Count the registers `insts` reference.
pub fn count(processor: Processor, insts: &[Lowered]) -> RegisterUsage {
    let limit = sgpr_limit(processor.generation());
    let mut usage = RegisterUsage::default();
    for l in insts {
        for op in l.inst.operands() {
            let Operand::Reg { code, count, .. } = *op else {
                continue;
            };
            let end = |first: u16| (first + count.max(1) as u16) as u32;
            if code < limit {
                usage.sgprs = usage.sgprs.max(end(code));
            } else if (VGPR0..AGPR0).contains(&code) {
                usage.vgprs = usage.vgprs.max(end(code - VGPR0));
            } else if code >= AGPR0 {
                usage.agprs = usage.agprs.max(end(code - AGPR0));
            }
        }
    }
    usage
}
