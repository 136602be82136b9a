//! Expressions: literals, places and fields, operators (with the checked
//! integer arithmetic of [`super::trap`]), casts, optionals and `if` values.

use super::func::{FnLower, Vals};
use super::layout::{field, field_scalars, int_type};
use super::{internal, unsupported, R};
use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{types, InstBuilder, Type, Value};
use cranelift_module::Module;
use silk_lang::ast::{BinOp, Expr, ExprKind, UnOp};
use silk_lang::program::NameRes;
use silk_lang::source::Span;
use silk_lang::types::{FloatTy, IntTy, Ty};

/// Where a place lives: base address, byte offset and type.
pub(crate) type Place = (Value, u32, Ty);

impl FnLower<'_, '_, '_> {
    /// The checked (literal-settled) type of `e`.
    pub fn ty(&self, e: &Expr) -> R<Ty> {
        let t = self
            .c
            .p
            .expr_type(e.id)
            .cloned()
            .ok_or_else(|| internal("expression without a type", e.span))?;
        Ok(t.defaulted())
    }

    /// `e` converted to `want` (literals, `T` into `T?`, `None`).
    pub fn value(&mut self, e: &Expr, want: &Ty) -> R<Vals> {
        let from = self.ty(e)?;
        if let (Ty::Array(..), Ty::Slice(_)) = (from.strip_ref(), want) {
            return self.as_slice(e);
        }
        let v = self.expr(e)?;
        self.coerce(v, &from, want, e.span)
    }

    pub fn coerce(&mut self, v: Vals, from: &Ty, to: &Ty, span: Span) -> R<Vals> {
        if from == to {
            return Ok(v);
        }
        match (from, to) {
            (Ty::NoneLit, Ty::Optional(_)) => self.zero(to, span),
            (Ty::Optional(_), Ty::Optional(_)) => Ok(v),
            (_, Ty::Optional(inner)) => {
                let mut out = vec![self.b.ins().iconst(types::I8, 1)];
                out.extend(self.coerce(v, from, inner, span)?);
                Ok(out)
            }
            (Ty::Int(_) | Ty::IntLit, Ty::Int(i)) => {
                Ok(vec![self.resize(v[0], int_type(*i), true)])
            }
            (Ty::Float(_) | Ty::FloatLit, Ty::Float(FloatTy::F128)) => {
                let x = v[0];
                Ok(vec![if self.b.func.dfg.value_type(x) == types::F128 {
                    x
                } else {
                    self.quad_cast(x, from, to, span)?
                }])
            }
            (Ty::Float(_) | Ty::FloatLit, Ty::Float(FloatTy::F32)) => {
                let x = v[0];
                Ok(vec![if self.b.func.dfg.value_type(x) == types::F64 {
                    self.b.ins().fdemote(types::F32, x)
                } else {
                    x
                }])
            }
            (Ty::Ref(inner), t) if **inner == *t => self.load(t, v[0], 0, span),
            _ => Ok(v),
        }
    }

    /// An integer value at width `to` (wrapping or extending).
    fn resize(&mut self, x: Value, to: Type, signed: bool) -> Value {
        let from = self.b.func.dfg.value_type(x);
        if from == to {
            x
        } else if from.bits() > to.bits() {
            self.b.ins().ireduce(to, x)
        } else if signed {
            self.b.ins().sextend(to, x)
        } else {
            self.b.ins().uextend(to, x)
        }
    }

    /// The place `e` names, if it is one (a local or a field of one).
    pub fn place(&mut self, e: &Expr) -> R<Option<Place>> {
        match &e.kind {
            ExprKind::Paren(x) => self.place(x),
            ExprKind::Name(_) | ExprKind::Path(_) => match self.c.p.name_res(e.id) {
                Some(NameRes::Local(l)) => {
                    let ty = self.c.p.local(l).ty.clone();
                    Ok(Some((self.local_addr(l, e.span)?, 0, ty)))
                }
                Some(NameRes::Symbol(s)) => self.ext_value(s, e.span),
                _ => Ok(None),
            },
            ExprKind::Index(base, index) => self.index_place(base, index, e.span).map(Some),
            // An array's `len` is no place: the type holds it.
            ExprKind::Field(base, _)
                if self.c.p.name_res(e.id).is_none()
                    && matches!(
                        self.c.p.expr_type(base.id).map(Ty::strip_ref),
                        Some(Ty::Array(..))
                    ) =>
            {
                Ok(None)
            }
            ExprKind::Field(base, name) if self.c.p.name_res(e.id).is_none() => {
                let Some((a, o, bty)) = self.place(base)? else {
                    return Ok(None);
                };
                let (a, o, bty) = match bty {
                    Ty::Ref(inner) => {
                        let ptr = self.b.ins().load(
                            types::I64,
                            cranelift_codegen::ir::MemFlagsData::trusted(),
                            a,
                            o as i32,
                        );
                        (ptr, 0, *inner)
                    }
                    t => (a, o, t),
                };
                let (fo, fty) =
                    field(self.c.p, &bty, &name.name).map_err(|w| unsupported(&w, e.span))?;
                Ok(Some((a, o + fo, fty)))
            }
            _ => Ok(None),
        }
    }

    pub fn expr(&mut self, e: &Expr) -> R<Vals> {
        let ty = self.ty(e)?;
        match &e.kind {
            ExprKind::Int(v) => {
                let v = v.ok_or_else(|| internal("integer literal too large", e.span))?;
                self.int_lit(v, &ty, e.span)
            }
            ExprKind::Float(f) => Ok(vec![match ty {
                Ty::Float(FloatTy::F32) => self.b.ins().f32const(*f as f32),
                Ty::Float(FloatTy::F128) => self.quad_const(super::quad::quad_from_f64(*f)),
                _ => self.b.ins().f64const(*f),
            }]),
            ExprKind::Bool(v) => Ok(vec![self.b.ins().iconst(types::I8, *v as i64)]),
            ExprKind::Char(c) => Ok(vec![self.b.ins().iconst(types::I32, *c as i64)]),
            ExprKind::Str(s) => self.string(s.as_bytes(), e.span),
            ExprKind::None => self.zero(&ty, e.span),
            ExprKind::Paren(x) => self.expr(x),
            ExprKind::Name(_) | ExprKind::Path(_) => match self.place(e)? {
                Some((a, o, t)) => self.load(&t, a, o, e.span),
                // A module-scope `const`: its initializer is a constant
                // expression (the checker rejects cycles), lowered in place.
                None => match module_const(self.c.p, e) {
                    Some(c) => self.value(&c.value, &ty),
                    None => self.fn_value(e),
                },
            },
            ExprKind::Field(base, name) => {
                if self.c.p.name_res(e.id).is_some() {
                    return self.fn_value(e);
                }
                if let Ty::Array(_, n) = self.ty(base)?.strip_ref() {
                    // `len` of an array is its type's length.
                    let n = *n as i64;
                    self.expr(base)?;
                    return Ok(vec![self.b.ins().iconst(types::I64, n)]);
                }
                if let Some((a, o, t)) = self.place(e)? {
                    return self.load(&t, a, o, e.span);
                }
                let bty = self.ty(base)?;
                let v = self.expr(base)?;
                match bty {
                    Ty::Ref(inner) => {
                        let (fo, fty) = field(self.c.p, &inner, &name.name)
                            .map_err(|w| unsupported(&w, e.span))?;
                        self.load(&fty, v[0], fo, e.span)
                    }
                    t => {
                        let r = field_scalars(self.c.p, &t, &name.name)
                            .map_err(|w| unsupported(&w, e.span))?;
                        Ok(v[r].to_vec())
                    }
                }
            }
            ExprKind::OptionalField(base, name) => {
                let bty = self.ty(base)?;
                let v = self.expr(base)?;
                let Ty::Optional(inner) = bty.strip_ref().clone() else {
                    return Err(internal("`?.` on a non-optional", e.span));
                };
                let r = field_scalars(self.c.p, &inner, &name.name)
                    .map_err(|w| unsupported(&w, e.span))?;
                let mut out = vec![v[0]];
                out.extend_from_slice(&v[1..][r]);
                Ok(out)
            }
            ExprKind::StructLit(_, fields) => {
                let Ty::Struct(id) = ty else {
                    return Err(internal("struct literal of a non-struct type", e.span));
                };
                let mut given = Vec::new();
                let decl = self.c.p.structs[id.0 as usize].fields.clone();
                for (n, x) in fields {
                    let fty = decl
                        .iter()
                        .find(|f| f.0 == n.name)
                        .map(|f| f.1.clone())
                        .ok_or_else(|| internal("unknown field", n.span))?;
                    given.push((n.name.clone(), self.value(x, &fty)?));
                }
                let mut out = Vec::new();
                for (fname, _, _) in &decl {
                    let v = given
                        .iter()
                        .find(|(n, _)| n == fname)
                        .ok_or_else(|| internal("missing field", e.span))?;
                    out.extend_from_slice(&v.1);
                }
                Ok(out)
            }
            ExprKind::ArrayLit(items) => self.array_lit(items, &ty, e.span),
            ExprKind::Index(..) => {
                let (a, o, t) = self.place(e)?.ok_or_else(|| internal("index", e.span))?;
                self.load(&t, a, o, e.span)
            }
            ExprKind::Unary(op, x) => self.unary(*op, x, &ty, e.span),
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b, &ty, e.span),
            ExprKind::Cast(x, _) => {
                let from = self.ty(x)?;
                let v = self.expr(x)?[0];
                self.cast(v, &from, &ty, e.span).map(|v| vec![v])
            }
            ExprKind::If(c, a, b) => {
                let cv = self.expr(c)?[0];
                self.branch(cv, &ty, e.span, |f| f.value(a, &ty), |f| f.value(b, &ty))
            }
            ExprKind::Call(callee, args) => self.call(e, callee, args),
            ExprKind::Launch(l) => self.launch(l, e.span),
            ExprKind::AttrQuery(_) => Err(unsupported("attribute queries", e.span)),
            ExprKind::Error => Err(internal("malformed expression", e.span)),
        }
    }

    /// The place of an `ext name = T;` value: its data symbol (read-only:
    /// the checker allows no assignment to it). `None` for other symbols.
    fn ext_value(&mut self, s: silk_lang::program::SymbolId, span: Span) -> R<Option<Place>> {
        let silk_lang::program::SymbolKind::ExtValue(ty) = &self.c.p.symbol(s).kind else {
            return Ok(None);
        };
        let (ty, name) = (ty.clone(), self.c.p.symbol(s).name.clone());
        let data = self.c.ext_data(&name, span)?;
        let gv = self.c.obj.module().declare_data_in_func(data, self.b.func);
        let addr = self.b.ins().symbol_value(types::I64, gv);
        Ok(Some((addr, 0, ty)))
    }

    /// A function named as a value (`let f: fn (int) -> int = double;`):
    /// its address, for [`FnLower::call`]'s indirect calls.
    fn fn_value(&mut self, e: &Expr) -> R<Vals> {
        if let Some(NameRes::Symbol(s)) = self.c.p.name_res(e.id) {
            if let Some((a, o, t)) = self.ext_value(s, e.span)? {
                return self.load(&t, a, o, e.span);
            }
        }
        let sym = match self.c.p.name_res(e.id) {
            Some(NameRes::Symbol(s)) if self.c.p.symbol(s).fn_sig().is_some() => s,
            _ => return Err(internal("a symbol that is not a value", e.span)),
        };
        if self.c.takes_caller_location(sym) {
            // Their signature has the hidden caller location.
            return Err(unsupported("standard-library functions as values", e.span));
        }
        let id = self.c.func(sym, e.span)?;
        let fr = self.c.obj.module().declare_func_in_func(id, self.b.func);
        Ok(vec![self.b.ins().func_addr(types::I64, fr)])
    }

    /// `place = value;` and `place op= value;`.
    pub fn assign(&mut self, target: &Expr, op: Option<BinOp>, value: &Expr, span: Span) -> R<()> {
        let (a, o, ty) = self
            .place(target)?
            .ok_or_else(|| internal("assignment to a non-place", target.span))?;
        let v = match op {
            None => self.value(value, &ty)?,
            Some(op) => {
                let cur = self.load(&ty, a, o, span)?[0];
                let y = if matches!(op, BinOp::Shl | BinOp::Shr) {
                    self.expr(value)?[0]
                } else {
                    self.value(value, &ty)?[0]
                };
                vec![self.arith(op, &ty, cur, y, span)?]
            }
        };
        self.store(&ty, a, o, &v, span)
    }

    fn int_lit(&mut self, v: u128, ty: &Ty, span: Span) -> R<Vals> {
        let (t, i) = match ty {
            Ty::Float(FloatTy::F32) => return Ok(vec![self.b.ins().f32const(v as f32)]),
            Ty::Float(FloatTy::F128) => {
                return Ok(vec![self.quad_const(super::quad::quad_from_u128(v))])
            }
            Ty::Float(_) => return Ok(vec![self.b.ins().f64const(v as f64)]),
            Ty::Int(i) => (int_type(*i), *i),
            _ => (types::I64, IntTy::Int),
        };
        let bits = t.bits();
        let max: u128 = if i.is_signed() {
            (1u128 << (bits - 1)) - 1
        } else if bits == 128 {
            u128::MAX
        } else {
            (1u128 << bits) - 1
        };
        // `-128i8` parses as `-(128)`: the magnitude may exceed `max` by one;
        // the negation's overflow check then decides.
        if v > max && !(i.is_signed() && v == max + 1) {
            return Err(super::located(
                format!("integer literal `{v}` does not fit in `{}`", i.name()),
                span,
            ));
        }
        Ok(vec![self.iconst_wide(t, v)])
    }

    pub fn iconst_wide(&mut self, t: Type, v: u128) -> Value {
        if t == types::I128 {
            let lo = self.b.ins().iconst(types::I64, v as u64 as i64);
            let hi = self.b.ins().iconst(types::I64, (v >> 64) as u64 as i64);
            self.b.ins().iconcat(lo, hi)
        } else {
            self.b.ins().iconst(t, v as u64 as i64)
        }
    }

    /// `{ptr, len}` of a string literal.
    pub fn string(&mut self, bytes: &[u8], span: Span) -> R<Vals> {
        let data = self.c.bytes(bytes, span)?;
        let gv = self.c.obj.module().declare_data_in_func(data, self.b.func);
        let ptr = self.b.ins().symbol_value(types::I64, gv);
        let len = self.b.ins().iconst(types::I64, bytes.len() as i64);
        Ok(vec![ptr, len])
    }

    /// `if cond { then } else { other }` producing a value of `ty`.
    pub fn branch(
        &mut self,
        cond: Value,
        ty: &Ty,
        span: Span,
        then: impl FnOnce(&mut Self) -> R<Vals>,
        other: impl FnOnce(&mut Self) -> R<Vals>,
    ) -> R<Vals> {
        let l = self.layout(ty, span)?;
        let (t, f, join) = (
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
        );
        for s in l.types() {
            self.b.append_block_param(join, s);
        }
        self.b.ins().brif(cond, t, &[], f, &[]);
        self.b.switch_to_block(t);
        self.b.seal_block(t);
        let tv = then(self)?;
        let args: Vec<_> = tv.iter().map(|v| (*v).into()).collect();
        self.b.ins().jump(join, &args);
        self.b.switch_to_block(f);
        self.b.seal_block(f);
        let fv = other(self)?;
        let args: Vec<_> = fv.iter().map(|v| (*v).into()).collect();
        self.b.ins().jump(join, &args);
        self.b.switch_to_block(join);
        self.b.seal_block(join);
        Ok(self.b.block_params(join).to_vec())
    }

    fn unary(&mut self, op: UnOp, x: &Expr, ty: &Ty, span: Span) -> R<Vals> {
        // `-N` of a literal is the constant itself: `-128 as i8` is in range.
        if let (UnOp::Neg, ExprKind::Int(Some(v)), Ty::Int(i)) = (op, &x.kind, ty) {
            let t = int_type(*i);
            let limit = 1u128 << (t.bits() - 1);
            if *v > limit {
                return Err(super::located(
                    format!("integer literal `-{v}` does not fit in `{}`", i.name()),
                    span,
                ));
            }
            return Ok(vec![self.iconst_wide(t, v.wrapping_neg())]);
        }
        let v = self.value(x, ty)?[0];
        Ok(vec![match (op, ty) {
            (UnOp::Neg, Ty::Float(FloatTy::F128)) => self.quad_neg(v),
            (UnOp::Neg, Ty::Float(_)) => self.b.ins().fneg(v),
            (UnOp::Neg, Ty::Int(i)) => {
                let t = int_type(*i);
                let z = self.iconst_wide(t, 0);
                let (r, o) = self.b.ins().ssub_overflow(z, v);
                self.trap_if(o, &format!("integer overflow: `-` on `{}`", i.name()), span)?;
                r
            }
            (UnOp::Not, _) => self.b.ins().icmp_imm_s(IntCC::Equal, v, 0),
            (UnOp::BitNot, _) => self.b.ins().bnot(v),
            _ => return Err(internal("unary operand type", span)),
        }])
    }

    fn binary(&mut self, op: BinOp, a: &Expr, b: &Expr, ty: &Ty, span: Span) -> R<Vals> {
        match op {
            BinOp::And | BinOp::Or => {
                let x = self.expr(a)?[0];
                let and = op == BinOp::And;
                return self.branch(
                    x,
                    &Ty::Bool,
                    span,
                    |f| {
                        if and {
                            f.expr(b)
                        } else {
                            Ok(vec![f.b.ins().iconst(types::I8, 1)])
                        }
                    },
                    |f| {
                        if and {
                            Ok(vec![f.b.ins().iconst(types::I8, 0)])
                        } else {
                            f.expr(b)
                        }
                    },
                );
            }
            BinOp::Coalesce => {
                let v = self.expr(a)?;
                return self.branch(v[0], ty, span, |_| Ok(v[1..].to_vec()), |f| f.value(b, ty));
            }
            _ => {}
        }
        let (ta, tb) = (self.ty(a)?, self.ty(b)?);
        if op.is_comparison() {
            // Operands share a type after the checker's unification.
            let t = match (&ta, &tb) {
                (Ty::NoneLit, t) | (t, Ty::NoneLit) => t.clone(),
                (Ty::IntLit | Ty::FloatLit, t) => t.clone(),
                (t, _) => t.clone(),
            };
            let x = self.value(a, &t)?;
            let y = self.value(b, &t)?;
            return self.compare(op, &t, &x, &y, span).map(|v| vec![v]);
        }
        let x = self.value(a, ty)?[0];
        let y = if matches!(op, BinOp::Shl | BinOp::Shr) {
            self.expr(b)?[0]
        } else {
            self.value(b, ty)?[0]
        };
        self.arith(op, ty, x, y, span).map(|v| vec![v])
    }

    pub fn arith(&mut self, op: BinOp, ty: &Ty, x: Value, y: Value, span: Span) -> R<Value> {
        match ty {
            Ty::Float(FloatTy::F128) => self.quad_arith(op, x, y, span),
            Ty::Float(ft) => Ok(match op {
                BinOp::Add => self.b.ins().fadd(x, y),
                BinOp::Sub => self.b.ins().fsub(x, y),
                BinOp::Mul => self.b.ins().fmul(x, y),
                BinOp::Div => self.b.ins().fdiv(x, y),
                BinOp::Rem => {
                    let (name, t) = match ft {
                        FloatTy::F32 => ("fmodf", types::F32),
                        _ => ("fmod", types::F64),
                    };
                    self.libc(name, &[t, t], Some(t), &[x, y], span)?[0]
                }
                _ => return Err(internal("float operator", span)),
            }),
            Ty::Bool => Ok(match op {
                BinOp::BitAnd => self.b.ins().band(x, y),
                BinOp::BitOr => self.b.ins().bor(x, y),
                BinOp::BitXor => self.b.ins().bxor(x, y),
                _ => return Err(internal("bool operator", span)),
            }),
            Ty::Int(i) => self.int_arith(op, *i, x, y, span),
            _ => Err(internal("operator on this type", span)),
        }
    }

    fn int_arith(&mut self, op: BinOp, i: IntTy, x: Value, y: Value, span: Span) -> R<Value> {
        let t = int_type(i);
        let s = i.is_signed();
        let what = |name: &str| format!("integer overflow: `{name}` on `{}`", i.name());
        let wide = t == types::I128;
        Ok(match op {
            BinOp::Mul if wide => {
                let (r, o) = self.mul128(x, y, s);
                self.trap_if(o, &what("*"), span)?;
                r
            }
            BinOp::Add | BinOp::Sub | BinOp::Mul => {
                let ins = self.b.ins();
                let (r, o) = match (op, s) {
                    (BinOp::Add, true) => ins.sadd_overflow(x, y),
                    (BinOp::Add, false) => ins.uadd_overflow(x, y),
                    (BinOp::Sub, true) => ins.ssub_overflow(x, y),
                    (BinOp::Sub, false) => ins.usub_overflow(x, y),
                    (_, true) => ins.smul_overflow(x, y),
                    (_, false) => ins.umul_overflow(x, y),
                };
                self.trap_if(o, &what(op.as_str()), span)?;
                r
            }
            BinOp::Div | BinOp::Rem => {
                let zero = self.is_const(y, 0);
                self.trap_if(
                    zero,
                    &format!("division by zero: `{}` on `{}`", op.as_str(), i.name()),
                    span,
                )?;
                if s && op == BinOp::Div {
                    let min = self.iconst_wide(t, 1u128 << (t.bits() - 1));
                    let is_min = self.b.ins().icmp(IntCC::Equal, x, min);
                    let neg1 = self.is_const(y, u128::MAX);
                    let o = self.b.ins().band(is_min, neg1);
                    self.trap_if(o, &what("/"), span)?;
                }
                if wide {
                    // Cranelift's x64 backend has no 128-bit division: the
                    // libgcc_s routines every executable links.
                    let name = match (s, op) {
                        (true, BinOp::Div) => "__divti3",
                        (true, _) => "__modti3",
                        (false, BinOp::Div) => "__udivti3",
                        (false, _) => "__umodti3",
                    };
                    let i128_ = types::I128;
                    self.libc(name, &[i128_, i128_], Some(i128_), &[x, y], span)?[0]
                } else if s {
                    if op == BinOp::Div {
                        self.b.ins().sdiv(x, y)
                    } else {
                        self.b.ins().srem(x, y)
                    }
                } else if op == BinOp::Div {
                    self.b.ins().udiv(x, y)
                } else {
                    self.b.ins().urem(x, y)
                }
            }
            BinOp::Shl | BinOp::Shr => {
                let at = self.b.func.dfg.value_type(y);
                let yy = if at == types::I128 {
                    self.b.ins().ireduce(types::I64, y)
                } else {
                    y
                };
                let big =
                    self.b
                        .ins()
                        .icmp_imm_s(IntCC::UnsignedGreaterThanOrEqual, yy, t.bits() as i64);
                let big = if at == types::I128 {
                    let hi = self.b.ins().ushr_imm_u(y, 64);
                    let hi = self.b.ins().ireduce(types::I64, hi);
                    let h = self.b.ins().icmp_imm_s(IntCC::NotEqual, hi, 0);
                    self.b.ins().bor(big, h)
                } else {
                    big
                };
                self.trap_if(
                    big,
                    &format!(
                        "shift amount out of range: `{}` on `{}`",
                        op.as_str(),
                        i.name()
                    ),
                    span,
                )?;
                match (op, s) {
                    (BinOp::Shl, _) => self.b.ins().ishl(x, yy),
                    (_, true) => self.b.ins().sshr(x, yy),
                    (_, false) => self.b.ins().ushr(x, yy),
                }
            }
            BinOp::BitAnd => self.b.ins().band(x, y),
            BinOp::BitOr => self.b.ins().bor(x, y),
            BinOp::BitXor => self.b.ins().bxor(x, y),
            _ => return Err(internal("integer operator", span)),
        })
    }

    /// Whether the integer `x` equals `v` (truncated to its width).
    fn is_const(&mut self, x: Value, v: u128) -> Value {
        let t = self.b.func.dfg.value_type(x);
        let c = self.iconst_wide(t, v);
        self.b.ins().icmp(IntCC::Equal, x, c)
    }

    /// `x * y` on 128 bits and whether it overflowed (Cranelift's x64
    /// backend has no 128-bit `*_overflow`): the product of the magnitudes
    /// fits in 128 bits when at most one operand has a nonzero high half and
    /// the cross term plus the carry of the low halves' product fits in 64;
    /// a signed product must then also fit its sign's range.
    fn mul128(&mut self, x: Value, y: Value, signed: bool) -> (Value, Value) {
        let i128_ = types::I128;
        let product = self.b.ins().imul(x, y);
        let zero = self.iconst_wide(i128_, 0);
        let magnitude = |f: &mut Self, v: Value| {
            if !signed {
                return v;
            }
            let neg = f.b.ins().icmp(IntCC::SignedLessThan, v, zero);
            let negated = f.b.ins().ineg(v);
            f.b.ins().select(neg, negated, v)
        };
        let (mx, my) = (magnitude(self, x), magnitude(self, y));
        let (xl, xh) = self.b.ins().isplit(mx);
        let (yl, yh) = self.b.ins().isplit(my);
        let xh_set = self.b.ins().icmp_imm_s(IntCC::NotEqual, xh, 0);
        let yh_set = self.b.ins().icmp_imm_s(IntCC::NotEqual, yh, 0);
        let both = self.b.ins().band(xh_set, yh_set);
        let (c1, o1) = self.b.ins().umul_overflow(xh, yl);
        let (c2, o2) = self.b.ins().umul_overflow(xl, yh);
        let carry = self.b.ins().umulhi(xl, yl);
        let cross = self.b.ins().iadd(c1, c2);
        let (_, o3) = self.b.ins().uadd_overflow(carry, cross);
        let o12 = self.b.ins().bor(o1, o2);
        let o = self.b.ins().bor(both, o12);
        let mut o = self.b.ins().bor(o, o3);
        if signed {
            // |x * y| must be at most 2^127 - 1, or 2^127 when negative.
            let m = self.b.ins().imul(mx, my);
            let xn = self.b.ins().icmp(IntCC::SignedLessThan, x, zero);
            let yn = self.b.ins().icmp(IntCC::SignedLessThan, y, zero);
            let neg = self.b.ins().bxor(xn, yn);
            let neg = self.b.ins().uextend(i128_, neg);
            let max = self.iconst_wide(i128_, i128::MAX as u128);
            let limit = self.b.ins().iadd(max, neg);
            let big = self.b.ins().icmp(IntCC::UnsignedGreaterThan, m, limit);
            o = self.b.ins().bor(o, big);
        }
        (product, o)
    }

    /// A float to a 128-bit integer, saturating as the narrower casts do
    /// (`NaN` to 0): in range through libgcc_s's `__fix*ti`, which leave
    /// the out-of-range cases open.
    fn float_to_i128(&mut self, v: Value, signed: bool, span: Span) -> R<Value> {
        let ft = self.b.func.dfg.value_type(v);
        let f = |f: &mut Self, x: f64| {
            if ft == types::F32 {
                f.b.ins().f32const(x as f32)
            } else {
                f.b.ins().f64const(x)
            }
        };
        let (lo, hi) = if signed {
            (-(2f64.powi(127)), 2f64.powi(127))
        } else {
            (0.0, 2f64.powi(128))
        };
        let (lo_v, hi_v, zero_f) = (f(self, lo), f(self, hi), f(self, 0.0));
        let above = self.b.ins().fcmp(FloatCC::GreaterThanOrEqual, v, hi_v);
        let below = self.b.ins().fcmp(FloatCC::LessThan, v, lo_v);
        let ge_lo = self.b.ins().fcmp(FloatCC::GreaterThanOrEqual, v, lo_v);
        let lt_hi = self.b.ins().fcmp(FloatCC::LessThan, v, hi_v);
        let inside = self.b.ins().band(ge_lo, lt_hi);
        let arg = self.b.ins().select(inside, v, zero_f);
        let name = match (signed, ft == types::F32) {
            (true, true) => "__fixsfti",
            (true, false) => "__fixdfti",
            (false, true) => "__fixunssfti",
            (false, false) => "__fixunsdfti",
        };
        let r = self.libc(name, &[ft], Some(types::I128), &[arg], span)?[0];
        let (min, max) = if signed {
            (i128::MIN as u128, i128::MAX as u128)
        } else {
            (0, u128::MAX)
        };
        let (min, max, zero) = (
            self.iconst_wide(types::I128, min),
            self.iconst_wide(types::I128, max),
            self.iconst_wide(types::I128, 0),
        );
        // NaN is neither above, below nor inside.
        let r = self.b.ins().select(inside, r, zero);
        let r = self.b.ins().select(below, min, r);
        Ok(self.b.ins().select(above, max, r))
    }

    fn compare(&mut self, op: BinOp, t: &Ty, x: &[Value], y: &[Value], span: Span) -> R<Value> {
        let ne = op == BinOp::Ne;
        match t {
            Ty::Optional(_) => {
                // Against `None`: only the tags matter.
                let cc = if ne { IntCC::NotEqual } else { IntCC::Equal };
                Ok(self.b.ins().icmp(cc, x[0], y[0]))
            }
            Ty::String => {
                let eq = self.string_eq(x, y, span)?;
                Ok(if ne {
                    self.b.ins().bxor_imm_u(eq, 1)
                } else {
                    eq
                })
            }
            Ty::Float(FloatTy::F128) => self.quad_compare(op, x[0], y[0], span),
            Ty::Float(_) => {
                let cc = match op {
                    BinOp::Eq => FloatCC::Equal,
                    BinOp::Ne => FloatCC::NotEqual,
                    BinOp::Lt => FloatCC::LessThan,
                    BinOp::Le => FloatCC::LessThanOrEqual,
                    BinOp::Gt => FloatCC::GreaterThan,
                    _ => FloatCC::GreaterThanOrEqual,
                };
                Ok(self.b.ins().fcmp(cc, x[0], y[0]))
            }
            _ => {
                let s = matches!(t, Ty::Int(i) if i.is_signed());
                let cc = match (op, s) {
                    (BinOp::Eq, _) => IntCC::Equal,
                    (BinOp::Ne, _) => IntCC::NotEqual,
                    (BinOp::Lt, true) => IntCC::SignedLessThan,
                    (BinOp::Le, true) => IntCC::SignedLessThanOrEqual,
                    (BinOp::Gt, true) => IntCC::SignedGreaterThan,
                    (BinOp::Ge, true) => IntCC::SignedGreaterThanOrEqual,
                    (BinOp::Lt, false) => IntCC::UnsignedLessThan,
                    (BinOp::Le, false) => IntCC::UnsignedLessThanOrEqual,
                    (BinOp::Gt, false) => IntCC::UnsignedGreaterThan,
                    _ => IntCC::UnsignedGreaterThanOrEqual,
                };
                Ok(self.b.ins().icmp(cc, x[0], y[0]))
            }
        }
    }

    /// Byte-wise string equality: equal lengths and `memcmp == 0`.
    fn string_eq(&mut self, x: &[Value], y: &[Value], span: Span) -> R<Value> {
        let same_len = self.b.ins().icmp(IntCC::Equal, x[1], y[1]);
        let (x0, y0, n) = (x[0], y[0], x[1]);
        self.branch(
            same_len,
            &Ty::Bool,
            span,
            |f| {
                let r = f.libc(
                    "memcmp",
                    &[types::I64; 3],
                    Some(types::I32),
                    &[x0, y0, n],
                    span,
                )?[0];
                Ok(vec![f.b.ins().icmp_imm_s(IntCC::Equal, r, 0)])
            },
            |f| Ok(vec![f.b.ins().iconst(types::I8, 0)]),
        )
        .map(|v| v[0])
    }

    /// `as`: integers wrap or extend, floats convert (saturating into
    /// integers, NaN to 0), `char` is its code point.
    pub fn cast(&mut self, v: Value, from: &Ty, to: &Ty, span: Span) -> R<Value> {
        let int = |t: &Ty| match t {
            Ty::Int(i) => Some((int_type(*i), i.is_signed())),
            Ty::IntLit => Some((types::I64, true)),
            Ty::Char => Some((types::I32, false)),
            _ => None,
        };
        let float = |t: &Ty| match t {
            Ty::Float(FloatTy::F32) => Some(types::F32),
            Ty::Float(_) | Ty::FloatLit => Some(types::F64),
            _ => None,
        };
        if from == to {
            return Ok(v);
        }
        let quad = Ty::Float(FloatTy::F128);
        if *from == quad || *to == quad {
            return self.quad_cast(v, from, to, span);
        }
        Ok(match (int(from), float(from), int(to), float(to)) {
            (Some((_, s)), _, Some((t, _)), _) => self.resize(v, t, s),
            (Some((ft, s)), _, _, Some(t)) => {
                if ft == types::I128 {
                    // Rounded to nearest by libgcc_s (Cranelift has no
                    // 128-bit `fcvt_from_*` on x64).
                    let name = match (s, t == types::F32) {
                        (true, true) => "__floattisf",
                        (true, false) => "__floattidf",
                        (false, true) => "__floatuntisf",
                        (false, false) => "__floatuntidf",
                    };
                    return Ok(self.libc(name, &[ft], Some(t), &[v], span)?[0]);
                }
                if s {
                    self.b.ins().fcvt_from_sint(t, v)
                } else {
                    self.b.ins().fcvt_from_uint(t, v)
                }
            }
            (_, Some(_), Some((t, s)), _) => {
                if t == types::I128 {
                    return self.float_to_i128(v, s, span);
                }
                if s {
                    self.b.ins().fcvt_to_sint_sat(t, v)
                } else {
                    self.b.ins().fcvt_to_uint_sat(t, v)
                }
            }
            (_, Some(f), _, Some(t)) => {
                if f == t {
                    v
                } else if t == types::F64 {
                    self.b.ins().fpromote(t, v)
                } else {
                    self.b.ins().fdemote(t, v)
                }
            }
            _ => return Err(internal("cast between these types", span)),
        })
    }
}

/// The declaration of the module-scope `const` that `e` names.
fn module_const<'p>(p: &'p silk_lang::Program, e: &Expr) -> Option<&'p silk_lang::ast::ConstDecl> {
    let Some(NameRes::Symbol(s)) = p.name_res(e.id) else {
        return None;
    };
    match &p.item(s)?.kind {
        silk_lang::ast::ItemKind::Const(c) => Some(c),
        _ => None,
    }
}
