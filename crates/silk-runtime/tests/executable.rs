//! The process's runtime reads the bundle at the end of its own executable
//! (`/proc/self/exe`): this test binary has none, so the runtime is
//! unavailable; a copy of it with a bundle appended, run as a child with
//! `SILK_GPU_PROVIDER=emulator`, runs the fill program through the free
//! `std::gpu` functions.

mod common;

use common::*;
use silk_amdgpu::target::Processor;
use silk_runtime::{status, Buffer, BundleWriter, OwnedBundle, ProviderKind};
use std::process::Command;

const CHILD: &str = "SILK_RUNTIME_TEST_CHILD";

#[test]
fn child_runs_fill_from_its_own_bundle() {
    if std::env::var_os(CHILD).is_none() {
        return; // Only meaningful inside the bundled copy (see below).
    }
    assert!(
        silk_runtime::is_supported(),
        "{}",
        silk_runtime::last_error()
    );
    assert_eq!(silk_runtime::device_count(), 2);
    assert_eq!(silk_runtime::current_device(), 0);
    assert_eq!(silk_runtime::select_device(1), status::OK);
    let out = Buffer::alloc(32);
    assert!(out.is_valid());
    assert_eq!(out.device_index(), 1);
    let d = silk_runtime::launch_and_synchronize("fill", 8, 4, &[out.address(), 0xabcd]);
    assert!(d.is_ok(), "{}", silk_runtime::last_error());
    let mut host = [0u8; 32];
    assert_eq!(out.download(&mut host), status::OK);
    assert_eq!(le_u32s(&host), [0xabcd; 8]);
    assert_eq!(
        silk_runtime::launch("nope", 1, 1, &[]),
        status::UNKNOWN_KERNEL
    );
    assert!(silk_runtime::last_error().contains("no kernel `nope`"));
    println!("child: fill ran from the executable's own bundle");
}

#[test]
fn an_executable_with_a_bundle_runs_its_kernels() {
    if std::env::var_os(CHILD).is_some() {
        return;
    }
    let exe = std::fs::read("/proc/self/exe").unwrap();
    let mut image = exe.clone();
    let mut w = BundleWriter::new(ProviderKind::Hip, "gfx1100").unwrap();
    for (name, size, object) in compile(&KERNELS, Processor::Gfx1100) {
        w.add(&name, size, object).unwrap();
    }
    w.append_to(&mut image).unwrap();
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join(format!("bundled-{}", std::process::id()));
    std::fs::write(&path, &image).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    // The file reader finds the same bundle the child will.
    let b = OwnedBundle::from_file(&path).unwrap();
    let v = b.view();
    assert_eq!(v.processor(), "gfx1100");
    assert_eq!(v.start(), (exe.len() as u64).next_multiple_of(8));
    assert_eq!(v.find("fill").map(|e| e.kernarg_size), Some(16));
    let out = Command::new(&path)
        .args([
            "--exact",
            "child_runs_fill_from_its_own_bundle",
            "--nocapture",
        ])
        .env(CHILD, "1")
        .env("SILK_GPU_PROVIDER", "emulator")
        .env("SILK_EMU_DEVICES", "2")
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&path);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("child: fill ran from the executable's own bundle"),
        "{text}"
    );
}

#[test]
fn this_test_binary_has_no_bundle() {
    if std::env::var_os(CHILD).is_some() {
        return;
    }
    let e = OwnedBundle::from_executable().unwrap_err();
    assert!(e.to_string().contains("SLKGPEND"), "{e}");
    // The global runtime (auto, or whatever the environment says) is
    // unavailable for the same reason.
    assert!(!silk_runtime::is_supported());
    assert!(
        silk_runtime::last_error().contains("no valid Silk GPU bundle"),
        "{}",
        silk_runtime::last_error()
    );
    assert_eq!(silk_runtime::device_count(), 0);
    assert_eq!(silk_runtime::current_device(), -1);
    assert_eq!(silk_runtime::synchronize(), status::UNAVAILABLE);
    assert!(!silk_runtime::Stream::create().is_valid());
}
