//! How `silk` starts: every `silk build` pays for it, so what the dynamic
//! loader does at start is pinned here (see the package's `build.rs`).

/// `silk` loads only the C library: `libgcc_s` is linked statically and
/// `libm` is not needed. Each shared library costs a mapping, relocations
/// and its constructors at every start. glibc's loader lists what it
/// loads under `LD_DEBUG=libs`.
#[test]
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn silk_loads_only_the_c_library() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_silk"))
        .arg("--version")
        .env("LD_DEBUG", "libs")
        .output()
        .unwrap();
    assert!(out.status.success());
    let log = String::from_utf8_lossy(&out.stderr);
    let loaded: Vec<&str> = log
        .lines()
        .filter_map(|l| l.split("find library=").nth(1))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(loaded, ["libc.so.6"], "{log}");
}
