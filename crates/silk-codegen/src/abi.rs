//! The kernel ABI: kernarg layout of the IR parameters, the registers the
//! hardware initialises at entry, the `KernelConfig` (register counts,
//! LDS, user/system SGPRs, work-item id VGPRs) and the metadata derived
//! from the compiled result.
//!
//! Two entry conventions ([`EntryAbi`]):
//! - [`EntryAbi::Minimal`] (IR kernels): only what the kernel reads — the
//!   dispatch packet pointer in `s[0:1]` when it reads the grid size (the
//!   packet's `grid_size_*`, as clang reads it), the kernarg pointer next
//!   when there are arguments, the workgroup ids it queries in the next
//!   SGPRs, the hidden arguments it reads.
//! - [`EntryAbi::Dispatch`] (Silk source kernels, whose precoloured
//!   intrinsics name registers literally): every kernel gets the Code
//!   Object V6 implicit-kernarg convention — explicit parameters at 0, 8,
//!   ..., then the whole 256-byte hidden block; user SGPRs for the
//!   dispatch pointer, queue pointer, kernarg pointer and dispatch id
//!   (`s[0:1]`, `s[2:3]`, `s[4:5]`, `s[6:7]`), workgroup ids X/Y/Z in
//!   `s8..s10`, packed work-item ids in `v0` (AMDGPUUsage "Initial Kernel
//!   Execution State"); `.sgpr_count` raised to the floor ROCm 7.2.4's
//!   hidden dispatch setup implies (40 on gfx942, 34 on GFX11).

use crate::isel::Needs;
use crate::Error;
use silk_amdgpu::code_object::config::is_gfx90a_class;
use silk_amdgpu::code_object::{
    AddressSpace, HiddenArg, KernArgLayout, KernelArg, KernelConfig, KernelMetadata, ValueKind,
};
use silk_amdgpu::target::{Generation, Processor, Target};
use silk_gpu_ir::{AddrSpace, Function, Type};

/// The kernel entry convention (see the module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EntryAbi {
    #[default]
    Minimal,
    Dispatch,
}

/// [`EntryAbi::Dispatch`]: first SGPR of the kernarg segment pointer
/// (after the dispatch and queue pointers).
pub const DISPATCH_KERNARG_SGPR: u16 = 4;
/// [`EntryAbi::Dispatch`]: user SGPRs the descriptor enables.
pub const DISPATCH_USER_SGPRS: u32 = 8;
/// [`EntryAbi::Dispatch`]: system SGPRs after them (workgroup ids X, Y, Z).
pub const DISPATCH_SYSTEM_SGPRS: u32 = 3;
/// Group segment the LDS helpers (the `ds_*` source intrinsics, which
/// address LDS from offset 0) reserve.
pub const LDS_HELPER_BYTES: u32 = 16 * 1024;

/// The hidden arguments of [`EntryAbi::Dispatch`], as the ROCR Code
/// Object V6 loader expects them (block count, group size, remainder,
/// global offset, grid dims, hostcall buffer, multigrid sync, heap,
/// default queue, completion action, queue pointer).
pub const DISPATCH_HIDDEN_ARGS: [HiddenArg; 19] = [
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

/// The `.sgpr_count` floor of [`EntryAbi::Dispatch`]: the Code Object V6
/// hidden dispatch SGPR setup ROCm 7.2.4 emits.
pub fn dispatch_min_sgpr_count(processor: Processor) -> u32 {
    match processor.generation() {
        Generation::Gfx9 => 40,
        Generation::Gfx11 => 34,
    }
}

/// Where each parameter lives in the kernarg segment.
#[derive(Clone, Debug)]
pub struct ArgLayout {
    pub abi: EntryAbi,
    pub offsets: Vec<u32>,
    /// Explicit arguments' end.
    pub kernarg_size: u32,
    /// Start of the hidden-argument block (8-aligned after the explicit ones).
    pub hidden_base: u32,
    layout: KernArgLayout,
}

/// SGPR indices the entry registers occupy under an ABI.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EntryRegs {
    /// The dispatch packet pointer (a pair), if enabled.
    pub dispatch: Option<u16>,
    /// The kernarg segment pointer (a pair), if enabled.
    pub kernarg: Option<u16>,
    /// Workgroup ids X, Y, Z, if enabled.
    pub workgroup_id: [Option<u16>; 3],
    /// Highest work-item id dimension the hardware sets up in `v0`.
    pub workitem_id_max: u32,
}

impl ArgLayout {
    /// The entry registers: under [`EntryAbi::Dispatch`] all of them at
    /// their fixed places; under [`EntryAbi::Minimal`] the dispatch
    /// pointer if `dispatch`, the kernarg pointer if `kernarg`, then the
    /// workgroup ids in `wg` (the user SGPR order of AMDGPUUsage).
    pub fn entry_regs(
        &self,
        dispatch: bool,
        kernarg: bool,
        wg: [bool; 3],
        workitem_id_max: u32,
    ) -> EntryRegs {
        match self.abi {
            EntryAbi::Dispatch => {
                let wg0 = DISPATCH_USER_SGPRS as u16;
                EntryRegs {
                    dispatch: Some(0),
                    kernarg: Some(DISPATCH_KERNARG_SGPR),
                    workgroup_id: [Some(wg0), Some(wg0 + 1), Some(wg0 + 2)],
                    workitem_id_max: 2,
                }
            }
            EntryAbi::Minimal => {
                let mut next = 0u16;
                let mut pair = |on: bool| {
                    on.then(|| {
                        next += 2;
                        next - 2
                    })
                };
                let dispatch = pair(dispatch);
                let kernarg = pair(kernarg);
                let mut workgroup_id = [None; 3];
                for d in 0..3 {
                    if wg[d] {
                        workgroup_id[d] = Some(next);
                        next += 1;
                    }
                }
                EntryRegs {
                    dispatch,
                    kernarg,
                    workgroup_id,
                    workitem_id_max,
                }
            }
        }
    }
}

pub fn arg_layout(f: &Function, abi: EntryAbi) -> Result<ArgLayout, Error> {
    let mut layout = KernArgLayout::new();
    for &p in &f.params {
        let t = f.values[p.index()].ty;
        match t {
            Type::Bool => return Err(Error::unsupported_on("kernel parameters", t)),
            Type::Ptr(AddrSpace::Global) => {
                layout.global_buffer();
            }
            Type::Ptr(AddrSpace::Const) => {
                let mut a = KernelArg::new(ValueKind::GlobalBuffer, 0, 8);
                a.address_space = Some(AddressSpace::Constant);
                layout.push(a, 8);
            }
            _ => {
                let n = t.bits() as u64 / 8;
                let mut a = KernelArg::new(ValueKind::ByValue, 0, n);
                if abi == EntryAbi::Dispatch {
                    a.name = f.values[p.index()].name.clone();
                }
                layout.push(a, n);
            }
        }
    }
    let (args, size, _) = layout.finish(&[]);
    let offsets = args.iter().map(|a| a.offset as u32).collect();
    Ok(ArgLayout {
        abi,
        offsets,
        kernarg_size: size as u32,
        hidden_base: (size as u32).next_multiple_of(8),
        layout,
    })
}

/// Register usage after allocation: one more than the highest register
/// of each file any instruction names (0 when none).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RegUsage {
    pub sgprs: u32,
    pub vgprs: u32,
    pub agprs: u32,
}

/// The descriptor settings and metadata of a compiled kernel called `name`.
pub fn kernel_config(
    target: &Target,
    name: &str,
    args: &ArgLayout,
    needs: &Needs,
    usage: RegUsage,
    code_len: usize,
) -> (KernelConfig, KernelMetadata) {
    let (c, mut md) = match args.abi {
        EntryAbi::Minimal => minimal_config(target, name, args, needs, usage),
        EntryAbi::Dispatch => dispatch_config(target, name, args, needs, usage),
    };
    let mut c = c;
    c.inst_pref_size = KernelConfig::inst_pref_size_for(target, code_len);
    md.name = name.to_string();
    md.symbol = format!("{name}.kd");
    (c, md)
}

fn minimal_config(
    target: &Target,
    name: &str,
    args: &ArgLayout,
    needs: &Needs,
    usage: RegUsage,
) -> (KernelConfig, KernelMetadata) {
    let (margs, size, align) = args.layout.finish(&needs.hidden);
    let kernarg_size = size as u32;
    let uses_kernarg = kernarg_size > 0;
    let mut c = KernelConfig::compiler_defaults(target, kernarg_size);
    c.user_sgpr_dispatch_ptr = needs.dispatch_ptr;
    c.user_sgpr_kernarg_segment_ptr = uses_kernarg;
    c.user_sgpr_count = Some(2 * uses_kernarg as u32 + 2 * needs.dispatch_ptr as u32);
    c.system_sgpr_workgroup_id_x = needs.workgroup_id[0];
    c.system_sgpr_workgroup_id_y = needs.workgroup_id[1];
    c.system_sgpr_workgroup_id_z = needs.workgroup_id[2];
    c.system_vgpr_workitem_id = needs.workitem_id_max;
    c.group_segment_fixed_size = needs.lds_bytes;
    c.next_free_vgpr = usage.vgprs.max(1);
    c.next_free_sgpr = usage.sgprs;
    c.reserve_vcc = true;
    if c.accum_offset != 0 {
        c.accum_offset = usage.vgprs.max(1).next_multiple_of(4);
    }
    let mut md = KernelMetadata::hip(target, name, margs, size, align);
    md.group_segment_fixed_size = needs.lds_bytes as u64;
    md.vgpr_count = usage.vgprs.max(1) as u64;
    md.sgpr_count = (usage.sgprs + c.extra_sgprs(target.processor)) as u64;
    (c, md)
}

/// `.sgpr_count` under [`EntryAbi::Dispatch`]: the SGPRs named (at least
/// those the hardware initialises) plus the extra SGPRs the processor
/// reserves (VCC, flat scratch, XNACK mask), raised to the floor.
fn dispatch_sgpr_count(target: &Target, config: &KernelConfig, usage: &RegUsage) -> u32 {
    let used = usage.sgprs.max(DISPATCH_USER_SGPRS + DISPATCH_SYSTEM_SGPRS);
    (used + config.extra_sgprs(target.processor)).max(dispatch_min_sgpr_count(target.processor))
}

/// First AGPR in gfx90a-class unified register files: the architected
/// VGPRs rounded up to 4 (at least 4).
fn accum_offset(usage: &RegUsage) -> u32 {
    usage.vgprs.max(1).next_multiple_of(4).min(256)
}

fn dispatch_config(
    target: &Target,
    name: &str,
    args: &ArgLayout,
    needs: &Needs,
    usage: RegUsage,
) -> (KernelConfig, KernelMetadata) {
    let (margs, size, align) = args.layout.finish(&DISPATCH_HIDDEN_ARGS);
    let mut c = KernelConfig::compiler_defaults(target, size as u32);
    c.group_segment_fixed_size = needs.lds_bytes;
    c.user_sgpr_dispatch_ptr = true;
    c.user_sgpr_queue_ptr = true;
    c.user_sgpr_kernarg_segment_ptr = true;
    c.user_sgpr_dispatch_id = true;
    c.system_sgpr_workgroup_id_x = true;
    c.system_sgpr_workgroup_id_y = true;
    c.system_sgpr_workgroup_id_z = true;
    c.system_vgpr_workitem_id = 2;
    let sgprs = dispatch_sgpr_count(target, &c, &usage);
    c.next_free_sgpr = sgprs - c.extra_sgprs(target.processor);
    let gfx90a = is_gfx90a_class(target.processor);
    if gfx90a {
        c.accum_offset = accum_offset(&usage);
        c.next_free_vgpr = if usage.agprs > 0 {
            c.accum_offset + usage.agprs
        } else {
            usage.vgprs
        };
    } else {
        c.next_free_vgpr = usage.vgprs;
    }
    let mut m = KernelMetadata::hip(target, name, margs, size, align);
    let defaults = KernelConfig::compiler_defaults(target, 0);
    m.group_segment_fixed_size = needs.lds_bytes as u64;
    m.sgpr_count = dispatch_sgpr_count(target, &defaults, &usage) as u64;
    m.vgpr_count = usage.vgprs as u64;
    if gfx90a {
        m.agpr_count = Some(usage.agprs as u64);
    }
    m.workgroup_processor_mode = Some(u64::from(target.info().wgp_mode_default == Some(true)));
    (c, m)
}
