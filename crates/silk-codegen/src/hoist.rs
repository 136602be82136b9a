//! Common-code hoisting on the device IR: an operation both arms of an
//! `if` compute from the same operands, defined outside the `if`, is
//! computed once before it; an `if` left with arms of at most two cheap
//! operations before their `yield` computes both and `select`s (one
//! `v_cndmask`, or three mask operations for a `bool`, instead of two
//! EXEC-masked blocks).
//!
//! Under EXEC masking a divergent wave runs both arms, so an operation
//! written in both runs twice; hoisted, it runs once. It also moves the
//! first use of a loaded value out of the arms: the wait for the load is
//! then paid once before the branch instead of once per arm, where on
//! GFX9 (whose `vmcnt` also counts stores) the second wait had to drain
//! the first arm's stores too (`early_exit`).
//!
//! Only operations without side effects move. Division and remainder
//! (which the IR defines as an error for a zero divisor) move only from an
//! arm's straight-line prefix, where every work-item entering the arm
//! runs them. Loads stay: hoisting one above the other arm's stores would
//! reorder memory accesses between work-items of one wave.

use crate::hash::Map as HashMap;
use silk_gpu_ir::{BinOp, Block, Function, Inst, Op, UnOp, Value};
use std::borrow::Cow;

/// `f` with common operations of `if` arms hoisted (a clone when there is
/// none).
pub fn run(f: &Function) -> Function {
    run_cow(Cow::Borrowed(f)).into_owned()
}

/// [`run`], passing `f` through untouched when it has no `if` (only `if`
/// arms hoist or become selects).
pub fn run_cow(f: Cow<'_, Function>) -> Cow<'_, Function> {
    if !f.insts().any(|i| matches!(i.op, Op::If { .. })) {
        return f;
    }
    let mut out = f.into_owned();
    let mut subst = HashMap::default();
    block(&mut out.body, &mut subst);
    if !subst.is_empty() {
        let resolve = |v: &mut Value| {
            while let Some(&to) = subst.get(v) {
                *v = to;
            }
        };
        for inst in &mut out.body.insts {
            inst.op.for_each_value_mut(&mut |v| resolve(v));
        }
        // Drop the values no longer defined.
        out.canonicalize();
    }
    Cow::Owned(out)
}

/// May `op` be computed before the `if` (given its operands are there)?
/// `straight` says every work-item entering the arm reaches it.
fn movable(op: &Op, straight: bool) -> bool {
    match op {
        Op::Binary {
            op: BinOp::Div | BinOp::Rem,
            ..
        } => straight,
        Op::Const { .. } | Op::Geometry { .. } => true,
        op => op.is_arithmetic(),
    }
}

/// Every value defined in `b` and its nested regions.
fn defined(b: &Block, out: &mut Vec<bool>) {
    for inst in b.insts_nested() {
        let mut mark = |v: Value| {
            if out.len() <= v.index() {
                out.resize(v.index() + 1, false);
            }
            out[v.index()] = true;
        };
        inst.results.iter().for_each(|&v| mark(v));
        if let Op::Loop { params, .. } = &inst.op {
            params.iter().for_each(|&v| mark(v));
        }
    }
}

/// The top-level instructions of `b` that may move out of their `if`:
/// (index, operation with operands substituted).
fn candidates(b: &Block, inside: &[bool], subst: &HashMap<Value, Value>) -> Vec<(usize, Op)> {
    let mut out = Vec::new();
    let mut straight = true;
    for (i, inst) in b.insts.iter().enumerate() {
        // Nothing after a loop: hoisted, it would stay live across the
        // loop (and the other arm's), where registers are dearest.
        if matches!(inst.op, Op::Loop { .. }) {
            break;
        }
        if matches!(inst.op, Op::If { .. }) {
            straight = false;
        }
        if inst.results.len() != 1 || !movable(&inst.op, straight) {
            continue;
        }
        let mut op = inst.op.clone();
        op.for_each_value_mut(&mut |v| {
            while let Some(&to) = subst.get(v) {
                *v = to;
            }
        });
        if op
            .operands()
            .iter()
            .all(|v| !inside.get(v.index()).copied().unwrap_or(false))
        {
            out.push((i, op));
        }
    }
    out
}

fn block(b: &mut Block, subst: &mut HashMap<Value, Value>) {
    let mut i = 0;
    while i < b.insts.len() {
        for r in b.insts[i].op.regions_mut() {
            block(r, subst);
        }
        let hoisted = hoist_from_if(b, i, subst);
        i += hoisted;
        i += if_to_select(b, i);
    }
}

/// Most operations an arm may hold and still be computed unconditionally
/// (both arms' work for every lane, against two EXEC-masked blocks and
/// their mask and branch instructions).
const SPECULATE: usize = 2;

/// Is `op` cheap and safe to compute for lanes that would not have?
fn speculable(op: &Op) -> bool {
    movable(op, false)
        && !matches!(
            op,
            Op::Unary {
                op: UnOp::Sqrt | UnOp::Rcp | UnOp::Exp2 | UnOp::Log2,
                ..
            }
        )
}

/// An `if` whose arms hold at most [`SPECULATE`] cheap operations before
/// their `yield` becomes those operations and one `select` per result;
/// how many instructions replace it.
fn if_to_select(b: &mut Block, at: usize) -> usize {
    let Op::If {
        cond,
        then_blk,
        else_blk,
    } = &b.insts[at].op
    else {
        return 1;
    };
    let arm = |blk: &Block| match blk.insts.split_last() {
        Some((last, ops)) if ops.len() <= SPECULATE && ops.iter().all(|i| speculable(&i.op)) => {
            match &last.op {
                Op::Yield(vs) => Some((ops.to_vec(), vs.clone())),
                _ => None,
            }
        }
        _ => None,
    };
    let (Some((mut ops, a)), Some((else_ops, e))) = (arm(then_blk), arm(else_blk)) else {
        return 1;
    };
    let cond = *cond;
    let results = b.insts.remove(at).results;
    ops.extend(else_ops);
    for (r, (t, f)) in results.into_iter().zip(a.into_iter().zip(e)) {
        ops.push(Inst {
            results: vec![r],
            op: Op::Select {
                cond,
                if_true: t,
                if_false: f,
            },
        });
    }
    let n = ops.len();
    b.insts.splice(at..at, ops);
    n
}

/// Hoist the common operations of the `if` at `b.insts[at]` (if it is
/// one) to just before it; how many moved.
fn hoist_from_if(b: &mut Block, at: usize, subst: &mut HashMap<Value, Value>) -> usize {
    let Op::If {
        then_blk, else_blk, ..
    } = &mut b.insts[at].op
    else {
        return 0;
    };
    let (mut in_then, mut in_else) = (Vec::new(), Vec::new());
    defined(then_blk, &mut in_then);
    defined(else_blk, &mut in_else);
    let mut moved = Vec::new();
    // Hoisting one operation can make another movable (its operand is now
    // defined outside), so repeat until nothing moves.
    loop {
        let ct = candidates(then_blk, &in_then, subst);
        let ce = candidates(else_blk, &in_else, subst);
        let Some((ti, ei, op)) = ct.into_iter().find_map(|(ti, op)| {
            ce.iter()
                .find(|(_, o)| *o == op)
                .map(|&(ei, _)| (ti, ei, op))
        }) else {
            break;
        };
        let mut inst = then_blk.insts.remove(ti);
        let gone = else_blk.insts.remove(ei);
        inst.op = op;
        let (kept, dropped) = (inst.results[0], gone.results[0]);
        subst.insert(dropped, kept);
        in_then[kept.index()] = false;
        moved.push(inst);
    }
    let n = moved.len();
    for (k, inst) in moved.into_iter().enumerate() {
        b.insts.insert(at + k, inst);
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use silk_testsupport::corpus;

    /// The interpreter is the oracle: every corpus kernel gives the same
    /// buffers before and after hoisting, and passes its case's checks.
    #[test]
    fn corpus_kernels_keep_their_results() {
        let changed = corpus::check_function_pass(run);
        assert!(
            !changed.is_empty(),
            "no corpus kernel had anything to hoist"
        );
    }

    #[test]
    fn both_arms_compare_once() {
        let src = "kernel @k(%x: u32, %out: ptr<global>) {
  %tid = workitem.id x
  %one = const 1 : u32
  %b = and %tid, %one
  %zero = const 0 : u32
  %odd = cmp ne %b, %zero
  if %odd {
    %isz = cmp eq %x, %zero
    %q = div %x, %tid
    store %out, %q, align 4
  } else {
    %isz2 = cmp eq %x, %zero
    store %out, %x, align 4
    %q2 = div %x, %tid
    store %out, %q2, align 4
  }
}";
        let m = silk_gpu_ir::parse_module("k.sir", src).unwrap();
        let text = silk_gpu_ir::print_function(&run(&m.functions[0]));
        // The compare and the division (on both arms' straight-line
        // paths) moved before the `if`; the stores stayed.
        let before_if = text.split("if %odd").next().unwrap();
        assert!(before_if.contains("cmp eq"), "{text}");
        assert_eq!(text.matches("cmp eq").count(), 1, "{text}");
        assert_eq!(text.matches("div").count(), 1, "{text}");
        assert_eq!(text.matches("store").count(), 3, "{text}");
    }

    #[test]
    fn arms_that_only_yield_become_selects() {
        let src = "kernel @k(%x: u32, %out: ptr<global>) {
  %tid = workitem.id x
  %zero = const 0 : u32
  %c = cmp ne %tid, %zero
  %a, %b = if %c -> u32, bool {
    %s = add %x, %zero
    %t = cmp eq %x, %zero
    yield %s, %t
  } else {
    %s2 = add %x, %zero
    %t2 = cmp ne %x, %zero
    yield %s2, %t2
  }
  %w = select %b, %a, %tid
  store %out, %w, align 4
}";
        let m = silk_gpu_ir::parse_module("k.sir", src).unwrap();
        let f = run(&m.functions[0]);
        silk_gpu_ir::Module {
            functions: vec![f.clone()],
        }
        .verify()
        .unwrap();
        let text = silk_gpu_ir::print_function(&f);
        assert!(!text.contains("if "), "{text}");
        assert_eq!(text.matches("select").count(), 3, "{text}");
        assert_eq!(text.matches("add").count(), 1, "{text}");
        assert_eq!(text.matches("cmp").count(), 3, "{text}");
    }
}
