//! `silk disasm` seen from outside.

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
fn byte_list_prints_llvm_text_and_reports_bad_words() {
    let dir = std::env::temp_dir().join(format!("silk-disasm-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bytes.txt");
    std::fs::write(
        &file,
        "0x00 0x00 0x81 0xbf # s_endpgm\n// comment\n0x01 0x05 0x04 0x02\n0xff 0xff 0xff 0xff\n",
    )
    .unwrap();
    let (ok, out, err) = silk(&["disasm", "--target", "gfx942", file.to_str().unwrap()]);
    assert!(!ok, "an undecodable word must fail the command");
    assert_eq!(out, "\ts_endpgm\n\tv_add_f32_e32 v2, v1, v2\n");
    assert!(
        err.contains("bytes.txt:4:1: error: invalid instruction encoding"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn byte_list_errors_name_their_place() {
    let dir = std::env::temp_dir().join(format!("silk-disasm-e-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bytes.txt");
    let path = file.to_str().unwrap();
    std::fs::write(
        &file,
        "0x00 0x00 0x81 0xbf\n# c\n0xff 0xff 0xff 0xff 0x01 0x02\n",
    )
    .unwrap();
    let (ok, out, err) = silk(&["disasm", "--target", "gfx942", path]);
    assert!(!ok);
    assert_eq!(out, "\ts_endpgm\n");
    assert!(
        err.contains("bytes.txt:3:1: error: invalid instruction encoding"),
        "{err}"
    );
    assert!(
        err.contains("bytes.txt:3:21: error: 2 trailing bytes"),
        "{err}"
    );
    std::fs::write(&file, "0x00 0x00 0x81 0xbf\n0x00 0x1zz\n").unwrap();
    let (ok, _, err) = silk(&["disasm", "--target", "gfx942", path]);
    assert!(!ok);
    assert!(
        err.contains("bytes.txt:2:6: error: `0x1zz` is not a byte"),
        "{err}"
    );
    std::fs::write(&file, b"0x00 0x00 0x81 0xbf\n\xff\n").unwrap();
    let (ok, _, err) = silk(&["disasm", "--target", "gfx942", path]);
    assert!(!ok);
    assert!(err.contains("bytes.txt: not UTF-8 text"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn code_object_kernels_are_listed() {
    let obj = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../silk-amdgpu/tests/data/hip/objects/vector_add-gfx942.hsaco"
    );
    let (ok, out, err) = silk(&["disasm", obj]);
    assert!(ok, "{err}");
    assert!(out.starts_with("vector_add:\n"), "{out}");
    assert!(out.contains("global_load_dword v4, v[0:1], off"), "{out}");
    assert!(out.trim_end().ends_with("s_endpgm"), "{out}");
}
