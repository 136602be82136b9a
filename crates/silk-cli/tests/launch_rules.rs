//! Every launch-form and host-boundary rule, through `silk build --target
//! linux-x86_64 --gpu-target gfx942` as a user meets it: the exact
//! message and the location it points at (the target call or option,
//! never the generated `launch_and_synchronize`).

use std::path::Path;
use std::process::Command;

const PRELUDE: &str = "import { store_u32_at_global_x, global_id_x } from \"std/gpu/device\";\n\
attr(device=gpu)\nfn fill (output: u64, value: u64) {\n  store_u32_at_global_x(output, value);\n}\n\
attr(device=gpu)\nfn helper (x: u64) -> u64 {\n  return x;\n}\n\
fn host () { }\n\
fn main () -> int {\n";

/// The first error (message and ` --> ` line) of building `line` as the
/// first statement of `main` (line 12).
fn first_error(name: &str, line: &str, extra: &[&str]) -> (String, String) {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("launch-rules");
    std::fs::create_dir_all(&dir).unwrap();
    let file = format!("{name}.slk");
    std::fs::write(
        dir.join(&file),
        format!("{PRELUDE}{line}\n  return 0;\n}}\n"),
    )
    .unwrap();
    let mut args = vec![
        "build",
        &file,
        "-o",
        name,
        "--target",
        "linux-x86_64",
        "--gpu-target",
        "gfx942",
    ];
    args.extend_from_slice(extra);
    let o = Command::new(env!("CARGO_BIN_EXE_silk"))
        .current_dir(&dir)
        .args(&args)
        .output()
        .unwrap();
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    let mut lines = err.lines();
    let first = lines.next().unwrap_or_default().to_string();
    let at = lines.next().unwrap_or_default().trim().to_string();
    (first, at)
}

fn check(name: &str, line: &str, message: &str, at: &str) {
    let (m, a) = first_error(name, line, &[]);
    assert_eq!((m.as_str(), a.as_str()), (message, at), "{name}");
}

#[test]
fn body_with_two_calls() {
    check(
        "two-calls",
        "  gpu (grid=4, workspace=4) { fill(1, 2); fill(3, 4); }",
        "error[E0001]: `gpu` launch block body must contain exactly one call",
        "--> two-calls.slk:12:43",
    );
}

#[test]
fn qualified_call() {
    check(
        "qualified",
        "  gpu (grid=4, workspace=4) { app::fill(1, 2); }",
        "error[E0001]: qualified calls cannot be launch targets; import the entry and call it by name",
        "--> qualified.slk:12:31",
    );
}

#[test]
fn non_entry_helper() {
    check(
        "helper",
        "  gpu (grid=4, workspace=4) { helper(1); }",
        "error[E4001]: `helper` is a GPU helper, not a launchable entry",
        "--> helper.slk:12:31",
    );
}

#[test]
fn host_function_target() {
    check(
        "host-target",
        "  gpu (grid=4, workspace=4) { host(); }",
        "error[E4001]: `host` is not a GPU function",
        "--> host-target.slk:12:31",
    );
}

#[test]
fn repeated_and_missing_options() {
    check(
        "options",
        "  gpu (grid=4, grid=4) { fill(1, 2); }",
        "error[E0001]: `gpu` launch block is missing the `workspace` option",
        "--> options.slk:12:3",
    );
}

#[test]
fn device_operation_called_from_host() {
    check(
        "device-op",
        "  let i: u64 = global_id_x();",
        "error[E4001]: device operation `global_id_x` cannot be called from host code",
        "--> device-op.slk:12:16",
    );
}

#[test]
fn gpu_function_called_directly() {
    check(
        "direct",
        "  fill(1, 2);",
        "error[E4001]: GPU function `fill` cannot be called directly from host code",
        "--> direct.slk:12:3",
    );
}

#[test]
fn launch_blocks_need_the_standard_library() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("launch-rules");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("nostd.slk"),
        "attr(device=gpu)\nfn entry () { }\n\nfn main () -> int {\n  gpu (grid=1, workspace=1) { entry(); }\n  return 0;\n}\n",
    )
    .unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_silk"))
        .current_dir(&dir)
        .args([
            "build",
            "nostd.slk",
            "-o",
            "nostd",
            "--nostd",
            "--target",
            "linux-x86_64",
            "--gpu-target",
            "gfx942",
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.starts_with(
            "error[E4001]: `gpu` launch blocks require the standard library\n --> nostd.slk:5:3\n"
        ),
        "{err}"
    );
}
