//! The machinery every entry point shares: the error type, the
//! thread-local last error, the unwind guard, and argument checks.
//!
//! An entry point looks like
//!
//! ```text
//! #[no_mangle]
//! pub unsafe extern "C" fn silk_thing(input: *const c_char) -> *mut SilkBytes {
//!     ffi::guard(std::ptr::null_mut(), || {
//!         let input = unsafe { ffi::c_str_arg("input", input) }?;
//!         Ok(SilkBytes::into_raw(do_thing(input)?))
//!     })
//! }
//! ```

use silk_amdgpu::aql::AqlError;
use silk_amdgpu::target::TargetError;
use std::any::Any;
use std::cell::RefCell;
use std::ffi::{c_char, CStr, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Why a C entry point failed. Its text is what `silk_last_error` returns.
#[derive(Debug, thiserror::Error)]
pub enum CapiError {
    #[error("argument `{name}` is NULL")]
    NullArgument { name: &'static str },
    #[error("argument `{name}` is misaligned: it must be aligned to {align} bytes")]
    MisalignedArgument { name: &'static str, align: usize },
    #[error("argument `{name}` is not valid UTF-8 (first invalid byte at offset {valid_up_to})")]
    NotUtf8 {
        name: &'static str,
        valid_up_to: usize,
    },
    #[error("argument `{name}` has an impossible size of {size} bytes (larger than the address space allows)")]
    ImpossibleSize { name: &'static str, size: usize },
    #[error("`{field}` is {value}; expected {expected}")]
    InvalidField {
        field: &'static str,
        value: i64,
        expected: &'static str,
    },
    #[error(transparent)]
    Aql(#[from] AqlError),
    #[error(transparent)]
    Target(#[from] TargetError),
    /// A Silk source that does not compile: its diagnostics, rendered.
    #[error("{0}")]
    Diagnostics(String),
    /// Assembly that does not assemble: every error of the file.
    #[error(transparent)]
    Assembly(#[from] silk_amdgpu::asm::Diagnostics),
    #[error("internal error in libsilk: {0} (this is a bug; please report it)")]
    Panic(String),
}

thread_local! {
    /// Message of the most recent failure on this thread.
    static LAST_ERROR: RefCell<Option<CString>> = const { RefCell::new(None) };
}

/// The longest message `silk_last_error` returns (64 KiB); a longer one
/// (diagnostics of a hostile source) is cut at a character boundary and
/// ends with a line saying how much was left out.
pub(crate) const MAX_LAST_ERROR: usize = 64 * 1024;

/// `message` cut to at most [`MAX_LAST_ERROR`] bytes.
fn capped(mut message: String) -> String {
    if message.len() <= MAX_LAST_ERROR {
        return message;
    }
    let total = message.len();
    let mut cut = MAX_LAST_ERROR - 80;
    while !message.is_char_boundary(cut) {
        cut -= 1;
    }
    message.truncate(cut);
    message.push_str(&format!(
        "\n... ({} more bytes of the message left out)\n",
        total - cut
    ));
    message
}

fn set_last_error(message: Option<String>) {
    let message = message.map(|m| {
        // Messages quote user text, which may hold NUL bytes from C.
        CString::new(capped(m.replace('\0', "\\0"))).unwrap_or_default()
    });
    // `try_with` fails only while the thread's locals are being destroyed;
    // then there is nobody left to read the message.
    let _ = LAST_ERROR.try_with(|slot| {
        if let Ok(mut slot) = slot.try_borrow_mut() {
            *slot = message;
        }
    });
}

/// Message of the most recent failed `silk_*` call on the calling thread,
/// as a NUL-terminated string, or NULL when the most recent call succeeded.
/// NUL bytes of quoted input appear as the two characters `\0`. A message
/// is at most 64 KiB: longer diagnostics are cut, ending with a line that
/// says how many bytes were left out.
/// The string stays valid until the next `silk_*` call on the same thread
/// (other than `silk_last_error` and `silk_version`); copy it to keep it.
#[no_mangle]
pub extern "C" fn silk_last_error() -> *const c_char {
    LAST_ERROR
        .try_with(|slot| match slot.try_borrow() {
            Ok(slot) => slot.as_ref().map_or(std::ptr::null(), |m| m.as_ptr()),
            Err(_) => std::ptr::null(),
        })
        .unwrap_or(std::ptr::null())
}

/// Run an entry point's body: clear the last error, catch any panic, and
/// on failure record the message and return `on_error`.
pub(crate) fn guard<T>(on_error: T, body: impl FnOnce() -> Result<T, CapiError>) -> T {
    set_last_error(None);
    let error = match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(value)) => return value,
        Ok(Err(error)) => error,
        Err(payload) => CapiError::Panic(panic_message(payload.as_ref())),
    };
    set_last_error(Some(error.to_string()));
    on_error
}

/// Stack of the thread [`guard_deep`] runs a body on: the compilers'
/// recursive passes get the room they are tested with, whatever stack the
/// calling thread has. Only touched pages are committed.
const DEEP_STACK: usize = 256 << 20;

/// [`guard`] for the entry points that parse and compile user text: the
/// body runs on a fresh thread with a [`DEEP_STACK`]-byte stack while the
/// caller waits, so a caller on a small thread stack (128 KiB is common
/// for thread pools) cannot be overflowed by deeply nested input.
pub(crate) fn guard_deep<T>(on_error: T, body: impl FnOnce() -> Result<T, CapiError>) -> T {
    /// The body, its captures (raw pointers from C) and its result are
    /// used only while the calling thread waits in `join`, as if the body
    /// ran on that thread.
    struct OnCaller<F>(F);
    // SAFETY: see above: the caller blocks in `join` until the body ends.
    unsafe impl<F> Send for OnCaller<F> {}
    let body = OnCaller(body);
    let ran = std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .name("libsilk".into())
            .stack_size(DEEP_STACK)
            .spawn_scoped(scope, move || {
                let body = body;
                OnCaller(catch_unwind(AssertUnwindSafe(body.0)))
            });
        worker.ok().map(|h| h.join().map(|r| r.0))
    });
    set_last_error(None);
    let error = match ran {
        Some(Ok(Ok(Ok(value)))) => return value,
        Some(Ok(Ok(Err(error)))) => error,
        Some(Ok(Err(payload))) | Some(Err(payload)) => {
            CapiError::Panic(panic_message(payload.as_ref()))
        }
        None => CapiError::Panic("cannot start a thread to run the call".into()),
    };
    set_last_error(Some(error.to_string()));
    on_error
}

fn panic_message(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "panic with a non-text payload".to_string()
    }
}

/// Borrow a C struct argument, checked as [`out_arg`] checks an output.
///
/// # Safety
/// `ptr` must be NULL or point to a live, initialized `T` for `'a`.
pub(crate) unsafe fn ref_arg<'a, T>(name: &'static str, ptr: *const T) -> Result<&'a T, CapiError> {
    let ptr = out_arg(name, ptr.cast_mut())?;
    // SAFETY: non-null and aligned; liveness is the caller's contract.
    Ok(unsafe { &*ptr })
}

/// Check a C output argument, returning the pointer to write through with
/// `ptr::write` (the memory may be uninitialized, so no reference is made).
pub(crate) fn out_arg<T>(name: &'static str, ptr: *mut T) -> Result<*mut T, CapiError> {
    if ptr.is_null() {
        return Err(CapiError::NullArgument { name });
    }
    if !ptr.is_aligned() {
        return Err(CapiError::MisalignedArgument {
            name,
            align: std::mem::align_of::<T>(),
        });
    }
    Ok(ptr)
}

/// Borrow a `(pointer, length)` byte buffer. NULL is an error even with
/// length 0; so is a length no allocation can have.
///
/// # Safety
/// `ptr` must be NULL or point to `len` readable bytes for `'a`.
pub(crate) unsafe fn bytes_arg<'a>(
    name: &'static str,
    ptr: *const u8,
    len: usize,
) -> Result<&'a [u8], CapiError> {
    if ptr.is_null() {
        return Err(CapiError::NullArgument { name });
    }
    if len > isize::MAX as usize || (ptr as usize).checked_add(len).is_none() {
        return Err(CapiError::ImpossibleSize { name, size: len });
    }
    // SAFETY: non-null, u8 needs no alignment, and the size fits the
    // address space; readability is the caller's contract.
    Ok(unsafe { std::slice::from_raw_parts(ptr, len) })
}

/// Borrow a NUL-terminated UTF-8 string.
///
/// # Safety
/// `ptr` must be NULL or point to a NUL-terminated string live for `'a`.
pub(crate) unsafe fn c_str_arg<'a>(
    name: &'static str,
    ptr: *const c_char,
) -> Result<&'a str, CapiError> {
    if ptr.is_null() {
        return Err(CapiError::NullArgument { name });
    }
    // SAFETY: non-null; NUL termination is the caller's contract.
    let bytes = unsafe { CStr::from_ptr(ptr) }.to_bytes();
    utf8_arg(name, bytes)
}

/// Check that argument bytes are UTF-8 text.
pub(crate) fn utf8_arg<'a>(name: &'static str, bytes: &'a [u8]) -> Result<&'a str, CapiError> {
    std::str::from_utf8(bytes).map_err(|e| CapiError::NotUtf8 {
        name,
        valid_up_to: e.valid_up_to(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn last() -> Option<String> {
        let p = silk_last_error();
        (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned())
    }

    #[test]
    fn guard_records_errors_and_clears_them_on_success() {
        let r = guard(7, || Err(CapiError::NullArgument { name: "x" }));
        assert_eq!(r, 7);
        assert_eq!(last().as_deref(), Some("argument `x` is NULL"));
        assert_eq!(guard(0, || Ok(1)), 1);
        assert_eq!(last(), None);
    }

    #[test]
    fn guard_turns_panics_into_errors() {
        let r = guard(false, || -> Result<bool, CapiError> { panic!("boom") });
        assert!(!r);
        let message = last().unwrap();
        assert!(
            message.contains("internal error in libsilk: boom"),
            "{message}"
        );
    }

    #[test]
    fn long_messages_are_capped() {
        let huge = "é".repeat(5_000_000);
        guard((), || Err(CapiError::Diagnostics(huge.clone())));
        let m = last().unwrap();
        assert!(m.len() <= MAX_LAST_ERROR, "{}", m.len());
        assert!(
            m.ends_with("more bytes of the message left out)\n"),
            "{}",
            &m[m.len() - 100..]
        );
        assert!(m.starts_with("éé"));
        // Short messages are untouched.
        guard((), || Err(CapiError::Diagnostics("short".into())));
        assert_eq!(last().as_deref(), Some("short"));
    }

    #[test]
    fn deep_guard_runs_the_body_on_a_large_stack() {
        fn recurse(n: u32) -> u32 {
            let pad = std::hint::black_box([n as u8; 1024]);
            if n == 0 {
                0
            } else {
                recurse(n - 1) + pad[0] as u32 % 2
            }
        }
        // 10,000 frames of over 1 KiB: far more than a 128 KiB thread has.
        let r = std::thread::Builder::new()
            .stack_size(128 * 1024)
            .spawn(|| guard_deep(0, || Ok(recurse(10_000))))
            .unwrap()
            .join()
            .unwrap();
        assert_eq!(r, 5_000);
        let r = guard_deep(1, || -> Result<u32, CapiError> { panic!("deep boom") });
        assert_eq!(r, 1);
        assert!(last().unwrap().contains("deep boom"));
        assert_eq!(guard_deep(0, || Ok(2)), 2);
        assert_eq!(last(), None);
    }

    #[test]
    fn nul_bytes_in_messages_are_escaped() {
        guard((), || {
            Err(CapiError::InvalidField {
                field: "a\0b",
                value: 1,
                expected: "c",
            })
        });
        assert_eq!(last().as_deref(), Some("`a\\0b` is 1; expected c"));
    }

    #[test]
    fn argument_checks() {
        unsafe {
            assert!(matches!(
                bytes_arg("b", std::ptr::null(), 0),
                Err(CapiError::NullArgument { name: "b" })
            ));
            let data = [1u8, 2, 3];
            assert_eq!(bytes_arg("b", data.as_ptr(), 3).unwrap(), &data);
            assert!(matches!(
                bytes_arg("b", data.as_ptr(), usize::MAX),
                Err(CapiError::ImpossibleSize {
                    size: usize::MAX,
                    ..
                })
            ));
            assert!(matches!(
                bytes_arg("b", data.as_ptr(), isize::MAX as usize + 1),
                Err(CapiError::ImpossibleSize { .. })
            ));
            assert!(matches!(
                c_str_arg("s", c"\xffok".as_ptr()),
                Err(CapiError::NotUtf8 { valid_up_to: 0, .. })
            ));
            assert_eq!(c_str_arg("s", c"gfx942".as_ptr()).unwrap(), "gfx942");
            let words = [0u32; 2];
            let misaligned = words.as_ptr().cast::<u8>().wrapping_add(1).cast::<u32>();
            assert!(matches!(
                ref_arg("w", misaligned),
                Err(CapiError::MisalignedArgument { align: 4, .. })
            ));
            assert!(matches!(
                out_arg("w", std::ptr::null_mut::<u32>()),
                Err(CapiError::NullArgument { name: "w" })
            ));
        }
    }
}
