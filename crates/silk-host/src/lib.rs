//! Silk's host backend for `linux-x86_64`: host code becomes an x86-64 ELF
//! object through Cranelift, and objects become a PIE executable through
//! `libwild`, linked in this process. No C compiler, assembler or external
//! linker takes part; the system's glibc is the only thing found on disk.

mod error;
mod link;
mod object;
mod start;
mod system;

pub use error::Error;
pub use link::{link_executable, LinkInputs};
pub use object::HostObject;
pub use system::SystemLibraries;
