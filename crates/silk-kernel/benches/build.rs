//! In-process build time of GEMM kernels (translate, lower, generate,
//! compile, code object) per processor, and of the graph stages alone.
//! `cargo bench -p silk-kernel --bench build`.

use criterion::{criterion_group, criterion_main, Criterion};
use silk_amdgpu::target::Processor;
use silk_kernel::recipes::{gemm, tuned_gemm, GemmSpec};
use silk_kernel::{codegen, transforms, translate, CommandKernel, DataType, Params};

fn bench(c: &mut Criterion) {
    let (fma, _) = gemm(&GemmSpec {
        bias_relu: true,
        ..GemmSpec::default()
    });
    let fma_params = Params {
        macro_tile: [32, 32],
        thread_tile: [4, 4],
        depth_k: 8,
        prefetch: true,
        ..Params::default()
    };
    c.bench_function("graph/fma/translate+lower+generate", |b| {
        b.iter(|| {
            let g = transforms::lower(&translate(&fma).unwrap(), &fma_params).unwrap();
            codegen::generate(&g).unwrap()
        })
    });
    let (half, _) = gemm(&GemmSpec {
        input: DataType::F16,
        bias_relu: true,
        ..GemmSpec::default()
    });
    let matrix_params = Params {
        matrix: Some([16, 16, 16]),
        macro_tile: [32, 32],
        waves: [2, 2],
        depth_k: 16,
        prefetch: true,
        ..Params::default()
    };
    // The tuned GEMM of examples/gemm_timing.rs (row-major, vector loads,
    // interior copy).
    let (tuned_cmd, _) = gemm(&GemmSpec {
        input: DataType::F16,
        transpose_b: true,
        row_major: true,
        ..GemmSpec::default()
    });
    for p in [Processor::Gfx942, Processor::Gfx1100, Processor::Gfx1151] {
        let tuned = tuned_gemm(p);
        c.bench_function(&format!("build/gemm-tuned-f16/{}", p.name()), |b| {
            b.iter(|| CommandKernel::new(&tuned_cmd, &tuned, p).unwrap())
        });
        c.bench_function(&format!("build/gemm-fma/{}", p.name()), |b| {
            b.iter(|| CommandKernel::new(&fma, &fma_params, p).unwrap())
        });
        c.bench_function(&format!("build/gemm-matrix-f16/{}", p.name()), |b| {
            b.iter(|| CommandKernel::new(&half, &matrix_params, p).unwrap())
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
