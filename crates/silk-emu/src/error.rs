//! The one error type of the emulator: every failure of a launch, with a
//! message a user can act on.

use std::fmt;

/// What kind of fault a kernel committed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FaultKind {
    /// A register read while a load into it is still outstanding (strict mode).
    OutstandingLoad,
    /// A register read before anything wrote it (strict mode).
    UninitializedRead,
    /// A memory access outside every allocation (or outside LDS / scratch).
    OutOfBounds,
    /// A memory access not aligned to its natural size (capped at 4 bytes).
    Unaligned,
    /// A register beyond what the kernel descriptor declares.
    RegisterLimit,
    /// The kernel ran longer than the instruction budget.
    Timeout,
    /// A documented hazard the code does not cover with wait states
    /// (strict mode; see [`crate::hazard`]).
    Hazard,
    /// Anything else the hardware would trap on (bad branch target, ...).
    Illegal,
}

/// A fault: what went wrong, where (pc, workgroup, wave, lane) and the
/// instruction that did it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    pub kind: FaultKind,
    pub message: String,
    /// Byte offset of the instruction from the kernel's entry.
    pub pc: u64,
    pub workgroup: [u32; 3],
    pub wave: u32,
    pub lane: Option<u32>,
    /// The instruction in LLVM syntax.
    pub inst: String,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (workgroup ({}, {}, {}), wave {}",
            self.message, self.workgroup[0], self.workgroup[1], self.workgroup[2], self.wave
        )?;
        if let Some(l) = self.lane {
            write!(f, ", lane {l}")?;
        }
        // A fault with no instruction (the pc left the code) names none.
        if self.inst.is_empty() {
            write!(f, ")")
        } else {
            write!(f, "): `{}`", self.inst)
        }
    }
}

/// Everything that can go wrong using the emulator.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Error {
    #[error("code object: {0}")]
    CodeObject(String),
    #[error("no kernel `{name}` in the code object (kernels: {available})")]
    NoKernel { name: String, available: String },
    #[error("code object is for {object}, the emulator was created for {emulator}")]
    WrongProcessor { object: String, emulator: String },
    #[error("argument: {0}")]
    Argument(String),
    #[error("dispatch geometry: {0}")]
    Geometry(String),
    #[error("device memory: {0}")]
    Memory(String),
    #[error("unsupported instruction `{name}` at pc {pc:#x}")]
    Unsupported { name: String, pc: u64 },
    #[error("cannot decode instruction at pc {pc:#x}: {message}")]
    Decode { pc: u64, message: String },
    #[error("fault: {0}")]
    Fault(Box<Fault>),
}

impl Error {
    /// The fault, if this error is one.
    pub fn fault(&self) -> Option<&Fault> {
        match self {
            Error::Fault(f) => Some(f),
            _ => None,
        }
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
