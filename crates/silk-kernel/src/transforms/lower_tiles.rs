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
    ControlOp, CoordEdge, DimKind, Dimension, KernelGraph, LaunchShape, MatrixTiling, TileRole,
    Tiling,
};
use crate::matrix::{Arch, MatrixInstr, Unit};
use crate::{DataType, Error, Params};

pub fn lower_tiles(
    graph: &KernelGraph,
    params: &Params,
    arch: &Arch,
) -> Result<KernelGraph, Error> {
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
    if mt0 == 0 || mt1 == 0 {
        return Err(Error::params("macro tile sizes must be positive"));
    }
    let instr = match params.matrix {
        Some(shape) => Some(MatrixInstr::select(arch, shape, operand_dtype(&g)?)?),
        None => None,
    };
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
    let mt = [mt0, mt1];
    let mut tile_number = [workgroup; 2];
    let mut tile_index = [workgroup; 2];
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
    }
    g.coordinates
        .add_edge(CoordEdge::Tile, &[workgroup], &tile_number);
    let (workitem, wg, thread_number, thread_index, acc_dims, matrix) = match instr {
        None => {
            let (workitem, wg, number, index) = thread_tiles(&mut g, params, &tile_index)?;
            (workitem, wg, number, index, index.to_vec(), None)
        }
        Some(instr) => {
            let (workitem, wg, number, index, acc, m) =
                wave_tiles(&mut g, params, &tile_index, instr)?;
            (workitem, wg, number, index, acc, Some(m))
        }
    };
    g.tiling = Some(Tiling {
        workgroup,
        workitem,
        tile_number,
        tile_index,
        thread_number,
        thread_index,
        matrix,
        operands: vec![],
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
                dims: acc_dims.clone(),
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

/// The input type of the command's contraction (f32 when there is none).
fn operand_dtype(g: &KernelGraph) -> Result<DataType, Error> {
    for n in g.find_ops(|o| matches!(o, ControlOp::TensorContraction { .. })) {
        if let ControlOp::TensorContraction { a, .. } = g.op(n)? {
            if let DimKind::MacroTile { dtype, .. } = g.dim(*a)?.kind {
                return Ok(dtype);
            }
        }
    }
    Err(Error::params(
        "matrix instructions need a tensor contraction",
    ))
}

type Threads = (NodeId, u32, [NodeId; 2], [NodeId; 2]);

/// Thread tiles: work-item = (row part, column part); tile index =
/// thread-tile index * parts + part.
fn thread_tiles(
    g: &mut KernelGraph,
    params: &Params,
    tile_index: &[NodeId; 2],
) -> Result<Threads, Error> {
    let [mt0, mt1] = params.macro_tile;
    let [tt0, tt1] = params.thread_tile;
    if tt0 == 0 || tt1 == 0 || mt0 % tt0 != 0 || mt1 % tt1 != 0 {
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
    let workitem = g.add_dim(Dimension::sized(DimKind::Workitem, Expr::lit(wg as i64)));
    let tt = [tt0, tt1];
    let mut number = [workitem; 2];
    let mut index = [workitem; 2];
    for d in 0..2 {
        let dim = d as u8;
        number[d] = g.add_dim(Dimension::sized(
            DimKind::ThreadTileNumber { dim },
            Expr::lit(parts[d] as i64),
        ));
        index[d] = g.add_dim(Dimension::sized(
            DimKind::ThreadTileIndex { dim },
            Expr::lit(tt[d] as i64),
        ));
        g.coordinates
            .add_edge(CoordEdge::Tile, &[tile_index[d]], &[index[d], number[d]]);
    }
    g.coordinates
        .add_edge(CoordEdge::Tile, &[workitem], &number);
    Ok((workitem, wg, number, index))
}

type Waves = (
    NodeId,
    u32,
    [NodeId; 2],
    [NodeId; 2],
    Vec<NodeId>,
    MatrixTiling,
);

/// Wave tiles of matrix-instruction blocks: work-item = (wave, lane),
/// wave = (wave row, wave column); tile index = (wave tile number, block,
/// index in block); the accumulator element `r` of lane `l` sits at block
/// row `(r / run) * (groups * run) + (l / n) * run + r % run`, column
/// `l % n`, with `run` consecutive rows per lane and `groups = wave / n`
/// (the MFMA and WMMA D layouts of `silk_gpu_ir::matrix`).
fn wave_tiles(
    g: &mut KernelGraph,
    params: &Params,
    tile_index: &[NodeId; 2],
    instr: MatrixInstr,
) -> Result<Waves, Error> {
    let [w0, w1] = params.waves;
    let mt = params.macro_tile;
    let shape = [instr.m, instr.n];
    if w0 == 0 || w1 == 0 || mt[0] % (w0 * shape[0]) != 0 || mt[1] % (w1 * shape[1]) != 0 {
        return Err(Error::params(format!(
            "macro tile {}x{} must split into {w0}x{w1} waves of whole {}x{} matrix blocks",
            mt[0], mt[1], shape[0], shape[1]
        )));
    }
    let blocks = [mt[0] / (w0 * shape[0]), mt[1] / (w1 * shape[1])];
    let wg = w0 * w1 * instr.wave;
    if wg > 1024 || blocks[0] * blocks[1] * instr.acc_per_lane() > 128 {
        return Err(Error::params(format!(
            "{w0}x{w1} waves of {}x{} blocks need {wg} work-items (at most 1024) and {} accumulators per lane (at most 128)",
            blocks[0],
            blocks[1],
            blocks[0] * blocks[1] * instr.acc_per_lane()
        )));
    }
    let lit = |x: u32| Expr::lit(x as i64);
    let workitem = g.add_dim(Dimension::sized(DimKind::Workitem, lit(wg)));
    let wave = g.add_dim(Dimension::sized(DimKind::Wavefront, lit(w0 * w1)));
    let lane = g.add_dim(Dimension::sized(DimKind::Lane, lit(instr.wave)));
    g.coordinates
        .add_edge(CoordEdge::Tile, &[workitem], &[wave, lane]);
    let mut number = [wave; 2];
    let mut block = [wave; 2];
    let mut inner = [wave; 2];
    let ws = [w0, w1];
    for d in 0..2 {
        let dim = d as u8;
        number[d] = g.add_dim(Dimension::sized(
            DimKind::WaveTileNumber { dim },
            lit(ws[d]),
        ));
        block[d] = g.add_dim(Dimension::sized(
            DimKind::MatrixBlock { dim, operand: None },
            lit(blocks[d]),
        ));
        inner[d] = g.add_dim(Dimension::sized(
            DimKind::WaveTileIndex { dim },
            lit(shape[d]),
        ));
        g.coordinates.add_edge(
            CoordEdge::Tile,
            &[tile_index[d]],
            &[number[d], block[d], inner[d]],
        );
    }
    g.coordinates.add_edge(CoordEdge::Tile, &[wave], &number);
    // The accumulator lane layout.
    let run = instr.acc_row_run();
    let r_total = instr.acc_per_lane();
    let groups = instr.wave / instr.n;
    let acc = g.add_dim(Dimension::sized(
        DimKind::AccElement { part: 0 },
        lit(r_total),
    ));
    let r_hi = g.add_dim(Dimension::sized(
        DimKind::AccElement { part: 1 },
        lit(r_total / run),
    ));
    let r_lo = g.add_dim(Dimension::sized(DimKind::AccElement { part: 2 }, lit(run)));
    let lane_group = g.add_dim(Dimension::sized(
        DimKind::LanePart {
            operand: None,
            major: true,
        },
        lit(groups),
    ));
    let lane_col = g.add_dim(Dimension::sized(
        DimKind::LanePart {
            operand: None,
            major: false,
        },
        lit(instr.n),
    ));
    let e = &mut g.coordinates;
    e.add_edge(CoordEdge::Tile, &[acc], &[r_hi, r_lo]);
    e.add_edge(CoordEdge::Tile, &[lane], &[lane_group, lane_col]);
    e.add_edge(CoordEdge::Flatten, &[r_hi, lane_group, r_lo], &[inner[0]]);
    e.add_edge(CoordEdge::PassThrough, &[lane_col], &[inner[1]]);
    let _ = Unit::Mfma;
    Ok((
        workitem,
        wg,
        number,
        block,
        vec![block[0], block[1], acc],
        MatrixTiling {
            instr,
            wave,
            lane,
            waves: params.waves,
            blocks,
        },
    ))
}
