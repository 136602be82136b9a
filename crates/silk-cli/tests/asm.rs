//! `silk asm` seen from outside.

use std::process::Command;

const HIP: &str = "crates/silk-amdgpu/tests/data/hip";

fn silk(args: &[&str]) -> (bool, Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_silk"))
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.success(),
        out.status.code(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn tmp(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("silk-asm-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name).to_string_lossy().into_owned()
}

/// A corpus file through the CLI (with the golden encodings standing in
/// for the instruction encoder) gives clang + lld's `.text`.
#[test]
fn assembles_a_corpus_file() {
    let out = tmp("saxpy.hsaco");
    let table = format!("gfx1100={HIP}/asm/encodings-gfx1100.txt");
    let (ok, _, err) = silk(&[
        "asm",
        "--encoding-table",
        &table,
        &format!("{HIP}/asm/saxpy-gfx1100.s"),
        "-o",
        &out,
    ]);
    assert!(ok, "{err}");
    let ours = silk_amdgpu::code_object::read(&std::fs::read(&out).unwrap()).unwrap();
    let reference_bytes = std::fs::read(format!("../../{HIP}/asm/saxpy-gfx1100.hsaco")).unwrap();
    let reference = silk_amdgpu::code_object::read(&reference_bytes).unwrap();
    let names: Vec<_> = ours.kernels.iter().map(|k| k.name.as_str()).collect();
    assert_eq!(names, ["saxpy", "daxpy_grid_stride"]);
    for (a, b) in ours.kernels.iter().zip(&reference.kernels) {
        assert_eq!(a.descriptor, b.descriptor);
        assert_eq!(a.code, b.code);
    }
    assert_eq!(ours.metadata_value(), reference.metadata_value());
}

#[test]
fn reports_errors_with_carets_and_exit_status_1() {
    let src = tmp("bad.s");
    std::fs::write(
        &src,
        "\t.amdgcn_target \"amdgcn-amd-amdhsa--gfx942\"\n\t.bogus\n\ts_branch .Lmissing\n",
    )
    .unwrap();
    let (ok, code, err) = silk(&["asm", &src, "-o", &tmp("bad.hsaco")]);
    assert!(!ok);
    assert_eq!(code, Some(1));
    let expected = format!(
        "{src}:2:2: error: unknown directive `.bogus`\n\t.bogus\n\t^\n\
         {src}:3:11: error: undefined symbol `.Lmissing`\n\ts_branch .Lmissing\n\t         ^\n\
         error: could not assemble `{src}` due to 2 previous errors\n"
    );
    assert_eq!(err, expected);
}

#[test]
fn target_flag_must_agree_with_the_file() {
    let src = tmp("t.s");
    std::fs::write(&src, "\t.amdgcn_target \"amdgcn-amd-amdhsa--gfx1100\"\n").unwrap();
    let (ok, code, err) = silk(&["asm", "--target", "gfx942", &src, "-o", &tmp("t.hsaco")]);
    assert!(!ok && code == Some(1));
    assert!(
        err.contains(":1:17: error: `.amdgcn_target` says `amdgcn-amd-amdhsa--gfx1100` but --target is `amdgcn-amd-amdhsa--gfx942`"),
        "{err}"
    );
    let (ok, _, err) = silk(&["asm", "--target", "gfx9000", &src]);
    assert!(!ok);
    assert!(err.contains("unknown AMDGPU target `gfx9000`"), "{err}");
    let (ok, _, err) = silk(&["asm", &tmp("missing.s")]);
    assert!(!ok);
    assert!(err.contains("cannot read"), "{err}");
}
