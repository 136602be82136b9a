//! Batch disassembly through LLVM 22's `llvm-mc`, the generator's oracle.

use std::io::Write;
use std::process::{Command, Stdio};

pub const LLVM_MC: &str = "/usr/lib/llvm-22/bin/llvm-mc";

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
    let mut input = String::new();
    for (k, p) in probes.iter().enumerate() {
        for w in p.iter().chain([SYNC[k % 2]; 3].iter()) {
            for b in w.to_le_bytes() {
                input.push_str(&format!("0x{b:02x} "));
            }
            input.push('\n');
        }
    }
    let mut child = Command::new(LLVM_MC)
        .args([
            "-triple",
            "amdgcn-amd-amdhsa",
            &format!("-mcpu={cpu}"),
            "--disassemble",
            "-show-encoding",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("run llvm-mc (install llvm-22)");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    if !output.status.success() {
        return None;
    }
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
                if same(probes[k][0], word0) {
                    result[k] = Some(Decoded {
                        text: inst.to_string(),
                        dwords: bytes.len() / 4,
                        word0,
                    });
                }
            }
        }
    }
    Some(result)
}

/// Assemble lines of text; returns the encoding of each (None on error).
pub fn assemble(cpu: &str, lines: &[String]) -> Vec<Option<Vec<u8>>> {
    let mut input = String::new();
    for l in lines {
        input.push_str(l);
        input.push('\n');
    }
    let output = Command::new(LLVM_MC)
        .args([
            "-triple",
            "amdgcn-amd-amdhsa",
            &format!("-mcpu={cpu}"),
            "-show-encoding",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            c.stdin.take().unwrap().write_all(input.as_bytes())?;
            c.wait_with_output()
        })
        .expect("run llvm-mc");
    let errors = String::from_utf8_lossy(&output.stderr);
    let mut bad = std::collections::HashSet::new();
    for e in errors.lines() {
        // "<stdin>:LINE:COL: error: ..."
        if let Some(rest) = e.strip_prefix("<stdin>:") {
            if let Some(n) = rest.split(':').next().and_then(|n| n.parse::<usize>().ok()) {
                if rest.contains("error") {
                    bad.insert(n - 1);
                }
            }
        }
    }
    let text = String::from_utf8_lossy(&output.stdout);
    let mut encs = text
        .lines()
        .filter_map(|l| l.split_once("; encoding: [").map(|(_, e)| e.to_string()));
    (0..lines.len())
        .map(|i| {
            if bad.contains(&i) {
                return None;
            }
            let e = encs.next()?;
            Some(
                e.trim_end_matches(']')
                    .split(',')
                    .filter_map(|h| u8::from_str_radix(h.trim().trim_start_matches("0x"), 16).ok())
                    .collect(),
            )
        })
        .collect()
}
