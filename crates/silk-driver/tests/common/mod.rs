//! Kernels shared by the source-kernel tests, as the front end would
//! describe them, and the one pipeline that compiles them (device IR,
//! then `silk-codegen` with the driver's options).
#![allow(dead_code)]

use silk_amdgpu::Target;
use silk_codegen::CompiledKernel;
use silk_lang::amdgpu::{AmdgpuOp, KernelOp, SourceKernel};
use silk_lang::source::{FileId, Span};

/// Compile a kernel description for `target` through the one pipeline.
pub fn compile(
    target: &Target,
    name: &str,
    params: &[String],
    ops: &[KernelOp],
) -> Result<CompiledKernel, silk_codegen::Error> {
    let kernel = SourceKernel {
        name: name.to_string(),
        params: params.to_vec(),
        ops: ops.to_vec(),
        op_spans: vec![Span::new(FileId(0), 0, 0); ops.len()],
        ends_with_return: false,
        span: Span::new(FileId(0), 0, 0),
        target: *target,
    };
    let module = kernel
        .to_module()
        .map_err(|e| silk_codegen::Error::Ir(e.into()))?;
    let mut ks =
        silk_codegen::compile_module_with(&module, target, silk_driver::codegen_options())?;
    Ok(ks.remove(0))
}

/// The instructions as LLVM would print them, one per line.
pub fn listing(target: &Target, k: &CompiledKernel) -> String {
    let mut out = String::new();
    for i in &k.insts {
        out.push_str(&silk_amdgpu::isa::print::to_text(target.processor, i));
        out.push('\n');
    }
    out
}

/// The `.hsaco` bytes of one kernel.
pub fn to_bytes(target: &Target, k: &CompiledKernel) -> Vec<u8> {
    silk_codegen::code_object(target, std::slice::from_ref(k)).unwrap()
}

pub fn targets() -> Vec<Target> {
    ["gfx942", "gfx1100", "gfx1151"]
        .iter()
        .map(|t| Target::parse(t).unwrap())
        .collect()
}

/// A named kernel: its name, parameters and ops.
pub struct Sample {
    pub name: &'static str,
    pub params: Vec<String>,
    pub ops: Vec<KernelOp>,
}

fn params(names: &[&str]) -> Vec<String> {
    names.iter().map(|s| s.to_string()).collect()
}

/// The spec's minimal gfx942 kernel.
pub fn minimal() -> Sample {
    Sample {
        name: "kernel_name",
        params: vec![],
        ops: vec![
            KernelOp::Machine(AmdgpuOp::VAddF32 {
                dst: 0,
                src0: 1,
                src1: 2,
            }),
            KernelOp::Machine(AmdgpuOp::WaitVmExpLgkm0),
        ],
    }
}

/// Every raw intrinsic available on `target`, as in
/// `examples/kernels/all_intrinsics_*.slk`.
pub fn all_intrinsics(target: &Target) -> Sample {
    let info = target.info();
    let mut ops = vec![
        KernelOp::Machine(AmdgpuOp::SAddI32 {
            dst: 8,
            src0: 9,
            src1: 10,
        }),
        KernelOp::Machine(AmdgpuOp::SMovB64 { dst: 12, src: 14 }),
        KernelOp::Machine(AmdgpuOp::GlobalLoadDword { dst: 1, addr: 2 }),
        KernelOp::Machine(AmdgpuOp::WaitVmExpLgkm0),
        KernelOp::Machine(AmdgpuOp::VAddF32 {
            dst: 4,
            src0: 1,
            src1: 1,
        }),
        KernelOp::Machine(AmdgpuOp::VMulF32 {
            dst: 5,
            src0: 4,
            src1: 1,
        }),
        KernelOp::Machine(AmdgpuOp::VFmaF32 {
            dst: 6,
            src0: 4,
            src1: 5,
            src2: 1,
        }),
        KernelOp::Machine(AmdgpuOp::DsWriteB32 {
            addr: 0,
            data: 6,
            offset: 16,
        }),
        KernelOp::Machine(AmdgpuOp::DsReadB32 {
            dst: 7,
            addr: 0,
            offset: 65535,
        }),
        KernelOp::Machine(AmdgpuOp::WaitVmExpLgkm0),
    ];
    if info.capabilities.mfma {
        ops.push(KernelOp::Machine(AmdgpuOp::Mfma16x16x16F16 {
            acc_dst: 16,
            src_a: 8,
            src_b: 10,
            acc_src: 16,
        }));
    }
    ops.push(KernelOp::Machine(AmdgpuOp::GlobalStoreDword {
        addr: 2,
        data: 7,
    }));
    if info.wait_counters.vscnt.is_some() {
        ops.push(KernelOp::Machine(AmdgpuOp::WaitVscnt0));
    }
    Sample {
        name: "all_intrinsics",
        params: vec![],
        ops,
    }
}

pub fn store() -> Sample {
    Sample {
        name: "fill",
        params: params(&["out", "value"]),
        ops: vec![KernelOp::StoreU32AtGlobalX {
            base_param_index: 0,
            value_param_index: 1,
        }],
    }
}

pub fn classify() -> Sample {
    Sample {
        name: "threshold",
        params: params(&["samples", "labels", "cutoff"]),
        ops: vec![KernelOp::ClassifyU32AtGlobalX {
            input_param_index: 0,
            output_param_index: 1,
            threshold_param_index: 2,
        }],
    }
}

/// Both device operations after each other, with parameters in another
/// order, so offsets other than 0/8/16 are exercised.
pub fn both_device_ops() -> Sample {
    Sample {
        name: "both",
        params: params(&["threshold", "value", "input", "output"]),
        ops: vec![
            KernelOp::StoreU32AtGlobalX {
                base_param_index: 3,
                value_param_index: 1,
            },
            KernelOp::ClassifyU32AtGlobalX {
                input_param_index: 2,
                output_param_index: 3,
                threshold_param_index: 0,
            },
        ],
    }
}

/// Every sample that builds for `target`.
pub fn samples(target: &Target) -> Vec<Sample> {
    vec![
        minimal(),
        all_intrinsics(target),
        store(),
        classify(),
        both_device_ops(),
    ]
}
