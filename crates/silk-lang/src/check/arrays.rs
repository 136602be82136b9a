//! Fixed-size arrays `T[N]` and slices `T[]`: array literals, indexing,
//! `len`, `for x in items`, and the rules that keep a slice (a view of
//! memory it does not own) from outliving the array it views: no function
//! returns one and no struct field holds one, and elements are written
//! only through the array, never through a slice.

use super::*;

impl Checker<'_> {
    /// `[a, b, c]`: every element has the first typed element's type (or
    /// they are all literals, typed later by the context).
    pub(super) fn array_lit(&mut self, ctx: &mut FnCtx, e: &Expr, items: &[Expr]) -> Ty {
        let tys: Vec<Ty> = items.iter().map(|x| self.expr(ctx, x)).collect();
        if items.is_empty() {
            self.err(
                Diagnostic::error(
                    codes::MISMATCHED_TYPES,
                    "an array literal needs at least one element",
                )
                .at(e.span, "empty array literal")
                .help("declare the array with its type: `var items: int[4];` starts all zeros"),
            );
            return Ty::Error;
        }
        if tys.iter().any(Ty::is_error) {
            return Ty::Error;
        }
        let elem = match tys.iter().find(|t| !t.is_literal() && **t != Ty::NoneLit) {
            Some(t) => t.clone(),
            None if tys.contains(&Ty::FloatLit) => Ty::FloatLit,
            None => tys[0].clone(),
        };
        if matches!(elem, Ty::Void | Ty::NoneLit) {
            let what = if elem == Ty::Void {
                "an array element must have a value"
            } else {
                "cannot infer the element type of an array of `None`"
            };
            self.err(
                Diagnostic::error(codes::MISMATCHED_TYPES, what)
                    .at(items[0].span, "no element type")
                    .help("declare the array's type: `let xs: int?[2] = [None, None];`"),
            );
            return Ty::Error;
        }
        for (x, t) in items.iter().zip(&tys) {
            if !(elem == Ty::FloatLit && *t == Ty::IntLit) {
                self.coerce(x, t, &elem);
            }
        }
        Ty::Array(Box::new(elem), items.len() as u64)
    }

    /// `items[index]`: an element of an array or a slice.
    pub(super) fn index(&mut self, ctx: &mut FnCtx, base: &Expr, index: &Expr) -> Ty {
        let mut bt = self.expr(ctx, base);
        if let Ty::Array(t, _) = &bt {
            if t.is_literal() {
                // `[1, 2][k]`: the literal's elements default here.
                bt = bt.clone().defaulted();
                self.settle(base, &bt);
            }
        }
        let it = self.expr(ctx, index);
        match &it {
            Ty::IntLit => self.settle(index, &Ty::Int(IntTy::Int)),
            Ty::Int(_) | Ty::Error => {}
            other => {
                let shown = self.ty_name(other);
                self.err(
                    Diagnostic::error(
                        codes::MISMATCHED_TYPES,
                        format!("an index must be an integer, found `{shown}`"),
                    )
                    .at(index.span, "not an integer"),
                );
            }
        }
        match bt.strip_ref() {
            Ty::Array(t, n) => {
                if let Some(k) = constant_index(index) {
                    if k < 0 || k as u128 >= u128::from(*n) {
                        let shown = self.ty_name(bt.strip_ref());
                        let note = if *n == 0 {
                            "the array is empty".to_string()
                        } else {
                            format!("valid indices are 0 to {}", n - 1)
                        };
                        self.err(
                            Diagnostic::error(
                                codes::MISMATCHED_TYPES,
                                format!("index {k} is out of range for `{shown}`"),
                            )
                            .at(index.span, "out of range")
                            .note(note),
                        );
                    }
                }
                (**t).clone()
            }
            Ty::Slice(t) => (**t).clone(),
            Ty::Error => Ty::Error,
            other => {
                let shown = self.ty_name(other);
                self.err(
                    Diagnostic::error(
                        codes::INVALID_OPERANDS,
                        format!("cannot index a value of type `{shown}`"),
                    )
                    .at(base.span, "not an array or a slice")
                    .note("`[...]` indexes fixed-size arrays `T[N]` and slices `T[]`"),
                );
                Ty::Error
            }
        }
    }

    /// `for name in items { body }`: `name` is each element in turn, an
    /// immutable binding of the element type.
    pub(super) fn for_stmt(
        &mut self,
        ctx: &mut FnCtx,
        id: ExprId,
        name: &Ident,
        items: &Expr,
        body: &Block,
    ) {
        let t = self.expr(ctx, items);
        let elem = match t.strip_ref() {
            Ty::Array(inner, n) => {
                let settled = Ty::Array(Box::new((**inner).clone().defaulted()), *n);
                self.settle(items, &settled);
                (**inner).clone().defaulted()
            }
            Ty::Slice(inner) => (**inner).clone(),
            Ty::Error => Ty::Error,
            other => {
                let shown = self.ty_name(other);
                self.err(
                    Diagnostic::error(
                        codes::MISMATCHED_TYPES,
                        format!("`for` needs an array or a slice, found `{shown}`"),
                    )
                    .at(items.span, "not an array or a slice")
                    .help("loop over a range with `while`"),
                );
                Ty::Error
            }
        };
        ctx.scopes.push(HashMap::new());
        let local = self.add_local(ctx, name, elem, false);
        self.p.bindings.insert(id, local);
        ctx.loops += 1;
        self.block(ctx, body);
        ctx.loops -= 1;
        ctx.scopes.pop();
    }

    /// Gives an array literal (or an `if` or parentheses around one) of
    /// untyped literals its final element type.
    pub(super) fn settle_array(&mut self, e: &Expr, t: &Ty) {
        let (Ty::Array(elem, _) | Ty::Slice(elem)) = t else {
            return;
        };
        let Some(Ty::Array(cur, n)) = self.p.expr_types.get(&e.id).cloned() else {
            return;
        };
        if !cur.is_literal() || !cur.coerces_to(elem) {
            return;
        }
        self.p.expr_types.insert(e.id, Ty::Array(elem.clone(), n));
        match &e.kind {
            ExprKind::ArrayLit(items) => {
                for x in items {
                    self.settle(x, elem);
                }
            }
            ExprKind::Paren(x) => self.settle_array(x, t),
            ExprKind::If(_, a, b) => {
                self.settle_array(a, t);
                self.settle_array(b, t);
            }
            _ => {}
        }
    }

    /// A slice may not leave the function whose array it views: rejected
    /// as a function result and as a struct field.
    pub(super) fn no_slice(&mut self, ty: &Ty, span: Span, what: &str) {
        if ty.holds_slice() {
            let shown = self.ty_name(ty);
            self.err(
                Diagnostic::error(
                    codes::MISMATCHED_TYPES,
                    format!("{what} cannot hold a slice (`{shown}`)"),
                )
                .at(span, "a slice views an array it does not own")
                .help("use a fixed-size array `T[N]`, which is copied by value"),
            );
        }
    }

    /// Element writes go through an array place: `a[i] = v` on an array
    /// local (or a `&T[N]` parameter), never through a slice, and an
    /// array's `len` is not a place. Reports and returns false otherwise.
    pub(super) fn array_place_ok(&mut self, target: &Expr) -> bool {
        let mut e = target;
        loop {
            match &e.kind {
                ExprKind::Paren(x) => e = x,
                ExprKind::Field(base, name) => {
                    let bt = self.p.expr_types.get(&base.id).cloned();
                    if let Some(Ty::Array(..)) = bt.as_ref().map(Ty::strip_ref) {
                        self.err(
                            Diagnostic::error(
                                codes::IMMUTABLE,
                                format!("cannot assign to `{}` of an array", name.name),
                            )
                            .at(target.span, "an array's length is fixed by its type"),
                        );
                        return false;
                    }
                    e = base;
                }
                ExprKind::Index(base, _) => {
                    let bt = self.p.expr_types.get(&base.id).cloned();
                    if let Some(Ty::Slice(_)) = bt.as_ref().map(Ty::strip_ref) {
                        self.err(
                            Diagnostic::error(
                                codes::IMMUTABLE,
                                "cannot assign through a slice",
                            )
                            .at(target.span, "slices are read-only views")
                            .help("take the array as `mut items: &T[N]`, or return the changed array"),
                        );
                        return false;
                    }
                    e = base;
                }
                _ => return true,
            }
        }
    }
}

/// The value of an index that is an integer literal (or its negation).
fn constant_index(e: &Expr) -> Option<i128> {
    match &e.kind {
        ExprKind::Int(Some(v)) => i128::try_from(*v).ok(),
        ExprKind::Paren(x) => constant_index(x),
        ExprKind::Unary(UnOp::Neg, x) => constant_index(x).map(|v| -v),
        _ => None,
    }
}
