//! The C entry points called from Rust through the rlib: the cases C cannot
//! express without undefined behaviour of its own (misaligned pointers),
//! thread independence of the last error, and code-object generation
//! compared with the library paths `silk build` and `silk asm` use (and,
//! for assembly, with the clang + lld reference objects).

use silk::*;
use silk_amdgpu::code_object::{self, ParsedCodeObject};
use silk_amdgpu::target::Target;
use std::ffi::{c_char, CStr, CString};
use std::path::{Path, PathBuf};

fn last_error() -> Option<String> {
    let p = silk_last_error();
    (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned())
}

fn valid() -> SilkAmdGpuAqlDispatchPacketConfig {
    SilkAmdGpuAqlDispatchPacketConfig {
        dimensions: 1,
        workgroup_size_x: 64,
        workgroup_size_y: 1,
        workgroup_size_z: 1,
        grid_size_x: 1024,
        grid_size_y: 1,
        grid_size_z: 1,
        acquire_fence_scope: SILK_AMDGPU_AQL_FENCE_SCOPE_AGENT,
        release_fence_scope: SILK_AMDGPU_AQL_FENCE_SCOPE_SYSTEM,
        ..Default::default()
    }
}

#[test]
fn version_matches_the_crate() {
    let v = unsafe { CStr::from_ptr(silk_version()) };
    assert_eq!(v.to_str().unwrap(), env!("CARGO_PKG_VERSION"));
}

#[test]
fn misaligned_config_is_an_error() {
    #[repr(C, align(8))]
    struct Buffer([u8; 96]);
    let mut buffer = Buffer([0; 96]);
    let config = valid();
    unsafe {
        // Place a config one byte past an 8-aligned address.
        let at = buffer.0.as_mut_ptr().add(1);
        std::ptr::write_unaligned(at.cast::<SilkAmdGpuAqlDispatchPacketConfig>(), config);
        let mut out = [0xAAu8; SILK_AMDGPU_AQL_DISPATCH_PACKET_SIZE];
        let ok = silk_amdgpu_aql_dispatch_packet_build(at.cast(), out.as_mut_ptr());
        assert!(!ok);
        assert_eq!(out, [0xAA; 64]);
        assert_eq!(
            last_error().as_deref(),
            Some("argument `config` is misaligned: it must be aligned to 8 bytes")
        );
        let packet = [0u8; 64];
        let misaligned_out = buffer.0.as_mut_ptr().add(1).cast();
        assert!(!silk_amdgpu_aql_dispatch_packet_parse(
            packet.as_ptr(),
            packet.len(),
            misaligned_out
        ));
        assert!(last_error().unwrap().contains("`out_config` is misaligned"));
    }
}

#[test]
fn zeroed_config_is_rejected_not_crashed() {
    let zeroed = SilkAmdGpuAqlDispatchPacketConfig::default();
    let mut out = [0u8; 64];
    assert!(!unsafe { silk_amdgpu_aql_dispatch_packet_build(&zeroed, out.as_mut_ptr()) });
    assert!(last_error().unwrap().contains("dispatch has 0 dimensions"));
}

#[test]
fn build_then_parse_round_trips_through_the_c_struct() {
    let config = SilkAmdGpuAqlDispatchPacketConfig {
        barrier: 1,
        kernel_object: 0xdead_beef_0000,
        kernarg_address: 0x1000,
        completion_signal: 7,
        group_segment_size: 1024,
        max_flat_workgroup_size: 1024,
        ..valid()
    };
    let mut packet = [0u8; 64];
    let mut back = SilkAmdGpuAqlDispatchPacketConfig::default();
    unsafe {
        assert!(silk_amdgpu_aql_dispatch_packet_build(
            &config,
            packet.as_mut_ptr()
        ));
        assert!(silk_amdgpu_aql_dispatch_packet_parse(
            packet.as_ptr(),
            packet.len(),
            &mut back
        ));
    }
    assert_eq!(back, config);
    assert_eq!(last_error(), None);
}

#[test]
fn last_error_is_per_thread() {
    let threads: Vec<_> = (0..4u16)
        .map(|i| {
            std::thread::spawn(move || {
                assert_eq!(last_error(), None, "a new thread starts without an error");
                for _ in 0..200 {
                    let config = SilkAmdGpuAqlDispatchPacketConfig {
                        dimensions: 4 + i,
                        ..valid()
                    };
                    let mut out = [0u8; 64];
                    assert!(!unsafe {
                        silk_amdgpu_aql_dispatch_packet_build(&config, out.as_mut_ptr())
                    });
                    let expected = format!("dispatch has {} dimensions", 4 + i);
                    assert!(last_error().unwrap().contains(&expected));
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
}

#[test]
fn owned_bytes_round_trip() {
    let bytes = SilkBytes::new(b"\x7fELF").into_raw();
    unsafe {
        assert_eq!(silk_bytes_len(bytes), 4);
        let data = std::slice::from_raw_parts(silk_bytes_data(bytes), 5);
        assert_eq!(data, b"\x7fELF\0");
        silk_bytes_free(bytes);
    }
    let empty = SilkBytes::new(b"").into_raw();
    unsafe {
        assert_eq!(silk_bytes_len(empty), 0);
        assert!(!silk_bytes_data(empty).is_null());
        assert_eq!(*silk_bytes_data(empty), 0);
        silk_bytes_free(empty);
    }
}

// ---- Code objects: silk_compile_kernel and silk_amdgpu_assemble ----

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn asm_corpus() -> PathBuf {
    repo().join("crates/silk-amdgpu/tests/data/hip/asm")
}

/// Take ownership of a `SilkBytes` result: its contents, then free it.
fn take(bytes: *mut SilkBytes) -> Option<Vec<u8>> {
    if bytes.is_null() {
        return None;
    }
    unsafe {
        let v = std::slice::from_raw_parts(silk_bytes_data(bytes), silk_bytes_len(bytes)).to_vec();
        silk_bytes_free(bytes);
        Some(v)
    }
}

fn compile(source: &[u8], file: &str, target: &str, nostd: bool) -> Option<Vec<u8>> {
    let file = CString::new(file).unwrap();
    let target = CString::new(target).unwrap();
    take(unsafe {
        silk_compile_kernel(
            source.as_ptr().cast(),
            source.len(),
            file.as_ptr(),
            target.as_ptr(),
            nostd,
        )
    })
}

fn assemble(text: &[u8], file: &str, target: Option<&str>) -> Option<Vec<u8>> {
    let file = CString::new(file).unwrap();
    let target = target.map(|t| CString::new(t).unwrap());
    take(unsafe {
        silk_amdgpu_assemble(
            text.as_ptr().cast(),
            text.len(),
            file.as_ptr(),
            target.as_ref().map_or(std::ptr::null(), |t| t.as_ptr()),
        )
    })
}

/// What `silk build` produces in process for one source text: the bytes,
/// or the diagnostics it prints.
fn library_build(source: &str, file: &str, target: &str, nostd: bool) -> Result<Vec<u8>, String> {
    silk_driver::build_sources(&[(file, source)], nostd, target)
        .map(|(_, built)| built.bytes)
        .map_err(|(session, diags)| session.render(&diags))
}

/// The object reads back as an AMDGPU code object for `processor` with no
/// validation issues.
fn check_code_object(bytes: &[u8], processor: &str, what: &str) -> ParsedCodeObject {
    assert_eq!(&bytes[..4], b"\x7fELF", "{what}: ELF magic");
    let parsed = code_object::read(bytes).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(parsed.header.machine, 224, "{what}: e_machine EM_AMDGPU");
    let expected = Target::parse(processor).unwrap();
    assert_eq!(parsed.header.flags, expected.e_flags(), "{what}: e_flags");
    assert_eq!(code_object::validate(&parsed), vec![], "{what}");
    parsed
}

/// Shipped single-file kernels: (file, needs std?, processors). The
/// multi-file example is not here: C passes one source text per call.
const KERNELS: &[(&str, bool, &[&str])] = &[
    (
        "examples/kernels/add.slk",
        false,
        &["gfx942", "gfx1100", "gfx1151"],
    ),
    (
        "examples/kernels/all_intrinsics_gfx942.slk",
        false,
        &["gfx942"],
    ),
    (
        "examples/kernels/all_intrinsics_gfx11.slk",
        false,
        &["gfx1100", "gfx1151"],
    ),
    (
        "examples/kernels/fill.slk",
        true,
        &["gfx942", "gfx1100", "gfx1151"],
    ),
    (
        "examples/kernels/threshold.slk",
        true,
        &["gfx942", "gfx1100", "gfx1151"],
    ),
    (
        "examples/kernels/isa_wrappers.slk",
        true,
        &["gfx942", "gfx1100", "gfx1151"],
    ),
];

#[test]
fn compile_kernel_equals_the_build_driver_for_every_shipped_kernel() {
    let mut built = 0;
    for (file, std, processors) in KERNELS {
        let text = std::fs::read_to_string(repo().join(file)).unwrap();
        for p in *processors {
            let what = format!("{file} on {p}");
            let expected =
                library_build(&text, file, p, !std).unwrap_or_else(|d| panic!("{what}:\n{d}"));
            let ours = compile(text.as_bytes(), file, p, !std)
                .unwrap_or_else(|| panic!("{what}: {:?}", last_error()));
            assert_eq!(last_error(), None, "{what}: success clears the error");
            assert!(ours == expected, "{what}: bytes differ from silk_driver");
            check_code_object(&ours, p, &what);
            built += 1;
        }
    }
    assert_eq!(built, 15);
}

#[test]
fn compile_kernel_reports_rendered_diagnostics() {
    let threshold = std::fs::read_to_string(repo().join("examples/kernels/threshold.slk")).unwrap();
    let gfx942_only =
        std::fs::read_to_string(repo().join("examples/kernels/all_intrinsics_gfx942.slk")).unwrap();
    let multi = std::fs::read_to_string(repo().join("examples/multi/kernel.slk")).unwrap();
    // (what, source, target, nostd, text the message must contain)
    let cases: &[(&str, &str, &str, bool, &str)] = &[
        ("syntax", "export fn k( {\n", "gfx942", true, "error[E0001]"),
        ("no kernel", "", "gfx942", true, "error[E4001]"),
        (
            "unknown target",
            &threshold,
            "gfx1150",
            false,
            "unknown AMDGPU target `gfx1150`",
        ),
        (
            "std under nostd",
            &threshold,
            "gfx942",
            true,
            "error[E1003]",
        ),
        (
            "mfma on gfx1100",
            &gfx942_only,
            "gfx1100",
            true,
            "not available on gfx1100",
        ),
        ("file import", &multi, "gfx942", false, "./util.slk"),
        (
            "NUL in source",
            "export fn k\0() {}\n",
            "gfx942",
            true,
            "error[E0001]",
        ),
    ];
    for (what, source, target, nostd, needle) in cases {
        let expected = library_build(source, "kernel.slk", target, *nostd).expect_err(what);
        assert!(
            compile(source.as_bytes(), "kernel.slk", target, *nostd).is_none(),
            "{what}"
        );
        let message = last_error().unwrap();
        // NUL bytes of the input are written `\0` in C strings.
        let expected = expected.replace('\0', "\\0");
        assert_eq!(message, expected, "{what}: the text silk build prints");
        assert!(message.contains(needle), "{what}: {message}");
        if *what != "unknown target" && *what != "no kernel" {
            assert!(message.contains(" --> kernel.slk:"), "{what}: {message}");
        }
    }
}

/// Check that `call` fails with a message starting with `message`.
fn fails_with(what: &str, call: impl FnOnce() -> *mut SilkBytes, message: &str) {
    let result = call();
    assert!(result.is_null(), "{what}: accepted");
    let e = last_error().unwrap_or_default();
    assert!(e.starts_with(message), "{what}: {e}");
}

#[test]
fn compile_kernel_rejects_bad_arguments() {
    let source = b"export fn k () {}\n";
    let src = source.as_ptr().cast::<c_char>();
    let n = source.len();
    let (file, target) = (c"k.slk".as_ptr(), c"gfx942".as_ptr());
    let null = std::ptr::null::<c_char>();
    type Case<'a> = (&'a str, Box<dyn Fn() -> *mut SilkBytes>, &'a str);
    let cases: Vec<Case> = vec![
        (
            "null source",
            Box::new(move || unsafe { silk_compile_kernel(null, n, file, target, true) }),
            "argument `source` is NULL",
        ),
        (
            "null source, length 0",
            Box::new(move || unsafe { silk_compile_kernel(null, 0, file, target, true) }),
            "argument `source` is NULL",
        ),
        (
            "null file",
            Box::new(move || unsafe { silk_compile_kernel(src, n, null, target, true) }),
            "argument `file_name` is NULL",
        ),
        (
            "null target",
            Box::new(move || unsafe { silk_compile_kernel(src, n, file, null, true) }),
            "argument `target` is NULL",
        ),
        (
            "all null",
            Box::new(move || unsafe { silk_compile_kernel(null, 0, null, null, false) }),
            "argument `source` is NULL",
        ),
        (
            "size max",
            Box::new(move || unsafe { silk_compile_kernel(src, usize::MAX, file, target, true) }),
            "argument `source` has an impossible size of 18446744073709551615 bytes",
        ),
        (
            "size past isize",
            Box::new(move || unsafe {
                silk_compile_kernel(src, isize::MAX as usize + 1, file, target, true)
            }),
            "argument `source` has an impossible size",
        ),
        (
            "non-UTF-8 source",
            Box::new(|| unsafe {
                silk_compile_kernel(
                    c"fn \xff".as_ptr(),
                    4,
                    c"k.slk".as_ptr(),
                    c"gfx942".as_ptr(),
                    true,
                )
            }),
            "argument `source` is not valid UTF-8 (first invalid byte at offset 3)",
        ),
        (
            "non-UTF-8 file",
            Box::new(move || unsafe {
                silk_compile_kernel(src, n, c"k\xc3.slk".as_ptr(), target, true)
            }),
            "argument `file_name` is not valid UTF-8 (first invalid byte at offset 1)",
        ),
        (
            "non-UTF-8 target",
            Box::new(move || unsafe {
                silk_compile_kernel(src, n, file, c"gfx\xe2\x82".as_ptr(), true)
            }),
            "argument `target` is not valid UTF-8 (first invalid byte at offset 3)",
        ),
    ];
    for (what, call, message) in cases {
        fails_with(what, call, message);
    }
}

/// Every `.s` of the corpus: `<kernel>-<processor>.s`, with the clang +
/// lld object beside it.
fn corpus_files() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(asm_corpus()).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if let Some(stem) = name.strip_suffix(".s") {
            let processor = stem.rsplit_once('-').unwrap().1.to_string();
            out.push((stem.to_string(), processor));
        }
    }
    out.sort();
    out
}

#[test]
fn assemble_equals_the_assembler_and_clang_lld_for_corpus_files() {
    let files = corpus_files();
    assert!(files.len() >= 100, "corpus has {} files", files.len());
    for (stem, processor) in &files {
        let (stem, processor) = (stem.as_str(), processor.as_str());
        let file = format!("{stem}.s");
        let text = std::fs::read_to_string(asm_corpus().join(&file)).unwrap();
        let expected = silk_amdgpu::asm::assemble_file(&text, &file, None).unwrap();
        let from_directive = assemble(text.as_bytes(), &file, None)
            .unwrap_or_else(|| panic!("{file}: {:?}", last_error()));
        assert_eq!(last_error(), None);
        assert!(
            from_directive == expected,
            "{file}: bytes differ from assemble_file"
        );
        let with_target = assemble(text.as_bytes(), &file, Some(processor)).unwrap();
        assert!(
            with_target == expected,
            "{file}: --target changes the bytes"
        );
        let ours = check_code_object(&from_directive, processor, &file);
        // The clang + lld object for the same source: same code, kernel
        // descriptors and metadata.
        let reference_bytes = std::fs::read(asm_corpus().join(format!("{stem}.hsaco"))).unwrap();
        let reference = code_object::read(&reference_bytes).unwrap();
        let text_of = |o: &ParsedCodeObject, b: &[u8]| {
            let s = o.section(".text").expect(".text");
            b[s.offset as usize..(s.offset + s.size) as usize].to_vec()
        };
        assert_eq!(
            text_of(&ours, &from_directive),
            text_of(&reference, &reference_bytes),
            "{file}: .text"
        );
        assert_eq!(ours.kernels.len(), reference.kernels.len(), "{file}");
        for (a, b) in ours.kernels.iter().zip(&reference.kernels) {
            assert_eq!(a.name, b.name, "{file}");
            assert!(
                a.descriptor == b.descriptor,
                "{file}: descriptor of {}",
                a.name
            );
        }
        assert_eq!(
            ours.metadata_bytes, reference.metadata_bytes,
            "{file}: metadata"
        );
    }
}

#[test]
fn assemble_reports_every_error_as_silk_asm_does() {
    let vector_add = std::fs::read_to_string(asm_corpus().join("vector_add-gfx942.s")).unwrap();
    let broken = vector_add
        .replace("v_lshl_add_u32 v0, s2, 8, v0", "v_lshl_add_u32 v0, s2, 8")
        .replace("s_waitcnt vmcnt(0)", "s_frobnicate vmcnt(0)");
    let no_directive = ".text\ns_endpgm\n";
    // (what, text, target, message start)
    let cases: &[(&str, &str, Option<&str>, &str)] = &[
        ("two bad instructions", &broken, None, "k.s:11:"),
        ("conflicting target", &vector_add, Some("gfx1100"), "k.s:1:"),
        ("no target at all", no_directive, None, "k.s:"),
        (
            "NUL in text",
            "\t.text\n\ts_endpgm\0\n",
            Some("gfx942"),
            "k.s:2:",
        ),
    ];
    for (what, text, target, start) in cases {
        let t = target.map(|t| Target::parse(t).unwrap());
        let expected = silk_amdgpu::asm::assemble_file(text, "k.s", t)
            .expect_err(what)
            .to_string()
            .replace('\0', "\\0");
        assert!(
            assemble(text.as_bytes(), "k.s", *target).is_none(),
            "{what}"
        );
        let message = last_error().unwrap();
        assert_eq!(message, expected, "{what}: the text silk asm prints");
        assert!(
            message.starts_with(start) && message.contains(": error: "),
            "{what}: {message}"
        );
    }
    // Both broken lines are reported, in order.
    assert!(assemble(broken.as_bytes(), "k.s", None).is_none());
    let message = last_error().unwrap();
    assert_eq!(message.matches(": error: ").count(), 2, "{message}");
    assert!(message.contains("s_frobnicate"), "{message}");

    assert!(assemble(vector_add.as_bytes(), "k.s", Some("gfx1150")).is_none());
    let message = last_error().unwrap();
    assert!(
        message.starts_with("unknown AMDGPU target `gfx1150` (did you mean `gfx1151`?)"),
        "{message}"
    );
}

#[test]
fn assemble_rejects_bad_arguments() {
    let text = b"\t.amdgcn_target \"amdgcn-amd-amdhsa--gfx942\"\n\t.text\n\ts_endpgm\n";
    let src = text.as_ptr().cast::<c_char>();
    let n = text.len();
    let file = c"k.s".as_ptr();
    let null = std::ptr::null::<c_char>();
    type Case<'a> = (&'a str, Box<dyn Fn() -> *mut SilkBytes>, &'a str);
    let cases: Vec<Case> = vec![
        (
            "null text",
            Box::new(move || unsafe { silk_amdgpu_assemble(null, n, file, null) }),
            "argument `text` is NULL",
        ),
        (
            "null text, length 0",
            Box::new(move || unsafe { silk_amdgpu_assemble(null, 0, file, null) }),
            "argument `text` is NULL",
        ),
        (
            "null file",
            Box::new(move || unsafe { silk_amdgpu_assemble(src, n, null, null) }),
            "argument `file_name` is NULL",
        ),
        (
            "all null",
            Box::new(move || unsafe { silk_amdgpu_assemble(null, 0, null, null) }),
            "argument `text` is NULL",
        ),
        (
            "size max",
            Box::new(move || unsafe { silk_amdgpu_assemble(src, usize::MAX, file, null) }),
            "argument `text` has an impossible size of 18446744073709551615 bytes",
        ),
        (
            "size past isize",
            Box::new(move || unsafe {
                silk_amdgpu_assemble(src, isize::MAX as usize + 1, file, null)
            }),
            "argument `text` has an impossible size",
        ),
        (
            "non-UTF-8 text",
            Box::new(|| unsafe {
                silk_amdgpu_assemble(
                    c"s_endpgm \xfe".as_ptr(),
                    10,
                    c"k.s".as_ptr(),
                    c"gfx942".as_ptr(),
                )
            }),
            "argument `text` is not valid UTF-8 (first invalid byte at offset 9)",
        ),
        (
            "non-UTF-8 file",
            Box::new(move || unsafe { silk_amdgpu_assemble(src, n, c"\x80.s".as_ptr(), null) }),
            "argument `file_name` is not valid UTF-8 (first invalid byte at offset 0)",
        ),
        (
            "non-UTF-8 target",
            Box::new(move || unsafe { silk_amdgpu_assemble(src, n, file, c"gfx94\xff".as_ptr()) }),
            "argument `target` is not valid UTF-8 (first invalid byte at offset 5)",
        ),
        (
            "malformed target",
            Box::new(move || unsafe {
                silk_amdgpu_assemble(src, n, file, c"gfx942:xnack".as_ptr())
            }),
            "malformed target feature `xnack`",
        ),
    ];
    for (what, call, message) in cases {
        fails_with(what, call, message);
    }
    // NULL target is not an error: the directive names the processor.
    let ok = unsafe { silk_amdgpu_assemble(src, n, file, null) };
    assert!(!ok.is_null(), "{:?}", last_error());
    check_code_object(&take(ok).unwrap(), "gfx942", "s_endpgm");
}

/// Several threads compile and assemble at once; each gets the bytes a
/// single thread gets, and only its own errors.
#[test]
fn code_objects_from_several_threads() {
    let threshold = std::fs::read_to_string(repo().join("examples/kernels/threshold.slk")).unwrap();
    let vector_add = std::fs::read_to_string(asm_corpus().join("vector_add-gfx1100.s")).unwrap();
    let kernel = compile(threshold.as_bytes(), "t.slk", "gfx1151", false).unwrap();
    let object = assemble(vector_add.as_bytes(), "v.s", None).unwrap();
    std::thread::scope(|scope| {
        for i in 0..4 {
            let (threshold, vector_add, kernel, object) =
                (&threshold, &vector_add, &kernel, &object);
            scope.spawn(move || {
                for round in 0..8 {
                    if (i + round) % 2 == 0 {
                        assert!(
                            compile(threshold.as_bytes(), "t.slk", "gfx1151", false).as_ref()
                                == Some(kernel)
                        );
                        assert!(compile(
                            threshold.as_bytes(),
                            "t.slk",
                            &format!("gfx11{i}9"),
                            false
                        )
                        .is_none());
                        let e = last_error().unwrap();
                        assert!(
                            e.contains(&format!("unknown AMDGPU target `gfx11{i}9`")),
                            "{e}"
                        );
                    } else {
                        assert!(
                            assemble(vector_add.as_bytes(), "v.s", None).as_ref() == Some(object)
                        );
                        let name = format!("thread{i}.s");
                        assert!(
                            assemble(b"\t.text\n\tv_bogus v0\n", &name, Some("gfx1100")).is_none()
                        );
                        let e = last_error().unwrap();
                        assert!(e.starts_with(&format!("{name}:2:")), "{e}");
                    }
                }
            });
        }
    });
}

/// Damaged input (truncated, bytes overwritten) is reported, never a
/// panic caught at the boundary (`internal error in libsilk`).
#[test]
fn damaged_input_is_an_error_not_an_internal_error() {
    let slk = std::fs::read(repo().join("examples/kernels/isa_wrappers.slk")).unwrap();
    let asm = std::fs::read(asm_corpus().join("lds-gfx1100.s")).unwrap();
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut outcomes = [0usize; 2];
    for round in 0..2000 {
        let source = if round % 2 == 0 { &slk } else { &asm };
        let mut damaged = source.clone();
        damaged.truncate(next() as usize % (source.len() + 1));
        for _ in 0..(next() % 4) {
            if !damaged.is_empty() {
                let at = next() as usize % damaged.len();
                let junk = b" ({};,:.\n0x-\xff";
                damaged[at] = junk[next() as usize % junk.len()];
            }
        }
        let built = if round % 2 == 0 {
            compile(&damaged, "d.slk", "gfx1100", false)
        } else {
            assemble(&damaged, "d.s", None)
        };
        match built {
            Some(bytes) => {
                assert_eq!(&bytes[..4], b"\x7fELF", "round {round}");
                outcomes[0] += 1;
            }
            None => {
                let e = last_error().expect("a failure leaves a message");
                assert!(!e.contains("internal error"), "round {round}: {e}");
                outcomes[1] += 1;
            }
        }
    }
    eprintln!(
        "damaged input: {} built, {} reported",
        outcomes[0], outcomes[1]
    );
    // Both outcomes occur, or the damage is not exercising anything.
    assert!(outcomes[0] > 0 && outcomes[1] > 0, "{outcomes:?}");
}
