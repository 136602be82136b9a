//! `cargo xtask isa-ops`: the cross-generation opcode enum
//! `crates/silk-amdgpu/src/isa/op/` (enum, rows, names), in the manner of Mesa ACO's
//! `aco_opcodes.py`: one `Op` per instruction, whatever each generation
//! calls it, and per generation the row of its opcode table.
//!
//! An instruction's identity across generations is LLVM's internal opcode
//! name (`S_ANDN2_B32_vi` on gfx942 and `S_ANDN2_B32_gfx11` on GFX11,
//! which spells it `s_and_not1_b32`). The names come from the golden data
//! `crates/silk-amdgpu/tests/data/isa/opcodes-<processor>.txt`, and for
//! the table rows that sample lacks, from `llvm-names-probed.txt`, written
//! by `cargo xtask isa-ops --probe` (LLVM 22's `llvm-mc -show-inst` on the
//! row's opcode with every operand field zero). The variant is the LLVM
//! name without what only tells encodings of one instruction apart: the
//! generation tag (`_vi`, `_gfx9`, `_gfx11`), the memory addressing mode
//! (`_SADDR`, `_IMM`, `_SGPR`, `_OFFSET`, `_OFFEN`, ...), `_TFE`, and the
//! AGPR/VGPR operand class (`_agpr`, `_acd`, `_vcd`); `_e32`/`_e64` stay
//! only where the mnemonic has them. A row without any name is named after
//! its mnemonic.
//!
//! Variants keep LLVM's spelling (`GLOBAL_LOAD_DWORD`, `V_ADD_F32_e32`) so
//! that each can be found verbatim in LLVM's sources and in our golden
//! data; CamelCase would merge tokens such as `16X16X8XF32`.

use silk_amdgpu::isa::format::{self, Family};
use silk_amdgpu::isa::{table, Flags, OpInfo};
use silk_amdgpu::target::{Generation, Processor};
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::path::Path;

const DATA: &str = "crates/silk-amdgpu/tests/data/isa";
const PROBED: &str = "llvm-names-probed.txt";
/// The generated module: the enum, the per-generation row maps, the names.
pub const OUTPUT: &str = "crates/silk-amdgpu/src/isa/op";
const FILES: [&str; 3] = ["mod.rs", "rows.rs", "names.rs"];
const GENS: [Generation; 2] = [Generation::Gfx9, Generation::Gfx11];

pub fn run(probe: bool) -> Result<(), String> {
    let root = crate::repo_root();
    if probe {
        let text = probe_missing(&root)?;
        let path = root.join(DATA).join(PROBED);
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        println!("wrote {}", path.display());
    }
    let dir = root.join(OUTPUT);
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for (file, text) in FILES.iter().zip(generate(&root)?) {
        let path = dir.join(file);
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        println!("wrote {}", path.display());
    }
    Ok(())
}

/// The family as the golden data spells it (`SOP2`, `VOP3P`, `GLOBAL`).
fn family_label(f: Family) -> String {
    format!("{f:?}").to_uppercase()
}

/// `(processor, family, opcode, mnemonic)` → LLVM names.
type Names = HashMap<(Processor, String, u16, String), Vec<String>>;

fn read_names(root: &Path) -> Result<Names, String> {
    let mut names = Names::new();
    let mut add = |p: Processor, fam: &str, op: &str, mn: &str, ll: &str, file: &str| {
        let op = u16::from_str_radix(op.trim_start_matches("0x"), 16)
            .map_err(|e| format!("{file}: opcode `{op}`: {e}"))?;
        names
            .entry((p, fam.to_string(), op, mn.to_string()))
            .or_default()
            .push(ll.to_string());
        Ok::<(), String>(())
    };
    for p in Processor::ALL {
        let file = format!("opcodes-{}.txt", p.name());
        let text = std::fs::read_to_string(root.join(DATA).join(&file))
            .map_err(|e| format!("{file}: {e}"))?;
        for (n, line) in text.lines().enumerate() {
            let f: Vec<&str> = line.split('\t').collect();
            let [fam, op, mn, ll] = f[..] else {
                return Err(format!("{file}:{}: expected 4 tab-separated fields", n + 1));
            };
            // VOPD rows name a pair (`0x0:0x01`, `x::y`): not one opcode.
            if fam == "VOPD" {
                continue;
            }
            add(p, fam, op, mn, ll, &file)?;
        }
    }
    let path = root.join(DATA).join(PROBED);
    if let Ok(text) = std::fs::read_to_string(&path) {
        for (n, line) in text.lines().enumerate() {
            let f: Vec<&str> = line.split('\t').collect();
            let [proc, fam, op, mn, ll] = f[..] else {
                return Err(format!(
                    "{PROBED}:{}: expected 5 tab-separated fields",
                    n + 1
                ));
            };
            let p = Processor::ALL
                .into_iter()
                .find(|p| p.name() == proc)
                .ok_or_else(|| format!("{PROBED}:{}: unknown processor `{proc}`", n + 1))?;
            add(p, fam, op, mn, ll, PROBED)?;
        }
    }
    Ok(names)
}

fn is_generation_tag(t: &str) -> bool {
    matches!(t, "vi" | "si" | "ci" | "alt")
        || t.strip_prefix("gfx")
            .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
}

fn is_memory(f: Family) -> bool {
    matches!(
        f,
        Family::Smem
            | Family::Flat
            | Family::Global
            | Family::Scratch
            | Family::Mubuf
            | Family::Mtbuf
    )
}

/// The variant name an LLVM name gives a row (see the module comment).
fn canonical(llvm: &str, row: &OpInfo) -> String {
    let keep_e = row.name.ends_with("_e32") || row.name.ends_with("_e64");
    // Some GFX11 16-bit names repeat their stem
    // (`V_CVT_F16_F32V_CVT_F16_F32_t16_e64_gfx11`): keep the second copy.
    let llvm = (1..llvm.len())
        .filter(|&i| llvm.is_char_boundary(i))
        .find(|&i| llvm[i..].starts_with(&llvm[..i]) && llvm[i..].len() > i)
        .map_or(llvm, |i| &llvm[i..]);
    llvm.split('_')
        .filter(|t| !is_generation_tag(t))
        // True16 / fake16 operand forms and gfx9's op_sel form are one
        // instruction each (one table row).
        .filter(|t| {
            !matches!(
                *t,
                "TFE" | "acd" | "vcd" | "agpr" | "t16" | "fake16" | "opsel"
            )
        })
        .filter(|t| {
            !is_memory(row.family)
                || !matches!(
                    *t,
                    "SADDR"
                        | "IMM"
                        | "SGPR"
                        | "OFFSET"
                        | "OFFEN"
                        | "IDXEN"
                        | "BOTHEN"
                        | "ADDR64"
                        | "SVS"
                        | "ST"
                )
        })
        .filter(|t| keep_e || !matches!(*t, "e32" | "e64"))
        .collect::<Vec<_>>()
        .join("_")
}

/// A name from the mnemonic, for rows LLVM's names do not cover.
fn from_mnemonic(row: &OpInfo) -> String {
    let mut s: String = row
        .name
        .split('_')
        .map(|t| match t {
            "e32" | "e64" => t.to_string(),
            _ => t.to_uppercase(),
        })
        .collect::<Vec<_>>()
        .join("_");
    if row.flags.has(Flags::RTN) && !s.contains("_RTN") {
        s.push_str("_RTN");
    }
    if row.flags.has(Flags::LDS_DMA) && !s.contains("_LDS") {
        s.push_str("_LDS");
    }
    s
}

/// The variant name of each row of `gen`'s table.
fn row_names(gen: Generation, names: &Names) -> Result<Vec<String>, String> {
    let t = table::table(gen);
    let mut out: Vec<String> = Vec::with_capacity(t.len());
    for row in t {
        let mut cands: Vec<String> = Vec::new();
        for p in Processor::ALL.into_iter().filter(|&p| row.on(p)) {
            let key = (
                p,
                family_label(row.family),
                row.opcode,
                row.name.to_string(),
            );
            for ll in names.get(&key).into_iter().flatten() {
                let toks: Vec<&str> = ll.split('_').collect();
                // RTN and LDS-DMA forms are rows of their own.
                if is_memory(row.family)
                    && (row.flags.has(Flags::RTN) != toks.contains(&"RTN")
                        || row.flags.has(Flags::LDS_DMA) != toks.contains(&"LDS"))
                {
                    continue;
                }
                cands.push(canonical(ll, row));
            }
        }
        // Shortest, then alphabetical: the addressing-free spelling.
        cands.sort_by(|a, b| a.len().cmp(&b.len()).then(a.cmp(b)));
        out.push(
            cands
                .into_iter()
                .next()
                .unwrap_or_else(|| from_mnemonic(row)),
        );
    }
    // The VOP3 encoding of a VOP1 opcode without operands (`v_nop`) has the
    // same mnemonic and LLVM name: tell it apart by `_e64`.
    let mut seen: HashMap<String, usize> = HashMap::new();
    for (i, row) in t.iter().enumerate() {
        if let Some(&j) = seen.get(&out[i]) {
            if row.family == Family::Vop3 && t[j].family != Family::Vop3 {
                out[i].push_str("_e64");
            } else {
                return Err(format!(
                    "{gen:?}: rows `{}` ({:?}) and `{}` ({:?}) both map to `{}`",
                    t[j].name, t[j].family, row.name, row.family, out[i]
                ));
            }
        }
        if seen.insert(out[i].clone(), i).is_some() {
            return Err(format!("{gen:?}: two rows map to `{}`", out[i]));
        }
    }
    Ok(out)
}

/// The texts of `op/mod.rs` (the enum), `op/rows.rs` (rows per generation)
/// and `op/names.rs` (names and the list of every Op), as [`FILES`].
pub fn generate(root: &Path) -> Result<[String; 3], String> {
    let names = read_names(root)?;
    // Variant → row per generation, in variant-name order.
    let mut ops: BTreeMap<String, [Option<usize>; 2]> = BTreeMap::new();
    let mut per_gen = Vec::new();
    for (g, gen) in GENS.into_iter().enumerate() {
        let rows = row_names(gen, &names)?;
        for (i, n) in rows.iter().enumerate() {
            ops.entry(n.clone()).or_default()[g] = Some(i);
        }
        per_gen.push(rows);
    }
    let index: HashMap<&str, usize> = ops
        .keys()
        .enumerate()
        .map(|(i, k)| (k.as_str(), i))
        .collect();
    let mut s = String::new();
    s.push_str(
        "//! Cross-generation opcodes. GENERATED by `cargo xtask isa-ops`; do not edit.\n\
         //!\n\
         //! One [`Op`] per instruction of any generation, named after LLVM 22's\n\
         //! internal opcode name without the generation and addressing-mode\n\
         //! suffixes (see `xtask/src/isa_ops.rs`). [`Op::on`] gives a processor's\n\
         //! table entry, [`Op::of`] the way back.\n\n\
         mod names;\nmod rows;\n\n\
         pub use names::ALL;\npub(crate) use names::NAMES;\n\
         pub(crate) use rows::{GFX11_OP, GFX11_ROW, GFX9_OP, GFX9_ROW, NONE};\n\n",
    );
    s.push_str("/// An instruction, whatever its generation calls it.\n");
    s.push_str("#[allow(non_camel_case_types)]\n");
    s.push_str("#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]\n");
    s.push_str("#[repr(u16)]\n#[rustfmt::skip]\npub enum Op {\n");
    for (name, rows) in &ops {
        let spell: Vec<String> = GENS
            .iter()
            .zip(rows)
            .filter_map(|(g, r)| r.map(|r| format!("{g:?} `{}`", table::table(*g)[r].name)))
            .collect();
        // One line per variant keeps the enum readable at 1,800 entries.
        let _ = writeln!(s, "    #[doc = \"{}\"] {name},", spell.join(", "));
    }
    s.push_str("}\n\n");
    let _ = writeln!(
        s,
        "/// Number of [`Op`] variants.\npub const COUNT: usize = {};",
        ops.len()
    );
    let enum_text = format!("{}\n", std::mem::take(&mut s).trim_end());
    s.push_str(
        "//! Each generation's table rows per [`Op`] and back. GENERATED by `cargo xtask isa-ops`; do not edit.\n\n\
         use super::{Op, COUNT};\n\n\
         /// No row in this generation's table.\npub(crate) const NONE: u16 = u16::MAX;\n\n",
    );
    for (g, gen) in GENS.into_iter().enumerate() {
        let _ = writeln!(
            s,
            "/// Per [`Op`]: its row of the {gen:?} table, or [`NONE`].\n#[rustfmt::skip]\npub(crate) static {}_ROW: [u16; COUNT] = [",
            format!("{gen:?}").to_uppercase()
        );
        let cells: Vec<String> = ops
            .values()
            .map(|r| r[g].map_or("NONE".to_string(), |r| r.to_string()))
            .collect();
        push_wrapped(&mut s, &cells);
        s.push_str("];\n\n");
        let _ = writeln!(
            s,
            "/// Per row of the {gen:?} table: its [`Op`].\n#[rustfmt::skip]\npub(crate) static {}_OP: [Op; {}] = [",
            format!("{gen:?}").to_uppercase(),
            per_gen[g].len()
        );
        let cells: Vec<String> = per_gen[g]
            .iter()
            .map(|n| {
                debug_assert!(index.contains_key(n.as_str()));
                format!("Op::{n}")
            })
            .collect();
        push_wrapped(&mut s, &cells);
        s.push_str("];\n\n");
    }
    let rows_text = format!("{}\n", std::mem::take(&mut s).trim_end());
    s.push_str("//! [`Op`] names and the list of every Op. GENERATED by `cargo xtask isa-ops`; do not edit.\n\n\
         use super::{Op, COUNT};\n\n");
    s.push_str("/// Per [`Op`]: its variant name.\n#[rustfmt::skip]\npub(crate) static NAMES: [&str; COUNT] = [\n");
    let cells: Vec<String> = ops.keys().map(|k| format!("\"{k}\"")).collect();
    push_wrapped(&mut s, &cells);
    s.push_str("];\n\n");
    s.push_str("/// Every [`Op`], in declaration order.\n#[rustfmt::skip]\npub static ALL: [Op; COUNT] = [\n");
    let cells: Vec<String> = ops.keys().map(|k| format!("Op::{k}")).collect();
    push_wrapped(&mut s, &cells);
    s.push_str("];\n");
    Ok([enum_text, rows_text, s])
}

fn push_wrapped(s: &mut String, cells: &[String]) {
    let mut line = String::from("   ");
    for c in cells {
        if line.len() + c.len() + 2 > 100 {
            s.push_str(line.trim_end());
            s.push('\n');
            line = String::from("   ");
        }
        line.push(' ');
        line.push_str(c);
        line.push(',');
    }
    if !line.trim().is_empty() {
        s.push_str(&line);
        s.push('\n');
    }
}

/// LLVM names for the rows the golden data lacks: disassemble each row's
/// opcode (operand fields zero) with `llvm-mc -show-inst` and keep the
/// name when LLVM prints the row's own mnemonic.
fn probe_missing(root: &Path) -> Result<String, String> {
    let names = read_names_without_probed(root)?;
    let mut out = String::new();
    for p in Processor::ALL {
        let gen = p.generation();
        for row in table::table(gen).iter().filter(|r| r.on(p)) {
            let key = (
                p,
                family_label(row.family),
                row.opcode,
                row.name.to_string(),
            );
            if names.contains_key(&key) || row.family == Family::Vopd {
                continue;
            }
            let Some(layout) = format::layout(gen, row.family) else {
                continue;
            };
            let words = layout.base(row.opcode);
            let n = row.family.base_dwords();
            let bytes: Vec<String> = words[..n]
                .iter()
                .flat_map(|w| w.to_le_bytes())
                .map(|b| format!("0x{b:02x}"))
                .collect();
            if let Some(ll) = show_inst(p.name(), &bytes.join(","), row.name)? {
                let _ = writeln!(
                    out,
                    "{}\t{}\t0x{:02x}\t{}\t{ll}",
                    p.name(),
                    family_label(row.family),
                    row.opcode,
                    row.name
                );
            }
        }
    }
    Ok(out)
}

fn read_names_without_probed(root: &Path) -> Result<Names, String> {
    let path = root.join(DATA).join(PROBED);
    let saved = std::fs::read(&path).ok();
    if saved.is_some() {
        std::fs::remove_file(&path).map_err(|e| e.to_string())?;
    }
    let names = read_names(root);
    if let Some(b) = saved {
        std::fs::write(&path, b).map_err(|e| e.to_string())?;
    }
    names
}

fn show_inst(cpu: &str, bytes: &str, mnemonic: &str) -> Result<Option<String>, String> {
    use std::io::Write as _;
    let mut child = std::process::Command::new(crate::mc::LLVM_MC)
        .args([
            "--disassemble",
            "-show-inst",
            "-triple=amdgcn-amd-amdhsa",
            &format!("-mcpu={cpu}"),
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .map_err(|e| format!("{}: {e}", crate::mc::LLVM_MC))?;
    child
        .stdin
        .take()
        .ok_or("no stdin")?
        .write_all(format!("{bytes}\n").as_bytes())
        .map_err(|e| e.to_string())?;
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&out.stdout);
    for line in text.lines() {
        let Some((inst, rest)) = line.split_once("; <MCInst #") else {
            continue;
        };
        let printed = inst.split_whitespace().next().unwrap_or("");
        let name = rest
            .split_whitespace()
            .nth(1)
            .unwrap_or("")
            .trim_end_matches('>');
        if printed == mnemonic && !name.is_empty() {
            return Ok(Some(name.to_string()));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The checked-in `op/` files are what the generator writes.
    #[test]
    fn checked_in_op_module_is_current() {
        let root = crate::repo_root();
        let want = generate(&root).expect("generates");
        for (file, want) in FILES.iter().zip(want) {
            let path = root.join(OUTPUT).join(file);
            let have = std::fs::read_to_string(&path).expect("op/ file exists");
            assert!(
                have == want,
                "{} is stale: run `cargo xtask isa-ops`",
                path.display()
            );
        }
    }

    #[test]
    fn canonical_names_drop_encoding_detail() {
        let t = table::table(Generation::Gfx9);
        let row = |n: &str| t.iter().find(|r| r.name == n).expect(n);
        assert_eq!(
            canonical("GLOBAL_LOAD_DWORD_SADDR_vi", row("global_load_dword")),
            "GLOBAL_LOAD_DWORD"
        );
        assert_eq!(
            canonical("V_ADD_F32_e64_vi", row("v_add_f32_e64")),
            "V_ADD_F32_e64"
        );
        assert_eq!(
            canonical("V_LSHLREV_B64_e64_gfx11", row("v_lshlrev_b64")),
            "V_LSHLREV_B64"
        );
        assert_eq!(
            canonical("DS_ADD_RTN_U32_agpr", row("ds_add_rtn_u32")),
            "DS_ADD_RTN_U32"
        );
    }
}
