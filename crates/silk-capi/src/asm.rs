//! LLVM-syntax AMDGPU assembly to code objects for C: the assembler behind
//! `silk asm` (`silk_amdgpu::asm::assemble_file`).

use crate::bytes::SilkBytes;
use crate::ffi;
use silk_amdgpu::target::Target;
use std::ffi::c_char;

/// Assemble LLVM-syntax AMDGPU assembly (as `clang -S` writes it for HIP
/// kernels) into an AMDHSA code object, exactly as
/// `silk asm [--target TARGET] FILE` does.
///
/// - `text`, `text_len`: the UTF-8 assembly (not NUL-terminated;
///   `text_len` bytes are read).
/// - `file_name`: the name diagnostics show for the text, e.g. `"kernel.s"`.
/// - `target`: a processor spelling (`gfx942`, `gfx1100:xnack-`, ...), or
///   NULL to take it from the file's `.amdgcn_target`. When both are given
///   they must agree.
///
/// Returns the code-object bytes, to be released with `silk_bytes_free`.
/// Returns NULL when an argument is NULL (other than `target`), not UTF-8
/// or of impossible size, when `target` is not a supported target, or when
/// the text does not assemble; then `silk_last_error()` holds every error
/// of the file as `file:line:col: error: message`, the source line and a
/// caret, exactly as `silk asm` prints them.
///
/// # Safety
/// `text` must be NULL or point to `text_len` readable bytes; `file_name`
/// and `target` must be NULL or NUL-terminated strings.
#[no_mangle]
pub unsafe extern "C" fn silk_amdgpu_assemble(
    text: *const c_char,
    text_len: usize,
    file_name: *const c_char,
    target: *const c_char,
) -> *mut SilkBytes {
    ffi::guard_deep(std::ptr::null_mut(), || {
        // SAFETY: the caller passes NULL or `text_len` readable bytes.
        let text = unsafe { ffi::bytes_arg("text", text.cast(), text_len) }?;
        let text = ffi::utf8_arg("text", text)?;
        // SAFETY: the caller passes NULL or NUL-terminated strings.
        let file_name = unsafe { ffi::c_str_arg("file_name", file_name) }?;
        let target = if target.is_null() {
            None
        } else {
            // SAFETY: non-null, so NUL-terminated by the caller's contract.
            Some(Target::parse(unsafe { ffi::c_str_arg("target", target) }?)?)
        };
        let bytes = silk_amdgpu::asm::assemble_file(text, file_name, target)?;
        Ok(SilkBytes::new(&bytes).into_raw())
    })
}
