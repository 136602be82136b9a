//! The Silk front end.

pub mod amdgpu;
pub mod ast;
pub mod check;
pub mod diag;
pub mod lexer;
pub mod parser;
pub mod program;
pub mod session;
pub mod source;
pub mod types;

pub use amdgpu::{build_source_kernel, source_kernel, KernelOp, SourceKernel};
pub use diag::{Diagnostic, Diagnostics};
pub use program::{Mode, Options, Program};
pub use session::{FileLoader, FsLoader, MemoryLoader, Session};
