//! Code-object writer and reader throughput.
//!
//!   cargo bench -p silk-amdgpu --bench code_object
//!
//! Compare with `crates/silk-amdgpu/benches/readobj_ratio.sh`, which times
//! `llvm-readobj --notes` on the same golden files.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use silk_amdgpu::code_object::{
    read, validate, CodeObject, KernArgLayout, KernelConfig, KernelMetadata,
};
use silk_amdgpu::target::Target;
use std::hint::black_box;
use std::path::PathBuf;

fn one_kernel(target: Target) -> CodeObject {
    let mut l = KernArgLayout::new();
    l.global_buffer().global_buffer().by_value(4, 4);
    let (args, size, align) = l.finish(&[]);
    let mut config = KernelConfig::compiler_defaults(&target, size as u32);
    config.next_free_vgpr = 4;
    config.next_free_sgpr = 16;
    let mut metadata = KernelMetadata::hip(&target, "vector_add", args, size, align);
    metadata.vgpr_count = 4;
    metadata.sgpr_count = 18;
    let code: Vec<u8> = (0..34u32)
        .flat_map(|_| 0xbf80_0000u32.to_le_bytes())
        .collect();
    let mut obj = CodeObject::new(target);
    obj.push_kernel("vector_add", code, config, metadata);
    obj
}

fn golden() -> Vec<Vec<u8>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/hip/objects");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "hsaco"))
        .collect();
    files.sort();
    files.iter().map(|p| std::fs::read(p).unwrap()).collect()
}

fn write(c: &mut Criterion) {
    for p in ["gfx942", "gfx1100"] {
        let obj = one_kernel(Target::parse(p).unwrap());
        c.bench_function(&format!("write_one_kernel_{p}"), |b| {
            b.iter(|| black_box(&obj).to_bytes().unwrap())
        });
    }
    let obj = one_kernel(Target::parse("gfx942").unwrap());
    c.bench_function("metadata_to_msgpack", |b| {
        b.iter(|| black_box(&obj.metadata).to_msgpack().unwrap())
    });
}

fn read_validate(c: &mut Criterion) {
    let files = golden();
    let total: usize = files.iter().map(Vec::len).sum();
    let mut g = c.benchmark_group("read_validate");
    g.throughput(Throughput::Bytes(total as u64));
    g.bench_function("golden_objects", |b| {
        b.iter(|| {
            for f in &files {
                let p = read(black_box(f)).unwrap();
                black_box(validate(&p));
            }
        })
    });
    g.finish();
}

criterion_group!(benches, write, read_validate);
criterion_main!(benches);
