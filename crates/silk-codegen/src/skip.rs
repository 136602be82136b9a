//! Removal of EXEC-skip branches over short arms, after wait-count
//! insertion (as LLVM's SIPreEmitPeephole does). Selection puts an
//! `s_cbranch_execz` in front of every divergent arm; when no lane takes
//! the arm the branch is taken, and a taken branch costs an instruction
//! fetch restart (tens of cycles), more than running a few instructions
//! with EXEC = 0, which changes no lane.
//!
//! An arm may run with EXEC = 0 when every instruction in it is an ALU
//! operation without effects beyond its registers: vector ALU writes no
//! inactive lane (code correct for any subset of lanes is correct for
//! none), and a scalar value defined in the arm is dead on the path that
//! skipped it, so register allocation gave its register to nothing live
//! there. That is not so for a uniform merge register (an `if` result or
//! loop value in SGPRs) that an earlier write may have set: an arm
//! writing one after another (an else arm, a later `break`) keeps its
//! skip. Memory operations, waits, messages and branches keep the skip:
//! they cost time or have effects even with no lane active. Runs before
//! hazard handling, which then sees the straight-line code.

use crate::mir::{MFunction, MOp};
use silk_amdgpu::isa::{table, Family, Flags, Op};

/// Most instructions an arm may have for its skip to go (LLVM's
/// `amdgpu-skip-threshold`).
const MAX_ARM: usize = 12;

pub fn run(mf: &mut MFunction) {
    let Some(execz) = Op::S_CBRANCH_EXECZ.on(mf.processor) else {
        return;
    };
    let table = table::table(mf.processor.generation());
    let harmless = |op: silk_amdgpu::isa::Opcode| {
        let info = &table[op.0 as usize];
        let f = info.flags;
        let effects = Flags::SMEM
            | Flags::VMEM
            | Flags::LDS
            | Flags::FLAT
            | Flags::BRANCH
            | Flags::BARRIER
            | Flags::END_PGM
            | Flags::MAY_LOAD
            | Flags::MAY_STORE
            | Flags::MFMA
            | Flags::WMMA;
        (f.has(Flags::VALU) || f.has(Flags::SALU) && info.family != Family::Sopp)
            && f.0 & effects == 0
    };
    for b in 0..mf.blocks.len() {
        let Some(last) = mf.blocks[b].insts.last() else {
            continue;
        };
        if last.op != execz {
            continue;
        }
        let Some(&MOp::Label(t)) = last.ops.iter().find(|o| matches!(o, MOp::Label(_))) else {
            continue;
        };
        let t = t.0 as usize;
        if t <= b {
            continue;
        }
        let arm = &mf.blocks[b + 1..t];
        let n: usize = arm.iter().map(|blk| blk.insts.len()).sum();
        if n <= MAX_ARM
            && !arm.iter().any(|blk| blk.writes_uniform_merge)
            && arm
                .iter()
                .flat_map(|blk| &blk.insts)
                .all(|i| harmless(i.op))
        {
            mf.blocks[b].insts.pop();
        }
    }
}
