//! `include/silk.h` must be exactly what cbindgen generates from this
//! crate's source, so the Rust API cannot change without the header.

use std::path::Path;

#[test]
fn checked_in_header_is_up_to_date() {
    let capi = Path::new(env!("CARGO_MANIFEST_DIR"));
    let header_path = capi.join("../../include/silk.h");
    // Same inputs as `cargo xtask header`: the source files (no build, no
    // `cargo metadata`) and cbindgen.toml.
    let config = cbindgen::Config::from_file(capi.join("cbindgen.toml")).unwrap();
    let bindings = cbindgen::Builder::new()
        .with_config(config)
        .with_src(capi.join("src/lib.rs"))
        .generate()
        .expect("cbindgen can generate silk.h from crates/silk-capi/src");
    let mut fresh = Vec::new();
    bindings.write(&mut fresh);
    let fresh = String::from_utf8(fresh).unwrap();
    let checked_in = std::fs::read_to_string(&header_path).unwrap_or_default();
    if fresh != checked_in {
        let first_difference = fresh
            .lines()
            .zip(checked_in.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| fresh.lines().count().min(checked_in.lines().count()));
        panic!(
            "include/silk.h is stale: it differs from a fresh cbindgen run from line {} on\n  fresh:      {:?}\n  checked in: {:?}\nRegenerate it with `cargo xtask header` and commit the result.",
            first_difference + 1,
            fresh.lines().nth(first_difference).unwrap_or("<end of file>"),
            checked_in.lines().nth(first_difference).unwrap_or("<end of file>"),
        );
    }
    // Sanity: the entry points the issue names are really declared.
    for needle in [
        "#define SILK_AMDGPU_AQL_DISPATCH_PACKET_SIZE 64",
        "bool silk_amdgpu_aql_dispatch_packet_build(const struct SilkAmdGpuAqlDispatchPacketConfig *config,",
        "uint8_t out[SILK_AMDGPU_AQL_DISPATCH_PACKET_SIZE]);",
        "const char *silk_version(void);",
        "const char *silk_last_error(void);",
        "void silk_bytes_free(struct SilkBytes *bytes);",
        "struct SilkBytes *silk_compile_kernel(const char *source,",
        "struct SilkBytes *silk_amdgpu_assemble(const char *text,",
    ] {
        assert!(fresh.contains(needle), "silk.h lacks `{needle}`");
    }
}
