//! Golden tests for `silk_amdgpu::isa::symbolic` against LLVM 22's text.
//!
//! The golden files in `tests/data/isa/symbolic/` were written by
//! `regenerate.py` from `llvm-mc`: for every value of each field, a digest
//! (per block of 256 values) of LLVM's printed text and of the value LLVM
//! assembles that text back to, plus sampled values in full; and LLVM's
//! verdict on hand-written operand spellings (`parse_cases.golden`).

use silk_amdgpu::isa::symbolic::{parse, print, SymbolicKind};
use silk_amdgpu::Processor;
use std::path::PathBuf;

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/isa/symbolic")
}

fn kind_named(name: &str) -> SymbolicKind {
    match name {
        "waitcnt" => SymbolicKind::Waitcnt,
        "hwreg" => SymbolicKind::Hwreg,
        "sendmsg" => SymbolicKind::Sendmsg,
        "sendmsg_rtn" => SymbolicKind::SendmsgRtn,
        "delay_alu" => SymbolicKind::DelayAlu,
        "depctr" => SymbolicKind::Depctr,
        "swizzle" => SymbolicKind::Swizzle,
        "gpr_idx" => SymbolicKind::GprIdx,
        "version" => SymbolicKind::Version,
        "imm16" => SymbolicKind::Imm16,
        "hex16" => SymbolicKind::Hex16,
        other => panic!("unknown kind {other} in golden data"),
    }
}

fn processor_named(name: &str) -> Processor {
    match name {
        "gfx942" => Processor::Gfx942,
        "gfx1100" => Processor::Gfx1100,
        "gfx1151" => Processor::Gfx1151,
        other => panic!("unknown processor {other} in golden data"),
    }
}

/// FNV-1a 64 over each line plus a newline, as `regenerate.py` computes it.
fn fnv<'a>(lines: impl Iterator<Item = &'a str>) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for line in lines {
        for b in line.bytes().chain(std::iter::once(b'\n')) {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

/// Our analogue of "LLVM assembles the printed text to": the parsed value
/// as four hex digits, or `err`.
fn reassembled(kind: SymbolicKind, p: Processor, text: &str) -> String {
    match parse(kind, p, text) {
        Ok(v) => format!("{v:04x}"),
        Err(_) => "err".to_string(),
    }
}

struct Golden {
    kind: SymbolicKind,
    kind_name: String,
    processors: Vec<Processor>,
    blocks: Vec<(usize, u64, u64)>,
    samples: Vec<(u16, String, String)>,
}

fn golden_files() -> Vec<Golden> {
    let mut out = Vec::new();
    let mut names: Vec<_> = std::fs::read_dir(data_dir())
        .expect("golden directory")
        .map(|e| {
            e.expect("dir entry")
                .file_name()
                .into_string()
                .expect("utf-8 name")
        })
        .filter(|n| n.ends_with(".golden") && n != "parse_cases.golden")
        .collect();
    names.sort();
    for name in names {
        let text = std::fs::read_to_string(data_dir().join(&name)).expect("read golden");
        let (kind_name, procs) = name
            .trim_end_matches(".golden")
            .split_once('.')
            .expect("kind.processors.golden");
        let mut g = Golden {
            kind: kind_named(kind_name),
            kind_name: kind_name.to_string(),
            processors: procs.split('+').map(processor_named).collect(),
            blocks: Vec::new(),
            samples: Vec::new(),
        };
        for line in text.lines() {
            if let Some(rest) = line.strip_prefix("B ") {
                let f: Vec<&str> = rest.split(' ').collect();
                g.blocks.push((
                    usize::from_str_radix(f[0], 16).unwrap(),
                    u64::from_str_radix(f[1], 16).unwrap(),
                    u64::from_str_radix(f[2], 16).unwrap(),
                ));
            } else if let Some(rest) = line.strip_prefix("V ") {
                let mut f = rest.splitn(3, ' ');
                let v = u16::from_str_radix(f.next().unwrap(), 16).unwrap();
                let asm = f.next().unwrap().to_string();
                let t = f.next().unwrap_or("").to_string();
                g.samples.push((v, asm, t));
            }
        }
        out.push(g);
    }
    out
}

#[test]
fn golden_files_cover_every_kind() {
    let files = golden_files();
    for kind in SymbolicKind::ALL {
        assert!(
            files.iter().any(|g| g.kind == kind),
            "no golden data for {kind:?}"
        );
    }
    for g in &files {
        assert!(!g.samples.is_empty(), "{} has no samples", g.kind_name);
        if g.kind.bits() == 16 {
            assert_eq!(g.blocks.len(), 256, "{} digest blocks", g.kind_name);
        }
    }
}

/// print(value) is LLVM's text for every sampled value; every 256-value
/// block's digest matches, so all 65536 values agree.
#[test]
fn print_matches_llvm_for_every_value() {
    let mut failures = Vec::new();
    let mut checked = 0usize;
    for g in golden_files() {
        for &p in &g.processors {
            for (v, _, want) in &g.samples {
                let mut got = String::new();
                print(g.kind, p, *v, &mut got);
                if &got != want {
                    failures.push(format!(
                        "{} {p:?} {v:#06x}: got {got:?}, LLVM {want:?}",
                        g.kind_name
                    ));
                }
            }
            let mut texts = Vec::with_capacity(256);
            for &(block, digest, _) in &g.blocks {
                texts.clear();
                for v in block * 256..block * 256 + 256 {
                    let mut s = String::new();
                    print(g.kind, p, v as u16, &mut s);
                    texts.push(s);
                }
                checked += 256;
                if fnv(texts.iter().map(String::as_str)) != digest {
                    failures.push(format!(
                        "{} {p:?}: printed text differs in {:#06x}..={:#06x} (see regenerate.py --show {} {} {:#x} {:#x})",
                        g.kind_name, block * 256, block * 256 + 255, g.kind_name,
                        format!("{p:?}").to_lowercase(), block * 256, block * 256 + 255
                    ));
                }
            }
        }
    }
    assert!(checked >= 65536 * 10, "only {checked} values checked");
    assert!(
        failures.is_empty(),
        "{} differences:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// parse(LLVM's text) gives the value LLVM assembles it to, or fails where
/// LLVM fails, for every value's printed text.
#[test]
fn parse_of_printed_text_matches_llvm_assembly() {
    let mut failures = Vec::new();
    for g in golden_files() {
        for &p in &g.processors {
            for (v, want, text) in &g.samples {
                let got = reassembled(g.kind, p, text);
                if &got != want {
                    failures.push(format!(
                        "{} {p:?} {v:#06x} {text:?}: parsed {got}, LLVM {want} ({:?})",
                        g.kind_name,
                        parse(g.kind, p, text)
                    ));
                }
            }
            let mut toks = Vec::with_capacity(256);
            for &(block, _, digest) in &g.blocks {
                toks.clear();
                for v in block * 256..block * 256 + 256 {
                    let mut s = String::new();
                    print(g.kind, p, v as u16, &mut s);
                    toks.push(reassembled(g.kind, p, &s));
                }
                if fnv(toks.iter().map(String::as_str)) != digest {
                    failures.push(format!(
                        "{} {p:?}: re-assembled values differ in {:#06x}..={:#06x}",
                        g.kind_name,
                        block * 256,
                        block * 256 + 255
                    ));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} differences:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Hand-written spellings: same value as LLVM, or an error where LLVM
/// reports one, at the same byte offset.
#[test]
fn parse_cases_match_llvm() {
    let text = std::fs::read_to_string(data_dir().join("parse_cases.golden")).expect("read");
    let mut failures = Vec::new();
    let mut n = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f.len(), 4, "malformed line {line:?}");
        let (p, kind, case, want) = (processor_named(f[0]), kind_named(f[1]), f[2], f[3]);
        n += 1;
        let got = parse(kind, p, case);
        let ok = match (want.split_once(' '), &got) {
            (Some(("ok", hex)), Ok(v)) => u16::from_str_radix(hex, 16).ok() == Some(*v),
            (Some(("error", rest)), Err(e)) => {
                let offset: usize = rest
                    .split(' ')
                    .next()
                    .and_then(|o| o.parse().ok())
                    .unwrap_or(usize::MAX);
                offset == e.offset
            }
            _ => false,
        };
        if !ok {
            failures.push(format!(
                "{} {} {case:?}: got {got:?}, LLVM {want}",
                f[0], f[1]
            ));
        }
    }
    assert!(n > 500, "only {n} parse cases");
    assert!(
        failures.is_empty(),
        "{} of {n} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
