//! In-process compile time of small kernels: Silk source to `.hsaco`
//! bytes (parse, resolve, check, kernel analysis, lowering, encoding,
//! descriptor, metadata and ELF writing).
//!
//!   cargo bench -p silk-cli --bench build
//!
//! `crates/silk-cli/benches/build_ratio.sh` times the whole `silk build`
//! process against `clang-22 -O3 --cuda-device-only` on the equivalent HIP
//! kernel.

use criterion::{criterion_group, criterion_main, Criterion};
use silk_cli::build::build_sources;
use silk_lang::amdgpu::build_source_kernel;
use silk_lang::{Options, Session};
use std::hint::black_box;

const ADD: &str = include_str!("../../../examples/kernels/add.slk");
const FILL: &str = include_str!("../../../examples/kernels/fill.slk");
/// The spec's minimal gfx942 kernel.
const MINIMAL: &str = include_str!("../../../examples/kernels/spec_minimal.slk");

fn benches_build(c: &mut Criterion) {
    let mut g = c.benchmark_group("silk_build_in_process");
    g.bench_function("spec_minimal_gfx942", |b| {
        b.iter(|| {
            let (_, built) = build_sources(&[("kernel.slk", black_box(MINIMAL))], true, "gfx942")
                .map_err(|_| "build failed")
                .unwrap();
            black_box(built.bytes.len())
        })
    });
    for target in ["gfx942", "gfx1100"] {
        g.bench_function(format!("add_nostd_{target}"), |b| {
            b.iter(|| {
                let (_, built) = build_sources(&[("add.slk", black_box(ADD))], true, target)
                    .map_err(|_| "build failed")
                    .unwrap();
                black_box(built.bytes.len())
            })
        });
        g.bench_function(format!("fill_std_{target}"), |b| {
            b.iter(|| {
                let (_, built) = build_sources(&[("fill.slk", black_box(FILL))], false, target)
                    .map_err(|_| "build failed")
                    .unwrap();
                black_box(built.bytes.len())
            })
        });
    }
    g.finish();

    // The stages of the add kernel on gfx942, to see where time goes.
    let mut g = c.benchmark_group("silk_build_stages");
    let (_, built) = build_sources(&[("add.slk", ADD)], true, "gfx942")
        .map_err(|_| "build failed")
        .unwrap();
    g.bench_function("front_end_add", |b| {
        b.iter(|| {
            let mut session = Session::new(Options {
                nostd: true,
                ..Default::default()
            });
            session.add_file("add.slk", black_box(ADD));
            black_box(build_source_kernel(&mut session, "gfx942").map(|k| k.ops.len()))
        })
    });
    let kernel = &built.kernel;
    g.bench_function("lower_and_encode_add", |b| {
        b.iter(|| {
            let module = black_box(kernel).to_module().unwrap();
            let options = silk_driver::codegen_options();
            black_box(
                silk_codegen::compile_module_with(&module, &kernel.target, options)
                    .map(|k| k[0].code.len()),
            )
        })
    });
    g.bench_function("write_object_add", |b| {
        b.iter(|| {
            let ks = std::slice::from_ref(&built.compiled);
            black_box(silk_codegen::code_object(&kernel.target, ks).map(|b| b.len()))
        })
    });
    g.finish();
}

criterion_group!(benches, benches_build);
criterion_main!(benches);
