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
