//! Every diagnostic of the front end and the source-kernel path, rendered
//! rustc-style and compared with snapshots in `tests/snapshots/`.

use silk_lang::amdgpu::{build_source_kernel, messages};
use silk_lang::{Options, Session};

/// Build `src` as a standalone AMDGPU kernel; the rendered errors.
fn kernel_errors(src: &str, nostd: bool, target: &str) -> String {
    let mut s = Session::new(Options {
        nostd,
        ..Default::default()
    });
    s.add_file("kernel.slk", src);
    match build_source_kernel(&mut s, target) {
        Ok(k) => panic!("expected errors, built {k:?}"),
        Err(d) => s.render(&d),
    }
}

/// Check `src` as a host program; the rendered errors.
fn check_errors(src: &str, nostd: bool) -> String {
    let mut s = Session::new(Options {
        nostd,
        ..Default::default()
    });
    s.add_file("app.slk", src);
    match s.check() {
        Ok(_) => panic!("expected errors"),
        Err(d) => s.render(&d),
    }
}

const RAW_DECLS: &str = "ext __silk_amdgpu_v_add_f32 = fn (int, int, int) -> void;\n\
ext __silk_amdgpu_ds_write_b32 = fn (int, int, int) -> void;\n\
ext __silk_amdgpu_s_mov_b64 = fn (int, int) -> void;\n\
ext __silk_amdgpu_global_load_dword = fn (int, int) -> void;\n\
ext __silk_amdgpu_mfma_f32_16x16x16_f16 = fn (int, int, int, int) -> void;\n\
ext __silk_amdgpu_s_waitcnt_vscnt0 = fn () -> void;\n";

fn with_decls(body: &str) -> String {
    format!("{RAW_DECLS}{body}")
}

#[test]
fn no_exported_function() {
    let out = kernel_errors("fn kernel () { }\n", true, "gfx942");
    assert!(out.contains("no exported function"));
    insta::assert_snapshot!(out);
    insta::assert_snapshot!(
        "no_function_at_all",
        kernel_errors("// empty\n", true, "gfx942")
    );
}

#[test]
fn several_exported_functions() {
    insta::assert_snapshot!(kernel_errors(
        "export fn first () { }\nexport fn second () { }\nexport fn third () { }\n",
        true,
        "gfx942"
    ));
}

#[test]
fn parameters_must_be_immutable_u64() {
    let out = kernel_errors(
        "export fn k (a: u64, mut b: u64, c: u32, d: u64 = 1, ...rest: u64) { }\n",
        true,
        "gfx942",
    );
    assert_eq!(out.matches(messages::PARAMS).count(), 4);
    insta::assert_snapshot!(out);
}

#[test]
fn too_many_parameters() {
    let params: Vec<String> = (0..33).map(|i| format!("p{i}: u64")).collect();
    insta::assert_snapshot!(kernel_errors(
        &format!("export fn wide ({}) {{ }}\n", params.join(", ")),
        true,
        "gfx942"
    ));
}

#[test]
fn kernels_must_return_void() {
    let out = kernel_errors("export fn k () -> u64 {\n  return 1;\n}\n", true, "gfx1100");
    assert!(out.contains(messages::RETURN_VOID));
    insta::assert_snapshot!(out);
}

#[test]
fn kernel_discipline_and_generics() {
    insta::assert_snapshot!(kernel_errors(
        "export async fn a<T> () { }\n",
        true,
        "gfx942"
    ));
}

#[test]
fn body_only_compiler_backed_calls() {
    let out = kernel_errors(
        &with_decls(
            "fn helper () { }\n\
             export fn k (a: u64) {\n  let x: u64 = a;\n  if true { }\n  while false { }\n  helper();\n  return;\n  __silk_amdgpu_v_add_f32(0, 1, 2);\n}\n",
        ),
        true,
        "gfx942",
    );
    assert_eq!(out.matches(messages::BODY).count(), 5);
    insta::assert_snapshot!(out);
}

#[test]
fn portable_device_ops_are_not_standalone_ops() {
    insta::assert_snapshot!(kernel_errors(
        "import { global_id_x, store_u32 } from \"std/gpu/device\";\n\
         export fn k (out: u64) {\n  store_u32(out, 0, 1);\n}\n",
        false,
        "gfx942"
    ));
}

#[test]
fn operands_must_be_unsigned_literals() {
    let out = kernel_errors(
        &with_decls("export fn k () {\n  __silk_amdgpu_v_add_f32(-1, 1 + 1, 2);\n}\n"),
        true,
        "gfx942",
    );
    assert_eq!(out.matches(messages::LITERAL).count(), 2);
    insta::assert_snapshot!(out);
}

#[test]
fn operands_out_of_range() {
    let out = kernel_errors(
        &with_decls(
            "export fn k () {\n  __silk_amdgpu_v_add_f32(256, 1, 2);\n  __silk_amdgpu_ds_write_b32(0, 1, 65536);\n  __silk_amdgpu_s_mov_b64(102, 0);\n  __silk_amdgpu_global_load_dword(0, 255);\n  __silk_amdgpu_v_add_f32(0, 1, 340282366920938463463374607431768211455);\n}\n",
        ),
        true,
        "gfx942",
    );
    assert_eq!(out.matches(messages::RANGE).count(), 5);
    insta::assert_snapshot!(out);
}

#[test]
fn register_tuples_must_be_aligned() {
    insta::assert_snapshot!(kernel_errors(
        &with_decls("export fn k () {\n  __silk_amdgpu_s_mov_b64(1, 2);\n  __silk_amdgpu_global_load_dword(0, 3);\n}\n"),
        true,
        "gfx942"
    ));
}

#[test]
fn intrinsics_not_on_this_processor() {
    let mfma = kernel_errors(
        &with_decls("export fn k () {\n  __silk_amdgpu_mfma_f32_16x16x16_f16(0, 4, 6, 0);\n}\n"),
        true,
        "gfx1100",
    );
    assert!(mfma.contains(messages::PROCESSOR));
    insta::assert_snapshot!("mfma_on_gfx1100", mfma);
    let vscnt = kernel_errors(
        &with_decls("export fn k () {\n  __silk_amdgpu_s_waitcnt_vscnt0();\n}\n"),
        true,
        "gfx942",
    );
    assert!(vscnt.contains(messages::PROCESSOR));
    insta::assert_snapshot!("vscnt_on_gfx942", vscnt);
    let wrapper = kernel_errors(
        "import { s_waitcnt_vscnt0 } from \"std/gpu/isa\";\nattr(device=gpu)\nexport fn k () {\n  s_waitcnt_vscnt0();\n}\n",
        false,
        "gfx942",
    );
    assert!(wrapper.contains(messages::PROCESSOR));
}

#[test]
fn unknown_and_misdeclared_intrinsics() {
    insta::assert_snapshot!(kernel_errors(
        "ext __silk_amdgpu_s_endpgm = fn () -> void;\n\
         ext __silk_amdgpu_v_add_f32 = fn (int, int) -> void;\n\
         export fn k () {\n  __silk_amdgpu_v_add_f32(0, 1);\n  __silk_amdgpu_s_endpgm();\n}\n",
        true,
        "gfx942"
    ));
}

#[test]
fn compat_op_operands_must_be_parameter_names() {
    insta::assert_snapshot!(kernel_errors(
        "import { store_u32_at_global_x, classify_u32_at_global_x } from \"std/gpu/device\";\n\
         export fn k (out: u64, value: u64) {\n  store_u32_at_global_x(out, 42);\n  classify_u32_at_global_x(out, value + 1, (value));\n}\n",
        false,
        "gfx1151"
    ));
}

#[test]
fn unknown_target() {
    let out = kernel_errors("export fn k () { }\n", true, "gfx1150");
    assert!(out.starts_with("error[E4001]: unknown AMDGPU target `gfx1150`"));
    insta::assert_snapshot!(out);
}

#[test]
fn isa_wrappers_need_attr_device_gpu() {
    insta::assert_snapshot!(kernel_errors(
        "import { v_add_f32 } from \"std/gpu/isa\";\nexport fn k () {\n  v_add_f32(0, 1, 2);\n}\n",
        false,
        "gfx942"
    ));
}

#[test]
fn attr_device_gpu_misuse() {
    insta::assert_snapshot!(check_errors(
        "attr(device=cpu)\nfn a () { }\n\
         attr(device=gpu)\nstruct S { x: u64 }\n\
         attr(device=gpu)\next e = fn () -> void;\n\
         attr(device=gpu)\nasync fn b () { }\n\
         attr(device)\nfn c () { }\n\
         fn main () {\n  attr(device=gpu) main();\n  if attr(device=gpu) { }\n}\n",
        false
    ));
}

#[test]
fn gpu_and_host_call_boundaries() {
    insta::assert_snapshot!(check_errors(
        "import { global_id_x } from \"std/gpu/device\";\n\
         fn host_only () -> u64 { return 1; }\n\
         attr(device=gpu)\nfn entry (out: u64) {\n  let x: u64 = host_only();\n}\n\
         fn main () -> int {\n  entry(1);\n  let i: u64 = global_id_x();\n  return 0;\n}\n",
        false
    ));
}

#[test]
fn launch_block_checks() {
    insta::assert_snapshot!(check_errors(
        "attr(device=gpu)\nfn helper (x: u64) -> u64 { return x; }\n\
         attr(device=gpu)\nfn entry (out: u64) { }\n\
         fn host () { }\n\
         fn main () {\n  gpu (grid=1, workspace=1) { helper(1); }\n  gpu (grid=1, workspace=1) { host(); }\n  gpu (grid=1, workspace=1) { entry(1, 2); }\n  gpu (grid=true, workspace=1) { entry(1); }\n}\n",
        false
    ));
    insta::assert_snapshot!(
        "launch_block_with_nostd",
        check_errors(
            "attr(device=gpu)\nfn entry () { }\nfn main () {\n  gpu (grid=1, workspace=1) { entry(); }\n}\n",
            true
        )
    );
}

#[test]
fn purity_rules() {
    insta::assert_snapshot!(check_errors(
        "ext now = fn () -> u64;\nfn impure () -> u64 { return 1; }\n\
         pure fn p (mut a: u64) -> u64 {\n  var b: u64 = a;\n  b = 2;\n  let c: u64 = now();\n  return impure();\n}\n",
        false
    ));
}

#[test]
fn parse_errors_with_recovery() {
    let out = check_errors(
        "fn a () {\n  let x = ;\n  let y: u64 = 1\n}\n\nfn b (x: u64 {\n}\n\nfn c () {\n  if a < b < c { }\n  gpu (grid=1) { k(); }\n}\n\nfn ok () { }\n",
        false,
    );
    assert!(out.matches("error[E0001]").count() >= 4);
    insta::assert_snapshot!(out);
}

#[test]
fn lexical_errors() {
    insta::assert_snapshot!(check_errors(
        "fn a () {\n  let s = \"unterminated;\n  let c = 'ab';\n  let h = 0xZZ;\n  let q = a # b;\n}\n",
        false
    ));
}

#[test]
fn resolution_errors() {
    let mut s = Session::new(Options::default());
    s.add_file(
        "app.slk",
        "import lib;\nimport lib::hidden;\nimport { nothing_here } from \"std/gpu/device\";\n\
         fn dup () { }\nfn dup () { }\n\
         fn main () -> int {\n  let v = lib.secret();\n  return undefind + missing_fn();\n}\nfn undefined () -> int { return 0; }\n",
    );
    s.add_file(
        "lib.slk",
        "package lib;\nfn secret () -> int { return 1; }\nfn hidden () { }\n",
    );
    let out = match s.check() {
        Ok(_) => panic!("expected errors"),
        Err(d) => s.render(&d),
    };
    insta::assert_snapshot!(out);
}

#[test]
fn import_load_errors() {
    insta::assert_snapshot!(check_errors(
        "import gone from \"./gone.slk\";\nimport std::nope;\nimport { x } from \"std/gpu/nope\";\nfn main () { undefined(); }\n",
        false
    ));
}

#[test]
fn nostd_rejects_std_imports() {
    insta::assert_snapshot!(check_errors(
        "import { store_u32_at_global_x } from \"std/gpu/device\";\nexport fn k () { }\n",
        true
    ));
}

#[test]
fn type_errors() {
    insta::assert_snapshot!(check_errors(
        "struct P { x: u64, y: bool }\n\
         fn f (a: u64, b: int) -> u64 { return a; }\n\
         fn main () -> int {\n  let a: u64 = 1;\n  let b: int = a;\n  let c = f(1);\n  let d: bool = a as bool;\n  let p = P{ x: 1, z: 2 };\n  let q = p.w;\n  a = 2;\n  let r = !a;\n  let s: u64 = true + 1;\n  break;\n  return \"no\";\n}\n\
         fn g () -> u64 { }\n",
        false
    ));
}

#[test]
fn reserved_std_package_name() {
    insta::assert_snapshot!(check_errors("package std::mine;\nfn f () { }\n", false));
}
