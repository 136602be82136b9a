//! `libsilk_rt.a`: the runtime archive every Silk executable built with a
//! `--gpu-target` links. It exports the `silk_rt_gpu_*` C ABI (documented
//! in `docs/runtime.md`) that the Silk source of `std/gpu` is bound to,
//! over the process's [`silk_runtime::Runtime::global`].
//!
//! Silk code holds plain numbers, not Rust objects: a buffer is its
//! `(address, device_index)`, a stream its handle. The [`Buffer`] and
//! [`Stream`] objects live in tables here, keyed by those numbers, until
//! Silk closes them. A number that names nothing gives a nonzero status
//! and a `last_error` saying so.
//!
//! Every entry point is safe on any input except host addresses, which
//! must be valid for the byte counts given (as in `std::gpu`): null
//! out-pointers are ignored, and a panic never crosses the C boundary (it
//! becomes status [`status::PROVIDER`] and a `last_error`).

use silk_runtime::{check_geometry, status, Buffer, Runtime, Stream, MAX_ARGS};
use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Mutex, MutexGuard};

struct Tables {
    /// Live buffers by `(address, device_index)`.
    buffers: BTreeMap<(u64, i64), Buffer>,
    /// Live streams by handle.
    streams: BTreeMap<u64, Stream>,
    /// A failure found here before the runtime was asked (an unknown
    /// buffer, a bad name); `None` when the runtime's own last error is the
    /// most recent one.
    own_error: Option<String>,
    /// The text `silk_rt_gpu_last_error` last lent out.
    lent: String,
}

static TABLES: Mutex<Tables> = Mutex::new(Tables {
    buffers: BTreeMap::new(),
    streams: BTreeMap::new(),
    own_error: None,
    lent: String::new(),
});

fn tables() -> MutexGuard<'static, Tables> {
    // Every update of the tables is one insert or remove: a panic while the
    // lock is held leaves them consistent.
    TABLES.lock().unwrap_or_else(|e| e.into_inner())
}

fn rt() -> &'static Runtime {
    Runtime::global()
}

impl Tables {
    /// A runtime status: a failure there is now the most recent one.
    fn record(&mut self, s: i32) -> i64 {
        if s != status::OK {
            self.runtime_failed();
        }
        i64::from(s)
    }

    /// The runtime reported a failure (its last error is the latest).
    fn runtime_failed(&mut self) {
        self.own_error = None;
    }

    /// A failure found here. The runtime's rule that an unavailable
    /// provider comes first still holds.
    fn fail(&mut self, s: i32, message: impl Into<String>) -> i64 {
        if !rt().is_supported() {
            return self.record(status::UNAVAILABLE);
        }
        self.own_error = Some(message.into());
        i64::from(s)
    }

    fn buffer(&mut self, address: u64, device_index: i64) -> Result<&Buffer, i64> {
        if !self.buffers.contains_key(&(address, device_index)) {
            let message = if address == 0 {
                "invalid buffer (closed, or its allocation failed)".to_string()
            } else {
                format!("no live buffer at {address:#x} on device {device_index}")
            };
            return Err(self.fail(status::INVALID_BUFFER, message));
        }
        Ok(&self.buffers[&(address, device_index)])
    }

    fn stream(&mut self, handle: u64) -> Result<&Stream, i64> {
        if !self.streams.contains_key(&handle) {
            return Err(self.fail(
                status::INVALID_STREAM,
                format!("stream {handle} is not live; the default stream is not used instead"),
            ));
        }
        Ok(&self.streams[&handle])
    }
}

/// Runs `f` with the tables; a panic becomes `fallback` and a last error.
fn guard<T>(fallback: T, f: impl FnOnce(&mut Tables) -> T) -> T {
    match catch_unwind(AssertUnwindSafe(|| f(&mut tables()))) {
        Ok(v) => v,
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            tables().own_error = Some(format!("internal error in the Silk runtime: {what}"));
            fallback
        }
    }
}

/// Stores through an out-pointer unless it is null.
fn put<T>(p: *mut T, value: T) {
    if !p.is_null() {
        // SAFETY: a non-null out-pointer points to a writable `T` (the ABI's
        // contract); Silk does not promise alignment.
        unsafe { p.write_unaligned(value) }
    }
}

/// The kernel name `(ptr, len)` as text.
fn name<'a>(t: &mut Tables, ptr: u64, len: u64) -> Result<&'a str, i64> {
    if len == 0 {
        return Ok("");
    }
    if ptr == 0 || len > isize::MAX as u64 {
        return Err(t.fail(
            status::UNKNOWN_KERNEL,
            format!("kernel name of {len} bytes at address {ptr:#x}"),
        ));
    }
    // SAFETY: Silk passes a string's (ptr, len), readable for the call.
    let bytes = unsafe { std::slice::from_raw_parts(ptr as *const u8, len as usize) };
    std::str::from_utf8(bytes).map_err(|e| {
        t.fail(
            status::UNKNOWN_KERNEL,
            format!("kernel name is not UTF-8: {e}"),
        )
    })
}

/// The launch arguments `(ptr, count)`, copied (Silk does not promise
/// their alignment). More than the runtime takes are never read.
fn args(
    t: &mut Tables,
    kernel: &str,
    (grid, workgroup): (u64, u64),
    ptr: u64,
    count: u64,
) -> Result<Args, i64> {
    let mut a = Args {
        values: [0; MAX_ARGS],
        len: 0,
    };
    if count > MAX_ARGS as u64 {
        if check_geometry(grid, workgroup).is_err() {
            // The geometry rule comes first: the runtime says which.
            return Err(t.record(rt().launch(kernel, grid, workgroup, &[])));
        }
        return Err(t.fail(
            status::ARGUMENT_SIZE,
            format!("launch of `{kernel}`: {count} arguments, at most {MAX_ARGS}"),
        ));
    }
    if count > 0 && ptr == 0 {
        return Err(t.fail(
            status::ARGUMENT_SIZE,
            format!("launch of `{kernel}`: {count} arguments at a null address"),
        ));
    }
    for (i, v) in a.values[..count as usize].iter_mut().enumerate() {
        // SAFETY: Silk passes an array of `count` u64 values.
        *v = unsafe { (ptr as *const u64).add(i).read_unaligned() };
    }
    a.len = count as usize;
    Ok(a)
}

struct Args {
    values: [u64; MAX_ARGS],
    len: usize,
}

impl Args {
    fn get(&self) -> &[u64] {
        &self.values[..self.len]
    }
}

/// 1 when the provider opens and reports a device, else 0.
#[no_mangle]
pub extern "C" fn silk_rt_gpu_is_supported() -> i64 {
    guard(0, |t| {
        let ok = rt().is_supported();
        if !ok {
            t.runtime_failed();
        }
        i64::from(ok)
    })
}

/// Number of devices (0 when unavailable).
#[no_mangle]
pub extern "C" fn silk_rt_gpu_device_count() -> i64 {
    guard(0, |t| {
        let n = rt().device_count();
        if n == 0 {
            t.runtime_failed();
        }
        i64::from(n)
    })
}

/// The selected device, or -1.
#[no_mangle]
pub extern "C" fn silk_rt_gpu_current_device() -> i64 {
    guard(-1, |t| {
        let d = rt().current_device();
        if d < 0 {
            t.runtime_failed();
        }
        i64::from(d)
    })
}

/// Selects device `index`; a status.
#[no_mangle]
pub extern "C" fn silk_rt_gpu_select_device(index: i64) -> i64 {
    guard(i64::from(status::PROVIDER), |t| {
        match i32::try_from(index) {
            Ok(i) => t.record(rt().select_device(i)),
            Err(_) => {
                let n = rt().device_count();
                if index < 0 {
                    t.fail(
                        status::INVALID_DEVICE,
                        format!("no device {index} ({n} devices)"),
                    )
                } else {
                    t.fail(
                        status::LIMIT,
                        format!(
                            "device index {index} is beyond the limit of {} devices",
                            silk_runtime::MAX_DEVICES
                        ),
                    )
                }
            }
        }
    })
}

/// The text of the most recent failure, lent until the next call of this
/// function.
#[no_mangle]
pub extern "C" fn silk_rt_gpu_last_error(ptr: *mut u64, len: *mut u64) {
    guard((), |t| {
        t.lent = match &t.own_error {
            Some(e) => e.clone(),
            None => rt().last_error(),
        };
        put(ptr, t.lent.as_ptr() as u64);
        put(len, t.lent.len() as u64);
    })
}

/// `hip`, `emulator`, or the empty string when no provider is available.
#[no_mangle]
pub extern "C" fn silk_rt_gpu_provider_name(ptr: *mut u64, len: *mut u64) {
    guard((), |_| {
        let name: &'static str = match rt().provider_name() {
            Some("HIP") => "hip",
            Some("emulator") => "emulator",
            Some(_) | None => "",
        };
        put(ptr, name.as_ptr() as u64);
        put(len, name.len() as u64);
    })
}

/// Allocates `byte_len` bytes on the selected device: `*address` is 0 and
/// `*device_index` -1 on failure.
#[no_mangle]
pub extern "C" fn silk_rt_gpu_buffer_alloc(
    byte_len: u64,
    address: *mut u64,
    device_index: *mut i64,
) {
    put(address, 0);
    put(device_index, -1);
    guard((), |t| {
        let b = rt().alloc(byte_len);
        if !b.is_valid() {
            t.runtime_failed();
            return;
        }
        put(address, b.address());
        put(device_index, i64::from(b.device_index()));
        t.buffers
            .insert((b.address(), i64::from(b.device_index())), b);
    })
}

/// Copies `byte_count` bytes from `host_address` to the buffer's start.
#[no_mangle]
pub extern "C" fn silk_rt_gpu_buffer_upload(
    address: u64,
    device_index: i64,
    host_address: u64,
    byte_count: u64,
) -> i64 {
    copy(
        None,
        (address, device_index),
        host_address,
        byte_count,
        true,
    )
}

/// Copies `byte_count` bytes from the buffer's start to `host_address`.
#[no_mangle]
pub extern "C" fn silk_rt_gpu_buffer_download(
    address: u64,
    device_index: i64,
    host_address: u64,
    byte_count: u64,
) -> i64 {
    copy(
        None,
        (address, device_index),
        host_address,
        byte_count,
        false,
    )
}

/// Frees the buffer; it must belong to the selected device.
#[no_mangle]
pub extern "C" fn silk_rt_gpu_buffer_close(address: u64, device_index: i64) -> i64 {
    guard(i64::from(status::PROVIDER), |t| {
        if let Err(s) = t.buffer(address, device_index) {
            return s;
        }
        let key = (address, device_index);
        let Some(mut b) = t.buffers.remove(&key) else {
            return i64::from(status::PROVIDER);
        };
        let s = b.close();
        if s != status::OK {
            // Still live (e.g. another device is selected): keep it.
            t.buffers.insert(key, b);
        }
        t.record(s)
    })
}

/// Launches `name` on the selected device's default stream.
#[no_mangle]
pub extern "C" fn silk_rt_gpu_launch(
    name_ptr: u64,
    name_len: u64,
    grid: u64,
    workgroup: u64,
    args_ptr: u64,
    arg_count: u64,
) -> i64 {
    launch(
        None,
        (name_ptr, name_len),
        (grid, workgroup),
        (args_ptr, arg_count),
    )
}

/// Launches `name` on `stream` (the default stream when `None`): the name,
/// then the arguments, then the stream are checked, in that order.
fn launch(
    stream: Option<u64>,
    (name_ptr, name_len): (u64, u64),
    (grid, workgroup): (u64, u64),
    (args_ptr, arg_count): (u64, u64),
) -> i64 {
    guard(i64::from(status::PROVIDER), |t| {
        let kernel = match name(t, name_ptr, name_len) {
            Ok(k) => k,
            Err(s) => return s,
        };
        let a = match args(t, kernel, (grid, workgroup), args_ptr, arg_count) {
            Ok(a) => a,
            Err(s) => return s,
        };
        let s = match stream {
            None => rt().launch(kernel, grid, workgroup, a.get()),
            Some(h) => match t.stream(h) {
                Ok(st) => rt().launch_on(st, kernel, grid, workgroup, a.get()),
                Err(s) => return s,
            },
        };
        t.record(s)
    })
}

/// Waits for all prior work on the selected device.
#[no_mangle]
pub extern "C" fn silk_rt_gpu_synchronize() -> i64 {
    guard(i64::from(status::PROVIDER), |t| {
        let s = rt().synchronize();
        t.record(s)
    })
}

/// Creates a stream on the selected device: `*handle` is 0 and
/// `*device_index` -1 on failure.
#[no_mangle]
pub extern "C" fn silk_rt_gpu_stream_create(handle: *mut u64, device_index: *mut i64) {
    put(handle, 0);
    put(device_index, -1);
    guard((), |t| {
        let s = rt().create_stream();
        if !s.is_valid() {
            t.runtime_failed();
            return;
        }
        put(handle, s.handle());
        put(device_index, i64::from(s.device_index()));
        t.streams.insert(s.handle(), s);
    })
}

/// Waits for the work enqueued on stream `handle`.
#[no_mangle]
pub extern "C" fn silk_rt_gpu_stream_synchronize(handle: u64) -> i64 {
    guard(i64::from(status::PROVIDER), |t| {
        let s = match t.stream(handle) {
            Ok(s) => s.synchronize(),
            Err(s) => return s,
        };
        t.record(s)
    })
}

/// Destroys stream `handle`; it must belong to the selected device.
#[no_mangle]
pub extern "C" fn silk_rt_gpu_stream_close(handle: u64) -> i64 {
    guard(i64::from(status::PROVIDER), |t| {
        if let Err(s) = t.stream(handle) {
            return s;
        }
        let Some(mut stream) = t.streams.remove(&handle) else {
            return i64::from(status::PROVIDER);
        };
        let s = stream.close();
        if s != status::OK {
            t.streams.insert(handle, stream);
        }
        t.record(s)
    })
}

/// Launches `name` on stream `stream`.
#[no_mangle]
pub extern "C" fn silk_rt_gpu_launch_on(
    stream: u64,
    name_ptr: u64,
    name_len: u64,
    grid: u64,
    workgroup: u64,
    args_ptr: u64,
    arg_count: u64,
) -> i64 {
    launch(
        Some(stream),
        (name_ptr, name_len),
        (grid, workgroup),
        (args_ptr, arg_count),
    )
}

/// Enqueues a copy from `host_address` to the buffer on `stream`.
#[no_mangle]
pub extern "C" fn silk_rt_gpu_buffer_upload_on(
    stream: u64,
    address: u64,
    device_index: i64,
    host_address: u64,
    byte_count: u64,
) -> i64 {
    copy(
        Some(stream),
        (address, device_index),
        host_address,
        byte_count,
        true,
    )
}

/// Enqueues a copy from the buffer to `host_address` on `stream`.
#[no_mangle]
pub extern "C" fn silk_rt_gpu_buffer_download_on(
    stream: u64,
    address: u64,
    device_index: i64,
    host_address: u64,
    byte_count: u64,
) -> i64 {
    copy(
        Some(stream),
        (address, device_index),
        host_address,
        byte_count,
        false,
    )
}

/// A copy between host memory and the buffer `key`, on `stream` (the
/// default stream, synchronously, when `None`): the buffer, then the
/// stream are checked.
fn copy(
    stream: Option<u64>,
    key: (u64, i64),
    host_address: u64,
    byte_count: u64,
    upload: bool,
) -> i64 {
    guard(i64::from(status::PROVIDER), |t| {
        if let Err(s) = t.buffer(key.0, key.1) {
            return s;
        }
        if let Some(h) = stream {
            if let Err(s) = t.stream(h) {
                return s;
            }
        }
        let b = &t.buffers[&key];
        // SAFETY: the caller's host memory, as `std::gpu` requires; for a
        // stream copy it stays valid until the stream is synchronized.
        let s = unsafe {
            match (stream.map(|h| &t.streams[&h]), upload) {
                (None, true) => b.upload_from(host_address, byte_count),
                (None, false) => b.download_to(host_address, byte_count),
                (Some(st), true) => b.upload_from_on(st, host_address, byte_count),
                (Some(st), false) => b.download_to_on(st, host_address, byte_count),
            }
        };
        t.record(s)
    })
}
