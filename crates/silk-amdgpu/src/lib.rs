//! AMDGPU knowledge for the Silk toolchain: processors and their facts.
//!
//! This crate knows nothing about Silk source. Later rooms (ISA tables,
//! encoder/decoder, code objects, AQL packets) live here too; see
//! `DESIGN.md` for the map.

pub mod isa;
pub mod llvm;
pub mod target;

pub use target::{Generation, Processor, ProcessorInfo, Target, TargetError};
