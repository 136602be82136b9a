//! Differential: our `e_flags` equal what llvm-mc 22 writes for the same
//! processor and target-ID features.

use silk_amdgpu::target::Target;
use silk_testsupport::llvm;
use std::process::Command;

#[test]
fn e_flags_match_llvm_mc() {
    let Some(mc) = llvm::tool_or_skip("llvm-mc", "e_flags_match_llvm_mc") else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("silk-eflags-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, cpu, attrs) in [
        ("gfx942", "gfx942", ""),
        ("gfx942:xnack+", "gfx942", "+xnack"),
        ("gfx942:xnack-:sramecc+", "gfx942", "-xnack,+sramecc"),
        ("gfx942:sramecc-", "gfx942", "-sramecc"),
        ("gfx1100", "gfx1100", ""),
        ("gfx1151", "gfx1151", ""),
    ] {
        let input = dir.join("empty.s");
        let obj = dir.join("empty.o");
        std::fs::write(&input, "").unwrap();
        let mut cmd = Command::new(&mc);
        cmd.args([
            "-triple",
            "amdgcn-amd-amdhsa",
            &format!("-mcpu={cpu}"),
            "-filetype=obj",
        ]);
        if !attrs.is_empty() {
            cmd.arg(format!("-mattr={attrs}"));
        }
        let status = cmd.arg(&input).arg("-o").arg(&obj).status().unwrap();
        assert!(status.success(), "llvm-mc failed for {name}");
        let bytes = std::fs::read(&obj).unwrap();
        let e_flags = u32::from_le_bytes(bytes[48..52].try_into().unwrap());
        assert_eq!(Target::parse(name).unwrap().e_flags(), e_flags, "{name}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
