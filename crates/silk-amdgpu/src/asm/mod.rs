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
//! (`.set x, max(...)`), fixups (branches, `sym@rel32@lo/hi`) and the
//! object layout (through [`crate::code_object`]). What it does not own:
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
}

/// The product's encoder: `silk_amdgpu::isa::parse::parse_inst` then
/// `silk_amdgpu::isa::encode::encode`.
///
/// WAITING ON THE INSTRUCTION LAYER: until `isa::parse` and `isa::encode`
/// land, this reports that instructions cannot be encoded yet. Wiring it
/// up is this one function body: parse, turn `ParsedInst::label` (operand
/// index, symbol, addend, `@rel32@lo/hi` or branch) into a [`Fixup`] whose
/// `offset` is the byte offset of that operand's field (0 for SOPP
/// branches, the literal dword's offset for `@rel32`), encode with the
/// field zero, return the words.
#[derive(Clone, Copy, Debug, Default)]
pub struct IsaEncoder;

impl InstructionEncoder for IsaEncoder {
    fn encode(&self, _processor: Processor, _text: &str) -> Result<EncodedInst, InstError> {
        Err(InstError {
            column: 0,
            message: "instruction encoding is not available yet: silk asm waits on the \
                      silk_amdgpu::isa parser and encoder"
                .into(),
        })
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
            source_line: text.lines().next().unwrap_or_default().to_string(),
        }])
    })
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
