//! A kernel that needs more registers than the processor has fails with a
//! clear `RegisterBudget` error naming the register file (spilling is not
//! implemented), and one just under the budget compiles (which also checks
//! that scheduling does not raise register pressure much: unscheduled, 200
//! live values take 207 VGPRs on gfx942).

use silk_amdgpu::target::{Processor, Target};
use silk_gpu_ir::{AddrSpace, Dim, FunctionBuilder, Module, Type};

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
