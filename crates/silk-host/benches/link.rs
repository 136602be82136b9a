//! Link time alone: one small Cranelift object against glibc, in process.

use cranelift_codegen::ir::InstBuilder;
use cranelift_codegen::Context;
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use cranelift_module::{Linkage, Module};
use criterion::{criterion_group, criterion_main, Criterion};
use silk_host::{link_executable, HostObject, LinkInputs, SystemLibraries};

fn object() -> Vec<u8> {
    let mut obj = HostObject::new("bench").unwrap();
    let sig = obj.main_signature();
    let module = obj.module();
    let main = module
        .declare_function("main", Linkage::Export, &sig)
        .unwrap();
    let frontend = module.isa().frontend_config();
    let mut ctx = Context::new();
    ctx.func.signature = sig;
    let mut fctx = FunctionBuilderContext::new();
    let mut b = FunctionBuilder::new(&mut ctx.func, &mut fctx);
    let block = b.create_block();
    b.append_block_params_for_function_params(block);
    b.switch_to_block(block);
    b.seal_block(block);
    let argc = b.block_params(block)[0];
    b.ins().return_(&[argc]);
    b.finalize(frontend);
    module.define_function(main, &mut ctx).unwrap();
    obj.finish().unwrap()
}

fn link(c: &mut Criterion) {
    let dir = std::env::temp_dir().join(format!("silk-host-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let object_path = dir.join("main.o");
    std::fs::write(&object_path, object()).unwrap();
    let inputs = LinkInputs {
        objects: vec![object_path],
        archives: vec![],
    };
    let system = SystemLibraries::find().unwrap();
    let exe = dir.join("main");
    c.bench_function("cranelift_object", |b| b.iter(object));
    c.bench_function("link_executable", |b| {
        b.iter(|| link_executable(&inputs, &system, &exe).unwrap())
    });
    std::fs::remove_dir_all(&dir).ok();
}

criterion_group!(benches, link);
criterion_main!(benches);
