//! The code object's loaded image: its `PT_LOAD` segments at their
//! virtual addresses from one base, the dynamic relocations applied, and
//! the writable segments (`.data`, `.bss`, `.data.rel.ro`) mapped
//! writable, as the ROCm loader does ([AMDGPUUsage] "Code Object" /
//! "Relocation Records"; ELF gABI "Dynamic Section").
//!
//! Only `R_AMDGPU_RELATIVE64` (and `R_AMDGPU_NONE`) are applied: what
//! ld.lld emits for pointers to globals in a `-shared` code object. Other
//! relocation types need symbol lookup across code objects, which a
//! single-object launch cannot do, and are a clear error.
//!
//! [AMDGPUUsage]: https://llvm.org/docs/AMDGPUUsage.html

use crate::error::{Error, Result};
use silk_amdgpu::code_object::ParsedCodeObject;

const PT_LOAD: u32 = 1;
const PT_DYNAMIC: u32 = 2;
const PF_W: u32 = 2;
const DT_NULL: u64 = 0;
const DT_RELA: u64 = 7;
const DT_RELASZ: u64 = 8;
const DT_RELAENT: u64 = 9;
const R_AMDGPU_NONE: u64 = 0;
const R_AMDGPU_RELATIVE64: u64 = 13;

/// A loaded image, split into consecutive parts that are writable or not.
pub(crate) struct Image {
    /// Bytes spanned from the base (the largest segment end).
    pub len: u64,
    /// Bytes from the base up to the end of the file-backed bytes: the
    /// part waves may fetch code from.
    pub code_len: u64,
    /// (offset from the base, bytes, writable), in address order, covering
    /// `0..len` without gaps.
    pub parts: Vec<(u64, Vec<u8>, bool)>,
}

/// The bytes the loadable segments span from the base, and those up to the
/// end of the file-backed bytes; at most `max_len`.
pub(crate) fn span(co: &ParsedCodeObject, max_len: u64) -> Result<(u64, u64)> {
    let mut len = 0u64;
    let mut code_len = 0u64;
    for s in co.segments.iter().filter(|s| s.p_type == PT_LOAD) {
        len = len.max(s.vaddr.saturating_add(s.memsz));
        code_len = code_len.max(s.vaddr.saturating_add(s.filesz.min(s.memsz)));
    }
    if len > max_len || len == 0 {
        return Err(Error::CodeObject(format!(
            "loadable segments span {len} bytes; the emulator maps 1 to {max_len}"
        )));
    }
    Ok((len, code_len))
}

/// Load `co` (parsed from `bytes`) for the base address `base`. `max_len`
/// bounds the span before anything is allocated. Each part is its own
/// zeroed allocation, into which only the file's bytes are copied: a
/// segment declaring a huge `p_memsz` costs address space, and memory only
/// where it is touched.
pub(crate) fn load(
    co: &ParsedCodeObject,
    bytes: &[u8],
    base: u64,
    max_len: u64,
    fits: impl Fn(u64) -> Result<()>,
) -> Result<Image> {
    let loads = || co.segments.iter().filter(|s| s.p_type == PT_LOAD);
    let (len, code_len) = span(co, max_len)?;
    fits(len)?;
    // Writable spans, merged, in address order.
    let mut writable: Vec<(u64, u64)> = loads()
        .filter(|s| s.flags & PF_W != 0 && s.memsz > 0)
        .map(|s| (s.vaddr, s.vaddr + s.memsz))
        .collect();
    writable.sort_unstable();
    let mut merged: Vec<(u64, u64)> = Vec::new();
    for (a, b) in writable {
        match merged.last_mut() {
            Some(last) if a <= last.1 => last.1 = last.1.max(b),
            _ => merged.push((a, b)),
        }
    }
    // Part boundaries: each span's start (writable) and end (not).
    let mut cuts: Vec<(u64, bool)> = vec![(0, false)];
    for (a, b) in merged {
        cuts.push((a, true));
        cuts.push((b, false));
    }
    cuts.dedup_by_key(|c| c.0);
    let mut parts = Vec::new();
    for (k, &(at, w)) in cuts.iter().enumerate() {
        let end = cuts.get(k + 1).map_or(len, |c| c.0).min(len);
        if at < end {
            parts.push((at, crate::device_memory::zeroed(end - at)?, w));
        }
    }
    for s in loads() {
        let n = s.filesz.min(s.memsz);
        let src = bytes
            .get(s.offset as usize..(s.offset as usize).saturating_add(n as usize))
            .ok_or_else(|| Error::CodeObject("segment outside the file".into()))?;
        write(&mut parts, s.vaddr, src);
    }
    relocate(co, &mut parts, len, base)?;
    Ok(Image {
        len,
        code_len,
        parts,
    })
}

/// Copy `src` to offset `at` of the parts (which cover it).
fn write(parts: &mut [(u64, Vec<u8>, bool)], at: u64, src: &[u8]) {
    let end = at + src.len() as u64;
    for (start, data, _) in parts.iter_mut() {
        let (lo, hi) = (at.max(*start), end.min(*start + data.len() as u64));
        if lo < hi {
            data[(lo - *start) as usize..(hi - *start) as usize]
                .copy_from_slice(&src[(lo - at) as usize..(hi - at) as usize]);
        }
    }
}

/// The 8 bytes at offset `at` of the parts, if they hold them.
fn u64_at(parts: &[(u64, Vec<u8>, bool)], at: u64) -> Option<u64> {
    let mut b = [0u8; 8];
    for (k, byte) in b.iter_mut().enumerate() {
        let a = at.checked_add(k as u64)?;
        let p = &parts[parts.partition_point(|p| p.0 <= a).checked_sub(1)?];
        *byte = *p.1.get(usize::try_from(a - p.0).ok()?)?;
    }
    Some(u64::from_le_bytes(b))
}

/// Apply the relocations `PT_DYNAMIC` lists (`DT_RELA`, `DT_RELASZ`,
/// `DT_RELAENT`), reading the table from the image as a loader does.
fn relocate(
    co: &ParsedCodeObject,
    image: &mut [(u64, Vec<u8>, bool)],
    len: u64,
    base: u64,
) -> Result<()> {
    let Some(dynamic) = co.segments.iter().find(|s| s.p_type == PT_DYNAMIC) else {
        return Ok(());
    };
    let bad = |m: String| Error::CodeObject(format!("dynamic section: {m}"));
    let (mut rela, mut relasz, mut relaent) = (None, 0u64, 24u64);
    let entries = dynamic.memsz.min(dynamic.filesz) / 16;
    for i in 0..entries {
        let at = dynamic.vaddr.saturating_add(i * 16);
        let (Some(tag), Some(val)) = (u64_at(image, at), u64_at(image, at.saturating_add(8)))
        else {
            return Err(bad(format!(
                "entry {i} at {at:#x} is outside the loaded segments"
            )));
        };
        match tag {
            DT_NULL => break,
            DT_RELA => rela = Some(val),
            DT_RELASZ => relasz = val,
            DT_RELAENT => relaent = val,
            _ => {}
        }
    }
    let Some(rela) = rela else {
        return Ok(());
    };
    if relaent != 24 {
        return Err(bad(format!(
            "DT_RELAENT is {relaent}; ELF64 Rela entries are 24 bytes"
        )));
    }
    let end = rela.checked_add(relasz).filter(|&e| e <= len);
    if end.is_none() || relasz % 24 != 0 {
        return Err(bad(format!(
            "the relocation table ({relasz} bytes at {rela:#x}) is not inside the loaded segments"
        )));
    }
    for i in 0..relasz / 24 {
        let e = rela + i * 24;
        let (offset, info, addend) = (
            u64_at(image, e).unwrap_or(0),
            u64_at(image, e + 8).unwrap_or(0),
            u64_at(image, e + 16).unwrap_or(0),
        );
        match info & 0xffff_ffff {
            R_AMDGPU_NONE => {}
            R_AMDGPU_RELATIVE64 => {
                // B + A (AMDGPUUsage "Relocation Records").
                let v = base.wrapping_add(addend);
                if offset.checked_add(8).is_none_or(|e| e > len) {
                    return Err(bad(format!(
                        "R_AMDGPU_RELATIVE64 at {offset:#x} is outside the loaded segments"
                    )));
                }
                write(image, offset, &v.to_le_bytes());
            }
            t => {
                return Err(bad(format!(
                    "relocation {i} at {offset:#x} has type {t}; the emulator applies only R_AMDGPU_RELATIVE64 (13)"
                )))
            }
        }
    }
    Ok(())
}
