//! `silk inspect` on an executable carrying a Silk GPU bundle.

use silk_runtime::{BundleWriter, ProviderKind};
use std::path::{Path, PathBuf};
use std::process::Command;

fn golden(name: &str) -> Vec<u8> {
    std::fs::read(
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../silk-amdgpu/tests/data/hip/objects")
            .join(name),
    )
    .unwrap()
}

fn silk(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_silk"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// This test's own executable with a two-entry bundle appended.
fn bundled(name: &str) -> (PathBuf, u64) {
    let mut image = std::fs::read("/proc/self/exe").unwrap();
    let mut w = BundleWriter::new(ProviderKind::Hip, "gfx942").unwrap();
    w.add("dispatch", 24, golden("dispatch-gfx942.hsaco"))
        .unwrap();
    w.add("lds", 8, golden("lds-gfx942.hsaco")).unwrap();
    let start = (image.len() as u64).next_multiple_of(8);
    w.append_to(&mut image).unwrap();
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, &image).unwrap();
    (path, start)
}

#[test]
fn entries_of_an_executable_bundle_are_listed() {
    let (path, start) = bundled("inspect-bundled-text");
    let (ok, out, err) = silk(&["inspect", path.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert!(
        out.contains(&format!("Silk GPU bundle version 3 at offset {start:#x}")),
        "{out}"
    );
    assert!(
        out.contains("provider HIP, processor gfx942, 2 entries"),
        "{out}"
    );
    let lines: Vec<&str> = out.lines().filter(|l| l.starts_with("  ")).collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(
        lines[0].trim_start().starts_with("dispatch") && lines[0].contains("kernarg  24 bytes"),
        "{out}"
    );
    assert!(lines[0].contains("gfx942"), "{out}");
    assert!(
        lines[1].trim_start().starts_with("lds") && lines[1].contains("kernarg   8 bytes"),
        "{out}"
    );
}

#[test]
fn json_lists_the_entries() {
    let (path, start) = bundled("inspect-bundled-json");
    let (ok, out, err) = silk(&["inspect", "--json", path.to_str().unwrap()]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let b = &v["gpu_bundle"];
    assert_eq!(b["version"], 3);
    assert_eq!(b["offset"], start);
    assert_eq!(b["processor"], "gfx942");
    assert_eq!(b["entries"][0]["name"], "dispatch");
    assert_eq!(b["entries"][0]["kernarg_size"], 24);
    assert_eq!(b["entries"][0]["target"], "gfx942");
    assert_eq!(b["entries"][1]["name"], "lds");
    assert_eq!(b["entries"][1]["payload_offset"].as_u64().unwrap() % 8, 0);
    assert!(!b["entries"][1]["kernels"].as_array().unwrap().is_empty());
}

#[test]
fn a_malformed_bundle_is_a_located_error() {
    let (path, _) = bundled("inspect-bundled-bad");
    let mut bytes = std::fs::read(&path).unwrap();
    let n = bytes.len();
    bytes[n - 16..n - 8].copy_from_slice(&(1u64 << 40).to_le_bytes());
    std::fs::write(&path, &bytes).unwrap();
    let (ok, _, err) = silk(&["inspect", path.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("malformed Silk GPU bundle"), "{err}");
    assert!(err.contains("exceeds the"), "{err}");
}

/// `strip` cuts the bundle off: inspect warns about it on every bundle
/// report, and names it when an executable no longer has one.
#[test]
fn inspect_warns_that_strip_removes_the_bundle_and_says_so_after_strip() {
    let (path, _) = bundled("inspect-bundled-strip");
    let p = path.to_str().unwrap();
    let (ok, _, err) = silk(&["inspect", p]);
    assert!(ok, "{err}");
    assert_eq!(
        err,
        "warning: `strip` removes the Silk GPU bundle (a trailer after the ELF image, not a section): a stripped executable finds no kernels at run time\n"
    );
    let o = Command::new("strip").arg(&path).output();
    let Ok(o) = o else {
        println!("skipped the stripped half: `strip` is not installed");
        return;
    };
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let (ok, out, err) = silk(&["inspect", p]);
    assert!(!ok && out.is_empty(), "{out}");
    assert_eq!(
        err,
        format!(
            "error: `{p}`: an x86-64 executable without a Silk GPU bundle (no `SLKGPEND` footer at its end); `strip` removes the bundle: build it again with `silk build --target linux-x86_64 --gpu-target ...` and do not strip it\n"
        )
    );
}
