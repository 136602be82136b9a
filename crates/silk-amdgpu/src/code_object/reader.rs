//! Reader: parses any ELF64 little-endian AMDGPU object (ours, clang +
//! lld's, or a relocatable `.o`) into headers, sections, segments,
//! symbols, kernels with decoded descriptors, and decoded metadata.
//!
//! Only a file that is not ELF64 little-endian at all is an error; every
//! other defect (a truncated table, a descriptor outside its section, bad
//! metadata) is recorded in [`ParsedCodeObject::problems`] and reported by
//! [`super::validate`], so one run shows everything wrong with a file.

use super::config::KernelConfig;
use super::descriptor::KernelDescriptor;
use super::elf::*;
use super::metadata::Metadata;
use super::msgpack::{Value, ValueRef};
use super::writer::LinkInfo;
use super::{CodeObject, CodeObjectError, DeviceFunction, Kernel, Result};
use crate::target::{FeatureSetting, Processor, Target};
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ElfHeader {
    pub os_abi: u8,
    pub abi_version: u8,
    pub e_type: u16,
    pub machine: u16,
    pub version: u32,
    pub entry: u64,
    pub phoff: u64,
    pub shoff: u64,
    pub flags: u32,
    pub ehsize: u16,
    pub phentsize: u16,
    pub phnum: u16,
    pub shentsize: u16,
    pub shnum: u16,
    pub shstrndx: u16,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Section {
    pub name: String,
    pub sh_type: u32,
    pub flags: u64,
    pub address: u64,
    pub offset: u64,
    pub size: u64,
    pub link: u32,
    pub info: u32,
    pub align: u64,
    pub entsize: u64,
}

impl Section {
    /// Whether the section occupies file bytes.
    pub fn has_file_data(&self) -> bool {
        self.sh_type != SHT_NOBITS && self.sh_type != SHT_NULL
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Segment {
    pub p_type: u32,
    pub flags: u32,
    pub offset: u64,
    pub vaddr: u64,
    pub paddr: u64,
    pub filesz: u64,
    pub memsz: u64,
    pub align: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Symbol {
    pub name: String,
    pub value: u64,
    pub size: u64,
    pub kind: u8,
    pub binding: u8,
    pub visibility: u8,
    pub shndx: u16,
}

/// A kernel found through its `<name>.kd` descriptor symbol.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ParsedKernel {
    pub name: String,
    pub descriptor_address: u64,
    /// Size of the `.kd` symbol (64 when well formed).
    pub descriptor_symbol_size: u64,
    #[serde(skip)]
    pub descriptor: KernelDescriptor,
    pub config: KernelConfig,
    /// `descriptor_address + KERNEL_CODE_ENTRY_BYTE_OFFSET`.
    pub entry_address: u64,
    /// The FUNC symbol at the entry address, if any.
    pub code_symbol: Option<Symbol>,
    /// Code bytes: the entry symbol's extent within `.text`.
    #[serde(skip)]
    pub code: Vec<u8>,
}

/// Everything read from one code object.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ParsedCodeObject {
    pub header: ElfHeader,
    /// The processor and features from `e_flags`; `None` if unknown.
    pub target: Option<Target>,
    pub segments: Vec<Segment>,
    pub sections: Vec<Section>,
    pub symbols: Vec<Symbol>,
    pub dynamic_symbols: Vec<Symbol>,
    pub kernels: Vec<ParsedKernel>,
    /// Raw `NT_AMDGPU_METADATA` descriptor bytes (the generic document is
    /// decoded on demand by [`ParsedCodeObject::metadata_value`]).
    #[serde(skip)]
    pub metadata_bytes: Option<Vec<u8>>,
    pub metadata: Option<Metadata>,
    /// `.comment` strings.
    pub comment: Vec<String>,
    /// Defects met while parsing, each naming what and where.
    pub problems: Vec<String>,
    /// Size of the input in bytes.
    pub file_size: u64,
}

fn processor_from_mach(mach: u32) -> Option<Processor> {
    Processor::ALL
        .into_iter()
        .find(|p| p.info().elf_mach == mach)
}

fn feature(bits: u32, supported: bool) -> FeatureSetting {
    match (supported, bits) {
        (false, _) => FeatureSetting::Unsupported,
        (true, 1) => FeatureSetting::Any,
        (true, 2) => FeatureSetting::Off,
        (true, 3) => FeatureSetting::On,
        (true, _) => FeatureSetting::Unsupported,
    }
}

/// Target from `e_flags` ([AMDGPUUsage] "AMDGPU ELF Header e_flags for Code
/// Object V4 and After").
pub fn target_from_e_flags(flags: u32) -> Option<Target> {
    let processor = processor_from_mach(flags & 0xff)?;
    let caps = processor.info().capabilities;
    let mut t = Target::new(processor);
    t.xnack = feature((flags >> 8) & 3, caps.xnack);
    t.sramecc = feature((flags >> 10) & 3, caps.sramecc);
    Some(t)
}

/// Parse `bytes`. Errors only when the input is not ELF64 little-endian.
pub fn read(bytes: &[u8]) -> Result<ParsedCodeObject> {
    let b = Bytes::new(bytes);
    let ident = b.slice(0, 16, "ELF identification").map_err(|_| {
        CodeObjectError::NotCodeObject(format!(
            "{} bytes is too short for an ELF header",
            bytes.len()
        ))
    })?;
    if ident[0..4] != ELFMAG {
        return Err(CodeObjectError::NotCodeObject(
            "missing the ELF magic \\x7fELF (is it an offload bundle? try `silk inspect` on it)"
                .into(),
        ));
    }
    if ident[4] != ELFCLASS64 || ident[5] != ELFDATA2LSB {
        return Err(CodeObjectError::NotCodeObject(format!(
            "ELF class {} / data encoding {}: AMDGPU code objects are ELF64 little-endian (2 / 1)",
            ident[4], ident[5]
        )));
    }
    let h = |o, w: &str| b.u16(o, w);
    let header = ElfHeader {
        os_abi: ident[7],
        abi_version: ident[8],
        e_type: h(16, "e_type")?,
        machine: h(18, "e_machine")?,
        version: b.u32(20, "e_version")?,
        entry: b.u64(24, "e_entry")?,
        phoff: b.u64(32, "e_phoff")?,
        shoff: b.u64(40, "e_shoff")?,
        flags: b.u32(48, "e_flags")?,
        ehsize: h(52, "e_ehsize")?,
        phentsize: h(54, "e_phentsize")?,
        phnum: h(56, "e_phnum")?,
        shentsize: h(58, "e_shentsize")?,
        shnum: h(60, "e_shnum")?,
        shstrndx: h(62, "e_shstrndx")?,
    };
    let mut obj = ParsedCodeObject {
        target: target_from_e_flags(header.flags),
        header,
        segments: Vec::new(),
        sections: Vec::new(),
        symbols: Vec::new(),
        dynamic_symbols: Vec::new(),
        kernels: Vec::new(),
        metadata_bytes: None,
        metadata: None,
        comment: Vec::new(),
        problems: Vec::new(),
        file_size: bytes.len() as u64,
    };
    read_segments(&b, &mut obj);
    read_sections(&b, &mut obj);
    read_symbols(&b, &mut obj);
    read_note(&b, &mut obj);
    read_kernels(&b, &mut obj);
    if let Some(s) = obj.sections.iter().find(|s| s.name == ".comment") {
        match b.slice(s.offset, s.size, "`.comment`") {
            Ok(data) => {
                obj.comment = data
                    .split(|&c| c == 0)
                    .skip(1)
                    .filter(|s| !s.is_empty())
                    .map(|s| String::from_utf8_lossy(s).into_owned())
                    .collect();
            }
            Err(e) => obj.problems.push(e.to_string()),
        }
    }
    // Wavefront size for GFX11 targets: from the first kernel.
    if let (Some(t), Some(k)) = (obj.target.as_mut(), obj.kernels.first()) {
        if t.info().supports_wave32 && !k.config.wavefront_size32 {
            t.wavefront_size = 64;
        }
    }
    Ok(obj)
}

fn read_segments(b: &Bytes, obj: &mut ParsedCodeObject) {
    let h = &obj.header;
    if h.phnum == 0 {
        return;
    }
    if h.phentsize as usize != PHDR_SIZE {
        obj.problems.push(format!(
            "program header entry size is {} bytes, expected {PHDR_SIZE}",
            h.phentsize
        ));
        return;
    }
    // Never reserve more entries than the file could hold.
    obj.segments
        .reserve((h.phnum as usize).min(b.data.len() / PHDR_SIZE));
    for i in 0..h.phnum as u64 {
        let o = h.phoff.saturating_add(i * PHDR_SIZE as u64);
        let what = "program header";
        let seg = (|| -> Result<Segment> {
            let e = Bytes::new(b.slice(o, PHDR_SIZE as u64, what)?);
            Ok(Segment {
                p_type: e.u32(0, what)?,
                flags: e.u32(4, what)?,
                offset: e.u64(8, what)?,
                vaddr: e.u64(16, what)?,
                paddr: e.u64(24, what)?,
                filesz: e.u64(32, what)?,
                memsz: e.u64(40, what)?,
                align: e.u64(48, what)?,
            })
        })();
        match seg {
            Ok(s) => obj.segments.push(s),
            Err(e) => {
                obj.problems.push(format!("program header table: {e}"));
                return;
            }
        }
    }
}

fn read_sections(b: &Bytes, obj: &mut ParsedCodeObject) {
    let h = obj.header.clone();
    if h.shnum == 0 {
        return;
    }
    if h.shentsize as usize != SHDR_SIZE {
        obj.problems.push(format!(
            "section header entry size is {} bytes, expected {SHDR_SIZE}",
            h.shentsize
        ));
        return;
    }
    let mut raw = Vec::with_capacity((h.shnum as usize).min(b.data.len() / SHDR_SIZE));
    for i in 0..h.shnum as u64 {
        let o = h.shoff.saturating_add(i * SHDR_SIZE as u64);
        let what = "section header";
        let sec = (|| -> Result<(u32, Section)> {
            let e = Bytes::new(b.slice(o, SHDR_SIZE as u64, what)?);
            Ok((
                e.u32(0, what)?,
                Section {
                    name: String::new(),
                    sh_type: e.u32(4, what)?,
                    flags: e.u64(8, what)?,
                    address: e.u64(16, what)?,
                    offset: e.u64(24, what)?,
                    size: e.u64(32, what)?,
                    link: e.u32(40, what)?,
                    info: e.u32(44, what)?,
                    align: e.u64(48, what)?,
                    entsize: e.u64(56, what)?,
                },
            ))
        })();
        match sec {
            Ok(s) => raw.push(s),
            Err(e) => {
                obj.problems.push(format!("section header table: {e}"));
                break;
            }
        }
    }
    let names = raw
        .get(h.shstrndx as usize)
        .map(|(_, s)| s.clone())
        .and_then(|s| match b.slice(s.offset, s.size, "`.shstrtab`") {
            Ok(d) => Some(d),
            Err(e) => {
                obj.problems.push(e.to_string());
                None
            }
        });
    if names.is_none() && !raw.is_empty() {
        obj.problems.push(format!(
            "section name table index {} is not a readable section",
            h.shstrndx
        ));
    }
    let names = names.map(StrTab::new);
    obj.sections.reserve(raw.len());
    for (i, (name_off, mut s)) in raw.into_iter().enumerate() {
        if let Some(names) = &names {
            match names.get(name_off as u64, "section name") {
                Ok(n) => s.name = n.to_string(),
                Err(e) => obj.problems.push(format!("section {i}: {e}")),
            }
        }
        obj.sections.push(s);
    }
}

fn parse_symbols(b: &Bytes, obj: &mut ParsedCodeObject, ty: u32) -> Vec<Symbol> {
    let Some(tab) = obj.sections.iter().find(|s| s.sh_type == ty) else {
        return Vec::new();
    };
    let data = match b.slice_with(tab.offset, tab.size, || format!("`{}`", tab.name)) {
        Ok(d) => d,
        Err(e) => {
            obj.problems.push(e.to_string());
            return Vec::new();
        }
    };
    if tab.size % SYM_SIZE as u64 != 0 {
        obj.problems.push(format!(
            "`{}` size {} is not a multiple of the {SYM_SIZE}-byte symbol size",
            tab.name, tab.size
        ));
    }
    let strings = match obj.sections.get(tab.link as usize) {
        Some(s) => match b.slice_with(s.offset, s.size, || format!("`{}`", s.name)) {
            Ok(d) => d,
            Err(e) => {
                obj.problems.push(e.to_string());
                &[]
            }
        },
        None => {
            obj.problems.push(format!(
                "`{}` links to string table section {}, which does not exist",
                tab.name, tab.link
            ));
            &[]
        }
    };
    let d = Bytes::new(data);
    let s = StrTab::new(strings);
    let mut out = Vec::with_capacity(data.len() / SYM_SIZE);
    for i in 0..(tab.size / SYM_SIZE as u64) {
        let o = i * SYM_SIZE as u64;
        let what = "symbol table entry";
        let sym = (|| -> Result<Symbol> {
            let name_off = d.u32(o, what)?;
            let info = d.u8(o + 4, what)?;
            let name = if name_off == 0 {
                String::new()
            } else {
                s.get(name_off as u64, "symbol name")?.to_string()
            };
            Ok(Symbol {
                name,
                kind: info & 0xf,
                binding: info >> 4,
                visibility: d.u8(o + 5, what)? & 3,
                shndx: d.u16(o + 6, what)?,
                value: d.u64(o + 8, what)?,
                size: d.u64(o + 16, what)?,
            })
        })();
        match sym {
            Ok(sym) => out.push(sym),
            Err(e) => obj.problems.push(e.to_string()),
        }
    }
    out
}

fn read_symbols(b: &Bytes, obj: &mut ParsedCodeObject) {
    obj.symbols = parse_symbols(b, obj, SHT_SYMTAB);
    obj.dynamic_symbols = parse_symbols(b, obj, SHT_DYNSYM);
}

fn read_note(b: &Bytes, obj: &mut ParsedCodeObject) {
    let mut ranges: Vec<(u64, u64)> = obj
        .sections
        .iter()
        .filter(|s| s.sh_type == SHT_NOTE)
        .map(|s| (s.offset, s.size))
        .collect();
    if ranges.is_empty() {
        ranges = obj
            .segments
            .iter()
            .filter(|s| s.p_type == PT_NOTE)
            .map(|s| (s.offset, s.filesz))
            .collect();
    }
    for (off, size) in ranges {
        let data = match b.slice(off, size, "note section") {
            Ok(d) => d,
            Err(e) => {
                obj.problems.push(e.to_string());
                continue;
            }
        };
        let n = Bytes::new(data);
        let mut pos = 0u64;
        while pos + 12 <= size {
            let parsed = (|| -> Result<(u64, u32, &[u8], &[u8])> {
                let namesz = n.u32(pos, "note header")? as u64;
                let descsz = n.u32(pos + 4, "note header")? as u64;
                let ty = n.u32(pos + 8, "note header")?;
                let name = n.slice(pos + 12, namesz, "note name")?;
                let desc_off = pos + 12 + align_up(namesz, 4);
                let desc = n.slice(desc_off, descsz, "note descriptor")?;
                Ok((desc_off + align_up(descsz, 4), ty, name, desc))
            })();
            match parsed {
                Ok((next, ty, name, desc)) => {
                    let owner = name.strip_suffix(&[0]).unwrap_or(name);
                    if owner == NOTE_OWNER_AMDGPU && ty == NT_AMDGPU_METADATA {
                        if obj.metadata_bytes.is_some() {
                            obj.problems
                                .push("more than one NT_AMDGPU_METADATA note".into());
                        } else {
                            obj.metadata_bytes = Some(desc.to_vec());
                        }
                    }
                    pos = next;
                }
                Err(e) => {
                    obj.problems
                        .push(format!("note at offset {:#x}: {e}", off + pos));
                    break;
                }
            }
        }
    }
    // Decoded borrowing from the note: only what the typed model keeps is
    // allocated.
    if let Some(bytes) = &obj.metadata_bytes {
        match ValueRef::from_bytes(bytes) {
            Ok(v) => match Metadata::from_value_ref(v) {
                Ok(m) => obj.metadata = Some(m),
                Err(e) => obj.problems.push(e.to_string()),
            },
            Err(e) => obj.problems.push(format!("NT_AMDGPU_METADATA note: {e}")),
        }
    }
}

/// File bytes at a virtual address, through the section holding it.
fn bytes_at<'a>(b: &Bytes<'a>, obj: &ParsedCodeObject, addr: u64, len: u64) -> Option<&'a [u8]> {
    let s = obj.sections.iter().find(|s| {
        s.has_file_data()
            && s.flags & SHF_ALLOC != 0
            && addr >= s.address
            && addr
                .checked_add(len)
                .is_some_and(|e| e <= s.address.saturating_add(s.size))
    })?;
    b.slice(s.offset.checked_add(addr - s.address)?, len, "")
        .ok()
}

fn read_kernels(b: &Bytes, obj: &mut ParsedCodeObject) {
    let (kernels, problems) = find_kernels(b, obj);
    obj.kernels = kernels;
    obj.problems.extend(problems);
}

fn find_kernels(b: &Bytes, obj: &ParsedCodeObject) -> (Vec<ParsedKernel>, Vec<String>) {
    let mut kernels = Vec::new();
    let mut problems = Vec::new();
    let processor = obj.target.map(|t| t.processor);
    let table: &[Symbol] = if obj.symbols.is_empty() {
        &obj.dynamic_symbols
    } else {
        &obj.symbols
    };
    for kd in table
        .iter()
        .filter(|s| s.kind == STT_OBJECT && s.name.ends_with(".kd"))
    {
        let name = kd.name.trim_end_matches(".kd").to_string();
        let Some(raw) = bytes_at(b, obj, kd.value, 64) else {
            problems.push(format!(
                "descriptor `{}` at {:#x}: 64 bytes there are not inside any allocated section with file data",
                kd.name, kd.value
            ));
            continue;
        };
        let Ok(descriptor) = KernelDescriptor::from_slice(raw) else {
            continue;
        };
        let Some(processor) = processor else {
            problems.push(format!(
                "descriptor `{}`: cannot decode without a known processor in e_flags",
                kd.name
            ));
            continue;
        };
        let entry_address = kd
            .value
            .wrapping_add(descriptor.kernel_code_entry_byte_offset() as u64);
        let code_symbol = table
            .iter()
            .find(|s| s.kind == STT_FUNC && s.value == entry_address && s.name == name)
            .or_else(|| {
                table
                    .iter()
                    .find(|s| s.kind == STT_FUNC && s.value == entry_address)
            })
            .cloned();
        let code = code_symbol
            .as_ref()
            .and_then(|s| bytes_at(b, obj, s.value, s.size))
            .map(<[u8]>::to_vec)
            .unwrap_or_default();
        kernels.push(ParsedKernel {
            name,
            descriptor_address: kd.value,
            descriptor_symbol_size: kd.size,
            config: descriptor.decode(processor),
            descriptor,
            entry_address,
            code_symbol,
            code,
        });
    }
    (kernels, problems)
}

impl ParsedCodeObject {
    pub fn section(&self, name: &str) -> Option<&Section> {
        self.sections.iter().find(|s| s.name == name)
    }

    /// The `NT_AMDGPU_METADATA` note as a generic MessagePack document
    /// (every key, in the note's order); `None` without a note or when it
    /// does not decode (the reason is in [`ParsedCodeObject::problems`]).
    /// Decoded on each call: reading and validating never need it.
    pub fn metadata_value(&self) -> Option<Value> {
        Value::from_bytes(self.metadata_bytes.as_deref()?).ok()
    }

    /// The data sections, global data objects and `.rela.dyn` as the
    /// writer takes them, when the object holds more than the one-byte
    /// `__hip_cuid_*` marker in `.bss`. `@rel32` literals need nothing:
    /// lld resolved them in `.text`.
    fn data_image(&self, b: &Bytes) -> Result<Option<super::DataImage>> {
        use super::{DataImage, DataObject, DataReloc, DataSection as D};
        let places = [
            (D::Text, ".text"),
            (D::Rodata, ".rodata"),
            (D::DataRelRo, ".data.rel.ro"),
            (D::Data, ".data"),
            (D::Bss, ".bss"),
        ];
        // A pointer may point one past its object: prefer the section
        // that holds the byte, then one that ends there.
        let locate = |addr: u64| -> Option<(D, u64)> {
            let find = |inside: &dyn Fn(&Section) -> bool| {
                places.iter().find_map(|&(d, n)| {
                    let s = self.section(n)?;
                    inside(s).then(|| (d, addr - s.address))
                })
            };
            find(&|s| addr >= s.address && addr - s.address < s.size)
                .or_else(|| find(&|s| addr >= s.address && addr - s.address == s.size))
        };
        let kernel_names: Vec<&str> = self.kernels.iter().map(|k| k.name.as_str()).collect();
        let globals: Vec<&Symbol> = self
            .symbols
            .iter()
            .filter(|s| s.binding == STB_GLOBAL)
            .collect();
        let mut objects = Vec::new();
        for s in &globals {
            let is_kernel = kernel_names
                .iter()
                .any(|k| *k == s.name || s.name.strip_suffix(".kd") == Some(k));
            if is_kernel {
                continue;
            }
            let (section, offset) = locate(s.value).ok_or_else(|| {
                CodeObjectError::Malformed(format!(
                    "global `{}` at {:#x} is in no data section",
                    s.name, s.value
                ))
            })?;
            objects.push(DataObject {
                name: s.name.clone(),
                section,
                offset,
                size: s.size,
                object: s.kind == STT_OBJECT,
                protected: s.visibility == STV_PROTECTED,
            });
        }
        let mut data_relocs = Vec::new();
        if let Some(r) = self.section(".rela.dyn") {
            let bytes = b.slice(r.offset, r.size, "`.rela.dyn`")?;
            for e in bytes.chunks(24) {
                let e = Bytes::new(e);
                let (at, info, addend) = (
                    e.u64(0, "relocation")?,
                    e.u64(8, "relocation")?,
                    e.u64(16, "relocation")?,
                );
                // R_AMDGPU_RELATIVE64, without a symbol.
                if info != 13 {
                    return Err(CodeObjectError::Malformed(format!(
                        "dynamic relocation at {at:#x} has info {info:#x}; only R_AMDGPU_RELATIVE64 is modelled"
                    )));
                }
                let bad = || {
                    CodeObjectError::Malformed(format!(
                        "dynamic relocation at {at:#x} (to {addend:#x}) is outside the data sections"
                    ))
                };
                let (section, offset) = locate(at).ok_or_else(bad)?;
                let (target, target_offset) = locate(addend).ok_or_else(bad)?;
                data_relocs.push(DataReloc {
                    section,
                    offset,
                    target,
                    target_offset: target_offset as i64,
                });
            }
        }
        let contents = |n: &str| -> Result<(Vec<u8>, u64)> {
            match self.section(n) {
                Some(s) => Ok((b.slice(s.offset, s.size, n)?.to_vec(), s.align.max(1))),
                None => Ok((Vec::new(), 1)),
            }
        };
        let (data_rel_ro, data_rel_ro_align) = contents(".data.rel.ro")?;
        let (data, data_align) = contents(".data")?;
        let (bss_size, bss_align) = self
            .section(".bss")
            .map_or((0, 1), |s| (s.size, s.align.max(1)));
        let plain = data_relocs.is_empty()
            && data_rel_ro.is_empty()
            && data.is_empty()
            && bss_size <= 1
            && match objects.as_slice() {
                [] => true,
                [o] => o.section == D::Bss && o.object && !o.protected && o.size == 1,
                _ => false,
            };
        if plain {
            return Ok(None);
        }
        Ok(Some(DataImage {
            data_rel_ro,
            data_rel_ro_align,
            data,
            data_align,
            bss_size,
            bss_align,
            objects,
            global_order: globals.iter().map(|s| s.name.clone()).collect(),
            code_relocs: Vec::new(),
            data_relocs,
        }))
    }

    /// The typed model, ready to write back. Fails when the object lacks
    /// what the writer needs (a known target, metadata, kernel code).
    pub fn to_code_object(&self, bytes: &[u8]) -> Result<CodeObject> {
        let mut target = self.target.ok_or_else(|| {
            CodeObjectError::NotCodeObject(format!(
                "e_flags {:#x} names no supported processor (gfx942, gfx1100, gfx1151)",
                self.header.flags
            ))
        })?;
        if let Some(k) = self.kernels.first() {
            if target.info().supports_wave32 {
                target.wavefront_size = if k.config.wavefront_size32 { 32 } else { 64 };
            }
        }
        let metadata = self.metadata.clone().ok_or_else(|| {
            CodeObjectError::Metadata("the object has no decodable NT_AMDGPU_METADATA note".into())
        })?;
        let mut kernels: Vec<&ParsedKernel> = self.kernels.iter().collect();
        kernels.sort_by_key(|k| k.descriptor_address);
        let mut out = Vec::new();
        for k in &kernels {
            if k.code_symbol.is_none() {
                return Err(CodeObjectError::Malformed(format!(
                    "kernel `{}`: no FUNC symbol at its entry address {:#x}",
                    k.name, k.entry_address
                )));
            }
            out.push(Kernel {
                name: k.name.clone(),
                code: k.code.clone(),
                config: k.config.clone(),
            });
        }
        let b = Bytes::new(bytes);
        let mut rodata = Vec::new();
        if let Some(s) = self.section(".rodata") {
            let desc_end = 64 * kernels.len() as u64;
            let data = b.slice(s.offset, s.size, "`.rodata`")?;
            if let Some(rest) = data.get(desc_end as usize..) {
                rodata = rest.to_vec();
            }
        }
        let kernel_entries: Vec<u64> = kernels.iter().map(|k| k.entry_address).collect();
        let mut functions: Vec<&Symbol> = self
            .symbols
            .iter()
            .filter(|s| {
                s.kind == STT_FUNC && s.binding == STB_LOCAL && !kernel_entries.contains(&s.value)
            })
            .collect();
        functions.sort_by_key(|s| s.value);
        let functions = functions
            .into_iter()
            .map(|s| {
                Ok(DeviceFunction {
                    name: s.name.clone(),
                    code: bytes_at(&b, self, s.value, s.size)
                        .ok_or_else(|| {
                            CodeObjectError::Malformed(format!(
                                "function `{}` at {:#x} (+{}) is outside `.text`",
                                s.name, s.value, s.size
                            ))
                        })?
                        .to_vec(),
                })
            })
            .collect::<Result<Vec<_>>>()?;
        let bss = self.section(".bss");
        let cuid_symbol = self
            .symbols
            .iter()
            .find(|s| {
                s.kind == STT_OBJECT
                    && bss.is_some_and(|b| {
                        s.value >= b.address && s.value < b.address.saturating_add(b.size.max(1))
                    })
            })
            .map(|s| s.name.clone());
        // Local symbols in `.symtab` order: absolute ones, and where each
        // device function sits among them.
        let mut local_symbols = Vec::new();
        let mut slots = Vec::new();
        for s in &self.symbols {
            if s.binding != STB_LOCAL || s.name.is_empty() {
                continue;
            }
            if s.shndx == SHN_ABS {
                local_symbols.push((s.name.clone(), s.value));
            } else if s.kind == STT_FUNC && !kernel_entries.contains(&s.value) {
                slots.push((s.value, local_symbols.len()));
            }
        }
        // Functions are listed by address; keep their slots in that order.
        slots.sort_by_key(|&(addr, _)| addr);
        let slots: Vec<usize> = slots.into_iter().map(|(_, n)| n).collect();
        let function_symbol_slots = (slots.iter().any(|&n| n != 0)
            && slots.windows(2).all(|w| w[0] <= w[1]))
        .then_some(slots);
        let function_addresses: Vec<u64> = {
            let mut f: Vec<&Symbol> = self
                .symbols
                .iter()
                .filter(|s| {
                    s.kind == STT_FUNC
                        && s.binding == STB_LOCAL
                        && !kernel_entries.contains(&s.value)
                })
                .collect();
            f.sort_by_key(|s| s.value);
            f.iter().map(|s| s.value).collect()
        };
        let mut obj = CodeObject {
            target,
            functions,
            kernels: out,
            rodata,
            metadata,
            link: LinkInfo {
                comment: self.comment.clone(),
                cuid_symbol,
                local_symbols,
                function_symbol_slots,
                text: None,
                data: self.data_image(&b)?,
            },
        };
        // Keep `.text` verbatim when the writer's own layout (functions,
        // then 256-aligned kernels, then code-end fill) would not
        // reproduce it, e.g. a device function placed after a kernel.
        if let Some(s) = self.section(".text") {
            let actual = b.slice(s.offset, s.size, "`.text`")?;
            let rel = |a: &u64| a.wrapping_sub(s.address);
            let kernel_offsets: Vec<u64> = kernel_entries.iter().map(rel).collect();
            let function_offsets: Vec<u64> = function_addresses.iter().map(rel).collect();
            let (text, f_off, k_off) = super::writer::default_text(&obj);
            if text != actual
                || f_off != function_offsets
                || k_off != kernel_offsets
                || s.align != super::writer::KERNEL_ALIGN
            {
                obj.link.text = Some(super::writer::TextImage {
                    bytes: actual.to_vec(),
                    align: s.align.max(1),
                    kernel_offsets,
                    function_offsets,
                });
            }
        }
        Ok(obj)
    }
}
