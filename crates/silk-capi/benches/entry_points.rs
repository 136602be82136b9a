//! Cost of the C entry points against the library calls they wrap, in
//! process: `silk_compile_kernel` vs `silk_driver::build_sources` on a
//! shipped kernel, `silk_amdgpu_assemble` vs `silk_amdgpu::asm::assemble_file`
//! on a corpus file. The difference is the boundary: argument checks, the
//! unwind guard and the copy into `SilkBytes`.
//!
//!   cargo bench -p silk-capi --bench entry_points

use criterion::{criterion_group, criterion_main, Criterion};
use silk::{silk_amdgpu_assemble, silk_bytes_free, silk_bytes_len, silk_compile_kernel};
use std::hint::black_box;

const THRESHOLD: &str = include_str!("../../../examples/kernels/threshold.slk");
const VECTOR_ADD: &str = include_str!("../../silk-amdgpu/tests/data/hip/asm/vector_add-gfx942.s");

fn benches(c: &mut Criterion) {
    let mut g = c.benchmark_group("capi");
    g.bench_function("compile_threshold_gfx942/library", |b| {
        b.iter(|| {
            let (_, built) =
                silk_driver::build_sources(&[("t.slk", black_box(THRESHOLD))], false, "gfx942")
                    .map_err(|_| "build failed")
                    .unwrap();
            black_box(built.bytes.len())
        })
    });
    g.bench_function("compile_threshold_gfx942/c_abi", |b| {
        b.iter(|| unsafe {
            let text = black_box(THRESHOLD);
            let obj = silk_compile_kernel(
                text.as_ptr().cast(),
                text.len(),
                c"t.slk".as_ptr(),
                c"gfx942".as_ptr(),
                false,
            );
            assert!(!obj.is_null());
            let n = silk_bytes_len(obj);
            silk_bytes_free(obj);
            black_box(n)
        })
    });
    g.bench_function("assemble_vector_add_gfx942/library", |b| {
        b.iter(|| {
            let bytes =
                silk_amdgpu::asm::assemble_file(black_box(VECTOR_ADD), "v.s", None).unwrap();
            black_box(bytes.len())
        })
    });
    g.bench_function("assemble_vector_add_gfx942/c_abi", |b| {
        b.iter(|| unsafe {
            let text = black_box(VECTOR_ADD);
            let obj = silk_amdgpu_assemble(
                text.as_ptr().cast(),
                text.len(),
                c"v.s".as_ptr(),
                std::ptr::null(),
            );
            assert!(!obj.is_null());
            let n = silk_bytes_len(obj);
            silk_bytes_free(obj);
            black_box(n)
        })
    });
    g.finish();
}

criterion_group!(entry_point_benches, benches);
criterion_main!(entry_point_benches);
