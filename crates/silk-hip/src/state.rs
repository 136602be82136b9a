//! The runtime's state: emulated devices, loaded modules, streams, events
//! and registered fat binaries, behind one process-wide mutex.
//!
//! The state is a `static` that is never dropped, so a
//! `__hipUnregisterFatBinary` running late in process teardown (after
//! other `atexit` handlers and static destructors) still finds it intact.

use crate::error::{Error, HipResult};
use silk_amdgpu::code_object::{self, OffloadBundle};
use silk_amdgpu::target::Processor;
use silk_emu::{Emulator, KernargLayout, Resident};
use std::collections::{BTreeMap, HashMap};
use std::sync::{Mutex, MutexGuard, OnceLock};
use std::time::Instant;

/// Device memory of one emulated device (the emulator's default limit).
pub const DEVICE_MEMORY: u64 = silk_emu::device_memory::DEFAULT_MAX_MEMORY;

pub struct Device {
    pub processor: Processor,
    pub emu: Emulator,
    /// Live `hipMalloc` allocations: address -> size.
    pub allocs: BTreeMap<u64, u64>,
}

pub struct Module {
    pub device: usize,
    pub code: Vec<u8>,
    pub image: Resident,
    /// Where each kernel's explicit arguments go.
    pub kernels: HashMap<String, KernargLayout>,
    /// Global variables: name -> (offset in the image, size).
    pub globals: HashMap<String, (u64, u64)>,
    /// Managed variables bound to this module: (host address, device
    /// address of `name.managed`, bytes), copied in and out by each launch.
    pub managed: Vec<(usize, u64, u64)>,
}

/// A `__managed__` variable registered by `__hipRegisterManagedVar`.
pub struct ManagedVar {
    pub fatbin: u64,
    pub name: String,
    /// The host storage (the application's `name.managed` variable).
    pub host: usize,
    pub size: u64,
}

pub struct Function {
    pub module: u64,
    pub name: String,
}

/// A fat binary registered by `__hipRegisterFatBinary`: its bundle bytes
/// (copied, so a late unregistration never reads the application's
/// memory) and the module loaded from it on each device, made on first use.
pub struct FatBinary {
    pub bundle: Vec<u8>,
    pub modules: HashMap<usize, u64>,
}

pub struct Stream {
    pub device: usize,
}

pub struct Event {
    pub recorded: Option<Instant>,
}

#[derive(Default)]
pub struct State {
    pub devices: Vec<Device>,
    /// Why there are no devices, when there are none.
    pub device_error: Option<String>,
    pub modules: HashMap<u64, Module>,
    pub functions: HashMap<u64, Function>,
    pub streams: HashMap<u64, Stream>,
    pub events: HashMap<u64, Event>,
    pub fatbins: HashMap<u64, FatBinary>,
    /// Host stub address -> (fat binary, kernel name).
    pub host_functions: HashMap<usize, (u64, String)>,
    /// Host shadow variable address -> (fat binary, variable name, size).
    pub host_vars: HashMap<usize, (u64, String, u64)>,
    pub managed: Vec<ManagedVar>,
    /// `hipHostMalloc` blocks: address -> layout.
    pub host_allocs: HashMap<usize, std::alloc::Layout>,
    /// Faults waiting for a synchronize: (device, stream) -> error.
    pub pending: BTreeMap<(usize, u64), Error>,
    next_handle: u64,
}

/// The processors a device list may name.
pub fn parse_devices(spec: &str) -> Result<Vec<Processor>, String> {
    let mut out = Vec::new();
    for name in spec.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let p = match name {
            "gfx942" => Processor::Gfx942,
            "gfx1100" => Processor::Gfx1100,
            "gfx1151" => Processor::Gfx1151,
            other => {
                return Err(format!(
                    "SILK_HIP_DEVICE names `{other}`; the emulator provides gfx942, gfx1100 and gfx1151"
                ))
            }
        };
        out.push(p);
    }
    if out.is_empty() {
        return Err("SILK_HIP_DEVICE names no processor".into());
    }
    if out.len() > 16 {
        return Err(format!(
            "SILK_HIP_DEVICE names {} devices; at most 16",
            out.len()
        ));
    }
    Ok(out)
}

fn new_state() -> State {
    let spec = std::env::var("SILK_HIP_DEVICE").unwrap_or_else(|_| "gfx942".into());
    let mut s = State {
        next_handle: 0x1000,
        ..State::default()
    };
    match parse_devices(&spec) {
        Ok(ps) => {
            s.devices = ps
                .into_iter()
                .map(|p| Device {
                    processor: p,
                    emu: Emulator::new(p),
                    allocs: BTreeMap::new(),
                })
                .collect()
        }
        Err(e) => s.device_error = Some(e),
    }
    s
}

static STATE: OnceLock<Mutex<State>> = OnceLock::new();

/// The state, created on first use (`OnceLock` makes concurrent first
/// calls wait for one initialization). A panic while holding the lock
/// leaves it usable: every entry point catches panics, and the state's
/// maps stay consistent between statements.
pub fn lock() -> MutexGuard<'static, State> {
    let m = STATE.get_or_init(|| Mutex::new(new_state()));
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl State {
    pub fn handle(&mut self) -> u64 {
        self.next_handle += 16;
        self.next_handle
    }

    pub fn device(&mut self, d: usize) -> HipResult<&mut Device> {
        let n = self.devices.len();
        if n == 0 {
            return Err(Error::no_device(self.device_error.clone()));
        }
        self.devices.get_mut(d).ok_or_else(|| {
            Error::new(
                Error::INVALID_DEVICE,
                format!("device {d} does not exist ({n} emulated)"),
            )
        })
    }

    /// The allocation `[addr, addr + len)` lies in, on device `d`.
    /// Module images count too: `hipModuleGetGlobal` hands out addresses
    /// inside them.
    pub fn device_range(&self, d: usize, addr: u64, len: u64) -> Option<u64> {
        let dev = self.devices.get(d)?;
        let inside = |base: u64, size: u64| {
            let off = addr.checked_sub(base)?;
            (off <= size && len <= size - off).then_some(base)
        };
        if let Some(b) = dev
            .allocs
            .range(..=addr)
            .next_back()
            .and_then(|(&b, &s)| inside(b, s))
        {
            return Some(b);
        }
        self.modules
            .values()
            .filter(|m| m.device == d)
            .find_map(|m| inside(m.image.base, m.image.size))
    }

    /// Whether `addr` is inside any allocation of device `d`.
    pub fn is_device_pointer(&self, d: usize, addr: u64) -> bool {
        self.device_range(d, addr, 0).is_some()
    }

    /// Check a stream handle (0 is the null stream) on device `d`.
    pub fn stream_device(&self, stream: u64) -> HipResult<Option<usize>> {
        if stream == 0 {
            return Ok(None);
        }
        self.streams
            .get(&stream)
            .map(|s| Some(s.device))
            .ok_or_else(|| {
                Error::new(
                    Error::INVALID_HANDLE,
                    format!("stream {stream:#x} does not exist"),
                )
            })
    }

    /// Take the first fault pending on device `d` (on `stream` only, when
    /// given).
    pub fn take_pending(&mut self, d: usize, stream: Option<u64>) -> HipResult<()> {
        let keys: Vec<(usize, u64)> = self
            .pending
            .keys()
            .filter(|k| k.0 == d && stream.is_none_or(|s| s == k.1))
            .copied()
            .collect();
        let mut first = None;
        for k in keys {
            let e = self.pending.remove(&k);
            if first.is_none() {
                first = e;
            }
        }
        first.map_or(Ok(()), Err)
    }

    /// Load a code object (or, from an offload bundle, the entry for the
    /// device's processor) onto device `d`.
    pub fn load_module(&mut self, d: usize, bytes: &[u8]) -> HipResult<u64> {
        let processor = self.device(d)?.processor;
        let code = select_code_object(bytes, processor)?.to_vec();
        let co = code_object::read(&code)
            .map_err(|e| Error::new(Error::INVALID_IMAGE, format!("code object: {e}")))?;
        let object = co.target.map(|t| t.processor);
        if object != Some(processor) {
            return Err(Error::new(
                Error::NO_BINARY_FOR_GPU,
                format!(
                    "the code object is for {}, the emulated device {d} is {}",
                    object.map_or("an unknown processor", |p| p.name()),
                    processor.name()
                ),
            ));
        }
        let mut kernels = HashMap::new();
        for k in &co.kernels {
            let meta = co
                .metadata
                .as_ref()
                .and_then(|m| m.kernels.iter().find(|mk| mk.name == k.name));
            // HIP passes at most 4 KiB of explicit arguments.
            let layout = KernargLayout::of(meta, 4096).map_err(|a| {
                Error::new(
                    Error::INVALID_IMAGE,
                    format!(
                        "kernel `{}` places an argument of {} bytes at {}; HIP arguments fit 4 KiB",
                        k.name, a.size, a.offset
                    ),
                )
            })?;
            kernels.insert(k.name.clone(), layout);
        }
        let mut globals = HashMap::new();
        for s in co.dynamic_symbols.iter().chain(co.symbols.iter()) {
            // STT_OBJECT (1): variables, not kernel descriptors.
            if s.kind == 1 && !s.name.ends_with(".kd") && !s.name.is_empty() {
                globals.entry(s.name.clone()).or_insert((s.value, s.size));
            }
        }
        let dev = self.device(d)?;
        let image = dev
            .emu
            .load_resident(&code)
            .map_err(|e| Error::new(Error::INVALID_IMAGE, e.to_string()))?;
        let h = self.handle();
        self.modules.insert(
            h,
            Module {
                device: d,
                code,
                image,
                kernels,
                globals,
                managed: Vec::new(),
            },
        );
        Ok(h)
    }

    pub fn unload_module(&mut self, h: u64) -> HipResult<()> {
        let m = self.modules.remove(&h).ok_or_else(|| {
            Error::new(
                Error::INVALID_HANDLE,
                format!("module {h:#x} is not loaded"),
            )
        })?;
        self.functions.retain(|_, f| f.module != h);
        if let Some(dev) = self.devices.get_mut(m.device) {
            dev.emu.unload_resident(m.image);
        }
        Ok(())
    }

    /// The device address and size of global `name` of module `h`.
    pub fn global(&self, h: u64, name: &str) -> HipResult<(u64, u64)> {
        let m = self.modules.get(&h).ok_or_else(|| {
            Error::new(
                Error::INVALID_HANDLE,
                format!("module {h:#x} is not loaded"),
            )
        })?;
        let &(off, size) = m.globals.get(name).ok_or_else(|| {
            Error::new(
                Error::NOT_FOUND,
                format!("the module has no global variable `{name}`"),
            )
        })?;
        if off.saturating_add(size) > m.image.size {
            return Err(Error::new(
                Error::INVALID_IMAGE,
                format!("global `{name}` lies outside the module's image"),
            ));
        }
        Ok((m.image.base + off, size))
    }

    /// The module of fat binary `fb` on device `d`, loaded on first use.
    pub fn fatbin_module(&mut self, fb: u64, d: usize) -> HipResult<u64> {
        let f = self.fatbins.get(&fb).ok_or_else(|| {
            Error::new(
                Error::INVALID_HANDLE,
                "the fat binary was unregistered".to_string(),
            )
        })?;
        if let Some(&m) = f.modules.get(&d) {
            return Ok(m);
        }
        let bundle = f.bundle.clone();
        let m = self.load_module(d, &bundle)?;
        let vars: Vec<(usize, u64, String)> = self
            .managed
            .iter()
            .filter(|v| v.fatbin == fb)
            .map(|v| (v.host, v.size, v.name.clone()))
            .collect();
        for (host, size, name) in vars {
            if let Err(e) = self.bind_managed(m, host, size, &name) {
                let _ = self.unload_module(m);
                return Err(e);
            }
        }
        if let Some(f) = self.fatbins.get_mut(&fb) {
            f.modules.insert(d, m);
        }
        Ok(m)
    }

    /// Record managed variable `v`, binding it to the modules its fat
    /// binary has loaded already (a variable they cannot bind is refused).
    pub fn register_managed(&mut self, v: ManagedVar) -> HipResult<()> {
        let loaded: Vec<u64> = self
            .fatbins
            .get(&v.fatbin)
            .map(|f| f.modules.values().copied().collect())
            .unwrap_or_default();
        for m in loaded {
            self.bind_managed(m, v.host, v.size, &v.name)?;
        }
        self.managed.push(v);
        Ok(())
    }

    /// Point module `m`'s pointer variable of managed variable `name` at
    /// the module's storage for it, and have launches keep that storage
    /// in step with the `size` host bytes at `host`.
    fn bind_managed(&mut self, m: u64, host: usize, size: u64, name: &str) -> HipResult<()> {
        let (storage, n) = self.global(m, &format!("{name}.managed"))?;
        let (slot, slot_size) = self.global(m, name)?;
        if n < size || slot_size != 8 {
            return Err(Error::new(
                Error::INVALID_IMAGE,
                format!(
                    "managed variable `{name}` has {n} bytes of device storage and a {slot_size}-byte pointer; {size} bytes and 8 expected"
                ),
            ));
        }
        let d = self
            .modules
            .get(&m)
            .map_or(usize::MAX, |module| module.device);
        self.device(d)?
            .emu
            .memory
            .write(slot, &storage.to_le_bytes())
            .ok_or_else(|| {
                Error::new(
                    Error::INVALID_IMAGE,
                    format!("the pointer of managed variable `{name}` is not writable"),
                )
            })?;
        if let Some(module) = self.modules.get_mut(&m) {
            module.managed.push((host, storage, size));
        }
        Ok(())
    }

    /// Run kernel `f` with packed explicit arguments `kernarg`.
    #[allow(clippy::too_many_arguments)]
    pub fn launch(
        &mut self,
        d: usize,
        f: u64,
        grid: [u32; 3],
        block: [u32; 3],
        shared: u32,
        stream: u64,
        kernarg: &[u8],
    ) -> HipResult<()> {
        let func = self.functions.get(&f).ok_or_else(|| {
            Error::new(
                Error::INVALID_HANDLE,
                format!("function {f:#x} does not exist"),
            )
        })?;
        let (mh, name) = (func.module, func.name.clone());
        let m = self.modules.get(&mh).ok_or_else(|| {
            Error::new(Error::INVALID_HANDLE, "the function's module was unloaded")
        })?;
        if m.device != d {
            return Err(Error::new(
                Error::INVALID_DEVICE,
                format!(
                    "kernel `{name}` was loaded on device {}, the launch is on device {d}",
                    m.device
                ),
            ));
        }
        let args = match m.kernels.get(&name) {
            Some(layout) => layout.split(kernarg).map_err(|short| {
                Error::new(
                    Error::INVALID_VALUE,
                    format!(
                        "kernel `{name}` takes {} bytes of arguments, {} given",
                        short.needed, short.given
                    ),
                )
            })?,
            None => Vec::new(),
        };
        let mut items = [0u32; 3];
        for i in 0..3 {
            if grid[i] == 0 || block[i] == 0 {
                return Err(Error::new(
                    Error::INVALID_CONFIGURATION,
                    format!("grid {grid:?} and block {block:?} must be nonzero"),
                ));
            }
            items[i] = grid[i].checked_mul(block[i]).ok_or_else(|| {
                Error::new(
                    Error::INVALID_CONFIGURATION,
                    format!(
                        "grid {grid:?} of blocks {block:?} exceeds 2^32 - 1 work-items along an axis"
                    ),
                )
            })?;
        }
        if block.iter().map(|&b| b as u64).product::<u64>() > 1024 {
            return Err(Error::new(
                Error::INVALID_CONFIGURATION,
                format!("a block of {block:?} exceeds 1024 threads"),
            ));
        }
        let image = m.image;
        let managed = m.managed.clone();
        let code = std::mem::take(&mut self.modules.get_mut(&mh).expect("checked").code);
        let dev = &mut self.devices[d];
        let p = dev.processor.name();
        dev.emu.options.dynamic_lds = shared;
        for &(host, at, size) in &managed {
            // SAFETY: the application's managed variable storage, `size`
            // bytes as registered; it lives as long as the application.
            let b = unsafe { std::slice::from_raw_parts(host as *const u8, size as usize) };
            dev.emu.memory.write(at, b);
        }
        let r = dev
            .emu
            .launch_resident(&image, &code, &name, items, block, &args);
        for &(host, at, size) in &managed {
            // SAFETY: as above; the host sees the kernel's writes.
            let b = unsafe { std::slice::from_raw_parts_mut(host as *mut u8, size as usize) };
            dev.emu.memory.read(at, b);
        }
        if let Some(m) = self.modules.get_mut(&mh) {
            m.code = code;
        }
        match r {
            Ok(_) => Ok(()),
            Err(e @ silk_emu::Error::Fault(_))
            | Err(e @ silk_emu::Error::Unsupported { .. })
            | Err(e @ silk_emu::Error::Decode { .. }) => {
                let code = match e.fault().map(|f| f.kind) {
                    Some(silk_emu::FaultKind::OutOfBounds | silk_emu::FaultKind::Unaligned) => {
                        Error::ILLEGAL_ADDRESS
                    }
                    _ => Error::LAUNCH_FAILURE,
                };
                let err = Error::new(
                    code,
                    format!("kernel `{name}` failed on emulated {p} device {d}: {e}"),
                );
                self.pending.entry((d, stream)).or_insert(err);
                Ok(())
            }
            Err(e @ silk_emu::Error::Geometry(_)) => Err(Error::new(
                Error::INVALID_CONFIGURATION,
                format!("cannot launch `{name}` on emulated {p} device {d}: {e}"),
            )),
            Err(e @ silk_emu::Error::Memory(_)) => Err(Error::new(
                Error::OUT_OF_MEMORY,
                format!("cannot launch `{name}` on emulated {p} device {d}: {e}"),
            )),
            Err(e) => Err(Error::new(
                Error::INVALID_VALUE,
                format!("cannot launch `{name}` on emulated {p} device {d}: {e}"),
            )),
        }
    }
}

/// The code object for `processor`: `bytes` itself when it is an ELF, or
/// its offload-bundle entry `hip*-amdgcn-amd-amdhsa--<processor>[:features]`.
pub fn select_code_object(bytes: &[u8], processor: Processor) -> HipResult<&[u8]> {
    if bytes.starts_with(b"\x7fELF") {
        return Ok(bytes);
    }
    if bytes.starts_with(b"CCOB") {
        return Err(Error::new(
            Error::INVALID_IMAGE,
            "the fat binary is a compressed offload bundle (--offload-compress); only uncompressed bundles are read",
        ));
    }
    if !OffloadBundle::is_bundle(bytes) {
        return Err(Error::new(
            Error::INVALID_IMAGE,
            "the image is neither a code object (ELF) nor a clang offload bundle",
        ));
    }
    let b = OffloadBundle::parse(bytes)
        .map_err(|e| Error::new(Error::INVALID_IMAGE, format!("offload bundle: {e}")))?;
    let want = processor.name();
    let mut seen = Vec::new();
    for e in &b.entries {
        let id = e.id.as_str();
        seen.push(id.to_string());
        let Some((kind, target)) = id.split_once('-') else {
            continue;
        };
        if !kind.starts_with("hip") {
            continue;
        }
        let Some(rest) = target.strip_prefix("amdgcn-amd-amdhsa-") else {
            continue;
        };
        let proc_name = rest.trim_start_matches('-').split(':').next().unwrap_or("");
        if proc_name == want {
            return b
                .extract(bytes, id)
                .map_err(|e| Error::new(Error::INVALID_IMAGE, format!("offload bundle: {e}")));
        }
    }
    Err(Error::new(
        Error::NO_BINARY_FOR_GPU,
        format!(
            "the fat binary has no code object for {want} (entries: {})",
            seen.join(", ")
        ),
    ))
}

/// The length of the offload bundle at `p` (a fat binary handed over by
/// pointer only): the end of its furthest entry, from the header.
///
/// # Safety
/// `p` must point to a readable clang offload bundle.
pub unsafe fn bundle_len(p: *const u8) -> HipResult<usize> {
    const MAGIC: &[u8] = b"__CLANG_OFFLOAD_BUNDLE__";
    let bad = |m: &str| Error::new(Error::INVALID_IMAGE, format!("fat binary: {m}"));
    // SAFETY: the caller guarantees a readable bundle header.
    let read = |at: usize, n: usize| unsafe { std::slice::from_raw_parts(p.add(at), n) };
    let u64_at = |at: usize| u64::from_le_bytes(read(at, 8).try_into().unwrap_or([0; 8]));
    if read(0, 4) == b"CCOB" {
        return Err(bad(
            "a compressed offload bundle (--offload-compress); only uncompressed bundles are read",
        ));
    }
    if read(0, MAGIC.len()) != MAGIC {
        return Err(bad("no __CLANG_OFFLOAD_BUNDLE__ magic"));
    }
    let count = u64_at(24);
    if count > 1024 {
        return Err(bad(&format!("{count} entries; at most 1024 are read")));
    }
    let mut at = 32usize;
    let mut end = at;
    for _ in 0..count {
        let (off, size, id_len) = (u64_at(at), u64_at(at + 8), u64_at(at + 16));
        if id_len > 4096 || off > 1 << 32 || size > 1 << 32 {
            return Err(bad("an entry header is out of range"));
        }
        at += 24 + id_len as usize;
        end = end.max(at).max((off + size) as usize);
    }
    Ok(end)
}
