//! `silk build --target linux-x86_64`, `silk run` and `silk test` as a
//! user runs them, and the exact errors of the application build rules.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("silk-app")
        .join(name);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn silk_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_silk"))
        .current_dir(dir)
        .args(args)
        .env_remove("SILK_GPU_PROVIDER")
        .output()
        .unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

const HELLO: &str = "import { println, print_int } from \"std/io\";\n\
fn main (argc: int, argv: u64) -> int {\n  println(\"hello\");\n  print_int(argc);\n  println(\"\");\n  return 40 + argc;\n}\n";

const KERNEL: &str = "import { store_u32_at_global_x } from \"std/gpu/device\";\n\n\
attr(device=gpu)\nfn fill (output: u64, value: u64) {\n  store_u32_at_global_x(output, value);\n}\n\n\
fn main () -> int {\n  return 0;\n}\n";

#[test]
fn build_then_run_a_host_only_program() {
    let dir = scratch("build");
    std::fs::write(dir.join("hello.slk"), HELLO).unwrap();
    let o = silk_in(
        &dir,
        &[
            "build",
            "hello.slk",
            "-o",
            "hello",
            "--target",
            "linux-x86_64",
        ],
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let run = Command::new(dir.join("hello"))
        .args(["x", "y"])
        .output()
        .unwrap();
    assert_eq!(text(&run.stdout), "hello\n3\n");
    assert_eq!(run.status.code(), Some(43));
}

#[test]
fn run_passes_arguments_and_the_exit_status_through() {
    let dir = scratch("run");
    std::fs::write(dir.join("hello.slk"), HELLO).unwrap();
    let o = silk_in(&dir, &["run", "hello.slk", "--", "a", "b", "c"]);
    assert_eq!(text(&o.stdout), "hello\n4\n", "{}", text(&o.stderr));
    assert_eq!(o.status.code(), Some(44));
}

#[test]
fn test_runs_each_block_and_reports_failures() {
    let dir = scratch("test");
    std::fs::write(
        dir.join("t.slk"),
        "fn double (x: int) -> int {\n  return x * 2;\n}\n\n\
         test \"doubling works\" {\n  assert(double(2) == 4, \"2 * 2\");\n}\n\n\
         test \"overflow traps\" {\n  assert(double(9223372036854775807) > 0);\n}\n\n\
         test \"false assert\" {\n  assert(double(1) == 3, \"one doubled is not three\");\n}\n",
    )
    .unwrap();
    let o = silk_in(&dir, &["test", "t.slk"]);
    assert_eq!(
        text(&o.stdout),
        "running 3 tests\n\
         test doubling works ... ok\n\
         test overflow traps ... FAILED (status 101)\n\
         t.slk:2:10: trap: integer overflow: `*` on `int`\n\
         test false assert ... FAILED (status 101)\n\
         t.slk:14:3: trap: assertion failed: one doubled is not three\n\
         test result: FAILED. 1 passed; 2 failed; 0 filtered out\n"
    );
    assert_eq!(o.status.code(), Some(1));
    let o = silk_in(&dir, &["test", "t.slk", "--filter", "doubling"]);
    assert!(o.status.success());
    assert!(text(&o.stdout).ends_with("test result: ok. 1 passed; 0 failed; 2 filtered out\n"));
}

fn build_err(name: &str, src: &str, args: &[&str]) -> String {
    let dir = scratch(name);
    std::fs::write(dir.join("app.slk"), src).unwrap();
    let mut all = vec!["build", "app.slk", "-o", "app"];
    all.extend_from_slice(args);
    let o = silk_in(&dir, &all);
    assert!(!o.status.success());
    text(&o.stderr)
}

#[test]
fn gpu_functions_need_a_gpu_target() {
    assert_eq!(
        build_err("no-gpu-target", KERNEL, &["--target", "linux-x86_64"]),
        "error[E4001]: `fill` is a GPU function, but this executable is built without `--gpu-target`\n \
         --> app.slk:4:4\n  |\n4 | fn fill (output: u64, value: u64) {\n  |    ^^^^ `attr(device=gpu)` function\n  \
         = help: add `--gpu-target amdgcn-amd-amdhsa-gfx942` (or your GPU's processor) to embed its code object\n\
         error: could not build `app.slk` due to 1 previous error\n"
    );
}

#[test]
fn gpu_target_needs_the_host_target_and_an_executable() {
    assert_eq!(
        build_err("gpu-on-amdgpu", KERNEL, &["--target", "gfx942", "--gpu-target", "gfx942"]),
        "error[E4001]: `--gpu-target gfx942` needs `--target linux-x86_64`, not `--target gfx942`\n  \
         = help: the GPU bundle is embedded in a host executable: build with `--target linux-x86_64 --gpu-target ...`\n\
         error: could not build `app.slk` due to 1 previous error\n"
    );
    assert_eq!(
        build_err(
            "gpu-object",
            KERNEL,
            &["--target", "linux-x86_64", "--kind", "object", "--gpu-target", "gfx942"]
        ),
        "error[E4001]: `--gpu-target` needs `--kind executable`, not `--kind object`\n  \
         = help: the GPU bundle is embedded in an executable; `--emit gpu-objects` writes the code objects alone\n\
         error: could not build `app.slk` due to 1 previous error\n"
    );
}

#[test]
fn gpu_target_with_only_helpers_says_no_launchable_entry_exists() {
    let err = build_err(
        "helpers-only",
        "attr(device=gpu)\nfn helper (x: u64) -> u64 {\n  return x + 1;\n}\n\nfn main () -> int {\n  return 0;\n}\n",
        &["--target", "linux-x86_64", "--gpu-target", "gfx942"],
    );
    assert!(
        err.starts_with("error[E4001]: no launchable entry exists"),
        "{err}"
    );
    assert!(err.contains(" --> app.slk:2:4\n"), "{err}");
}

#[test]
fn a_host_backend_limit_is_a_located_error() {
    let err = build_err(
        "huge-array",
        "fn main () -> int {\n  let a: u128 = 3;\n  var b: u8[5000];\n  return 0;\n}\n",
        &["--target", "linux-x86_64"],
    );
    assert!(
        err.starts_with(
            "error[E4001]: arrays of more than 4096 scalar values are not supported by the host backend\n --> app.slk:3:3\n"
        ),
        "{err}"
    );
}
