//! `silk build` on `.sir` files seen from outside.

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

const SAXPY: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../silk-gpu-ir/tests/kernels/saxpy.sir"
);

#[test]
fn builds_a_code_object_that_inspect_accepts() {
    let dir = std::env::temp_dir().join(format!("silk-build-sir-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for target in ["gfx942", "gfx1100", "gfx1151"] {
        let out = dir.join(format!("saxpy-{target}.hsaco"));
        let (ok, _, err) = silk(&[
            "build",
            SAXPY,
            "--target",
            target,
            "-o",
            out.to_str().unwrap(),
        ]);
        assert!(ok, "{err}");
        let (ok, text, err) = silk(&["inspect", out.to_str().unwrap()]);
        assert!(ok, "{err}");
        assert!(text.contains("saxpy"), "{text}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn emit_asm_prints_llvm_syntax() {
    let (ok, text, err) = silk(&["build", SAXPY, "--target", "gfx942", "--emit", "asm"]);
    assert!(ok, "{err}");
    assert!(text.contains("global_load_dword"), "{text}");
    assert!(text.contains(".amdhsa_kernel saxpy"), "{text}");
    assert!(text.contains("s_endpgm"), "{text}");
}

#[test]
fn unsupported_ir_is_a_clear_error() {
    let dir = std::env::temp_dir().join(format!("silk-build-sir-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("k.sir");
    std::fs::write(
        &f,
        "kernel @k(%p: ptr<global>) {\n  %x = load %p : f64, align 8\n  %y = exp2 %x\n  store %p, %y, align 8\n}\n",
    )
    .unwrap();
    let (ok, _, err) = silk(&["build", f.to_str().unwrap(), "--target", "gfx1100"]);
    assert!(!ok);
    assert!(err.contains("not supported yet: `exp2` on f64"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}
