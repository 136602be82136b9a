//! The standalone source-kernel path on valid programs: the typed kernel
//! description for every shipped example and processor.

use silk_amdgpu::target::Processor;
use silk_lang::amdgpu::{build_source_kernel, AmdgpuOp, KernelOp, SourceKernel};
use silk_lang::{FsLoader, MemoryLoader, Options, Session};

const EXAMPLES: &str = "../../examples";

fn example(path: &str) -> (String, String) {
    let name = format!("{EXAMPLES}/{path}");
    let text = std::fs::read_to_string(&name).unwrap_or_else(|e| panic!("{name}: {e}"));
    (name, text)
}

fn build(path: &str, nostd: bool, target: &str) -> SourceKernel {
    let (name, text) = example(path);
    let mut s = Session::new(Options {
        nostd,
        ..Default::default()
    })
    .with_loader(Box::new(FsLoader));
    s.add_file(name, text);
    match build_source_kernel(&mut s, target) {
        Ok(k) => k,
        Err(d) => panic!("{path} for {target}:\n{}", s.render(&d)),
    }
}

fn build_src(src: &str, nostd: bool, target: &str) -> SourceKernel {
    let mut s = Session::new(Options {
        nostd,
        ..Default::default()
    });
    s.add_file("kernel.slk", src);
    match build_source_kernel(&mut s, target) {
        Ok(k) => k,
        Err(d) => panic!("{}", s.render(&d)),
    }
}

#[test]
fn spec_minimal_kernel_on_gfx942() {
    let k = build_src(
        "ext __silk_amdgpu_v_add_f32 = fn (int, int, int) -> void;\n\
         ext __silk_amdgpu_s_waitcnt_vmcnt0_expcnt0_lgkmcnt0 = fn () -> void;\n\
         export fn kernel_name () {\n  __silk_amdgpu_v_add_f32(0, 1, 2);\n  __silk_amdgpu_s_waitcnt_vmcnt0_expcnt0_lgkmcnt0();\n}\n",
        true,
        "amdgcn-amd-amdhsa-gfx942",
    );
    assert_eq!(k.name, "kernel_name");
    assert_eq!(k.descriptor_symbol(), "kernel_name.kd");
    assert!(k.params.is_empty());
    assert_eq!(k.explicit_kernarg_size(), 0);
    assert_eq!(
        k.ops,
        vec![
            KernelOp::Machine(AmdgpuOp::VAddF32 {
                dst: 0,
                src0: 1,
                src1: 2
            }),
            KernelOp::Machine(AmdgpuOp::WaitVmExpLgkm0)
        ]
    );
    assert!(!k.ends_with_return && !k.uses_lds());
    assert_eq!(k.processor(), Processor::Gfx942);
    assert_eq!(k.op_spans.len(), 2);
}

#[test]
fn empty_kernel_and_bare_return() {
    for body in ["", "return;"] {
        let k = build_src(
            &format!("export fn nothing (a: u64, b: u64) {{ {body} }}"),
            true,
            "gfx1100",
        );
        assert!(k.ops.is_empty());
        assert_eq!(k.params, vec!["a", "b"]);
        assert_eq!(k.explicit_kernarg_size(), 16);
        assert_eq!(k.ends_with_return, !body.is_empty());
    }
    let k = build_src("export fn v () -> void { }", true, "gfx1151");
    assert_eq!(k.name, "v");
}

#[test]
fn add_example_on_every_processor() {
    for p in Processor::ALL {
        let k = build("kernels/add.slk", true, &p.canonical_name());
        assert_eq!(k.name, "add");
        assert_eq!(
            k.ops,
            vec![
                KernelOp::Machine(AmdgpuOp::GlobalLoadDword { dst: 1, addr: 4 }),
                KernelOp::Machine(AmdgpuOp::GlobalLoadDword { dst: 2, addr: 6 }),
                KernelOp::Machine(AmdgpuOp::WaitVmExpLgkm0),
                KernelOp::Machine(AmdgpuOp::VAddF32 {
                    dst: 3,
                    src0: 1,
                    src1: 2
                }),
                KernelOp::Machine(AmdgpuOp::GlobalStoreDword { addr: 4, data: 3 }),
            ]
        );
        assert!(k.ends_with_return);
        assert_eq!(k.processor(), p);
    }
}

#[test]
fn every_intrinsic_on_gfx942() {
    let k = build("kernels/all_intrinsics_gfx942.slk", true, "gfx942");
    assert_eq!(
        k.ops,
        vec![
            KernelOp::Machine(AmdgpuOp::SAddI32 {
                dst: 8,
                src0: 9,
                src1: 10
            }),
            KernelOp::Machine(AmdgpuOp::SMovB64 { dst: 12, src: 14 }),
            KernelOp::Machine(AmdgpuOp::GlobalLoadDword { dst: 1, addr: 2 }),
            KernelOp::Machine(AmdgpuOp::WaitVmExpLgkm0),
            KernelOp::Machine(AmdgpuOp::VAddF32 {
                dst: 4,
                src0: 1,
                src1: 1
            }),
            KernelOp::Machine(AmdgpuOp::VMulF32 {
                dst: 5,
                src0: 4,
                src1: 1
            }),
            KernelOp::Machine(AmdgpuOp::VFmaF32 {
                dst: 6,
                src0: 4,
                src1: 5,
                src2: 1
            }),
            KernelOp::Machine(AmdgpuOp::DsWriteB32 {
                addr: 0,
                data: 6,
                offset: 16
            }),
            KernelOp::Machine(AmdgpuOp::DsReadB32 {
                dst: 7,
                addr: 0,
                offset: 16
            }),
            KernelOp::Machine(AmdgpuOp::WaitVmExpLgkm0),
            KernelOp::Machine(AmdgpuOp::Mfma16x16x16F16 {
                acc_dst: 16,
                src_a: 8,
                src_b: 10,
                acc_src: 16
            }),
            KernelOp::Machine(AmdgpuOp::GlobalStoreDword { addr: 2, data: 7 }),
        ]
    );
    assert!(k.uses_lds());
}

#[test]
fn every_intrinsic_on_gfx11() {
    for target in ["gfx1100", "amdgcn-amd-amdhsa-gfx1151"] {
        let k = build("kernels/all_intrinsics_gfx11.slk", true, target);
        assert_eq!(k.ops.len(), 12);
        assert_eq!(k.ops[11], KernelOp::Machine(AmdgpuOp::WaitVscnt0));
        assert_eq!(k.ops[9], KernelOp::Machine(AmdgpuOp::WaitVmExpLgkm0));
        assert!(k.uses_lds() && k.ends_with_return);
    }
}

#[test]
fn store_and_classify_on_every_processor() {
    for p in Processor::ALL {
        let fill = build("kernels/fill.slk", false, p.name());
        assert_eq!(fill.params, vec!["out", "value"]);
        assert_eq!(
            fill.ops,
            vec![KernelOp::StoreU32AtGlobalX {
                base_param_index: 0,
                value_param_index: 1
            }]
        );
        let t = build("kernels/threshold.slk", false, p.name());
        assert_eq!(
            t.ops,
            vec![KernelOp::ClassifyU32AtGlobalX {
                input_param_index: 0,
                output_param_index: 1,
                threshold_param_index: 2
            }]
        );
        assert_eq!(t.explicit_kernarg_size(), 24);
    }
}

#[test]
fn compat_ops_follow_parameter_order_and_aliases() {
    let k = build_src(
        "import dev from \"std/gpu/device\";\n\
         import { store_u32_at_global_x as put } from \"std/gpu/device\";\n\
         import std::gpu::device;\n\
         export fn k (a: u64, b: u64, c: u64) {\n  put(c, a);\n  dev.classify_u32_at_global_x(b, c, a);\n  device::store_u32_at_global_x(a, b);\n}\n",
        false,
        "gfx942",
    );
    assert_eq!(
        k.ops,
        vec![
            KernelOp::StoreU32AtGlobalX {
                base_param_index: 2,
                value_param_index: 0
            },
            KernelOp::ClassifyU32AtGlobalX {
                input_param_index: 1,
                output_param_index: 2,
                threshold_param_index: 0
            },
            KernelOp::StoreU32AtGlobalX {
                base_param_index: 0,
                value_param_index: 1
            },
        ]
    );
}

#[test]
fn isa_wrappers_example() {
    let k = build("kernels/isa_wrappers.slk", false, "gfx1151");
    assert_eq!(
        k.ops,
        vec![
            KernelOp::Machine(AmdgpuOp::VFmaF32 {
                dst: 3,
                src0: 1,
                src1: 2,
                src2: 0
            }),
            KernelOp::Machine(AmdgpuOp::DsWriteB32 {
                addr: 4,
                data: 3,
                offset: 256
            }),
            KernelOp::Machine(AmdgpuOp::WaitVmExpLgkm0),
            KernelOp::Machine(AmdgpuOp::DsReadB32 {
                dst: 5,
                addr: 4,
                offset: 256
            }),
            KernelOp::Machine(AmdgpuOp::WaitVmExpLgkm0),
        ]
    );
}

#[test]
fn isa_wrappers_for_target_specific_ops() {
    let k = build_src(
        "import isa from \"std/gpu/isa\";\nattr(device=gpu)\nexport fn m () {\n  isa.mfma_f32_16x16x16_f16(0, 4, 6, 0);\n}\n",
        false,
        "gfx942",
    );
    assert_eq!(
        k.ops,
        vec![KernelOp::Machine(AmdgpuOp::Mfma16x16x16F16 {
            acc_dst: 0,
            src_a: 4,
            src_b: 6,
            acc_src: 0
        })]
    );
    let k = build_src(
        "import { s_waitcnt_vscnt0 } from \"std/gpu/isa\";\nattr(device=gpu)\nexport fn w () {\n  s_waitcnt_vscnt0();\n}\n",
        false,
        "gfx1100",
    );
    assert_eq!(k.ops, vec![KernelOp::Machine(AmdgpuOp::WaitVscnt0)]);
}

#[test]
fn operand_limits_at_their_edges() {
    let k = build_src(
        "ext __silk_amdgpu_ds_read_b32 = fn (int, int, int) -> void;\n\
         ext __silk_amdgpu_s_add_i32 = fn (int, int, int) -> void;\n\
         ext __silk_amdgpu_global_load_dword = fn (int, int) -> void;\n\
         export fn edge () {\n  __silk_amdgpu_ds_read_b32(255, 0x0, 65535);\n  __silk_amdgpu_s_add_i32(105, 0b1, (2));\n  __silk_amdgpu_global_load_dword(0, 253);\n}\n",
        true,
        "gfx1100",
    );
    assert_eq!(
        k.ops,
        vec![
            KernelOp::Machine(AmdgpuOp::DsReadB32 {
                dst: 255,
                addr: 0,
                offset: 65535
            }),
            KernelOp::Machine(AmdgpuOp::SAddI32 {
                dst: 105,
                src0: 1,
                src1: 2
            }),
            KernelOp::Machine(AmdgpuOp::GlobalLoadDword { dst: 0, addr: 253 }),
        ]
    );
}

#[test]
fn multi_file_program_only_the_root_kernel() {
    // From disk, through `import util from "./util.slk";`.
    let k = build("multi/kernel.slk", false, "gfx942");
    assert_eq!(k.name, "fill_tail");
    assert_eq!(
        k.ops,
        vec![KernelOp::StoreU32AtGlobalX {
            base_param_index: 0,
            value_param_index: 1
        }]
    );

    // In memory, with the dependency given as an input file and its
    // exported functions called through a package import.
    let mut s = Session::new(Options {
        nostd: true,
        ..Default::default()
    });
    s.add_file(
        "app/main.slk",
        "package app;\nimport mathlib;\nimport mathlib::twice as double;\n\
         ext __silk_amdgpu_s_add_i32 = fn (int, int, int) -> void;\n\
         fn helper () -> int { return double(mathlib::twice(1)); }\n\
         export fn entry () { __silk_amdgpu_s_add_i32(0, 1, 2); }\n",
    );
    s.add_file(
        "mathlib/lib.slk",
        "package mathlib;\nexport fn twice (x: int) -> int { return x * 2; }\nexport fn thrice (x: int) -> int { return x * 3; }\n",
    );
    let k = build_source_kernel(&mut s, "gfx1151").unwrap_or_else(|d| panic!("{}", s.render(&d)));
    assert_eq!(k.name, "entry");

    // Through a memory loader, with a nested relative path.
    let loader = MemoryLoader::new().with(
        "src/lib/extra.slk",
        "package extra;\nexport fn not_a_kernel () { }\n",
    );
    let mut s = Session::new(Options {
        nostd: true,
        ..Default::default()
    })
    .with_loader(Box::new(loader));
    s.add_file(
        "src/k.slk",
        "import extra from \"./lib/extra.slk\";\nexport fn only () { }\n",
    );
    let k = build_source_kernel(&mut s, "gfx942").unwrap_or_else(|d| panic!("{}", s.render(&d)));
    assert_eq!(k.name, "only");
}
