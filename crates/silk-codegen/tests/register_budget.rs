//! A kernel that needs more VGPRs than the processor has fails with a
//! clear `RegisterBudget` error naming the register file (VGPR spilling is
//! not implemented), and one just under the budget compiles (which also
//! checks that scheduling does not raise register pressure much:
//! unscheduled, 200 live values take 207 VGPRs on gfx942). A kernel that
//! needs more SGPRs than there are spills them to VGPR lanes and still
//! computes what the interpreter computes.

mod emu_case;

use silk_amdgpu::target::{Processor, Target};
use silk_gpu_ir::interp::{from_bytes, Arg, Launch, Memory};
use silk_gpu_ir::{AddrSpace, Dim, FunctionBuilder, Module, Type};
use silk_testsupport::corpus::Case;

/// `n` loads before a barrier, all summed after it (so all are live
/// across it).
fn pressure(n: u32) -> Module {
    let mut f = FunctionBuilder::kernel("pressure");
    let input = f.param("in", Type::Ptr(AddrSpace::Global)).unwrap();
    let out = f.param("out", Type::Ptr(AddrSpace::Global)).unwrap();
    let tid = f.workitem_id(Dim::X).unwrap();
    let mut vals = Vec::new();
    for k in 0..n {
        let c = f.const_u32(k * 64).unwrap();
        let i = f.add(tid, c).unwrap();
        let p = f.element_addr(input, i, 4).unwrap();
        vals.push(f.load(p, Type::U32, 4).unwrap());
    }
    f.barrier().unwrap();
    let mut sum = vals[0];
    for &v in &vals[1..] {
        sum = f.xor(sum, v).unwrap();
    }
    let p = f.element_addr(out, tid, 4).unwrap();
    f.store(p, sum, 4).unwrap();
    let mut m = Module::new();
    m.add_function(f.finish().unwrap()).unwrap();
    m
}

#[test]
fn over_the_register_budget_is_a_clear_error() {
    for p in [Processor::Gfx942, Processor::Gfx1100, Processor::Gfx1151] {
        let t = Target::new(p);
        let ok = silk_codegen::compile_module(&pressure(200), &t);
        assert!(
            ok.is_ok(),
            "{p}: 200 live values should fit: {:?}",
            ok.err()
        );
        match silk_codegen::compile_module(&pressure(300), &t) {
            Err(e) => {
                let m = e.to_string();
                assert!(m.contains("VGPRs") && m.contains("spilling"), "{p}: {m}");
                match e.without_context() {
                    silk_codegen::Error::RegisterBudget {
                        file: silk_codegen::mir::File::Vgpr,
                        needed,
                        limit,
                    } => assert!(needed > limit, "{p}: {needed} of {limit}"),
                    other => panic!("{p}: expected a register-budget error, got {other:?}"),
                }
            }
            other => panic!("{p}: expected a register-budget error, got {other:?}"),
        }
    }
}

/// `n` uniform values (SALU arithmetic on a kernel argument, so each lives
/// in an SGPR) all live across a barrier, then folded in order (so a value
/// reloaded from the wrong lane changes the result).
fn scalar_pressure(n: u32) -> Module {
    let mut f = FunctionBuilder::kernel("spress");
    let k = f.param("k", Type::U32).unwrap();
    let out = f.param("out", Type::Ptr(AddrSpace::Global)).unwrap();
    let tid = f.workitem_id(Dim::X).unwrap();
    let mut vals = Vec::new();
    for j in 0..n {
        let c = f.const_u32(2 * j + 1).unwrap();
        let m = f.mul(k, c).unwrap();
        let d = f.const_u32(j * 7919).unwrap();
        vals.push(f.xor(m, d).unwrap());
    }
    f.barrier().unwrap();
    let three = f.const_u32(3).unwrap();
    let mut sum = vals[0];
    for &v in &vals[1..] {
        let s3 = f.mul(sum, three).unwrap();
        sum = f.add(s3, v).unwrap();
    }
    let r = f.add(sum, tid).unwrap();
    let p = f.element_addr(out, tid, 4).unwrap();
    f.store(p, r, 4).unwrap();
    let mut m = Module::new();
    m.add_function(f.finish().unwrap()).unwrap();
    m
}

#[test]
fn sgpr_pressure_spills_to_vgpr_lanes_and_runs_correctly() {
    let m = scalar_pressure(160);
    let case = Case {
        launch: Launch::linear(64, 64),
        buffers: vec![vec![0u8; 64 * 4]],
        args: vec![Arg::U32(0x1234_5679), Arg::Buffer(0)],
        expect: vec![],
    };
    let mut mem = Memory::new();
    mem.alloc(case.buffers[0].clone()).unwrap();
    silk_gpu_ir::run_kernel(&m, "spress", &case.launch, &case.args, &mut mem).unwrap();
    let want: Vec<u32> = from_bytes(&mem.buffers()[0]);
    for p in [Processor::Gfx942, Processor::Gfx1100, Processor::Gfx1151] {
        let t = Target::new(p);
        let ks = silk_codegen::compile_module(&m, &t).unwrap_or_else(|e| panic!("{p}: {e}"));
        let text: Vec<String> = ks[0]
            .insts
            .iter()
            .map(|i| silk_codegen::mir::text(p, i))
            .collect();
        let count = |m: &str| text.iter().filter(|t| t.starts_with(m)).count();
        assert!(
            count("v_writelane_b32") > 0 && count("v_readlane_b32") > 0,
            "{p}: no spill code"
        );
        assert!(ks[0].usage.sgprs <= 106, "{p}: {} SGPRs", ks[0].usage.sgprs);
        let obj = silk_codegen::code_object(&t, &ks).unwrap();
        let got = emu_case::run(&case, "spress", p, &obj).unwrap_or_else(|e| panic!("{p}: {e}"));
        let got: Vec<u32> = from_bytes(&got[0]);
        assert_eq!(got, want, "{p}: spilled kernel and interpreter differ");
    }
}
