//! `silk inspect` seen from outside, on the golden clang objects.

use std::path::PathBuf;
use std::process::Command;

fn golden(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../silk-amdgpu/tests/data/hip/objects")
        .join(name)
        .to_string_lossy()
        .into_owned()
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

#[test]
fn text_shows_header_kernels_descriptor_fields_and_metadata() {
    let (ok, out, err) = silk(&["inspect", &golden("multi-gfx942.hsaco")]);
    assert!(ok, "{err}");
    for needle in [
        "ABI version 4",
        "target: amdgcn-amd-amdhsa--gfx942 (wave64)",
        "kernel fill_yz:",
        ".amdhsa_accum_offset",
        ".amdhsa_system_vgpr_workitem_id 2",
        ".amdhsa_user_sgpr_kernarg_segment_ptr 1",
        ".max_flat_workgroup_size: 256",
        "amdhsa.target: amdgcn-amd-amdhsa--gfx942",
        "validation: no issues",
    ] {
        assert!(out.contains(needle), "missing `{needle}` in\n{out}");
    }
}

#[test]
fn json_is_machine_readable() {
    let (ok, out, err) = silk(&["inspect", "--json", &golden("lds-gfx1151.hsaco")]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["target"], "amdgcn-amd-amdhsa--gfx1151");
    assert_eq!(v["header"]["abi_version"], 4);
    let k = &v["kernels"][0];
    assert_eq!(k["name"], "reverse_block");
    assert_eq!(k["descriptor"][".amdhsa_group_segment_fixed_size"], 4096);
    assert_eq!(k["descriptor"][".amdhsa_wavefront_size32"], 1);
    assert_eq!(k["config"]["workgroup_processor_mode"], true);
    assert_eq!(
        v["metadata"]["amdhsa.kernels"][0][".group_segment_fixed_size"],
        4096
    );
    assert_eq!(v["issues"].as_array().unwrap().len(), 0);
}

#[test]
fn bundles_list_entries_and_inspect_each() {
    let (ok, out, err) = silk(&["inspect", &golden("vector_add.bundle")]);
    assert!(ok, "{err}");
    assert!(out.contains("offload bundle with 4 entries"), "{out}");
    for p in ["gfx942", "gfx1100", "gfx1151"] {
        assert!(
            out.contains(&format!("== bundle entry hipv4-amdgcn-amd-amdhsa--{p} ==")),
            "{out}"
        );
    }
    let (ok, out, _) = silk(&["inspect", "--json", &golden("vector_add.bundle")]);
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["objects"].as_array().unwrap().len(), 3);
    assert_eq!(v["bundle"].as_array().unwrap().len(), 4);
}

#[test]
fn disassemble_lists_each_kernel() {
    for (file, load, end) in [
        (
            "vector_add-gfx942.hsaco",
            "global_load_dword v4, v[0:1], off",
            "s_endpgm",
        ),
        (
            "vector_add-gfx1100.hsaco",
            "global_load_b32 v2, v[2:3], off",
            "s_endpgm",
        ),
    ] {
        let (ok, out, err) = silk(&["inspect", "--disassemble", &golden(file)]);
        assert!(ok, "{err}");
        assert!(out.contains(load), "{file}: {out}");
        assert!(out.contains(&format!(": {end}\n")), "{file}: {out}");
    }
}

#[test]
fn bad_input_fails_with_a_reason() {
    let (ok, _, err) = silk(&["inspect", "/nonexistent/k.hsaco"]);
    assert!(!ok);
    assert!(err.contains("cannot read"), "{err}");
    let (ok, _, err) = silk(&["inspect", &golden("../vector_add.hip")]);
    assert!(!ok);
    assert!(err.contains("not an AMDHSA code object"), "{err}");
}
