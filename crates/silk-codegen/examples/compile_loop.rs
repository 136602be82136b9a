//! Compiles every corpus kernel that compiles, for gfx942 and gfx1100,
//! `N` times (default 50): a steady workload for a profiler.
//!
//!   cargo build --profile profiling -p silk-codegen --example compile_loop
//!   valgrind --tool=callgrind target/profiling/examples/compile_loop 5 [kernel]

use silk_amdgpu::target::{Processor, Target};
use silk_testsupport::corpus;

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(50);
    // A second argument keeps only that kernel (`saxpy`).
    let only = std::env::args().nth(2);
    let modules: Vec<_> = corpus::kernels()
        .iter()
        .filter(|k| only.as_deref().is_none_or(|o| k.name == o))
        .filter_map(|k| k.module().ok())
        .collect();
    let targets = [
        Target::new(Processor::Gfx942),
        Target::new(Processor::Gfx1100),
    ];
    let mut compiled = 0usize;
    let start = std::time::Instant::now();
    for _ in 0..rounds {
        for m in &modules {
            for t in &targets {
                if silk_codegen::compile_module(m, t).is_ok() {
                    compiled += 1;
                }
            }
        }
    }
    let us = start.elapsed().as_secs_f64() * 1e6 / compiled.max(1) as f64;
    println!("{compiled} compilations, {us:.1} us each on average");
}
