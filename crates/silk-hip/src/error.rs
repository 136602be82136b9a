//! HIP error codes (`hipError_t`, as ROCm's `hip_runtime_api.h` numbers
//! them), their names and strings, and the thread's last error.

use std::cell::RefCell;
use std::collections::HashMap;
use std::ffi::{c_char, CStr, CString};
use std::sync::Mutex;

/// A failed call: its HIP code and what went wrong, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub code: i32,
    pub message: String,
}

pub type HipResult<T> = Result<T, Error>;

impl Error {
    pub const SUCCESS: i32 = 0;
    pub const INVALID_VALUE: i32 = 1;
    pub const OUT_OF_MEMORY: i32 = 2;
    pub const NOT_INITIALIZED: i32 = 3;
    pub const INVALID_CONFIGURATION: i32 = 9;
    pub const INVALID_SYMBOL: i32 = 13;
    pub const INVALID_DEVICE_POINTER: i32 = 17;
    pub const INVALID_MEMCPY_DIRECTION: i32 = 21;
    pub const INVALID_DEVICE_FUNCTION: i32 = 98;
    pub const NO_DEVICE: i32 = 100;
    pub const INVALID_DEVICE: i32 = 101;
    pub const INVALID_IMAGE: i32 = 200;
    pub const NO_BINARY_FOR_GPU: i32 = 209;
    pub const INVALID_HANDLE: i32 = 400;
    pub const NOT_FOUND: i32 = 500;
    pub const NOT_READY: i32 = 600;
    pub const ILLEGAL_ADDRESS: i32 = 700;
    pub const LAUNCH_FAILURE: i32 = 719;
    pub const NOT_SUPPORTED: i32 = 801;
    pub const UNKNOWN: i32 = 999;

    pub fn new(code: i32, message: impl Into<String>) -> Error {
        Error {
            code,
            message: message.into(),
        }
    }

    pub fn no_device(why: Option<String>) -> Error {
        Error::new(
            Error::NO_DEVICE,
            why.unwrap_or_else(|| "no emulated device".into()),
        )
    }

    pub fn null(what: &str) -> Error {
        Error::new(Error::INVALID_VALUE, format!("{what} is null"))
    }
}

/// (name, description) of each code this library returns.
fn describe(code: i32) -> Option<(&'static CStr, &'static CStr)> {
    Some(match code {
        0 => (c"hipSuccess", c"no error"),
        1 => (c"hipErrorInvalidValue", c"invalid argument"),
        2 => (c"hipErrorOutOfMemory", c"out of memory"),
        3 => (c"hipErrorNotInitialized", c"initialization error"),
        9 => (
            c"hipErrorInvalidConfiguration",
            c"invalid configuration argument",
        ),
        13 => (c"hipErrorInvalidSymbol", c"invalid device symbol"),
        17 => (c"hipErrorInvalidDevicePointer", c"invalid device pointer"),
        21 => (
            c"hipErrorInvalidMemcpyDirection",
            c"invalid copy direction for memcpy",
        ),
        98 => (c"hipErrorInvalidDeviceFunction", c"invalid device function"),
        100 => (c"hipErrorNoDevice", c"no ROCm-capable device is detected"),
        101 => (c"hipErrorInvalidDevice", c"invalid device ordinal"),
        200 => (c"hipErrorInvalidImage", c"device kernel image is invalid"),
        209 => (
            c"hipErrorNoBinaryForGpu",
            c"no kernel image is available for execution on the device",
        ),
        400 => (c"hipErrorInvalidHandle", c"invalid resource handle"),
        500 => (c"hipErrorNotFound", c"named symbol not found"),
        600 => (c"hipErrorNotReady", c"device not ready"),
        700 => (
            c"hipErrorIllegalAddress",
            c"an illegal memory access was encountered",
        ),
        719 => (c"hipErrorLaunchFailure", c"unspecified launch failure"),
        801 => (c"hipErrorNotSupported", c"operation not supported"),
        999 => (c"hipErrorUnknown", c"unknown error"),
        _ => return None,
    })
}

pub fn name(code: i32) -> &'static CStr {
    describe(code).map_or(c"hipErrorUnknown", |d| d.0)
}

thread_local! {
    /// The thread's last error (`hipGetLastError` resets it) and the most
    /// recent failure with its text.
    static LAST: RefCell<(i32, Option<Error>)> = const { RefCell::new((0, None)) };
}

/// Record a failure as the thread's last error; when `SILK_HIP_LOG` is
/// set, also print it.
pub fn record(e: &Error) {
    let _ = LAST.try_with(|l| {
        let mut l = l.borrow_mut();
        l.0 = e.code;
        l.1 = Some(e.clone());
    });
    if std::env::var_os("SILK_HIP_LOG").is_some() {
        eprintln!(
            "silk-hip: {} ({}): {}",
            name(e.code).to_string_lossy(),
            e.code,
            e.message
        );
    }
}

/// `hipGetLastError` (reset) or `hipPeekAtLastError`.
pub fn last(reset: bool) -> i32 {
    LAST.try_with(|l| {
        let mut l = l.borrow_mut();
        let c = l.0;
        if reset {
            l.0 = 0;
        }
        c
    })
    .unwrap_or(0)
}

/// The thread's most recent failure with its text.
pub fn last_detail() -> Option<Error> {
    LAST.try_with(|l| l.borrow().1.clone()).ok().flatten()
}

/// Interned detailed messages: `hipGetErrorString` returns pointers that
/// must stay valid, so each distinct text is kept for the process's life
/// (at most `MAX_TEXTS`, then the code's fixed string).
static TEXTS: Mutex<Option<HashMap<String, &'static CStr>>> = Mutex::new(None);
const MAX_TEXTS: usize = 256;

/// `hipGetErrorString`: when this thread's most recent failure has this
/// code, its description with the detail (an emulator fault report names
/// pc, workgroup, wave, lane and instruction); otherwise the code's fixed
/// description.
pub fn string(code: i32) -> *const c_char {
    let fixed = describe(code).map_or(c"unknown error", |d| d.1);
    let Some(e) = last_detail().filter(|e| e.code == code) else {
        return fixed.as_ptr();
    };
    let text = format!("{}: {}", fixed.to_string_lossy(), e.message);
    let mut t = TEXTS.lock().unwrap_or_else(|p| p.into_inner());
    let map = t.get_or_insert_with(HashMap::new);
    if let Some(s) = map.get(&text) {
        return s.as_ptr();
    }
    if map.len() >= MAX_TEXTS {
        return fixed.as_ptr();
    }
    let Ok(c) = CString::new(text.replace('\0', " ")) else {
        return fixed.as_ptr();
    };
    let leaked: &'static CStr = Box::leak(c.into_boxed_c_str());
    map.insert(text, leaked);
    leaked.as_ptr()
}
