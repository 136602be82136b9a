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
//! the workgroup after it.

use crate::mir::{MFunction, MInst, MOp};
use crate::Error;
use silk_amdgpu::isa::{table, Flags, Mods, Opcode, Operand};
use silk_amdgpu::target::{Generation, WaitCounterLimits};
use std::collections::BTreeMap;

const VM: usize = 0;
const LGKM: usize = 1;
const VS: usize = 2;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct State {
    /// Outstanding events per counter (upper bound).
    pending: [u32; 3],
    /// Any SMEM outstanding on lgkm.
    smem: bool,
    /// Register code (SGPR < 256, VGPR >= 256) -> (counter, age).
    regs: BTreeMap<u16, (usize, u32)>,
}

impl State {
    fn join(&mut self, o: &State) -> bool {
        let before = self.clone();
        for c in 0..3 {
            self.pending[c] = self.pending[c].max(o.pending[c]);
        }
        self.smem |= o.smem;
        for (&r, &(c, a)) in &o.regs {
            self.regs
                .entry(r)
                .and_modify(|e| {
                    if e.0 == c {
                        e.1 = e.1.min(a)
                    } else {
                        // Pending on two counters: keep the youngest on vm
                        // (conservative choice: wait for both is handled by
                        // recording age 0 on the earlier counter).
                        *e = (c, 0)
                    }
                })
                .or_insert((c, a));
        }
        *self != before
    }

    fn issue(&mut self, c: usize, limit: u32) {
        for (_, (rc, a)) in self.regs.iter_mut() {
            if *rc == c {
                *a += 1;
            }
        }
        self.regs.retain(|_, (rc, a)| !(*rc == c && *a >= limit));
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
    /// `s_waitcnt` and `s_waitcnt_vscnt`: waits already in the code (the
    /// precoloured source intrinsics) count like inserted ones.
    explicit: [Option<Opcode>; 2],
}

impl Waitcnt {
    pub fn new(gen: Generation, l: WaitCounterLimits) -> Waitcnt {
        let find = |name: &str| {
            table::table(gen)
                .iter()
                .position(|i| i.name == name)
                .map(|i| Opcode(i as u16))
        };
        Waitcnt {
            gen,
            limits: [l.vmcnt, l.lgkmcnt, l.vscnt.unwrap_or(0)],
            explicit: [find("s_waitcnt"), find("s_waitcnt_vscnt")],
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

    /// Waits needed before `inst` in state `s`: per counter the count to
    /// wait for (None = no wait).
    fn needed(&self, s: &State, inst: &MInst, flags: Flags) -> [Option<u32>; 3] {
        let mut need = [None; 3];
        let mut want = |c: usize, n: u32| {
            need[c] = Some(need[c].map_or(n, |m: u32| m.min(n)));
        };
        if flags.has(Flags::BARRIER) {
            for c in 0..3 {
                if s.pending[c] > 0 {
                    want(c, 0);
                }
            }
        }
        for op in &inst.ops {
            for r in regs_of(op) {
                if let Some(&(c, age)) = s.regs.get(&r) {
                    let n = if c == LGKM && s.smem { 0 } else { age };
                    want(c, n);
                }
            }
        }
        need
    }

    fn transfer(&self, s: &mut State, inst: &MInst, flags: Flags) {
        for (c, n) in self.explicit_wait(inst).iter().enumerate() {
            if let Some(n) = n {
                s.waited(c, *n);
            }
        }
        for (c, n) in self.needed(s, inst, flags).iter().enumerate() {
            if let Some(n) = n {
                s.waited(c, *n);
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
    }

    /// Insert the waits into `mf` (allocated).
    pub fn run(&self, mf: &mut MFunction) -> Result<(), Error> {
        let p = mf.processor;
        let table = table::table(self.gen);
        let n = mf.blocks.len();
        let succs: Vec<Vec<usize>> = (0..n).map(|b| mf.successors(b)).collect();
        let mut ins: Vec<Option<State>> = vec![None; n];
        ins[0] = Some(State::default());
        let mut work: Vec<usize> = vec![0];
        let mut iterations = 0usize;
        while let Some(b) = work.pop() {
            iterations += 1;
            if iterations > 100_000 {
                return Err(Error::invariant(
                    "wait-count insertion",
                    "wait-count dataflow did not converge",
                ));
            }
            let mut s = ins[b].clone().unwrap_or_default();
            for inst in &mf.blocks[b].insts {
                let flags = table[inst.op.0 as usize].flags;
                self.transfer(&mut s, inst, flags);
            }
            for &t in &succs[b] {
                let changed = match &mut ins[t] {
                    Some(st) => st.join(&s),
                    slot @ None => {
                        *slot = Some(s.clone());
                        true
                    }
                };
                if changed && !work.contains(&t) {
                    work.push(t);
                }
            }
        }
        // Rewrite with waits.
        let waitcnt = table::lookup(p, "s_waitcnt", None)
            .ok_or_else(|| Error::invariant("wait-count insertion", "no s_waitcnt"))?;
        let vscnt = table::lookup(p, "s_waitcnt_vscnt", None);
        for (b, state) in ins.iter().enumerate() {
            let mut s = state.clone().unwrap_or_default();
            let old = std::mem::take(&mut mf.blocks[b].insts);
            let mut out = Vec::with_capacity(old.len());
            for inst in old {
                let flags = table[inst.op.0 as usize].flags;
                let need = self.needed(&s, &inst, flags);
                if need[VM].is_some() || need[LGKM].is_some() {
                    let imm = self.encode(need[VM], need[LGKM]);
                    out.push(MInst {
                        op: waitcnt,
                        ops: vec![MOp::Phys(Operand::Imm(imm as i32))],
                        ndefs: 0,
                        mods: Mods::default(),
                    });
                }
                if let (Some(c), Some(op)) = (need[VS], vscnt) {
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
                self.transfer(&mut s, &inst, flags);
                out.push(inst);
            }
            mf.blocks[b].insts = out;
        }
        Ok(())
    }

    /// The counts an `s_waitcnt` / `s_waitcnt_vscnt` already in the code
    /// waits for (the inverse of [`Waitcnt::encode`]; a counter at its
    /// maximum waits for nothing).
    fn explicit_wait(&self, inst: &MInst) -> [Option<u32>; 3] {
        let mut out = [None; 3];
        let imm = |i: usize| match inst.ops.get(i) {
            Some(MOp::Phys(Operand::Imm(v))) => Some(*v as u32),
            _ => None,
        };
        if Some(inst.op) == self.explicit[0] {
            if let Some(v) = imm(0) {
                let (vm, lgkm) = match self.gen {
                    Generation::Gfx9 => ((v & 0xf) | (v >> 14 & 3) << 4, v >> 8 & 0xf),
                    Generation::Gfx11 => (v >> 10 & 0x3f, v >> 4 & 0x3f),
                };
                out[VM] = (vm < self.limits[VM]).then_some(vm);
                out[LGKM] = (lgkm < self.limits[LGKM]).then_some(lgkm);
            }
        } else if Some(inst.op) == self.explicit[1] {
            out[VS] = imm(1);
        }
        out
    }

    /// `s_waitcnt` simm16 with the given counts (others at their maximum,
    /// meaning "no wait"). GFX9 ([CDNA3] §4.4): vmcnt [3:0] and [15:14],
    /// expcnt [6:4], lgkmcnt [11:8]. GFX11 ([RDNA3] §4.4): expcnt [2:0],
    /// lgkmcnt [9:4], vmcnt [15:10].
    pub fn encode(&self, vm: Option<u32>, lgkm: Option<u32>) -> u16 {
        let vm = vm.unwrap_or(self.limits[VM]).min(self.limits[VM]);
        let lgkm = lgkm.unwrap_or(self.limits[LGKM]).min(self.limits[LGKM]);
        match self.gen {
            Generation::Gfx9 => {
                ((vm & 0xf) | (7 << 4) | ((lgkm & 0xf) << 8) | ((vm >> 4 & 3) << 14)) as u16
            }
            Generation::Gfx11 => (7 | ((lgkm & 0x3f) << 4) | ((vm & 0x3f) << 10)) as u16,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use silk_amdgpu::target::Processor;

    #[test]
    fn waitcnt_encodings_match_the_manuals() {
        let g9 = Waitcnt::new(Generation::Gfx9, Processor::Gfx942.info().wait_counters);
        // s_waitcnt vmcnt(0) = 0x0f70 on GFX9 (expcnt and lgkmcnt at max).
        assert_eq!(g9.encode(Some(0), None), 0x0f70);
        assert_eq!(g9.encode(None, Some(0)), 0xc07f);
        let g11 = Waitcnt::new(Generation::Gfx11, Processor::Gfx1100.info().wait_counters);
        assert_eq!(g11.encode(Some(0), None), 0x03f7);
        assert_eq!(g11.encode(None, Some(0)), 0xfc07);
    }

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
        assert_eq!(a.regs[&256], (VM, 1));
        assert_eq!(a.regs[&257], (LGKM, 0));
        assert!(a.smem);
        assert_eq!(a.pending[VM], 4);
        assert!(!a.join(&b), "joining again changes nothing");
    }
}
