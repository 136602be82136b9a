//! The `silk_rt_gpu_*` entry points called in process, as Silk code calls
//! them. The process's runtime reads the bundle at the end of its own
//! executable, so the checks run in a copy of this test binary with a
//! bundle of silk-driver's `fill` kernel appended, under the emulator
//! provider with two devices; without a bundle every entry point reports
//! the runtime unavailable.

use silk_rt::*;
use silk_runtime::{status, BundleWriter, ProviderKind};
use std::process::Command;

const CHILD: &str = "SILK_RT_ABI_CHILD";
const PROCESSORS: [&str; 3] = ["gfx942", "gfx1100", "gfx1151"];

fn last_error() -> String {
    let (mut p, mut l) = (0u64, 0u64);
    silk_rt_gpu_last_error(&mut p, &mut l);
    // SAFETY: lent by the runtime until the next call.
    let bytes = unsafe { std::slice::from_raw_parts(p as *const u8, l as usize) };
    String::from_utf8(bytes.to_vec()).unwrap()
}

fn provider_name() -> String {
    let (mut p, mut l) = (0u64, 0u64);
    silk_rt_gpu_provider_name(&mut p, &mut l);
    // SAFETY: a static string.
    let bytes = unsafe { std::slice::from_raw_parts(p as *const u8, l as usize) };
    String::from_utf8(bytes.to_vec()).unwrap()
}

fn alloc(bytes: u64) -> (u64, i64) {
    let (mut a, mut d) = (7u64, 7i64);
    silk_rt_gpu_buffer_alloc(bytes, &mut a, &mut d);
    (a, d)
}

fn launch(name: &str, grid: u64, wg: u64, args: &[u64]) -> i64 {
    silk_rt_gpu_launch(
        name.as_ptr() as u64,
        name.len() as u64,
        grid,
        wg,
        args.as_ptr() as u64,
        args.len() as u64,
    )
}

fn download(buffer: (u64, i64), out: &mut [u32]) -> i64 {
    silk_rt_gpu_buffer_download(
        buffer.0,
        buffer.1,
        out.as_mut_ptr() as u64,
        (out.len() * 4) as u64,
    )
}

fn s(v: i32) -> i64 {
    i64::from(v)
}

#[test]
fn child_abi_over_the_emulator() {
    let Some(processor) = std::env::var_os(CHILD) else {
        return; // Only meaningful inside the bundled copy (see below).
    };
    assert_eq!(silk_rt_gpu_is_supported(), 1, "{}", last_error());
    assert_eq!(provider_name(), "emulator");
    assert_eq!(silk_rt_gpu_device_count(), 2);
    assert_eq!(silk_rt_gpu_current_device(), 0);

    // Fill 64 items on device 0, in workgroups of 16.
    let out = alloc(256);
    assert_ne!(out.0, 0, "{}", last_error());
    assert_eq!(out.1, 0);
    assert_eq!(launch("fill", 64, 16, &[out.0, 0x1234_5678]), 0);
    assert_eq!(silk_rt_gpu_synchronize(), 0);
    let mut host = [0u32; 64];
    assert_eq!(download(out, &mut host), 0);
    assert_eq!(host, [0x1234_5678; 64], "{processor:?}");

    // Upload round trip.
    let data: Vec<u32> = (0..64).collect();
    let up = silk_rt_gpu_buffer_upload(out.0, out.1, data.as_ptr() as u64, 256);
    assert_eq!(up, 0);
    assert_eq!(download(out, &mut host), 0);
    assert_eq!(host.to_vec(), data);

    // Unaligned argument arrays are read as they are.
    let mut raw = [0u8; 17];
    raw[1..9].copy_from_slice(&out.0.to_le_bytes());
    raw[9..17].copy_from_slice(&7u64.to_le_bytes());
    let st = silk_rt_gpu_launch(
        b"fill".as_ptr() as u64,
        4,
        64,
        64,
        raw[1..].as_ptr() as u64,
        2,
    );
    assert_eq!(st, 0, "{}", last_error());
    assert_eq!(silk_rt_gpu_synchronize(), 0);
    assert_eq!(download(out, &mut host), 0);
    assert_eq!(host, [7; 64]);

    // The runtime's own rules and messages come through.
    assert_eq!(
        launch("fill", 60, 16, &[out.0, 1]),
        s(status::INVALID_GEOMETRY)
    );
    assert!(last_error().contains("not a multiple"), "{}", last_error());
    assert_eq!(launch("nope", 4, 4, &[]), s(status::UNKNOWN_KERNEL));
    assert!(last_error().contains("no kernel `nope`"));
    assert_eq!(launch("fill", 4, 4, &[out.0]), s(status::ARGUMENT_SIZE));
    let many = [0u64; 40];
    assert_eq!(launch("fill", 4, 4, &many), s(status::ARGUMENT_SIZE));
    assert!(
        last_error().contains("40 arguments, at most 32"),
        "{}",
        last_error()
    );
    // ... with the geometry rule first, as in the runtime.
    assert_eq!(launch("fill", 0, 4, &many), s(status::INVALID_GEOMETRY));
    let st = silk_rt_gpu_launch(0, 4, 4, 4, 0, 0);
    assert_eq!(st, s(status::UNKNOWN_KERNEL));
    assert!(last_error().contains("kernel name of 4 bytes at address 0x0"));
    let bad = [0xffu8, 0xfe];
    let st = silk_rt_gpu_launch(bad.as_ptr() as u64, 2, 4, 4, 0, 0);
    assert_eq!(st, s(status::UNKNOWN_KERNEL));
    assert!(last_error().contains("not UTF-8"), "{}", last_error());
    let st = silk_rt_gpu_launch(b"fill".as_ptr() as u64, 4, 4, 4, 0, 2);
    assert_eq!(st, s(status::ARGUMENT_SIZE));
    assert!(last_error().contains("null address"), "{}", last_error());
    let big = [0u32; 65];
    let st = silk_rt_gpu_buffer_upload(out.0, out.1, big.as_ptr() as u64, 260);
    assert_eq!(st, s(status::COPY_TOO_LARGE));

    // Numbers that name no buffer or stream.
    assert_eq!(
        silk_rt_gpu_buffer_upload(out.0 + 4, 0, data.as_ptr() as u64, 4),
        s(status::INVALID_BUFFER)
    );
    assert!(
        last_error().contains("no live buffer at"),
        "{}",
        last_error()
    );
    assert_eq!(
        silk_rt_gpu_buffer_download(out.0, 1, host.as_mut_ptr() as u64, 4),
        s(status::INVALID_BUFFER)
    );
    assert_eq!(silk_rt_gpu_buffer_close(0, -1), s(status::INVALID_BUFFER));
    assert!(last_error().contains("invalid buffer"), "{}", last_error());
    assert_eq!(
        silk_rt_gpu_stream_synchronize(99),
        s(status::INVALID_STREAM)
    );
    assert!(last_error().contains("stream 99 is not live"));
    assert_eq!(silk_rt_gpu_stream_close(0), s(status::INVALID_STREAM));
    // A later runtime failure replaces one found here.
    assert_eq!(launch("nope", 4, 4, &[]), s(status::UNKNOWN_KERNEL));
    assert!(last_error().contains("no kernel `nope`"));

    // Null out-pointers are ignored; the allocation still happens.
    silk_rt_gpu_buffer_alloc(16, std::ptr::null_mut(), std::ptr::null_mut());
    silk_rt_gpu_last_error(std::ptr::null_mut(), std::ptr::null_mut());
    silk_rt_gpu_provider_name(std::ptr::null_mut(), std::ptr::null_mut());
    silk_rt_gpu_stream_create(std::ptr::null_mut(), std::ptr::null_mut());

    // Streams: enqueue upload, launch and download, then synchronize.
    let (mut stream, mut sdev) = (0u64, 9i64);
    silk_rt_gpu_stream_create(&mut stream, &mut sdev);
    assert_ne!(stream, 0, "{}", last_error());
    assert_eq!(sdev, 0);
    let ones = [1u32; 64];
    assert_eq!(
        silk_rt_gpu_buffer_upload_on(stream, out.0, out.1, ones.as_ptr() as u64, 256),
        0
    );
    let args = [out.0, 99];
    let name = "fill";
    let st = silk_rt_gpu_launch_on(
        stream,
        name.as_ptr() as u64,
        4,
        32,
        16,
        args.as_ptr() as u64,
        2,
    );
    assert_eq!(st, 0, "{}", last_error());
    let mut back = [0u32; 64];
    let st = silk_rt_gpu_buffer_download_on(stream, out.0, out.1, back.as_mut_ptr() as u64, 256);
    assert_eq!(st, 0);
    assert_eq!(silk_rt_gpu_stream_synchronize(stream), 0);
    let mut expected = [1u32; 64];
    expected[..32].fill(99);
    assert_eq!(back, expected);
    let st = silk_rt_gpu_launch_on(stream + 1, name.as_ptr() as u64, 4, 4, 4, 0, 0);
    assert_eq!(st, s(status::INVALID_STREAM));
    assert_eq!(
        silk_rt_gpu_buffer_upload_on(stream + 1, out.0, out.1, ones.as_ptr() as u64, 4),
        s(status::INVALID_STREAM)
    );

    // Devices: a buffer of device 0 cannot be used or closed while device 1
    // is selected, and stays live.
    assert_eq!(silk_rt_gpu_select_device(1), 0);
    assert_eq!(silk_rt_gpu_current_device(), 1);
    assert_eq!(download(out, &mut host), s(status::CROSS_DEVICE));
    assert_eq!(
        silk_rt_gpu_buffer_close(out.0, out.1),
        s(status::CROSS_DEVICE)
    );
    assert_eq!(silk_rt_gpu_stream_close(stream), s(status::CROSS_DEVICE));
    let other = alloc(16);
    assert_eq!(other.1, 1);
    assert_eq!(silk_rt_gpu_buffer_close(other.0, other.1), 0);
    assert_eq!(
        silk_rt_gpu_buffer_close(other.0, other.1),
        s(status::INVALID_BUFFER)
    );
    assert_eq!(silk_rt_gpu_select_device(2), s(status::INVALID_DEVICE));
    assert_eq!(silk_rt_gpu_select_device(-1), s(status::INVALID_DEVICE));
    assert_eq!(silk_rt_gpu_select_device(1 << 40), s(status::LIMIT));
    assert!(last_error().contains("1099511627776"), "{}", last_error());
    assert_eq!(
        silk_rt_gpu_select_device(-(1 << 40)),
        s(status::INVALID_DEVICE)
    );
    assert_eq!(silk_rt_gpu_select_device(0), 0);
    assert_eq!(silk_rt_gpu_stream_close(stream), 0);
    assert_eq!(silk_rt_gpu_stream_close(stream), s(status::INVALID_STREAM));
    assert_eq!(download(out, &mut host), 0);
    assert_eq!(silk_rt_gpu_buffer_close(out.0, out.1), 0);
    assert_eq!(download(out, &mut host), s(status::INVALID_BUFFER));
    println!("child: the ABI ran fill on {processor:?}");
}

fn bundled_copy(processor: &str) -> std::path::PathBuf {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/device/fill.slk"),
    )
    .unwrap();
    let objs = match silk_driver::build_device_sources(&[("fill.slk", &text)], processor) {
        Ok((_, objs)) => objs,
        Err((session, diags)) => panic!("{}", session.render(&diags)),
    };
    let mut image = std::fs::read("/proc/self/exe").unwrap();
    let mut w = BundleWriter::new(ProviderKind::Hip, processor).unwrap();
    for o in objs {
        w.add(&o.entry.name, o.entry.explicit_kernarg_size(), o.bytes)
            .unwrap();
    }
    w.append_to(&mut image).unwrap();
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join(format!("silk-rt-abi-{processor}-{}", std::process::id()));
    std::fs::write(&path, &image).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

#[test]
fn the_abi_runs_fill_from_the_executables_bundle() {
    if std::env::var_os(CHILD).is_some() {
        return;
    }
    for p in PROCESSORS {
        let path = bundled_copy(p);
        let out = Command::new(&path)
            .args(["--exact", "child_abi_over_the_emulator", "--nocapture"])
            .env(CHILD, p)
            .env("SILK_GPU_PROVIDER", "emulator")
            .env("SILK_EMU_DEVICES", "2")
            .output()
            .unwrap();
        std::fs::remove_file(&path).ok();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && stdout.contains("child: the ABI ran fill"),
            "{p}: {out:?}\n{stdout}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn without_a_bundle_everything_is_unavailable_and_says_why() {
    if std::env::var_os(CHILD).is_some() {
        return;
    }
    // This test binary has no bundle, whatever the provider.
    assert_eq!(silk_rt_gpu_is_supported(), 0);
    assert!(
        last_error().contains("no valid Silk GPU bundle"),
        "{}",
        last_error()
    );
    assert_eq!(provider_name(), "");
    assert_eq!(silk_rt_gpu_device_count(), 0);
    assert_eq!(silk_rt_gpu_current_device(), -1);
    assert_eq!(alloc(16), (0, -1));
    // A number that names no buffer: still "unavailable" first.
    assert_eq!(silk_rt_gpu_buffer_close(5, 0), s(status::UNAVAILABLE));
    assert_eq!(launch("fill", 4, 4, &[0, 0]), s(status::UNAVAILABLE));
    assert_eq!(silk_rt_gpu_select_device(1 << 40), s(status::UNAVAILABLE));
    assert!(last_error().contains("SLKGPEND"), "{}", last_error());
    let (mut h, mut d) = (5u64, 5i64);
    silk_rt_gpu_stream_create(&mut h, &mut d);
    assert_eq!((h, d), (0, -1));
    assert_eq!(silk_rt_gpu_synchronize(), s(status::UNAVAILABLE));
}
