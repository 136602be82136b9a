//! The `Command`: tagged tensor and scalar operations and the typed
//! runtime arguments they allocate (rocRoller's `Operations` and
//! `CommandArgument`).
//!
//! Each operation added to a [`Command`] gets a [`Tag`]; later operations
//! name their inputs by tag. Declaring a tensor allocates its pointer,
//! size and stride arguments; declaring a scalar allocates its value
//! argument. Their values are given at launch ([`CommandArguments`]).

use serde::{Deserialize, Serialize};
use std::fmt;

use crate::Error;

/// The handle of one operation's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Tag(pub u32);

impl fmt::Display for Tag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "t{}", self.0)
    }
}

/// Element types of tensors and scalars.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DataType {
    F16,
    /// bfloat16: the high half of an f32. Loaded exactly (its bits shifted
    /// into an f32); it has no device-IR type, so it is an input type only.
    BF16,
    F32,
}

impl DataType {
    pub fn bytes(self) -> u32 {
        match self {
            DataType::F16 | DataType::BF16 => 2,
            DataType::F32 => 4,
        }
    }
}

/// What a runtime argument holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ArgKind {
    /// The base address of a tensor in device memory.
    Pointer,
    /// The extent of tensor dimension `dim` in elements.
    Size { dim: u8 },
    /// The distance between neighbours in dimension `dim`, in elements.
    Stride { dim: u8 },
    /// A scalar value of this type (f32 for `alpha`, `beta`).
    Value(DataType),
}

/// A runtime argument of the command (rocRoller's `CommandArgument`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CommandArgument {
    /// The operation (tensor or scalar declaration) that allocated it.
    pub owner: Tag,
    pub kind: ArgKind,
    /// `Tensor_t2_size_0`, `Scalar_t5_value`: unique within the command.
    pub name: String,
}

/// Elementwise functions of `T_Execute` (rocRoller's `E_*` operations).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum UnaryFn {
    Neg,
    Abs,
    /// `max(x, 0)`.
    Relu,
    /// `e^x`, computed as `exp2(x * log2(e))` (approximate to a few ulp).
    Exp,
    /// Conversion to another type (round to nearest even).
    Convert(DataType),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BinaryFn {
    Add,
    Sub,
    Mul,
    Max,
    Min,
}

/// One elementwise step of a `T_Execute`: `dest = f(inputs)`. Inputs are
/// tags of the execute's inputs or of earlier steps.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum XOp {
    Unary {
        dest: Tag,
        f: UnaryFn,
        a: Tag,
    },
    Binary {
        dest: Tag,
        f: BinaryFn,
        a: Tag,
        b: Tag,
    },
    /// `a * b + c`, one rounding.
    Fma {
        dest: Tag,
        a: Tag,
        b: Tag,
        c: Tag,
    },
}

impl XOp {
    pub fn dest(&self) -> Tag {
        match self {
            XOp::Unary { dest, .. } | XOp::Binary { dest, .. } | XOp::Fma { dest, .. } => *dest,
        }
    }
    pub fn inputs(&self) -> Vec<Tag> {
        match self {
            XOp::Unary { a, .. } => vec![*a],
            XOp::Binary { a, b, .. } => vec![*a, *b],
            XOp::Fma { a, b, c, .. } => vec![*a, *b, *c],
        }
    }
}

/// One operation of a command.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Operation {
    /// A user tensor of `dims` dimensions (allocates pointer, sizes, strides).
    /// `contiguous` names a dimension whose stride is 1, known when the
    /// graph is translated: accesses along it can be vector loads.
    Tensor {
        tag: Tag,
        dims: u8,
        dtype: DataType,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        contiguous: Option<u8>,
    },
    /// A scalar argument (allocates its value).
    Scalar { tag: Tag, dtype: DataType },
    /// Load a tensor as macro tiles distributed over workgroups.
    LoadTiled { tag: Tag, tensor: Tag },
    /// Load a 1-D tensor element by element over the whole grid.
    LoadLinear { tag: Tag, tensor: Tag },
    /// Store a tile result into a tensor.
    StoreTiled { tag: Tag, src: Tag, tensor: Tag },
    /// Store a linear result into a 1-D tensor.
    StoreLinear { tag: Tag, src: Tag, tensor: Tag },
    /// `T_Execute`: elementwise steps over loaded values and scalars; its
    /// result is the value of the last step.
    Execute {
        tag: Tag,
        inputs: Vec<Tag>,
        ops: Vec<XOp>,
    },
    /// `D = alpha * op(A) * op(B) + beta * C` with f32 accumulation;
    /// `op(X)` is `X^T` when `transpose_x` (then the tensor is K x M for A,
    /// N x K for B). `alpha`/`beta` are scalar tags (absent: 1 and no C).
    TensorContraction {
        tag: Tag,
        a: Tag,
        b: Tag,
        transpose_a: bool,
        transpose_b: bool,
        alpha: Option<Tag>,
        beta: Option<Tag>,
        c: Option<Tag>,
    },
}

impl Operation {
    pub fn tag(&self) -> Tag {
        match self {
            Operation::Tensor { tag, .. }
            | Operation::Scalar { tag, .. }
            | Operation::LoadTiled { tag, .. }
            | Operation::LoadLinear { tag, .. }
            | Operation::StoreTiled { tag, .. }
            | Operation::StoreLinear { tag, .. }
            | Operation::Execute { tag, .. }
            | Operation::TensorContraction { tag, .. } => *tag,
        }
    }

    /// Tags this operation reads.
    pub fn inputs(&self) -> Vec<Tag> {
        match self {
            Operation::Tensor { .. } | Operation::Scalar { .. } => vec![],
            Operation::LoadTiled { tensor, .. } | Operation::LoadLinear { tensor, .. } => {
                vec![*tensor]
            }
            Operation::StoreTiled { src, tensor, .. }
            | Operation::StoreLinear { src, tensor, .. } => vec![*src, *tensor],
            Operation::Execute { inputs, .. } => inputs.clone(),
            Operation::TensorContraction {
                a,
                b,
                alpha,
                beta,
                c,
                ..
            } => {
                let mut v = vec![*a, *b];
                v.extend(alpha.iter().chain(beta).chain(c).copied());
                v
            }
        }
    }
}

/// A collection of tagged operations and their runtime arguments.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Command {
    pub operations: Vec<Operation>,
    pub arguments: Vec<CommandArgument>,
    next_tag: u32,
}

impl Command {
    pub fn new() -> Command {
        Command::default()
    }

    /// A fresh tag (for `T_Execute` steps).
    pub fn allocate_tag(&mut self) -> Tag {
        let t = Tag(self.next_tag);
        self.next_tag += 1;
        t
    }

    fn push(&mut self, op: Operation) -> Tag {
        let t = op.tag();
        self.operations.push(op);
        t
    }

    fn arg(&mut self, owner: Tag, kind: ArgKind, name: String) {
        self.arguments.push(CommandArgument { owner, kind, name });
    }

    /// Declare a user tensor; allocates its pointer, sizes and strides.
    pub fn tensor(&mut self, dims: u8, dtype: DataType) -> Tag {
        self.tensor_with(dims, dtype, None)
    }

    /// Declare a user tensor whose dimension `dim` has stride 1 (row-major
    /// 2-D: `dim` 1), a translate-time fact: the kernel reads runs along it
    /// with vector loads, and `set_tensor` checks the stride given there.
    pub fn tensor_contiguous(&mut self, dims: u8, dtype: DataType, dim: u8) -> Tag {
        self.tensor_with(dims, dtype, Some(dim))
    }

    fn tensor_with(&mut self, dims: u8, dtype: DataType, contiguous: Option<u8>) -> Tag {
        let tag = self.allocate_tag();
        self.arg(tag, ArgKind::Pointer, format!("Tensor_{tag}_pointer"));
        for d in 0..dims {
            self.arg(
                tag,
                ArgKind::Size { dim: d },
                format!("Tensor_{tag}_size_{d}"),
            );
        }
        for d in 0..dims {
            self.arg(
                tag,
                ArgKind::Stride { dim: d },
                format!("Tensor_{tag}_stride_{d}"),
            );
        }
        self.push(Operation::Tensor {
            tag,
            dims,
            dtype,
            contiguous,
        })
    }

    /// Declare a scalar argument.
    pub fn scalar(&mut self, dtype: DataType) -> Tag {
        let tag = self.allocate_tag();
        self.arg(tag, ArgKind::Value(dtype), format!("Scalar_{tag}_value"));
        self.push(Operation::Scalar { tag, dtype })
    }

    pub fn load_tiled(&mut self, tensor: Tag) -> Tag {
        let tag = self.allocate_tag();
        self.push(Operation::LoadTiled { tag, tensor })
    }

    pub fn load_linear(&mut self, tensor: Tag) -> Tag {
        let tag = self.allocate_tag();
        self.push(Operation::LoadLinear { tag, tensor })
    }

    pub fn store_tiled(&mut self, src: Tag, tensor: Tag) -> Tag {
        let tag = self.allocate_tag();
        self.push(Operation::StoreTiled { tag, src, tensor })
    }

    pub fn store_linear(&mut self, src: Tag, tensor: Tag) -> Tag {
        let tag = self.allocate_tag();
        self.push(Operation::StoreLinear { tag, src, tensor })
    }

    /// `T_Execute` of steps built by `build`, which gets a tag allocator
    /// and returns the steps; the execute's value is the last step's.
    pub fn execute(&mut self, inputs: &[Tag], ops: Vec<XOp>) -> Tag {
        let tag = self.allocate_tag();
        self.push(Operation::Execute {
            tag,
            inputs: inputs.to_vec(),
            ops,
        })
    }

    #[allow(clippy::too_many_arguments)]
    pub fn contraction(
        &mut self,
        a: Tag,
        b: Tag,
        transpose_a: bool,
        transpose_b: bool,
        alpha: Option<Tag>,
        beta: Option<Tag>,
        c: Option<Tag>,
    ) -> Tag {
        let tag = self.allocate_tag();
        self.push(Operation::TensorContraction {
            tag,
            a,
            b,
            transpose_a,
            transpose_b,
            alpha,
            beta,
            c,
        })
    }

    /// The operation that defined `tag`.
    pub fn find(&self, tag: Tag) -> Option<&Operation> {
        self.operations.iter().find(|o| o.tag() == tag)
    }

    pub fn argument(&self, name: &str) -> Option<&CommandArgument> {
        self.arguments.iter().find(|a| a.name == name)
    }

    /// The argument of `owner` of this kind.
    pub fn argument_of(&self, owner: Tag, kind: ArgKind) -> Option<&CommandArgument> {
        self.arguments
            .iter()
            .find(|a| a.owner == owner && a.kind == kind)
    }

    /// Check that every tag is defined once, before use, by an operation
    /// of the right kind.
    pub fn validate(&self) -> Result<(), Error> {
        let mut seen: Vec<Tag> = vec![];
        for op in &self.operations {
            for t in op.inputs() {
                if !seen.contains(&t) {
                    return Err(Error::command(format!(
                        "operation {} uses {t}, which no earlier operation defines",
                        op.tag()
                    )));
                }
            }
            if let Operation::Tensor {
                tag,
                dims,
                contiguous: Some(d),
                ..
            } = op
            {
                if d >= dims {
                    return Err(Error::command(format!(
                        "tensor {tag} of {dims} dimensions is declared contiguous in dimension {d}"
                    )));
                }
            }
            let want_tensor = match op {
                Operation::LoadTiled { tensor, .. }
                | Operation::LoadLinear { tensor, .. }
                | Operation::StoreTiled { tensor, .. }
                | Operation::StoreLinear { tensor, .. } => Some(*tensor),
                _ => None,
            };
            if let Some(t) = want_tensor {
                if !matches!(self.find(t), Some(Operation::Tensor { .. })) {
                    return Err(Error::command(format!(
                        "operation {} needs a tensor, but {t} is not one",
                        op.tag()
                    )));
                }
            }
            if let Operation::Execute { tag, inputs, ops } = op {
                if ops.is_empty() {
                    return Err(Error::command(format!("execute {tag} has no steps")));
                }
                let mut local = inputs.clone();
                for x in ops {
                    for i in x.inputs() {
                        if !local.contains(&i) {
                            return Err(Error::command(format!(
                                "execute {tag}: step {} reads {i}, which is neither an input nor an earlier step",
                                x.dest()
                            )));
                        }
                    }
                    if local.contains(&x.dest()) || seen.contains(&x.dest()) {
                        return Err(Error::command(format!(
                            "execute {tag}: {} is defined twice",
                            x.dest()
                        )));
                    }
                    local.push(x.dest());
                }
            }
            if seen.contains(&op.tag()) {
                return Err(Error::command(format!("{} is defined twice", op.tag())));
            }
            seen.push(op.tag());
            if let Operation::Execute { ops, .. } = op {
                seen.extend(ops.iter().map(|x| x.dest()));
            }
        }
        Ok(())
    }

    pub fn to_json(&self) -> Result<String, Error> {
        serde_json::to_string_pretty(self).map_err(|e| Error::serde(e.to_string()))
    }

    pub fn from_json(s: &str) -> Result<Command, Error> {
        serde_json::from_str(s).map_err(|e| Error::serde(e.to_string()))
    }
}

/// A value given for a command argument at launch.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ArgValue {
    Pointer(u64),
    Int(u64),
    F32(f32),
}

/// The runtime values of a command's arguments (rocRoller's
/// `CommandArguments`), checked against their types.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CommandArguments {
    values: Vec<(String, ArgValue)>,
}

impl CommandArguments {
    pub fn new() -> CommandArguments {
        CommandArguments::default()
    }

    /// Set one argument by name, checking its kind.
    pub fn set(&mut self, command: &Command, name: &str, v: ArgValue) -> Result<(), Error> {
        let a = command
            .argument(name)
            .ok_or_else(|| Error::argument(format!("the command has no argument `{name}`")))?;
        let ok = matches!(
            (a.kind, v),
            (ArgKind::Pointer, ArgValue::Pointer(_))
                | (
                    ArgKind::Size { .. } | ArgKind::Stride { .. },
                    ArgValue::Int(_)
                )
                | (ArgKind::Value(DataType::F32), ArgValue::F32(_))
        );
        if !ok {
            return Err(Error::argument(format!(
                "argument `{name}` is {:?}, not {v:?}",
                a.kind
            )));
        }
        self.values.retain(|(n, _)| n != name);
        self.values.push((name.to_string(), v));
        Ok(())
    }

    /// Set a tensor's pointer, sizes and strides (in elements).
    pub fn set_tensor(
        &mut self,
        command: &Command,
        tensor: Tag,
        pointer: u64,
        sizes: &[u64],
        strides: &[u64],
    ) -> Result<(), Error> {
        let Some(Operation::Tensor {
            dims, contiguous, ..
        }) = command.find(tensor)
        else {
            return Err(Error::argument(format!("{tensor} is not a tensor")));
        };
        if sizes.len() != *dims as usize || strides.len() != *dims as usize {
            return Err(Error::argument(format!(
                "tensor {tensor} has {dims} dimensions; {} sizes and {} strides given",
                sizes.len(),
                strides.len()
            )));
        }
        let name = |k| {
            command
                .argument_of(tensor, k)
                .map(|a| a.name.clone())
                .ok_or_else(|| Error::argument(format!("tensor {tensor} lacks argument {k:?}")))
        };
        self.set(
            command,
            &name(ArgKind::Pointer)?,
            ArgValue::Pointer(pointer),
        )?;
        for (d, (&s, &st)) in sizes.iter().zip(strides).enumerate() {
            let d = d as u8;
            if *contiguous == Some(d) && st != 1 {
                return Err(Error::argument(format!(
                    "tensor {tensor} is declared contiguous in dimension {d}, but its stride there is {st}"
                )));
            }
            self.set(command, &name(ArgKind::Size { dim: d })?, ArgValue::Int(s))?;
            self.set(
                command,
                &name(ArgKind::Stride { dim: d })?,
                ArgValue::Int(st),
            )?;
        }
        Ok(())
    }

    /// Set an f32 scalar.
    pub fn set_scalar(&mut self, command: &Command, scalar: Tag, v: f32) -> Result<(), Error> {
        let name = command
            .argument_of(scalar, ArgKind::Value(DataType::F32))
            .map(|a| a.name.clone())
            .ok_or_else(|| Error::argument(format!("{scalar} is not an f32 scalar")))?;
        self.set(command, &name, ArgValue::F32(v))
    }

    pub fn get(&self, name: &str) -> Option<ArgValue> {
        self.values.iter().find(|(n, _)| n == name).map(|(_, v)| *v)
    }
}
