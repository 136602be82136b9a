//! Differential tests against LLVM 22: every instruction a source kernel
//! lowers to encodes to the bytes `llvm-mc -show-encoding` gives for our
//! printed text, and LLVM's object readers accept the code objects without
//! warnings. Skipped, saying so, when LLVM 22 is not installed.

mod common;

use silk_amdgpu::code_object;
use silk_amdgpu::Target;
use silk_codegen::CompiledKernel;
use silk_testsupport::llvm::tool_or_skip;
use std::io::Write;
use std::process::{Command, Stdio};

fn build(target: &Target, s: &common::Sample) -> CompiledKernel {
    common::compile(target, s.name, &s.params, &s.ops)
        .unwrap_or_else(|e| panic!("{} on {}: {e}", s.name, target.processor))
}

/// Assemble `text` with `llvm-mc -show-encoding`: stdout and stderr.
fn llvm_mc(mc: &std::path::Path, target: &Target, text: &str) -> (bool, String, String) {
    let mut child = Command::new(mc)
        .args([
            "-arch=amdgcn",
            &format!("-mcpu={}", target.processor.name()),
            "-show-encoding",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    (
        out.status.success() && stderr.trim().is_empty(),
        String::from_utf8(out.stdout).unwrap(),
        stderr,
    )
}

/// The bytes of each `; encoding: [0x01,...]` line.
fn encodings(stdout: &str) -> Vec<Vec<u8>> {
    stdout
        .lines()
        .filter_map(|l| l.split("encoding: [").nth(1))
        .map(|e| {
            e.trim_end_matches(']')
                .split(',')
                .map(|b| u8::from_str_radix(b.trim().trim_start_matches("0x"), 16).unwrap())
                .collect()
        })
        .collect()
}

#[test]
fn instruction_bytes_match_llvm_mc() {
    let Some(mc) = tool_or_skip("llvm-mc", "instruction_bytes_match_llvm_mc") else {
        return;
    };
    let mut mismatches = Vec::new();
    let mut checked = 0;
    for target in common::targets() {
        for sample in common::samples(&target) {
            let k = build(&target, &sample);
            let mut offset = 0;
            for l in &k.insts {
                let mut words = Vec::new();
                silk_amdgpu::isa::encode(target.processor, l, &mut words).unwrap();
                let ours: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
                assert_eq!(&k.code[offset..offset + ours.len()], ours.as_slice());
                offset += ours.len();
                let line = silk_amdgpu::isa::print::to_text(target.processor, l);
                checked += 1;
                let (ok, stdout, stderr) = llvm_mc(&mc, &target, &line);
                let theirs = encodings(&stdout);
                if !ok || theirs.len() != 1 {
                    mismatches.push(format!(
                        "{} {}: llvm-mc rejects our text `{line}`: {}",
                        target.processor,
                        sample.name,
                        stderr.lines().next().unwrap_or("")
                    ));
                } else if theirs[0] != ours {
                    mismatches.push(format!(
                        "{} {}: `{line}`: ours {ours:02x?}, llvm-mc {:02x?}",
                        target.processor, sample.name, theirs[0]
                    ));
                }
            }
            assert_eq!(offset, k.code.len(), "{}: code length", sample.name);
        }
    }
    assert!(checked > 50, "only {checked} instructions checked");
    assert!(
        mismatches.is_empty(),
        "{} of {checked} instructions differ:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
}

fn readers_accept(path: &std::path::Path, test: &str) {
    let Some(readelf) = tool_or_skip("llvm-readelf", test) else {
        return;
    };
    let Some(readobj) = tool_or_skip("llvm-readobj", test) else {
        return;
    };
    for (tool, args) in [
        (&readelf, &["-h", "-l", "-S", "-s", "--dyn-syms", "-n"][..]),
        (&readobj, &["--notes"][..]),
    ] {
        let out = Command::new(tool).args(args).arg(path).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success() && stderr.trim().is_empty(),
            "{} {args:?} {}: {stderr}",
            tool.display(),
            path.display()
        );
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            !stdout.to_lowercase().contains("warning"),
            "{} warns:\n{stdout}",
            tool.display()
        );
    }
}

#[test]
fn llvm_readers_accept_the_objects() {
    let dir = std::env::temp_dir().join(format!("silk-codegen-readers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for target in common::targets() {
        for sample in common::samples(&target) {
            let bytes = common::to_bytes(&target, &build(&target, &sample));
            let parsed = code_object::read(&bytes).unwrap();
            assert_eq!(code_object::validate(&parsed), vec![]);
            let path = dir.join(format!("{}-{}.hsaco", sample.name, target.processor.name()));
            std::fs::write(&path, &bytes).unwrap();
            readers_accept(&path, "llvm_readers_accept_the_objects");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `llvm-objdump -d` of our objects disassembles the kernel to exactly
/// the instructions we printed.
#[test]
fn llvm_objdump_disassembles_our_listing() {
    let test = "llvm_objdump_disassembles_our_listing";
    let Some(objdump) = tool_or_skip("llvm-objdump", test) else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("silk-codegen-objdump-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for target in common::targets() {
        for sample in common::samples(&target) {
            let k = build(&target, &sample);
            let path = dir.join(format!("{}-{}.hsaco", sample.name, target.processor.name()));
            std::fs::write(&path, common::to_bytes(&target, &k)).unwrap();
            let out = Command::new(&objdump)
                .args(["-d", "--no-show-raw-insn", "--no-leading-addr"])
                .arg(&path)
                .output()
                .unwrap();
            assert!(out.status.success());
            let text = String::from_utf8(out.stdout).unwrap();
            let theirs: Vec<String> = text
                .lines()
                .skip_while(|l| !l.starts_with(&format!("<{}>:", k.name)))
                .skip(1)
                .take(k.insts.len())
                .map(|l| l.split("//").next().unwrap().trim().to_string())
                .collect();
            let ours: Vec<String> = common::listing(&target, &k)
                .lines()
                .map(|l| l.trim().to_string())
                .collect();
            assert_eq!(theirs, ours, "{} on {}", sample.name, target.processor);
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
