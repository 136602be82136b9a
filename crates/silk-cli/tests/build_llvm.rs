//! Differential tests of `silk build` against LLVM 22, from the shipped
//! Silk sources: the instruction bytes equal what `llvm-mc -show-encoding`
//! gives for the same instructions as our printer writes them, and
//! `llvm-readelf` / `llvm-readobj` read the objects without warnings.
//! Skipped, saying so, when LLVM 22 is not installed.

use silk_amdgpu::{isa, Target};
use silk_cli::build::{build_object, Built};
use silk_lang::{FsLoader, Options, Session};
use silk_testsupport::llvm::tool_or_skip;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// (file, needs std?, processors) of every shipped kernel.
const EXAMPLES: &[(&str, bool, &[&str])] = &[
    (
        "examples/kernels/add.slk",
        false,
        &["gfx942", "gfx1100", "gfx1151"],
    ),
    (
        "examples/kernels/all_intrinsics_gfx942.slk",
        false,
        &["gfx942"],
    ),
    (
        "examples/kernels/all_intrinsics_gfx11.slk",
        false,
        &["gfx1100", "gfx1151"],
    ),
    (
        "examples/kernels/fill.slk",
        true,
        &["gfx942", "gfx1100", "gfx1151"],
    ),
    (
        "examples/kernels/threshold.slk",
        true,
        &["gfx942", "gfx1100", "gfx1151"],
    ),
    (
        "examples/kernels/isa_wrappers.slk",
        true,
        &["gfx942", "gfx1100", "gfx1151"],
    ),
    (
        "examples/multi/kernel.slk",
        true,
        &["gfx942", "gfx1100", "gfx1151"],
    ),
];

const MINIMAL: &str = "ext __silk_amdgpu_v_add_f32 = fn (int, int, int) -> void;\n\
    ext __silk_amdgpu_s_waitcnt_vmcnt0_expcnt0_lgkmcnt0 = fn () -> void;\n\
    export fn kernel_name () {\n  __silk_amdgpu_v_add_f32(0, 1, 2);\n  \
    __silk_amdgpu_s_waitcnt_vmcnt0_expcnt0_lgkmcnt0();\n}\n";

/// Every (label, built kernel) the tests check.
fn all_built() -> Vec<(String, Built)> {
    let mut out = Vec::new();
    for (file, std, processors) in EXAMPLES {
        let path = repo().join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        for p in *processors {
            let mut session = Session::new(Options {
                nostd: !std,
                ..Default::default()
            })
            .with_loader(Box::new(FsLoader));
            session.add_file(path.to_str().unwrap(), text.clone());
            let built = build_object(&mut session, p)
                .unwrap_or_else(|d| panic!("{file} {p}:\n{}", session.render(&d)));
            out.push((format!("{file} on {p}"), built));
        }
    }
    let (_, built) = silk_cli::build::build_sources(&[("kernel.slk", MINIMAL)], true, "gfx942")
        .unwrap_or_else(|(s, d)| panic!("{}", s.render(&d)));
    out.push(("spec minimal kernel on gfx942".to_string(), built));
    out
}

fn llvm_mc(mc: &Path, target: &Target, line: &str) -> Result<Vec<u8>, String> {
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
        .write_all(line.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() || !stderr.trim().is_empty() {
        return Err(stderr.lines().next().unwrap_or("").to_string());
    }
    let stdout = String::from_utf8(out.stdout).unwrap();
    let enc = stdout
        .lines()
        .find_map(|l| l.split("encoding: [").nth(1))
        .ok_or_else(|| format!("no encoding in {stdout:?}"))?;
    Ok(enc
        .trim_end_matches(']')
        .split(',')
        .map(|b| u8::from_str_radix(b.trim().trim_start_matches("0x"), 16).unwrap())
        .collect())
}

#[test]
fn built_instruction_bytes_match_llvm_mc() {
    let Some(mc) = tool_or_skip("llvm-mc", "built_instruction_bytes_match_llvm_mc") else {
        return;
    };
    let mut mismatches = Vec::new();
    let mut checked = 0;
    for (label, built) in all_built() {
        let k = &built.compiled;
        let target = built.kernel.target;
        let mut offset = 0;
        for l in &k.insts {
            let line = isa::print::to_text(target.processor, l);
            let mut words = Vec::new();
            isa::encode(target.processor, l, &mut words).unwrap();
            let ours: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
            assert_eq!(&k.code[offset..offset + ours.len()], ours.as_slice());
            offset += ours.len();
            checked += 1;
            match llvm_mc(&mc, &target, &line) {
                Ok(theirs) if theirs == ours => {}
                Ok(theirs) => mismatches.push(format!(
                    "{label}: `{line}`: ours {ours:02x?}, llvm-mc {theirs:02x?}"
                )),
                Err(e) => mismatches.push(format!("{label}: llvm-mc rejects `{line}`: {e}")),
            }
        }
    }
    assert!(checked > 100, "only {checked} instructions checked");
    assert!(
        mismatches.is_empty(),
        "{} of {checked} instructions differ:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
}

#[test]
fn llvm_readers_accept_built_objects_without_warnings() {
    let test = "llvm_readers_accept_built_objects_without_warnings";
    let (Some(readelf), Some(readobj)) = (
        tool_or_skip("llvm-readelf", test),
        tool_or_skip("llvm-readobj", test),
    ) else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("silk-build-llvm-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (i, (label, built)) in all_built().into_iter().enumerate() {
        let path = dir.join(format!("k{i}.hsaco"));
        std::fs::write(&path, &built.bytes).unwrap();
        for (tool, args) in [
            (&readelf, &["-h", "-l", "-S", "-s", "--dyn-syms", "-n"][..]),
            (&readobj, &["--notes"][..]),
        ] {
            let out = Command::new(tool).args(args).arg(&path).output().unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            let stdout = String::from_utf8_lossy(&out.stdout);
            assert!(
                out.status.success() && stderr.trim().is_empty(),
                "{label}: {} {args:?}: {stderr}",
                tool.display()
            );
            assert!(
                !stdout.to_lowercase().contains("warning"),
                "{label}: {} warns:\n{stdout}",
                tool.display()
            );
            if args == ["--notes"] {
                // The metadata note names the kernel and its descriptor.
                let name = &built.kernel.name;
                assert!(
                    stdout.contains(&format!(".symbol:         {name}.kd")),
                    "{stdout}"
                );
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
