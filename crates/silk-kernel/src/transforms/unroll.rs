//! Unroll the contraction's K loop by a factor `U`: the old counter is
//! tiled into a new counter (trip `ceil(trip / U)`) and an Unroll
//! dimension, and the body becomes `U` copies, each under a
//! `SetCoordinate` of the Unroll dimension. Iterations past the old trip
//! count touch only K indices past K, which every guarded load reads as
//! zero, so no remainder loop is needed.

use super::scope_with;
use crate::expr::Expr;
use crate::graph::NodeId;
use crate::kernel_graph::{ControlOp, CoordEdge, DimKind, Dimension, KernelGraph};
use crate::Error;

pub fn unroll(graph: &KernelGraph, factor: u32) -> Result<KernelGraph, Error> {
    let mut g = graph.clone();
    if factor <= 1 {
        return Ok(g);
    }
    if factor > 16 {
        return Err(Error::params(format!("unroll factor {factor} is above 16")));
    }
    let loops = g.find_ops(|o| matches!(o, ControlOp::ForLoop { .. }));
    for lp in loops {
        let has_multiply = g.descendants(lp)?.iter().any(|&n| {
            matches!(
                g.op(n),
                Ok(ControlOp::Multiply { .. } | ControlOp::MatrixMultiply { .. })
            )
        });
        if !has_multiply {
            continue;
        }
        let ControlOp::ForLoop { counter, trip } = g.op(lp)?.clone() else {
            continue;
        };
        let u = factor as i64;
        let new_trip = Expr::ceil_div(trip, Expr::lit(u)).fold();
        let new_counter = g.add_dim(Dimension::sized(DimKind::ForLoop, new_trip.clone()));
        let unroll = g.add_dim(Dimension::sized(DimKind::Unroll, Expr::lit(u)));
        g.coordinates
            .add_edge(CoordEdge::Tile, &[counter], &[new_counter, unroll]);
        let body = g.body(lp)?;
        let mut scopes: Vec<NodeId> = vec![];
        for k in 0..u {
            let members = if k == 0 {
                body.clone()
            } else {
                let mut c = vec![];
                for &n in &body {
                    c.push(g.copy_control(n)?);
                }
                c
            };
            // Detach the originals before re-parenting them.
            if k == 0 {
                g.set_body(lp, &[])?;
            }
            scopes.push(scope_with(
                &mut g,
                ControlOp::SetCoordinate {
                    dim: unroll,
                    value: Expr::lit(k),
                },
                &members,
            )?);
        }
        g.set_body(lp, &scopes)?;
        *g.control.node_mut(lp).expect("exists") = ControlOp::ForLoop {
            counter: new_counter,
            trip: new_trip,
        };
    }
    Ok(g)
}
