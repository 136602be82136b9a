//! The C ABI seen from C: compiles `tests/c/*.c` with the system C compiler
//! against `libsilk.a` and `include/silk.h`, then runs them.
//!
//! `libsilk.a` is built by running `cargo build -p silk-capi --lib` with the
//! cargo, profile, target directory and environment of this test run, and
//! located through cargo's own artifact report, so the test works in a clean
//! checkout and with `CARGO_TARGET_DIR`. The build is a no-op when the
//! library is already fresh (`cargo test` has just compiled its rlib with
//! the same inputs).

use std::path::{Path, PathBuf};
use std::process::Command;

/// The C compiler: `$CC`, else `cc`.
fn c_compiler() -> String {
    std::env::var("CC")
        .ok()
        .filter(|cc| !cc.is_empty())
        .unwrap_or_else(|| "cc".to_string())
}

fn c_compiler_or_skip(test: &str) -> Option<String> {
    let cc = c_compiler();
    match Command::new(&cc).arg("--version").output() {
        Ok(out) if out.status.success() => Some(cc),
        Ok(out) => {
            eprintln!(
                "SKIPPED {test}: C compiler `{cc}` does not work ({}); install one with `apt-get install -y gcc`",
                out.status
            );
            None
        }
        Err(e) => {
            eprintln!(
                "SKIPPED {test}: no C compiler `{cc}` ({e}); install one with `apt-get install -y gcc`"
            );
            None
        }
    }
}

/// Build `libsilk.a` and return its path.
fn build_libsilk() -> PathBuf {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.current_dir(env!("CARGO_MANIFEST_DIR")).args([
        "build",
        "--package",
        "silk-capi",
        "--lib",
        "--message-format=json-render-diagnostics",
    ]);
    // This test binary lives in <target>/<profile>/deps/.
    let exe = std::env::current_exe().expect("test binary path");
    let profile = exe
        .parent()
        .and_then(Path::parent)
        .and_then(Path::file_name)
        .and_then(|p| p.to_str())
        .unwrap_or("debug");
    if profile != "debug" {
        cmd.args(["--profile", profile]);
    }
    let out = cmd.output().expect("run cargo build for libsilk.a");
    assert!(
        out.status.success(),
        "cargo build -p silk-capi failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    for line in stdout.lines() {
        let Ok(message) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if message["reason"] != "compiler-artifact" || message["target"]["name"] != "silk" {
            continue;
        }
        let staticlib = message["filenames"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|f| f.as_str())
            .find(|f| f.ends_with(".a"));
        if let Some(path) = staticlib {
            return PathBuf::from(path);
        }
    }
    panic!("cargo build reported no staticlib for silk-capi:\n{stdout}");
}

/// Compile `tests/c/<source>` against libsilk.a and run it with `args`;
/// false when skipped (no C compiler).
fn run_c_test(source: &str, args: &[&std::ffi::OsStr]) -> bool {
    let test = format!("c_abi::{source}");
    let Some(cc) = c_compiler_or_skip(&test) else {
        return false;
    };
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let include = manifest.join("../../include");
    let libsilk = build_libsilk();
    let exe = Path::new(env!("CARGO_TARGET_TMPDIR")).join(source.trim_end_matches(".c"));
    let compile = Command::new(&cc)
        .args([
            "-std=c11",
            "-Wall",
            "-Wextra",
            "-Werror",
            "-pedantic",
            "-O1",
            "-I",
        ])
        .arg(&include)
        .arg(manifest.join("tests/c").join(source))
        .arg(&libsilk)
        .args(["-lpthread", "-ldl", "-lm", "-o"])
        .arg(&exe)
        .output()
        .expect("run the C compiler");
    assert!(
        compile.status.success(),
        "{cc} failed to build {source} against {}:\n{}",
        libsilk.display(),
        String::from_utf8_lossy(&compile.stderr)
    );
    let run = Command::new(&exe)
        .args(args)
        .output()
        .expect("run the C test program");
    let stdout = String::from_utf8_lossy(&run.stdout);
    let stderr = String::from_utf8_lossy(&run.stderr);
    println!("{stdout}{stderr}");
    assert!(
        run.status.success(),
        "{source} failed ({}):\n{stdout}{stderr}",
        run.status
    );
    assert!(
        stdout.contains(" checks, 0 failed"),
        "{source} did not report its checks:\n{stdout}"
    );
    true
}

#[test]
fn aql_and_entry_points_from_c() {
    run_c_test("aql_test.c", &[]);
}

/// The C program compiles a shipped kernel and assembles a corpus file;
/// the objects it writes must be byte-equal to what the library paths of
/// `silk build` and `silk asm` produce for the same input.
#[test]
fn code_objects_from_c() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let kernel = repo.join("examples/kernels/threshold.slk");
    let assembly = repo.join("crates/silk-amdgpu/tests/data/hip/asm/vector_add-gfx1100.s");
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("code_object_test.out");
    std::fs::create_dir_all(&out).unwrap();
    let _ = std::fs::remove_file(out.join("kernel.hsaco"));
    let _ = std::fs::remove_file(out.join("asm.hsaco"));
    let processor = "gfx942";
    let ran = run_c_test(
        "code_object_test.c",
        &[
            kernel.as_os_str(),
            processor.as_ref(),
            assembly.as_os_str(),
            out.as_os_str(),
        ],
    );
    if !ran {
        return;
    }
    let text = std::fs::read_to_string(&kernel).unwrap();
    let (_, built) = silk_driver::build_sources(&[("kernel.slk", &text)], false, processor)
        .unwrap_or_else(|(session, diags)| panic!("{}", session.render(&diags)));
    let from_c = std::fs::read(out.join("kernel.hsaco")).unwrap();
    assert!(
        from_c == built.bytes,
        "the kernel compiled from C differs from silk_driver"
    );
    let text = std::fs::read_to_string(&assembly).unwrap();
    let expected = silk_amdgpu::asm::assemble_file(&text, "kernel.s", None).unwrap();
    let from_c = std::fs::read(out.join("asm.hsaco")).unwrap();
    assert!(
        from_c == expected,
        "the object assembled from C differs from silk_amdgpu::asm::assemble_file"
    );
    // LLVM reads both as AMDGPU code objects for their processors.
    let Some(readelf) =
        silk_testsupport::llvm::tool_or_skip("llvm-readelf", "c_abi::code_objects_from_c")
    else {
        return;
    };
    for (file, target_id) in [
        ("kernel.hsaco", "amdgcn-amd-amdhsa--gfx942"),
        ("asm.hsaco", "amdgcn-amd-amdhsa--gfx1100"),
    ] {
        let run = Command::new(&readelf)
            .args(["-h", "-n"])
            .arg(out.join(file))
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&run.stdout);
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(
            run.status.success() && stderr.trim().is_empty(),
            "llvm-readelf {file}: {stderr}"
        );
        assert!(stdout.contains("EM_AMDGPU"), "{file}:\n{stdout}");
        assert!(
            stdout.contains(&format!("amdhsa.target:   {target_id}")),
            "{file}:\n{stdout}"
        );
    }
}
