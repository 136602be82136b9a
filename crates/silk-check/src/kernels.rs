//! The checks' kernels, compiled by this toolchain (no `hipcc`): device IR
//! through `silk-codegen` for `hip-runtime`, and a source-intrinsic Silk
//! kernel through `silk-driver` for `rocr-load`, as the spec asks.

use silk_amdgpu::target::Target;

/// `vector_add(a, b, c)`: `c[i] = a[i] + b[i]` (u32, wrapping). The
/// checks run it with [`silk_gpu_ir::samples::FILL`] (see [`hip_kernels`]).
pub const VECTOR_ADD: &str = r#"
kernel @vector_add(%a: ptr<global>, %b: ptr<global>, %c: ptr<global>) {
  %tid = workitem.id x
  %wg = workgroup.id x
  %wgs = workgroup.size x
  %base = mul %wg, %wgs
  %i = add %base, %tid
  %i64 = cvt %i : u64
  %four = const 4 : u64
  %off = mul %i64, %four
  %pa = ptradd %a, %off
  %pb = ptradd %b, %off
  %x = load %pa : u32, align 4
  %y = load %pb : u32, align 4
  %s = add %x, %y
  %pc = ptradd %c, %off
  store %pc, %s, align 4
}
"#;

/// A compiled kernel: name, bytes of explicit arguments, code object.
pub struct Kernel {
    pub name: String,
    pub kernarg_size: u32,
    pub object: Vec<u8>,
}

/// `fill` ([`silk_gpu_ir::samples::FILL`]) and [`VECTOR_ADD`] compiled
/// for `target`, one code object per kernel.
pub fn hip_kernels(target: &Target) -> Result<Vec<Kernel>, String> {
    let text = format!("{}{VECTOR_ADD}", silk_gpu_ir::samples::FILL);
    let module = silk_gpu_ir::parse_module("check-kernels.sir", &text)
        .map_err(|e| format!("the built-in kernels do not parse: {e:?}"))?;
    let compiled = silk_codegen::compile_module(&module, target)
        .map_err(|e| format!("the built-in kernels do not compile: {e}"))?;
    compiled
        .iter()
        .map(|k| {
            let explicit = k
                .metadata
                .args
                .iter()
                .filter(|a| !a.value_kind.is_hidden())
                .count();
            let object = silk_codegen::code_object(target, std::slice::from_ref(k))
                .map_err(|e| format!("code object of `{}`: {e}", k.name))?;
            Ok(Kernel {
                name: k.name.clone(),
                kernarg_size: 8 * explicit as u32,
                object,
            })
        })
        .collect()
}

/// The `rocr-load` kernel: a standalone source-intrinsic Silk kernel
/// (symbols `smoke` and `smoke.kd`).
pub const ROCR_SMOKE: &str = "\
ext __silk_amdgpu_v_add_f32 = fn (int, int, int) -> void;
export fn smoke () {
  __silk_amdgpu_v_add_f32(0, 1, 2);
}
";

/// The name of [`ROCR_SMOKE`]'s kernel.
pub const ROCR_SMOKE_NAME: &str = "smoke";

/// [`ROCR_SMOKE`] built for `target` by the Silk driver.
pub fn rocr_smoke(target: &Target) -> Result<Vec<u8>, String> {
    let name = target.processor.canonical_name();
    silk_driver::build_sources(&[("smoke.slk", ROCR_SMOKE)], true, &name)
        .map(|(_, built)| built.bytes)
        .map_err(|(session, diags)| {
            format!(
                "the smoke kernel does not build: {}",
                session.render(&diags)
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use silk_amdgpu::target::Processor;

    #[test]
    fn the_kernels_build_for_every_processor() {
        for p in Processor::ALL {
            let t = Target::new(p);
            let k = hip_kernels(&t).unwrap();
            let names: Vec<_> = k
                .iter()
                .map(|k| (k.name.as_str(), k.kernarg_size))
                .collect();
            assert_eq!(names, [("fill", 16), ("vector_add", 24)], "{p:?}");
            for k in &k {
                let co = silk_amdgpu::code_object::read(&k.object).unwrap();
                assert_eq!(co.target.unwrap().processor, p);
            }
            let smoke = rocr_smoke(&t).unwrap();
            let co = silk_amdgpu::code_object::read(&smoke).unwrap();
            assert_eq!(co.target.unwrap().processor, p);
        }
    }

    /// The kernels compute what `hip-runtime` checks, in the emulator.
    #[test]
    fn the_kernels_compute_fill_and_vector_add_in_the_emulator() {
        use silk_runtime::{
            BundleSource, BundleWriter, Config, ProviderChoice, ProviderKind, Runtime,
        };
        for p in Processor::ALL {
            let mut w = BundleWriter::new(ProviderKind::Hip, p.name()).unwrap();
            for k in hip_kernels(&Target::new(p)).unwrap() {
                w.add(&k.name, k.kernarg_size, k.object).unwrap();
            }
            let mut c = Config::new(
                ProviderChoice::Emulator,
                BundleSource::Bytes(w.to_bytes().unwrap()),
            );
            c.emulated_devices = 1;
            let rt = Runtime::new(c);
            assert!(rt.is_supported(), "{}", rt.last_error());
            let n = 256usize;
            let words = |b: &[u8]| -> Vec<u32> {
                b.chunks_exact(4)
                    .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                    .collect()
            };
            let out = rt.alloc(4 * n as u64);
            let d =
                rt.launch_and_synchronize("fill", n as u64, 64, &[out.address(), 0x1_5eed_1234]);
            assert!(d.is_ok(), "{p:?}: {}", rt.last_error());
            let mut host = vec![0u8; 4 * n];
            assert_eq!(out.download(&mut host), 0);
            assert_eq!(words(&host), vec![0x5eed_1234; n], "{p:?}");
            let (a, b, c) = (
                rt.alloc(4 * n as u64),
                rt.alloc(4 * n as u64),
                rt.alloc(4 * n as u64),
            );
            let av: Vec<u8> = (0..n as u32)
                .flat_map(|i| (i * 3 + 1).to_le_bytes())
                .collect();
            let bv: Vec<u8> = (0..n as u32)
                .flat_map(|i| (u32::MAX - i).to_le_bytes())
                .collect();
            assert_eq!(a.upload(&av), 0);
            assert_eq!(b.upload(&bv), 0);
            let d = rt.launch_and_synchronize(
                "vector_add",
                n as u64,
                64,
                &[a.address(), b.address(), c.address()],
            );
            assert!(d.is_ok(), "{p:?}: {}", rt.last_error());
            assert_eq!(c.download(&mut host), 0);
            let want: Vec<u32> = (0..n as u32)
                .map(|i| (i * 3 + 1).wrapping_add(u32::MAX - i))
                .collect();
            assert_eq!(words(&host), want, "{p:?}");
        }
    }
}
