//! The HIP C API: device discovery, memory, streams, events, errors and
//! modules. Every entry point checks its pointers (null is
//! `hipErrorInvalidValue`), catches panics, records failures as the
//! thread's last error and never unwinds into C.

// Each entry point's safety contract is the HIP API's: pointers valid as HIP
// documents them (null is checked).
#![allow(clippy::missing_safety_doc)]

use crate::error::{self, Error, HipResult};
use crate::state::{lock, State, DEVICE_MEMORY};
use std::cell::Cell;
use std::ffi::{c_char, c_void, CStr};
use std::time::Instant;

pub type Ptr = *mut c_void;

/// `hipMemcpyKind`.
pub const HOST_TO_HOST: i32 = 0;
pub const HOST_TO_DEVICE: i32 = 1;
pub const DEVICE_TO_HOST: i32 = 2;
pub const DEVICE_TO_DEVICE: i32 = 3;
pub const DEFAULT: i32 = 4;

/// `hipModuleLaunchKernel`'s `extra` keys (`HIP_LAUNCH_PARAM_*`).
pub const PARAM_BUFFER_POINTER: usize = 1;
pub const PARAM_BUFFER_SIZE: usize = 2;
pub const PARAM_END: usize = 3;

/// The kernel-argument limit HIP documents (4 KiB).
const MAX_ARGS_BYTES: usize = 4096;

thread_local! {
    /// `hipSetDevice` is per thread.
    static CURRENT: Cell<usize> = const { Cell::new(0) };
}

pub fn current() -> usize {
    CURRENT.try_with(|c| c.get()).unwrap_or(0)
}

/// Run an entry point: its error becomes the thread's last error and the
/// returned code; a panic is `hipErrorUnknown`, never an unwind into C.
pub fn run(f: impl FnOnce() -> HipResult<()>) -> i32 {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
        Ok(Ok(())) => 0,
        Ok(Err(e)) => {
            error::record(&e);
            e.code
        }
        Err(_) => {
            let e = Error::new(Error::UNKNOWN, "internal error in silk-hip");
            error::record(&e);
            e.code
        }
    }
}

/// Write `v` through an out-pointer, or fail when it is null.
///
/// # Safety
/// `p` is null or valid for a write of `T`.
pub unsafe fn out<T>(p: *mut T, v: T, what: &str) -> HipResult<()> {
    if p.is_null() {
        return Err(Error::null(what));
    }
    // SAFETY: non-null, and the caller guarantees validity.
    unsafe { p.write_unaligned(v) };
    Ok(())
}

/// A C string argument.
///
/// # Safety
/// `p` is null or a NUL-terminated string.
pub unsafe fn text<'a>(p: *const c_char, what: &str) -> HipResult<&'a str> {
    if p.is_null() {
        return Err(Error::null(what));
    }
    // SAFETY: the caller guarantees a NUL-terminated string.
    unsafe { CStr::from_ptr(p) }
        .to_str()
        .map_err(|_| Error::new(Error::INVALID_VALUE, format!("{what} is not UTF-8")))
}

fn devices(s: &mut State) -> HipResult<usize> {
    if s.devices.is_empty() {
        return Err(Error::no_device(s.device_error.clone()));
    }
    Ok(s.devices.len())
}

#[no_mangle]
pub extern "C" fn hipInit(_flags: u32) -> i32 {
    run(|| devices(&mut lock()).map(|_| ()))
}

#[no_mangle]
pub unsafe extern "C" fn hipDriverGetVersion(v: *mut i32) -> i32 {
    // SAFETY: out-pointer from the caller.
    run(|| unsafe { out(v, 50_221_153, "driverVersion") })
}

#[no_mangle]
pub unsafe extern "C" fn hipRuntimeGetVersion(v: *mut i32) -> i32 {
    // SAFETY: out-pointer from the caller.
    run(|| unsafe { out(v, 50_221_153, "runtimeVersion") })
}

#[no_mangle]
pub unsafe extern "C" fn hipGetDeviceCount(count: *mut i32) -> i32 {
    run(|| {
        let s = lock();
        if s.devices.is_empty() {
            // SAFETY: out-pointer from the caller.
            unsafe { out(count, 0, "count")? };
            return Err(Error::no_device(s.device_error.clone()));
        }
        // SAFETY: out-pointer from the caller.
        unsafe { out(count, s.devices.len() as i32, "count") }
    })
}

#[no_mangle]
pub extern "C" fn hipSetDevice(device: i32) -> i32 {
    run(|| {
        let n = devices(&mut lock())?;
        if device < 0 || device as usize >= n {
            return Err(Error::new(
                Error::INVALID_DEVICE,
                format!("device {device} does not exist ({n} emulated)"),
            ));
        }
        let _ = CURRENT.try_with(|c| c.set(device as usize));
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipGetDevice(device: *mut i32) -> i32 {
    run(|| {
        devices(&mut lock())?;
        // SAFETY: out-pointer from the caller.
        unsafe { out(device, current() as i32, "device") }
    })
}

/// Facts one emulated device reports.
struct Facts {
    wave: i32,
    lds: i32,
    arch_name: String,
    major: i32,
    minor: i32,
    processor: String,
}

fn facts(s: &mut State, device: i32) -> HipResult<Facts> {
    if device < 0 {
        return Err(Error::new(
            Error::INVALID_DEVICE,
            format!("device {device}"),
        ));
    }
    let d = s.device(device as usize)?;
    let info = d.processor.info();
    let name = info.name;
    // The target id HIP reports: gfx942 with its default features.
    let arch_name = if name == "gfx942" {
        "gfx942:sramecc+:xnack-".to_string()
    } else {
        name.to_string()
    };
    let digits = name.trim_start_matches("gfx");
    let (major, minor) = match digits.len() {
        3 => (
            digits[..1].parse().unwrap_or(0),
            digits[1..2].parse().unwrap_or(0),
        ),
        _ => (
            digits[..2].parse().unwrap_or(0),
            digits[2..3].parse().unwrap_or(0),
        ),
    };
    Ok(Facts {
        wave: info.default_wavefront_size as i32,
        lds: 64 * 1024,
        arch_name,
        major,
        minor,
        processor: name.to_string(),
    })
}

/// Byte offsets of the `hipDeviceProp_t` fields this library writes.
/// The fields up to `end` are written (unlisted ones zeroed); the rest
/// of the caller's structure is left alone.
pub struct PropLayout {
    pub name: usize, // char[256]
    pub total_global_mem: usize,
    pub shared_mem_per_block: usize,
    pub regs_per_block: usize,
    pub warp_size: usize,
    pub max_threads_per_block: usize,
    pub max_threads_dim: usize, // int[3]
    pub max_grid_size: usize,   // int[3]
    pub clock_rate: usize,
    pub total_const_mem: usize,
    pub major: usize,
    pub minor: usize,
    pub multi_processor_count: usize,
    pub max_threads_per_mp: usize,
    pub max_shared_per_mp: usize,
    /// `gcnArch` (an int), which ROCm 6 dropped.
    pub gcn_arch: Option<usize>,
    pub gcn_arch_name: usize, // char[256]
    pub end: usize,
}

/// ROCm 5.x `hipDeviceProp_t` (`hipDeviceProp_tR0000`, what
/// `hipGetDeviceProperties` fills): nothing past offset 652 is touched,
/// so a shorter or longer structure of another HIP version is never
/// overrun.
pub const PROP_R0000: PropLayout = PropLayout {
    name: 0,
    total_global_mem: 256,
    shared_mem_per_block: 264,
    regs_per_block: 272,
    warp_size: 276,
    max_threads_per_block: 280,
    max_threads_dim: 284,
    max_grid_size: 296,
    clock_rate: 308,
    total_const_mem: 320,
    major: 328,
    minor: 332,
    multi_processor_count: 336,
    max_threads_per_mp: 344,
    max_shared_per_mp: 376,
    gcn_arch: Some(392),
    gcn_arch_name: 396,
    end: 652,
};

/// ROCm 6 `hipDeviceProp_tR0600` (1472 bytes; what ROCm 6's headers turn
/// `hipGetDeviceProperties` into): written up to and including
/// `maxSharedMemoryPerMultiProcessor`.
pub const PROP_R0600: PropLayout = PropLayout {
    name: 0,
    total_global_mem: 288,
    shared_mem_per_block: 296,
    regs_per_block: 304,
    warp_size: 308,
    max_threads_per_block: 320,
    max_threads_dim: 324,
    max_grid_size: 336,
    clock_rate: 348,
    total_const_mem: 352,
    major: 360,
    minor: 364,
    multi_processor_count: 388,
    max_threads_per_mp: 624,
    max_shared_per_mp: 1416,
    gcn_arch: None,
    gcn_arch_name: 1160,
    end: 1424,
};

/// Fill `props` (laid out as `l`) for `device`.
///
/// # Safety
/// `props` is null or valid for `l.end` bytes.
unsafe fn device_properties(props: *mut u8, device: i32, l: &PropLayout) -> i32 {
    run(|| {
        if props.is_null() {
            return Err(Error::null("prop"));
        }
        let f = facts(&mut lock(), device)?;
        let mut b = vec![0u8; l.end];
        let mut put = |at: usize, v: &[u8]| b[at..at + v.len()].copy_from_slice(v);
        let i32s = |v: i32| v.to_le_bytes();
        put(l.name, format!("Silk emulated {}", f.processor).as_bytes());
        put(l.total_global_mem, &DEVICE_MEMORY.to_le_bytes());
        put(l.shared_mem_per_block, &(f.lds as u64).to_le_bytes());
        put(l.regs_per_block, &i32s(65536));
        put(l.warp_size, &i32s(f.wave));
        put(l.max_threads_per_block, &i32s(1024));
        for i in 0..3 {
            put(l.max_threads_dim + 4 * i, &i32s(1024));
            put(l.max_grid_size + 4 * i, &i32s(i32::MAX));
        }
        put(l.clock_rate, &i32s(1_000_000));
        put(l.total_const_mem, &DEVICE_MEMORY.to_le_bytes());
        put(l.major, &i32s(f.major));
        put(l.minor, &i32s(f.minor));
        put(l.multi_processor_count, &i32s(1));
        put(l.max_threads_per_mp, &i32s(2048));
        put(l.max_shared_per_mp, &(f.lds as u64).to_le_bytes());
        if let Some(at) = l.gcn_arch {
            put(at, &i32s(f.processor[3..].parse().unwrap_or(0)));
        }
        put(l.gcn_arch_name, f.arch_name.as_bytes());
        // SAFETY: the caller passes a structure of at least `l.end` bytes.
        unsafe { std::ptr::copy_nonoverlapping(b.as_ptr(), props, b.len()) };
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipGetDeviceProperties(props: *mut u8, device: i32) -> i32 {
    // SAFETY: the caller's hipDeviceProp_t (ROCm 5 layout).
    unsafe { device_properties(props, device, &PROP_R0000) }
}

#[no_mangle]
pub unsafe extern "C" fn hipGetDevicePropertiesR0000(props: *mut u8, device: i32) -> i32 {
    // SAFETY: the caller's hipDeviceProp_tR0000.
    unsafe { device_properties(props, device, &PROP_R0000) }
}

#[no_mangle]
pub unsafe extern "C" fn hipGetDevicePropertiesR0600(props: *mut u8, device: i32) -> i32 {
    // SAFETY: the caller's hipDeviceProp_tR0600.
    unsafe { device_properties(props, device, &PROP_R0600) }
}

/// `hipDeviceAttribute_t` values (ROCm 5.x numbering) this library answers.
pub mod attr {
    pub const CLOCK_RATE: i32 = 5;
    pub const CONCURRENT_KERNELS: i32 = 8;
    pub const INTEGRATED: i32 = 16;
    pub const L2_CACHE_SIZE: i32 = 19;
    pub const COMPUTE_CAPABILITY_MAJOR: i32 = 23;
    pub const MAX_BLOCK_DIM_X: i32 = 26;
    pub const MAX_BLOCK_DIM_Y: i32 = 27;
    pub const MAX_BLOCK_DIM_Z: i32 = 28;
    pub const MAX_GRID_DIM_X: i32 = 29;
    pub const MAX_GRID_DIM_Y: i32 = 30;
    pub const MAX_GRID_DIM_Z: i32 = 31;
    pub const MAX_THREADS_PER_BLOCK: i32 = 56;
    pub const MAX_THREADS_PER_MP: i32 = 57;
    pub const COMPUTE_CAPABILITY_MINOR: i32 = 61;
    pub const MULTIPROCESSOR_COUNT: i32 = 63;
    pub const MAX_SHARED_MEMORY_PER_BLOCK: i32 = 74;
    pub const WARP_SIZE: i32 = 87;
    pub const MAX_SHARED_MEMORY_PER_MP: i32 = 10002;
    pub const GCN_ARCH: i32 = 10003;
}

#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetAttribute(value: *mut i32, a: i32, device: i32) -> i32 {
    run(|| {
        if value.is_null() {
            return Err(Error::null("pi"));
        }
        let f = facts(&mut lock(), device)?;
        let v = match a {
            attr::CLOCK_RATE => 1_000_000,
            attr::CONCURRENT_KERNELS => 0,
            attr::INTEGRATED => 0,
            attr::L2_CACHE_SIZE => 4 << 20,
            attr::COMPUTE_CAPABILITY_MAJOR => f.major,
            attr::COMPUTE_CAPABILITY_MINOR => f.minor,
            attr::MAX_BLOCK_DIM_X | attr::MAX_BLOCK_DIM_Y | attr::MAX_BLOCK_DIM_Z => 1024,
            attr::MAX_GRID_DIM_X | attr::MAX_GRID_DIM_Y | attr::MAX_GRID_DIM_Z => i32::MAX,
            attr::MAX_THREADS_PER_BLOCK => 1024,
            attr::MAX_THREADS_PER_MP => 2048,
            attr::MULTIPROCESSOR_COUNT => 1,
            attr::MAX_SHARED_MEMORY_PER_BLOCK | attr::MAX_SHARED_MEMORY_PER_MP => f.lds,
            attr::WARP_SIZE => f.wave,
            attr::GCN_ARCH => f.processor[3..].parse().unwrap_or(0),
            other => {
                return Err(Error::new(
                    Error::INVALID_VALUE,
                    format!("device attribute {other} is not provided by the emulator"),
                ))
            }
        };
        // SAFETY: checked non-null; the caller passes an int.
        unsafe { out(value, v, "pi") }
    })
}

#[no_mangle]
pub extern "C" fn hipDeviceSynchronize() -> i32 {
    run(|| {
        let mut s = lock();
        let d = current();
        s.device(d)?;
        s.take_pending(d, None)
    })
}

#[no_mangle]
pub extern "C" fn hipDeviceReset() -> i32 {
    run(|| {
        let mut s = lock();
        let d = current();
        s.device(d)?;
        s.pending.retain(|k, _| k.0 != d);
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipMalloc(p: *mut Ptr, size: usize) -> i32 {
    run(|| {
        if p.is_null() {
            return Err(Error::null("ptr"));
        }
        let mut s = lock();
        let dev = s.device(current())?;
        if size == 0 {
            // SAFETY: checked non-null.
            return unsafe { out(p, std::ptr::null_mut(), "ptr") };
        }
        let b = dev
            .emu
            .alloc(size as u64)
            .map_err(|e| Error::new(Error::OUT_OF_MEMORY, e.to_string()))?;
        dev.allocs.insert(b.addr, b.size);
        // SAFETY: checked non-null.
        unsafe { out(p, b.addr as Ptr, "ptr") }
    })
}

#[no_mangle]
pub extern "C" fn hipFree(p: Ptr) -> i32 {
    run(|| {
        if p.is_null() {
            return Ok(());
        }
        let mut s = lock();
        let dev = s.device(current())?;
        let addr = p as u64;
        let size = dev.allocs.remove(&addr).ok_or_else(|| {
            Error::new(
                Error::INVALID_DEVICE_POINTER,
                format!("{addr:#x} is not an allocation of device {}", current()),
            )
        })?;
        dev.emu
            .free(silk_emu::Buffer { addr, size })
            .map_err(|e| Error::new(Error::INVALID_DEVICE_POINTER, e.to_string()))
    })
}

/// `hipHostMalloc`: host memory (the emulator's kernels reach only device
/// memory, so this is for staging copies).
#[no_mangle]
pub unsafe extern "C" fn hipHostMalloc(p: *mut Ptr, size: usize, _flags: u32) -> i32 {
    run(|| {
        if p.is_null() {
            return Err(Error::null("ptr"));
        }
        if size == 0 {
            // SAFETY: checked non-null.
            return unsafe { out(p, std::ptr::null_mut(), "ptr") };
        }
        let layout = std::alloc::Layout::from_size_align(size, 4096)
            .map_err(|_| Error::new(Error::OUT_OF_MEMORY, format!("{size} bytes")))?;
        // SAFETY: nonzero size.
        let m = unsafe { std::alloc::alloc_zeroed(layout) };
        if m.is_null() {
            return Err(Error::new(
                Error::OUT_OF_MEMORY,
                format!("cannot allocate {size} bytes of host memory"),
            ));
        }
        lock().host_allocs.insert(m as usize, layout);
        // SAFETY: checked non-null.
        unsafe { out(p, m as Ptr, "ptr") }
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipMallocHost(p: *mut Ptr, size: usize) -> i32 {
    // SAFETY: same contract.
    unsafe { hipHostMalloc(p, size, 0) }
}

#[no_mangle]
pub extern "C" fn hipHostFree(p: Ptr) -> i32 {
    run(|| {
        if p.is_null() {
            return Ok(());
        }
        let layout = lock().host_allocs.remove(&(p as usize)).ok_or_else(|| {
            Error::new(
                Error::INVALID_VALUE,
                format!("{p:p} is not from hipHostMalloc"),
            )
        })?;
        // SAFETY: allocated by hipHostMalloc with this layout.
        unsafe { std::alloc::dealloc(p as *mut u8, layout) };
        Ok(())
    })
}

#[no_mangle]
pub extern "C" fn hipFreeHost(p: Ptr) -> i32 {
    hipHostFree(p)
}

/// Copy `len` bytes in direction `kind` on device `d`.
///
/// # Safety
/// Host pointers must be valid for `len` bytes.
pub unsafe fn copy(
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
    s.device(d)?;
    let kind = if kind == DEFAULT {
        match (s.is_device_pointer(d, dst), s.is_device_pointer(d, src)) {
            (false, false) => HOST_TO_HOST,
            (true, false) => HOST_TO_DEVICE,
            (false, true) => DEVICE_TO_HOST,
            (true, true) => DEVICE_TO_DEVICE,
        }
    } else {
        kind
    };
    let len64 = len as u64;
    let check = |s: &State, addr: u64, what: &str| -> HipResult<()> {
        s.device_range(d, addr, len64).map(|_| ()).ok_or_else(|| {
            Error::new(
                Error::INVALID_VALUE,
                format!(
                    "{what}: {len} bytes at {addr:#x} are not inside one allocation of device {d}"
                ),
            )
        })
    };
    fn mem(s: &mut State, d: usize) -> &mut silk_emu::Memory {
        &mut s.devices[d].emu.memory
    }
    match kind {
        HOST_TO_HOST => {
            // SAFETY: the caller guarantees both host ranges.
            unsafe { std::ptr::copy(src as *const u8, dst as *mut u8, len) };
        }
        HOST_TO_DEVICE => {
            check(s, dst, "destination")?;
            // SAFETY: the caller guarantees `src` for `len` bytes.
            let bytes = unsafe { std::slice::from_raw_parts(src as *const u8, len) };
            mem(s, d).write(dst, bytes).ok_or_else(|| {
                Error::new(
                    Error::INVALID_VALUE,
                    format!("device write at {dst:#x} failed"),
                )
            })?;
        }
        DEVICE_TO_HOST => {
            check(s, src, "source")?;
            // SAFETY: the caller guarantees `dst` for `len` bytes.
            let out = unsafe { std::slice::from_raw_parts_mut(dst as *mut u8, len) };
            mem(s, d).read(src, out).ok_or_else(|| {
                Error::new(
                    Error::INVALID_VALUE,
                    format!("device read at {src:#x} failed"),
                )
            })?;
        }
        DEVICE_TO_DEVICE => {
            check(s, src, "source")?;
            check(s, dst, "destination")?;
            let mut tmp = vec![0u8; len];
            let m = mem(s, d);
            m.read(src, &mut tmp)
                .and_then(|_| m.write(dst, &tmp))
                .ok_or_else(|| Error::new(Error::INVALID_VALUE, "device copy failed"))?;
        }
        other => {
            return Err(Error::new(
                Error::INVALID_MEMCPY_DIRECTION,
                format!("hipMemcpyKind {other}"),
            ))
        }
    }
    Ok(())
}

/// Copy into or out of a global: device address `at` of a module image
/// (writable even when it is `__constant__`).
fn stream_device(s: &State, stream: Ptr) -> HipResult<usize> {
    Ok(s.stream_device(stream as u64)?.unwrap_or_else(current))
}

#[no_mangle]
pub unsafe extern "C" fn hipMemcpy(dst: Ptr, src: *const c_void, len: usize, kind: i32) -> i32 {
    run(|| {
        let mut s = lock();
        let d = current();
        s.device(d)?;
        // A blocking copy waits for the device, so it reports its faults.
        s.take_pending(d, None)?;
        // SAFETY: the caller's pointers.
        unsafe { copy(&mut s, d, dst as u64, src as u64, len, kind) }
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipMemcpyAsync(
    dst: Ptr,
    src: *const c_void,
    len: usize,
    kind: i32,
    stream: Ptr,
) -> i32 {
    run(|| {
        let mut s = lock();
        let d = stream_device(&s, stream)?;
        // The emulator is synchronous: the copy is done on return.
        // SAFETY: the caller's pointers.
        unsafe { copy(&mut s, d, dst as u64, src as u64, len, kind) }
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipMemcpyHtoD(dst: Ptr, src: *const c_void, len: usize) -> i32 {
    // SAFETY: the caller's pointers.
    unsafe { hipMemcpy(dst, src, len, HOST_TO_DEVICE) }
}

#[no_mangle]
pub unsafe extern "C" fn hipMemcpyDtoH(dst: Ptr, src: *const c_void, len: usize) -> i32 {
    // SAFETY: the caller's pointers.
    unsafe { hipMemcpy(dst, src, len, DEVICE_TO_HOST) }
}

#[no_mangle]
pub unsafe extern "C" fn hipMemcpyDtoD(dst: Ptr, src: *const c_void, len: usize) -> i32 {
    // SAFETY: device pointers are checked.
    unsafe { hipMemcpy(dst, src, len, DEVICE_TO_DEVICE) }
}

fn memset(s: &mut State, d: usize, dst: u64, value: u8, len: usize) -> HipResult<()> {
    if len == 0 {
        return Ok(());
    }
    s.device(d)?;
    s.device_range(d, dst, len as u64).ok_or_else(|| {
        Error::new(
            Error::INVALID_VALUE,
            format!("{len} bytes at {dst:#x} are not inside one allocation of device {d}"),
        )
    })?;
    s.devices[d]
        .emu
        .memory
        .write(dst, &vec![value; len])
        .ok_or_else(|| Error::new(Error::INVALID_VALUE, "device write failed"))
}

#[no_mangle]
pub extern "C" fn hipMemset(dst: Ptr, value: i32, len: usize) -> i32 {
    run(|| memset(&mut lock(), current(), dst as u64, value as u8, len))
}

#[no_mangle]
pub extern "C" fn hipMemsetAsync(dst: Ptr, value: i32, len: usize, stream: Ptr) -> i32 {
    run(|| {
        let mut s = lock();
        let d = stream_device(&s, stream)?;
        memset(&mut s, d, dst as u64, value as u8, len)
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipMemGetInfo(free: *mut usize, total: *mut usize) -> i32 {
    run(|| {
        let mut s = lock();
        let dev = s.device(current())?;
        let avail = dev.emu.memory.available() as usize;
        // SAFETY: the caller's out-pointers.
        unsafe {
            out(free, avail, "free")?;
            out(total, DEVICE_MEMORY as usize, "total")
        }
    })
}

// ---- streams and events ----

#[no_mangle]
pub unsafe extern "C" fn hipStreamCreate(stream: *mut Ptr) -> i32 {
    run(|| {
        if stream.is_null() {
            return Err(Error::null("stream"));
        }
        let mut s = lock();
        let d = current();
        s.device(d)?;
        let h = s.handle();
        s.streams.insert(h, crate::state::Stream { device: d });
        // SAFETY: checked non-null.
        unsafe { out(stream, h as Ptr, "stream") }
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipStreamCreateWithFlags(stream: *mut Ptr, _flags: u32) -> i32 {
    // SAFETY: same contract.
    unsafe { hipStreamCreate(stream) }
}

#[no_mangle]
pub extern "C" fn hipStreamDestroy(stream: Ptr) -> i32 {
    run(|| {
        let mut s = lock();
        let h = stream as u64;
        let st = s.streams.remove(&h).ok_or_else(|| {
            Error::new(
                Error::INVALID_HANDLE,
                format!("stream {h:#x} does not exist"),
            )
        })?;
        s.pending.remove(&(st.device, h));
        Ok(())
    })
}

#[no_mangle]
pub extern "C" fn hipStreamSynchronize(stream: Ptr) -> i32 {
    run(|| {
        let mut s = lock();
        let h = stream as u64;
        match s.stream_device(h)? {
            Some(d) => s.take_pending(d, Some(h)),
            // The null stream waits for the whole device.
            None => {
                let d = current();
                s.device(d)?;
                s.take_pending(d, None)
            }
        }
    })
}

#[no_mangle]
pub extern "C" fn hipStreamQuery(stream: Ptr) -> i32 {
    run(|| lock().stream_device(stream as u64).map(|_| ()))
}

#[no_mangle]
pub unsafe extern "C" fn hipEventCreate(event: *mut Ptr) -> i32 {
    run(|| {
        if event.is_null() {
            return Err(Error::null("event"));
        }
        let mut s = lock();
        let h = s.handle();
        s.events.insert(h, crate::state::Event { recorded: None });
        // SAFETY: checked non-null.
        unsafe { out(event, h as Ptr, "event") }
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipEventCreateWithFlags(event: *mut Ptr, _flags: u32) -> i32 {
    // SAFETY: same contract.
    unsafe { hipEventCreate(event) }
}

fn event(s: &mut State, e: Ptr) -> HipResult<&mut crate::state::Event> {
    let h = e as u64;
    s.events.get_mut(&h).ok_or_else(|| {
        Error::new(
            Error::INVALID_HANDLE,
            format!("event {h:#x} does not exist"),
        )
    })
}

#[no_mangle]
pub extern "C" fn hipEventRecord(e: Ptr, stream: Ptr) -> i32 {
    run(|| {
        let mut s = lock();
        s.stream_device(stream as u64)?;
        // Work before the record is done (the emulator is synchronous).
        event(&mut s, e)?.recorded = Some(Instant::now());
        Ok(())
    })
}

#[no_mangle]
pub extern "C" fn hipEventSynchronize(e: Ptr) -> i32 {
    run(|| {
        let mut s = lock();
        match event(&mut s, e)?.recorded {
            Some(_) => Ok(()),
            None => Err(Error::new(
                Error::INVALID_HANDLE,
                "the event was never recorded",
            )),
        }
    })
}

#[no_mangle]
pub extern "C" fn hipEventQuery(e: Ptr) -> i32 {
    run(|| event(&mut lock(), e).map(|_| ()))
}

#[no_mangle]
pub unsafe extern "C" fn hipEventElapsedTime(ms: *mut f32, start: Ptr, stop: Ptr) -> i32 {
    run(|| {
        let mut s = lock();
        let a = event(&mut s, start)?.recorded;
        let b = event(&mut s, stop)?.recorded;
        let (Some(a), Some(b)) = (a, b) else {
            return Err(Error::new(
                Error::INVALID_HANDLE,
                "both events must have been recorded",
            ));
        };
        let t = if b >= a {
            (b - a).as_secs_f32() * 1e3
        } else {
            -((a - b).as_secs_f32() * 1e3)
        };
        // SAFETY: the caller's out-pointer.
        unsafe { out(ms, t, "ms") }
    })
}

#[no_mangle]
pub extern "C" fn hipEventDestroy(e: Ptr) -> i32 {
    run(|| {
        let h = e as u64;
        lock().events.remove(&h).map(|_| ()).ok_or_else(|| {
            Error::new(
                Error::INVALID_HANDLE,
                format!("event {h:#x} does not exist"),
            )
        })
    })
}

// ---- errors ----

#[no_mangle]
pub extern "C" fn hipGetLastError() -> i32 {
    error::last(true)
}

#[no_mangle]
pub extern "C" fn hipPeekAtLastError() -> i32 {
    error::last(false)
}

#[no_mangle]
pub extern "C" fn hipGetErrorString(code: i32) -> *const c_char {
    error::string(code)
}

#[no_mangle]
pub extern "C" fn hipGetErrorName(code: i32) -> *const c_char {
    error::name(code).as_ptr()
}

// ---- modules ----

#[no_mangle]
pub unsafe extern "C" fn hipModuleLoadData(module: *mut Ptr, image: *const c_void) -> i32 {
    run(|| {
        if module.is_null() || image.is_null() {
            return Err(Error::null(if module.is_null() {
                "module"
            } else {
                "image"
            }));
        }
        let p = image as *const u8;
        // The image comes by pointer only: its length is in its header.
        // SAFETY: the caller passes a code object or offload bundle.
        let len = unsafe {
            if std::slice::from_raw_parts(p, 4) == b"\x7fELF" {
                elf_len(p)?
            } else {
                crate::state::bundle_len(p)?
            }
        };
        // SAFETY: the header says the image spans `len` bytes.
        let bytes = unsafe { std::slice::from_raw_parts(p, len) };
        let mut s = lock();
        let h = s.load_module(current(), bytes)?;
        // SAFETY: checked non-null.
        unsafe { out(module, h as Ptr, "module") }
    })
}

/// The extent of an ELF64 file from its header: the end of the section
/// header table or of the furthest section or segment.
///
/// # Safety
/// `p` points to a readable ELF64 header and the tables it names.
unsafe fn elf_len(p: *const u8) -> HipResult<usize> {
    // SAFETY: the caller guarantees a readable header.
    let h = unsafe { std::slice::from_raw_parts(p, 64) };
    let u64_at =
        |b: &[u8], at: usize| u64::from_le_bytes(b[at..at + 8].try_into().unwrap_or([0; 8]));
    let u16_at = |b: &[u8], at: usize| u16::from_le_bytes([b[at], b[at + 1]]) as u64;
    if h[4] != 2 || h[5] != 1 {
        return Err(Error::new(
            Error::INVALID_IMAGE,
            "not a little-endian ELF64 code object",
        ));
    }
    let (phoff, shoff) = (u64_at(h, 32), u64_at(h, 40));
    let (phnum, shentsize, shnum) = (u16_at(h, 56), u16_at(h, 58), u16_at(h, 60));
    let limit = 1u64 << 30;
    if phoff > limit || shoff > limit || shentsize < 64 && shnum > 0 {
        return Err(Error::new(
            Error::INVALID_IMAGE,
            "ELF header offsets out of range",
        ));
    }
    let mut end = 64u64.max(shoff + shnum * shentsize).max(phoff + phnum * 56);
    for i in 0..shnum {
        // SAFETY: inside the section header table the header names.
        let sh = unsafe { std::slice::from_raw_parts(p.add((shoff + i * shentsize) as usize), 64) };
        let (ty, off, size) = (u16_at(sh, 4), u64_at(sh, 24), u64_at(sh, 32));
        if ty != 8 && off <= limit && size <= limit {
            end = end.max(off + size); // SHT_NOBITS (8) holds no bytes.
        }
    }
    for i in 0..phnum {
        // SAFETY: inside the program header table.
        let ph = unsafe { std::slice::from_raw_parts(p.add((phoff + i * 56) as usize), 56) };
        let (off, filesz) = (u64_at(ph, 8), u64_at(ph, 32));
        if off <= limit && filesz <= limit {
            end = end.max(off + filesz);
        }
    }
    Ok(end as usize)
}

#[no_mangle]
pub extern "C" fn hipModuleUnload(module: Ptr) -> i32 {
    run(|| lock().unload_module(module as u64))
}

#[no_mangle]
pub unsafe extern "C" fn hipModuleGetFunction(
    f: *mut Ptr,
    module: Ptr,
    name: *const c_char,
) -> i32 {
    run(|| {
        if f.is_null() {
            return Err(Error::null("function"));
        }
        // SAFETY: the caller's string.
        let name = unsafe { text(name, "kname") }?;
        let mut s = lock();
        let mh = module as u64;
        let m = s.modules.get(&mh).ok_or_else(|| {
            Error::new(
                Error::INVALID_HANDLE,
                format!("module {mh:#x} is not loaded"),
            )
        })?;
        if !m.kernels.contains_key(name) {
            let mut names: Vec<&str> = m.kernels.keys().map(String::as_str).collect();
            names.sort_unstable();
            return Err(Error::new(
                Error::NOT_FOUND,
                format!(
                    "the module has no kernel `{name}` (kernels: {})",
                    names.join(", ")
                ),
            ));
        }
        let h = s.handle();
        s.functions.insert(
            h,
            crate::state::Function {
                module: mh,
                name: name.to_string(),
            },
        );
        // SAFETY: checked non-null.
        unsafe { out(f, h as Ptr, "function") }
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipModuleGetGlobal(
    dptr: *mut Ptr,
    bytes: *mut usize,
    module: Ptr,
    name: *const c_char,
) -> i32 {
    run(|| {
        // SAFETY: the caller's string.
        let name = unsafe { text(name, "name") }?;
        let (addr, size) = lock().global(module as u64, name)?;
        // SAFETY: either out-pointer may be null (HIP allows it).
        unsafe {
            if !dptr.is_null() {
                out(dptr, addr as Ptr, "dptr")?;
            }
            if !bytes.is_null() {
                out(bytes, size as usize, "bytes")?;
            }
        }
        Ok(())
    })
}

/// Pack arguments given as an array of pointers to each value.
///
/// # Safety
/// `params` holds a readable pointer per explicit argument of `f`.
pub unsafe fn pack_params(s: &State, f: u64, params: *const Ptr) -> HipResult<Vec<u8>> {
    let func = s.functions.get(&f).ok_or_else(|| {
        Error::new(
            Error::INVALID_HANDLE,
            format!("function {f:#x} does not exist"),
        )
    })?;
    let layout = s
        .modules
        .get(&func.module)
        .and_then(|m| m.kernels.get(&func.name))
        .ok_or_else(|| Error::new(Error::INVALID_HANDLE, "the function's module was unloaded"))?;
    let mut buf = vec![0u8; layout.explicit_size];
    if layout.args.is_empty() {
        return Ok(buf);
    }
    if params.is_null() {
        return Err(Error::new(
            Error::INVALID_VALUE,
            format!(
                "kernel `{}` takes {} arguments; none given",
                func.name,
                layout.args.len()
            ),
        ));
    }
    for (i, &(o, n)) in layout.args.iter().enumerate() {
        // SAFETY: the caller guarantees one pointer per argument.
        let p = unsafe { *params.add(i) } as *const u8;
        if p.is_null() {
            return Err(Error::new(
                Error::INVALID_VALUE,
                format!("argument {i} is null"),
            ));
        }
        // SAFETY: each pointer addresses the argument's `n` bytes.
        buf[o..o + n].copy_from_slice(unsafe { std::slice::from_raw_parts(p, n) });
    }
    Ok(buf)
}

/// Arguments from `extra`: `HIP_LAUNCH_PARAM_BUFFER_POINTER, p,
/// HIP_LAUNCH_PARAM_BUFFER_SIZE, &size, HIP_LAUNCH_PARAM_END`.
///
/// # Safety
/// `extra` is a readable key/value list ending in `HIP_LAUNCH_PARAM_END`.
unsafe fn pack_extra(extra: *const Ptr) -> HipResult<Vec<u8>> {
    let (mut buf, mut size): (*const u8, Option<usize>) = (std::ptr::null(), None);
    for i in 0..16 {
        // SAFETY: the caller guarantees the list.
        let key = unsafe { *extra.add(2 * i) } as usize;
        if key == PARAM_END {
            let Some(n) = size else {
                return Err(Error::new(
                    Error::INVALID_VALUE,
                    "extra gives no HIP_LAUNCH_PARAM_BUFFER_SIZE",
                ));
            };
            if n > MAX_ARGS_BYTES {
                return Err(Error::new(
                    Error::INVALID_VALUE,
                    format!("{n} bytes of arguments exceed {MAX_ARGS_BYTES}"),
                ));
            }
            if n > 0 && buf.is_null() {
                return Err(Error::null("HIP_LAUNCH_PARAM_BUFFER_POINTER"));
            }
            // SAFETY: the buffer holds `n` bytes.
            return Ok(if n == 0 {
                Vec::new()
            } else {
                unsafe { std::slice::from_raw_parts(buf, n) }.to_vec()
            });
        }
        // SAFETY: a value follows every key.
        let value = unsafe { *extra.add(2 * i + 1) };
        match key {
            PARAM_BUFFER_POINTER => buf = value as *const u8,
            PARAM_BUFFER_SIZE => {
                if value.is_null() {
                    return Err(Error::null("HIP_LAUNCH_PARAM_BUFFER_SIZE's value"));
                }
                // SAFETY: the value points to a size_t.
                size = Some(unsafe { *(value as *const usize) });
            }
            other => {
                return Err(Error::new(
                    Error::INVALID_VALUE,
                    format!("unknown extra key {other:#x}"),
                ))
            }
        }
    }
    Err(Error::new(
        Error::INVALID_VALUE,
        "extra has no HIP_LAUNCH_PARAM_END",
    ))
}

#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn hipModuleLaunchKernel(
    f: Ptr,
    gx: u32,
    gy: u32,
    gz: u32,
    bx: u32,
    by: u32,
    bz: u32,
    shared: u32,
    stream: Ptr,
    params: *mut Ptr,
    extra: *mut Ptr,
) -> i32 {
    run(|| {
        let mut s = lock();
        let d = stream_device(&s, stream)?;
        s.device(d)?;
        let args = if !extra.is_null() {
            if !params.is_null() {
                return Err(Error::new(
                    Error::INVALID_VALUE,
                    "both kernelParams and extra are given",
                ));
            }
            // SAFETY: the caller's list.
            unsafe { pack_extra(extra) }?
        } else {
            // SAFETY: the caller's pointers.
            unsafe { pack_params(&s, f as u64, params) }?
        };
        s.launch(
            d,
            f as u64,
            [gx, gy, gz],
            [bx, by, bz],
            shared,
            stream as u64,
            &args,
        )
    })
}
