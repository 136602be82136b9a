//! The runtime proper: the rules of `std::gpu` checked before any provider
//! call, the limits, the tracked buffers and streams, the lazily loaded
//! kernel cache, and the one mutex every public operation takes.

use crate::bundle::{OwnedBundle, ProviderKind};
use crate::emulator::EmulatorProvider;
use crate::provider::{Provider, ProviderError};
use crate::status::{self, DispatchResult};
use silk_amdgpu::target::Target;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

/// Most devices the runtime addresses.
pub const MAX_DEVICES: usize = 64;
/// Most buffers alive at once (all devices together).
pub const MAX_BUFFERS: usize = 256;
/// Most streams alive at once (all devices together).
pub const MAX_STREAMS: usize = 128;
/// Most kernel functions loaded and cached (per device and kernel).
pub const MAX_KERNELS: usize = 128;
/// Most explicit `u64` arguments of a launch.
pub const MAX_ARGS: usize = 32;
/// Largest workgroup.
pub const MAX_WORKGROUP: u64 = 1024;
/// Largest grid (total work items).
pub const MAX_GRID: u64 = u32::MAX as u64;
/// Most workgroups of a dispatch.
pub const MAX_BLOCKS: u64 = i32::MAX as u64;

/// Which provider the runtime uses (`SILK_GPU_PROVIDER`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProviderChoice {
    /// HIP when it loads and reports a device, otherwise unavailable.
    Auto,
    Hip,
    /// The in-process emulator (only when chosen explicitly).
    Emulator,
    /// HIP when it loads and reports a device, otherwise the emulator.
    Any,
    /// A value that names no provider: the runtime is unavailable.
    Invalid(String),
}

/// Where the runtime finds its bundle.
#[derive(Clone, Debug)]
pub enum BundleSource {
    /// The running executable (`/proc/self/exe`).
    Executable,
    /// The end of this file.
    File(PathBuf),
    /// These bytes (a bundle, or an image ending in one).
    Bytes(Vec<u8>),
}

/// How a [`Runtime`] is set up.
#[derive(Clone, Debug)]
pub struct Config {
    pub provider: ProviderChoice,
    pub bundle: BundleSource,
    /// `SILK_HIP_LIBRARY`: the only HIP library to try, when set.
    pub hip_library: Option<PathBuf>,
    /// Devices the emulator provider offers (`SILK_EMU_DEVICES`, default 1).
    pub emulated_devices: usize,
}

impl Config {
    /// A configuration for `bundle` and `provider`, HIP found by name, one
    /// emulated device.
    pub fn new(provider: ProviderChoice, bundle: BundleSource) -> Config {
        Config {
            provider,
            bundle,
            hip_library: None,
            emulated_devices: 1,
        }
    }

    /// The process's configuration: the bundle of the running executable,
    /// `SILK_GPU_PROVIDER` (`hip`, `emulator`, `auto`; default `auto`),
    /// `SILK_HIP_LIBRARY` and `SILK_EMU_DEVICES`.
    pub fn from_env() -> Config {
        let provider = match std::env::var("SILK_GPU_PROVIDER") {
            Err(_) => ProviderChoice::Auto,
            Ok(v) => parse_provider(&v),
        };
        let mut c = Config::new(provider, BundleSource::Executable);
        c.hip_library = std::env::var_os("SILK_HIP_LIBRARY")
            .filter(|v| !v.is_empty())
            .map(PathBuf::from);
        if let Ok(v) = std::env::var("SILK_EMU_DEVICES") {
            c.emulated_devices = v.trim().parse().unwrap_or(0);
        }
        c
    }
}

/// The meaning of a `SILK_GPU_PROVIDER` value.
pub fn parse_provider(value: &str) -> ProviderChoice {
    match value.trim() {
        "" | "auto" => ProviderChoice::Auto,
        "hip" => ProviderChoice::Hip,
        "emulator" => ProviderChoice::Emulator,
        "any" => ProviderChoice::Any,
        other => ProviderChoice::Invalid(other.to_string()),
    }
}

/// Counts of what the runtime asked of its provider (for tests and
/// benchmarks: each rule that must hold "before any provider call" is
/// visible here).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Dispatches handed to the provider.
    pub launches: u64,
    /// Device and stream synchronizations handed to the provider.
    pub synchronizes: u64,
    /// Kernels loaded (cache misses).
    pub kernel_loads: u64,
    /// Every provider call, these included.
    pub provider_calls: u64,
}

type Fail = ProviderError;

fn fail(status: i32, message: impl Into<String>) -> Fail {
    ProviderError::new(status, message)
}

struct Ready {
    provider: Box<dyn Provider>,
    bundle: OwnedBundle,
    devices: usize,
    current: i32,
    /// Live buffers: (device, address) -> byte length.
    buffers: HashMap<(usize, u64), u64>,
    /// Live streams: runtime handle -> (device, provider stream).
    streams: HashMap<u64, (usize, u64)>,
    next_stream: u64,
    /// Loaded kernels: (device, name) -> provider function.
    kernels: HashMap<(usize, String), u64>,
}

struct State {
    config: Option<Config>,
    ready: Option<Result<Ready, String>>,
    last_error: String,
    counters: Counters,
}

/// A runtime instance: one provider, one bundle, one mutex. The `std::gpu`
/// functions of this crate use the process's [`Runtime::global`]; tests and
/// embedders may make their own.
#[derive(Clone)]
pub struct Runtime {
    shared: Arc<Mutex<State>>,
}

/// The geometry rules of `std::gpu`, in order: the number of workgroups.
pub fn check_geometry(grid: u64, workgroup: u64) -> Result<u32, String> {
    if grid == 0 || workgroup == 0 {
        return Err(format!(
            "grid size {grid} and workgroup size {workgroup} must both be nonzero"
        ));
    }
    if grid % workgroup != 0 {
        return Err(format!(
            "grid size {grid} is not a multiple of workgroup size {workgroup}"
        ));
    }
    if workgroup > MAX_WORKGROUP {
        return Err(format!(
            "workgroup size {workgroup} exceeds {MAX_WORKGROUP}"
        ));
    }
    if grid > MAX_GRID {
        return Err(format!("grid size {grid} exceeds {MAX_GRID}"));
    }
    let blocks = grid / workgroup;
    if blocks > MAX_BLOCKS {
        return Err(format!("{blocks} workgroups exceed {MAX_BLOCKS}"));
    }
    Ok(blocks as u32)
}

fn init(config: Config) -> Result<Ready, String> {
    let bundle = match &config.bundle {
        BundleSource::Executable => OwnedBundle::from_executable(),
        BundleSource::File(p) => OwnedBundle::from_file(p),
        BundleSource::Bytes(b) => OwnedBundle::from_bytes(b),
    }
    .map_err(|e| format!("no valid Silk GPU bundle: {e}"))?;
    let kind = bundle.view().provider();
    if kind != ProviderKind::Hip {
        return Err(format!(
            "the bundle is for {kind}, and this runtime provides only HIP (and its emulator)"
        ));
    }
    let provider: Box<dyn Provider> = match &config.provider {
        ProviderChoice::Invalid(v) => {
            return Err(format!(
                "SILK_GPU_PROVIDER=`{v}` names no provider (expected `auto`, `hip`, `emulator` or `any`)"
            ))
        }
        ProviderChoice::Emulator => emulator(&config, &bundle)?,
        ProviderChoice::Auto | ProviderChoice::Hip => {
            Box::new(crate::hip::open(config.hip_library.as_deref()).map_err(|e| e.to_string())?)
        }
        ProviderChoice::Any => match crate::hip::open(config.hip_library.as_deref()) {
            Ok(hip) if hip.device_count() > 0 => Box::new(hip),
            _ => emulator(&config, &bundle)?,
        },
    };
    let devices = provider.device_count().min(MAX_DEVICES);
    Ok(Ready {
        provider,
        bundle,
        devices,
        current: 0,
        buffers: HashMap::new(),
        streams: HashMap::new(),
        next_stream: 1,
        kernels: HashMap::new(),
    })
}

impl State {
    fn ready(&mut self) -> Result<&mut Ready, Fail> {
        ready_of(&mut self.config, &mut self.ready)
    }
}

/// The emulator provider for the bundle's processor.
fn emulator(config: &Config, bundle: &OwnedBundle) -> Result<Box<dyn Provider>, String> {
    let tag = bundle.view().processor();
    let target = Target::parse(tag)
        .map_err(|_| format!("the emulator cannot emulate the bundle's processor `{tag}`"))?;
    if config.emulated_devices == 0 {
        return Err("the emulator provider was given no devices (SILK_EMU_DEVICES=0)".into());
    }
    Ok(Box::new(EmulatorProvider::new(
        target.processor,
        config.emulated_devices.min(MAX_DEVICES),
    )))
}

/// Initialize at first use, from the configuration given at creation.
fn ready_of<'a>(
    config: &mut Option<Config>,
    ready: &'a mut Option<Result<Ready, String>>,
) -> Result<&'a mut Ready, Fail> {
    let r = ready.get_or_insert_with(|| {
        init(
            config
                .take()
                .unwrap_or_else(|| Config::new(ProviderChoice::Auto, BundleSource::Executable)),
        )
    });
    match r {
        Ok(r) => Ok(r),
        Err(e) => Err(fail(status::UNAVAILABLE, e.clone())),
    }
}

impl Ready {
    fn current(&self) -> Result<usize, Fail> {
        usize::try_from(self.current)
            .ok()
            .filter(|&d| d < self.devices)
            .ok_or_else(|| fail(status::INVALID_DEVICE, "no device is selected"))
    }

    /// The provider stream of runtime stream `handle`, used on the
    /// selected device.
    fn stream(&self, handle: u64, device_index: i32) -> Result<(usize, u64), Fail> {
        if handle == 0 {
            return Err(fail(
                status::INVALID_STREAM,
                "invalid stream (closed or never created); the default stream is not used instead",
            ));
        }
        let &(device, s) = self.streams.get(&handle).ok_or_else(|| {
            fail(
                status::INVALID_STREAM,
                format!("stream {handle} is not live; the default stream is not used instead"),
            )
        })?;
        let current = self.current()?;
        if device != current || device_index != device as i32 {
            return Err(fail(
                status::CROSS_DEVICE,
                format!(
                    "stream {handle} belongs to device {device}, but device {current} is selected"
                ),
            ));
        }
        Ok((device, s))
    }

    /// A live buffer used on the selected device for `byte_count` bytes.
    fn buffer(&self, b: &BufferId, byte_count: u64) -> Result<usize, Fail> {
        if b.address == 0 {
            return Err(fail(
                status::INVALID_BUFFER,
                "invalid buffer (closed, or its allocation failed)",
            ));
        }
        let device = usize::try_from(b.device_index).unwrap_or(usize::MAX);
        if self.buffers.get(&(device, b.address)) != Some(&b.byte_len) {
            return Err(fail(
                status::INVALID_BUFFER,
                format!(
                    "no live buffer at {:#x} on device {}",
                    b.address, b.device_index
                ),
            ));
        }
        let current = self.current()?;
        if device != current {
            return Err(fail(
                status::CROSS_DEVICE,
                format!(
                    "the buffer at {:#x} belongs to device {device}, but device {current} is selected",
                    b.address
                ),
            ));
        }
        if byte_count > b.byte_len {
            return Err(fail(
                status::COPY_TOO_LARGE,
                format!(
                    "a copy of {byte_count} bytes is larger than the buffer's {} bytes",
                    b.byte_len
                ),
            ));
        }
        Ok(device)
    }
}

#[derive(Clone, Copy)]
struct BufferId {
    address: u64,
    byte_len: u64,
    device_index: i32,
}

impl Runtime {
    /// A runtime that initializes itself from `config` at first use.
    pub fn new(config: Config) -> Runtime {
        Runtime {
            shared: Arc::new(Mutex::new(State {
                config: Some(config),
                ready: None,
                last_error: String::new(),
                counters: Counters::default(),
            })),
        }
    }

    /// The process's runtime ([`Config::from_env`]), made at first use.
    pub fn global() -> &'static Runtime {
        static GLOBAL: OnceLock<Runtime> = OnceLock::new();
        GLOBAL.get_or_init(|| Runtime::new(Config::from_env()))
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic while holding the lock leaves consistent tables (every
        // update is a single insert or remove), so poisoning is ignored.
        self.shared.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Run `f` under the mutex; a failure becomes `last_error` and its status.
    fn status_op(&self, f: impl FnOnce(&mut Ready, &mut Counters) -> Result<(), Fail>) -> i32 {
        let mut st = self.lock();
        let State {
            config,
            ready,
            last_error,
            counters,
        } = &mut *st;
        match ready_of(config, ready).and_then(|r| f(r, counters)) {
            Ok(()) => status::OK,
            Err(e) => {
                *last_error = e.message;
                e.status
            }
        }
    }

    /// The provider runtime opened and reports at least one device.
    pub fn is_supported(&self) -> bool {
        self.status_op(|_, _| Ok(())) == status::OK
    }

    /// Devices (0 when unavailable; at most [`MAX_DEVICES`]).
    pub fn device_count(&self) -> i32 {
        let mut st = self.lock();
        match st.ready() {
            Ok(r) => r.devices as i32,
            Err(e) => {
                st.last_error = e.message;
                0
            }
        }
    }

    /// The selected device (device 0 once the provider is up), or -1.
    pub fn current_device(&self) -> i32 {
        let mut st = self.lock();
        match st.ready() {
            Ok(r) => r.current,
            Err(e) => {
                st.last_error = e.message;
                -1
            }
        }
    }

    /// Select device `index` for the operations that follow.
    pub fn select_device(&self, index: i32) -> i32 {
        self.status_op(|r, _| {
            if index >= MAX_DEVICES as i32 {
                return Err(fail(
                    status::LIMIT,
                    format!("device index {index} is beyond the limit of {MAX_DEVICES} devices"),
                ));
            }
            if index < 0 || index as usize >= r.devices {
                return Err(fail(
                    status::INVALID_DEVICE,
                    format!("no device {index} ({} devices)", r.devices),
                ));
            }
            r.current = index;
            Ok(())
        })
    }

    /// The text of the most recent failure (empty before any).
    pub fn last_error(&self) -> String {
        self.lock().last_error.clone()
    }

    /// What the runtime has asked of its provider so far.
    pub fn counters(&self) -> Counters {
        self.lock().counters
    }

    /// The provider in use (`HIP`, `emulator`), or `None` when unavailable.
    pub fn provider_name(&self) -> Option<&'static str> {
        self.lock().ready().ok().map(|r| r.provider.name())
    }

    /// Processor of device `index` as the provider reports it.
    pub fn device_processor(&self, index: i32) -> Option<String> {
        let mut st = self.lock();
        let r = st.ready().ok()?;
        let d = usize::try_from(index).ok().filter(|&d| d < r.devices)?;
        r.provider.processor(d)
    }

    /// Allocate `byte_len` bytes on the selected device; an invalid buffer
    /// (`is_valid() == false`) on failure.
    pub fn alloc(&self, byte_len: u64) -> Buffer {
        let mut id = BufferId {
            address: 0,
            byte_len,
            device_index: -1,
        };
        self.status_op(|r, c| {
            let device = r.current()?;
            if r.buffers.len() >= MAX_BUFFERS {
                return Err(fail(
                    status::LIMIT,
                    format!("{MAX_BUFFERS} buffers are already live (the limit)"),
                ));
            }
            c.provider_calls += 1;
            let address = r.provider.alloc(device, byte_len)?;
            if address == 0 {
                return Err(fail(
                    status::PROVIDER,
                    "the provider returned a null allocation",
                ));
            }
            r.buffers.insert((device, address), byte_len);
            id = BufferId {
                address,
                byte_len,
                device_index: device as i32,
            };
            Ok(())
        });
        Buffer {
            id,
            rt: self.clone(),
        }
    }

    /// Create a stream on the selected device; an invalid stream on failure.
    pub fn create_stream(&self) -> Stream {
        let mut handle = 0;
        let mut device_index = -1;
        self.status_op(|r, c| {
            let device = r.current()?;
            if r.streams.len() >= MAX_STREAMS {
                return Err(fail(
                    status::LIMIT,
                    format!("{MAX_STREAMS} streams are already live (the limit)"),
                ));
            }
            c.provider_calls += 1;
            let s = r.provider.stream_create(device)?;
            handle = r.next_stream;
            r.next_stream += 1;
            r.streams.insert(handle, (device, s));
            device_index = device as i32;
            Ok(())
        });
        Stream {
            handle,
            device_index,
            rt: self.clone(),
        }
    }

    /// Launch `kernel_name` on the selected device's default stream.
    pub fn launch(
        &self,
        kernel_name: &str,
        grid_size: u64,
        workgroup_size: u64,
        args: &[u64],
    ) -> i32 {
        self.status_op(|r, c| launch(r, c, None, kernel_name, grid_size, workgroup_size, args))
    }

    /// Launch on `stream` (an invalid stream is an error, never the default).
    pub fn launch_on(
        &self,
        stream: &Stream,
        kernel_name: &str,
        grid_size: u64,
        workgroup_size: u64,
        args: &[u64],
    ) -> i32 {
        let s = (stream.handle, stream.device_index);
        self.status_op(|r, c| launch(r, c, Some(s), kernel_name, grid_size, workgroup_size, args))
    }

    /// Wait for all prior work on the selected device.
    pub fn synchronize(&self) -> i32 {
        self.status_op(|r, c| {
            let device = r.current()?;
            c.provider_calls += 1;
            c.synchronizes += 1;
            r.provider.device_synchronize(device)
        })
    }

    /// [`Runtime::launch`], then [`Runtime::synchronize`] exactly once
    /// whatever the launch returned (two operations: other threads may
    /// interleave between them).
    pub fn launch_and_synchronize(
        &self,
        kernel_name: &str,
        grid_size: u64,
        workgroup_size: u64,
        args: &[u64],
    ) -> DispatchResult {
        let launch_status = self.launch(kernel_name, grid_size, workgroup_size, args);
        let synchronize_status = self.synchronize();
        DispatchResult {
            launch_status,
            synchronize_status,
        }
    }

    /// Release a buffer on its own device, leaving the selection alone.
    fn release_buffer(&self, id: BufferId, check_current: bool) -> i32 {
        self.status_op(|r, c| {
            let device = r.buffer(&id, 0).or_else(|e| {
                if !check_current && e.status == status::CROSS_DEVICE {
                    Ok(id.device_index as usize)
                } else {
                    Err(e)
                }
            })?;
            c.provider_calls += 1;
            r.provider.free(device, id.address)?;
            r.buffers.remove(&(device, id.address));
            Ok(())
        })
    }

    fn release_stream(&self, handle: u64, check_current: bool) -> i32 {
        self.status_op(|r, c| {
            if handle == 0 {
                return Err(fail(status::INVALID_STREAM, "invalid stream"));
            }
            let &(device, s) = r
                .streams
                .get(&handle)
                .ok_or_else(|| fail(status::INVALID_STREAM, format!("stream {handle} is not live")))?;
            if check_current {
                let current = r.current()?;
                if current != device {
                    return Err(fail(
                        status::CROSS_DEVICE,
                        format!("stream {handle} belongs to device {device}, but device {current} is selected"),
                    ));
                }
            }
            c.provider_calls += 1;
            r.provider.stream_destroy(device, s)?;
            r.streams.remove(&handle);
            Ok(())
        })
    }

    /// # Safety
    /// See [`Buffer::upload_from`].
    unsafe fn copy(
        &self,
        id: BufferId,
        stream: Option<(u64, i32)>,
        host: u64,
        byte_count: u64,
        upload: bool,
    ) -> i32 {
        self.status_op(|r, c| {
            let device = r.buffer(&id, byte_count)?;
            let s = match stream {
                None => 0,
                Some((h, d)) => r.stream(h, d)?.1,
            };
            if byte_count == 0 {
                return Ok(());
            }
            if host == 0 {
                return Err(fail(status::PROVIDER, "null host address"));
            }
            c.provider_calls += 1;
            // SAFETY: forwarded from the caller.
            unsafe {
                if upload {
                    r.provider
                        .upload(device, s, id.address, host as *const u8, byte_count)
                } else {
                    r.provider
                        .download(device, s, id.address, host as *mut u8, byte_count)
                }
            }
        })
    }
}

fn launch(
    r: &mut Ready,
    c: &mut Counters,
    stream: Option<(u64, i32)>,
    name: &str,
    grid: u64,
    workgroup: u64,
    args: &[u64],
) -> Result<(), Fail> {
    let blocks = check_geometry(grid, workgroup)
        .map_err(|m| fail(status::INVALID_GEOMETRY, format!("launch of `{name}`: {m}")))?;
    if args.len() > MAX_ARGS {
        return Err(fail(
            status::ARGUMENT_SIZE,
            format!(
                "launch of `{name}`: {} arguments, at most {MAX_ARGS}",
                args.len()
            ),
        ));
    }
    let device = r.current()?;
    let s = match stream {
        None => 0,
        Some((h, d)) => r.stream(h, d)?.1,
    };
    let bundle = r.bundle.view();
    let entry = bundle.find(name).ok_or_else(|| {
        fail(
            status::UNKNOWN_KERNEL,
            format!(
                "no kernel `{name}` in the bundle ({} entries)",
                bundle.entry_count()
            ),
        )
    })?;
    let packed = args.len() as u64 * 8;
    if packed != entry.kernarg_size as u64 {
        return Err(fail(
            status::ARGUMENT_SIZE,
            format!(
                "kernel `{name}` takes {} bytes of explicit arguments ({} u64), {packed} bytes given",
                entry.kernarg_size,
                entry.kernarg_size / 8
            ),
        ));
    }
    let key = (device, name.to_string());
    let function = match r.kernels.get(&key) {
        Some(&f) => f,
        None => {
            if r.kernels.len() >= MAX_KERNELS {
                return Err(fail(
                    status::LIMIT,
                    format!(
                        "cannot load `{name}`: {MAX_KERNELS} kernels are already cached (the limit)"
                    ),
                ));
            }
            c.provider_calls += 1;
            c.kernel_loads += 1;
            let f = r.provider.load(device, &entry)?;
            r.kernels.insert(key, f);
            f
        }
    };
    let mut bytes = Vec::with_capacity(args.len() * 8);
    for a in args {
        bytes.extend_from_slice(&a.to_le_bytes());
    }
    c.provider_calls += 1;
    c.launches += 1;
    r.provider
        .launch(device, function, s, blocks, workgroup as u32, &bytes)
}

/// A device allocation, freed on its own device when closed or dropped.
pub struct Buffer {
    id: BufferId,
    rt: Runtime,
}

impl Buffer {
    /// Allocate on the selected device of the process's runtime.
    pub fn alloc(byte_len: u64) -> Buffer {
        Runtime::global().alloc(byte_len)
    }

    /// The device address (passed to kernels as a plain `u64`); 0 when invalid.
    pub fn address(&self) -> u64 {
        self.id.address
    }

    pub fn byte_len(&self) -> u64 {
        self.id.byte_len
    }

    /// The device it was allocated on (-1 when invalid).
    pub fn device_index(&self) -> i32 {
        self.id.device_index
    }

    pub fn is_valid(&self) -> bool {
        self.id.address != 0
    }

    /// Copy `data` to the start of the buffer.
    pub fn upload(&self, data: &[u8]) -> i32 {
        // SAFETY: `data` is readable for its length; stream 0 copies before returning.
        unsafe { self.upload_from(data.as_ptr() as u64, data.len() as u64) }
    }

    /// Copy the start of the buffer into `out`.
    pub fn download(&self, out: &mut [u8]) -> i32 {
        // SAFETY: `out` is writable for its length; stream 0 copies before returning.
        unsafe { self.download_to(out.as_mut_ptr() as u64, out.len() as u64) }
    }

    /// `std::gpu`'s `upload(host_address, byte_count)`.
    ///
    /// # Safety
    /// `host_address` must be readable for `byte_count` bytes.
    pub unsafe fn upload_from(&self, host_address: u64, byte_count: u64) -> i32 {
        // SAFETY: forwarded.
        unsafe { self.rt.copy(self.id, None, host_address, byte_count, true) }
    }

    /// `std::gpu`'s `download(host_address, byte_count)`.
    ///
    /// # Safety
    /// `host_address` must be writable for `byte_count` bytes.
    pub unsafe fn download_to(&self, host_address: u64, byte_count: u64) -> i32 {
        // SAFETY: forwarded.
        unsafe { self.rt.copy(self.id, None, host_address, byte_count, false) }
    }

    /// Enqueue a copy from the host on `stream`.
    ///
    /// # Safety
    /// `data` must stay alive and unchanged until `stream` is synchronized.
    pub unsafe fn upload_on(&self, stream: &Stream, data: &[u8]) -> i32 {
        // SAFETY: forwarded.
        unsafe { self.upload_from_on(stream, data.as_ptr() as u64, data.len() as u64) }
    }

    /// Enqueue a copy to the host on `stream`.
    ///
    /// # Safety
    /// `out` must stay alive and untouched until `stream` is synchronized.
    pub unsafe fn download_on(&self, stream: &Stream, out: &mut [u8]) -> i32 {
        // SAFETY: forwarded.
        unsafe { self.download_to_on(stream, out.as_mut_ptr() as u64, out.len() as u64) }
    }

    /// `std::gpu`'s `upload_on(stream, host_address, byte_count)`.
    ///
    /// # Safety
    /// `host_address` must stay readable for `byte_count` bytes, unchanged,
    /// until `stream` is synchronized.
    pub unsafe fn upload_from_on(
        &self,
        stream: &Stream,
        host_address: u64,
        byte_count: u64,
    ) -> i32 {
        let s = Some((stream.handle, stream.device_index));
        // SAFETY: forwarded.
        unsafe { self.rt.copy(self.id, s, host_address, byte_count, true) }
    }

    /// `std::gpu`'s `download_on(stream, host_address, byte_count)`.
    ///
    /// # Safety
    /// `host_address` must stay writable for `byte_count` bytes, untouched,
    /// until `stream` is synchronized.
    pub unsafe fn download_to_on(
        &self,
        stream: &Stream,
        host_address: u64,
        byte_count: u64,
    ) -> i32 {
        let s = Some((stream.handle, stream.device_index));
        // SAFETY: forwarded.
        unsafe { self.rt.copy(self.id, s, host_address, byte_count, false) }
    }

    /// Free the allocation; it must belong to the selected device.
    pub fn close(&mut self) -> i32 {
        let s = self.rt.release_buffer(self.id, true);
        if s == status::OK {
            self.id.address = 0;
        }
        s
    }
}

impl Drop for Buffer {
    /// Free on the creating device without changing the selected one.
    fn drop(&mut self) {
        if self.id.address != 0 {
            self.rt.release_buffer(self.id, false);
        }
    }
}

/// An owning stream of one device.
pub struct Stream {
    handle: u64,
    device_index: i32,
    rt: Runtime,
}

impl Stream {
    /// Create a stream on the selected device of the process's runtime.
    pub fn create() -> Stream {
        Runtime::global().create_stream()
    }

    /// The runtime's handle (0 when invalid).
    pub fn handle(&self) -> u64 {
        self.handle
    }

    pub fn device_index(&self) -> i32 {
        self.device_index
    }

    pub fn is_valid(&self) -> bool {
        self.handle != 0
    }

    /// Wait for the work enqueued on this stream.
    pub fn synchronize(&self) -> i32 {
        let (h, d) = (self.handle, self.device_index);
        self.rt.status_op(|r, c| {
            let (device, s) = r.stream(h, d)?;
            c.provider_calls += 1;
            c.synchronizes += 1;
            r.provider.stream_synchronize(device, s)
        })
    }

    /// Destroy the stream; it must belong to the selected device.
    pub fn close(&mut self) -> i32 {
        let s = self.rt.release_stream(self.handle, true);
        if s == status::OK {
            self.handle = 0;
        }
        s
    }
}

impl Drop for Stream {
    fn drop(&mut self) {
        if self.handle != 0 {
            self.rt.release_stream(self.handle, false);
        }
    }
}
