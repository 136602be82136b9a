//! Lower a tensor contraction: the K dimension of both operands is tiled
//! into a loop counter and a K index of `depth_k`; each iteration loads
//! the work-item's A rows and B columns of the K tile into registers and
//! multiplies them into the f32 accumulator tile (FMA), which is zeroed
//! before the loop. Transposed operands only swap which sub-dimension is
//! K.

use super::{remove_tree, replace_op, scope_with, subdims};
use crate::expr::Expr;
use crate::graph::NodeId;
use crate::kernel_graph::{
    ControlOp, CoordEdge, DimKind, Dimension, KernelGraph, OperandLayout, TileRole, ValueExpr,
};
use crate::{DataType, Error, Params};

pub fn lower_contraction(graph: &KernelGraph, params: &Params) -> Result<KernelGraph, Error> {
    let mut g = graph.clone();
    let contractions = g.find_ops(|o| matches!(o, ControlOp::TensorContraction { .. }));
    if contractions.is_empty() {
        return Ok(g);
    }
    let tiling = g
        .tiling
        .clone()
        .ok_or_else(|| Error::graph("lower_contraction runs after lower_tiles"))?;
    if tiling.matrix.is_some() {
        return Err(Error::graph(
            "the tiles are distributed for matrix instructions: use lower_matrix",
        ));
    }
    let du = params.depth_k;
    if du == 0 || du > 64 {
        return Err(Error::params(format!("depth_k must be 1..64, got {du}")));
    }
    for c in contractions {
        let Some(tc) = Contraction::find(&mut g, c, du)? else {
            continue;
        };
        let (a, b, dst, counter) = (tc.a, tc.b, tc.dst, tc.counter);
        let tag_of = |g: &KernelGraph, n: NodeId| match g.dim(n).map(|d| &d.kind) {
            Ok(DimKind::MacroTile { tag, dtype, .. }) => Ok((*tag, *dtype)),
            _ => Err(Error::graph(format!("operand {n} is not a macro tile"))),
        };
        let (ta, da) = tag_of(&g, a)?;
        let (tb, db) = tag_of(&g, b)?;
        let ki_a = g.add_dim(Dimension::sized(
            DimKind::KIndex { tensor: ta },
            Expr::lit(du as i64),
        ));
        let ki_b = g.add_dim(Dimension::sized(
            DimKind::KIndex { tensor: tb },
            Expr::lit(du as i64),
        ));
        let e = &mut g.coordinates;
        e.add_edge(
            CoordEdge::Tile,
            &[tc.a_m],
            &[tiling.tile_number[0], tiling.tile_index[0]],
        );
        e.add_edge(CoordEdge::Tile, &[tc.a_k], &[counter, ki_a]);
        e.add_edge(CoordEdge::Tile, &[tc.b_k], &[counter, ki_b]);
        e.add_edge(
            CoordEdge::Tile,
            &[tc.b_n],
            &[tiling.tile_number[1], tiling.tile_index[1]],
        );
        let regs =
            |dtype: DataType, tag, dims: Vec<NodeId>| DimKind::Registers { tag, dtype, dims };
        g.coordinates.node_mut(a).expect("checked").kind =
            regs(da, ta, vec![tiling.thread_index[0], ki_a]);
        g.coordinates.node_mut(b).expect("checked").kind =
            regs(db, tb, vec![ki_b, tiling.thread_index[1]]);
        match &mut g.coordinates.node_mut(dst).expect("checked").kind {
            DimKind::Registers { .. } => {}
            DimKind::MacroTile {
                role: TileRole::Acc,
                ..
            } => {}
            k => return Err(Error::graph(format!("contraction result is {k:?}"))),
        }
        let t = g.tiling.as_mut().expect("checked");
        t.operands.push(OperandLayout {
            regs: a,
            tile_index: tiling.tile_index[0],
            dim: 0,
            k_index: ki_a,
            k_first: false,
        });
        t.operands.push(OperandLayout {
            regs: b,
            tile_index: tiling.tile_index[1],
            dim: 1,
            k_index: ki_b,
            k_first: true,
        });
        tc.replace(&mut g, c, ControlOp::Multiply { a, b, acc: dst })?;
    }
    Ok(g)
}

/// What both lowerings of a contraction (this one and `lower_matrix`)
/// find the same way: the operands, the tiled loads that define them,
/// each operand's (row-or-column, K) sub-dimensions, and the K loop.
pub(super) struct Contraction {
    pub a: NodeId,
    pub b: NodeId,
    pub dst: NodeId,
    /// (tiled load, user tensor) of A and of B.
    loads: [(NodeId, NodeId); 2],
    pub a_m: NodeId,
    pub a_k: NodeId,
    pub b_n: NodeId,
    pub b_k: NodeId,
    /// The K loop: `ceil(K / du)` iterations of `counter`.
    trip: Expr,
    pub counter: NodeId,
}

impl Contraction {
    /// The contraction `c` (`None` when `c` is not one), with its K loop
    /// counter added for `du` K elements per iteration.
    pub(super) fn find(g: &mut KernelGraph, c: NodeId, du: u32) -> Result<Option<Self>, Error> {
        let ControlOp::TensorContraction {
            a,
            b,
            dst,
            transpose_a,
            transpose_b,
        } = g.op(c)?.clone()
        else {
            return Ok(None);
        };
        let load_of = |g: &KernelGraph, tile: NodeId| -> Result<(NodeId, NodeId), Error> {
            g.find_ops(|o| matches!(o, ControlOp::LoadTiled { tile: t, .. } if *t == tile))
                .first()
                .and_then(|&n| match g.op(n) {
                    Ok(ControlOp::LoadTiled { user, .. }) => Some((n, *user)),
                    _ => None,
                })
                .ok_or_else(|| Error::graph(format!("no tiled load defines operand {tile}")))
        };
        let loads = [load_of(g, a)?, load_of(g, b)?];
        let (sa, sb) = (subdims(g, loads[0].1)?, subdims(g, loads[1].1)?);
        if sa.len() != 2 || sb.len() != 2 {
            return Err(Error::unsupported("contraction operands that are not 2-D"));
        }
        // (row-or-column dimension, K dimension) of each operand.
        let (a_m, a_k) = if transpose_a {
            (sa[1], sa[0])
        } else {
            (sa[0], sa[1])
        };
        let (b_n, b_k) = if transpose_b {
            (sb[0], sb[1])
        } else {
            (sb[1], sb[0])
        };
        let k = g
            .dim(a_k)?
            .size
            .clone()
            .ok_or_else(|| Error::graph("operand A has no K size"))?;
        let trip = Expr::ceil_div(k, Expr::lit(du as i64));
        let counter = g.add_dim(Dimension::sized(DimKind::ForLoop, trip.clone()));
        Ok(Some(Contraction {
            a,
            b,
            dst,
            loads,
            a_m,
            a_k,
            b_n,
            b_k,
            trip,
            counter,
        }))
    }

    /// Replaces `c` by the zeroed accumulator and the K loop that loads
    /// both operands and runs `multiply`; the tiled loads go.
    pub(super) fn replace(
        self,
        g: &mut KernelGraph,
        c: NodeId,
        multiply: ControlOp,
    ) -> Result<(), Error> {
        let zero = g.control.add_node(ControlOp::Assign {
            dst: self.dst,
            expr: ValueExpr::Const(0.0),
        });
        let [(load_a, user_a), (load_b, user_b)] = self.loads;
        let la = g.control.add_node(ControlOp::LoadGlobal {
            user: user_a,
            regs: self.a,
        });
        let lb = g.control.add_node(ControlOp::LoadGlobal {
            user: user_b,
            regs: self.b,
        });
        let mul = g.control.add_node(multiply);
        let lp = scope_with(
            g,
            ControlOp::ForLoop {
                counter: self.counter,
                trip: self.trip,
            },
            &[la, lb, mul],
        )?;
        replace_op(g, c, &[zero, lp])?;
        for l in [load_a, load_b] {
            let scope = g.parent(l).ok_or_else(|| Error::graph("orphan load"))?;
            let order: Vec<NodeId> = g.body(scope)?.into_iter().filter(|&n| n != l).collect();
            g.set_body(scope, &order)?;
            remove_tree(g, l)?;
        }
        Ok(())
    }
}
