//! The verifier: names, types, SSA dominance in the region tree,
//! structured control flow (terminator placement, `break`/`continue` only
//! inside loops, `yield` only in `if` arms), LDS allocation placement,
//! calls (callee exists, is not a kernel, signature matches) and an acyclic
//! call graph.

use std::collections::HashMap;
use std::fmt;

use crate::ir::{
    check_type, infer_result_types, Block, Function, FunctionKind, Inst, Module, Op, Value,
};
use crate::matrix::Target;
use crate::print::{inst_header, name};
use crate::types::{AddrSpace, Type};

/// A verifier finding: which function, which instruction, what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyError {
    pub function: Option<String>,
    /// The offending instruction as printed (header line for `if`/`loop`).
    pub inst: Option<String>,
    pub message: String,
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(func) = &self.function {
            write!(f, "in @{func}: ")?;
        }
        if let Some(i) = &self.inst {
            write!(f, "at `{i}`: ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for VerifyError {}

/// Whether `s` is a valid value or function name (`[A-Za-z_][A-Za-z0-9_.]*`).
pub fn is_valid_name(s: &str) -> bool {
    let mut cs = s.chars();
    matches!(cs.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && cs.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
}

/// Verify a whole module.
pub fn verify_module(m: &Module) -> Result<(), VerifyError> {
    let mut sigs: HashMap<&str, &Function> = HashMap::new();
    for f in &m.functions {
        let err = |msg: String| VerifyError {
            function: Some(f.name.clone()),
            inst: None,
            message: msg,
        };
        if !is_valid_name(&f.name) {
            return Err(err(format!(
                "function name `{}` is not valid (letters, digits, `_` and `.`, not starting with a digit)",
                f.name
            )));
        }
        if sigs.insert(&f.name, f).is_some() {
            return Err(err("a function with this name is already defined".into()));
        }
    }
    for f in &m.functions {
        verify_function(f, &sigs)?;
    }
    check_call_graph(m)
}

/// Verify a module for a compilation target: [`verify_module`], then
/// every matrix operation must be one the target has, at its wave size.
pub fn verify_module_for(m: &Module, target: &Target) -> Result<(), VerifyError> {
    verify_module(m)?;
    for f in &m.functions {
        for inst in f.insts() {
            if let Op::Matrix { op, .. } = inst.op {
                if let Some(msg) = target.reject(op) {
                    return Err(VerifyError {
                        function: Some(f.name.clone()),
                        inst: Some(inst_header(f, inst)),
                        message: msg,
                    });
                }
            }
        }
    }
    Ok(())
}

fn check_call_graph(m: &Module) -> Result<(), VerifyError> {
    // Without a call there is no cycle (and nothing to index).
    let mut calls = false;
    for f in &m.functions {
        collect_calls(&f.body, &mut |_| calls = true);
    }
    if !calls {
        return Ok(());
    }
    let index: HashMap<&str, usize> = m
        .functions
        .iter()
        .enumerate()
        .map(|(i, f)| (f.name.as_str(), i))
        .collect();
    let edges: Vec<Vec<usize>> = m
        .functions
        .iter()
        .map(|f| {
            let mut out = vec![];
            collect_calls(&f.body, &mut |c| {
                if let Some(&j) = index.get(c) {
                    if !out.contains(&j) {
                        out.push(j);
                    }
                }
            });
            out
        })
        .collect();
    // Iterative DFS with colours; on a back edge report the cycle.
    let n = m.functions.len();
    let mut colour = vec![0u8; n];
    for root in 0..n {
        if colour[root] != 0 {
            continue;
        }
        let mut stack: Vec<(usize, usize)> = vec![(root, 0)];
        colour[root] = 1;
        while let Some(&mut (v, ref mut k)) = stack.last_mut() {
            if let Some(&w) = edges[v].get(*k) {
                *k += 1;
                if colour[w] == 1 {
                    let pos = stack.iter().position(|&(u, _)| u == w).unwrap_or(0);
                    let mut path: Vec<String> = stack[pos..]
                        .iter()
                        .map(|&(u, _)| format!("@{}", m.functions[u].name))
                        .collect();
                    path.push(format!("@{}", m.functions[w].name));
                    return Err(VerifyError {
                        function: Some(m.functions[w].name.clone()),
                        inst: None,
                        message: format!(
                            "the call graph has a cycle {} (recursion is not supported on the GPU)",
                            path.join(" -> ")
                        ),
                    });
                }
                if colour[w] == 0 {
                    colour[w] = 1;
                    stack.push((w, 0));
                }
            } else {
                colour[v] = 2;
                stack.pop();
            }
        }
    }
    Ok(())
}

fn collect_calls(b: &Block, f: &mut dyn FnMut(&str)) {
    for inst in &b.insts {
        match &inst.op {
            Op::Call { callee, .. } => f(callee),
            Op::If {
                then_blk, else_blk, ..
            } => {
                collect_calls(then_blk, f);
                collect_calls(else_blk, f);
            }
            Op::Loop { body, .. } => collect_calls(body, f),
            _ => {}
        }
    }
}

/// Where a block sits, which decides the terminators it may use.
#[derive(Clone, Copy)]
enum Region<'a> {
    Body,
    IfArm { results: &'a [Value] },
    Loop,
}

struct LoopCtx<'a> {
    params: &'a [Value],
    results: &'a [Value],
}

struct Checker<'a> {
    f: &'a Function,
    sigs: &'a HashMap<&'a str, &'a Function>,
    defined: Vec<bool>,
    visible: Vec<bool>,
}

fn verify_function(f: &Function, sigs: &HashMap<&str, &Function>) -> Result<(), VerifyError> {
    let fail = |msg: String| VerifyError {
        function: Some(f.name.clone()),
        inst: None,
        message: msg,
    };
    let mut names: Vec<(&str, usize)> = Vec::with_capacity(f.values.len());
    for (i, d) in f.values.iter().enumerate() {
        if let Some(n) = &d.name {
            if !is_valid_name(n) {
                return Err(fail(format!(
                    "value %{i} has the invalid name `{n}` (letters, digits, `_` and `.`, not starting with a digit)"
                )));
            }
            names.push((n, i));
        }
    }
    // Sorted, equal names are neighbours (by index): the first value that
    // repeats an earlier name, with that earlier value. (A sort instead of
    // a hash map: this runs on every compilation.)
    names.sort_unstable();
    if let Some((i, j, n)) = names
        .windows(2)
        .filter(|w| w[0].0 == w[1].0)
        .map(|w| (w[1].1, w[0].1, w[0].0))
        .min()
    {
        return Err(fail(format!(
            "values %{j} and %{i} are both named %{n}; names must be unique in a function"
        )));
    }
    for (i, d) in f.values.iter().enumerate() {
        check_type(d.ty).map_err(|m| fail(format!("value %{i}: {m}")))?;
    }
    if let Some(t) = f.results.iter().find(|t| t.is_vec()) {
        return Err(fail(format!(
            "functions do not return vectors ({t}); return the elements"
        )));
    }
    let n = f.values.len();
    let mut c = Checker {
        f,
        sigs,
        defined: vec![false; n],
        visible: vec![false; n],
    };
    for (i, &p) in f.params.iter().enumerate() {
        let Some(t) = f.value_type(p) else {
            return Err(fail(format!(
                "parameter {i} refers to %{} which does not exist",
                p.0
            )));
        };
        if t.is_vec() {
            return Err(fail(format!(
                "parameter {} has type {t}; functions do not take vectors (pass the elements)",
                name(f, p)
            )));
        }
        if f.kind == FunctionKind::Kernel && (t == Type::Bool || t == Type::Ptr(AddrSpace::Lds)) {
            {
                return Err(fail(format!(
                    "kernel parameter {} has type {t}; kernel parameters are ints, floats, ptr<global> or ptr<const>",
                    name(f, p)
                )));
            }
        }
        c.define(p, None)?;
    }
    if f.kind == FunctionKind::Kernel && !f.results.is_empty() {
        return Err(fail("kernels return no values".into()));
    }
    c.block(&f.body, Region::Body, None, true)?;
    if let Some(i) = c.defined.iter().position(|d| !d) {
        return Err(fail(format!(
            "value %{i} is in the value table but never defined"
        )));
    }
    Ok(())
}

impl<'a> Checker<'a> {
    fn err(&self, inst: Option<&Inst>, msg: String) -> VerifyError {
        VerifyError {
            function: Some(self.f.name.clone()),
            inst: inst.map(|i| inst_header(self.f, i)),
            message: msg,
        }
    }

    fn define(&mut self, v: Value, inst: Option<&Inst>) -> Result<(), VerifyError> {
        match self.defined.get_mut(v.index()) {
            None => Err(self.err(
                inst,
                format!("defines %{} which is not in the value table", v.0),
            )),
            Some(true) => Err(self.err(inst, format!("{} is defined twice", name(self.f, v)))),
            Some(d) => {
                *d = true;
                self.visible[v.index()] = true;
                Ok(())
            }
        }
    }

    fn use_(&self, v: Value, inst: &Inst) -> Result<Type, VerifyError> {
        match self.visible.get(v.index()) {
            None => Err(self.err(Some(inst), format!("uses %{} which does not exist", v.0))),
            Some(false) => Err(self.err(
                Some(inst),
                format!(
                    "uses {} whose definition does not dominate this use (it is defined later, or inside a region that has ended)",
                    name(self.f, v)
                ),
            )),
            Some(true) => Ok(self.f.values[v.index()].ty),
        }
    }

    fn types_match(
        &self,
        inst: &Inst,
        what: &str,
        got: &[Value],
        want: &[Type],
    ) -> Result<(), VerifyError> {
        if got.len() != want.len() {
            return Err(self.err(
                Some(inst),
                format!(
                    "{what}: expected {} value(s), found {}",
                    want.len(),
                    got.len()
                ),
            ));
        }
        for (i, (&v, &t)) in got.iter().zip(want).enumerate() {
            let vt = self.use_(v, inst)?;
            if vt != t {
                return Err(self.err(
                    Some(inst),
                    format!(
                        "{what}: value {} ({}) has type {vt}, expected {t}",
                        i + 1,
                        name(self.f, v)
                    ),
                ));
            }
        }
        Ok(())
    }

    fn result_types(&self, vs: &[Value], inst: &Inst) -> Result<Vec<Type>, VerifyError> {
        vs.iter()
            .map(|&v| {
                self.f.value_type(v).ok_or_else(|| {
                    self.err(
                        Some(inst),
                        format!("defines %{} which is not in the value table", v.0),
                    )
                })
            })
            .collect()
    }

    /// Check a block. Values defined in it stop being visible at its end.
    fn block(
        &mut self,
        b: &Block,
        region: Region,
        lp: Option<&LoopCtx>,
        top: bool,
    ) -> Result<(), VerifyError> {
        let mut scoped: Vec<Value> = vec![];
        let n = b.insts.len();
        if n == 0 {
            return Err(self.err(
                None,
                format!(
                    "{} is empty; it must end with {}",
                    region_name(region),
                    expected_term(region)
                ),
            ));
        }
        for (i, inst) in b.insts.iter().enumerate() {
            let last = i + 1 == n;
            if inst.op.is_terminator() && !last {
                return Err(self.err(
                    Some(inst),
                    "a terminator must be the last instruction of its block (instructions after it are unreachable)".into(),
                ));
            }
            if last && !inst.op.is_terminator() {
                return Err(self.err(
                    Some(inst),
                    format!(
                        "{} does not end with a terminator; expected {}",
                        region_name(region),
                        expected_term(region)
                    ),
                ));
            }
            self.inst(inst, region, lp, top)?;
            for &r in &inst.results {
                scoped.push(r);
            }
        }
        for v in scoped {
            if let Some(s) = self.visible.get_mut(v.index()) {
                *s = false;
            }
        }
        Ok(())
    }

    fn inst(
        &mut self,
        inst: &Inst,
        region: Region,
        lp: Option<&LoopCtx>,
        top: bool,
    ) -> Result<(), VerifyError> {
        let f = self.f;
        for v in inst.op.operands() {
            self.use_(v, inst)?;
        }
        let declared = self.result_types(&inst.results, inst)?;
        match &inst.op {
            Op::If {
                cond,
                then_blk,
                else_blk,
            } => {
                let ct = self.use_(*cond, inst)?;
                if ct != Type::Bool {
                    return Err(self.err(
                        Some(inst),
                        format!("`if` condition must be bool, found {ct}"),
                    ));
                }
                let arm = Region::IfArm {
                    results: &inst.results,
                };
                self.block(then_blk, arm, lp, false)?;
                self.block(else_blk, arm, lp, false)?;
            }
            Op::Loop {
                inits,
                params,
                body,
            } => {
                if inits.len() != params.len() {
                    return Err(self.err(
                        Some(inst),
                        format!(
                            "`loop` has {} initial values for {} carried values",
                            inits.len(),
                            params.len()
                        ),
                    ));
                }
                let pts = self.result_types(params, inst)?;
                self.types_match(inst, "`loop` initial values", inits, &pts)?;
                for &p in params {
                    self.define(p, Some(inst))?;
                }
                let ctx = LoopCtx {
                    params,
                    results: &inst.results,
                };
                self.block(body, Region::Loop, Some(&ctx), false)?;
                for &p in params {
                    if let Some(s) = self.visible.get_mut(p.index()) {
                        *s = false;
                    }
                }
            }
            Op::Call { callee, args } => {
                let Some(g) = self.sigs.get(callee.as_str()) else {
                    return Err(
                        self.err(Some(inst), format!("call to undefined function @{callee}"))
                    );
                };
                if g.kind == FunctionKind::Kernel {
                    return Err(self.err(
                        Some(inst),
                        format!("@{callee} is a kernel; kernels are launched, not called"),
                    ));
                }
                let pts: Vec<Type> = g.params.iter().filter_map(|&p| g.value_type(p)).collect();
                self.types_match(inst, &format!("arguments of @{callee}"), args, &pts)?;
                if declared != g.results {
                    return Err(self.err(
                        Some(inst),
                        format!(
                            "results of the call have types ({}) but @{callee} returns ({})",
                            join(&declared),
                            join(&g.results)
                        ),
                    ));
                }
            }
            Op::Yield(vs) => match region {
                Region::IfArm { results } => {
                    let want = self.result_types(results, inst)?;
                    self.types_match(inst, "`yield` values", vs, &want)?;
                }
                _ => {
                    return Err(self.err(
                        Some(inst),
                        format!(
                            "`yield` is only allowed at the end of an `if` arm, not in {}",
                            region_name(region)
                        ),
                    ))
                }
            },
            Op::Break(vs) | Op::Continue(vs) => {
                let is_break = matches!(inst.op, Op::Break(_));
                let kw = if is_break { "break" } else { "continue" };
                let Some(lp) = lp else {
                    return Err(self.err(Some(inst), format!("`{kw}` outside of a loop")));
                };
                let (what, target) = if is_break {
                    ("`break` values (the loop's results)", lp.results)
                } else {
                    ("`continue` values (the loop's carried values)", lp.params)
                };
                let want = self.result_types(target, inst)?;
                self.types_match(inst, what, vs, &want)?;
            }
            Op::Return(vs) => {
                self.types_match(
                    inst,
                    &format!("`ret` values (@{} results)", f.name),
                    vs,
                    &f.results,
                )?;
            }
            Op::LdsAlloc { .. } => {
                if f.kind != FunctionKind::Kernel || !top {
                    return Err(self.err(
                        Some(inst),
                        "`lds.alloc` is only allowed at the top level of a kernel body (LDS is allocated statically per kernel)".into(),
                    ));
                }
                self.check_plain(inst, &declared)?;
            }
            _ => self.check_plain(inst, &declared)?,
        }
        for &r in &inst.results {
            self.define(r, Some(inst))?;
        }
        Ok(())
    }

    fn check_plain(&self, inst: &Inst, declared: &[Type]) -> Result<(), VerifyError> {
        let inferred = infer_result_types(&inst.op, &|v| self.f.value_type(v))
            .map_err(|m| self.err(Some(inst), m))?;
        if inferred != declared {
            return Err(self.err(
                Some(inst),
                format!(
                    "results have types ({}) but `{}` produces ({})",
                    join(declared),
                    inst.op.mnemonic(),
                    join(&inferred)
                ),
            ));
        }
        Ok(())
    }
}

fn join(ts: &[Type]) -> String {
    ts.iter()
        .map(|t| t.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn region_name(r: Region) -> &'static str {
    match r {
        Region::Body => "the function body",
        Region::IfArm { .. } => "an `if` arm",
        Region::Loop => "a `loop` body",
    }
}

fn expected_term(r: Region) -> &'static str {
    match r {
        Region::Body => "`ret`",
        Region::IfArm { .. } => "`yield`, `break`, `continue` or `ret`",
        Region::Loop => "`continue`, `break` or `ret`",
    }
}
