//! The driver behind the `silk` command, as a library so tests and
//! benchmarks can run it in process.

pub mod build;
pub mod error;
pub mod files;
pub mod input;

pub use error::Error;
