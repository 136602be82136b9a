//! `silk asm`: an assembler for LLVM-syntax AMDGPU assembly files (what
//! `clang -S` emits for HIP kernels on gfx942, gfx1100 and gfx1151) into
//! AMDHSA code objects laid out as clang + ld.lld lay them out.
//!
//! [`assemble_file`] takes the whole file text and returns the code object
//! bytes, or every error found as [`Diagnostics`] (`file:line:col: error:`
//! with the source line and a caret).
//!
//! What this module owns: statements, labels, sections, directives
//! (including `.amdhsa_kernel` blocks, read with
//! [`KERNEL_DIRECTIVES`](crate::code_object::config::KERNEL_DIRECTIVES),
//! and the `.amdgpu_metadata` YAML block), symbol expressions
//! (`.set x, max(...)`, and instruction operands such as `x+4`), fixups
//! (branches, `sym@rel32@lo/hi` within `.text` or into the data sections),
//! global data in `.rodata`, `.data.rel.ro`, `.data` and `.bss` with the
//! pointers stored there, the `-show-encoding` listing ([`show_encoding`])
//! and the object layout (through [`crate::code_object`]). What it does not own:
//! one instruction's text to its dwords. That is the job of an
//! [`InstructionEncoder`]; [`IsaEncoder`] is the product's one.
//!
//! Sources: [AMDGPUUsage] "AMDGPU Assembler" and "Code Object V3 and Above
//! AMDHSA Kernel Directives"; the GNU `as` / LLVM MC expression rules
//! were checked against llvm-mc 22 (precedence, logical shifts, `-1` for
//! true comparisons).

mod assembler;
mod encoding_table;
mod expr;
mod lex;
mod yaml;

pub use encoding_table::EncodingTable;
pub use yaml::{parse_yaml, YamlError};

use crate::target::{Processor, Target};
use std::fmt;

/// One error: where it is and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
    pub message: String,
    /// The whole source line (without its newline).
    pub source_line: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}:{}:{}: error: {}",
            self.file, self.line, self.column, self.message
        )?;
        writeln!(f, "{}", self.source_line)?;
        // Keep tabs so the caret lines up under the column in a terminal.
        let pad: String = self
            .source_line
            .chars()
            .take(self.column.saturating_sub(1))
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        write!(f, "{pad}^")
    }
}

/// Errors one assembly keeps with their messages; past this many only
/// their number is kept (a file of garbage would otherwise hold a message
/// per line in memory).
pub const MAX_KEPT: usize = 100_000;
/// Longest error message kept, in bytes: messages quote the source, and a
/// token can be as long as the file.
pub const MAX_MESSAGE: usize = 1024;
/// Characters of a source line a [`Diagnostic`] keeps: a longer line is
/// kept as a window around the column, its cut ends marked `...`.
pub const MAX_SOURCE_SHOWN: usize = 512;

/// `message` cut to at most [`MAX_MESSAGE`] bytes (at a character
/// boundary), ending `...` when cut.
pub(crate) fn clip(mut message: String) -> String {
    if message.len() > MAX_MESSAGE {
        let mut cut = MAX_MESSAGE - 3;
        while !message.is_char_boundary(cut) {
            cut -= 1;
        }
        message.truncate(cut);
        message.push_str("...");
    }
    message
}

/// The part of `line` a diagnostic keeps for byte offset `pos`, and the
/// 1-based column (in characters) of `pos` in it: the whole line when it
/// has at most [`MAX_SOURCE_SHOWN`] characters, else that many around
/// the column (80 before it), `...` marking each cut end.
pub(crate) fn source_window(line: &str, pos: usize) -> (String, usize) {
    let pos = pos.min(line.len());
    let column = line.char_indices().take_while(|(i, _)| *i < pos).count();
    // Characters up to the window's end, at most: the line is scanned no
    // further than it needs.
    let len = line.chars().take(column + MAX_SOURCE_SHOWN + 1).count();
    let long = line.len() > MAX_SOURCE_SHOWN && len > MAX_SOURCE_SHOWN;
    if !long {
        return (line.to_string(), column + 1);
    }
    let keep = MAX_SOURCE_SHOWN - 6;
    let start = column.saturating_sub(80);
    let byte = |chars: usize| {
        line.char_indices()
            .nth(chars)
            .map_or(line.len(), |(i, _)| i)
    };
    let (from, to) = (byte(start), byte(start + keep));
    let lead = if from > 0 { "..." } else { "" };
    let tail = if to < line.len() { "..." } else { "" };
    (
        format!("{lead}{}{tail}", &line[from..to]),
        column - start + lead.len() + 1,
    )
}

/// Every error found in one file, in source order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}

/// How a fixup's value is computed and stored, relative to the address P
/// of the fixup's first byte and the target value S + A.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FixupKind {
    /// SOPP branch: the low 16 bits of the instruction word at the fixup
    /// hold `(S + A - (P + 4)) / 4` as a signed 16-bit count of dwords
    /// (LLVM `fixup_si_sopp_br`; the fixup is at the instruction start).
    SoppBranch,
    /// `sym@rel32@lo`: the 32-bit literal at the fixup holds the low half
    /// of `S + A - P` (`R_AMDGPU_REL32_LO`).
    Rel32Lo,
    /// `sym@rel32@hi`: the high half of `S + A - P` (`R_AMDGPU_REL32_HI`).
    Rel32Hi,
    /// A plain symbol as a literal operand (`s_mov_b32 s0, foo+4`): LLVM
    /// makes it PC-relative too, the 32-bit literal holds `S + A - P`
    /// (`FK_PCRel_4`, `R_AMDGPU_REL32`).
    Rel32,
}

/// A symbol reference left open in an encoded instruction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fixup {
    pub kind: FixupKind,
    /// Byte offset of the patched field within the instruction.
    pub offset: u32,
    pub symbol: String,
    pub addend: i64,
}

/// One instruction's encoding with its fields that name a symbol left
/// zero, and the fixup that fills them.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct EncodedInst {
    pub words: Vec<u32>,
    pub fixup: Option<Fixup>,
}

/// Why one instruction could not be encoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InstError {
    /// Byte offset within the instruction text the error points at.
    pub column: usize,
    pub message: String,
}

/// Turns the text of one instruction (mnemonic and operands, no label, no
/// comment, whitespace as in the source) into dwords. Everything
/// instruction-specific in the assembler goes through this trait.
pub trait InstructionEncoder {
    fn encode(&self, processor: Processor, text: &str) -> Result<EncodedInst, InstError>;

    /// [`Self::encode`] appending the dwords to `words` (the assembler
    /// reuses one buffer for every line instead of a `Vec` per line).
    fn encode_into(
        &self,
        processor: Processor,
        text: &str,
        words: &mut Vec<u32>,
    ) -> Result<Option<Fixup>, InstError> {
        let e = self.encode(processor, text)?;
        words.extend_from_slice(&e.words);
        Ok(e.fixup)
    }
}

/// The product's encoder: [`crate::isa::parse::parse_inst`] then
/// [`crate::isa::encode::encode`].
///
/// Branch labels come back from the parser as [`LabelRef`]s (the operand
/// is encoded as zero and patched by a [`FixupKind::SoppBranch`] fixup).
/// `sym@rel32@lo+A` / `sym@rel32@hi+A` operands (device-function calls)
/// are not read by the instruction parser yet: they are replaced by
/// `lit(0)`, which LLVM also encodes as a 32-bit literal, and the literal
/// dword (the last one) is patched by a `Rel32Lo`/`Rel32Hi` fixup.
///
/// [`LabelRef`]: crate::isa::parse::LabelRef
#[derive(Clone, Copy, Debug, Default)]
pub struct IsaEncoder;

/// Finds one `sym@rel32@lo|hi[+-addend]` operand: returns the byte range,
/// symbol, kind and addend.
fn rel32_operand(text: &str) -> Option<(std::ops::Range<usize>, &str, FixupKind, i64)> {
    if !lex::contains_byte(text.as_bytes(), b'@') {
        return None;
    }
    let at = text.find("@rel32@")?;
    let b = text.as_bytes();
    let mut start = at;
    while start > 0
        && (b[start - 1].is_ascii_alphanumeric() || matches!(b[start - 1], b'_' | b'.' | b'$'))
    {
        start -= 1;
    }
    let rest = &text[at + "@rel32@".len()..];
    let kind = if rest.starts_with("lo") {
        FixupKind::Rel32Lo
    } else if rest.starts_with("hi") {
        FixupKind::Rel32Hi
    } else {
        return None;
    };
    let mut end = at + "@rel32@".len() + 2;
    let mut addend = 0i64;
    let skip_ws = |mut i: usize| {
        while b.get(i).is_some_and(|c| *c == b' ' || *c == b'\t') {
            i += 1;
        }
        i
    };
    let i = skip_ws(end);
    if let Some(&sign @ (b'+' | b'-')) = b.get(i) {
        let d0 = skip_ws(i + 1);
        let mut d1 = d0;
        while b.get(d1).is_some_and(u8::is_ascii_digit) {
            d1 += 1;
        }
        if d1 > d0 {
            let v: i64 = text[d0..d1].parse().ok()?;
            addend = if sign == b'-' { -v } else { v };
            end = d1;
        }
    }
    (start < at).then(|| (start..end, &text[start..at], kind, addend))
}

/// Top-level comma-separated operands of `text` that are a bare symbol,
/// optionally with a `+N`/`-N` addend: byte range, symbol and addend.
/// llvm-mc reads any such name it does not know as a symbol.
fn symbol_operands(text: &str) -> Vec<(std::ops::Range<usize>, &str, i64)> {
    let lead = text.len() - text.trim_start().len();
    let Some(ops_at) = text[lead..].find(char::is_whitespace).map(|i| lead + i) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut start = ops_at;
    let b = text.as_bytes();
    let mut depth = 0i32;
    for i in ops_at..=text.len() {
        let c = b.get(i).copied();
        match c {
            Some(b'(' | b'[') => depth += 1,
            Some(b')' | b']') => depth -= 1,
            Some(b',') | None if depth == 0 => {
                let piece = &text[start..i];
                let a = start + (piece.len() - piece.trim_start().len());
                let t = piece.trim();
                if let Some((sym, addend)) = symbol_plus_addend(t) {
                    out.push((a..a + t.len(), sym, addend));
                }
                start = i + 1;
            }
            _ => {}
        }
    }
    out
}

/// `name`, `name+N` or `name-N` (spaces allowed around the sign).
fn symbol_plus_addend(t: &str) -> Option<(&str, i64)> {
    let first = t.bytes().next()?;
    if !(first.is_ascii_alphabetic() || matches!(first, b'_' | b'.' | b'$')) {
        return None;
    }
    let end = t
        .bytes()
        .position(|c| !(c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'$')))
        .unwrap_or(t.len());
    let (sym, rest) = t.split_at(end);
    if register_like(sym) {
        return None;
    }
    let rest = rest.trim_start();
    if rest.is_empty() {
        return Some((sym, 0));
    }
    let (neg, digits) = match rest.as_bytes()[0] {
        b'+' => (false, rest[1..].trim_start()),
        b'-' => (true, rest[1..].trim_start()),
        _ => return None,
    };
    if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let v: i64 = digits.parse().ok()?;
    Some((sym, if neg { -v } else { v }))
}

/// Whether llvm-mc reads `name` as a register (`v256` and `v3.l` too,
/// which it then rejects), not as a symbol.
fn register_like(name: &str) -> bool {
    let n = name.to_ascii_lowercase();
    let base = n.split('.').next().unwrap_or_default();
    let numbered = |p: &str| {
        base.strip_prefix(p)
            .is_some_and(|d| !d.is_empty() && d.bytes().all(|c| c.is_ascii_digit()))
    };
    const SPECIAL: &[&str] = &[
        "vcc",
        "vcc_lo",
        "vcc_hi",
        "exec",
        "exec_lo",
        "exec_hi",
        "m0",
        "scc",
        "vccz",
        "execz",
        "null",
        "off",
        "lds_direct",
        "flat_scratch",
        "flat_scratch_lo",
        "flat_scratch_hi",
        "xnack_mask",
        "xnack_mask_lo",
        "xnack_mask_hi",
        "tba",
        "tba_lo",
        "tba_hi",
        "tma",
        "tma_lo",
        "tma_hi",
        "shared_base",
        "shared_limit",
        "private_base",
        "private_limit",
        "pops_exiting_wave_id",
    ];
    ["v", "s", "a", "ttmp", "acc"].iter().any(|p| numbered(p))
        || base.starts_with("src_")
        || SPECIAL.contains(&base)
}

/// TEMPORARY BRIDGE until `parse_inst` returns a [`LabelRef`] for branch
/// targets (today it rejects `s_cbranch_execz .LBB0_2`): read the last
/// operand as `0`, and accept the result as a branch only when the table
/// says the opcode is a SOPP instruction with that single immediate
/// operand. Remove when the parser handles labels.
///
/// [`LabelRef`]: crate::isa::parse::LabelRef
fn branch_label_bridge(processor: Processor, text: &str) -> Option<crate::isa::parse::ParsedInst> {
    use crate::isa::{format::Family, operand::Operand, parse::parse_inst, parse::LabelRef, table};
    let body = text.trim_end();
    let (head, label) = body.rsplit_once(char::is_whitespace)?;
    let first = label.bytes().next()?;
    if !(first.is_ascii_alphabetic() || first == b'.' || first == b'_')
        || !label.bytes().all(lex::is_ident_char)
        || head.trim().contains(char::is_whitespace)
    {
        return None;
    }
    let mut parsed = parse_inst(processor, &format!("{head} 0")).ok()?;
    let info = table::table(processor.generation()).get(parsed.inst.opcode.0 as usize)?;
    let sole_imm =
        parsed.inst.num_operands == 1 && matches!(parsed.inst.operands[0], Operand::Imm(0));
    // Only branches take a label (`s_nop x` with a `.set` symbol is an
    // expression operand).
    if info.family != Family::Sopp || !info.flags.has(table::Flags::BRANCH) || !sole_imm {
        return None;
    }
    parsed.label = Some(LabelRef {
        operand: 0,
        symbol: label.to_string(),
        column: head.len() + 1,
    });
    Some(parsed)
}

impl IsaEncoder {
    /// A line `parse_inst` rejected as written: with a `sym@rel32@..`
    /// operand read as `lit(0)`, or as a branch to a label; else the
    /// parser's error.
    #[cold]
    fn parse_unusual(
        &self,
        processor: Processor,
        text: &str,
        first_error: crate::isa::parse::ParseError,
    ) -> Result<(crate::isa::parse::ParsedInst, Option<Rel32>), InstError> {
        use crate::isa::parse::parse_inst;
        let replaced;
        let (src, rel32, first) = match rel32_operand(text) {
            Some((range, symbol, kind, addend)) => {
                replaced = format!("{}lit(0){}", &text[..range.start], &text[range.end..]);
                (
                    replaced.as_str(),
                    Some((symbol.to_string(), kind, addend, range.start)),
                    parse_inst(processor, &replaced),
                )
            }
            None => {
                // A branch label first, else a bare symbol operand: the
                // same `lit(0)` and a `Rel32` fixup, for the first operand
                // that then parses.
                if let Some(p) = branch_label_bridge(processor, text) {
                    return Ok((p, None));
                }
                for (range, symbol, addend) in symbol_operands(text) {
                    let r = format!("{}lit(0){}", &text[..range.start], &text[range.end..]);
                    if let Ok(p) = parse_inst(processor, &r) {
                        let sym = (symbol.to_string(), FixupKind::Rel32, addend, range.start);
                        return Ok((p, Some(sym)));
                    }
                }
                (text, None, Err(first_error))
            }
        };
        let parsed = match first {
            Ok(p) => p,
            Err(e) => match branch_label_bridge(processor, src) {
                Some(p) => p,
                None => {
                    return Err(InstError {
                        column: e.column,
                        message: e.message,
                    })
                }
            },
        };
        Ok((parsed, rel32))
    }
}

/// A `sym@rel32@..` operand: symbol, kind, addend and its byte column.
type Rel32 = (String, FixupKind, i64, usize);

impl InstructionEncoder for IsaEncoder {
    fn encode(&self, processor: Processor, text: &str) -> Result<EncodedInst, InstError> {
        let mut words = Vec::with_capacity(4);
        let fixup = self.encode_into(processor, text, &mut words)?;
        Ok(EncodedInst { words, fixup })
    }

    fn encode_into(
        &self,
        processor: Processor,
        text: &str,
        out: &mut Vec<u32>,
    ) -> Result<Option<Fixup>, InstError> {
        use crate::isa::{encode::encode, parse::parse_inst};
        let first = out.len();
        // No instruction reader takes `@`, so a line that parses holds no
        // `sym@rel32@..` operand: that search waits for a failed parse.
        let (parsed, rel32) = match parse_inst(processor, text) {
            Ok(p) => (p, None),
            Err(e) => self.parse_unusual(processor, text, e)?,
        };
        encode(processor, &parsed.inst, out).map_err(|e| InstError {
            column: 0,
            message: e.to_string(),
        })?;
        let words = &out[first..];
        let fixup = match (parsed.label, rel32) {
            (Some(l), None) => Some(Fixup {
                kind: FixupKind::SoppBranch,
                offset: 0,
                symbol: l.symbol,
                addend: 0,
            }),
            (None, Some((symbol, kind, addend, _))) => Some(Fixup {
                kind,
                offset: 4 * (words.len() as u32).saturating_sub(1),
                symbol,
                addend,
            }),
            (None, None) => None,
            (Some(_), Some((_, _, _, col))) => {
                return Err(InstError {
                    column: col,
                    message: "an instruction can reference only one symbol".into(),
                })
            }
        };
        if fixup
            .as_ref()
            .is_some_and(|f| f.kind != FixupKind::SoppBranch)
            && words.len() < 2
        {
            return Err(InstError {
                column: 0,
                message: "a symbol operand needs an instruction with a 32-bit literal".into(),
            });
        }
        Ok(fixup)
    }
}

/// Assemble one file into code object bytes with the product's
/// instruction encoder. `target` (from `--target`) wins over nothing and
/// must agree with `.amdgcn_target` when both are given.
pub fn assemble_file(
    text: &str,
    file_name: &str,
    target: Option<Target>,
) -> Result<Vec<u8>, Diagnostics> {
    assemble_file_with(text, file_name, target, &IsaEncoder)
}

/// [`assemble_file`] with a chosen instruction encoder.
pub fn assemble_file_with(
    text: &str,
    file_name: &str,
    target: Option<Target>,
    encoder: &dyn InstructionEncoder,
) -> Result<Vec<u8>, Diagnostics> {
    let obj = assemble_to_code_object(text, file_name, target, encoder)?;
    obj.to_bytes().map_err(|e| {
        Diagnostics(vec![Diagnostic {
            file: file_name.to_string(),
            line: 1,
            column: 1,
            message: format!("cannot write the code object: {e}"),
            source_line: source_window(text.lines().next().unwrap_or_default(), 0).0,
        }])
    })
}

/// `llvm-mc -show-encoding` for a whole assembly file (clang's `.s`
/// included): every label and instruction in order, each instruction with
/// its encoding and any fixup (bytes `A`), as llvm-mc prints them;
/// directives are read and checked but not echoed. The target comes from
/// `target` or `.amdgcn_target`. Returns the listing and every error of
/// the statement pass (the listing goes on past bad lines).
pub fn show_encoding(text: &str, file_name: &str, target: Option<Target>) -> (String, Diagnostics) {
    assembler::listing(text, file_name, target, &IsaEncoder)
}

/// The typed code object the file describes (before serialization).
pub fn assemble_to_code_object(
    text: &str,
    file_name: &str,
    target: Option<Target>,
    encoder: &dyn InstructionEncoder,
) -> Result<crate::code_object::CodeObject, Diagnostics> {
    assembler::assemble(text, file_name, target, encoder)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_symbol_operands() {
        let t = "s_mov_b32 s0, foo + 4";
        let v = symbol_operands(t);
        assert_eq!(v.len(), 1, "{v:?}");
        assert_eq!((&t[v[0].0.clone()], v[0].1, v[0].2), ("foo + 4", "foo", 4));
        let v = symbol_operands("s_add_u32 s0, .L.tab-8, 1");
        assert_eq!((v.len(), v[0].1, v[0].2), (1, ".L.tab", -8));
        // Registers, numbers and other expressions are no bare symbols.
        assert!(symbol_operands("v_add_f32 v256, vcc_lo, src_execz").is_empty());
        assert!(symbol_operands("s_mov_b32 s0, 4").is_empty());
        assert!(symbol_operands("s_mov_b32 s0, foo*4").is_empty());
    }

    #[test]
    fn symbol_operand_is_a_pc_relative_literal() {
        let p = Processor::Gfx942;
        let e = IsaEncoder.encode(p, "s_mov_b32 s0, foo+4").unwrap();
        assert_eq!(e.words, vec![0xbe8000ff, 0]);
        let f = e.fixup.unwrap();
        assert_eq!(
            (f.kind, f.offset, f.symbol.as_str(), f.addend),
            (FixupKind::Rel32, 4, "foo", 4)
        );
        // A branch keeps its label fixup.
        let e = IsaEncoder.encode(p, "s_branch foo").unwrap();
        assert_eq!(e.fixup.unwrap().kind, FixupKind::SoppBranch);
    }

    #[test]
    fn finds_rel32_operands() {
        let t = "s_add_u32 s0, s0, _Z4polyfff@rel32@lo+4";
        let (r, sym, kind, add) = rel32_operand(t).unwrap();
        assert_eq!(
            (&t[r], sym, kind, add),
            ("_Z4polyfff@rel32@lo+4", "_Z4polyfff", FixupKind::Rel32Lo, 4)
        );
        let t = "s_addc_u32 s1, s1, f@rel32@hi - 12 ; x";
        let (r, sym, kind, add) = rel32_operand(t).unwrap();
        assert_eq!(
            (&t[r], sym, kind, add),
            ("f@rel32@hi - 12", "f", FixupKind::Rel32Hi, -12)
        );
        assert!(rel32_operand("s_add_u32 s0, s0, @rel32@lo").is_none());
        assert!(rel32_operand("s_add_u32 s0, s0, 4").is_none());
    }

    #[test]
    fn isa_encoder_leaves_fixups() {
        let e = IsaEncoder;
        let b = e
            .encode(Processor::Gfx942, "s_cbranch_execz .LBB0_2")
            .unwrap();
        assert_eq!(b.words.len(), 1);
        assert_eq!(b.fixup.unwrap().kind, FixupKind::SoppBranch);
        let r = e
            .encode(Processor::Gfx1100, "s_add_u32 s0, s0, f@rel32@lo+4")
            .unwrap();
        // LLVM: [0x00,0xff,0x00,0x80, literal].
        assert_eq!(r.words, vec![0x8000_ff00, 0]);
        let f = r.fixup.unwrap();
        assert_eq!(
            (f.kind, f.offset, f.symbol.as_str(), f.addend),
            (FixupKind::Rel32Lo, 4, "f", 4)
        );
    }
}
