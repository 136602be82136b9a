//! Hazard handling on allocated code: wait states the hardware does not
//! interlock. The pass inserts `s_nop` (GFX9) or `s_waitcnt_depctr` (GFX11)
//! where a rule needs more independent instructions than there are.
//!
//! It is a forward dataflow over the CFG, like wait-count insertion: the
//! state holds the recent *hazard sources* (a register written by a kind of
//! instruction, and how long ago), states join at merges (union, youngest
//! age), loops iterate to a fixpoint, and each block is rewritten from its
//! entry state. So a source at the end of one block is checked against the
//! readers at the start of its successors, and only where a reader is.
//!
//! Rules (each one [`Rule`] with its processor predicate in [`sources`] and
//! its check in [`Rule::need`]):
//! - `ValuSgpr` (GFX9, CDNA3 ISA §4.5 "Manually inserted wait states"): a
//!   VALU that writes an SGPR or VCC (`v_cmp_*_e64`, `v_readfirstlane`,
//!   carry-out) followed within 5 wait states by a VMEM, SMEM or LDS
//!   instruction reading that SGPR.
//! - `ValuSgprValu` (gfx940+, CDNA3 ISA §4.5; LLVM's "VALU write SGPR ->
//!   VALU read" with 2 wait states): the same sources read by a VALU, as
//!   an operand, a lane mask or a carry (`v_addc_co_u32 ..., vcc`). This
//!   also covers the `v_readlane` / `v_writelane` lane select, whose
//!   4-state bound applies to lane selects only and is met by the
//!   `ValuSgpr` window whenever it matters.
//! - `DivFmasVcc` (GFX9, CDNA3 ISA §4.5): a VALU that writes VCC followed
//!   within 4 wait states by `v_div_fmas_*`, which reads VCC implicitly
//!   (`READS_VCC` in the table).
//! - `TransGfx9` (gfx940+, LLVM `GCNHazardRecognizer` "trans use"): a
//!   transcendental VALU result read by the next VALU needs 1 wait state.
//! - `TransGfx11` (GFX11, RDNA3 ISA §5.7 / LLVM `fixVALUTransUseHazard`): a
//!   transcendental result read by a VALU with at most 5 VALUs between needs
//!   `s_waitcnt_depctr va_vdst(0)`; the age counts VALUs, not wait states.
//!
//! Not yet: MFMA pass-count hazards (no MFMA is selected), VALU-mask-write
//! (gfx1151), partial forwarding, LDS-direct and `s_setreg` hazards (none
//! of those instructions are selected yet), and `s_delay_alu`.

use crate::mir::{MFunction, MInst, MOp};
use crate::Error;
use silk_amdgpu::isa::format::Field;
use silk_amdgpu::isa::{operand, table, Flags, Mods, OpInfo, Opcode, Operand};
use silk_amdgpu::target::Generation;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Rule {
    ValuSgpr,
    ValuSgprValu,
    DivFmasVcc,
    TransGfx9,
    TransGfx11,
}

impl Rule {
    /// Age at which the source stops mattering.
    fn window(self) -> u32 {
        match self {
            Rule::ValuSgpr => 5,
            Rule::ValuSgprValu => 2,
            Rule::DivFmasVcc => 4,
            Rule::TransGfx9 => 1,
            // LLVM 22's fixVALUTransUseHazard: up to 5 VALUs between the
            // transcendental and its reader still need the wait.
            Rule::TransGfx11 => 6,
        }
    }

    /// Whether an instruction with table entry `ci` reads register `reg`,
    /// a source of this rule, in a way the rule covers; `explicit`: `reg`
    /// is one of its operands.
    fn reader(self, ci: &OpInfo, reg: u16, explicit: bool) -> bool {
        let valu = ci.flags.has(Flags::VALU);
        match self {
            Rule::ValuSgpr => {
                explicit && !valu && ci.flags.0 & (Flags::VMEM | Flags::SMEM | Flags::LDS) != 0
            }
            Rule::ValuSgprValu => valu && (explicit || implicit_vcc(ci, reg)),
            // Only a reader that names no VCC operand (`v_div_fmas`); e32
            // carry-ins and `v_cndmask` list VCC and wait 2.
            Rule::DivFmasVcc => valu && !explicit && implicit_vcc(ci, reg),
            Rule::TransGfx9 | Rule::TransGfx11 => explicit && valu,
        }
    }
}

/// `reg` was written by a source of `rule`, `age` wait states ago (VALUs
/// ago for `TransGfx11`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Source {
    rule: Rule,
    reg: u16,
    age: u32,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct State {
    /// Sorted by (rule, reg); one entry per (rule, reg), the youngest.
    sources: Vec<Source>,
}

impl crate::dataflow::State for State {
    fn join(&mut self, o: &State) -> bool {
        let before = self.sources.len();
        let mut changed = false;
        for s in &o.sources {
            let old = self
                .sources
                .iter()
                .find(|x| x.rule == s.rule && x.reg == s.reg)
                .map(|x| x.age);
            if old.is_none_or(|a| s.age < a) {
                self.add(*s);
                changed = true;
            }
        }
        changed || self.sources.len() != before
    }
}

impl State {
    fn add(&mut self, s: Source) {
        match self
            .sources
            .binary_search_by_key(&(s.rule, s.reg), |x| (x.rule, x.reg))
        {
            Ok(i) => self.sources[i].age = self.sources[i].age.min(s.age),
            Err(i) => self.sources.insert(i, s),
        }
    }

    /// `n` wait states pass (and, for `TransGfx11`, `valus` VALUs).
    fn advance(&mut self, n: u32, valus: u32) {
        for s in &mut self.sources {
            s.age += if s.rule == Rule::TransGfx11 { valus } else { n };
        }
        self.sources.retain(|s| s.age < s.rule.window());
    }
}

const VCC: [u16; 2] = [operand::VCC_LO, operand::VCC_LO + 1];

/// `reg` is half of VCC and `ci` reads VCC without naming it.
fn implicit_vcc(ci: &OpInfo, reg: u16) -> bool {
    ci.flags.has(Flags::READS_VCC) && VCC.contains(&reg)
}

/// Whether operand `i` of `inst` is read: not one of the first `ndefs`
/// nor in a destination field, and an unencoded (implicit) operand only
/// after a source, as `v_addc_co_u32_e32`'s carry-in `vcc` (its carry-out
/// `vcc` comes before the sources).
fn reads(ci: &OpInfo, inst: &MInst, i: usize) -> bool {
    let src = |f: Field| matches!(f, Field::Src0 | Field::Src1 | Field::Src2);
    i >= inst.ndefs as usize
        && match ci.operands.get(i).map(|s| s.field) {
            Some(Field::Sdst | Field::Sdst3 | Field::Vdst | Field::VdstY) => false,
            Some(Field::Unencoded) => ci.operands[..i].iter().any(|s| src(s.field)),
            _ => true,
        }
}

fn regs(ops: &[MOp]) -> impl Iterator<Item = u16> + '_ {
    ops.iter().flat_map(|op| match op {
        MOp::Phys(Operand::Reg { code, count, .. }) => *code..*code + *count as u16,
        _ => 0..0,
    })
}

/// The hazard sources `inst` creates on `gen`.
fn sources(gen: Generation, ci: &OpInfo, inst: &MInst, out: &mut State) {
    // Written registers, with physical destinations beyond `ndefs` (a
    // VOP3 carry-out `vcc`).
    let defs = || {
        inst.ops
            .iter()
            .enumerate()
            .filter(|&(i, _)| crate::sched::writes(ci, inst, i))
            .flat_map(|(_, op)| regs(std::slice::from_ref(op)))
    };
    let valu = ci.flags.has(Flags::VALU);
    if gen == Generation::Gfx9 && valu {
        for reg in defs().filter(|&r| r < 256) {
            for rule in [Rule::ValuSgpr, Rule::ValuSgprValu] {
                out.add(Source { rule, reg, age: 0 });
            }
            if VCC.contains(&reg) {
                out.add(Source {
                    rule: Rule::DivFmasVcc,
                    reg,
                    age: 0,
                });
            }
        }
    }
    if ci.flags.has(Flags::TRANS) {
        let rule = match gen {
            Generation::Gfx9 => Rule::TransGfx9,
            Generation::Gfx11 => Rule::TransGfx11,
        };
        for reg in defs() {
            out.add(Source { rule, reg, age: 0 });
        }
    }
}

struct Pass {
    gen: Generation,
    table: &'static [OpInfo],
    nop: Opcode,
    depctr: Option<Opcode>,
}

impl Pass {
    /// Run block `insts` from state `s`, leaving `s` at the block's exit;
    /// `waits` gets the waits to insert, as (before instruction, wait).
    fn block(&self, s: &mut State, insts: &[MInst], waits: &mut Vec<(usize, MInst)>) {
        for (at, inst) in insts.iter().enumerate() {
            let ci = &self.table[inst.op.0 as usize];
            let mut states = 0u32;
            let mut depctr = false;
            for src in &s.sources {
                let explicit = (0..inst.ops.len())
                    .filter(|&i| reads(ci, inst, i))
                    .any(|i| regs(&inst.ops[i..=i]).any(|r| r == src.reg));
                if !src.rule.reader(ci, src.reg, explicit) {
                    continue;
                }
                match src.rule {
                    Rule::TransGfx11 => depctr = true,
                    _ => states = states.max(src.rule.window() - src.age),
                }
            }
            if depctr {
                if let Some(d) = self.depctr {
                    waits.push((at, wait(d, 0x0fff)));
                    s.sources.retain(|x| x.rule != Rule::TransGfx11);
                }
            }
            if states > 0 {
                waits.push((at, wait(self.nop, states as i32 - 1)));
                s.advance(states, 0);
            }
            if inst.op == self.nop {
                s.advance(nop_states(inst), 0);
            } else if Some(inst.op) == self.depctr {
                s.advance(1, 0);
                s.sources.retain(|x| x.rule != Rule::TransGfx11);
            } else {
                s.advance(1, ci.flags.has(Flags::VALU) as u32);
            }
            sources(self.gen, ci, inst, s);
        }
    }
}

fn wait(op: Opcode, imm: i32) -> MInst {
    MInst {
        op,
        ops: vec![MOp::Phys(Operand::Imm(imm))],
        ndefs: 0,
        mods: Mods::default(),
    }
}

pub fn run(mf: &mut MFunction) -> Result<(), Error> {
    let gen = mf.processor.generation();
    let pass = Pass {
        gen,
        table: table::table(gen),
        nop: table::lookup(mf.processor, "s_nop", None)
            .ok_or_else(|| Error::Internal("no s_nop".into()))?,
        depctr: table::lookup(mf.processor, "s_waitcnt_depctr", None),
    };
    let mut waits = Vec::new();
    let ins = crate::dataflow::forward(mf, "hazard", |s: &mut State, insts: &[MInst]| {
        waits.clear();
        pass.block(s, insts, &mut waits);
    })?;
    for (b, mut s) in ins.into_iter().enumerate() {
        waits.clear();
        pass.block(&mut s, &mf.blocks[b].insts, &mut waits);
        if waits.is_empty() {
            continue;
        }
        let old = std::mem::take(&mut mf.blocks[b].insts);
        let mut out = Vec::with_capacity(old.len() + waits.len());
        let mut pending = waits.drain(..).peekable();
        for (i, inst) in old.into_iter().enumerate() {
            while let Some((_, w)) = pending.next_if(|(at, _)| *at == i) {
                out.push(w);
            }
            out.push(inst);
        }
        mf.blocks[b].insts = out;
    }
    Ok(())
}

fn nop_states(i: &MInst) -> u32 {
    match i.ops.first() {
        Some(MOp::Phys(Operand::Imm(n))) => *n as u32 + 1,
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use silk_amdgpu::target::Processor;

    fn inst(p: Processor, name: &str, ops: Vec<MOp>, ndefs: u8) -> MInst {
        MInst {
            op: table::lookup(p, name, None).unwrap(),
            ops,
            ndefs,
            mods: Mods::default(),
        }
    }

    fn names(mf: &MFunction) -> Vec<Vec<String>> {
        mf.blocks
            .iter()
            .map(|b| b.insts.iter().map(|i| mf.print_inst(i)).collect())
            .collect()
    }

    /// gfx942: `v_cmp_*_e64 s[0:1]` then a VMEM reading `s[0:1]` in the
    /// next block needs 5 wait states there, and none at the end of the
    /// first block when the successor does not read it.
    #[test]
    fn valu_sgpr_write_is_checked_across_blocks() {
        let p = Processor::Gfx942;
        let mut mf = MFunction::new(p, true);
        let s01 = MOp::Phys(Operand::sgprs(0, 2));
        let v0 = MOp::Phys(Operand::vgprs(0, 1));
        let v1 = MOp::Phys(Operand::vgprs(1, 1));
        mf.blocks[0]
            .insts
            .push(inst(p, "v_cmp_lt_u32_e64", vec![s01, v0, v1], 1));
        mf.new_block(None);
        mf.blocks[1]
            .insts
            .push(inst(p, "global_load_dword", vec![v1, v0, s01], 1));
        let mut quiet = mf.clone();
        quiet.blocks[1].insts[0].ops[2] = MOp::Phys(Operand::sgprs(4, 2));
        run(&mut mf).unwrap();
        let n = names(&mf);
        assert_eq!(n[0].len(), 1, "{n:?}");
        assert_eq!(n[1][0], "s_nop 4", "{n:?}");
        run(&mut quiet).unwrap();
        let q = names(&quiet);
        assert_eq!((q[0].len(), q[1].len()), (1, 1), "{q:?}");
    }

    /// gfx942: a VALU carry-out in VCC read by the next VALU's carry-in
    /// needs 2 wait states (clang puts `s_nop 1` there); `v_div_fmas`
    /// after a VCC write needs 4. GFX11 forwards both.
    #[test]
    fn valu_sgpr_reads_by_valu_wait_on_gfx942_only() {
        for (p, carry, fmas) in [
            (Processor::Gfx942, Some("s_nop 1"), Some("s_nop 3")),
            (Processor::Gfx1100, None, None),
        ] {
            let v = |n| MOp::Phys(Operand::vgprs(n, 1));
            let vcc = MOp::Phys(Operand::sgprs(106, 2));
            let (lo, hi) = match p.generation() {
                Generation::Gfx9 => ("v_add_co_u32_e64", "v_addc_co_u32_e32"),
                Generation::Gfx11 => ("v_add_co_u32", "v_add_co_ci_u32_e32"),
            };
            let mut mf = MFunction::new(p, p.generation() == Generation::Gfx9);
            let b = &mut mf.blocks[0].insts;
            b.push(inst(p, lo, vec![v(0), vcc, v(1), v(2)], 1));
            b.push(inst(p, hi, vec![v(3), vcc, v(4), v(5), vcc], 1));
            b.push(inst(
                p,
                "v_div_scale_f32",
                vec![v(6), vcc, v(1), v(2), v(3)],
                1,
            ));
            b.push(inst(p, "v_div_fmas_f32", vec![v(7), v(1), v(2), v(3)], 1));
            run(&mut mf).unwrap();
            let n = names(&mf);
            let nops: Vec<&str> = n[0]
                .iter()
                .filter(|t| t.starts_with("s_nop"))
                .map(|t| t.as_str())
                .collect();
            let want: Vec<&str> = carry.into_iter().chain(fmas).collect();
            assert_eq!(nops, want, "{p}: {n:?}");
            if let (Some(_), Some(_)) = (carry, fmas) {
                assert!(
                    n[0][1].starts_with("s_nop") && n[0][4].starts_with("s_nop"),
                    "{n:?}"
                );
            }
        }
    }

    // Expected values: what LLVM 22 `llc -mcpu=gfx942` puts between the
    // same two instructions (`s_nop 1` after a VCC write read as a mask or
    // carry, `s_nop 3` before `v_div_fmas_f32`).
    #[test]
    fn implicit_vcc_reads_wait_like_llvm() {
        let p = Processor::Gfx942;
        let nop_between = |pair: [MInst; 2]| {
            let mut mf = MFunction::new(p, true);
            mf.blocks[0].insts = pair.into();
            run(&mut mf).unwrap();
            let n = names(&mf);
            (n[0].len() == 3).then(|| n[0][1].clone())
        };
        let r = |o: Operand| MOp::Phys(o);
        let vcc = r(Operand::sgprs(106, 2));
        let (v0, v1, v2) = (
            r(Operand::vgprs(0, 1)),
            r(Operand::vgprs(1, 1)),
            r(Operand::vgprs(2, 1)),
        );
        let cmp = || inst(p, "v_cmp_gt_u32_e32", vec![vcc, v0, v1], 1);
        let cnd = || inst(p, "v_cndmask_b32_e32", vec![v2, v0, v1, vcc], 1);
        assert_eq!(nop_between([cmp(), cnd()]).as_deref(), Some("s_nop 1"));
        let sub = inst(p, "v_sub_co_u32_e32", vec![v2, vcc, v0, v1], 1);
        let subb = inst(p, "v_subb_co_u32_e32", vec![v1, vcc, v0, v1, vcc], 1);
        assert_eq!(nop_between([sub, subb]).as_deref(), Some("s_nop 1"));
        let scale = inst(p, "v_div_scale_f32", vec![v2, vcc, v1, v0, v1], 2);
        let fmas = inst(p, "v_div_fmas_f32", vec![v1, v2, v1, v0], 1);
        assert_eq!(nop_between([scale, fmas]).as_deref(), Some("s_nop 3"));
        // No VCC between them: no wait.
        let add = inst(p, "v_add_u32_e32", vec![v2, v0, v1], 1);
        assert_eq!(nop_between([add, cnd()]), None);
    }
}
