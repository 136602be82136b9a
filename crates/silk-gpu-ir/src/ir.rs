//! The IR data structures and the per-operation typing rules.
//!
//! A [`Module`] holds functions; a [`Function`] owns a table of SSA values
//! (type and optional name) and a body [`Block`]; a block is a list of
//! [`Inst`]s whose last one is a terminator; `if` and `loop` instructions
//! own nested blocks (regions). See the crate docs for why control flow is
//! a region tree.

use crate::amdgpu::AmdgpuOp;
use crate::matrix::MatrixOp;
use crate::types::{vec_ok, AddrSpace, Dim, Type};

/// An SSA value: an index into [`Function::values`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Value(pub u32);

impl Value {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// What the function knows about one value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueData {
    pub ty: Type,
    /// The name printed as `%name`; unnamed values print as `%N`.
    pub name: Option<String>,
}

/// A whole program: kernels and the device functions they call.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Module {
    pub functions: Vec<Function>,
}

impl Module {
    pub fn new() -> Module {
        Module::default()
    }

    /// The function called `name`.
    pub fn function(&self, name: &str) -> Option<&Function> {
        self.functions.iter().find(|f| f.name == name)
    }

    /// Names of the kernels, in module order.
    pub fn kernels(&self) -> impl Iterator<Item = &Function> {
        self.functions
            .iter()
            .filter(|f| f.kind == FunctionKind::Kernel)
    }
}

/// Kernels are launched over a grid; device functions are only called.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FunctionKind {
    Kernel,
    Device,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Function {
    pub name: String,
    pub kind: FunctionKind,
    pub params: Vec<Value>,
    pub results: Vec<Type>,
    pub values: Vec<ValueData>,
    pub body: Block,
}

impl Function {
    /// Every instruction of the body and its nested regions, in textual
    /// order (see [`Block::insts_nested`]).
    pub fn insts(&self) -> Insts<'_> {
        self.body.insts_nested()
    }

    /// The type of `v`, or `None` if `v` is not a value of this function.
    pub fn value_type(&self, v: Value) -> Option<Type> {
        self.values.get(v.index()).map(|d| d.ty)
    }

    /// Parameter types in order (`None` entries only in malformed functions).
    pub fn param_types(&self) -> Vec<Option<Type>> {
        self.params.iter().map(|&p| self.value_type(p)).collect()
    }

    /// Renumber values in textual definition order (parameters, then each
    /// instruction's results, a loop's carried values, then nested regions),
    /// which is the order the parser creates them in. The builder calls this
    /// so that `parse(print(m)) == m`. Values never defined are dropped.
    pub fn canonicalize(&mut self) {
        let mut order: Vec<Value> = self.params.clone();
        for inst in self.insts() {
            order.extend(inst.results.iter().copied());
            if let Op::Loop { params, .. } = &inst.op {
                order.extend(params.iter().copied());
            }
        }
        let n = self.values.len();
        let mut map: Vec<Option<u32>> = vec![None; n];
        for (i, v) in order.iter().enumerate() {
            let Some(slot) = map.get_mut(v.index()) else {
                return; // malformed: leave untouched, the verifier reports it
            };
            if slot.is_some() {
                return; // defined twice: leave for the verifier
            }
            *slot = Some(i as u32);
        }
        // Already in order (what most passes hand on): nothing to renumber;
        // a use of a value past the table stays past it, for the verifier.
        if order.len() == n && order.iter().enumerate().all(|(i, v)| v.index() == i) {
            return;
        }
        let mut old = std::mem::take(&mut self.values);
        let values = order
            .iter()
            .map(|v| {
                let d = &mut old[v.index()];
                ValueData {
                    ty: d.ty,
                    name: d.name.take(),
                }
            })
            .collect();
        let remap = |v: &mut Value| {
            if let Some(Some(n)) = map.get(v.index()) {
                *v = Value(*n);
            } else {
                // A use of a never-defined value: give it an index past the
                // table so the verifier still reports it.
                *v = Value(u32::MAX);
            }
        };
        for p in &mut self.params {
            remap(p);
        }
        self.body.for_each_value_mut(&mut |v| remap(v));
        self.values = values;
    }
}

/// A region: straight-line instructions ending in one terminator.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Block {
    pub insts: Vec<Inst>,
}

impl Block {
    /// Visit every value mentioned (defined or used) in this block and its
    /// nested regions.
    pub fn for_each_value_mut(&mut self, f: &mut dyn FnMut(&mut Value)) {
        for inst in &mut self.insts {
            for r in &mut inst.results {
                f(r);
            }
            inst.op.for_each_value_mut(f);
        }
    }

    /// The terminator, if the block ends in one.
    pub fn terminator(&self) -> Option<&Inst> {
        self.insts.last().filter(|i| i.op.is_terminator())
    }

    /// Every instruction of this block and of its nested regions, in
    /// textual order: an `if` or `loop` comes before the instructions of
    /// its regions, a `then` region before its `else` region.
    pub fn insts_nested(&self) -> Insts<'_> {
        Insts {
            stack: vec![self.insts.iter()],
        }
    }
}

/// The iterator of [`Block::insts_nested`] and [`Function::insts`]: a
/// depth-first walk that keeps one position per open region.
#[derive(Clone, Debug)]
pub struct Insts<'a> {
    stack: Vec<std::slice::Iter<'a, Inst>>,
}

impl<'a> Iterator for Insts<'a> {
    type Item = &'a Inst;

    fn next(&mut self) -> Option<&'a Inst> {
        while let Some(top) = self.stack.last_mut() {
            let Some(inst) = top.next() else {
                self.stack.pop();
                continue;
            };
            // Pushed last is walked first: `else` below `then`.
            match &inst.op {
                Op::If {
                    then_blk, else_blk, ..
                } => {
                    self.stack.push(else_blk.insts.iter());
                    self.stack.push(then_blk.insts.iter());
                }
                Op::Loop { body, .. } => self.stack.push(body.insts.iter()),
                _ => {}
            }
            return Some(inst);
        }
        None
    }
}

/// One instruction: the values it defines and what it does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inst {
    pub results: Vec<Value>,
    pub op: Op,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnOp {
    /// Two's complement negation (ints), sign flip (floats).
    Neg,
    /// Absolute value (signed ints wrap at the minimum; floats clear the sign).
    Abs,
    /// Bitwise not (ints), logical not (bool).
    Not,
    Sqrt,
    /// `1/x`; may be approximate (1 ulp) on hardware.
    Rcp,
    /// `2^x`; may be approximate (1 ulp) on hardware.
    Exp2,
    /// `log2(x)`; may be approximate (1 ulp) on hardware.
    Log2,
    Floor,
    Ceil,
    Trunc,
    /// Round to nearest integer, ties to even.
    Rint,
}

impl UnOp {
    pub const ALL: [UnOp; 11] = [
        UnOp::Neg,
        UnOp::Abs,
        UnOp::Not,
        UnOp::Sqrt,
        UnOp::Rcp,
        UnOp::Exp2,
        UnOp::Log2,
        UnOp::Floor,
        UnOp::Ceil,
        UnOp::Trunc,
        UnOp::Rint,
    ];

    pub fn keyword(self) -> &'static str {
        match self {
            UnOp::Neg => "neg",
            UnOp::Abs => "abs",
            UnOp::Not => "not",
            UnOp::Sqrt => "sqrt",
            UnOp::Rcp => "rcp",
            UnOp::Exp2 => "exp2",
            UnOp::Log2 => "log2",
            UnOp::Floor => "floor",
            UnOp::Ceil => "ceil",
            UnOp::Trunc => "trunc",
            UnOp::Rint => "rint",
        }
    }

    /// Whether the operation accepts an operand of type `t`.
    pub fn accepts(self, t: Type) -> bool {
        match self {
            UnOp::Neg => t.is_int() || t.is_float(),
            UnOp::Abs => t.is_signed_int() || t.is_float(),
            UnOp::Not => t.is_int() || t == Type::Bool,
            _ => t.is_float(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    /// Integer division truncates toward zero (division by zero is an
    /// error in the interpreter: undefined on hardware); float division is
    /// IEEE correctly rounded.
    Div,
    /// Integer remainder with the sign of the dividend.
    Rem,
    /// Signed/unsigned by type; floats follow IEEE 754-2019 minimumNumber
    /// (a NaN operand yields the other operand, -0 < +0).
    Min,
    Max,
    And,
    Or,
    Xor,
    /// Shift amount is taken modulo the bit width.
    Shl,
    /// Arithmetic for signed types, logical for unsigned.
    Shr,
}

impl BinOp {
    pub const ALL: [BinOp; 12] = [
        BinOp::Add,
        BinOp::Sub,
        BinOp::Mul,
        BinOp::Div,
        BinOp::Rem,
        BinOp::Min,
        BinOp::Max,
        BinOp::And,
        BinOp::Or,
        BinOp::Xor,
        BinOp::Shl,
        BinOp::Shr,
    ];

    pub fn keyword(self) -> &'static str {
        match self {
            BinOp::Add => "add",
            BinOp::Sub => "sub",
            BinOp::Mul => "mul",
            BinOp::Div => "div",
            BinOp::Rem => "rem",
            BinOp::Min => "min",
            BinOp::Max => "max",
            BinOp::And => "and",
            BinOp::Or => "or",
            BinOp::Xor => "xor",
            BinOp::Shl => "shl",
            BinOp::Shr => "shr",
        }
    }

    pub fn accepts(self, t: Type) -> bool {
        match self {
            BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Min | BinOp::Max => {
                t.is_int() || t.is_float()
            }
            BinOp::Rem | BinOp::Shl | BinOp::Shr => t.is_int(),
            BinOp::And | BinOp::Or | BinOp::Xor => t.is_int() || t == Type::Bool,
        }
    }
}

/// Comparison predicates. Signedness comes from the operand type. On
/// floats all predicates are ordered (false if either operand is NaN)
/// except `ne`, which is true when either operand is NaN.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpPred {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl CmpPred {
    pub const ALL: [CmpPred; 6] = [
        CmpPred::Eq,
        CmpPred::Ne,
        CmpPred::Lt,
        CmpPred::Le,
        CmpPred::Gt,
        CmpPred::Ge,
    ];

    pub fn keyword(self) -> &'static str {
        match self {
            CmpPred::Eq => "eq",
            CmpPred::Ne => "ne",
            CmpPred::Lt => "lt",
            CmpPred::Le => "le",
            CmpPred::Gt => "gt",
            CmpPred::Ge => "ge",
        }
    }

    pub fn accepts(self, t: Type) -> bool {
        match self {
            CmpPred::Eq | CmpPred::Ne => !t.is_vec(),
            _ => t.is_int() || t.is_float(),
        }
    }
}

/// Read-modify-write atomics; each returns the old value. Relaxed ordering
/// at device scope (global) or workgroup scope (LDS).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AtomicOp {
    Add,
    Sub,
    Min,
    Max,
    And,
    Or,
    Xor,
    Xchg,
}

impl AtomicOp {
    pub const ALL: [AtomicOp; 8] = [
        AtomicOp::Add,
        AtomicOp::Sub,
        AtomicOp::Min,
        AtomicOp::Max,
        AtomicOp::And,
        AtomicOp::Or,
        AtomicOp::Xor,
        AtomicOp::Xchg,
    ];

    pub fn keyword(self) -> &'static str {
        match self {
            AtomicOp::Add => "add",
            AtomicOp::Sub => "sub",
            AtomicOp::Min => "min",
            AtomicOp::Max => "max",
            AtomicOp::And => "and",
            AtomicOp::Or => "or",
            AtomicOp::Xor => "xor",
            AtomicOp::Xchg => "xchg",
        }
    }

    /// Integer types for all; `f32` for `add` and `xchg`.
    pub fn accepts(self, t: Type) -> bool {
        t.is_int() || (t == Type::F32 && matches!(self, AtomicOp::Add | AtomicOp::Xchg))
    }
}

/// Dispatch geometry queries; all return `u32`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Geometry {
    /// Work-item id within its workgroup.
    WorkItemId,
    /// Workgroup id within the grid.
    WorkGroupId,
    /// Workgroup size of the dispatch (the last workgroup in a dimension
    /// may be partial; this is still the nominal size).
    WorkGroupSize,
    /// Grid size in work-items (HSA convention).
    GridSize,
}

impl Geometry {
    pub const ALL: [Geometry; 4] = [
        Geometry::WorkItemId,
        Geometry::WorkGroupId,
        Geometry::WorkGroupSize,
        Geometry::GridSize,
    ];

    pub fn keyword(self) -> &'static str {
        match self {
            Geometry::WorkItemId => "workitem.id",
            Geometry::WorkGroupId => "workgroup.id",
            Geometry::WorkGroupSize => "workgroup.size",
            Geometry::GridSize => "grid.size",
        }
    }
}

/// What an instruction does. Operand values come first in each variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Op {
    /// A constant; `bits` holds the value zero-extended (ints, bool 0/1,
    /// pointers) or the IEEE bit pattern (floats).
    Const {
        ty: Type,
        bits: u64,
    },
    Unary {
        op: UnOp,
        arg: Value,
    },
    Binary {
        op: BinOp,
        lhs: Value,
        rhs: Value,
    },
    /// Fused multiply-add `a*b+c` with one rounding.
    Fma {
        a: Value,
        b: Value,
        c: Value,
    },
    Cmp {
        pred: CmpPred,
        lhs: Value,
        rhs: Value,
    },
    Select {
        cond: Value,
        if_true: Value,
        if_false: Value,
    },
    /// Value conversion (see [`cvt_allowed`]).
    Cvt {
        arg: Value,
        to: Type,
    },
    /// Reinterpret bits between same-size int and float types.
    Bitcast {
        arg: Value,
        to: Type,
    },
    /// Pointer plus a byte offset (sign- or zero-extended by its type).
    PtrAdd {
        ptr: Value,
        offset: Value,
    },
    Load {
        ptr: Value,
        ty: Type,
        align: u32,
    },
    Store {
        ptr: Value,
        value: Value,
        align: u32,
    },
    Atomic {
        op: AtomicOp,
        ptr: Value,
        value: Value,
    },
    CmpXchg {
        ptr: Value,
        expected: Value,
        new: Value,
    },
    /// Workgroup execution barrier with a workgroup-scope fence on LDS and
    /// global memory. Must be reached by every work-item of the workgroup.
    Barrier,
    Geometry {
        query: Geometry,
        dim: Dim,
    },
    /// A static LDS allocation of the kernel (top level of a kernel body
    /// only); yields its `ptr<lds>` base.
    LdsAlloc {
        size: u32,
        align: u32,
    },
    Call {
        callee: String,
        args: Vec<Value>,
    },
    /// A vector from its elements in order (`vec %a, %b : <2 x f32>`).
    VecBuild {
        elems: Vec<Value>,
        ty: Type,
    },
    /// Element `index` of a vector.
    Extract {
        vec: Value,
        index: u8,
    },
    /// The vector with element `index` replaced by `value`.
    Insert {
        vec: Value,
        value: Value,
        index: u8,
    },
    /// A wave matrix multiply-accumulate `a * b + c` (see [`crate::matrix`]).
    Matrix {
        op: MatrixOp,
        a: Value,
        b: Value,
        c: Value,
    },
    /// A target instruction over literal (precoloured) physical registers;
    /// no SSA operands or results (see [`crate::amdgpu`]).
    Amdgpu(AmdgpuOp),
    /// Two-way branch; results come from the arms' `yield`s.
    If {
        cond: Value,
        then_blk: Block,
        else_blk: Block,
    },
    /// A loop with carried values `params`, initialised from `inits`;
    /// `continue` rebinds them and restarts the body, `break` leaves the
    /// loop with its results.
    Loop {
        inits: Vec<Value>,
        params: Vec<Value>,
        body: Block,
    },
    Yield(Vec<Value>),
    Break(Vec<Value>),
    Continue(Vec<Value>),
    Return(Vec<Value>),
}

impl Op {
    /// The regions an `if` (then, else) or a `loop` (body) holds.
    pub fn regions_mut(&mut self) -> impl Iterator<Item = &mut Block> {
        let (a, b) = match self {
            Op::If {
                then_blk, else_blk, ..
            } => (Some(then_blk), Some(else_blk)),
            Op::Loop { body, .. } => (Some(body), None),
            _ => (None, None),
        };
        a.into_iter().chain(b)
    }

    /// Whether the operation computes its results from its operands alone:
    /// no memory, control flow, constants or work-item state.
    pub fn is_arithmetic(&self) -> bool {
        matches!(
            self,
            Op::Unary { .. }
                | Op::Binary { .. }
                | Op::Fma { .. }
                | Op::Cmp { .. }
                | Op::Select { .. }
                | Op::Cvt { .. }
                | Op::Bitcast { .. }
                | Op::PtrAdd { .. }
        )
    }

    pub fn is_terminator(&self) -> bool {
        matches!(
            self,
            Op::Yield(_) | Op::Break(_) | Op::Continue(_) | Op::Return(_)
        )
    }

    /// The mnemonic used in the text form.
    pub fn mnemonic(&self) -> String {
        match self {
            Op::Const { .. } => "const".into(),
            Op::Unary { op, .. } => op.keyword().into(),
            Op::Binary { op, .. } => op.keyword().into(),
            Op::Fma { .. } => "fma".into(),
            Op::Cmp { pred, .. } => format!("cmp {}", pred.keyword()),
            Op::Select { .. } => "select".into(),
            Op::Cvt { .. } => "cvt".into(),
            Op::Bitcast { .. } => "bitcast".into(),
            Op::PtrAdd { .. } => "ptradd".into(),
            Op::Load { .. } => "load".into(),
            Op::Store { .. } => "store".into(),
            Op::Atomic { op, .. } => format!("atomic {}", op.keyword()),
            Op::CmpXchg { .. } => "cmpxchg".into(),
            Op::Barrier => "barrier".into(),
            Op::Amdgpu(op) => format!("amdgpu {}", op.name()),
            Op::VecBuild { .. } => "vec".into(),
            Op::Extract { .. } => "extract".into(),
            Op::Insert { .. } => "insert".into(),
            Op::Matrix { op, .. } => op.keyword().into(),
            Op::Geometry { query, .. } => query.keyword().into(),
            Op::LdsAlloc { .. } => "lds.alloc".into(),
            Op::Call { .. } => "call".into(),
            Op::If { .. } => "if".into(),
            Op::Loop { .. } => "loop".into(),
            Op::Yield(_) => "yield".into(),
            Op::Break(_) => "break".into(),
            Op::Continue(_) => "continue".into(),
            Op::Return(_) => "ret".into(),
        }
    }

    /// The values this instruction reads (not those of nested regions).
    pub fn operands(&self) -> Operands {
        let inline = |vs: &[Value]| {
            let mut a = [Value(0); 3];
            a[..vs.len()].copy_from_slice(vs);
            Operands::Inline(a, vs.len() as u8)
        };
        match self {
            Op::Const { .. }
            | Op::Barrier
            | Op::Amdgpu(_)
            | Op::Geometry { .. }
            | Op::LdsAlloc { .. } => inline(&[]),
            Op::Unary { arg, .. } | Op::Cvt { arg, .. } | Op::Bitcast { arg, .. } => {
                inline(&[*arg])
            }
            Op::Binary { lhs, rhs, .. } | Op::Cmp { lhs, rhs, .. } => inline(&[*lhs, *rhs]),
            Op::Fma { a, b, c } | Op::Matrix { a, b, c, .. } => inline(&[*a, *b, *c]),
            Op::VecBuild { elems, .. } => Operands::Heap(elems.clone()),
            Op::Extract { vec, .. } => inline(&[*vec]),
            Op::Insert { vec, value, .. } => inline(&[*vec, *value]),
            Op::Select {
                cond,
                if_true,
                if_false,
            } => inline(&[*cond, *if_true, *if_false]),
            Op::PtrAdd { ptr, offset } => inline(&[*ptr, *offset]),
            Op::Load { ptr, .. } => inline(&[*ptr]),
            Op::Store { ptr, value, .. } | Op::Atomic { ptr, value, .. } => inline(&[*ptr, *value]),
            Op::CmpXchg { ptr, expected, new } => inline(&[*ptr, *expected, *new]),
            Op::Call { args, .. } => Operands::Heap(args.clone()),
            Op::If { cond, .. } => inline(&[*cond]),
            Op::Loop { inits, .. } => Operands::Heap(inits.clone()),
            Op::Yield(v) | Op::Break(v) | Op::Continue(v) | Op::Return(v) => {
                Operands::Heap(v.clone())
            }
        }
    }

    /// Visit operands, loop params and nested regions' values mutably.
    pub fn for_each_value_mut(&mut self, f: &mut dyn FnMut(&mut Value)) {
        match self {
            Op::Const { .. }
            | Op::Barrier
            | Op::Amdgpu(_)
            | Op::Geometry { .. }
            | Op::LdsAlloc { .. } => {}
            Op::Unary { arg, .. } | Op::Cvt { arg, .. } | Op::Bitcast { arg, .. } => f(arg),
            Op::Binary { lhs, rhs, .. } | Op::Cmp { lhs, rhs, .. } => {
                f(lhs);
                f(rhs);
            }
            Op::Fma { a, b, c } | Op::Matrix { a, b, c, .. } => {
                f(a);
                f(b);
                f(c);
            }
            Op::VecBuild { elems, .. } => elems.iter_mut().for_each(f),
            Op::Extract { vec, .. } => f(vec),
            Op::Insert { vec, value, .. } => {
                f(vec);
                f(value);
            }
            Op::Select {
                cond,
                if_true,
                if_false,
            } => {
                f(cond);
                f(if_true);
                f(if_false);
            }
            Op::PtrAdd { ptr, offset } => {
                f(ptr);
                f(offset);
            }
            Op::Load { ptr, .. } => f(ptr),
            Op::Store { ptr, value, .. } | Op::Atomic { ptr, value, .. } => {
                f(ptr);
                f(value);
            }
            Op::CmpXchg { ptr, expected, new } => {
                f(ptr);
                f(expected);
                f(new);
            }
            Op::Call { args, .. } => args.iter_mut().for_each(f),
            Op::If {
                cond,
                then_blk,
                else_blk,
            } => {
                f(cond);
                then_blk.for_each_value_mut(f);
                else_blk.for_each_value_mut(f);
            }
            Op::Loop {
                inits,
                params,
                body,
            } => {
                inits.iter_mut().for_each(&mut *f);
                params.iter_mut().for_each(&mut *f);
                body.for_each_value_mut(f);
            }
            Op::Yield(v) | Op::Break(v) | Op::Continue(v) | Op::Return(v) => {
                v.iter_mut().for_each(f)
            }
        }
    }
}

/// The values one instruction reads ([`Op::operands`]): up to three
/// without an allocation (every operation but the variadic ones).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Operands {
    Inline([Value; 3], u8),
    Heap(Vec<Value>),
}

impl std::ops::Deref for Operands {
    type Target = [Value];

    fn deref(&self) -> &[Value] {
        match self {
            Operands::Inline(a, n) => &a[..*n as usize],
            Operands::Heap(v) => v,
        }
    }
}

impl IntoIterator for Operands {
    type Item = Value;
    type IntoIter = OperandsIter;

    fn into_iter(self) -> OperandsIter {
        match self {
            Operands::Inline(a, n) => OperandsIter::Inline(a.into_iter().take(n as usize)),
            Operands::Heap(v) => OperandsIter::Heap(v.into_iter()),
        }
    }
}

impl<'a> IntoIterator for &'a Operands {
    type Item = &'a Value;
    type IntoIter = std::slice::Iter<'a, Value>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// The owning iterator of [`Operands`].
pub enum OperandsIter {
    Inline(std::iter::Take<std::array::IntoIter<Value, 3>>),
    Heap(std::vec::IntoIter<Value>),
}

impl Iterator for OperandsIter {
    type Item = Value;

    fn next(&mut self) -> Option<Value> {
        match self {
            OperandsIter::Inline(i) => i.next(),
            OperandsIter::Heap(i) => i.next(),
        }
    }
}

/// Whether `cvt` from `from` to `to` is allowed:
/// - int to int: widen (sign-extends signed sources, zero-extends unsigned),
///   narrow (truncates) or same-width reinterpretation;
/// - int to float: round to nearest even;
/// - float to int: truncate toward zero, saturating, NaN gives 0;
/// - float to float: round to nearest even;
/// - bool to int or float: 0 or 1;
/// - pointer to/from an integer of its width, and `ptr<global>` to/from
///   `ptr<const>` (the same addresses).
pub fn cvt_allowed(from: Type, to: Type) -> bool {
    let num = |t: Type| t.is_int() || t.is_float();
    match (from, to) {
        (Type::Bool, t) => num(t),
        (f, t) if num(f) && num(t) => true,
        (Type::Ptr(a), Type::Ptr(b)) => a != AddrSpace::Lds && b != AddrSpace::Lds,
        (Type::Ptr(a), t) | (t, Type::Ptr(a)) => t.is_int() && t.bits() == a.pointer_bytes() * 8,
        _ => false,
    }
}

/// Whether `bitcast` from `from` to `to` is allowed (same size; int, f32,
/// f64 and vector types).
pub fn bitcast_allowed(from: Type, to: Type) -> bool {
    let ok = |t: Type| t.is_int() || t.is_vec() || matches!(t, Type::F32 | Type::F64);
    ok(from) && ok(to) && from.bits() == to.bits()
}

/// The result types of a non-control, non-call instruction given its
/// operand types (`ty(v)`), or a message saying what is wrong. This single
/// set of rules serves the builder, the parser and the verifier.
pub fn infer_result_types(
    op: &Op,
    ty: &dyn Fn(Value) -> Option<Type>,
) -> Result<Vec<Type>, String> {
    let get = |v: Value| ty(v).ok_or_else(|| format!("unknown value %{}", v.0));
    let one = |t: Type| Ok(vec![t]);
    match op {
        Op::Const { ty: t, bits } => {
            check_type(*t)?;
            check_const(*t, *bits)?;
            one(*t)
        }
        Op::VecBuild { elems, ty: t } => {
            check_type(*t)?;
            let Type::Vec(e, n) = *t else {
                return Err(format!("`vec` builds a vector type, found {t}"));
            };
            let Some(s) = e.scalar() else {
                return Err(format!(
                    "`vec` cannot build {t} from scalars (there is no scalar bf16): bitcast u32 words"
                ));
            };
            if elems.len() != n as usize {
                return Err(format!(
                    "`vec` of type {t} needs {n} elements, found {}",
                    elems.len()
                ));
            }
            for (i, &v) in elems.iter().enumerate() {
                let et = get(v)?;
                if et != s {
                    return Err(format!("`vec` element {i} must be {s}, found {et}"));
                }
            }
            one(*t)
        }
        Op::Extract { vec, index } => {
            let (_, s) = vec_elem(get(*vec)?, *index, "extract")?;
            one(s)
        }
        Op::Insert { vec, value, index } => {
            let vt = get(*vec)?;
            let (_, s) = vec_elem(vt, *index, "insert")?;
            let x = get(*value)?;
            if x != s {
                return Err(format!("`insert` into {vt} needs a {s} value, found {x}"));
            }
            one(vt)
        }
        Op::Matrix { op: m, a, b, c } => {
            let want = [m.ab_type(), m.ab_type(), m.acc_type()];
            for (what, (&v, w)) in ["A", "B", "C"].iter().zip([a, b, c].into_iter().zip(want)) {
                let t = get(v)?;
                if t != w {
                    return Err(format!(
                        "`{}` operand {what} must be {w} per lane, found {t}",
                        m.keyword()
                    ));
                }
            }
            one(m.acc_type())
        }
        Op::Unary { op: u, arg } => {
            let t = get(*arg)?;
            if !u.accepts(t) {
                return Err(format!(
                    "`{}` does not accept an operand of type {t}",
                    u.keyword()
                ));
            }
            one(t)
        }
        Op::Binary { op: b, lhs, rhs } => {
            let (l, r) = (get(*lhs)?, get(*rhs)?);
            if l != r {
                return Err(format!(
                    "`{}` operands must have the same type, found {l} and {r}",
                    b.keyword()
                ));
            }
            if !b.accepts(l) {
                return Err(format!(
                    "`{}` does not accept operands of type {l}",
                    b.keyword()
                ));
            }
            one(l)
        }
        Op::Fma { a, b, c } => {
            let (ta, tb, tc) = (get(*a)?, get(*b)?, get(*c)?);
            if ta != tb || ta != tc {
                return Err(format!(
                    "`fma` operands must have the same type, found {ta}, {tb} and {tc}"
                ));
            }
            if !ta.is_float() {
                return Err(format!("`fma` needs float operands, found {ta}"));
            }
            one(ta)
        }
        Op::Cmp { pred, lhs, rhs } => {
            let (l, r) = (get(*lhs)?, get(*rhs)?);
            if l != r {
                return Err(format!(
                    "`cmp {}` operands must have the same type, found {l} and {r}",
                    pred.keyword()
                ));
            }
            if !pred.accepts(l) {
                return Err(format!(
                    "`cmp {}` is not defined on {l} (only eq and ne are)",
                    pred.keyword()
                ));
            }
            one(Type::Bool)
        }
        Op::Select {
            cond,
            if_true,
            if_false,
        } => {
            let c = get(*cond)?;
            if c != Type::Bool {
                return Err(format!("`select` condition must be bool, found {c}"));
            }
            let (a, b) = (get(*if_true)?, get(*if_false)?);
            if a != b {
                return Err(format!(
                    "`select` alternatives must have the same type, found {a} and {b}"
                ));
            }

            one(a)
        }
        Op::Cvt { arg, to } => {
            let f = get(*arg)?;
            if !cvt_allowed(f, *to) {
                return Err(format!("`cvt` from {f} to {to} is not allowed"));
            }
            one(*to)
        }
        Op::Bitcast { arg, to } => {
            let f = get(*arg)?;
            if !bitcast_allowed(f, *to) {
                return Err(format!(
                    "`bitcast` from {f} to {to} is not allowed (needs same-size int/float types)"
                ));
            }
            one(*to)
        }
        Op::PtrAdd { ptr, offset } => {
            let p = get(*ptr)?;
            let o = get(*offset)?;
            if !p.is_ptr() {
                return Err(format!("`ptradd` needs a pointer, found {p}"));
            }
            if !o.is_int() {
                return Err(format!("`ptradd` offset must be an integer, found {o}"));
            }
            one(p)
        }
        Op::Load { ptr, ty: t, align } => {
            check_type(*t)?;
            let p = get(*ptr)?;
            if !p.is_ptr() {
                return Err(format!("`load` needs a pointer, found {p}"));
            }
            if t.store_bytes().is_none() {
                return Err(format!("cannot load a value of type {t} (no memory form)"));
            }
            check_align(*align)?;
            one(*t)
        }
        Op::Store { ptr, value, align } => {
            let p = get(*ptr)?;
            let v = get(*value)?;
            match p {
                Type::Ptr(AddrSpace::Const) => {
                    return Err("cannot store through a ptr<const>".into())
                }
                Type::Ptr(_) => {}
                _ => return Err(format!("`store` needs a pointer, found {p}")),
            }
            if v.store_bytes().is_none() {
                return Err(format!("cannot store a value of type {v} (no memory form)"));
            }
            check_align(*align)?;
            Ok(vec![])
        }
        Op::Atomic { op: a, ptr, value } => {
            let p = get(*ptr)?;
            check_atomic_ptr(p, "atomic")?;
            let v = get(*value)?;
            if !a.accepts(v) {
                return Err(format!(
                    "`atomic {}` does not accept values of type {v}",
                    a.keyword()
                ));
            }
            one(v)
        }
        Op::CmpXchg { ptr, expected, new } => {
            let p = get(*ptr)?;
            check_atomic_ptr(p, "cmpxchg")?;
            let (e, n) = (get(*expected)?, get(*new)?);
            if e != n {
                return Err(format!(
                    "`cmpxchg` expected and new values must have the same type, found {e} and {n}"
                ));
            }
            if !e.is_int() {
                return Err(format!("`cmpxchg` needs an integer type, found {e}"));
            }
            one(e)
        }
        Op::Barrier | Op::Amdgpu(_) => Ok(vec![]),
        Op::Geometry { .. } => one(Type::U32),
        Op::LdsAlloc { size, align } => {
            if *size == 0 {
                return Err("`lds.alloc` size must be at least 1 byte".into());
            }
            check_align(*align)?;
            one(Type::Ptr(AddrSpace::Lds))
        }
        Op::Call { .. } | Op::If { .. } | Op::Loop { .. } => {
            Err("internal: control instruction typed by its context".into())
        }
        Op::Yield(_) | Op::Break(_) | Op::Continue(_) | Op::Return(_) => Ok(vec![]),
    }
}

/// A vector type's element `index`: (element, scalar type).
fn vec_elem(t: Type, index: u8, what: &str) -> Result<(crate::types::Elem, Type), String> {
    let Type::Vec(e, n) = t else {
        return Err(format!("`{what}` needs a vector, found {t}"));
    };
    let Some(s) = e.scalar() else {
        return Err(format!(
            "`{what}` cannot access elements of {t} (there is no scalar bf16): bitcast to u32 words"
        ));
    };
    if index >= n {
        return Err(format!(
            "`{what}` index {index} is out of range for {t} (0 to {})",
            n - 1
        ));
    }
    Ok((e, s))
}

/// A type written in the IR (`<N x T>` must be a valid vector).
pub fn check_type(t: Type) -> Result<(), String> {
    match t {
        Type::Vec(e, n) if !vec_ok(e, n) => Err(format!(
            "{t} is not a vector type: vectors have at least 2 elements in 1, 2, 4, 8 or 16 32-bit registers"
        )),
        _ => Ok(()),
    }
}

fn check_atomic_ptr(p: Type, what: &str) -> Result<(), String> {
    match p {
        Type::Ptr(AddrSpace::Global) | Type::Ptr(AddrSpace::Lds) => Ok(()),
        Type::Ptr(AddrSpace::Const) => Err(format!("`{what}` cannot operate on a ptr<const>")),
        t => Err(format!("`{what}` needs a pointer, found {t}")),
    }
}

/// Largest alignment accepted on memory operations and LDS allocations.
pub const MAX_ALIGN: u32 = 4096;

fn check_align(a: u32) -> Result<(), String> {
    if a == 0 || !a.is_power_of_two() || a > MAX_ALIGN {
        return Err(format!(
            "alignment must be a power of two from 1 to {MAX_ALIGN}, found {a}"
        ));
    }
    Ok(())
}

fn check_const(t: Type, bits: u64) -> Result<(), String> {
    if t.is_vec() {
        return if bits == 0 {
            Ok(())
        } else {
            Err(format!(
                "a vector constant is `const 0 : {t}` (all elements zero); build others with `vec`"
            ))
        };
    }
    let max = match t {
        Type::Bool => 1,
        Type::F16 => 0xffff,
        _ if t.bits() == 32 => u32::MAX as u64,
        _ => u64::MAX,
    };
    if bits > max {
        return Err(format!("constant bits {bits:#x} do not fit type {t}"));
    }
    Ok(())
}
