//! Lowering of device functions to `silk-gpu-ir`.
//!
//! Locals become SSA values. The IR's control flow is a region tree, so a
//! local assigned inside an `if` arm is one of the `if`'s results, and a
//! local assigned inside a loop is one of the loop's carried values (its
//! `break` results too). `u8`/`u16`/`i8`/`i16` live in 32-bit values kept
//! normalised (zero- or sign-extended) after every operation, so wrapping
//! and comparisons behave as at their own width.

use super::ops;
use super::{classify_call, DeviceCall, DeviceEntry};
use crate::ast::{BinOp, Block, Expr, ExprKind, FnDecl, Stmt, StmtKind, UnOp};
use crate::diag::{codes, Diagnostic};
use crate::program::{LocalId, NameRes, Program, SymbolId, SymbolKind};
use crate::source::Span;
use crate::types::{FloatTy, IntTy, Ty};
use silk_gpu_ir as ir;
use silk_gpu_ir::{BuildError, FunctionBuilder as Fb, Module, Type, Value};
use std::cell::RefCell;
use std::collections::HashMap;

pub(crate) type R<T> = Result<T, Diagnostic>;

/// A device scalar type, as Silk sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scalar {
    Bool,
    Int { bits: u8, signed: bool },
    F32,
    F64,
}

impl Scalar {
    pub(crate) fn of(t: &Ty) -> Option<Scalar> {
        Some(match t {
            Ty::Bool => Scalar::Bool,
            Ty::Int(i) => {
                let bits = match i {
                    IntTy::U8 | IntTy::I8 => 8,
                    IntTy::U16 | IntTy::I16 => 16,
                    IntTy::U32 | IntTy::I32 => 32,
                    IntTy::U64 | IntTy::I64 | IntTy::Int => 64,
                    IntTy::U128 | IntTy::I128 => return None,
                };
                Scalar::Int {
                    bits,
                    signed: i.is_signed(),
                }
            }
            Ty::Float(FloatTy::F32) => Scalar::F32,
            Ty::Float(FloatTy::F64) => Scalar::F64,
            _ => return None,
        })
    }

    pub(crate) fn ir(self) -> Type {
        match self {
            Scalar::Bool => Type::Bool,
            Scalar::Int { bits: 64, signed } => {
                if signed {
                    Type::I64
                } else {
                    Type::U64
                }
            }
            Scalar::Int { signed, .. } => {
                if signed {
                    Type::I32
                } else {
                    Type::U32
                }
            }
            Scalar::F32 => Type::F32,
            Scalar::F64 => Type::F64,
        }
    }

    fn narrow(self) -> Option<(u8, bool)> {
        match self {
            Scalar::Int { bits, signed } if bits < 32 => Some((bits, signed)),
            _ => None,
        }
    }

    pub(crate) const U32: Scalar = Scalar::Int {
        bits: 32,
        signed: false,
    };
}

/// The lowering state of one function.
pub(crate) struct Lower<'p> {
    pub(crate) p: &'p Program,
    env: HashMap<LocalId, Value>,
    /// Carried locals of the enclosing loops, innermost last.
    loops: Vec<Vec<LocalId>>,
    result: Option<Scalar>,
    pub(crate) is_entry: bool,
    /// Nesting of `if`/loop regions (0: the function's top level).
    pub(crate) depth: u32,
    /// Set while lowering a top-level `let` initialiser.
    pub(crate) in_let_init: bool,
    /// A diagnostic raised inside a builder closure, returned after it.
    pending: Option<Diagnostic>,
    /// Span of the construct being lowered, for builder errors.
    at: Span,
}

fn not_supported(what: &str, span: Span) -> Diagnostic {
    Diagnostic::error(
        codes::BACKEND,
        format!("{what} are not supported in GPU code"),
    )
    .at(span, "not supported on the device")
    .note("device code supports scalar values (bool, integers up to 64 bits, f32, f64), calls and structured control flow")
}

/// The name of a helper's device copy in the module.
fn helper_name(p: &Program, s: SymbolId) -> String {
    p.symbol(s).name.clone()
}

/// Lower `entry` and its helpers into a module of their own.
pub fn lower_entry(p: &Program, entry: &DeviceEntry) -> Result<Module, Diagnostic> {
    let mut m = Module::new();
    let wrap = |e: BuildError, span: Span| {
        Diagnostic::error(
            codes::BACKEND,
            format!("GPU code cannot be lowered: {}", e.message),
        )
        .at(span, "while lowering this function")
    };
    for &h in &entry.helpers {
        let f = lower_fn(p, h, false)?;
        m.add_function(f).map_err(|e| wrap(e, p.symbol(h).span))?;
    }
    let f = lower_fn(p, entry.symbol, true)?;
    m.add_function(f).map_err(|e| wrap(e, entry.span))?;
    m.verify().map_err(|e| {
        Diagnostic::error(codes::BACKEND, format!("GPU code cannot be lowered: {e}"))
            .at(entry.span, "while lowering this kernel")
    })?;
    Ok(m)
}

fn lower_fn(p: &Program, sym: SymbolId, is_entry: bool) -> R<ir::Function> {
    let s = p.symbol(sym);
    let decl: &FnDecl = p.fn_decl(sym).ok_or_else(|| {
        Diagnostic::error(
            codes::BACKEND,
            "internal: device function without a declaration",
        )
        .at(s.span, "here")
    })?;
    let sig = s.fn_sig().ok_or_else(|| {
        Diagnostic::error(
            codes::BACKEND,
            "internal: device function without a signature",
        )
        .at(s.span, "here")
    })?;
    let result = match &sig.result {
        Ty::Void => None,
        t => Some(Scalar::of(t).ok_or_else(|| {
            let at = decl
                .result
                .as_ref()
                .map(|r| r.span)
                .unwrap_or(decl.name.span);
            not_supported(&format!("`{}` results", p.ty_name(t)), at)
        })?),
    };
    let mut b = if is_entry {
        Fb::kernel(&s.name)
    } else {
        let rs: Vec<Type> = result.iter().map(|r| r.ir()).collect();
        Fb::device(&helper_name(p, sym), &rs)
    };
    let mut lw = Lower {
        p,
        env: HashMap::new(),
        loops: vec![],
        result,
        is_entry,
        depth: 0,
        in_let_init: false,
        pending: None,
        at: decl.name.span,
    };
    for (k, ps) in sig.params.iter().enumerate() {
        let sc = Scalar::of(&ps.ty).ok_or_else(|| {
            not_supported(&format!("`{}` parameters", p.ty_name(&ps.ty)), ps.span)
        })?;
        let v = b.param(&ps.name, sc.ir()).map_err(|e| lw.build(e))?;
        let id = p
            .params
            .get(&sym)
            .and_then(|ids| ids.get(k))
            .copied()
            .ok_or_else(|| {
                Diagnostic::error(codes::BACKEND, "internal: parameter not found")
                    .at(ps.span, "here")
            })?;
        lw.env.insert(id, v);
    }
    if let Some(body) = &decl.body {
        lw.block(&mut b, body)?;
    }
    if !b.is_terminated() {
        if let Some(r) = result {
            // Unreachable: the checker proved every path returns.
            let z = b.const_bits(r.ir(), 0).map_err(|e| lw.build(e))?;
            b.ret(&[z]).map_err(|e| lw.build(e))?;
        }
    }
    b.finish().map_err(|e| lw.build(e))
}

impl<'p> Lower<'p> {
    pub(crate) fn at_call(&mut self, e: &Expr) {
        self.at = e.span;
    }

    /// A builder error (an unsupported combination) at the current construct.
    pub(crate) fn build(&mut self, e: BuildError) -> Diagnostic {
        if let Some(d) = self.pending.take() {
            return d;
        }
        Diagnostic::error(
            codes::BACKEND,
            format!("GPU code cannot be lowered: {}", e.message),
        )
        .at(self.at, "not supported on the device")
    }

    /// Stash `d` and return a builder error, to leave a builder closure.
    fn stash(&mut self, d: Diagnostic) -> BuildError {
        self.pending = Some(d);
        BuildError {
            function: String::new(),
            message: "lowering stopped".into(),
        }
    }

    pub(crate) fn scalar_of_expr(&self, e: &Expr, hint: Option<Scalar>) -> R<Scalar> {
        let t = self.p.expr_type(e.id).cloned().unwrap_or(Ty::Error);
        match t {
            Ty::IntLit => Ok(hint.unwrap_or(Scalar::Int {
                bits: 64,
                signed: true,
            })),
            Ty::FloatLit => Ok(match hint {
                Some(Scalar::F32) => Scalar::F32,
                _ => Scalar::F64,
            }),
            t => Scalar::of(&t)
                .ok_or_else(|| not_supported(&format!("`{}` values", self.p.ty_name(&t)), e.span)),
        }
    }

    fn block(&mut self, b: &mut Fb, blk: &Block) -> R<()> {
        for s in &blk.stmts {
            if b.is_terminated() {
                break; // dead code after `return`/`break`/`continue`
            }
            self.stmt(b, s)?;
        }
        Ok(())
    }

    fn local_of(&self, e: &Expr) -> Option<LocalId> {
        match (&e.kind, self.p.name_res(e.id)) {
            (ExprKind::Name(_), Some(NameRes::Local(id))) => Some(id),
            (ExprKind::Paren(x), _) => self.local_of(x),
            _ => None,
        }
    }

    /// Locals declared outside `blk` that it assigns, in first-assignment order.
    fn assigned(&self, blocks: &[&Block]) -> Vec<LocalId> {
        let mut out = Vec::new();
        fn walk(lw: &Lower, b: &Block, out: &mut Vec<LocalId>) {
            for s in &b.stmts {
                match &s.kind {
                    StmtKind::Assign { target, .. } => {
                        if let Some(id) = lw.local_of(target) {
                            if lw.env.contains_key(&id) && !out.contains(&id) {
                                out.push(id);
                            }
                        }
                    }
                    StmtKind::If {
                        then, otherwise, ..
                    } => {
                        walk(lw, then, out);
                        if let Some(o) = otherwise {
                            walk(lw, o, out);
                        }
                    }
                    StmtKind::While { body, .. } | StmtKind::Loop(body) | StmtKind::Block(body) => {
                        walk(lw, body, out)
                    }
                    _ => {}
                }
            }
        }
        for b in blocks {
            walk(self, b, &mut out);
        }
        out
    }

    fn local_scalar(&self, id: LocalId, span: Span) -> R<Scalar> {
        let t = &self.p.local(id).ty;
        Scalar::of(t).ok_or_else(|| not_supported(&format!("`{}` values", self.p.ty_name(t)), span))
    }

    fn current(&self, vars: &[LocalId]) -> Vec<Value> {
        vars.iter()
            .filter_map(|v| self.env.get(v).copied())
            .collect()
    }

    fn stmt(&mut self, b: &mut Fb, s: &Stmt) -> R<()> {
        self.at = s.span;
        match &s.kind {
            StmtKind::Let { id, name, init, .. } => {
                let id = self.p.bindings.get(id).copied().ok_or_else(|| {
                    Diagnostic::error(codes::BACKEND, "internal: local not found")
                        .at(name.span, "here")
                })?;
                let sc = self.local_scalar(id, s.span)?;
                let v = match init {
                    Some(e) => {
                        self.in_let_init = self.depth == 0;
                        let v = self.expr(b, e, Some(sc));
                        self.in_let_init = false;
                        v?
                    }
                    None => b.const_bits(sc.ir(), 0).map_err(|e| self.build(e))?,
                };
                self.env.insert(id, v);
            }
            StmtKind::Const(_) => return Err(crate::check::const_in_device_code(s.span)),
            StmtKind::Assign { target, op, value } => {
                let Some(id) = self.local_of(target) else {
                    return Err(not_supported("assignments to this place", target.span));
                };
                let sc = self.local_scalar(id, target.span)?;
                let v = match op {
                    None => self.expr(b, value, Some(sc))?,
                    Some(op) => {
                        let cur = self.env.get(&id).copied().ok_or_else(|| {
                            Diagnostic::error(codes::BACKEND, "internal: local has no value")
                                .at(target.span, "here")
                        })?;
                        let rhs_sc = if matches!(op, BinOp::Shl | BinOp::Shr) {
                            self.scalar_of_expr(value, Some(Scalar::U32))?
                        } else {
                            sc
                        };
                        let rhs = self.expr(b, value, Some(rhs_sc))?;
                        self.at = s.span;
                        self.arith(b, *op, cur, rhs, sc, rhs_sc, s.span)?
                    }
                };
                self.env.insert(id, v);
            }
            StmtKind::Expr(e) => {
                self.expr_any(b, e)?;
            }
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => {
                let c = self.expr(b, cond, Some(Scalar::Bool))?;
                self.lower_if(b, c, then, otherwise.as_ref())?;
            }
            StmtKind::While { cond, body } => self.lower_loop(b, Some(cond), body)?,
            StmtKind::Loop(body) => self.lower_loop(b, None, body)?,
            StmtKind::Break | StmtKind::Continue => {
                let Some(vars) = self.loops.last() else {
                    return Err(not_supported("`break` outside loops", s.span));
                };
                let vals = self.current(&vars.clone());
                let r = if matches!(s.kind, StmtKind::Break) {
                    b.break_(&vals)
                } else {
                    b.continue_(&vals)
                };
                r.map_err(|e| self.build(e))?;
            }
            StmtKind::Return(v) => {
                let vals = match (v, self.result) {
                    (Some(e), Some(r)) => vec![self.expr(b, e, Some(r))?],
                    (None, None) => vec![],
                    (Some(e), None) => {
                        self.expr_any(b, e)?;
                        vec![]
                    }
                    (None, Some(_)) => {
                        return Err(not_supported("`return` without a value here", s.span))
                    }
                };
                b.ret(&vals).map_err(|e| self.build(e))?;
            }
            StmtKind::Block(blk) => self.block(b, blk)?,
            StmtKind::Launch(_) => return Err(not_supported("`gpu` launch blocks", s.span)),
            StmtKind::For { .. } => return Err(not_supported("`for` loops", s.span)),
            StmtKind::Error => {}
        }
        Ok(())
    }

    fn lower_if(&mut self, b: &mut Fb, c: Value, then: &Block, els: Option<&Block>) -> R<()> {
        let mut arms = vec![then];
        arms.extend(els);
        let merged = self.assigned(&arms);
        let mut types = Vec::new();
        for &v in &merged {
            types.push(self.local_scalar(v, then.span)?.ir());
        }
        let before = self.env.clone();
        self.depth += 1;
        let cell = RefCell::new(&mut *self);
        let arm = |b: &mut Fb, blk: Option<&Block>| -> Result<Vec<Value>, BuildError> {
            let mut s = cell.borrow_mut();
            s.env = before.clone();
            if let Some(blk) = blk {
                if let Err(d) = s.block(b, blk) {
                    return Err(s.stash(d));
                }
            }
            if b.is_terminated() {
                return Ok(vec![]);
            }
            Ok(s.current(&merged))
        };
        let r = b.if_else(c, &types, |b| arm(b, Some(then)), |b| arm(b, els));
        self.depth -= 1;
        let results = r.map_err(|e| self.build(e))?;
        self.env = before;
        for (v, r) in merged.iter().zip(results) {
            self.env.insert(*v, r);
        }
        Ok(())
    }

    fn lower_loop(&mut self, b: &mut Fb, cond: Option<&Expr>, body: &Block) -> R<()> {
        let carried = self.assigned(&[body]);
        let mut types = Vec::new();
        for &v in &carried {
            types.push(self.local_scalar(v, body.span)?.ir());
        }
        let inits = self.current(&carried);
        let before = self.env.clone();
        self.depth += 1;
        self.loops.push(carried.clone());
        let cell = RefCell::new(&mut *self);
        let r = b.loop_(&inits, &types, |b, params| {
            let mut s = cell.borrow_mut();
            for (v, p) in carried.iter().zip(params) {
                s.env.insert(*v, *p);
            }
            let go = |s: &mut Lower, b: &mut Fb| -> R<()> {
                if let Some(c) = cond {
                    let c = s.expr(b, c, Some(Scalar::Bool))?;
                    let stop = b.unary(ir::UnOp::Not, c).map_err(|e| s.build(e))?;
                    let vals = s.current(&carried);
                    b.if_then(stop, |b| b.break_(&vals))
                        .map_err(|e| s.build(e))?;
                }
                s.block(b, body)?;
                if !b.is_terminated() {
                    let vals = s.current(&carried);
                    b.continue_(&vals).map_err(|e| s.build(e))?;
                }
                Ok(())
            };
            go(&mut s, b).map_err(|d| s.stash(d))
        });
        self.loops.pop();
        self.depth -= 1;
        let results = r.map_err(|e| self.build(e))?;
        self.env = before;
        for (v, r) in carried.iter().zip(results) {
            self.env.insert(*v, r);
        }
        Ok(())
    }

    /// An expression whose value may be void (statement position).
    fn expr_any(&mut self, b: &mut Fb, e: &Expr) -> R<Option<Value>> {
        match &e.kind {
            ExprKind::Call(callee, args) => self.call(b, e, callee, args, None),
            ExprKind::Paren(x) => self.expr_any(b, x),
            _ => {
                let sc = self.scalar_of_expr(e, None)?;
                self.expr(b, e, Some(sc)).map(Some)
            }
        }
    }

    /// Normalise a narrow integer held in 32 bits.
    pub(crate) fn norm(&mut self, b: &mut Fb, v: Value, sc: Scalar) -> R<Value> {
        let Some((bits, signed)) = sc.narrow() else {
            return Ok(v);
        };
        let r = if signed {
            let k = b
                .const_bits(Type::I32, 32 - bits as u64)
                .map_err(|e| self.build(e))?;
            let l = b.shl(v, k).map_err(|e| self.build(e))?;
            b.shr(l, k)
        } else {
            let m = b
                .const_bits(Type::U32, (1u64 << bits) - 1)
                .map_err(|e| self.build(e))?;
            b.and(v, m)
        };
        r.map_err(|e| self.build(e))
    }

    /// Convert a value between device scalars (`as`).
    pub(crate) fn convert(&mut self, b: &mut Fb, v: Value, from: Scalar, to: Scalar) -> R<Value> {
        if from == to {
            return Ok(v);
        }
        let w = if from.ir() == to.ir() {
            v
        } else {
            b.cvt(v, to.ir()).map_err(|e| self.build(e))?
        };
        if let (Scalar::F32 | Scalar::F64, Some((bits, signed))) = (from, to.narrow()) {
            // Float to a narrow integer saturates at the narrow range, as
            // the 32-bit `cvt` does at its own.
            let (lo, hi) = if signed {
                (-(1i64 << (bits - 1)), (1i64 << (bits - 1)) - 1)
            } else {
                (0, (1i64 << bits) - 1)
            };
            let t = to.ir();
            let r = (|| {
                let hi = b.const_bits(t, hi as u32 as u64)?;
                let lo = b.const_bits(t, lo as u32 as u64)?;
                let x = b.min(w, hi)?;
                b.max(x, lo)
            })();
            return r.map_err(|e| self.build(e));
        }
        self.norm(b, w, to)
    }

    #[allow(clippy::too_many_arguments)]
    fn arith(
        &mut self,
        b: &mut Fb,
        op: BinOp,
        x: Value,
        y: Value,
        sc: Scalar,
        ysc: Scalar,
        span: Span,
    ) -> R<Value> {
        use ir::BinOp as I;
        let iop = match op {
            BinOp::Add => I::Add,
            BinOp::Sub => I::Sub,
            BinOp::Mul => I::Mul,
            BinOp::Div => I::Div,
            BinOp::Rem => I::Rem,
            BinOp::BitAnd => I::And,
            BinOp::BitOr => I::Or,
            BinOp::BitXor => I::Xor,
            BinOp::Shl => I::Shl,
            BinOp::Shr => I::Shr,
            _ => return Err(not_supported(&format!("`{}` operators", op.as_str()), span)),
        };
        if op == BinOp::Rem && matches!(sc, Scalar::F32 | Scalar::F64) {
            return Err(not_supported("`%` remainders of floats", span));
        }
        let y = if matches!(op, BinOp::Shl | BinOp::Shr) {
            // The amount is taken modulo the width of the shifted type.
            let y = if ysc.ir() == sc.ir() {
                y
            } else {
                b.cvt(y, sc.ir()).map_err(|e| self.build(e))?
            };
            match sc.narrow() {
                Some((bits, _)) => {
                    let m = b
                        .const_bits(sc.ir(), bits as u64 - 1)
                        .map_err(|e| self.build(e))?;
                    b.and(y, m).map_err(|e| self.build(e))?
                }
                None => y,
            }
        } else {
            y
        };
        let r = b.binary(iop, x, y).map_err(|e| self.build(e))?;
        self.norm(b, r, sc)
    }

    /// Lower `e` to a value of its scalar type; `hint` types literals.
    pub(crate) fn expr(&mut self, b: &mut Fb, e: &Expr, hint: Option<Scalar>) -> R<Value> {
        let sc = self.scalar_of_expr(e, hint)?;
        self.at = e.span;
        let bad = |what: &str| Err(not_supported(what, e.span));
        match &e.kind {
            ExprKind::Int(Some(v)) => {
                let bits = match sc {
                    Scalar::F32 => (*v as f32).to_bits() as u64,
                    Scalar::F64 => (*v as f64).to_bits(),
                    Scalar::Bool => return bad("integer literals as `bool`"),
                    Scalar::Int { bits, .. } => {
                        let w = if bits == 64 { 64 } else { 32 };
                        (*v as u64) & (u64::MAX >> (64 - w))
                    }
                };
                let c = b.const_bits(sc.ir(), bits).map_err(|e| self.build(e))?;
                self.norm(b, c, sc)
            }
            ExprKind::Int(None) => bad("integer literals wider than 128 bits"),
            ExprKind::Float(f) => {
                let r = match sc {
                    Scalar::F32 => b.const_f32(*f as f32),
                    Scalar::F64 => b.const_f64(*f),
                    _ => return bad("float literals here"),
                };
                r.map_err(|e| self.build(e))
            }
            ExprKind::Bool(x) => b.const_bool(*x).map_err(|e| self.build(e)),
            ExprKind::Str(_) => bad("string values"),
            ExprKind::Char(_) => bad("character values"),
            ExprKind::Name(_) | ExprKind::Path(_)
                if matches!(
                    self.p.name_res(e.id),
                    Some(NameRes::Symbol(s)) if matches!(self.p.symbol(s).kind, SymbolKind::Const(_))
                ) =>
            {
                let Some(NameRes::Symbol(s)) = self.p.name_res(e.id) else {
                    return bad("named constants");
                };
                let sym = self.p.symbol(s);
                Err(crate::check::const_use_in_device_code(
                    &sym.name, e.span, sym.span,
                ))
            }
            ExprKind::Name(n) => match self.p.name_res(e.id) {
                Some(NameRes::Local(id)) => self.env.get(&id).copied().ok_or_else(|| {
                    Diagnostic::error(codes::BACKEND, format!("`{}` has no value here", n.name))
                        .at(e.span, "read before it is given a value")
                }),
                _ => bad("function and package values"),
            },
            ExprKind::Paren(x) => self.expr(b, x, Some(sc)),
            ExprKind::Unary(op, x) => {
                let v = self.expr(b, x, Some(sc))?;
                self.at = e.span;
                let r = match op {
                    UnOp::Neg => b.unary(ir::UnOp::Neg, v),
                    UnOp::Not | UnOp::BitNot => b.unary(ir::UnOp::Not, v),
                }
                .map_err(|e| self.build(e))?;
                self.norm(b, r, sc)
            }
            ExprKind::Binary(BinOp::And | BinOp::Or, x, y) => {
                let is_and = matches!(e.kind, ExprKind::Binary(BinOp::And, ..));
                let l = self.expr(b, x, Some(Scalar::Bool))?;
                let before = self.env.clone();
                self.depth += 1;
                let cell = RefCell::new(&mut *self);
                let rhs = |b: &mut Fb| -> Result<Vec<Value>, BuildError> {
                    let mut s = cell.borrow_mut();
                    match s.expr(b, y, Some(Scalar::Bool)) {
                        Ok(v) => Ok(vec![v]),
                        Err(d) => Err(s.stash(d)),
                    }
                };
                let konst = |b: &mut Fb| b.const_bool(!is_and).map(|v| vec![v]);
                let r = if is_and {
                    b.if_else(l, &[Type::Bool], rhs, konst)
                } else {
                    b.if_else(l, &[Type::Bool], konst, rhs)
                };
                self.depth -= 1;
                self.env = before;
                let r = r.map_err(|e| self.build(e))?;
                Ok(r[0])
            }
            ExprKind::Binary(BinOp::Coalesce, ..) => bad("`??` operators"),
            ExprKind::Binary(op, x, y) if op.is_comparison() => {
                let xt = self.p.expr_type(x.id);
                let opnd = if matches!(xt, Some(Ty::IntLit | Ty::FloatLit) | None) {
                    self.scalar_of_expr(y, None)?
                } else {
                    self.scalar_of_expr(x, None)?
                };
                let l = self.expr(b, x, Some(opnd))?;
                let r = self.expr(b, y, Some(opnd))?;
                self.at = e.span;
                let pred = match op {
                    BinOp::Eq => ir::CmpPred::Eq,
                    BinOp::Ne => ir::CmpPred::Ne,
                    BinOp::Lt => ir::CmpPred::Lt,
                    BinOp::Le => ir::CmpPred::Le,
                    BinOp::Gt => ir::CmpPred::Gt,
                    _ => ir::CmpPred::Ge,
                };
                b.cmp(pred, l, r).map_err(|e| self.build(e))
            }
            ExprKind::Binary(op, x, y) => {
                let l = self.expr(b, x, Some(sc))?;
                let ysc = if matches!(op, BinOp::Shl | BinOp::Shr) {
                    self.scalar_of_expr(y, Some(Scalar::U32))?
                } else {
                    sc
                };
                let r = self.expr(b, y, Some(ysc))?;
                self.at = e.span;
                self.arith(b, *op, l, r, sc, ysc, e.span)
            }
            ExprKind::Cast(x, _) => {
                let from = self.scalar_of_expr(x, None)?;
                let v = self.expr(b, x, Some(from))?;
                self.at = e.span;
                if from == Scalar::Bool && sc != Scalar::Bool {
                    return bad("`bool` casts");
                }
                self.convert(b, v, from, sc)
            }
            ExprKind::Call(callee, args) => match self.call(b, e, callee, args, Some(sc))? {
                Some(v) => Ok(v),
                None => bad("`void` results used as values"),
            },
            ExprKind::Field(..) | ExprKind::OptionalField(..) => bad("field accesses"),
            ExprKind::StructLit(..) => bad("struct values"),
            ExprKind::ArrayLit(_) | ExprKind::Index(..) => bad("arrays"),
            ExprKind::Path(_) => bad("path values"),
            ExprKind::Launch(_) => bad("`gpu` launch blocks"),
            ExprKind::AttrQuery(_) => bad("attribute queries"),
            ExprKind::If(..) => bad("`if` expressions"),
            ExprKind::None => bad("optional values"),
            ExprKind::Error => bad("malformed expressions"),
        }
    }

    /// A call: a device operation or a helper. `None` for void results.
    fn call(
        &mut self,
        b: &mut Fb,
        e: &Expr,
        callee: &Expr,
        args: &[Expr],
        _hint: Option<Scalar>,
    ) -> R<Option<Value>> {
        match classify_call(self.p, e, callee)? {
            DeviceCall::Op(sym) => ops::lower_op(self, b, e, sym, args),
            DeviceCall::Helper(sym) => {
                let p = self.p;
                let sig = p.symbol(sym).fn_sig().cloned().ok_or_else(|| {
                    Diagnostic::error(codes::BACKEND, "internal: helper without a signature")
                        .at(callee.span, "here")
                })?;
                let mut vals = Vec::new();
                for (a, ps) in args.iter().zip(&sig.params) {
                    let want = Scalar::of(&ps.ty).ok_or_else(|| {
                        not_supported(&format!("`{}` arguments", p.ty_name(&ps.ty)), a.span)
                    })?;
                    vals.push(self.expr(b, a, Some(want))?);
                }
                let results: Vec<Type> = match &sig.result {
                    Ty::Void => vec![],
                    t => vec![Scalar::of(t)
                        .ok_or_else(|| {
                            not_supported(&format!("`{}` results", p.ty_name(t)), e.span)
                        })?
                        .ir()],
                };
                self.at = e.span;
                let r = b
                    .call(&helper_name(p, sym), &vals, &results)
                    .map_err(|err| self.build(err))?;
                Ok(r.first().copied())
            }
        }
    }
}
