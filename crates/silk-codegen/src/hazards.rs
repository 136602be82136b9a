//! Hazard handling on allocated code: wait states the hardware does not
//! interlock. The pass inserts `s_nop` (GFX9) or `s_waitcnt_depctr` (GFX11)
//! where a rule needs more independent instructions than there are.
//!
//! The rules are the data of [`silk_amdgpu::hazard::RULES`] (processors,
//! producer and consumer classes, wait states), which the emulator's strict
//! checker checks with too. This pass handles those of [`HANDLED`]: the
//! ones the selector's instructions can break.
//!
//! It is a forward dataflow over the CFG ([`crate::dataflow::forward`]),
//! like wait-count insertion: the state holds the recent *hazard sources*
//! (a register written by a producer of a rule, and how long ago), states
//! join at merges (union, youngest age), loops iterate to a fixpoint, and
//! each block is rewritten from its entry state. So a source at the end of
//! one block is checked against the readers at the start of its
//! successors, and only where a reader is.
//!
//! MFMA rules wait by the producer's passes (CDNA3 ISA §7.6, the shared
//! [`silk_amdgpu::hazard::mfma_mfma`] / [`mfma_read`] /
//! [`mfma_srcc_war`]); a source remembers its producer's kind and
//! destination so an MFMA chaining into the same accumulator (SrcC the
//! previous D) waits as little as the manual allows. The GFX11 WMMA rule
//! (a WMMA's D read as the next VALU WMMA's A/B) gets a `v_nop`.
//!
//! Not yet (none of their producers or consumers is selected): the DPP,
//! partial-write, wide-store and `s_setreg` rules of the table, and
//! outside it VALU-mask-write (gfx1151), partial forwarding, LDS-direct
//! and `s_delay_alu`. `tests/hazard_rules.rs` tests each
//! handled rule on its own against the emulator.

use crate::mir::{MFunction, MInst, MOp};
use crate::Error;
use silk_amdgpu::hazard::{
    mfma_mfma, mfma_read, mfma_srcc_war, table_classes, vgpr_parts_overlap, Classes, Mfma, Rule,
    Via, Wait,
};
use silk_amdgpu::isa::format::Field;
use silk_amdgpu::isa::{operand, table, Flags, Mods, Op, OpInfo, Opcode, Operand};

/// The rules this pass inserts waits for.
pub const HANDLED: [Rule; 15] = [
    Rule::ValuSgprVmem,
    Rule::ValuSgprValu,
    Rule::ValuVccDivFmas,
    Rule::ValuSgprLaneSelect,
    Rule::ValuExecLane,
    Rule::ValuVgprReadlane,
    Rule::TransUse,
    Rule::TransUseGfx11,
    Rule::ValuExecMfma,
    Rule::ValuVgprMfma,
    Rule::MfmaMfma,
    Rule::MfmaRead,
    Rule::MfmaWaw,
    Rule::MfmaSrcCWar,
    Rule::WmmaOperand,
];

/// Age at which a source stops mattering: its rule's wait states, for a
/// depctr rule one VALU more than may lie between, for an MFMA rule the
/// most its producer can need.
fn window(s: &Source) -> u32 {
    match s.rule.info().wait {
        Wait::States(n) | Wait::Valus(n) => n,
        Wait::DepctrUnlessValus(n) => n + 1,
        Wait::MfmaPasses => {
            let w = s.mfma();
            match s.rule {
                Rule::MfmaSrcCWar => mfma_srcc_war(w.passes),
                // An MFMA reading it as A/B needs at least as much.
                _ => mfma_read(w, true).max(mfma_mfma(w, Mfma::default(), false, false)),
            }
        }
    }
}

/// Whether `rule` counts VALUs (and is met by `s_waitcnt_depctr`, or for
/// [`Wait::Valus`] by `v_nop`s) rather than wait states.
fn counts_valus(rule: Rule) -> bool {
    matches!(
        rule.info().wait,
        Wait::DepctrUnlessValus(_) | Wait::Valus(_)
    )
}

/// Whether `s_waitcnt_depctr` meets `rule`.
fn depctr_rule(rule: Rule) -> bool {
    matches!(rule.info().wait, Wait::DepctrUnlessValus(_))
}

/// How an instruction reads a register.
#[derive(Clone, Copy, Default)]
struct Read {
    /// One of its read operands.
    explicit: bool,
    /// Its `src1` (the lane select of `v_readlane` / `v_writelane`).
    src1: bool,
    /// Read as `src0` or `src1` (a matrix A or B).
    src01: bool,
    /// Read as `src2` (a matrix C), and that operand names exactly the
    /// producer's destination tuple.
    src2: bool,
    same_c: bool,
    /// Written by the instruction.
    written: bool,
}

/// Whether an instruction with table entry `ci` and classes `k` reads
/// register `reg`, a source of `rule`, in the way the rule covers.
fn reader(rule: Rule, ci: &OpInfo, k: Classes, reg: u16, read: Read) -> bool {
    let explicit = read.explicit;
    let info = rule.info();
    info.consumes(k)
        && match info.via {
            // An operand, or VCC read as a mask or carry without naming it.
            Via::Sgpr => explicit || implicit_vcc(ci, reg),
            // Only a reader that names no VCC operand (`v_div_fmas`); e32
            // carry-ins and `v_cndmask` list VCC and are `Via::Sgpr` reads.
            Via::Vcc => !explicit && implicit_vcc(ci, reg),
            Via::LaneSelect => read.src1,
            // Every VALU runs under EXEC: the consumer class is the test.
            Via::Exec => true,
            _ => explicit,
        }
}

/// Whether register `reg`, written by a producer of `rule`, is what the
/// rule tracks.
fn tracked(rule: Rule, reg: u16) -> bool {
    match rule.info().via {
        Via::Sgpr => reg < 256,
        Via::Vcc => VCC.contains(&reg),
        Via::LaneSelect => reg < 256,
        Via::Exec => EXEC.contains(&reg),
        _ => reg >= 256,
    }
}

/// `reg` (its true16 half `half`, 0 the whole register) was written by a
/// source of `rule`, `age` wait states ago (VALUs ago for the rules that
/// count VALUs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Source {
    rule: Rule,
    reg: u16,
    half: u8,
    age: u32,
    /// MFMA producers: passes (bits 0-7), XDL (8), DGEMM (9), destination
    /// tuple size (10-15) and first register (16-31).
    producer: u32,
}

impl Source {
    fn mfma(&self) -> Mfma {
        Mfma {
            passes: self.producer as u8,
            xdl: self.producer & 1 << 8 != 0,
            dgemm: self.producer & 1 << 9 != 0,
        }
    }

    fn dst(&self) -> (u16, u8) {
        (
            (self.producer >> 16) as u16,
            (self.producer >> 10 & 63) as u8,
        )
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct State {
    /// Sorted by (rule, reg, half); one entry per (rule, reg, half), the
    /// youngest.
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
                .find(|x| (x.rule, x.reg, x.half) == (s.rule, s.reg, s.half))
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
            .binary_search_by_key(&(s.rule, s.reg, s.half), |x| (x.rule, x.reg, x.half))
        {
            Ok(i) => {
                if s.age <= self.sources[i].age {
                    self.sources[i] = s;
                }
            }
            Err(i) => self.sources.insert(i, s),
        }
    }

    /// `n` wait states pass (and, for the rules that count VALUs, `valus`
    /// VALUs).
    fn advance(&mut self, n: u32, valus: u32) {
        for s in &mut self.sources {
            s.age += if counts_valus(s.rule) { valus } else { n };
        }
        self.sources.retain(|s| s.age < window(s));
    }
}

const VCC: [u16; 2] = [operand::VCC_LO, operand::VCC_LO + 1];
const EXEC: [u16; 2] = [operand::EXEC_LO, operand::EXEC_LO + 1];

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

/// The registers of `ops`, each with the true16 half named (0 whole).
fn regs(ops: &[MOp]) -> impl Iterator<Item = (u16, u8)> + '_ {
    ops.iter().flat_map(|op| {
        let (range, half) = match op {
            MOp::Phys(Operand::Reg { code, count, half }) => (
                *code..*code + *count as u16,
                if *count == 1 { *half } else { 0 },
            ),
            _ => (0..0, 0),
        };
        range.map(move |r| (r, half))
    })
}

/// The hazard sources `inst` (classes `k`) creates under `rules` (the
/// handled rules that apply to the processor).
fn sources(rules: &[Rule], ci: &OpInfo, k: Classes, inst: &MInst, out: &mut State) {
    let producer = match ci.mfma_passes() {
        Some(passes) => {
            let (first, count) = match inst.ops.first() {
                Some(MOp::Phys(Operand::Reg { code, count, .. })) => (*code, *count),
                _ => (0, 0),
            };
            passes as u32
                | ((k.0 & Classes::XDL != 0) as u32) << 8
                | ((k.0 & Classes::DGEMM != 0) as u32) << 9
                | (count as u32 & 63) << 10
                | (first as u32) << 16
        }
        None => 0,
    };
    for &rule in rules {
        if !rule.info().produces(k) {
            continue;
        }
        if rule.info().via == Via::VgprWar {
            // The XDL MFMA's C operand, still being read.
            let c = ci.operands.iter().position(|o| o.field == Field::Src2);
            for (reg, half) in c.into_iter().flat_map(|i| regs(&inst.ops[i..=i])) {
                out.add(Source {
                    rule,
                    reg,
                    half,
                    age: 0,
                    producer,
                });
            }
            continue;
        }
        if rule.info().via == Via::Exec {
            // EXEC is written without an operand naming it (`v_cmpx_*`).
            if ci.flags.has(Flags::WRITES_EXEC) {
                for reg in EXEC {
                    out.add(Source {
                        rule,
                        reg,
                        half: 0,
                        age: 0,
                        producer,
                    });
                }
            }
            continue;
        }
        // Written registers, with physical destinations beyond `ndefs` (a
        // VOP3 carry-out `vcc`); a tuple is whole registers.
        for (i, op) in inst.ops.iter().enumerate() {
            let MOp::Phys(Operand::Reg { code, count, half }) = *op else {
                continue;
            };
            if !crate::sched::writes(ci, inst, i) {
                continue;
            }
            let half = if count == 1 { half } else { 0 };
            for reg in code..code + count as u16 {
                if tracked(rule, reg) {
                    out.add(Source {
                        rule,
                        reg,
                        half,
                        age: 0,
                        producer,
                    });
                }
            }
        }
    }
}

struct Pass<'r> {
    /// The rules of [`HANDLED`] that apply to the processor.
    rules: &'r [Rule],
    /// Classes that produce for any of them.
    producers: u32,
    table: &'static [OpInfo],
    classes: &'static [Classes],
    nop: Opcode,
    depctr: Option<Opcode>,
    vnop: Option<Opcode>,
}

impl Pass<'_> {
    /// Run block `insts` from state `s`, leaving `s` at the block's exit;
    /// `waits` gets the waits to insert, as (before instruction, wait).
    fn block(&self, s: &mut State, insts: &[MInst], waits: &mut Vec<(usize, MInst)>) {
        for (at, inst) in insts.iter().enumerate() {
            let ci = &self.table[inst.op.0 as usize];
            let k = self.classes[inst.op.0 as usize];
            let mut states = 0u32;
            let mut depctr = false;
            let mut vnop = false;
            let mfma_consumer = k.0 & Classes::MFMA != 0;
            for src in &s.sources {
                let mut read = Read::default();
                for i in 0..inst.ops.len() {
                    // True16 halves are distinct registers (the shared fact
                    // in silk_amdgpu::hazard); a tuple is whole registers.
                    let hit = match inst.ops[i] {
                        MOp::Phys(Operand::Reg { code, count, half }) => {
                            let half = if count == 1 { half } else { 0 };
                            (code..code + count as u16).contains(&src.reg)
                                && vgpr_parts_overlap(half, src.half)
                        }
                        _ => false,
                    };
                    if !hit {
                        continue;
                    }
                    if !reads(ci, inst, i) {
                        read.written |= crate::sched::writes(ci, inst, i);
                        continue;
                    }
                    let field = ci.operands.get(i).map(|o| o.field);
                    read.explicit = true;
                    read.src1 |= field == Some(Field::Src1);
                    read.src01 |= matches!(field, Some(Field::Src0 | Field::Src1));
                    if field == Some(Field::Src2) {
                        read.src2 = true;
                        if let MOp::Phys(Operand::Reg { code, count, .. }) = inst.ops[i] {
                            read.same_c = (code, count) == src.dst();
                        }
                    }
                }
                let info = src.rule.info();
                let need = match src.rule {
                    Rule::MfmaWaw | Rule::MfmaSrcCWar => {
                        if !info.consumes(k) || mfma_consumer || !read.written {
                            continue;
                        }
                        if src.rule == Rule::MfmaWaw {
                            mfma_read(src.mfma(), false)
                        } else {
                            mfma_srcc_war(src.mfma().passes)
                        }
                    }
                    _ => {
                        if !reader(src.rule, ci, k, src.reg, read) {
                            continue;
                        }
                        match src.rule {
                            Rule::MfmaRead if mfma_consumer => continue,
                            Rule::MfmaRead => {
                                let mem = k.0 & (Classes::VMEM | Classes::DS) != 0;
                                mfma_read(src.mfma(), mem)
                            }
                            Rule::MfmaMfma => {
                                let r = Mfma {
                                    passes: ci.mfma_passes().unwrap_or(0),
                                    xdl: k.0 & Classes::XDL != 0,
                                    dgemm: k.0 & Classes::DGEMM != 0,
                                };
                                mfma_mfma(src.mfma(), r, read.src2, read.same_c)
                            }
                            // A/B only, and only right after the WMMA.
                            Rule::WmmaOperand => {
                                vnop |= read.src01;
                                continue;
                            }
                            _ if counts_valus(src.rule) => {
                                depctr = true;
                                continue;
                            }
                            _ => window(src),
                        }
                    }
                };
                states = states.max(need.saturating_sub(src.age));
            }
            if vnop {
                if let Some(v) = self.vnop {
                    waits.push((at, wait_none(v)));
                    s.advance(1, 1);
                }
            }
            if depctr {
                if let Some(d) = self.depctr {
                    waits.push((at, wait(d, 0x0fff)));
                    s.sources.retain(|x| !depctr_rule(x.rule));
                }
            }
            if states > 0 {
                // `s_nop` waits at most 8 states (SIMM16[2:0], as LLVM
                // emits it): longer MFMA waits take several.
                let mut left = states;
                while left > 0 {
                    let n = left.min(8);
                    waits.push((at, wait(self.nop, n as i32 - 1)));
                    left -= n;
                }
                s.advance(states, 0);
            }
            if inst.op == self.nop {
                s.advance(nop_states(inst), 0);
            } else if Some(inst.op) == self.depctr {
                s.advance(1, 0);
                s.sources.retain(|x| !depctr_rule(x.rule));
            } else {
                s.advance(1, ci.flags.has(Flags::VALU) as u32);
            }
            if k.0 & self.producers != 0 {
                sources(self.rules, ci, k, inst, s);
            }
        }
    }
}

fn wait_none(op: Opcode) -> MInst {
    MInst {
        op,
        ops: vec![],
        ndefs: 0,
        mods: Mods::default(),
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
    let mut rules = HANDLED;
    let mut n = 0;
    for r in HANDLED {
        if r.applies(mf.processor) {
            rules[n] = r;
            n += 1;
        }
    }
    let rules = &rules[..n];
    let pass = Pass {
        producers: rules.iter().fold(0, |m, r| m | r.info().producer),
        rules,
        table: table::table(gen),
        classes: table_classes(gen),
        nop: Op::S_NOP
            .on(mf.processor)
            .ok_or_else(|| Error::invariant("hazard handling", "no s_nop"))?,
        depctr: Op::S_WAITCNT_DEPCTR.on(mf.processor),
        vnop: Op::V_NOP.on(mf.processor),
    };
    // The waits of each block's last run, which starts from its final
    // entry state (see `dataflow`); `None` for a block never reached.
    let mut found: Vec<Option<Vec<(usize, MInst)>>> = vec![None; mf.blocks.len()];
    crate::dataflow::forward(mf, "hazard", |s: &mut State, b, insts: &[MInst]| {
        let waits = found[b].get_or_insert_with(Vec::new);
        waits.clear();
        pass.block(s, insts, waits);
    })?;
    for (b, waits) in found.into_iter().enumerate() {
        let mut waits = match waits {
            Some(w) => w,
            None => {
                let mut w = Vec::new();
                pass.block(&mut State::default(), &mf.blocks[b].insts, &mut w);
                w
            }
        };
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
    use silk_amdgpu::target::{Generation, Processor};

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
