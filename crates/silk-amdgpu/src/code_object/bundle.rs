//! Clang offload bundles (`__CLANG_OFFLOAD_BUNDLE__`, the uncompressed
//! format of clang-offload-bundler): a magic string, a little-endian u64
//! entry count, then per entry `offset`, `size`, `id length` (u64 each) and
//! the id (`hipv4-amdgcn-amd-amdhsa--gfx942`, `host-x86_64-unknown-linux-gnu-`).
//! Entry contents start at 4096-byte aligned offsets, as clang writes them.

use super::elf::{align_up, Bytes, PutLe};
use super::{CodeObjectError, Result};
use serde::Serialize;

pub const BUNDLE_MAGIC: &[u8] = b"__CLANG_OFFLOAD_BUNDLE__";
/// Magic of the compressed bundle format (not supported).
pub const COMPRESSED_BUNDLE_MAGIC: &[u8] = b"CCOB";
/// Alignment clang uses for HIP bundle entries.
pub const BUNDLE_ALIGN: u64 = 4096;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BundleEntry {
    /// Offload kind and target: `hipv4-amdgcn-amd-amdhsa--gfx1100`.
    pub id: String,
    pub offset: u64,
    pub size: u64,
}

impl BundleEntry {
    /// The processor part of a `hipv4-amdgcn-amd-amdhsa--<processor>` id
    /// (with any `:feature±` suffix).
    pub fn target_id(&self) -> Option<&str> {
        self.id
            .split_once("-amdgcn-amd-amdhsa-")
            .map(|(_, t)| t.trim_start_matches('-'))
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OffloadBundle {
    pub entries: Vec<BundleEntry>,
}

impl OffloadBundle {
    pub fn is_bundle(bytes: &[u8]) -> bool {
        bytes.starts_with(BUNDLE_MAGIC) || bytes.starts_with(COMPRESSED_BUNDLE_MAGIC)
    }

    /// Parse the entry table; every entry's range is checked against the
    /// input.
    pub fn parse(bytes: &[u8]) -> Result<OffloadBundle> {
        if bytes.starts_with(COMPRESSED_BUNDLE_MAGIC) {
            return Err(CodeObjectError::Bundle(
                "compressed offload bundles (CCOB) are not supported: unpack with `clang-offload-bundler --unbundle` or rebuild without `--offload-compress`".into(),
            ));
        }
        if !bytes.starts_with(BUNDLE_MAGIC) {
            return Err(CodeObjectError::Bundle(
                "missing the `__CLANG_OFFLOAD_BUNDLE__` magic".into(),
            ));
        }
        let b = Bytes::new(bytes);
        let count = b.u64(24, "bundle entry count")?;
        let mut pos = 32u64;
        let mut entries = Vec::new();
        for i in 0..count {
            let what = format!("bundle entry {i}");
            let offset = b.u64(pos, &what)?;
            let size = b.u64(pos.saturating_add(8), &what)?;
            let id_len = b.u64(pos.saturating_add(16), &what)?;
            let id = b.slice(pos.saturating_add(24), id_len, &format!("{what} id"))?;
            let id = String::from_utf8(id.to_vec())
                .map_err(|_| CodeObjectError::Bundle(format!("{what}: id is not UTF-8")))?;
            b.slice(offset, size, &format!("bundle entry `{id}` contents"))?;
            entries.push(BundleEntry { id, offset, size });
            pos = pos.saturating_add(24).saturating_add(id_len);
        }
        Ok(OffloadBundle { entries })
    }

    /// The entry whose id is `id`, or whose processor target is `id`
    /// (`gfx942`, `amdgcn-amd-amdhsa--gfx942`).
    pub fn find(&self, id: &str) -> Option<&BundleEntry> {
        let wanted = id
            .trim_start_matches("amdgcn-amd-amdhsa-")
            .trim_start_matches('-');
        self.entries
            .iter()
            .find(|e| e.id == id)
            .or_else(|| self.entries.iter().find(|e| e.target_id() == Some(wanted)))
    }

    /// Bytes of one entry.
    pub fn extract<'a>(&self, bytes: &'a [u8], id: &str) -> Result<&'a [u8]> {
        let e = self.find(id).ok_or_else(|| {
            CodeObjectError::Bundle(format!(
                "no entry `{id}`; entries: {}",
                self.entries
                    .iter()
                    .map(|e| e.id.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })?;
        Bytes::new(bytes).slice(e.offset, e.size, &format!("bundle entry `{}`", e.id))
    }

    /// Build a bundle from `(id, contents)` pairs, in the order given
    /// (clang sorts ids, host entry first).
    pub fn write(entries: &[(&str, &[u8])]) -> Vec<u8> {
        let mut header = Vec::new();
        header.extend_from_slice(BUNDLE_MAGIC);
        header.put_u64(entries.len() as u64);
        let table_len: u64 = entries.iter().map(|(id, _)| 24 + id.len() as u64).sum();
        let mut offset = align_up(header.len() as u64 + table_len, BUNDLE_ALIGN);
        let mut offsets = Vec::new();
        for (_, data) in entries {
            offsets.push(offset);
            if !data.is_empty() {
                offset = align_up(offset + data.len() as u64, BUNDLE_ALIGN);
            }
        }
        for ((id, data), off) in entries.iter().zip(&offsets) {
            header.put_u64(*off);
            header.put_u64(data.len() as u64);
            header.put_u64(id.len() as u64);
            header.extend_from_slice(id.as_bytes());
        }
        let mut out = header;
        for ((_, data), off) in entries.iter().zip(&offsets) {
            if !data.is_empty() {
                out.pad_to(*off as usize);
                out.extend_from_slice(data);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn write_then_parse() {
        let a = vec![1u8; 10];
        let bytes = OffloadBundle::write(&[
            ("host-x86_64-unknown-linux-gnu-", &[]),
            ("hipv4-amdgcn-amd-amdhsa--gfx942", &a),
        ]);
        let b = OffloadBundle::parse(&bytes).unwrap();
        assert_eq!(b.entries.len(), 2);
        assert_eq!(b.entries[1].offset, 4096);
        assert_eq!(b.extract(&bytes, "gfx942").unwrap(), &a[..]);
        assert_eq!(b.entries[1].target_id(), Some("gfx942"));
        assert!(b
            .extract(&bytes, "gfx1100")
            .unwrap_err()
            .to_string()
            .contains("entries: host"));
        assert!(OffloadBundle::parse(&bytes[..40]).is_err());
        assert!(OffloadBundle::parse(b"CCOB....").is_err());
    }
}
