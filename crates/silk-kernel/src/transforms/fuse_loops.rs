//! Fuse loops: two loops next to each other in one body with the same
//! trip count become one; the second loop's counter is tied to the
//! first's by a PassThrough edge, so everything indexed by it is
//! unchanged. (Linear lowering makes one loop per operation; fusion lets
//! the values flow between them in registers.)

use crate::graph::NodeId;
use crate::kernel_graph::{ControlOp, CoordEdge, KernelGraph};
use crate::Error;

pub fn fuse_loops(graph: &KernelGraph) -> Result<KernelGraph, Error> {
    let mut g = graph.clone();
    let mut scopes = vec![g.kernel];
    scopes.extend(
        g.descendants(g.kernel)?
            .into_iter()
            .filter(|&n| g.op(n).is_ok_and(|o| o.is_scope())),
    );
    for scope in scopes {
        if g.control.node(scope).is_none() {
            continue;
        }
        loop {
            let body = g.body(scope)?;
            let pair = body
                .windows(2)
                .find_map(|w| match (g.op(w[0]), g.op(w[1])) {
                    (
                        Ok(ControlOp::ForLoop { trip: t0, .. }),
                        Ok(ControlOp::ForLoop { trip: t1, .. }),
                    ) if t0.fold() == t1.fold() => Some((w[0], w[1])),
                    _ => None,
                });
            let Some((first, second)) = pair else { break };
            let (
                Ok(ControlOp::ForLoop { counter: c0, .. }),
                Ok(ControlOp::ForLoop { counter: c1, .. }),
            ) = (g.op(first).cloned(), g.op(second).cloned())
            else {
                break;
            };
            g.coordinates.add_edge(CoordEdge::PassThrough, &[c0], &[c1]);
            let mut merged: Vec<NodeId> = g.body(first)?;
            merged.extend(g.body(second)?);
            g.set_body(second, &[])?;
            g.set_body(first, &merged)?;
            let order: Vec<NodeId> = body.into_iter().filter(|&n| n != second).collect();
            g.set_body(scope, &order)?;
            g.control.remove_node(second);
        }
    }
    Ok(g)
}
