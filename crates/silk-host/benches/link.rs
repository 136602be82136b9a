//! Link time alone, in process: one small Cranelift object against glibc,
//! and the same program calling the GPU runtime, linked with the runtime
//! archive. Prints the size of each executable.

#[path = "../tests/support/mod.rs"]
mod support;

use criterion::{criterion_group, criterion_main, Criterion};
use silk_host::{link_executable, LinkInputs, SystemLibraries};
use support::{I32, I64};

/// `main` returns `argc`.
fn host_only() -> Vec<u8> {
    support::main_object("bench", |m| m.argc)
}

/// `main` returns `silk_rt_gpu_is_supported() + argc`.
fn with_runtime() -> Vec<u8> {
    support::main_object("bench_gpu", |m| {
        let s = m.call("silk_rt_gpu_is_supported", &[], &[I64], &[])[0];
        let s = cranelift_codegen::ir::InstBuilder::ireduce(m.b.ins(), I32, s);
        let argc = m.argc;
        cranelift_codegen::ir::InstBuilder::iadd(m.b.ins(), s, argc)
    })
}

fn link(c: &mut Criterion) {
    let dir = std::env::temp_dir().join(format!("silk-host-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let system = SystemLibraries::find().unwrap();
    let archive = silk_host::write_runtime_archive(&dir).unwrap();
    c.bench_function("cranelift_object", |b| b.iter(host_only));
    for (name, object, archives) in [
        ("link_executable", host_only(), vec![]),
        (
            "link_executable_with_runtime",
            with_runtime(),
            vec![archive],
        ),
    ] {
        let object_path = dir.join(format!("{name}.o"));
        std::fs::write(&object_path, object).unwrap();
        let inputs = LinkInputs {
            objects: vec![object_path],
            archives,
        };
        let exe = dir.join(name);
        link_executable(&inputs, &system, &exe).unwrap();
        let size = std::fs::metadata(&exe).map(|m| m.len()).unwrap_or(0);
        println!("{name}: executable of {size} bytes");
        // A link with the archive takes long enough that 10 samples do.
        let mut group = c.benchmark_group("link");
        group.sample_size(10);
        group.bench_function(name, |b| {
            b.iter(|| link_executable(&inputs, &system, &exe).unwrap())
        });
        group.finish();
    }
    println!(
        "runtime archive: {} bytes",
        silk_host::runtime_archive().len()
    );
    std::fs::remove_dir_all(&dir).ok();
}

criterion_group!(benches, link);
criterion_main!(benches);
