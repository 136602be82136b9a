//! Structural tests of written objects (no LLVM): header, program headers,
//! sections, symbols, descriptors and metadata, per processor.

mod common;

use common::*;
use silk_amdgpu::code_object::elf::*;
use silk_amdgpu::code_object::{read, validate, CodeObject, KernelConfig, Metadata, Value};
use silk_amdgpu::target::{Generation, Processor, Target};

const SECTIONS: [(&str, u32, u64, u64); 16] = [
    ("", SHT_NULL, 0, 0),
    (".note", SHT_NOTE, SHF_ALLOC, 4),
    (".dynsym", SHT_DYNSYM, SHF_ALLOC, 8),
    (".gnu.hash", SHT_GNU_HASH, SHF_ALLOC, 8),
    (".hash", SHT_HASH, SHF_ALLOC, 4),
    (".dynstr", SHT_STRTAB, SHF_ALLOC, 1),
    (".rodata", SHT_PROGBITS, SHF_ALLOC, 64),
    (".text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, 256),
    (".dynamic", SHT_DYNAMIC, SHF_ALLOC | SHF_WRITE, 8),
    (".relro_padding", SHT_NOBITS, SHF_ALLOC | SHF_WRITE, 1),
    (".bss", SHT_NOBITS, SHF_ALLOC | SHF_WRITE, 1),
    (".AMDGPU.gpr_maximums", SHT_PROGBITS, 0, 1),
    (".comment", SHT_PROGBITS, SHF_MERGE | SHF_STRINGS, 1),
    (".symtab", SHT_SYMTAB, 0, 8),
    (".shstrtab", SHT_STRTAB, 0, 1),
    (".strtab", SHT_STRTAB, 0, 1),
];

#[test]
fn elf_header_per_processor() {
    for t in targets() {
        let bytes = sample(t).to_bytes().unwrap();
        assert_eq!(&bytes[0..4], b"\x7fELF");
        assert_eq!(bytes[4], ELFCLASS64);
        assert_eq!(bytes[5], ELFDATA2LSB);
        assert_eq!(bytes[6], 1);
        assert_eq!(bytes[7], ELFOSABI_AMDGPU_HSA);
        assert_eq!(bytes[8], ELFABIVERSION_AMDGPU_HSA_V6);
        assert_eq!(u16_at(&bytes, 16), ET_DYN);
        assert_eq!(u16_at(&bytes, 18), EM_AMDGPU);
        assert_eq!(u32_at(&bytes, 48), t.e_flags(), "{t:?}");
        assert_eq!(u64_at(&bytes, 24), 0, "e_entry");
        assert_eq!(u64_at(&bytes, 32), 64, "e_phoff");
        assert_eq!(u16_at(&bytes, 56), 9, "e_phnum");
        assert_eq!(u16_at(&bytes, 60), 16, "e_shnum");
        assert_eq!(u16_at(&bytes, 62), 14, "e_shstrndx");
    }
    assert_eq!(
        u32_at(
            &sample(Target::parse("gfx942").unwrap()).to_bytes().unwrap(),
            48
        ),
        0x54c
    );
    assert_eq!(
        u32_at(
            &sample(Target::parse("gfx1151").unwrap())
                .to_bytes()
                .unwrap(),
            48
        ),
        0x4a
    );
}

#[test]
fn sections_in_order_with_flags_alignment_and_offsets() {
    for t in targets() {
        let bytes = sample(t).to_bytes().unwrap();
        let p = read(&bytes).unwrap();
        assert_eq!(p.sections.len(), SECTIONS.len());
        let mut prev_end = 0;
        for (s, (name, ty, flags, align)) in p.sections.iter().zip(SECTIONS) {
            assert_eq!(
                (s.name.as_str(), s.sh_type, s.flags, s.align),
                (name, ty, flags, align),
                "{t:?}"
            );
            if align > 1 {
                assert_eq!(s.offset % align, 0, "{name} offset");
                assert_eq!(s.address % align, 0, "{name} address");
            }
            if s.flags & SHF_ALLOC != 0 {
                assert_eq!(s.address % PAGE_SIZE, s.offset % PAGE_SIZE, "{name}");
            }
            if s.has_file_data() {
                assert!(s.offset >= prev_end, "{name} overlaps the previous section");
                prev_end = s.offset + s.size;
            }
        }
        let sec = |n: &str| p.section(n).unwrap();
        assert_eq!(sec(".note").offset, 64 + 9 * 56);
        assert_eq!(sec(".bss").size, 1);
        assert_eq!(sec(".AMDGPU.gpr_maximums").size, 0);
        assert_eq!(sec(".comment").entsize, 1);
        assert_eq!(sec(".dynsym").entsize, 24);
        assert_eq!(sec(".dynsym").link, 5);
        assert_eq!(sec(".dynsym").info, 1);
        assert_eq!(sec(".hash").entsize, 4);
        assert_eq!(sec(".dynamic").entsize, 16);
        assert_eq!(sec(".symtab").link, 15);
        // RELRO padding ends the dynamic segment on a page boundary, and
        // `.bss` lies beyond it, on a later page.
        let relro_end = sec(".relro_padding").address + sec(".relro_padding").size;
        assert_eq!(relro_end % PAGE_SIZE, 0);
        assert!(sec(".bss").address >= relro_end);
        assert_eq!(
            sec(".relro_padding").address,
            sec(".dynamic").address + sec(".dynamic").size
        );
        // No relocation sections at all.
        assert!(p.sections.iter().all(|s| s.sh_type != 4 && s.sh_type != 9));
    }
}

#[test]
fn program_headers() {
    for t in targets() {
        let bytes = sample(t).to_bytes().unwrap();
        let p = read(&bytes).unwrap();
        let types: Vec<u32> = p.segments.iter().map(|s| s.p_type).collect();
        assert_eq!(
            types,
            [
                PT_PHDR,
                PT_LOAD,
                PT_LOAD,
                PT_LOAD,
                PT_LOAD,
                PT_DYNAMIC,
                PT_GNU_RELRO,
                PT_GNU_STACK,
                PT_NOTE
            ]
        );
        let s = &p.segments;
        let sec = |n: &str| p.section(n).unwrap();
        assert_eq!((s[0].offset, s[0].filesz, s[0].flags), (64, 9 * 56, PF_R));
        // Read-only load: header through .rodata.
        let ro = sec(".rodata");
        assert_eq!(
            (s[1].offset, s[1].vaddr, s[1].filesz, s[1].flags),
            (0, 0, ro.offset + ro.size, PF_R)
        );
        // Executable load: exactly .text.
        let text = sec(".text");
        assert_eq!(
            (s[2].vaddr, s[2].filesz, s[2].flags),
            (text.address, text.size, PF_R | PF_X)
        );
        // Writable load: .dynamic plus the RELRO padding.
        let d = sec(".dynamic");
        let pad = sec(".relro_padding");
        assert_eq!(
            (s[3].vaddr, s[3].filesz, s[3].memsz, s[3].flags),
            (d.address, d.size, d.size + pad.size, PF_R | PF_W)
        );
        // Writable no-file-data load with the one-byte .bss.
        assert_eq!(
            (s[4].vaddr, s[4].filesz, s[4].memsz),
            (sec(".bss").address, 0, 1)
        );
        assert_eq!((s[5].vaddr, s[5].filesz), (d.address, 7 * 16));
        assert_eq!(
            (s[6].vaddr, s[6].memsz, s[6].flags),
            (d.address, d.size + pad.size, PF_R)
        );
        assert_eq!(
            (s[7].flags, s[7].memsz),
            (PF_R | PF_W, 0),
            "PT_GNU_STACK is not executable"
        );
        assert_eq!(
            (s[8].offset, s[8].filesz),
            (sec(".note").offset, sec(".note").size)
        );
        for l in s.iter().filter(|s| s.p_type == PT_LOAD) {
            assert_eq!(l.align, PAGE_SIZE);
        }
        assert!(validate(&p).is_empty(), "{:?}", validate(&p));
    }
}

#[test]
fn dynamic_entries_point_at_the_tables() {
    let bytes = sample(Target::parse("gfx942").unwrap()).to_bytes().unwrap();
    let p = read(&bytes).unwrap();
    let d = p.section(".dynamic").unwrap();
    let entry = |i: usize| {
        (
            u64_at(&bytes, d.offset as usize + 16 * i),
            u64_at(&bytes, d.offset as usize + 16 * i + 8),
        )
    };
    let addr = |n: &str| p.section(n).unwrap().address;
    assert_eq!(entry(0), (DT_SYMTAB, addr(".dynsym")));
    assert_eq!(entry(1), (DT_SYMENT, 24));
    assert_eq!(entry(2), (DT_STRTAB, addr(".dynstr")));
    assert_eq!(entry(3), (DT_STRSZ, p.section(".dynstr").unwrap().size));
    assert_eq!(entry(4), (DT_GNU_HASH, addr(".gnu.hash")));
    assert_eq!(entry(5), (DT_HASH, addr(".hash")));
    assert_eq!(entry(6), (DT_NULL, 0));
}

#[test]
fn kernel_and_descriptor_symbols_in_both_tables() {
    for t in targets() {
        let obj = sample(t);
        let bytes = obj.to_bytes().unwrap();
        let p = read(&bytes).unwrap();
        let layout = obj.layout().unwrap();
        for table in [&p.symbols, &p.dynamic_symbols] {
            for (i, k) in obj.kernels.iter().enumerate() {
                let f = table.iter().find(|s| s.name == k.name).unwrap();
                assert_eq!(
                    (f.kind, f.binding, f.visibility),
                    (STT_FUNC, STB_GLOBAL, STV_PROTECTED)
                );
                assert_eq!(
                    f.size,
                    k.code.len() as u64,
                    "symbol size is the real code size"
                );
                assert_eq!(f.value, layout.kernel_addresses[i]);
                assert_eq!(f.value % 256, 0);
                let kd = table
                    .iter()
                    .find(|s| s.name == format!("{}.kd", k.name))
                    .unwrap();
                assert_eq!(
                    (kd.kind, kd.binding, kd.visibility, kd.size),
                    (STT_OBJECT, STB_GLOBAL, STV_PROTECTED, 64)
                );
                assert_eq!(kd.value % 64, 0);
                assert_eq!(kd.shndx, 6, ".rodata");
                assert_eq!(f.shndx, 7, ".text");
            }
            let cuid = table
                .iter()
                .find(|s| s.name.starts_with("__hip_cuid_"))
                .unwrap();
            assert_eq!(
                (
                    cuid.kind,
                    cuid.binding,
                    cuid.visibility,
                    cuid.size,
                    cuid.shndx
                ),
                (STT_OBJECT, STB_GLOBAL, STV_DEFAULT, 1, 10)
            );
            assert_eq!(cuid.name.len(), "__hip_cuid_".len() + 16);
        }
        let dynamic = p.symbols.iter().find(|s| s.name == "_DYNAMIC").unwrap();
        assert_eq!(
            (dynamic.binding, dynamic.visibility, dynamic.shndx),
            (STB_LOCAL, STV_HIDDEN, 8)
        );
        // Entry offsets resolve to the kernel symbols.
        for k in &p.kernels {
            assert_eq!(k.code_symbol.as_ref().unwrap().name, k.name);
            assert_eq!(
                k.code,
                obj.kernels.iter().find(|o| o.name == k.name).unwrap().code
            );
        }
    }
    // Deterministic output.
    let t = Target::parse("gfx1100").unwrap();
    assert_eq!(sample(t).to_bytes().unwrap(), sample(t).to_bytes().unwrap());
}

#[test]
fn text_padding_follows_llvm_code_end() {
    for t in targets() {
        let obj = sample(t);
        let bytes = obj.to_bytes().unwrap();
        let p = read(&bytes).unwrap();
        let text = p.section(".text").unwrap();
        let body = &bytes[text.offset as usize..(text.offset + text.size) as usize];
        let last = obj.layout().unwrap().kernel_addresses[1] - text.address
            + obj.kernels[1].code.len() as u64;
        let words: Vec<u32> = body[last as usize..]
            .chunks(4)
            .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
            .collect();
        // Between kernels: s_nop 0.
        let gap = &body[obj.kernels[0].code.len()..256];
        assert!(gap.chunks(4).all(|c| c == 0xbf80_0000u32.to_le_bytes()));
        match t.processor.generation() {
            Generation::Gfx11 => {
                assert!(
                    words.iter().all(|&w| w == 0xbf9f_0000),
                    "s_code_end padding"
                );
                assert_eq!(text.size % 128, 0);
                assert_eq!(text.size - last.next_multiple_of(128), 384);
                assert!(text.size >= 512);
            }
            Generation::Gfx9 => {
                assert!(words.iter().all(|&w| w == 0xbf80_0000), "s_nop padding");
                assert_eq!(text.size - last.next_multiple_of(64), 1024);
            }
        }
    }
}

#[test]
fn descriptor_fields_per_processor() {
    for t in targets() {
        let obj = sample(t);
        let bytes = obj.to_bytes().unwrap();
        let p = read(&bytes).unwrap();
        let layout = obj.layout().unwrap();
        for (i, k) in p.kernels.iter().enumerate() {
            let d = &k.descriptor;
            let cfg = &obj.kernels[i].config;
            let raw = &d.0;
            // Segment sizes at 0..12, entry at 16..24.
            assert_eq!(u32_at(raw, 0), cfg.group_segment_fixed_size);
            assert_eq!(u32_at(raw, 4), 0);
            assert_eq!(u32_at(raw, 8), cfg.kernarg_size);
            assert_eq!(
                u64_at(raw, 16) as i64,
                layout.kernel_addresses[i] as i64 - layout.descriptor_addresses[i] as i64
            );
            assert!(raw[12..16]
                .iter()
                .chain(&raw[24..44])
                .chain(&raw[60..64])
                .all(|&b| b == 0));
            let rsrc1 = u32_at(raw, 48);
            let rsrc2 = u32_at(raw, 52);
            let rsrc3 = u32_at(raw, 44);
            let props = u16_at(raw, 56);
            // Float modes: round 0, denorm 3/3, DX10 clamp and IEEE on.
            assert_eq!((rsrc1 >> 12) & 0xff, 0xf0);
            assert_eq!((rsrc1 >> 21) & 1, 1);
            assert_eq!((rsrc1 >> 23) & 1, 1);
            // User SGPRs: kernarg pointer only -> count 2.
            assert_eq!(props & 0x7f, 1 << 3);
            assert_eq!((rsrc2 >> 1) & 0x1f, 2);
            assert_eq!((rsrc2 >> 7) & 1, 1, "workgroup id x");
            let granule = match (t.processor.generation(), t.wavefront_size) {
                (Generation::Gfx11, 64) => 4,
                _ => 8,
            };
            assert_eq!(rsrc1 & 0x3f, cfg.next_free_vgpr.div_ceil(granule) - 1);
            match t.processor.generation() {
                Generation::Gfx11 => {
                    assert_eq!((rsrc1 >> 6) & 0xf, 0, "SGPR granule field is zero on GFX11");
                    assert_eq!(rsrc1 >> 29, 0b111, "WGP_MODE, MEM_ORDERED, FWD_PROGRESS");
                    assert_eq!((props >> 10) & 1, (t.wavefront_size == 32) as u16);
                    assert_eq!((rsrc3 >> 4) & 0x3f, cfg.inst_pref_size);
                    assert!(cfg.inst_pref_size > 0);
                }
                Generation::Gfx9 => {
                    let sgprs = cfg.next_free_sgpr + 6;
                    assert_eq!((rsrc1 >> 6) & 0xf, sgprs.div_ceil(8) - 1);
                    assert_eq!(rsrc1 >> 29, 0);
                    assert_eq!((props >> 10) & 1, 0);
                    assert_eq!(rsrc3 & 0x3f, cfg.accum_offset / 4 - 1, "ACCUM_OFFSET");
                }
            }
            if i == 1 {
                assert_eq!((rsrc2 >> 8) & 1, 1, "workgroup id y");
                assert_eq!((rsrc2 >> 11) & 3, 1, "work-item id x,y");
            }
            // Decoding gives back a config that encodes identically.
            assert_eq!(
                silk_amdgpu::code_object::KernelDescriptor::encode(
                    &k.config,
                    &t,
                    &k.name,
                    d.kernel_code_entry_byte_offset()
                )
                .unwrap(),
                *d
            );
        }
    }
}

#[test]
fn private_segment_and_dynamic_stack_bits() {
    let t = Target::parse("gfx1151").unwrap();
    let mut c = KernelConfig::compiler_defaults(&t, 0);
    c.private_segment_fixed_size = 64;
    c.enable_private_segment = true;
    c.uses_dynamic_stack = true;
    c.user_sgpr_dispatch_ptr = true;
    c.user_sgpr_queue_ptr = true;
    c.user_sgpr_dispatch_id = true;
    c.system_sgpr_workgroup_id_z = true;
    c.system_vgpr_workitem_id = 2;
    let d = silk_amdgpu::code_object::KernelDescriptor::encode(&c, &t, "k", 0).unwrap();
    assert_eq!(d.private_segment_fixed_size(), 64);
    assert_eq!(d.compute_pgm_rsrc2() & 1, 1);
    assert_eq!(
        d.kernel_code_properties(),
        (1 << 1) | (1 << 2) | (1 << 4) | (1 << 10) | (1 << 11)
    );
    assert_eq!(d.user_sgpr_count(), 6);
    assert_eq!((d.compute_pgm_rsrc2() >> 9) & 1, 1);
    assert_eq!((d.compute_pgm_rsrc2() >> 11) & 3, 2);
    // Decoding recovers every directive except the exact register counts
    // (only their granules are stored).
    let back = d.decode(t.processor);
    assert_eq!(back.next_free_vgpr, 8);
    assert_eq!(
        KernelConfig {
            next_free_vgpr: 0,
            reserve_vcc: true,
            ..back.clone()
        },
        c
    );
    assert_eq!(
        silk_amdgpu::code_object::KernelDescriptor::encode(&back, &t, "k", 0).unwrap(),
        d
    );
}

#[test]
fn invalid_configs_are_rejected_with_reasons() {
    let g = Target::parse("gfx942").unwrap();
    let r = Target::parse("gfx1100").unwrap();
    let enc = |c: &KernelConfig, t: &Target| {
        silk_amdgpu::code_object::KernelDescriptor::encode(c, t, "k", 0)
            .unwrap_err()
            .to_string()
    };
    let mut c = KernelConfig::assembler_defaults(&g);
    c.accum_offset = 6;
    assert!(enc(&c, &g).contains("accum_offset"));
    let mut c = KernelConfig::assembler_defaults(&g);
    c.wavefront_size32 = true;
    assert!(enc(&c, &g).contains("wavefront_size32"));
    let mut c = KernelConfig::assembler_defaults(&r);
    c.next_free_vgpr = 300;
    assert!(enc(&c, &r).contains("next_free_vgpr"));
    let mut c = KernelConfig::assembler_defaults(&r);
    c.user_sgpr_kernarg_segment_ptr = true;
    c.user_sgpr_count = Some(1);
    assert!(enc(&c, &r).contains("user_sgpr_count"));
    let mut c = KernelConfig::assembler_defaults(&r);
    c.user_sgpr_flat_scratch_init = true;
    assert!(enc(&c, &r).contains("architected flat scratch"));
    let mut c = KernelConfig::assembler_defaults(&r);
    c.inst_pref_size = 64;
    assert!(enc(&c, &r).contains("inst_pref_size"));
    // Code that is not whole instruction words.
    let mut obj = CodeObject::new(r);
    let (c, m) = kernel(&r, "odd", 1, 1, 0, false);
    obj.push_kernel("odd", vec![0; 6], c, m);
    assert!(obj.to_bytes().unwrap_err().to_string().contains("4-byte"));
}

#[test]
fn metadata_note_decodes_structurally() {
    for t in targets() {
        let obj = sample(t);
        let bytes = obj.to_bytes().unwrap();
        let p = read(&bytes).unwrap();
        let note = p.section(".note").unwrap();
        let n = &bytes[note.offset as usize..];
        assert_eq!(u32_at(n, 0), 7, "namesz");
        assert_eq!(u32_at(n, 8), NT_AMDGPU_METADATA);
        assert_eq!(&n[12..19], b"AMDGPU\0");
        let desc = &n[20..20 + u32_at(n, 4) as usize];
        let v = Value::from_bytes(desc).unwrap();
        assert_eq!(
            v.get("amdhsa.version"),
            Some(&Value::Array(vec![Value::UInt(1), Value::UInt(2)]))
        );
        assert_eq!(
            v.get("amdhsa.target").and_then(Value::as_str),
            Some(t.target_id().as_str())
        );
        let kernels = v.get("amdhsa.kernels").and_then(Value::as_array).unwrap();
        assert_eq!(kernels.len(), 2);
        let k = &kernels[1];
        assert_eq!(
            k.get(".name").and_then(Value::as_str),
            Some("second_kernel")
        );
        assert_eq!(
            k.get(".symbol").and_then(Value::as_str),
            Some("second_kernel.kd")
        );
        assert_eq!(
            k.get(".kernarg_segment_size").and_then(Value::as_u64),
            Some(16 + 256)
        );
        assert_eq!(
            k.get(".wavefront_size").and_then(Value::as_u64),
            Some(t.wavefront_size as u64)
        );
        assert_eq!(
            k.get(".group_segment_fixed_size").and_then(Value::as_u64),
            Some(4096)
        );
        let wgp = k.get(".workgroup_processor_mode").and_then(Value::as_u64);
        assert_eq!(wgp, (t.processor != Processor::Gfx942).then_some(1));
        let args = k.get(".args").and_then(Value::as_array).unwrap();
        let kinds: Vec<&str> = args
            .iter()
            .map(|a| a.get(".value_kind").and_then(Value::as_str).unwrap())
            .collect();
        assert_eq!(
            &kinds[..4],
            [
                "global_buffer",
                "by_value",
                "hidden_block_count_x",
                "hidden_block_count_y"
            ]
        );
        assert_eq!(args[2].get(".offset").and_then(Value::as_u64), Some(16));
        // Keys are written sorted, as LLVM does.
        let keys: Vec<&str> = k
            .as_map()
            .unwrap()
            .iter()
            .map(|(k, _)| k.as_str().unwrap())
            .collect();
        let mut sorted = keys.clone();
        sorted.sort();
        assert_eq!(keys, sorted);
        assert_eq!(p.metadata.as_ref().unwrap(), &obj.metadata);
        assert_eq!(Metadata::from_msgpack(desc).unwrap(), obj.metadata);
    }
}

#[test]
fn rodata_follows_the_descriptors() {
    let t = Target::parse("gfx1100").unwrap();
    let mut obj = sample(t);
    obj.rodata = (0..100u8).collect();
    let bytes = obj.to_bytes().unwrap();
    let layout = obj.layout().unwrap();
    let ro = layout.section(".rodata").unwrap();
    assert_eq!(layout.rodata_address, ro.address + 128);
    let at = (ro.offset + 128) as usize;
    assert_eq!(&bytes[at..at + 100], &obj.rodata[..]);
    let p = read(&bytes).unwrap();
    assert!(validate(&p).is_empty());
    assert_eq!(p.to_code_object(&bytes).unwrap().rodata, obj.rodata);
}

#[test]
fn written_objects_round_trip_through_the_reader() {
    for t in targets() {
        let mut obj = sample(t);
        obj.link.cuid_symbol = Some("__hip_cuid_0123456789abcdef".into());
        let bytes = obj.to_bytes().unwrap();
        let p = read(&bytes).unwrap();
        let back = p.to_code_object(&bytes).unwrap();
        assert_eq!(back.to_bytes().unwrap(), bytes);
        assert_eq!(back.metadata, obj.metadata);
        assert_eq!(back.target, t);
    }
}
