//! Lower linear operations: each `LoadLinear`, `StoreLinear` and linear
//! `Assign` becomes a loop over the work-item's elements, the element
//! number being `(iteration * workgroups + workgroup) * workgroup_size +
//! workitem` (a Flatten), so neighbouring work-items touch neighbouring
//! elements on every iteration.

use super::{replace_op, scope_with, subdims};
use crate::expr::Expr;
use crate::graph::NodeId;
use crate::kernel_graph::{ControlOp, CoordEdge, DimKind, Dimension, KernelGraph, LaunchShape};
use crate::{Error, Params};

pub fn lower_linear(graph: &KernelGraph, params: &Params) -> Result<KernelGraph, Error> {
    let mut g = graph.clone();
    let linear_ops: Vec<_> = g
        .body(g.kernel)?
        .into_iter()
        .filter(|&n| {
            matches!(
                g.op(n),
                Ok(ControlOp::LoadLinear { .. } | ControlOp::StoreLinear { .. })
            ) || matches!(g.op(n), Ok(ControlOp::Assign { dst, .. })
                if matches!(g.dim(*dst).map(|d| &d.kind), Ok(DimKind::Linear { .. })))
        })
        .collect();
    if linear_ops.is_empty() {
        return Ok(g);
    }
    let wg = params.workgroup_size;
    let ept = params.elements_per_thread;
    if wg == 0 || wg > 1024 || ept == 0 || ept > 64 {
        return Err(Error::params(format!(
            "linear kernels need 1..1024 work-items per workgroup and 1..64 elements per work-item, got {wg} and {ept}"
        )));
    }
    // The grid covers the first stored tensor.
    let store_user = linear_ops
        .iter()
        .find_map(|&n| match g.op(n) {
            Ok(ControlOp::StoreLinear { user, .. }) => Some(*user),
            _ => None,
        })
        .ok_or_else(|| Error::command("a linear command must store a result"))?;
    let n = g
        .dim(subdims(&g, store_user)?[0])?
        .size
        .clone()
        .ok_or_else(|| Error::graph("the stored tensor has no size"))?;
    let workgroups = Expr::ceil_div(n, Expr::lit((wg * ept) as i64));
    let workgroup = g.add_dim(Dimension::sized(DimKind::Workgroup, workgroups.clone()));
    let workitem = g.add_dim(Dimension::sized(DimKind::Workitem, Expr::lit(wg as i64)));
    for op in linear_ops {
        let counter = g.add_dim(Dimension::sized(DimKind::ForLoop, Expr::lit(ept as i64)));
        let element = g.add_dim(Dimension::new(DimKind::ElementNumber));
        g.coordinates.add_edge(
            CoordEdge::Flatten,
            &[counter, workgroup, workitem],
            &[element],
        );
        let data = match g.op(op)?.clone() {
            ControlOp::LoadLinear { user, value } => {
                let sub = only_subdim(&g, user)?;
                g.coordinates
                    .add_edge(CoordEdge::PassThrough, &[sub], &[element]);
                (ControlOp::LoadGlobal { user, regs: value }, Some(value))
            }
            ControlOp::StoreLinear { value, user } => {
                let sub = only_subdim(&g, user)?;
                g.coordinates
                    .add_edge(CoordEdge::PassThrough, &[element], &[sub]);
                (ControlOp::StoreGlobal { regs: value, user }, None)
            }
            a @ ControlOp::Assign { dst, .. } => (a, Some(dst)),
            _ => continue,
        };
        if let Some(v) = data.1 {
            to_registers(&mut g, v)?;
        }
        let inner = g.control.add_node(data.0);
        let lp = scope_with(
            &mut g,
            ControlOp::ForLoop {
                counter,
                trip: Expr::lit(ept as i64),
            },
            &[inner],
        )?;
        replace_op(&mut g, op, &[lp])?;
    }
    g.launch = Some(LaunchShape {
        workgroup_size: wg,
        workgroups,
    });
    Ok(g)
}

/// A linear value becomes a one-element register array.
fn to_registers(g: &mut KernelGraph, n: crate::graph::NodeId) -> Result<(), Error> {
    let d = g
        .coordinates
        .node_mut(n)
        .ok_or_else(|| Error::graph(format!("no coordinate {n}")))?;
    if let DimKind::Linear { tag, dtype } = d.kind {
        d.kind = DimKind::Registers {
            tag,
            dtype,
            dims: vec![],
        };
    }
    Ok(())
}

/// The one sub-dimension of a linear (1-D) user tensor.
fn only_subdim(g: &KernelGraph, user: NodeId) -> Result<NodeId, Error> {
    match subdims(g, user)?[..] {
        [sub] => Ok(sub),
        ref subs => Err(Error::unsupported(format!(
            "linear access to a {}-dimensional tensor (linear tensors are 1-D)",
            subs.len()
        ))),
    }
}
