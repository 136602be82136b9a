//! Reader and validator behaviour: our objects have clang's table shapes,
//! every corruption is reported precisely, and no input panics.

mod common;

use common::*;
use proptest::prelude::*;
use silk_amdgpu::code_object::{read, validate, IssueKind, ParsedCodeObject};
use silk_amdgpu::target::Target;

/// (name, type, flags, alignment, entry size) per section.
type SectionShape = (String, u32, u64, u64, u64);
/// (type, flags, alignment) per program header.
type SegmentShape = (u32, u32, u64);

fn shape(p: &ParsedCodeObject) -> (Vec<SectionShape>, Vec<SegmentShape>) {
    (
        p.sections
            .iter()
            .map(|s| (s.name.clone(), s.sh_type, s.flags, s.align, s.entsize))
            .collect(),
        p.segments
            .iter()
            .map(|s| (s.p_type, s.flags, s.align))
            .collect(),
    )
}

#[test]
fn our_section_and_segment_tables_have_clangs_shape() {
    for p in ["gfx942", "gfx1100", "gfx1151"] {
        let clang = std::fs::read(golden_dir().join(format!("vector_add-{p}.hsaco"))).unwrap();
        let ours = sample(Target::parse(p).unwrap()).to_bytes().unwrap();
        assert_eq!(
            shape(&read(&ours).unwrap()),
            shape(&read(&clang).unwrap()),
            "{p}"
        );
    }
}

fn issues_of(bytes: &[u8]) -> Vec<(IssueKind, String)> {
    validate(&read(bytes).unwrap())
        .into_iter()
        .map(|i| (i.kind, i.message))
        .collect()
}

fn has(issues: &[(IssueKind, String)], kind: IssueKind, text: &str) -> bool {
    issues.iter().any(|(k, m)| *k == kind && m.contains(text))
}

#[test]
fn validator_reports_each_inconsistency() {
    let t = Target::parse("gfx942").unwrap();
    let good = sample(t);
    assert!(issues_of(&good.to_bytes().unwrap()).is_empty());

    // Descriptor vs metadata: kernarg size, LDS, wavefront, registers.
    let mut o = good.clone();
    o.metadata.kernels[0].kernarg_segment_size += 8;
    o.metadata.kernels[0].group_segment_fixed_size = 512;
    o.metadata.kernels[0].wavefront_size = 32;
    o.metadata.kernels[0].vgpr_count = 100;
    o.metadata.kernels[0].sgpr_count = 90;
    let i = issues_of(&o.to_bytes().unwrap());
    assert!(
        has(
            &i,
            IssueKind::DescriptorMetadata,
            "descriptor kernarg size is 12 but metadata says 20"
        ),
        "{i:?}"
    );
    assert!(
        has(
            &i,
            IssueKind::DescriptorMetadata,
            "group segment (LDS) size is 0 but metadata says 512"
        ),
        "{i:?}"
    );
    assert!(
        has(
            &i,
            IssueKind::DescriptorMetadata,
            "wavefront size is 64 but metadata says 32"
        ),
        "{i:?}"
    );
    assert!(
        has(
            &i,
            IssueKind::DescriptorMetadata,
            "metadata 100 VGPRs need GRANULATED_WORKITEM_VGPR_COUNT 12"
        ),
        "{i:?}"
    );
    assert!(
        has(
            &i,
            IssueKind::DescriptorMetadata,
            "metadata 90 SGPRs need GRANULATED_WAVEFRONT_SGPR_COUNT 11"
        ),
        "{i:?}"
    );

    // Metadata naming a kernel that does not exist, wrong target string.
    let mut o = good.clone();
    o.metadata.kernels[1].symbol = "ghost.kd".into();
    o.metadata.target = "amdgcn-amd-amdhsa--gfx1100".into();
    o.metadata.version = vec![1, 1];
    let i = issues_of(&o.to_bytes().unwrap());
    assert!(
        has(
            &i,
            IssueKind::Symbols,
            "`ghost.kd`, which is not in the symbol table"
        ),
        "{i:?}"
    );
    assert!(
        has(
            &i,
            IssueKind::Metadata,
            "second_kernel` has no `amdhsa.kernels` entry"
        ),
        "{i:?}"
    );
    assert!(
        has(
            &i,
            IssueKind::Metadata,
            "`amdhsa.target` is `amdgcn-amd-amdhsa--gfx1100` but e_flags say"
        ),
        "{i:?}"
    );
    assert!(
        has(&i, IssueKind::Metadata, "`amdhsa.version` is [1, 1]"),
        "{i:?}"
    );

    let bytes = good.to_bytes().unwrap();
    let parsed = read(&bytes).unwrap();
    let patch32 =
        |b: &mut Vec<u8>, at: usize, v: u32| b[at..at + 4].copy_from_slice(&v.to_le_bytes());

    // Wrong ABI version, machine, type.
    let mut b = bytes.clone();
    b[8] = 3;
    b[18] = 0x3e;
    b[16] = 1;
    let i = issues_of(&b);
    assert!(
        has(
            &i,
            IssueKind::Header,
            "EI_ABIVERSION is 3 (code object V5), expected 4"
        ),
        "{i:?}"
    );
    assert!(
        has(&i, IssueKind::Header, "e_machine is 62, expected 224"),
        "{i:?}"
    );
    assert!(
        has(&i, IssueKind::Header, "e_type is 1, expected 3"),
        "{i:?}"
    );

    // Entry offset outside .text.
    let mut b = bytes.clone();
    let kd = parsed.section(".rodata").unwrap().offset as usize;
    b[kd + 16..kd + 24].copy_from_slice(&0x100000i64.to_le_bytes());
    let i = issues_of(&b);
    assert!(
        has(&i, IssueKind::EntryOffset, "kernel `first`: entry 0x"),
        "{i:?}"
    );
    assert!(
        has(&i, IssueKind::EntryOffset, "is outside `.text`"),
        "{i:?}"
    );

    // Reserved descriptor bits.
    let mut b = bytes.clone();
    b[kd + 30] = 1;
    assert!(has(&issues_of(&b), IssueKind::Descriptor, "reserved"));

    // Kernel without its .kd: rename the descriptor symbol in .strtab.
    let mut b = bytes.clone();
    let strtab = parsed.section(".strtab").unwrap();
    let s = &mut b[strtab.offset as usize..(strtab.offset + strtab.size) as usize];
    let at = s.windows(9).position(|w| w == b"first.kd\0").unwrap();
    s[at + 6] = b'x';
    let i = issues_of(&b);
    assert!(
        has(
            &i,
            IssueKind::Symbols,
            "kernel `first` has no `first.kd` descriptor symbol"
        ),
        "{i:?}"
    );

    // Overlapping segments: move the text segment onto the first one.
    let mut b = bytes.clone();
    let ph2 = 64 + 2 * 56;
    b[ph2 + 16..ph2 + 24].copy_from_slice(&0x100u64.to_le_bytes());
    let i = issues_of(&b);
    assert!(
        has(
            &i,
            IssueKind::Segments,
            "PT_LOAD segments overlap in memory"
        ),
        "{i:?}"
    );

    // Truncated tables: the file cut inside .symtab.
    let symtab = parsed.section(".symtab").unwrap();
    let cut = &bytes[..(symtab.offset + 30) as usize];
    let p = read(cut).unwrap();
    let i: Vec<_> = validate(&p)
        .into_iter()
        .map(|i| (i.kind, i.message))
        .collect();
    assert!(has(&i, IssueKind::Structure, "truncated"), "{i:?}");

    // A section-header table entry size that is wrong.
    let mut b = bytes.clone();
    b[58] = 40;
    assert!(has(
        &issues_of(&b),
        IssueKind::Structure,
        "section header entry size is 40"
    ));
    patch32(&mut b, 48, 0x99);
    assert!(has(
        &issues_of(&b),
        IssueKind::Header,
        "EF_AMDGPU_MACH 0x99"
    ));
}

#[test]
fn not_an_object_is_an_error_with_a_reason() {
    assert!(read(b"").unwrap_err().to_string().contains("too short"));
    assert!(read(&[0u8; 64]).unwrap_err().to_string().contains("magic"));
    let mut b = sample(Target::parse("gfx1100").unwrap())
        .to_bytes()
        .unwrap();
    b[4] = 1;
    assert!(read(&b)
        .unwrap_err()
        .to_string()
        .contains("ELF64 little-endian"));
}

fn valid_objects() -> Vec<Vec<u8>> {
    let mut v: Vec<Vec<u8>> = targets()
        .into_iter()
        .map(|t| sample(t).to_bytes().unwrap())
        .collect();
    for name in [
        "dynamic_stack-gfx1100.hsaco",
        "multi-gfx942.hsaco",
        "mfma-gfx942.hsaco",
    ] {
        v.push(std::fs::read(golden_dir().join(name)).unwrap());
    }
    v
}

/// Read, validate and convert must never panic.
fn exercise(bytes: &[u8]) {
    if let Ok(p) = read(bytes) {
        let _ = validate(&p);
        if let Ok(obj) = p.to_code_object(bytes) {
            let _ = obj.to_bytes();
        }
        for k in &p.kernels {
            let _ = k
                .descriptor
                .directives(&k.name, p.target.unwrap().processor);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn truncation_never_panics(which in 0usize..8, cut in 0.0f64..1.0) {
        let objects = valid_objects();
        let b = &objects[which % objects.len()];
        let len = (b.len() as f64 * cut) as usize;
        exercise(&b[..len]);
    }

    #[test]
    fn corruption_never_panics(which in 0usize..8, edits in proptest::collection::vec((0.0f64..1.0, any::<u8>()), 1..16)) {
        let objects = valid_objects();
        let mut b = objects[which % objects.len()].clone();
        let n = b.len();
        for (pos, byte) in edits {
            b[((n as f64 * pos) as usize).min(n - 1)] = byte;
        }
        exercise(&b);
    }

    #[test]
    fn header_field_corruption_never_panics(which in 0usize..8, at in 0usize..0x240, value in any::<u64>()) {
        // Concentrated on the ELF and program headers, where offsets live.
        let objects = valid_objects();
        let mut b = objects[which % objects.len()].clone();
        let end = (at + 8).min(b.len());
        let bytes = value.to_le_bytes();
        b[at..end].copy_from_slice(&bytes[..end - at]);
        exercise(&b);
    }

    #[test]
    fn arbitrary_bytes_never_panic(data in proptest::collection::vec(any::<u8>(), 0..512)) {
        exercise(&data);
        let _ = silk_amdgpu::code_object::OffloadBundle::parse(&data);
        let _ = silk_amdgpu::code_object::Value::from_bytes(&data);
    }
}
