//! Precoloured AMDGPU operations in the `.sir` text form: they parse,
//! print back the same, verify, and the interpreter refuses them.

use silk_gpu_ir::{AmdgpuOp, Launch, Memory, Module, Op};

const TEXT: &str = "kernel @k() {\n  amdgpu global_load_dword 1, 4\n  amdgpu s_waitcnt_vmcnt0_expcnt0_lgkmcnt0\n  amdgpu v_add_f32 3, 1, 2\n  amdgpu ds_read_b32 7, 0, 65535\n  ret\n}\n";

#[test]
fn parse_print_round_trip() {
    let m = Module::parse_verified("k.sir", TEXT).unwrap();
    let ops: Vec<&Op> = m.functions[0].body.insts.iter().map(|i| &i.op).collect();
    assert_eq!(
        ops[2],
        &Op::Amdgpu(AmdgpuOp::VAddF32 {
            dst: 3,
            src0: 1,
            src1: 2
        })
    );
    assert_eq!(
        ops[3],
        &Op::Amdgpu(AmdgpuOp::DsReadB32 {
            dst: 7,
            addr: 0,
            offset: 65535
        })
    );
    let printed = m.print();
    assert_eq!(Module::parse("k.sir", &printed).unwrap(), m);
    assert!(printed.contains("amdgpu v_add_f32 3, 1, 2\n"), "{printed}");
}

#[test]
fn bad_operations_are_located_errors() {
    for (text, want) in [
        (
            "kernel @k() {\n  amdgpu v_frob 1\n  ret\n}\n",
            "unknown AMDGPU operation `v_frob`",
        ),
        (
            "kernel @k() {\n  amdgpu v_add_f32 256, 1, 2\n  ret\n}\n",
            "wrong operands",
        ),
        (
            "kernel @k() {\n  amdgpu v_add_f32 1, 2\n  ret\n}\n",
            "wrong operands",
        ),
    ] {
        let e = Module::parse("k.sir", text).unwrap_err();
        assert_eq!(e.line, 2, "{e}");
        assert!(e.message.contains(want), "{e}");
    }
}

#[test]
fn the_interpreter_refuses_physical_registers() {
    let m = Module::parse_verified("k.sir", TEXT).unwrap();
    let launch = Launch::linear(1, 1);
    let mut mem = Memory::new();
    let e = silk_gpu_ir::run_kernel(&m, "k", &launch, &[], &mut mem).unwrap_err();
    assert!(e.to_string().contains("physical registers"), "{e}");
}
