//! Lower result-shaped macro tiles: workgroups own macro tiles of the
//! output (workgroup id split into tile row and column by a Tile edge,
//! whose division by the launch-time tile count becomes a magic-number
//! multiply), work-items own thread tiles inside it (element `(i, j)` of
//! a work-item at tile rows `i * (MT_M / TT_M) + row part`, strided so
//! neighbouring work-items touch neighbouring elements), and the tiles
//! become register arrays loaded and stored element by element.

use super::{replace_op, subdims};
use crate::expr::Expr;
use crate::graph::NodeId;
use crate::kernel_graph::{
    ControlOp, CoordEdge, DimKind, Dimension, KernelGraph, LaunchShape, TileRole, Tiling,
};
use crate::{Error, Params};

pub fn lower_tiles(graph: &KernelGraph, params: &Params) -> Result<KernelGraph, Error> {
    let mut g = graph.clone();
    let tiles: Vec<NodeId> = g
        .coordinates
        .nodes()
        .filter(|(_, d)| matches!(d.kind, DimKind::MacroTile { .. }))
        .map(|(n, _)| n)
        .collect();
    if tiles.is_empty() {
        return Ok(g);
    }
    if g.launch.is_some() {
        return Err(Error::unsupported(
            "a command mixing linear and tiled operations",
        ));
    }
    let [mt0, mt1] = params.macro_tile;
    let [tt0, tt1] = params.thread_tile;
    if tt0 == 0 || tt1 == 0 || mt0 % tt0 != 0 || mt1 % tt1 != 0 || mt0 == 0 || mt1 == 0 {
        return Err(Error::params(format!(
            "thread tile {tt0}x{tt1} must divide macro tile {mt0}x{mt1}"
        )));
    }
    let parts = [mt0 / tt0, mt1 / tt1];
    let wg = parts[0] * parts[1];
    if wg > 1024 || tt0 * tt1 > 64 {
        return Err(Error::params(format!(
            "macro tile {mt0}x{mt1} with thread tile {tt0}x{tt1} needs {wg} work-items (at most 1024) and {} accumulators (at most 64)",
            tt0 * tt1
        )));
    }
    // The output decides the grid.
    let store_user = g
        .find_ops(|o| matches!(o, ControlOp::StoreTiled { .. }))
        .first()
        .and_then(|&n| match g.op(n) {
            Ok(ControlOp::StoreTiled { user, .. }) => Some(*user),
            _ => None,
        })
        .ok_or_else(|| Error::command("a tiled command must store a tiled result"))?;
    let out_subs = subdims(&g, store_user)?;
    if out_subs.len() != 2 {
        return Err(Error::unsupported(format!(
            "tiled access to a {}-dimensional tensor (tiled tensors are 2-D)",
            out_subs.len()
        )));
    }
    let size = |g: &KernelGraph, n: NodeId| {
        g.dim(n)?
            .size
            .clone()
            .ok_or_else(|| Error::graph(format!("sub-dimension {n} has no size")))
    };
    let counts = [
        Expr::ceil_div(size(&g, out_subs[0])?, Expr::lit(mt0 as i64)),
        Expr::ceil_div(size(&g, out_subs[1])?, Expr::lit(mt1 as i64)),
    ];
    let workgroups = Expr::mul(counts[0].clone(), counts[1].clone());
    let workgroup = g.add_dim(Dimension::sized(DimKind::Workgroup, workgroups.clone()));
    let workitem = g.add_dim(Dimension::sized(DimKind::Workitem, Expr::lit(wg as i64)));
    let mut tile_number = [workgroup; 2];
    let mut tile_index = [workgroup; 2];
    let mut thread_number = [workgroup; 2];
    let mut thread_index = [workgroup; 2];
    let mt = [mt0, mt1];
    let tt = [tt0, tt1];
    for d in 0..2 {
        let dim = d as u8;
        tile_number[d] = g.add_dim(Dimension::sized(
            DimKind::MacroTileNumber { dim },
            counts[d].clone(),
        ));
        tile_index[d] = g.add_dim(Dimension::sized(
            DimKind::MacroTileIndex { dim },
            Expr::lit(mt[d] as i64),
        ));
        thread_number[d] = g.add_dim(Dimension::sized(
            DimKind::ThreadTileNumber { dim },
            Expr::lit(parts[d] as i64),
        ));
        thread_index[d] = g.add_dim(Dimension::sized(
            DimKind::ThreadTileIndex { dim },
            Expr::lit(tt[d] as i64),
        ));
        g.coordinates.add_edge(
            CoordEdge::Tile,
            &[tile_index[d]],
            &[thread_index[d], thread_number[d]],
        );
    }
    g.coordinates
        .add_edge(CoordEdge::Tile, &[workgroup], &tile_number);
    g.coordinates
        .add_edge(CoordEdge::Tile, &[workitem], &thread_number);
    g.tiling = Some(Tiling {
        workgroup,
        workitem,
        tile_number,
        tile_index,
        thread_number,
        thread_index,
    });
    g.launch = Some(LaunchShape {
        workgroup_size: wg,
        workgroups,
    });
    // Result-shaped tiles become register arrays; their loads and stores
    // element-wise global accesses.
    for t in tiles {
        let d = g.coordinates.node_mut(t).expect("listed above");
        if let DimKind::MacroTile {
            tag,
            role: TileRole::Acc,
            dtype,
        } = d.kind
        {
            d.kind = DimKind::Registers {
                tag,
                dtype,
                dims: thread_index.to_vec(),
            };
        }
    }
    let mut tiled_users = vec![];
    for op in g.descendants(g.kernel)? {
        let (user, tile, load) = match g.op(op)? {
            ControlOp::LoadTiled { user, tile } => (*user, *tile, true),
            ControlOp::StoreTiled { tile, user } => (*user, *tile, false),
            _ => continue,
        };
        if !matches!(g.dim(tile)?.kind, DimKind::Registers { .. }) {
            continue; // a contraction operand: lower_contraction's job
        }
        let subs = subdims(&g, user)?;
        if subs.len() != 2 {
            return Err(Error::unsupported(format!(
                "tiled access to a {}-dimensional tensor (tiled tensors are 2-D)",
                subs.len()
            )));
        }
        if !tiled_users.contains(&(user, load)) {
            tiled_users.push((user, load));
            for d in 0..2 {
                if load {
                    g.coordinates.add_edge(
                        CoordEdge::Tile,
                        &[subs[d]],
                        &[tile_number[d], tile_index[d]],
                    );
                } else {
                    g.coordinates.add_edge(
                        CoordEdge::Flatten,
                        &[tile_number[d], tile_index[d]],
                        &[subs[d]],
                    );
                }
            }
        }
        let new = if load {
            ControlOp::LoadGlobal { user, regs: tile }
        } else {
            ControlOp::StoreGlobal { regs: tile, user }
        };
        let n = g.control.add_node(new);
        replace_op(&mut g, op, &[n])?;
    }
    Ok(g)
}
