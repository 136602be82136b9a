//! The emulator provider: devices emulated in-process by `silk-emu`, so a
//! Silk application runs on a machine without an AMD GPU.
//!
//! Each emulated device is the bundle's processor. A dispatch runs to
//! completion inside `launch` (the emulator is synchronous); what goes
//! wrong while the kernel runs (a strict-mode fault: a missing wait, a
//! hazard, an out-of-bounds access; an unsupported or undecodable
//! instruction) is kept on the stream and reported by the next
//! synchronize of that stream or of the device, as a GPU reports an
//! asynchronous fault. What is wrong before the kernel starts is a launch
//! failure.

use crate::bundle::Entry;
use crate::provider::{Provider, ProviderError, ProviderResult};
use crate::status;
use silk_amdgpu::code_object;
use silk_amdgpu::target::Processor;
use silk_emu::{Emulator, KernargLayout};
use std::collections::HashMap;

/// Device memory of one emulated device: allocations beyond it fail
/// before the emulator allocates anything.
pub const DEVICE_MEMORY: u64 = 4 << 30;

struct Device {
    emu: Option<Emulator>,
    /// Live allocations: address -> size.
    buffers: HashMap<u64, u64>,
    held: u64,
    streams: Vec<u64>,
}

struct Loaded {
    device: usize,
    name: String,
    code: Vec<u8>,
    /// Where each explicit argument is in the packed arguments.
    args: KernargLayout,
}

pub struct EmulatorProvider {
    processor: Processor,
    devices: Vec<Device>,
    kernels: Vec<Loaded>,
    /// Faults waiting for a synchronize: (device, stream) -> report.
    pending: HashMap<(usize, u64), ProviderError>,
    next_stream: u64,
}

impl EmulatorProvider {
    pub fn new(processor: Processor, devices: usize) -> EmulatorProvider {
        EmulatorProvider {
            processor,
            devices: (0..devices)
                .map(|_| Device {
                    emu: None,
                    buffers: HashMap::new(),
                    held: 0,
                    streams: Vec::new(),
                })
                .collect(),
            kernels: Vec::new(),
            pending: HashMap::new(),
            next_stream: 1,
        }
    }

    fn emu(&mut self, device: usize) -> &mut Emulator {
        let p = self.processor;
        self.devices[device]
            .emu
            .get_or_insert_with(|| Emulator::new(p))
    }

    fn check_stream(&self, device: usize, stream: u64) -> ProviderResult<()> {
        if stream == 0 || self.devices[device].streams.contains(&stream) {
            Ok(())
        } else {
            Err(ProviderError::new(
                status::INVALID_STREAM,
                format!("emulated device {device} has no stream {stream}"),
            ))
        }
    }

    fn check_range(&self, device: usize, address: u64, len: u64) -> ProviderResult<()> {
        let inside = self.devices[device]
            .buffers
            .iter()
            .any(|(&a, &s)| address >= a && address - a <= s && len <= s - (address - a));
        if inside {
            Ok(())
        } else {
            Err(ProviderError::new(
                status::PROVIDER,
                format!("{len} bytes at {address:#x} are not inside one allocation of emulated device {device}"),
            ))
        }
    }

    fn take_pending(&mut self, device: usize, stream: Option<u64>) -> ProviderResult<()> {
        let mut keys: Vec<(usize, u64)> = self
            .pending
            .keys()
            .filter(|k| k.0 == device && stream.is_none_or(|s| s == k.1))
            .copied()
            .collect();
        keys.sort_unstable();
        let mut first = None;
        for k in keys {
            let e = self.pending.remove(&k);
            if first.is_none() {
                first = e;
            }
        }
        first.map_or(Ok(()), Err)
    }
}

impl Provider for EmulatorProvider {
    fn name(&self) -> &'static str {
        "emulator"
    }

    fn device_count(&self) -> usize {
        self.devices.len()
    }

    fn processor(&mut self, _device: usize) -> Option<String> {
        Some(self.processor.name().to_string())
    }

    fn alloc(&mut self, device: usize, byte_len: u64) -> ProviderResult<u64> {
        let d = &self.devices[device];
        if byte_len > DEVICE_MEMORY - d.held {
            return Err(ProviderError::new(
                status::PROVIDER,
                format!(
                    "out of memory: {byte_len} bytes requested, {} of the emulated device's {DEVICE_MEMORY} left",
                    DEVICE_MEMORY - d.held
                ),
            ));
        }
        let b = self
            .emu(device)
            .alloc(byte_len)
            .map_err(|e| ProviderError::new(status::PROVIDER, e.to_string()))?;
        let d = &mut self.devices[device];
        d.buffers.insert(b.addr, b.size);
        d.held += b.size;
        Ok(b.addr)
    }

    fn free(&mut self, device: usize, address: u64) -> ProviderResult<()> {
        let size = self.devices[device]
            .buffers
            .remove(&address)
            .ok_or_else(|| {
                ProviderError::new(
                    status::INVALID_BUFFER,
                    format!("no allocation at {address:#x} on emulated device {device}"),
                )
            })?;
        self.devices[device].held -= size;
        self.emu(device)
            .free(silk_emu::Buffer {
                addr: address,
                size,
            })
            .map_err(|e| ProviderError::new(status::PROVIDER, e.to_string()))
    }

    unsafe fn upload(
        &mut self,
        device: usize,
        stream: u64,
        address: u64,
        src: *const u8,
        len: u64,
    ) -> ProviderResult<()> {
        self.check_stream(device, stream)?;
        self.check_range(device, address, len)?;
        // SAFETY: the caller guarantees `src` is readable for `len` bytes;
        // the copy is done before this returns.
        let bytes = unsafe { std::slice::from_raw_parts(src, len as usize) };
        self.emu(device)
            .memory
            .write(address, bytes)
            .ok_or_else(|| ProviderError::new(status::PROVIDER, "device write failed"))
    }

    unsafe fn download(
        &mut self,
        device: usize,
        stream: u64,
        address: u64,
        dst: *mut u8,
        len: u64,
    ) -> ProviderResult<()> {
        self.check_stream(device, stream)?;
        self.check_range(device, address, len)?;
        // SAFETY: the caller guarantees `dst` is writable for `len` bytes;
        // the copy is done before this returns.
        let out = unsafe { std::slice::from_raw_parts_mut(dst, len as usize) };
        self.emu(device)
            .memory
            .read(address, out)
            .ok_or_else(|| ProviderError::new(status::PROVIDER, "device read failed"))
    }

    fn stream_create(&mut self, device: usize) -> ProviderResult<u64> {
        let s = self.next_stream;
        self.next_stream += 1;
        self.devices[device].streams.push(s);
        Ok(s)
    }

    fn stream_synchronize(&mut self, device: usize, stream: u64) -> ProviderResult<()> {
        self.check_stream(device, stream)?;
        self.take_pending(device, Some(stream))
    }

    fn stream_destroy(&mut self, device: usize, stream: u64) -> ProviderResult<()> {
        self.check_stream(device, stream)?;
        self.pending.remove(&(device, stream));
        self.devices[device].streams.retain(|&s| s != stream);
        Ok(())
    }

    fn device_synchronize(&mut self, device: usize) -> ProviderResult<()> {
        self.take_pending(device, None)
    }

    fn load(&mut self, device: usize, entry: &Entry<'_>) -> ProviderResult<u64> {
        let fail = |m: String| ProviderError::new(status::LOAD_FAILED, m);
        let co = code_object::read(entry.payload)
            .map_err(|e| fail(format!("kernel `{}`: {e}", entry.name)))?;
        let object = co.target.map(|t| t.processor);
        if object != Some(self.processor) {
            return Err(fail(format!(
                "kernel `{}` is a code object for {}, which emulated {} device {device} cannot load",
                entry.name,
                object.map_or("an unknown processor", |p| p.name()),
                self.processor.name()
            )));
        }
        if !co.kernels.iter().any(|k| k.name == entry.name) {
            return Err(fail(format!(
                "the code object of entry `{}` has no kernel of that name",
                entry.name
            )));
        }
        let meta = co
            .metadata
            .as_ref()
            .and_then(|m| m.kernels.iter().find(|k| k.name == entry.name));
        let args = KernargLayout::of(meta, entry.kernarg_size as u64).map_err(|a| {
            fail(format!(
                "kernel `{}`: its metadata places argument {} at bytes {}..{}, beyond the bundle's explicit-kernarg size {}",
                entry.name,
                a.index,
                a.offset,
                a.offset.saturating_add(a.size),
                a.limit
            ))
        })?;
        self.kernels.push(Loaded {
            device,
            name: entry.name.to_string(),
            code: entry.payload.to_vec(),
            args,
        });
        Ok(self.kernels.len() as u64 - 1)
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
        self.check_stream(device, stream)?;
        let Some(k) = self.kernels.get(function as usize) else {
            return Err(ProviderError::new(
                status::PROVIDER,
                format!("no loaded function {function}"),
            ));
        };
        if k.device != device {
            return Err(ProviderError::new(
                status::CROSS_DEVICE,
                format!(
                    "function `{}` was loaded on device {}, not {device}",
                    k.name, k.device
                ),
            ));
        }
        let packed = k.args.split(args).map_err(|short| {
            ProviderError::new(
                status::PROVIDER,
                format!(
                    "function `{}` takes {} bytes of arguments, {} given",
                    k.name, short.needed, short.given
                ),
            )
        })?;
        let grid = blocks as u64 * workgroup as u64;
        let processor = self.processor;
        let emu = self.devices[device]
            .emu
            .get_or_insert_with(|| Emulator::new(processor));
        let result = emu.launch(
            &k.code,
            &k.name,
            [grid as u32, 1, 1],
            [workgroup, 1, 1],
            &packed,
        );
        let (name, p) = (&k.name, processor.name());
        match result {
            Ok(_) => Ok(()),
            Err(
                e @ (silk_emu::Error::Fault(_)
                | silk_emu::Error::Unsupported { .. }
                | silk_emu::Error::Decode { .. }),
            ) => {
                let report = ProviderError::new(
                    status::KERNEL_FAULT,
                    format!("kernel `{name}` failed on emulated {p} device {device}: {e}"),
                );
                self.pending.entry((device, stream)).or_insert(report);
                Ok(())
            }
            Err(e) => Err(ProviderError::new(
                status::PROVIDER,
                format!("emulated {p} device {device} cannot launch `{name}`: {e}"),
            )),
        }
    }
}
