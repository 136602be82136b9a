//! silk-runtime's HIP provider pointed at this library
//! (`Config::hip_library`, what `SILK_HIP_LIBRARY` sets): the real dlopen
//! path runs a bundle's `fill` kernel on the emulator behind the HIP API.

#[path = "../../silk-runtime/tests/common/mod.rs"]
mod common;

use silk_runtime::{status, BundleSource, Config, ProviderChoice, Runtime};

#[test]
fn the_hip_provider_runs_a_bundle_kernel_through_the_library() {
    let p = silk_amdgpu::target::Processor::Gfx942;
    let exe = std::env::current_exe().unwrap();
    // The cdylib this `cargo test` built, in `deps/` next to the test.
    let lib = exe.with_file_name("libsilk_hip.so");
    let mut c = Config::new(ProviderChoice::Hip, BundleSource::Bytes(common::bundle(p)));
    c.hip_library = Some(lib);
    let rt = Runtime::new(c);
    assert!(rt.is_supported(), "{}", rt.last_error());
    assert_eq!(rt.provider_name(), Some("HIP"));
    assert_eq!(rt.device_processor(0).as_deref(), Some("gfx942"));
    let out = rt.alloc(64 * 4);
    assert!(out.is_valid(), "{}", rt.last_error());
    let d = rt.launch_and_synchronize("fill", 64, 16, &[out.address(), 0x1234_0007]);
    assert!(d.is_ok(), "{d:?}: {}", rt.last_error());
    let mut host = vec![0u8; 256];
    assert_eq!(out.download(&mut host), status::OK);
    assert!(common::le_u32s(&host).iter().all(|&v| v == 0x1234_0007));
}
