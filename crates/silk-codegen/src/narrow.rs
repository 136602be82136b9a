//! Narrowing of 64-bit integer arithmetic on the device IR, where 32 bits
//! are enough:
//!
//! - an LDS `ptradd` keeps only the low 32 bits of its offset (LDS
//!   pointers are 32-bit), so a 64-bit offset built by `add`/`sub`/`mul`/
//!   `and`/`or`/`xor`/`shl` (by a constant) from zero- or sign-extended
//!   32-bit values and constants is computed on their low dwords instead;
//! - a global `ptradd` whose 64-bit offset, built so, is known to be
//!   below 2^32 (from value bounds: a work-item id is below the largest
//!   workgroup size, `and` with a constant, a constant shift right, a
//!   product or sum of bounded values) takes the same computation on 32
//!   bits as a `u32` offset (which instruction selection turns into the
//!   `saddr` form's 32-bit VGPR offset off a uniform base).
//!
//! Other uses of such a 64-bit value keep it: its zero extension would
//! need a register pair of its own where it is used whole (a GEMM's
//! index arithmetic ran out of VGPRs that way).
//!
//! A 64-bit offset in a register pair costs two VGPRs for as long as it
//! lives, and 64-bit shifts and products take more instructions than
//! 32-bit ones. The narrowed values are new instructions placed right
//! after the 64-bit ones they stand for; the 64-bit ones left unused are
//! removed by [`crate::cse`], which runs next.

use crate::hash::Map as HashMap;
use silk_gpu_ir::interp::MAX_WORKGROUP_SIZE;
use silk_gpu_ir::{AddrSpace, BinOp, Block, Function, Geometry, Inst, Op, Type, Value, ValueData};

/// `f` with 64-bit pointer offsets narrowed where 32 bits are enough
/// (changed in place).
pub fn run(mut f: Function) -> Function {
    let n = f.values.len();
    let mut nw = Narrow {
        values: Vec::new(),
        types: f.values.iter().map(|v| v.ty).collect(),
        bound: vec![None; n],
        def: vec![Def::Other; n],
        low: HashMap::default(),
        after: HashMap::default(),
    };
    let mut any64 = false;
    for i in f.insts() {
        if let Some(&r) = i.results.first() {
            nw.def[r.index()] = Def::of(&i.op);
            nw.bound[r.index()] = nw.bound_of(&i.op, r);
            any64 |= nw.is64(r);
        }
    }
    if !any64 {
        return f;
    }
    // The new offset of a `ptradd` (by its result).
    let mut offsets: HashMap<Value, Value> = HashMap::default();
    for i in f.insts() {
        let (Op::PtrAdd { ptr, offset }, Some(&r)) = (&i.op, i.results.first()) else {
            continue;
        };
        if !nw.is64(*offset) {
            continue;
        }
        let lds = nw.types[ptr.index()] == Type::Ptr(AddrSpace::Lds);
        let fits = nw.bound[offset.index()].is_some_and(|b| b <= u32::MAX as u64);
        if lds || fits {
            if let Some(lo) = nw.low(*offset) {
                offsets.insert(r, lo);
            }
        }
    }
    if offsets.is_empty() {
        return f;
    }
    f.values.append(&mut nw.values);
    rebuild(&mut f.body, &mut nw.after, &offsets);
    f.canonicalize();
    f
}

/// What [`Narrow`] needs of a value's definition.
#[derive(Clone, Copy)]
enum Def {
    Const(u64),
    /// A conversion or reinterpretation of this value.
    Cvt(Value),
    Bin(BinOp, Value, Value),
    Other,
}

impl Def {
    fn of(op: &Op) -> Def {
        match *op {
            Op::Const { bits, .. } => Def::Const(bits),
            Op::Cvt { arg, .. } => Def::Cvt(arg),
            Op::Binary { op, lhs, rhs } => Def::Bin(op, lhs, rhs),
            _ => Def::Other,
        }
    }
}

struct Narrow {
    /// The values made so far (appended after the function's).
    values: Vec<ValueData>,
    /// Per value (the function's and the new ones): its type.
    types: Vec<Type>,
    /// Per integer value: the largest value it may take (unsigned), when
    /// known below the type's maximum.
    bound: Vec<Option<u64>>,
    /// Per value: what defines it.
    def: Vec<Def>,
    /// Per 64-bit value: the `u32` holding its low dword, once made.
    low: HashMap<Value, Value>,
    /// New instructions to place after the one defining a value.
    after: HashMap<Value, Vec<Inst>>,
}

impl Narrow {
    fn ty(&self, v: Value) -> Type {
        self.types[v.index()]
    }

    fn is64(&self, v: Value) -> bool {
        matches!(self.ty(v), Type::I64 | Type::U64)
    }

    fn is32(&self, v: Value) -> bool {
        matches!(self.ty(v), Type::I32 | Type::U32)
    }

    /// A new value of type `ty` computed by `op`, placed after the
    /// definition of `at` (after the earlier ones placed there).
    fn push_after(&mut self, at: Value, ty: Type, op: Op) -> Value {
        let v = Value(self.types.len() as u32);
        self.values.push(ValueData { ty, name: None });
        self.types.push(ty);
        self.bound.push(None);
        self.def.push(Def::of(&op));
        self.after.entry(at).or_default().push(Inst {
            results: vec![v],
            op,
        });
        v
    }

    /// The largest value `op` (defining `r`) may give, if known.
    fn bound_of(&self, op: &Op, r: Value) -> Option<u64> {
        let t = self.ty(r);
        if !t.is_int() {
            return None;
        }
        let max = if t.bits() == 64 {
            u64::MAX
        } else {
            u32::MAX as u64
        };
        let b = |v: &Value| -> Option<u64> {
            match self.ty(*v) {
                t if t.is_int() => self.bound.get(v.index()).copied().flatten(),
                _ => None,
            }
        };
        let konst = |v: &Value| match self.def.get(v.index()) {
            Some(Def::Const(bits)) => Some(*bits),
            _ => None,
        };
        let unsigned = !t.is_signed_int();
        let out = match op {
            Op::Const { bits, .. } => Some(*bits),
            Op::Geometry {
                query: Geometry::WorkItemId,
                ..
            } => Some(MAX_WORKGROUP_SIZE as u64 - 1),
            Op::Geometry {
                query: Geometry::WorkGroupSize,
                ..
            } => Some(MAX_WORKGROUP_SIZE as u64),
            Op::Binary { op, lhs, rhs } => {
                let (x, y) = (b(lhs), b(rhs));
                match op {
                    BinOp::Add => x?.checked_add(y?),
                    BinOp::Mul => x?.checked_mul(y?),
                    BinOp::Shl => {
                        let k = konst(rhs).filter(|&k| k < t.bits() as u64)?;
                        let x = x?;
                        (x.leading_zeros() as u64 >= k).then(|| x << k)
                    }
                    BinOp::Shr if unsigned => {
                        let k = konst(rhs).filter(|&k| k < t.bits() as u64)?;
                        Some(x.unwrap_or(max) >> k)
                    }
                    // A non-negative bound on either side bounds the `and`.
                    BinOp::And => match (x, y) {
                        (Some(x), Some(y)) => Some(x.min(y)),
                        (Some(z), None) | (None, Some(z)) if unsigned || z <= max >> 1 => Some(z),
                        _ => None,
                    },
                    BinOp::Rem if unsigned => y.map(|y| y.saturating_sub(1)),
                    BinOp::Div if unsigned => x,
                    BinOp::Min if unsigned => match (x, y) {
                        (Some(x), Some(y)) => Some(x.min(y)),
                        (Some(z), None) | (None, Some(z)) => Some(z),
                        _ => None,
                    },
                    BinOp::Max if unsigned => Some(x?.max(y?)),
                    _ => None,
                }
            }
            // A widening conversion of a value that is non-negative in its
            // own type keeps its bound (zero and sign extension agree).
            Op::Cvt { arg, .. } | Op::Bitcast { arg, .. } if self.ty(*arg).is_int() => {
                let from = self.ty(*arg);
                let x = b(arg)?;
                let nonneg = !from.is_signed_int() || x < 1u64 << (from.bits() - 1);
                (nonneg && from.bits() <= t.bits()).then_some(x)
            }
            Op::Select {
                if_true, if_false, ..
            } => Some(b(if_true)?.max(b(if_false)?)),
            _ => None,
        };
        // A signed value must stay non-negative for its bound to hold
        // as an unsigned one.
        let limit = if unsigned { max } else { max >> 1 };
        out.filter(|&x| x <= limit)
    }

    /// A `u32` value equal to the low dword of the 64-bit `v`, made (once)
    /// from 32-bit operations where `v` is built from extended 32-bit
    /// values and constants.
    fn low(&mut self, v: Value) -> Option<Value> {
        if let Some(&l) = self.low.get(&v) {
            return Some(l);
        }
        let lo = match *self.def.get(v.index())? {
            Def::Const(bits) => self.push_after(
                v,
                Type::U32,
                Op::Const {
                    ty: Type::U32,
                    bits: bits & 0xffff_ffff,
                },
            ),
            Def::Cvt(arg) if self.is32(arg) => match self.ty(arg) {
                Type::U32 => arg,
                _ => self.push_after(v, Type::U32, Op::Bitcast { arg, to: Type::U32 }),
            },
            Def::Bin(op, lhs, rhs) => {
                if !matches!(
                    op,
                    BinOp::Add
                        | BinOp::Sub
                        | BinOp::Mul
                        | BinOp::And
                        | BinOp::Or
                        | BinOp::Xor
                        | BinOp::Shl
                ) {
                    return None;
                }
                // A shift only by a constant below 32: the low dword of
                // the result depends on the low dword of the operand.
                if op == BinOp::Shl && !matches!(self.def[rhs.index()], Def::Const(k) if k < 32) {
                    return None;
                }
                let l = self.low(lhs)?;
                let r = self.low(rhs)?;
                self.push_after(v, Type::U32, Op::Binary { op, lhs: l, rhs: r })
            }
            _ => return None,
        };
        self.low.insert(v, lo);
        Some(lo)
    }
}

/// Place the new instructions and apply the rewrites in `b` and its
/// nested blocks: `offsets` gives the new offset of a `ptradd` (by its
/// result).
fn rebuild(b: &mut Block, after: &mut HashMap<Value, Vec<Inst>>, offsets: &HashMap<Value, Value>) {
    let old = std::mem::take(&mut b.insts);
    for mut inst in old {
        for r in inst.op.regions_mut() {
            rebuild(r, after, offsets);
        }
        if let (Op::PtrAdd { offset, .. }, Some(r)) = (&mut inst.op, inst.results.first()) {
            if let Some(&lo) = offsets.get(r) {
                *offset = lo;
            }
        }
        let placed: Vec<Inst> = inst
            .results
            .iter()
            .flat_map(|r| after.remove(r).unwrap_or_default())
            .collect();
        b.insts.push(inst);
        push_placed(b, placed, after);
    }
}

/// Push `placed` and, after each, what was placed after its result.
fn push_placed(b: &mut Block, placed: Vec<Inst>, after: &mut HashMap<Value, Vec<Inst>>) {
    for p in placed {
        let more: Vec<Inst> = p
            .results
            .iter()
            .flat_map(|r| after.remove(r).unwrap_or_default())
            .collect();
        b.insts.push(p);
        push_placed(b, more, after);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use silk_testsupport::corpus;

    /// The interpreter is the oracle: every corpus kernel gives the same
    /// buffers before and after narrowing (followed by the clean-up that
    /// removes the 64-bit operations left unused).
    #[test]
    fn corpus_kernels_keep_their_results() {
        let mut changed = Vec::new();
        for k in corpus::kernels() {
            let m = k.module().unwrap();
            let (mut u, mut c) = (m.clone(), m.clone());
            for (f, g) in u.functions.iter_mut().zip(&mut c.functions) {
                *f = crate::cse::run(&run(f.clone()));
                *g = crate::cse::run(g);
            }
            u.verify()
                .unwrap_or_else(|e| panic!("{}: {e}\n{}", k.name, silk_gpu_ir::print_module(&u)));
            if u != c {
                changed.push(k.name);
            }
            k.check_same_results(&m, &u)
                .unwrap_or_else(|e| panic!("{}: {e}", k.name));
        }
        for k in ["reduce_max_f32", "histogram_lds"] {
            assert!(changed.contains(&k), "{k} not narrowed: {changed:?}");
        }
    }
}
