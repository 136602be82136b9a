//! Bundles built from our own compiled kernels: device IR compiled by
//! silk-codegen, one code object per kernel, as `silk build` lays them out.
#![allow(dead_code)]

use silk_amdgpu::target::{Processor, Target};
use silk_runtime::{BundleSource, BundleWriter, Config, ProviderChoice, ProviderKind, Runtime};
use std::sync::LazyLock;

pub const PROCESSORS: [Processor; 3] = [Processor::Gfx942, Processor::Gfx1100, Processor::Gfx1151];

/// The spec's programs as device IR: `fill` is the shared
/// [`silk_gpu_ir::samples::FILL`] (Silk's `store_u32_at_global_x(out,
/// value)`, `out[global_id_x] = low32(value)`), first; `classify` stores
/// `input[i] >= threshold ? 1 : 0`. Addresses are `u64` in Silk; here they
/// are `ptr<global>`, also 8 bytes of kernarg.
pub static KERNELS: LazyLock<String> =
    LazyLock::new(|| format!("{}{MORE_KERNELS}", silk_gpu_ir::samples::FILL));

const MORE_KERNELS: &str = r#"
kernel @classify(%input: ptr<global>, %output: ptr<global>, %threshold: u64) {
  %tid = workitem.id x
  %wg = workgroup.id x
  %wgs = workgroup.size x
  %base = mul %wg, %wgs
  %i = add %base, %tid
  %i64 = cvt %i : u64
  %four = const 4 : u64
  %off = mul %i64, %four
  %pi = ptradd %input, %off
  %x = load %pi : u32, align 4
  %x64 = cvt %x : u64
  %ge = cmp ge %x64, %threshold
  %one = const 1 : u32
  %zero = const 0 : u32
  %label = select %ge, %one, %zero
  %po = ptradd %output, %off
  store %po, %label, align 4
}

kernel @empty() {
}

kernel @out_of_bounds(%output: ptr<global>) {
  %far = const 1048576 : u64
  %p = ptradd %output, %far
  %v = const 7 : u32
  store %p, %v, align 4
}
"#;

/// `(name, explicit-kernarg size, code object)` of every kernel of `sir`.
pub fn compile(sir: &str, p: Processor) -> Vec<(String, u32, Vec<u8>)> {
    let module = silk_gpu_ir::parse_module("kernels.sir", sir).expect("device IR parses");
    let t = Target::new(p);
    let kernels = silk_codegen::compile_module(&module, &t).expect("device IR compiles");
    kernels
        .iter()
        .map(|k| {
            let explicit = k
                .metadata
                .args
                .iter()
                .filter(|a| !a.value_kind.is_hidden())
                .count();
            let object = silk_codegen::code_object(&t, std::slice::from_ref(k)).unwrap();
            (k.name.clone(), 8 * explicit as u32, object)
        })
        .collect()
}

/// A HIP bundle tagged `tag` holding `kernels`.
pub fn bundle_of(tag: &str, kernels: &[(String, u32, Vec<u8>)]) -> Vec<u8> {
    let mut w = BundleWriter::new(ProviderKind::Hip, tag).unwrap();
    for (name, size, object) in kernels {
        w.add(name, *size, object.clone()).unwrap();
    }
    w.to_bytes().unwrap()
}

/// The bundle of [`KERNELS`] for `p`.
pub fn bundle(p: Processor) -> Vec<u8> {
    bundle_of(p.name(), &compile(&KERNELS, p))
}

/// An emulator runtime over `bundle` with `devices` devices.
pub fn emulator(bundle: Vec<u8>, devices: usize) -> Runtime {
    let mut c = Config::new(ProviderChoice::Emulator, BundleSource::Bytes(bundle));
    c.emulated_devices = devices;
    Runtime::new(c)
}

pub fn le_u32s(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}
