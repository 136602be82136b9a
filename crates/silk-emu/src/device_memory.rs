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
/// Device memory a [`Memory`] may hold by default (4 GiB): the sum of its
/// buffers, code images, kernarg segments and a launch's scratch. A size
/// beyond what is left is an error before anything is allocated
/// ([`Memory::set_limit`], `silk emu --max-memory`). Allocations are
/// zero-filled lazily by the operating system, so the machine's memory
/// is spent only on the pages a kernel touches.
pub const DEFAULT_MAX_MEMORY: u64 = 4 << 30;

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
#[derive(Debug)]
pub struct Memory {
    regions: Vec<Region>,
    next: u64,
    /// Bytes held by `regions`.
    held: u64,
    limit: u64,
}

impl Default for Memory {
    fn default() -> Memory {
        Memory::new()
    }
}

impl Memory {
    pub fn new() -> Memory {
        Memory {
            regions: Vec::new(),
            next: GLOBAL_BASE,
            held: 0,
            limit: DEFAULT_MAX_MEMORY,
        }
    }

    /// The most bytes this memory may hold ([`DEFAULT_MAX_MEMORY`] unless set).
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// Change the most bytes this memory may hold.
    pub fn set_limit(&mut self, bytes: u64) {
        self.limit = bytes;
    }

    /// Bytes not yet allocated under the limit.
    pub fn available(&self) -> u64 {
        self.limit.saturating_sub(self.held)
    }

    /// An error unless `size` more bytes (`what` they are for) fit under
    /// the limit; called before allocating anything of a declared size.
    pub fn check_fits(&self, size: u64, what: &str) -> Result<()> {
        if size > self.available() {
            return Err(Error::Memory(format!(
                "{what} of {size} bytes exceeds the {} bytes of device memory left (limit {} bytes; raise it with --max-memory)",
                self.available(),
                self.limit
            )));
        }
        Ok(())
    }

    /// Allocate `size` zeroed bytes (256-byte aligned).
    pub fn alloc(&mut self, size: u64) -> Result<Buffer> {
        self.check_fits(size, "an allocation")?;
        self.alloc_with(zeroed(size)?, true)
    }

    /// Allocate a copy of `bytes`.
    pub fn alloc_bytes(&mut self, bytes: &[u8]) -> Result<Buffer> {
        self.check_fits(bytes.len() as u64, "an allocation")?;
        self.alloc_with(bytes.to_vec(), true)
    }

    pub(crate) fn alloc_with(&mut self, data: Vec<u8>, writable: bool) -> Result<Buffer> {
        let size = data.len() as u64;
        self.check_fits(size, "an allocation")?;
        let base = self.next;
        self.next = (base + size + GUARD).next_multiple_of(256);
        if self.next >= SHARED_APERTURE {
            return Err(Error::Memory("device address space exhausted".into()));
        }
        self.held += size;
        self.regions.push(Region {
            base,
            data,
            writable,
        });
        Ok(Buffer { addr: base, size })
    }

    /// Place `data` at a fixed address (code objects); must not overlap.
    pub(crate) fn map_at(&mut self, base: u64, data: Vec<u8>, writable: bool) -> Result<()> {
        let end = base + data.len() as u64;
        if self
            .regions
            .iter()
            .any(|r| base < r.base + r.data.len() as u64 && r.base < end)
        {
            return Err(Error::Memory(format!("mapping at {base:#x} overlaps")));
        }
        self.check_fits(data.len() as u64, "a mapping")?;
        self.held += data.len() as u64;
        self.regions.push(Region {
            base,
            data,
            writable,
        });
        self.regions.sort_by_key(|r| r.base);
        Ok(())
    }

    /// Free every allocation at or above `mark` address order (used to drop
    /// per-launch kernarg and packet memory).
    pub(crate) fn release(&mut self, buffer: Buffer) {
        let held = &mut self.held;
        self.regions.retain(|r| {
            let keep = r.base != buffer.addr;
            if !keep {
                *held -= r.data.len() as u64;
            }
            keep
        });
    }

    /// Free every allocation inside `base..base + size` (a code image's
    /// parts).
    pub(crate) fn release_range(&mut self, base: u64, size: u64) {
        let held = &mut self.held;
        self.regions.retain(|r| {
            let keep = r.base < base || r.base - base >= size;
            if !keep {
                *held -= r.data.len() as u64;
            }
            keep
        });
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

/// `size` zero bytes, obtained from the allocator already zeroed: for large
/// sizes the operating system maps zero pages and commits each on first
/// touch, so untouched memory costs nothing. A refusal is an error, not
/// the abort `vec![0; size]` would be.
pub(crate) fn zeroed(size: u64) -> Result<Vec<u8>> {
    let n = usize::try_from(size).map_err(|_| too_big(size))?;
    if n == 0 {
        return Ok(Vec::new());
    }
    let layout = std::alloc::Layout::array::<u8>(n).map_err(|_| too_big(size))?;
    // SAFETY: `layout` has a non-zero size.
    let p = unsafe { std::alloc::alloc_zeroed(layout) };
    if p.is_null() {
        return Err(Error::Memory(format!("cannot allocate {size} bytes")));
    }
    // SAFETY: `p` comes from the global allocator with the layout of a
    // `Vec<u8>` of capacity `n`, and its `n` bytes are initialized (zero).
    Ok(unsafe { Vec::from_raw_parts(p, n, n) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declared_sizes_beyond_the_limit_are_errors_before_allocating() {
        let mut m = Memory::new();
        for size in [u64::MAX, 1_000_000_000_000, DEFAULT_MAX_MEMORY + 1] {
            let e = m.alloc(size).unwrap_err().to_string();
            assert!(e.contains("exceeds") && e.contains("--max-memory"), "{e}");
        }
        m.set_limit(1 << 20);
        let a = m.alloc(1 << 19).unwrap();
        assert_eq!(m.available(), 1 << 19);
        assert!(m.alloc((1 << 19) + 1).is_err());
        m.release(a);
        assert_eq!(m.available(), 1 << 20);
        // Zero-filled lazily: a large allocation commits no page until used.
        let mut m = Memory::new();
        let b = m.alloc(1 << 30).unwrap();
        m.write(b.addr + (1 << 29), &[7]).unwrap();
        let mut x = [0u8; 2];
        m.read(b.addr + (1 << 29), &mut x).unwrap();
        assert_eq!(x, [7, 0]);
    }
}
