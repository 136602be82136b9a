//! Full unrolling of short counted loops on the device IR. A loop whose
//! body starts `%done = cmp %i, C; if %done { break ... }` and ends
//! `continue %i2, ...` with `%i2 = add %i, S` (or `sub`), `%i` starting
//! at a constant, runs a number of times known at compile time; when that
//! times the body is small, the loop becomes that many copies of its
//! body, each with `%i` a constant (the 3x3 window of `blur_nested`, the
//! 8-step inner product of `matmul_tiled`).
//!
//! Under EXEC masking a loop costs a compare, mask updates and a taken
//! branch per iteration, and each iteration's loads wait before the next
//! one's issue; unrolled, the loads of every iteration can be in flight
//! together. Inner loops are unrolled first, so a nest of short loops
//! unrolls whole while the budget allows.
//!
//! The body must leave the loop only through that first `break` and
//! restart it only through its final `continue` (no `break`, `continue`
//! or `ret` in nested `if`s, no precoloured operations).

use crate::hash::Map as HashMap;
use silk_gpu_ir::{eval, BinOp, Block, Function, Inst, Op, Value};
use std::borrow::Cow;

/// Most iterations unrolled, and most instructions the unrolled loop may
/// have (iterations x body, nested regions counted).
const MAX_TRIPS: u64 = 16;
const MAX_INSTS: usize = 160;

/// `f` with its short counted loops unrolled (a clone when there is none).
pub fn run(f: &Function) -> Function {
    run_cow(Cow::Borrowed(f)).into_owned()
}

/// [`run`], passing `f` through untouched when it has no loop.
pub fn run_cow(f: Cow<'_, Function>) -> Cow<'_, Function> {
    if !f.insts().any(|i| matches!(i.op, Op::Loop { .. })) {
        return f;
    }
    let mut out = f.into_owned();
    let mut consts: HashMap<Value, u64> = HashMap::default();
    for inst in out.insts() {
        if let (Op::Const { bits, .. }, [r]) = (&inst.op, inst.results.as_slice()) {
            consts.insert(*r, *bits);
        }
    }
    let mut cx = Cx {
        consts,
        subst: HashMap::default(),
        values: std::mem::take(&mut out.values),
    };
    let mut body = std::mem::take(&mut out.body);
    let changed = cx.block(&mut body);
    out.body = body;
    out.values = cx.values;
    if changed {
        let subst = cx.subst;
        out.body.for_each_value_mut(&mut |v| resolve(&subst, v));
        out.canonicalize();
    }
    Cow::Owned(out)
}

fn resolve(subst: &HashMap<Value, Value>, v: &mut Value) {
    while let Some(&to) = subst.get(v) {
        *v = to;
    }
}

struct Cx {
    consts: HashMap<Value, u64>,
    /// Results of unrolled loops -> their values after the last copy.
    subst: HashMap<Value, Value>,
    values: Vec<silk_gpu_ir::ValueData>,
}

impl Cx {
    fn block(&mut self, b: &mut Block) -> bool {
        let mut changed = false;
        let mut out = Vec::with_capacity(b.insts.len());
        for mut inst in std::mem::take(&mut b.insts) {
            for r in inst.op.regions_mut() {
                changed |= self.block(r);
            }
            let subst = &self.subst;
            inst.op.for_each_value_mut(&mut |v| resolve(subst, v));
            match self.unroll(&inst) {
                Some(copies) => {
                    out.extend(copies);
                    changed = true;
                }
                None => out.push(inst),
            }
        }
        b.insts = out;
        changed
    }

    fn fresh(&mut self, like: Value) -> Value {
        // Unnamed: names are unique per function.
        let d = silk_gpu_ir::ValueData {
            ty: self.values[like.index()].ty,
            name: None,
        };
        self.values.push(d);
        Value(self.values.len() as u32 - 1)
    }

    /// The copies replacing `inst` when it is a short counted loop.
    fn unroll(&mut self, inst: &Inst) -> Option<Vec<Inst>> {
        let Op::Loop {
            inits,
            params,
            body,
        } = &inst.op
        else {
            return None;
        };
        let [head, exit, rest @ .., last] = body.insts.as_slice() else {
            return None;
        };
        let (Op::Cmp { pred, lhs, rhs }, [done]) = (&head.op, head.results.as_slice()) else {
            return None;
        };
        let Op::If {
            cond,
            then_blk,
            else_blk,
        } = &exit.op
        else {
            return None;
        };
        let (Some(Op::Break(out_vals)), true) = (
            then_blk.insts.first().map(|i| &i.op),
            then_blk.insts.len() == 1
                && else_blk
                    .insts
                    .iter()
                    .all(|i| matches!(&i.op, Op::Yield(v) if v.is_empty()))
                && cond == done,
        ) else {
            return None;
        };
        let Op::Continue(next) = &last.op else {
            return None;
        };
        // The counter: a parameter compared with a constant.
        let (k, bound, counter_left) = match (
            params.iter().position(|p| p == lhs),
            params.iter().position(|p| p == rhs),
        ) {
            (Some(k), None) => (k, *self.consts.get(rhs)?, true),
            (None, Some(k)) => (k, *self.consts.get(lhs)?, false),
            _ => return None,
        };
        let counter = params[k];
        let ty = self.values[counter.index()].ty;
        if !ty.is_int() {
            return None;
        }
        // Its step, computed in the body's straight-line part.
        let step_inst = rest.iter().find(|i| i.results.first() == Some(&next[k]))?;
        let (step_op, step) = match step_inst.op {
            Op::Binary {
                op: op @ (BinOp::Add | BinOp::Sub),
                lhs: l,
                rhs: r,
            } if l == counter => (op, *self.consts.get(&r)?),
            Op::Binary {
                op: BinOp::Add,
                lhs: l,
                rhs: r,
            } if r == counter => (BinOp::Add, *self.consts.get(&l)?),
            _ => return None,
        };
        let mut i = *self.consts.get(&inits[k])?;
        let mut counts = Vec::new();
        loop {
            let (a, b) = if counter_left { (i, bound) } else { (bound, i) };
            if eval::compare(*pred, ty, a, b) {
                break;
            }
            if counts.len() as u64 >= MAX_TRIPS {
                return None;
            }
            counts.push(i);
            i = eval::binary(step_op, ty, i, step).ok()?;
        }
        let size = rest.iter().map(|i| 1 + nested_len(&i.op)).sum::<usize>();
        if size * counts.len() > MAX_INSTS || !rest.iter().all(|i| plain(&i.op)) {
            return None;
        }
        // The exit `if` is the compare's only reader.
        if body
            .insts_nested()
            .filter(|i| i.op.operands().contains(done))
            .count()
            != 1
        {
            return None;
        }
        let mut defs = Vec::new();
        for i in rest {
            for inst in std::iter::once(i).chain(nested(&i.op)) {
                defs.extend(inst.results.iter().copied());
                if let Op::Loop { params, .. } = &inst.op {
                    defs.extend(params.iter().copied());
                }
            }
        }
        let mut cur: Vec<Value> = inits.clone();
        let mut copies = Vec::new();
        for &c in &counts {
            let mut map: HashMap<Value, Value> =
                params.iter().copied().zip(cur.iter().copied()).collect();
            // The counter is a constant in each copy.
            let cv = self.fresh(counter);
            copies.push(Inst {
                results: vec![cv],
                op: Op::Const {
                    ty,
                    bits: eval::mask(ty, c),
                },
            });
            self.consts.insert(cv, eval::mask(ty, c));
            map.insert(counter, cv);
            for &d in &defs {
                let n = self.fresh(d);
                map.insert(d, n);
            }
            for i in rest {
                let mut i = i.clone();
                for r in &mut i.results {
                    *r = map[r];
                }
                i.op.for_each_value_mut(&mut |v| {
                    if let Some(&to) = map.get(v) {
                        *v = to;
                    }
                });
                copies.push(i);
            }
            cur = next.iter().map(|v| *map.get(v).unwrap_or(v)).collect();
        }
        // After the last copy the exit is taken: the break's values, with
        // the parameters bound to the last `continue`'s.
        let map: HashMap<Value, Value> = params.iter().copied().zip(cur.iter().copied()).collect();
        for (&r, v) in inst.results.iter().zip(out_vals) {
            self.subst.insert(r, *map.get(v).unwrap_or(v));
        }
        Some(copies)
    }
}

/// Instructions in the regions nested in `op`.
fn nested(op: &Op) -> Vec<&Inst> {
    match op {
        Op::If {
            then_blk, else_blk, ..
        } => then_blk
            .insts_nested()
            .chain(else_blk.insts_nested())
            .collect(),
        Op::Loop { body, .. } => body.insts_nested().collect(),
        _ => Vec::new(),
    }
}

fn nested_len(op: &Op) -> usize {
    nested(op).len()
}

/// Nothing in `op` leaves or restarts the enclosing loop, returns, or
/// names physical registers.
fn plain(op: &Op) -> bool {
    let own = |o: &Op| !matches!(o, Op::Amdgpu(_) | Op::Return(_) | Op::Continue(_));
    match op {
        Op::If {
            then_blk, else_blk, ..
        } => [then_blk, else_blk].iter().all(|b| {
            b.insts
                .iter()
                .all(|i| !matches!(i.op, Op::Break(_)) && plain(&i.op))
        }),
        // A nested loop's own break and continue are its business.
        Op::Loop { body, .. } => body
            .insts_nested()
            .all(|i| !matches!(i.op, Op::Amdgpu(_) | Op::Return(_))),
        Op::Call { .. } => false,
        o => own(o),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use silk_testsupport::corpus;

    /// The interpreter is the oracle: every corpus kernel gives the same
    /// buffers before and after unrolling, and passes its case's checks.
    #[test]
    fn corpus_kernels_keep_their_results() {
        let changed = corpus::check_function_pass(run);
        assert!(changed.contains(&"blur_nested"), "unrolled: {changed:?}");
    }
}
