//! `silk hip-run`: a HIP application on the emulator through silk-hip.

use std::path::{Path, PathBuf};
use std::process::Command;

fn silk() -> Command {
    Command::new(env!("CARGO_BIN_EXE_silk"))
}

#[test]
fn a_missing_library_or_unknown_device_is_a_clear_error() {
    let r = silk()
        .args([
            "hip-run",
            "--library",
            "/nonexistent/libsilk_hip.so",
            "/bin/true",
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(
        !r.status.success() && err.contains("does not exist"),
        "{err}"
    );
    let r = silk()
        .args(["hip-run", "--device", "gfx90a", "/bin/true"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(!r.status.success() && err.contains("gfx90a"), "{err}");
}

/// The silk-hip library next to the `silk` under test, when it was built.
fn silk_hip_library() -> PathBuf {
    // A test build leaves the cdylib in `deps/`; `cargo build` copies it up.
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_silk"));
    [
        bin.with_file_name("deps").join("libsilk_hip.so"),
        bin.with_file_name("libsilk_hip.so"),
    ]
    .into_iter()
    .find(|p| p.exists())
    .unwrap_or_default()
}

/// `silk check hip-runtime` passes every mode against the emulator library,
/// on each processor, with skips made failures.
#[test]
fn every_hip_runtime_check_mode_passes_on_the_emulator_library() {
    let lib = silk_hip_library();
    if !lib.is_file() {
        eprintln!("skipped: needs a built libsilk_hip.so (cargo build -p silk-hip)");
        return;
    }
    for device in ["gfx942", "gfx1100", "gfx1151"] {
        let r = silk()
            .args(["check", "hip-runtime"])
            .env("SILK_HIP_LIBRARY", &lib)
            .env("SILK_HIP_DEVICE", device)
            .env("SILK_AMDGPU_HIP_REQUIRE", "1")
            .env_remove("AMDGPU_TARGET")
            .env_remove("SILK_AMDGPU_HIP_MODE")
            .output()
            .unwrap();
        let out =
            String::from_utf8_lossy(&r.stdout).into_owned() + &String::from_utf8_lossy(&r.stderr);
        assert!(r.status.success(), "{device}: {out}");
        assert!(
            out.contains("passed: hip-runtime: alloc, launch-only, device-fill, memset, vector-add, pinned-vector-add passed"),
            "{device}: {out}"
        );
    }
}

#[test]
fn runs_a_clang_built_hip_program() {
    let clang = Path::new("/usr/lib/llvm-22/bin/clang");
    let lib = silk_hip_library();
    if !clang.exists() || !lib.is_file() {
        eprintln!("skipped: needs clang-22 and a built libsilk_hip.so (cargo build -p silk-hip)");
        return;
    }
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../silk-hip/tests/data/vector_add.hip");
    let dir = std::env::temp_dir().join(format!("silk-cli-hip-run-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (o, exe) = (dir.join("va.o"), dir.join("va"));
    let r = Command::new(clang)
        .args([
            "-x",
            "hip",
            "--offload-arch=gfx1100",
            "-nogpulib",
            "-nogpuinc",
            "-O2",
            "-c",
        ])
        .arg(&data)
        .arg("-o")
        .arg(&o)
        .output()
        .unwrap();
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    // Linked against the library itself (its soname and versions are
    // ROCm's), so no ROCm is needed at build time.
    let r = Command::new(clang)
        .arg(&o)
        .arg("-o")
        .arg(&exe)
        .arg(&lib)
        .output()
        .unwrap();
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let r = silk()
        .args(["hip-run", "--device", "gfx1100", "--library"])
        .arg(&lib)
        .arg(&exe)
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&r.stdout);
    assert!(
        r.status.success() && out.contains("arch gfx1100") && out.contains("OK vector_add"),
        "{out}{}",
        String::from_utf8_lossy(&r.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
