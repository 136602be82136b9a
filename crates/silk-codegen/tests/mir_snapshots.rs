//! Machine IR after instruction selection, and the final assembly, for a
//! few kernels on each processor (snapshots: review changes with
//! `cargo insta review`).

use silk_amdgpu::target::{Processor, Target};
use silk_testsupport::corpus;

fn kernel(name: &str) -> silk_gpu_ir::Module {
    corpus::kernels()
        .into_iter()
        .find(|k| k.name == name)
        .unwrap()
        .module()
        .unwrap()
}

#[test]
fn machine_ir_snapshots() {
    for name in ["saxpy", "divergent_chain", "reduce_sum_lds"] {
        let m = kernel(name);
        for p in [Processor::Gfx942, Processor::Gfx1100] {
            let t = Target::new(p);
            let keep = silk_codegen::Options {
                keep_mir: true,
                ..Default::default()
            };
            let ks = silk_codegen::compile_module_with(&m, &t, keep).unwrap();
            let mir = ks[0].mir_after_isel.as_deref().unwrap();
            insta::assert_snapshot!(format!("{name}_{}_mir", p.name()), mir);
            insta::assert_snapshot!(
                format!("{name}_{}_asm", p.name()),
                silk_codegen::assembly(&t, &ks)
            );
        }
    }
}
