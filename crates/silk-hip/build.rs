//! The drop-in's soname and version nodes: applications linked against
//! ROCm's library record `NEEDED libamdhip64.so.5` (or `.so.6`) and
//! versioned symbols (`hipMalloc@hip_4.2`, `hipGetDevicePropertiesR0600@hip_6.0`),
//! so the shared library carries the soname of ROCm 5 and the version
//! nodes of both (loaded as `.so.6`, the soname is not checked).

fn main() {
    let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
    let script = format!("{dir}/libamdhip64.map");
    println!("cargo:rerun-if-changed=libamdhip64.map");
    println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libamdhip64.so.5");
    println!("cargo:rustc-cdylib-link-arg=-Wl,--version-script={script}");
}
