//! Why a kernel could not be compiled: one typed error for every pass,
//! after Cranelift's `CodegenError` and regalloc2's `RegAllocError`. The
//! messages are the user-facing text (`silk build` prints them), so each
//! variant's `Display` is written once here.

use crate::mir::File;
use silk_amdgpu::code_object::CodeObjectError;
use silk_amdgpu::isa::EncodeError;
use silk_amdgpu::target::Processor;
use silk_gpu_ir::Type;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// An operation the code generator has no lowering for: on this type,
    /// or (when `processor` is set) on this processor at all.
    #[error("{}", unsupported(op, ty, processor))]
    Unsupported {
        /// The operation, as the IR text spells it (`` `exp2` ``), or a
        /// description of the construct (`kernels returning values`).
        op: String,
        ty: Option<Type>,
        processor: Option<Processor>,
    },
    /// A register file overflowed: `needed` registers were live at once,
    /// of `limit`. SGPRs are spilled to VGPR lanes first; VGPR spilling
    /// (to scratch memory) is not implemented.
    #[error("{}", budget(*file, *limit))]
    RegisterBudget { file: File, needed: u32, limit: u32 },
    /// The machine IR verifier rejected the output of `pass`.
    #[error(
        "internal compiler error: machine IR invalid after {pass}: bb{block}: `{inst}`: {problem}"
    )]
    Verifier {
        pass: String,
        block: u32,
        /// The offending instruction, printed.
        inst: String,
        problem: String,
    },
    /// A precoloured register tuple does not start where the processor
    /// requires.
    #[error("`{op}`: register tuple `{register}` must start at an even register on {processor}")]
    MisalignedTuple {
        op: &'static str,
        register: String,
        processor: Processor,
    },
    /// An instruction the encoder rejects (a selection bug or a value out
    /// of an operand's range).
    #[error("internal compiler error: cannot encode `{text}`: {source}")]
    Encode {
        text: String,
        processor: Processor,
        source: EncodeError,
    },
    /// Instruction selection asked for an opcode the processor's table lacks.
    #[error(
        "internal compiler error: no opcode `{name}` on {processor} (instruction selection bug)"
    )]
    MissingOpcode { name: String, processor: Processor },
    /// A pass broke an invariant of its own (a compiler bug).
    #[error("internal compiler error: {what}")]
    Invariant { pass: &'static str, what: String },
    /// The error `source` arose compiling kernel `kernel`.
    #[error("{source} (in kernel @{kernel})")]
    InKernel { kernel: String, source: Box<Error> },
    #[error("{0}")]
    Ir(#[from] silk_gpu_ir::Error),
    #[error("code object: {0}")]
    CodeObject(#[from] CodeObjectError),
}

fn unsupported(op: &str, ty: &Option<Type>, processor: &Option<Processor>) -> String {
    match (ty, processor) {
        (_, Some(p)) => format!("`{op}` is not supported on {p}"),
        (Some(t), None) => format!("not supported yet: {op} on {t}"),
        (None, None) => format!("not supported yet: {op}"),
    }
}

fn budget(file: File, limit: u32) -> String {
    match file {
        File::Sgpr => format!(
            "the kernel needs more than {limit} SGPRs at once, even with SGPRs spilled to VGPR lanes"
        ),
        File::Vgpr => format!(
            "the kernel needs more than {limit} VGPRs at once; spilling VGPRs is not implemented yet"
        ),
    }
}

impl Error {
    /// The error without the kernel it arose in.
    pub fn without_context(&self) -> &Error {
        match self {
            Error::InKernel { source, .. } => source.without_context(),
            e => e,
        }
    }

    /// `Unsupported` for a construct, with no type or processor.
    pub fn unsupported(op: impl Into<String>) -> Error {
        Error::Unsupported {
            op: op.into(),
            ty: None,
            processor: None,
        }
    }

    /// `Unsupported` for an operation on a type.
    pub fn unsupported_on(op: impl Into<String>, ty: Type) -> Error {
        Error::Unsupported {
            op: op.into(),
            ty: Some(ty),
            processor: None,
        }
    }

    /// An invariant of `pass` broken.
    pub fn invariant(pass: &'static str, what: impl Into<String>) -> Error {
        Error::Invariant {
            pass,
            what: what.into(),
        }
    }
}

/// Results of the code generator.
pub type Result<T, E = Error> = std::result::Result<T, E>;
