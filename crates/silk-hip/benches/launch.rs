//! Launch overhead of an empty kernel: through the library's
//! `hipModuleLaunchKernel` (handles, argument packing, the state lock,
//! a resident image) against `silk_emu::Emulator::launch` directly.
//! The kernel is an empty Silk IR kernel compiled by `silk-codegen`;
//! needs no clang.

use criterion::{criterion_group, criterion_main, Criterion};
use silk_hip::api::*;
use std::ffi::c_void;

fn empty_object() -> Vec<u8> {
    let m = silk_gpu_ir::parse_module("empty.sir", "kernel @empty() {\n}\n").unwrap();
    let t = silk_amdgpu::target::Target::new(silk_amdgpu::target::Processor::Gfx942);
    let k = silk_codegen::compile_module(&m, &t).unwrap();
    silk_codegen::code_object(&t, &k).unwrap()
}

fn bench(c: &mut Criterion) {
    let co = empty_object();
    let mut emu = silk_emu::Emulator::new(silk_amdgpu::target::Processor::Gfx942);
    c.bench_function("empty kernel, silk_emu direct", |b| {
        b.iter(|| {
            emu.launch(&co, "empty", [64, 1, 1], [64, 1, 1], &[])
                .unwrap()
        })
    });
    let (mut m, mut f): (Ptr, Ptr) = (std::ptr::null_mut(), std::ptr::null_mut());
    unsafe {
        assert_eq!(hipModuleLoadData(&mut m, co.as_ptr() as *const c_void), 0);
        assert_eq!(hipModuleGetFunction(&mut f, m, c"empty".as_ptr()), 0);
    }
    c.bench_function("empty kernel, hipModuleLaunchKernel", |b| {
        b.iter(|| unsafe {
            let n = std::ptr::null_mut();
            assert_eq!(
                hipModuleLaunchKernel(
                    f,
                    1,
                    1,
                    1,
                    64,
                    1,
                    1,
                    0,
                    n,
                    std::ptr::null_mut(),
                    std::ptr::null_mut()
                ),
                0
            );
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
