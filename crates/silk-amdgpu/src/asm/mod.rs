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
    /// `sym-N`: llvm-mc makes a difference absolute, the literal holds
    /// `S + A` (`FK_Data_4`, `R_AMDGPU_ABS32`).
    Abs32,
    /// `sym@abs32@lo`: the low half of `S + A` (`FK_Data_4`,
    /// `R_AMDGPU_ABS32_LO`).
    Abs32Lo,
    /// `sym@abs32@hi`: the high half of `S + A` (`R_AMDGPU_ABS32_HI`).
    Abs32Hi,
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
/// Symbol operands come back from the parser as a [`LabelRef`]: a branch
/// target (the operand encoded as zero and patched by a
/// [`FixupKind::SoppBranch`] fixup), or a source read as a 32-bit literal
/// (`foo+4`, `sym@rel32@lo+4`, `sym@abs32@hi`) whose dword, the last one,
/// a `Rel32*`/`Abs32*` fixup fills in.
///
/// [`LabelRef`]: crate::isa::parse::LabelRef
#[derive(Clone, Copy, Debug, Default)]
pub struct IsaEncoder;

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
        use crate::isa::{encode::encode, parse::parse_inst, parse::RefKind};
        let first = out.len();
        let parsed = parse_inst(processor, text).map_err(|e| InstError {
            column: e.column,
            message: e.message,
        })?;
        encode(processor, &parsed.inst, out).map_err(|e| InstError {
            column: 0,
            message: e.to_string(),
        })?;
        let words = out.len() - first;
        Ok(parsed.label.map(|l| {
            let kind = match l.kind {
                RefKind::Branch => FixupKind::SoppBranch,
                RefKind::Rel32 => FixupKind::Rel32,
                RefKind::Abs32 => FixupKind::Abs32,
                RefKind::Rel32Lo => FixupKind::Rel32Lo,
                RefKind::Rel32Hi => FixupKind::Rel32Hi,
                RefKind::Abs32Lo => FixupKind::Abs32Lo,
                RefKind::Abs32Hi => FixupKind::Abs32Hi,
            };
            Fixup {
                kind,
                // A symbol source is the literal, the last dword.
                offset: match kind {
                    FixupKind::SoppBranch => 0,
                    _ => 4 * (words as u32).saturating_sub(1),
                },
                symbol: l.symbol,
                addend: l.addend,
            }
        }))
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
    fn parser_reads_symbol_operands() {
        use crate::isa::parse::{parse_inst, RefKind};
        let p = Processor::Gfx1100;
        let sym = |t: &str| {
            let l = parse_inst(p, t).unwrap().label.unwrap();
            (l.symbol, l.kind, l.addend, l.column)
        };
        assert_eq!(
            sym("s_mov_b32 s0, foo + 4"),
            ("foo".into(), RefKind::Rel32, 4, 14)
        );
        assert_eq!(
            sym("s_add_u32 s0, .L.tab-8, 1"),
            (".L.tab".into(), RefKind::Abs32, -8, 14)
        );
        assert_eq!(
            sym("s_mov_b32 s1, t@abs32@hi+0x10"),
            ("t".into(), RefKind::Abs32Hi, 16, 14)
        );
        assert_eq!(
            sym("s_add_u32 s0, s0, tab@rel32@lo+4"),
            ("tab".into(), RefKind::Rel32Lo, 4, 18)
        );
        assert_eq!(sym("s_branch .LBB0_2").1, RefKind::Branch);
        // Registers are no symbols; a symbol takes only a constant addend;
        // a VOP3 float source (with input modifiers) takes no symbol.
        assert!(parse_inst(p, "v_add_f32 v256, vcc_lo, src_execz").is_err());
        assert!(parse_inst(p, "s_mov_b32 s0, foo*4").is_err());
        assert!(parse_inst(p, "s_mov_b32 s0, foo-bar").is_err());
        assert!(parse_inst(p, "s_mov_b32 s0, foo@abs64").is_err());
        assert!(parse_inst(p, "v_add_f32_e64 v0, foo, v1").is_err());
        assert!(parse_inst(p, "v_add_nc_u32_e64 v0, v1, foo").is_ok());
        assert!(parse_inst(p, "s_add_u32 s0, foo, bar").is_err());
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
    fn encoder_leaves_rel32_fixups() {
        let p = Processor::Gfx942;
        let f = IsaEncoder
            .encode(p, "s_add_u32 s0, s0, _Z4polyfff@rel32@lo+4")
            .unwrap()
            .fixup
            .unwrap();
        assert_eq!(
            (f.kind, f.offset, f.symbol.as_str(), f.addend),
            (FixupKind::Rel32Lo, 4, "_Z4polyfff", 4)
        );
        let f = IsaEncoder
            .encode(p, "s_addc_u32 s1, s1, f@rel32@hi - 12")
            .unwrap()
            .fixup
            .unwrap();
        assert_eq!(
            (f.kind, f.symbol.as_str(), f.addend),
            (FixupKind::Rel32Hi, "f", -12)
        );
        let f = IsaEncoder
            .encode(p, "s_mov_b32 s0, t@abs32@lo")
            .unwrap()
            .fixup
            .unwrap();
        assert_eq!((f.kind, f.symbol.as_str()), (FixupKind::Abs32Lo, "t"));
        assert!(IsaEncoder.encode(p, "s_add_u32 s0, s0, @rel32@lo").is_err());
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
