//! How `silk` is linked on Linux, for a fast start.
//!
//! `silk` is a short-lived command, so its start-up is part of every
//! assembly and build.
//!
//! - Position-dependent, not a PIE. As a PIE, the dynamic loader must
//!   apply about 13,000 relative relocations at each start, most of them
//!   pointers in the ISA tables, and each relocated page of
//!   `.data.rel.ro` is copied: about 60 page faults, 0.1 ms per run.
//!   Linked without PIE, those pointers are fixed at link time and the
//!   tables are mapped read-only and paged in only where used. The objects
//!   stay position-independent; only the executable's own load address is
//!   no longer randomized (shared libraries, stack and heap still are).
//! - The unwinder from GCC's static `libgcc_eh.a` (what `-static-libgcc`
//!   links) instead of `libgcc_s.so.1`. Loading `libgcc_s` costs a mapping,
//!   its relocations, and its constructor, which runs CPUID to fill GCC's
//!   CPU model even though nothing here asks for it; CPUID traps to the
//!   hypervisor in a virtual machine. Together that was a tenth of a
//!   `silk build k.sir` process's CPU time. Rust lists `-lgcc_s` itself,
//!   so the static archive must come before it: a `rustc-link-lib` of this
//!   package (the library, which the binary links, and its tests), not a
//!   trailing link argument. When the C compiler driver does not know the
//!   archive (or builds for another target), `silk` keeps `libgcc_s`.
//!
//! The C library (`libsilk.a`) and the other crates are unaffected.

use std::path::Path;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if os != "linux" {
        return;
    }
    println!("cargo:rustc-link-arg-bin=silk=-no-pie");
    // The system `cc` knows the archive of its own target only.
    let native_gnu = std::env::var("CARGO_CFG_TARGET_ENV").is_ok_and(|e| e == "gnu")
        && std::env::var("TARGET").ok() == std::env::var("HOST").ok();
    if let Some(dir) = native_gnu.then(libgcc_eh_dir).flatten() {
        println!("cargo:rustc-link-search=native={}", dir.display());
        println!("cargo:rustc-link-lib=static=gcc_eh");
    }
}

/// The directory of `libgcc_eh.a`, as the linker driver `cc` (the one
/// rustc links with on Linux) finds it.
fn libgcc_eh_dir() -> Option<std::path::PathBuf> {
    let out = Command::new("cc")
        .arg("-print-file-name=libgcc_eh.a")
        .output()
        .ok()?;
    let path = String::from_utf8(out.stdout).ok()?;
    let path = Path::new(path.trim());
    // An unknown file is printed back as its bare name.
    if !out.status.success() || !path.is_absolute() || !path.is_file() {
        return None;
    }
    Some(path.parent()?.to_path_buf())
}
