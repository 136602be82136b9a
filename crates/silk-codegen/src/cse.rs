//! Common-subexpression and dead-code elimination on the device IR.
//!
//! An operation without side effects that repeats one computed earlier on
//! every path to it (earlier in its block or in an enclosing one; the
//! region tree makes that dominance) reuses the earlier result. A `rem`
//! by a constant next to a `div` of the same operands becomes
//! `a - (a / b) * b`, so the two share the quotient (instruction selection
//! expands each division by a constant on its own). Then operations
//! without side effects whose results nothing reads are dropped.
//! Inlined device functions leave both behind (`helper_calls`: the
//! quotient of `divmod` computed twice, its unused remainder).

use crate::hash::Map as HashMap;
use silk_gpu_ir::{BinOp, Block, CmpPred, Dim, Function, Geometry, Op, Type, UnOp, Value};

/// The identity of a pure operation, for lookup.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Key {
    Const(Type, u64),
    Unary(UnOp, Value),
    Binary(BinOp, Value, Value),
    Fma(Value, Value, Value),
    Cmp(CmpPred, Value, Value),
    Select(Value, Value, Value),
    Cvt(Value, Type),
    Bitcast(Value, Type),
    PtrAdd(Value, Value),
    Geometry(Geometry, Dim),
}

fn key(op: &Op) -> Option<Key> {
    Some(match *op {
        Op::Const { ty, bits } => Key::Const(ty, bits),
        Op::Unary { op, arg } => Key::Unary(op, arg),
        Op::Binary { op, lhs, rhs } => Key::Binary(op, lhs, rhs),
        Op::Fma { a, b, c } => Key::Fma(a, b, c),
        Op::Cmp { pred, lhs, rhs } => Key::Cmp(pred, lhs, rhs),
        Op::Select {
            cond,
            if_true,
            if_false,
        } => Key::Select(cond, if_true, if_false),
        Op::Cvt { arg, to } => Key::Cvt(arg, to),
        Op::Bitcast { arg, to } => Key::Bitcast(arg, to),
        Op::PtrAdd { ptr, offset } => Key::PtrAdd(ptr, offset),
        Op::Geometry { query, dim } => Key::Geometry(query, dim),
        _ => return None,
    })
}

/// `f` with repeated and unused pure operations removed (a clone when
/// there is none).
pub fn run(f: &Function) -> Function {
    run_owned(f.clone())
}

/// [`run`] on a function it may change in place.
pub fn run_owned(mut out: Function) -> Function {
    let mut cx = Cse {
        avail: HashMap::default(),
        log: Vec::new(),
        subst: HashMap::default(),
        consts: HashMap::default(),
        muls: HashMap::default(),
        values: std::mem::take(&mut out.values),
        changed: false,
    };
    cx.block(&mut out.body);
    out.values = std::mem::take(&mut cx.values);
    let mut changed = cx.changed;
    changed |= dce(&mut out.body);
    if changed {
        out.canonicalize();
    }
    out
}

struct Cse {
    /// Pure operations available at this point, and their results.
    avail: HashMap<Key, Value>,
    /// Keys added, in order, to leave a region's entries behind on exit.
    log: Vec<Key>,
    /// Results replaced by earlier equal ones.
    subst: HashMap<Value, Value>,
    /// Constant values: bits by value (for `rem` by a constant).
    consts: HashMap<Value, u64>,
    /// Integer products by a constant: `(x, K)` by value.
    muls: HashMap<Value, (Value, u64)>,
    values: Vec<silk_gpu_ir::ValueData>,
    changed: bool,
}

/// The bits of a `ty` value.
fn mask(ty: Type) -> u64 {
    match ty.bits() {
        64 => u64::MAX,
        b => (1u64 << b) - 1,
    }
}

impl Cse {
    fn fresh(&mut self, ty: Type) -> Value {
        self.values.push(silk_gpu_ir::ValueData { ty, name: None });
        Value(self.values.len() as u32 - 1)
    }

    fn block(&mut self, b: &mut Block) {
        let mark = self.log.len();
        let insts = std::mem::take(&mut b.insts);
        // Room for the instructions kept and a few added (a constant or a
        // product before a rewritten `mul` or `rem`).
        b.insts.reserve(insts.len() + 4);
        for mut inst in insts {
            let subst = &self.subst;
            inst.op.for_each_value_mut(&mut |v| {
                if let Some(&to) = subst.get(v) {
                    *v = to;
                }
            });
            for r in inst.op.regions_mut() {
                self.block(r);
            }
            if let Op::Const { bits, .. } = inst.op {
                if let [r] = inst.results[..] {
                    self.consts.insert(r, bits);
                }
            }
            // mul (mul x, K1), K2: mul x, K1 * K2 (the inner product then
            // often has only address uses left, which isel fuses).
            if let (
                Op::Binary {
                    op: BinOp::Mul,
                    lhs,
                    rhs,
                },
                [r],
            ) = (&inst.op, &inst.results[..])
            {
                let (lhs, rhs, r) = (*lhs, *rhs, *r);
                let ty = self.values[r.index()].ty;
                let k2 = self.consts.get(&rhs).copied();
                if let (true, Some(k2), Some(&(x, k1))) = (ty.is_int(), k2, self.muls.get(&lhs)) {
                    let bits = k1.wrapping_mul(k2) & mask(ty);
                    let c = match self.avail.get(&Key::Const(ty, bits)) {
                        Some(&c) => c,
                        None => {
                            let c = self.fresh(ty);
                            b.insts.push(silk_gpu_ir::Inst {
                                results: vec![c],
                                op: Op::Const { ty, bits },
                            });
                            self.consts.insert(c, bits);
                            self.avail.insert(Key::Const(ty, bits), c);
                            self.log.push(Key::Const(ty, bits));
                            c
                        }
                    };
                    inst.op = Op::Binary {
                        op: BinOp::Mul,
                        lhs: x,
                        rhs: c,
                    };
                    self.changed = true;
                }
                if let (Op::Binary { lhs, rhs, .. }, true) = (&inst.op, ty.is_int()) {
                    if let Some(&k) = self.consts.get(rhs) {
                        self.muls.insert(r, (*lhs, k));
                    }
                }
            }
            // rem a, K with div a, K available: a - (a / K) * K.
            if let (
                Op::Binary {
                    op: BinOp::Rem,
                    lhs,
                    rhs,
                },
                [r],
            ) = (&inst.op, &inst.results[..])
            {
                let (lhs, rhs, r) = (*lhs, *rhs, *r);
                let ty = self.values[r.index()].ty;
                if let (true, Some(&q)) = (
                    ty.is_int() && self.consts.contains_key(&rhs),
                    self.avail.get(&Key::Binary(BinOp::Div, lhs, rhs)),
                ) {
                    let m = self.fresh(ty);
                    b.insts.push(silk_gpu_ir::Inst {
                        results: vec![m],
                        op: Op::Binary {
                            op: BinOp::Mul,
                            lhs: q,
                            rhs,
                        },
                    });
                    inst.op = Op::Binary {
                        op: BinOp::Sub,
                        lhs,
                        rhs: m,
                    };
                    self.changed = true;
                }
            }
            if let (Some(k), [r]) = (key(&inst.op), &inst.results[..]) {
                if let Some(&prev) = self.avail.get(&k) {
                    self.subst.insert(*r, prev);
                    self.changed = true;
                    continue;
                }
                self.avail.insert(k, *r);
                self.log.push(k);
            }
            b.insts.push(inst);
        }
        for k in self.log.drain(mark..) {
            self.avail.remove(&k);
        }
    }
}

/// Drop pure operations whose results nothing reads; whether any went.
fn dce(body: &mut Block) -> bool {
    let mut changed = false;
    loop {
        let mut used = Vec::new();
        for inst in body.insts_nested() {
            for v in inst.op.operands() {
                if used.len() <= v.index() {
                    used.resize(v.index() + 1, false);
                }
                used[v.index()] = true;
            }
        }
        if !sweep(body, &used) {
            return changed;
        }
        changed = true;
    }
}

fn sweep(b: &mut Block, used: &[bool]) -> bool {
    let before = b.insts.len();
    b.insts.retain(|inst| {
        // Vector element moves are pure too (not keyed for CSE).
        let pure = key(&inst.op).is_some()
            || matches!(
                inst.op,
                Op::Extract { .. } | Op::VecBuild { .. } | Op::Insert { .. }
            );
        !pure
            || inst
                .results
                .iter()
                .any(|r| used.get(r.index()).copied().unwrap_or(false))
    });
    let mut changed = b.insts.len() != before;
    for inst in &mut b.insts {
        for r in inst.op.regions_mut() {
            changed |= sweep(r, used);
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;
    use silk_testsupport::corpus;

    /// The interpreter is the oracle: every corpus kernel (its device
    /// functions inlined, as the driver compiles it) gives the same
    /// buffers before and after, and passes its case's checks.
    #[test]
    fn corpus_kernels_keep_their_results() {
        let mut changed = 0;
        for k in corpus::kernels() {
            let m = k.module().unwrap();
            let mut inlined = m.clone();
            for f in &mut inlined.functions {
                if f.kind == silk_gpu_ir::FunctionKind::Kernel {
                    *f = crate::inline::inline_calls(&m, f).unwrap();
                }
            }
            let mut after = inlined.clone();
            for f in &mut after.functions {
                *f = run(f);
            }
            after.verify().unwrap_or_else(|e| panic!("{}: {e}", k.name));
            changed += usize::from(after != inlined);
            k.check_same_results(&inlined, &after)
                .unwrap_or_else(|e| panic!("{}: {e}", k.name));
        }
        assert!(changed > 0, "no corpus kernel changed");
    }

    #[test]
    fn repeats_and_dead_values_go() {
        let src = "kernel @k(%x: u32, %out: ptr<global>) {
  %ten = const 10 : u32
  %q = div %x, %ten
  %r = rem %x, %ten
  %dead = mul %x, %x
  %t = add %x, %ten
  %t2 = add %x, %ten
  %s = add %t, %t2
  %u = add %s, %q
  %v = add %u, %r
  store %out, %v, align 4
}";
        let m = silk_gpu_ir::parse_module("k.sir", src).unwrap();
        let text = silk_gpu_ir::print_function(&run(&m.functions[0]));
        assert_eq!(text.matches("div").count(), 1, "{text}");
        assert_eq!(text.matches("rem").count(), 0, "{text}");
        assert_eq!(text.matches("add").count(), 4, "{text}");
        assert_eq!(text.matches("mul").count(), 1, "{text}");
    }
}
