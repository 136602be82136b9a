//! `cargo xtask isa-aliases`: the other spellings llvm-mc 22 accepts for
//! an opcode (its mnemonic aliases: GFX11's GFX10-style names such as
//! `global_load_dword` for `global_load_b32`, `v_cvt_pkrtz_f16_f32`,
//! `s_inst_prefetch`; gfx942's legacy MFMA names such as
//! `v_mfma_f32_32x32x2f32`), probed from LLVM 22 and written to
//! `crates/silk-amdgpu/src/isa/aliases.rs`.
//!
//! Candidates are the other generation's mnemonics, the legacy MFMA
//! spellings of gfx942's own, and a few names of older generations. A
//! candidate is an alias where llvm-mc knows the mnemonic (alone it is
//! "too few operands", not "invalid instruction"); its target is what
//! llvm-mc prints when the candidate takes the operands of a corpus line
//! (tests/data/isa/<processor>.txt) of the same kind.

use crate::mc;
use silk_amdgpu::isa::table;
use silk_amdgpu::target::{Generation, Processor};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

/// Names of generations before GFX11 that it still accepts and that the
/// gfx942 table does not hold.
const OLDER: &[&str] = &["s_inst_prefetch"];

/// gfx942's MFMA names as LLVM spelled them before the `_<type>`
/// underscore (`v_mfma_f32_32x32x2f32`), and the `_1k` bf16 ones
/// (`v_mfma_f32_32x32x8bf16_1k`).
fn legacy_mfma(name: &str) -> Vec<String> {
    let mut out = Vec::new();
    if !name.starts_with("v_mfma_") && !name.starts_with("v_smfmac_") {
        return out;
    }
    // Without the `_<N>b` block count too (`v_mfma_f32_32x32x1f32` is
    // `v_mfma_f32_32x32x1_2b_f32`).
    let words: Vec<&str> = name.split('_').collect();
    let blocks = |w: &str| {
        w.len() > 1 && w.ends_with('b') && w[..w.len() - 1].bytes().all(|c| c.is_ascii_digit())
    };
    let unblocked: Vec<&str> = words.iter().copied().filter(|w| !blocks(w)).collect();
    for v in [name.to_string(), unblocked.join("_")] {
        if let Some(i) = v.rfind('_') {
            let joined = format!("{}{}", &v[..i], &v[i + 1..]);
            if v.ends_with("_bf16") {
                out.push(format!("{joined}_1k"));
            }
            out.push(joined);
        }
    }
    out
}

/// The stem that groups a mnemonic with the corpus lines to borrow
/// operands from: its first two `_` words (`global_load`, `v_cvt`).
fn stem(name: &str) -> &str {
    let mut n = 0;
    for (i, c) in name.char_indices() {
        if c == '_' {
            n += 1;
            if n == 2 {
                return &name[..i];
            }
        }
    }
    name
}

fn first_word(name: &str) -> &str {
    name.split('_').next().unwrap_or(name)
}

/// (alias, target) pairs of one processor.
fn aliases(processor: Processor) -> Result<BTreeMap<String, String>, String> {
    let cpu = processor.name();
    let gen = processor.generation();
    let own: BTreeSet<&str> = table::table(gen)
        .iter()
        .filter(|i| i.on(processor))
        .map(|i| i.name)
        .chain(
            table::forms(gen)
                .iter()
                .filter(|f| f.on(processor))
                .map(|f| f.name),
        )
        .collect();
    let other = match gen {
        Generation::Gfx9 => Generation::Gfx11,
        Generation::Gfx11 => Generation::Gfx9,
    };
    let mut candidates: BTreeSet<String> = BTreeSet::new();
    for i in table::table(other) {
        candidates.insert(i.name.to_string());
        for s in ["_e32", "_e64"] {
            if let Some(b) = i.name.strip_suffix(s) {
                candidates.insert(b.to_string());
            }
        }
    }
    for i in table::table(gen) {
        candidates.extend(legacy_mfma(i.name));
    }
    candidates.extend(OLDER.iter().map(|s| s.to_string()));
    let candidates: Vec<String> = candidates
        .into_iter()
        .filter(|c| !own.contains(c.as_str()))
        .collect();
    // Known mnemonics: alone, an operand error rather than an unknown one.
    let errors = mc::errors(cpu, &candidates);
    let known: Vec<&String> = candidates
        .iter()
        .zip(&errors)
        .filter(|(_, e)| {
            e.as_deref().is_some_and(|m| {
                !m.contains("invalid instruction") && !m.contains("not supported on this GPU")
            })
        })
        .map(|(c, _)| c)
        .collect();
    // Operands of one corpus line per mnemonic.
    let corpus = std::fs::read_to_string(format!("crates/silk-amdgpu/tests/data/isa/{cpu}.txt"))
        .map_err(|e| format!("{cpu} corpus: {e}"))?;
    let mut samples: BTreeMap<String, String> = BTreeMap::new();
    for l in corpus.lines().filter(|l| !l.starts_with('#')) {
        let Some(text) = l.splitn(3, '\t').nth(2) else {
            continue;
        };
        let (m, ops) = text.split_once(' ').unwrap_or((text, ""));
        samples
            .entry(m.to_string())
            .or_insert_with(|| ops.to_string());
    }
    let mut lines = Vec::new();
    let mut which = Vec::new();
    for &k in &known {
        let related: Vec<&String> = samples
            .iter()
            .filter(|(m, _)| stem(m) == stem(k))
            .map(|(_, ops)| ops)
            .collect();
        let pool: Vec<&String> = if related.is_empty() {
            samples
                .iter()
                .filter(|(m, _)| first_word(m) == first_word(k))
                .map(|(_, ops)| ops)
                .collect()
        } else {
            related
        };
        let mut seen = BTreeSet::new();
        for ops in pool {
            if seen.insert(ops) {
                lines.push(format!("{k} {ops}"));
                which.push(k);
            }
        }
    }
    let printed = mc::printed(cpu, &lines);
    let mut votes: BTreeMap<&String, BTreeMap<String, usize>> = BTreeMap::new();
    for (k, p) in which.into_iter().zip(printed) {
        let Some(p) = p else { continue };
        let m = p.split_whitespace().next().unwrap_or_default();
        // Written without an encoding suffix, the alias leaves the choice
        // to the operands, as the target's own name does.
        let explicit = ["_e32", "_e64", "_dpp", "_sdwa"]
            .iter()
            .any(|s| k.ends_with(s));
        let target = if explicit {
            m
        } else {
            ["_e64_dpp", "_dpp", "_sdwa", "_e32", "_e64"]
                .iter()
                .find_map(|s| m.strip_suffix(s))
                .unwrap_or(m)
        };
        *votes
            .entry(k)
            .or_default()
            .entry(target.to_string())
            .or_default() += 1;
    }
    let mut out = BTreeMap::new();
    for (k, v) in votes {
        let Some((target, _)) = v
            .into_iter()
            .max_by_key(|(t, n)| (*n, std::cmp::Reverse(t.clone())))
        else {
            continue;
        };
        if target != *k {
            out.insert(k.clone(), target);
        }
    }
    Ok(out)
}

pub fn run() -> Result<(), String> {
    let mut rows: BTreeMap<(u8, String, String), u8> = BTreeMap::new();
    for (bit, p) in Processor::ALL.into_iter().enumerate() {
        let a = aliases(p)?;
        eprintln!("{}: {} aliases", p.name(), a.len());
        for (alias, target) in a {
            let g = (p.generation() == Generation::Gfx11) as u8;
            *rows.entry((g, alias, target)).or_default() |= 1 << bit;
        }
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "//! Mnemonic aliases llvm-mc 22 accepts, per generation: (alias, target,\n\
         //! processors bit set as in `table::OpInfo::processors`). GENERATED by\n\
         //! `cargo xtask isa-aliases` (see `xtask/src/isa_aliases.rs`); do not edit.\n"
    );
    for (gen, konst) in [(0u8, "GFX9"), (1, "GFX11")] {
        let _ = writeln!(
            out,
            "#[rustfmt::skip]\npub static {konst}: &[(&str, &str, u8)] = &["
        );
        for ((g, alias, target), bits) in &rows {
            if *g == gen {
                let _ = writeln!(out, "    ({alias:?}, {target:?}, {bits:#05b}),");
            }
        }
        let _ = writeln!(out, "];\n");
    }
    let path = "crates/silk-amdgpu/src/isa/aliases.rs";
    std::fs::write(path, out.trim_end().to_string() + "\n").map_err(|e| format!("{path}: {e}"))?;
    eprintln!("wrote {path}");
    Ok(())
}
