//! Differential test: every corpus kernel that silk-codegen compiles runs in
//! the emulator (`silk-emu`, strict mode) on gfx942, gfx1100 and gfx1151
//! with the corpus case's launch geometry, buffers and arguments, and
//! `Case::check` must accept the final buffers, exactly as it does for the
//! reference interpreter (`silk_testsupport::corpus::run_in_interpreter`).
//!
//! Kernels that do not compile for a processor are out of scope here (the
//! compile coverage is `tests/corpus.rs`). Kernels that compile but fault or
//! produce wrong results are listed in [`KNOWN_FAILURES`]; the list is a
//! ratchet in both directions: an unlisted failing pair fails the test, and
//! a listed pair that passes fails the test until it is removed from the
//! list. Each failure prints one line with its reason.

mod emu_case;

use silk_amdgpu::target::{Processor, Target};
use silk_testsupport::corpus;

const PROCESSORS: [Processor; 3] = [Processor::Gfx942, Processor::Gfx1100, Processor::Gfx1151];

/// (kernel, processor) pairs that compile but currently fail in the
/// emulator, with the observed reason. Each is a compiler or emulator bug to
/// fix; remove the entry when it passes.
const KNOWN_FAILURES: &[(&str, Processor, &str)] = &[];

/// Run one compiled kernel on one processor; `Err` is a one-line reason.
fn run(k: &corpus::CorpusKernel, p: Processor, obj: &[u8]) -> Result<(), String> {
    emu_case::run_and_check(&(k.case)(), k.name, p, obj)
}

#[test]
fn compiled_kernels_match_the_interpreter_in_the_emulator() {
    let mut passed = Vec::new();
    let mut problems = Vec::new();
    let mut not_compiled = Vec::new();
    let mut ran = 0;
    for k in corpus::kernels() {
        let m = k.module().unwrap();
        for p in PROCESSORS {
            let t = Target::new(p);
            let Ok(ks) = silk_codegen::compile_module(&m, &t) else {
                not_compiled.push(format!("{} {p}", k.name));
                continue;
            };
            let obj = silk_codegen::code_object(&t, &ks).unwrap();
            ran += 1;
            let result = run(&k, p, &obj);
            let listed = KNOWN_FAILURES
                .iter()
                .any(|&(n, lp, _)| n == k.name && lp == p);
            match (result, listed) {
                (Ok(()), false) => passed.push(format!("{} {p}", k.name)),
                (Ok(()), true) => problems.push(format!(
                    "{} on {p} passes now: remove it from the list KNOWN_FAILURES",
                    k.name
                )),
                (Err(why), true) => println!("known failure: {} on {p}: {why}", k.name),
                (Err(why), false) => {
                    println!("FAIL: {} on {p}: {why}", k.name);
                    problems.push(format!("{} on {p} fails: {why}", k.name));
                }
            }
        }
    }
    println!(
        "{} of {ran} compiled (kernel, processor) pairs pass:",
        passed.len()
    );
    for s in &passed {
        println!("  pass: {s}");
    }
    println!("not compiled (not run): {}", not_compiled.join(", "));
    assert!(ran > 0, "no corpus kernel compiled");
    for &(n, _, _) in KNOWN_FAILURES {
        assert!(
            corpus::find(n).is_some(),
            "KNOWN_FAILURES names {n}, which is not in the corpus"
        );
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// GFX11 wave64: every corpus kernel that compiles for wave32 on gfx1100
/// compiles for wave64 too (64-bit lane masks, EXEC and VCC pairs, the
/// `_b64` scalar forms, `.amdhsa_wavefront_size32 0`), and runs in the
/// strict emulator (which takes the wave size from the descriptor) to
/// the results `Case::check` accepts.
#[test]
fn gfx11_wave64_kernels_match_the_interpreter_in_the_emulator() {
    let w32 = Target::new(Processor::Gfx1100);
    let w64 = w32.with_wavefront_size(64).unwrap();
    let mut problems = Vec::new();
    let mut ran = 0;
    for k in corpus::kernels() {
        let m = k.module().unwrap();
        if silk_codegen::compile_module(&m, &w32).is_err() {
            continue;
        }
        let ks = match silk_codegen::compile_module(&m, &w64) {
            Ok(ks) => ks,
            Err(e) => {
                problems.push(format!("{} does not compile for wave64: {e}", k.name));
                continue;
            }
        };
        let obj = silk_codegen::code_object(&w64, &ks).unwrap();
        let parsed = silk_amdgpu::code_object::read(&obj).unwrap();
        assert!(
            parsed.kernels.iter().all(|k| !k.config.wavefront_size32),
            "{}: descriptor says wave32",
            k.name
        );
        ran += 1;
        if let Err(why) = run(&k, Processor::Gfx1100, &obj) {
            problems.push(format!("{} on gfx1100 wave64 fails: {why}", k.name));
        }
    }
    println!("{ran} corpus kernels ran in gfx1100 wave64");
    assert!(ran > 20, "only {ran} corpus kernels compiled for wave64");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
