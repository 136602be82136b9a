//! Lower a tensor contraction to matrix instructions (MFMA on gfx942,
//! WMMA on GFX11): as `lower_contraction`, a zeroed accumulator and a K
//! loop, but each wave multiplies blocks of its wave tile with wave
//! matrix operations. The operands' lane layouts are those of
//! `silk_gpu_ir::matrix`, written as coordinate edges:
//!
//! - MFMA: lane `l` holds `A[l % m][per_lane * (l / m) + e]` and
//!   `B[per_lane * (l / n) + e][l % n]`;
//! - WMMA: lane `l` holds row `l % 16` of A and column `l % 16` of B over
//!   the whole K step (`e` = k).
//!
//! A's registers are indexed by (block, K step, element), B's likewise.

use super::lower_contraction::Contraction;
use crate::expr::Expr;
use crate::kernel_graph::{ControlOp, CoordEdge, DimKind, Dimension, KernelGraph, OperandLayout};
use crate::matrix::Unit;
use crate::{Error, Params};

pub fn lower_matrix(graph: &KernelGraph, params: &Params) -> Result<KernelGraph, Error> {
    let mut g = graph.clone();
    let contractions = g.find_ops(|o| matches!(o, ControlOp::TensorContraction { .. }));
    if contractions.is_empty() {
        return Ok(g);
    }
    let tiling = g
        .tiling
        .clone()
        .ok_or_else(|| Error::graph("lower_matrix runs after lower_tiles"))?;
    let mt = tiling
        .matrix
        .clone()
        .ok_or_else(|| Error::graph("lower_matrix needs the matrix tile distribution"))?;
    let instr = mt.instr;
    let du = params.depth_k;
    if du == 0 || du % instr.k != 0 || du / instr.k > 8 {
        return Err(Error::params(format!(
            "depth_k {du} must be 1 to 8 K steps of the {}x{}x{} instruction",
            instr.m, instr.n, instr.k
        )));
    }
    let ksteps = du / instr.k;
    let per_lane = instr.per_lane();
    let lit = |x: u32| Expr::lit(x as i64);
    for c in contractions {
        let Some(tc) = Contraction::find(&mut g, c, du)? else {
            continue;
        };
        // d = 0: A (rows, instruction m); d = 1: B (columns, instruction n).
        for (d, (tile, sub_mn, sub_k)) in [(tc.a, tc.a_m, tc.a_k), (tc.b, tc.b_n, tc.b_k)]
            .into_iter()
            .enumerate()
        {
            let (tag, dtype) = match g.dim(tile)?.kind {
                DimKind::MacroTile { tag, dtype, .. } => (tag, dtype),
                _ => return Err(Error::graph(format!("operand {tile} is not a macro tile"))),
            };
            let size_mn = if d == 0 { instr.m } else { instr.n };
            let dim = d as u8;
            let tile_index = g.add_dim(Dimension::sized(
                DimKind::MacroTileIndex { dim },
                lit(params.macro_tile[d]),
            ));
            let block = g.add_dim(Dimension::sized(
                DimKind::MatrixBlock {
                    dim,
                    operand: Some(tag),
                },
                lit(mt.blocks[d]),
            ));
            let inner = g.add_dim(Dimension::sized(
                DimKind::WaveTileIndex { dim },
                lit(size_mn),
            ));
            let ki = g.add_dim(Dimension::sized(DimKind::KIndex { tensor: tag }, lit(du)));
            let kb = g.add_dim(Dimension::sized(
                DimKind::KBlock { tensor: tag },
                lit(ksteps),
            ));
            let el = g.add_dim(Dimension::sized(
                DimKind::LaneElement { tensor: tag },
                lit(per_lane),
            ));
            let lane_major = g.add_dim(Dimension::sized(
                DimKind::LanePart {
                    operand: Some(tag),
                    major: true,
                },
                lit(instr.wave / size_mn),
            ));
            let lane_minor = g.add_dim(Dimension::sized(
                DimKind::LanePart {
                    operand: Some(tag),
                    major: false,
                },
                lit(size_mn),
            ));
            let e = &mut g.coordinates;
            e.add_edge(
                CoordEdge::Tile,
                &[sub_mn],
                &[tiling.tile_number[d], tile_index],
            );
            e.add_edge(CoordEdge::Tile, &[sub_k], &[tc.counter, ki]);
            e.add_edge(
                CoordEdge::Tile,
                &[tile_index],
                &[tiling.thread_number[d], block, inner],
            );
            e.add_edge(CoordEdge::Tile, &[mt.lane], &[lane_major, lane_minor]);
            e.add_edge(CoordEdge::PassThrough, &[lane_minor], &[inner]);
            match instr.unit {
                // k = step * K + per_lane * (lane / m) + e
                Unit::Mfma => e.add_edge(CoordEdge::Tile, &[ki], &[kb, lane_major, el]),
                // k = step * K + e (every lane of a row holds the whole step)
                Unit::Wmma => e.add_edge(CoordEdge::Tile, &[ki], &[kb, el]),
            };
            g.coordinates.node_mut(tile).expect("checked").kind = DimKind::Registers {
                tag,
                dtype,
                dims: vec![block, kb, el],
            };
            g.tiling
                .as_mut()
                .expect("checked")
                .operands
                .push(OperandLayout {
                    regs: tile,
                    tile_index,
                    dim,
                    k_index: ki,
                    k_first: d == 1,
                });
        }
        let multiply = ControlOp::MatrixMultiply {
            a: tc.a,
            b: tc.b,
            acc: tc.dst,
            instr,
        };
        tc.replace(&mut g, c, multiply)?;
    }
    Ok(g)
}
