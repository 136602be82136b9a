//! `silk asm --show-encoding` prints what `llvm-mc -show-encoding` prints,
//! and reports every bad line as `file:line:col: error:` with a caret.

use std::process::Command;

#[test]
fn listing_and_errors() {
    let dir = std::env::temp_dir().join(format!("silk-show-enc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("k.s");
    std::fs::write(
        &file,
        "\t.text\n\ts_load_dword s3, s[0:1], 0x10\n\tv_add_f32 v0, v1, v2 // comment\nlabel:\n\tv_bogus v1\n\tv_add_f32 v0, v1\n\ts_endpgm\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_silk"))
        .args([
            "asm",
            "--show-encoding",
            "--target",
            "gfx942",
            file.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(!out.status.success());
    assert_eq!(
        stdout,
        "\ts_load_dword s3, s[0:1], 0x10           ; encoding: [0xc0,0x00,0x02,0xc0,0x10,0x00,0x00,0x00]\n\
         \tv_add_f32_e32 v0, v1, v2                ; encoding: [0x01,0x05,0x00,0x02]\n\
         label:\n\
         \ts_endpgm                                ; encoding: [0x00,0x00,0x81,0xbf]\n"
    );
    assert!(
        stderr.contains("k.s:5:2: error: unknown instruction `v_bogus`"),
        "{stderr}"
    );
    assert!(
        stderr.contains("k.s:6:"),
        "both bad lines are reported: {stderr}"
    );
    assert!(stderr.contains("\tv_bogus v1\n\t^"), "{stderr}");
    std::fs::remove_dir_all(&dir).ok();
}

/// A clang `.s` file without `--target`: the target comes from
/// `.amdgcn_target`; labels, branch-label and `@rel32` operands, the
/// kernel descriptor block and the YAML metadata are read, and fixups are
/// listed as llvm-mc lists them.
#[test]
fn clang_file_without_target() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../silk-amdgpu/tests/data/hip/asm/globals-gfx942.s"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_silk"))
        .args(["asm", "--show-encoding", file])
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{stderr}");
    assert!(
        stdout.starts_with("square_lut:\n\ts_load_dword s3, s[0:1], 0x24 "),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "\ts_cbranch_execz .LBB0_2                 ; encoding: [A,A,0x88,0xbf]\n\
             \x20                                       ;   fixup A - offset: 0, value: .LBB0_2, kind: fixup_si_sopp_br\n"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "\ts_add_u32 s2, s2, lut@rel32@lo+4        ; encoding: [0x02,0xff,0x02,0x80,A,A,A,A]\n\
             \x20                                       ;   fixup A - offset: 4, value: lut@rel32@lo+4, kind: FK_PCRel_4\n"
        ),
        "{stdout}"
    );
    assert!(stdout.contains("\n.LBB0_2:\n\ts_endpgm "), "{stdout}");
}
