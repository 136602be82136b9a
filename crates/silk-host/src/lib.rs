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
