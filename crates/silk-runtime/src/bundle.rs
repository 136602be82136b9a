//! The Silk GPU bundle, version 3: the kernels of a Silk executable,
//! appended after its ELF image (the native loader ignores it).
//!
//! The byte layout is written in `docs/gpu-bundle.md`; the constants below
//! are its single source in code. Every integer is little-endian and every
//! offset counts from the bundle's first byte:
//!
//! ```text
//! 0      header      (HEADER_SIZE bytes)
//! 40     entry table (entry count × ENTRY_SIZE bytes, sorted by name)
//! ...    names and payloads (each payload at an 8-byte-aligned offset)
//! L-16   u64 bundle length L (header to footer inclusive)
//! L-8    "SLKGPEND"
//! ```
//!
//! [`Bundle::parse`] finds the bundle from the end of a byte slice (an
//! executable or a bare bundle), checks every field before it is used and
//! never allocates by a declared size: a declared length is first compared
//! with the bytes that are really there.

use std::fmt;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

/// Leading magic of a bundle.
pub const MAGIC: [u8; 8] = *b"SLKGPBND";
/// The trailing footer: the last 8 bytes of a bundle (and of the executable).
pub const FOOTER: [u8; 8] = *b"SLKGPEND";
/// The one version this crate reads and writes.
pub const VERSION: u32 = 3;
/// Bytes of the header.
pub const HEADER_SIZE: u64 = 40;
/// Bytes of one entry-table record.
pub const ENTRY_SIZE: u64 = 32;
/// Bytes of the trailer (length + footer).
pub const TRAILER_SIZE: u64 = 16;
/// Bytes of the processor tag field (ASCII, NUL-padded).
pub const PROCESSOR_TAG_SIZE: usize = 16;
/// Longest kernel name, in UTF-8 bytes.
pub const MAX_NAME_LEN: usize = 255;
/// Largest explicit-kernarg size: 32 `u64` parameters.
pub const MAX_KERNARG_SIZE: u32 = 256;
/// Alignment of payload offsets, of the bundle start and of its length.
pub const ALIGN: u64 = 8;

// Header field offsets.
const H_VERSION: usize = 8;
const H_PROVIDER: usize = 12;
const H_COUNT: usize = 16;
const H_RESERVED: usize = 20;
const H_TAG: usize = 24;
// Entry field offsets.
const E_PAYLOAD_OFFSET: usize = 0;
const E_PAYLOAD_SIZE: usize = 8;
const E_NAME_OFFSET: usize = 16;
const E_NAME_LEN: usize = 20;
const E_RESERVED0: usize = 22;
const E_KERNARG: usize = 24;
const E_RESERVED1: usize = 28;

/// Which provider runs the bundle's payloads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ProviderKind {
    /// HIP: every payload is a complete AMDHSA ELF code object.
    Hip,
    /// CUDA driver API: every payload is NUL-terminated PTX text.
    Cuda,
}

impl ProviderKind {
    /// The header's provider field.
    pub fn id(self) -> u32 {
        match self {
            ProviderKind::Hip => 1,
            ProviderKind::Cuda => 2,
        }
    }

    pub fn from_id(id: u32) -> Option<ProviderKind> {
        match id {
            1 => Some(ProviderKind::Hip),
            2 => Some(ProviderKind::Cuda),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            ProviderKind::Hip => "HIP",
            ProviderKind::Cuda => "CUDA",
        }
    }
}

impl fmt::Display for ProviderKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Every way a bundle can be wrong, each with where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BundleError {
    #[error("{len} bytes cannot hold a Silk GPU bundle (the trailer alone is 16 bytes)")]
    TooShort { len: u64 },
    #[error("no Silk GPU bundle: the last 8 bytes are not `SLKGPEND`")]
    NoFooter,
    #[error("the bundle length {declared} in the trailer is below the minimum of {min} bytes")]
    LengthTooSmall { declared: u64, min: u64 },
    #[error("the bundle length {declared} in the trailer exceeds the {available} bytes present")]
    LengthBeyondInput { declared: u64, available: u64 },
    #[error("the bundle length {declared} is not a multiple of 8")]
    LengthMisaligned { declared: u64 },
    #[error("the bundle starts at byte {start}, which is not 8-byte aligned")]
    StartMisaligned { start: u64 },
    #[error("bad bundle magic {found:02x?} (expected `SLKGPBND`)")]
    BadMagic { found: [u8; 8] },
    #[error("unsupported bundle version {version} (this runtime reads version 3)")]
    UnsupportedVersion { version: u32 },
    #[error("unknown provider identity {id} (1 = HIP, 2 = CUDA)")]
    UnknownProvider { id: u32 },
    #[error("bad processor tag: {reason}")]
    BadProcessorTag { reason: String },
    #[error("reserved {field} at bundle offset {offset} is {value:#x}, not 0")]
    ReservedNonZero {
        field: &'static str,
        offset: u64,
        value: u64,
    },
    #[error("an entry table of {count} entries ends at bundle offset {end}, beyond the {limit} bytes before the trailer")]
    TableOutOfBounds { count: u64, end: u128, limit: u64 },
    #[error("entry {entry}: name at offset {offset}, {len} bytes, lies outside the name and payload area [{area_start}, {area_end})")]
    NameOutOfBounds {
        entry: u64,
        offset: u64,
        len: u64,
        area_start: u64,
        area_end: u64,
    },
    #[error("entry {entry}: name length {len} is outside 1..=255 bytes")]
    NameLength { entry: u64, len: u64 },
    #[error("entry {entry}: name at offset {offset} is not UTF-8 (invalid byte at name byte {valid_up_to})")]
    NameNotUtf8 {
        entry: u64,
        offset: u64,
        valid_up_to: usize,
    },
    #[error("entry {entry}: the name contains a NUL byte")]
    NameHasNul { entry: u64 },
    #[error("entry {entry}: name `{name}` does not sort after `{previous}` (names must be unique and in ascending byte order)")]
    NotSorted {
        entry: u64,
        name: String,
        previous: String,
    },
    #[error("duplicate kernel name `{name}`")]
    DuplicateName { name: String },
    #[error(
        "entry {entry} (`{name}`): explicit-kernarg size {size} is not a multiple of 8 in 0..=256"
    )]
    KernargSize { entry: u64, name: String, size: u64 },
    #[error("entry {entry} (`{name}`): payload offset {offset} is not 8-byte aligned")]
    PayloadMisaligned {
        entry: u64,
        name: String,
        offset: u64,
    },
    #[error("entry {entry} (`{name}`): empty payload")]
    PayloadEmpty { entry: u64, name: String },
    #[error("entry {entry} (`{name}`): payload at offset {offset}, {size} bytes, lies outside the name and payload area [{area_start}, {area_end})")]
    PayloadOutOfBounds {
        entry: u64,
        name: String,
        offset: u64,
        size: u64,
        area_start: u64,
        area_end: u64,
    },
    #[error("{first} overlaps {second}")]
    Overlap { first: String, second: String },
    #[error("entry {entry} (`{name}`): a HIP payload must be an ELF code object (it does not start with \\x7fELF)")]
    PayloadNotElf { entry: u64, name: String },
    #[error("entry {entry} (`{name}`): a CUDA payload must be NUL-terminated PTX")]
    PayloadNotNulTerminated { entry: u64, name: String },
    #[error("{count} entries do not fit a u32 entry count")]
    TooManyEntries { count: usize },
    #[error("cannot read `{path}`: {message}")]
    Io { path: String, message: String },
}

fn u16_at(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(b[at..at + 4].try_into().unwrap_or([0; 4]))
}

fn u64_at(b: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(b[at..at + 8].try_into().unwrap_or([0; 8]))
}

/// One entry of a validated bundle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry<'a> {
    /// The kernel's lexical Silk name.
    pub name: &'a str,
    /// Bytes of explicit kernel arguments: 8 × the `u64` parameters.
    pub kernarg_size: u32,
    /// The code object (HIP) or PTX (CUDA).
    pub payload: &'a [u8],
    /// Offset of the payload from the bundle's first byte.
    pub payload_offset: u64,
}

/// A validated bundle borrowed from its bytes. Entry look-up is a binary
/// search of the (sorted) entry table; nothing is copied.
#[derive(Clone, Copy, Debug)]
pub struct Bundle<'a> {
    /// The bundle's bytes, header to footer.
    bytes: &'a [u8],
    /// Where the bundle starts in the input it was found in.
    start: u64,
    provider: ProviderKind,
    processor: &'a str,
    count: usize,
}

impl<'a> Bundle<'a> {
    /// Find and validate the bundle at the end of `input` (an executable
    /// image, or a bundle on its own).
    pub fn parse(input: &'a [u8]) -> Result<Bundle<'a>, BundleError> {
        let len = input.len() as u64;
        let declared = trailer_length(input)?;
        let start = len - declared;
        if start % ALIGN != 0 {
            return Err(BundleError::StartMisaligned { start });
        }
        let bytes = &input[start as usize..];
        let (provider, processor, count) = validate(bytes)?;
        Ok(Bundle {
            bytes,
            start,
            provider,
            processor,
            count,
        })
    }

    /// Whether `input` ends with the bundle footer (it may still be invalid).
    pub fn has_footer(input: &[u8]) -> bool {
        input.len() >= 8 && input[input.len() - 8..] == FOOTER
    }

    pub fn provider(&self) -> ProviderKind {
        self.provider
    }

    /// The processor tag (`gfx942`, `gfx1100`, `gfx1151`, `sm80`, ...).
    pub fn processor(&self) -> &'a str {
        self.processor
    }

    /// Offset of the bundle's first byte in the parsed input.
    pub fn start(&self) -> u64 {
        self.start
    }

    /// Bundle length in bytes, header to footer.
    pub fn len(&self) -> u64 {
        self.bytes.len() as u64
    }

    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Number of entries.
    pub fn entry_count(&self) -> usize {
        self.count
    }

    /// The bundle's bytes, header to footer.
    pub fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// Entry `i` (`None` past the end).
    pub fn entry(&self, i: usize) -> Option<Entry<'a>> {
        (i < self.count).then(|| decode_entry(self.bytes, i))
    }

    pub fn entries(&self) -> impl Iterator<Item = Entry<'a>> + '_ {
        (0..self.count).map(|i| decode_entry(self.bytes, i))
    }

    /// The entry named `name`: a binary search of the sorted table.
    pub fn find(&self, name: &str) -> Option<Entry<'a>> {
        let (mut lo, mut hi) = (0, self.count);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            let e = decode_entry(self.bytes, mid);
            match e.name.as_bytes().cmp(name.as_bytes()) {
                std::cmp::Ordering::Equal => return Some(e),
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
            }
        }
        None
    }
}

/// The trailer's declared bundle length, checked against the input.
fn trailer_length(input: &[u8]) -> Result<u64, BundleError> {
    let len = input.len() as u64;
    if len < TRAILER_SIZE {
        return Err(BundleError::TooShort { len });
    }
    if !Bundle::has_footer(input) {
        return Err(BundleError::NoFooter);
    }
    let declared = u64_at(input, input.len() - TRAILER_SIZE as usize);
    check_length(declared, len)?;
    Ok(declared)
}

fn check_length(declared: u64, available: u64) -> Result<(), BundleError> {
    let min = HEADER_SIZE + TRAILER_SIZE;
    if declared < min {
        return Err(BundleError::LengthTooSmall { declared, min });
    }
    if declared > available {
        return Err(BundleError::LengthBeyondInput {
            declared,
            available,
        });
    }
    if declared % ALIGN != 0 {
        return Err(BundleError::LengthMisaligned { declared });
    }
    Ok(())
}

/// Decode entry `i` of an already validated bundle.
fn decode_entry(b: &[u8], i: usize) -> Entry<'_> {
    let r = HEADER_SIZE as usize + i * ENTRY_SIZE as usize;
    let rec = &b[r..r + ENTRY_SIZE as usize];
    let po = u64_at(rec, E_PAYLOAD_OFFSET) as usize;
    let ps = u64_at(rec, E_PAYLOAD_SIZE) as usize;
    let no = u32_at(rec, E_NAME_OFFSET) as usize;
    let nl = u16_at(rec, E_NAME_LEN) as usize;
    Entry {
        // Validated as UTF-8 by `validate`; an empty name cannot occur.
        name: std::str::from_utf8(&b[no..no + nl]).unwrap_or_default(),
        kernarg_size: u32_at(rec, E_KERNARG),
        payload: &b[po..po + ps],
        payload_offset: po as u64,
    }
}

/// Check a whole bundle (`b` is header to footer); the header fields.
fn validate(b: &[u8]) -> Result<(ProviderKind, &str, usize), BundleError> {
    let len = b.len() as u64;
    check_length(len, len)?;
    let magic: [u8; 8] = b[..8].try_into().unwrap_or([0; 8]);
    if magic != MAGIC {
        return Err(BundleError::BadMagic { found: magic });
    }
    let version = u32_at(b, H_VERSION);
    if version != VERSION {
        return Err(BundleError::UnsupportedVersion { version });
    }
    let id = u32_at(b, H_PROVIDER);
    let provider = ProviderKind::from_id(id).ok_or(BundleError::UnknownProvider { id })?;
    let reserved = u32_at(b, H_RESERVED);
    if reserved != 0 {
        return Err(BundleError::ReservedNonZero {
            field: "header word",
            offset: H_RESERVED as u64,
            value: reserved as u64,
        });
    }
    let processor = processor_tag(&b[H_TAG..H_TAG + PROCESSOR_TAG_SIZE])?;
    let count = u32_at(b, H_COUNT) as u64;
    let area_end = len - TRAILER_SIZE;
    let table_end = HEADER_SIZE as u128 + count as u128 * ENTRY_SIZE as u128;
    if table_end > area_end as u128 {
        return Err(BundleError::TableOutOfBounds {
            count,
            end: table_end,
            limit: area_end,
        });
    }
    let area_start = table_end as u64;
    // `count` entries really are present, so this is bounded by the input.
    let mut regions: Vec<(u64, u64, u64, bool)> = Vec::with_capacity(2 * count as usize);
    let mut previous: Option<&str> = None;
    for i in 0..count {
        let r = (HEADER_SIZE + i * ENTRY_SIZE) as usize;
        let rec = &b[r..r + ENTRY_SIZE as usize];
        let rec_at = |field: usize| (r + field) as u64;
        let r0 = u16_at(rec, E_RESERVED0);
        if r0 != 0 {
            return Err(BundleError::ReservedNonZero {
                field: "entry half-word",
                offset: rec_at(E_RESERVED0),
                value: r0 as u64,
            });
        }
        let r1 = u32_at(rec, E_RESERVED1);
        if r1 != 0 {
            return Err(BundleError::ReservedNonZero {
                field: "entry word",
                offset: rec_at(E_RESERVED1),
                value: r1 as u64,
            });
        }
        let name_len = u16_at(rec, E_NAME_LEN) as u64;
        if name_len == 0 || name_len > MAX_NAME_LEN as u64 {
            return Err(BundleError::NameLength {
                entry: i,
                len: name_len,
            });
        }
        let name_offset = u32_at(rec, E_NAME_OFFSET) as u64;
        if name_offset < area_start || name_offset + name_len > area_end {
            return Err(BundleError::NameOutOfBounds {
                entry: i,
                offset: name_offset,
                len: name_len,
                area_start,
                area_end,
            });
        }
        let raw = &b[name_offset as usize..(name_offset + name_len) as usize];
        let name = std::str::from_utf8(raw).map_err(|e| BundleError::NameNotUtf8 {
            entry: i,
            offset: name_offset,
            valid_up_to: e.valid_up_to(),
        })?;
        if raw.contains(&0) {
            return Err(BundleError::NameHasNul { entry: i });
        }
        if let Some(prev) = previous {
            match prev.as_bytes().cmp(name.as_bytes()) {
                std::cmp::Ordering::Less => {}
                std::cmp::Ordering::Equal => {
                    return Err(BundleError::DuplicateName { name: name.into() })
                }
                std::cmp::Ordering::Greater => {
                    return Err(BundleError::NotSorted {
                        entry: i,
                        name: name.into(),
                        previous: prev.into(),
                    })
                }
            }
        }
        previous = Some(name);
        let kernarg = u32_at(rec, E_KERNARG) as u64;
        if kernarg % 8 != 0 || kernarg > MAX_KERNARG_SIZE as u64 {
            return Err(BundleError::KernargSize {
                entry: i,
                name: name.into(),
                size: kernarg,
            });
        }
        let offset = u64_at(rec, E_PAYLOAD_OFFSET);
        let size = u64_at(rec, E_PAYLOAD_SIZE);
        if offset % ALIGN != 0 {
            return Err(BundleError::PayloadMisaligned {
                entry: i,
                name: name.into(),
                offset,
            });
        }
        if size == 0 {
            return Err(BundleError::PayloadEmpty {
                entry: i,
                name: name.into(),
            });
        }
        if offset < area_start || offset.checked_add(size).is_none_or(|end| end > area_end) {
            return Err(BundleError::PayloadOutOfBounds {
                entry: i,
                name: name.into(),
                offset,
                size,
                area_start,
                area_end,
            });
        }
        let payload = &b[offset as usize..(offset + size) as usize];
        match provider {
            ProviderKind::Hip if !payload.starts_with(b"\x7fELF") => {
                return Err(BundleError::PayloadNotElf {
                    entry: i,
                    name: name.into(),
                })
            }
            ProviderKind::Cuda if payload.last() != Some(&0) => {
                return Err(BundleError::PayloadNotNulTerminated {
                    entry: i,
                    name: name.into(),
                })
            }
            _ => {}
        }
        regions.push((name_offset, name_offset + name_len, i, false));
        regions.push((offset, offset + size, i, true));
    }
    regions.sort_unstable();
    for w in regions.windows(2) {
        let (a, b) = (w[0], w[1]);
        if b.0 < a.1 {
            let what = |r: (u64, u64, u64, bool)| {
                format!(
                    "the {} of entry {} (bytes {}..{})",
                    if r.3 { "payload" } else { "name" },
                    r.2,
                    r.0,
                    r.1
                )
            };
            return Err(BundleError::Overlap {
                first: what(a),
                second: what(b),
            });
        }
    }
    Ok((provider, processor, count as usize))
}

fn processor_tag(field: &[u8]) -> Result<&str, BundleError> {
    let len = field.iter().position(|&c| c == 0).unwrap_or(field.len());
    let bad = |reason: String| BundleError::BadProcessorTag { reason };
    if len == 0 {
        return Err(bad("empty".into()));
    }
    if let Some(p) = field[len..].iter().position(|&c| c != 0) {
        return Err(bad(format!(
            "byte {} after the tag's terminating NUL is not 0",
            len + p
        )));
    }
    if let Some(p) = field[..len].iter().position(|c| !is_tag_byte(*c)) {
        return Err(bad(format!(
            "byte {p} ({:#04x}) is not a lowercase letter, digit or `_`",
            field[p]
        )));
    }
    // All ASCII, checked just above.
    Ok(std::str::from_utf8(&field[..len]).unwrap_or_default())
}

fn is_tag_byte(c: u8) -> bool {
    c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'_'
}

/// A validated bundle that owns its bytes (as the runtime keeps it).
#[derive(Clone, Debug)]
pub struct OwnedBundle {
    bytes: Vec<u8>,
    start: u64,
    provider: ProviderKind,
    processor_len: usize,
    count: usize,
}

impl OwnedBundle {
    /// Validate the bundle at the end of `input`, keeping only its bytes.
    pub fn from_bytes(input: &[u8]) -> Result<OwnedBundle, BundleError> {
        let b = Bundle::parse(input)?;
        Ok(OwnedBundle {
            bytes: b.bytes.to_vec(),
            start: b.start,
            provider: b.provider,
            processor_len: b.processor.len(),
            count: b.count,
        })
    }

    /// Read the bundle at the end of the file at `path`: the trailer first,
    /// then exactly the bundle's bytes once its length is known to fit.
    pub fn from_file(path: &Path) -> Result<OwnedBundle, BundleError> {
        let io = |e: std::io::Error| BundleError::Io {
            path: path.display().to_string(),
            message: e.to_string(),
        };
        let mut f = std::fs::File::open(path).map_err(io)?;
        let file_len = f.metadata().map_err(io)?.len();
        if file_len < TRAILER_SIZE {
            return Err(BundleError::TooShort { len: file_len });
        }
        let mut trailer = [0u8; TRAILER_SIZE as usize];
        f.seek(SeekFrom::Start(file_len - TRAILER_SIZE))
            .map_err(io)?;
        f.read_exact(&mut trailer).map_err(io)?;
        let declared = trailer_length(&trailer).or_else(|e| match e {
            // The trailer alone is never enough bytes: check against the file.
            BundleError::LengthBeyondInput { declared, .. } => {
                check_length(declared, file_len).map(|_| declared)
            }
            e => Err(e),
        })?;
        let start = file_len - declared;
        if start % ALIGN != 0 {
            return Err(BundleError::StartMisaligned { start });
        }
        f.seek(SeekFrom::Start(start)).map_err(io)?;
        let mut bytes = Vec::new();
        (&mut f)
            .take(declared)
            .read_to_end(&mut bytes)
            .map_err(io)?;
        let mut owned = OwnedBundle::from_bytes(&bytes)?;
        owned.start = start;
        Ok(owned)
    }

    /// The bundle of the running executable (`/proc/self/exe`).
    pub fn from_executable() -> Result<OwnedBundle, BundleError> {
        OwnedBundle::from_file(Path::new("/proc/self/exe"))
    }

    /// The borrowed view (no re-validation).
    pub fn view(&self) -> Bundle<'_> {
        let tag = &self.bytes[H_TAG..H_TAG + self.processor_len];
        Bundle {
            bytes: &self.bytes,
            start: self.start,
            provider: self.provider,
            processor: std::str::from_utf8(tag).unwrap_or_default(),
            count: self.count,
        }
    }
}

/// Builds a bundle. Entries may be added in any order; they are written
/// sorted by name.
#[derive(Clone, Debug)]
pub struct BundleWriter {
    provider: ProviderKind,
    processor: String,
    entries: Vec<(String, u32, Vec<u8>)>,
}

impl BundleWriter {
    /// A bundle for `provider` with processor tag `processor` (1 to 16
    /// lowercase letters, digits or `_`).
    pub fn new(provider: ProviderKind, processor: &str) -> Result<BundleWriter, BundleError> {
        if processor.len() > PROCESSOR_TAG_SIZE {
            return Err(BundleError::BadProcessorTag {
                reason: format!("`{processor}` is longer than 16 bytes"),
            });
        }
        let mut field = [0u8; PROCESSOR_TAG_SIZE];
        field[..processor.len()].copy_from_slice(processor.as_bytes());
        processor_tag(&field)?;
        Ok(BundleWriter {
            provider,
            processor: processor.to_string(),
            entries: Vec::new(),
        })
    }

    /// Add kernel `name` taking `kernarg_size` bytes of explicit arguments.
    pub fn add(
        &mut self,
        name: &str,
        kernarg_size: u32,
        payload: Vec<u8>,
    ) -> Result<&mut BundleWriter, BundleError> {
        let entry = self.entries.len() as u64;
        if name.is_empty() || name.len() > MAX_NAME_LEN {
            return Err(BundleError::NameLength {
                entry,
                len: name.len() as u64,
            });
        }
        if name.contains('\0') {
            return Err(BundleError::NameHasNul { entry });
        }
        if kernarg_size % 8 != 0 || kernarg_size > MAX_KERNARG_SIZE {
            return Err(BundleError::KernargSize {
                entry,
                name: name.into(),
                size: kernarg_size as u64,
            });
        }
        if payload.is_empty() {
            return Err(BundleError::PayloadEmpty {
                entry,
                name: name.into(),
            });
        }
        match self.provider {
            ProviderKind::Hip if !payload.starts_with(b"\x7fELF") => {
                return Err(BundleError::PayloadNotElf {
                    entry,
                    name: name.into(),
                })
            }
            ProviderKind::Cuda if payload.last() != Some(&0) => {
                return Err(BundleError::PayloadNotNulTerminated {
                    entry,
                    name: name.into(),
                })
            }
            _ => {}
        }
        if self.entries.iter().any(|e| e.0 == name) {
            return Err(BundleError::DuplicateName { name: name.into() });
        }
        self.entries.push((name.to_string(), kernarg_size, payload));
        Ok(self)
    }

    /// The bundle's bytes (header to footer; its length is a multiple of 8).
    pub fn to_bytes(&self) -> Result<Vec<u8>, BundleError> {
        let count = u32::try_from(self.entries.len()).map_err(|_| BundleError::TooManyEntries {
            count: self.entries.len(),
        })?;
        let mut order: Vec<&(String, u32, Vec<u8>)> = self.entries.iter().collect();
        order.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
        let table_end = HEADER_SIZE + count as u64 * ENTRY_SIZE;
        let names_len: u64 = order.iter().map(|e| e.0.len() as u64).sum();
        let mut out = Vec::new();
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&self.provider.id().to_le_bytes());
        out.extend_from_slice(&count.to_le_bytes());
        out.extend_from_slice(&0u32.to_le_bytes());
        let mut tag = [0u8; PROCESSOR_TAG_SIZE];
        tag[..self.processor.len()].copy_from_slice(self.processor.as_bytes());
        out.extend_from_slice(&tag);
        let mut name_at = table_end;
        let mut payload_at = (table_end + names_len).next_multiple_of(ALIGN);
        for (name, kernarg, payload) in &order {
            let name_offset = u32::try_from(name_at).map_err(|_| BundleError::TooManyEntries {
                count: self.entries.len(),
            })?;
            out.extend_from_slice(&payload_at.to_le_bytes());
            out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
            out.extend_from_slice(&name_offset.to_le_bytes());
            out.extend_from_slice(&(name.len() as u16).to_le_bytes());
            out.extend_from_slice(&0u16.to_le_bytes());
            out.extend_from_slice(&kernarg.to_le_bytes());
            out.extend_from_slice(&0u32.to_le_bytes());
            name_at += name.len() as u64;
            payload_at = (payload_at + payload.len() as u64).next_multiple_of(ALIGN);
        }
        for (name, _, _) in &order {
            out.extend_from_slice(name.as_bytes());
        }
        for (_, _, payload) in &order {
            pad_to(&mut out, ALIGN);
            out.extend_from_slice(payload);
        }
        pad_to(&mut out, ALIGN);
        let total = out.len() as u64 + TRAILER_SIZE;
        out.extend_from_slice(&total.to_le_bytes());
        out.extend_from_slice(&FOOTER);
        Ok(out)
    }

    /// Append the bundle to an executable image, zero-padding the image to
    /// an 8-byte boundary first so that payloads are aligned in the file.
    pub fn append_to(&self, executable: &mut Vec<u8>) -> Result<(), BundleError> {
        let bytes = self.to_bytes()?;
        pad_to(executable, ALIGN);
        executable.extend_from_slice(&bytes);
        Ok(())
    }
}

fn pad_to(out: &mut Vec<u8>, align: u64) {
    let n = (out.len() as u64).next_multiple_of(align) as usize;
    out.resize(n, 0);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn elf(n: usize) -> Vec<u8> {
        let mut v = b"\x7fELF".to_vec();
        v.resize(n, 0xab);
        v
    }

    #[test]
    fn round_trip_sorted_and_aligned() {
        let mut w = BundleWriter::new(ProviderKind::Hip, "gfx942").unwrap();
        w.add("zeta", 16, elf(13)).unwrap();
        w.add("alpha", 0, elf(8)).unwrap();
        w.add("mid", 256, elf(5)).unwrap();
        let bytes = w.to_bytes().unwrap();
        assert_eq!(bytes.len() % 8, 0);
        assert_eq!(&bytes[bytes.len() - 8..], b"SLKGPEND");
        let b = Bundle::parse(&bytes).unwrap();
        assert_eq!(b.processor(), "gfx942");
        assert_eq!(b.provider(), ProviderKind::Hip);
        let names: Vec<_> = b.entries().map(|e| e.name).collect();
        assert_eq!(names, ["alpha", "mid", "zeta"]);
        for e in b.entries() {
            assert_eq!(e.payload_offset % 8, 0);
        }
        let z = b.find("zeta").unwrap();
        assert_eq!((z.kernarg_size, z.payload), (16, &elf(13)[..]));
        assert!(b.find("zet").is_none() && b.find("zzz").is_none());
    }
}
