//! `silk build --kind object` seen from outside: objects for every shipped
//! kernel and processor, multi-file programs, and the diagnostics
//! (snapshots of the rendered stderr).

use silk_amdgpu::code_object::{self, ParsedCodeObject};
use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Run `silk` in `dir`: (success, stdout, stderr).
fn silk_in(dir: &Path, args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_silk"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// A fresh scratch directory for one test.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("silk-build-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Build `files` (relative to the repository) and read the object back.
fn build_example(
    files: &[&str],
    nostd: bool,
    target: &str,
    out: &Path,
) -> (Vec<u8>, ParsedCodeObject) {
    let mut args = vec!["build", "--kind", "object", "--target", target];
    if nostd {
        args.push("--nostd");
    }
    args.extend_from_slice(files);
    let out_str = out.to_str().unwrap();
    args.extend_from_slice(&["-o", out_str]);
    let (ok, stdout, stderr) = silk_in(&repo(), &args);
    assert!(ok, "{files:?} {target}: {stderr}");
    assert!(stdout.is_empty() && stderr.is_empty(), "{stdout}{stderr}");
    let bytes = std::fs::read(out).unwrap();
    let parsed = code_object::read(&bytes).unwrap();
    assert_eq!(code_object::validate(&parsed), vec![], "{files:?} {target}");
    (bytes, parsed)
}

/// Shipped examples: (files, needs std?, kernel name, processors).
const EXAMPLES: &[(&[&str], bool, &str, &[&str])] = &[
    (
        &["examples/kernels/add.slk"],
        false,
        "add",
        &["gfx942", "gfx1100", "gfx1151"],
    ),
    (
        &["examples/kernels/all_intrinsics_gfx942.slk"],
        false,
        "all_intrinsics",
        &["gfx942"],
    ),
    (
        &["examples/kernels/all_intrinsics_gfx11.slk"],
        false,
        "all_intrinsics",
        &["gfx1100", "gfx1151"],
    ),
    (
        &["examples/kernels/fill.slk"],
        true,
        "fill",
        &["gfx942", "gfx1100", "gfx1151"],
    ),
    (
        &["examples/kernels/threshold.slk"],
        true,
        "threshold",
        &["gfx942", "gfx1100", "gfx1151"],
    ),
    (
        &["examples/kernels/isa_wrappers.slk"],
        true,
        "scale_through_lds",
        &["gfx942", "gfx1100", "gfx1151"],
    ),
    (
        &["examples/multi/kernel.slk"],
        true,
        "fill_tail",
        &["gfx942", "gfx1100", "gfx1151"],
    ),
];

#[test]
fn builds_every_shipped_kernel_for_every_processor_it_supports() {
    let dir = scratch("examples");
    let mut built = 0;
    for (files, std, name, processors) in EXAMPLES {
        for p in *processors {
            let out = dir.join(format!("{name}-{p}.hsaco"));
            let (_, parsed) = build_example(files, !std, &format!("amdgcn-amd-amdhsa-{p}"), &out);
            assert_eq!(parsed.target.unwrap().processor.name(), *p);
            let names: Vec<&str> = parsed.kernels.iter().map(|k| k.name.as_str()).collect();
            assert_eq!(names, [*name]);
            let m = &parsed.metadata.as_ref().unwrap().kernels[0];
            assert_eq!(m.symbol, format!("{name}.kd"));
            built += 1;
        }
    }
    assert_eq!(built, 18);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn spec_minimal_kernel_with_default_output_name() {
    let dir = scratch("minimal");
    std::fs::write(
        dir.join("kernel.slk"),
        "ext __silk_amdgpu_v_add_f32 = fn (int, int, int) -> void;\n\
         ext __silk_amdgpu_s_waitcnt_vmcnt0_expcnt0_lgkmcnt0 = fn () -> void;\n\n\
         export fn kernel_name () {\n  __silk_amdgpu_v_add_f32(0, 1, 2);\n  \
         __silk_amdgpu_s_waitcnt_vmcnt0_expcnt0_lgkmcnt0();\n}\n",
    )
    .unwrap();
    let (ok, _, err) = silk_in(
        &dir,
        &[
            "build",
            "--nostd",
            "--kind",
            "object",
            "--target",
            "amdgcn-amd-amdhsa-gfx942",
            "kernel.slk",
        ],
    );
    assert!(ok, "{err}");
    let bytes = std::fs::read(dir.join("kernel_name.hsaco")).unwrap();
    let parsed = code_object::read(&bytes).unwrap();
    assert_eq!(code_object::validate(&parsed), vec![]);
    let k = &parsed.kernels[0];
    // v_add_f32_e32 v0, v1, v2; s_waitcnt 0; s_endpgm
    let text = parsed.section(".text").unwrap();
    let code = &bytes[text.offset as usize..text.offset as usize + 12];
    assert_eq!(
        code,
        [0x01, 0x05, 0x00, 0x02, 0x00, 0x00, 0x8c, 0xbf, 0x00, 0x00, 0x81, 0xbf]
    );
    let m = &parsed.metadata.as_ref().unwrap().kernels[0];
    assert_eq!((m.sgpr_count, m.vgpr_count), (40, 3));
    assert_eq!(m.group_segment_fixed_size, 0);
    assert_eq!(k.descriptor.kernarg_size(), 256);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn multi_file_program_emits_only_the_root_kernel() {
    let dir = scratch("multi");
    for p in ["gfx942", "gfx1100", "gfx1151"] {
        let out = dir.join(format!("fill_tail-{p}.hsaco"));
        let (_, parsed) = build_example(&["examples/multi/kernel.slk"], false, p, &out);
        let names: Vec<&str> = parsed.symbols.iter().map(|s| s.name.as_str()).collect();
        assert!(names.contains(&"fill_tail") && names.contains(&"fill_tail.kd"));
        for dep in ["round_up", "describe", "unused_helper"] {
            assert!(!names.iter().any(|n| n.contains(dep)), "{dep} in {names:?}");
        }
        assert_eq!(parsed.metadata.unwrap().kernels.len(), 1);
    }
    // Dependency files may also be named on the command line.
    let out = dir.join("fill_tail-both.hsaco");
    let (_, parsed) = build_example(
        &["examples/multi/kernel.slk", "examples/multi/util.slk"],
        false,
        "gfx942",
        &out,
    );
    assert_eq!(parsed.kernels.len(), 1);
    assert_eq!(parsed.kernels[0].name, "fill_tail");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn lds_kernels_reserve_16_kib() {
    let dir = scratch("lds");
    let (_, parsed) = build_example(
        &["examples/kernels/isa_wrappers.slk"],
        false,
        "gfx1151",
        &dir.join("isa.hsaco"),
    );
    assert_eq!(
        parsed.kernels[0].descriptor.group_segment_fixed_size(),
        16384
    );
    let (_, parsed) = build_example(
        &["examples/kernels/add.slk"],
        true,
        "gfx1151",
        &dir.join("add.hsaco"),
    );
    assert_eq!(parsed.kernels[0].descriptor.group_segment_fixed_size(), 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Build `source` as `kernel.slk` in a scratch directory; the rendered
/// stderr of a failing build.
fn build_errors(test: &str, source: &str, args: &[&str]) -> String {
    let dir = scratch(test);
    std::fs::write(dir.join("kernel.slk"), source).unwrap();
    let mut all = vec!["build", "--kind", "object"];
    all.extend_from_slice(args);
    all.push("kernel.slk");
    let (ok, _, err) = silk_in(&dir, &all);
    assert!(!ok, "{test}: the build should fail");
    assert!(
        !dir.join("kernel.hsaco").exists() && std::fs::read_dir(&dir).unwrap().count() == 1,
        "{test}: no output on error"
    );
    std::fs::remove_dir_all(&dir).unwrap();
    err
}

const NOSTD_942: &[&str] = &["--nostd", "--target", "amdgcn-amd-amdhsa-gfx942"];

#[test]
fn diagnostic_unknown_target() {
    insta::assert_snapshot!(build_errors(
        "unknown_target",
        "export fn k () { }\n",
        &["--nostd", "--target", "gfx1150"]
    ));
}

#[test]
fn diagnostic_unsupported_kind() {
    let dir = scratch("kind");
    std::fs::write(dir.join("kernel.slk"), "export fn k () { }\n").unwrap();
    let (ok, _, err) = silk_in(
        &dir,
        &["build", "--kind", "exe", "--target", "gfx942", "kernel.slk"],
    );
    assert!(!ok);
    insta::assert_snapshot!(err);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn diagnostic_vscnt_on_gfx942() {
    insta::assert_snapshot!(build_errors(
        "vscnt",
        "ext __silk_amdgpu_s_waitcnt_vscnt0 = fn () -> void;\n\
         export fn k () {\n  __silk_amdgpu_s_waitcnt_vscnt0();\n}\n",
        NOSTD_942
    ));
}

#[test]
fn diagnostic_mfma_on_gfx1100() {
    insta::assert_snapshot!(build_errors(
        "mfma",
        "ext __silk_amdgpu_mfma_f32_16x16x16_f16 = fn (int, int, int, int) -> void;\n\
         export fn k () {\n  __silk_amdgpu_mfma_f32_16x16x16_f16(0, 0, 2, 0);\n}\n",
        &["--nostd", "--target", "amdgcn-amd-amdhsa-gfx1100"]
    ));
}

#[test]
fn diagnostic_no_exported_function() {
    insta::assert_snapshot!(build_errors("no_export", "fn helper () { }\n", NOSTD_942));
}

#[test]
fn diagnostic_several_exported_functions() {
    insta::assert_snapshot!(build_errors(
        "several",
        "export fn first () { }\nexport fn second () { }\n",
        NOSTD_942
    ));
}

#[test]
fn diagnostic_parameters_must_be_immutable_u64() {
    insta::assert_snapshot!(build_errors(
        "params",
        "export fn k (a: u32, mut b: u64, c: u64 = 1) { }\n",
        NOSTD_942
    ));
}

#[test]
fn diagnostic_kernels_must_return_void() {
    insta::assert_snapshot!(build_errors(
        "return",
        "export fn k () -> u64 {\n  return 1;\n}\n",
        NOSTD_942
    ));
}

#[test]
fn diagnostic_body_only_compiler_backed_calls() {
    insta::assert_snapshot!(build_errors(
        "body",
        "ext __silk_amdgpu_v_add_f32 = fn (int, int, int) -> void;\n\
         export fn k () {\n  let x: int = 1;\n  if true { }\n  __silk_amdgpu_v_add_f32(0, 1, 2);\n}\n",
        NOSTD_942
    ));
}

#[test]
fn diagnostic_operands_must_be_unsigned_literals() {
    insta::assert_snapshot!(build_errors(
        "literals",
        "ext __silk_amdgpu_v_add_f32 = fn (int, int, int) -> void;\n\
         export fn k () {\n  __silk_amdgpu_v_add_f32(0, 1 + 1, -2);\n}\n",
        NOSTD_942
    ));
}

#[test]
fn diagnostic_operands_out_of_range() {
    insta::assert_snapshot!(build_errors(
        "range",
        "ext __silk_amdgpu_v_add_f32 = fn (int, int, int) -> void;\n\
         ext __silk_amdgpu_ds_read_b32 = fn (int, int, int) -> void;\n\
         export fn k () {\n  __silk_amdgpu_v_add_f32(256, 1, 2);\n  \
         __silk_amdgpu_ds_read_b32(0, 1, 65536);\n}\n",
        NOSTD_942
    ));
}

#[test]
fn diagnostic_isa_wrappers_need_attr_device_gpu() {
    insta::assert_snapshot!(build_errors(
        "attr",
        "import { v_add_f32 } from \"std/gpu/isa\";\n\
         export fn k () {\n  v_add_f32(0, 1, 2);\n}\n",
        &["--target", "gfx1151"]
    ));
}

#[test]
fn diagnostic_parse_errors_are_all_reported() {
    insta::assert_snapshot!(build_errors(
        "parse",
        "export fn k ( {\n  let = ;\n}\nfn 3 () { }\n",
        NOSTD_942
    ));
}

#[test]
fn diagnostic_missing_file() {
    let dir = scratch("missing");
    let (ok, _, err) = silk_in(
        &dir,
        &[
            "build", "--kind", "object", "--target", "gfx942", "nope.slk",
        ],
    );
    assert!(!ok);
    assert!(err.starts_with("error: cannot read `nope.slk`:"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn emit_gpu_objects_and_device_ir_write_one_file_per_entry() {
    let dir = scratch("device-emit");
    let src = repo().join("examples/device/kernels.slk");
    let src = src.to_str().unwrap();
    let entries = ["saxpy", "collatz", "histogram", "reduce_sum", "prefix_skip"];
    let (ok, _, err) = silk_in(
        &dir,
        &[
            "build",
            "--target",
            "gfx1100",
            src,
            "--emit",
            "gpu-objects",
            "-o",
            "objs",
        ],
    );
    assert!(ok, "{err}");
    for e in entries {
        let bytes = std::fs::read(dir.join("objs").join(format!("{e}.hsaco"))).unwrap();
        let parsed = code_object::read(&bytes).unwrap();
        assert!(code_object::validate(&parsed).is_empty(), "{e}");
        assert_eq!(parsed.kernels.len(), 1);
        assert_eq!(parsed.kernels[0].name, e);
    }
    let (ok, _, err) = silk_in(
        &dir,
        &[
            "build",
            "--target",
            "gfx1100",
            src,
            "--emit",
            "device-ir",
            "-o",
            "ir",
        ],
    );
    assert!(ok, "{err}");
    for e in entries {
        let text = std::fs::read_to_string(dir.join("ir").join(format!("{e}.sir"))).unwrap();
        let m = silk_gpu_ir::Module::parse_verified("k.sir", &text).unwrap();
        assert!(m.kernels().any(|k| k.name == e), "{e}");
    }
    let (ok, _, err) = silk_in(
        &dir,
        &["build", "--target", "gfx1100", src, "--emit", "bogus"],
    );
    assert!(!ok);
    assert!(err.contains("unknown --emit `bogus`"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `silk build` parses against its own arguments first (start-up cost);
/// what does not parse there goes to the whole command line parser, so
/// help and usage errors read as for every other subcommand.
#[test]
fn build_help_and_usage_errors_come_from_the_whole_cli() {
    let dir = scratch("usage");
    let (ok, stdout, _) = silk_in(&dir, &["build", "--help"]);
    assert!(ok);
    assert!(
        stdout.starts_with("Compile a Silk kernel to an AMDHSA code object"),
        "{stdout}"
    );
    assert!(stdout.contains("Usage: silk build [OPTIONS] --target <TARGET> <FILE>..."));
    let (ok, _, stderr) = silk_in(&dir, &["build", "k.slk"]);
    assert!(!ok);
    assert!(
        stderr.contains("the following required arguments were not provided")
            && stderr.contains("--target <TARGET>")
            && stderr.contains("Usage: silk build"),
        "{stderr}"
    );
    let (ok, _, stderr) = silk_in(&dir, &["build", "--version"]);
    assert!(!ok);
    assert!(
        stderr.contains("unexpected argument '--version'"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
