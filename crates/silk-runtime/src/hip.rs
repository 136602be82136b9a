//! The HIP provider: `libamdhip64` opened with `dlopen` at first use,
//! resolving only the entry points below, with signatures declared here
//! (no ROCm is needed to build). Failing to find the library, any one
//! symbol, a failing `hipInit` and zero devices each make the provider
//! unavailable with a message that says which.

use crate::bundle::Entry;
use crate::provider::{Provider, ProviderError, ProviderResult};
use crate::status;
use libloading::Library;
use std::ffi::{c_char, c_void, CStr};
use std::fmt;
use std::mem::ManuallyDrop;
use std::path::{Path, PathBuf};

/// Names tried, in order, when `SILK_HIP_LIBRARY` does not name one.
pub const LIBRARY_NAMES: [&str; 3] = ["libamdhip64.so", "libamdhip64.so.6", "libamdhip64.so.5"];

/// The entry points the provider resolves, in resolution order.
pub const SYMBOLS: [&str; 16] = [
    "hipInit",
    "hipGetDeviceCount",
    "hipSetDevice",
    "hipGetDeviceProperties",
    "hipMalloc",
    "hipFree",
    "hipMemcpy",
    "hipMemcpyAsync",
    "hipStreamCreate",
    "hipStreamSynchronize",
    "hipStreamDestroy",
    "hipDeviceSynchronize",
    "hipModuleLoadData",
    "hipModuleGetFunction",
    "hipModuleLaunchKernel",
    "hipGetErrorString",
];

// `hipMemcpyKind` values (hip_runtime_api.h).
const HOST_TO_DEVICE: i32 = 1;
const DEVICE_TO_HOST: i32 = 2;
// `hipModuleLaunchKernel` `extra` keys (hip_runtime_api.h):
// HIP_LAUNCH_PARAM_BUFFER_POINTER, _BUFFER_SIZE, _END.
const PARAM_BUFFER_POINTER: usize = 1;
const PARAM_BUFFER_SIZE: usize = 2;
const PARAM_END: usize = 3;
/// Room for `hipDeviceProp_t` of any HIP version (it is under 2 KiB).
const DEVICE_PROP_BYTES: usize = 16 * 1024;

type Ptr = *mut c_void;

struct Api {
    init: unsafe extern "C" fn(u32) -> i32,
    get_device_count: unsafe extern "C" fn(*mut i32) -> i32,
    set_device: unsafe extern "C" fn(i32) -> i32,
    get_device_properties: unsafe extern "C" fn(*mut u8, i32) -> i32,
    malloc: unsafe extern "C" fn(*mut Ptr, usize) -> i32,
    free: unsafe extern "C" fn(Ptr) -> i32,
    memcpy: unsafe extern "C" fn(Ptr, *const c_void, usize, i32) -> i32,
    memcpy_async: unsafe extern "C" fn(Ptr, *const c_void, usize, i32, Ptr) -> i32,
    stream_create: unsafe extern "C" fn(*mut Ptr) -> i32,
    stream_synchronize: unsafe extern "C" fn(Ptr) -> i32,
    stream_destroy: unsafe extern "C" fn(Ptr) -> i32,
    device_synchronize: unsafe extern "C" fn() -> i32,
    module_load_data: unsafe extern "C" fn(*mut Ptr, *const c_void) -> i32,
    module_get_function: unsafe extern "C" fn(*mut Ptr, Ptr, *const c_char) -> i32,
    #[allow(clippy::type_complexity)]
    module_launch_kernel: unsafe extern "C" fn(
        Ptr,
        u32,
        u32,
        u32,
        u32,
        u32,
        u32,
        u32,
        Ptr,
        *mut Ptr,
        *mut Ptr,
    ) -> i32,
    get_error_string: unsafe extern "C" fn(i32) -> *const c_char,
}

/// Why HIP is unavailable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HipUnavailable {
    /// No candidate library could be opened: each name with its error.
    Library { tried: Vec<(String, String)> },
    /// The library lacks an entry point.
    Symbol { library: String, symbol: String },
    /// `hipInit(0)` failed.
    Init { code: i32, message: String },
    /// `hipGetDeviceCount` failed.
    DeviceCount { code: i32, message: String },
    /// HIP works but reports no device.
    NoDevice,
}

impl fmt::Display for HipUnavailable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HipUnavailable::Library { tried } => {
                write!(f, "HIP is unavailable: cannot open the HIP library (")?;
                for (i, (name, e)) in tried.iter().enumerate() {
                    if i > 0 {
                        write!(f, "; ")?;
                    }
                    write!(f, "{name}: {e}")?;
                }
                write!(f, ")")
            }
            HipUnavailable::Symbol { library, symbol } => write!(
                f,
                "HIP is unavailable: `{library}` has no symbol `{symbol}`"
            ),
            HipUnavailable::Init { code, message } => {
                write!(f, "HIP is unavailable: hipInit failed: {message} ({code})")
            }
            HipUnavailable::DeviceCount { code, message } => write!(
                f,
                "HIP is unavailable: hipGetDeviceCount failed: {message} ({code})"
            ),
            HipUnavailable::NoDevice => write!(f, "HIP is unavailable: no HIP device"),
        }
    }
}

impl std::error::Error for HipUnavailable {}

/// A loaded and initialized HIP with at least one device.
pub struct HipProvider {
    api: Api,
    /// Never unloaded: HIP keeps threads and handlers that outlive a dlclose.
    _library: ManuallyDrop<Library>,
    library: String,
    devices: usize,
    processors: Vec<Option<String>>,
}

// SAFETY: HIP's API is thread-safe; the runtime serializes every call
// through its mutex anyway, and the raw pointers are handles owned by HIP.
unsafe impl Send for HipProvider {}

/// The library the provider would open: `SILK_HIP_LIBRARY` or the names
/// of [`LIBRARY_NAMES`].
fn candidates(path: Option<&Path>) -> Vec<PathBuf> {
    match path {
        Some(p) => vec![p.to_path_buf()],
        None => LIBRARY_NAMES.iter().map(PathBuf::from).collect(),
    }
}

/// Open HIP (at `path`, or by the usual names), resolve every symbol and
/// initialize it.
pub fn open(path: Option<&Path>) -> Result<HipProvider, HipUnavailable> {
    let mut tried = Vec::new();
    let mut found = None;
    for c in candidates(path) {
        // SAFETY: loading a library runs its initializers; HIP's are the
        // reason to load it. Nothing else is assumed about it.
        match unsafe { Library::new(&c) } {
            Ok(lib) => {
                found = Some((lib, c.display().to_string()));
                break;
            }
            Err(e) => tried.push((c.display().to_string(), e.to_string())),
        }
    }
    let (lib, library) = found.ok_or(HipUnavailable::Library { tried })?;
    let api = resolve(&lib, &library)?;
    let mut provider = HipProvider {
        api,
        _library: ManuallyDrop::new(lib),
        library,
        devices: 0,
        processors: Vec::new(),
    };
    // SAFETY: the signatures are those of hip_runtime_api.h.
    let code = unsafe { (provider.api.init)(0) };
    if code != 0 {
        return Err(HipUnavailable::Init {
            code,
            message: provider.error_string(code),
        });
    }
    let mut n = 0i32;
    // SAFETY: `n` is a valid out-pointer.
    let code = unsafe { (provider.api.get_device_count)(&mut n) };
    if code != 0 {
        return Err(HipUnavailable::DeviceCount {
            code,
            message: provider.error_string(code),
        });
    }
    if n <= 0 {
        return Err(HipUnavailable::NoDevice);
    }
    provider.devices = n as usize;
    provider.processors = vec![None; n as usize];
    Ok(provider)
}

fn resolve(lib: &Library, library: &str) -> Result<Api, HipUnavailable> {
    macro_rules! sym {
        ($name:literal) => {{
            // SAFETY: the declared type is the entry point's C signature
            // from hip_runtime_api.h.
            match unsafe { lib.get(concat!($name, "\0").as_bytes()) } {
                Ok(s) => *s,
                Err(_) => {
                    return Err(HipUnavailable::Symbol {
                        library: library.to_string(),
                        symbol: $name.to_string(),
                    })
                }
            }
        }};
    }
    Ok(Api {
        init: sym!("hipInit"),
        get_device_count: sym!("hipGetDeviceCount"),
        set_device: sym!("hipSetDevice"),
        get_device_properties: sym!("hipGetDeviceProperties"),
        malloc: sym!("hipMalloc"),
        free: sym!("hipFree"),
        memcpy: sym!("hipMemcpy"),
        memcpy_async: sym!("hipMemcpyAsync"),
        stream_create: sym!("hipStreamCreate"),
        stream_synchronize: sym!("hipStreamSynchronize"),
        stream_destroy: sym!("hipStreamDestroy"),
        device_synchronize: sym!("hipDeviceSynchronize"),
        module_load_data: sym!("hipModuleLoadData"),
        module_get_function: sym!("hipModuleGetFunction"),
        module_launch_kernel: sym!("hipModuleLaunchKernel"),
        get_error_string: sym!("hipGetErrorString"),
    })
}

/// The processor (`gfx942`) in a `hipDeviceProp_t`: `gcnArchName` is the
/// one field holding `gfx…` text (`gfx942:sramecc+:xnack-`), and its offset
/// differs between HIP versions, so the bytes after `name` are searched.
fn processor_in_properties(props: &[u8]) -> Option<String> {
    let from = 256; // `char name[256]` comes first.
    let at = props
        .get(from..)?
        .windows(4)
        .position(|w| &w[..3] == b"gfx" && w[3].is_ascii_alphanumeric())?
        + from;
    let tail = &props[at..];
    let end = tail
        .iter()
        .position(|&c| !c.is_ascii_alphanumeric())
        .unwrap_or(tail.len());
    Some(String::from_utf8_lossy(&tail[..end]).into_owned())
}

impl HipProvider {
    /// The library that was opened.
    pub fn library(&self) -> &str {
        &self.library
    }

    fn error_string(&self, code: i32) -> String {
        // SAFETY: hipGetErrorString returns a static NUL-terminated string
        // (or null).
        unsafe {
            let p = (self.api.get_error_string)(code);
            if p.is_null() {
                format!("HIP error {code}")
            } else {
                CStr::from_ptr(p).to_string_lossy().into_owned()
            }
        }
    }

    fn check(&self, call: &str, code: i32) -> ProviderResult<()> {
        if code == 0 {
            Ok(())
        } else {
            Err(ProviderError::new(
                status::PROVIDER,
                format!("{call} failed: {} ({code})", self.error_string(code)),
            ))
        }
    }

    /// `hipMemcpy` of `len` bytes from `src` to `dst` on `device`, or
    /// `hipMemcpyAsync` on `stream` when it is not 0.
    ///
    /// # Safety
    /// Both ranges must be valid for `len` bytes.
    unsafe fn memcpy(
        &self,
        device: usize,
        stream: u64,
        dst: Ptr,
        src: *const c_void,
        len: u64,
        kind: i32,
    ) -> ProviderResult<()> {
        self.set(device)?;
        let len = len as usize;
        // SAFETY: the caller's contract.
        let (call, code) = unsafe {
            if stream == 0 {
                ("hipMemcpy", (self.api.memcpy)(dst, src, len, kind))
            } else {
                let code = (self.api.memcpy_async)(dst, src, len, kind, stream as Ptr);
                ("hipMemcpyAsync", code)
            }
        };
        self.check(call, code)
    }

    /// An optional entry point (one the provider itself never needs),
    /// resolved at the call: the hardware checks use `hipMemset`,
    /// `hipHostMalloc` and `hipHostFree` this way.
    fn optional<T: Copy>(&self, name: &str) -> ProviderResult<T> {
        let mut c = name.as_bytes().to_vec();
        c.push(0);
        // SAFETY: the caller's `T` is the entry point's C signature.
        match unsafe { self._library.get::<T>(&c) } {
            Ok(s) => Ok(*s),
            Err(_) => Err(ProviderError::new(
                status::PROVIDER,
                format!("`{}` has no symbol `{name}`", self.library),
            )),
        }
    }

    /// `hipMemset(address, byte, len)` on `device` (synchronous with
    /// respect to the host, as HIP documents for the null stream).
    pub fn memset(
        &mut self,
        device: usize,
        address: u64,
        byte: u8,
        len: u64,
    ) -> ProviderResult<()> {
        type MemsetFn = unsafe extern "C" fn(Ptr, i32, usize) -> i32;
        let f: MemsetFn = self.optional("hipMemset")?;
        self.set(device)?;
        // SAFETY: `address` came from hipMalloc and holds `len` bytes (the
        // caller's promise, as for `upload`).
        let code = unsafe { f(address as Ptr, i32::from(byte), len as usize) };
        self.check("hipMemset", code)
    }

    /// `hipHostMalloc(len, flags 0)`: page-locked host memory.
    pub fn host_alloc(&mut self, len: u64) -> ProviderResult<*mut u8> {
        type HostMallocFn = unsafe extern "C" fn(*mut Ptr, usize, u32) -> i32;
        let f: HostMallocFn = self.optional("hipHostMalloc")?;
        let mut p: Ptr = std::ptr::null_mut();
        // SAFETY: `p` is a valid out-pointer.
        let code = unsafe { f(&mut p, len as usize, 0) };
        self.check("hipHostMalloc", code)?;
        if p.is_null() {
            return Err(ProviderError::new(
                status::PROVIDER,
                "hipHostMalloc returned success and a null pointer",
            ));
        }
        Ok(p.cast())
    }

    /// `hipHostFree` of a [`HipProvider::host_alloc`] pointer.
    ///
    /// # Safety
    /// `p` came from `host_alloc` and is not used afterwards.
    pub unsafe fn host_free(&mut self, p: *mut u8) -> ProviderResult<()> {
        type HostFreeFn = unsafe extern "C" fn(Ptr) -> i32;
        let f: HostFreeFn = self.optional("hipHostFree")?;
        // SAFETY: the caller's promise.
        let code = unsafe { f(p.cast()) };
        self.check("hipHostFree", code)
    }

    fn set(&self, device: usize) -> ProviderResult<()> {
        // SAFETY: `device` is below the device count.
        let code = unsafe { (self.api.set_device)(device as i32) };
        self.check("hipSetDevice", code)
    }
}

impl Provider for HipProvider {
    fn name(&self) -> &'static str {
        "HIP"
    }

    fn device_count(&self) -> usize {
        self.devices
    }

    fn processor(&mut self, device: usize) -> Option<String> {
        if self.processors[device].is_none() {
            let mut props = vec![0u8; DEVICE_PROP_BYTES];
            // SAFETY: `props` is larger than any version's hipDeviceProp_t.
            let code =
                unsafe { (self.api.get_device_properties)(props.as_mut_ptr(), device as i32) };
            if code == 0 {
                self.processors[device] = processor_in_properties(&props);
            }
        }
        self.processors[device].clone()
    }

    fn alloc(&mut self, device: usize, byte_len: u64) -> ProviderResult<u64> {
        self.set(device)?;
        let mut p: Ptr = std::ptr::null_mut();
        // SAFETY: `p` is a valid out-pointer.
        let code = unsafe { (self.api.malloc)(&mut p, byte_len as usize) };
        self.check("hipMalloc", code)?;
        Ok(p as u64)
    }

    fn free(&mut self, device: usize, address: u64) -> ProviderResult<()> {
        self.set(device)?;
        // SAFETY: `address` came from hipMalloc on this device.
        let code = unsafe { (self.api.free)(address as Ptr) };
        self.check("hipFree", code)
    }

    unsafe fn upload(
        &mut self,
        device: usize,
        stream: u64,
        address: u64,
        src: *const u8,
        len: u64,
    ) -> ProviderResult<()> {
        // SAFETY: the runtime checked the device range; the caller the host one.
        unsafe {
            self.memcpy(
                device,
                stream,
                address as Ptr,
                src.cast(),
                len,
                HOST_TO_DEVICE,
            )
        }
    }

    unsafe fn download(
        &mut self,
        device: usize,
        stream: u64,
        address: u64,
        dst: *mut u8,
        len: u64,
    ) -> ProviderResult<()> {
        // SAFETY: the runtime checked the device range; the caller the host one.
        unsafe {
            self.memcpy(
                device,
                stream,
                dst.cast(),
                address as Ptr,
                len,
                DEVICE_TO_HOST,
            )
        }
    }

    fn stream_create(&mut self, device: usize) -> ProviderResult<u64> {
        self.set(device)?;
        let mut s: Ptr = std::ptr::null_mut();
        // SAFETY: `s` is a valid out-pointer.
        let code = unsafe { (self.api.stream_create)(&mut s) };
        self.check("hipStreamCreate", code)?;
        Ok(s as u64)
    }

    fn stream_synchronize(&mut self, device: usize, stream: u64) -> ProviderResult<()> {
        self.set(device)?;
        // SAFETY: `stream` came from hipStreamCreate (or is the null stream).
        let code = unsafe { (self.api.stream_synchronize)(stream as Ptr) };
        self.check("hipStreamSynchronize", code)
    }

    fn stream_destroy(&mut self, device: usize, stream: u64) -> ProviderResult<()> {
        self.set(device)?;
        // SAFETY: `stream` came from hipStreamCreate and is destroyed once.
        let code = unsafe { (self.api.stream_destroy)(stream as Ptr) };
        self.check("hipStreamDestroy", code)
    }

    fn device_synchronize(&mut self, device: usize) -> ProviderResult<()> {
        self.set(device)?;
        // SAFETY: no arguments.
        let code = unsafe { (self.api.device_synchronize)() };
        self.check("hipDeviceSynchronize", code)
    }

    fn load(&mut self, device: usize, entry: &Entry<'_>) -> ProviderResult<u64> {
        let object = silk_amdgpu::code_object::read(entry.payload)
            .ok()
            .and_then(|c| c.target)
            .map(|t| t.processor.name().to_string());
        if let (Some(object), Some(dev)) = (object, self.processor(device)) {
            if object != dev {
                return Err(ProviderError::new(
                    status::LOAD_FAILED,
                    format!(
                        "kernel `{}` is a code object for {object}, which HIP device {device} ({dev}) cannot load",
                        entry.name
                    ),
                ));
            }
        }
        self.set(device)?;
        let load_failed = |e: ProviderError| ProviderError::new(status::LOAD_FAILED, e.message);
        let mut module: Ptr = std::ptr::null_mut();
        // SAFETY: the payload is a complete code object, alive for the call.
        let code =
            unsafe { (self.api.module_load_data)(&mut module, entry.payload.as_ptr().cast()) };
        self.check("hipModuleLoadData", code).map_err(load_failed)?;
        let name = std::ffi::CString::new(entry.name)
            .map_err(|_| ProviderError::new(status::LOAD_FAILED, "kernel name contains NUL"))?;
        let mut function: Ptr = std::ptr::null_mut();
        // SAFETY: `module` was just loaded; `name` is NUL-terminated.
        let code = unsafe { (self.api.module_get_function)(&mut function, module, name.as_ptr()) };
        self.check("hipModuleGetFunction", code)
            .map_err(load_failed)?;
        Ok(function as u64)
    }

    fn launch(
        &mut self,
        device: usize,
        function: u64,
        stream: u64,
        blocks: u32,
        workgroup: u32,
        args: &[u8],
    ) -> ProviderResult<()> {
        self.set(device)?;
        let mut size = args.len();
        let mut extra: [Ptr; 5] = [
            PARAM_BUFFER_POINTER as Ptr,
            args.as_ptr() as Ptr,
            PARAM_BUFFER_SIZE as Ptr,
            (&mut size as *mut usize).cast(),
            PARAM_END as Ptr,
        ];
        let extra_ptr = if args.is_empty() {
            std::ptr::null_mut()
        } else {
            extra.as_mut_ptr()
        };
        // SAFETY: `function` came from hipModuleGetFunction on this device;
        // `extra` and the argument bytes it points at outlive the call,
        // which copies them.
        let code = unsafe {
            (self.api.module_launch_kernel)(
                function as Ptr,
                blocks,
                1,
                1,
                workgroup,
                1,
                1,
                0,
                stream as Ptr,
                std::ptr::null_mut(),
                extra_ptr,
            )
        };
        self.check("hipModuleLaunchKernel", code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn processor_is_found_after_the_name() {
        let mut p = vec![0u8; 1024];
        p[..6].copy_from_slice(b"gfx000");
        p[600..622].copy_from_slice(b"gfx942:sramecc+:xnack-");
        assert_eq!(processor_in_properties(&p).as_deref(), Some("gfx942"));
        assert_eq!(processor_in_properties(&[0u8; 1024]), None);
        assert_eq!(processor_in_properties(&[0u8; 10]), None);
    }
}
