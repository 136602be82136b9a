//! A lookup-table [`InstructionEncoder`] over golden llvm-mc encodings
//! (`tests/data/hip/asm/encodings-<processor>.txt`, written by
//! `regen_asm.py`). It knows only the instruction lines it was given, so it
//! is a test and measurement aid, not an encoder: it lets the assembler's
//! own layers (statements, labels, fixups, layout, descriptors, metadata)
//! be checked against clang + lld byte for byte before the ISA encoder
//! exists, and afterwards serves as a differential reference for it.

use super::{EncodedInst, Fixup, FixupKind, InstError, InstructionEncoder};
use crate::target::Processor;
use std::collections::HashMap;

#[derive(Clone, Debug, Default)]
pub struct EncodingTable {
    entries: HashMap<Processor, HashMap<String, EncodedInst>>,
}

/// Collapse runs of whitespace, as the table keys are written (without
/// copying when the text is already in that form).
fn normalize(text: &str) -> std::borrow::Cow<'_, str> {
    let t = text.trim();
    let clean = !t.contains(['\t', '\n', '\r']) && !t.contains("  ");
    if clean {
        std::borrow::Cow::Borrowed(t)
    } else {
        std::borrow::Cow::Owned(t.split_whitespace().collect::<Vec<_>>().join(" "))
    }
}

fn parse_fixup(field: &str) -> Result<Option<Fixup>, String> {
    if field == "-" {
        return Ok(None);
    }
    let mut parts = field.splitn(3, ':');
    let (Some(offset), Some(kind), Some(expr)) = (parts.next(), parts.next(), parts.next()) else {
        return Err(format!("malformed fixup `{field}`"));
    };
    let offset: u32 = offset
        .parse()
        .map_err(|_| format!("bad fixup offset in `{field}`"))?;
    let (sym_part, addend) = match expr.find(['+', '-']) {
        Some(i) if i > 0 => {
            let a: i64 = expr[i..]
                .trim_start_matches('+')
                .parse()
                .map_err(|_| format!("bad addend in `{field}`"))?;
            (&expr[..i], a)
        }
        _ => (expr, 0),
    };
    let (symbol, kind) = match (kind, sym_part.split_once('@')) {
        ("fixup_si_sopp_br", None) => (sym_part, FixupKind::SoppBranch),
        ("FK_PCRel_4", Some((s, "rel32@lo"))) => (s, FixupKind::Rel32Lo),
        ("FK_PCRel_4", Some((s, "rel32@hi"))) => (s, FixupKind::Rel32Hi),
        ("FK_PCRel_4", None) => (sym_part, FixupKind::Rel32),
        ("FK_Data_4", None) => (sym_part, FixupKind::Abs32),
        ("FK_Data_4", Some((s, "abs32@lo"))) => (s, FixupKind::Abs32Lo),
        ("FK_Data_4", Some((s, "abs32@hi"))) => (s, FixupKind::Abs32Hi),
        _ => return Err(format!("unsupported fixup `{field}`")),
    };
    Ok(Some(Fixup {
        kind,
        offset,
        symbol: symbol.to_string(),
        addend,
    }))
}

impl EncodingTable {
    pub fn new() -> EncodingTable {
        EncodingTable::default()
    }

    /// Add the lines of one `encodings-<processor>.txt` file.
    pub fn add(&mut self, processor: Processor, text: &str) -> Result<(), String> {
        for (i, line) in text.lines().enumerate() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let mut f = line.splitn(3, '\t');
            let (Some(hex), Some(fixup), Some(inst)) = (f.next(), f.next(), f.next()) else {
                return Err(format!(
                    "line {}: expected three tab-separated fields",
                    i + 1
                ));
            };
            if hex.len() % 8 != 0 || hex.is_empty() {
                return Err(format!("line {}: encoding is not whole dwords", i + 1));
            }
            let mut words = Vec::with_capacity(hex.len() / 8);
            for chunk in hex.as_bytes().chunks(8) {
                let s =
                    std::str::from_utf8(chunk).map_err(|_| format!("line {}: bad hex", i + 1))?;
                let mut bytes = [0u8; 4];
                for (k, b) in bytes.iter_mut().enumerate() {
                    *b = u8::from_str_radix(&s[2 * k..2 * k + 2], 16)
                        .map_err(|_| format!("line {}: bad hex", i + 1))?;
                }
                words.push(u32::from_le_bytes(bytes));
            }
            let fixup = parse_fixup(fixup).map_err(|m| format!("line {}: {m}", i + 1))?;
            self.entries
                .entry(processor)
                .or_default()
                .insert(normalize(inst).into_owned(), EncodedInst { words, fixup });
        }
        Ok(())
    }

    pub fn len(&self) -> usize {
        self.entries.values().map(HashMap::len).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl InstructionEncoder for EncodingTable {
    fn encode(&self, processor: Processor, text: &str) -> Result<EncodedInst, InstError> {
        self.entries
            .get(&processor)
            .and_then(|m| m.get(normalize(text).as_ref()))
            .cloned()
            .ok_or_else(|| InstError {
                column: 0,
                message: format!(
                    "instruction not in the encoding table for {}",
                    processor.name()
                ),
            })
    }
}
