//! Every mnemonic alias of the generated table (`isa::aliases`, probed
//! from llvm-mc 22 by `cargo xtask isa-aliases`) assembles to its
//! target's bytes: the alias written with the operands of an ISA-corpus
//! line of the target gives that line's bytes (LLVM's own encoding).
//! `aliases_match_llvm_mc_live` checks llvm-mc agrees on the same lines.

use silk_amdgpu::asm::show_encoding;
use silk_amdgpu::isa::aliases;
use silk_amdgpu::target::{Generation, Processor, Target};
use silk_testsupport::llvm;
use std::collections::HashMap;

/// (processor, alias line, corpus bytes as `0x..` list) for every alias
/// with a corpus line of its target.
fn alias_lines() -> (Vec<(Processor, String, String)>, usize) {
    let mut out = Vec::new();
    let mut total = 0;
    for p in Processor::ALL {
        let corpus = std::fs::read_to_string(format!(
            "{}/tests/data/isa/{}.txt",
            env!("CARGO_MANIFEST_DIR"),
            p.name()
        ))
        .unwrap();
        let mut by_name: HashMap<&str, (&str, &str)> = HashMap::new();
        for l in corpus.lines().filter(|l| !l.starts_with('#')) {
            let mut it = l.splitn(3, '\t');
            let (Some(_), Some(bytes), Some(text)) = (it.next(), it.next(), it.next()) else {
                continue;
            };
            let (m, ops) = text.split_once(' ').unwrap_or((text, ""));
            by_name.entry(m).or_insert((ops, bytes));
        }
        let list = match p.generation() {
            Generation::Gfx9 => aliases::GFX9,
            Generation::Gfx11 => aliases::GFX11,
        };
        let bit = [1u8, 2, 4][Processor::ALL.iter().position(|&q| q == p).unwrap()];
        for &(alias, target, bits) in list.iter().filter(|r| r.2 & bit != 0) {
            let _ = bits;
            total += 1;
            let sample = ["", "_e32", "_e64"]
                .iter()
                .find_map(|s| by_name.get(format!("{target}{s}").as_str()));
            if let Some(&(ops, bytes)) = sample {
                out.push((p, format!("{alias} {ops}"), bytes.to_string()));
            }
        }
    }
    (out, total)
}

fn bytes_of(listing: &str) -> Option<String> {
    let (_, e) = listing.split_once("; encoding: [")?;
    Some(e.split(']').next()?.to_string())
}

#[test]
fn aliases_assemble_to_their_targets_bytes() {
    let (lines, total) = alias_lines();
    assert!(total > 300, "{total} aliases");
    assert!(
        lines.len() * 10 >= total * 9,
        "only {} of {total} aliases have a corpus line of their target",
        lines.len()
    );
    let mut bad = Vec::new();
    for (p, line, want) in &lines {
        let (listing, d) = show_encoding(&format!("{line}\n"), "a.s", Some(Target::new(*p)));
        let got = bytes_of(&listing);
        if !d.0.is_empty() || got.as_deref() != Some(want.as_str()) {
            bad.push(format!(
                "{}: `{line}`: ours {got:?} {d}, corpus {want}",
                p.name()
            ));
        }
    }
    eprintln!("{} alias lines of {total} aliases", lines.len());
    assert!(bad.is_empty(), "{} differ:\n{}", bad.len(), bad.join("\n"));
}

#[test]
fn aliases_match_llvm_mc_live() {
    let Some(mc) = llvm::tool_or_skip("llvm-mc", "aliases_match_llvm_mc_live") else {
        return;
    };
    use std::io::Write;
    let (lines, _) = alias_lines();
    let mut bad = Vec::new();
    for p in Processor::ALL {
        let mine: Vec<&(Processor, String, String)> = lines.iter().filter(|l| l.0 == p).collect();
        let mut child = std::process::Command::new(&mc)
            .args([
                "-triple=amdgcn-amd-amdhsa",
                &format!("-mcpu={}", p.name()),
                "-show-encoding",
            ])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let input: String = mine.iter().map(|l| format!("{}\n", l.1)).collect();
        let mut stdin = child.stdin.take().unwrap();
        let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
        let out = child.wait_with_output().unwrap();
        writer.join().unwrap().unwrap();
        assert!(
            out.stderr.is_empty(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let stdout = String::from_utf8_lossy(&out.stdout);
        let got: Vec<String> = stdout.lines().filter_map(bytes_of).collect();
        assert_eq!(got.len(), mine.len(), "{}", p.name());
        for (l, g) in mine.iter().zip(&got) {
            if *g != l.2 {
                bad.push(format!(
                    "{}: `{}`: llvm-mc {g}, corpus {}",
                    p.name(),
                    l.1,
                    l.2
                ));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
