//! The C entry points called from Rust through the rlib: the cases C cannot
//! express without undefined behaviour of its own (misaligned pointers),
//! and thread independence of the last error.

use silk::*;
use std::ffi::CStr;

fn last_error() -> Option<String> {
    let p = silk_last_error();
    (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned())
}

fn valid() -> SilkAmdGpuAqlDispatchPacketConfig {
    SilkAmdGpuAqlDispatchPacketConfig {
        dimensions: 1,
        workgroup_size_x: 64,
        workgroup_size_y: 1,
        workgroup_size_z: 1,
        grid_size_x: 1024,
        grid_size_y: 1,
        grid_size_z: 1,
        acquire_fence_scope: SILK_AMDGPU_AQL_FENCE_SCOPE_AGENT,
        release_fence_scope: SILK_AMDGPU_AQL_FENCE_SCOPE_SYSTEM,
        ..Default::default()
    }
}

#[test]
fn version_matches_the_crate() {
    let v = unsafe { CStr::from_ptr(silk_version()) };
    assert_eq!(v.to_str().unwrap(), env!("CARGO_PKG_VERSION"));
}

#[test]
fn misaligned_config_is_an_error() {
    #[repr(C, align(8))]
    struct Buffer([u8; 96]);
    let mut buffer = Buffer([0; 96]);
    let config = valid();
    unsafe {
        // Place a config one byte past an 8-aligned address.
        let at = buffer.0.as_mut_ptr().add(1);
        std::ptr::write_unaligned(at.cast::<SilkAmdGpuAqlDispatchPacketConfig>(), config);
        let mut out = [0xAAu8; SILK_AMDGPU_AQL_DISPATCH_PACKET_SIZE];
        let ok = silk_amdgpu_aql_dispatch_packet_build(at.cast(), out.as_mut_ptr());
        assert!(!ok);
        assert_eq!(out, [0xAA; 64]);
        assert_eq!(
            last_error().as_deref(),
            Some("argument `config` is misaligned: it must be aligned to 8 bytes")
        );
        let packet = [0u8; 64];
        let misaligned_out = buffer.0.as_mut_ptr().add(1).cast();
        assert!(!silk_amdgpu_aql_dispatch_packet_parse(
            packet.as_ptr(),
            packet.len(),
            misaligned_out
        ));
        assert!(last_error().unwrap().contains("`out_config` is misaligned"));
    }
}

#[test]
fn zeroed_config_is_rejected_not_crashed() {
    let zeroed = SilkAmdGpuAqlDispatchPacketConfig::default();
    let mut out = [0u8; 64];
    assert!(!unsafe { silk_amdgpu_aql_dispatch_packet_build(&zeroed, out.as_mut_ptr()) });
    assert!(last_error().unwrap().contains("dispatch has 0 dimensions"));
}

#[test]
fn build_then_parse_round_trips_through_the_c_struct() {
    let config = SilkAmdGpuAqlDispatchPacketConfig {
        barrier: 1,
        kernel_object: 0xdead_beef_0000,
        kernarg_address: 0x1000,
        completion_signal: 7,
        group_segment_size: 1024,
        max_flat_workgroup_size: 1024,
        ..valid()
    };
    let mut packet = [0u8; 64];
    let mut back = SilkAmdGpuAqlDispatchPacketConfig::default();
    unsafe {
        assert!(silk_amdgpu_aql_dispatch_packet_build(
            &config,
            packet.as_mut_ptr()
        ));
        assert!(silk_amdgpu_aql_dispatch_packet_parse(
            packet.as_ptr(),
            packet.len(),
            &mut back
        ));
    }
    assert_eq!(back, config);
    assert_eq!(last_error(), None);
}

#[test]
fn last_error_is_per_thread() {
    let threads: Vec<_> = (0..4u16)
        .map(|i| {
            std::thread::spawn(move || {
                assert_eq!(last_error(), None, "a new thread starts without an error");
                for _ in 0..200 {
                    let config = SilkAmdGpuAqlDispatchPacketConfig {
                        dimensions: 4 + i,
                        ..valid()
                    };
                    let mut out = [0u8; 64];
                    assert!(!unsafe {
                        silk_amdgpu_aql_dispatch_packet_build(&config, out.as_mut_ptr())
                    });
                    let expected = format!("dispatch has {} dimensions", 4 + i);
                    assert!(last_error().unwrap().contains(&expected));
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
}

#[test]
fn owned_bytes_round_trip() {
    let bytes = SilkBytes::new(b"\x7fELF").into_raw();
    unsafe {
        assert_eq!(silk_bytes_len(bytes), 4);
        let data = std::slice::from_raw_parts(silk_bytes_data(bytes), 5);
        assert_eq!(data, b"\x7fELF\0");
        silk_bytes_free(bytes);
    }
    let empty = SilkBytes::new(b"").into_raw();
    unsafe {
        assert_eq!(silk_bytes_len(empty), 0);
        assert!(!silk_bytes_data(empty).is_null());
        assert_eq!(*silk_bytes_data(empty), 0);
        silk_bytes_free(empty);
    }
}
