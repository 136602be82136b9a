//! `silk-kernel`: rocRoller's design (a `Command` of tensor operations
//! becomes a `KernelGraph`, graph transforms lower it, code generation
//! emits a kernel) in Rust, on the Silk toolchain: the graph lowers to
//! `silk-gpu-ir` and compiles through `silk-codegen`, and the kernel runs
//! through `silk-runtime` (HIP or the emulator).
//!
//! - [`command`]: [`Command`], its [`Operation`]s and typed
//!   [`CommandArgument`]s, and the launch-time [`CommandArguments`];
//! - [`expr`]: index expressions with evaluation times, constant folding
//!   and magic-number division by launch-time values;
//! - [`kernel_graph`]: the coordinate hypergraph and control graph, the
//!   verifier, DOT and JSON; [`translate()`] builds it from a command;
//! - [`transforms`]: one pass per lowering/optimisation, ordered in
//!   [`transforms::lower`];
//! - [`codegen`]: the lowered graph to a `silk_gpu_ir::Function`;
//! - [`kernel`]: [`CommandKernel`] (build, launch) and [`KernelArguments`].
//!
//! The design and what is supported: `docs/kernel-builder.md`.

pub mod codegen;
pub mod command;
pub mod coords;
pub mod expr;
pub mod graph;
pub mod kernel;
pub mod kernel_graph;
pub mod matrix;
pub mod recipes;
pub mod transforms;
pub mod translate;

pub use command::{
    ArgKind, ArgValue, BinaryFn, Command, CommandArgument, CommandArguments, DataType, Operation,
    Tag, UnaryFn, XOp,
};
pub use expr::{EvaluationTime, Expr};
pub use kernel::{CommandKernel, KernelArguments};
pub use kernel_graph::KernelGraph;
pub use translate::translate;

use serde::{Deserialize, Serialize};

/// The tuning parameters of a kernel (rocRoller's solution parameters).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Params {
    /// Macro tile rows and columns per workgroup (tiled kernels).
    pub macro_tile: [u32; 2],
    /// Thread tile rows and columns per work-item; divides `macro_tile`.
    pub thread_tile: [u32; 2],
    /// Depth of one K tile of a contraction.
    pub depth_k: u32,
    /// Unroll factor of the K loop (1 = none).
    pub unroll: u32,
    /// Stage contraction operands through LDS.
    pub lds: bool,
    /// Load the next K tile while computing this one (needs `lds`).
    pub prefetch: bool,
    /// Work-items per workgroup of linear kernels.
    pub workgroup_size: u32,
    /// Elements per work-item of linear kernels.
    pub elements_per_thread: u32,
    /// Merge adjacent loops of equal trip count.
    pub fuse_loops: bool,
    /// Lower the contraction to matrix instructions of this `[m, n, k]`
    /// (MFMA on gfx942: 16x16x16, 32x32x8 for f16/bf16, 16x16x4, 32x32x2
    /// for f32; WMMA 16x16x16 f16/bf16 on GFX11, wave32 or wave64);
    /// `None`: thread-tile FMA.
    pub matrix: Option<[u32; 3]>,
    /// Waves per workgroup along rows and columns (matrix instructions).
    pub waves: [u32; 2],
    /// Wave size to compile for: `None` is the processor's default (64 on
    /// gfx942, 32 on GFX11); `Some(64)` on GFX11 compiles a wave64 kernel
    /// (WMMA in its wave64 layouts).
    #[serde(default)]
    pub wavefront_size: Option<u32>,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            macro_tile: [16, 16],
            thread_tile: [2, 2],
            depth_k: 4,
            unroll: 1,
            lds: true,
            prefetch: false,
            workgroup_size: 64,
            elements_per_thread: 2,
            fuse_loops: true,
            matrix: None,
            waves: [1, 1],
            wavefront_size: None,
        }
    }
}

/// Every error of the kernel builder, with what went wrong where.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("command: {0}")]
    Command(String),
    #[error("kernel graph: {0}")]
    Graph(String),
    #[error("parameters: {0}")]
    Params(String),
    #[error("arguments: {0}")]
    Argument(String),
    #[error("serialization: {0}")]
    Serde(String),
    #[error("unsupported: {0}")]
    Unsupported(String),
    #[error("device IR: {0}")]
    Ir(#[from] silk_gpu_ir::Error),
    #[error("device IR: {0}")]
    Build(#[from] silk_gpu_ir::BuildError),
    #[error("compiling: {0}")]
    Codegen(#[from] silk_codegen::Error),
    #[error("runtime: {0}")]
    Runtime(String),
}

impl Error {
    pub(crate) fn command(m: impl Into<String>) -> Error {
        Error::Command(m.into())
    }
    pub(crate) fn graph(m: impl Into<String>) -> Error {
        Error::Graph(m.into())
    }
    pub(crate) fn argument(m: impl Into<String>) -> Error {
        Error::Argument(m.into())
    }
    pub(crate) fn serde(m: impl Into<String>) -> Error {
        Error::Serde(m.into())
    }
    pub(crate) fn unsupported(m: impl Into<String>) -> Error {
        Error::Unsupported(m.into())
    }
    pub(crate) fn params(m: impl Into<String>) -> Error {
        Error::Params(m.into())
    }
}
