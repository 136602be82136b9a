//! `silk check` seen from outside.

use std::process::Command;

fn silk(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_silk"))
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn checks_a_shipped_kernel_for_a_target() {
    let (ok, out, err) = silk(&[
        "check",
        "--nostd",
        "--target",
        "gfx942",
        "examples/kernels/add.slk",
    ]);
    assert!(ok, "{err}");
    assert_eq!(
        out,
        "kernel `add` for amdgcn-amd-amdhsa-gfx942: 0 parameter(s), 5 operation(s)\n"
    );
}

#[test]
fn follows_file_imports() {
    let (ok, out, err) = silk(&["check", "--target", "gfx1100", "examples/multi/kernel.slk"]);
    assert!(ok, "{err}");
    assert!(out.starts_with("kernel `fill_tail`"), "{out}");
}

#[test]
fn reports_diagnostics_and_fails() {
    let (ok, _, err) = silk(&[
        "check",
        "--nostd",
        "--target",
        "gfx1100",
        "examples/kernels/all_intrinsics_gfx942.slk",
    ]);
    assert!(!ok);
    assert!(
        err.contains(
            "error[E4001]: AMDGPU source intrinsic is not supported on this AMDGPU processor"
        ),
        "{err}"
    );
    assert!(
        err.contains(" --> examples/kernels/all_intrinsics_gfx942.slk:28:3"),
        "{err}"
    );
    assert!(
        err.ends_with("error: could not check the program due to 1 previous error\n"),
        "{err}"
    );

    let (ok, _, err) = silk(&["check", "--target", "gfx9000", "examples/kernels/fill.slk"]);
    assert!(!ok);
    assert!(
        err.starts_with("error[E4001]: unknown AMDGPU target `gfx9000`"),
        "{err}"
    );

    let (ok, _, err) = silk(&["check", "no/such/file.slk"]);
    assert!(!ok);
    assert!(err.contains("cannot read `no/such/file.slk`"), "{err}");
}

#[test]
fn host_mode_check() {
    // `attr(device=gpu)` functions may use `std::gpu::isa` in a host program.
    let (ok, out, err) = silk(&["check", "examples/kernels/isa_wrappers.slk"]);
    assert!(ok, "{err}");
    assert!(out.is_empty());
    // Without an AMDGPU target, an unannotated function is host code.
    let (ok, _, err) = silk(&["check", "examples/kernels/fill.slk"]);
    assert!(!ok);
    assert!(
        err.contains("error[E4001]: device operation `store_u32_at_global_x` cannot be called from host code"),
        "{err}"
    );
}
