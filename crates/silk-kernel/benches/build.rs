//! In-process build time of a GEMM kernel (translate, lower, generate,
//! compile, code object) per processor, and of its graph stages alone.
//! `cargo bench -p silk-kernel --bench build`.

use criterion::{criterion_group, criterion_main, Criterion};
use silk_amdgpu::target::Processor;
use silk_kernel::recipes::{gemm, GemmSpec};
use silk_kernel::{codegen, transforms, translate, CommandKernel, Params};

fn bench(c: &mut Criterion) {
    let (cmd, _) = gemm(&GemmSpec {
        bias_relu: true,
        ..GemmSpec::default()
    });
    let params = Params {
        macro_tile: [32, 32],
        thread_tile: [4, 4],
        depth_k: 8,
        prefetch: true,
        ..Params::default()
    };
    c.bench_function("graph/translate+lower+generate", |b| {
        b.iter(|| {
            let g = transforms::lower(&translate(&cmd).unwrap(), &params).unwrap();
            codegen::generate(&g).unwrap()
        })
    });
    for p in [Processor::Gfx942, Processor::Gfx1100, Processor::Gfx1151] {
        c.bench_function(&format!("build/gemm/{}", p.name()), |b| {
            b.iter(|| CommandKernel::new(&cmd, &params, p).unwrap())
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
