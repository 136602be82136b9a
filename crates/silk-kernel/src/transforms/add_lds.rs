//! Stage contraction operands through LDS: in each K loop, the global
//! load of an operand's thread tile becomes a cooperative copy (the
//! workgroup's work-items load consecutive elements of the whole
//! `MT x depth_k` operand tile into staging registers, chunk by chunk),
//! a store of those registers to LDS, a barrier, and LDS reads of the
//! thread tile; a second barrier ends the iteration before the next
//! iteration overwrites the LDS tile.

use super::scope_with;
use crate::expr::Expr;
use crate::graph::NodeId;
use crate::kernel_graph::{ControlOp, CoordEdge, DimKind, Dimension, KernelGraph};
use crate::{Error, Params};

pub fn add_lds(graph: &KernelGraph, params: &Params) -> Result<KernelGraph, Error> {
    let mut g = graph.clone();
    let Some(tiling) = g.tiling.clone() else {
        return Ok(g);
    };
    let wg = g
        .launch
        .as_ref()
        .map(|l| l.workgroup_size)
        .ok_or_else(|| Error::graph("add_lds runs after lower_tiles"))?;
    let loops = g.find_ops(|o| matches!(o, ControlOp::ForLoop { .. }));
    for lp in loops {
        let body = g.body(lp)?;
        let Some(&mul) = body.iter().find(|&&n| {
            matches!(
                g.op(n),
                Ok(ControlOp::Multiply { .. } | ControlOp::MatrixMultiply { .. })
            )
        }) else {
            continue;
        };
        let loads: Vec<NodeId> = body
            .iter()
            .copied()
            .filter(|&n| matches!(g.op(n), Ok(ControlOp::LoadGlobal { .. })))
            .collect();
        let mut copies = vec![];
        let mut stores = vec![];
        let mut reads = vec![];
        for l in loads {
            let ControlOp::LoadGlobal { user, regs } = g.op(l)?.clone() else {
                continue;
            };
            let DimKind::Registers { tag, dtype, dims } = g.dim(regs)?.kind.clone() else {
                continue;
            };
            let Some(layout) = tiling.operands.iter().find(|o| o.regs == regs).cloned() else {
                continue;
            };
            let row = layout.dim as usize;
            let k_first = layout.k_first;
            let mt = params.macro_tile[row] as i64;
            let du = params.depth_k as i64;
            let ki = layout.k_index;
            let _ = &dims;
            let elements = mt * du;
            let tensor = match g.dim(user)?.kind {
                DimKind::User { tensor } => tensor,
                _ => return Err(Error::graph("operand load from a non-user node")),
            };
            let element = g.add_dim(Dimension::sized(
                DimKind::LdsElement { tensor },
                Expr::lit(elements),
            ));
            let chunks = (elements + wg as i64 - 1) / wg as i64;
            let chunk = g.add_dim(Dimension::sized(
                DimKind::CopyChunk { tensor },
                Expr::lit(chunks),
            ));
            // LDS layout: row-major [tile index, K] (A) or [K, tile index] (B).
            let layout = if k_first {
                [ki, layout.tile_index]
            } else {
                [layout.tile_index, ki]
            };
            g.coordinates
                .add_edge(CoordEdge::Flatten, &layout, &[element]);
            g.coordinates
                .add_edge(CoordEdge::Tile, &[element], &[chunk, tiling.workitem]);
            let stage = g.add_dim(Dimension::new(DimKind::Registers {
                tag,
                dtype,
                dims: vec![chunk],
            }));
            let lds = g.add_dim(Dimension::new(DimKind::Lds {
                tensor,
                dtype,
                index: element,
                elements: elements as u32,
            }));
            g.coordinates
                .add_edge(CoordEdge::DataFlow, &[user], &[stage]);
            g.coordinates
                .add_edge(CoordEdge::DataFlow, &[stage], &[lds]);
            g.coordinates.add_edge(CoordEdge::DataFlow, &[lds], &[regs]);
            copies.push(
                g.control
                    .add_node(ControlOp::LoadGlobal { user, regs: stage }),
            );
            stores.push(g.control.add_node(ControlOp::StoreLds {
                regs: stage,
                lds,
                guard: element,
            }));
            reads.push(g.control.add_node(ControlOp::LoadLds { lds, regs }));
            g.control.remove_node(l);
        }
        if copies.is_empty() {
            continue;
        }
        let b1 = g.control.add_node(ControlOp::Barrier);
        let b2 = g.control.add_node(ControlOp::Barrier);
        let mut order = copies;
        order.extend(stores);
        order.push(b1);
        order.extend(reads);
        order.push(mul);
        order.push(b2);
        let others: Vec<NodeId> = g
            .body(lp)?
            .into_iter()
            .filter(|n| !order.contains(n))
            .collect();
        order.extend(others);
        g.set_body(lp, &order)?;
    }
    let _ = scope_with;
    Ok(g)
}
