//! The standalone AMDGPU source-kernel path (spec: `backend-amdgpu.md`,
//! "The first public build path"): a kernel is an ordered list of
//! [`KernelOp`]s over physical registers and `u64` kernel parameters; this
//! module lowers it to instructions, appends `s_endpgm`, counts registers,
//! encodes, and describes the kernel's descriptor and metadata.
//!
//! The passes, in the order [`compile`] runs them:
//! 1. [`select::select`] — each op to its instruction(s) on the processor,
//!    including the kernarg loads and global-X address arithmetic of the
//!    two `std::gpu::device` operations, then `s_endpgm`;
//! 2. [`hazards::insert_nops`] — wait states the hardware does not interlock;
//! 3. [`registers::count`] — the highest SGPR/VGPR/AGPR referenced;
//! 4. encoding (`silk_amdgpu::isa::encode`);
//! 5. [`abi::kernel_config`] / [`abi::kernel_metadata`] — descriptor
//!    settings and `amdhsa.kernels` entry.
//!
//! Raw source intrinsics are literal physical-register work: no waits or
//! hazard NOPs are added between them beyond what the rules in
//! [`hazards`] cover; the kernel author owns their ordering.

pub mod abi;
pub mod hazards;
pub mod registers;
pub mod select;

use crate::{CodegenError, Result};
use silk_amdgpu::code_object::{CodeObject, KernelConfig, KernelMetadata};
use silk_amdgpu::isa::{self, Inst};
use silk_amdgpu::Target;

pub use registers::RegisterUsage;

/// Most `u64` parameters a source kernel may declare.
pub const MAX_PARAMS: usize = 32;

/// One operation of a source kernel, in source order. Register operands are
/// physical register numbers; `*_pair`/`acc_*` operands name the first
/// register of an aligned tuple.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KernelOp {
    /// `s_add_i32 s[dst], s[src0], s[src1]`
    SAddI32 { dst: u8, src0: u8, src1: u8 },
    /// `s_mov_b64 s[dst:dst+1], s[src:src+1]`
    SMovB64 { dst: u8, src: u8 },
    /// `s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)`
    WaitVmExpLgkm0,
    /// `s_waitcnt_vscnt null, 0` (GFX11 only)
    WaitVscnt0,
    /// `v_add_f32 v[dst], v[src0], v[src1]`
    VAddF32 { dst: u8, src0: u8, src1: u8 },
    /// `v_mul_f32 v[dst], v[src0], v[src1]`
    VMulF32 { dst: u8, src0: u8, src1: u8 },
    /// `v_fma_f32 v[dst], v[src0], v[src1], v[src2]`
    VFmaF32 {
        dst: u8,
        src0: u8,
        src1: u8,
        src2: u8,
    },
    /// `global_load_dword v[dst], v[addr:addr+1], off`
    GlobalLoadDword { dst: u8, addr: u8 },
    /// `global_store_dword v[addr:addr+1], v[data], off`
    GlobalStoreDword { addr: u8, data: u8 },
    /// `ds_write_b32 v[addr], v[data] offset:offset`
    DsWriteB32 { addr: u8, data: u8, offset: u16 },
    /// `ds_read_b32 v[dst], v[addr] offset:offset`
    DsReadB32 { dst: u8, addr: u8, offset: u16 },
    /// `v_mfma_f32_16x16x16_f16 acc[dst:+3], v[a:+1], v[b:+1], acc[src:+3]` (gfx942 only)
    Mfma16x16x16F16 {
        acc_dst: u8,
        src_a: u8,
        src_b: u8,
        acc_src: u8,
    },
    /// `std::gpu::device::store_u32_at_global_x(base, value)` on kernel parameters.
    StoreU32AtGlobalX {
        base_param_index: u8,
        value_param_index: u8,
    },
    /// `std::gpu::device::classify_u32_at_global_x(input, output, threshold)`.
    ClassifyU32AtGlobalX {
        input_param_index: u8,
        output_param_index: u8,
        threshold_param_index: u8,
    },
}

impl KernelOp {
    /// Whether the op uses LDS (the kernel then reserves 16 KiB of group segment).
    pub fn uses_lds(&self) -> bool {
        matches!(
            self,
            KernelOp::DsWriteB32 { .. } | KernelOp::DsReadB32 { .. }
        )
    }

    /// The source-level name of the operation (for messages).
    pub fn name(&self) -> &'static str {
        match self {
            KernelOp::SAddI32 { .. } => "s_add_i32",
            KernelOp::SMovB64 { .. } => "s_mov_b64",
            KernelOp::WaitVmExpLgkm0 => "s_waitcnt_vmcnt0_expcnt0_lgkmcnt0",
            KernelOp::WaitVscnt0 => "s_waitcnt_vscnt0",
            KernelOp::VAddF32 { .. } => "v_add_f32",
            KernelOp::VMulF32 { .. } => "v_mul_f32",
            KernelOp::VFmaF32 { .. } => "v_fma_f32",
            KernelOp::GlobalLoadDword { .. } => "global_load_dword",
            KernelOp::GlobalStoreDword { .. } => "global_store_dword",
            KernelOp::DsWriteB32 { .. } => "ds_write_b32",
            KernelOp::DsReadB32 { .. } => "ds_read_b32",
            KernelOp::Mfma16x16x16F16 { .. } => "mfma_f32_16x16x16_f16",
            KernelOp::StoreU32AtGlobalX { .. } => "store_u32_at_global_x",
            KernelOp::ClassifyU32AtGlobalX { .. } => "classify_u32_at_global_x",
        }
    }
}

/// What [`compile`] needs to know about a source kernel.
#[derive(Clone, Copy, Debug)]
pub struct KernelSource<'a> {
    /// The kernel symbol; the descriptor is `<name>.kd`.
    pub name: &'a str,
    /// Parameter names in declaration order; each is a `u64` kernarg at
    /// offset `8 * index`.
    pub params: &'a [String],
    pub ops: &'a [KernelOp],
}

impl KernelSource<'_> {
    pub fn uses_lds(&self) -> bool {
        self.ops.iter().any(KernelOp::uses_lds)
    }
}

/// An instruction and the index of the [`KernelOp`] it was lowered from
/// (`None` for instructions the backend adds on its own, like `s_endpgm`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lowered {
    pub inst: Inst,
    pub origin: Option<usize>,
}

/// A compiled kernel: its instructions, machine code and ABI.
#[derive(Clone, Debug, PartialEq)]
pub struct CompiledKernel {
    pub target: Target,
    pub name: String,
    pub insts: Vec<Lowered>,
    pub code: Vec<u8>,
    pub usage: RegisterUsage,
    pub config: KernelConfig,
    pub metadata: KernelMetadata,
}

impl CompiledKernel {
    /// The instructions as LLVM would print them, one per line.
    pub fn listing(&self) -> String {
        let mut out = String::new();
        for l in &self.insts {
            out.push_str(&isa::print::to_text(self.target.processor, &l.inst));
            out.push('\n');
        }
        out
    }

    /// A code object holding this one kernel.
    pub fn code_object(&self) -> CodeObject {
        let mut obj = CodeObject::new(self.target);
        obj.push_kernel(
            &self.name,
            self.code.clone(),
            self.config.clone(),
            self.metadata.clone(),
        );
        obj
    }

    /// The `.hsaco` bytes.
    pub fn to_bytes(&self) -> Result<Vec<u8>> {
        Ok(self.code_object().to_bytes()?)
    }
}

/// Compile a source kernel for `target`: the pass pipeline of this module.
pub fn compile(target: &Target, kernel: &KernelSource) -> Result<CompiledKernel> {
    if kernel.params.len() > MAX_PARAMS {
        return Err(CodegenError::TooManyParameters {
            kernel: kernel.name.to_string(),
            count: kernel.params.len(),
            max: MAX_PARAMS,
        });
    }
    let processor = target.processor;
    let mut insts = select::select(target, kernel)?;
    hazards::insert_nops(processor, &mut insts)?;
    let usage = registers::count(processor, &insts);
    let mut words = Vec::with_capacity(insts.len() * 2);
    isa::encode_all(processor, insts.iter().map(|l| &l.inst), &mut words).map_err(|e| {
        let l = &insts[e.index];
        CodegenError::Encode {
            op_index: l.origin,
            text: isa::print::to_text(processor, &l.inst),
            processor,
            source: e.source,
        }
    })?;
    let code: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let config = abi::kernel_config(target, kernel, &usage, code.len());
    let metadata = abi::kernel_metadata(target, kernel, &usage);
    Ok(CompiledKernel {
        target: *target,
        name: kernel.name.to_string(),
        insts,
        code,
        usage,
        config,
        metadata,
    })
}
