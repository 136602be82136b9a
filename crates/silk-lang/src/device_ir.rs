//! A source kernel as device IR (`silk-gpu-ir`), the one input of the code
//! generator. Source intrinsics become precoloured [`Op::Amdgpu`]
//! operations; the `std::gpu::device` compatibility operations become
//! ordinary IR over the kernel's `u64` parameters:
//!
//! ```text
//! store_u32_at_global_x(base, value):
//!     i = global_id x;  p = ptr(base) + zext(i) * 4;  store_u32 p, trunc(value)
//! classify_u32_at_global_x(input, output, threshold):
//!     i = global_id x;  x = load_u32 ptr(input) + zext(i) * 4
//!     store_u32 ptr(output) + zext(i) * 4, (x >= trunc(threshold)) ? 1 : 0
//! ```
//!
//! (the comparison is unsigned, on the low 32 bits of `threshold`).

use crate::amdgpu::{KernelOp, SourceKernel};
use silk_gpu_ir::{AddrSpace, BuildError, CmpPred, Dim, FunctionBuilder, Module, Op, Type, Value};

impl SourceKernel {
    /// The kernel as a device-IR module holding one kernel.
    pub fn to_module(&self) -> Result<Module, BuildError> {
        let mut b = FunctionBuilder::kernel(&self.name);
        let mut params = Vec::with_capacity(self.params.len());
        for name in &self.params {
            params.push(b.param(name, Type::U64)?);
        }
        let param = |i: u8| {
            params.get(i as usize).copied().ok_or_else(|| BuildError {
                function: self.name.clone(),
                message: format!(
                    "operation reads parameter {i}, but the kernel has {}",
                    params.len()
                ),
            })
        };
        let global = Type::Ptr(AddrSpace::Global);
        // `ptr(base) + offset`, the byte offset of element `global_id x`
        // computed once per operation.
        let element = |b: &mut FunctionBuilder, base: Value, offset: Value| {
            let p = b.cvt(base, global)?;
            b.ptr_add(p, offset)
        };
        let offset = |b: &mut FunctionBuilder| {
            let i = b.global_id(Dim::X)?;
            let i = b.cvt(i, Type::U64)?;
            let four = b.const_u64(4)?;
            b.mul(i, four)
        };
        for op in &self.ops {
            match *op {
                KernelOp::Machine(m) => {
                    b.op(Op::Amdgpu(m))?;
                }
                KernelOp::StoreU32AtGlobalX {
                    base_param_index,
                    value_param_index,
                } => {
                    let (base, value) = (param(base_param_index)?, param(value_param_index)?);
                    let i = offset(&mut b)?;
                    let p = element(&mut b, base, i)?;
                    let v = b.cvt(value, Type::U32)?;
                    b.store(p, v, 4)?;
                }
                KernelOp::ClassifyU32AtGlobalX {
                    input_param_index,
                    output_param_index,
                    threshold_param_index,
                } => {
                    let input = param(input_param_index)?;
                    let output = param(output_param_index)?;
                    let threshold = param(threshold_param_index)?;
                    let i = offset(&mut b)?;
                    let src = element(&mut b, input, i)?;
                    let x = b.load(src, Type::U32, 4)?;
                    let t = b.cvt(threshold, Type::U32)?;
                    let ge = b.cmp(CmpPred::Ge, x, t)?;
                    let one = b.const_u32(1)?;
                    let zero = b.const_u32(0)?;
                    let label = b.select(ge, one, zero)?;
                    let dst = element(&mut b, output, i)?;
                    b.store(dst, label, 4)?;
                }
            }
        }
        b.ret(&[])?;
        let mut m = Module::new();
        m.add_function(b.finish()?)?;
        Ok(m)
    }
}
