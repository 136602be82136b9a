//! Every corpus kernel parses, verifies, round-trips through the printer,
//! and produces the plain-Rust reference results in the interpreter.

use silk_gpu_ir::{parse_module, print_module};
use silk_testsupport::corpus;

#[test]
fn corpus_has_at_least_thirty_kernels() {
    let ks = corpus::kernels();
    assert!(ks.len() >= 30, "only {} kernels", ks.len());
    let mut names: Vec<_> = ks.iter().map(|k| k.name).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), ks.len(), "duplicate kernel names");
}

#[test]
fn corpus_kernels_match_references_in_the_interpreter() {
    let mut failures = vec![];
    for k in corpus::kernels() {
        match corpus::run_in_interpreter(&k) {
            Ok(stats) => assert!(stats.workitems > 0, "{}: no work-items ran", k.name),
            Err(e) => failures.push(format!("{}: {e}", k.name)),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn corpus_kernels_round_trip_through_text() {
    for k in corpus::kernels() {
        let m = k.module().unwrap_or_else(|e| panic!("{}: {e}", k.name));
        let text = print_module(&m);
        let again = parse_module(&k.file_name(), &text)
            .unwrap_or_else(|e| panic!("{}: {e}\n{text}", k.name));
        assert_eq!(m, again, "{}: parse(print(m)) != m", k.name);
        assert_eq!(
            text,
            print_module(&again),
            "{}: printing is not stable",
            k.name
        );
    }
}

#[test]
fn every_kernel_file_is_in_the_corpus() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kernels");
    let names: Vec<String> = corpus::kernels().iter().map(|k| k.file_name()).collect();
    for e in std::fs::read_dir(&dir).expect("tests/kernels exists") {
        let name = e
            .expect("dir entry")
            .file_name()
            .to_string_lossy()
            .into_owned();
        if name.ends_with(".sir") {
            assert!(
                names.contains(&name),
                "{name} is not listed in corpus::kernels()"
            );
        }
    }
}
