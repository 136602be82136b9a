//! Differential: `--emit asm` output of every compiled corpus kernel
//! re-assembles with llvm-mc-22 to the same `.text` bytes. Skips (saying
//! so) when LLVM 22 is not installed.

use silk_amdgpu::target::{Processor, Target};
use silk_testsupport::corpus;
use silk_testsupport::llvm::tool_or_skip;
use std::process::Command;

#[test]
fn emitted_assembly_reassembles_to_the_same_bytes() {
    let Some(mc) = tool_or_skip("llvm-mc", "emitted_assembly_reassembles_to_the_same_bytes") else {
        return;
    };
    let Some(objcopy) = tool_or_skip(
        "llvm-objcopy",
        "emitted_assembly_reassembles_to_the_same_bytes",
    ) else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("silk-codegen-mc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut checked = 0;
    let mut failures = Vec::new();
    for k in corpus::kernels() {
        let m = k.module().unwrap();
        for p in [Processor::Gfx942, Processor::Gfx1100, Processor::Gfx1151] {
            let t = Target::new(p);
            let ks = match silk_codegen::compile_module(&m, &t) {
                Ok(ks) => ks,
                Err(e)
                    if matches!(e.without_context(), silk_codegen::Error::Unsupported { .. }) =>
                {
                    continue
                }
                Err(e) => panic!("{} on {}: {e}", k.name, p.name()),
            };
            let asm = silk_codegen::assembly(&t, &ks);
            let s = dir.join(format!("{}-{}.s", k.name, p.name()));
            let o = dir.join(format!("{}-{}.o", k.name, p.name()));
            let bin = dir.join(format!("{}-{}.bin", k.name, p.name()));
            std::fs::write(&s, &asm).unwrap();
            let out = Command::new(&mc)
                .args([
                    "-triple=amdgcn-amd-amdhsa",
                    &format!("-mcpu={}", p.name()),
                    "-filetype=obj",
                    "-o",
                ])
                .arg(&o)
                .arg(&s)
                .output()
                .unwrap();
            if !out.status.success() {
                failures.push(format!(
                    "{} {}: llvm-mc rejected the assembly:\n{}",
                    k.name,
                    p.name(),
                    String::from_utf8_lossy(&out.stderr)
                ));
                continue;
            }
            let st = Command::new(&objcopy)
                .args(["-O", "binary", "--only-section=.text"])
                .arg(&o)
                .arg(&bin)
                .status()
                .unwrap();
            assert!(st.success());
            let theirs = std::fs::read(&bin).unwrap();
            let ours: Vec<u8> = ks.iter().flat_map(|k| k.code.clone()).collect();
            if theirs != ours {
                std::fs::write(bin.with_extension("ours"), &ours).unwrap();
                let at = theirs
                    .iter()
                    .zip(&ours)
                    .position(|(a, b)| a != b)
                    .unwrap_or(0);
                failures.push(format!(
                    "{} {}: bytes differ at {at:#x} (ours {} bytes, llvm-mc {}); see {}",
                    k.name,
                    p.name(),
                    ours.len(),
                    theirs.len(),
                    s.display()
                ));
                continue;
            }
            checked += 1;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked > 0, "no kernel was checked");
    eprintln!("{checked} kernel objects re-assembled to identical bytes");
    std::fs::remove_dir_all(&dir).ok();
}
