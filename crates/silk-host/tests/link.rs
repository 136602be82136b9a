//! A Cranelift-built program linked in process runs, and its executable has
//! the shape the host backend promises (PIE, BIND_NOW, RELRO, symbols).

use cranelift_codegen::ir::{types, AbiParam, InstBuilder, Signature};
use cranelift_codegen::isa::CallConv;
use cranelift_codegen::Context;
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use cranelift_module::{DataDescription, Linkage, Module};
use object::elf;
use object::read::elf::{Dyn, ElfFile64, FileHeader, ProgramHeader};
use object::{Object, ObjectSymbol};
use silk_host::{link_executable, HostObject, LinkInputs, SystemLibraries};
use std::path::PathBuf;
use std::process::Command;

/// `main` prints a greeting with `puts` and returns `40 + argc`.
fn hello_object() -> Vec<u8> {
    let mut obj = HostObject::new("hello").unwrap();
    let main_sig = obj.main_signature();
    let module = obj.module();
    let greeting = module
        .declare_data("greeting", Linkage::Local, false, false)
        .unwrap();
    let mut data = DataDescription::new();
    data.define(b"hello from cranelift\0".to_vec().into_boxed_slice());
    module.define_data(greeting, &data).unwrap();

    let mut puts_sig = Signature::new(CallConv::SystemV);
    puts_sig.params.push(AbiParam::new(types::I64));
    puts_sig.returns.push(AbiParam::new(types::I32));
    let puts = module
        .declare_function("puts", Linkage::Import, &puts_sig)
        .unwrap();
    let main = module
        .declare_function("main", Linkage::Export, &main_sig)
        .unwrap();

    let frontend = module.isa().frontend_config();
    let mut ctx = Context::new();
    ctx.func.signature = main_sig;
    let mut fctx = FunctionBuilderContext::new();
    {
        let mut b = FunctionBuilder::new(&mut ctx.func, &mut fctx);
        let block = b.create_block();
        b.append_block_params_for_function_params(block);
        b.switch_to_block(block);
        b.seal_block(block);
        let argc = b.block_params(block)[0];
        let gv = module.declare_data_in_func(greeting, b.func);
        let text = b.ins().symbol_value(types::I64, gv);
        let puts_ref = module.declare_func_in_func(puts, b.func);
        b.ins().call(puts_ref, &[text]);
        let status = b.ins().iadd_imm_s(argc, 40);
        b.ins().return_(&[status]);
        b.finalize(frontend);
    }
    module.define_function(main, &mut ctx).unwrap();
    obj.finish().unwrap()
}

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("silk-host");
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn build_hello(name: &str) -> PathBuf {
    let object = scratch(&format!("{name}.o"));
    std::fs::write(&object, hello_object()).unwrap();
    let exe = scratch(name);
    let inputs = LinkInputs {
        objects: vec![object],
        archives: vec![],
    };
    link_executable(&inputs, &SystemLibraries::find().unwrap(), &exe).unwrap();
    exe
}

#[test]
fn linked_program_runs_with_its_arguments() {
    let exe = build_hello("hello-run");
    let out = Command::new(&exe).args(["a", "b"]).output().unwrap();
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
fn a_program_without_main_is_an_error() {
    let obj = HostObject::new("empty").unwrap();
    let err = obj.finish().unwrap_err().to_string();
    assert!(err.contains("no function `main`"), "{err}");
}

#[test]
fn an_unresolved_symbol_fails_the_link_with_its_name() {
    let object = scratch("unresolved.o");
    let mut obj = HostObject::new("unresolved").unwrap();
    let sig = obj.main_signature();
    let module = obj.module();
    let missing = module
        .declare_function("silk_no_such_function", Linkage::Import, &sig)
        .unwrap();
    let main = module
        .declare_function("main", Linkage::Export, &sig)
        .unwrap();
    let frontend = module.isa().frontend_config();
    let mut ctx = Context::new();
    ctx.func.signature = sig;
    let mut fctx = FunctionBuilderContext::new();
    {
        let mut b = FunctionBuilder::new(&mut ctx.func, &mut fctx);
        let block = b.create_block();
        b.append_block_params_for_function_params(block);
        b.switch_to_block(block);
        b.seal_block(block);
        let params = b.block_params(block).to_vec();
        let callee = module.declare_func_in_func(missing, b.func);
        let call = b.ins().call(callee, &params);
        let r = b.inst_results(call)[0];
        b.ins().return_(&[r]);
        b.finalize(frontend);
    }
    module.define_function(main, &mut ctx).unwrap();
    std::fs::write(&object, obj.finish().unwrap()).unwrap();
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
