//! `SilkBytes`: a byte buffer owned by the library and handed to C. Code
//! objects and text results are returned this way.

use crate::ffi;

/// Bytes owned by libsilk: a code object or a text result. Read them with
/// `silk_bytes_data` and `silk_bytes_len`; release them, exactly once,
/// with `silk_bytes_free`. The data is always followed by one NUL byte that
/// the length does not count, so text results can be used as C strings.
pub struct SilkBytes {
    /// The contents plus the trailing NUL.
    data: Box<[u8]>,
}

impl SilkBytes {
    pub fn new(contents: &[u8]) -> SilkBytes {
        let mut data = Vec::with_capacity(contents.len() + 1);
        data.extend_from_slice(contents);
        data.push(0);
        SilkBytes {
            data: data.into_boxed_slice(),
        }
    }

    /// The contents, without the trailing NUL.
    pub fn as_slice(&self) -> &[u8] {
        &self.data[..self.data.len() - 1]
    }

    /// Hand ownership to C; `silk_bytes_free` takes it back.
    pub fn into_raw(self) -> *mut SilkBytes {
        Box::into_raw(Box::new(self))
    }
}

/// Pointer to the first byte of `bytes` (followed by `silk_bytes_len`
/// bytes and then a NUL), valid until `silk_bytes_free(bytes)`. NULL, with
/// an error for `silk_last_error`, when `bytes` is NULL.
///
/// # Safety
/// `bytes` must be NULL or a live pointer returned by libsilk.
#[no_mangle]
pub unsafe extern "C" fn silk_bytes_data(bytes: *const SilkBytes) -> *const u8 {
    ffi::guard(std::ptr::null(), || {
        // SAFETY: the caller passes NULL or a live SilkBytes.
        let bytes = unsafe { ffi::ref_arg("bytes", bytes) }?;
        Ok(bytes.data.as_ptr())
    })
}

/// Number of bytes in `bytes`, not counting the trailing NUL. 0, with an
/// error for `silk_last_error`, when `bytes` is NULL.
///
/// # Safety
/// `bytes` must be NULL or a live pointer returned by libsilk.
#[no_mangle]
pub unsafe extern "C" fn silk_bytes_len(bytes: *const SilkBytes) -> usize {
    ffi::guard(0, || {
        // SAFETY: the caller passes NULL or a live SilkBytes.
        let bytes = unsafe { ffi::ref_arg("bytes", bytes) }?;
        Ok(bytes.as_slice().len())
    })
}

/// Release bytes returned by libsilk. NULL is a no-op, as with `free`.
/// Does not change `silk_last_error`.
///
/// # Safety
/// `bytes` must be NULL or a pointer returned by libsilk that has not been
/// freed yet.
#[no_mangle]
pub unsafe extern "C" fn silk_bytes_free(bytes: *mut SilkBytes) {
    if !bytes.is_null() {
        // SAFETY: the caller passes a pointer from `SilkBytes::into_raw`
        // that it has not freed; dropping plain bytes cannot panic.
        drop(unsafe { Box::from_raw(bytes) });
    }
}
