//! `silk disasm` and `silk emu` on a clang offload bundle (clang-22's
//! default `--cuda-device-only` output for gfx942 and gfx1100, made by
//! tests/data/bundle/regen.sh), and by-value struct arguments (`raw:`).

use std::process::Command;

const BUNDLE: &str = "crates/silk-cli/tests/data/bundle/struct_args.bundle";
const OBJECTS: &str = "crates/silk-amdgpu/tests/data/hip/objects";

fn silk(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_silk"))
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn disasm_picks_the_bundle_entry_by_target() {
    for p in ["gfx942", "gfx1100"] {
        let (ok, from_bundle, err) = silk(&["disasm", "--target", p, BUNDLE]);
        assert!(ok, "{err}");
        let object = format!("{OBJECTS}/struct_args-{p}.hsaco");
        let (ok, from_object, err) = silk(&["disasm", &object]);
        assert!(ok, "{err}");
        assert!(from_bundle.starts_with("struct_args:\n"), "{from_bundle}");
        assert_eq!(from_bundle, from_object, "{p}");
    }
    // Two code objects and no --target: say which entries exist.
    let (ok, _, err) = silk(&["disasm", BUNDLE]);
    assert!(!ok);
    assert!(
        err.contains("choose one with --target")
            && err.contains("`hipv4-amdgcn-amd-amdhsa--gfx942`")
            && err.contains("`hipv4-amdgcn-amd-amdhsa--gfx1100`"),
        "{err}"
    );
    let (ok, _, err) = silk(&["disasm", "--target", "gfx1151", BUNDLE]);
    assert!(!ok);
    assert!(err.contains("no code object for gfx1151"), "{err}");
}

/// `raw:` hex of little-endian bytes.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn emu_runs_a_struct_by_value_kernel_from_the_bundle() {
    let dir = std::env::temp_dir().join(format!("silk-bundle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // struct Params { double scale; int count; char tag; } (16 bytes).
    let mut params = Vec::new();
    params.extend_from_slice(&0.5f64.to_le_bytes());
    params.extend_from_slice(&7i32.to_le_bytes());
    params.extend_from_slice(&[3, 0, 0, 0]);
    // struct Big { long long v[5]; } (40 bytes).
    let big: Vec<u8> = [10i64, 20, 30, 40, 50]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    let n = 64usize;
    let input: Vec<u8> = (0..n)
        .flat_map(|t| (t as f64 * 2.0).to_le_bytes())
        .collect();
    let inp = dir.join("in.bin");
    std::fs::write(&inp, &input).unwrap();
    for p in ["gfx942", "gfx1100"] {
        let out = dir.join(format!("out-{p}.bin"));
        let (ok, stdout, err) = silk(&[
            "emu",
            BUNDLE,
            "--target",
            p,
            "--kernel",
            "struct_args",
            "--grid",
            "64",
            "--block",
            "64",
            "--arg",
            &format!("raw:{}", hex(&params)),
            "--arg",
            "raw:02",
            "--arg",
            "buf:out=zero:256",
            "--arg",
            &format!("raw:{}", hex(&big)),
            "--arg",
            &format!("buf:in=@{}", inp.display()),
            "--arg",
            "i64:-100",
            "--dump",
            &format!("out={}", out.display()),
            "--no-hazards",
        ]);
        assert!(ok, "{p}: {err}");
        assert!(stdout.starts_with("struct_args: 1 workgroups"), "{stdout}");
        let got = std::fs::read(&out).unwrap();
        for t in 0..n {
            let want =
                (t as f64 * 2.0 * 0.5 + 7.0 + 3.0 + 2.0 + [10.0, 20.0, 30.0, 40.0, 50.0][t % 5]
                    - 100.0) as f32;
            let v = f32::from_le_bytes(got[4 * t..4 * t + 4].try_into().unwrap());
            assert_eq!(v, want, "{p} out[{t}]");
        }
    }
    // The wrong number of raw bytes names the argument and both sizes.
    let (ok, _, err) = silk(&[
        "emu",
        BUNDLE,
        "--target",
        "gfx942",
        "--kernel",
        "struct_args",
        "--grid",
        "1",
        "--block",
        "1",
        "--arg",
        "raw:0102",
        "--arg",
        "raw:02",
        "--arg",
        "buf:o=zero:4",
        "--arg",
        "raw:00",
        "--arg",
        "buf:i=zero:8",
        "--arg",
        "i64:0",
    ]);
    assert!(!ok);
    assert!(
        err.contains("argument 0")
            && err.contains("16 bytes")
            && err.contains("cannot take 2 raw bytes"),
        "{err}"
    );
    let (ok, _, err) = silk(&[
        "emu",
        BUNDLE,
        "--kernel",
        "struct_args",
        "--grid",
        "1",
        "--block",
        "1",
    ]);
    assert!(!ok);
    assert!(err.contains("choose one with --target"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
