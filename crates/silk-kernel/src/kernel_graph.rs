//! The `KernelGraph`: a coordinate-transform hypergraph and a control
//! graph (rocRoller's `KernelGraph`), its node and edge kinds, and the
//! verifier, DOT export and JSON form.

use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::fmt::Write;

use crate::command::{BinaryFn, DataType, Tag, UnaryFn};
use crate::expr::Expr;
use crate::graph::{HyperGraph, NodeId};
use crate::Error;

/// How a macro tile is used: it decides its thread distribution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TileRole {
    /// The left operand of a contraction (M x K).
    Lhs,
    /// The right operand (K x N).
    Rhs,
    /// Shaped like the contraction result (M x N): results, C, epilogues.
    Acc,
}

/// A dimension (node) of the coordinate graph.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum DimKind {
    /// A tensor in device memory.
    User {
        tensor: Tag,
    },
    /// Dimension `dim` of a user tensor.
    SubDimension {
        tensor: Tag,
        dim: u8,
    },
    /// A macro tile value of the command (data), before lowering.
    MacroTile {
        tag: Tag,
        role: TileRole,
        dtype: DataType,
    },
    /// A linear value of the command (data), before lowering.
    Linear {
        tag: Tag,
        dtype: DataType,
    },
    /// Which macro tile (per workgroup) along `dim` (0 = rows, 1 = columns).
    MacroTileNumber {
        dim: u8,
    },
    /// The index inside a macro tile along `dim`.
    MacroTileIndex {
        dim: u8,
    },
    /// The index inside a wave tile (matrix-instruction paths).
    WaveTileIndex {
        dim: u8,
    },
    /// Which work-item part of a macro tile along `dim`.
    ThreadTileNumber {
        dim: u8,
    },
    /// The index inside a thread tile along `dim` (a register index).
    ThreadTileIndex {
        dim: u8,
    },
    /// The index along the contraction dimension inside one K tile.
    KIndex {
        tensor: Tag,
    },
    /// A flattened element index of an LDS tile.
    LdsElement {
        tensor: Tag,
    },
    /// Which pass of a cooperative copy (a register index).
    CopyChunk {
        tensor: Tag,
    },
    /// A global element index of a linear operation.
    ElementNumber,
    Workgroup,
    Workitem,
    /// The wave within the workgroup (matrix paths).
    Wavefront,
    /// The lane within the wave (matrix paths).
    Lane,
    /// A part of the lane id: `major` is `lane / size_of_minor`.
    LanePart {
        operand: Option<Tag>,
        major: bool,
    },
    /// Which wave tile along `dim` (0 = rows, 1 = columns).
    WaveTileNumber {
        dim: u8,
    },
    /// Which matrix-instruction block of a wave tile, per operand.
    MatrixBlock {
        dim: u8,
        operand: Option<Tag>,
    },
    /// Which matrix-instruction K step of a K tile.
    KBlock {
        tensor: Tag,
    },
    /// Which element of a lane's A/B vector.
    LaneElement {
        tensor: Tag,
    },
    /// Which accumulator element of a lane (and its high/low parts).
    AccElement {
        part: u8,
    },
    ForLoop,
    Unroll,
    /// A per-thread register array (data), indexed by `dims` (each of
    /// literal size), row-major.
    Registers {
        tag: Tag,
        dtype: DataType,
        dims: Vec<NodeId>,
    },
    /// An LDS buffer (data) holding `elements` of `dtype`, addressed by
    /// the `index` dimension.
    Lds {
        tensor: Tag,
        dtype: DataType,
        index: NodeId,
        elements: u32,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Dimension {
    pub kind: DimKind,
    pub size: Option<Expr>,
    pub stride: Option<Expr>,
}

impl Dimension {
    pub fn new(kind: DimKind) -> Dimension {
        Dimension {
            kind,
            size: None,
            stride: None,
        }
    }
    pub fn sized(kind: DimKind, size: Expr) -> Dimension {
        Dimension {
            kind,
            size: Some(size),
            stride: None,
        }
    }
    pub fn is_data(&self) -> bool {
        matches!(
            self.kind,
            DimKind::MacroTile { .. }
                | DimKind::Linear { .. }
                | DimKind::Registers { .. }
                | DimKind::Lds { .. }
                | DimKind::User { .. }
        )
    }
    /// The literal size, if it has one.
    pub fn literal_size(&self) -> Option<i64> {
        self.size.as_ref().and_then(|s| s.fold().as_literal())
    }
}

/// Coordinate-transform edges. Sizes come from the dimensions (the heads
/// of Tile, the tails of Flatten).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CoordEdge {
    /// User -> its sub-dimensions (reverse: offset = sum of sub * stride).
    Split,
    /// Sub-dimensions -> user (offset = sum of sub * stride).
    Join,
    /// Several indices -> one row-major index.
    Flatten,
    /// One index -> several row-major parts (the inverse of Flatten).
    Tile,
    /// Same value.
    PassThrough,
    /// The head takes the tail's shape (no index transform).
    Inherit,
    /// Data moves from tail to head (no index transform).
    DataFlow,
}

/// An elementwise value expression of an `Assign`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ValueExpr {
    /// The element of a data node (register array).
    Data(NodeId),
    /// A scalar command argument by name (f32).
    Scalar(String),
    Const(f32),
    Unary(UnaryFn, Box<ValueExpr>),
    Binary(BinaryFn, Box<ValueExpr>, Box<ValueExpr>),
    Fma(Box<ValueExpr>, Box<ValueExpr>, Box<ValueExpr>),
}

impl ValueExpr {
    pub fn data_nodes(&self, out: &mut Vec<NodeId>) {
        match self {
            ValueExpr::Data(n) => out.push(*n),
            ValueExpr::Scalar(_) | ValueExpr::Const(_) => {}
            ValueExpr::Unary(_, a) => a.data_nodes(out),
            ValueExpr::Binary(_, a, b) => {
                a.data_nodes(out);
                b.data_nodes(out)
            }
            ValueExpr::Fma(a, b, c) => {
                a.data_nodes(out);
                b.data_nodes(out);
                c.data_nodes(out)
            }
        }
    }
    pub fn replace_data(&mut self, from: NodeId, to: NodeId) {
        match self {
            ValueExpr::Data(n) if *n == from => *n = to,
            ValueExpr::Data(_) | ValueExpr::Scalar(_) | ValueExpr::Const(_) => {}
            ValueExpr::Unary(_, a) => a.replace_data(from, to),
            ValueExpr::Binary(_, a, b) => {
                a.replace_data(from, to);
                b.replace_data(from, to)
            }
            ValueExpr::Fma(a, b, c) => {
                a.replace_data(from, to);
                b.replace_data(from, to);
                c.replace_data(from, to)
            }
        }
    }
}

/// Control-graph operations. Fields name coordinate-graph nodes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ControlOp {
    Kernel,
    /// `for counter in 0..trip`; the body hangs off `Body` edges.
    ForLoop {
        counter: NodeId,
        trip: Expr,
    },
    /// Run the body only where `lhs < rhs`.
    If {
        lhs: Expr,
        rhs: Expr,
    },
    /// The body sees `dim` = `value` (unrolled copies, prefetch).
    SetCoordinate {
        dim: NodeId,
        value: Expr,
    },
    LoadTiled {
        user: NodeId,
        tile: NodeId,
    },
    LoadLinear {
        user: NodeId,
        value: NodeId,
    },
    StoreTiled {
        tile: NodeId,
        user: NodeId,
    },
    StoreLinear {
        value: NodeId,
        user: NodeId,
    },
    /// `dst = a * b` on macro tiles (before lowering).
    TensorContraction {
        a: NodeId,
        b: NodeId,
        dst: NodeId,
        transpose_a: bool,
        transpose_b: bool,
    },
    /// Elementwise `dst = expr`.
    Assign {
        dst: NodeId,
        expr: ValueExpr,
    },
    /// Each element of the `regs` array from the user tensor (zero outside
    /// the tensor).
    LoadGlobal {
        user: NodeId,
        regs: NodeId,
    },
    /// Each element of `regs` to the user tensor (skipped outside it).
    StoreGlobal {
        regs: NodeId,
        user: NodeId,
    },
    /// Each element of `regs` into the LDS buffer (skipped where `guard`
    /// reaches its size).
    StoreLds {
        regs: NodeId,
        lds: NodeId,
        guard: NodeId,
    },
    LoadLds {
        lds: NodeId,
        regs: NodeId,
    },
    /// Thread-tile FMA: `acc[i][j] += sum_k a[i][k] * b[k][j]` (f32).
    Multiply {
        a: NodeId,
        b: NodeId,
        acc: NodeId,
    },
    /// Wave matrix instructions over blocks: `acc[bi][bj] += a[bi][kb] *
    /// b[bj][kb]` for every K step `kb`, each a lane vector.
    MatrixMultiply {
        a: NodeId,
        b: NodeId,
        acc: NodeId,
        instr: crate::matrix::MatrixInstr,
    },
    Barrier,
}

impl ControlOp {
    /// Whether the operation owns a body.
    pub fn is_scope(&self) -> bool {
        matches!(
            self,
            ControlOp::Kernel
                | ControlOp::ForLoop { .. }
                | ControlOp::If { .. }
                | ControlOp::SetCoordinate { .. }
        )
    }

    /// Coordinate nodes the operation names.
    pub fn coords(&self) -> Vec<NodeId> {
        let mut v = match self {
            ControlOp::Kernel | ControlOp::Barrier | ControlOp::If { .. } => vec![],
            ControlOp::ForLoop { counter, .. } => vec![*counter],
            ControlOp::SetCoordinate { dim, .. } => vec![*dim],
            ControlOp::LoadTiled { user, tile } | ControlOp::StoreTiled { tile, user } => {
                vec![*user, *tile]
            }
            ControlOp::LoadLinear { user, value } | ControlOp::StoreLinear { value, user } => {
                vec![*user, *value]
            }
            ControlOp::TensorContraction { a, b, dst, .. } => vec![*a, *b, *dst],
            ControlOp::Assign { dst, expr } => {
                let mut v = vec![*dst];
                expr.data_nodes(&mut v);
                v
            }
            ControlOp::LoadGlobal { user, regs } | ControlOp::StoreGlobal { regs, user } => {
                vec![*user, *regs]
            }
            ControlOp::StoreLds { regs, lds, guard } => vec![*regs, *lds, *guard],
            ControlOp::LoadLds { lds, regs } => vec![*lds, *regs],
            ControlOp::Multiply { a, b, acc } | ControlOp::MatrixMultiply { a, b, acc, .. } => {
                vec![*a, *b, *acc]
            }
        };
        v.sort();
        v.dedup();
        v
    }

    /// The data node it writes, if any.
    pub fn writes(&self) -> Option<NodeId> {
        match self {
            ControlOp::LoadTiled { tile, .. } => Some(*tile),
            ControlOp::LoadLinear { value, .. } => Some(*value),
            ControlOp::TensorContraction { dst, .. } | ControlOp::Assign { dst, .. } => Some(*dst),
            ControlOp::LoadGlobal { regs, .. } | ControlOp::LoadLds { regs, .. } => Some(*regs),
            ControlOp::Multiply { acc, .. } | ControlOp::MatrixMultiply { acc, .. } => Some(*acc),
            ControlOp::StoreLds { lds, .. } => Some(*lds),
            _ => None,
        }
    }

    fn label(&self) -> String {
        match self {
            ControlOp::ForLoop { trip, .. } => format!("ForLoop({trip})"),
            ControlOp::If { lhs, rhs } => format!("If({lhs} < {rhs})"),
            ControlOp::SetCoordinate { dim, value } => format!("SetCoordinate(d{dim} = {value})"),
            ControlOp::Assign { dst, .. } => format!("Assign(d{dst})"),
            other => {
                let s = format!("{other:?}");
                s.split([' ', '{']).next().unwrap_or("?").to_string()
            }
        }
    }
}

/// Control edges: `Body` from a scope to the operations it contains,
/// `Sequence` for the order inside one body.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ControlEdge {
    Body,
    Sequence,
}

/// What the kernel is launched with.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LaunchShape {
    /// Work-items per workgroup.
    pub workgroup_size: u32,
    /// Number of workgroups (a launch-time expression).
    pub workgroups: Expr,
}

/// The dimensions the tile lowering shares between tiles.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tiling {
    pub workgroup: NodeId,
    pub workitem: NodeId,
    /// Macro tile numbers, indices, thread tile numbers (work-item parts)
    /// and thread tile indices along rows (0) and columns (1). With matrix
    /// instructions the "thread" parts are wave tile numbers and the
    /// accumulator's matrix blocks.
    pub tile_number: [NodeId; 2],
    pub tile_index: [NodeId; 2],
    pub thread_number: [NodeId; 2],
    pub thread_index: [NodeId; 2],
    /// The matrix-instruction distribution, when there is one.
    pub matrix: Option<MatrixTiling>,
    /// How each contraction operand's registers index its tile (for LDS
    /// staging), filled by the contraction lowering.
    pub operands: Vec<OperandLayout>,
}

/// Dimensions of the matrix-instruction distribution.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatrixTiling {
    pub instr: crate::matrix::MatrixInstr,
    pub wave: NodeId,
    pub lane: NodeId,
    pub waves: [u32; 2],
    /// Matrix blocks per wave tile along rows and columns.
    pub blocks: [u32; 2],
}

/// An operand's register array and the two tile dimensions it is laid
/// out by in LDS.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OperandLayout {
    pub regs: NodeId,
    /// Its macro-tile index dimension (rows of A, columns of B).
    pub tile_index: NodeId,
    /// Its macro-tile dimension number (0 for A, 1 for B).
    pub dim: u8,
    pub k_index: NodeId,
    /// LDS rows are K (B) rather than the tile index (A).
    pub k_first: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KernelGraph {
    pub name: String,
    pub coordinates: HyperGraph<Dimension, CoordEdge>,
    pub control: HyperGraph<ControlOp, ControlEdge>,
    pub kernel: NodeId,
    pub launch: Option<LaunchShape>,
    pub tiling: Option<Tiling>,
    /// The tensor dtypes (for loads and stores).
    pub tensors: Vec<(Tag, DataType)>,
}

impl KernelGraph {
    pub fn new(name: &str) -> KernelGraph {
        let mut control = HyperGraph::new();
        let kernel = control.add_node(ControlOp::Kernel);
        KernelGraph {
            name: name.to_string(),
            coordinates: HyperGraph::new(),
            control,
            kernel,
            launch: None,
            tiling: None,
            tensors: vec![],
        }
    }

    pub fn dim(&self, n: NodeId) -> Result<&Dimension, Error> {
        self.coordinates
            .node(n)
            .ok_or_else(|| Error::graph(format!("no coordinate node {n}")))
    }

    pub fn op(&self, n: NodeId) -> Result<&ControlOp, Error> {
        self.control
            .node(n)
            .ok_or_else(|| Error::graph(format!("no control node {n}")))
    }

    pub fn tensor_dtype(&self, t: Tag) -> Result<DataType, Error> {
        self.tensors
            .iter()
            .find(|(x, _)| *x == t)
            .map(|(_, d)| *d)
            .ok_or_else(|| Error::graph(format!("unknown tensor {t}")))
    }

    /// The operations directly in `scope`'s body, in sequence order.
    pub fn body(&self, scope: NodeId) -> Result<Vec<NodeId>, Error> {
        let members: Vec<NodeId> = self
            .control
            .out_edges(scope)
            .iter()
            .filter(|(_, e)| e.kind == ControlEdge::Body)
            .flat_map(|(_, e)| e.dst.clone())
            .collect();
        // Topological order over Sequence edges among the members, ties
        // by node id (stable for a given graph).
        let mut indeg: Vec<(NodeId, usize)> = members.iter().map(|&m| (m, 0)).collect();
        for (_, e) in self.control.edges() {
            if e.kind == ControlEdge::Sequence {
                for d in &e.dst {
                    if let Some(x) = indeg.iter_mut().find(|x| x.0 == *d) {
                        if e.src.iter().any(|s| members.contains(s)) {
                            x.1 += 1;
                        }
                    }
                }
            }
        }
        let mut order = vec![];
        let mut ready: BTreeSet<NodeId> = indeg.iter().filter(|x| x.1 == 0).map(|x| x.0).collect();
        while let Some(n) = ready.pop_first() {
            order.push(n);
            for (_, e) in self.control.out_edges(n) {
                if e.kind != ControlEdge::Sequence {
                    continue;
                }
                for d in &e.dst {
                    if let Some(x) = indeg.iter_mut().find(|x| x.0 == *d) {
                        x.1 -= 1;
                        if x.1 == 0 {
                            ready.insert(*d);
                        }
                    }
                }
            }
        }
        if order.len() != members.len() {
            return Err(Error::graph(format!(
                "the body of control node {scope} has a sequence cycle"
            )));
        }
        Ok(order)
    }

    /// The scope whose body holds `n`.
    pub fn parent(&self, n: NodeId) -> Option<NodeId> {
        self.control
            .in_edges(n)
            .iter()
            .find(|(_, e)| e.kind == ControlEdge::Body)
            .and_then(|(_, e)| e.src.first().copied())
    }

    /// Append `op` at the end of `scope`'s body.
    pub fn append(&mut self, scope: NodeId, op: ControlOp) -> Result<NodeId, Error> {
        let last = self.body(scope)?.last().copied();
        let n = self.control.add_node(op);
        self.control.add_edge(ControlEdge::Body, &[scope], &[n]);
        if let Some(l) = last {
            self.control.add_edge(ControlEdge::Sequence, &[l], &[n]);
        }
        Ok(n)
    }

    /// Replace `body` of `scope` by `order` (sequence edges rewritten).
    pub fn set_body(&mut self, scope: NodeId, order: &[NodeId]) -> Result<(), Error> {
        for n in self.body(scope)? {
            let ins: Vec<_> = self.control.in_edges(n).iter().map(|(id, _)| *id).collect();
            for id in ins {
                self.control.remove_edge(id);
            }
            let outs: Vec<_> = self
                .control
                .out_edges(n)
                .iter()
                .filter(|(_, e)| e.kind == ControlEdge::Sequence)
                .map(|(id, _)| *id)
                .collect();
            for id in outs {
                self.control.remove_edge(id);
            }
        }
        for &n in order {
            let ins: Vec<_> = self.control.in_edges(n).iter().map(|(id, _)| *id).collect();
            for id in ins {
                self.control.remove_edge(id);
            }
        }
        for (i, &n) in order.iter().enumerate() {
            self.control.add_edge(ControlEdge::Body, &[scope], &[n]);
            if i > 0 {
                self.control
                    .add_edge(ControlEdge::Sequence, &[order[i - 1]], &[n]);
            }
        }
        Ok(())
    }

    /// Every control node below `scope`, depth first in body order.
    pub fn descendants(&self, scope: NodeId) -> Result<Vec<NodeId>, Error> {
        let mut out = vec![];
        for n in self.body(scope)? {
            out.push(n);
            if self.op(n)?.is_scope() {
                out.extend(self.descendants(n)?);
            }
        }
        Ok(out)
    }

    /// Deep-copy `n` (and its body) as a new, unattached control node.
    pub fn copy_control(&mut self, n: NodeId) -> Result<NodeId, Error> {
        let op = self.op(n)?.clone();
        let scope = op.is_scope();
        let c = self.control.add_node(op);
        if scope {
            let body = self.body(n)?;
            let mut copies = vec![];
            for b in body {
                copies.push(self.copy_control(b)?);
            }
            self.set_body(c, &copies)?;
        }
        Ok(c)
    }

    /// Check the graph's invariants: every control node but the kernel in
    /// exactly one body, bodies acyclic, operations naming existing
    /// coordinate nodes of the right kinds, edges' arities, register
    /// arrays with literal-sized dimensions.
    pub fn verify(&self) -> Result<(), Error> {
        let bad = |m: String| Err(Error::graph(m));
        for (id, e) in self.coordinates.edges() {
            for n in e.src.iter().chain(&e.dst) {
                if self.coordinates.node(*n).is_none() {
                    return bad(format!("coordinate edge {} names missing node {n}", id.0));
                }
            }
            let ok = match e.kind {
                CoordEdge::Split | CoordEdge::Tile => e.src.len() == 1 && !e.dst.is_empty(),
                CoordEdge::Join | CoordEdge::Flatten => !e.src.is_empty() && e.dst.len() == 1,
                CoordEdge::PassThrough => e.src.len() == 1 && e.dst.len() == 1,
                CoordEdge::Inherit | CoordEdge::DataFlow => !e.src.is_empty() && !e.dst.is_empty(),
            };
            if !ok {
                return bad(format!(
                    "coordinate edge {} ({:?}) has {} tail and {} head nodes",
                    id.0,
                    e.kind,
                    e.src.len(),
                    e.dst.len()
                ));
            }
        }
        for (id, d) in self.coordinates.nodes() {
            if let DimKind::Registers { dims, .. } = &d.kind {
                for x in dims {
                    let s = self.dim(*x)?.literal_size();
                    if s.is_none_or(|s| s <= 0) {
                        return bad(format!(
                            "register array {id} is indexed by dimension {x}, which has no positive literal size"
                        ));
                    }
                }
            }
        }
        for (id, e) in self.control.edges() {
            if e.src.len() != 1 || e.dst.len() != 1 {
                return bad(format!("control edge {} is not one-to-one", id.0));
            }
            for n in e.src.iter().chain(&e.dst) {
                if self.control.node(*n).is_none() {
                    return bad(format!("control edge {} names missing node {n}", id.0));
                }
            }
        }
        for (id, op) in self.control.nodes() {
            let parents = self
                .control
                .in_edges(id)
                .iter()
                .filter(|(_, e)| e.kind == ControlEdge::Body)
                .count();
            let want = usize::from(id != self.kernel);
            if parents != want {
                return bad(format!(
                    "control node {id} ({}) is in {parents} bodies",
                    op.label()
                ));
            }
            if let Some(p) = self.parent(id) {
                if !self.op(p)?.is_scope() {
                    return bad(format!("control node {p} has a body but is no scope"));
                }
            }
            for c in op.coords() {
                if self.coordinates.node(c).is_none() {
                    return bad(format!(
                        "control node {id} ({}) names missing coordinate {c}",
                        op.label()
                    ));
                }
            }
            self.check_kinds(id, op)?;
        }
        for (id, op) in self.control.nodes() {
            if op.is_scope() {
                self.body(id)?;
            }
        }
        // Reachability: every node is below the kernel.
        let reach = self.descendants(self.kernel)?.len() + 1;
        if reach != self.control.node_count() {
            return bad(format!(
                "{} control nodes are not reachable from the kernel",
                self.control.node_count() - reach
            ));
        }
        Ok(())
    }

    fn check_kinds(&self, id: NodeId, op: &ControlOp) -> Result<(), Error> {
        let is = |n: NodeId, f: fn(&DimKind) -> bool, what: &str| -> Result<(), Error> {
            if f(&self.dim(n)?.kind) {
                Ok(())
            } else {
                Err(Error::graph(format!(
                    "control node {id} ({}) needs {what} at coordinate {n}",
                    op.label()
                )))
            }
        };
        let user = |k: &DimKind| matches!(k, DimKind::User { .. });
        let regs = |k: &DimKind| matches!(k, DimKind::Registers { .. });
        let lds = |k: &DimKind| matches!(k, DimKind::Lds { .. });
        let data = |k: &DimKind| {
            matches!(
                k,
                DimKind::MacroTile { .. } | DimKind::Linear { .. } | DimKind::Registers { .. }
            )
        };
        match op {
            ControlOp::LoadTiled { user: u, tile } | ControlOp::StoreTiled { tile, user: u } => {
                is(*u, user, "a user tensor")?;
                is(
                    *tile,
                    |k| matches!(k, DimKind::MacroTile { .. }),
                    "a macro tile",
                )
            }
            ControlOp::LoadLinear { user: u, value }
            | ControlOp::StoreLinear { value, user: u } => {
                is(*u, user, "a user tensor")?;
                is(
                    *value,
                    |k| matches!(k, DimKind::Linear { .. }),
                    "a linear value",
                )
            }
            ControlOp::LoadGlobal { user: u, regs: r }
            | ControlOp::StoreGlobal { regs: r, user: u } => {
                is(*u, user, "a user tensor")?;
                is(*r, regs, "a register array")
            }
            ControlOp::StoreLds {
                regs: r, lds: l, ..
            }
            | ControlOp::LoadLds { lds: l, regs: r } => {
                is(*r, regs, "a register array")?;
                is(*l, lds, "an LDS buffer")
            }
            ControlOp::Multiply { a, b, acc } | ControlOp::MatrixMultiply { a, b, acc, .. } => {
                for n in [a, b, acc] {
                    is(*n, regs, "a register array")?;
                }
                Ok(())
            }
            ControlOp::Assign { dst, expr } => {
                is(*dst, data, "a data node")?;
                let mut v = vec![];
                expr.data_nodes(&mut v);
                for n in v {
                    is(n, data, "a data node")?;
                }
                Ok(())
            }
            ControlOp::ForLoop { counter, .. } => is(
                *counter,
                |k| matches!(k, DimKind::ForLoop),
                "a loop dimension",
            ),
            _ => Ok(()),
        }
    }

    /// Graphviz DOT text: the coordinate graph (hyperedges as small boxes)
    /// and the control graph as two clusters.
    pub fn to_dot(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "digraph \"{}\" {{", self.name);
        let _ = writeln!(
            s,
            "  subgraph cluster_coordinates {{\n    label=\"coordinates\";"
        );
        for (id, d) in self.coordinates.nodes() {
            let kind = format!("{:?}", d.kind);
            let short = kind
                .split([' ', '{', '('])
                .next()
                .unwrap_or("?")
                .to_string();
            let size = d
                .size
                .as_ref()
                .map(|s| format!("\\n{s}"))
                .unwrap_or_default();
            let _ = writeln!(s, "    c{} [label=\"{}: {short}{size}\"];", id.0, id.0);
        }
        for (id, e) in self.coordinates.edges() {
            let _ = writeln!(
                s,
                "    ce{} [label=\"{:?}\", shape=box, style=rounded];",
                id.0, e.kind
            );
            for n in &e.src {
                let _ = writeln!(s, "    c{} -> ce{};", n.0, id.0);
            }
            for n in &e.dst {
                let _ = writeln!(s, "    ce{} -> c{};", id.0, n.0);
            }
        }
        let _ = writeln!(
            s,
            "  }}\n  subgraph cluster_control {{\n    label=\"control\";"
        );
        for (id, op) in self.control.nodes() {
            let label = op.label().replace('"', "'");
            let _ = writeln!(s, "    k{} [label=\"{}: {label}\", shape=box];", id.0, id.0);
        }
        for (_, e) in self.control.edges() {
            let style = match e.kind {
                ControlEdge::Body => "solid",
                ControlEdge::Sequence => "dashed",
            };
            let _ = writeln!(s, "    k{} -> k{} [style={style}];", e.src[0].0, e.dst[0].0);
        }
        let _ = writeln!(s, "  }}\n}}");
        s
    }

    pub fn to_json(&self) -> Result<String, Error> {
        serde_json::to_string(self).map_err(|e| Error::serde(e.to_string()))
    }

    pub fn from_json(s: &str) -> Result<KernelGraph, Error> {
        let g: KernelGraph = serde_json::from_str(s).map_err(|e| Error::serde(e.to_string()))?;
        g.verify()?;
        Ok(g)
    }

    /// Operations of a kind, for tests and passes.
    pub fn find_ops(&self, f: impl Fn(&ControlOp) -> bool) -> Vec<NodeId> {
        self.control
            .nodes()
            .filter(|(_, o)| f(o))
            .map(|(id, _)| id)
            .collect()
    }

    pub fn add_dim(&mut self, d: Dimension) -> NodeId {
        self.coordinates.add_node(d)
    }
}
