//! Module-scope `using` function aliases and named `const` bindings.
//!
//! A `using name = path;` alias is bound in its file's scope to the symbol
//! the path resolves to (like an import), so every call through it records
//! the lexical target as its callee: device operations keep their identity
//! and helper call edges name the target (silk-language §a.2). Aliases may
//! name other aliases of the same file; a cycle is an error.
//!
//! A `const NAME: T = e;` (module scope, or a statement) is a named
//! compile-time scalar: `e` may use only literals, other named constants,
//! operators and `as` casts. Named constants are host-only: device code
//! must write the literal or take the value as a kernel parameter
//! (silk-language §a.3), so a `const` in device code and a use of a
//! module-scope constant from device code are `E4001`.

use super::*;
use std::collections::HashSet;

const CONST_HELP: &str = "write the literal, or pass the value as a kernel parameter";

/// `const NAME ...;` declared in device code.
pub(crate) fn const_in_device_code(span: Span) -> Diagnostic {
    Diagnostic::error(
        codes::BACKEND,
        "named `const` bindings are not supported in GPU code",
    )
    .at(span, "named constant in device code")
    .note("GPU code has no named constants")
    .help(CONST_HELP)
}

/// A use of the module-scope constant `name` (declared at `decl`) in device code.
pub(crate) fn const_use_in_device_code(name: &str, span: Span, decl: Span) -> Diagnostic {
    Diagnostic::error(
        codes::BACKEND,
        format!("named constant `{name}` cannot be used in GPU code"),
    )
    .at(span, "named constant in device code")
    .also(decl, "declared `const` here")
    .help(CONST_HELP)
}

fn scalar(t: &Ty) -> bool {
    matches!(t, Ty::Bool | Ty::Int(_) | Ty::Float(_))
}

/// The named constants an expression refers to, by its recorded names.
fn const_refs(p: &Program, e: &Expr, out: &mut Vec<(SymbolId, Span)>) {
    match &e.kind {
        ExprKind::Name(_) | ExprKind::Path(_) => {
            if let Some(NameRes::Symbol(s)) = p.name_res(e.id) {
                if matches!(p.symbol(s).kind, SymbolKind::Const(_)) {
                    out.push((s, e.span));
                }
            }
        }
        ExprKind::Paren(x) | ExprKind::Unary(_, x) | ExprKind::Cast(x, _) => const_refs(p, x, out),
        ExprKind::Binary(_, a, b) => {
            const_refs(p, a, out);
            const_refs(p, b, out);
        }
        _ => {}
    }
}

impl Checker<'_> {
    /// Bind every file's `using` aliases (after imports, before bodies).
    pub(super) fn resolve_usings(&mut self, files: &[File]) {
        for (fi, file) in files.iter().enumerate() {
            let usings: Vec<&UsingDecl> = file
                .items
                .iter()
                .filter_map(|i| match &i.kind {
                    ItemKind::Using(u) => Some(u),
                    _ => None,
                })
                .collect();
            if usings.is_empty() {
                continue;
            }
            let mut by_name: HashMap<&str, usize> = HashMap::new();
            for (k, u) in usings.iter().enumerate() {
                if let Some(&prev) = by_name.get(u.name.name.as_str()) {
                    self.err(
                        Diagnostic::error(
                            codes::DUPLICATE,
                            format!("`using` alias `{}` is declared more than once", u.name.name),
                        )
                        .at(u.name.span, "declared again here")
                        .also(usings[prev].name.span, "first declared here"),
                    );
                } else {
                    by_name.insert(&u.name.name, k);
                }
            }
            let mut done: Vec<Option<Option<SymbolId>>> = vec![None; usings.len()];
            for k in 0..usings.len() {
                let mut stack = Vec::new();
                self.resolve_using(fi, &usings, &by_name, k, &mut done, &mut stack);
            }
            for (k, u) in usings.iter().enumerate() {
                if by_name.get(u.name.name.as_str()) != Some(&k) {
                    continue;
                }
                if let Some(Some(target)) = done[k] {
                    self.bind_using(fi, &u.name, target);
                }
            }
        }
    }

    /// The function alias `k` of file `fi` names (memoised in `done`).
    fn resolve_using(
        &mut self,
        fi: usize,
        usings: &[&UsingDecl],
        by_name: &HashMap<&str, usize>,
        k: usize,
        done: &mut Vec<Option<Option<SymbolId>>>,
        stack: &mut Vec<usize>,
    ) -> Option<SymbolId> {
        if let Some(r) = done[k] {
            return r;
        }
        let u = usings[k];
        if let Some(at) = stack.iter().position(|&s| s == k) {
            let mut cycle: Vec<String> = stack[at..]
                .iter()
                .map(|&s| format!("`{}`", usings[s].name.name))
                .collect();
            cycle.push(format!("`{}`", u.name.name));
            self.err(
                Diagnostic::error(
                    codes::UNRESOLVED_NAME,
                    format!(
                        "`using` aliases refer to themselves: {}",
                        cycle.join(" -> ")
                    ),
                )
                .at(
                    stack
                        .last()
                        .map(|&c| usings[c].target.span)
                        .unwrap_or(u.name.span),
                    "this alias closes the cycle",
                )
                .note("an alias must lead to a function"),
            );
            for &s in &stack[at..] {
                done[s] = Some(None);
            }
            return None;
        }
        let segs = &u.target.segments;
        let res = if segs.len() == 1 {
            let name = segs[0].name.as_str();
            match by_name.get(name) {
                Some(&other) if other != k => {
                    stack.push(k);
                    let r = self.resolve_using(fi, usings, by_name, other, done, stack);
                    stack.pop();
                    if done[k].is_some() {
                        // Part of a cycle, already reported.
                        return None;
                    }
                    match r {
                        Some(s) => Some(NameRes::Symbol(s)),
                        None => {
                            done[k] = Some(None);
                            return None;
                        }
                    }
                }
                _ => match self.lookup_global(fi, name) {
                    Some(r) => Some(r),
                    None => {
                        let mut candidates: Vec<String> = self.scopes[fi].keys().cloned().collect();
                        candidates.extend(self.p.package(self.file_pkg[fi]).items.keys().cloned());
                        let mut d = Diagnostic::error(
                            codes::UNRESOLVED_NAME,
                            format!("cannot find `{name}` in this scope"),
                        )
                        .at(segs[0].span, "not found");
                        if let Some(s) = closest(name, candidates.iter()) {
                            d = d.help(format!("did you mean `{s}`?"));
                        }
                        self.err(d);
                        None
                    }
                },
            }
        } else {
            self.lookup_path(fi, &u.target)
        };
        let target = match res {
            Some(NameRes::Symbol(s))
                if matches!(
                    self.p.symbol(s).kind,
                    SymbolKind::Fn(_) | SymbolKind::ExtFn(_)
                ) =>
            {
                Some(s)
            }
            None => None,
            Some(other) => {
                let found = match other {
                    NameRes::Package(p) => format!("package `{}`", self.p.package(p).path),
                    NameRes::Symbol(s) => {
                        let sym = self.p.symbol(s);
                        let what = match sym.kind {
                            SymbolKind::Struct(_) => "struct",
                            SymbolKind::Const(_) => "constant",
                            SymbolKind::ExtValue(_) => "external value",
                            _ => "symbol",
                        };
                        format!("{what} `{}`", sym.name)
                    }
                    NameRes::Local(_) => "a local".to_string(),
                };
                self.err(
                    Diagnostic::error(
                        codes::WRONG_KIND,
                        format!(
                            "`using` alias `{}` must name a function, found {found}",
                            u.name.name
                        ),
                    )
                    .at(u.target.span, "not a function")
                    .note("`using name = path;` aliases a function"),
                );
                None
            }
        };
        done[k] = Some(target);
        target
    }

    fn bind_using(&mut self, file: usize, name: &Ident, target: SymbolId) {
        if let Some((_, prev)) = self.scopes[file].get(&name.name) {
            let prev = *prev;
            self.err(
                Diagnostic::error(
                    codes::DUPLICATE,
                    format!("`using` alias `{}` conflicts with an import", name.name),
                )
                .at(name.span, "alias declared here")
                .also(prev, "imported here"),
            );
            return;
        }
        let pkg = self.file_pkg[file];
        if let Some(own) = self.p.package(pkg).items.get(&name.name).copied() {
            let own_span = self.p.symbol(own).span;
            self.err(
                Diagnostic::error(
                    codes::DUPLICATE,
                    format!(
                        "`using` alias `{}` conflicts with a declaration of this package",
                        name.name
                    ),
                )
                .at(name.span, "alias declared here")
                .also(own_span, "declared here"),
            );
            return;
        }
        self.scopes[file].insert(name.name.clone(), (NameRes::Symbol(target), name.span));
    }

    /// A module-scope constant's type (during [`Checker::signatures`]).
    pub(super) fn const_sig(&mut self, file: usize, c: &ConstDecl) -> Ty {
        let Some(t) = &c.ty else {
            self.err(
                Diagnostic::error(
                    codes::MISMATCHED_TYPES,
                    format!("module-scope constant `{}` needs a type", c.name.name),
                )
                .at(c.name.span, "no type")
                .help(format!("write `const {}: <type> = ...;`", c.name.name)),
            );
            return Ty::Error;
        };
        let ty = self.resolve_type(file, t, &[]);
        self.scalar_const_type(&ty, t.span)
    }

    fn scalar_const_type(&mut self, ty: &Ty, span: Span) -> Ty {
        if ty.is_error() || scalar(ty) {
            return ty.clone();
        }
        let shown = self.ty_name(ty);
        self.err(
            Diagnostic::error(
                codes::MISMATCHED_TYPES,
                format!("named constants hold a `bool`, integer or float value, not `{shown}`"),
            )
            .at(span, "not a scalar type"),
        );
        Ty::Error
    }

    /// Check the initializers of module-scope constants, and that none is
    /// defined in terms of itself.
    pub(super) fn const_items(&mut self, files: &[File]) {
        let mut consts = Vec::new();
        for i in 0..self.p.symbols.len() {
            let sym = SymbolId(i as u32);
            let SymbolKind::Const(ty) = self.p.symbol(sym).kind.clone() else {
                continue;
            };
            let decl = self.p.symbol(sym).decl;
            let Some(ItemKind::Const(c)) = files
                .get(decl.file)
                .and_then(|f| f.items.get(decl.item))
                .map(|i| &i.kind)
            else {
                continue;
            };
            let mut ctx = FnCtx {
                file: decl.file,
                name: c.name.name.clone(),
                result: Ty::Void,
                pure: false,
                device: false,
                device_context: false,
                loops: 0,
                scopes: vec![HashMap::new()],
                generics: Vec::new(),
            };
            let t = self.expr(&mut ctx, &c.value);
            if !ty.is_error() {
                self.coerce(&c.value, &t, &ty);
            }
            self.constant_expr(&c.value);
            consts.push((sym, c));
        }
        // Cycles: depth-first over the constants each initializer names.
        let mut state: HashMap<SymbolId, u8> = HashMap::new(); // 1 visiting, 2 done
        let edges: HashMap<SymbolId, Vec<(SymbolId, Span)>> = consts
            .iter()
            .map(|(s, c)| {
                let mut out = Vec::new();
                const_refs(&self.p, &c.value, &mut out);
                (*s, out)
            })
            .collect();
        let mut reported = HashSet::new();
        for (s, _) in &consts {
            let mut stack = Vec::new();
            self.const_cycle(*s, &edges, &mut state, &mut stack, &mut reported);
        }
    }

    fn const_cycle(
        &mut self,
        s: SymbolId,
        edges: &HashMap<SymbolId, Vec<(SymbolId, Span)>>,
        state: &mut HashMap<SymbolId, u8>,
        stack: &mut Vec<SymbolId>,
        reported: &mut HashSet<SymbolId>,
    ) {
        if state.get(&s).copied() == Some(2) {
            return;
        }
        state.insert(s, 1);
        stack.push(s);
        for &(t, span) in edges.get(&s).map(|v| v.as_slice()).unwrap_or(&[]) {
            match state.get(&t).copied() {
                Some(1) => {
                    let at = stack.iter().position(|&x| x == t).unwrap_or(0);
                    if stack[at..].iter().any(|x| reported.contains(x)) {
                        continue;
                    }
                    reported.extend(stack[at..].iter().copied());
                    let mut names: Vec<String> = stack[at..]
                        .iter()
                        .map(|&x| format!("`{}`", self.p.symbol(x).name))
                        .collect();
                    names.push(format!("`{}`", self.p.symbol(t).name));
                    self.err(
                        Diagnostic::error(
                            codes::NOT_CONSTANT,
                            format!(
                                "constants are defined in terms of themselves: {}",
                                names.join(" -> ")
                            ),
                        )
                        .at(span, "this use closes the cycle"),
                    );
                }
                Some(2) => {}
                _ => self.const_cycle(t, edges, state, stack, reported),
            }
        }
        stack.pop();
        state.insert(s, 2);
    }

    /// Report the first part of `e` that is not a compile-time constant.
    fn constant_expr(&mut self, e: &Expr) {
        let bad = match &e.kind {
            ExprKind::Int(_) | ExprKind::Float(_) | ExprKind::Bool(_) | ExprKind::Error => None,
            ExprKind::Paren(x) | ExprKind::Unary(_, x) | ExprKind::Cast(x, _) => {
                return self.constant_expr(x)
            }
            ExprKind::Binary(BinOp::Coalesce, ..) => Some("`??`"),
            ExprKind::Binary(_, a, b) => {
                self.constant_expr(a);
                return self.constant_expr(b);
            }
            ExprKind::Name(_) | ExprKind::Path(_) => match self.p.name_res(e.id) {
                Some(NameRes::Symbol(s))
                    if matches!(self.p.symbol(s).kind, SymbolKind::Const(_)) =>
                {
                    None
                }
                Some(NameRes::Local(l)) if self.const_locals.contains(&l) => None,
                // Unresolved: already reported.
                None => None,
                Some(_) => Some("this name"),
            },
            ExprKind::Call(..) => Some("a call"),
            _ => Some("this expression"),
        };
        if let Some(what) = bad {
            self.err(
                Diagnostic::error(
                    codes::NOT_CONSTANT,
                    "`const` initializer is not a compile-time constant",
                )
                .at(e.span, format!("{what} is not a constant"))
                .note("a constant is built from literals, other named constants, operators and `as` casts"),
            );
        }
    }

    /// `const NAME = e;` in a block.
    pub(super) fn const_stmt(&mut self, ctx: &mut FnCtx, s: &Stmt, c: &ConstDecl) {
        if ctx.device_context {
            self.err(const_in_device_code(s.span));
        }
        let declared = c.ty.as_ref().map(|t| {
            (
                self.resolve_type(ctx.file, t, &ctx.generics.clone()),
                t.span,
            )
        });
        let t = self.expr(ctx, &c.value);
        let ty = match declared {
            Some((d, span)) => {
                self.coerce(&c.value, &t, &d);
                self.scalar_const_type(&d, span)
            }
            None => {
                let d = t.defaulted();
                self.settle(&c.value, &d);
                self.scalar_const_type(&d, c.value.span)
            }
        };
        self.constant_expr(&c.value);
        let local = self.add_local(ctx, &c.name, ty, false);
        // Back ends find the constant's local by its initializer.
        self.p.bindings.insert(c.value.id, local);
        self.const_locals.insert(local);
    }

    /// The device rule at a use of a module-scope constant.
    pub(super) fn const_use(&mut self, ctx: &FnCtx, e: &Expr, res: NameRes) {
        let NameRes::Symbol(s) = res else {
            return;
        };
        if !ctx.device_context || !matches!(self.p.symbol(s).kind, SymbolKind::Const(_)) {
            return;
        }
        let sym = self.p.symbol(s);
        let d = const_use_in_device_code(&sym.name, e.span, sym.span);
        self.err(d);
    }
}
