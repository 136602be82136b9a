//! Silk code generation: from the front end's kernel descriptions to typed
//! AMDGPU instructions ([`silk_amdgpu::isa::Inst`]), register counts, the
//! kernel ABI (descriptor settings and metadata) and code objects.
//!
//! Today it holds one path, [`source_kernel`]: the standalone AMDGPU
//! source-kernel subset (`silk build --kind object --target <amdgpu>`),
//! whose operations name physical registers. The front end (`silk-lang`)
//! produces its [`source_kernel::KernelOp`]s and knows nothing of
//! encodings; `silk-amdgpu` encodes and writes the object.

pub mod source_kernel;

use silk_amdgpu::code_object::CodeObjectError;
use silk_amdgpu::isa::EncodeError;
use silk_amdgpu::Processor;

/// Why a kernel could not be compiled. `op_index` names the
/// [`source_kernel::KernelOp`] being lowered, when there is one, so the
/// front end can point at its source.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CodegenError {
    #[error("`{op}` is not supported on {processor}")]
    Unsupported {
        op_index: usize,
        op: String,
        processor: Processor,
    },
    #[error("the {processor} opcode table has no `{name}`")]
    MissingOpcode {
        op_index: Option<usize>,
        name: &'static str,
        processor: Processor,
    },
    #[error("cannot encode `{text}` for {processor}: {source}")]
    Encode {
        op_index: Option<usize>,
        text: String,
        processor: Processor,
        source: EncodeError,
    },
    #[error("`{op}`: register tuple `{register}` must start at an even register on {processor}")]
    MisalignedTuple {
        op_index: usize,
        op: &'static str,
        register: String,
        processor: Processor,
    },
    #[error("kernel `{kernel}` has {count} parameters; at most {max} are supported")]
    TooManyParameters {
        kernel: String,
        count: usize,
        max: usize,
    },
    #[error("operation {op_index} reads parameter {param}, but the kernel has {count}")]
    NoSuchParameter {
        op_index: usize,
        param: usize,
        count: usize,
    },
    #[error("{0}")]
    CodeObject(#[from] CodeObjectError),
}

impl CodegenError {
    /// Index of the operation whose lowering failed, if any.
    pub fn op_index(&self) -> Option<usize> {
        match *self {
            CodegenError::Unsupported { op_index, .. }
            | CodegenError::NoSuchParameter { op_index, .. }
            | CodegenError::MisalignedTuple { op_index, .. } => Some(op_index),
            CodegenError::MissingOpcode { op_index, .. }
            | CodegenError::Encode { op_index, .. } => op_index,
            CodegenError::TooManyParameters { .. } | CodegenError::CodeObject(_) => None,
        }
    }
}

pub type Result<T, E = CodegenError> = std::result::Result<T, E>;
