//! `silk emu` seen from outside.

use std::process::Command;

const VECTOR_ADD: &str = "crates/silk-amdgpu/tests/data/hip/objects/vector_add-gfx942.hsaco";

fn silk(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_silk"))
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
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
fn runs_vector_add_and_dumps_the_result() {
    let dir = std::env::temp_dir().join(format!("silk-emu-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let a: Vec<u8> = (0..512u32).flat_map(|i| (i as f32).to_le_bytes()).collect();
    let b: Vec<u8> = (0..512u32)
        .flat_map(|i| (0.5 * i as f32).to_le_bytes())
        .collect();
    let (fa, fb, out) = (dir.join("a.bin"), dir.join("b.bin"), dir.join("out.bin"));
    std::fs::write(&fa, a).unwrap();
    std::fs::write(&fb, b).unwrap();
    let (ok, stdout, stderr) = silk(&[
        "emu",
        VECTOR_ADD,
        "--kernel",
        "vector_add",
        "--grid",
        "512",
        "--block",
        "256,1,1",
        "--arg",
        &format!("buf:out=@{}", fa.display()),
        "--arg",
        &format!("buf:in=@{}", fb.display()),
        "--arg",
        "i32:500",
        "--dump",
        &format!("out={}", out.display()),
        "--threads",
        "2",
        "--no-hazards",
        "valu_sgpr_valu,trans_use",
    ]);
    assert!(ok, "{stderr}");
    assert!(
        stdout.starts_with("vector_add: 2 workgroups, 8 waves,"),
        "{stdout}"
    );
    let got = std::fs::read(&out).unwrap();
    for i in 0..512usize {
        let v = f32::from_le_bytes(got[4 * i..4 * i + 4].try_into().unwrap());
        let want = if i < 500 { 1.5 * i as f32 } else { i as f32 };
        assert_eq!(v, want, "{i}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn faults_exit_nonzero_with_the_report() {
    let (ok, _, stderr) = silk(&[
        "emu",
        VECTOR_ADD,
        "--kernel",
        "vector_add",
        "--grid",
        "256",
        "--block",
        "256",
        "--arg",
        "buf:out=zero:64",
        "--arg",
        "buf:in=zero:64",
        "--arg",
        "i32:256",
    ]);
    assert!(!ok);
    assert!(
        stderr.contains("fault: out-of-bounds 4-byte load access"),
        "{stderr}"
    );
    assert!(stderr.contains("lane 16"), "{stderr}");
}

#[test]
fn bad_specs_are_errors() {
    for (args, want) in [
        (vec!["--grid", "0x", "--block", "1"], "is not a size"),
        (
            vec!["--grid", "1", "--block", "1", "--arg", "q32:1"],
            "unknown kind `q32`",
        ),
        (
            vec!["--grid", "1", "--block", "1", "--arg", "buf:x"],
            "expected buf:NAME",
        ),
        (
            vec!["--grid", "1", "--block", "1", "--dump", "nope=out"],
            "no buffer named `nope`",
        ),
        (
            vec!["--grid", "1", "--block", "1"],
            "takes 3 arguments, 0 given",
        ),
        (
            vec!["--grid", "1", "--block", "1", "--no-hazards", "bogus"],
            "unknown rule `bogus`",
        ),
    ] {
        let mut full = vec!["emu", VECTOR_ADD, "--kernel", "vector_add"];
        full.extend(args);
        let (ok, _, stderr) = silk(&full);
        assert!(!ok);
        assert!(stderr.contains(want), "{want}: {stderr}");
    }
}
