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
//!   every non-VALU reader of the SGPR: conservative and simple.
//! - `valu_sgpr_then_valu` (gfx940+, LLVM 22 `s_nop 1` on gfx942): a VALU
//!   that writes an SGPR or VCC followed within 2 wait states by a VALU
//!   reading it (constant, lane mask or carry; the table's `READS_VCC` /
//!   `WRITES_VCC` give the unencoded VCC of e32 forms).
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
use silk_amdgpu::isa::{table, Flags, Mods, OpInfo, Operand};
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

/// Registers `i` writes and reads, by its table operands: the first
/// `ndefs` and the destination fields (a VOP3 carry-out `sdst` may sit
/// after `ndefs`) are written; unencoded operands are left to the
/// table's implicit flags; the rest are read.
fn split_dest(info: &OpInfo, i: &MInst) -> (Vec<u16>, Vec<u16>) {
    let (mut w, mut r) = (Vec::new(), Vec::new());
    for (k, op) in i.ops.iter().enumerate() {
        let field = info.operands.get(k).map(|s| s.field);
        let out = if k < i.ndefs as usize
            || matches!(field, Some(Field::Vdst | Field::Sdst | Field::Sdst3))
        {
            &mut w
        } else if field == Some(Field::Unencoded) {
            continue;
        } else {
            &mut r
        };
        out.extend(regs(std::slice::from_ref(op)));
    }
    (w, r)
}

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
        // gfx940+: a VALU reading an SGPR or VCC a VALU wrote, as a constant,
        // mask or carry (implicit VCC included), needs 2 wait states. LLVM 22
        // puts `s_nop 1` between `v_cmp_*_e32 vcc` and `v_cndmask_b32_e32 ..,
        // vcc`, and between `v_sub_co_u32_e32` and `v_subb_co_u32_e32`.
        let vcc = |yes: bool| if yes { &[106u16, 107][..] } else { &[] };
        let (pw, _) = split_dest(pi, prev);
        let (_, cr) = split_dest(ci, cur);
        let mut sdefs: Vec<u16> = pw.into_iter().filter(|&r| r < 256).collect();
        sdefs.extend(vcc(pi.flags.has(Flags::WRITES_VCC)));
        let mut sused: Vec<u16> = cr.into_iter().filter(|&r| r < 256).collect();
        sused.extend(vcc(ci.flags.has(Flags::READS_VCC)));
        if sused.iter().any(|r| sdefs.contains(r)) {
            need = need.max(2);
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
                let writes_sgpr =
                    split_dest(info, i).0.iter().any(|&r| r < 256) || f.has(Flags::WRITES_VCC);
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
