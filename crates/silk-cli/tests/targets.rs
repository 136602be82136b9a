//! `silk targets` seen from outside.

use std::process::Command;

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

#[test]
fn lists_every_processor() {
    let (ok, out, _) = silk(&["targets"]);
    assert!(ok);
    for name in [
        "amdgcn-amd-amdhsa-gfx942",
        "amdgcn-amd-amdhsa-gfx1100",
        "amdgcn-amd-amdhsa-gfx1151",
    ] {
        assert!(out.contains(name), "{out}");
    }
    assert!(out.contains("e_flags 0x54c"), "{out}");
}

#[test]
fn json_is_machine_readable() {
    let (ok, out, _) = silk(&["targets", "--json"]);
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let list = v.as_array().unwrap();
    assert_eq!(list.len(), 3);
    assert_eq!(list[0]["metadata"], "amdgcn-amd-amdhsa--gfx942");
    assert_eq!(list[0]["info"]["default_wavefront_size"], 64);
    assert_eq!(list[1]["info"]["default_wavefront_size"], 32);
    assert_eq!(list[2]["e_flags"], "0x4a");
}

#[test]
fn resolve_alias() {
    let (ok, out, _) = silk(&["targets", "--resolve", "amdgcn-gfx1151"]);
    assert!(ok);
    assert!(
        out.contains("canonical: amdgcn-amd-amdhsa-gfx1151"),
        "{out}"
    );
    assert!(
        out.contains("metadata:  amdgcn-amd-amdhsa--gfx1151"),
        "{out}"
    );
}

#[test]
fn resolve_misspelling_fails_with_suggestion() {
    let (ok, _, err) = silk(&["targets", "--resolve", "gfx1150"]);
    assert!(!ok);
    assert!(err.contains("did you mean `gfx1151`"), "{err}");
}

#[test]
fn version_and_help() {
    let (ok, out, _) = silk(&["--version"]);
    assert!(ok && out.starts_with("silk "), "{out}");
    let (ok, out, _) = silk(&["--help"]);
    assert!(ok && out.contains("targets"), "{out}");
}
