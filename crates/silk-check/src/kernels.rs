//! The checks' kernels, compiled by this toolchain (no `hipcc`): device IR
//! through `silk-codegen` for `hip-runtime`, and a source-intrinsic Silk
//! kernel through `silk-driver` for `rocr-load`, as the spec asks.

use silk_amdgpu::target::Target;

/// `fill(out, value)`: `out[i] = low32(value)` for every work item;
/// `vector_add(a, b, c)`: `c[i] = a[i] + b[i]` (u32, wrapping).
pub const HIP_KERNELS: &str = r#"
kernel @fill(%out: ptr<global>, %value: u64) {
  %tid = workitem.id x
  %wg = workgroup.id x
  %wgs = workgroup.size x
  %base = mul %wg, %wgs
  %i = add %base, %tid
  %i64 = cvt %i : u64
  %four = const 4 : u64
  %off = mul %i64, %four
  %p = ptradd %out, %off
  %v = cvt %value : u32
  store %p, %v, align 4
}

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

/// [`HIP_KERNELS`] compiled for `target`, one code object per kernel.
pub fn hip_kernels(target: &Target) -> Result<Vec<Kernel>, String> {
    let module = silk_gpu_ir::parse_module("check-kernels.sir", HIP_KERNELS)
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
}
