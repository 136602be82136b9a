//! The corpus of host programs: each `tests/data/programs/NAME.slk` is
//! built into an executable and run; its standard output must equal
//! `NAME.stdout`, its standard error `NAME.stderr` (empty when absent)
//! and its exit status `NAME.status` (0 when absent).
//! Under valgrind (when installed) each must also run without errors.

use silk_host::{build_executable, BuildError, Entry};
use silk_lang::{FsLoader, Options, Session};
use std::path::{Path, PathBuf};
use std::process::Command;

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("silk-host-programs");
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Build `path` into an executable, or the rendered diagnostics.
pub fn build(path: &Path, out: &Path) -> Result<(), String> {
    let mut session = Session::new(Options::default()).with_loader(Box::new(FsLoader));
    let text = std::fs::read_to_string(path).unwrap();
    session.add_file(path.display().to_string(), text);
    let program = session.check().map_err(|d| session.render(&d))?;
    build_executable(&program, session.source_map(), Entry::Main, &[], out).map_err(|e| match e {
        BuildError::Diagnostics(d) => session.render(&d),
        BuildError::Host(e) => e.to_string(),
    })
}

fn programs() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/programs");
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "slk"))
        .collect();
    v.sort();
    v
}

fn expected(p: &Path) -> (String, i32, String) {
    let read = |ext: &str| std::fs::read_to_string(p.with_extension(ext)).ok();
    let stdout = read("stdout").unwrap_or_default();
    let status = read("status")
        .map(|s| s.trim().parse().unwrap())
        .unwrap_or(0);
    let stderr = read("stderr").unwrap_or_default();
    (stdout, status, stderr)
}

#[test]
fn corpus_programs_print_and_exit_as_expected() {
    let mut failures = Vec::new();
    let all = programs();
    for p in &all {
        let name = p.file_stem().unwrap().to_string_lossy().into_owned();
        let exe = scratch(&name);
        if let Err(e) = build(p, &exe) {
            failures.push(format!("{name}: build failed:\n{e}"));
            continue;
        }
        let out = silk_testsupport::output(Command::new(&exe).arg("an-argument"));
        let (stdout, status, stderr) = expected(p);
        let got = String::from_utf8_lossy(&out.stdout);
        let got_err = String::from_utf8_lossy(&out.stderr);
        // Exactly the expected text; a trap's location names the file by
        // the path it was built from (this directory's).
        let dir = format!("{}/", p.parent().unwrap().display());
        if got != stdout
            || out.status.code() != Some(status)
            || got_err.strip_prefix(&dir).unwrap_or(&got_err) != stderr
        {
            failures.push(format!(
                "{name}: status {:?} (want {status})\n--- stdout\n{got}--- want\n{stdout}--- stderr\n{got_err}",
                out.status.code()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(all.len() >= 8, "the corpus has {} programs", all.len());
}

#[test]
fn corpus_programs_run_clean_under_valgrind() {
    if Command::new("valgrind").arg("--version").output().is_err() {
        println!("skipped: valgrind is not installed");
        return;
    }
    for p in programs() {
        let name = p.file_stem().unwrap().to_string_lossy().into_owned();
        let exe = scratch(&format!("vg-{name}"));
        build(&p, &exe).unwrap();
        let out = Command::new("valgrind")
            .args(["--error-exitcode=99", "--leak-check=no", "-q"])
            .arg(&exe)
            .arg("an-argument")
            .output()
            .unwrap();
        let (_, status, _) = expected(&p);
        assert_eq!(
            out.status.code(),
            Some(status),
            "{name} under valgrind: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// The deepest nesting the parser accepts (expressions and blocks) builds
/// and runs: the lowering recurses only as deep as the syntax tree.
#[test]
fn deepest_accepted_nesting_builds_and_runs() {
    let depth = 30;
    let expr = format!("{}1{}", "(1 + ".repeat(depth), ")".repeat(depth));
    let mut body = String::new();
    for _ in 0..depth {
        body.push_str("if true {\n");
    }
    body.push_str(&format!("total = total + {expr};\n"));
    for _ in 0..depth {
        body.push_str("}\n");
    }
    let src = format!("fn main () -> int {{\nvar total: int = 0;\n{body}return total;\n}}\n");
    let path = scratch("deep.slk");
    std::fs::write(&path, src).unwrap();
    let exe = scratch("deep");
    build(&path, &exe).unwrap();
    let out = silk_testsupport::output(&mut Command::new(&exe));
    assert_eq!(out.status.code(), Some(depth as i32 + 1));
}
