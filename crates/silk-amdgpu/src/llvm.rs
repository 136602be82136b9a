//! Locating LLVM 22 for differential tests. The product never calls LLVM;
//! tests use these helpers and skip (saying why) when it is absent.

use std::path::PathBuf;

/// Where `.ci/run` installs LLVM 22 (`apt-get install llvm-22 clang-22 lld-22`).
pub const LLVM_BIN_DIR: &str = "/usr/lib/llvm-22/bin";

/// Path of an LLVM 22 tool, or `None` when it is not installed. The
/// directory can be overridden with `SILK_LLVM_BIN_DIR`.
pub fn tool(name: &str) -> Option<PathBuf> {
    let dir = std::env::var_os("SILK_LLVM_BIN_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(LLVM_BIN_DIR));
    let path = dir.join(name);
    path.is_file().then_some(path)
}

/// Like [`tool`], but prints the reason a differential test is skipped.
/// In CI (`CI=true`) a missing tool is a failure: `.ci/run` installs it.
pub fn tool_or_skip(name: &str, test: &str) -> Option<PathBuf> {
    let found = tool(name);
    if found.is_none() {
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            panic!("{test}: LLVM 22 `{name}` not found under {LLVM_BIN_DIR}, but CI must run differential tests");
        }
        eprintln!("SKIPPED {test}: LLVM 22 `{name}` is not installed (apt-get install -y llvm-22 clang-22 lld-22)");
    }
    found
}
