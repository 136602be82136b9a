//! A Cranelift-built program linked in process runs, and its executable has
//! the shape the host backend promises (PIE, BIND_NOW, RELRO, symbols).

mod support;

use cranelift_codegen::ir::InstBuilder;
use object::elf;
use object::read::elf::{Dyn, ElfFile64, FileHeader, ProgramHeader};
use object::{Object, ObjectSymbol};
use silk_host::{link_executable, HostObject, LinkInputs, SystemLibraries};
use std::path::PathBuf;
use std::process::Command;
use support::{I32, I64};

/// `main` prints a greeting with `puts` and returns `40 + argc`.
fn hello_object() -> Vec<u8> {
    support::main_object("hello", |m| {
        let text = m.data(b"hello from cranelift\0");
        m.call("puts", &[I64], &[I32], &[text]);
        let argc = m.argc;
        m.b.ins().iadd_imm_s(argc, 40)
    })
}

fn scratch(name: &str) -> PathBuf {
    support::scratch_dir(env!("CARGO_TARGET_TMPDIR").as_ref()).join(name)
}

fn build_hello(name: &str) -> PathBuf {
    let dir = support::scratch_dir(env!("CARGO_TARGET_TMPDIR").as_ref());
    support::link(&dir, name, &hello_object(), &[])
}

#[test]
fn linked_program_runs_with_its_arguments() {
    let exe = build_hello("hello-run");
    let out = silk_testsupport::output(Command::new(&exe).args(["a", "b"]));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "hello from cranelift\n"
    );
    assert_eq!(out.status.code(), Some(43), "{out:?}");
}

#[test]
fn executable_is_a_bind_now_relro_pie_with_symbols() {
    let exe = build_hello("hello-shape");
    let bytes = std::fs::read(&exe).unwrap();
    let file = ElfFile64::<object::Endianness>::parse(&*bytes).unwrap();
    let endian = file.endian();
    let header = file.elf_header();
    assert_eq!(header.e_type(endian), elf::ET_DYN, "position independent");

    let segments = header.program_headers(endian, &*bytes).unwrap();
    let kinds: Vec<u32> = segments.iter().map(|p| p.p_type(endian)).collect();
    assert!(kinds.contains(&elf::PT_INTERP), "{kinds:?}");
    assert!(kinds.contains(&elf::PT_GNU_RELRO), "{kinds:?}");

    let dynamic = segments
        .iter()
        .find_map(|p| p.dynamic(endian, &*bytes).transpose())
        .unwrap()
        .unwrap();
    let flag = |tag: i64| {
        dynamic
            .iter()
            .find(|d| d.d_tag(endian) == tag)
            .map(|d| d.d_val(endian))
            .unwrap_or(0)
    };
    let bind_now = flag(elf::DT_FLAGS) & u64::from(elf::DF_BIND_NOW) != 0
        || flag(elf::DT_FLAGS_1) & u64::from(elf::DF_1_NOW) != 0;
    assert!(bind_now, "neither DF_BIND_NOW nor DF_1_NOW is set");
    assert!(flag(elf::DT_FLAGS_1) & u64::from(elf::DF_1_PIE) != 0);

    let names: Vec<&str> = file.symbols().filter_map(|s| s.name().ok()).collect();
    assert!(names.contains(&"main"), "{names:?}");
    assert!(names.contains(&"_start"), "{names:?}");
}

#[test]
fn a_missing_system_library_is_named() {
    let empty = scratch("no-libs");
    std::fs::create_dir_all(&empty).unwrap();
    let err = SystemLibraries::find_in(
        &[&empty],
        std::path::Path::new("/lib64/ld-linux-x86-64.so.2"),
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("libc.so.6 not found"), "{err}");
    assert!(err.contains("no-libs"), "{err}");
}

#[test]
fn the_math_library_the_runtime_needs_is_named_when_missing() {
    let dir = scratch("no-libm");
    // Fresh each run: the test adds libm.so.6 below.
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for lib in ["libc.so.6", "libgcc_s.so.1", "libdl.so.2"] {
        std::fs::write(dir.join(lib), b"").unwrap();
    }
    let loader = std::path::Path::new("/lib64/ld-linux-x86-64.so.2");
    let err = SystemLibraries::find_in(&[&dir], loader)
        .unwrap_err()
        .to_string();
    assert!(err.contains("libm.so.6 not found"), "{err}");
    std::fs::write(dir.join("libm.so.6"), b"").unwrap();
    let found = SystemLibraries::find_in(&[&dir], loader).unwrap();
    let shared: Vec<_> = found
        .shared()
        .map(|p| p.file_name().unwrap().to_owned())
        .collect();
    assert_eq!(
        shared,
        ["libc.so.6", "libm.so.6", "libgcc_s.so.1", "libdl.so.2"]
    );
}

#[test]
fn a_program_without_main_is_an_error() {
    let obj = HostObject::new("empty").unwrap();
    let err = obj.finish().unwrap_err().to_string();
    assert!(err.contains("no function `main`"), "{err}");
}

#[test]
fn an_unresolved_symbol_fails_the_link_with_its_name() {
    let object = scratch("unresolved.o");
    let bytes = support::main_object("unresolved", |m| {
        let (argc, argv) = (m.argc, m.argv);
        m.call("silk_no_such_function", &[I32, I64], &[I32], &[argc, argv])[0]
    });
    std::fs::write(&object, bytes).unwrap();
    let inputs = LinkInputs {
        objects: vec![object],
        archives: vec![],
    };
    let err = link_executable(
        &inputs,
        &SystemLibraries::find().unwrap(),
        &scratch("unresolved"),
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("silk_no_such_function"), "{err}");
}

#[test]
fn linked_program_runs_clean_under_valgrind() {
    if Command::new("valgrind").arg("--version").output().is_err() {
        eprintln!("skipped: valgrind is not installed");
        return;
    }
    let exe = build_hello("hello-valgrind");
    let out = Command::new("valgrind")
        .args(["-q", "--error-exitcode=99", "--leak-check=full"])
        .arg(&exe)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(41), "{out:?}");
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
