//! Repeats one in-process build of `silk-cli/benches/build.rs` for instruction
//! counts under callgrind (the machine is shared, so wall time is noisy):
//!
//!   cargo build --profile profiling -p silk-driver --example build_loop
//!   valgrind --tool=callgrind --toggle-collect='*build_loop*one_build*' \
//!     target/profiling/examples/build_loop fill gfx1100 10
//!
//! Workloads: `minimal` (the spec's minimal gfx942 kernel), `add` (no std),
//! `fill` (with std). Instructions per build = total / iterations. A
//! fourth argument writes the object there.

use silk_driver::build_sources;
use std::hint::black_box;

const ADD: &str = include_str!("../../../examples/kernels/add.slk");
const FILL: &str = include_str!("../../../examples/kernels/fill.slk");
const MINIMAL: &str = include_str!("../../../examples/kernels/spec_minimal.slk");

#[inline(never)]
fn one_build(name: &str, src: &str, nostd: bool, target: &str) -> usize {
    let (_, built) = build_sources(&[(name, black_box(src))], nostd, target)
        .map_err(|_| "build failed")
        .unwrap();
    built.bytes.len()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let work = args.get(1).map_or("add", String::as_str);
    let target = args.get(2).map_or("gfx942", String::as_str);
    let n: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(10);
    let (name, src, nostd) = match work {
        "minimal" => ("kernel.slk", MINIMAL, true),
        "add" => ("add.slk", ADD, true),
        "fill" => ("fill.slk", FILL, false),
        _ => panic!("workload: minimal, add or fill"),
    };
    let mut bytes = 0;
    for _ in 0..n {
        bytes = black_box(one_build(name, src, nostd, target));
    }
    println!("{work} {target}: {bytes} bytes");
    // An output path: the object, to compare with the golden files.
    if let Some(out) = args.get(4) {
        let (_, built) = build_sources(&[(name, src)], nostd, target)
            .map_err(|_| "build failed")
            .unwrap();
        std::fs::write(out, built.bytes).unwrap();
    }
}
