//! The kernel ABI: kernarg layout of the IR parameters, the
//! `KernelConfig` (register counts, LDS, user/system SGPRs, work-item id
//! VGPRs) and the metadata derived from the compiled result.

use crate::isel::Needs;
use crate::Error;
use silk_amdgpu::code_object::{
    AddressSpace, KernArgLayout, KernelArg, KernelConfig, KernelMetadata, ValueKind,
};
use silk_amdgpu::target::Target;
use silk_gpu_ir::{AddrSpace, Function, Type};

/// Where each parameter lives in the kernarg segment.
#[derive(Clone, Debug)]
pub struct ArgLayout {
    pub offsets: Vec<u32>,
    /// Explicit arguments' end.
    pub kernarg_size: u32,
    /// Start of the hidden-argument block (8-aligned after the explicit ones).
    pub hidden_base: u32,
    layout: KernArgLayout,
}

pub fn arg_layout(f: &Function) -> Result<ArgLayout, Error> {
    let mut layout = KernArgLayout::new();
    for &p in &f.params {
        let t = f.values[p.index()].ty;
        match t {
            Type::Bool => return Err(Error::Unsupported(format!("kernel parameters of type {t}"))),
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
                layout.by_value(n, n);
            }
        }
    }
    let (args, size, _) = layout.finish(&[]);
    let offsets = args.iter().map(|a| a.offset as u32).collect();
    Ok(ArgLayout {
        offsets,
        kernarg_size: size as u32,
        hidden_base: (size as u32).next_multiple_of(8),
        layout,
    })
}

/// Register usage after allocation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RegUsage {
    pub sgprs: u32,
    pub vgprs: u32,
}

pub fn kernel_config(
    target: &Target,
    args: &ArgLayout,
    needs: &Needs,
    usage: RegUsage,
    code_len: usize,
) -> (KernelConfig, KernelMetadata, u32) {
    let (margs, size, align) = args.layout.finish(&needs.hidden);
    let kernarg_size = size as u32;
    let uses_kernarg = kernarg_size > 0;
    let mut c = KernelConfig::compiler_defaults(target, kernarg_size);
    c.user_sgpr_kernarg_segment_ptr = uses_kernarg;
    c.user_sgpr_count = Some(if uses_kernarg { 2 } else { 0 });
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
    c.inst_pref_size = KernelConfig::inst_pref_size_for(target, code_len);
    let name = String::new();
    let mut md = KernelMetadata::hip(target, &name, margs, size, align);
    md.group_segment_fixed_size = needs.lds_bytes as u64;
    md.vgpr_count = usage.vgprs.max(1) as u64;
    md.sgpr_count = (usage.sgprs + c.extra_sgprs(target.processor)) as u64;
    (c, md, kernarg_size)
}
