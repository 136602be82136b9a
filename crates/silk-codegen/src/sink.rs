//! Sinking on the device IR: a pure operation whose every use is inside
//! one arm of a later `if` in the same block moves to the start of that
//! arm.
//!
//! Computed before the `if`, its result stays live across everything in
//! between and across the `if`'s condition; computed in the arm, it lives
//! only there, and lanes that skip the arm do not compute it (an LDS slot
//! address used only when the work-item is in range, `transpose_lds`).
//! Operations that only feed sunk ones follow them. A load's address
//! stays where it is (computed early, it is ready when the arm starts and
//! the load's latency begins at once). Nothing moves into a
//! loop (it would run once per iteration), and only operations without
//! side effects move (no loads: a store may come in between), nor
//! constants and dispatch geometry, which instruction selection takes
//! from the kernel's entry.

use silk_gpu_ir::{Block, Function, Inst, Op, Value};

/// `f` with single-arm operations sunk into their arm (changed in
/// place).
pub fn run(mut f: Function) -> Function {
    let mut s = Sink {
        uses: vec![0u32; f.values.len()],
        arm: [vec![0u32; f.values.len()], vec![0u32; f.values.len()]],
        touched: Vec::new(),
        keep: Vec::new(),
    };
    let mut any_if = false;
    for i in f.insts() {
        for v in i.op.operands() {
            s.uses[v.index()] += 1;
        }
        any_if |= matches!(i.op, Op::If { .. });
    }
    if any_if {
        s.block(&mut f.body);
    }
    f
}

struct Sink {
    /// Per value: operands naming it in the function.
    uses: Vec<u32>,
    /// Per value: operands naming it in the then and the else arm of the
    /// `if` being looked at (zero elsewhere: `touched` resets them).
    arm: [Vec<u32>; 2],
    touched: Vec<Value>,
    /// Values that stay before the `if`: its loads' addresses and what
    /// they are computed from.
    keep: Vec<Value>,
}

impl Sink {
    fn block(&mut self, b: &mut Block) {
        // This block's `if`s first, so what sinks into an arm may sink on
        // into the `if`s nested there.
        let mut i = 0;
        while i < b.insts.len() {
            if matches!(b.insts[i].op, Op::If { .. }) {
                let moved = self.plan(b, i);
                i -= apply(b, i, moved);
            }
            i += 1;
        }
        for inst in &mut b.insts {
            for r in inst.op.regions_mut() {
                self.block(r);
            }
        }
    }

    /// The instructions before the `if` at `at` that only one of its arms
    /// uses, per arm, last first.
    fn plan(&mut self, b: &Block, at: usize) -> [Vec<usize>; 2] {
        let mut moved: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
        let Op::If {
            then_blk, else_blk, ..
        } = &b.insts[at].op
        else {
            return moved;
        };
        // Nothing to count without a candidate before the `if`.
        if !b.insts[..at]
            .iter()
            .any(|i| i.results.len() == 1 && i.op.is_arithmetic())
        {
            return moved;
        }
        self.keep.clear();
        for (a, arm) in [then_blk, else_blk].into_iter().enumerate() {
            for i in arm.insts_nested() {
                for v in i.op.operands() {
                    if self.arm[0][v.index()] == 0 && self.arm[1][v.index()] == 0 {
                        self.touched.push(v);
                    }
                    self.arm[a][v.index()] += 1;
                }
                // Loads' addresses stay (see the module docs).
                if let Op::Load { ptr, .. } = i.op {
                    self.keep.push(ptr);
                }
            }
        }
        // Backwards, so an operation whose only readers were sunk follows
        // them.
        for j in (0..at).rev() {
            let inst = &b.insts[j];
            if inst.results.len() != 1 || !inst.op.is_arithmetic() {
                continue;
            }
            let r = inst.results[0];
            if self.keep.contains(&r) {
                self.keep.extend(inst.op.operands());
                continue;
            }
            let total = self.uses[r.index()];
            let Some(a) = (0..2).find(|&a| total > 0 && self.arm[a][r.index()] == total) else {
                continue;
            };
            for v in inst.op.operands() {
                if self.arm[0][v.index()] == 0 && self.arm[1][v.index()] == 0 {
                    self.touched.push(v);
                }
                self.arm[a][v.index()] += 1;
            }
            moved[a].push(j);
        }
        for v in self.touched.drain(..) {
            self.arm[0][v.index()] = 0;
            self.arm[1][v.index()] = 0;
        }
        moved
    }
}

/// Move the planned instructions into the arms of the `if` at `at`, in
/// source order; returns how many left the block before it.
fn apply(b: &mut Block, at: usize, moved: [Vec<usize>; 2]) -> usize {
    let n = moved[0].len() + moved[1].len();
    if n == 0 {
        return 0;
    }
    let mut taken: Vec<Option<Inst>> = std::mem::take(&mut b.insts).into_iter().map(Some).collect();
    let mut sunk: [Vec<Inst>; 2] = [Vec::new(), Vec::new()];
    for arm in 0..2 {
        for &j in moved[arm].iter().rev() {
            if let Some(inst) = taken[j].take() {
                sunk[arm].push(inst);
            }
        }
    }
    if let Some(Inst {
        op: Op::If {
            then_blk, else_blk, ..
        },
        ..
    }) = taken[at].as_mut()
    {
        let [t, e] = sunk;
        then_blk.insts.splice(0..0, t);
        else_blk.insts.splice(0..0, e);
    }
    b.insts = taken.into_iter().flatten().collect();
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use silk_testsupport::corpus;

    /// The interpreter is the oracle: every corpus kernel gives the same
    /// buffers before and after sinking.
    #[test]
    fn corpus_kernels_keep_their_results() {
        let changed = corpus::check_function_pass(|f| run(f.clone()));
        assert!(changed.contains(&"transpose_lds"), "sunk: {changed:?}");
    }
}
