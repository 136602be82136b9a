//! Reading a code object the way every command does: from an AMDHSA ELF
//! file or from one entry of a clang offload bundle (clang's default
//! `--cuda-device-only` output). The first bytes decide what a file is,
//! so a file that is neither is rejected without reading the rest.

use crate::error::{Error, Result};
use silk_amdgpu::code_object::bundle::{BUNDLE_MAGIC, COMPRESSED_BUNDLE_MAGIC};
use silk_amdgpu::code_object::OffloadBundle;
use silk_amdgpu::target::{Processor, Target};
use std::io::Read;

/// The ELF magic (`\x7fELF`).
pub const ELF_MAGIC: &[u8] = b"\x7fELF";

/// What the first bytes of a file say it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Elf,
    Bundle,
    Other,
}

/// Bytes needed to tell the kinds apart.
pub const HEAD_LEN: usize = 24;

pub fn kind_of(head: &[u8]) -> Kind {
    if head.starts_with(ELF_MAGIC) {
        Kind::Elf
    } else if head.starts_with(BUNDLE_MAGIC) || head.starts_with(COMPRESSED_BUNDLE_MAGIC) {
        Kind::Bundle
    } else {
        Kind::Other
    }
}

/// Why a file whose first bytes are `head` is not read as a code object.
pub fn not_an_object(path: &str, head: &[u8]) -> Error {
    let path = path.to_string();
    if head.len() < ELF_MAGIC.len() {
        Error::TooShortForObject {
            path,
            len: head.len(),
        }
    } else {
        Error::NotAnObject { path }
    }
}

/// A whole input file, read or (when large) mapped read-only.
pub enum Binary {
    Read(Vec<u8>),
    Mapped(memmap2::Mmap),
}

impl std::ops::Deref for Binary {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Binary::Read(v) => v,
            Binary::Mapped(m) => m,
        }
    }
}

/// Files at least this large are mapped rather than read.
const MAP_AT_LEAST: u64 = 1 << 20;

/// The first [`HEAD_LEN`] bytes of `file` (fewer if it is shorter).
pub fn head(file: &std::fs::File) -> std::io::Result<Vec<u8>> {
    let mut head = Vec::with_capacity(HEAD_LEN);
    file.take(HEAD_LEN as u64).read_to_end(&mut head)?;
    Ok(head)
}

/// The whole of `path`. As with LLVM's tools, a mapped file truncated by
/// another process while `silk` reads it ends the process with SIGBUS.
pub fn read_binary(path: &str) -> Result<Binary> {
    let cannot = |source| Error::Read {
        path: path.to_string(),
        source,
    };
    let file = std::fs::File::open(path).map_err(cannot)?;
    let meta = file.metadata().map_err(cannot)?;
    if meta.is_file() && meta.len() >= MAP_AT_LEAST {
        // SAFETY: the map is private and read-only; it is only parsed,
        // and every parser checks the bytes it reads.
        let map = unsafe { memmap2::Mmap::map(&file) }.map_err(cannot)?;
        return Ok(Binary::Mapped(map));
    }
    let mut bytes = Vec::new();
    (&file).read_to_end(&mut bytes).map_err(cannot)?;
    Ok(Binary::Read(bytes))
}

/// Bytes read from a pipe or device (which has no size to check first)
/// that starts like a code object or bundle.
const MAX_UNSIZED_OBJECT: u64 = 256 << 20;

/// The whole of `path` if its first bytes say it is a code object or an
/// offload bundle, else the error [`not_an_object`] gives, having read no
/// more. A pipe or device is read once (its first bytes are not read
/// again) and only up to [`MAX_UNSIZED_OBJECT`] bytes.
pub fn read_object_file(path: &str) -> Result<Binary> {
    let cannot = |source| Error::Read {
        path: path.to_string(),
        source,
    };
    let file = std::fs::File::open(path).map_err(cannot)?;
    let first = head(&file).map_err(cannot)?;
    if kind_of(&first) == Kind::Other {
        return Err(not_an_object(path, &first));
    }
    read_object_rest(path, file, first)
}

/// The whole of `path`, whose first bytes `first` were read from `file`.
pub fn read_object_rest(path: &str, file: std::fs::File, first: Vec<u8>) -> Result<Binary> {
    let cannot = |source| Error::Read {
        path: path.to_string(),
        source,
    };
    let meta = file.metadata().map_err(cannot)?;
    if meta.is_file() {
        drop(file);
        return read_binary(path);
    }
    let mut bytes = first;
    (&file)
        .take(MAX_UNSIZED_OBJECT + 1 - bytes.len() as u64)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    if bytes.len() as u64 > MAX_UNSIZED_OBJECT {
        return Err(Error::UnsizedObjectTooLarge {
            path: path.to_string(),
            limit: MAX_UNSIZED_OBJECT,
        });
    }
    Ok(Binary::Read(bytes))
}

/// A code object read from a file, alone or as an entry of a bundle.
pub struct Object {
    file: Binary,
    range: std::ops::Range<usize>,
    /// The bundle entry's id, when the file is a bundle.
    pub entry: Option<String>,
}

impl Object {
    pub fn bytes(&self) -> &[u8] {
        &self.file[self.range.clone()]
    }

    /// `path` as messages name it (with the bundle entry, if any).
    pub fn describe(&self, path: &str) -> String {
        match &self.entry {
            Some(e) => format!("{path} (bundle entry `{e}`)"),
            None => path.to_string(),
        }
    }
}

/// Open the code object in `path`: an ELF file, or the entry of a bundle
/// for `target` (or its only code object). A file that is neither is an
/// error read from its first bytes alone.
pub fn open_object(path: &str, target: Option<&Target>) -> Result<Object> {
    object_from(path, read_object_file(path)?, target)
}

/// [`open_object`] on the bytes of `path` already read.
pub fn object_from(path: &str, file: Binary, target: Option<&Target>) -> Result<Object> {
    match kind_of(&file[..file.len().min(HEAD_LEN)]) {
        Kind::Other => Err(not_an_object(path, &file[..file.len().min(HEAD_LEN)])),
        Kind::Elf => {
            let range = 0..file.len();
            Ok(Object {
                file,
                range,
                entry: None,
            })
        }
        Kind::Bundle => {
            let bundle = OffloadBundle::parse(&file).map_err(|source| Error::BadObject {
                object: path.to_string(),
                source,
            })?;
            let entry = pick_entry(path, &bundle, target)?;
            let (start, len) = (entry.offset as usize, entry.size as usize);
            let id = entry.id.clone();
            Ok(Object {
                file,
                range: start..start + len,
                entry: Some(id),
            })
        }
    }
}

/// The processor a bundle entry is for, if it is an AMDGPU code object.
fn entry_processor(e: &silk_amdgpu::code_object::BundleEntry) -> Option<Processor> {
    let id = e.target_id()?;
    let base = id.split(':').next()?;
    Target::parse(base).ok().map(|t| t.processor)
}

/// The entry for `target`, or the only AMDGPU entry of the bundle read
/// from `path`; otherwise an error listing the entries.
pub fn pick_entry<'a>(
    path: &str,
    bundle: &'a OffloadBundle,
    target: Option<&Target>,
) -> Result<&'a silk_amdgpu::code_object::BundleEntry> {
    let objects: Vec<_> = bundle
        .entries
        .iter()
        .filter(|e| e.size > 0 && entry_processor(e).is_some())
        .collect();
    let path = path.to_string();
    let entries = || bundle.entries.iter().map(|e| e.id.clone()).collect();
    let chosen: Vec<_> = match target {
        Some(t) => objects
            .iter()
            .copied()
            .filter(|e| entry_processor(e) == Some(t.processor))
            .collect(),
        None => objects.clone(),
    };
    match (chosen.as_slice(), target) {
        ([one], _) => Ok(one),
        ([], Some(t)) => Err(Error::NoEntryFor {
            path,
            processor: t.processor,
            entries: entries(),
        }),
        ([], None) => Err(Error::NoAmdgpuEntry {
            path,
            entries: entries(),
        }),
        (_, Some(t)) => Err(Error::AmbiguousEntry {
            path,
            count: chosen.len(),
            processor: t.processor,
            entries: entries(),
        }),
        (_, None) => Err(Error::EntryNeedsTarget {
            path,
            count: chosen.len(),
            entries: entries(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_the_entry_for_the_target_or_the_only_one() {
        let elf = b"\x7fELF....";
        let two = OffloadBundle::write(&[
            ("host-x86_64-unknown-linux-gnu-", b""),
            ("hipv4-amdgcn-amd-amdhsa--gfx1100", elf),
            ("hipv4-amdgcn-amd-amdhsa--gfx942", elf),
        ]);
        let b = OffloadBundle::parse(&two).unwrap();
        let t = Target::parse("gfx942").unwrap();
        assert_eq!(
            pick_entry("b", &b, Some(&t)).unwrap().id,
            "hipv4-amdgcn-amd-amdhsa--gfx942"
        );
        let e = pick_entry("b", &b, None).unwrap_err().to_string();
        assert!(
            e.starts_with("b: ")
                && e.contains("--target")
                && e.contains("`hipv4-amdgcn-amd-amdhsa--gfx1100`"),
            "{e}"
        );
        let t = Target::parse("gfx1151").unwrap();
        let e = pick_entry("b", &b, Some(&t)).unwrap_err().to_string();
        assert!(e.contains("no code object for gfx1151"), "{e}");
        let one = OffloadBundle::write(&[
            ("host-x86_64-unknown-linux-gnu-", b""),
            ("hipv4-amdgcn-amd-amdhsa--gfx1100", elf),
        ]);
        let b = OffloadBundle::parse(&one).unwrap();
        assert!(pick_entry("b", &b, None).unwrap().id.ends_with("gfx1100"));
    }
}
