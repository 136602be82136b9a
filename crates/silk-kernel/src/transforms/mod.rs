//! Graph transforms, one pass per module with one entry point each, and
//! the driver [`lower`] that writes down their order (rocRoller's
//! `KernelGraph` transformations):
//!
//! 1. [`lower_linear`] — linear loads, stores and elementwise steps
//!    become per-element loops over the grid;
//! 2. [`lower_tiles`] — result-shaped macro tiles are distributed over
//!    workgroups and work-items (thread tiles in registers);
//! 3. [`lower_contraction`] — a tensor contraction becomes a K loop of
//!    operand thread-tile loads and a thread-tile FMA multiply; or, with
//!    matrix instructions, [`lower_matrix`] — a K loop of operand loads in
//!    the MFMA/WMMA lane layouts and wave matrix operations;
//! 4. [`add_lds`] — contraction operands are staged global -> LDS ->
//!    registers with cooperative copies and barriers;
//! 5. [`prefetch`] — the next K tile's global loads move ahead of the
//!    current tile's compute (one tile in flight);
//! 6. [`unroll`] — the K loop is unrolled;
//! 7. [`fuse_loops`] — adjacent loops of equal trip count merge.

pub mod add_lds;
pub mod fuse_loops;
pub mod lower_contraction;
pub mod lower_linear;
pub mod lower_matrix;
pub mod lower_tiles;
pub mod prefetch;
pub mod unroll;

pub use add_lds::add_lds;
pub use fuse_loops::fuse_loops;
pub use lower_contraction::lower_contraction;
pub use lower_linear::lower_linear;
pub use lower_matrix::lower_matrix;
pub use lower_tiles::lower_tiles;
pub use prefetch::prefetch;
pub use unroll::unroll;

use crate::graph::NodeId;
use crate::kernel_graph::{ControlOp, KernelGraph};
use crate::matrix::Arch;
use crate::{Error, Params};

/// [`lower_for`] a wave64 processor without matrix instructions.
pub fn lower(graph: &KernelGraph, params: &Params) -> Result<KernelGraph, Error> {
    lower_for(graph, params, &Arch::default())
}

/// The pass order. Each pass is verified after it runs.
pub fn lower_for(graph: &KernelGraph, params: &Params, arch: &Arch) -> Result<KernelGraph, Error> {
    let mut g = graph.clone();
    g = lower_linear(&g, params)?;
    g.verify()?;
    g = lower_tiles(&g, params, arch)?;
    g.verify()?;
    g = if params.matrix.is_some() {
        lower_matrix(&g, params)?
    } else {
        lower_contraction(&g, params)?
    };
    g.verify()?;
    if params.lds {
        g = add_lds(&g, params)?;
        g.verify()?;
    }
    if params.prefetch {
        if !params.lds {
            return Err(Error::params(
                "prefetch needs LDS staging (set `lds`): the prefetched tile waits in the staging registers",
            ));
        }
        g = prefetch(&g)?;
        g.verify()?;
    }
    if params.unroll > 1 {
        g = unroll(&g, params.unroll)?;
        g.verify()?;
    }
    if params.fuse_loops {
        g = fuse_loops(&g)?;
        g.verify()?;
    }
    Ok(g)
}

/// Replace `old` in its body by the operations `new` (in order).
pub(crate) fn replace_op(g: &mut KernelGraph, old: NodeId, new: &[NodeId]) -> Result<(), Error> {
    let scope = g
        .parent(old)
        .ok_or_else(|| Error::graph(format!("control node {old} is in no body")))?;
    let mut order = vec![];
    for n in g.body(scope)? {
        if n == old {
            order.extend_from_slice(new);
        } else {
            order.push(n);
        }
    }
    g.set_body(scope, &order)?;
    remove_tree(g, old)
}

/// Remove a control node and its body.
pub(crate) fn remove_tree(g: &mut KernelGraph, n: NodeId) -> Result<(), Error> {
    if g.op(n)?.is_scope() {
        for c in g.body(n)? {
            remove_tree(g, c)?;
        }
    }
    g.control.remove_node(n);
    Ok(())
}

/// A new, unattached control node with `body`.
pub(crate) fn scope_with(
    g: &mut KernelGraph,
    op: ControlOp,
    body: &[NodeId],
) -> Result<NodeId, Error> {
    let n = g.control.add_node(op);
    g.set_body(n, body)?;
    Ok(n)
}

/// The subdimensions of a user tensor, in order.
pub(crate) fn subdims(g: &KernelGraph, user: NodeId) -> Result<Vec<NodeId>, Error> {
    use crate::kernel_graph::CoordEdge;
    g.coordinates
        .out_edges(user)
        .iter()
        .find(|(_, e)| e.kind == CoordEdge::Split)
        .map(|(_, e)| e.dst.clone())
        .ok_or_else(|| Error::graph(format!("user tensor {user} has no sub-dimensions")))
}
