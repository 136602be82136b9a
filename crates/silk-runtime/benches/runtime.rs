//! - `launch_overhead`: one launch of an empty kernel (64 work items) and
//!   a synchronize through the runtime API on the emulator provider, next
//!   to the same dispatch straight through `silk_emu::Emulator::launch`:
//!   the difference is the runtime's own cost (rules, cache, packing).
//! - `bundle_lookup`: finding a kernel by name in a 128-entry bundle (the
//!   sorted table's binary search, next to a linear scan), and validating
//!   the whole bundle.

use criterion::{criterion_group, criterion_main, Criterion};
use silk_amdgpu::target::{Processor, Target};
use silk_emu::Emulator;
use silk_runtime::{
    Bundle, BundleSource, BundleWriter, Config, ProviderChoice, ProviderKind, Runtime,
};
use std::hint::black_box;

fn empty_object(p: Processor) -> Vec<u8> {
    let m = silk_gpu_ir::parse_module("empty.sir", "kernel @empty() {\n}\n").unwrap();
    let t = Target::new(p);
    let k = silk_codegen::compile_module(&m, &t).unwrap();
    silk_codegen::code_object(&t, &k).unwrap()
}

fn launch_overhead(c: &mut Criterion) {
    let p = Processor::Gfx942;
    let object = empty_object(p);
    let mut w = BundleWriter::new(ProviderKind::Hip, p.name()).unwrap();
    w.add("empty", 0, object.clone()).unwrap();
    let rt = Runtime::new(Config::new(
        ProviderChoice::Emulator,
        BundleSource::Bytes(w.to_bytes().unwrap()),
    ));
    assert!(rt.launch_and_synchronize("empty", 64, 64, &[]).is_ok());
    let mut g = c.benchmark_group("launch_overhead");
    g.bench_function("runtime_emulator_empty_kernel", |b| {
        b.iter(|| black_box(rt.launch_and_synchronize("empty", 64, 64, &[])))
    });
    let mut emu = Emulator::new(p);
    g.bench_function("silk_emu_direct_empty_kernel", |b| {
        b.iter(|| {
            black_box(
                emu.launch(&object, "empty", [64, 1, 1], [64, 1, 1], &[])
                    .unwrap(),
            )
        })
    });
    g.finish();
}

fn bundle_lookup(c: &mut Criterion) {
    let object = empty_object(Processor::Gfx1100);
    let mut w = BundleWriter::new(ProviderKind::Hip, "gfx1100").unwrap();
    let names: Vec<String> = (0..128)
        .map(|i| format!("kernel_{:03}_{}", (i * 37) % 128, i))
        .collect();
    for n in &names {
        w.add(n, 16, object.clone()).unwrap();
    }
    let bytes = w.to_bytes().unwrap();
    let b = Bundle::parse(&bytes).unwrap();
    let mut g = c.benchmark_group("bundle_lookup_128_entries");
    g.bench_function("find_all_128_binary_search", |bn| {
        bn.iter(|| {
            for n in &names {
                black_box(b.find(black_box(n)).unwrap());
            }
        })
    });
    g.bench_function("find_all_128_linear_scan", |bn| {
        bn.iter(|| {
            for n in &names {
                black_box(
                    b.entries()
                        .find(|e| e.name == black_box(n.as_str()))
                        .unwrap(),
                );
            }
        })
    });
    g.bench_function("parse_and_validate", |bn| {
        bn.iter(|| black_box(Bundle::parse(black_box(&bytes)).unwrap().entry_count()))
    });
    g.finish();
}

criterion_group!(benches, launch_overhead, bundle_lookup);
criterion_main!(benches);
