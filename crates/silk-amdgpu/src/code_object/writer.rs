//! ELF writer: lays a [`CodeObject`] out exactly as ld.lld 22 lays out a
//! clang-22 HIP device object (sections, order, flags, alignment, program
//! headers, symbols, hash tables, `.dynamic`, `.relro_padding`, `.bss`),
//! with every kernel descriptor's entry offset resolved against the final
//! virtual addresses, so no relocation section is needed.
//!
//! Address assignment follows lld: each new `PT_LOAD` starts on a new page
//! at the address congruent (mod 4 KiB) to its file offset, so the file
//! needs no page padding; the RELRO segment (`.dynamic`) is extended to the
//! page boundary by the NOBITS `.relro_padding`.
//!
//! `.text` end padding follows LLVM 22's `AMDGPUTargetAsmStreamer::
//! EmitCodeEnd` (as observed in clang output): on GFX11 the code is padded
//! to a 128-byte instruction-cache line with `s_code_end` and then 3 more
//! lines (prefetch depth) of `s_code_end`; on gfx90a-class processors
//! (gfx942) to a 64-byte line with `s_nop 0` and then 16 more lines of
//! `s_nop 0`. Alignment between functions is filled with `s_nop 0`.

use std::borrow::Cow;

use super::config::is_gfx90a_class;
use super::descriptor::KernelDescriptor;
use super::elf::*;
use super::{CodeObject, CodeObjectError, Result};
use crate::target::Generation;
use serde::Serialize;

/// `s_nop 0` (SOPP, both generations).
pub const S_NOP_0: u32 = 0xbf80_0000;
/// `s_code_end` on GFX10/GFX11.
pub const S_CODE_END_GFX11: u32 = 0xbf9f_0000;
/// Kernel entry alignment LLVM uses for AMDHSA kernels.
pub const KERNEL_ALIGN: u64 = 256;
/// Alignment of non-kernel device functions.
pub const FUNCTION_ALIGN: u64 = 4;

const NUM_PHDRS: usize = 9;

/// Linker-level details of the object.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LinkInfo {
    /// `.comment` strings (lld writes a leading empty string first).
    pub comment: Vec<String>,
    /// Name of the one-byte `.bss` object; `None` derives a deterministic
    /// `__hip_cuid_<16 hex digits>` from the target and kernel contents.
    pub cuid_symbol: Option<String>,
    /// Extra LOCAL absolute symbols for `.symtab` (LLVM 22 emits resource
    /// usage symbols such as `<kernel>.num_vgpr`), in order.
    pub local_symbols: Vec<(String, u64)>,
    /// For each device function, how many `local_symbols` precede its
    /// symbol in `.symtab` (lld keeps an input object's order, so a
    /// function defined after a kernel follows that kernel's resource
    /// symbols); `None` puts every function first. Must not decrease.
    pub function_symbol_slots: Option<Vec<usize>>,
    /// `.text` exactly as an assembler laid it out; `None` lets the
    /// writer lay out [`CodeObject::functions`] and kernels itself.
    pub text: Option<TextImage>,
}

/// A complete `.text` section from an assembler: the bytes (alignment
/// padding and code-end fill included, as in the input object), the
/// section alignment, and where each function and kernel starts. Kernel
/// and function code lengths (symbol sizes) still come from
/// [`Kernel::code`](super::Kernel::code) and
/// [`DeviceFunction::code`](super::DeviceFunction::code).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TextImage {
    pub bytes: Vec<u8>,
    /// Section alignment (a power of two).
    pub align: u64,
    /// Offset of each kernel's entry, in [`CodeObject::kernels`] order.
    pub kernel_offsets: Vec<u64>,
    /// Offset of each device function, in [`CodeObject::functions`] order.
    pub function_offsets: Vec<u64>,
}

impl Default for LinkInfo {
    fn default() -> Self {
        LinkInfo {
            comment: vec![format!("Silk {}", env!("CARGO_PKG_VERSION"))],
            cuid_symbol: None,
            local_symbols: Vec::new(),
            function_symbol_slots: None,
            text: None,
        }
    }
}

/// Where one section lands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SectionPlacement {
    pub name: &'static str,
    pub offset: u64,
    pub address: u64,
    pub size: u64,
}

/// The addresses the writer assigns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Layout {
    pub sections: Vec<SectionPlacement>,
    /// Virtual address of each kernel's entry, in kernel order.
    pub kernel_addresses: Vec<u64>,
    /// Virtual address of each `<kernel>.kd`, in kernel order.
    pub descriptor_addresses: Vec<u64>,
    /// Virtual address of each device function, in order.
    pub function_addresses: Vec<u64>,
    /// Virtual address of [`CodeObject::rodata`]'s first byte.
    pub rodata_address: u64,
    pub text_address: u64,
    pub text_size: u64,
    pub file_size: u64,
}

impl Layout {
    pub fn section(&self, name: &str) -> Option<&SectionPlacement> {
        self.sections.iter().find(|s| s.name == name)
    }
}

struct DynSym {
    name: String,
    kind: u8,
    other: u8,
    shndx: u16,
    value: u64,
    size: u64,
}

/// Everything derived from the object before bytes are written.
struct Plan<'a> {
    text_align: u64,
    layout: Layout,
    note: Vec<u8>,
    dynsyms: Vec<DynSym>,
    dynstr: Vec<u8>,
    dyn_name_offsets: Vec<u32>,
    gnu_hash: Vec<u8>,
    sysv_hash: Vec<u8>,
    /// An assembler's image is borrowed, not copied (it can be megabytes).
    text: Cow<'a, [u8]>,
    rodata: Vec<u8>,
    comment: Vec<u8>,
    cuid: String,
    relro_padding: u64,
}

const SECTION_NAMES: [&str; 16] = [
    "",
    ".note",
    ".dynsym",
    ".gnu.hash",
    ".hash",
    ".dynstr",
    ".rodata",
    ".text",
    ".dynamic",
    ".relro_padding",
    ".bss",
    ".AMDGPU.gpr_maximums",
    ".comment",
    ".symtab",
    ".shstrtab",
    ".strtab",
];
const SEC_NOTE: u16 = 1;
const SEC_DYNSYM: u16 = 2;
const SEC_DYNSTR: u16 = 5;
const SEC_RODATA: u16 = 6;
const SEC_TEXT: u16 = 7;
const SEC_DYNAMIC: u16 = 8;
const SEC_BSS: u16 = 10;
const SEC_STRTAB: u16 = 15;
const DYNAMIC_ENTRIES: u64 = 7;

fn fnv1a(data: &[u8], mut h: u64) -> u64 {
    for &b in data {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

fn default_cuid(obj: &CodeObject) -> String {
    let mut h = fnv1a(obj.target.target_id().as_bytes(), 0xcbf2_9ce4_8422_2325);
    for k in &obj.kernels {
        h = fnv1a(k.name.as_bytes(), h);
        h = fnv1a(&k.code, h);
    }
    format!("__hip_cuid_{h:016x}")
}

/// The note section for `metadata`: the bytes of
/// `note_bytes(&metadata.to_msgpack()?)`, encoded in place.
fn metadata_note(metadata: &super::Metadata) -> Result<Vec<u8>> {
    let mut n = Vec::with_capacity(24 + 512 + 512 * metadata.kernels.len());
    n.put_u32(NOTE_OWNER_AMDGPU.len() as u32 + 1);
    n.put_u32(0); // descsz, patched below
    n.put_u32(NT_AMDGPU_METADATA);
    n.extend_from_slice(NOTE_OWNER_AMDGPU);
    n.push(0);
    n.pad_to(align_up(n.len() as u64, 4) as usize);
    let desc_start = n.len();
    metadata.write_msgpack(&mut n)?;
    let descsz = u32::try_from(n.len() - desc_start)
        .map_err(|_| CodeObjectError::Metadata("metadata larger than 4 GiB".into()))?;
    n[4..8].copy_from_slice(&descsz.to_le_bytes());
    n.pad_to(align_up(n.len() as u64, 4) as usize);
    Ok(n)
}

/// The note section: one `NT_AMDGPU_METADATA` record.
pub fn note_bytes(desc: &[u8]) -> Result<Vec<u8>> {
    let descsz = u32::try_from(desc.len())
        .map_err(|_| CodeObjectError::Metadata("metadata larger than 4 GiB".into()))?;
    let mut n = Vec::with_capacity(20 + desc.len() + 4);
    n.put_u32(NOTE_OWNER_AMDGPU.len() as u32 + 1);
    n.put_u32(descsz);
    n.put_u32(NT_AMDGPU_METADATA);
    n.extend_from_slice(NOTE_OWNER_AMDGPU);
    n.push(0);
    n.pad_to(align_up(n.len() as u64, 4) as usize);
    n.extend_from_slice(desc);
    n.pad_to(align_up(n.len() as u64, 4) as usize);
    Ok(n)
}

/// lld's GNU hash table: `max(n/4, 1)` buckets, a bloom filter of 12 bits
/// per symbol rounded to a power-of-two number of 64-bit words, shift 26.
/// Returns the section bytes and the symbol order (sorted by bucket,
/// stable) the dynamic symbol table must use.
fn gnu_hash_table(names: &[&str]) -> (Vec<u8>, Vec<usize>) {
    const SHIFT2: u32 = 26;
    let n = names.len();
    let nbuckets = (n / 4).max(1);
    let mask_words = if n == 0 {
        1
    } else {
        ((n * 12) / 64 + 1).next_power_of_two()
    };
    let hashes: Vec<u32> = names.iter().map(|s| gnu_hash(s.as_bytes())).collect();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&i| hashes[i] as usize % nbuckets);
    let mut bloom = vec![0u64; mask_words];
    for &h in &hashes {
        let word = (h as usize / 64) & (mask_words - 1);
        bloom[word] |= 1u64 << (h % 64);
        bloom[word] |= 1u64 << ((h >> SHIFT2) % 64);
    }
    let mut buckets = vec![0u32; nbuckets];
    let mut chain = Vec::with_capacity(n);
    for (pos, &i) in order.iter().enumerate() {
        let b = hashes[i] as usize % nbuckets;
        let last = order
            .get(pos + 1)
            .is_none_or(|&j| hashes[j] as usize % nbuckets != b);
        chain.push(if last { hashes[i] | 1 } else { hashes[i] & !1 });
        if buckets[b] == 0 {
            buckets[b] = pos as u32 + 1;
        }
    }
    let mut out = Vec::with_capacity(16 + 8 * mask_words + 4 * (nbuckets + n));
    out.put_u32(nbuckets as u32);
    out.put_u32(1);
    out.put_u32(mask_words as u32);
    out.put_u32(SHIFT2);
    for w in bloom {
        out.put_u64(w);
    }
    for b in buckets {
        out.put_u32(b);
    }
    for c in chain {
        out.put_u32(c);
    }
    (out, order)
}

/// SysV `.hash`: as many buckets as symbols (lld's choice).
fn sysv_hash_table(names_in_symtab_order: &[&str]) -> Vec<u8> {
    let nsyms = names_in_symtab_order.len() + 1;
    let mut buckets = vec![0u32; nsyms];
    let mut chains = vec![0u32; nsyms];
    for (i, name) in names_in_symtab_order.iter().enumerate() {
        let idx = i + 1;
        let b = sysv_hash(name.as_bytes()) as usize % nsyms;
        chains[idx] = buckets[b];
        buckets[b] = idx as u32;
    }
    let mut out = Vec::with_capacity(8 + 8 * nsyms);
    out.put_u32(nsyms as u32);
    out.put_u32(nsyms as u32);
    for b in buckets {
        out.put_u32(b);
    }
    for c in chains {
        out.put_u32(c);
    }
    out
}

fn code_end_padding(obj: &CodeObject, text: &mut Vec<u8>) {
    let (line, lines, word) = if obj.target.processor.generation() == Generation::Gfx11 {
        (128usize, 3usize, S_CODE_END_GFX11)
    } else if is_gfx90a_class(obj.target.processor) {
        (64, 16, S_NOP_0)
    } else {
        return;
    };
    // Code is whole words, so the distance to the line end is too.
    let to_line_end = text.len().next_multiple_of(line) - text.len();
    put_words(text, word, to_line_end / 4 + line * lines / 4);
}

/// Append `count` copies of the instruction word `word`.
fn put_words(text: &mut Vec<u8>, word: u32, count: usize) {
    let start = text.len();
    text.resize(start + 4 * count, 0);
    for w in text[start..].chunks_exact_mut(4) {
        w.copy_from_slice(&word.to_le_bytes());
    }
}

/// `.text` as the writer lays it out without a [`TextImage`]: device
/// functions (4-byte aligned), then kernels (256-byte aligned), then the
/// code-end fill. Returns the bytes, function offsets and kernel offsets.
pub(crate) fn default_text(obj: &CodeObject) -> (Vec<u8>, Vec<u64>, Vec<u64>) {
    let code_bytes: usize = obj.functions.iter().map(|f| f.code.len()).sum::<usize>()
        + obj.kernels.iter().map(|k| k.code.len()).sum::<usize>();
    // Code, alignment and the end padding (at most 4 + 16 lines of 128).
    let mut text = Vec::with_capacity(
        code_bytes
            + (FUNCTION_ALIGN as usize) * obj.functions.len()
            + (KERNEL_ALIGN as usize) * obj.kernels.len()
            + 20 * 128,
    );
    let mut function_offsets = Vec::new();
    for f in &obj.functions {
        pad_with_nops(&mut text, FUNCTION_ALIGN);
        function_offsets.push(text.len() as u64);
        text.extend_from_slice(&f.code);
    }
    let mut kernel_offsets = Vec::new();
    for k in &obj.kernels {
        pad_with_nops(&mut text, KERNEL_ALIGN);
        kernel_offsets.push(text.len() as u64);
        text.extend_from_slice(&k.code);
    }
    if !text.is_empty() {
        code_end_padding(obj, &mut text);
    }
    (text, function_offsets, kernel_offsets)
}

fn check_text_image(obj: &CodeObject, image: &TextImage) -> Result<()> {
    let bad = |message: String| Err(CodeObjectError::Malformed(format!("text image: {message}")));
    if !image.align.is_power_of_two() || image.align > PAGE_SIZE {
        return bad(format!(
            "alignment {} is not a power of two up to 4096",
            image.align
        ));
    }
    if image.kernel_offsets.len() != obj.kernels.len()
        || image.function_offsets.len() != obj.functions.len()
    {
        return bad("one offset per kernel and per device function is required".into());
    }
    let len = image.bytes.len() as u64;
    let spans = obj
        .kernels
        .iter()
        .map(|k| (&k.name, k.code.len()))
        .zip(&image.kernel_offsets)
        .chain(
            obj.functions
                .iter()
                .map(|f| (&f.name, f.code.len()))
                .zip(&image.function_offsets),
        );
    for ((name, size), &off) in spans {
        if off.checked_add(size as u64).is_none_or(|end| end > len) {
            return bad(format!(
                "`{name}` at {off:#x} with {size} bytes lies outside the {len}-byte section"
            ));
        }
    }
    Ok(())
}

fn pad_with_nops(text: &mut Vec<u8>, align: u64) {
    let len = text.len() as u64;
    put_words(
        text,
        S_NOP_0,
        (len.next_multiple_of(align) - len).div_ceil(4) as usize,
    );
}

fn plan(obj: &CodeObject) -> Result<Plan<'_>> {
    for (name, code) in obj
        .functions
        .iter()
        .map(|f| (&f.name, &f.code))
        .chain(obj.kernels.iter().map(|k| (&k.name, &k.code)))
    {
        if name.is_empty() || name.contains('\0') {
            return Err(CodeObjectError::Config {
                kernel: name.clone(),
                message: "symbol names must be non-empty and contain no NUL byte".into(),
            });
        }
        if code.len() % 4 != 0 {
            return Err(CodeObjectError::Config {
                kernel: name.clone(),
                message: format!(
                    "code is {} bytes, not a whole number of 4-byte instruction words",
                    code.len()
                ),
            });
        }
    }
    let note = metadata_note(&obj.metadata)?;
    let cuid = obj
        .link
        .cuid_symbol
        .clone()
        .unwrap_or_else(|| default_cuid(obj));

    // Dynamic symbols in insertion order (dynstr follows this order).
    let mut dynsyms = Vec::with_capacity(2 * obj.kernels.len() + 1);
    for k in &obj.kernels {
        dynsyms.push(DynSym {
            name: k.name.clone(),
            kind: STT_FUNC,
            other: STV_PROTECTED,
            shndx: SEC_TEXT,
            value: 0,
            size: k.code.len() as u64,
        });
        dynsyms.push(DynSym {
            name: format!("{}.kd", k.name),
            kind: STT_OBJECT,
            other: STV_PROTECTED,
            shndx: SEC_RODATA,
            value: 0,
            size: 64,
        });
    }
    dynsyms.push(DynSym {
        name: cuid.clone(),
        kind: STT_OBJECT,
        other: STV_DEFAULT,
        shndx: SEC_BSS,
        value: 0,
        size: 1,
    });
    let mut dynstr =
        Vec::with_capacity(1 + dynsyms.iter().map(|s| s.name.len() + 1).sum::<usize>());
    dynstr.push(0);
    let mut name_offsets = Vec::with_capacity(dynsyms.len());
    for s in &dynsyms {
        name_offsets.push(dynstr.len() as u32);
        dynstr.extend_from_slice(s.name.as_bytes());
        dynstr.push(0);
    }
    let names: Vec<&str> = dynsyms.iter().map(|s| s.name.as_str()).collect();
    let (gnu_hash, order) = gnu_hash_table(&names);
    let sorted_names: Vec<&str> = order.iter().map(|&i| names[i]).collect();
    let sysv_hash = sysv_hash_table(&sorted_names);
    let dyn_name_offsets: Vec<u32> = order.iter().map(|&i| name_offsets[i]).collect();
    let mut dynsyms: Vec<Option<DynSym>> = dynsyms.into_iter().map(Some).collect();
    let dynsyms: Vec<DynSym> = order.iter().filter_map(|&i| dynsyms[i].take()).collect();

    // .rodata: descriptors (64-byte aligned) then user data.
    let rodata_user_offset = 64 * obj.kernels.len() as u64;
    // .text: as given, or device functions then kernels at 256-byte alignment.
    let (text, function_offsets, kernel_offsets, text_align) = match &obj.link.text {
        Some(image) => {
            check_text_image(obj, image)?;
            (
                Cow::Borrowed(&image.bytes[..]),
                image.function_offsets.clone(),
                image.kernel_offsets.clone(),
                image.align,
            )
        }
        None => {
            let (text, function_offsets, kernel_offsets) = default_text(obj);
            (
                Cow::Owned(text),
                function_offsets,
                kernel_offsets,
                KERNEL_ALIGN,
            )
        }
    };

    let mut comment =
        Vec::with_capacity(1 + obj.link.comment.iter().map(|c| c.len() + 1).sum::<usize>());
    comment.push(0);
    for c in &obj.link.comment {
        comment.extend_from_slice(c.as_bytes());
        comment.push(0);
    }

    // Addresses. The first segment maps from file offset 0 with VA == offset.
    let mut sections = Vec::with_capacity(10);
    let mut off = (EHDR_SIZE + NUM_PHDRS * PHDR_SIZE) as u64;
    let mut place = |name: &'static str, off: &mut u64, align: u64, size: u64| {
        *off = align_up(*off, align);
        sections.push(SectionPlacement {
            name,
            offset: *off,
            address: *off,
            size,
        });
        *off += size;
    };
    place(".note", &mut off, 4, note.len() as u64);
    place(
        ".dynsym",
        &mut off,
        8,
        (SYM_SIZE * (dynsyms.len() + 1)) as u64,
    );
    place(".gnu.hash", &mut off, 8, gnu_hash.len() as u64);
    place(".hash", &mut off, 4, sysv_hash.len() as u64);
    place(".dynstr", &mut off, 1, dynstr.len() as u64);
    place(
        ".rodata",
        &mut off,
        64,
        rodata_user_offset + obj.rodata.len() as u64,
    );
    let rodata_addr = sections[5].address;
    // New segment: next page, VA congruent to the file offset.
    let new_segment = |dot: u64, file_end: u64, align: u64| {
        let offset = align_up(file_end, align);
        (offset, align_up(dot, PAGE_SIZE) + offset % PAGE_SIZE)
    };
    let (text_off, text_addr) = new_segment(off, off, text_align);
    sections.push(SectionPlacement {
        name: ".text",
        offset: text_off,
        address: text_addr,
        size: text.len() as u64,
    });
    let dyn_size = DYNAMIC_ENTRIES * DYN_SIZE as u64;
    let (dyn_off, dyn_addr) = new_segment(
        text_addr + text.len() as u64,
        text_off + text.len() as u64,
        8,
    );
    sections.push(SectionPlacement {
        name: ".dynamic",
        offset: dyn_off,
        address: dyn_addr,
        size: dyn_size,
    });
    let dyn_end = dyn_addr + dyn_size;
    let relro_padding = align_up(dyn_end, PAGE_SIZE) - dyn_end;
    let file_end = dyn_off + dyn_size;
    sections.push(SectionPlacement {
        name: ".relro_padding",
        offset: file_end,
        address: dyn_end,
        size: relro_padding,
    });
    let (_, bss_addr) = new_segment(dyn_end + relro_padding, file_end, 1);
    sections.push(SectionPlacement {
        name: ".bss",
        offset: file_end,
        address: bss_addr,
        size: 1,
    });

    let kernel_addresses: Vec<u64> = kernel_offsets.iter().map(|o| text_addr + o).collect();
    let function_addresses: Vec<u64> = function_offsets.iter().map(|o| text_addr + o).collect();
    let descriptor_addresses: Vec<u64> = (0..obj.kernels.len() as u64)
        .map(|i| rodata_addr + 64 * i)
        .collect();

    let mut rodata = Vec::with_capacity(rodata_user_offset as usize + obj.rodata.len());
    for (i, k) in obj.kernels.iter().enumerate() {
        let entry = kernel_addresses[i] as i64 - descriptor_addresses[i] as i64;
        let d = KernelDescriptor::encode(&k.config, &obj.target, &k.name, entry)?;
        rodata.extend_from_slice(&d.0);
    }
    rodata.extend_from_slice(&obj.rodata);

    let mut dynsyms = dynsyms;
    for s in &mut dynsyms {
        if s.shndx == SEC_TEXT {
            let i = obj
                .kernels
                .iter()
                .position(|k| k.name == s.name)
                .unwrap_or(0);
            s.value = kernel_addresses.get(i).copied().unwrap_or(text_addr);
        } else if s.shndx == SEC_RODATA {
            let i = obj
                .kernels
                .iter()
                .position(|k| s.name.strip_suffix(".kd") == Some(k.name.as_str()))
                .unwrap_or(0);
            s.value = descriptor_addresses.get(i).copied().unwrap_or(rodata_addr);
        } else {
            s.value = bss_addr;
        }
    }

    let layout = Layout {
        sections,
        kernel_addresses,
        descriptor_addresses,
        function_addresses,
        rodata_address: rodata_addr + rodata_user_offset,
        text_address: text_addr,
        text_size: text.len() as u64,
        file_size: 0,
    };
    Ok(Plan {
        text_align,
        layout,
        note,
        dynsyms,
        dynstr,
        dyn_name_offsets,
        gnu_hash,
        sysv_hash,
        text,
        rodata,
        comment,
        cuid,
        relro_padding,
    })
}

/// The layout [`write`] will produce (file size included).
pub fn layout(obj: &CodeObject) -> Result<Layout> {
    let bytes = write(obj)?;
    let mut layout = plan(obj)?.layout;
    layout.file_size = bytes.len() as u64;
    Ok(layout)
}

fn put_sym(out: &mut Vec<u8>, name: u32, info: u8, other: u8, shndx: u16, value: u64, size: u64) {
    out.put_u32(name);
    out.push(info);
    out.push(other);
    out.put_u16(shndx);
    out.put_u64(value);
    out.put_u64(size);
}

#[allow(clippy::too_many_arguments)]
fn put_phdr(
    out: &mut Vec<u8>,
    ty: u32,
    flags: u32,
    off: u64,
    addr: u64,
    filesz: u64,
    memsz: u64,
    align: u64,
) {
    out.put_u32(ty);
    out.put_u32(flags);
    out.put_u64(off);
    out.put_u64(addr);
    out.put_u64(addr);
    out.put_u64(filesz);
    out.put_u64(memsz);
    out.put_u64(align);
}

#[allow(clippy::too_many_arguments)]
fn put_shdr(
    out: &mut Vec<u8>,
    name: u32,
    ty: u32,
    flags: u64,
    addr: u64,
    off: u64,
    size: u64,
    link: u32,
    info: u32,
    align: u64,
    entsize: u64,
) {
    out.put_u32(name);
    out.put_u32(ty);
    out.put_u64(flags);
    out.put_u64(addr);
    out.put_u64(off);
    out.put_u64(size);
    out.put_u32(link);
    out.put_u32(info);
    out.put_u64(align);
    out.put_u64(entsize);
}

/// Serialize `obj` to ELF bytes.
pub fn write(obj: &CodeObject) -> Result<Vec<u8>> {
    let p = plan(obj)?;
    let sec = |name: &str| {
        p.layout.section(name).cloned().unwrap_or(SectionPlacement {
            name: "",
            offset: 0,
            address: 0,
            size: 0,
        })
    };
    let (note, dynsym, gnuhash, hash, dynstr, rodata, text, dynamic, relro, bss) = (
        sec(".note"),
        sec(".dynsym"),
        sec(".gnu.hash"),
        sec(".hash"),
        sec(".dynstr"),
        sec(".rodata"),
        sec(".text"),
        sec(".dynamic"),
        sec(".relro_padding"),
        sec(".bss"),
    );

    // Static symbol table and its strings.
    let names_len: usize = obj
        .functions
        .iter()
        .map(|f| f.name.len() + 1)
        .sum::<usize>()
        + obj
            .link
            .local_symbols
            .iter()
            .map(|(n, _)| n.len() + 1)
            .sum::<usize>()
        + obj
            .kernels
            .iter()
            .map(|k| 2 * k.name.len() + 5)
            .sum::<usize>()
        + p.cuid.len()
        + 1
        + "_DYNAMIC".len()
        + 2;
    let mut strtab = Vec::with_capacity(names_len);
    strtab.push(0);
    // A name made of `parts`, NUL-terminated; returns its offset.
    let mut add_str = |parts: &[&str]| {
        let o = strtab.len() as u32;
        for s in parts {
            strtab.extend_from_slice(s.as_bytes());
        }
        strtab.push(0);
        o
    };
    let mut symtab = Vec::with_capacity(
        SYM_SIZE * (4 + obj.functions.len() + obj.link.local_symbols.len() + 2 * obj.kernels.len()),
    );
    put_sym(&mut symtab, 0, 0, 0, 0, 0, 0);
    let slots = obj.link.function_symbol_slots.as_deref();
    let mut next_function = 0;
    for j in 0..=obj.link.local_symbols.len() {
        while next_function < obj.functions.len()
            && slots.map_or(0, |s| s.get(next_function).copied().unwrap_or(0)) <= j
        {
            let f = &obj.functions[next_function];
            let addr = p.layout.function_addresses[next_function];
            let n = add_str(&[&f.name]);
            put_sym(
                &mut symtab,
                n,
                STB_LOCAL << 4 | STT_FUNC,
                STV_DEFAULT,
                SEC_TEXT,
                addr,
                f.code.len() as u64,
            );
            next_function += 1;
        }
        let Some((name, value)) = obj.link.local_symbols.get(j) else {
            break;
        };
        let n = add_str(&[name]);
        put_sym(
            &mut symtab,
            n,
            STB_LOCAL << 4 | STT_NOTYPE,
            STV_DEFAULT,
            SHN_ABS,
            *value,
            0,
        );
    }
    let dynamic_sym_index = symtab.len() / SYM_SIZE;
    put_sym(
        &mut symtab,
        0,
        STB_LOCAL << 4 | STT_NOTYPE,
        STV_HIDDEN,
        SEC_DYNAMIC,
        dynamic.address,
        0,
    );
    let first_global = symtab.len() / SYM_SIZE;
    for (i, k) in obj.kernels.iter().enumerate() {
        let n = add_str(&[&k.name]);
        put_sym(
            &mut symtab,
            n,
            STB_GLOBAL << 4 | STT_FUNC,
            STV_PROTECTED,
            SEC_TEXT,
            p.layout.kernel_addresses[i],
            k.code.len() as u64,
        );
        let n = add_str(&[&k.name, ".kd"]);
        put_sym(
            &mut symtab,
            n,
            STB_GLOBAL << 4 | STT_OBJECT,
            STV_PROTECTED,
            SEC_RODATA,
            p.layout.descriptor_addresses[i],
            64,
        );
    }
    let n = add_str(&[&p.cuid]);
    put_sym(
        &mut symtab,
        n,
        STB_GLOBAL << 4 | STT_OBJECT,
        STV_DEFAULT,
        SEC_BSS,
        bss.address,
        1,
    );
    // lld names `_DYNAMIC` last.
    let dyn_name = add_str(&["_DYNAMIC"]);
    symtab[dynamic_sym_index * SYM_SIZE..dynamic_sym_index * SYM_SIZE + 4]
        .copy_from_slice(&dyn_name.to_le_bytes());

    let mut shstrtab = Vec::with_capacity(SECTION_NAMES.iter().map(|n| n.len() + 1).sum());
    shstrtab.push(0);
    let mut sh_names = [0u32; 16];
    for (i, name) in SECTION_NAMES.iter().enumerate().skip(1) {
        sh_names[i] = shstrtab.len() as u32;
        shstrtab.extend_from_slice(name.as_bytes());
        shstrtab.push(0);
    }

    let mut out = Vec::with_capacity(dynamic.offset as usize + 4096);
    // ELF header.
    out.extend_from_slice(&ELFMAG);
    out.extend_from_slice(&[
        ELFCLASS64,
        ELFDATA2LSB,
        EV_CURRENT,
        ELFOSABI_AMDGPU_HSA,
        ELFABIVERSION_AMDGPU_HSA_V6,
    ]);
    out.pad_to(16);
    out.put_u16(ET_DYN);
    out.put_u16(EM_AMDGPU);
    out.put_u32(1);
    out.put_u64(0); // e_entry
    out.put_u64(EHDR_SIZE as u64);
    let shoff_at = out.len();
    out.put_u64(0); // e_shoff, patched below
    out.put_u32(obj.target.e_flags());
    out.put_u16(EHDR_SIZE as u16);
    out.put_u16(PHDR_SIZE as u16);
    out.put_u16(NUM_PHDRS as u16);
    out.put_u16(SHDR_SIZE as u16);
    out.put_u16(SECTION_NAMES.len() as u16);
    out.put_u16(14); // .shstrtab

    // Program headers.
    let phdr_size = (NUM_PHDRS * PHDR_SIZE) as u64;
    let ro_end = rodata.offset + rodata.size;
    let relro_mem = dynamic.size + p.relro_padding;
    put_phdr(
        &mut out,
        PT_PHDR,
        PF_R,
        EHDR_SIZE as u64,
        EHDR_SIZE as u64,
        phdr_size,
        phdr_size,
        8,
    );
    put_phdr(&mut out, PT_LOAD, PF_R, 0, 0, ro_end, ro_end, PAGE_SIZE);
    put_phdr(
        &mut out,
        PT_LOAD,
        PF_R | PF_X,
        text.offset,
        text.address,
        text.size,
        text.size,
        PAGE_SIZE,
    );
    put_phdr(
        &mut out,
        PT_LOAD,
        PF_R | PF_W,
        dynamic.offset,
        dynamic.address,
        dynamic.size,
        relro_mem,
        PAGE_SIZE,
    );
    put_phdr(
        &mut out,
        PT_LOAD,
        PF_R | PF_W,
        bss.offset,
        bss.address,
        0,
        1,
        PAGE_SIZE,
    );
    put_phdr(
        &mut out,
        PT_DYNAMIC,
        PF_R | PF_W,
        dynamic.offset,
        dynamic.address,
        dynamic.size,
        dynamic.size,
        8,
    );
    put_phdr(
        &mut out,
        PT_GNU_RELRO,
        PF_R,
        dynamic.offset,
        dynamic.address,
        dynamic.size,
        relro_mem,
        1,
    );
    put_phdr(&mut out, PT_GNU_STACK, PF_R | PF_W, 0, 0, 0, 0, 0);
    put_phdr(
        &mut out,
        PT_NOTE,
        PF_R,
        note.offset,
        note.address,
        note.size,
        note.size,
        4,
    );

    // Allocated sections.
    out.pad_to(note.offset as usize);
    out.extend_from_slice(&p.note);
    out.pad_to(dynsym.offset as usize);
    put_sym(&mut out, 0, 0, 0, 0, 0, 0);
    for (s, &name) in p.dynsyms.iter().zip(&p.dyn_name_offsets) {
        put_sym(
            &mut out,
            name,
            STB_GLOBAL << 4 | s.kind,
            s.other,
            s.shndx,
            s.value,
            s.size,
        );
    }
    out.pad_to(gnuhash.offset as usize);
    out.extend_from_slice(&p.gnu_hash);
    out.pad_to(hash.offset as usize);
    out.extend_from_slice(&p.sysv_hash);
    out.pad_to(dynstr.offset as usize);
    out.extend_from_slice(&p.dynstr);
    out.pad_to(rodata.offset as usize);
    out.extend_from_slice(&p.rodata);
    out.pad_to(text.offset as usize);
    out.extend_from_slice(&p.text);
    out.pad_to(dynamic.offset as usize);
    for (tag, val) in [
        (DT_SYMTAB, dynsym.address),
        (DT_SYMENT, SYM_SIZE as u64),
        (DT_STRTAB, dynstr.address),
        (DT_STRSZ, dynstr.size),
        (DT_GNU_HASH, gnuhash.address),
        (DT_HASH, hash.address),
        (DT_NULL, 0),
    ] {
        out.put_u64(tag);
        out.put_u64(val);
    }
    // Non-allocated sections.
    let gpr_max_off = out.len() as u64;
    let comment_off = out.len() as u64;
    out.extend_from_slice(&p.comment);
    out.pad_to(align_up(out.len() as u64, 8) as usize);
    let symtab_off = out.len() as u64;
    out.extend_from_slice(&symtab);
    let shstrtab_off = out.len() as u64;
    out.extend_from_slice(&shstrtab);
    let strtab_off = out.len() as u64;
    out.extend_from_slice(&strtab);
    out.pad_to(align_up(out.len() as u64, 8) as usize);
    let shoff = out.len() as u64;
    out[shoff_at..shoff_at + 8].copy_from_slice(&shoff.to_le_bytes());

    // Section headers.
    let dynsym_count = (p.dynsyms.len() + 1) as u64;
    put_shdr(&mut out, 0, SHT_NULL, 0, 0, 0, 0, 0, 0, 0, 0);
    let a = SHF_ALLOC;
    put_shdr(
        &mut out,
        sh_names[1],
        SHT_NOTE,
        a,
        note.address,
        note.offset,
        note.size,
        0,
        0,
        4,
        0,
    );
    put_shdr(
        &mut out,
        sh_names[2],
        SHT_DYNSYM,
        a,
        dynsym.address,
        dynsym.offset,
        dynsym_count * SYM_SIZE as u64,
        SEC_DYNSTR as u32,
        1,
        8,
        SYM_SIZE as u64,
    );
    put_shdr(
        &mut out,
        sh_names[3],
        SHT_GNU_HASH,
        a,
        gnuhash.address,
        gnuhash.offset,
        gnuhash.size,
        SEC_DYNSYM as u32,
        0,
        8,
        0,
    );
    put_shdr(
        &mut out,
        sh_names[4],
        SHT_HASH,
        a,
        hash.address,
        hash.offset,
        hash.size,
        SEC_DYNSYM as u32,
        0,
        4,
        4,
    );
    put_shdr(
        &mut out,
        sh_names[5],
        SHT_STRTAB,
        a,
        dynstr.address,
        dynstr.offset,
        dynstr.size,
        0,
        0,
        1,
        0,
    );
    put_shdr(
        &mut out,
        sh_names[6],
        SHT_PROGBITS,
        a,
        rodata.address,
        rodata.offset,
        rodata.size,
        0,
        0,
        64,
        0,
    );
    put_shdr(
        &mut out,
        sh_names[7],
        SHT_PROGBITS,
        a | SHF_EXECINSTR,
        text.address,
        text.offset,
        text.size,
        0,
        0,
        p.text_align,
        0,
    );
    put_shdr(
        &mut out,
        sh_names[8],
        SHT_DYNAMIC,
        a | SHF_WRITE,
        dynamic.address,
        dynamic.offset,
        dynamic.size,
        SEC_DYNSTR as u32,
        0,
        8,
        DYN_SIZE as u64,
    );
    put_shdr(
        &mut out,
        sh_names[9],
        SHT_NOBITS,
        a | SHF_WRITE,
        relro.address,
        relro.offset,
        relro.size,
        0,
        0,
        1,
        0,
    );
    put_shdr(
        &mut out,
        sh_names[10],
        SHT_NOBITS,
        a | SHF_WRITE,
        bss.address,
        bss.offset,
        1,
        0,
        0,
        1,
        0,
    );
    put_shdr(
        &mut out,
        sh_names[11],
        SHT_PROGBITS,
        0,
        0,
        gpr_max_off,
        0,
        0,
        0,
        1,
        0,
    );
    put_shdr(
        &mut out,
        sh_names[12],
        SHT_PROGBITS,
        SHF_MERGE | SHF_STRINGS,
        0,
        comment_off,
        p.comment.len() as u64,
        0,
        0,
        1,
        1,
    );
    put_shdr(
        &mut out,
        sh_names[13],
        SHT_SYMTAB,
        0,
        0,
        symtab_off,
        symtab.len() as u64,
        SEC_STRTAB as u32,
        first_global as u32,
        8,
        SYM_SIZE as u64,
    );
    put_shdr(
        &mut out,
        sh_names[14],
        SHT_STRTAB,
        0,
        0,
        shstrtab_off,
        shstrtab.len() as u64,
        0,
        0,
        1,
        0,
    );
    put_shdr(
        &mut out,
        sh_names[15],
        SHT_STRTAB,
        0,
        0,
        strtab_off,
        strtab.len() as u64,
        0,
        0,
        1,
        0,
    );
    let _ = SEC_NOTE;
    Ok(out)
}
