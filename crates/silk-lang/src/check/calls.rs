//! Checking calls: what a call resolves to, its arguments, method
//! receivers, the rules of calls across the host/device boundary, and the
//! `gpu (...) { kernel(args); }` launch form.

use super::*;

impl Checker<'_> {
    pub(super) fn call(
        &mut self,
        ctx: &mut FnCtx,
        call: &Expr,
        callee: &Expr,
        args: &[Expr],
    ) -> Ty {
        if let ExprKind::Name(n) = &callee.kind {
            if n.name == "assert"
                && self.lookup_local(ctx, "assert").is_none()
                && self.lookup_global(ctx.file, "assert").is_none()
            {
                return self.assert_call(ctx, call, args);
            }
        }
        // Work out what is called.
        let target: Option<(Callee, Option<SymbolId>)> = match &callee.kind {
            ExprKind::Name(_) | ExprKind::Path(_) => match self.resolve_expr_name(ctx, callee) {
                Some(NameRes::Symbol(s)) => match &self.p.symbol(s).kind {
                    SymbolKind::Fn(_) | SymbolKind::ExtFn(_) => Some((Callee::Direct(s), Some(s))),
                    SymbolKind::ExtValue(Ty::Fn(..)) => Some((Callee::Indirect, None)),
                    SymbolKind::Struct(_) => {
                        let name = self.p.symbol(s).name.clone();
                        self.err(
                            Diagnostic::error(
                                codes::NOT_CALLABLE,
                                format!("`{name}` is a struct, not a function"),
                            )
                            .at(callee.span, "not callable")
                            .help(format!("construct it with `{name}{{ field: value }}`")),
                        );
                        None
                    }
                    _ => {
                        let name = self.p.symbol(s).name.clone();
                        self.err(
                            Diagnostic::error(
                                codes::NOT_CALLABLE,
                                format!("`{name}` is not a function"),
                            )
                            .at(callee.span, "not callable"),
                        );
                        None
                    }
                },
                Some(NameRes::Local(l)) => {
                    let t = self.p.local(l).ty.clone();
                    if matches!(t, Ty::Fn(..)) {
                        self.record(callee, t);
                        Some((Callee::Indirect, None))
                    } else {
                        let name = self.p.local(l).name.clone();
                        let shown = self.ty_name(&t);
                        self.err(
                            Diagnostic::error(
                                codes::NOT_CALLABLE,
                                format!("`{name}` is not a function"),
                            )
                            .at(callee.span, format!("has type `{shown}`")),
                        );
                        None
                    }
                }
                Some(NameRes::Package(p)) => {
                    let path = self.p.package(p).path.clone();
                    self.err(
                        Diagnostic::error(
                            codes::NOT_CALLABLE,
                            format!("package `{path}` is not a function"),
                        )
                        .at(callee.span, "not callable"),
                    );
                    None
                }
                None => None,
            },
            ExprKind::Field(base, name) => {
                if let Some(pkg) = self.peek_namespace(ctx, base) {
                    self.p.names.insert(base.id, NameRes::Package(pkg));
                    match self.package_member(ctx.file, pkg, name) {
                        Some(s)
                            if matches!(
                                self.p.symbol(s).kind,
                                SymbolKind::Fn(_) | SymbolKind::ExtFn(_)
                            ) =>
                        {
                            self.p.names.insert(callee.id, NameRes::Symbol(s));
                            Some((Callee::Direct(s), Some(s)))
                        }
                        Some(s) => {
                            let n = self.p.symbol(s).name.clone();
                            self.err(
                                Diagnostic::error(
                                    codes::NOT_CALLABLE,
                                    format!("`{n}` is not a function"),
                                )
                                .at(callee.span, "not callable"),
                            );
                            None
                        }
                        None => None,
                    }
                } else if let Some(sid) = self.peek_struct(ctx, base) {
                    self.method_lookup(ctx, sid, name, false)
                        .map(|s| (Callee::Direct(s), Some(s)))
                } else {
                    let bt = self.expr(ctx, base);
                    match bt.strip_ref().clone() {
                        Ty::Struct(sid)
                            if self.p.structs[sid.0 as usize]
                                .methods
                                .contains_key(&name.name) =>
                        {
                            let found = self.method_lookup(ctx, sid, name, true);
                            if let Some(m) = found {
                                self.receiver_mutability(ctx, m, base);
                            }
                            found.map(|s| (Callee::Method(s), Some(s)))
                        }
                        Ty::Error => None,
                        _ => {
                            let ft = self.field_ty(&bt, name, callee.span);
                            if matches!(ft, Ty::Fn(..)) {
                                self.record(callee, ft);
                                Some((Callee::Indirect, None))
                            } else {
                                if !ft.is_error() {
                                    let shown = self.ty_name(&ft);
                                    self.err(
                                        Diagnostic::error(
                                            codes::NOT_CALLABLE,
                                            format!("field `{}` is not a function", name.name),
                                        )
                                        .at(callee.span, format!("has type `{shown}`")),
                                    );
                                }
                                None
                            }
                        }
                    }
                }
            }
            _ => {
                let t = self.expr(ctx, callee);
                match t {
                    Ty::Fn(..) => Some((Callee::Indirect, None)),
                    Ty::Error => None,
                    other => {
                        let shown = self.ty_name(&other);
                        self.err(
                            Diagnostic::error(
                                codes::NOT_CALLABLE,
                                format!("`{shown}` values are not callable"),
                            )
                            .at(callee.span, "not a function"),
                        );
                        None
                    }
                }
            }
        };
        let Some((kind, sym)) = target else {
            for a in args {
                self.expr(ctx, a);
            }
            return Ty::Error;
        };
        self.p.calls.insert(call.id, kind);
        // Parameter list.
        let (params, result, name) = match sym {
            Some(s) => {
                let sig = self
                    .p
                    .symbol(s)
                    .fn_sig()
                    .cloned()
                    .unwrap_or_else(placeholder_sig);
                let params = if matches!(kind, Callee::Method(_)) || sig.has_self {
                    sig.call_params().to_vec()
                } else {
                    sig.params.clone()
                };
                (params, sig.result.clone(), self.p.symbol(s).name.clone())
            }
            None => {
                let t = self
                    .p
                    .expr_types
                    .get(&callee.id)
                    .cloned()
                    .unwrap_or(Ty::Error);
                let Ty::Fn(ps, r) = t else {
                    for a in args {
                        self.expr(ctx, a);
                    }
                    return Ty::Error;
                };
                let params = ps
                    .into_iter()
                    .enumerate()
                    .map(|(k, ty)| ParamSig {
                        name: format!("arg{k}"),
                        ty,
                        mutable: false,
                        variadic: false,
                        has_default: false,
                        span: callee.span,
                    })
                    .collect();
                (params, *r, "function value".to_string())
            }
        };
        self.args(ctx, call, &name, &params, args);
        if let Some(s) = sym {
            self.call_rules(ctx, s, callee.span);
        }
        result
    }

    pub(super) fn args(
        &mut self,
        ctx: &mut FnCtx,
        call: &Expr,
        name: &str,
        params: &[ParamSig],
        args: &[Expr],
    ) {
        let variadic = params.last().filter(|p| p.variadic).cloned();
        let fixed = if variadic.is_some() {
            &params[..params.len() - 1]
        } else {
            params
        };
        let required = fixed.iter().filter(|p| !p.has_default).count();
        let ok = args.len() >= required && (variadic.is_some() || args.len() <= fixed.len());
        if !ok {
            let expect = if variadic.is_some() {
                format!("at least {required}")
            } else if required == fixed.len() {
                format!("{required}")
            } else {
                format!("{required} to {}", fixed.len())
            };
            let plural = if expect == "1" { "" } else { "s" };
            self.err(
                Diagnostic::error(
                    codes::ARITY,
                    format!(
                        "`{name}` takes {expect} argument{plural} but {} {} given",
                        args.len(),
                        if args.len() == 1 { "was" } else { "were" }
                    ),
                )
                .at(call.span, "wrong number of arguments"),
            );
        }
        for (k, a) in args.iter().enumerate() {
            let t = self.expr(ctx, a);
            let want = match fixed.get(k) {
                Some(p) => Some(p.ty.clone()),
                None => variadic.as_ref().map(|v| match &v.ty {
                    Ty::Slice(inner) => (**inner).clone(),
                    other => other.clone(),
                }),
            };
            if let Some(w) = want {
                self.coerce(a, &t, &w);
            }
        }
    }

    pub(super) fn method_lookup(
        &mut self,
        ctx: &FnCtx,
        sid: StructId,
        name: &Ident,
        instance: bool,
    ) -> Option<SymbolId> {
        let info = &self.p.structs[sid.0 as usize];
        let sname = info.name.clone();
        let Some(m) = info.methods.get(&name.name).copied() else {
            let names: Vec<String> = info.methods.keys().cloned().collect();
            let mut d = Diagnostic::error(
                codes::UNKNOWN_MEMBER,
                format!("no method `{}` on `{sname}`", name.name),
            )
            .at(name.span, "unknown method");
            if let Some(s) = closest(&name.name, names.iter()) {
                d = d.help(format!("did you mean `{s}`?"));
            }
            self.err(d);
            return None;
        };
        let sym = self.p.symbol(m);
        if !sym.exported && sym.package != self.file_pkg[ctx.file] {
            let decl = sym.span;
            self.err(
                Diagnostic::error(
                    codes::PRIVATE,
                    format!("method `{}` of `{sname}` is not `public`", name.name),
                )
                .at(name.span, "private method")
                .also(decl, "declared here"),
            );
            return None;
        }
        let has_self = sym.fn_sig().is_some_and(|s| s.has_self);
        if has_self != instance {
            let msg = if instance {
                format!(
                    "`{sname}.{}` is a static method; call it on the type: `{sname}.{}(...)`",
                    name.name, name.name
                )
            } else {
                format!(
                    "`{}` is an instance method of `{sname}`; call it on a value",
                    name.name
                )
            };
            self.err(
                Diagnostic::error(codes::WRONG_KIND, msg).at(name.span, "wrong kind of method"),
            );
            return None;
        }
        Some(m)
    }

    /// `mut self` methods need a mutable receiver.
    pub(super) fn receiver_mutability(&mut self, ctx: &FnCtx, method: SymbolId, base: &Expr) {
        let mutating = self
            .p
            .symbol(method)
            .fn_sig()
            .and_then(|s| s.params.first())
            .is_some_and(|p| p.mutable);
        if !mutating {
            return;
        }
        if let (ExprKind::Name(n), Some(l)) = (
            &base.kind,
            self.lookup_local(
                ctx,
                match &base.kind {
                    ExprKind::Name(n) => &n.name,
                    _ => "",
                },
            ),
        ) {
            let local = self.p.local(l);
            if !local.mutable {
                let decl = local.span;
                let mname = self.p.symbol(method).name.clone();
                self.err(
                    Diagnostic::error(
                        codes::IMMUTABLE,
                        format!(
                            "cannot call mutating method `{mname}` on immutable binding `{}`",
                            n.name
                        ),
                    )
                    .at(base.span, "immutable")
                    .also(decl, "declared here")
                    .help(format!("declare it with `var {}`", n.name)),
                );
            }
        }
    }

    /// Purity and execution-placement rules at a call edge.
    pub(super) fn call_rules(&mut self, ctx: &FnCtx, callee: SymbolId, span: Span) {
        let sym = self.p.symbol(callee);
        let Some(sig) = sym.fn_sig() else {
            return;
        };
        let name = sym.name.clone();
        let callee_pure = sig.pure;
        let callee_device = sig.device;
        let callee_const = sig.is_const;
        let is_ext = sym.is_ext();
        let module = self.p.std_module_of(callee).map(str::to_string);
        let decl = sym.span;
        let intrinsic = is_ext && name.starts_with(INTRINSIC_PREFIX);
        // Compiler-classified device intrinsics: std::gpu::isa's declarations,
        // and root-package declarations in a standalone AMDGPU object build.
        let device_intrinsic = intrinsic
            && (module.as_deref() == Some("std::gpu::isa")
                || (self.p.options.mode == Mode::AmdgpuObject
                    && self.p.package(sym.package).origin == PackageOrigin::Root));

        if ctx.pure && !callee_pure {
            let what = if is_ext {
                "external function"
            } else {
                "impure function"
            };
            self.err(
                Diagnostic::error(
                    codes::PURITY,
                    format!("pure function `{}` cannot call {what} `{name}`", ctx.name),
                )
                .at(span, "impure call")
                .also(decl, "declared without `pure` here")
                .note("a `pure fn` may call only `pure fn` functions; `ext` functions are impure"),
            );
            return;
        }
        if module.as_deref() == Some("std::gpu::isa") && !is_ext && !ctx.device {
            self.err(
                Diagnostic::error(
                    codes::BACKEND,
                    format!("`std::gpu::isa` function `{name}` can only be called from `attr(device=gpu)` functions"),
                )
                .at(span, "called outside an `attr(device=gpu)` function")
                .help(format!("add `attr(device=gpu)` to `{}`", ctx.name)),
            );
            return;
        }
        if callee_device && !ctx.device_context {
            let (msg, help) = if module.as_deref() == Some("std::gpu::device") {
                (
                    format!("device operation `{name}` cannot be called from host code"),
                    "call it from an `attr(device=gpu)` function".to_string(),
                )
            } else {
                (
                    format!("GPU function `{name}` cannot be called directly from host code"),
                    format!("launch it with `gpu (grid=…, workspace=…) {{ {name}(…); }}`"),
                )
            };
            self.err(
                Diagnostic::error(codes::BACKEND, msg)
                    .at(span, "host call of a GPU function")
                    .also(decl, "declared `attr(device=gpu)` here")
                    .help(help),
            );
            return;
        }
        if ctx.device && !callee_pure && !callee_device && !device_intrinsic {
            let mut d = Diagnostic::error(
                codes::BACKEND,
                format!(
                    "GPU function `{}` cannot call host function `{name}`",
                    ctx.name
                ),
            )
            .at(span, "host call from device code")
            .also(decl, "host function declared here");
            if intrinsic {
                d = d.note("raw `__silk_amdgpu_*` intrinsics belong to standalone `--kind object` AMDGPU builds")
                    .help("import the typed wrapper from \"std/gpu/isa\"");
            } else {
                d = d.help(format!(
                    "declare `{name}` as `pure fn` or `attr(device=gpu)`"
                ));
            }
            self.err(d);
            return;
        }
        if ctx.device && callee_const && !callee_pure {
            self.err(
                Diagnostic::error(
                    codes::BACKEND,
                    format!("`const fn` `{name}` cannot be called at run time from GPU code"),
                )
                .at(span, "run-time call of a `const fn`"),
            );
        }
    }

    /// The built-in `assert(cond)` / `assert(cond, "message")`.
    fn assert_call(&mut self, ctx: &mut FnCtx, call: &Expr, args: &[Expr]) -> Ty {
        self.p.calls.insert(call.id, Callee::Assert);
        let want = [Ty::Bool, Ty::String];
        for (a, w) in args.iter().zip(&want) {
            let t = self.expr(ctx, a);
            self.coerce(a, &t, w);
        }
        if args.is_empty() || args.len() > 2 {
            self.err(
                Diagnostic::error(
                    codes::ARITY,
                    format!(
                        "`assert` takes a condition and an optional message, found {} arguments",
                        args.len()
                    ),
                )
                .at(
                    call.span,
                    "expected `assert(cond)` or `assert(cond, \"message\")`",
                ),
            );
        }
        if ctx.device_context {
            self.err(
                Diagnostic::error(codes::BACKEND, "`assert` is not available in device code")
                    .at(call.span, "assertion in device code"),
            );
        }
        Ty::Void
    }

    pub(super) fn launch(&mut self, ctx: &mut FnCtx, l: &LaunchBlock) -> Ty {
        let result = self
            .p
            .package_by_path("std::gpu")
            .and_then(|p| self.p.package(p).items.get("DispatchResult").copied())
            .and_then(|s| match self.p.symbol(s).kind {
                SymbolKind::Struct(id) => Some(Ty::Struct(id)),
                _ => None,
            })
            .unwrap_or(Ty::Error);
        let u64_ = Ty::Int(IntTy::U64);
        for e in [&l.grid, &l.workspace].into_iter().flatten() {
            let t = self.expr(ctx, e);
            self.coerce(e, &t, &u64_);
        }
        if self.p.options.nostd {
            self.err(
                Diagnostic::error(
                    codes::BACKEND,
                    "`gpu` launch blocks require the standard library",
                )
                .at(l.keyword, "launch block in a `--nostd` build")
                .help("remove `--nostd`, or call the kernel through your own runtime"),
            );
            return Ty::Error;
        }
        if ctx.device_context {
            self.err(
                Diagnostic::error(
                    codes::BACKEND,
                    "`gpu` launch blocks cannot be used in device code",
                )
                .at(l.keyword, "launch from device code")
                .note("launch blocks are blocking host operations"),
            );
            return result;
        }
        if ctx.pure {
            self.err(
                Diagnostic::error(
                    codes::PURITY,
                    format!("pure function `{}` cannot launch GPU work", ctx.name),
                )
                .at(l.keyword, "launch in a pure function"),
            );
        }
        let Some(call) = &l.call else {
            return result;
        };
        let ExprKind::Call(callee, args) = &call.kind else {
            return result;
        };
        let ExprKind::Name(name) = &callee.kind else {
            return result;
        };
        let sym = match self.lookup_local(ctx, &name.name) {
            Some(_) => None,
            None => self.lookup_global(ctx.file, &name.name),
        };
        let sym = match sym {
            Some(NameRes::Symbol(s)) if matches!(self.p.symbol(s).kind, SymbolKind::Fn(_)) => s,
            None if self.lookup_local(ctx, &name.name).is_none() => {
                self.unresolved(ctx, name);
                for a in args {
                    self.expr(ctx, a);
                }
                return result;
            }
            _ => {
                self.err(
                    Diagnostic::error(codes::BACKEND, format!("`{}` is not a GPU function", name.name))
                        .at(callee.span, "not a launchable GPU entry")
                        .note("the body of a launch block calls a root-package `attr(device=gpu)` function"),
                );
                for a in args {
                    self.expr(ctx, a);
                }
                return result;
            }
        };
        self.p.names.insert(callee.id, NameRes::Symbol(sym));
        self.p.calls.insert(call.id, Callee::Direct(sym));
        let s = self.p.symbol(sym).clone();
        let sig = s.fn_sig().cloned().unwrap_or_else(placeholder_sig);
        if !sig.device {
            self.err(
                Diagnostic::error(
                    codes::BACKEND,
                    format!("`{}` is not a GPU function", s.name),
                )
                .at(callee.span, "launch target")
                .also(s.span, "declared without `attr(device=gpu)`")
                .help(format!("add `attr(device=gpu)` to `{}`", s.name)),
            );
        } else if self.p.package(s.package).origin != PackageOrigin::Root {
            let path = self.p.package(s.package).path.clone();
            self.err(
                Diagnostic::error(
                    codes::BACKEND,
                    format!("`{}` belongs to dependency package `{path}`; only root-package GPU entries can be launched", s.name),
                )
                .at(callee.span, "not in the executable's GPU bundle"),
            );
        } else if !launchable(&sig) {
            self.err(
                Diagnostic::error(codes::BACKEND, format!("`{}` is a GPU helper, not a launchable entry", s.name))
                    .at(callee.span, "launch target")
                    .also(s.span, "declared here")
                    .note("launchable entries take 0 to 32 immutable `u64` parameters without defaults and return `void`"),
            );
        }
        self.args(ctx, call, &s.name, &sig.params, args);
        self.record(call, Ty::Void);
        self.record(callee, Ty::Error);
        result
    }
}
