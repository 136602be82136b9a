//! In-process compile time per corpus kernel and processor.

use criterion::{criterion_group, criterion_main, Criterion};
use silk_amdgpu::target::{Processor, Target};
use silk_testsupport::corpus;

fn bench(c: &mut Criterion) {
    for k in corpus::kernels() {
        let Ok(m) = k.module() else { continue };
        for p in [Processor::Gfx942, Processor::Gfx1100] {
            let t = Target::new(p);
            if silk_codegen::compile_module(&m, &t).is_err() {
                continue;
            }
            c.bench_function(&format!("compile/{}/{}", k.name, p.name()), |b| {
                b.iter(|| silk_codegen::compile_module(&m, &t).unwrap())
            });
        }
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
