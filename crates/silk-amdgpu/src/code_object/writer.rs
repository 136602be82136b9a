//! ELF writer: lays a [`CodeObject`] out exactly as ld.lld 22 lays out a
//! clang-22 HIP device object (sections, order, flags, alignment, program
//! headers, symbols, hash tables, `.dynamic`, `.relro_padding`, `.bss`),
//! with every kernel descriptor's entry offset and every `@rel32` literal
//! resolved against the final virtual addresses. The only relocations
//! left are lld's: pointers stored in `.data.rel.ro`/`.data` become
//! `R_AMDGPU_RELATIVE64` entries in `.rela.dyn` (see [`DataImage`]), which
//! then sits between `.dynstr` and `.rodata`, with `DT_RELA`, `DT_RELASZ`,
//! `DT_RELAENT` and `DT_RELACOUNT` first in `.dynamic`; `.data.rel.ro`
//! opens the RELRO segment and `.data` the last one, before `.bss`.
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
/// `.dynamic` entries without relocations (six tags and `DT_NULL`).
const DYNAMIC_ENTRIES: u64 = 7;

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
    /// Data sections beyond `.rodata` (`.data.rel.ro`, `.data`, `.bss`),
    /// their global symbols and relocations, as an assembler laid them
    /// out; `None`: `.bss` holds only the one-byte `cuid_symbol`.
    pub data: Option<DataImage>,
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
            data: None,
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

/// The section a [`DataObject`] lives in or a relocation points into.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum DataSection {
    Text,
    /// `.rodata`, offsets counted from the section start (the kernel
    /// descriptors come first).
    Rodata,
    /// `.data.rel.ro`: pointers relocated at load time, then read-only.
    DataRelRo,
    Data,
    Bss,
}

/// A global symbol of the data sections (`__constant__` and `__device__`
/// variables, the `__hip_cuid_*` marker).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DataObject {
    pub name: String,
    pub section: DataSection,
    pub offset: u64,
    pub size: u64,
    /// `.type name,@object` (else `STT_NOTYPE`).
    pub object: bool,
    /// `.protected` (else default visibility).
    pub protected: bool,
}

/// Which half of `S + A - P` a `sym@rel32@lo|hi` literal holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Rel32Half {
    Lo,
    Hi,
}

/// A `sym@rel32@lo|hi` literal in `.text` whose symbol lies in another
/// section: lld resolves `R_AMDGPU_REL32_LO/HI` against a
/// non-preemptible symbol at link time, so the writer patches the
/// literal once addresses are known (no relocation is left). With no
/// `target` the symbol is absolute (a `.set` constant used before its
/// definition, which llvm-mc 22 leaves as `R_AMDGPU_REL32` against
/// `*ABS*`): the literal holds `A - P`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CodeReloc {
    /// Offset of the 32-bit literal in `.text`.
    pub offset: u64,
    pub half: Rel32Half,
    /// The section the symbol lies in, `None` for an absolute symbol.
    pub target: Option<DataSection>,
    /// Symbol offset in `target` (or its value) plus the addend.
    pub target_offset: i64,
}

/// A `.quad sym+A` in `.data.rel.ro` or `.data`: lld turns the
/// `R_AMDGPU_ABS64` against a non-preemptible symbol into an
/// `R_AMDGPU_RELATIVE64` in `.rela.dyn` (addend = the final address) and
/// leaves the field zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct DataReloc {
    pub section: DataSection,
    pub offset: u64,
    pub target: DataSection,
    pub target_offset: i64,
}

/// An assembler's data sections, global data symbols and relocations.
/// With it, [`LinkInfo::cuid_symbol`] is unused: `.bss` and its symbols
/// come from here.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DataImage {
    pub data_rel_ro: Vec<u8>,
    pub data_rel_ro_align: u64,
    pub data: Vec<u8>,
    pub data_align: u64,
    pub bss_size: u64,
    pub bss_align: u64,
    pub objects: Vec<DataObject>,
    /// Every global symbol (kernel, `<kernel>.kd`, object) in `.symtab`
    /// order (lld keeps the input's order, which is first mention in the
    /// assembly); empty: each kernel and its descriptor, then the objects.
    pub global_order: Vec<String>,
    pub code_relocs: Vec<CodeReloc>,
    pub data_relocs: Vec<DataReloc>,
}

impl Default for DataImage {
    fn default() -> Self {
        DataImage {
            data_rel_ro: Vec::new(),
            data_rel_ro_align: 1,
            data: Vec::new(),
            data_align: 1,
            bss_size: 0,
            bss_align: 1,
            objects: Vec::new(),
            global_order: Vec::new(),
            code_relocs: Vec::new(),
            data_relocs: Vec::new(),
        }
    }
}

/// `R_AMDGPU_RELATIVE64` ([AMDGPUUsage] "Relocation Records").
const R_AMDGPU_RELATIVE64: u64 = 13;
const RELA_SIZE: u64 = 24;
const DT_RELA: u64 = 7;
const DT_RELASZ: u64 = 8;
const DT_RELAENT: u64 = 9;
const DT_RELACOUNT: u64 = 0x6fff_fff9;
const SHT_RELA: u32 = 4;

/// One output section: header fields, placement and contents.
struct Sec<'a> {
    name: &'static str,
    ty: u32,
    flags: u64,
    align: u64,
    entsize: u64,
    /// Section linked by `sh_link`, by name.
    link: Option<&'static str>,
    info: u32,
    offset: u64,
    address: u64,
    size: u64,
    /// File contents (empty for NOBITS).
    bytes: Cow<'a, [u8]>,
}

/// A global symbol: `.symtab` and `.dynsym` entry.
struct GlobalSym<'n> {
    name: &'n str,
    kind: u8,
    other: u8,
    section: &'static str,
    value: u64,
    size: u64,
}

/// Everything derived from the object before bytes are written.
struct Plan<'a> {
    layout: Layout,
    secs: Vec<Sec<'a>>,
    phdrs: Vec<[u64; 7]>,
}

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

fn check_names(obj: &CodeObject) -> Result<()> {
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
    Ok(())
}

/// A global symbol before addresses are known.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Global {
    Kernel(usize),
    Descriptor(usize),
    Object(usize),
}

/// The globals in `.symtab` order (see [`DataImage::global_order`]).
fn global_order(obj: &CodeObject, data: &DataImage) -> Result<Vec<Global>> {
    let mut out = Vec::with_capacity(2 * obj.kernels.len() + data.objects.len());
    if data.global_order.is_empty() {
        for i in 0..obj.kernels.len() {
            out.push(Global::Kernel(i));
            out.push(Global::Descriptor(i));
        }
        out.extend((0..data.objects.len()).map(Global::Object));
        return Ok(out);
    }
    for name in &data.global_order {
        let g = if let Some(i) = obj.kernels.iter().position(|k| &k.name == name) {
            Global::Kernel(i)
        } else if let Some(i) = obj
            .kernels
            .iter()
            .position(|k| name.strip_suffix(".kd") == Some(k.name.as_str()))
        {
            Global::Descriptor(i)
        } else if let Some(i) = data.objects.iter().position(|o| &o.name == name) {
            Global::Object(i)
        } else {
            return Err(CodeObjectError::Malformed(format!(
                "global symbol order names `{name}`, which is no kernel, descriptor or data object"
            )));
        };
        if out.contains(&g) {
            return Err(CodeObjectError::Malformed(format!(
                "global symbol order names `{name}` twice"
            )));
        }
        out.push(g);
    }
    if out.len() != 2 * obj.kernels.len() + data.objects.len() {
        return Err(CodeObjectError::Malformed(
            "global symbol order must name every kernel, descriptor and data object".into(),
        ));
    }
    Ok(out)
}

fn check_data(obj: &CodeObject, data: &DataImage, text_len: u64) -> Result<()> {
    let bad = |m: String| Err(CodeObjectError::Malformed(format!("data image: {m}")));
    for a in [data.data_rel_ro_align, data.data_align, data.bss_align] {
        if !a.is_power_of_two() || a > PAGE_SIZE {
            return bad(format!("alignment {a} is not a power of two up to 4096"));
        }
    }
    let size = |s: DataSection| match s {
        DataSection::Text => text_len,
        DataSection::Rodata => 64 * obj.kernels.len() as u64 + obj.rodata.len() as u64,
        DataSection::DataRelRo => data.data_rel_ro.len() as u64,
        DataSection::Data => data.data.len() as u64,
        DataSection::Bss => data.bss_size,
    };
    let inside =
        |s: DataSection, off: u64, len: u64| off.checked_add(len).is_some_and(|e| e <= size(s));
    for o in &data.objects {
        if o.name.is_empty() || o.name.contains('\0') {
            return bad("object names must be non-empty and contain no NUL byte".into());
        }
        if o.section == DataSection::Text || !inside(o.section, o.offset, o.size) {
            return bad(format!("object `{}` lies outside its section", o.name));
        }
    }
    for r in &data.code_relocs {
        if !inside(DataSection::Text, r.offset, 4) {
            return bad(format!(
                "code relocation at {:#x} lies outside `.text`",
                r.offset
            ));
        }
    }
    for r in &data.data_relocs {
        if !matches!(r.section, DataSection::DataRelRo | DataSection::Data)
            || !inside(r.section, r.offset, 8)
        {
            return bad(format!(
                "a relocated pointer must lie in `.data.rel.ro` or `.data` (offset {:#x})",
                r.offset
            ));
        }
    }
    Ok(())
}

fn plan(obj: &CodeObject) -> Result<Plan<'_>> {
    check_names(obj)?;
    let note = metadata_note(&obj.metadata)?;
    let default_data;
    let data: &DataImage = match &obj.link.data {
        Some(d) => d,
        None => {
            let cuid = obj
                .link
                .cuid_symbol
                .clone()
                .unwrap_or_else(|| default_cuid(obj));
            default_data = DataImage {
                bss_size: 1,
                objects: vec![DataObject {
                    name: cuid,
                    section: DataSection::Bss,
                    offset: 0,
                    size: 1,
                    object: true,
                    protected: false,
                }],
                ..DataImage::default()
            };
            &default_data
        }
    };

    // .text: as given, or device functions then kernels at 256-byte alignment.
    let (mut text, function_offsets, kernel_offsets, text_align) = match &obj.link.text {
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
    check_data(obj, data, text.len() as u64)?;

    // Global symbols; `.dynsym` holds them all, in GNU-hash bucket order
    // (stable), with `.dynstr` in insertion order.
    let globals = global_order(obj, data)?;
    let global_name = |g: Global| -> Cow<'_, str> {
        match g {
            Global::Kernel(i) => Cow::Borrowed(&obj.kernels[i].name),
            Global::Descriptor(i) => Cow::Owned(format!("{}.kd", obj.kernels[i].name)),
            Global::Object(i) => Cow::Borrowed(&data.objects[i].name),
        }
    };
    let names: Vec<Cow<'_, str>> = globals.iter().map(|&g| global_name(g)).collect();
    let mut dynstr = Vec::with_capacity(1 + names.iter().map(|s| s.len() + 1).sum::<usize>());
    dynstr.push(0);
    let mut name_offsets = Vec::with_capacity(names.len());
    for s in &names {
        name_offsets.push(dynstr.len() as u32);
        dynstr.extend_from_slice(s.as_bytes());
        dynstr.push(0);
    }
    let name_refs: Vec<&str> = names.iter().map(|s| s.as_ref()).collect();
    let (gnu_hash, dyn_order) = gnu_hash_table(&name_refs);
    let sorted_names: Vec<&str> = dyn_order.iter().map(|&i| name_refs[i]).collect();
    let sysv_hash = sysv_hash_table(&sorted_names);

    let mut comment =
        Vec::with_capacity(1 + obj.link.comment.iter().map(|c| c.len() + 1).sum::<usize>());
    comment.push(0);
    for c in &obj.link.comment {
        comment.extend_from_slice(c.as_bytes());
        comment.push(0);
    }

    // Allocated sections. The first segment maps from file offset 0 with
    // VA == offset; each later PT_LOAD starts on a new page at the address
    // congruent to its file offset.
    let rodata_user_offset = 64 * obj.kernels.len() as u64;
    let nrel = data.data_relocs.len() as u64;
    let mut secs: Vec<Sec<'_>> = Vec::with_capacity(20);
    let mut off = (EHDR_SIZE + NUM_PHDRS * PHDR_SIZE) as u64;
    let add = |secs: &mut Vec<Sec<'_>>,
               name,
               ty,
               flags,
               align,
               entsize,
               link,
               size,
               off: u64,
               addr: u64| {
        secs.push(Sec {
            name,
            ty,
            flags,
            align,
            entsize,
            link,
            info: 0,
            offset: off,
            address: addr,
            size,
            bytes: Cow::Borrowed(&[]),
        });
        off + if ty == SHT_NOBITS { 0 } else { size }
    };
    let a = SHF_ALLOC;
    let ro = |secs: &mut Vec<Sec<'_>>, off: &mut u64, name, ty, align, entsize, link, size| {
        *off = align_up(*off, align);
        *off = add(secs, name, ty, a, align, entsize, link, size, *off, *off);
    };
    ro(
        &mut secs,
        &mut off,
        ".note",
        SHT_NOTE,
        4,
        0,
        None,
        note.len() as u64,
    );
    ro(
        &mut secs,
        &mut off,
        ".dynsym",
        SHT_DYNSYM,
        8,
        SYM_SIZE as u64,
        Some(".dynstr"),
        (SYM_SIZE * (globals.len() + 1)) as u64,
    );
    ro(
        &mut secs,
        &mut off,
        ".gnu.hash",
        SHT_GNU_HASH,
        8,
        0,
        Some(".dynsym"),
        gnu_hash.len() as u64,
    );
    ro(
        &mut secs,
        &mut off,
        ".hash",
        SHT_HASH,
        4,
        4,
        Some(".dynsym"),
        sysv_hash.len() as u64,
    );
    ro(
        &mut secs,
        &mut off,
        ".dynstr",
        SHT_STRTAB,
        1,
        0,
        None,
        dynstr.len() as u64,
    );
    if nrel > 0 {
        ro(
            &mut secs,
            &mut off,
            ".rela.dyn",
            SHT_RELA,
            8,
            RELA_SIZE,
            Some(".dynsym"),
            RELA_SIZE * nrel,
        );
    }
    ro(
        &mut secs,
        &mut off,
        ".rodata",
        SHT_PROGBITS,
        64,
        0,
        None,
        rodata_user_offset + obj.rodata.len() as u64,
    );
    let ro_end = off;
    let new_segment = |dot: u64, file_end: u64, align: u64| {
        let offset = align_up(file_end, align);
        (offset, align_up(dot, PAGE_SIZE) + offset % PAGE_SIZE)
    };
    let (text_off, text_addr) = new_segment(off, off, text_align);
    let text_len = text.len() as u64;
    let mut file_end = add(
        &mut secs,
        ".text",
        SHT_PROGBITS,
        a | SHF_EXECINSTR,
        text_align,
        0,
        None,
        text_len,
        text_off,
        text_addr,
    );
    let mut dot = text_addr + text_len;
    // RELRO: `.data.rel.ro`, `.dynamic`, then `.relro_padding` to the page end.
    let aw = a | SHF_WRITE;
    let dynamic_entries = DYNAMIC_ENTRIES + if nrel > 0 { 4 } else { 0 };
    let dyn_size = dynamic_entries * DYN_SIZE as u64;
    let relro_first = if data.data_rel_ro.is_empty() {
        8
    } else {
        data.data_rel_ro_align
    };
    let (o, addr) = new_segment(dot, file_end, relro_first);
    let relro_start = (o, addr);
    let (mut o, mut addr) = (o, addr);
    if !data.data_rel_ro.is_empty() {
        let size = data.data_rel_ro.len() as u64;
        add(
            &mut secs,
            ".data.rel.ro",
            SHT_PROGBITS,
            aw,
            data.data_rel_ro_align,
            0,
            None,
            size,
            o,
            addr,
        );
        let next = align_up(addr + size, 8);
        o += next - addr;
        addr = next;
    }
    file_end = add(
        &mut secs,
        ".dynamic",
        SHT_DYNAMIC,
        aw,
        8,
        DYN_SIZE as u64,
        Some(".dynstr"),
        dyn_size,
        o,
        addr,
    );
    let dyn_end = addr + dyn_size;
    let relro_padding = align_up(dyn_end, PAGE_SIZE) - dyn_end;
    add(
        &mut secs,
        ".relro_padding",
        SHT_NOBITS,
        aw,
        1,
        0,
        None,
        relro_padding,
        file_end,
        dyn_end,
    );
    dot = dyn_end + relro_padding;
    // The last segment: `.data`, then `.bss`.
    let rw_first = if data.data.is_empty() {
        data.bss_align
    } else {
        data.data_align
    };
    let (mut o, mut addr) = new_segment(dot, file_end, rw_first);
    let rw_start = (o, addr);
    if !data.data.is_empty() {
        let size = data.data.len() as u64;
        file_end = add(
            &mut secs,
            ".data",
            SHT_PROGBITS,
            aw,
            data.data_align,
            0,
            None,
            size,
            o,
            addr,
        );
        let next = align_up(addr + size, data.bss_align);
        o = file_end;
        addr = next;
    }
    add(
        &mut secs,
        ".bss",
        SHT_NOBITS,
        aw,
        data.bss_align,
        0,
        None,
        data.bss_size,
        o,
        addr,
    );
    let bss_end = addr + data.bss_size;

    let sec_of = |secs: &[Sec<'_>], name: &str| -> (u64, u64) {
        secs.iter()
            .find(|s| s.name == name)
            .map_or((0, 0), |s| (s.address, s.size))
    };
    let rodata_addr = sec_of(&secs, ".rodata").0;
    let address_of = |s: DataSection| match s {
        DataSection::Text => text_addr,
        DataSection::Rodata => rodata_addr,
        DataSection::DataRelRo => sec_of(&secs, ".data.rel.ro").0,
        DataSection::Data => sec_of(&secs, ".data").0,
        DataSection::Bss => sec_of(&secs, ".bss").0,
    };
    let kernel_addresses: Vec<u64> = kernel_offsets.iter().map(|o| text_addr + o).collect();
    let function_addresses: Vec<u64> = function_offsets.iter().map(|o| text_addr + o).collect();
    let descriptor_addresses: Vec<u64> = (0..obj.kernels.len() as u64)
        .map(|i| rodata_addr + 64 * i)
        .collect();

    // Contents.
    let mut rodata = Vec::with_capacity(rodata_user_offset as usize + obj.rodata.len());
    for (i, k) in obj.kernels.iter().enumerate() {
        let entry = kernel_addresses[i] as i64 - descriptor_addresses[i] as i64;
        let d = KernelDescriptor::encode(&k.config, &obj.target, &k.name, entry)?;
        rodata.extend_from_slice(&d.0);
    }
    rodata.extend_from_slice(&obj.rodata);
    if !data.code_relocs.is_empty() {
        let t = text.to_mut();
        for r in &data.code_relocs {
            let p = text_addr + r.offset;
            let v = (r.target.map_or(0, address_of) as i64)
                .wrapping_add(r.target_offset)
                .wrapping_sub(p as i64) as u64;
            let v = match r.half {
                Rel32Half::Lo => v as u32,
                Rel32Half::Hi => (v >> 32) as u32,
            };
            t[r.offset as usize..r.offset as usize + 4].copy_from_slice(&v.to_le_bytes());
        }
    }
    let mut rela: Vec<(u64, i64)> = data
        .data_relocs
        .iter()
        .map(|r| {
            (
                address_of(r.section) + r.offset,
                (address_of(r.target) as i64).wrapping_add(r.target_offset),
            )
        })
        .collect();
    rela.sort_by_key(|r| r.0);
    let mut rela_bytes = Vec::with_capacity((RELA_SIZE * nrel) as usize);
    for (at, addend) in &rela {
        rela_bytes.put_u64(*at);
        rela_bytes.put_u64(R_AMDGPU_RELATIVE64);
        rela_bytes.put_u64(*addend as u64);
    }

    let section_index = |name: &str| {
        secs.iter()
            .position(|s| s.name == name)
            .map_or(0, |i| i as u16 + 1)
    };
    let globals: Vec<GlobalSym<'_>> = globals
        .iter()
        .zip(&names)
        .map(|(&g, name)| match g {
            Global::Kernel(i) => GlobalSym {
                name,
                kind: STT_FUNC,
                other: STV_PROTECTED,
                section: ".text",
                value: kernel_addresses[i],
                size: obj.kernels[i].code.len() as u64,
            },
            Global::Descriptor(i) => GlobalSym {
                name,
                kind: STT_OBJECT,
                other: STV_PROTECTED,
                section: ".rodata",
                value: descriptor_addresses[i],
                size: 64,
            },
            Global::Object(i) => {
                let o = &data.objects[i];
                GlobalSym {
                    name,
                    kind: if o.object { STT_OBJECT } else { STT_NOTYPE },
                    other: if o.protected {
                        STV_PROTECTED
                    } else {
                        STV_DEFAULT
                    },
                    section: match o.section {
                        DataSection::Text => ".text",
                        DataSection::Rodata => ".rodata",
                        DataSection::DataRelRo => ".data.rel.ro",
                        DataSection::Data => ".data",
                        DataSection::Bss => ".bss",
                    },
                    value: address_of(o.section) + o.offset,
                    size: o.size,
                }
            }
        })
        .collect();

    let mut dynsym = Vec::with_capacity(SYM_SIZE * (globals.len() + 1));
    put_sym(&mut dynsym, 0, 0, 0, 0, 0, 0);
    for &i in &dyn_order {
        let s = &globals[i];
        put_sym(
            &mut dynsym,
            name_offsets[i],
            STB_GLOBAL << 4 | s.kind,
            s.other,
            section_index(s.section),
            s.value,
            s.size,
        );
    }
    let (dynsym_addr, _) = sec_of(&secs, ".dynsym");
    let (dynstr_addr, dynstr_size) = sec_of(&secs, ".dynstr");
    let (gnu_addr, _) = sec_of(&secs, ".gnu.hash");
    let (hash_addr, _) = sec_of(&secs, ".hash");
    let (rela_addr, _) = sec_of(&secs, ".rela.dyn");
    let (dynamic_addr, _) = sec_of(&secs, ".dynamic");
    let mut dynamic = Vec::with_capacity(dyn_size as usize);
    let mut entries = Vec::with_capacity(dynamic_entries as usize);
    if nrel > 0 {
        entries.extend([
            (DT_RELA, rela_addr),
            (DT_RELASZ, RELA_SIZE * nrel),
            (DT_RELAENT, RELA_SIZE),
            (DT_RELACOUNT, nrel),
        ]);
    }
    entries.extend([
        (DT_SYMTAB, dynsym_addr),
        (DT_SYMENT, SYM_SIZE as u64),
        (DT_STRTAB, dynstr_addr),
        (DT_STRSZ, dynstr_size),
        (DT_GNU_HASH, gnu_addr),
        (DT_HASH, hash_addr),
        (DT_NULL, 0),
    ]);
    for (tag, val) in entries {
        dynamic.put_u64(tag);
        dynamic.put_u64(val);
    }

    let (symtab, strtab, first_global) = static_symbols(
        obj,
        &function_addresses,
        &globals,
        dynamic_addr,
        &section_index,
    );

    let mut contents: Vec<(&str, Cow<'_, [u8]>)> = vec![
        (".note", Cow::Owned(note)),
        (".dynsym", Cow::Owned(dynsym)),
        (".gnu.hash", Cow::Owned(gnu_hash)),
        (".hash", Cow::Owned(sysv_hash)),
        (".dynstr", Cow::Owned(dynstr)),
        (".rela.dyn", Cow::Owned(rela_bytes)),
        (".rodata", Cow::Owned(rodata)),
        (".text", text),
        (".dynamic", Cow::Owned(dynamic)),
    ];
    if let Some(d) = &obj.link.data {
        contents.push((".data.rel.ro", Cow::Borrowed(&d.data_rel_ro[..])));
        contents.push((".data", Cow::Borrowed(&d.data[..])));
    }
    for (name, bytes) in contents {
        if let Some(s) = secs.iter_mut().find(|s| s.name == name) {
            s.bytes = bytes;
        }
    }

    // Non-allocated sections follow the last file byte.
    let mut off = file_end;
    let mut non_alloc =
        |secs: &mut Vec<Sec<'_>>, name, ty, flags, align, entsize, link, bytes: Vec<u8>| {
            off = align_up(off, align);
            let size = bytes.len() as u64;
            secs.push(Sec {
                name,
                ty,
                flags,
                align,
                entsize,
                link,
                info: 0,
                offset: off,
                address: 0,
                size,
                bytes: Cow::Owned(bytes),
            });
            off += size;
        };
    non_alloc(
        &mut secs,
        ".AMDGPU.gpr_maximums",
        SHT_PROGBITS,
        0,
        1,
        0,
        None,
        Vec::new(),
    );
    non_alloc(
        &mut secs,
        ".comment",
        SHT_PROGBITS,
        SHF_MERGE | SHF_STRINGS,
        1,
        1,
        None,
        comment,
    );
    non_alloc(
        &mut secs,
        ".symtab",
        SHT_SYMTAB,
        0,
        8,
        SYM_SIZE as u64,
        Some(".strtab"),
        symtab,
    );
    let symtab_index = secs.len() - 1;
    secs[symtab_index].info = first_global;
    let mut shstrtab = Vec::with_capacity(16 * (secs.len() + 2));
    shstrtab.push(0);
    let names_now: Vec<&'static str> = secs
        .iter()
        .map(|s| s.name)
        .chain([".shstrtab", ".strtab"])
        .collect();
    for n in names_now {
        shstrtab.extend_from_slice(n.as_bytes());
        shstrtab.push(0);
    }
    non_alloc(&mut secs, ".shstrtab", SHT_STRTAB, 0, 1, 0, None, shstrtab);
    non_alloc(&mut secs, ".strtab", SHT_STRTAB, 0, 1, 0, None, strtab);
    for s in secs.iter_mut() {
        if s.name == ".dynsym" {
            s.info = 1;
        }
    }

    let ph = |ty: u32, flags: u32, off: u64, addr: u64, filesz: u64, memsz: u64, align: u64| {
        [
            ty as u64 | (flags as u64) << 32,
            off,
            addr,
            filesz,
            memsz,
            align,
            0,
        ]
    };
    let phdr_size = (NUM_PHDRS * PHDR_SIZE) as u64;
    let (text_addr_, text_size) = sec_of(&secs, ".text");
    let dyn_off = secs
        .iter()
        .find(|s| s.name == ".dynamic")
        .map_or(0, |s| s.offset);
    let relro_filesz = dyn_end - relro_start.1;
    let relro_mem = relro_filesz + relro_padding;
    let (data_size, _) = (data.data.len() as u64, 0);
    let phdrs = vec![
        ph(
            PT_PHDR,
            PF_R,
            EHDR_SIZE as u64,
            EHDR_SIZE as u64,
            phdr_size,
            phdr_size,
            8,
        ),
        ph(PT_LOAD, PF_R, 0, 0, ro_end, ro_end, PAGE_SIZE),
        ph(
            PT_LOAD,
            PF_R | PF_X,
            text_off,
            text_addr_,
            text_size,
            text_size,
            PAGE_SIZE,
        ),
        ph(
            PT_LOAD,
            PF_R | PF_W,
            relro_start.0,
            relro_start.1,
            relro_filesz,
            relro_mem,
            PAGE_SIZE,
        ),
        ph(
            PT_LOAD,
            PF_R | PF_W,
            rw_start.0,
            rw_start.1,
            data_size,
            bss_end - rw_start.1,
            PAGE_SIZE,
        ),
        ph(
            PT_DYNAMIC,
            PF_R | PF_W,
            dyn_off,
            dynamic_addr,
            dyn_size,
            dyn_size,
            8,
        ),
        ph(
            PT_GNU_RELRO,
            PF_R,
            relro_start.0,
            relro_start.1,
            relro_filesz,
            relro_mem,
            1,
        ),
        ph(PT_GNU_STACK, PF_R | PF_W, 0, 0, 0, 0, 0),
        ph(
            PT_NOTE,
            PF_R,
            secs[0].offset,
            secs[0].address,
            secs[0].size,
            secs[0].size,
            4,
        ),
    ];

    let layout = Layout {
        sections: secs
            .iter()
            .filter(|s| s.flags & SHF_ALLOC != 0)
            .map(|s| SectionPlacement {
                name: s.name,
                offset: s.offset,
                address: s.address,
                size: s.size,
            })
            .collect(),
        kernel_addresses,
        descriptor_addresses,
        function_addresses,
        rodata_address: rodata_addr + rodata_user_offset,
        text_address: text_addr,
        text_size: text_len,
        file_size: align_up(off, 8) + (SHDR_SIZE * (secs.len() + 1)) as u64,
    };
    Ok(Plan {
        layout,
        secs,
        phdrs,
    })
}

/// `.symtab` and `.strtab`: local functions and absolute symbols in the
/// input's order, `_DYNAMIC`, then the globals. Returns the index of the
/// first global.
fn static_symbols(
    obj: &CodeObject,
    function_addresses: &[u64],
    globals: &[GlobalSym<'_>],
    dynamic_addr: u64,
    section_index: &dyn Fn(&str) -> u16,
) -> (Vec<u8>, Vec<u8>, u32) {
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
        + globals.iter().map(|g| g.name.len() + 1).sum::<usize>()
        + "_DYNAMIC".len()
        + 2;
    let mut strtab = Vec::with_capacity(names_len);
    strtab.push(0);
    let mut add_str = |s: &str| {
        let o = strtab.len() as u32;
        strtab.extend_from_slice(s.as_bytes());
        strtab.push(0);
        o
    };
    let mut symtab = Vec::with_capacity(
        SYM_SIZE * (3 + obj.functions.len() + obj.link.local_symbols.len() + globals.len()),
    );
    put_sym(&mut symtab, 0, 0, 0, 0, 0, 0);
    let slots = obj.link.function_symbol_slots.as_deref();
    let mut next_function = 0;
    for j in 0..=obj.link.local_symbols.len() {
        while next_function < obj.functions.len()
            && slots.map_or(0, |s| s.get(next_function).copied().unwrap_or(0)) <= j
        {
            let f = &obj.functions[next_function];
            let n = add_str(&f.name);
            put_sym(
                &mut symtab,
                n,
                STB_LOCAL << 4 | STT_FUNC,
                STV_DEFAULT,
                section_index(".text"),
                function_addresses[next_function],
                f.code.len() as u64,
            );
            next_function += 1;
        }
        let Some((name, value)) = obj.link.local_symbols.get(j) else {
            break;
        };
        let n = add_str(name);
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
        section_index(".dynamic"),
        dynamic_addr,
        0,
    );
    let first_global = (symtab.len() / SYM_SIZE) as u32;
    for g in globals {
        let n = add_str(g.name);
        put_sym(
            &mut symtab,
            n,
            STB_GLOBAL << 4 | g.kind,
            g.other,
            section_index(g.section),
            g.value,
            g.size,
        );
    }
    // lld names `_DYNAMIC` last.
    let dyn_name = add_str("_DYNAMIC");
    symtab[dynamic_sym_index * SYM_SIZE..dynamic_sym_index * SYM_SIZE + 4]
        .copy_from_slice(&dyn_name.to_le_bytes());
    (symtab, strtab, first_global)
}

/// The layout [`write`] will produce (file size included).
pub fn layout(obj: &CodeObject) -> Result<Layout> {
    Ok(plan(obj)?.layout)
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
    let mut out = Vec::with_capacity(p.layout.file_size as usize);
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
    out.put_u16(p.secs.len() as u16 + 1);
    let shstrndx = p
        .secs
        .iter()
        .position(|s| s.name == ".shstrtab")
        .unwrap_or(0)
        + 1;
    out.put_u16(shstrndx as u16);

    for h in &p.phdrs {
        out.put_u32(h[0] as u32);
        out.put_u32((h[0] >> 32) as u32);
        out.put_u64(h[1]);
        out.put_u64(h[2]);
        out.put_u64(h[2]);
        out.put_u64(h[3]);
        out.put_u64(h[4]);
        out.put_u64(h[5]);
    }
    for s in &p.secs {
        if s.ty != SHT_NOBITS && !s.bytes.is_empty() {
            out.pad_to(s.offset as usize);
            out.extend_from_slice(&s.bytes);
        }
    }
    out.pad_to(align_up(out.len() as u64, 8) as usize);
    let shoff = out.len() as u64;
    out[shoff_at..shoff_at + 8].copy_from_slice(&shoff.to_le_bytes());

    // Section headers.
    let index = |name: Option<&str>| {
        name.and_then(|n| p.secs.iter().position(|s| s.name == n))
            .map_or(0, |i| i as u32 + 1)
    };
    put_shdr(&mut out, 0, SHT_NULL, 0, 0, 0, 0, 0, 0, 0, 0);
    let mut name_off = 1u32;
    for s in &p.secs {
        put_shdr(
            &mut out,
            name_off,
            s.ty,
            s.flags,
            s.address,
            s.offset,
            s.size,
            index(s.link),
            s.info,
            s.align,
            s.entsize,
        );
        name_off += s.name.len() as u32 + 1;
    }
    Ok(out)
}
