//! Test support for the Silk crates, kept out of the product crates: only
//! ever a dev-dependency (and a dependency of `xtask`).
//!
//! - [`corpus`]: the device-IR kernel corpus with launch setups and
//!   plain-Rust references, run by the interpreter's and the backend's
//!   differential tests;
//! - [`matrix`]: the MFMA/WMMA tile kernels' inputs, CPU reference and
//!   result lane layout;
//! - [`llvm`]: locating LLVM 22's tools for differential tests, which skip
//!   (saying why) when it is absent.

pub mod corpus;
pub mod llvm;
pub mod matrix;
