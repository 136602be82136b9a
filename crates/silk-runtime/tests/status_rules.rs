//! Every status rule of `std::gpu`, on the emulator provider: geometry,
//! limits, argument size, unknown kernel, cross-device use, oversized
//! copies, invalid streams and buffers, load-time processor checks, and
//! launch-failure-then-synchronize-once.

mod common;

use common::*;
use silk_amdgpu::target::Processor;
use silk_runtime::{
    check_geometry, status, BundleSource, BundleWriter, Config, ProviderChoice, ProviderKind,
    Runtime, MAX_BUFFERS, MAX_KERNELS, MAX_STREAMS,
};
use std::sync::OnceLock;

const P: Processor = Processor::Gfx942;

fn shared_bundle() -> Vec<u8> {
    static B: OnceLock<Vec<u8>> = OnceLock::new();
    B.get_or_init(|| bundle(P)).clone()
}

fn rt() -> Runtime {
    emulator(shared_bundle(), 1)
}

#[test]
fn each_geometry_rule_fails_the_launch_before_any_provider_call() {
    let rt = rt();
    let out = rt.alloc(64);
    let cases: [(u64, u64, &str); 7] = [
        (0, 4, "nonzero"),
        (4, 0, "nonzero"),
        (6, 4, "not a multiple"),
        (2048, 2048, "exceeds 1024"),
        (1 << 32, 1024, "exceeds 4294967295"),
        (1 << 31, 1, "2147483648 workgroups exceed 2147483647"),
        (
            u32::MAX as u64,
            1,
            "4294967295 workgroups exceed 2147483647",
        ),
    ];
    for (grid, wg, why) in cases {
        let before = rt.counters();
        assert_eq!(
            rt.launch("fill", grid, wg, &[out.address(), 1]),
            status::INVALID_GEOMETRY,
            "grid {grid} workgroup {wg}"
        );
        assert!(rt.last_error().contains(why), "{why}: {}", rt.last_error());
        assert_eq!(
            rt.counters(),
            before,
            "no provider call for grid {grid}, workgroup {wg}"
        );
    }
    // The boundaries themselves are accepted.
    assert_eq!(check_geometry(1024, 1024), Ok(1));
    assert_eq!(check_geometry((1 << 31) - 1, 1), Ok(i32::MAX as u32));
    assert_eq!(check_geometry(u32::MAX as u64, 3), Ok(u32::MAX / 3));
    assert!(check_geometry(u32::MAX as u64 + 1, 1).is_err());
}

#[test]
fn argument_bytes_must_match_the_entry() {
    let rt = rt();
    let out = rt.alloc(16);
    let before = rt.counters();
    assert_eq!(
        rt.launch("fill", 4, 4, &[out.address()]),
        status::ARGUMENT_SIZE
    );
    assert!(
        rt.last_error().contains("takes 16 bytes") && rt.last_error().contains("8 bytes given"),
        "{}",
        rt.last_error()
    );
    assert_eq!(
        rt.launch("fill", 4, 4, &[out.address(), 1, 2]),
        status::ARGUMENT_SIZE
    );
    assert_eq!(rt.launch("empty", 4, 4, &[1]), status::ARGUMENT_SIZE);
    assert_eq!(rt.launch("fill", 4, 4, &[0; 33]), status::ARGUMENT_SIZE);
    assert!(
        rt.last_error().contains("at most 32"),
        "{}",
        rt.last_error()
    );
    assert_eq!(rt.counters(), before);
    assert_eq!(
        rt.launch("empty", 4, 4, &[]),
        status::OK,
        "{}",
        rt.last_error()
    );
}

#[test]
fn an_unknown_kernel_fails_the_launch() {
    let rt = rt();
    assert_eq!(rt.launch("fil", 4, 4, &[0, 0]), status::UNKNOWN_KERNEL);
    assert!(
        rt.last_error().contains("no kernel `fil`"),
        "{}",
        rt.last_error()
    );
    assert_eq!(rt.counters().launches, 0);
    assert!(rt.is_supported(), "an unknown kernel is not unavailability");
}

#[test]
fn synchronize_runs_exactly_once_after_a_failed_launch() {
    let rt = rt();
    let before = rt.counters();
    let d = rt.launch_and_synchronize("fill", 6, 4, &[0, 0]);
    assert_eq!(d.launch_status, status::INVALID_GEOMETRY);
    assert_eq!(d.synchronize_status, status::OK);
    assert!(d.launch_failed() && !d.synchronize_failed() && !d.is_ok());
    let after = rt.counters();
    assert_eq!(after.synchronizes, before.synchronizes + 1);
    assert_eq!(after.launches, before.launches);
    let d = rt.launch_and_synchronize("nope", 4, 4, &[]);
    assert_eq!(d.launch_status, status::UNKNOWN_KERNEL);
    assert_eq!(rt.counters().synchronizes, before.synchronizes + 2);
}

#[test]
fn a_strict_mode_fault_fails_the_synchronize_with_the_emulator_report() {
    for p in PROCESSORS {
        let rt = emulator(bundle(p), 1);
        let out = rt.alloc(16);
        let d = rt.launch_and_synchronize("out_of_bounds", 1, 1, &[out.address()]);
        assert_eq!(d.launch_status, status::OK, "{p}: {}", rt.last_error());
        assert_eq!(d.synchronize_status, status::KERNEL_FAULT, "{p}");
        let e = rt.last_error();
        assert!(
            e.contains("`out_of_bounds`")
                && e.contains(&format!("emulated {p}"))
                && e.contains("fault"),
            "{p}: {e}"
        );
        // Reported once; the device is usable afterwards.
        assert_eq!(rt.synchronize(), status::OK);
        assert!(rt
            .launch_and_synchronize("fill", 4, 4, &[out.address(), 3])
            .is_ok());
    }
    // On a stream, the stream's synchronize reports it.
    let rt = rt();
    let out = rt.alloc(16);
    let s = rt.create_stream();
    assert_eq!(
        rt.launch_on(&s, "out_of_bounds", 1, 1, &[out.address()]),
        status::OK
    );
    assert_eq!(s.synchronize(), status::KERNEL_FAULT);
    assert_eq!(s.synchronize(), status::OK);
}

#[test]
fn the_live_buffer_limit() {
    let rt = rt();
    let mut buffers: Vec<_> = (0..MAX_BUFFERS).map(|_| rt.alloc(8)).collect();
    assert!(buffers.iter().all(|b| b.is_valid()), "{}", rt.last_error());
    let extra = rt.alloc(8);
    assert!(!extra.is_valid());
    assert!(
        rt.last_error().contains("256 buffers"),
        "{}",
        rt.last_error()
    );
    assert_eq!(buffers[0].close(), status::OK);
    assert!(rt.alloc(8).is_valid(), "closing one makes room");
    buffers.truncate(10); // dropping frees
    let more: Vec<_> = (0..200).map(|_| rt.alloc(8)).collect();
    assert!(more.iter().all(|b| b.is_valid()));
}

#[test]
fn the_stream_limit() {
    let rt = rt();
    let mut streams: Vec<_> = (0..MAX_STREAMS).map(|_| rt.create_stream()).collect();
    assert!(streams.iter().all(|s| s.is_valid()));
    let extra = rt.create_stream();
    assert!(!extra.is_valid());
    assert!(
        rt.last_error().contains("128 streams"),
        "{}",
        rt.last_error()
    );
    assert_eq!(extra.synchronize(), status::INVALID_STREAM);
    assert_eq!(streams[5].close(), status::OK);
    assert!(rt.create_stream().is_valid());
    streams.clear();
    assert!(rt.create_stream().is_valid());
}

#[test]
fn the_cached_kernel_limit() {
    let mut sir = String::new();
    for i in 0..=MAX_KERNELS {
        sir.push_str(&format!("kernel @k{i:03}() {{\n}}\n"));
    }
    let rt = emulator(bundle_of(P.name(), &compile(&sir, P)), 1);
    for i in 0..MAX_KERNELS {
        assert_eq!(
            rt.launch(&format!("k{i:03}"), 1, 1, &[]),
            status::OK,
            "{}",
            rt.last_error()
        );
    }
    assert_eq!(
        rt.launch(&format!("k{MAX_KERNELS:03}"), 1, 1, &[]),
        status::LIMIT
    );
    assert!(
        rt.last_error().contains("128 kernels"),
        "{}",
        rt.last_error()
    );
    assert_eq!(
        rt.launch("k000", 1, 1, &[]),
        status::OK,
        "cached kernels still launch"
    );
    assert_eq!(rt.counters().kernel_loads, MAX_KERNELS as u64);
}

#[test]
fn the_device_limit_and_device_selection() {
    let rt = emulator(shared_bundle(), 65);
    assert_eq!(rt.device_count(), 64);
    assert_eq!(rt.select_device(64), status::LIMIT);
    assert!(
        rt.last_error().contains("limit of 64 devices"),
        "{}",
        rt.last_error()
    );
    assert_eq!(rt.select_device(63), status::OK);
    assert_eq!(rt.current_device(), 63);
    assert_eq!(rt.select_device(-1), status::INVALID_DEVICE);
    let rt = emulator(shared_bundle(), 2);
    assert_eq!(rt.select_device(2), status::INVALID_DEVICE);
    assert!(rt.last_error().contains("no device 2 (2 devices)"));
    assert_eq!(rt.current_device(), 0);
}

#[test]
fn buffers_and_streams_are_rejected_on_another_device() {
    let rt = emulator(shared_bundle(), 2);
    let mut b0 = rt.alloc(16);
    let s0 = rt.create_stream();
    assert_eq!((b0.device_index(), s0.device_index()), (0, 0));
    assert_eq!(rt.select_device(1), status::OK);
    let data = [1u8; 16];
    let mut out = [0u8; 16];
    assert_eq!(b0.upload(&data), status::CROSS_DEVICE);
    assert!(
        rt.last_error().contains("belongs to device 0"),
        "{}",
        rt.last_error()
    );
    assert_eq!(b0.download(&mut out), status::CROSS_DEVICE);
    assert_eq!(
        rt.launch_on(&s0, "fill", 4, 4, &[b0.address(), 1]),
        status::CROSS_DEVICE
    );
    assert_eq!(s0.synchronize(), status::CROSS_DEVICE);
    assert_eq!(b0.close(), status::CROSS_DEVICE);
    assert!(b0.is_valid(), "a rejected close keeps the buffer");
    // A device-1 buffer on a device-0 stream.
    let b1 = rt.alloc(16);
    assert_eq!(b1.device_index(), 1);
    // SAFETY: the copy is rejected before any transfer.
    assert_eq!(unsafe { b1.upload_on(&s0, &data) }, status::CROSS_DEVICE);
    // Dropping frees on device 0 and leaves device 1 selected.
    let calls = rt.counters().provider_calls;
    drop(b0);
    drop(s0);
    assert_eq!(rt.counters().provider_calls, calls + 2);
    assert_eq!(rt.current_device(), 1);
    assert_eq!(rt.select_device(0), status::OK);
    assert!(rt.alloc(16).is_valid());
}

#[test]
fn copies_larger_than_the_buffer_are_rejected() {
    let rt = rt();
    let b = rt.alloc(32);
    let big = [0u8; 33];
    let mut out = [0u8; 33];
    let calls = rt.counters().provider_calls;
    assert_eq!(b.upload(&big), status::COPY_TOO_LARGE);
    assert!(
        rt.last_error()
            .contains("33 bytes is larger than the buffer's 32"),
        "{}",
        rt.last_error()
    );
    assert_eq!(b.download(&mut out), status::COPY_TOO_LARGE);
    let s = rt.create_stream();
    // SAFETY: rejected before any transfer.
    unsafe {
        assert_eq!(b.upload_on(&s, &big), status::COPY_TOO_LARGE);
        assert_eq!(b.download_on(&s, &mut out), status::COPY_TOO_LARGE);
    }
    assert_eq!(
        rt.counters().provider_calls,
        calls + 1,
        "only the stream was created"
    );
    assert_eq!(b.upload(&big[..32]), status::OK);
    assert_eq!(b.download(&mut out[..32]), status::OK);
}

#[test]
fn an_invalid_stream_never_falls_back_to_the_default_stream() {
    let rt = rt();
    let out = rt.alloc(16);
    let mut s = rt.create_stream();
    assert_eq!(s.close(), status::OK);
    assert_eq!(s.close(), status::INVALID_STREAM);
    let before = rt.counters();
    assert_eq!(
        rt.launch_on(&s, "fill", 4, 4, &[out.address(), 9]),
        status::INVALID_STREAM
    );
    assert!(
        rt.last_error().contains("default stream is not used"),
        "{}",
        rt.last_error()
    );
    assert_eq!(s.synchronize(), status::INVALID_STREAM);
    // SAFETY: rejected before any transfer.
    assert_eq!(
        unsafe { out.upload_on(&s, &[1; 4]) },
        status::INVALID_STREAM
    );
    assert_eq!(rt.counters(), before);
    let mut host = [1u8; 16];
    assert_eq!(out.download(&mut host), status::OK);
    assert_eq!(host, [0; 16], "nothing ran");
}

#[test]
fn closed_buffers_are_invalid() {
    let rt = rt();
    let mut b = rt.alloc(8);
    assert_eq!(b.close(), status::OK);
    assert!(!b.is_valid());
    assert_eq!(b.close(), status::INVALID_BUFFER);
    assert_eq!(b.upload(&[0; 4]), status::INVALID_BUFFER);
    assert!(rt.last_error().contains("invalid buffer"));
    let failed = rt.alloc(u64::MAX);
    assert!(!failed.is_valid());
    assert!(
        rt.last_error().contains("out of memory"),
        "{}",
        rt.last_error()
    );
}

#[test]
fn the_processor_is_checked_when_the_kernel_is_loaded() {
    // A gfx942 bundle holding a gfx1100 object: supported, the launch fails.
    let objects = compile(&KERNELS, Processor::Gfx1100);
    let rt = emulator(bundle_of("gfx942", &objects), 1);
    assert!(rt.is_supported(), "{}", rt.last_error());
    let out = rt.alloc(16);
    assert_eq!(
        rt.launch("fill", 4, 4, &[out.address(), 1]),
        status::LOAD_FAILED
    );
    let e = rt.last_error();
    assert!(e.contains("gfx1100") && e.contains("gfx942"), "{e}");
    assert_eq!(rt.counters().launches, 0);
    // A failed load is not cached: the next launch tries again.
    assert_eq!(
        rt.launch("fill", 4, 4, &[out.address(), 1]),
        status::LOAD_FAILED
    );
    assert_eq!(rt.counters().kernel_loads, 2);
}

#[test]
fn unavailable_runtimes_say_why() {
    let cases: Vec<(Config, &str)> = vec![
        (
            Config::new(
                ProviderChoice::Emulator,
                BundleSource::Bytes(b"\x7fELF not a bundle".to_vec()),
            ),
            "no valid Silk GPU bundle",
        ),
        (
            Config::new(
                ProviderChoice::Invalid("cuda".into()),
                BundleSource::Bytes(shared_bundle()),
            ),
            "SILK_GPU_PROVIDER=`cuda`",
        ),
        (
            Config::new(
                ProviderChoice::Emulator,
                BundleSource::Bytes({
                    let mut w = BundleWriter::new(ProviderKind::Cuda, "sm80").unwrap();
                    w.add("fill", 16, b".version 7.0\0".to_vec()).unwrap();
                    w.to_bytes().unwrap()
                }),
            ),
            "the bundle is for CUDA",
        ),
        (
            Config::new(
                ProviderChoice::Emulator,
                BundleSource::Bytes({
                    let mut w = BundleWriter::new(ProviderKind::Hip, "gfx90a").unwrap();
                    w.add("fill", 16, compile(&KERNELS, P).remove(0).2).unwrap();
                    w.to_bytes().unwrap()
                }),
            ),
            "cannot emulate the bundle's processor `gfx90a`",
        ),
        (
            {
                let mut c = Config::new(
                    ProviderChoice::Emulator,
                    BundleSource::Bytes(shared_bundle()),
                );
                c.emulated_devices = 0;
                c
            },
            "no devices",
        ),
        (
            {
                let mut c = Config::new(ProviderChoice::Auto, BundleSource::Bytes(shared_bundle()));
                c.hip_library = Some("/nonexistent/libamdhip64.so".into());
                c
            },
            "cannot open the HIP library",
        ),
    ];
    for (config, why) in cases {
        let rt = Runtime::new(config);
        assert!(!rt.is_supported());
        assert!(rt.last_error().contains(why), "{why}: {}", rt.last_error());
        assert_eq!(rt.device_count(), 0);
        assert_eq!(rt.current_device(), -1);
        assert_eq!(rt.provider_name(), None);
        assert!(!rt.alloc(8).is_valid());
        assert!(!rt.create_stream().is_valid());
        assert_eq!(rt.launch("fill", 4, 4, &[0, 0]), status::UNAVAILABLE);
        assert_eq!(rt.synchronize(), status::UNAVAILABLE);
        assert_eq!(rt.select_device(0), status::UNAVAILABLE);
        let d = rt.launch_and_synchronize("fill", 4, 4, &[0, 0]);
        assert!(d.launch_failed() && d.synchronize_failed());
    }
}

#[test]
fn the_provider_choice_from_the_environment_value() {
    use silk_runtime::parse_provider;
    assert_eq!(parse_provider("hip"), ProviderChoice::Hip);
    assert_eq!(parse_provider("emulator"), ProviderChoice::Emulator);
    assert_eq!(parse_provider("auto"), ProviderChoice::Auto);
    assert_eq!(parse_provider(""), ProviderChoice::Auto);
    assert_eq!(parse_provider("gpu"), ProviderChoice::Invalid("gpu".into()));
}
