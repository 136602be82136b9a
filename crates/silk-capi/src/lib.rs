//! C ABI of the Silk toolchain, built as `libsilk.a` with its header
//! `include/silk.h` generated from this crate by cbindgen.
//!
//! Every entry point follows the same pattern (see [`ffi`]): arguments are
//! checked for NULL, alignment, UTF-8 and possible sizes before use; the
//! work runs inside `catch_unwind`, so a bug shows up as an error, never as
//! an unwind across the C boundary; failures return `false`/NULL and leave
//! their message in a thread-local slot read with [`silk_last_error`].
//! Nothing is shared between threads except immutable statics.

use std::ffi::c_char;

// Declaration order is the order of the functions in silk.h.
pub mod aql;
pub mod asm;
pub mod bytes;
pub mod compile;
pub mod ffi;
pub mod target;

pub use aql::*;
pub use asm::*;
pub use bytes::*;
pub use compile::*;
pub use ffi::{silk_last_error, CapiError};
pub use target::*;

/// `libsilk`'s version, NUL-terminated, for `silk_version()`.
const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), "\0");

/// The library version (`"0.1.0"`) as a static NUL-terminated string.
/// Never NULL; never freed.
#[no_mangle]
pub extern "C" fn silk_version() -> *const c_char {
    VERSION.as_ptr().cast()
}
