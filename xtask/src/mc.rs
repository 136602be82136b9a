//! Batch disassembly through LLVM 22's `llvm-mc`, the generator's oracle
//! (shared with the differential tests in `silk_testsupport::llvm`).

pub use silk_testsupport::llvm::{disassemble, Decoded};

pub const LLVM_MC: &str = "/usr/lib/llvm-22/bin/llvm-mc";
