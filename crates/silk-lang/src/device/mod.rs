//! Application device code: the `attr(device=gpu)` functions of a host
//! program, their call graph, and their lowering to device IR
//! (`silk-gpu-ir`). Target-neutral: nothing here knows AMDGPU.
//!
//! [`discover`] finds the launchable entries (`attr(device=gpu)`
//! root-package functions returning `void` with 0–32 immutable `u64`
//! parameters, silk-language §a.3) and walks the calls each one reaches,
//! rejecting at the call edge what cannot run on the device: indirect and
//! method calls, dependency-package and `std` helper bodies, `const fn`,
//! host functions and recursion (the diagnostic names the cycle).
//! [`lower_entry`] turns one entry and its helpers into a module: the
//! entry is the kernel, every helper a device function (a `pure fn` gets
//! its own device copy; it stays callable from the host).

mod lower;
mod ops;

use crate::check::{launchable, MAX_ENTRY_PARAMS};
use crate::diag::{codes, Diagnostic, Diagnostics};
use crate::program::{Callee, PackageOrigin, Program, SymbolId, SymbolKind};
use crate::source::Span;
use silk_gpu_ir::Module;
use std::collections::HashSet;

pub use lower::lower_entry;

/// The longest kernel name a code object may carry (silk-language §a.3).
pub const MAX_ENTRY_NAME_BYTES: usize = 255;

/// One launchable entry and the root-package helpers it reaches.
#[derive(Clone, Debug, PartialEq)]
pub struct DeviceEntry {
    pub symbol: SymbolId,
    pub name: String,
    /// The `u64` parameter names, in order.
    pub params: Vec<String>,
    /// The declaration's name.
    pub span: Span,
    /// Reachable helpers, each once, callees before callers.
    pub helpers: Vec<SymbolId>,
}

impl DeviceEntry {
    /// Bytes of explicit kernel arguments (one `u64` slot per parameter).
    pub fn explicit_kernarg_size(&self) -> u32 {
        8 * self.params.len() as u32
    }
}

/// The device part of a program.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct DeviceGraph {
    pub entries: Vec<DeviceEntry>,
    /// Root-package `attr(device=gpu)` functions that are not launchable.
    pub helpers: Vec<SymbolId>,
}

/// What a call in device code invokes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DeviceCall {
    /// A `std::gpu::device` operation, by its declared name.
    Op(SymbolId),
    /// A root-package helper with a body.
    Helper(SymbolId),
}

/// Classify the callee of `call` (already checked by the checker), or the
/// E4001 diagnostic that rejects it at the call edge.
pub(crate) fn classify_call(
    p: &Program,
    call: &crate::ast::Expr,
    callee: &crate::ast::Expr,
) -> Result<DeviceCall, Diagnostic> {
    let unsupported = |msg: String, label: &str| {
        Diagnostic::error(codes::BACKEND, msg).at(callee.span, label.to_string())
    };
    let sym = match p.callee(call.id) {
        Some(Callee::Direct(s)) => s,
        Some(Callee::Method(_)) => {
            return Err(unsupported(
                "method calls are not supported in GPU code".into(),
                "method call",
            ))
        }
        Some(Callee::Assert) => {
            return Err(unsupported(
                "`assert` is not supported in GPU code".into(),
                "assertion",
            ))
        }
        Some(Callee::Indirect) | None => {
            return Err(unsupported(
                "indirect calls are not supported in GPU code".into(),
                "call through a value",
            )
            .note("device calls must name a root-package function directly"))
        }
    };
    let s = p.symbol(sym);
    let pkg = p.package(s.package);
    if pkg.path == "std::gpu::device" {
        return Ok(DeviceCall::Op(sym));
    }
    let name = &s.name;
    match pkg.origin {
        PackageOrigin::Std => {
            return Err(unsupported(
                format!("`{}::{name}` cannot be called from GPU code", pkg.path),
                "standard-library call in device code",
            )
            .note("device code may call `std::gpu::device` operations and root-package helpers"))
        }
        PackageOrigin::Dependency => {
            return Err(unsupported(
                format!(
                    "GPU code cannot call `{name}` of dependency package `{}`",
                    pkg.path
                ),
                "dependency-package call",
            )
            .also(s.span, "declared here")
            .note("only root-package functions are compiled for the device"))
        }
        PackageOrigin::Root => {}
    }
    let sig = match &s.kind {
        SymbolKind::Fn(sig) => sig,
        SymbolKind::Method { .. } => {
            return Err(unsupported(
                format!("method `{name}` cannot be called from GPU code"),
                "method call",
            ))
        }
        _ => {
            return Err(unsupported(
                format!("external function `{name}` cannot be called from GPU code"),
                "external call",
            )
            .also(s.span, "declared here"))
        }
    };
    if sig.is_const {
        return Err(unsupported(
            format!("`const fn` `{name}` cannot be called at run time from GPU code"),
            "run-time call of a `const fn`",
        )
        .also(s.span, "declared `const` here"));
    }
    if !sig.device && !sig.pure {
        return Err(unsupported(
            format!("GPU code cannot call host function `{name}`"),
            "host call from device code",
        )
        .also(s.span, "host function declared here")
        .help(format!(
            "declare `{name}` as `pure fn` or `attr(device=gpu)`"
        )));
    }
    if !sig.has_body {
        return Err(
            unsupported(format!("GPU helper `{name}` has no body"), "called here")
                .also(s.span, "declared without a body"),
        );
    }
    Ok(DeviceCall::Helper(sym))
}

/// Every call expression under `b`, in source order, with its callee.
fn calls_in_block<'a>(
    b: &'a crate::ast::Block,
    out: &mut Vec<(&'a crate::ast::Expr, &'a crate::ast::Expr)>,
) {
    use crate::ast::StmtKind as S;
    for s in &b.stmts {
        match &s.kind {
            S::Let { init, .. } => {
                if let Some(e) = init {
                    calls_in_expr(e, out);
                }
            }
            S::Const(c) => calls_in_expr(&c.value, out),
            S::Assign { target, value, .. } => {
                calls_in_expr(target, out);
                calls_in_expr(value, out);
            }
            S::Expr(e) => calls_in_expr(e, out),
            S::If {
                cond,
                then,
                otherwise,
            } => {
                calls_in_expr(cond, out);
                calls_in_block(then, out);
                if let Some(o) = otherwise {
                    calls_in_block(o, out);
                }
            }
            S::While { cond, body } => {
                calls_in_expr(cond, out);
                calls_in_block(body, out);
            }
            S::For { items, body, .. } => {
                calls_in_expr(items, out);
                calls_in_block(body, out);
            }
            S::Loop(body) | S::Block(body) => calls_in_block(body, out),
            S::Return(Some(e)) => calls_in_expr(e, out),
            S::Return(None) | S::Break | S::Continue | S::Launch(_) | S::Error => {}
        }
    }
}

fn calls_in_expr<'a>(
    e: &'a crate::ast::Expr,
    out: &mut Vec<(&'a crate::ast::Expr, &'a crate::ast::Expr)>,
) {
    use crate::ast::ExprKind as E;
    match &e.kind {
        E::Call(callee, args) => {
            out.push((e, callee));
            // A namespace callee (`dev.global_id_x`) holds no calls.
            if !matches!(callee.kind, E::Field(..) | E::Name(_) | E::Path(_)) {
                calls_in_expr(callee, out);
            }
            for a in args {
                calls_in_expr(a, out);
            }
        }
        E::Unary(_, x) | E::Cast(x, _) | E::Paren(x) | E::Field(x, _) | E::OptionalField(x, _) => {
            calls_in_expr(x, out)
        }
        E::Binary(_, a, b) | E::Index(a, b) => {
            calls_in_expr(a, out);
            calls_in_expr(b, out);
        }
        E::ArrayLit(items) => {
            for x in items {
                calls_in_expr(x, out);
            }
        }
        E::StructLit(_, fields) => {
            for (_, f) in fields {
                calls_in_expr(f, out);
            }
        }
        _ => {}
    }
}

struct Walk<'p> {
    p: &'p Program,
    /// Helpers fully explored (and found acyclic), in post-order.
    done: Vec<SymbolId>,
    done_set: HashSet<SymbolId>,
    diags: Diagnostics,
    reported: HashSet<Span>,
}

impl Walk<'_> {
    fn err(&mut self, d: Diagnostic) {
        let key = d.primary_span();
        if key.is_none_or(|s| self.reported.insert(s)) {
            self.diags.push(d);
        }
    }

    /// Depth-first over the calls of `f`; `stack` holds the path from the entry.
    fn visit(&mut self, f: SymbolId, stack: &mut Vec<SymbolId>) {
        if self.done_set.contains(&f) {
            return;
        }
        let Some(body) = self.p.fn_decl(f).and_then(|d| d.body.as_ref()) else {
            return;
        };
        stack.push(f);
        let mut calls = Vec::new();
        calls_in_block(body, &mut calls);
        for (call, callee) in calls {
            match classify_call(self.p, call, callee) {
                Err(d) => self.err(d),
                Ok(DeviceCall::Op(_)) => {}
                Ok(DeviceCall::Helper(h)) => {
                    if let Some(at) = stack.iter().position(|&s| s == h) {
                        let mut cycle: Vec<String> = stack[at..]
                            .iter()
                            .map(|&s| format!("`{}`", self.p.symbol(s).name))
                            .collect();
                        cycle.push(format!("`{}`", self.p.symbol(h).name));
                        self.err(
                            Diagnostic::error(
                                codes::BACKEND,
                                format!("recursive GPU call: {}", cycle.join(" -> ")),
                            )
                            .at(callee.span, "this call closes the cycle")
                            .note("the device call graph must be acyclic"),
                        );
                        continue;
                    }
                    self.visit(h, stack);
                }
            }
        }
        stack.pop();
        if self.done_set.insert(f) {
            self.done.push(f);
        }
    }
}

/// Find the launchable entries of the root package and validate the call
/// graph of each (see the module docs). An empty graph is not an error
/// here: the caller decides whether a build needs an entry.
pub fn discover(p: &Program) -> Result<DeviceGraph, Diagnostics> {
    let mut graph = DeviceGraph::default();
    let mut walk = Walk {
        p,
        done: vec![],
        done_set: HashSet::new(),
        diags: Diagnostics::new(),
        reported: HashSet::new(),
    };
    let mut roots: Vec<SymbolId> = p.root_package().items.values().copied().collect();
    roots.sort_by_key(|s| {
        let sym = p.symbol(*s);
        (sym.span.file.0, sym.span.start)
    });
    for sym in roots {
        let s = p.symbol(sym);
        let SymbolKind::Fn(sig) = &s.kind else {
            continue;
        };
        if !sig.device {
            continue;
        }
        if !launchable(sig) || !sig.has_body {
            graph.helpers.push(sym);
            continue;
        }
        if s.name.len() > MAX_ENTRY_NAME_BYTES {
            walk.err(
                Diagnostic::error(
                    codes::BACKEND,
                    format!("GPU kernel names are limited to {MAX_ENTRY_NAME_BYTES} bytes"),
                )
                .at(s.span, format!("{} bytes", s.name.len())),
            );
            continue;
        }
        debug_assert!(sig.params.len() <= MAX_ENTRY_PARAMS);
        let mut stack = vec![];
        // The entry's own body is walked like a helper's; it is not kept
        // in `done` as a helper unless another entry calls it.
        walk.visit(sym, &mut stack);
        let mut helpers = reach(p, sym, &walk.done[..]);
        helpers.retain(|&h| h != sym);
        graph.entries.push(DeviceEntry {
            symbol: sym,
            name: s.name.clone(),
            params: sig.params.iter().map(|q| q.name.clone()).collect(),
            span: s.span,
            helpers,
        });
    }
    if walk.diags.has_errors() {
        return Err(walk.diags);
    }
    Ok(graph)
}

/// The helpers reachable from `entry`, callees first (`order` is a
/// post-order of every explored function).
fn reach(p: &Program, entry: SymbolId, order: &[SymbolId]) -> Vec<SymbolId> {
    let mut seen = HashSet::new();
    let mut todo = vec![entry];
    while let Some(f) = todo.pop() {
        if !seen.insert(f) {
            continue;
        }
        let mut calls = Vec::new();
        if let Some(body) = p.fn_decl(f).and_then(|d| d.body.as_ref()) {
            calls_in_block(body, &mut calls);
        }
        for (call, callee) in calls {
            if let Ok(DeviceCall::Helper(h)) = classify_call(p, call, callee) {
                todo.push(h);
            }
        }
    }
    order.iter().copied().filter(|s| seen.contains(s)).collect()
}

/// Discover the entries and lower each to its own module (entry name, module).
pub fn lower_program(p: &Program) -> Result<Vec<(DeviceEntry, Module)>, Diagnostics> {
    let graph = discover(p)?;
    let mut out = Vec::new();
    let mut diags = Diagnostics::new();
    for e in graph.entries {
        match lower_entry(p, &e) {
            Ok(m) => out.push((e, m)),
            Err(d) => diags.push(d),
        }
    }
    if diags.has_errors() {
        return Err(diags);
    }
    Ok(out)
}
