//! Link `silk` as a position-dependent executable on Linux.
//!
//! `silk` is a short-lived command, so its start-up is part of every
//! assembly and build. As a PIE, the dynamic loader must apply about
//! 13,000 relative relocations at each start, most of them pointers in
//! the ISA tables, and each relocated page of `.data.rel.ro` is copied:
//! about 60 page faults, 0.1 ms per run. Linked without PIE, those
//! pointers are fixed at link time and the tables are mapped read-only
//! and paged in only where used. The objects stay position-independent;
//! only the executable's own load address is no longer randomized
//! (shared libraries, stack and heap still are). The C library
//! (`libsilk.a`) and tests are unaffected.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if os == "linux" {
        println!("cargo:rustc-link-arg-bin=silk=-no-pie");
    }
}
