//! Validator: every inconsistency in a parsed code object, each stated
//! precisely (which kernel, which field, both values).

use super::config::{is_gfx90a_class, vgpr_encoding_granule};
use super::elf::*;
use super::reader::ParsedCodeObject;
use crate::target::Generation;
use serde::Serialize;
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum IssueKind {
    /// ELF header fields (OS ABI, ABI version, type, machine, processor).
    Header,
    /// A table or section that does not fit the file, or cannot be parsed.
    Structure,
    /// Segments overlapping in memory or in the file.
    Segments,
    /// Kernel/descriptor symbols missing, misplaced or mis-sized.
    Symbols,
    /// Entry offset pointing outside `.text`.
    EntryOffset,
    /// Descriptor and metadata disagree.
    DescriptorMetadata,
    /// Descriptor bits that are reserved or invalid for the processor.
    Descriptor,
    /// Metadata content problems.
    Metadata,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Issue {
    pub kind: IssueKind,
    pub message: String,
}

impl fmt::Display for Issue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}: {}", self.kind, self.message)
    }
}

/// Check `obj`; an empty list means no inconsistency was found.
pub fn validate(obj: &ParsedCodeObject) -> Vec<Issue> {
    let mut issues = Vec::new();
    let mut push = |kind, message: String| issues.push(Issue { kind, message });
    for p in &obj.problems {
        push(IssueKind::Structure, p.clone());
    }
    let h = &obj.header;
    if h.os_abi != ELFOSABI_AMDGPU_HSA {
        push(
            IssueKind::Header,
            format!(
                "EI_OSABI is {}, expected {ELFOSABI_AMDGPU_HSA} (ELFOSABI_AMDGPU_HSA)",
                h.os_abi
            ),
        );
    }
    if h.abi_version != ELFABIVERSION_AMDGPU_HSA_V6 {
        push(IssueKind::Header, format!(
            "EI_ABIVERSION is {} (code object V{}), expected {ELFABIVERSION_AMDGPU_HSA_V6} (code object V6)",
            h.abi_version,
            h.abi_version as u32 + 2
        ));
    }
    if h.e_type != ET_DYN {
        push(IssueKind::Header, format!("e_type is {}, expected {ET_DYN} (ET_DYN): a loadable code object is a shared object", h.e_type));
    }
    if h.machine != EM_AMDGPU {
        push(
            IssueKind::Header,
            format!(
                "e_machine is {}, expected {EM_AMDGPU} (EM_AMDGPU)",
                h.machine
            ),
        );
    }
    if obj.target.is_none() {
        push(IssueKind::Header, format!(
            "e_flags {:#x}: EF_AMDGPU_MACH {:#x} is not gfx942 (0x4c), gfx1100 (0x41) or gfx1151 (0x4a), or its xnack/sramecc fields are invalid",
            h.flags,
            h.flags & 0xff
        ));
    }

    // Sections within the file.
    for s in &obj.sections {
        if s.has_file_data()
            && s.offset
                .checked_add(s.size)
                .is_none_or(|e| e > obj.file_size)
        {
            push(
                IssueKind::Structure,
                format!(
                    "section `{}` [{:#x}, +{:#x}) extends past the end of the {}-byte file",
                    s.name, s.offset, s.size, obj.file_size
                ),
            );
        }
    }
    // Segments: inside the file, no overlap between PT_LOADs.
    let loads: Vec<_> = obj
        .segments
        .iter()
        .filter(|s| s.p_type == PT_LOAD)
        .collect();
    for s in &obj.segments {
        if s.offset
            .checked_add(s.filesz)
            .is_none_or(|e| e > obj.file_size)
        {
            push(
                IssueKind::Segments,
                format!(
                "segment type {:#x} file range [{:#x}, +{:#x}) extends past the end of the file",
                s.p_type, s.offset, s.filesz
            ),
            );
        }
        if s.filesz > s.memsz {
            push(
                IssueKind::Segments,
                format!(
                    "segment type {:#x} at {:#x}: file size {:#x} exceeds memory size {:#x}",
                    s.p_type, s.vaddr, s.filesz, s.memsz
                ),
            );
        }
    }
    for (i, a) in loads.iter().enumerate() {
        for b in &loads[i + 1..] {
            let (a_end, b_end) = (
                a.vaddr.saturating_add(a.memsz),
                b.vaddr.saturating_add(b.memsz),
            );
            if a.vaddr < b_end && b.vaddr < a_end {
                push(IssueKind::Segments, format!(
                    "PT_LOAD segments overlap in memory: [{:#x}, {a_end:#x}) and [{:#x}, {b_end:#x})",
                    a.vaddr, b.vaddr
                ));
            }
            let (af, bf) = (
                a.offset.saturating_add(a.filesz),
                b.offset.saturating_add(b.filesz),
            );
            if a.filesz > 0
                && b.filesz > 0
                && a.offset < bf
                && b.offset < af
                && a.offset != 0
                && b.offset != 0
            {
                push(
                    IssueKind::Segments,
                    format!(
                    "PT_LOAD segments overlap in the file: [{:#x}, {af:#x}) and [{:#x}, {bf:#x})",
                    a.offset, b.offset
                ),
                );
            }
        }
        if a.align > 1 && a.vaddr % a.align != a.offset % a.align {
            push(IssueKind::Segments, format!(
                "PT_LOAD at {:#x}: address and file offset {:#x} are not congruent modulo the alignment {:#x}",
                a.vaddr, a.offset, a.align
            ));
        }
    }
    for required in [PT_LOAD, PT_DYNAMIC, PT_NOTE] {
        if !obj.segments.iter().any(|s| s.p_type == required) {
            push(
                IssueKind::Segments,
                format!("no program header of type {required:#x}"),
            );
        }
    }

    // Kernels and symbols.
    let text = obj.section(".text");
    let symbols = if obj.symbols.is_empty() {
        &obj.dynamic_symbols
    } else {
        &obj.symbols
    };
    for sym in symbols
        .iter()
        .filter(|s| s.kind == STT_FUNC && s.binding == STB_GLOBAL)
    {
        if !symbols
            .iter()
            .any(|k| k.kind == STT_OBJECT && is_kd_of(&k.name, &sym.name))
        {
            push(
                IssueKind::Symbols,
                format!(
                    "kernel `{}` has no `{}.kd` descriptor symbol",
                    sym.name, sym.name
                ),
            );
        }
    }
    for k in &obj.kernels {
        if k.descriptor_symbol_size != 64 {
            push(
                IssueKind::Symbols,
                format!(
                    "`{}.kd` has size {}, expected 64",
                    k.name, k.descriptor_symbol_size
                ),
            );
        }
        if k.descriptor_address % 64 != 0 {
            push(
                IssueKind::Symbols,
                format!(
                    "`{}.kd` at {:#x} is not 64-byte aligned",
                    k.name, k.descriptor_address
                ),
            );
        }
        let in_text = text.is_some_and(|t| {
            k.entry_address >= t.address && k.entry_address < t.address.saturating_add(t.size)
        });
        if !in_text {
            push(
                IssueKind::EntryOffset,
                format!(
                    "kernel `{}`: entry {:#x} (descriptor {:#x} {:+}) is outside `.text`{}",
                    k.name,
                    k.entry_address,
                    k.descriptor_address,
                    k.descriptor.kernel_code_entry_byte_offset(),
                    text.map(|t| format!(
                        " [{:#x}, {:#x})",
                        t.address,
                        t.address.saturating_add(t.size)
                    ))
                    .unwrap_or_default()
                ),
            );
        } else if k.code_symbol.is_none() {
            push(
                IssueKind::Symbols,
                format!(
                    "kernel `{}`: no FUNC symbol at its entry {:#x}",
                    k.name, k.entry_address
                ),
            );
        }
        if k.entry_address % 256 != 0 {
            push(
                IssueKind::EntryOffset,
                format!(
                    "kernel `{}`: entry {:#x} is not 256-byte aligned",
                    k.name, k.entry_address
                ),
            );
        }
        if !symbols
            .iter()
            .any(|s| s.name == k.name && s.kind == STT_FUNC)
        {
            push(
                IssueKind::Symbols,
                format!(
                    "descriptor `{}.kd` has no kernel FUNC symbol `{}`",
                    k.name, k.name
                ),
            );
        }
        if !obj.dynamic_symbols.is_empty()
            && !obj
                .dynamic_symbols
                .iter()
                .any(|s| is_kd_of(&s.name, &k.name))
        {
            push(
                IssueKind::Symbols,
                format!(
                    "`{}.kd` is missing from `.dynsym`: the loader cannot find it",
                    k.name
                ),
            );
        }
        let u = &k.config.unmodelled;
        if !u.is_zero() {
            push(IssueKind::Descriptor, format!(
                "kernel `{}`: reserved or uncontrolled descriptor bits set (rsrc1 {:#x}, rsrc2 {:#x}, rsrc3 {:#x}, properties {:#x}, reserved bytes nonzero: {})",
                k.name,
                u.compute_pgm_rsrc1,
                u.compute_pgm_rsrc2,
                u.compute_pgm_rsrc3,
                u.kernel_code_properties,
                u.reserved0.iter().chain(&u.reserved1).chain(&u.reserved3).any(|&b| b != 0)
            ));
        }
        if k.config.system_vgpr_workitem_id > 2 {
            push(
                IssueKind::Descriptor,
                format!(
                    "kernel `{}`: ENABLE_VGPR_WORKITEM_ID is 3 (undefined)",
                    k.name
                ),
            );
        }
        if k.config.effective_user_sgpr_count() < k.config.implied_user_sgpr_count() {
            push(
                IssueKind::Descriptor,
                format!(
                    "kernel `{}`: USER_SGPR_COUNT {} is less than the {} user SGPRs enabled",
                    k.name,
                    k.config.effective_user_sgpr_count(),
                    k.config.implied_user_sgpr_count()
                ),
            );
        }
    }

    // Metadata.
    let Some(md) = &obj.metadata else {
        if obj.metadata_bytes.is_none() {
            push(
                IssueKind::Metadata,
                "no NT_AMDGPU_METADATA note (owner `AMDGPU`, type 32)".into(),
            );
        }
        return issues;
    };
    if md.version != [1, 2] {
        push(
            IssueKind::Metadata,
            format!(
                "`amdhsa.version` is {:?}, expected [1, 2] for code object V6",
                md.version
            ),
        );
    }
    if let Some(t) = &obj.target {
        let expected = t.target_id();
        if md.target != expected {
            push(
                IssueKind::Metadata,
                format!(
                    "`amdhsa.target` is `{}` but e_flags say `{expected}`",
                    md.target
                ),
            );
        }
    }
    for km in &md.kernels {
        if !obj.kernels.iter().any(|k| is_kd_of(&km.symbol, &k.name)) {
            push(
                IssueKind::Symbols,
                format!(
                    "metadata kernel `{}` names descriptor `{}`, which is not in the symbol table",
                    km.name, km.symbol
                ),
            );
        }
        let mut end = 0;
        for (i, a) in km.args.iter().enumerate() {
            if a.offset < end {
                push(IssueKind::Metadata, format!("kernel `{}`: argument {i} at offset {} overlaps the previous one (ends at {end})", km.name, a.offset));
            }
            end = end.max(a.offset.saturating_add(a.size));
        }
        if end > km.kernarg_segment_size {
            push(
                IssueKind::Metadata,
                format!(
                    "kernel `{}`: arguments end at {end}, past `.kernarg_segment_size` {}",
                    km.name, km.kernarg_segment_size
                ),
            );
        }
    }
    for k in &obj.kernels {
        let Some(km) = md.kernels.iter().find(|m| is_kd_of(&m.symbol, &k.name)) else {
            push(
                IssueKind::Metadata,
                format!("kernel `{}` has no `amdhsa.kernels` entry", k.name),
            );
            continue;
        };
        let d = &k.descriptor;
        let mut mismatch = |what: &str, desc: u64, meta: u64| {
            if desc != meta {
                push(
                    IssueKind::DescriptorMetadata,
                    format!(
                        "kernel `{}`: descriptor {what} is {desc} but metadata says {meta}",
                        k.name
                    ),
                );
            }
        };
        mismatch(
            "kernarg size",
            d.kernarg_size() as u64,
            km.kernarg_segment_size,
        );
        mismatch(
            "group segment (LDS) size",
            d.group_segment_fixed_size() as u64,
            km.group_segment_fixed_size,
        );
        mismatch(
            "private segment size",
            d.private_segment_fixed_size() as u64,
            km.private_segment_fixed_size,
        );
        let Some(t) = obj.target else { continue };
        let gfx11 = t.processor.generation() == Generation::Gfx11;
        let wave = if gfx11 && k.config.wavefront_size32 {
            32
        } else {
            64
        };
        mismatch("wavefront size", wave, km.wavefront_size);
        // Register counts must give exactly the descriptor's granules.
        let total_vgprs = if is_gfx90a_class(t.processor) {
            let agprs = km.agpr_count.unwrap_or(0);
            if agprs > 0 {
                (km.vgpr_count.saturating_add(3) / 4 * 4).saturating_add(agprs)
            } else {
                km.vgpr_count
            }
        } else {
            km.vgpr_count
        };
        let granule = vgpr_encoding_granule(t.processor, k.config.wavefront_size32) as u64;
        let vgpr_blocks = total_vgprs.max(1).div_ceil(granule) - 1;
        if vgpr_blocks != d.granulated_workitem_vgpr_count() as u64 {
            push(IssueKind::DescriptorMetadata, format!(
                "kernel `{}`: metadata {total_vgprs} VGPRs need GRANULATED_WORKITEM_VGPR_COUNT {vgpr_blocks} (granule {granule}), descriptor has {}",
                k.name,
                d.granulated_workitem_vgpr_count()
            ));
        }
        if is_gfx90a_class(t.processor)
            && km.vgpr_count > k.config.accum_offset as u64
            && km.agpr_count.unwrap_or(0) > 0
        {
            push(
                IssueKind::DescriptorMetadata,
                format!(
                    "kernel `{}`: {} architected VGPRs overlap the AGPRs at accum_offset {}",
                    k.name, km.vgpr_count, k.config.accum_offset
                ),
            );
        }
        if gfx11 {
            if d.granulated_wavefront_sgpr_count() != 0 {
                push(
                    IssueKind::Descriptor,
                    format!(
                        "kernel `{}`: GRANULATED_WAVEFRONT_SGPR_COUNT must be 0 on GFX10+",
                        k.name
                    ),
                );
            }
        } else {
            let sgpr_blocks = km.sgpr_count.max(1).div_ceil(8) - 1;
            if sgpr_blocks != d.granulated_wavefront_sgpr_count() as u64 {
                push(IssueKind::DescriptorMetadata, format!(
                    "kernel `{}`: metadata {} SGPRs need GRANULATED_WAVEFRONT_SGPR_COUNT {sgpr_blocks}, descriptor has {}",
                    k.name,
                    km.sgpr_count,
                    d.granulated_wavefront_sgpr_count()
                ));
            }
        }
        let addressable = t.info().addressable_sgprs as u64 + 6;
        if km.sgpr_count > addressable {
            push(
                IssueKind::Metadata,
                format!(
                    "kernel `{}`: `.sgpr_count` {} exceeds {addressable}",
                    k.name, km.sgpr_count
                ),
            );
        }
        if let Some(dyn_stack) = km.uses_dynamic_stack {
            if dyn_stack != k.config.uses_dynamic_stack {
                push(IssueKind::DescriptorMetadata, format!(
                    "kernel `{}`: descriptor USES_DYNAMIC_STACK is {} but metadata `.uses_dynamic_stack` is {dyn_stack}",
                    k.name, k.config.uses_dynamic_stack as u8
                ));
            }
        }
        if let (true, Some(wgp)) = (gfx11, km.workgroup_processor_mode) {
            if wgp != k.config.workgroup_processor_mode as u64 {
                push(IssueKind::DescriptorMetadata, format!(
                    "kernel `{}`: descriptor WGP_MODE is {} but metadata `.workgroup_processor_mode` is {wgp}",
                    k.name, k.config.workgroup_processor_mode as u8
                ));
            }
        }
    }
    issues
}

fn is_kd_of(symbol: &str, kernel: &str) -> bool {
    symbol.strip_suffix(".kd") == Some(kernel)
}
