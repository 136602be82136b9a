//! Expression evaluation: `.set` symbols, labels and the location
//! counter, folded to absolute values or section offsets, by an explicit
//! walk (no recursion, however deep the trees and chains of definitions).

use super::super::expr::{fold, fold_unary, BinOp, Expr, Func, UnOp};
use super::super::lex::{err, LResult, LineError};
use super::data::expr_symbols;
use super::{align_up, expr_pos, is_gfx90a_class, Asm, KernelConfig, SymDef, Val};
use std::collections::HashMap;

/// Steps one evaluation may take (each operand, operator and `.set`
/// definition it passes through is one): a located error, never a hang.
const MAX_EVAL_STEPS: usize = 1 << 20;
/// Steps all evaluations of one file may take: this many, plus four per
/// byte of the file. Completed `.set` values are kept, so a real file
/// evaluates each expression node about once; the bound stops failing
/// evaluations of a long chain, repeated on every line, from costing the
/// square of the file's length.
pub(super) const FILE_EVAL_STEPS: usize = 1 << 20;

/// [`FILE_EVAL_STEPS`] for a file of `bytes` bytes.
pub(super) fn file_eval_steps(bytes: usize) -> usize {
    FILE_EVAL_STEPS.saturating_add(bytes.saturating_mul(4))
}

/// The top of an evaluation's value stack (well-formed trees always
/// leave one there).
fn pop(vals: &mut Vec<Val>) -> Val {
    vals.pop().unwrap_or(Val::Abs(0))
}

/// `cause` as an error in the value of `.set` symbol `name`. Only the
/// outermost symbol and the innermost cause are named, so the message
/// stays short however long the chain of definitions.
fn in_value_of(name: &str, cause: &str) -> String {
    format!("in the value of `{name}`: {}", strip_in_value_of(cause))
}

/// The innermost cause of an [`in_value_of`] message.
fn strip_in_value_of(message: &str) -> &str {
    match message.strip_prefix("in the value of `") {
        Some(rest) => rest.split_once("`: ").map_or(message, |(_, cause)| cause),
        None => message,
    }
}

impl Asm<'_> {
    /// The value of `e`, written where the location counter was `here`.
    /// `stack` names the `.set` symbols being evaluated around it (a
    /// symbol met again is a cycle). The walk keeps its own stacks rather
    /// than recursing: trees are up to [`super::super::expr::MAX_HEIGHT`] high and each
    /// `.set` symbol's definition adds its own, which no thread stack
    /// bounds; a walk is cut after [`MAX_EVAL_STEPS`] steps.
    pub(super) fn eval(
        &self,
        e: &Expr,
        here: Option<(usize, u64)>,
        stack: &mut Vec<String>,
    ) -> LResult<Val> {
        let base = stack.len();
        // Where each symbol on `stack` above `base` is used.
        let mut uses: Vec<usize> = Vec::new();
        let r = self.walk(e, here, stack, &mut uses);
        // An error inside a symbol's definition is reported where the
        // outermost open symbol is used, naming it.
        let r = r.map_err(|e| match (stack.get(base), uses.first()) {
            (Some(name), Some(&pos)) => LineError {
                pos,
                message: in_value_of(name, &e.message),
            },
            _ => e,
        });
        stack.truncate(base);
        r
    }

    fn walk<'e>(
        &'e self,
        e: &'e Expr,
        here: Option<(usize, u64)>,
        stack: &mut Vec<String>,
        uses: &mut Vec<usize>,
    ) -> LResult<Val> {
        enum Work<'e> {
            Eval(&'e Expr, Option<(usize, u64)>),
            Apply(&'e Expr),
            /// The end of a `.set` symbol's definition.
            EndSymbol,
        }
        let mut work = vec![Work::Eval(e, here)];
        let mut vals: Vec<Val> = Vec::new();
        let mut open: std::collections::HashSet<String> = stack.iter().cloned().collect();
        let mut steps = 0usize;
        while let Some(w) = work.pop() {
            steps += 1;
            if steps > MAX_EVAL_STEPS {
                return err(
                    expr_pos(e),
                    format!("expression takes more than {MAX_EVAL_STEPS} steps to evaluate through the symbols it uses"),
                );
            }
            let left = self.steps_left.get();
            if left == 0 {
                return err(
                    expr_pos(e),
                    "evaluating expressions has taken more steps than this file's size allows (4 per byte); no more are evaluated",
                );
            }
            self.steps_left.set(left - 1);
            match w {
                Work::Eval(e, here) => match e {
                    Expr::Num(v) => vals.push(Val::Abs(*v)),
                    Expr::Here(pos) => match here {
                        Some((s, o)) => vals.push(Val::Rel(s, o as i64)),
                        None => return err(*pos, "`.` is not available here"),
                    },
                    Expr::Sym(name, pos) => {
                        let known = self.set_values.borrow().get(name.as_str()).cloned();
                        if let Some(v) = known {
                            let v = v.map_err(|cause| LineError {
                                pos: *pos,
                                message: in_value_of(name, &cause),
                            })?;
                            vals.push(v);
                            continue;
                        }
                        match self.symbols.get(name.as_str()).and_then(|s| s.def.as_ref()) {
                            Some(SymDef::Label { section, offset }) => {
                                vals.push(Val::Rel(*section, *offset as i64))
                            }
                            Some(SymDef::Set { expr, here, .. }) => {
                                if !open.insert(name.clone()) {
                                    return err(
                                        *pos,
                                        format!("symbol `{name}` is defined in terms of itself"),
                                    );
                                }
                                uses.push(*pos);
                                stack.push(name.clone());
                                work.push(Work::EndSymbol);
                                work.push(Work::Eval(expr, *here));
                            }
                            None => return err(*pos, format!("undefined symbol `{name}`")),
                        }
                    }
                    Expr::Unary(_, a) => {
                        work.push(Work::Apply(e));
                        work.push(Work::Eval(a, here));
                    }
                    Expr::Binary(_, l, r, _) => {
                        work.push(Work::Apply(e));
                        work.push(Work::Eval(r, here));
                        work.push(Work::Eval(l, here));
                    }
                    Expr::Call(_, args, _) => {
                        work.push(Work::Apply(e));
                        work.extend(args.iter().rev().map(|a| Work::Eval(a, here)));
                    }
                },
                Work::EndSymbol => {
                    uses.pop();
                    if let Some(name) = stack.pop() {
                        open.remove(&name);
                        // The definition's value is on top: keep it.
                        if let Some(&v) = vals.last() {
                            self.set_values.borrow_mut().insert(name, Ok(v));
                        }
                    }
                }
                Work::Apply(e) => {
                    let v = match e {
                        Expr::Unary(op, a) => match pop(&mut vals) {
                            Val::Abs(v) => Val::Abs(fold_unary(*op, v)),
                            v @ Val::Rel(..) if *op == UnOp::Plus => v,
                            Val::Rel(..) => {
                                return err(expr_pos(a), "expected an absolute expression")
                            }
                        },
                        Expr::Binary(op, _, _, pos) => {
                            let rv = pop(&mut vals);
                            let lv = pop(&mut vals);
                            self.binary(*op, lv, rv, *pos)?
                        }
                        Expr::Call(f, args, pos) => {
                            let at = vals.len().saturating_sub(args.len());
                            let mut abs = Vec::with_capacity(args.len());
                            for (a, v) in args.iter().zip(vals.drain(at..)) {
                                match v {
                                    Val::Abs(v) => abs.push(v),
                                    Val::Rel(..) => {
                                        return err(expr_pos(a), "expected an absolute expression")
                                    }
                                }
                            }
                            Val::Abs(self.call(*f, &abs, *pos)?)
                        }
                        // Only operators are applied after their operands.
                        Expr::Num(_) | Expr::Here(_) | Expr::Sym(..) => continue,
                    };
                    vals.push(v);
                }
            }
        }
        Ok(pop(&mut vals))
    }

    /// `lv op rv` on absolute values and section offsets.
    fn binary(&self, op: BinOp, lv: Val, rv: Val, pos: usize) -> LResult<Val> {
        Ok(match (lv, rv, op) {
            (Val::Abs(a), Val::Abs(b), _) => Val::Abs(fold(op, a, b).map_err(|m| LineError {
                pos,
                message: m.to_string(),
            })?),
            (Val::Rel(s, a), Val::Abs(b), BinOp::Add) => Val::Rel(s, a.wrapping_add(b)),
            (Val::Abs(a), Val::Rel(s, b), BinOp::Add) => Val::Rel(s, a.wrapping_add(b)),
            (Val::Rel(s, a), Val::Abs(b), BinOp::Sub) => Val::Rel(s, a.wrapping_sub(b)),
            (Val::Rel(s1, a), Val::Rel(s2, b), BinOp::Sub) if s1 == s2 => {
                Val::Abs(a.wrapping_sub(b))
            }
            (Val::Rel(s1, _), Val::Rel(s2, _), BinOp::Sub) => {
                return err(
                    pos,
                    format!(
                        "cannot subtract symbols in different sections (`{}` and `{}`)",
                        self.sections[s1].name, self.sections[s2].name
                    ),
                )
            }
            _ => {
                return err(
                    pos,
                    "expected an absolute expression: this operator needs constants",
                )
            }
        })
    }

    fn call(&self, f: Func, v: &[i64], pos: usize) -> LResult<i64> {
        let gfx90a = self.target.is_some_and(|t| is_gfx90a_class(t.processor));
        Ok(match f {
            Func::Max => v.iter().map(|&x| x as u64).max().unwrap_or(0) as i64,
            Func::Or => v.iter().fold(0, |a, &b| a | b),
            Func::AlignTo => {
                if v[1] <= 0 {
                    return err(pos, "`alignto` needs a positive alignment");
                }
                ((v[0] as u64)
                    .div_ceil(v[1] as u64)
                    .wrapping_mul(v[1] as u64)) as i64
            }
            // IsaInfo::getTotalNumVGPRs(has90AInsts, agprs, vgprs).
            Func::TotalNumVgprs => {
                let (agpr, vgpr) = (v[0], v[1]);
                if gfx90a {
                    if agpr == 0 {
                        vgpr
                    } else {
                        align_up(vgpr.max(0) as u64, 4) as i64 + agpr
                    }
                } else {
                    vgpr.max(agpr)
                }
            }
            // IsaInfo::getNumExtraSGPRs(vcc, flat_scratch, xnack).
            Func::ExtraSgprs => {
                let Some(t) = self.target else {
                    return err(pos, "`extrasgprs` needs a target");
                };
                let mut c = KernelConfig::assembler_defaults(&t);
                c.reserve_vcc = v[0] != 0;
                c.reserve_flat_scratch = v[1] != 0;
                c.reserve_xnack_mask = v[2] != 0;
                c.extra_sgprs(t.processor) as i64
            }
        })
    }

    pub(super) fn eval_symbol(
        &self,
        name: &str,
        pos: usize,
        stack: &mut Vec<String>,
    ) -> LResult<Val> {
        self.eval(&Expr::Sym(name.to_string(), pos), None, stack)
    }

    /// Evaluates every `.set` symbol once, dependencies first, with an
    /// explicit stack: a chain of definitions as long as the file costs
    /// time and memory in proportion to it, not to its square, and no
    /// recursion. Each value (or the error that stops it, at the symbol
    /// where it arises) is kept in [`Asm::set_values`].
    pub(super) fn resolve_sets(&mut self) {
        let mut values: HashMap<String, Result<Val, String>> =
            std::mem::take(self.set_values.get_mut());
        let mut names: Vec<(&String, usize)> = self
            .symbols
            .iter()
            .filter(|(_, s)| matches!(s.def, Some(SymDef::Set { .. })))
            .map(|(n, s)| (n, s.order))
            .collect();
        names.sort_by_key(|&(_, order)| order);
        let set_expr = |name: &str| match self.symbols.get(name).and_then(|s| s.def.as_ref()) {
            Some(SymDef::Set { expr, here, .. }) => Some((expr, *here)),
            _ => None,
        };
        // (symbol, whether its dependencies are on the stack above it).
        let mut stack: Vec<(&str, bool)> = Vec::new();
        let mut on_path = std::collections::HashSet::new();
        let mut deps = Vec::new();
        for (root, _) in names {
            stack.push((root.as_str(), false));
            while let Some((name, expanded)) = stack.pop() {
                if expanded {
                    on_path.remove(name);
                }
                if values.contains_key(name) {
                    continue;
                }
                let Some((expr, here)) = set_expr(name) else {
                    continue;
                };
                if expanded {
                    // Every dependency that is a `.set` has its value now.
                    *self.set_values.get_mut() = std::mem::take(&mut values);
                    let v = self.eval(expr, here, &mut vec![name.to_string()]);
                    values = std::mem::take(self.set_values.get_mut());
                    let v = v.map_err(|e| strip_in_value_of(&e.message).to_string());
                    values.insert(name.to_string(), v);
                    continue;
                }
                on_path.insert(name);
                stack.push((name, true));
                deps.clear();
                expr_symbols(expr, &mut deps);
                for &d in &deps {
                    if values.contains_key(d) || set_expr(d).is_none() {
                        continue;
                    }
                    if on_path.contains(d) {
                        values.insert(
                            d.to_string(),
                            Err(format!("symbol `{d}` is defined in terms of itself")),
                        );
                        continue;
                    }
                    stack.push((d, false));
                }
            }
        }
        *self.set_values.get_mut() = values;
    }
}
