//! Prefetch: the cooperative global loads of a staged K loop move out of
//! the iteration that consumes them. The first tile is loaded before the
//! loop (counter set to 0); inside the loop, once the current tile is in
//! LDS (after the first barrier), the next tile's loads are issued
//! (counter set to counter + 1), so their latency overlaps the LDS reads
//! and the multiply. Loads past K read zeros (every global access is
//! guarded), so the last iteration's prefetch is harmless.

use super::scope_with;
use crate::expr::Expr;
use crate::graph::NodeId;
use crate::kernel_graph::{ControlOp, DimKind, KernelGraph};
use crate::Error;

pub fn prefetch(graph: &KernelGraph) -> Result<KernelGraph, Error> {
    let mut g = graph.clone();
    let loops = g.find_ops(|o| matches!(o, ControlOp::ForLoop { .. }));
    for lp in loops {
        let ControlOp::ForLoop { counter, .. } = g.op(lp)?.clone() else {
            continue;
        };
        let body = g.body(lp)?;
        let staged = |g: &KernelGraph, n: NodeId| -> bool {
            match g.op(n) {
                Ok(ControlOp::LoadGlobal { regs, .. }) => {
                    // A staging copy feeds an LDS store in the same body.
                    body.iter().any(|&m| {
                        matches!(g.op(m), Ok(ControlOp::StoreLds { regs: r, .. }) if r == regs)
                    }) && matches!(g.dim(*regs).map(|d| &d.kind), Ok(DimKind::Registers { .. }))
                }
                _ => false,
            }
        };
        let loads: Vec<NodeId> = body.iter().copied().filter(|&n| staged(&g, n)).collect();
        if loads.is_empty() {
            continue;
        }
        let Some(first_barrier) = body
            .iter()
            .position(|&n| matches!(g.op(n), Ok(ControlOp::Barrier)))
        else {
            continue;
        };
        // Before the loop: the first tile.
        let mut pre = vec![];
        for &l in &loads {
            pre.push(g.copy_control(l)?);
        }
        let pre_scope = scope_with(
            &mut g,
            ControlOp::SetCoordinate {
                dim: counter,
                value: Expr::lit(0),
            },
            &pre,
        )?;
        // In the loop: the next tile after the barrier.
        let next = scope_with(
            &mut g,
            ControlOp::SetCoordinate {
                dim: counter,
                value: Expr::add(Expr::Dim(counter), Expr::lit(1)),
            },
            &[],
        )?;
        let mut order: Vec<NodeId> = vec![];
        for (i, &n) in body.iter().enumerate() {
            if loads.contains(&n) {
                continue;
            }
            order.push(n);
            if i == first_barrier {
                order.push(next);
            }
        }
        g.set_body(lp, &order)?;
        g.set_body(next, &loads)?;
        let scope = g
            .parent(lp)
            .ok_or_else(|| Error::graph("loop in no body"))?;
        let mut outer = vec![];
        for n in g.body(scope)? {
            if n == lp {
                outer.push(pre_scope);
            }
            outer.push(n);
        }
        g.set_body(scope, &outer)?;
    }
    Ok(g)
}
