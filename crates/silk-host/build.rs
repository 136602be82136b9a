//! Builds the runtime archive `libsilk_rt.a` (crate `silk-rt`) that Silk
//! executables link, so that building `silk` produces everything a link
//! needs. Cargo's artifact dependencies are unstable, so this runs a nested
//! `cargo build -p silk-rt` in its own target directory under `OUT_DIR`
//! (the outer build holds its own directory's lock), with the outer
//! build's profile and compiler. The archive is stripped of debug
//! information and bitcode (symbols stay) and embedded in the crate with
//! `include_bytes!`, so a copied `silk` binary is self-contained.

#[path = "src/archive.rs"]
#[allow(dead_code)]
mod archive;

use std::path::{Path, PathBuf};
use std::process::Command;

/// Silk executables are `linux-x86_64`, whatever machine builds `silk`.
const TARGET: &str = "x86_64-unknown-linux-gnu";

fn main() {
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let rt_manifest = manifest.join("../silk-rt/Cargo.toml");
    let workspace = manifest.join("../..");
    let target_dir = out.join("rt-target");

    // OUT_DIR is `<target>/[<triple>/]<profile dir>/build/<pkg>-<hash>/out`:
    // the profile directory names the outer profile (`debug` is `dev`).
    let profile_dir = out
        .ancestors()
        .nth(3)
        .and_then(Path::file_name)
        .and_then(|n| n.to_str())
        .unwrap_or("debug")
        .to_string();
    let profile = if profile_dir == "debug" {
        "dev"
    } else {
        &profile_dir
    };

    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut cmd = Command::new(cargo);
    // `cargo rustc --crate-type staticlib`: only the archive, not the rlib.
    cmd.args(["rustc", "--locked", "--lib", "-p", "silk-rt"])
        .args(["--crate-type", "staticlib", "--profile"])
        .arg(profile)
        .args(["--target", TARGET])
        .arg("--manifest-path")
        .arg(&rt_manifest)
        .arg("--target-dir")
        .arg(&target_dir)
        .current_dir(&workspace);
    // What the outer cargo tells its build scripts must not steer the
    // nested build: its target directory, the check/clippy/fix drivers,
    // and the flags silk itself is compiled with (coverage instrumentation,
    // say, would leave the archive needing a profiler runtime no Silk link
    // has). The archive gets the workspace's own configuration. The
    // compiler (RUSTC, RUSTC_WRAPPER) and the jobserver (CARGO_MAKEFLAGS,
    // so both builds share the job slots) stay.
    for var in [
        "CARGO_TARGET_DIR",
        "CARGO_BUILD_TARGET_DIR",
        "CARGO_BUILD_TARGET",
        "CARGO_ENCODED_RUSTFLAGS",
        "RUSTFLAGS",
        "CARGO_BUILD_RUSTFLAGS",
        "CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUSTFLAGS",
        "RUSTC_WORKSPACE_WRAPPER",
        "CARGO_PRIMARY_PACKAGE",
        "__CARGO_FIX_PLZ",
        "CLIPPY_ARGS",
        "CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER",
    ] {
        cmd.env_remove(var);
    }
    // Debug info of the runtime is stripped below anyway: don't make it.
    let upper = profile.to_ascii_uppercase().replace('-', "_");
    cmd.env(format!("CARGO_PROFILE_{upper}_DEBUG"), "false");
    // A build from scratch is all this directory sees between changes;
    // incremental state would only take disk.
    cmd.env(format!("CARGO_PROFILE_{upper}_INCREMENTAL"), "false");

    let result = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot run cargo to build the Silk runtime archive: {e}"));
    if !result.status.success() {
        panic!(
            "building the Silk runtime archive (`cargo rustc -p silk-rt --crate-type staticlib --profile {profile} --target {TARGET}`) failed:\n{}",
            String::from_utf8_lossy(&result.stderr)
        );
    }

    let built = target_dir
        .join(TARGET)
        .join(&profile_dir)
        .join("libsilk_rt.a");
    let bytes =
        std::fs::read(&built).unwrap_or_else(|e| panic!("cannot read {}: {e}", built.display()));
    let stripped = archive::strip_debug(&bytes)
        .unwrap_or_else(|e| panic!("cannot strip {}: {e}", built.display()));
    let dest = out.join("libsilk_rt.a");
    if std::fs::read(&dest).ok().as_deref() != Some(&stripped[..]) {
        std::fs::write(&dest, &stripped)
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", dest.display()));
    }
    // The archive's content names its cached copy (`write_runtime_archive`),
    // so an existing file of the right length is the right file.
    println!(
        "cargo:rustc-env=SILK_RT_ARCHIVE_HASH={:016x}",
        archive::content_hash(&stripped)
    );

    // Rebuild when any source of the archive changes: the nested build's
    // dependency file lists them all, and the manifests and lock steer it.
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/archive.rs");
    println!(
        "cargo:rerun-if-changed={}",
        workspace.join("Cargo.lock").display()
    );
    println!(
        "cargo:rerun-if-changed={}",
        workspace.join("Cargo.toml").display()
    );
    let dep_file = built.with_extension("d");
    let deps = std::fs::read_to_string(&dep_file)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dep_file.display()));
    let mut manifests = std::collections::BTreeSet::new();
    for path in dep_paths(&deps) {
        if let Some(krate) = crate_dir(&path) {
            manifests.insert(krate.join("Cargo.toml"));
        }
        println!("cargo:rerun-if-changed={}", path.display());
    }
    for m in manifests {
        println!("cargo:rerun-if-changed={}", m.display());
    }
}

/// The prerequisites of a Makefile-style dependency file (`out: a b\ c`).
fn dep_paths(text: &str) -> Vec<PathBuf> {
    let Some(line) = text.lines().next() else {
        return Vec::new();
    };
    let Some((_, rest)) = line.split_once(": ") else {
        return Vec::new();
    };
    let mut paths = Vec::new();
    let mut current = String::new();
    let mut chars = rest.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => current.extend(chars.next()),
            ' ' => {
                if !current.is_empty() {
                    paths.push(PathBuf::from(std::mem::take(&mut current)));
                }
            }
            c => current.push(c),
        }
    }
    if !current.is_empty() {
        paths.push(PathBuf::from(current));
    }
    paths
}

/// The package directory of a source file (the nearest `Cargo.toml`).
fn crate_dir(path: &Path) -> Option<PathBuf> {
    path.ancestors()
        .skip(1)
        .find(|d| d.join("Cargo.toml").is_file())
        .map(Path::to_path_buf)
}
