//! Silk source kernels to code objects for C: the driver `silk build`
//! uses (`silk_driver`), for one source text per call.

use crate::bytes::SilkBytes;
use crate::ffi::{self, CapiError};
use std::ffi::c_char;

/// Compile one Silk source text to an AMDHSA code object (`.hsaco`) for
/// `target`, exactly as `silk build --kind object --target TARGET FILE`
/// does (with `--nostd` when `nostd` is true).
///
/// - `source`, `source_len`: the UTF-8 source text (not NUL-terminated;
///   `source_len` bytes are read). It is the whole root package: the
///   shipped standard library (`std/gpu/...`) can be imported unless
///   `nostd`, but file imports (`import x from "./x.slk"`) find nothing.
/// - `file_name`: the name diagnostics show for the text, e.g. `"kernel.slk"`.
/// - `target`: any accepted target spelling (`gfx942`,
///   `amdgcn-amd-amdhsa-gfx1100`, ...).
///
/// Returns the code-object bytes, to be released with `silk_bytes_free`.
/// Returns NULL when an argument is NULL, not UTF-8 or of impossible size,
/// or when the source does not compile; then `silk_last_error()` holds the
/// full diagnostics, rendered rustc-style (`error[E4001]: ...`,
/// ` --> kernel.slk:3:5`, the source line and a caret) exactly as
/// `silk build` prints them.
///
/// # Safety
/// `source` must be NULL or point to `source_len` readable bytes;
/// `file_name` and `target` must be NULL or NUL-terminated strings.
#[no_mangle]
pub unsafe extern "C" fn silk_compile_kernel(
    source: *const c_char,
    source_len: usize,
    file_name: *const c_char,
    target: *const c_char,
    nostd: bool,
) -> *mut SilkBytes {
    ffi::guard_deep(std::ptr::null_mut(), || {
        // SAFETY: the caller passes NULL or `source_len` readable bytes.
        let source = unsafe { ffi::bytes_arg("source", source.cast(), source_len) }?;
        let source = ffi::utf8_arg("source", source)?;
        // SAFETY: the caller passes NULL or NUL-terminated strings.
        let file_name = unsafe { ffi::c_str_arg("file_name", file_name) }?;
        let target = unsafe { ffi::c_str_arg("target", target) }?;
        let bytes = compile(source, file_name, target, nostd)?;
        Ok(SilkBytes::new(&bytes).into_raw())
    })
}

/// The code object for one source text, or its rendered diagnostics.
fn compile(source: &str, file_name: &str, target: &str, nostd: bool) -> Result<Vec<u8>, CapiError> {
    match silk_driver::build_sources(&[(file_name, source)], nostd, target) {
        Ok((_, built)) => Ok(built.bytes),
        Err((session, diags)) => Err(CapiError::Diagnostics(session.render(&diags))),
    }
}
