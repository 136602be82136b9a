//! Latency-aware list scheduling within each basic block, before register
//! allocation.
//!
//! Why before allocation: on virtual registers the only dependencies are
//! the real ones (a value and its uses, memory order, implicit EXEC / VCC /
//! SCC / M0), so a load can move above unrelated arithmetic; after
//! allocation, register reuse adds anti- and output dependencies that pin
//! most instructions in place. The price is longer live ranges, which the
//! cap on loads in flight ([`MAX_LOADS_IN_FLIGHT`]) bounds.
//!
//! Dependencies come from the operands (virtual registers as a whole, and
//! physical registers by code), the opcode table's implicit attributes
//! (`READS_EXEC`/`WRITES_EXEC`, VCC, SCC, `READS_M0`; every VALU, VMEM, LDS
//! and FLAT instruction reads EXEC), and memory: loads may pass loads, but
//! nothing passes a store or an atomic, and barriers, branches and
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
//! them with one `s_waitcnt`; ties keep the original order.

use crate::mir::{MFunction, MInst, MOp};
use crate::Error;
use silk_amdgpu::isa::{operand, table, Flags, OpInfo, Operand};
use std::collections::HashMap;

/// Loads whose results no scheduled instruction has read yet, beyond
/// which other ready work goes first (register pressure).
pub const MAX_LOADS_IN_FLIGHT: usize = 8;

/// A register an instruction reads or writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Res {
    Virt(u32),
    Phys(u16),
}

/// Pseudo register code for SCC (its source-operand code).
const SCC: u16 = 253;
const VCC: [u16; 2] = [106, 107];
const EXEC: [u16; 2] = [126, 127];

struct Node {
    defs: Vec<Res>,
    uses: Vec<Res>,
    latency: u32,
    load: bool,
    /// Orders against every memory access (store, atomic, or an access
    /// the table does not call a plain load).
    mem_order: bool,
    mem: bool,
    fence: bool,
}

/// Which implicit attributes the opcode table records at all.
#[derive(Clone, Copy)]
struct Known {
    exec: bool,
    scc: bool,
    m0: bool,
}

impl Known {
    fn of(table: &[OpInfo]) -> Known {
        let any = |b: u64| table.iter().any(|i| i.flags.has(b));
        Known {
            exec: any(Flags::WRITES_EXEC),
            scc: any(Flags::WRITES_SCC),
            m0: any(Flags::READS_M0),
        }
    }
}

fn node(inst: &MInst, info: &OpInfo, m0: u16, known: Known) -> Node {
    let f = info.flags;
    let salu = f.has(Flags::SALU);
    let mut defs = Vec::new();
    let mut uses = Vec::new();
    for (i, op) in inst.ops.iter().enumerate() {
        let list = if i < inst.ndefs as usize {
            &mut defs
        } else {
            &mut uses
        };
        match *op {
            MOp::Reg { r, .. } => list.push(Res::Virt(r.0)),
            MOp::Phys(Operand::Reg { code, count, .. }) => {
                list.extend((code..code + count.max(1) as u16).map(Res::Phys))
            }
            _ => {}
        }
    }
    let reads_exec =
        f.0 & (Flags::READS_EXEC | Flags::VALU | Flags::VMEM | Flags::LDS | Flags::FLAT) != 0;
    if reads_exec || (salu && !known.exec) {
        uses.extend(EXEC.map(Res::Phys));
    }
    if f.has(Flags::WRITES_EXEC) || (salu && !known.exec) {
        defs.extend(EXEC.map(Res::Phys));
    }
    if f.has(Flags::READS_VCC) {
        uses.extend(VCC.map(Res::Phys));
    }
    if f.has(Flags::WRITES_VCC) {
        defs.extend(VCC.map(Res::Phys));
    }
    if f.has(Flags::READS_SCC) || (salu && !known.scc) {
        uses.push(Res::Phys(SCC));
    }
    if f.has(Flags::WRITES_SCC) || (salu && !known.scc) {
        defs.push(Res::Phys(SCC));
    }
    if f.has(Flags::READS_M0) || (f.has(Flags::LDS) && !known.m0) {
        uses.push(Res::Phys(m0));
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
    let load = mem && f.has(Flags::MAY_LOAD) && !f.has(Flags::MAY_STORE) && !f.has(Flags::ATOMIC);
    let latency = if !load {
        1
    } else if f.0 & (Flags::VMEM | Flags::FLAT) != 0 {
        100
    } else {
        // SMEM and LDS.
        24
    };
    Node {
        defs,
        uses,
        latency: if f.has(Flags::TRANS) { 4 } else { latency },
        load,
        mem_order: mem && !load,
        mem,
        fence: f.0 & (Flags::BARRIER | Flags::BRANCH | Flags::END_PGM) != 0,
    }
}

/// Reorder the instructions of every block of `mf` (virtual registers).
pub fn run(mf: &mut MFunction) -> Result<(), Error> {
    let gen = mf.processor.generation();
    let table = table::table(gen);
    let m0 = operand::m0_code(gen);
    let known = Known::of(table);
    for b in &mut mf.blocks {
        if b.insts.len() < 3 {
            continue;
        }
        let nodes: Vec<Node> = b
            .insts
            .iter()
            .map(|i| node(i, &table[i.op.0 as usize], m0, known))
            .collect();
        let order = schedule(&nodes);
        let mut old: Vec<Option<MInst>> =
            std::mem::take(&mut b.insts).into_iter().map(Some).collect();
        for i in order {
            let inst = old[i]
                .take()
                .ok_or_else(|| Error::Internal("scheduler emitted an instruction twice".into()))?;
            b.insts.push(inst);
        }
        if old.iter().any(Option::is_some) {
            return Err(Error::Internal("scheduler dropped an instruction".into()));
        }
    }
    Ok(())
}

/// The predecessors (must come first) of each node.
fn dependencies(nodes: &[Node]) -> Vec<Vec<usize>> {
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); nodes.len()];
    let mut last_def: HashMap<Res, usize> = HashMap::new();
    let mut uses_since: HashMap<Res, Vec<usize>> = HashMap::new();
    let mut last_order: Option<usize> = None; // last store/atomic
    let mut mems_since: Vec<usize> = Vec::new(); // memory ops since it
    let mut last_fence: Option<usize> = None;
    let mut since_fence: Vec<usize> = Vec::new();
    for (j, n) in nodes.iter().enumerate() {
        let p = &mut preds[j];
        for r in &n.uses {
            if let Some(&d) = last_def.get(r) {
                p.push(d);
            }
        }
        for r in &n.defs {
            if let Some(&d) = last_def.get(r) {
                p.push(d);
            }
            if let Some(us) = uses_since.get(r) {
                p.extend(us.iter().copied());
            }
        }
        if n.mem {
            p.extend(last_order);
            if n.mem_order {
                p.append(&mut mems_since.clone());
            }
        }
        p.extend(last_fence);
        if n.fence {
            p.append(&mut since_fence.clone());
        }
        p.retain(|&i| i != j);
        p.sort_unstable();
        p.dedup();
        for r in &n.uses {
            uses_since.entry(*r).or_default().push(j);
        }
        for r in &n.defs {
            last_def.insert(*r, j);
            uses_since.remove(r);
        }
        if n.mem_order {
            last_order = Some(j);
            mems_since.clear();
        } else if n.mem {
            mems_since.push(j);
        }
        if n.fence {
            last_fence = Some(j);
            since_fence.clear();
        } else {
            since_fence.push(j);
        }
    }
    preds
}

/// A new order of `nodes` that respects their dependencies.
fn schedule(nodes: &[Node]) -> Vec<usize> {
    let n = nodes.len();
    let preds = dependencies(nodes);
    let mut succs: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (j, ps) in preds.iter().enumerate() {
        for &i in ps {
            succs[i].push(j);
        }
    }
    let mut height = vec![0u32; n];
    for i in (0..n).rev() {
        let below = succs[i].iter().map(|&s| height[s]).max().unwrap_or(0);
        height[i] = nodes[i].latency + below;
    }
    let mut waiting: Vec<usize> = preds.iter().map(Vec::len).collect();
    let mut ready: Vec<usize> = (0..n).filter(|&i| waiting[i] == 0).collect();
    // Loads whose results are still unread, by load index.
    let mut unread = vec![false; n];
    let mut in_flight = 0usize;
    let mut order = Vec::with_capacity(n);
    while !ready.is_empty() {
        let full = in_flight >= MAX_LOADS_IN_FLIGHT;
        let best = ready
            .iter()
            .enumerate()
            .filter(|&(_, &i)| !(full && nodes[i].load))
            .max_by_key(|&(_, &i)| (height[i], std::cmp::Reverse(i)))
            .or_else(|| ready.iter().enumerate().min_by_key(|&(_, &i)| i))
            .map(|(k, _)| k);
        let Some(k) = best else { break };
        let i = ready.swap_remove(k);
        order.push(i);
        for &p in &preds[i] {
            if unread[p] {
                unread[p] = false;
                in_flight -= 1;
            }
        }
        if nodes[i].load && !nodes[i].defs.is_empty() {
            unread[i] = true;
            in_flight += 1;
        }
        for &s in &succs[i] {
            waiting[s] -= 1;
            if waiting[s] == 0 {
                ready.push(s);
            }
        }
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(defs: &[u32], uses: &[u32], latency: u32, load: bool) -> Node {
        Node {
            defs: defs.iter().map(|&r| Res::Virt(r)).collect(),
            uses: uses.iter().map(|&r| Res::Virt(r)).collect(),
            latency,
            load,
            mem_order: false,
            mem: load,
            fence: false,
        }
    }

    #[test]
    fn independent_loads_are_hoisted_above_arithmetic() {
        // 0: %1 = alu %0; 1: %2 = alu %1; 2: %3 = load %0; 3: %4 = alu %3, %2
        let nodes = vec![
            n(&[1], &[0], 1, false),
            n(&[2], &[1], 1, false),
            n(&[3], &[0], 100, true),
            n(&[4], &[3, 2], 1, false),
        ];
        assert_eq!(schedule(&nodes), vec![2, 0, 1, 3]);
    }

    #[test]
    fn stores_keep_their_order_against_loads() {
        let mut st = n(&[], &[0], 1, false);
        st.mem = true;
        st.mem_order = true;
        let nodes = vec![n(&[1], &[0], 1, false), st, n(&[2], &[0], 100, true)];
        let order = schedule(&nodes);
        let pos = |i| order.iter().position(|&x| x == i).unwrap();
        assert!(pos(1) < pos(2), "{order:?}");
    }
}
