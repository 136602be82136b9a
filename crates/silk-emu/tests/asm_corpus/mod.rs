//! The clang asm corpus (`silk-amdgpu/tests/data/hip`, one `MANIFEST.txt`
//! line per kernel) and a CPU reference for every kernel in it: a module
//! per HIP source file, each listing its kernels' references in `REFS`.

pub mod harness;

mod atomic_cas;
mod atomics;
mod big_unrolled;
mod bitops;
mod bpermute;
mod calls;
mod convert;
mod dispatch;
mod divergent;
mod dpp;
mod dynamic_stack;
mod ew_float;
mod ew_int;
mod f16_math;
mod gather;
mod globals;
mod hidden_args;
mod index;
mod lds;
mod loops;
mod matmul_tiled;
mod mfma;
mod multi;
mod multi_call;
mod readlane;
mod reduce;
mod saxpy;
mod scratch;
mod select;
mod softmax;
mod structs;
mod swizzle;
mod transcendental;
mod vec_mem;
mod wmma;

use harness::Check;
use silk_amdgpu::target::Processor;

/// The corpus's objects (`SILK_ASM_OBJECTS=DIR` points at another copy),
/// or `None`, saying so, when it is not present.
pub fn dir() -> Option<String> {
    let d = std::env::var("SILK_ASM_OBJECTS").unwrap_or_else(|_| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../silk-amdgpu/tests/data/hip/asm"
        )
        .to_string()
    });
    if std::path::Path::new(&d).is_dir() {
        Some(d)
    } else {
        eprintln!("skipped: the asm corpus ({d}) is not present");
        None
    }
}

/// The processors and their wavefront sizes.
pub const PROCS: [(Processor, &str, usize); 3] = [
    (Processor::Gfx942, "gfx942", 64),
    (Processor::Gfx1100, "gfx1100", 32),
    (Processor::Gfx1151, "gfx1151", 32),
];

/// One `MANIFEST.txt` line: source, processors, kernel name and its
/// parameters as (type, name).
pub struct Manifest {
    pub source: String,
    pub processors: Vec<String>,
    pub kernel: String,
    pub params: Vec<(String, String)>,
}

pub fn manifest(d: &str) -> Vec<Manifest> {
    let text = std::fs::read_to_string(format!("{d}/../MANIFEST.txt")).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let (kernel, rest) = f[2].split_once('(').unwrap();
            let params = rest
                .trim_end_matches(')')
                .split(',')
                .map(str::trim)
                .filter(|p| !p.is_empty())
                .map(|p| {
                    let (ty, name) = p.rsplit_once([' ', '*']).unwrap();
                    let pointer = p.contains('*');
                    let ty = ty.trim().trim_start_matches("const ").to_string();
                    (
                        if pointer { format!("{ty}*") } else { ty },
                        name.to_string(),
                    )
                })
                .collect();
            Manifest {
                // `mfma.gfx942.hip` is built as `mfma-gfx942`.
                source: f[0].split('.').next().unwrap().to_string(),
                processors: f[1].split(' ').map(String::from).collect(),
                kernel: kernel.to_string(),
                params,
            }
        })
        .collect()
}

/// Every kernel's reference, by kernel name.
pub fn references() -> Vec<(&'static str, Check)> {
    [
        atomic_cas::REFS,
        atomics::REFS,
        big_unrolled::REFS,
        bitops::REFS,
        bpermute::REFS,
        calls::REFS,
        convert::REFS,
        dispatch::REFS,
        divergent::REFS,
        dpp::REFS,
        dynamic_stack::REFS,
        ew_float::REFS,
        ew_int::REFS,
        f16_math::REFS,
        gather::REFS,
        globals::REFS,
        hidden_args::REFS,
        index::REFS,
        lds::REFS,
        loops::REFS,
        matmul_tiled::REFS,
        mfma::REFS,
        multi::REFS,
        multi_call::REFS,
        readlane::REFS,
        reduce::REFS,
        saxpy::REFS,
        scratch::REFS,
        select::REFS,
        softmax::REFS,
        structs::REFS,
        swizzle::REFS,
        transcendental::REFS,
        vec_mem::REFS,
        wmma::REFS,
    ]
    .concat()
}
