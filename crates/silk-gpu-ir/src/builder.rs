//! A builder for Rust users and front ends.
//!
//! ```
//! use silk_gpu_ir::{AddrSpace, Dim, FunctionBuilder, Module, Type, CmpPred};
//! # fn main() -> Result<(), silk_gpu_ir::Error> {
//! let mut f = FunctionBuilder::kernel("fill");
//! let out = f.param("out", Type::Ptr(AddrSpace::Global))?;
//! let n = f.param("n", Type::U32)?;
//! let gid = f.global_id(Dim::X)?;
//! let inside = f.cmp(CmpPred::Lt, gid, n)?;
//! f.if_then(inside, |f| {
//!     let addr = f.element_addr(out, gid, 4)?;
//!     f.store(addr, gid, 4)
//! })?;
//! let mut m = Module::new();
//! m.add_function(f.finish()?)?;
//! m.verify()?;
//! # Ok(()) }
//! ```

use std::collections::HashSet;
use std::fmt;

use crate::eval::f64_to_f16;
use crate::ir::{
    infer_result_types, AtomicOp, BinOp, Block, CmpPred, Function, FunctionKind, Geometry, Inst,
    Module, Op, UnOp, Value, ValueData,
};
use crate::matrix::MatrixOp;
use crate::types::{Dim, Type};
use crate::verify::is_valid_name;

/// A builder misuse: ill-typed operands, unknown values, instructions
/// after a terminator, bad names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildError {
    pub function: String,
    pub message: String,
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "building @{}: {}", self.function, self.message)
    }
}

impl std::error::Error for BuildError {}

type BResult<T> = Result<T, BuildError>;

/// Builds one function. Region-building methods take closures that fill
/// the nested block; a block may end with an explicit terminator
/// ([`FunctionBuilder::break_`], [`FunctionBuilder::continue_`],
/// [`FunctionBuilder::ret`]) or get the implied one.
pub struct FunctionBuilder {
    name: String,
    kind: FunctionKind,
    params: Vec<Value>,
    results: Vec<Type>,
    values: Vec<ValueData>,
    blocks: Vec<Vec<Inst>>,
    names: HashSet<String>,
}

impl FunctionBuilder {
    /// Start a kernel (no results).
    pub fn kernel(name: &str) -> FunctionBuilder {
        Self::new(name, FunctionKind::Kernel, &[])
    }

    /// Start a device function returning `results`.
    pub fn device(name: &str, results: &[Type]) -> FunctionBuilder {
        Self::new(name, FunctionKind::Device, results)
    }

    fn new(name: &str, kind: FunctionKind, results: &[Type]) -> FunctionBuilder {
        FunctionBuilder {
            name: name.to_string(),
            kind,
            params: vec![],
            results: results.to_vec(),
            values: vec![],
            blocks: vec![vec![]],
            names: HashSet::new(),
        }
    }

    fn err<T>(&self, msg: impl Into<String>) -> BResult<T> {
        Err(BuildError {
            function: self.name.clone(),
            message: msg.into(),
        })
    }

    fn new_value(&mut self, ty: Type) -> Value {
        self.values.push(ValueData { ty, name: None });
        Value(self.values.len() as u32 - 1)
    }

    /// Add a parameter.
    pub fn param(&mut self, name: &str, ty: Type) -> BResult<Value> {
        let v = self.new_value(ty);
        self.set_name(v, name)?;
        self.params.push(v);
        Ok(v)
    }

    /// Name a value for printing; a taken name gets a `.N` suffix.
    pub fn set_name(&mut self, v: Value, name: &str) -> BResult<()> {
        if !is_valid_name(name) {
            return self.err(format!(
                "`{name}` is not a valid value name (letters, digits, `_`, `.`; not starting with a digit)"
            ));
        }
        if v.index() >= self.values.len() {
            return self.err(format!("%{} is not a value of this function", v.0));
        }
        let mut n = name.to_string();
        let mut k = 1;
        while self.names.contains(&n) {
            n = format!("{name}.{k}");
            k += 1;
        }
        self.names.insert(n.clone());
        if let Some(old) = self.values[v.index()].name.replace(n) {
            self.names.remove(&old);
        }
        Ok(())
    }

    /// The type of `v`.
    pub fn value_type(&self, v: Value) -> BResult<Type> {
        match self.values.get(v.index()) {
            Some(d) => Ok(d.ty),
            None => self.err(format!("%{} is not a value of this function", v.0)),
        }
    }

    /// Whether the current block already ends in a terminator.
    pub fn is_terminated(&self) -> bool {
        self.blocks
            .last()
            .and_then(|b| b.last())
            .is_some_and(|i| i.op.is_terminator())
    }

    fn check_values(&self, vs: &[Value]) -> BResult<()> {
        for &v in vs {
            self.value_type(v)?;
        }
        Ok(())
    }

    fn push_inst(&mut self, inst: Inst) -> BResult<()> {
        if self.is_terminated() {
            return self.err(format!(
                "cannot add `{}` after the block's terminator",
                inst.op.mnemonic()
            ));
        }
        match self.blocks.last_mut() {
            Some(b) => {
                b.push(inst);
                Ok(())
            }
            None => self.err("internal: no open block"),
        }
    }

    /// Append any non-control instruction; returns its results.
    pub fn op(&mut self, op: Op) -> BResult<Vec<Value>> {
        let (first, n) = self.add_op(op)?;
        Ok((first..first + n).map(Value).collect())
    }

    /// [`FunctionBuilder::op`], returning the first result and how many
    /// there are (results are consecutive values).
    fn add_op(&mut self, op: Op) -> BResult<(u32, u32)> {
        if matches!(op, Op::If { .. } | Op::Loop { .. } | Op::Call { .. }) || op.is_terminator() {
            return self.err(format!("use the dedicated method for `{}`", op.mnemonic()));
        }
        self.check_values(&op.operands())?;
        let types = {
            let values = &self.values;
            infer_result_types(&op, &|v| values.get(v.index()).map(|d| d.ty))
        };
        let types = match types {
            Ok(t) => t,
            Err(m) => return self.err(m),
        };
        if matches!(op, Op::LdsAlloc { .. })
            && (self.blocks.len() != 1 || self.kind != FunctionKind::Kernel)
        {
            return self.err("`lds.alloc` is only allowed at the top level of a kernel body");
        }
        if self.is_terminated() {
            return self.err(format!(
                "cannot add `{}` after the block's terminator",
                op.mnemonic()
            ));
        }
        let first = self.values.len() as u32;
        let results: Vec<Value> = types.into_iter().map(|t| self.new_value(t)).collect();
        let n = results.len() as u32;
        self.push_inst(Inst { results, op })?;
        Ok((first, n))
    }

    fn op1(&mut self, op: Op) -> BResult<Value> {
        match self.add_op(op)? {
            (first, 1..) => Ok(Value(first)),
            _ => self.err("internal: instruction has no result"),
        }
    }

    fn op0(&mut self, op: Op) -> BResult<()> {
        self.add_op(op).map(|_| ())
    }

    /// A constant from raw bits (see [`Op::Const`]).
    pub fn const_bits(&mut self, ty: Type, bits: u64) -> BResult<Value> {
        self.op1(Op::Const { ty, bits })
    }
    pub fn const_bool(&mut self, x: bool) -> BResult<Value> {
        self.const_bits(Type::Bool, x as u64)
    }
    pub fn const_i32(&mut self, x: i32) -> BResult<Value> {
        self.const_bits(Type::I32, x as u32 as u64)
    }
    pub fn const_u32(&mut self, x: u32) -> BResult<Value> {
        self.const_bits(Type::U32, x as u64)
    }
    pub fn const_i64(&mut self, x: i64) -> BResult<Value> {
        self.const_bits(Type::I64, x as u64)
    }
    pub fn const_u64(&mut self, x: u64) -> BResult<Value> {
        self.const_bits(Type::U64, x)
    }
    /// An `f16` constant, rounded to nearest even from `x`.
    pub fn const_f16(&mut self, x: f32) -> BResult<Value> {
        self.const_bits(Type::F16, f64_to_f16(x as f64) as u64)
    }
    pub fn const_f32(&mut self, x: f32) -> BResult<Value> {
        self.const_bits(Type::F32, x.to_bits() as u64)
    }
    pub fn const_f64(&mut self, x: f64) -> BResult<Value> {
        self.const_bits(Type::F64, x.to_bits())
    }

    pub fn unary(&mut self, op: UnOp, arg: Value) -> BResult<Value> {
        self.op1(Op::Unary { op, arg })
    }
    pub fn binary(&mut self, op: BinOp, lhs: Value, rhs: Value) -> BResult<Value> {
        self.op1(Op::Binary { op, lhs, rhs })
    }
    pub fn add(&mut self, a: Value, b: Value) -> BResult<Value> {
        self.binary(BinOp::Add, a, b)
    }
    pub fn sub(&mut self, a: Value, b: Value) -> BResult<Value> {
        self.binary(BinOp::Sub, a, b)
    }
    pub fn mul(&mut self, a: Value, b: Value) -> BResult<Value> {
        self.binary(BinOp::Mul, a, b)
    }
    pub fn div(&mut self, a: Value, b: Value) -> BResult<Value> {
        self.binary(BinOp::Div, a, b)
    }
    pub fn rem(&mut self, a: Value, b: Value) -> BResult<Value> {
        self.binary(BinOp::Rem, a, b)
    }
    pub fn min(&mut self, a: Value, b: Value) -> BResult<Value> {
        self.binary(BinOp::Min, a, b)
    }
    pub fn max(&mut self, a: Value, b: Value) -> BResult<Value> {
        self.binary(BinOp::Max, a, b)
    }
    pub fn and(&mut self, a: Value, b: Value) -> BResult<Value> {
        self.binary(BinOp::And, a, b)
    }
    pub fn or(&mut self, a: Value, b: Value) -> BResult<Value> {
        self.binary(BinOp::Or, a, b)
    }
    pub fn xor(&mut self, a: Value, b: Value) -> BResult<Value> {
        self.binary(BinOp::Xor, a, b)
    }
    pub fn shl(&mut self, a: Value, b: Value) -> BResult<Value> {
        self.binary(BinOp::Shl, a, b)
    }
    pub fn shr(&mut self, a: Value, b: Value) -> BResult<Value> {
        self.binary(BinOp::Shr, a, b)
    }
    pub fn fma(&mut self, a: Value, b: Value, c: Value) -> BResult<Value> {
        self.op1(Op::Fma { a, b, c })
    }
    pub fn cmp(&mut self, pred: CmpPred, lhs: Value, rhs: Value) -> BResult<Value> {
        self.op1(Op::Cmp { pred, lhs, rhs })
    }
    pub fn select(&mut self, cond: Value, if_true: Value, if_false: Value) -> BResult<Value> {
        self.op1(Op::Select {
            cond,
            if_true,
            if_false,
        })
    }
    pub fn cvt(&mut self, arg: Value, to: Type) -> BResult<Value> {
        self.op1(Op::Cvt { arg, to })
    }
    pub fn bitcast(&mut self, arg: Value, to: Type) -> BResult<Value> {
        self.op1(Op::Bitcast { arg, to })
    }
    pub fn ptr_add(&mut self, ptr: Value, offset: Value) -> BResult<Value> {
        self.op1(Op::PtrAdd { ptr, offset })
    }
    pub fn load(&mut self, ptr: Value, ty: Type, align: u32) -> BResult<Value> {
        self.op1(Op::Load { ptr, ty, align })
    }
    pub fn store(&mut self, ptr: Value, value: Value, align: u32) -> BResult<()> {
        self.op0(Op::Store { ptr, value, align })
    }
    pub fn atomic(&mut self, op: AtomicOp, ptr: Value, value: Value) -> BResult<Value> {
        self.op1(Op::Atomic { op, ptr, value })
    }
    pub fn cmpxchg(&mut self, ptr: Value, expected: Value, new: Value) -> BResult<Value> {
        self.op1(Op::CmpXchg { ptr, expected, new })
    }
    pub fn barrier(&mut self) -> BResult<()> {
        self.op0(Op::Barrier)
    }
    /// The all-zero vector of type `ty` (`<N x T>`).
    pub fn vec_zero(&mut self, ty: Type) -> BResult<Value> {
        self.op1(Op::Const { ty, bits: 0 })
    }
    /// A vector of type `ty` from its elements in order.
    pub fn vec_build(&mut self, elems: &[Value], ty: Type) -> BResult<Value> {
        self.op1(Op::VecBuild {
            elems: elems.to_vec(),
            ty,
        })
    }
    /// Element `index` of vector `vec`.
    pub fn extract(&mut self, vec: Value, index: u8) -> BResult<Value> {
        self.op1(Op::Extract { vec, index })
    }
    /// `vec` with element `index` replaced by `value`.
    pub fn insert(&mut self, vec: Value, value: Value, index: u8) -> BResult<Value> {
        self.op1(Op::Insert { vec, value, index })
    }
    /// The wave matrix operation `op`: `a * b + c` with this lane's parts
    /// of A, B and C (see [`crate::matrix`] for the lane layouts).
    pub fn matrix(&mut self, op: MatrixOp, a: Value, b: Value, c: Value) -> BResult<Value> {
        self.op1(Op::Matrix { op, a, b, c })
    }
    pub fn geometry(&mut self, query: Geometry, dim: Dim) -> BResult<Value> {
        self.op1(Op::Geometry { query, dim })
    }
    pub fn workitem_id(&mut self, dim: Dim) -> BResult<Value> {
        self.geometry(Geometry::WorkItemId, dim)
    }
    pub fn workgroup_id(&mut self, dim: Dim) -> BResult<Value> {
        self.geometry(Geometry::WorkGroupId, dim)
    }
    pub fn workgroup_size(&mut self, dim: Dim) -> BResult<Value> {
        self.geometry(Geometry::WorkGroupSize, dim)
    }
    pub fn grid_size(&mut self, dim: Dim) -> BResult<Value> {
        self.geometry(Geometry::GridSize, dim)
    }
    /// `workgroup.id * workgroup.size + workitem.id` as `u32`.
    pub fn global_id(&mut self, dim: Dim) -> BResult<Value> {
        let g = self.workgroup_id(dim)?;
        let s = self.workgroup_size(dim)?;
        let l = self.workitem_id(dim)?;
        let gs = self.mul(g, s)?;
        self.add(gs, l)
    }
    /// `base + index * elem_bytes`, with `index` of any integer type
    /// (extended by its signedness to 64 bits for global/constant pointers).
    pub fn element_addr(&mut self, base: Value, index: Value, elem_bytes: u32) -> BResult<Value> {
        let pt = self.value_type(base)?;
        let it = self.value_type(index)?;
        let wide = if pt.bits() == 64 {
            if it.is_signed_int() {
                Type::I64
            } else {
                Type::U64
            }
        } else if it.is_signed_int() {
            Type::I32
        } else {
            Type::U32
        };
        let idx = if it == wide {
            index
        } else {
            self.cvt(index, wide)?
        };
        let size = self.const_bits(wide, elem_bytes as u64)?;
        let off = self.mul(idx, size)?;
        self.ptr_add(base, off)
    }
    pub fn lds_alloc(&mut self, size: u32, align: u32) -> BResult<Value> {
        self.op1(Op::LdsAlloc { size, align })
    }

    /// A direct call; `results` must match the callee's result types (the
    /// module verifier checks the whole signature).
    pub fn call(&mut self, callee: &str, args: &[Value], results: &[Type]) -> BResult<Vec<Value>> {
        self.check_values(args)?;
        if !is_valid_name(callee) {
            return self.err(format!("`{callee}` is not a valid function name"));
        }
        if self.is_terminated() {
            return self.err("cannot add `call` after the block's terminator");
        }
        let rs: Vec<Value> = results.iter().map(|&t| self.new_value(t)).collect();
        self.push_inst(Inst {
            results: rs.clone(),
            op: Op::Call {
                callee: callee.to_string(),
                args: args.to_vec(),
            },
        })?;
        Ok(rs)
    }

    fn region<R>(&mut self, fill: impl FnOnce(&mut Self) -> BResult<R>) -> BResult<(R, Vec<Inst>)> {
        self.blocks.push(vec![]);
        let r = fill(self);
        let b = self.blocks.pop().unwrap_or_default();
        Ok((r?, b))
    }

    /// `if cond { then }` with no results.
    pub fn if_then(
        &mut self,
        cond: Value,
        then: impl FnOnce(&mut Self) -> BResult<()>,
    ) -> BResult<()> {
        self.if_else(cond, &[], |f| then(f).map(|_| vec![]), |_| Ok(vec![]))
            .map(|_| ())
    }

    /// `if cond { then } else { els }` yielding `results`. Each closure
    /// returns the values to yield, or ends its block with a terminator
    /// and returns no values.
    pub fn if_else(
        &mut self,
        cond: Value,
        results: &[Type],
        then: impl FnOnce(&mut Self) -> BResult<Vec<Value>>,
        els: impl FnOnce(&mut Self) -> BResult<Vec<Value>>,
    ) -> BResult<Vec<Value>> {
        self.check_values(&[cond])?;
        if self.is_terminated() {
            return self.err("cannot add `if` after the block's terminator");
        }
        let (tv, mut tb) = self.region(then)?;
        self.close_arm(&mut tb, tv, results, "then")?;
        let (ev, mut eb) = self.region(els)?;
        self.close_arm(&mut eb, ev, results, "else")?;
        let rs: Vec<Value> = results.iter().map(|&t| self.new_value(t)).collect();
        self.push_inst(Inst {
            results: rs.clone(),
            op: Op::If {
                cond,
                then_blk: Block { insts: tb },
                else_blk: Block { insts: eb },
            },
        })?;
        Ok(rs)
    }

    fn close_arm(
        &self,
        b: &mut Vec<Inst>,
        vals: Vec<Value>,
        results: &[Type],
        arm: &str,
    ) -> BResult<()> {
        let terminated = b.last().is_some_and(|i| i.op.is_terminator());
        if terminated {
            if !vals.is_empty() {
                return self.err(format!(
                    "the {arm} arm ends with a terminator but also returns values to yield"
                ));
            }
            return Ok(());
        }
        if vals.len() != results.len() {
            return self.err(format!(
                "the {arm} arm yields {} value(s) but the `if` has {} result(s)",
                vals.len(),
                results.len()
            ));
        }
        for (&v, &t) in vals.iter().zip(results) {
            let vt = self.value_type(v)?;
            if vt != t {
                return self.err(format!(
                    "the {arm} arm yields a {vt} where the `if` result is {t}"
                ));
            }
        }
        b.push(Inst {
            results: vec![],
            op: Op::Yield(vals),
        });
        Ok(())
    }

    /// A loop carrying values initialised from `inits`. The closure gets
    /// the carried values and must end the body with `continue_`, `break_`
    /// or `ret`. Returns the loop's results (given by `break_`).
    pub fn loop_(
        &mut self,
        inits: &[Value],
        results: &[Type],
        body: impl FnOnce(&mut Self, &[Value]) -> BResult<()>,
    ) -> BResult<Vec<Value>> {
        self.check_values(inits)?;
        if self.is_terminated() {
            return self.err("cannot add `loop` after the block's terminator");
        }
        let mut params = vec![];
        for &i in inits {
            let t = self.value_type(i)?;
            params.push(self.new_value(t));
        }
        let ps = params.clone();
        let ((), b) = self.region(|f| body(f, &ps))?;
        if !b.last().is_some_and(|i| i.op.is_terminator()) {
            return self.err("a loop body must end with `continue`, `break` or `ret`");
        }
        let rs: Vec<Value> = results.iter().map(|&t| self.new_value(t)).collect();
        self.push_inst(Inst {
            results: rs.clone(),
            op: Op::Loop {
                inits: inits.to_vec(),
                params,
                body: Block { insts: b },
            },
        })?;
        Ok(rs)
    }

    fn term(&mut self, op: Op) -> BResult<()> {
        self.check_values(&op.operands())?;
        self.push_inst(Inst {
            results: vec![],
            op,
        })
    }
    /// `break` out of the innermost loop with its results.
    pub fn break_(&mut self, values: &[Value]) -> BResult<()> {
        self.term(Op::Break(values.to_vec()))
    }
    /// `continue` the innermost loop with new carried values.
    pub fn continue_(&mut self, values: &[Value]) -> BResult<()> {
        self.term(Op::Continue(values.to_vec()))
    }
    /// Return from the function.
    pub fn ret(&mut self, values: &[Value]) -> BResult<()> {
        self.term(Op::Return(values.to_vec()))
    }

    /// Finish: adds the implied `ret` for functions without results and
    /// numbers values canonically. Verify the containing module next.
    pub fn finish(mut self) -> BResult<Function> {
        if self.blocks.len() != 1 {
            return self.err("internal: unbalanced regions");
        }
        if !self.is_terminated() {
            if self.results.is_empty() {
                self.term(Op::Return(vec![]))?;
            } else {
                return self.err("the function body must end with `ret` of its results");
            }
        }
        if !is_valid_name(&self.name) {
            return self.err(format!("`{}` is not a valid function name", self.name));
        }
        let body = self.blocks.pop().unwrap_or_default();
        let mut f = Function {
            name: self.name,
            kind: self.kind,
            params: self.params,
            results: self.results,
            values: self.values,
            body: Block { insts: body },
        };
        f.canonicalize();
        Ok(f)
    }
}

impl Module {
    /// Append a function; names must be unique.
    pub fn add_function(&mut self, f: Function) -> Result<(), BuildError> {
        if self.function(&f.name).is_some() {
            return Err(BuildError {
                function: f.name.clone(),
                message: "a function with this name is already in the module".into(),
            });
        }
        self.functions.push(f);
        Ok(())
    }
}
