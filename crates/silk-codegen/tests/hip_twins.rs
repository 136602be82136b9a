//! The HIP twins of the corpus kernels (`tests/data/hip/<kernel>.hip`),
//! generated from the `.sir` by `hip_twin::translate`:
//!
//! - `twins_are_current`: every checked-in twin equals the translation of
//!   its kernel (`SILK_BLESS=1` rewrites them; `regen.sh` does that and
//!   then regenerates clang's counts);
//! - `twins_compiled_by_clang_match_the_corpus_references` (LLVM 22): each
//!   twin compiled by clang-22 -O3 runs in the emulator with the corpus
//!   case and gives the corpus's expected results, so a twin computes what
//!   its kernel computes.

mod emu_case;
mod hip_twin;

use silk_amdgpu::target::Processor;
use silk_testsupport::corpus;
use silk_testsupport::llvm::tool_or_skip;
use std::path::PathBuf;

const PROCESSORS: [Processor; 3] = [Processor::Gfx942, Processor::Gfx1100, Processor::Gfx1151];

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/hip")
}

/// The twin of corpus kernel `k`.
fn twin(k: &corpus::CorpusKernel) -> String {
    let m = k.module().unwrap();
    hip_twin::translate(&m, &format!("silk-gpu-ir/tests/kernels/{}", k.file_name()))
        .unwrap_or_else(|e| panic!("{}: no HIP twin: {e}", k.name))
}

#[test]
fn twins_are_current() {
    let bless = std::env::var("SILK_BLESS").is_ok_and(|v| v == "1");
    let mut stale = Vec::new();
    for k in corpus::kernels() {
        let text = twin(&k);
        let path = data_dir().join(format!("{}.hip", k.name));
        if bless {
            std::fs::write(&path, &text).unwrap();
        } else if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
            stale.push(k.name);
        }
    }
    assert!(
        stale.is_empty(),
        "HIP twins missing or stale (run `SILK_BLESS=1 cargo test -p silk-codegen --test hip_twins twins_are_current`, then tests/data/hip/regen.sh): {stale:?}"
    );
}

/// Twins whose clang objects do not yet run right in the emulator (all
/// three processors unless a processor is named), with what was seen. Each
/// twin's C was checked to compute what its kernel defines; the reasons
/// are emulator gaps, for the emulator engineer. A listed pair that passes
/// fails the test.
const KNOWN_FAILURES: &[(&str, Option<Processor>, &str)] = &[];

fn listed(name: &str, p: Processor) -> bool {
    KNOWN_FAILURES
        .iter()
        .any(|&(n, lp, _)| n == name && lp.is_none_or(|lp| lp == p))
}

#[test]
fn twins_compiled_by_clang_match_the_corpus_references() {
    let name = "twins_compiled_by_clang_match_the_corpus_references";
    let Some(clang) = tool_or_skip("clang", name) else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("silk-hip-twins-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut failures = Vec::new();
    let mut ran = 0;
    for k in corpus::kernels() {
        let hip = dir.join(format!("{}.hip", k.name));
        std::fs::write(&hip, twin(&k)).unwrap();
        for p in PROCESSORS {
            let obj = dir.join(format!("{}-{}.hsaco", k.name, p.name()));
            let r = emu_case::clang_compile(&clang, &hip, p, &obj).and_then(|()| {
                let bytes = std::fs::read(&obj).map_err(|e| e.to_string())?;
                emu_case::run_and_check(&(k.case)(), k.name, p, &bytes)
            });
            ran += 1;
            match (r, listed(k.name, p)) {
                (Ok(()), false) => {}
                (Ok(()), true) => failures.push(format!(
                    "{} {p} passes now: remove it from KNOWN_FAILURES",
                    k.name
                )),
                (Err(e), true) => println!("known failure: twin of {} on {p}: {e}", k.name),
                (Err(e), false) => {
                    println!("FAIL: twin of {} on {p}: {e}", k.name);
                    failures.push(format!("{} {p}: {e}", k.name));
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    println!("{ran} twin runs, {} unexpected results", failures.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
