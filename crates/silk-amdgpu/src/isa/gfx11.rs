//! Placeholder until `cargo xtask isa-tables` writes the table.
use super::table::OpInfo;
pub static OPCODES: &[OpInfo] = &[];
