//! Latency-aware list scheduling within each basic block, before register
//! allocation.
//!
//! Why before allocation: on virtual registers the only dependencies are
//! the real ones (a value and its uses, memory order, implicit EXEC / VCC /
//! SCC / M0), so a load can move above unrelated arithmetic; after
//! allocation, register reuse adds anti- and output dependencies that pin
//! most instructions in place. The price is longer live ranges: with more
//! than [`MAX_LOADS_IN_FLIGHT`] loads whose results are unread, or
//! [`MAX_LIVE`] values not yet consumed, the scheduler falls back to the
//! source order.
//!
//! Dependencies come from the operands (virtual registers as a whole, and
//! physical registers by code), the opcode table's implicit attributes
//! (`READS_EXEC`/`WRITES_EXEC`, VCC, SCC, `READS_M0`; every VALU, VMEM, LDS
//! and FLAT instruction reads EXEC), and memory: loads may pass loads, and
//! loads of memory the kernel never writes (`ptr<const>`,
//! [`VRegInfo::invariant`]) pass stores too, but nothing else passes a
//! store or an atomic, and barriers, branches and
//! `s_endpgm` stay where they are with everything on its side. Never an
//! instruction's name.
//!
//! Where the opcode table carries none of an implicit attribute yet (today
//! `WRITES_EXEC`, `WRITES_SCC` and `READS_M0` are unset for every opcode,
//! which hides the implicit EXEC write of `s_and_saveexec` and the SCC of
//! SALU arithmetic), the scheduler assumes the worst for the class: every
//! SALU reads and writes SCC and EXEC, every LDS access reads M0. VCC is
//! an explicit operand of every instruction that uses it in LLVM syntax.
//! With the attributes in the table the precise dependencies take over.
//!
//! The priority is the latency-weighted height (longest path to the end of
//! the block), so address arithmetic feeding a load and the load itself go
//! first and independent loads cluster, letting wait-count insertion cover
//! them with one `s_waitcnt`; ties keep the original order. Scalar loads
//! that are ready go before everything else, in source order (the kernarg
//! loads of the prologue stay together at the top, under one wait, and
//! adjacent for [`crate::smem::merge_virtual`] to merge).
//!
//! Precoloured operations (the Silk source intrinsics, listed in
//! [`MFunction::pinned`]) keep their order among themselves: each depends
//! on the one before. Everything else moves around them as the
//! dependencies allow, which include their physical registers and those
//! of the ABI-fixed virtual registers (entry SGPRs, `v0`).

use crate::mir::{self, File, MFunction, MInst, MOp, VRegInfo};
use crate::Error;
use silk_amdgpu::isa::format::Field;
use silk_amdgpu::isa::{operand, table, Flags, OpInfo, Operand};
use silk_amdgpu::target::Generation;
use std::sync::OnceLock;

/// Loads whose results no scheduled instruction has read yet, beyond
/// which the scheduler keeps the source order (register pressure).
pub const MAX_LOADS_IN_FLIGHT: usize = 8;

/// Scheduled values not yet consumed, beyond which the scheduler keeps
/// the source order.
pub const MAX_LIVE: usize = 24;

/// A register an instruction reads or writes: a virtual register, or a
/// physical one by its code ([`Scratch::push_node`] turns the code into
/// the register's index in [`Scratch::phys`], so the dependency tables are
/// sized by the registers a function names, not by the register file).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Res {
    Virt(u32),
    Phys(u16),
}

/// Pseudo register code for SCC (its source-operand code).
const SCC: u16 = 253;
const VCC: [u16; 2] = [operand::VCC_LO, operand::VCC_LO + 1];
const EXEC: [u16; 2] = [operand::EXEC_LO, operand::EXEC_LO + 1];

struct Node {
    /// `Scratch::regs[defs.0..defs.1]` are written, `[defs.1..uses]` read.
    defs: (u32, u32),
    uses: u32,
    latency: u32,
    load: bool,
    /// A scalar load: issued as soon as it is ready (see [`schedule`]).
    smem: bool,
    /// Orders against every memory access (store, atomic, or an access
    /// the table does not call a plain load).
    mem_order: bool,
    mem: bool,
    fence: bool,
    /// A precoloured operation: ordered after the previous one.
    pinned: bool,
}

/// Which implicit attributes the opcode table records at all.
#[derive(Clone, Copy)]
struct Known {
    gen: Generation,
    exec: bool,
    scc: bool,
    m0: bool,
}

impl Known {
    /// Looked up once per generation (the tables are static).
    fn of(gen: Generation) -> Known {
        static GFX9: OnceLock<Known> = OnceLock::new();
        static GFX11: OnceLock<Known> = OnceLock::new();
        let cell = match gen {
            Generation::Gfx9 => &GFX9,
            Generation::Gfx11 => &GFX11,
        };
        *cell.get_or_init(|| {
            let table = table::table(gen);
            let any = |b: u64| table.iter().any(|i| i.flags.has(b));
            Known {
                gen,
                exec: any(Flags::WRITES_EXEC),
                scc: any(Flags::WRITES_SCC),
                m0: any(Flags::READS_M0),
            }
        })
    }
}

/// Buffers reused for every block of a function (one allocation each).
#[derive(Default)]
struct Scratch {
    nodes: Vec<Node>,
    regs: Vec<Res>,
    /// Predecessors of node `i`: `preds[pred_start[i]..pred_start[i + 1]]`.
    preds: Vec<u32>,
    pred_start: Vec<u32>,
    succs: Vec<u32>,
    succ_start: Vec<u32>,
    /// Last definition of each register slot in the block (`u32::MAX`:
    /// none).
    last_def: Vec<u32>,
    /// Uses of each slot since its last definition, as a list through
    /// `use_list` (`u32::MAX` ends it): one flat arena instead of a vector
    /// per register, which a small kernel would allocate for every
    /// register it names.
    use_head: Vec<u32>,
    /// (node, next) links of the use lists.
    use_list: Vec<(u32, u32)>,
    touched: Vec<usize>,
    mems_since: Vec<u32>,
    since_fence: Vec<u32>,
    p: Vec<u32>,
    height: Vec<u32>,
    waiting: Vec<u32>,
    ready: Vec<u32>,
    unread: Vec<bool>,
    /// Unscheduled successors of each scheduled node.
    pending: Vec<u32>,
    order: Vec<u32>,
    /// The physical register codes seen, in order of first sight.
    phys: Vec<u16>,
}

impl Scratch {
    /// Buffers for blocks of up to `n` instructions (they grow past that
    /// if an instruction names unusually many registers).
    fn with_capacity(n: usize) -> Scratch {
        Scratch {
            nodes: Vec::with_capacity(n),
            regs: Vec::with_capacity(8 * n),
            preds: Vec::with_capacity(4 * n),
            pred_start: Vec::with_capacity(n + 1),
            succs: Vec::with_capacity(4 * n),
            succ_start: Vec::with_capacity(n + 1),
            last_def: Vec::new(),
            use_head: Vec::new(),
            use_list: Vec::with_capacity(4 * n),
            touched: Vec::with_capacity(8 * n),
            mems_since: Vec::with_capacity(n),
            since_fence: Vec::with_capacity(n),
            p: Vec::with_capacity(16),
            height: Vec::with_capacity(n),
            waiting: Vec::with_capacity(n),
            ready: Vec::with_capacity(n),
            unread: Vec::with_capacity(n),
            pending: Vec::with_capacity(n),
            order: Vec::with_capacity(n),
            phys: Vec::with_capacity(16),
        }
    }

    fn push_node(&mut self, n: NodeIn, m0: u16, known: Known) {
        let NodeIn {
            inst,
            info,
            vregs,
            pinned,
        } = n;
        let f = info.flags;
        let salu = f.has(Flags::SALU);
        let null = operand::null_code(known.gen);
        let start = self.regs.len() as u32;
        // A virtual register the ABI fixes (entry SGPRs, v0) is also its
        // physical registers, which precoloured operations may name.
        let regs_of = |op: &MOp, out: &mut Vec<Res>| match *op {
            MOp::Reg { r, off, n } => {
                out.push(Res::Virt(r.0));
                if let Some(info) = vregs.get(r.0 as usize) {
                    if let Some(base) = info.fixed {
                        let base = match info.file {
                            File::Sgpr => base,
                            File::Vgpr => operand::VGPR0 + base,
                        } + off as u16;
                        out.extend((base..base + n as u16).map(Res::Phys));
                    }
                }
            }
            // `null` holds nothing: writing it orders nothing.
            MOp::Phys(Operand::Reg { code, .. }) if code == null => {}
            MOp::Phys(Operand::Reg { code, count, .. }) => {
                out.extend((code..code + count.max(1) as u16).map(Res::Phys))
            }
            _ => {}
        };
        for (i, op) in inst.ops.iter().enumerate() {
            if writes(info, inst, i) {
                regs_of(op, &mut self.regs);
            }
        }
        if f.has(Flags::WRITES_EXEC) || (salu && !known.exec) {
            self.regs.extend(EXEC.map(Res::Phys));
        }
        if f.has(Flags::WRITES_VCC) {
            self.regs.extend(VCC.map(Res::Phys));
        }
        if f.has(Flags::WRITES_SCC) || (salu && !known.scc) {
            self.regs.push(Res::Phys(SCC));
        }
        let mid = self.regs.len() as u32;
        for (i, op) in inst.ops.iter().enumerate().skip(inst.ndefs as usize) {
            if !mir::unused_soffset(info, inst, i) {
                regs_of(op, &mut self.regs);
            }
        }
        let reads_exec =
            f.0 & (Flags::READS_EXEC | Flags::VALU | Flags::VMEM | Flags::LDS | Flags::FLAT) != 0;
        if reads_exec || (salu && !known.exec) {
            self.regs.extend(EXEC.map(Res::Phys));
        }
        if f.has(Flags::READS_VCC) {
            self.regs.extend(VCC.map(Res::Phys));
        }
        if f.has(Flags::READS_SCC) || (salu && !known.scc) {
            self.regs.push(Res::Phys(SCC));
        }
        if f.has(Flags::READS_M0) || (f.has(Flags::LDS) && !known.m0) {
            self.regs.push(Res::Phys(m0));
        }
        // Physical codes to their index among the function's.
        for r in &mut self.regs[start as usize..] {
            if let Res::Phys(code) = *r {
                let i = match self.phys.iter().position(|&c| c == code) {
                    Some(i) => i,
                    None => {
                        self.phys.push(code);
                        self.phys.len() - 1
                    }
                };
                *r = Res::Phys(i as u16);
            }
        }
        let mem = f.0
            & (Flags::VMEM
                | Flags::SMEM
                | Flags::LDS
                | Flags::FLAT
                | Flags::MAY_LOAD
                | Flags::MAY_STORE
                | Flags::ATOMIC)
            != 0;
        let load =
            mem && f.has(Flags::MAY_LOAD) && !f.has(Flags::MAY_STORE) && !f.has(Flags::ATOMIC);
        // A load of memory the kernel never writes passes stores.
        let invariant = load
            && matches!(inst.ops.first(), Some(MOp::Reg { r, .. })
                if vregs.get(r.0 as usize).is_some_and(|i| i.invariant));
        let latency = if f.has(Flags::TRANS) {
            4
        } else if !load {
            1
        } else if f.0 & (Flags::VMEM | Flags::FLAT) != 0 {
            100
        } else {
            // SMEM and LDS.
            24
        };
        self.nodes.push(Node {
            defs: (start, mid),
            uses: self.regs.len() as u32,
            latency,
            load,
            smem: load && f.has(Flags::SMEM),
            mem_order: mem && !load,
            mem: mem && !invariant,
            fence: f.0 & (Flags::BARRIER | Flags::BRANCH | Flags::END_PGM) != 0,
            pinned,
        });
    }
}

/// What [`Scratch::push_node`] needs of one instruction.
struct NodeIn<'a> {
    inst: &'a MInst,
    info: &'a OpInfo,
    vregs: &'a [VRegInfo],
    pinned: bool,
}

/// Reorder the instructions of every block of `mf` (virtual registers).
pub fn run(mf: &mut MFunction) -> Result<(), Error> {
    let gen = mf.processor.generation();
    let table = table::table(gen);
    let m0 = operand::m0_code(gen);
    let known = Known::of(gen);
    let longest = (mf.blocks.iter().enumerate())
        .filter(|&(bi, b)| !in_order(bi, b, &mf.pinned, table))
        .map(|(_, b)| b.insts.len())
        .max()
        .unwrap_or(0);
    if longest == 0 {
        return Ok(());
    }
    let mut sc = Scratch::with_capacity(longest);
    let slots = 2 * mf.vregs.len() + 32;
    sc.last_def.resize(slots, u32::MAX);
    sc.use_head.resize(slots, u32::MAX);
    let vregs = &mf.vregs;
    let mut pinned = Vec::with_capacity(longest);
    for (bi, b) in mf.blocks.iter_mut().enumerate() {
        if in_order(bi, b, &mf.pinned, table) {
            continue;
        }
        pinned.clear();
        pinned.resize(b.insts.len(), false);
        for &(pb, k) in &mf.pinned {
            if pb.0 as usize == bi {
                pinned[k as usize] = true;
            }
        }
        sc.nodes.clear();
        sc.regs.clear();
        for (k, i) in b.insts.iter().enumerate() {
            let n = NodeIn {
                inst: i,
                info: &table[i.op.0 as usize],
                vregs,
                pinned: pinned[k],
            };
            sc.push_node(n, m0, known);
        }
        schedule(&mut sc);
        if sc.order.len() != b.insts.len() {
            return Err(Error::invariant(
                "scheduling",
                "scheduler dropped an instruction",
            ));
        }
        if sc.order.iter().enumerate().all(|(k, &i)| k == i as usize) {
            continue;
        }
        // The pinned instructions' new places (their relative order is kept).
        for (pb, k) in mf.pinned.iter_mut() {
            if pb.0 as usize == bi {
                if let Some(at) = sc.order.iter().position(|&i| i == *k) {
                    *k = at as u32;
                }
            }
        }
        let mut old: Vec<Option<MInst>> =
            std::mem::take(&mut b.insts).into_iter().map(Some).collect();
        b.insts.reserve_exact(old.len());
        for &i in &sc.order {
            let inst = old[i as usize].take().ok_or_else(|| {
                Error::invariant("scheduling", "scheduler emitted an instruction twice")
            })?;
            b.insts.push(inst);
        }
    }
    Ok(())
}

/// Whether block `bi` has only one order: fewer than three instructions,
/// or only precoloured operations (`pinned`) and barriers, branches and
/// `s_endpgm`, each of which depends on the one before (see
/// [`dependencies`]). Such a block is left as it is.
fn in_order(bi: usize, b: &mir::MBlock, pinned: &[(mir::BlockId, u32)], table: &[OpInfo]) -> bool {
    let fence = |i: &MInst| {
        table[i.op.0 as usize].flags.0 & (Flags::BARRIER | Flags::BRANCH | Flags::END_PGM) != 0
    };
    b.insts.len() < 3
        || b.insts
            .iter()
            .enumerate()
            .all(|(k, i)| fence(i) || pinned.contains(&(mir::BlockId(bi as u32), k as u32)))
}

/// Whether operand `i` of `inst` is written: one of the first `ndefs`, or
/// a physical register in a destination field of the opcode table (a VOP3
/// carry-out `vcc` is a source in the machine IR's operand order) or in an
/// unencoded one (implicit `vcc`: written by VOPC and carry ops, read by
/// `v_cndmask`; taken as written, which only adds dependencies).
pub(crate) fn writes(info: &OpInfo, inst: &MInst, i: usize) -> bool {
    if i < inst.ndefs as usize {
        return true;
    }
    let phys_reg = matches!(inst.ops.get(i), Some(MOp::Phys(Operand::Reg { .. })));
    phys_reg
        && info.operands.get(i).is_some_and(|s| {
            matches!(
                s.field,
                Field::Sdst | Field::Sdst3 | Field::Vdst | Field::VdstY | Field::Unencoded
            )
        })
}

/// Dense index of a register for the dependency tables (physical ones by
/// their index in [`Scratch::phys`]).
fn slot(r: Res) -> usize {
    match r {
        Res::Phys(i) => 2 * i as usize,
        Res::Virt(v) => 2 * v as usize + 1,
    }
}

/// Fill `sc.preds`/`sc.pred_start` for `sc.nodes`.
fn dependencies(sc: &mut Scratch) {
    for &k in &sc.touched {
        sc.last_def[k] = u32::MAX;
        sc.use_head[k] = u32::MAX;
    }
    sc.touched.clear();
    sc.use_list.clear();
    sc.preds.clear();
    sc.pred_start.clear();
    sc.mems_since.clear();
    sc.since_fence.clear();
    let mut last_order: Option<u32> = None; // last store/atomic
    let mut last_fence: Option<u32> = None;
    let mut last_pinned: Option<u32> = None;
    let nodes = std::mem::take(&mut sc.nodes);
    for (j, n) in nodes.iter().enumerate() {
        let j = j as u32;
        let mut p = std::mem::take(&mut sc.p);
        p.clear();
        for x in n.defs.0..n.uses {
            let k = slot(sc.regs[x as usize]);
            if k >= sc.last_def.len() {
                let len = (k + 1).next_power_of_two();
                sc.last_def.resize(len, u32::MAX);
                sc.use_head.resize(len, u32::MAX);
            }
            if sc.last_def[k] != u32::MAX {
                p.push(sc.last_def[k]);
            }
        }
        for d in n.defs.0..n.defs.1 {
            let mut at = sc.use_head[slot(sc.regs[d as usize])];
            while let Some(&(node, next)) = sc.use_list.get(at as usize) {
                p.push(node);
                at = next;
            }
        }
        if n.mem {
            p.extend(last_order);
            if n.mem_order {
                p.extend_from_slice(&sc.mems_since);
            }
        }
        p.extend(last_fence);
        if n.pinned {
            p.extend(last_pinned);
            last_pinned = Some(j);
        }
        if n.fence {
            p.extend_from_slice(&sc.since_fence);
        }
        p.retain(|&i| i != j);
        p.sort_unstable();
        p.dedup();
        sc.pred_start.push(sc.preds.len() as u32);
        sc.preds.extend_from_slice(&p);
        sc.p = p;
        for u in n.defs.1..n.uses {
            let k = slot(sc.regs[u as usize]);
            sc.use_list.push((j, sc.use_head[k]));
            sc.use_head[k] = sc.use_list.len() as u32 - 1;
            sc.touched.push(k);
        }
        for d in n.defs.0..n.defs.1 {
            let k = slot(sc.regs[d as usize]);
            sc.last_def[k] = j;
            sc.use_head[k] = u32::MAX;
            sc.touched.push(k);
        }
        if n.mem_order {
            last_order = Some(j);
            sc.mems_since.clear();
        } else if n.mem {
            sc.mems_since.push(j);
        }
        if n.fence {
            last_fence = Some(j);
            sc.since_fence.clear();
        } else {
            sc.since_fence.push(j);
        }
    }
    sc.pred_start.push(sc.preds.len() as u32);
    sc.nodes = nodes;
}

/// Fill `sc.order` with a new order of `sc.nodes` that respects their
/// dependencies.
fn schedule(sc: &mut Scratch) {
    let n = sc.nodes.len();
    dependencies(sc);
    let preds = |sc: &Scratch, i: usize| sc.pred_start[i] as usize..sc.pred_start[i + 1] as usize;
    // Successors in the same flat layout.
    sc.succ_start.clear();
    sc.succ_start.resize(n + 1, 0);
    for &i in &sc.preds {
        sc.succ_start[i as usize + 1] += 1;
    }
    for i in 0..n {
        sc.succ_start[i + 1] += sc.succ_start[i];
    }
    sc.succs.clear();
    sc.succs.resize(sc.preds.len(), 0);
    sc.waiting.clear();
    sc.waiting.resize(n, 0);
    for j in 0..n {
        for k in preds(sc, j) {
            let i = sc.preds[k] as usize;
            let at = sc.succ_start[i] as usize + sc.waiting[i] as usize;
            sc.succs[at] = j as u32;
            sc.waiting[i] += 1; // fill count, reset below
        }
    }
    let succs = |sc: &Scratch, i: usize| sc.succ_start[i] as usize..sc.succ_start[i + 1] as usize;
    sc.height.clear();
    sc.height.resize(n, 0);
    for i in (0..n).rev() {
        let below = succs(sc, i)
            .map(|k| sc.height[sc.succs[k] as usize])
            .max()
            .unwrap_or(0);
        sc.height[i] = sc.nodes[i].latency + below;
    }
    for j in 0..n {
        sc.waiting[j] = sc.pred_start[j + 1] - sc.pred_start[j];
    }
    sc.ready.clear();
    sc.ready
        .extend((0..n as u32).filter(|&i| sc.waiting[i as usize] == 0));
    // Loads whose results are still unread.
    sc.unread.clear();
    sc.unread.resize(n, false);
    let mut in_flight = 0usize;
    // Scheduled nodes with a definition and unscheduled successors: an
    // upper bound on the values they keep live.
    let mut live = 0usize;
    sc.pending.clear();
    sc.pending.resize(n, 0);
    sc.order.clear();
    while !sc.ready.is_empty() {
        // Under register pressure, source order: height would keep pulling
        // every later load's address arithmetic up, and keep it live.
        let full = in_flight >= MAX_LOADS_IN_FLIGHT || live >= MAX_LIVE;
        let height = &sc.height;
        let nodes = &sc.nodes;
        let best = if full {
            sc.ready.iter().enumerate().min_by_key(|&(_, &i)| i)
        } else {
            // Ready scalar loads first, in source order: they are cheap to
            // issue, their latency hides under what follows, and kept
            // together (kernarg parameters at consecutive offsets) one
            // wait covers them and `smem::run` can merge them.
            sc.ready.iter().enumerate().max_by_key(|&(_, &i)| {
                let smem = nodes[i as usize].smem;
                let h = if smem { 0 } else { height[i as usize] };
                (smem, h, std::cmp::Reverse(i))
            })
        }
        .map(|(k, _)| k);
        let Some(k) = best else { break };
        let i = sc.ready.swap_remove(k) as usize;
        sc.order.push(i as u32);
        for k in preds(sc, i) {
            let p = sc.preds[k] as usize;
            if sc.unread[p] {
                sc.unread[p] = false;
                in_flight -= 1;
            }
            sc.pending[p] -= 1;
            if sc.pending[p] == 0 && sc.nodes[p].defs.1 > sc.nodes[p].defs.0 {
                live -= 1;
            }
        }
        let node = &sc.nodes[i];
        sc.pending[i] = sc.succ_start[i + 1] - sc.succ_start[i];
        if sc.pending[i] > 0 && node.defs.1 > node.defs.0 {
            live += 1;
        }
        if node.load && node.defs.1 > node.defs.0 {
            sc.unread[i] = true;
            in_flight += 1;
        }
        for k in succs(sc, i) {
            let s = sc.succs[k] as usize;
            sc.waiting[s] -= 1;
            if sc.waiting[s] == 0 {
                sc.ready.push(s as u32);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `(defs, uses, latency, load, store)`.
    type Spec<'a> = (&'a [u32], &'a [u32], u32, bool, bool);

    /// A scratch holding these nodes.
    fn nodes(list: &[Spec]) -> Scratch {
        let mut sc = Scratch::default();
        for &(defs, uses, latency, load, store) in list {
            let start = sc.regs.len() as u32;
            sc.regs.extend(defs.iter().map(|&r| Res::Virt(r)));
            let mid = sc.regs.len() as u32;
            sc.regs.extend(uses.iter().map(|&r| Res::Virt(r)));
            sc.nodes.push(Node {
                defs: (start, mid),
                uses: sc.regs.len() as u32,
                latency,
                load,
                smem: false,
                mem_order: store,
                mem: load || store,
                fence: false,
                pinned: false,
            });
        }
        sc
    }

    #[test]
    fn independent_loads_are_hoisted_above_arithmetic() {
        // 0: %1 = alu %0; 1: %2 = alu %1; 2: %3 = load %0; 3: %4 = alu %3, %2
        let mut sc = nodes(&[
            (&[1], &[0], 1, false, false),
            (&[2], &[1], 1, false, false),
            (&[3], &[0], 100, true, false),
            (&[4], &[3, 2], 1, false, false),
        ]);
        schedule(&mut sc);
        assert_eq!(sc.order, vec![2, 0, 1, 3]);
    }

    #[test]
    fn stores_keep_their_order_against_loads() {
        let mut sc = nodes(&[
            (&[1], &[0], 1, false, false),
            (&[], &[0], 1, false, true),
            (&[2], &[0], 100, true, false),
        ]);
        schedule(&mut sc);
        let pos = |i| sc.order.iter().position(|&x| x == i).unwrap();
        assert!(pos(1) < pos(2), "{:?}", sc.order);
    }

    #[test]
    fn pinned_nodes_keep_their_order_and_others_move() {
        // 0: pinned, no operands; 1: %2 = alu %1; 2: %3 = load %0 (pinned)
        // 3: pinned, no operands. The load would go first, but it is
        // pinned after 0; the unpinned 1 may go anywhere.
        let mut sc = nodes(&[
            (&[], &[], 1, false, false),
            (&[2], &[1], 1, false, false),
            (&[3], &[0], 100, true, false),
            (&[], &[], 1, false, false),
        ]);
        for k in [0, 2, 3] {
            sc.nodes[k].pinned = true;
        }
        schedule(&mut sc);
        let pos = |i| sc.order.iter().position(|&x| x == i).unwrap();
        assert!(pos(0) < pos(2) && pos(2) < pos(3), "{:?}", sc.order);
        // Unpinned, the load is hoisted above node 0.
        for k in [0, 2, 3] {
            sc.nodes[k].pinned = false;
        }
        schedule(&mut sc);
        assert_eq!(sc.order[0], 2, "{:?}", sc.order);
    }

    #[test]
    fn a_redefinition_waits_for_earlier_uses() {
        // 0: %1 = load %0; 1: %2 = alu %1; 2: %1 = alu %0 (write after read)
        let mut sc = nodes(&[
            (&[1], &[0], 100, true, false),
            (&[2], &[1], 1, false, false),
            (&[1], &[0], 1, false, false),
        ]);
        schedule(&mut sc);
        assert_eq!(sc.order, vec![0, 1, 2]);
    }
}
