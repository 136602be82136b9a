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
/// bounds the span before anything is allocated.
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
    let mut image = crate::device_memory::zeroed(len)?;
    for s in loads() {
        let n = s.filesz.min(s.memsz) as usize;
        let src = bytes
            .get(s.offset as usize..(s.offset as usize).saturating_add(n))
            .ok_or_else(|| Error::CodeObject("segment outside the file".into()))?;
        image[s.vaddr as usize..s.vaddr as usize + n].copy_from_slice(src);
    }
    relocate(co, &mut image, base)?;
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
    // Cut the image at the span boundaries, from the end.
    let mut cuts: Vec<(u64, bool)> = vec![(0, false)];
    for (a, b) in merged {
        cuts.push((a, true));
        cuts.push((b, false));
    }
    cuts.dedup_by_key(|c| c.0);
    let mut parts = Vec::new();
    for &(at, w) in cuts.iter().rev() {
        if (at as usize) < image.len() {
            let tail = image.split_off(at as usize);
            parts.push((at, tail, w));
        }
    }
    parts.reverse();
    Ok(Image {
        len,
        code_len,
        parts,
    })
}

/// Apply the relocations `PT_DYNAMIC` lists (`DT_RELA`, `DT_RELASZ`,
/// `DT_RELAENT`), reading the table from the image as a loader does.
fn relocate(co: &ParsedCodeObject, image: &mut [u8], base: u64) -> Result<()> {
    let Some(dynamic) = co.segments.iter().find(|s| s.p_type == PT_DYNAMIC) else {
        return Ok(());
    };
    let bad = |m: String| Error::CodeObject(format!("dynamic section: {m}"));
    let u64_at = |image: &[u8], at: u64| -> Option<u64> {
        let at = usize::try_from(at).ok()?;
        let b = image.get(at..at.checked_add(8)?)?;
        Some(u64::from_le_bytes(b.try_into().ok()?))
    };
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
    let end = rela
        .checked_add(relasz)
        .filter(|&e| e <= image.len() as u64);
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
                let at = usize::try_from(offset)
                    .ok()
                    .filter(|&o| o.checked_add(8).is_some_and(|e| e <= image.len()))
                    .ok_or_else(|| {
                        bad(format!(
                            "R_AMDGPU_RELATIVE64 at {offset:#x} is outside the loaded segments"
                        ))
                    })?;
                image[at..at + 8].copy_from_slice(&v.to_le_bytes());
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
