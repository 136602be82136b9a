//! Whole-buffer disassembly for humans: one line per instruction.

use super::{decode, print};
use crate::target::Processor;
use std::fmt::Write;

/// Disassemble `code` (loaded at `address`) into lines of
/// `<address>: <instruction>`; undecodable words are listed with the
/// reason and skipped four bytes at a time.
pub fn listing(processor: Processor, code: &[u8], address: u64) -> String {
    let mut out = String::new();
    for item in decode::decode_all(processor, code) {
        match item {
            Ok((offset, inst, _)) => {
                let _ = write!(out, "{:012x}: ", address + offset as u64);
                print::print(processor, &inst, &mut out);
                out.push('\n');
            }
            Err(e) => {
                let _ = writeln!(out, "{:012x}: <{e}>", address);
            }
        }
    }
    out
}

/// One error of [`show_encoding`], with a 1-based line and column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListingError {
    pub line: usize,
    pub column: usize,
    pub message: String,
    pub source_line: String,
}

/// `llvm-mc -show-encoding` for instruction text: every instruction line
/// as `\t<canonical text>  ; encoding: [0x..,..]`. Blank lines, comments
/// (`;`, `//`, `#`) and directives are skipped; every bad line is reported
/// and the listing goes on.
pub fn show_encoding(processor: Processor, text: &str) -> (String, Vec<ListingError>) {
    let mut out = String::with_capacity(text.len() * 2);
    let mut errors = Vec::new();
    let mut words = Vec::with_capacity(4);
    for (n, raw) in text.lines().enumerate() {
        let code = raw.split(';').next().unwrap_or("");
        let code = code.split("//").next().unwrap_or("");
        let code = code.split('#').next().unwrap_or("");
        let trimmed = code.trim();
        if trimmed.is_empty() || trimmed.starts_with('.') || trimmed.ends_with(':') {
            continue;
        }
        let indent = code.len() - code.trim_start().len();
        let fail = |column: usize, message: String| ListingError {
            line: n + 1,
            column: column + 1,
            message,
            source_line: raw.to_string(),
        };
        let parsed = match super::parse::parse_inst(processor, code) {
            Ok(p) => p,
            Err(e) => {
                errors.push(fail(e.column.max(indent), e.message));
                continue;
            }
        };
        words.clear();
        if let Err(e) = super::encode::encode(processor, &parsed.inst, &mut words) {
            errors.push(fail(indent, e.to_string()));
            continue;
        }
        // llvm-mc pads the text to 40 columns before the comment.
        out.push('\t');
        let start = out.len();
        print::print(processor, &parsed.inst, &mut out);
        let width = out.len() - start;
        out.extend(std::iter::repeat_n(
            ' ',
            40usize.saturating_sub(width).max(1),
        ));
        out.push_str("; encoding: [");
        for (i, b) in words.iter().flat_map(|w| w.to_le_bytes()).enumerate() {
            if i > 0 {
                out.push(',');
            }
            const HEX: &[u8; 16] = b"0123456789abcdef";
            out.push_str("0x");
            out.push(HEX[(b >> 4) as usize] as char);
            out.push(HEX[(b & 0xf) as usize] as char);
        }
        out.push_str("]\n");
    }
    (out, errors)
}
