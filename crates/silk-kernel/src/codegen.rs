//! Code generation: a lowered [`KernelGraph`] becomes a
//! `silk_gpu_ir::Function` (rocRoller's `KernelGraph::generate`), which
//! `silk-codegen` compiles like every other kernel.
//!
//! The control graph is walked in body order. Register arrays are SSA
//! values per element; a loop carries the arrays its body rewrites.
//! Every index comes from evaluating the coordinate graph at the point of
//! use ([`KernelGraph::evaluate`]) from the dimensions bound there
//! (work-item and workgroup ids, loop counters, `SetCoordinate` values,
//! register indices as literals). Launch-time subexpressions (tile counts,
//! magic numbers of divisions by them) become kernel arguments the host
//! computes ([`KernelParam`]).

use std::collections::{BTreeMap, HashMap};

use silk_gpu_ir::{AddrSpace, BuildError, CmpPred, Dim, FunctionBuilder, Type, UnOp, Value};

use crate::command::{BinaryFn, DataType, UnaryFn};
use crate::expr::{EvaluationTime, Expr};
use crate::graph::NodeId;
use crate::kernel_graph::{ControlOp, DimKind, KernelGraph, ValueExpr};
use crate::translate::{expr_dtype, register_dtype};
use crate::Error;

/// A 32-bit value the host computes at launch.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Slot {
    /// A launch-time integer expression (below 2^32).
    Launch(Expr),
    /// The bits of an f32 scalar command argument.
    ScalarF32(String),
    /// Padding.
    Zero,
}

/// One explicit kernel argument (each is 8 bytes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KernelParam {
    /// A tensor's base address (command argument name).
    Pointer(String),
    /// Two 32-bit values, the first in the low half: packing them halves
    /// the kernel-argument SGPRs.
    Pair(Slot, Slot),
}

/// The generated kernel and what its arguments are.
#[derive(Clone, Debug)]
pub struct Generated {
    pub function: silk_gpu_ir::Function,
    pub params: Vec<KernelParam>,
}

#[derive(Clone, Copy, Debug)]
enum Bound {
    Ir(Value),
    Lit(i64),
}

struct Gen<'a> {
    g: &'a KernelGraph,
    params: Vec<(KernelParam, Value)>,
    /// The slots the kernel reads: discovered lazily in the first pass,
    /// declared and unpacked up front in the second.
    slots: Vec<Slot>,
    slot_values: HashMap<Slot, Value>,
    /// Symbolic coordinate evaluations: (bound dimensions, target).
    memo: HashMap<(Vec<NodeId>, NodeId), Expr>,
    /// The work-item dimensions (values that depend on them are per lane).
    workitems: Vec<NodeId>,
    bound: Vec<BTreeMap<NodeId, Bound>>,
    cache: Vec<HashMap<Expr, Value>>,
    regs: HashMap<NodeId, Vec<Value>>,
    lds: HashMap<NodeId, Value>,
    /// Register values that are element `i` of a loaded vector.
    parts: HashMap<Value, (Value, usize)>,
    /// Generating the interior variant: every tensor access is inside.
    interior: bool,
}

fn ir_type(d: DataType) -> Result<Type, Error> {
    match d {
        DataType::F16 => Ok(Type::F16),
        DataType::F32 => Ok(Type::F32),
        DataType::BF16 => Err(Error::Unsupported(
            "bf16 results (bf16 is an input type: it has no device-IR type)".into(),
        )),
    }
}

/// Carry a crate error through a builder closure.
fn stash(slot: &mut Option<Error>, e: Error) -> BuildError {
    let message = e.to_string();
    *slot = Some(e);
    BuildError {
        function: String::new(),
        message,
    }
}

/// Generate the device-IR kernel of a lowered graph. The first pass finds
/// which launch-time values the kernel reads; the second declares them
/// packed two per argument and unpacks them at the kernel's start.
pub fn generate(g: &KernelGraph) -> Result<Generated, Error> {
    g.verify()?;
    if g.launch.is_none() {
        return Err(Error::graph("the graph is not lowered (no launch shape)"));
    }
    let (_, _, slots) = generate_pass(g, None)?;
    let (function, params, again) = generate_pass(g, Some(&slots))?;
    if again.len() != slots.len() {
        return Err(Error::graph(
            "internal: the second code-generation pass read other launch values",
        ));
    }
    Ok(Generated { function, params })
}

type Pass = (silk_gpu_ir::Function, Vec<KernelParam>, Vec<Slot>);

fn generate_pass(g: &KernelGraph, known_slots: Option<&[Slot]>) -> Result<Pass, Error> {
    let mut f = FunctionBuilder::kernel(&g.name);
    let mut gen = Gen {
        g,
        params: vec![],
        slots: vec![],
        slot_values: HashMap::new(),
        memo: HashMap::new(),
        workitems: vec![],
        bound: vec![BTreeMap::new()],
        cache: vec![HashMap::new()],
        regs: HashMap::new(),
        lds: HashMap::new(),
        parts: HashMap::new(),
        interior: false,
    };
    // Tensor pointers first, in tensor order (stable argument order).
    for (tag, _) in &g.tensors {
        gen.pointer(&mut f, *tag)?;
    }
    if let Some(slots) = known_slots {
        for pair in slots.chunks(2) {
            let lo = pair[0].clone();
            let hi = pair.get(1).cloned().unwrap_or(Slot::Zero);
            let name = format!("a{}", gen.params.len());
            let v = f.param(&name, Type::U64)?;
            gen.params
                .push((KernelParam::Pair(lo.clone(), hi.clone()), v));
            let l = f.cvt(v, Type::U32)?;
            let k32 = f.const_u64(32)?;
            let h = f.shr(v, k32)?;
            let h = f.cvt(h, Type::U32)?;
            for (slot, x) in [(lo, l), (hi, h)] {
                if let Slot::Launch(e) = &slot {
                    gen.cache[0].insert(e.clone(), x);
                }
                gen.slot_values.insert(slot.clone(), x);
                if slot != Slot::Zero {
                    gen.slots.push(slot);
                }
            }
        }
    }
    let wi = f.workitem_id(Dim::X)?;
    let wg = f.workgroup_id(Dim::X)?;
    for (n, d) in g.coordinates.nodes() {
        match d.kind {
            DimKind::Workitem => {
                gen.bound[0].insert(n, Bound::Ir(wi));
                gen.workitems.push(n);
            }
            DimKind::Workgroup => {
                gen.bound[0].insert(n, Bound::Ir(wg));
            }
            DimKind::Lds {
                dtype, elements, ..
            } => {
                let bytes = elements.max(1) * dtype_bytes(dtype);
                let base = f.lds_alloc(bytes, 16)?;
                gen.lds.insert(n, base);
            }
            _ => {}
        }
    }
    match interior_condition(g)? {
        // Workgroups whose tiles lie wholly inside every tensor run a copy
        // of the kernel without bounds guards; the others keep them.
        Some(parts) => {
            let mut cond = f.const_bool(true)?;
            for (lhs, rhs) in parts {
                let l = gen.expr(&mut f, &lhs)?;
                let r = gen.expr(&mut f, &rhs)?;
                let c = f.cmp(CmpPred::Le, l, r)?;
                cond = f.and(cond, c)?;
            }
            let cell = std::cell::RefCell::new(&mut gen);
            let slot = std::cell::RefCell::new(None);
            let arm = |f: &mut FunctionBuilder, interior: bool| {
                let mut s = cell.borrow_mut();
                s.interior = interior;
                s.push();
                let r = s.scope(f, g.kernel);
                s.pop();
                s.regs.clear();
                s.parts.clear();
                r.map(|_| vec![])
                    .map_err(|e| stash(&mut slot.borrow_mut(), e))
            };
            let r = f.if_else(cond, &[], |f| arm(f, true), |f| arm(f, false));
            if let Some(e) = slot.into_inner() {
                return Err(e);
            }
            r?;
        }
        None => gen.scope(&mut f, g.kernel)?,
    }
    let function = f.finish()?;
    Ok((
        function,
        gen.params.into_iter().map(|(p, _)| p).collect(),
        gen.slots,
    ))
}

/// When every tensor access of a tiled kernel is inside its tensor, as
/// pairs `lhs <= rhs`: each sub-dimension a tile load or store reaches is
/// split into (macro tile number, index below L), inside when
/// `(number + 1) * L <= size`, or into (loop counter, index below L),
/// inside when `trip * L <= size`. `None` when the graph has accesses of
/// other shapes (LDS copies, prefetched or unrolled loops), which keep
/// their guards everywhere.
fn interior_condition(g: &KernelGraph) -> Result<Option<Vec<(Expr, Expr)>>, Error> {
    use crate::kernel_graph::CoordEdge;
    if g.tiling.is_none() {
        return Ok(None);
    }
    let mut users = vec![];
    for n in g.descendants(g.kernel)? {
        match g.op(n)? {
            ControlOp::LoadGlobal { user, .. } | ControlOp::StoreGlobal { user, .. } => {
                users.push(*user)
            }
            ControlOp::StoreLds { .. } | ControlOp::LoadLds { .. } => return Ok(None),
            ControlOp::SetCoordinate { dim, .. }
                if matches!(g.dim(*dim)?.kind, DimKind::ForLoop) =>
            {
                return Ok(None)
            }
            _ => {}
        }
    }
    if g.coordinates
        .nodes()
        .any(|(_, d)| matches!(d.kind, DimKind::Unroll))
    {
        return Ok(None);
    }
    users.sort();
    users.dedup();
    let mut parts = vec![];
    for user in users {
        for sub in crate::transforms::subdims(g, user)? {
            let size = g
                .dim(sub)?
                .size
                .clone()
                .ok_or_else(|| Error::graph("unsized"))?;
            let edges: Vec<[NodeId; 2]> = g
                .coordinates
                .edges()
                .filter_map(
                    |(_, e)| match (e.kind, e.src.as_slice(), e.dst.as_slice()) {
                        (CoordEdge::Tile, [s], [o, i]) if *s == sub => Some([*o, *i]),
                        (CoordEdge::Flatten, [o, i], [d]) if *d == sub => Some([*o, *i]),
                        _ => None,
                    },
                )
                .collect();
            if edges.is_empty() {
                return Ok(None);
            }
            for [outer, inner] in edges {
                let Some(l) = g.dim(inner)?.literal_size() else {
                    return Ok(None);
                };
                let o = g.dim(outer)?;
                let lhs = match o.kind {
                    DimKind::MacroTileNumber { .. } => {
                        Expr::mul(Expr::add(Expr::Dim(outer), Expr::lit(1)), Expr::lit(l))
                    }
                    DimKind::ForLoop => {
                        let trip = o.size.clone().ok_or_else(|| Error::graph("unsized loop"))?;
                        Expr::mul(trip, Expr::lit(l))
                    }
                    _ => return Ok(None),
                };
                parts.push((lhs, size.clone()));
            }
        }
    }
    Ok(Some(parts))
}

/// Bytes of a register-dtype element in LDS.
fn dtype_bytes(d: DataType) -> u32 {
    match d {
        DataType::F16 => 2,
        _ => 4,
    }
}

impl Gen<'_> {
    fn param(&mut self, f: &mut FunctionBuilder, p: KernelParam) -> Result<Value, Error> {
        if let Some((_, v)) = self.params.iter().find(|(q, _)| *q == p) {
            return Ok(*v);
        }
        let name = format!("p{}", self.params.len());
        let v = f.param(&name, Type::Ptr(AddrSpace::Global))?;
        self.params.push((p, v));
        Ok(v)
    }

    /// The u32 value of a launch-time slot. In the first pass a slot is
    /// its own (unpacked) argument; the second pass unpacked them all.
    fn slot(&mut self, f: &mut FunctionBuilder, s: Slot) -> Result<Value, Error> {
        if let Some(v) = self.slot_values.get(&s) {
            return Ok(*v);
        }
        let name = format!("s{}", self.slots.len());
        let v = f.param(&name, Type::U64)?;
        let v = f.cvt(v, Type::U32)?;
        self.slots.push(s.clone());
        self.slot_values.insert(s, v);
        Ok(v)
    }

    fn pointer(&mut self, f: &mut FunctionBuilder, tensor: crate::Tag) -> Result<Value, Error> {
        self.param(f, KernelParam::Pointer(format!("Tensor_{tensor}_pointer")))
    }

    fn lookup(&self, n: NodeId) -> Option<Bound> {
        self.bound.iter().rev().find_map(|m| m.get(&n).copied())
    }

    /// The u32 value of dimension `n` here: the coordinate graph is
    /// evaluated once per set of bound dimensions (all as placeholders),
    /// then the literal bindings are substituted.
    fn dim_value(&mut self, f: &mut FunctionBuilder, n: NodeId) -> Result<Value, Error> {
        let e = self.dim_expr(n)?;
        self.expr(f, &e)
    }

    /// Dimension `n` here with the literal bindings substituted.
    fn dim_expr(&mut self, n: NodeId) -> Result<Expr, Error> {
        let (mut e, bound) = self.dim_symbolic(n)?;
        for (k, b) in &bound {
            if let Bound::Lit(v) = b {
                e = e.substitute(*k, &Expr::Literal(*v));
            }
        }
        Ok(e)
    }

    /// Dimension `n` as an expression of the dimensions bound here (each
    /// a placeholder `Dim`), and those bindings.
    fn dim_symbolic(&mut self, n: NodeId) -> Result<(Expr, BTreeMap<NodeId, Bound>), Error> {
        let mut bound: BTreeMap<NodeId, Bound> = BTreeMap::new();
        for m in &self.bound {
            for (k, b) in m {
                bound.insert(*k, *b);
            }
        }
        let key = (bound.keys().copied().collect::<Vec<_>>(), n);
        let sym = match self.memo.get(&key) {
            Some(e) => e.clone(),
            None => {
                let known = bound.keys().map(|&k| (k, Expr::Dim(k))).collect();
                let e = self.g.evaluate(&known, n)?;
                self.memo.insert(key, e.clone());
                e
            }
        };
        Ok((sym, bound))
    }

    /// A launch-time expression as a u32 kernel-argument slot.
    fn launch_u32(&mut self, f: &mut FunctionBuilder, e: &Expr) -> Result<Value, Error> {
        if e.evaluation_time() == EvaluationTime::KernelExecute {
            return Err(Error::graph(format!("`{e}` is not known at launch")));
        }
        self.slot(f, Slot::Launch(e.fold()))
    }

    /// Emit a u32 index expression.
    fn expr(&mut self, f: &mut FunctionBuilder, e: &Expr) -> Result<Value, Error> {
        let e = self.prepare(e);
        self.expr_inner(f, &e)
    }

    /// An index expression as it is emitted: folded, fast divisions, and
    /// per-lane terms grouped.
    fn prepare(&self, e: &Expr) -> Expr {
        self.split_lanes(&e.fold().fast_division())
    }

    /// A sum regrouped as (terms that depend on the work-item) + (the
    /// rest), so that the per-lane part of an address is one expression
    /// that loops reuse ([`Gen::hoist_addresses`]) and the rest (loop
    /// counters, register indices) is scalar. Exact in u32 arithmetic.
    fn split_lanes(&self, e: &Expr) -> Expr {
        fn terms(e: &Expr, k: i64, out: &mut Vec<(i64, Expr)>, konst: &mut i64) -> Option<()> {
            match e {
                Expr::Add(a, b) => {
                    terms(a, k, out, konst)?;
                    terms(b, k, out, konst)
                }
                Expr::Sub(a, b) => {
                    terms(a, k, out, konst)?;
                    terms(b, k.checked_neg()?, out, konst)
                }
                Expr::Mul(a, b) => match (a.as_literal(), b.as_literal()) {
                    (_, Some(c)) => terms(a, k.checked_mul(c)?, out, konst),
                    (Some(c), _) => terms(b, k.checked_mul(c)?, out, konst),
                    _ => {
                        out.push((k, e.clone()));
                        Some(())
                    }
                },
                Expr::Literal(v) => {
                    *konst = konst.checked_add(k.checked_mul(*v)?)?;
                    Some(())
                }
                _ => {
                    out.push((k, e.clone()));
                    Some(())
                }
            }
        }
        fn sum(ts: &[(i64, Expr)], konst: i64) -> Expr {
            let mut acc: Option<Expr> = None;
            let mut neg = vec![];
            for (k, t) in ts {
                let term = |c: i64| {
                    if c == 1 {
                        t.clone()
                    } else {
                        Expr::mul(t.clone(), Expr::lit(c))
                    }
                };
                if *k > 0 {
                    let x = term(*k);
                    acc = Some(acc.map_or(x.clone(), |a| Expr::add(a, x)));
                } else if *k < 0 {
                    neg.push(term(-*k));
                }
            }
            if konst > 0 {
                acc = Some(acc.map_or(Expr::lit(konst), |a| Expr::add(a, Expr::lit(konst))));
            } else if konst < 0 {
                neg.push(Expr::lit(-konst));
            }
            let mut acc = acc.unwrap_or(Expr::lit(0));
            for n in neg {
                acc = Expr::sub(acc, n);
            }
            acc
        }
        if !matches!(e, Expr::Add(..) | Expr::Sub(..)) || !e.mentions_any(&self.workitems) {
            return e.clone();
        }
        let (mut ts, mut konst) = (vec![], 0);
        if terms(e, 1, &mut ts, &mut konst).is_none() {
            return e.clone();
        }
        let (lane, rest): (Vec<_>, Vec<_>) = ts
            .into_iter()
            .partition(|(_, t)| t.mentions_any(&self.workitems));
        if rest.is_empty() && konst == 0 {
            return sum(&lane, 0);
        }
        Expr::add(sum(&lane, 0), sum(&rest, konst))
    }

    /// Before a loop: the per-lane parts of the global addresses its
    /// body's loads and stores compute (`split_lanes`), emitted here so
    /// every iteration reuses them instead of recomputing them.
    fn hoist_addresses(
        &mut self,
        f: &mut FunctionBuilder,
        n: NodeId,
        counter: NodeId,
    ) -> Result<(), Error> {
        let mut lane_parts = vec![];
        for op in self.g.body(n)? {
            let (ControlOp::LoadGlobal { user, regs } | ControlOp::StoreGlobal { regs, user }) =
                self.g.op(op)?.clone()
            else {
                continue;
            };
            self.bound.push(BTreeMap::from([(counter, Bound::Lit(0))]));
            self.cache.push(HashMap::new());
            let r = (|| -> Result<(), Error> {
                for b in self.element_bindings(regs)? {
                    let e = self.with_element(&b, |s| {
                        let e = s.dim_expr(user)?;
                        Ok(s.prepare(&e))
                    })?;
                    if let Expr::Add(lane, _) = e {
                        if !lane_parts.contains(&*lane) {
                            lane_parts.push(*lane);
                        }
                    }
                }
                Ok(())
            })();
            self.pop();
            r?;
        }
        for e in lane_parts {
            if !e.mentions(counter) {
                self.expr_inner(f, &e)?;
            }
        }
        Ok(())
    }

    fn expr_inner(&mut self, f: &mut FunctionBuilder, e: &Expr) -> Result<Value, Error> {
        if let Some(v) = self.cache.iter().rev().find_map(|c| c.get(e).copied()) {
            return Ok(v);
        }
        let v = match e {
            Expr::Literal(x) => {
                let x = u32::try_from(*x)
                    .map_err(|_| Error::graph(format!("index {x} does not fit in 32 bits")))?;
                f.const_u32(x)?
            }
            _ if e.evaluation_time() == EvaluationTime::KernelLaunch
                && !matches!(e, Expr::MulShift(..)) =>
            {
                self.launch_u32(f, e)?
            }
            Expr::Dim(n) => match self.lookup(*n) {
                Some(Bound::Ir(v)) => v,
                Some(Bound::Lit(x)) => return self.expr_inner(f, &Expr::Literal(x)),
                None => return self.dim_value(f, *n),
            },
            Expr::Add(a, b)
            | Expr::Sub(a, b)
            | Expr::Mul(a, b)
            | Expr::Div(a, b)
            | Expr::Mod(a, b)
            | Expr::Min(a, b)
            | Expr::CeilDiv(a, b) => {
                let x = self.expr_inner(f, a)?;
                let y = self.expr_inner(f, b)?;
                match e {
                    Expr::Add(..) => f.add(x, y)?,
                    Expr::Sub(..) => f.sub(x, y)?,
                    Expr::Mul(..) => f.mul(x, y)?,
                    Expr::Div(..) => f.div(x, y)?,
                    Expr::Mod(..) => f.rem(x, y)?,
                    Expr::Min(..) => f.min(x, y)?,
                    _ => {
                        let one = f.const_u32(1)?;
                        let t = f.add(x, y)?;
                        let t = f.sub(t, one)?;
                        f.div(t, y)?
                    }
                }
            }
            Expr::MulShift(a, m, s) => {
                let x = self.expr_inner(f, a)?;
                let x = f.cvt(x, Type::U64)?;
                let m = self.launch_u32(f, m)?;
                let m = f.cvt(m, Type::U64)?;
                let s = self.launch_u32(f, s)?;
                let s = f.cvt(s, Type::U64)?;
                let p = f.mul(x, m)?;
                let q = f.shr(p, s)?;
                f.cvt(q, Type::U32)?
            }
            Expr::Arg(_) | Expr::MagicMultiplier(_) | Expr::MagicShift(_) => {
                return Err(Error::graph(format!("`{e}` out of place")))
            }
        };
        if let Some(c) = self.cache.last_mut() {
            c.insert(e.clone(), v);
        }
        Ok(v)
    }

    fn drop_uniform(&mut self) {
        let wi = self.workitems.clone();
        for c in &mut self.cache {
            c.retain(|e, _| e.mentions_any(&wi));
        }
    }

    fn push(&mut self) {
        self.bound.push(BTreeMap::new());
        self.cache.push(HashMap::new());
    }

    fn pop(&mut self) {
        self.bound.pop();
        self.cache.pop();
    }

    fn scope(&mut self, f: &mut FunctionBuilder, scope: NodeId) -> Result<(), Error> {
        for n in self.g.body(scope)? {
            self.op(f, n)?;
        }
        Ok(())
    }

    /// Element `e` of a register array: literal bindings of its dimensions.
    fn element_bindings(&self, regs: NodeId) -> Result<Vec<Vec<(NodeId, i64)>>, Error> {
        let DimKind::Registers { dims, .. } = &self.g.dim(regs)?.kind else {
            return Err(Error::graph(format!(
                "coordinate {regs} is not a register array"
            )));
        };
        let mut out = vec![vec![]];
        for d in dims {
            let size = self
                .g
                .dim(*d)?
                .literal_size()
                .ok_or_else(|| Error::graph(format!("dimension {d} has no literal size")))?;
            let mut next = vec![];
            for prefix in &out {
                for i in 0..size {
                    let mut p = prefix.clone();
                    p.push((*d, i));
                    next.push(p);
                }
            }
            out = next;
        }
        Ok(out)
    }

    fn with_element<R>(
        &mut self,
        binding: &[(NodeId, i64)],
        body: impl FnOnce(&mut Self) -> Result<R, Error>,
    ) -> Result<R, Error> {
        self.bound
            .push(binding.iter().map(|&(n, v)| (n, Bound::Lit(v))).collect());
        self.cache.push(HashMap::new());
        let r = body(self);
        self.pop();
        r
    }

    /// `all(sub < size)` over the user tensor's sub-dimensions, and the
    /// element offset.
    fn user_access(
        &mut self,
        f: &mut FunctionBuilder,
        user: NodeId,
    ) -> Result<(Value, Value), Error> {
        let subs = crate::transforms::subdims(self.g, user)?;
        let mut cond = f.const_bool(true)?;
        if self.interior {
            let off = self.dim_value(f, user)?;
            return Ok((cond, off));
        }
        for s in subs {
            let idx = self.dim_value(f, s)?;
            let size = self
                .g
                .dim(s)?
                .size
                .clone()
                .ok_or_else(|| Error::graph("unsized"))?;
            let size = self.expr(f, &size)?;
            let lt = f.cmp(CmpPred::Lt, idx, size)?;
            cond = f.and(cond, lt)?;
        }
        let off = self.dim_value(f, user)?;
        Ok((cond, off))
    }

    fn tensor_of(&self, user: NodeId) -> Result<crate::Tag, Error> {
        match self.g.dim(user)?.kind {
            DimKind::User { tensor } => Ok(tensor),
            _ => Err(Error::graph(format!(
                "coordinate {user} is not a user tensor"
            ))),
        }
    }

    fn op(&mut self, f: &mut FunctionBuilder, n: NodeId) -> Result<(), Error> {
        let op = self.g.op(n)?.clone();
        match op {
            ControlOp::Kernel => self.scope(f, n),
            ControlOp::Barrier => Ok(f.barrier()?),
            ControlOp::SetCoordinate { dim, value } => {
                let rebinding = self.lookup(dim).is_some();
                let b = match value.fold().as_literal() {
                    Some(v) => Bound::Lit(v),
                    None => Bound::Ir(self.expr(f, &value)?),
                };
                // A dimension bound again invalidates every cached
                // expression of it: start from an empty cache.
                let saved = rebinding.then(|| std::mem::take(&mut self.cache));
                self.push();
                self.bound.last_mut().expect("pushed").insert(dim, b);
                let r = self.scope(f, n);
                self.pop();
                if let Some(c) = saved {
                    self.cache = c;
                }
                r
            }
            ControlOp::ForLoop { counter, trip } => self.for_loop(f, n, counter, &trip),
            ControlOp::If { lhs, rhs } => {
                let written: Vec<NodeId> = self
                    .g
                    .descendants(n)?
                    .iter()
                    .filter_map(|&m| self.g.op(m).ok().and_then(|o| o.writes()))
                    .collect();
                if !written.is_empty() {
                    return Err(Error::Unsupported(
                        "an If whose body writes registers".into(),
                    ));
                }
                let l = self.expr(f, &lhs)?;
                let r = self.expr(f, &rhs)?;
                let c = f.cmp(CmpPred::Lt, l, r)?;
                let mut slot = None;
                let res = f.if_then(c, |f| {
                    self.push();
                    let r = self.scope(f, n);
                    self.pop();
                    r.map_err(|e| stash(&mut slot, e))
                });
                if let Some(e) = slot {
                    return Err(e);
                }
                Ok(res?)
            }
            ControlOp::Assign { dst, expr } => self.assign(f, dst, &expr),
            ControlOp::LoadGlobal { user, regs } => self.load_global(f, user, regs),
            ControlOp::StoreGlobal { regs, user } => self.store_global(f, regs, user),
            ControlOp::StoreLds { regs, lds, guard } => self.store_lds(f, regs, lds, guard),
            ControlOp::LoadLds { lds, regs } => self.load_lds(f, lds, regs),
            ControlOp::Multiply { a, b, acc } => self.multiply(f, a, b, acc),
            ControlOp::MatrixMultiply { a, b, acc, instr } => {
                self.matrix_multiply(f, a, b, acc, &instr)
            }
            ControlOp::LoadTiled { .. }
            | ControlOp::StoreTiled { .. }
            | ControlOp::LoadLinear { .. }
            | ControlOp::StoreLinear { .. }
            | ControlOp::TensorContraction { .. } => Err(Error::graph(format!(
                "control node {n} ({op:?}) is not lowered; run transforms::lower first"
            ))),
        }
    }

    fn for_loop(
        &mut self,
        f: &mut FunctionBuilder,
        n: NodeId,
        counter: NodeId,
        trip: &Expr,
    ) -> Result<(), Error> {
        let trip = self.expr(f, trip)?;
        // Uniform (scalar-register) values are recomputed inside the loop
        // and after it rather than kept live across it: SGPRs are the
        // scarce file (there is no spilling), and recomputing them costs
        // a few scalar instructions.
        self.drop_uniform();
        self.hoist_addresses(f, n, counter)?;
        let mut carried: Vec<NodeId> = self
            .g
            .descendants(n)?
            .iter()
            .filter_map(|&m| self.g.op(m).ok().and_then(|o| o.writes()))
            .filter(|d| self.regs.contains_key(d))
            .collect();
        carried.sort();
        carried.dedup();
        // Accumulators of matrix operations travel as their vectors (no
        // repacking per iteration: the instruction accumulates in place).
        let mut group: HashMap<NodeId, (usize, Type)> = HashMap::new();
        for m in self.g.descendants(n)? {
            if let Ok(ControlOp::MatrixMultiply { acc, instr, .. }) = self.g.op(m) {
                group.insert(
                    *acc,
                    (instr.acc_per_lane() as usize, instr.op()?.acc_type()),
                );
            }
        }
        let zero = f.const_u32(0)?;
        let mut inits = vec![zero];
        let mut shape = vec![];
        for c in &carried {
            let vs = self.regs[c].clone();
            let packed = self.pack(f, &vs, group.get(c).copied())?;
            shape.push(packed.len());
            inits.extend(packed);
        }
        let types: Vec<Type> = inits[1..]
            .iter()
            .map(|&v| f.value_type(v))
            .collect::<Result<_, _>>()?;
        let before: Vec<NodeId> = self.regs.keys().copied().collect();
        let mut slot = None;
        let results = f.loop_(&inits, &types, |f, p| {
            let r = (|| -> Result<(), Error> {
                let i = p[0];
                let done = f.cmp(CmpPred::Ge, i, trip)?;
                let rest = p[1..].to_vec();
                f.if_then(done, |f| f.break_(&rest))?;
                let mut k = 1;
                for (c, len) in carried.iter().zip(&shape) {
                    let vs = self.unpack_group(f, &p[k..k + len], group.get(c).copied())?;
                    self.regs.insert(*c, vs);
                    k += len;
                }
                self.push();
                self.bound
                    .last_mut()
                    .expect("pushed")
                    .insert(counter, Bound::Ir(i));
                let r = self.scope(f, n);
                self.pop();
                r?;
                let one = f.const_u32(1)?;
                let next = f.add(i, one)?;
                let mut vals = vec![next];
                for c in &carried {
                    let vs = self.regs[c].clone();
                    vals.extend(self.pack(f, &vs, group.get(c).copied())?);
                }
                f.continue_(&vals)?;
                Ok(())
            })();
            r.map_err(|e| stash(&mut slot, e))
        });
        if let Some(e) = slot {
            return Err(e);
        }
        let results = results?;
        self.drop_uniform();
        self.regs.retain(|k, _| before.contains(k));
        let mut k = 0;
        for (c, len) in carried.iter().zip(&shape) {
            let vs = self.unpack_group(f, &results[k..k + len], group.get(c).copied())?;
            self.regs.insert(*c, vs);
            k += len;
        }
        Ok(())
    }

    fn values(&self, n: NodeId) -> Result<Vec<Value>, Error> {
        self.regs.get(&n).cloned().ok_or_else(|| {
            Error::graph(format!(
                "register array {n} is read where it has no value (defined in another loop? enable fuse_loops)"
            ))
        })
    }

    fn count(&self, regs: NodeId) -> Result<usize, Error> {
        Ok(self.element_bindings(regs)?.len())
    }

    fn assign(&mut self, f: &mut FunctionBuilder, dst: NodeId, e: &ValueExpr) -> Result<(), Error> {
        let count = self.count(dst)?;
        let want = ir_type(register_dtype(self.g, dst)?)?;
        let mut out = Vec::with_capacity(count);
        for i in 0..count {
            let v = self.value(f, e, i)?;
            out.push(self.convert(f, v, want)?);
        }
        self.regs.insert(dst, out);
        Ok(())
    }

    fn convert(&mut self, f: &mut FunctionBuilder, v: Value, to: Type) -> Result<Value, Error> {
        if f.value_type(v)? == to {
            Ok(v)
        } else {
            Ok(f.cvt(v, to)?)
        }
    }

    fn fconst(&mut self, f: &mut FunctionBuilder, ty: Type, x: f32) -> Result<Value, Error> {
        Ok(if ty == Type::F16 {
            f.const_f16(x)?
        } else {
            f.const_f32(x)?
        })
    }

    /// Element `i` of an elementwise expression, in its own type.
    fn value(&mut self, f: &mut FunctionBuilder, e: &ValueExpr, i: usize) -> Result<Value, Error> {
        let ty = ir_type(expr_dtype(self.g, e)?)?;
        Ok(match e {
            ValueExpr::Data(n) => {
                let vs = self.values(*n)?;
                *vs.get(i).ok_or_else(|| {
                    Error::graph(format!(
                        "register array {n} has {} elements, not {}",
                        vs.len(),
                        i + 1
                    ))
                })?
            }
            ValueExpr::Scalar(name) => {
                let bits = self.slot(f, Slot::ScalarF32(name.clone()))?;
                f.bitcast(bits, Type::F32)?
            }
            ValueExpr::Const(x) => self.fconst(f, ty, *x)?,
            ValueExpr::Unary(u, a) => {
                let x = self.value(f, a, i)?;
                match u {
                    UnaryFn::Convert(d) => {
                        let t = ir_type(*d)?;
                        self.convert(f, x, t)?
                    }
                    _ => {
                        let x = self.convert(f, x, ty)?;
                        match u {
                            UnaryFn::Neg => f.unary(UnOp::Neg, x)?,
                            UnaryFn::Abs => f.unary(UnOp::Abs, x)?,
                            UnaryFn::Relu => {
                                let z = self.fconst(f, ty, 0.0)?;
                                f.max(x, z)?
                            }
                            UnaryFn::Exp => {
                                let l = self.fconst(f, ty, std::f32::consts::LOG2_E)?;
                                let t = f.mul(x, l)?;
                                f.unary(UnOp::Exp2, t)?
                            }
                            UnaryFn::Convert(_) => unreachable!("handled above"),
                        }
                    }
                }
            }
            ValueExpr::Binary(op, a, b) => {
                let x = self.value(f, a, i)?;
                let x = self.convert(f, x, ty)?;
                let y = self.value(f, b, i)?;
                let y = self.convert(f, y, ty)?;
                match op {
                    BinaryFn::Add => f.add(x, y)?,
                    BinaryFn::Sub => f.sub(x, y)?,
                    BinaryFn::Mul => f.mul(x, y)?,
                    BinaryFn::Max => f.max(x, y)?,
                    BinaryFn::Min => f.min(x, y)?,
                }
            }
            ValueExpr::Fma(a, b, c) => {
                let mut xs = vec![];
                for s in [a, b, c] {
                    let v = self.value(f, s, i)?;
                    xs.push(self.convert(f, v, ty)?);
                }
                f.fma(xs[0], xs[1], xs[2])?
            }
        })
    }

    /// Elements per vector access of register array `regs` at `target`
    /// (a user tensor or an LDS index): a run of the innermost register
    /// dimension when `target` moves by exactly one element per step of it
    /// and no index of `guards` moves backwards (so a run is inside when
    /// its last element is), at most 32 bytes and whole dwords; else 1.
    fn vector_run(
        &mut self,
        regs: NodeId,
        target: NodeId,
        guards: &[NodeId],
        dtype: DataType,
    ) -> Result<usize, Error> {
        let DimKind::Registers { dims, .. } = &self.g.dim(regs)?.kind else {
            return Ok(1);
        };
        let Some(&last) = dims.last() else {
            return Ok(1);
        };
        let bytes = match dtype {
            DataType::F16 => 2,
            DataType::F32 => 4,
            DataType::BF16 => return Ok(1),
        };
        let n = self.g.dim(last)?.literal_size().unwrap_or(1) as usize;
        let mut run = n;
        while run * bytes > 32 && run % 2 == 0 {
            run /= 2;
        }
        if run < 2 || run * bytes > 32 || (run * bytes) % 4 != 0 {
            return Ok(1);
        }
        let first = self.element_bindings(regs)?.swap_remove(0);
        let linear = self.with_element(&first, |s| {
            if s.dim_symbolic(target)?.0.coefficient(last) != Some(1) {
                return Ok(false);
            }
            for &g in guards {
                if !matches!(s.dim_symbolic(g)?.0.coefficient(last), Some(c) if c >= 0) {
                    return Ok(false);
                }
            }
            Ok(true)
        })?;
        Ok(if linear { run } else { 1 })
    }

    fn vec_type(dtype: DataType, run: usize) -> Type {
        let e = if dtype == DataType::F16 {
            silk_gpu_ir::Elem::F16
        } else {
            silk_gpu_ir::Elem::F32
        };
        Type::Vec(e, run as u8)
    }

    /// Record the elements of vectors `vs` as register values (extracts,
    /// remembered so a matrix operand of the same vector uses it whole).
    fn unpack(
        &mut self,
        f: &mut FunctionBuilder,
        vs: &[Value],
        run: usize,
    ) -> Result<Vec<Value>, Error> {
        let mut out = vec![];
        for &v in vs {
            for i in 0..run {
                let x = f.extract(v, i as u8)?;
                self.parts.insert(x, (v, i));
                out.push(x);
            }
        }
        Ok(out)
    }

    /// `vs` as vectors of `(run, type)` (the vectors they were extracted
    /// from when they are whole ones), or unchanged without a grouping.
    fn pack(
        &mut self,
        f: &mut FunctionBuilder,
        vs: &[Value],
        group: Option<(usize, Type)>,
    ) -> Result<Vec<Value>, Error> {
        let Some((run, ty)) = group else {
            return Ok(vs.to_vec());
        };
        vs.chunks(run).map(|c| self.vector_of(f, c, ty)).collect()
    }

    fn unpack_group(
        &mut self,
        f: &mut FunctionBuilder,
        vs: &[Value],
        group: Option<(usize, Type)>,
    ) -> Result<Vec<Value>, Error> {
        match group {
            Some((run, _)) => self.unpack(f, vs, run),
            None => Ok(vs.to_vec()),
        }
    }

    /// One vector of type `ty` holding `xs`: the loaded or computed vector
    /// they are the elements of, in order, else built.
    fn vector_of(
        &mut self,
        f: &mut FunctionBuilder,
        xs: &[Value],
        ty: Type,
    ) -> Result<Value, Error> {
        if let Some(&(v, 0)) = self.parts.get(&xs[0]) {
            let whole = xs
                .iter()
                .enumerate()
                .all(|(i, x)| self.parts.get(x) == Some(&(v, i)));
            if whole && f.value_type(v)? == ty {
                return Ok(v);
            }
        }
        Ok(f.vec_build(xs, ty)?)
    }

    /// A tile load as vectors of `run` elements: every run whose last
    /// element is inside loads whole when all of the work-item's are (the
    /// interior of the tensor, no guard per element); otherwise each
    /// element is guarded and the outside ones read as zero.
    fn load_global_vectors(
        &mut self,
        f: &mut FunctionBuilder,
        user: NodeId,
        regs: NodeId,
        run: usize,
    ) -> Result<(), Error> {
        let tensor = self.tensor_of(user)?;
        let dtype = self.g.tensor_dtype(tensor)?;
        let base = self.pointer(f, tensor)?;
        let vty = Self::vec_type(dtype, run);
        let ety = ir_type(dtype)?;
        let size = f.const_u64(dtype.bytes() as u64)?;
        let bindings = self.element_bindings(regs)?;
        // Global accesses stay whole at any alignment (the unaligned
        // mode the runtime sets; see silk-codegen's memory selection).
        let align = (run as u32 * dtype.bytes()).min(16);
        let mut loaded = vec![];
        for group in bindings.chunks(run) {
            let off = self.with_element(&group[0], |s| s.dim_value(f, user))?;
            let off = f.cvt(off, Type::U64)?;
            let off = f.mul(off, size)?;
            let addr = f.ptr_add(base, off)?;
            if self.interior {
                loaded.push(f.load(addr, vty, align)?);
                continue;
            }
            // At the edge: a run wholly inside loads whole, another one
            // element by element (one run at a time: few registers live).
            let (inside, _) = self.with_element(&group[run - 1], |s| s.user_access(f, user))?;
            let cell = std::cell::RefCell::new(&mut *self);
            let mut slot = None;
            let v = f.if_else(
                inside,
                &[vty],
                |f| Ok(vec![f.load(addr, vty, align)?]),
                |f| {
                    let mut s = cell.borrow_mut();
                    let r = (|| -> Result<Vec<Value>, Error> {
                        let mut xs = vec![];
                        for b in group {
                            let x = s.with_element(b, |s| {
                                let (cond, off) = s.user_access(f, user)?;
                                let zero = f.const_u32(0)?;
                                let safe = f.select(cond, off, zero)?;
                                let wide = f.cvt(safe, Type::U64)?;
                                let bytes = f.mul(wide, size)?;
                                let addr = f.ptr_add(base, bytes)?;
                                let v = f.load(addr, ety, dtype.bytes())?;
                                let z = f.const_bits(ety, 0)?;
                                Ok(f.select(cond, v, z)?)
                            })?;
                            xs.push(x);
                        }
                        Ok(vec![f.vec_build(&xs, vty)?])
                    })();
                    r.map_err(|e| stash(&mut slot, e))
                },
            );
            if let Some(e) = slot {
                return Err(e);
            }
            loaded.extend(v?);
        }
        let out = self.unpack(f, &loaded, run)?;
        self.regs.insert(regs, out);
        Ok(())
    }

    fn load_global(
        &mut self,
        f: &mut FunctionBuilder,
        user: NodeId,
        regs: NodeId,
    ) -> Result<(), Error> {
        let tensor = self.tensor_of(user)?;
        let dtype = self.g.tensor_dtype(tensor)?;
        let subs = crate::transforms::subdims(self.g, user)?;
        let run = self.vector_run(regs, user, &subs, dtype)?;
        if run > 1 {
            return self.load_global_vectors(f, user, regs, run);
        }
        let base = self.pointer(f, tensor)?;
        // Each element's guard and byte offset (element 0 where it is
        // outside the tensor, whose sizes are at least 1).
        let mut guards = vec![];
        let mut offsets = vec![];
        for b in self.element_bindings(regs)? {
            let (cond, off) = self.with_element(&b, |s| s.user_access(f, user))?;
            let safe = if self.interior {
                off
            } else {
                let zero = f.const_u32(0)?;
                f.select(cond, off, zero)?
            };
            let wide = f.cvt(safe, Type::U64)?;
            let size = f.const_u64(if dtype == DataType::BF16 {
                2
            } else {
                dtype.bytes() as u64
            })?;
            guards.push(cond);
            offsets.push(f.mul(wide, size)?);
        }
        let mut all = f.const_bool(true)?;
        for &c in &guards {
            all = f.and(all, c)?;
        }
        let (ty, align) = match dtype {
            DataType::BF16 => (Type::U32, 4),
            d => (ir_type(d)?, d.bytes()),
        };
        let types = vec![ty; offsets.len()];
        // A work-item whose elements are all inside loads them without a
        // branch per element; one at the tensor's edge zeroes the outside.
        let load_all = |f: &mut FunctionBuilder, guarded: bool| -> Result<Vec<Value>, BuildError> {
            let mut vs = vec![];
            for (&off, &cond) in offsets.iter().zip(&guards) {
                let off = if dtype == DataType::BF16 {
                    let mask = f.const_u64(!3)?;
                    f.and(off, mask)?
                } else {
                    off
                };
                let addr = f.ptr_add(base, off)?;
                let v = f.load(addr, ty, align)?;
                vs.push(if guarded {
                    let z = f.const_bits(ty, 0)?;
                    f.select(cond, v, z)?
                } else {
                    v
                });
            }
            Ok(vs)
        };
        let loaded = if self.interior {
            load_all(f, false)?
        } else {
            f.if_else(all, &types, |f| load_all(f, false), |f| load_all(f, true))?
        };
        let mut out = vec![];
        for (w, &off) in loaded.into_iter().zip(&offsets) {
            out.push(if dtype == DataType::BF16 {
                // The element's half of its aligned word becomes the high
                // half of an f32.
                let two = f.const_u64(2)?;
                let half = f.and(off, two)?;
                let half = f.cvt(half, Type::U32)?;
                let eight = f.const_u32(8)?;
                let sh = f.mul(half, eight)?;
                let w = f.shr(w, sh)?;
                let sixteen = f.const_u32(16)?;
                let w = f.shl(w, sixteen)?;
                f.bitcast(w, Type::F32)?
            } else {
                w
            });
        }
        self.regs.insert(regs, out);
        Ok(())
    }

    fn store_global(
        &mut self,
        f: &mut FunctionBuilder,
        regs: NodeId,
        user: NodeId,
    ) -> Result<(), Error> {
        let tensor = self.tensor_of(user)?;
        let dtype = self.g.tensor_dtype(tensor)?;
        let ty = ir_type(dtype)?;
        let base = self.pointer(f, tensor)?;
        let vals = self.values(regs)?;
        for (b, v) in self.element_bindings(regs)?.into_iter().zip(vals) {
            self.with_element(&b, |s| {
                let v = s.convert(f, v, ty)?;
                let (cond, off) = s.user_access(f, user)?;
                let off = f.cvt(off, Type::U64)?;
                let size = f.const_u64(dtype.bytes() as u64)?;
                let bytes = f.mul(off, size)?;
                let addr = f.ptr_add(base, bytes)?;
                if s.interior {
                    f.store(addr, v, dtype.bytes())?;
                } else {
                    f.if_then(cond, |f| f.store(addr, v, dtype.bytes()))?;
                }
                Ok(())
            })?;
        }
        Ok(())
    }

    fn lds_of(&self, lds: NodeId) -> Result<(Value, NodeId, u32, u32), Error> {
        match self.g.dim(lds)?.kind {
            DimKind::Lds {
                index,
                elements,
                dtype,
                ..
            } => Ok((
                *self
                    .lds
                    .get(&lds)
                    .ok_or_else(|| Error::graph("LDS not allocated"))?,
                index,
                elements,
                dtype_bytes(dtype),
            )),
            _ => Err(Error::graph(format!("coordinate {lds} is not LDS"))),
        }
    }

    fn store_lds(
        &mut self,
        f: &mut FunctionBuilder,
        regs: NodeId,
        lds: NodeId,
        guard: NodeId,
    ) -> Result<(), Error> {
        let (base, index, elements, bytes) = self.lds_of(lds)?;
        let vals = self.values(regs)?;
        let limit = self
            .g
            .dim(guard)?
            .literal_size()
            .unwrap_or(elements as i64)
            .min(elements as i64);
        let wg = self
            .g
            .launch
            .as_ref()
            .map_or(0, |l| l.workgroup_size as i64);
        let full = wg > 0 && (self.count(regs)? as i64) * wg == limit;
        for (b, v) in self.element_bindings(regs)?.into_iter().zip(vals) {
            self.with_element(&b, |s| {
                let idx = s.dim_value(f, index)?;
                let sz = f.const_u32(bytes)?;
                let off = f.mul(idx, sz)?;
                let addr = f.ptr_add(base, off)?;
                // The guard is needed only when the copy's last chunk is
                // partial.
                if full {
                    f.store(addr, v, bytes)?;
                } else {
                    let lim = s.expr(f, &Expr::lit(limit))?;
                    let inside = f.cmp(CmpPred::Lt, idx, lim)?;
                    f.if_then(inside, |f| f.store(addr, v, bytes))?;
                }
                Ok(())
            })?;
        }
        Ok(())
    }

    fn load_lds(
        &mut self,
        f: &mut FunctionBuilder,
        lds: NodeId,
        regs: NodeId,
    ) -> Result<(), Error> {
        let (base, index, _, bytes) = self.lds_of(lds)?;
        let ty = ir_type(register_dtype(self.g, regs)?)?;
        let mut out = vec![];
        for b in self.element_bindings(regs)? {
            let v = self.with_element(&b, |s| {
                let idx = s.dim_value(f, index)?;
                let sz = f.const_u32(bytes)?;
                let off = f.mul(idx, sz)?;
                let addr = f.ptr_add(base, off)?;
                Ok(f.load(addr, ty, bytes)?)
            })?;
            out.push(v);
        }
        self.regs.insert(regs, out);
        Ok(())
    }

    /// The sizes of a register array's dimensions.
    fn shape(&self, n: NodeId) -> Result<Vec<usize>, Error> {
        match &self.g.dim(n)?.kind {
            DimKind::Registers { dims, .. } => dims
                .iter()
                .map(|d| {
                    self.g
                        .dim(*d)?
                        .literal_size()
                        .map(|x| x as usize)
                        .ok_or_else(|| Error::graph("unsized register dimension"))
                })
                .collect(),
            _ => Err(Error::graph(format!("{n} is not a register array"))),
        }
    }

    fn multiply(
        &mut self,
        f: &mut FunctionBuilder,
        a: NodeId,
        b: NodeId,
        acc: NodeId,
    ) -> Result<(), Error> {
        let (sa, sb, sc) = (self.shape(a)?, self.shape(b)?, self.shape(acc)?);
        if sa.len() != 2 || sb.len() != 2 || sc.len() != 2 || sa[1] != sb[0] || sc != [sa[0], sb[1]]
        {
            return Err(Error::graph(format!(
                "multiply of {sa:?} by {sb:?} into {sc:?}"
            )));
        }
        let (m, k, n) = (sa[0], sa[1], sb[1]);
        let mut va = self.values(a)?;
        let mut vb = self.values(b)?;
        for v in va.iter_mut().chain(vb.iter_mut()) {
            *v = self.convert(f, *v, Type::F32)?;
        }
        let mut vc = self.values(acc)?;
        for kk in 0..k {
            for i in 0..m {
                for j in 0..n {
                    vc[i * n + j] = f.fma(va[i * k + kk], vb[kk * n + j], vc[i * n + j])?;
                }
            }
        }
        self.regs.insert(acc, vc);
        Ok(())
    }

    /// Wave matrix operations: A and B registers are (block, K step,
    /// lane element), the accumulator (row block, column block, lane
    /// element); each block's accumulator is one vector value across the
    /// K steps.
    fn matrix_multiply(
        &mut self,
        f: &mut FunctionBuilder,
        a: NodeId,
        b: NodeId,
        acc: NodeId,
        instr: &crate::matrix::MatrixInstr,
    ) -> Result<(), Error> {
        use silk_gpu_ir::Elem;
        let op = instr.op()?;
        let (sa, sb, sc) = (self.shape(a)?, self.shape(b)?, self.shape(acc)?);
        let per_lane = instr.per_lane() as usize;
        let r = instr.acc_per_lane() as usize;
        if sa.len() != 3
            || sb.len() != 3
            || sc != [sa[0], sb[0], r]
            || sa[1] != sb[1]
            || sa[2] != per_lane
            || sb[2] != per_lane
        {
            return Err(Error::graph(format!(
                "matrix multiply of {sa:?} by {sb:?} into {sc:?}"
            )));
        }
        let (va, vb) = (self.values(a)?, self.values(b)?);
        let mut vc = self.values(acc)?;
        let steps = sa[1];
        let acc_ty = op.acc_type();
        let ab_ty = op.ab_type();
        // One operand vector from `per_lane` register elements.
        let operand =
            |s: &mut Self, f: &mut FunctionBuilder, xs: &[Value]| -> Result<Value, Error> {
                match ab_ty {
                    Type::F32 => s.convert(f, xs[0], Type::F32),
                    Type::Vec(Elem::F16, n) => {
                        let mut h = vec![];
                        for &x in xs {
                            h.push(s.convert(f, x, Type::F16)?);
                        }
                        // The elements of one loaded vector, or built.
                        s.vector_of(f, &h, Type::Vec(Elem::F16, n))
                    }
                    Type::Vec(Elem::BF16, n) => {
                        // bf16 registers hold f32 with the bf16 in the high
                        // half: pack pairs of high halves into words.
                        let mut words = vec![];
                        for pair in xs.chunks(2) {
                            let lo = f.bitcast(pair[0], Type::U32)?;
                            let sixteen = f.const_u32(16)?;
                            let lo = f.shr(lo, sixteen)?;
                            let hi = f.bitcast(pair[1], Type::U32)?;
                            let mask = f.const_u32(0xffff_0000)?;
                            let hi = f.and(hi, mask)?;
                            words.push(f.or(lo, hi)?);
                        }
                        let w = f.vec_build(&words, Type::Vec(Elem::U32, n / 2))?;
                        Ok(f.bitcast(w, Type::Vec(Elem::BF16, n))?)
                    }
                    t => Err(Error::graph(format!("matrix operand type {t}"))),
                }
            };
        for bi in 0..sa[0] {
            for bj in 0..sb[0] {
                let base = (bi * sb[0] + bj) * r;
                let mut c = self.vector_of(f, &vc[base..base + r], acc_ty)?;
                for kb in 0..steps {
                    let ia = (bi * steps + kb) * per_lane;
                    let ib = (bj * steps + kb) * per_lane;
                    let av = operand(self, f, &va[ia..ia + per_lane])?;
                    let bv = operand(self, f, &vb[ib..ib + per_lane])?;
                    c = f.matrix(op, av, bv, c)?;
                }
                let parts = self.unpack(f, &[c], r)?;
                vc[base..base + r].copy_from_slice(&parts);
            }
        }
        self.regs.insert(acc, vc);
        Ok(())
    }
}
