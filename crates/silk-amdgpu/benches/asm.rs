//! In-process assembly of corpus files (`cargo bench -p silk-amdgpu --bench asm`):
//! text to code object bytes, with the golden encoding table standing in
//! for instruction encoding (`table`) and with the ISA encoder on a file
//! it already assembles (`isa`). Whole-process figures against clang +
//! ld.lld come from `benches/asm_ratio.py`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use silk_amdgpu::asm::{assemble_file, assemble_file_with, EncodingTable};
use silk_amdgpu::target::Processor;
use std::path::PathBuf;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/hip/asm")
}

fn table() -> EncodingTable {
    let mut t = EncodingTable::new();
    for p in Processor::ALL {
        let text =
            std::fs::read_to_string(dir().join(format!("encodings-{}.txt", p.name()))).unwrap();
        t.add(p, &text).unwrap();
    }
    t
}

fn assemble(c: &mut Criterion) {
    let table = table();
    let mut g = c.benchmark_group("asm");
    for file in [
        "saxpy-gfx942.s",
        "calls-gfx1100.s",
        "big_unrolled-gfx1100.s",
    ] {
        let text = std::fs::read_to_string(dir().join(file)).unwrap();
        g.throughput(Throughput::Bytes(text.len() as u64));
        g.bench_function(format!("table/{file}"), |b| {
            b.iter(|| assemble_file_with(&text, file, None, &table).unwrap())
        });
    }
    // A file the ISA encoder already assembles end to end.
    let file = "vector_add-gfx1100.s";
    let text = std::fs::read_to_string(dir().join(file)).unwrap();
    if assemble_file(&text, file, None).is_ok() {
        g.throughput(Throughput::Bytes(text.len() as u64));
        g.bench_function(format!("isa/{file}"), |b| {
            b.iter(|| assemble_file(&text, file, None).unwrap())
        });
    }
    g.finish();
}

fn load_table(c: &mut Criterion) {
    let text = std::fs::read_to_string(dir().join("encodings-gfx1100.txt")).unwrap();
    c.bench_function("asm/encoding_table_load", |b| {
        b.iter(|| {
            let mut t = EncodingTable::new();
            t.add(Processor::Gfx1100, &text).unwrap();
            t
        })
    });
}

criterion_group!(benches, assemble, load_table);
criterion_main!(benches);
