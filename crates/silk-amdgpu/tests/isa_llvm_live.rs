//! Live differential test against LLVM 22's `llvm-mc`, with a fresh random
//! seed each run (`SILK_ISA_SEED=N` replays one). Random instruction words
//! of every family are disassembled by llvm-mc; for each one LLVM accepts,
//! our disassembler must print the same text, and our assembler must turn
//! LLVM's text into LLVM's (re-encoded) bytes. Skips when LLVM 22 is absent.

use silk_amdgpu::isa::{decode, encode, format, parse, print};
use silk_amdgpu::target::Processor;
use silk_testsupport::llvm;

/// xorshift64*: small, seedable, good enough for sampling encodings.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u32 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 32) as u32
    }
}

fn seed() -> u64 {
    std::env::var("SILK_ISA_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos() as u64)
                .unwrap_or(1)
                | 1
        })
}

/// How many disagreements to print (`SILK_ISA_EXAMPLES=N`).
fn max_examples() -> usize {
    std::env::var("SILK_ISA_EXAMPLES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(8)
}

/// Probes per encoding layout (`SILK_ISA_SAMPLES=N` for a larger run).
fn samples_per_layout() -> usize {
    std::env::var("SILK_ISA_SAMPLES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(150)
}

/// Required agreement (percent) per processor on random samples: all of
/// it. With `SILK_ISA_SAMPLES=2000` (10,000 to 13,000 accepted encodings
/// per processor and seed), seeds 1-14 found 6 disagreement classes, each
/// fixed and pinned in tests/data/isa/disasm-cases.txt; seeds 16-29 and
/// 200 on (with the GFX11 graphics encodings) then agreed on every text,
/// and our assembly of LLVM's text equalled llvm-mc's wherever llvm-mc
/// assembles it.
const REQUIRED: [(Processor, f64, f64); 3] = [
    (Processor::Gfx942, 100.0, 100.0),
    (Processor::Gfx1100, 100.0, 100.0),
    (Processor::Gfx1151, 100.0, 100.0),
];

/// For each line, llvm-mc 22's encoding when it assembles it (`None`
/// where it rejects the line).
fn llvm_mc_assemble(p: Processor, lines: &[&str]) -> Vec<Option<Vec<u32>>> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mc = llvm::tool("llvm-mc").unwrap();
    let mut child = Command::new(mc)
        .args([
            "-triple=amdgcn-amd-amdhsa",
            &format!("-mcpu={}", p.name()),
            "-show-encoding",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let input: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    let mut rejected = vec![false; lines.len()];
    for l in String::from_utf8_lossy(&out.stderr).lines() {
        let line = l
            .strip_prefix("<stdin>:")
            .filter(|_| l.contains(": error:"))
            .and_then(|r| r.split(':').next()?.parse::<usize>().ok());
        if let Some(n) = line.filter(|&n| (1..=lines.len()).contains(&n)) {
            rejected[n - 1] = true;
        }
    }
    let stdout = String::from_utf8_lossy(&out.stdout);
    let mut encodings = stdout.lines().filter_map(|l| {
        let (_, e) = l.split_once("; encoding: [")?;
        let bytes: Vec<u8> = e
            .split(']')
            .next()?
            .split(',')
            .filter_map(|b| u8::from_str_radix(b.trim().trim_start_matches("0x"), 16).ok())
            .collect();
        Some(
            bytes
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect::<Vec<u32>>(),
        )
    });
    rejected
        .iter()
        .map(|&r| if r { None } else { encodings.next() })
        .collect()
}

#[test]
fn random_encodings_agree_with_llvm_mc() {
    if llvm::tool_or_skip("llvm-mc", "random_encodings_agree_with_llvm_mc").is_none() {
        return;
    }
    let seed = seed();
    eprintln!("seed {seed} (replay with SILK_ISA_SEED={seed})");
    let mut rng = Rng(seed);
    for (p, need_text, need_asm) in REQUIRED {
        let gen = p.generation();
        let mut probes = Vec::new();
        for layout in format::layouts(gen) {
            for _ in 0..samples_per_layout() {
                let mut w: Vec<u32> = (0..layout.family.base_dwords() + 1)
                    .map(|_| rng.next())
                    .collect();
                w[0] = (w[0] & !layout.mask) | layout.value;
                probes.push(w);
            }
        }
        let same = |a: u32, b: u32| match (format::classify(gen, a), format::classify(gen, b)) {
            (Some(x), Some(y)) => x.family == y.family && x.opcode.get(&[a]) == y.opcode.get(&[b]),
            _ => false,
        };
        let decoded = llvm::disassemble(p.name(), &probes, &same);
        let texts: Vec<&str> = decoded.iter().flatten().map(|d| d.text.as_str()).collect();
        let mut mc_words = llvm_mc_assemble(p, &texts).into_iter();
        let (mut accepted, mut text_ok, mut asm_ok, mut mc_rejected) = (0, 0, 0, 0);
        // Of the lines llvm-mc prints but rejects: those we assemble to
        // the decoded bytes.
        let mut rejected_ours_decoded = 0;
        let mut examples = Vec::new();
        let mut asm_examples = Vec::new();
        let mut rejected_examples = Vec::new();
        for (words, d) in probes.iter().zip(&decoded) {
            let Some(d) = d else { continue };
            accepted += 1;
            // `d.dwords` counts LLVM's re-encoding of its text, which can
            // be longer than what it read (a u16 operand's inline constant
            // 0.5 prints as 0x3800 and re-encodes as a literal): compare
            // the text of what we decode from the probe.
            let ours = match decode::decode(p, words) {
                Ok((inst, _)) => print::to_text(p, &inst),
                Err(e) => format!("<{e}>"),
            };
            if ours == d.text {
                text_ok += 1;
            } else if examples.len() < max_examples() {
                examples.push(format!(
                    "{:08x?}\n  llvm: {}\n  ours: {ours}",
                    &words[..d.dwords],
                    d.text
                ));
            }
            // Our assembler must turn LLVM's text into the bytes llvm-mc
            // 22 assembles it to, where it assembles it (it rejects some
            // of its own, as a 32-bit f16 K constant or `s_waitcnt_vscnt
            // s5, ..`: what to reject is measured by the syntax corpus,
            // tests/asm_syntax.rs).
            let mut out = Vec::new();
            let ours_asm = parse::parse_inst(p, &d.text)
                .map_err(|e| e.to_string())
                .and_then(|parsed| {
                    encode::encode(p, &parsed.inst, &mut out).map_err(|e| e.to_string())
                });
            let mc = mc_words.next().unwrap();
            let ours_text = |r: &Result<usize, String>| match r {
                Ok(_) => format!("{out:08x?}"),
                Err(e) => e.clone(),
            };
            if mc.is_none() {
                mc_rejected += 1;
                // The decoded instruction, encoded canonically.
                let mut canon = Vec::new();
                let decoded_again = decode::decode(p, words)
                    .ok()
                    .is_some_and(|(inst, _)| encode::encode(p, &inst, &mut canon).is_ok());
                if ours_asm.is_ok() && decoded_again && out == canon {
                    rejected_ours_decoded += 1;
                }
                if rejected_examples.len() < max_examples() {
                    rejected_examples.push(format!(
                        "{}\n    ours: {}",
                        d.text,
                        ours_text(&ours_asm)
                    ));
                }
            } else if ours_asm.is_ok() && mc.as_ref() == Some(&out) {
                asm_ok += 1;
            } else if asm_examples.len() < max_examples() {
                asm_examples.push(format!(
                    "{}\n    llvm: {:08x?}\n    ours: {}",
                    d.text,
                    mc.unwrap_or_default(),
                    ours_text(&ours_asm)
                ));
            }
        }
        let pct = |n: usize| n as f64 * 100.0 / accepted.max(1) as f64;
        let asm_pct = asm_ok as f64 * 100.0 / (accepted - mc_rejected).max(1) as f64;
        eprintln!(
            "{}: llvm-mc accepted {accepted}; text {:.2}% ({text_ok}), assembly {asm_pct:.2}% \
             ({asm_ok} of the {} whose text llvm-mc assembles)",
            p.name(),
            pct(text_ok),
            accepted - mc_rejected
        );
        eprintln!(
            "  llvm-mc rejects {mc_rejected} of its own lines; we assemble {rejected_ours_decoded} of them to the decoded bytes"
        );
        for e in &examples {
            eprintln!("  {e}");
        }
        for e in &asm_examples {
            eprintln!("  reassembly: {e}");
        }
        for e in &rejected_examples {
            eprintln!("  llvm-mc rejects: {e}");
        }
        assert!(
            accepted > 500,
            "{}: too few samples decoded by llvm-mc ({accepted})",
            p.name()
        );
        assert!(
            pct(text_ok) >= need_text,
            "{}: text agreement {:.1}% < {need_text}% (seed {seed})",
            p.name(),
            pct(text_ok)
        );
        assert!(
            asm_pct >= need_asm,
            "{}: assembly agreement {asm_pct:.1}% < {need_asm}% (seed {seed})",
            p.name(),
        );
    }
}
