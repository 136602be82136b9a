//! Silk's host backend for `linux-x86_64`: host code becomes an x86-64 ELF
//! object through Cranelift, and objects become a PIE executable through
//! `libwild`, linked in this process. No C compiler, assembler or external
//! linker takes part; the system's glibc is the only thing found on disk.
//!
//! Programs that launch GPU kernels also link the runtime archive
//! ([`runtime_archive`], `libsilk_rt.a`: the `silk_rt_gpu_*` C ABI of
//! `docs/runtime.md`), which this crate's build script builds and embeds.

mod archive;
mod error;
mod link;
pub mod lower;
mod object;
mod runtime;
mod start;
mod system;

pub use archive::strip_debug;
pub use error::Error;
pub use link::{link_executable, LinkInputs};
pub use object::HostObject;
pub use runtime::{runtime_archive, write_runtime_archive, RUNTIME_ARCHIVE_NAME};
pub use system::SystemLibraries;

pub use lower::{Entry, TRAP_STATUS};

use std::path::{Path, PathBuf};

/// Why building an executable failed.
#[derive(Debug)]
pub enum BuildError {
    /// Located errors in the program (render them with the session).
    Diagnostics(silk_lang::Diagnostics),
    /// The object could not be written or linked.
    Host(Error),
}

impl From<Error> for BuildError {
    fn from(e: Error) -> BuildError {
        BuildError::Host(e)
    }
}

/// Compiles the host code of a checked program and links it into the
/// executable `output`, with `archives` (the Silk runtime for GPU builds).
pub fn build_executable(
    program: &silk_lang::Program,
    sources: &silk_lang::source::SourceMap,
    entry: Entry,
    archives: &[PathBuf],
    output: &Path,
) -> Result<(), BuildError> {
    let object = lower::compile(program, sources, entry).map_err(BuildError::Diagnostics)?;
    let mut obj_path = output.as_os_str().to_owned();
    obj_path.push(".o");
    let obj_path = PathBuf::from(obj_path);
    std::fs::write(&obj_path, &object).map_err(|source| Error::Io {
        path: obj_path.clone(),
        source,
    })?;
    let inputs = LinkInputs {
        objects: vec![obj_path.clone()],
        archives: archives.to_vec(),
    };
    let linked = SystemLibraries::find().and_then(|sys| link_executable(&inputs, &sys, output));
    let _ = std::fs::remove_file(&obj_path);
    linked?;
    Ok(())
}
