//! The drop-in's soname and version nodes: applications linked against
//! ROCm's library record `NEEDED libamdhip64.so.5` and versioned symbols
//! (`hipMalloc@hip_4.2`), so the shared library carries both.

fn main() {
    let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
    let script = format!("{dir}/libamdhip64.map");
    println!("cargo:rerun-if-changed=libamdhip64.map");
    println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libamdhip64.so.5");
    println!("cargo:rustc-cdylib-link-arg=-Wl,--version-script={script}");
}
