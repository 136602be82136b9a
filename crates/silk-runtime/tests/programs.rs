//! The spec's fill and threshold-classification programs, through the
//! runtime API on the emulator provider, for every processor.

mod common;

use common::*;
use silk_runtime::status;

#[test]
fn vector_fill_downloads_the_value_on_every_processor() {
    for p in PROCESSORS {
        let rt = emulator(bundle(p), 1);
        assert!(rt.is_supported(), "{p}: {}", rt.last_error());
        assert_eq!(rt.provider_name(), Some("emulator"));
        assert_eq!((rt.device_count(), rt.current_device()), (1, 0));
        assert_eq!(rt.device_processor(0).as_deref(), Some(p.name()));
        let element_count = 8u64;
        let byte_count = element_count * 4;
        let output = rt.alloc(byte_count);
        assert!(output.is_valid(), "{p}: {}", rt.last_error());
        let mut host = vec![0xeeu8; byte_count as usize];
        assert_eq!(output.download(&mut host), status::OK);
        assert!(host.iter().all(|&b| b == 0), "{p}: fresh buffer is zeroed");
        let expected = 305419896u64; // 0x12345678
        let d = rt.launch_and_synchronize("fill", element_count, 4, &[output.address(), expected]);
        assert!(d.is_ok(), "{p}: {d:?}: {}", rt.last_error());
        assert!(!d.launch_failed() && !d.synchronize_failed());
        assert_eq!(output.download(&mut host), status::OK);
        for e in host.chunks_exact(4) {
            assert_eq!(e, [120, 86, 52, 18], "{p}");
        }
        // A second launch reuses the cached kernel.
        let d = rt.launch_and_synchronize("fill", element_count, 8, &[output.address(), 7]);
        assert!(d.is_ok(), "{p}: {}", rt.last_error());
        assert_eq!(
            rt.counters().kernel_loads,
            1,
            "{p}: loaded once, then cached"
        );
        assert_eq!(output.download(&mut host), status::OK);
        assert_eq!(le_u32s(&host), vec![7; 8], "{p}");
    }
}

/// A 1-D nearest-centroid model: class 0 samples 1..=4 (centroid 2),
/// class 1 samples 10..=13 (centroid 11), threshold (2 + 11 + 1) / 2 = 7.
fn threshold() -> u64 {
    let centroid = |s: &[u64]| s.iter().sum::<u64>() / s.len() as u64;
    let (c0, c1) = (centroid(&[1, 2, 3, 4]), centroid(&[10, 11, 12, 13]));
    (c0 + c1).div_ceil(2)
}

#[test]
fn threshold_classification_with_the_manual_api_on_every_processor() {
    assert_eq!(threshold(), 7);
    let inputs: [u32; 8] = [0, 5, 6, 7, 8, 9, 14, 20];
    let bytes: Vec<u8> = inputs.iter().flat_map(|v| v.to_le_bytes()).collect();
    for p in PROCESSORS {
        let rt = emulator(bundle(p), 1);
        let input = rt.alloc(bytes.len() as u64);
        let output = rt.alloc(bytes.len() as u64);
        assert!(input.is_valid() && output.is_valid(), "{}", rt.last_error());
        assert_eq!(input.upload(&bytes), status::OK);
        let args = [input.address(), output.address(), threshold()];
        assert_eq!(
            rt.launch("classify", 8, 4, &args),
            status::OK,
            "{p}: {}",
            rt.last_error()
        );
        assert_eq!(rt.synchronize(), status::OK, "{p}: {}", rt.last_error());
        let mut labels = vec![0u8; bytes.len()];
        assert_eq!(output.download(&mut labels), status::OK);
        assert_eq!(le_u32s(&labels), [0, 0, 0, 1, 1, 1, 1, 1], "{p}");
    }
}

#[test]
fn classification_on_an_explicit_stream() {
    let inputs: [u32; 8] = [20, 14, 9, 8, 7, 6, 5, 0];
    let bytes: Vec<u8> = inputs.iter().flat_map(|v| v.to_le_bytes()).collect();
    for p in PROCESSORS {
        let rt = emulator(bundle(p), 1);
        let mut stream = rt.create_stream();
        assert!(stream.is_valid(), "{}", rt.last_error());
        let input = rt.alloc(32);
        let output = rt.alloc(32);
        let mut labels = vec![0xffu8; 32];
        // SAFETY: `bytes` and `labels` outlive the stream synchronization.
        unsafe {
            assert_eq!(input.upload_on(&stream, &bytes), status::OK);
            let args = [input.address(), output.address(), 7];
            assert_eq!(rt.launch_on(&stream, "classify", 8, 8, &args), status::OK);
            assert_eq!(output.download_on(&stream, &mut labels), status::OK);
        }
        assert_eq!(stream.synchronize(), status::OK, "{}", rt.last_error());
        assert_eq!(le_u32s(&labels), [1, 1, 1, 1, 1, 0, 0, 0], "{p}");
        assert_eq!(stream.close(), status::OK);
        assert!(!stream.is_valid());
    }
}

#[test]
fn the_runtime_is_safe_to_share_between_threads() {
    let rt = emulator(bundle(PROCESSORS[0]), 1);
    let handles: Vec<_> = (0..4u64)
        .map(|t| {
            let rt = rt.clone();
            std::thread::spawn(move || {
                let out = rt.alloc(64);
                let d = rt.launch_and_synchronize("fill", 16, 16, &[out.address(), t + 100]);
                let mut host = vec![0u8; 64];
                (d.launch_status, out.download(&mut host), le_u32s(&host))
            })
        })
        .collect();
    for (t, h) in handles.into_iter().enumerate() {
        let (launch, download, values) = h.join().unwrap();
        assert_eq!((launch, download), (status::OK, status::OK));
        assert_eq!(values, vec![t as u32 + 100; 16]);
    }
}
