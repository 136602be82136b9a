//! The driver behind the `silk` command, as a library so tests and
//! benchmarks can run it in process.

pub mod app;
pub mod build;
pub mod error;
pub mod files;
pub mod gpu_app;
pub mod input;

pub use error::Error;
