//! AMDGPU knowledge for the Silk toolchain: processors and their facts.
//!
//! This crate knows nothing about Silk source. It holds the processor model
//! (`target`) and HSA AQL dispatch packets (`aql`); later rooms (ISA tables,
//! encoder/decoder, code objects) live here too; see `DESIGN.md` for the map.

pub mod aql;
pub mod asm;
pub mod code_object;
pub mod hazard;
pub mod isa;
pub mod target;
pub mod waitcnt;

pub use target::{Generation, Processor, ProcessorInfo, Target, TargetError};
