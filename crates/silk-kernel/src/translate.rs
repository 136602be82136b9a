//! `translate`: a [`Command`] becomes a high-level [`KernelGraph`]
//! (rocRoller's `KernelGraph::translate`): user tensors with their
//! sub-dimensions, one data node per value, and one control operation per
//! command operation in command order.

use std::collections::HashMap;

use crate::command::{ArgKind, BinaryFn, Command, DataType, Operation, Tag, UnaryFn, XOp};
use crate::expr::Expr;
use crate::graph::NodeId;
use crate::kernel_graph::{
    ControlOp, CoordEdge, DimKind, Dimension, KernelGraph, TileRole, ValueExpr,
};
use crate::Error;

/// What a tag stands for while translating.
#[derive(Clone, Debug)]
enum Val {
    Tensor(NodeId),
    Scalar(String),
    Data(NodeId),
}

/// The type a value expression computes in: f16 only when every data
/// input is f16, f32 otherwise; a conversion decides for itself.
pub fn expr_dtype(g: &KernelGraph, e: &ValueExpr) -> Result<DataType, Error> {
    Ok(match e {
        ValueExpr::Data(n) => register_dtype(g, *n)?,
        ValueExpr::Scalar(_) | ValueExpr::Const(_) => DataType::F32,
        ValueExpr::Unary(UnaryFn::Convert(d), _) => *d,
        ValueExpr::Unary(_, a) => expr_dtype(g, a)?,
        ValueExpr::Binary(_, a, b) => join(g, &[a, b])?,
        ValueExpr::Fma(a, b, c) => join(g, &[a, b, c])?,
    })
}

fn join(g: &KernelGraph, es: &[&ValueExpr]) -> Result<DataType, Error> {
    let mut any_data = false;
    for e in es {
        if matches!(e, ValueExpr::Const(_)) {
            continue;
        }
        any_data = true;
        if expr_dtype(g, e)? != DataType::F16 {
            return Ok(DataType::F32);
        }
    }
    Ok(if any_data {
        DataType::F16
    } else {
        DataType::F32
    })
}

/// The type a data node holds in registers (bf16 is widened to f32 on load).
pub fn register_dtype(g: &KernelGraph, n: NodeId) -> Result<DataType, Error> {
    let d = match &g.dim(n)?.kind {
        DimKind::MacroTile { dtype, .. }
        | DimKind::Linear { dtype, .. }
        | DimKind::Registers { dtype, .. } => *dtype,
        k => {
            return Err(Error::graph(format!(
                "coordinate {n} ({k:?}) holds no value"
            )))
        }
    };
    Ok(if d == DataType::BF16 {
        DataType::F32
    } else {
        d
    })
}

/// Build the high-level kernel graph of `command`.
pub fn translate(command: &Command) -> Result<KernelGraph, Error> {
    command.validate()?;
    let mut g = KernelGraph::new("silk_kernel");
    let mut vals: HashMap<Tag, Val> = HashMap::new();
    // Roles of tiled loads from their use in contractions.
    let mut roles: HashMap<Tag, TileRole> = HashMap::new();
    for op in &command.operations {
        if let Operation::TensorContraction { a, b, .. } = op {
            roles.insert(*a, TileRole::Lhs);
            roles.insert(*b, TileRole::Rhs);
        }
    }
    let arg = |owner: Tag, kind: ArgKind| -> Result<String, Error> {
        command
            .argument_of(owner, kind)
            .map(|a| a.name.clone())
            .ok_or_else(|| Error::command(format!("{owner} lacks its {kind:?} argument")))
    };
    let kernel = g.kernel;
    for op in &command.operations {
        match op {
            Operation::Tensor {
                tag,
                dims,
                dtype,
                contiguous,
            } => {
                let user = g.add_dim(Dimension::new(DimKind::User { tensor: *tag }));
                let mut subs = vec![];
                for d in 0..*dims {
                    let mut s = Dimension::sized(
                        DimKind::SubDimension {
                            tensor: *tag,
                            dim: d,
                        },
                        Expr::Arg(arg(*tag, ArgKind::Size { dim: d })?),
                    );
                    s.stride = Some(if *contiguous == Some(d) {
                        Expr::lit(1)
                    } else {
                        Expr::Arg(arg(*tag, ArgKind::Stride { dim: d })?)
                    });
                    subs.push(g.add_dim(s));
                }
                g.coordinates.add_edge(CoordEdge::Split, &[user], &subs);
                g.tensors.push((*tag, *dtype));
                vals.insert(*tag, Val::Tensor(user));
            }
            Operation::Scalar { tag, dtype } => {
                vals.insert(*tag, Val::Scalar(arg(*tag, ArgKind::Value(*dtype))?));
            }
            Operation::LoadTiled { tag, tensor } | Operation::LoadLinear { tag, tensor } => {
                let user = tensor_node(&vals, *tensor)?;
                let dtype = g.tensor_dtype(*tensor)?;
                let tiled = matches!(op, Operation::LoadTiled { .. });
                let kind = if tiled {
                    DimKind::MacroTile {
                        tag: *tag,
                        role: roles.get(tag).copied().unwrap_or(TileRole::Acc),
                        dtype,
                    }
                } else {
                    DimKind::Linear { tag: *tag, dtype }
                };
                let data = g.add_dim(Dimension::new(kind));
                g.coordinates
                    .add_edge(CoordEdge::DataFlow, &[user], &[data]);
                let c = if tiled {
                    ControlOp::LoadTiled { user, tile: data }
                } else {
                    ControlOp::LoadLinear { user, value: data }
                };
                g.append(kernel, c)?;
                vals.insert(*tag, Val::Data(data));
            }
            Operation::StoreTiled { src, tensor, .. }
            | Operation::StoreLinear { src, tensor, .. } => {
                let user = tensor_node(&vals, *tensor)?;
                let data = data_node(&vals, *src)?;
                let tiled = matches!(op, Operation::StoreTiled { .. });
                let is_tile = matches!(g.dim(data)?.kind, DimKind::MacroTile { .. });
                if tiled != is_tile {
                    return Err(Error::command(format!(
                        "operation {} stores {src} {} but it is a {} value",
                        op.tag(),
                        if tiled { "as tiles" } else { "linearly" },
                        if is_tile { "tiled" } else { "linear" }
                    )));
                }
                // Stores index the tensor through a Join of its sub-dimensions.
                let subs: Vec<NodeId> = g
                    .coordinates
                    .out_edges(user)
                    .iter()
                    .find(|(_, e)| e.kind == CoordEdge::Split)
                    .map(|(_, e)| e.dst.clone())
                    .unwrap_or_default();
                if !g
                    .coordinates
                    .in_edges(user)
                    .iter()
                    .any(|(_, e)| e.kind == CoordEdge::Join)
                {
                    g.coordinates.add_edge(CoordEdge::Join, &subs, &[user]);
                }
                g.coordinates
                    .add_edge(CoordEdge::DataFlow, &[data], &[user]);
                let c = if tiled {
                    ControlOp::StoreTiled { tile: data, user }
                } else {
                    ControlOp::StoreLinear { value: data, user }
                };
                g.append(kernel, c)?;
            }
            Operation::Execute { inputs, ops, .. } => {
                let mut local = vals.clone();
                for i in inputs {
                    if !matches!(local.get(i), Some(Val::Data(_) | Val::Scalar(_))) {
                        return Err(Error::command(format!(
                            "execute input {i} is not a loaded value or a scalar"
                        )));
                    }
                }
                for x in ops {
                    let expr = step_expr(&local, x)?;
                    let dst = new_like(&mut g, &expr, x.dest())?;
                    let mut srcs = vec![];
                    expr.data_nodes(&mut srcs);
                    g.coordinates.add_edge(CoordEdge::DataFlow, &srcs, &[dst]);
                    g.append(kernel, ControlOp::Assign { dst, expr })?;
                    local.insert(x.dest(), Val::Data(dst));
                }
                for x in ops {
                    vals.insert(x.dest(), local[&x.dest()].clone());
                }
                if let Some(last) = ops.last() {
                    vals.insert(op.tag(), local[&last.dest()].clone());
                }
            }
            Operation::TensorContraction {
                tag,
                a,
                b,
                transpose_a,
                transpose_b,
                alpha,
                beta,
                c,
            } => {
                let (an, bn) = (data_node(&vals, *a)?, data_node(&vals, *b)?);
                for (n, t) in [(an, a), (bn, b)] {
                    if !matches!(g.dim(n)?.kind, DimKind::MacroTile { .. }) {
                        return Err(Error::command(format!(
                            "contraction {tag} needs a tiled load as operand, {t} is not one"
                        )));
                    }
                }
                let acc = g.add_dim(Dimension::new(DimKind::MacroTile {
                    tag: *tag,
                    role: TileRole::Acc,
                    dtype: DataType::F32,
                }));
                g.coordinates
                    .add_edge(CoordEdge::DataFlow, &[an, bn], &[acc]);
                g.append(
                    kernel,
                    ControlOp::TensorContraction {
                        a: an,
                        b: bn,
                        dst: acc,
                        transpose_a: *transpose_a,
                        transpose_b: *transpose_b,
                    },
                )?;
                let mut result = acc;
                if alpha.is_some() || beta.is_some() {
                    // D = alpha * AB + beta * C
                    let mut e = ValueExpr::Data(acc);
                    if let Some(al) = alpha {
                        e = ValueExpr::Binary(
                            BinaryFn::Mul,
                            Box::new(scalar(&vals, *al)?),
                            Box::new(e),
                        );
                    }
                    if let Some(cn) = c {
                        let cn = data_node(&vals, *cn)?;
                        let cv = ValueExpr::Data(cn);
                        e = match beta {
                            Some(bt) => ValueExpr::Fma(
                                Box::new(scalar(&vals, *bt)?),
                                Box::new(cv),
                                Box::new(e),
                            ),
                            None => ValueExpr::Binary(BinaryFn::Add, Box::new(cv), Box::new(e)),
                        };
                    }
                    let d = g.add_dim(Dimension::new(DimKind::MacroTile {
                        tag: *tag,
                        role: TileRole::Acc,
                        dtype: DataType::F32,
                    }));
                    let mut srcs = vec![];
                    e.data_nodes(&mut srcs);
                    g.coordinates.add_edge(CoordEdge::DataFlow, &srcs, &[d]);
                    g.append(kernel, ControlOp::Assign { dst: d, expr: e })?;
                    result = d;
                } else if c.is_some() {
                    return Err(Error::command(format!(
                        "contraction {tag} has C but neither alpha nor beta"
                    )));
                }
                vals.insert(*tag, Val::Data(result));
            }
        }
    }
    g.verify()?;
    Ok(g)
}

fn tensor_node(vals: &HashMap<Tag, Val>, t: Tag) -> Result<NodeId, Error> {
    match vals.get(&t) {
        Some(Val::Tensor(n)) => Ok(*n),
        _ => Err(Error::command(format!("{t} is not a tensor"))),
    }
}

fn data_node(vals: &HashMap<Tag, Val>, t: Tag) -> Result<NodeId, Error> {
    match vals.get(&t) {
        Some(Val::Data(n)) => Ok(*n),
        _ => Err(Error::command(format!(
            "{t} is not a loaded or computed value"
        ))),
    }
}

fn scalar(vals: &HashMap<Tag, Val>, t: Tag) -> Result<ValueExpr, Error> {
    match vals.get(&t) {
        Some(Val::Scalar(n)) => Ok(ValueExpr::Scalar(n.clone())),
        _ => Err(Error::command(format!("{t} is not a scalar"))),
    }
}

fn operand(vals: &HashMap<Tag, Val>, t: Tag) -> Result<ValueExpr, Error> {
    match vals.get(&t) {
        Some(Val::Data(n)) => Ok(ValueExpr::Data(*n)),
        Some(Val::Scalar(n)) => Ok(ValueExpr::Scalar(n.clone())),
        _ => Err(Error::command(format!("{t} is not a value"))),
    }
}

fn step_expr(vals: &HashMap<Tag, Val>, x: &XOp) -> Result<ValueExpr, Error> {
    let o = |t| operand(vals, t).map(Box::new);
    Ok(match x {
        XOp::Unary { f, a, .. } => ValueExpr::Unary(*f, o(*a)?),
        XOp::Binary { f, a, b, .. } => ValueExpr::Binary(*f, o(*a)?, o(*b)?),
        XOp::Fma { a, b, c, .. } => ValueExpr::Fma(o(*a)?, o(*b)?, o(*c)?),
    })
}

/// A data node for the result of `e`: a tile when any input is a tile.
fn new_like(g: &mut KernelGraph, e: &ValueExpr, tag: Tag) -> Result<NodeId, Error> {
    let mut ins = vec![];
    e.data_nodes(&mut ins);
    let Some(&first) = ins.first() else {
        return Err(Error::command(format!(
            "execute step {tag} reads no loaded value (only scalars)"
        )));
    };
    let tiled = matches!(g.dim(first)?.kind, DimKind::MacroTile { .. });
    for n in &ins {
        let t = matches!(g.dim(*n)?.kind, DimKind::MacroTile { .. });
        if t != tiled {
            return Err(Error::command(format!(
                "execute step {tag} mixes tiled and linear values"
            )));
        }
        if let DimKind::MacroTile { role, .. } = g.dim(*n)?.kind {
            if role != TileRole::Acc {
                return Err(Error::command(format!(
                    "execute step {tag} reads a contraction operand tile; elementwise steps work on result-shaped tiles"
                )));
            }
        }
    }
    let dtype = expr_dtype(g, e)?;
    let kind = if tiled {
        DimKind::MacroTile {
            tag,
            role: TileRole::Acc,
            dtype,
        }
    } else {
        DimKind::Linear { tag, dtype }
    };
    Ok(g.add_dim(Dimension::new(kind)))
}
