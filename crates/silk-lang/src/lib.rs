//! The Silk front end: lexer, recovering parser, resolver, type checker,
//! and the target-independent half of the standalone AMDGPU source-kernel
//! path, which lowers a kernel to device IR (`silk-gpu-ir`). See `README.md` beside this crate for the public API, the
//! diagnostic codes and the language choices it makes.
//!
//! ```
//! use silk_lang::{amdgpu, Options, Session};
//! use silk_lang::amdgpu::AmdgpuOp;
//!
//! let mut session = Session::new(Options { nostd: true, ..Default::default() });
//! session.add_file(
//!     "kernel.slk",
//!     "ext __silk_amdgpu_v_add_f32 = fn (int, int, int) -> void;\n\
//!      export fn kernel_name () { __silk_amdgpu_v_add_f32(0, 1, 2); }\n",
//! );
//! let kernel = amdgpu::build_source_kernel(&mut session, "gfx942").unwrap();
//! assert_eq!(kernel.name, "kernel_name");
//! let add = AmdgpuOp::VAddF32 { dst: 0, src0: 1, src1: 2 };
//! assert_eq!(kernel.ops, vec![amdgpu::KernelOp::Machine(add)]);
//! let module = kernel.to_module().unwrap();
//! assert_eq!(module.functions[0].body.insts[0].op, silk_gpu_ir::Op::Amdgpu(add));
//! ```

pub mod amdgpu;
pub mod ast;
pub mod check;
pub mod device;
pub mod device_ir;
pub mod diag;
pub mod lexer;
pub mod parser;
pub mod program;
pub mod session;
pub mod source;
mod std_index;
pub mod types;

pub use amdgpu::{build_source_kernel, source_kernel, KernelOp, SourceKernel};
pub use diag::{Diagnostic, Diagnostics};
pub use program::{Mode, Options, Program};
pub use session::{
    read_source, read_source_file, FileLoader, FsLoader, MemoryLoader, Session, MAX_SOURCE_BYTES,
};
