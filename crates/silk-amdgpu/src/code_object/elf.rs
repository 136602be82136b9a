//! ELF-64 constants for AMDGPU objects ([gABI]; AMDGPU values from
//! [AMDGPUUsage] "ELF Code Object": "AMDGPU ELF Header", "AMDGPU ELF Note
//! Records"), bounds-checked little-endian reads, and the two dynamic-symbol
//! hash functions.

use super::{CodeObjectError, Result};

pub const ELFMAG: [u8; 4] = [0x7f, b'E', b'L', b'F'];
pub const ELFCLASS64: u8 = 2;
pub const ELFDATA2LSB: u8 = 1;
pub const EV_CURRENT: u8 = 1;
/// `EI_OSABI` of AMDHSA code objects.
pub const ELFOSABI_AMDGPU_HSA: u8 = 64;
/// `EI_ABIVERSION` for Code Object V6 (V4 = 2, V5 = 3, V6 = 4).
pub const ELFABIVERSION_AMDGPU_HSA_V6: u8 = 4;
pub const ET_DYN: u16 = 3;
pub const EM_AMDGPU: u16 = 224;

pub const EHDR_SIZE: usize = 64;
pub const PHDR_SIZE: usize = 56;
pub const SHDR_SIZE: usize = 64;
pub const SYM_SIZE: usize = 24;
pub const DYN_SIZE: usize = 16;

pub const PT_NULL: u32 = 0;
pub const PT_LOAD: u32 = 1;
pub const PT_DYNAMIC: u32 = 2;
pub const PT_NOTE: u32 = 4;
pub const PT_PHDR: u32 = 6;
pub const PT_GNU_STACK: u32 = 0x6474_e551;
pub const PT_GNU_RELRO: u32 = 0x6474_e552;
pub const PF_X: u32 = 1;
pub const PF_W: u32 = 2;
pub const PF_R: u32 = 4;

pub const SHT_NULL: u32 = 0;
pub const SHT_PROGBITS: u32 = 1;
pub const SHT_SYMTAB: u32 = 2;
pub const SHT_STRTAB: u32 = 3;
pub const SHT_HASH: u32 = 5;
pub const SHT_DYNAMIC: u32 = 6;
pub const SHT_NOTE: u32 = 7;
pub const SHT_NOBITS: u32 = 8;
pub const SHT_DYNSYM: u32 = 11;
pub const SHT_GNU_HASH: u32 = 0x6fff_fff6;
pub const SHF_WRITE: u64 = 1;
pub const SHF_ALLOC: u64 = 2;
pub const SHF_EXECINSTR: u64 = 4;
pub const SHF_MERGE: u64 = 0x10;
pub const SHF_STRINGS: u64 = 0x20;

pub const SHN_UNDEF: u16 = 0;
pub const SHN_ABS: u16 = 0xfff1;
pub const STB_LOCAL: u8 = 0;
pub const STB_GLOBAL: u8 = 1;
pub const STT_NOTYPE: u8 = 0;
pub const STT_OBJECT: u8 = 1;
pub const STT_FUNC: u8 = 2;
pub const STV_DEFAULT: u8 = 0;
pub const STV_HIDDEN: u8 = 2;
pub const STV_PROTECTED: u8 = 3;

pub const DT_NULL: u64 = 0;
pub const DT_HASH: u64 = 4;
pub const DT_STRTAB: u64 = 5;
pub const DT_SYMTAB: u64 = 6;
pub const DT_STRSZ: u64 = 10;
pub const DT_SYMENT: u64 = 11;
pub const DT_GNU_HASH: u64 = 0x6fff_fef5;

/// `NT_AMDGPU_METADATA` note type, owner `AMDGPU`.
pub const NT_AMDGPU_METADATA: u32 = 32;
pub const NOTE_OWNER_AMDGPU: &[u8] = b"AMDGPU";

/// lld's `-z max-page-size`/`common-page-size` for AMDGPU.
pub const PAGE_SIZE: u64 = 0x1000;

/// SysV `.hash` function ([gABI] "Hash Table").
pub fn sysv_hash(name: &[u8]) -> u32 {
    let mut h: u32 = 0;
    for &c in name {
        h = (h << 4).wrapping_add(c as u32);
        let g = h & 0xf000_0000;
        if g != 0 {
            h ^= g >> 24;
        }
        h &= !g;
    }
    h
}

/// GNU `.gnu.hash` function (Bernstein's djb2, `h * 33 + c`).
pub fn gnu_hash(name: &[u8]) -> u32 {
    name.iter()
        .fold(5381u32, |h, &c| h.wrapping_mul(33).wrapping_add(c as u32))
}

pub fn align_up(value: u64, align: u64) -> u64 {
    if align <= 1 {
        value
    } else {
        value.div_ceil(align).saturating_mul(align)
    }
}

/// A bounds-checked view of input bytes: every read names what it reads, so
/// a truncated table produces an actionable error instead of a panic.
#[derive(Clone, Copy)]
pub struct Bytes<'a> {
    pub data: &'a [u8],
}

impl<'a> Bytes<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        Bytes { data }
    }

    /// `len` bytes at `offset`, or `None` when they are not all inside.
    pub fn get(&self, offset: u64, len: u64) -> Option<&'a [u8]> {
        let end = offset.checked_add(len)?;
        if end <= self.data.len() as u64 {
            Some(&self.data[offset as usize..end as usize])
        } else {
            None
        }
    }

    /// [`Bytes::slice`] with the description built only on failure.
    pub fn slice_with(
        &self,
        offset: u64,
        len: u64,
        what: impl FnOnce() -> String,
    ) -> Result<&'a [u8]> {
        match self.get(offset, len) {
            Some(s) => Ok(s),
            None => self.slice(offset, len, &what()),
        }
    }

    pub fn slice(&self, offset: u64, len: u64, what: &str) -> Result<&'a [u8]> {
        let end = offset.checked_add(len);
        match end {
            Some(end) if end <= self.data.len() as u64 => {
                Ok(&self.data[offset as usize..end as usize])
            }
            _ => Err(CodeObjectError::Truncated {
                what: what.to_string(),
                offset,
                needed: len,
                available: self.data.len() as u64,
            }),
        }
    }

    pub fn u8(&self, offset: u64, what: &str) -> Result<u8> {
        Ok(self.slice(offset, 1, what)?[0])
    }

    pub fn u16(&self, offset: u64, what: &str) -> Result<u16> {
        let b = self.slice(offset, 2, what)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }

    pub fn u32(&self, offset: u64, what: &str) -> Result<u32> {
        let b = self.slice(offset, 4, what)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    pub fn u64(&self, offset: u64, what: &str) -> Result<u64> {
        let b = self.slice(offset, 8, what)?;
        let mut a = [0u8; 8];
        a.copy_from_slice(b);
        Ok(u64::from_le_bytes(a))
    }

    /// NUL-terminated string starting at `offset` within this view.
    pub fn cstr(&self, offset: u64, what: &str) -> Result<&'a str> {
        let rest = self.slice(
            offset,
            (self.data.len() as u64).saturating_sub(offset),
            what,
        )?;
        let end = rest.iter().position(|&b| b == 0).ok_or_else(|| {
            CodeObjectError::Malformed(format!(
                "{what}: string at offset {offset:#x} is not NUL-terminated"
            ))
        })?;
        std::str::from_utf8(&rest[..end]).map_err(|_| {
            CodeObjectError::Malformed(format!("{what}: string at offset {offset:#x} is not UTF-8"))
        })
    }
}

/// A string table (`.strtab`, `.dynstr`, `.shstrtab`) checked for UTF-8
/// once, so looking a name up is a NUL search and a sub-slice; results and
/// errors are exactly those of [`Bytes::cstr`].
#[derive(Clone, Copy)]
pub struct StrTab<'a> {
    bytes: Bytes<'a>,
    /// The whole table when it is valid UTF-8.
    text: Option<&'a str>,
}

impl<'a> StrTab<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        StrTab {
            bytes: Bytes::new(data),
            text: std::str::from_utf8(data).ok(),
        }
    }

    /// NUL-terminated string at `offset`.
    pub fn get(&self, offset: u64, what: &str) -> Result<&'a str> {
        // In a valid UTF-8 table a string starting on a character boundary
        // and ending at a NUL (always a boundary) is valid UTF-8; any other
        // case takes the checked path for its precise error.
        let fast = self
            .text
            .zip(usize::try_from(offset).ok())
            .and_then(|(t, o)| t.get(o..))
            .and_then(|rest| rest.find('\0').map(|end| &rest[..end]));
        match fast {
            Some(s) => Ok(s),
            None => self.bytes.cstr(offset, what),
        }
    }
}

/// Little-endian appends for the writer.
pub trait PutLe {
    fn put_u16(&mut self, v: u16);
    fn put_u32(&mut self, v: u32);
    fn put_u64(&mut self, v: u64);
    fn pad_to(&mut self, len: usize);
}

impl PutLe for Vec<u8> {
    fn put_u16(&mut self, v: u16) {
        self.extend_from_slice(&v.to_le_bytes());
    }
    fn put_u32(&mut self, v: u32) {
        self.extend_from_slice(&v.to_le_bytes());
    }
    fn put_u64(&mut self, v: u64) {
        self.extend_from_slice(&v.to_le_bytes());
    }
    fn pad_to(&mut self, len: usize) {
        if self.len() < len {
            self.resize(len, 0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_match_known_values() {
        // Values read from the `.hash`/`.gnu.hash` of clang-22 output
        // (`multi`): the GNU chain word for `k1` is 0x00597840 | LSB.
        assert_eq!(gnu_hash(b"k1") & !1, 0x0059_7840);
        assert_eq!(gnu_hash(b""), 5381);
        assert_eq!(sysv_hash(b""), 0);
        // gABI example-free check: printable names stay below 2^28.
        assert!(sysv_hash(b"a_rather_long_kernel_name_to_fold") < 1 << 28);
        assert_eq!(sysv_hash(b"k1"), (((b'k' as u32) << 4) + b'1' as u32));
    }

    #[test]
    fn bounds_checked_reads() {
        let b = Bytes::new(&[1, 2, 3, b'a', 0]);
        assert_eq!(b.u16(0, "x").unwrap(), 0x0201);
        assert!(matches!(
            b.u32(2, "table"),
            Err(CodeObjectError::Truncated { offset: 2, .. })
        ));
        assert!(b.u64(u64::MAX, "far").is_err());
        assert_eq!(b.cstr(3, "s").unwrap(), "a");
        assert!(b.cstr(9, "s").is_err());
        let t = StrTab::new(b"\0ab\0c");
        assert_eq!(t.get(1, "s").unwrap(), "ab");
        assert_eq!(t.get(0, "s").unwrap(), "");
        assert!(t.get(4, "s").is_err());
        assert!(t.get(9, "s").is_err());
        let bad = StrTab::new(b"\0\xce\xbb\0\xff\0");
        assert_eq!(bad.get(1, "s").unwrap(), "\u{3bb}");
        assert!(bad.get(2, "s").is_err());
        assert!(bad.get(4, "s").is_err());
        let mid = StrTab::new(b"\0\xce\xbb\0");
        assert_eq!(mid.get(1, "s").unwrap(), "\u{3bb}");
        assert!(mid.get(2, "s").is_err(), "inside a character");
        assert_eq!(align_up(5, 4), 8);
        assert_eq!(align_up(5, 0), 5);
    }
}
