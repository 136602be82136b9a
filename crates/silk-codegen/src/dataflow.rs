//! The forward dataflow solver the wait-count and hazard passes share.
//!
//! A pass gives a state (a join-semilattice with a default "nothing
//! pending" value) and a block transfer; [`forward`] iterates a worklist
//! from the entry block until every block's entry state is stable and
//! returns those entry states. A block's entry state only changes before
//! the block is run again, so the last run of each block starts from its
//! final entry state: a pass can note what to change in a block on every
//! run and keep the last. Blocks never reached are never run and keep the
//! default state.

use crate::mir::{MFunction, MInst};
use crate::Error;

/// A dataflow state.
pub trait State: Clone + Default {
    /// Merge `other` into `self` at a join point; whether `self` changed.
    fn join(&mut self, other: &Self) -> bool;
}

/// Worklist iterations after which a pass is taken not to converge (a bug
/// in its join, not a property of the program).
const LIMIT: usize = 100_000;

/// The entry state of every block of `mf`, the entry block starting from
/// the default state; `transfer` runs the instructions of one block (by
/// index). `pass` names the pass in the error when the iteration does not
/// converge.
pub fn forward<S: State>(
    mf: &MFunction,
    pass: &'static str,
    mut transfer: impl FnMut(&mut S, usize, &[MInst]),
) -> Result<Vec<S>, Error> {
    let n = mf.blocks.len();
    let succs: Vec<crate::mir::Succs> = (0..n).map(|b| mf.succs(b)).collect();
    let mut ins: Vec<Option<S>> = vec![None; n];
    if n == 0 {
        return Ok(Vec::new());
    }
    ins[0] = Some(S::default());
    let mut work = vec![0usize];
    let mut iterations = 0usize;
    while let Some(b) = work.pop() {
        iterations += 1;
        if iterations > LIMIT {
            return Err(Error::invariant(
                pass,
                format!("{pass} dataflow did not converge"),
            ));
        }
        let mut s = ins[b].clone().unwrap_or_default();
        transfer(&mut s, b, &mf.blocks[b].insts);
        for &t in succs[b].as_slice() {
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
    Ok(ins.into_iter().map(Option::unwrap_or_default).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use silk_amdgpu::target::Processor;

    /// The largest "distance" seen: joins take the maximum, each block
    /// adds one up to a cap, so a loop converges at the cap.
    #[derive(Clone, Default, Debug, PartialEq)]
    struct Max(u32);

    impl State for Max {
        fn join(&mut self, o: &Max) -> bool {
            let old = self.0;
            self.0 = self.0.max(o.0);
            self.0 != old
        }
    }

    /// 0 -> 1, 1 -> 1 (a loop) and 1 -> 2 (s_endpgm); block 3 is never
    /// reached.
    fn looping() -> MFunction {
        let p = Processor::Gfx942;
        let op = |name| silk_amdgpu::isa::table::lookup(p, name, None).unwrap();
        let inst = |name, ops| MInst {
            op: op(name),
            ops,
            ndefs: 0,
            mods: Default::default(),
        };
        let mut mf = MFunction::new(p, true);
        for _ in 0..3 {
            mf.new_block(None);
        }
        mf.blocks[1].insts.push(inst(
            "s_cbranch_scc1",
            vec![crate::mir::MOp::Label(crate::mir::BlockId(1))],
        ));
        mf.blocks[2].insts.push(inst("s_endpgm", vec![]));
        mf
    }

    #[test]
    fn loops_reach_a_fixpoint_and_unreached_blocks_stay_default() {
        let mf = looping();
        let ins = forward(&mf, "test", |s: &mut Max, _, _| s.0 = (s.0 + 1).min(5)).unwrap();
        assert_eq!(ins, [Max(0), Max(5), Max(5), Max(0)]);
    }

    #[test]
    fn a_join_that_never_settles_is_an_error() {
        #[derive(Clone, Default)]
        struct Flip(bool);
        impl State for Flip {
            fn join(&mut self, _: &Flip) -> bool {
                self.0 = !self.0;
                true
            }
        }
        let e = forward(&looping(), "flip", |_: &mut Flip, _, _| {}).err();
        assert!(
            e.is_some_and(|e| e.to_string().contains("flip dataflow did not converge")),
            "the self-loop keeps changing"
        );
    }
}
