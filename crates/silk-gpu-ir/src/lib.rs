//! `silk-gpu-ir`: the target-neutral device IR of the Silk toolchain.
//!
//! Front ends (the Silk language, the kernel builder) lower into this IR;
//! `silk-codegen` compiles it for AMDGPU. The crate knows nothing of
//! instruction encodings. It provides:
//!
//! - the IR ([`Module`], [`Function`], [`Block`], [`Inst`], [`Op`]) with
//!   typed SSA values: `bool`, `i32`/`u32`, `i64`/`u64`, `f16`, `f32`,
//!   `f64`, pointers into the global, LDS and constant address spaces,
//!   and vectors (`<4 x f32>`, `<8 x f16>`, `<4 x bf16>`) for the wave
//!   matrix operations of [`matrix`] (MFMA and WMMA);
//! - a [`FunctionBuilder`] for Rust users and front ends;
//! - a verifier ([`verify_module`]);
//! - a reference interpreter ([`run_kernel`]) that is the oracle the
//!   compiled code is tested against;
//! - the `.sir` text form ([`parse_module`], [`print_module`]); the syntax
//!   is described in the crate README;
//! - the `.sir` kernels of `tests/kernels/`, which the corpus of the
//!   dev-only `silk-testsupport` crate gives launch setups and plain-Rust
//!   references for the differential tests.
//!
//! # Control flow: a region tree
//!
//! Control flow is *structured by construction*: a function body is a
//! block; `if` owns a then-block and an else-block, `loop` owns a body
//! block; every block ends in exactly one terminator (`yield` to leave an
//! `if` arm with its results, `break`/`continue` for the innermost loop,
//! `ret`). Values flow out of regions only as `if`/`loop` results and into
//! loops only as carried values (the loop's block parameters), so SSA
//! dominance is lexical scoping and needs no dominator tree.
//!
//! We chose this over basic blocks plus a "structured form" check because
//! the AMDGPU backend needs structured control flow anyway: divergent
//! branches become EXEC-mask manipulation (`s_and_saveexec`, loop exit
//! masks), which is a direct walk over `if`/`loop` regions. With a CFG the
//! backend would first have to rediscover the structure (or structurize
//! irreducible flow), and every pass would need to preserve it. The costs
//! are small: multi-level `break` is expressed with a flag (as front ends
//! for structured languages do anyway), and `ret` may appear inside
//! regions (an early exit: lowering masks the returning lanes off until
//! the function end).
//!
//! # Semantics in brief
//!
//! Integer arithmetic wraps; shift amounts are taken modulo the bit width;
//! integer division by zero is an error (undefined on hardware). Float
//! arithmetic is IEEE 754 with round-to-nearest-even and denormals kept
//! (`div` and `sqrt` correctly rounded, compiled code included);
//! `rcp`, `exp2` and `log2` may be approximate (1 ulp) when compiled, so
//! tests compare their results with a tolerance. `f16` is computed through
//! exact software conversion. Memory accesses declare an alignment that
//! the address must honour. `barrier` must be reached by every work-item
//! of a workgroup; atomics are relaxed.

pub mod amdgpu;
pub mod builder;
pub mod eval;
pub mod interp;
pub mod ir;
pub mod matrix;
pub mod parse;
pub mod print;
pub mod samples;
pub mod types;
pub mod verify;

pub use amdgpu::AmdgpuOp;
pub use builder::{BuildError, FunctionBuilder};
pub use interp::{
    run_kernel, run_kernel_with, Arg, ExecError, Launch, Memory, RunOptions, RunStats,
};
pub use ir::{
    AtomicOp, BinOp, Block, CmpPred, Function, FunctionKind, Geometry, Inst, Insts, Module, Op,
    Operands, OperandsIter, UnOp, Value, ValueData,
};
pub use matrix::{MatrixOp, MatrixUnit, Target};
pub use parse::{parse_module, ParseError};
pub use print::{print_function, print_module};
pub use types::{AddrSpace, Dim, Elem, Type};
pub use verify::{verify_module, verify_module_for, VerifyError};

/// Every error this crate returns.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{0}")]
    Parse(#[from] ParseError),
    #[error("invalid IR: {0}")]
    Verify(#[from] VerifyError),
    #[error("{0}")]
    Build(#[from] BuildError),
    #[error("kernel failed: {0}")]
    Exec(#[from] ExecError),
}

impl Module {
    /// Parse `.sir` text (see [`parse_module`]).
    pub fn parse(file: &str, src: &str) -> Result<Module, ParseError> {
        parse_module(file, src)
    }

    /// Parse and verify.
    pub fn parse_verified(file: &str, src: &str) -> Result<Module, Error> {
        let m = parse_module(file, src)?;
        verify_module(&m)?;
        Ok(m)
    }

    /// Verify (see [`verify_module`]).
    pub fn verify(&self) -> Result<(), VerifyError> {
        verify_module(self)
    }

    /// Print as `.sir` text.
    pub fn print(&self) -> String {
        print_module(self)
    }
}
