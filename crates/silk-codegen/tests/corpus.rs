//! Every corpus kernel we support compiles for all three processors, and
//! every object passes the code-object validator. The list of kernels
//! expected to compile is a ratchet: a kernel that stops compiling fails
//! the test, and one that starts compiling must be added.

use silk_amdgpu::code_object;
use silk_amdgpu::target::{Processor, Target};
use silk_testsupport::corpus;

pub const PROCESSORS: [Processor; 3] = [Processor::Gfx942, Processor::Gfx1100, Processor::Gfx1151];

/// Kernels that compile on all three processors.
pub const COMPILES: &[&str] = &[
    "elementwise_i32",
    "elementwise_u32",
    "saxpy",
    "daxpy_fma",
    "shifts",
    "reduce_sum_lds",
    "reduce_max_f32",
    "prefix_scan",
    "histogram_global",
    "histogram_lds",
    "transpose_lds",
    "matmul_tiled",
    "matmul_i32",
    "blur_nested",
    "divergent_chain",
    "early_exit",
    "break_continue",
    "grid_3d",
    "const_lookup",
    "fibonacci_u64",
    "bitonic_sort_lds",
    "swap_loop",
    "compare_select",
    "helper_calls",
    "stencil_lds",
    "call_early_return",
    "elementwise_f32",
    "elementwise_f64",
    "math_f32",
    "rounding",
    "elementwise_i64",
    "elementwise_u64",
    "atomic_minmax",
    "atomic_exchange",
    "elementwise_f16",
    "conversions",
    "f16_arith",
    "convert_64",
    "atomics_lds",
    "unaligned",
    "params_mixed",
    "call_loop_return",
    "half_misc",
    "narrow_f64_f16",
    "bool_logic",
];

#[test]
fn corpus_compiles_and_validates() {
    let mut report = String::new();
    let mut compiled = Vec::new();
    for k in corpus::kernels() {
        let m = k.module().unwrap();
        let mut ok_all = true;
        for p in PROCESSORS {
            let t = Target::new(p);
            match silk_codegen::compile_module(&m, &t) {
                Ok(ks) => {
                    let bytes = silk_codegen::code_object(&t, &ks).unwrap();
                    let parsed = code_object::read(&bytes).unwrap();
                    let issues = code_object::validate(&parsed);
                    assert!(
                        issues.is_empty(),
                        "{} on {}: validator issues: {issues:#?}",
                        k.name,
                        p.name()
                    );
                    report.push_str(&format!(
                        "{:<20} {:<8} ok   {} bytes, {} sgprs, {} vgprs\n",
                        k.name,
                        p.name(),
                        ks[0].code.len(),
                        ks[0].config.next_free_sgpr,
                        ks[0].config.next_free_vgpr
                    ));
                }
                Err(e) => {
                    ok_all = false;
                    assert!(
                        matches!(e.without_context(), silk_codegen::Error::Unsupported { .. }),
                        "{} on {}: {e}",
                        k.name,
                        p.name()
                    );
                    report.push_str(&format!("{:<20} {:<8} {e}\n", k.name, p.name()));
                }
            }
        }
        if ok_all {
            compiled.push(k.name);
        }
    }
    eprintln!("{report}");
    eprintln!("compiled on all processors: {compiled:?}");
    for want in COMPILES {
        assert!(compiled.contains(want), "{want} no longer compiles");
    }
    for got in &compiled {
        assert!(
            COMPILES.contains(got),
            "{got} now compiles: add it to COMPILES"
        );
    }
}
