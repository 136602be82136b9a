//! Target names for C: check a target spelling before compiling for it.

use crate::bytes::SilkBytes;
use crate::ffi;
use silk_amdgpu::target::Target;
use std::ffi::c_char;

/// Resolve any accepted target spelling (`gfx942`, `amdgcn-amd-amdhsa-gfx1100`,
/// `gfx942:xnack-`, ...) to the target ID that code objects for it record
/// (`amdgcn-amd-amdhsa--gfx942:xnack-`), as NUL-terminated text in a
/// `SilkBytes`. Returns NULL with a message for `silk_last_error` (which
/// suggests the nearest accepted name) when `name` is NULL, not UTF-8, or
/// not a supported target.
///
/// # Safety
/// `name` must be NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn silk_amdgpu_target_id(name: *const c_char) -> *mut SilkBytes {
    ffi::guard(std::ptr::null_mut(), || {
        // SAFETY: the caller passes NULL or a NUL-terminated string.
        let name = unsafe { ffi::c_str_arg("name", name) }?;
        let target = Target::parse(name)?;
        Ok(SilkBytes::new(target.target_id().as_bytes()).into_raw())
    })
}
