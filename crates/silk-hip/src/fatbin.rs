//! The registration ABI clang's HIP host code calls
//! (`clang-hip-support.rst`, "HIP Fat Binary Registration and
//! Unregistration"): a module constructor registers each translation
//! unit's fat binary and its kernels and variables; launches go through
//! the host stub's `__hipPushCallConfiguration` /
//! `__hipPopCallConfiguration` / `hipLaunchKernel`; an `atexit` handler
//! unregisters. Handles stay valid until unregistration; unregistering an
//! unknown or already unregistered handle is a no-op, and the state is a
//! never-dropped static, so late teardown is safe.

// Each entry point's safety contract is the HIP API's: pointers valid as HIP
// documents them (null is checked).
#![allow(clippy::missing_safety_doc)]

use crate::api::{current, out, run, text, Ptr};
use crate::error::{Error, HipResult};
use crate::state::{bundle_len, lock, FatBinary, State};
use std::cell::RefCell;
use std::collections::HashMap;
use std::ffi::{c_char, c_void};

/// `__hip_fatbin_wrapper`: magic `HIPF`, version 1, the bundle, unused.
#[repr(C)]
pub struct Wrapper {
    pub magic: u32,
    pub version: u32,
    pub binary: *const u8,
    pub unused: *const c_void,
}

/// The wrapper magic clang writes (1212764230).
pub const WRAPPER_MAGIC: u32 = 0x4849_5046;

/// `dim3`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dim3 {
    pub x: u32,
    pub y: u32,
    pub z: u32,
}

thread_local! {
    /// Configurations pushed by `<<<>>>` and popped by the host stub.
    static CONFIGS: RefCell<Vec<(Dim3, Dim3, usize, Ptr)>> = const { RefCell::new(Vec::new()) };
    /// (fat binary, device, host stub) -> function handle, so a launch
    /// through a stub finds its function without a lookup by name.
    static STUBS: RefCell<HashMap<(usize, usize), u64>> = RefCell::new(HashMap::new());
}

/// Returns null (and records the error) when the wrapper is unusable; a
/// null handle is what clang's destructor skips.
#[no_mangle]
pub unsafe extern "C" fn __hipRegisterFatBinary(wrapper: *const Wrapper) -> *mut *mut c_void {
    let mut handle = 0u64;
    run(|| {
        if wrapper.is_null() {
            return Err(Error::null("the fat binary wrapper"));
        }
        // SAFETY: clang passes its `__hip_fatbin_wrapper`.
        let w = unsafe { std::ptr::read_unaligned(wrapper) };
        if w.magic != WRAPPER_MAGIC || w.binary.is_null() {
            return Err(Error::new(
                Error::INVALID_IMAGE,
                format!(
                    "fat binary wrapper magic {:#x} (expected {WRAPPER_MAGIC:#x})",
                    w.magic
                ),
            ));
        }
        // SAFETY: the wrapper's binary is the compiler's offload bundle.
        let bytes = unsafe {
            let len = bundle_len(w.binary)?;
            std::slice::from_raw_parts(w.binary, len).to_vec()
        };
        let mut s = lock();
        handle = s.handle();
        s.fatbins.insert(
            handle,
            FatBinary {
                bundle: bytes,
                modules: HashMap::new(),
            },
        );
        Ok(())
    });
    handle as *mut *mut c_void
}

#[no_mangle]
pub extern "C" fn __hipUnregisterFatBinary(handle: *mut *mut c_void) {
    run(|| {
        let h = handle as u64;
        let mut s = lock();
        let Some(fb) = s.fatbins.remove(&h) else {
            return Ok(()); // Repeated or unknown: nothing to release.
        };
        for (_, m) in fb.modules {
            let _ = s.unload_module(m);
        }
        s.host_functions.retain(|_, v| v.0 != h);
        s.host_vars.retain(|_, v| v.0 != h);
        s.managed.retain(|v| v.fatbin != h);
        // Thread-local caches may be gone already in late teardown.
        let _ = STUBS.try_with(|c| c.borrow_mut().retain(|k, _| k.0 != h as usize));
        Ok(())
    });
}

#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn __hipRegisterFunction(
    handle: *mut *mut c_void,
    host: *const c_void,
    _device_fun: *const c_char,
    device_name: *const c_char,
    _thread_limit: u32,
    _tid: *mut c_void,
    _bid: *mut c_void,
    _block: *mut c_void,
    _grid: *mut c_void,
    _wsize: *mut i32,
) -> i32 {
    run(|| {
        // SAFETY: clang passes the kernel's mangled name.
        let name = unsafe { text(device_name, "deviceName") }?;
        if host.is_null() {
            return Err(Error::null("hostFunction"));
        }
        let mut s = lock();
        let h = registered(&s, handle)?;
        s.host_functions
            .insert(host as usize, (h, name.to_string()));
        Ok(())
    })
}

fn registered(s: &State, handle: *mut *mut c_void) -> HipResult<u64> {
    let h = handle as u64;
    if s.fatbins.contains_key(&h) {
        Ok(h)
    } else {
        Err(Error::new(
            Error::INVALID_HANDLE,
            format!("fat binary handle {h:#x} is not registered"),
        ))
    }
}

#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn __hipRegisterVar(
    handle: *mut *mut c_void,
    host: *mut c_void,
    _device_address: *const c_char,
    device_name: *const c_char,
    _ext: i32,
    size: usize,
    _constant: i32,
    _global: i32,
) {
    run(|| {
        // SAFETY: clang passes the variable's name.
        let name = unsafe { text(device_name, "deviceName") }?;
        if host.is_null() {
            return Err(Error::null("hostVar"));
        }
        let mut s = lock();
        let h = registered(&s, handle)?;
        s.host_vars
            .insert(host as usize, (h, name.to_string(), size as u64));
        Ok(())
    });
}

/// A managed variable (`__managed__`). Clang's host code reaches it through
/// the slot `*pointer` and hands over `init_value`, the host variable
/// holding its initial value; the device code has a pointer variable
/// `name` and the storage `name.managed`. The host storage is
/// `init_value` itself (the application's static, so it outlives a late
/// unregistration); a module's pointer variable is set to its
/// `name.managed` when it loads, and the emulator being synchronous, each
/// launch copies the host bytes in before the kernel runs and back after
/// (`State::launch`).
#[no_mangle]
pub unsafe extern "C" fn __hipRegisterManagedVar(
    handle: *mut c_void,
    pointer: *mut *mut c_void,
    init_value: *mut c_void,
    name: *const c_char,
    size: usize,
    _align: u32,
) {
    run(|| {
        // SAFETY: clang passes the variable's name.
        let name = unsafe { text(name, "name") }?;
        if init_value.is_null() {
            return Err(Error::null("init_value"));
        }
        let mut s = lock();
        let fatbin = registered(&s, handle as *mut *mut c_void)?;
        // SAFETY: `pointer` is clang's managed-variable slot.
        unsafe { out(pointer, init_value, "pointer") }?;
        s.register_managed(crate::state::ManagedVar {
            fatbin,
            name: name.to_string(),
            host: init_value as usize,
            size: size as u64,
        })
    });
}

#[no_mangle]
pub extern "C" fn __hipPushCallConfiguration(
    grid: Dim3,
    block: Dim3,
    shared: usize,
    stream: Ptr,
) -> i32 {
    run(|| {
        CONFIGS
            .try_with(|c| c.borrow_mut().push((grid, block, shared, stream)))
            .map_err(|_| Error::new(Error::NOT_INITIALIZED, "the thread is exiting"))
    })
}

#[no_mangle]
pub unsafe extern "C" fn __hipPopCallConfiguration(
    grid: *mut Dim3,
    block: *mut Dim3,
    shared: *mut usize,
    stream: *mut Ptr,
) -> i32 {
    run(|| {
        let c = CONFIGS
            .try_with(|c| c.borrow_mut().pop())
            .ok()
            .flatten()
            .ok_or_else(|| Error::new(52, "no call configuration was pushed"))?;
        // SAFETY: the stub's out-pointers.
        unsafe {
            out(grid, c.0, "gridDim")?;
            out(block, c.1, "blockDim")?;
            out(shared, c.2, "sharedMem")?;
            out(stream, c.3, "stream")
        }
    })
}

/// The function handle for host stub `f` on device `d`.
fn stub_function(s: &mut State, f: usize, d: usize) -> HipResult<u64> {
    let (fb, name) = s.host_functions.get(&f).cloned().ok_or_else(|| {
        Error::new(
            Error::INVALID_DEVICE_FUNCTION,
            format!("{f:#x} is not a registered kernel host stub"),
        )
    })?;
    if let Some(h) = STUBS
        .try_with(|c| c.borrow().get(&(fb as usize, f ^ (d << 56))).copied())
        .ok()
        .flatten()
    {
        if s.functions.contains_key(&h) {
            return Ok(h);
        }
    }
    let module = s.fatbin_module(fb, d)?;
    if !s
        .modules
        .get(&module)
        .is_some_and(|m| m.kernels.contains_key(&name))
    {
        return Err(Error::new(
            Error::INVALID_DEVICE_FUNCTION,
            format!("the fat binary's code object has no kernel `{name}`"),
        ));
    }
    let h = s.handle();
    s.functions
        .insert(h, crate::state::Function { module, name });
    let _ = STUBS.try_with(|c| c.borrow_mut().insert((fb as usize, f ^ (d << 56)), h));
    Ok(h)
}

#[no_mangle]
pub unsafe extern "C" fn hipLaunchKernel(
    f: *const c_void,
    grid: Dim3,
    block: Dim3,
    args: *mut Ptr,
    shared: usize,
    stream: Ptr,
) -> i32 {
    run(|| {
        let mut s = lock();
        let d = match s.stream_device(stream as u64)? {
            Some(d) => d,
            None => current(),
        };
        s.device(d)?;
        let func = stub_function(&mut s, f as usize, d)?;
        // SAFETY: the stub passes one pointer per argument.
        let packed = unsafe { crate::api::pack_params(&s, func, args) }?;
        let shared = u32::try_from(shared).map_err(|_| {
            Error::new(
                Error::INVALID_CONFIGURATION,
                format!("{shared} bytes of dynamic shared memory"),
            )
        })?;
        s.launch(
            d,
            func,
            [grid.x, grid.y, grid.z],
            [block.x, block.y, block.z],
            shared,
            stream as u64,
            &packed,
        )
    })
}

/// The device address of the variable whose host shadow is `symbol`.
fn symbol(s: &mut State, symbol: *const c_void) -> HipResult<(u64, u64)> {
    let (fb, name, _) = s
        .host_vars
        .get(&(symbol as usize))
        .cloned()
        .ok_or_else(|| {
            Error::new(
                Error::INVALID_SYMBOL,
                format!("{symbol:p} is not a registered device variable"),
            )
        })?;
    let m = s.fatbin_module(fb, current())?;
    s.global(m, &name)
}

#[no_mangle]
pub unsafe extern "C" fn hipGetSymbolAddress(dptr: *mut Ptr, sym: *const c_void) -> i32 {
    run(|| {
        let (a, _) = symbol(&mut lock(), sym)?;
        // SAFETY: the caller's out-pointer.
        unsafe { out(dptr, a as Ptr, "devPtr") }
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipGetSymbolSize(size: *mut usize, sym: *const c_void) -> i32 {
    run(|| {
        let (_, n) = symbol(&mut lock(), sym)?;
        // SAFETY: the caller's out-pointer.
        unsafe { out(size, n as usize, "size") }
    })
}

fn symbol_range(s: &mut State, sym: *const c_void, len: usize, offset: usize) -> HipResult<u64> {
    let (a, n) = symbol(s, sym)?;
    if (offset as u64)
        .checked_add(len as u64)
        .is_none_or(|e| e > n)
    {
        return Err(Error::new(
            Error::INVALID_VALUE,
            format!("{len} bytes at offset {offset} exceed the {n}-byte variable"),
        ));
    }
    Ok(a + offset as u64)
}

#[no_mangle]
pub unsafe extern "C" fn hipMemcpyToSymbol(
    sym: *const c_void,
    src: *const c_void,
    len: usize,
    offset: usize,
    kind: i32,
) -> i32 {
    run(|| {
        let mut s = lock();
        let at = symbol_range(&mut s, sym, len, offset)?;
        let kind = if kind == crate::api::DEFAULT {
            crate::api::HOST_TO_DEVICE
        } else {
            kind
        };
        let d = current();
        // SAFETY: the caller's source pointer.
        unsafe { image_copy(&mut s, d, at, src as u64, len, kind) }
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipMemcpyFromSymbol(
    dst: *mut c_void,
    sym: *const c_void,
    len: usize,
    offset: usize,
    kind: i32,
) -> i32 {
    run(|| {
        let mut s = lock();
        let at = symbol_range(&mut s, sym, len, offset)?;
        let kind = if kind == crate::api::DEFAULT {
            crate::api::DEVICE_TO_HOST
        } else {
            kind
        };
        let d = current();
        // SAFETY: the caller's destination pointer.
        unsafe { image_copy(&mut s, d, dst as u64, at, len, kind) }
    })
}

/// A copy touching a module image (globals live there, not in a
/// `hipMalloc` allocation).
///
/// # Safety
/// The host side must be valid for `len` bytes.
unsafe fn image_copy(
    s: &mut State,
    d: usize,
    dst: u64,
    src: u64,
    len: usize,
    kind: i32,
) -> HipResult<()> {
    if len == 0 {
        return Ok(());
    }
    if dst == 0 || src == 0 {
        return Err(Error::null(if dst == 0 { "dst" } else { "src" }));
    }
    let mem = &mut s.device(d)?.emu.memory;
    let fail = || Error::new(Error::INVALID_VALUE, "device variable copy failed");
    match kind {
        crate::api::HOST_TO_DEVICE => {
            // SAFETY: the caller guarantees the host source.
            let b = unsafe { std::slice::from_raw_parts(src as *const u8, len) };
            mem.write(dst, b).ok_or_else(fail)
        }
        crate::api::DEVICE_TO_HOST => {
            // SAFETY: the caller guarantees the host destination.
            let b = unsafe { std::slice::from_raw_parts_mut(dst as *mut u8, len) };
            mem.read(src, b).ok_or_else(fail)
        }
        crate::api::DEVICE_TO_DEVICE => {
            let mut t = vec![0u8; len];
            mem.read(src, &mut t)
                .and_then(|_| mem.write(dst, &t))
                .ok_or_else(fail)
        }
        other => Err(Error::new(
            Error::INVALID_MEMCPY_DIRECTION,
            format!("hipMemcpyKind {other} for a symbol copy"),
        )),
    }
}
