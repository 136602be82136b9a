//! The bundle reader: a precise error for each way a bundle can be wrong,
//! and properties (any truncation or corruption is an error or a bundle
//! whose every entry lies inside the input, never a panic).

use proptest::prelude::*;
use silk_runtime::bundle::{ENTRY_SIZE, HEADER_SIZE};
use silk_runtime::{Bundle, BundleError, BundleWriter, OwnedBundle, ProviderKind};

fn elf(n: usize, fill: u8) -> Vec<u8> {
    let mut v = b"\x7fELF".to_vec();
    v.resize(n, fill);
    v
}

/// Two entries: `a` (8 bytes of kernarg, 12-byte payload), `b` (16, 12).
/// Layout: header 0..40, table 40..104, names 104..106, payloads at 112
/// and 128, trailer 144..160.
fn sample() -> Vec<u8> {
    let mut w = BundleWriter::new(ProviderKind::Hip, "gfx1151").unwrap();
    w.add("b", 16, elf(12, 2)).unwrap();
    w.add("a", 8, elf(12, 1)).unwrap();
    w.to_bytes().unwrap()
}

fn put32(b: &mut [u8], at: usize, v: u32) {
    b[at..at + 4].copy_from_slice(&v.to_le_bytes());
}

fn put64(b: &mut [u8], at: usize, v: u64) {
    b[at..at + 8].copy_from_slice(&v.to_le_bytes());
}

fn entry(i: usize) -> usize {
    (HEADER_SIZE + i as u64 * ENTRY_SIZE) as usize
}

fn err(b: &[u8]) -> BundleError {
    Bundle::parse(b).expect_err("must be rejected")
}

#[test]
fn the_sample_layout_is_the_documented_one() {
    let b = sample();
    assert_eq!(b.len(), 160);
    assert_eq!(&b[..8], b"SLKGPBND");
    assert_eq!(u32::from_le_bytes(b[8..12].try_into().unwrap()), 3);
    assert_eq!(u32::from_le_bytes(b[12..16].try_into().unwrap()), 1);
    assert_eq!(u32::from_le_bytes(b[16..20].try_into().unwrap()), 2);
    assert_eq!(&b[24..32], b"gfx1151\0");
    assert_eq!(&b[104..106], b"ab");
    assert_eq!(u64::from_le_bytes(b[40..48].try_into().unwrap()), 112);
    assert_eq!(u64::from_le_bytes(b[72..80].try_into().unwrap()), 128);
    assert_eq!(u64::from_le_bytes(b[144..152].try_into().unwrap()), 160);
    assert_eq!(&b[152..], b"SLKGPEND");
    let p = Bundle::parse(&b).unwrap();
    assert_eq!(p.entry_count(), 2);
    assert_eq!(p.find("a").unwrap().payload, &elf(12, 1)[..]);
    assert_eq!(p.find("b").unwrap().kernarg_size, 16);
}

#[test]
fn each_defect_has_its_error() {
    let base = sample();
    let with = |f: &dyn Fn(&mut Vec<u8>)| {
        let mut b = base.clone();
        f(&mut b);
        err(&b)
    };
    assert_eq!(err(&base[..10]), BundleError::TooShort { len: 10 });
    assert_eq!(with(&|b| b[159] = b'X'), BundleError::NoFooter);
    assert_eq!(
        with(&|b| put64(b, 144, 8)),
        BundleError::LengthTooSmall {
            declared: 8,
            min: 56
        }
    );
    assert_eq!(
        with(&|b| put64(b, 144, 10_000)),
        BundleError::LengthBeyondInput {
            declared: 10_000,
            available: 160
        }
    );
    assert_eq!(
        with(&|b| put64(b, 144, 153)),
        BundleError::LengthMisaligned { declared: 153 }
    );
    let mut shifted = vec![0u8; 3];
    shifted.extend_from_slice(&base);
    assert_eq!(err(&shifted), BundleError::StartMisaligned { start: 3 });
    assert!(matches!(
        with(&|b| b[0] = b'X'),
        BundleError::BadMagic { .. }
    ));
    assert_eq!(
        with(&|b| put32(b, 8, 2)),
        BundleError::UnsupportedVersion { version: 2 }
    );
    assert_eq!(
        with(&|b| put32(b, 12, 7)),
        BundleError::UnknownProvider { id: 7 }
    );
    assert_eq!(
        with(&|b| put32(b, 20, 5)),
        BundleError::ReservedNonZero {
            field: "header word",
            offset: 20,
            value: 5
        }
    );
    for (patch, reason) in [
        (vec![(24usize, 0u8)], "empty"),
        (vec![(24, b'G')], "byte 0 (0x47) is not a lowercase letter"),
        (
            vec![(35, b'x')],
            "byte 11 after the tag's terminating NUL is not 0",
        ),
    ] {
        let e = with(&|b| patch.iter().for_each(|&(at, v)| b[at] = v));
        assert!(
            matches!(&e, BundleError::BadProcessorTag { reason: r } if r.contains(reason)),
            "{e}"
        );
    }
    assert_eq!(
        with(&|b| put32(b, 16, u32::MAX)),
        BundleError::TableOutOfBounds {
            count: u32::MAX as u64,
            end: 40 + u32::MAX as u128 * 32,
            limit: 144
        }
    );
    let e0 = entry(0);
    let e1 = entry(1);
    assert_eq!(
        with(&|b| b[e0 + 20] = 0),
        BundleError::NameLength { entry: 0, len: 0 }
    );
    assert_eq!(
        with(&|b| b[e0 + 20..e0 + 22].copy_from_slice(&256u16.to_le_bytes())),
        BundleError::NameLength { entry: 0, len: 256 }
    );
    assert!(matches!(
        with(&|b| put32(b, e0 + 16, 40)),
        BundleError::NameOutOfBounds {
            entry: 0,
            offset: 40,
            len: 1,
            area_start: 104,
            area_end: 144
        }
    ));
    assert_eq!(
        with(&|b| put32(b, e1 + 16, 143)),
        BundleError::NameHasNul { entry: 1 }
    );
    assert!(matches!(
        with(&|b| put32(b, e1 + 16, 144)),
        BundleError::NameOutOfBounds {
            entry: 1,
            offset: 144,
            ..
        }
    ));
    assert_eq!(
        with(&|b| b[104] = 0xff),
        BundleError::NameNotUtf8 {
            entry: 0,
            offset: 104,
            valid_up_to: 0
        }
    );
    assert!(matches!(
        with(&|b| b[104] = b'c'),
        BundleError::NotSorted { entry: 1, .. }
    ));
    assert_eq!(
        with(&|b| b[105] = b'a'),
        BundleError::DuplicateName { name: "a".into() }
    );
    assert!(matches!(
        with(&|b| put32(b, e0 + 24, 12)),
        BundleError::KernargSize {
            entry: 0,
            size: 12,
            ..
        }
    ));
    assert!(matches!(
        with(&|b| put32(b, e1 + 24, 264)),
        BundleError::KernargSize {
            entry: 1,
            size: 264,
            ..
        }
    ));
    assert!(matches!(
        with(&|b| put64(b, e0, 113)),
        BundleError::PayloadMisaligned {
            entry: 0,
            offset: 113,
            ..
        }
    ));
    assert!(matches!(
        with(&|b| put64(b, e0 + 8, 0)),
        BundleError::PayloadEmpty { entry: 0, .. }
    ));
    for size in [33, u64::MAX, u64::MAX - 100] {
        assert!(matches!(
            with(&|b| put64(b, e1 + 8, size)),
            BundleError::PayloadOutOfBounds {
                entry: 1,
                offset: 128,
                ..
            }
        ));
    }
    assert!(matches!(
        with(&|b| put64(b, e0, 96)),
        BundleError::PayloadOutOfBounds { entry: 0, .. }
    ));
    assert!(matches!(
        with(&|b| put64(b, e1, 112)),
        BundleError::Overlap { .. }
    ));
    // A name inside a payload.
    let e = with(&|b| put32(b, e0 + 16, 116));
    assert!(
        matches!(&e, BundleError::Overlap { first, second }
        if first.contains("payload of entry 0") && second.contains("name of entry 0")),
        "{e}"
    );
    assert!(matches!(
        with(&|b| b[112] = 0),
        BundleError::PayloadNotElf { entry: 0, .. }
    ));
    assert!(matches!(
        with(&|b| b[e0 + 22] = 1),
        BundleError::ReservedNonZero {
            field: "entry half-word",
            ..
        }
    ));
    assert!(matches!(
        with(&|b| b[e1 + 28] = 1),
        BundleError::ReservedNonZero {
            field: "entry word",
            offset: 100,
            ..
        }
    ));
    // Every error reads as a sentence naming where.
    assert_eq!(
        with(&|b| put64(b, e0 + 8, 0)).to_string(),
        "entry 0 (`a`): empty payload"
    );
}

#[test]
fn cuda_payloads_are_nul_terminated_ptx() {
    let mut w = BundleWriter::new(ProviderKind::Cuda, "sm80").unwrap();
    w.add("k", 0, b".version 7.0\n\0".to_vec()).unwrap();
    assert!(matches!(
        w.add("m", 0, b"no nul".to_vec()),
        Err(BundleError::PayloadNotNulTerminated { .. })
    ));
    let mut b = w.to_bytes().unwrap();
    let p = Bundle::parse(&b).unwrap();
    assert_eq!(p.provider(), ProviderKind::Cuda);
    assert_eq!(p.processor(), "sm80");
    let end = (p.find("k").unwrap().payload_offset + 14 - 1) as usize;
    b[end] = b'x';
    assert!(matches!(
        err(&b),
        BundleError::PayloadNotNulTerminated { entry: 0, .. }
    ));
}

#[test]
fn the_writer_refuses_what_the_reader_would() {
    let mut w = BundleWriter::new(ProviderKind::Hip, "gfx942").unwrap();
    let long = "é".repeat(128); // 256 bytes
    assert!(matches!(
        w.add(&long, 0, elf(8, 0)),
        Err(BundleError::NameLength { len: 256, .. })
    ));
    assert!(matches!(
        w.add("", 0, elf(8, 0)),
        Err(BundleError::NameLength { len: 0, .. })
    ));
    assert_eq!(
        w.add("a\0b", 0, elf(8, 0)).err(),
        Some(BundleError::NameHasNul { entry: 0 })
    );
    assert!(matches!(
        w.add("k", 7, elf(8, 0)),
        Err(BundleError::KernargSize { size: 7, .. })
    ));
    assert!(matches!(
        w.add("k", 264, elf(8, 0)),
        Err(BundleError::KernargSize { .. })
    ));
    assert!(matches!(
        w.add("k", 0, vec![]),
        Err(BundleError::PayloadEmpty { .. })
    ));
    assert!(matches!(
        w.add("k", 0, vec![1, 2, 3]),
        Err(BundleError::PayloadNotElf { .. })
    ));
    w.add("k", 0, elf(8, 0)).unwrap();
    assert_eq!(
        w.add("k", 0, elf(8, 0)).err(),
        Some(BundleError::DuplicateName { name: "k".into() })
    );
    for bad in ["", "GFX942", "gfx942-extra-long-tag", "gfx 9"] {
        assert!(BundleWriter::new(ProviderKind::Hip, bad).is_err(), "{bad}");
    }
    // The longest name (255 bytes, multi-byte UTF-8) and 256 bytes of kernarg are fine.
    let name = format!("{}x", "é".repeat(127));
    assert_eq!(name.len(), 255);
    w.add(&name, 256, elf(9, 3)).unwrap();
    let bytes = w.to_bytes().unwrap();
    let p = Bundle::parse(&bytes).unwrap();
    assert_eq!(p.find(&name).unwrap().kernarg_size, 256);
    // An empty bundle is valid.
    let empty = BundleWriter::new(ProviderKind::Hip, "gfx942")
        .unwrap()
        .to_bytes()
        .unwrap();
    assert_eq!(empty.len(), 56);
    let p = Bundle::parse(&empty).unwrap();
    assert!(p.is_empty() && p.find("k").is_none() && p.entry(0).is_none());
}

#[test]
fn the_file_reader_checks_the_declared_length_against_the_file() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join("bundle-file-test");
    let mut image = b"\x7fELF host image...".to_vec();
    let mut w = BundleWriter::new(ProviderKind::Hip, "gfx942").unwrap();
    w.add("k", 8, elf(20, 9)).unwrap();
    w.append_to(&mut image).unwrap();
    std::fs::write(&path, &image).unwrap();
    let b = OwnedBundle::from_file(&path).unwrap();
    assert_eq!(b.view().start(), 24);
    assert_eq!(b.view().find("k").unwrap().payload, &elf(20, 9)[..]);
    let n = image.len();
    put64(&mut image, n - 16, 1 << 40);
    std::fs::write(&path, &image).unwrap();
    assert_eq!(
        OwnedBundle::from_file(&path).unwrap_err(),
        BundleError::LengthBeyondInput {
            declared: 1 << 40,
            available: n as u64
        }
    );
    std::fs::write(&path, b"short").unwrap();
    assert_eq!(
        OwnedBundle::from_file(&path).unwrap_err(),
        BundleError::TooShort { len: 5 }
    );
    let _ = std::fs::remove_file(&path);
    assert!(matches!(
        OwnedBundle::from_file(&dir.join("no-such-file")),
        Err(BundleError::Io { .. })
    ));
}

fn entries() -> impl Strategy<Value = Vec<(String, u32, Vec<u8>)>> {
    proptest::collection::btree_map(
        "[a-zA-Z_][a-zA-Z0-9_é]{0,40}",
        (0u32..=32, proptest::collection::vec(any::<u8>(), 0..64)),
        0..8,
    )
    .prop_map(|m| {
        m.into_iter()
            .map(|(name, (k, tail))| {
                let mut p = b"\x7fELF".to_vec();
                p.extend(tail);
                (name, k * 8, p)
            })
            .collect()
    })
}

fn build(e: &[(String, u32, Vec<u8>)]) -> Vec<u8> {
    let mut w = BundleWriter::new(ProviderKind::Hip, "gfx1100").unwrap();
    for (n, k, p) in e {
        w.add(n, *k, p.clone()).unwrap();
    }
    w.to_bytes().unwrap()
}

/// Whatever parses must be safe to use entirely.
fn exercise(input: &[u8]) -> bool {
    match Bundle::parse(input) {
        Err(e) => {
            let _ = e.to_string();
            false
        }
        Ok(b) => {
            for e in b.entries() {
                assert_eq!(b.find(e.name), Some(e));
                assert_eq!(e.payload_offset % 8, 0);
                assert!(e.kernarg_size <= 256 && e.kernarg_size % 8 == 0);
                assert!(!e.name.is_empty() && e.name.len() <= 255);
            }
            true
        }
    }
}

proptest! {
    #[test]
    fn round_trip(e in entries(), prefix in 0usize..20) {
        let bytes = build(&e);
        let mut image = vec![0x55u8; prefix];
        let mut w = BundleWriter::new(ProviderKind::Hip, "gfx1100").unwrap();
        for (n, k, p) in &e {
            w.add(n, *k, p.clone()).unwrap();
        }
        w.append_to(&mut image).unwrap();
        for input in [&bytes[..], &image[..]] {
            let b = Bundle::parse(input).unwrap();
            prop_assert_eq!(b.entry_count(), e.len());
            prop_assert_eq!(b.bytes(), &bytes[..]);
            for (n, k, p) in &e {
                let x = b.find(n).unwrap();
                prop_assert_eq!((x.kernarg_size, x.payload), (*k, &p[..]));
            }
            prop_assert!(exercise(input));
        }
    }

    #[test]
    fn every_truncation_is_an_error(e in entries(), cut in any::<prop::sample::Index>()) {
        let bytes = build(&e);
        let n = cut.index(bytes.len());
        prop_assert!(Bundle::parse(&bytes[..n]).is_err(), "prefix of {n}");
        prop_assert!(Bundle::parse(&bytes[bytes.len() - n..]).is_err() || n == 0, "suffix of {n}");
        if n > 0 {
            prop_assert!(Bundle::parse(&bytes[n..]).is_err(), "without the first {n} bytes");
        }
    }

    #[test]
    fn corruption_never_panics(e in entries(), edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..6)) {
        let mut bytes = build(&e);
        for (at, v) in edits {
            let i = at.index(bytes.len());
            bytes[i] = v;
        }
        exercise(&bytes);
    }

    #[test]
    fn arbitrary_bytes_never_panic(mut bytes in proptest::collection::vec(any::<u8>(), 0..512), footer in any::<bool>()) {
        if footer && bytes.len() >= 16 {
            let n = bytes.len();
            bytes[n - 8..].copy_from_slice(b"SLKGPEND");
            let len = (n as u64) & !7;
            bytes[n - 16..n - 8].copy_from_slice(&len.to_le_bytes());
        }
        exercise(&bytes);
    }
}

/// `(offset, size, field)` rows of the table under `## {section}` in
/// docs/gpu-bundle.md; offsets `L − n` are returned relative to the end.
fn doc_table(section: &str) -> Vec<(i64, usize, String)> {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/gpu-bundle.md"
    ))
    .expect("docs/gpu-bundle.md");
    let start = doc
        .find(&format!("\n## {section}\n"))
        .unwrap_or_else(|| panic!("no section {section}"));
    let body = &doc[start + 1..];
    let body = &body[..body[3..].find("\n## ").map_or(body.len(), |e| e + 3)];
    body.lines()
        .filter_map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            if cells.len() < 5 {
                return None;
            }
            let offset = match cells[1].strip_prefix("L − ") {
                Some(n) => -n.parse::<i64>().ok()?,
                None => cells[1].parse().ok()?,
            };
            Some((offset, cells[2].parse().ok()?, cells[3].to_string()))
        })
        .collect()
}

#[test]
fn the_document_and_the_code_agree_on_every_field() {
    let b = sample();
    let le = |v: u64, n: usize| v.to_le_bytes()[..n].to_vec();
    let mut tag = b"gfx1151".to_vec();
    tag.resize(16, 0);
    let check = |section: &str, base: i64, total: u64, expected: &[(&str, Vec<u8>)]| {
        let rows = doc_table(section);
        assert_eq!(rows.len(), expected.len(), "{section}: {rows:?}");
        assert_eq!(
            rows.iter().map(|r| r.1 as u64).sum::<u64>(),
            total,
            "{section} sizes"
        );
        for ((offset, size, field), (name, bytes)) in rows.iter().zip(expected) {
            assert_eq!(field, name, "{section}");
            assert_eq!(*size, bytes.len(), "{section}.{field} size");
            let at = if *offset < 0 {
                b.len() as i64 + offset
            } else {
                base + offset
            } as usize;
            assert_eq!(
                &b[at..at + size],
                &bytes[..],
                "{section}.{field} at {offset}"
            );
        }
    };
    check(
        "Header",
        0,
        HEADER_SIZE,
        &[
            ("magic", b"SLKGPBND".to_vec()),
            ("version", le(3, 4)),
            ("provider", le(1, 4)),
            ("entry_count", le(2, 4)),
            ("reserved", le(0, 4)),
            ("processor", tag),
        ],
    );
    check(
        "Entry record",
        HEADER_SIZE as i64,
        ENTRY_SIZE,
        &[
            ("payload_offset", le(112, 8)),
            ("payload_size", le(12, 8)),
            ("name_offset", le(104, 4)),
            ("name_length", le(1, 2)),
            ("reserved0", le(0, 2)),
            ("kernarg_size", le(8, 4)),
            ("reserved1", le(0, 4)),
        ],
    );
    check(
        "Trailer",
        0,
        16,
        &[("length", le(160, 8)), ("footer", b"SLKGPEND".to_vec())],
    );
}
