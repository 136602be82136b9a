//! Uniformity (divergence) analysis: which values are the same in every
//! active lane of a wave.
//!
//! Sources of divergence are `workitem.id`, loads through divergent
//! addresses and atomics (every lane sees a different old value). A value
//! computed from uniform operands is uniform. Merges make divergence from
//! control: an `if` result is divergent when its condition or an arm's
//! yielded value is; a loop's carried values are divergent when an initial
//! or continued value is, or when some `continue` is reached under a
//! divergent condition (lanes then carry values from different sites); a
//! loop's results are divergent when a broken-out value is or when some
//! `break` is under a divergent condition (lanes leave in different
//! iterations). Loops iterate to a fixpoint.

use silk_gpu_ir::{Block, Function, Geometry, Op, Value};

/// `uniform[v]` for every value of the function.
pub fn analyze(f: &Function) -> Vec<bool> {
    // Vectors live in VGPRs (matrix operands): never uniform.
    let mut u: Vec<bool> = f.values.iter().map(|d| !d.ty.is_vec()).collect();
    loop {
        let before = u.clone();
        walk(&f.body, &mut u, false, &mut LoopCtx::default());
        if u == before {
            return u;
        }
    }
}

#[derive(Default)]
struct LoopCtx {
    params: Vec<Value>,
    results: Vec<Value>,
}

fn set(u: &mut [bool], v: Value, uniform: bool) {
    if !uniform {
        u[v.index()] = false;
    }
}

/// `div_ctx`: some condition between the innermost loop (or the function
/// body) and here is divergent.
fn walk(b: &Block, u: &mut Vec<bool>, div_ctx: bool, lp: &mut LoopCtx) {
    for inst in &b.insts {
        let all = |u: &[bool]| inst.op.operands().iter().all(|v| u[v.index()]);
        match &inst.op {
            Op::Geometry { query, .. } => {
                let uni = *query != Geometry::WorkItemId;
                for &r in &inst.results {
                    set(u, r, uni);
                }
            }
            Op::Atomic { .. } | Op::CmpXchg { .. } => {
                for &r in &inst.results {
                    set(u, r, false);
                }
            }
            Op::Call { .. } => {
                let uni = all(u);
                for &r in &inst.results {
                    set(u, r, uni);
                }
            }
            Op::If {
                cond,
                then_blk,
                else_blk,
            } => {
                let cu = u[cond.index()];
                let inner = div_ctx || !cu;
                walk(then_blk, u, inner, lp);
                walk(else_blk, u, inner, lp);
                for (i, &r) in inst.results.iter().enumerate() {
                    let mut uni = cu;
                    for blk in [then_blk, else_blk] {
                        if let Some(Op::Yield(vs)) = blk.terminator().map(|t| &t.op) {
                            if let Some(v) = vs.get(i) {
                                uni &= u[v.index()];
                            }
                        }
                    }
                    set(u, r, uni);
                }
            }
            Op::Loop {
                inits,
                params,
                body,
            } => {
                for (p, i) in params.iter().zip(inits) {
                    let uni = u[i.index()];
                    set(u, *p, uni);
                }
                let mut inner = LoopCtx {
                    params: params.clone(),
                    results: inst.results.clone(),
                };
                walk(body, u, false, &mut inner);
            }
            Op::Continue(vs) => {
                for (p, v) in lp.params.clone().iter().zip(vs) {
                    let uni = u[v.index()] && !div_ctx;
                    set(u, *p, uni);
                }
            }
            Op::Break(vs) => {
                for (r, v) in lp.results.clone().iter().zip(vs) {
                    let uni = u[v.index()] && !div_ctx;
                    set(u, *r, uni);
                }
            }
            Op::Load { .. } => {
                let uni = all(u);
                for &r in &inst.results {
                    set(u, r, uni);
                }
            }
            _ => {
                let uni = all(u);
                for &r in &inst.results {
                    set(u, r, uni);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use silk_gpu_ir::Module;

    fn uniform_names(src: &str) -> Vec<(String, bool)> {
        let m = Module::parse_verified("t.sir", src).unwrap();
        let f = &m.functions[0];
        let u = analyze(f);
        f.values
            .iter()
            .zip(u)
            .filter_map(|(d, u)| d.name.clone().map(|n| (n, u)))
            .collect()
    }

    #[test]
    fn workitem_id_divergence_propagates_and_merges() {
        let r = uniform_names(
            "kernel @k(%n: u32, %p: ptr<global>) {
               %t = workitem.id x
               %g = workgroup.id x
               %a = add %g, %n
               %b = add %t, %n
               %c = cmp lt %b, %n
               %r = if %c -> u32 { yield %a } else { yield %n }
               %d = cmp lt %a, %n
               %s = if %d -> u32 { yield %a } else { yield %n }
               %x, %y = loop (%i: u32 = %n, %j: u32 = %n) -> u32, u32 {
                 %q = cmp lt %i, %t
                 if %q { break %i, %j }
                 %i2 = add %i, %n
                 continue %i2, %j
               }
             }",
        );
        let get = |n: &str| r.iter().find(|(k, _)| k == n).unwrap().1;
        assert!(get("g") && get("a") && get("n"));
        assert!(!get("t") && !get("b") && !get("c"));
        assert!(!get("r"), "if on a divergent condition merges divergently");
        assert!(get("s"), "if on a uniform condition with uniform arms");
        assert!(
            get("i"),
            "the counter is the same in every lane still looping"
        );
        assert!(!get("x"), "lanes leave in different iterations");
        assert!(!get("y"));
    }
}
