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
    assert!(stderr.contains("\tv_bogus v1\n ^"), "{stderr}");
    std::fs::remove_dir_all(&dir).ok();
}
