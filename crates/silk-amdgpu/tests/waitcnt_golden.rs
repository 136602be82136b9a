//! `silk_amdgpu::waitcnt::WaitCounts` against the SIMM16 values LLVM 22's
//! `llvm-mc -show-encoding` gives `s_waitcnt` texts, recorded per processor
//! in `tests/data/waitcnt/<processor>.txt`: the exact bits from encode, the
//! named counts back from decode, and the symbolic parser and printer
//! agreeing with both.

use silk_amdgpu::isa::symbolic::{parse, to_text, SymbolicKind};
use silk_amdgpu::waitcnt::{Counter, WaitCounts};
use silk_amdgpu::Processor;
use std::path::PathBuf;

struct Case {
    counts: WaitCounts,
    simm16: u16,
    text: String,
}

fn cases(p: Processor) -> Vec<Case> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/waitcnt")
        .join(format!("{}.txt", p.name()));
    let data = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let mut out = Vec::new();
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let f: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(f.len(), 4, "{line}");
        let n = |s: &str| (s != "-").then(|| s.parse::<u32>().unwrap());
        let counts = WaitCounts {
            vm: n(f[0]),
            exp: n(f[1]),
            lgkm: n(f[2]),
            vs: None,
        };
        let simm16 = u16::from_str_radix(f[3].trim_start_matches("0x"), 16).unwrap();
        let text = [Counter::Vm, Counter::Exp, Counter::Lgkm]
            .iter()
            .filter_map(|&c| counts.get(c).map(|v| format!("{}({v})", c.name())))
            .collect::<Vec<_>>()
            .join(" ");
        out.push(Case {
            counts,
            simm16,
            text,
        });
    }
    assert!(out.len() >= 20, "{path:?}: only {} cases", out.len());
    out
}

#[test]
fn encode_gives_llvms_bits() {
    for p in Processor::ALL {
        for c in cases(p) {
            assert_eq!(
                c.counts.encode(p.generation()),
                c.simm16,
                "{p}: s_waitcnt {}",
                c.text
            );
        }
    }
}

#[test]
fn decode_gives_the_named_counts_and_maxima_elsewhere() {
    for p in Processor::ALL {
        let g = p.generation();
        for c in cases(p) {
            let d = WaitCounts::decode(g, c.simm16);
            for k in [Counter::Vm, Counter::Exp, Counter::Lgkm] {
                let want = c.counts.get(k).or(WaitCounts::max(g, k));
                assert_eq!(d.get(k), want, "{p}: {k:?} of {}", c.text);
            }
            assert_eq!(d.encode(g), c.simm16, "{p}: {}", c.text);
        }
    }
}

#[test]
fn symbolic_text_agrees_with_the_type() {
    for p in Processor::ALL {
        let g = p.generation();
        for c in cases(p) {
            assert_eq!(
                parse(SymbolicKind::Waitcnt, p, &c.text),
                Ok(c.simm16),
                "{p}: {}",
                c.text
            );
            // The printer leaves out counters at their maximum.
            let printed = to_text(SymbolicKind::Waitcnt, p, c.simm16);
            let back = parse(SymbolicKind::Waitcnt, p, &printed).unwrap();
            assert_eq!(back, c.simm16, "{p}: {printed}");
            let d = WaitCounts::decode(g, c.simm16);
            for k in [Counter::Vm, Counter::Exp, Counter::Lgkm] {
                let named = printed.contains(&format!("{}(", k.name()));
                let at_max = d.get(k) == WaitCounts::max(g, k);
                assert!(named || at_max, "{p}: {printed} omits {k:?}");
            }
        }
    }
}
