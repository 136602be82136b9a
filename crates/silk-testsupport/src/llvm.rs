//! Locating LLVM 22 for differential tests. The product never calls LLVM;
//! tests use these helpers and skip (saying why) when it is absent.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// Where `.ci/run` installs LLVM 22 (`apt-get install llvm-22 clang-22 lld-22`).
pub const LLVM_BIN_DIR: &str = "/usr/lib/llvm-22/bin";

/// Path of an LLVM 22 tool, or `None` when it is not installed. The
/// directory can be overridden with `SILK_LLVM_BIN_DIR`.
pub fn tool(name: &str) -> Option<PathBuf> {
    let dir = std::env::var_os("SILK_LLVM_BIN_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(LLVM_BIN_DIR));
    let path = dir.join(name);
    path.is_file().then_some(path)
}

/// Like [`tool`], but prints the reason a differential test is skipped.
/// In CI (`CI=true`) a missing tool is a failure: `.ci/run` installs it.
pub fn tool_or_skip(name: &str, test: &str) -> Option<PathBuf> {
    let found = tool(name);
    if found.is_none() {
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            panic!("{test}: LLVM 22 `{name}` not found under {LLVM_BIN_DIR}, but CI must run differential tests");
        }
        eprintln!("SKIPPED {test}: LLVM 22 `{name}` is not installed (apt-get install -y llvm-22 clang-22 lld-22)");
    }
    found
}

// ---- Batch disassembly through `llvm-mc` (tests and `xtask` only) ----

/// SOPP `s_nop 5` / `s_nop 6`: sync words between probes, alternating so
/// that a probe which prints nothing still leaves a visible boundary. Three
/// follow each probe, so a junk decode of a trailing literal dword cannot
/// swallow them all.
const SYNC: [u32; 2] = [0xbf80_0005, 0xbf80_0006];
const SYNC_TEXT: [&str; 2] = ["s_nop 5", "s_nop 6"];

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded {
    pub text: String,
    /// Dwords the instruction occupies.
    pub dwords: usize,
    /// First dword as LLVM re-encoded it.
    pub word0: u32,
    /// Every dword as LLVM re-encoded it.
    pub words: Vec<u32>,
}

/// Disassemble each probe (dwords, the first of which starts an
/// instruction) and return what LLVM printed for the instruction at its
/// start, or `None` where LLVM rejects it or flags it with a `/*` comment.
/// `same` decides whether a decoded first dword is the probe's own
/// instruction (and not a junk decode of a later dword).
pub fn disassemble(
    cpu: &str,
    probes: &[Vec<u32>],
    same: &dyn Fn(u32, u32) -> bool,
) -> Vec<Option<Decoded>> {
    if tool("llvm-mc").is_none() {
        return vec![None; probes.len()];
    }
    let mut out = Vec::with_capacity(probes.len());
    for chunk in probes.chunks(400) {
        out.extend(disassemble_bisect(cpu, chunk, same));
    }
    out
}

/// llvm-mc 22 crashes on a few encodings; when a batch crashes, split it
/// until the offending probe is alone and report it as undecodable.
fn disassemble_bisect(
    cpu: &str,
    probes: &[Vec<u32>],
    same: &dyn Fn(u32, u32) -> bool,
) -> Vec<Option<Decoded>> {
    if let Some(r) = disassemble_chunk(cpu, probes, same) {
        return r;
    }
    if probes.len() == 1 {
        eprintln!("llvm-mc crashes on {:08x?}", probes[0]);
        return vec![None];
    }
    let (a, b) = probes.split_at(probes.len() / 2);
    let mut r = disassemble_bisect(cpu, a, same);
    r.extend(disassemble_bisect(cpu, b, same));
    r
}

fn disassemble_chunk(
    cpu: &str,
    probes: &[Vec<u32>],
    same: &dyn Fn(u32, u32) -> bool,
) -> Option<Vec<Option<Decoded>>> {
    let mc = tool("llvm-mc")?;
    let mut input = String::new();
    // 1-based input line of each probe's first dword (one dword a line).
    let mut first_lines = Vec::with_capacity(probes.len());
    let mut line_no = 1usize;
    for (k, p) in probes.iter().enumerate() {
        first_lines.push(line_no);
        line_no += p.len() + 3;
        for w in p.iter().chain([SYNC[k % 2]; 3].iter()) {
            for b in w.to_le_bytes() {
                input.push_str(&format!("0x{b:02x} "));
            }
            input.push('\n');
        }
    }
    let mut child = Command::new(&mc)
        .args([
            "-triple",
            "amdgcn-amd-amdhsa",
            &format!("-mcpu={cpu}"),
            "--disassemble",
            "-show-encoding",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .ok()?;
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().ok()?;
    writer.join().ok()?.ok()?;
    let text = String::from_utf8_lossy(&output.stdout);
    if !output.status.success() {
        return None;
    }
    // Where llvm-mc rejects a probe's first dword it warns about that
    // input line and decodes on from the next dword, which can happen to
    // hold an instruction of the probe's own opcode: such a probe is
    // rejected, whatever follows.
    let rejected: std::collections::HashSet<usize> = String::from_utf8_lossy(&output.stderr)
        .lines()
        .filter(|l| l.contains("invalid instruction encoding"))
        .filter_map(|l| l.strip_prefix("<stdin>:")?.split(':').next()?.parse().ok())
        .collect();
    let mut result: Vec<Option<Decoded>> = vec![None; probes.len()];
    let mut k = 0usize;
    let mut first_in_group = true;
    let mut in_sync = false;
    for line in text.lines() {
        let Some((inst, enc)) = line.split_once("; encoding: [") else {
            continue;
        };
        let inst = inst.trim();
        if k >= probes.len() {
            break;
        }
        if inst == SYNC_TEXT[k % 2] {
            in_sync = true;
            continue;
        }
        if in_sync {
            // The sync run of probe k has ended.
            k += 1;
            in_sync = false;
            first_in_group = true;
            if k >= probes.len() {
                break;
            }
            if inst == SYNC_TEXT[k % 2] {
                in_sync = true;
                continue;
            }
        }
        if first_in_group {
            first_in_group = false;
            let bytes: Vec<u8> = enc
                .trim_end_matches(']')
                .split(',')
                .filter_map(|h| u8::from_str_radix(h.trim().trim_start_matches("0x"), 16).ok())
                .collect();
            if bytes.len() >= 4 && bytes.len() % 4 == 0 && !inst.contains("/*") {
                let word0 = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
                if same(probes[k][0], word0) && !rejected.contains(&first_lines[k]) {
                    result[k] = Some(Decoded {
                        text: inst.to_string(),
                        dwords: bytes.len() / 4,
                        word0,
                        words: bytes
                            .chunks_exact(4)
                            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                            .collect(),
                    });
                }
            }
        }
    }
    Some(result)
}
