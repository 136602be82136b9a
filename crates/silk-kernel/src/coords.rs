//! Evaluating the coordinate-transform graph: from the dimensions whose
//! values are known at a point of the kernel (work-item, workgroup, loop
//! counters, register indices) to the expression of another dimension.
//!
//! Each edge is applied in whichever direction its known side allows
//! (rocRoller's forward and reverse transforms), until the wanted
//! dimension is known: Tile forward divides, Tile reverse (and Flatten
//! forward) multiplies and adds; Split reverse and Join forward sum
//! index * stride; PassThrough copies.

use std::collections::BTreeMap;

use crate::expr::Expr;
use crate::graph::{Edge, NodeId};
use crate::kernel_graph::{CoordEdge, KernelGraph};
use crate::Error;

/// Row-major strides of parts with `sizes`: `prod(sizes[i+1..])`.
fn suffix_products(sizes: &[Expr]) -> Vec<Expr> {
    let mut out = vec![Expr::lit(1); sizes.len()];
    for i in (0..sizes.len().saturating_sub(1)).rev() {
        out[i] = Expr::mul(out[i + 1].clone(), sizes[i + 1].clone()).fold();
    }
    out
}

/// The whole and the parts of an edge: Tile and Split take the whole
/// (their one source) to parts, Flatten and Join parts to the whole.
fn whole_and_parts(e: &Edge<CoordEdge>) -> (NodeId, &[NodeId]) {
    if matches!(e.kind, CoordEdge::Tile | CoordEdge::Split) {
        (e.src[0], &e.dst)
    } else {
        (e.dst[0], &e.src)
    }
}

impl KernelGraph {
    fn sizes(&self, ns: &[NodeId]) -> Option<Vec<Expr>> {
        ns.iter()
            .map(|n| self.coordinates.node(*n).and_then(|d| d.size.clone()))
            .collect()
    }

    fn strides(&self, ns: &[NodeId]) -> Option<Vec<Expr>> {
        ns.iter()
            .map(|n| self.coordinates.node(*n).and_then(|d| d.stride.clone()))
            .collect()
    }

    /// The expression of `target` given `known` (expressions of other
    /// dimensions, usually `Expr::Dim` placeholders for kernel values).
    pub fn evaluate(&self, known: &BTreeMap<NodeId, Expr>, target: NodeId) -> Result<Expr, Error> {
        let mut vals = known.clone();
        loop {
            if let Some(e) = vals.get(&target) {
                return Ok(e.fold());
            }
            let mut progress = false;
            for (_, e) in self.coordinates.edges() {
                let have = |ns: &[NodeId], v: &BTreeMap<NodeId, Expr>| {
                    ns.iter().all(|n| v.contains_key(n))
                };
                let src_known = have(&e.src, &vals);
                let dst_known = have(&e.dst, &vals);
                if src_known == dst_known {
                    continue;
                }
                let mut new: Vec<(NodeId, Expr)> = vec![];
                match (e.kind, src_known) {
                    (CoordEdge::PassThrough, true) => new.push((e.dst[0], vals[&e.src[0]].clone())),
                    (CoordEdge::PassThrough, false) => {
                        new.push((e.src[0], vals[&e.dst[0]].clone()))
                    }
                    // x -> parts: parts_i = (x / suffix_i) % size_i
                    (CoordEdge::Tile, true) | (CoordEdge::Flatten, false) => {
                        let (whole, parts) = whole_and_parts(e);
                        let Some(sizes) = self.sizes(parts) else {
                            continue;
                        };
                        let suf = suffix_products(&sizes);
                        let x = vals[&whole].clone();
                        for (i, p) in parts.iter().enumerate() {
                            let q = Expr::div(x.clone(), suf[i].clone());
                            let v = if i == 0 {
                                q
                            } else {
                                Expr::rem(q, sizes[i].clone())
                            };
                            new.push((*p, v.fold()));
                        }
                    }
                    // parts -> x = sum parts_i * weight_i: the weights are
                    // the suffix products of the sizes for Tile and Flatten,
                    // the strides (an offset in elements) for Split and Join.
                    (CoordEdge::Tile, false)
                    | (CoordEdge::Flatten, true)
                    | (CoordEdge::Split, false)
                    | (CoordEdge::Join, true) => {
                        let (whole, parts) = whole_and_parts(e);
                        let weights = if matches!(e.kind, CoordEdge::Tile | CoordEdge::Flatten) {
                            self.sizes(parts).map(|sizes| suffix_products(&sizes))
                        } else {
                            self.strides(parts)
                        };
                        let Some(weights) = weights else {
                            continue;
                        };
                        let mut x = Expr::lit(0);
                        for (p, w) in parts.iter().zip(weights) {
                            x = Expr::add(x, Expr::mul(vals[p].clone(), w));
                        }
                        new.push((whole, x.fold()));
                    }
                    _ => continue,
                }
                for (n, v) in new {
                    if let std::collections::btree_map::Entry::Vacant(s) = vals.entry(n) {
                        s.insert(v);
                        progress = true;
                    }
                }
            }
            if !progress {
                return Err(Error::graph(format!(
                    "dimension {target} cannot be computed from dimensions {:?}",
                    known.keys().map(|k| k.0).collect::<Vec<_>>()
                )));
            }
        }
    }
}
