//! Hazard handling on allocated code: wait states the hardware does not
//! interlock. Each rule is one small function with a processor predicate;
//! the pass inserts `s_nop` (GFX9) or `s_waitcnt_depctr` (GFX11) where a
//! rule needs more independent instructions than there are.
//!
//! Rules implemented:
//! - `valu_sgpr_then_read` (GFX9, CDNA3 ISA §4.5 "Manually inserted wait
//!   states"): a VALU that writes an SGPR or VCC (`v_cmp_*_e64`,
//!   `v_readfirstlane`, carry-out) followed within 5 wait states by a VMEM
//!   or SMEM instruction reading that SGPR, or within 4 by `v_readlane` /
//!   `v_writelane` / `v_div_fmas` reading it. We apply the 5-state bound to
//!   every reader of the SGPR that is not a VALU using it as a lane mask
//!   or carry, which the hardware forwards: conservative and simple.
//! - `trans_then_use` (gfx940+, LLVM `GCNHazardRecognizer` "trans use"):
//!   a transcendental VALU result read by the next VALU needs 1 wait state.
//! - `trans_then_use_gfx11` (GFX11, RDNA3 ISA §5.7 / LLVM
//!   `fixVALUTransUseHazard`): a transcendental result read by a VALU
//!   within 5 VALUs needs `s_waitcnt_depctr va_vdst(0)`.
//!
//! Not yet: MFMA pass-count hazards (no MFMA is selected), VALU-mask-write
//! (gfx1151), partial forwarding, LDS-direct and `s_setreg` hazards (none
//! of those instructions are selected yet), and `s_delay_alu`.

use crate::mir::{MFunction, MInst, MOp};
use crate::Error;
use silk_amdgpu::isa::format::Field;
use silk_amdgpu::isa::{table, Flags, Kind, Mods, OpInfo, Operand};
use silk_amdgpu::target::Generation;

fn regs(ops: &[MOp]) -> Vec<u16> {
    let mut v = Vec::new();
    for op in ops {
        if let MOp::Phys(Operand::Reg { code, count, .. }) = op {
            v.extend(*code..*code + *count as u16);
        }
    }
    v
}

fn defs(i: &MInst) -> Vec<u16> {
    regs(&i.ops[..i.ndefs as usize])
}
fn uses(i: &MInst) -> Vec<u16> {
    regs(&i.ops[i.ndefs as usize..])
}

/// Operand `k` of `i` is in a destination field (a VOP3 carry-out `vcc`
/// after the first `ndefs`), or an implicit operand before the sources
/// (`v_addc_co_u32_e32`'s carry-out `vcc`).
fn dest_field(info: &OpInfo, k: usize) -> bool {
    let src = |f: Field| matches!(f, Field::Src0 | Field::Src1 | Field::Src2);
    match info.operands.get(k).map(|s| s.field) {
        Some(Field::Sdst | Field::Sdst3 | Field::Vdst | Field::VdstY) => true,
        Some(Field::Unencoded) => !info.operands[..k].iter().any(|s| src(s.field)),
        _ => false,
    }
}

/// Registers `i` writes, destination fields beyond `ndefs` included.
fn all_defs(info: &OpInfo, i: &MInst) -> Vec<u16> {
    (0..i.ops.len())
        .filter(|&k| k < i.ndefs as usize || dest_field(info, k))
        .flat_map(|k| regs(&i.ops[k..=k]))
        .collect()
}

/// Registers `i` reads (not its destination fields).
fn all_uses(info: &OpInfo, i: &MInst) -> Vec<u16> {
    (i.ndefs as usize..i.ops.len())
        .filter(|&k| !dest_field(info, k))
        .flat_map(|k| regs(&i.ops[k..=k]))
        .collect()
}

const VCC: [u16; 2] = [106, 107];

/// Wait states needed between `prev` (`dist` instructions back, 1 = the
/// previous one) and `cur`.
fn needed(gen: Generation, pi: &OpInfo, prev: &MInst, ci: &OpInfo, cur: &MInst) -> u32 {
    let mut need = 0;
    if gen == Generation::Gfx9 && pi.flags.has(Flags::VALU) {
        let sdefs: Vec<u16> = defs(prev).into_iter().filter(|&r| r < 256).collect();
        if !sdefs.is_empty()
            && !ci.flags.has(Flags::VALU)
            && ci.flags.0 & (Flags::VMEM | Flags::SMEM | Flags::LDS) != 0
            && uses(cur).iter().any(|r| sdefs.contains(r))
        {
            need = need.max(5);
        }
    }
    if gen == Generation::Gfx9 && pi.flags.has(Flags::VALU) && ci.flags.has(Flags::VALU) {
        // gfx940+ (CDNA3 ISA §4.5): a VALU SGPR/VCC write read by a VALU
        // (operand, lane mask or carry-in) needs 2 wait states; VCC read
        // implicitly by `v_div_fmas` (READS_VCC) needs 4.
        let sdefs: Vec<u16> = all_defs(pi, prev)
            .into_iter()
            .filter(|&r| r < 256)
            .collect();
        if all_uses(ci, cur).iter().any(|r| sdefs.contains(r)) {
            need = need.max(2);
        }
        // The table's READS_VCC also marks the e32 carry-ins and
        // v_cndmask_b32_e32, whose VCC is an (unencoded) operand covered by
        // the 2-state rule above; v_div_fmas reads it with no operand.
        let vcc_operand = ci
            .operands
            .iter()
            .any(|o| matches!(o.kind, Kind::Implicit(106)));
        if ci.flags.has(Flags::READS_VCC) && !vcc_operand && sdefs.iter().any(|r| VCC.contains(r)) {
            need = need.max(4);
        }
    }
    if gen == Generation::Gfx9 && pi.flags.has(Flags::TRANS) && ci.flags.has(Flags::VALU) {
        let vd = defs(prev);
        if uses(cur).iter().any(|r| vd.contains(r)) {
            need = need.max(1);
        }
    }
    need
}

pub fn run(mf: &mut MFunction) -> Result<(), Error> {
    let gen = mf.processor.generation();
    let table = table::table(gen);
    let nop = table::lookup(mf.processor, "s_nop", None)
        .ok_or_else(|| Error::Internal("no s_nop".into()))?;
    let depctr = table::lookup(mf.processor, "s_waitcnt_depctr", None);
    for b in &mut mf.blocks {
        let old = std::mem::take(&mut b.insts);
        let mut out: Vec<MInst> = Vec::with_capacity(old.len());
        // Hazards are checked within a block; a block boundary is a branch
        // target, and we conservatively flush at block start below.
        for inst in old {
            let ci = &table[inst.op.0 as usize];
            let mut need = 0u32;
            let mut states = 0u32; // wait states between out[j] and inst
            for prev in out.iter().rev().take(6) {
                let pi = &table[prev.op.0 as usize];
                let n = needed(gen, pi, prev, ci, &inst);
                if n > states {
                    need = need.max(n - states);
                }
                states += if prev.op == nop {
                    prev_nop_states(prev)
                } else {
                    1
                };
            }
            if gen == Generation::Gfx11 && ci.flags.has(Flags::VALU) {
                // Transcendental results read within 5 VALUs.
                let mut valus = 0;
                for prev in out.iter().rev() {
                    let pi = &table[prev.op.0 as usize];
                    if Some(prev.op) == depctr {
                        break;
                    }
                    if pi.flags.has(Flags::TRANS) {
                        let vd = defs(prev);
                        if uses(&inst).iter().any(|r| vd.contains(r)) {
                            if let Some(d) = depctr {
                                out.push(MInst {
                                    op: d,
                                    ops: vec![MOp::Phys(Operand::Imm(0x0fff))],
                                    ndefs: 0,
                                    mods: Mods::default(),
                                });
                            }
                        }
                        break;
                    }
                    if pi.flags.has(Flags::VALU) {
                        valus += 1;
                        if valus >= 5 {
                            break;
                        }
                    }
                }
            }
            if need > 0 {
                out.push(MInst {
                    op: nop,
                    ops: vec![MOp::Phys(Operand::Imm(need as i32 - 1))],
                    ndefs: 0,
                    mods: Mods::default(),
                });
            }
            out.push(inst);
        }
        b.insts = out;
    }
    // Across block boundaries: a VALU writing an SGPR at the end of a block
    // followed by a reader at the start of a successor. Pad the end of any
    // block that ends (before its branch) in an SGPR-writing VALU.
    if gen == Generation::Gfx9 {
        for b in &mut mf.blocks {
            let n = b.insts.len();
            let tail_is_branch = b
                .insts
                .last()
                .is_some_and(|i| table[i.op.0 as usize].flags.has(Flags::BRANCH));
            let k = if tail_is_branch {
                n.saturating_sub(1)
            } else {
                n
            };
            let risky = b.insts[..k].iter().rev().take(5).any(|i| {
                let info = &table[i.op.0 as usize];
                let f = info.flags;
                // All destinations: a carry-out `vcc` sits after `ndefs`.
                let writes_sgpr = all_defs(info, i).iter().any(|&r| r < 256);
                (f.has(Flags::VALU) && writes_sgpr) || f.has(Flags::TRANS)
            });
            if risky {
                b.insts.insert(
                    k,
                    MInst {
                        op: nop,
                        ops: vec![MOp::Phys(Operand::Imm(4))],
                        ndefs: 0,
                        mods: Mods::default(),
                    },
                );
            }
        }
    }
    Ok(())
}

fn prev_nop_states(i: &MInst) -> u32 {
    match i.ops.first() {
        Some(MOp::Phys(Operand::Imm(n))) => *n as u32 + 1,
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mir::MFunction;
    use silk_amdgpu::target::Processor;

    fn inst(name: &str, ops: Vec<Operand>, ndefs: u8) -> MInst {
        let op = table::lookup(Processor::Gfx942, name, None).unwrap();
        MInst {
            op,
            ops: ops.into_iter().map(MOp::Phys).collect(),
            ndefs,
            mods: Mods::default(),
        }
    }

    /// The `s_nop` immediate inserted before the second of `pair`.
    fn nop_between(pair: [MInst; 2]) -> Option<i32> {
        let mut mf = MFunction::new(Processor::Gfx942, true);
        mf.blocks[0].insts = pair.into();
        run(&mut mf).unwrap();
        let insts = &mf.blocks[0].insts;
        let nop = table::lookup(Processor::Gfx942, "s_nop", None).unwrap();
        match (insts.len() >= 3 && insts[1].op == nop).then(|| insts[1].ops[0]) {
            Some(MOp::Phys(Operand::Imm(n))) => Some(n),
            _ => None,
        }
    }

    // Expected values: what LLVM 22 `llc -mcpu=gfx942` puts between the
    // same two instructions (`s_nop 1` after a VCC write read as a mask or
    // carry, `s_nop 3` before `v_div_fmas_f32`).
    #[test]
    fn implicit_vcc_reads_wait_like_llvm() {
        let vcc = Operand::sgprs(106, 2);
        let (v0, v1, v2) = (Operand::vgpr(0), Operand::vgpr(1), Operand::vgpr(2));
        let cmp = || inst("v_cmp_gt_u32_e32", vec![vcc, v0, v1], 1);
        let cnd = inst("v_cndmask_b32_e32", vec![v2, v0, v1, vcc], 1);
        assert_eq!(nop_between([cmp(), cnd]), Some(1));
        let sub = inst("v_sub_co_u32_e32", vec![v2, vcc, v0, v1], 1);
        let subb = inst("v_subb_co_u32_e32", vec![v1, vcc, v0, v1, vcc], 1);
        assert_eq!(nop_between([sub, subb]), Some(1));
        let scale = inst("v_div_scale_f32", vec![v2, vcc, v1, v0, v1], 2);
        let fmas = inst("v_div_fmas_f32", vec![v1, v2, v1, v0], 1);
        assert_eq!(nop_between([scale, fmas]), Some(3));
        // No VCC between them: no wait.
        let add = inst("v_add_u32_e32", vec![v2, v0, v1], 1);
        let cnd = inst("v_cndmask_b32_e32", vec![v2, v0, v1, vcc], 1);
        assert_eq!(nop_between([add, cnd]), None);
    }
}
