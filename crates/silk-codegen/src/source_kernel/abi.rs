//! The kernel ABI of source kernels (spec `backend-amdgpu.md`, "Descriptor
//! resource bits" and the metadata list): descriptor settings, the
//! registers the hardware initialises, and the `amdhsa.kernels` entry.
//!
//! Every processor uses the Code Object V6 implicit-kernarg convention: the
//! explicit `u64` parameters at 0, 8, ... and then the 256-byte hidden
//! block; user SGPRs for the dispatch pointer, queue pointer, kernarg
//! pointer and dispatch id (8 SGPRs: `s[0:1]`, `s[2:3]`, `s[4:5]`,
//! `s[6:7]`), workgroup ids X/Y/Z in the next system SGPRs (`s8..s10`), and
//! work-item ids X/Y/Z in `v0` (AMDGPUUsage "Initial Kernel Execution
//! State"; packed into one VGPR on gfx942 and GFX11).

use super::{KernelSource, RegisterUsage};
use silk_amdgpu::code_object::config::is_gfx90a_class;
use silk_amdgpu::code_object::{
    HiddenArg, KernArgLayout, KernelArg, KernelConfig, KernelMetadata, ValueKind,
};
use silk_amdgpu::{Generation, Processor, Target};

/// First SGPR of the kernarg segment pointer (after the dispatch and
/// queue pointers).
pub const KERNARG_PTR_SGPR: u16 = 4;
/// User SGPRs the descriptor enables.
pub const USER_SGPRS: u32 = 8;
/// System SGPRs after them: workgroup ids X, Y, Z.
pub const SYSTEM_SGPRS: u32 = 3;
/// The workgroup id X system SGPR (the first after the user SGPRs).
pub const WORKGROUP_ID_X_SGPR: u16 = USER_SGPRS as u16;
/// The VGPR holding the packed work-item ids.
pub const WORKITEM_ID_VGPR: u16 = 0;
/// First SGPR the device operations use for scratch (even, after the
/// initialised SGPRs).
pub const SCRATCH_SGPR0: u16 = 12;
/// First VGPR the device operations use for scratch.
pub const SCRATCH_VGPR0: u16 = 1;
/// Group segment reserved when LDS instructions are emitted.
pub const LDS_BYTES: u32 = 16 * 1024;

/// The hidden arguments after the explicit ones, as the ROCR Code Object
/// V6 loader expects them (spec: block count, group size, remainder,
/// global offset, grid dims, hostcall buffer, multigrid sync, heap,
/// default queue, completion action, queue pointer).
pub const HIDDEN_ARGS: [HiddenArg; 19] = [
    HiddenArg::BlockCountX,
    HiddenArg::BlockCountY,
    HiddenArg::BlockCountZ,
    HiddenArg::GroupSizeX,
    HiddenArg::GroupSizeY,
    HiddenArg::GroupSizeZ,
    HiddenArg::RemainderX,
    HiddenArg::RemainderY,
    HiddenArg::RemainderZ,
    HiddenArg::GlobalOffsetX,
    HiddenArg::GlobalOffsetY,
    HiddenArg::GlobalOffsetZ,
    HiddenArg::GridDims,
    HiddenArg::HostcallBuffer,
    HiddenArg::MultigridSyncArg,
    HiddenArg::HeapV1,
    HiddenArg::DefaultQueue,
    HiddenArg::CompletionAction,
    HiddenArg::QueuePtr,
];

/// Size of the hidden kernarg block.
const HIDDEN_BLOCK: u32 = 256;

/// The spec's `.sgpr_count` minimum: the Code Object V6 hidden dispatch
/// SGPR setup ROCm 7.2.4 emits (40 on gfx942, 34 on GFX11).
pub fn min_sgpr_count(processor: Processor) -> u32 {
    match processor.generation() {
        Generation::Gfx9 => 40,
        Generation::Gfx11 => 34,
    }
}

/// Offset of the hidden block (the next 8-byte boundary after the
/// explicit arguments).
pub fn hidden_base(kernel: &KernelSource) -> u32 {
    (8 * kernel.params.len() as u32).next_multiple_of(8)
}

/// Kernarg offset of `hidden_group_size_x` (a u16; the dword there also
/// holds `hidden_group_size_y`).
pub fn group_size_x_offset(kernel: &KernelSource) -> u32 {
    hidden_base(kernel) + HiddenArg::GroupSizeX.placement().0 as u32
}

/// `.kernarg_segment_size`: explicit arguments plus the hidden block.
pub fn kernarg_size(kernel: &KernelSource) -> u32 {
    hidden_base(kernel) + HIDDEN_BLOCK
}

/// `.group_segment_fixed_size`: 16 KiB when LDS instructions are emitted.
pub fn group_segment_size(kernel: &KernelSource) -> u32 {
    if kernel.uses_lds() {
        LDS_BYTES
    } else {
        0
    }
}

/// `.sgpr_count`: the SGPRs referenced (at least those the hardware
/// initialises) plus the extra SGPRs the processor reserves (VCC, flat
/// scratch, XNACK mask), raised to [`min_sgpr_count`].
fn sgpr_count(target: &Target, config: &KernelConfig, usage: &RegisterUsage) -> u32 {
    let used = usage.sgprs.max(USER_SGPRS + SYSTEM_SGPRS);
    (used + config.extra_sgprs(target.processor)).max(min_sgpr_count(target.processor))
}

/// First AGPR in gfx942's unified register file: the architected VGPRs
/// rounded up to 4 (at least 4).
fn accum_offset(usage: &RegisterUsage) -> u32 {
    usage.vgprs.max(1).next_multiple_of(4).min(256)
}

/// The descriptor settings of a source kernel.
pub fn kernel_config(
    target: &Target,
    kernel: &KernelSource,
    usage: &RegisterUsage,
    code_len: usize,
) -> KernelConfig {
    let mut c = KernelConfig::compiler_defaults(target, kernarg_size(kernel));
    c.group_segment_fixed_size = group_segment_size(kernel);
    c.user_sgpr_dispatch_ptr = true;
    c.user_sgpr_queue_ptr = true;
    c.user_sgpr_kernarg_segment_ptr = true;
    c.user_sgpr_dispatch_id = true;
    c.system_sgpr_workgroup_id_x = true;
    c.system_sgpr_workgroup_id_y = true;
    c.system_sgpr_workgroup_id_z = true;
    c.system_vgpr_workitem_id = 2;
    let sgprs = sgpr_count(target, &c, usage);
    c.next_free_sgpr = sgprs - c.extra_sgprs(target.processor);
    if is_gfx90a_class(target.processor) {
        c.accum_offset = accum_offset(usage);
        c.next_free_vgpr = if usage.agprs > 0 {
            c.accum_offset + usage.agprs
        } else {
            usage.vgprs
        };
    } else {
        c.next_free_vgpr = usage.vgprs;
    }
    c.inst_pref_size = KernelConfig::inst_pref_size_for(target, code_len);
    c
}

/// The `amdhsa.kernels` entry of a source kernel.
pub fn kernel_metadata(
    target: &Target,
    kernel: &KernelSource,
    usage: &RegisterUsage,
) -> KernelMetadata {
    let mut layout = KernArgLayout::new();
    for name in kernel.params {
        let mut arg = KernelArg::new(ValueKind::ByValue, 0, 8);
        arg.name = Some(name.clone());
        layout.push(arg, 8);
    }
    let (args, size, align) = layout.finish(&HIDDEN_ARGS);
    let mut m = KernelMetadata::hip(target, kernel.name, args, size, align);
    let config = KernelConfig::compiler_defaults(target, 0);
    m.group_segment_fixed_size = group_segment_size(kernel) as u64;
    m.sgpr_count = sgpr_count(target, &config, usage) as u64;
    m.vgpr_count = usage.vgprs as u64;
    if is_gfx90a_class(target.processor) {
        m.agpr_count = Some(usage.agprs as u64);
    }
    m.workgroup_processor_mode = Some(u64::from(target.info().wgp_mode_default == Some(true)));
    m
}
