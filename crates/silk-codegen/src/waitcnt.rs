//! Wait-count insertion: a per-register dataflow over the CFG of the
//! allocated machine IR.
//!
//! Counters are abstract (`vm`, `lgkm`, `vs`); each memory instruction's
//! counter comes from its opcode-table flags (VM_CNT, LGKM_CNT, VS_CNT),
//! except that on GFX11 a global atomic without a result counts on `vs`.
//! The state records, per counter, how many events may be outstanding and,
//! per physical register, the *age* of the youngest pending write to it
//! (events issued on that counter since). Reading or overwriting a pending
//! register needs `s_waitcnt <counter>(age)`; SMEM completes out of order,
//! so while any SMEM is pending on `lgkm` a wait on it is `lgkmcnt(0)`.
//! States join at merges (smallest age per register, larger outstanding
//! counts, SMEM flag or-ed) and loops iterate to a fixpoint. A barrier
//! waits for everything, so that memory written before it is visible to
//! the workgroup after it. The solver is [`crate::dataflow::forward`]; the
//! `s_waitcnt` immediate comes from [`silk_amdgpu::waitcnt::WaitCounts`].

use crate::dataflow;
use crate::mir::{self, MFunction, MInst, MOp};
use crate::Error;
use silk_amdgpu::isa::{table, Flags, Mods, Op, OpInfo, Operand};
use silk_amdgpu::target::{Generation, WaitCounterLimits};
use silk_amdgpu::waitcnt::{Counter, WaitCounts};

const VM: usize = 0;
const LGKM: usize = 1;
const VS: usize = 2;
/// The counters the pass tracks, by their index in [`State::pending`].
const COUNTERS: [Counter; 3] = [Counter::Vm, Counter::Lgkm, Counter::Vs];

#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct State {
    /// Outstanding events per counter (upper bound).
    pending: [u32; 3],
    /// Any SMEM outstanding on lgkm.
    smem: bool,
    /// Register code (SGPR < 256, VGPR >= 256) -> (counter, age).
    regs: Pending,
}

/// Pending registers: (register code, (counter, age)), sorted by code. A
/// kernel has a few dozen loads in flight at most, so a sorted vector
/// beats a tree map, and it is one allocation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Pending(Vec<(u16, (usize, u32))>);

impl Pending {
    fn get(&self, r: &u16) -> Option<&(usize, u32)> {
        self.0
            .binary_search_by_key(r, |e| e.0)
            .ok()
            .map(|i| &self.0[i].1)
    }

    fn insert(&mut self, r: u16, v: (usize, u32)) {
        match self.0.binary_search_by_key(&r, |e| e.0) {
            Ok(i) => self.0[i].1 = v,
            Err(i) => self.0.insert(i, (r, v)),
        }
    }

    /// Merge one entry of another state (see [`State::join`]).
    fn join(&mut self, r: u16, (c, a): (usize, u32)) {
        match self.0.binary_search_by_key(&r, |e| e.0) {
            Ok(i) => {
                let e = &mut self.0[i].1;
                if e.0 == c {
                    e.1 = e.1.min(a)
                } else {
                    // Pending on two counters: keep the youngest on vm
                    // (conservative choice: wait for both is handled by
                    // recording age 0 on the earlier counter).
                    *e = (c, 0)
                }
            }
            Err(i) => self.0.insert(i, (r, (c, a))),
        }
    }

    fn iter(&self) -> impl Iterator<Item = (&u16, &(usize, u32))> {
        self.0.iter().map(|(r, v)| (r, v))
    }

    fn retain(&mut self, mut keep: impl FnMut(&u16, &mut (usize, u32)) -> bool) {
        self.0.retain_mut(|(r, v)| keep(r, v));
    }
}

impl dataflow::State for State {
    fn join(&mut self, o: &State) -> bool {
        let before = self.clone();
        for c in 0..3 {
            self.pending[c] = self.pending[c].max(o.pending[c]);
        }
        self.smem |= o.smem;
        for (&r, &v) in o.regs.iter() {
            self.regs.join(r, v);
        }
        *self != before
    }
}

impl State {
    fn issue(&mut self, c: usize, limit: u32) {
        self.regs.retain(|_, (rc, a)| {
            if *rc == c {
                *a += 1;
            }
            !(*rc == c && *a >= limit)
        });
        self.pending[c] = (self.pending[c] + 1).min(limit);
    }

    /// After waiting until at most `n` events are outstanding on `c`.
    fn waited(&mut self, c: usize, n: u32) {
        self.regs.retain(|_, (rc, a)| !(*rc == c && *a >= n));
        self.pending[c] = self.pending[c].min(n);
        if c == LGKM && n == 0 {
            self.smem = false;
        }
    }
}

fn regs_of(op: &MOp) -> impl Iterator<Item = u16> {
    let (code, count) = match op {
        MOp::Phys(Operand::Reg { code, count, .. }) => (*code, *count as u16),
        _ => (0, 0),
    };
    code..code + count
}

pub struct Waitcnt {
    gen: Generation,
    limits: [u32; 3],
}

impl Waitcnt {
    pub fn new(gen: Generation, l: WaitCounterLimits) -> Waitcnt {
        Waitcnt {
            gen,
            limits: [l.vmcnt, l.lgkmcnt, l.vscnt.unwrap_or(0)],
        }
    }

    fn counter(&self, inst: &MInst, flags: Flags) -> Option<usize> {
        if flags.has(Flags::ATOMIC) && self.gen == Generation::Gfx11 && inst.ndefs == 0 {
            return Some(VS);
        }
        if flags.has(Flags::VS_CNT) {
            Some(VS)
        } else if flags.has(Flags::VM_CNT) {
            Some(VM)
        } else if flags.has(Flags::LGKM_CNT) {
            Some(LGKM)
        } else {
            None
        }
    }

    /// Waits needed before `inst` in state `s`.
    fn needed(&self, s: &State, inst: &MInst, info: &OpInfo) -> WaitCounts {
        let flags = info.flags;
        let mut need = WaitCounts::NONE;
        let mut want = |c: usize, n: u32| need.require(COUNTERS[c], n);
        if flags.has(Flags::BARRIER) {
            for c in 0..3 {
                if s.pending[c] > 0 {
                    want(c, 0);
                }
            }
        }
        for (i, op) in inst.ops.iter().enumerate() {
            if mir::unused_soffset(info, inst, i) {
                continue;
            }
            for r in regs_of(op) {
                if let Some(&(c, age)) = s.regs.get(&r) {
                    let n = if c == LGKM && s.smem { 0 } else { age };
                    want(c, n);
                }
            }
        }
        need
    }

    /// The counts an `s_waitcnt` / `s_waitcnt_vscnt` already in the code
    /// waits for (the precoloured source intrinsics write their own); a
    /// counter at its maximum waits for nothing.
    fn explicit_wait(&self, inst: &MInst) -> WaitCounts {
        let imm = |i: usize| match inst.ops.get(i) {
            Some(MOp::Phys(Operand::Imm(v))) => Some(*v as u32),
            _ => None,
        };
        let mut out = WaitCounts::NONE;
        let op = Op::of(self.gen, inst.op);
        if op == Some(Op::S_WAITCNT) {
            if let Some(v) = imm(0) {
                let d = WaitCounts::decode(self.gen, v as u16);
                for (c, &counter) in COUNTERS.iter().enumerate() {
                    if let Some(n) = d.get(counter).filter(|&n| n < self.limits[c]) {
                        out.require(counter, n);
                    }
                }
            }
        } else if op == Some(Op::S_WAITCNT_VSCNT) {
            if let Some(n) = imm(1) {
                out.require(Counter::Vs, n);
            }
        }
        out
    }

    /// Run `inst` on `s`; the waits to insert before it.
    fn transfer(&self, s: &mut State, inst: &MInst, info: &OpInfo) -> WaitCounts {
        let flags = info.flags;
        let insert = self.needed(s, inst, info);
        let need = insert.join(self.explicit_wait(inst));
        for (c, &counter) in COUNTERS.iter().enumerate() {
            if let Some(n) = need.get(counter) {
                s.waited(c, n);
            }
        }
        if let Some(c) = self.counter(inst, flags) {
            s.issue(c, self.limits[c].max(1));
            if flags.has(Flags::SMEM) {
                s.smem = true;
            }
            for op in &inst.ops[..inst.ndefs as usize] {
                for r in regs_of(op) {
                    s.regs.insert(r, (c, 0));
                }
            }
        }
        insert
    }

    /// Run a block from `s`; `waits` gets the waits to insert, as (before
    /// instruction, counts).
    fn block(
        &self,
        s: &mut State,
        insts: &[MInst],
        table: &[OpInfo],
        waits: &mut Vec<(usize, WaitCounts)>,
    ) {
        waits.clear();
        for (i, inst) in insts.iter().enumerate() {
            let need = self.transfer(s, inst, &table[inst.op.0 as usize]);
            if need.needs_waitcnt() || need.vscnt(self.gen).is_some() {
                waits.push((i, need));
            }
        }
    }

    /// Insert the waits into `mf` (allocated).
    pub fn run(&self, mf: &mut MFunction) -> Result<(), Error> {
        let p = mf.processor;
        let table = table::table(self.gen);
        // The waits of each block's last run, which starts from its final
        // entry state (see `dataflow`); `None` for a block never reached.
        let mut found: Vec<Option<Vec<(usize, WaitCounts)>>> = vec![None; mf.blocks.len()];
        dataflow::forward(mf, "wait-count", |s: &mut State, b, insts: &[MInst]| {
            self.block(s, insts, table, found[b].get_or_insert_with(Vec::new));
        })?;
        // Rewrite with waits.
        let waitcnt = Op::S_WAITCNT
            .on(p)
            .ok_or_else(|| Error::invariant("wait-count insertion", "no s_waitcnt"))?;
        let vscnt = Op::S_WAITCNT_VSCNT.on(p);
        for (b, waits) in found.into_iter().enumerate() {
            let waits = match waits {
                Some(w) => w,
                None => {
                    let mut w = Vec::new();
                    self.block(&mut State::default(), &mf.blocks[b].insts, table, &mut w);
                    w
                }
            };
            if waits.is_empty() {
                continue;
            }
            let old = std::mem::take(&mut mf.blocks[b].insts);
            let mut out = Vec::with_capacity(old.len() + 2 * waits.len());
            let mut pending = waits.into_iter().peekable();
            for (i, inst) in old.into_iter().enumerate() {
                if let Some((_, need)) = pending.next_if(|&(at, _)| at == i) {
                    if need.needs_waitcnt() {
                        let imm = need.encode(self.gen);
                        out.push(MInst {
                            op: waitcnt,
                            ops: vec![MOp::Phys(Operand::Imm(imm as i32))],
                            ndefs: 0,
                            mods: Mods::default(),
                        });
                    }
                    if let (Some(c), Some(op)) = (need.vscnt(self.gen), vscnt) {
                        let null = silk_amdgpu::isa::operand::null_code(self.gen);
                        out.push(MInst {
                            op,
                            ops: vec![
                                MOp::Phys(Operand::sgpr(null)),
                                MOp::Phys(Operand::Imm(c as i32)),
                            ],
                            ndefs: 0,
                            mods: Mods::default(),
                        });
                    }
                }
                out.push(inst);
            }
            mf.blocks[b].insts = out;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dataflow::State as _;

    #[test]
    fn join_keeps_the_smallest_age() {
        let mut a = State::default();
        a.regs.insert(256, (VM, 3));
        a.pending[VM] = 4;
        let mut b = State::default();
        b.regs.insert(256, (VM, 1));
        b.regs.insert(257, (LGKM, 0));
        b.smem = true;
        assert!(a.join(&b));
        assert_eq!(a.regs.get(&256), Some(&(VM, 1)));
        assert_eq!(a.regs.get(&257), Some(&(LGKM, 0)));
        assert!(a.smem);
        assert_eq!(a.pending[VM], 4);
        assert!(!a.join(&b), "joining again changes nothing");
        // A register pending on another counter in the other state waits
        // for both: age 0.
        let mut c = State::default();
        c.regs.insert(257, (VM, 2));
        assert!(a.join(&c));
        assert_eq!(a.regs.get(&257), Some(&(VM, 0)));
    }
}
