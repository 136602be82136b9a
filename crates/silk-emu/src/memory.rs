//! Device memory: a set of disjoint allocations in a 64-bit address space.
//! Every access is checked against the allocations, so a kernel reading past
//! a buffer faults instead of reading a neighbour.

use crate::error::{Error, Result};

/// Where global allocations start; below the LDS and scratch apertures.
pub const GLOBAL_BASE: u64 = 0x0000_1000_0000_0000;
/// Gap left between allocations so an overrun never lands in the next one.
const GUARD: u64 = 0x1_0000;
/// Flat aperture of LDS (`src_shared_base`): high half 0x10000.
pub const SHARED_APERTURE: u64 = 0x0001_0000_0000_0000;
/// Flat aperture of scratch (`src_private_base`): high half 0x20000.
pub const PRIVATE_APERTURE: u64 = 0x0002_0000_0000_0000;
/// Size of each aperture.
pub const APERTURE_SIZE: u64 = 1 << 32;

/// A device allocation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Buffer {
    /// Device address of the first byte.
    pub addr: u64,
    pub size: u64,
}

#[derive(Debug)]
struct Region {
    base: u64,
    data: Vec<u8>,
    writable: bool,
}

/// All device allocations.
#[derive(Debug, Default)]
pub struct Memory {
    regions: Vec<Region>,
    next: u64,
}

impl Memory {
    pub fn new() -> Memory {
        Memory {
            regions: Vec::new(),
            next: GLOBAL_BASE,
        }
    }

    /// Allocate `size` zeroed bytes (256-byte aligned).
    pub fn alloc(&mut self, size: u64) -> Result<Buffer> {
        self.alloc_with(
            vec![0; usize::try_from(size).map_err(|_| too_big(size))?],
            true,
        )
    }

    /// Allocate a copy of `bytes`.
    pub fn alloc_bytes(&mut self, bytes: &[u8]) -> Result<Buffer> {
        self.alloc_with(bytes.to_vec(), true)
    }

    pub(crate) fn alloc_with(&mut self, data: Vec<u8>, writable: bool) -> Result<Buffer> {
        let size = data.len() as u64;
        if size > 1 << 36 {
            return Err(too_big(size));
        }
        let base = self.next;
        self.next = (base + size + GUARD).next_multiple_of(256);
        if self.next >= SHARED_APERTURE {
            return Err(Error::Memory("device address space exhausted".into()));
        }
        self.regions.push(Region {
            base,
            data,
            writable,
        });
        Ok(Buffer { addr: base, size })
    }

    /// Place `data` at a fixed address (code objects); must not overlap.
    pub(crate) fn map_at(&mut self, base: u64, data: Vec<u8>) -> Result<()> {
        let end = base + data.len() as u64;
        if self
            .regions
            .iter()
            .any(|r| base < r.base + r.data.len() as u64 && r.base < end)
        {
            return Err(Error::Memory(format!("mapping at {base:#x} overlaps")));
        }
        self.regions.push(Region {
            base,
            data,
            writable: false,
        });
        self.regions.sort_by_key(|r| r.base);
        Ok(())
    }

    /// Free every allocation at or above `mark` address order (used to drop
    /// per-launch kernarg and packet memory).
    pub(crate) fn release(&mut self, buffer: Buffer) {
        self.regions.retain(|r| r.base != buffer.addr);
    }

    fn find(&self, addr: u64, len: u64) -> Option<(usize, usize)> {
        // Regions are few; the last hit is usually the right one.
        for (i, r) in self.regions.iter().enumerate() {
            if addr >= r.base {
                let off = addr - r.base;
                if off.checked_add(len)? <= r.data.len() as u64 {
                    return Some((i, off as usize));
                }
            }
        }
        None
    }

    /// Read `out.len()` bytes at `addr`; `None` when not fully inside one allocation.
    pub fn read(&self, addr: u64, out: &mut [u8]) -> Option<()> {
        let (i, off) = self.find(addr, out.len() as u64)?;
        out.copy_from_slice(&self.regions[i].data[off..off + out.len()]);
        Some(())
    }

    /// Write `bytes` at `addr`; `None` when not inside one writable allocation.
    pub fn write(&mut self, addr: u64, bytes: &[u8]) -> Option<()> {
        let (i, off) = self.find(addr, bytes.len() as u64)?;
        let r = &mut self.regions[i];
        if !r.writable {
            return None;
        }
        r.data[off..off + bytes.len()].copy_from_slice(bytes);
        Some(())
    }

    /// The bytes of a whole buffer.
    pub fn contents(&self, buffer: Buffer) -> Result<&[u8]> {
        self.regions
            .iter()
            .find(|r| r.base == buffer.addr && r.data.len() as u64 == buffer.size)
            .map(|r| &r.data[..])
            .ok_or_else(|| Error::Memory(format!("no buffer at {:#x}", buffer.addr)))
    }

    /// Overwrite a buffer's bytes from the start.
    pub fn fill(&mut self, buffer: Buffer, bytes: &[u8]) -> Result<()> {
        let r = self
            .regions
            .iter_mut()
            .find(|r| r.base == buffer.addr && r.data.len() as u64 == buffer.size)
            .ok_or_else(|| Error::Memory(format!("no buffer at {:#x}", buffer.addr)))?;
        if bytes.len() > r.data.len() {
            return Err(Error::Memory(format!(
                "{} bytes do not fit a buffer of {}",
                bytes.len(),
                r.data.len()
            )));
        }
        r.data[..bytes.len()].copy_from_slice(bytes);
        Ok(())
    }
}

fn too_big(size: u64) -> Error {
    Error::Memory(format!("allocation of {size} bytes is too large"))
}
