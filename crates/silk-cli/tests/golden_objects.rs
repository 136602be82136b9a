//! `silk build --kind object` output pinned byte for byte: every shipped
//! example for every processor it builds for, and the Silk kernels the
//! other tests compile, against the objects checked in under
//! `tests/data/golden-objects/`. A change to the compiler that changes an
//! object must update the golden file in its own commit that says why
//! (`SILK_BLESS=1 cargo test -p silk-cli --test golden_objects` rewrites
//! them).

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/golden-objects")
}

const ALL: &[&str] = &["gfx942", "gfx1100", "gfx1151"];
const GFX11: &[&str] = &["gfx1100", "gfx1151"];

/// Shipped examples: (golden name, files, needs std?, processors).
const EXAMPLES: &[(&str, &[&str], bool, &[&str])] = &[
    ("add", &["examples/kernels/add.slk"], false, ALL),
    (
        "minimal",
        &["examples/kernels/spec_minimal.slk"],
        false,
        ALL,
    ),
    (
        "all_intrinsics_gfx942",
        &["examples/kernels/all_intrinsics_gfx942.slk"],
        false,
        &["gfx942"],
    ),
    (
        "all_intrinsics_gfx11",
        &["examples/kernels/all_intrinsics_gfx11.slk"],
        false,
        GFX11,
    ),
    ("fill", &["examples/kernels/fill.slk"], true, ALL),
    ("threshold", &["examples/kernels/threshold.slk"], true, ALL),
    (
        "isa_wrappers",
        &["examples/kernels/isa_wrappers.slk"],
        true,
        ALL,
    ),
    ("multi", &["examples/multi/kernel.slk"], true, ALL),
];

const DECLS: &str = "\
ext __silk_amdgpu_s_add_i32 = fn (int, int, int) -> void;
ext __silk_amdgpu_s_mov_b64 = fn (int, int) -> void;
ext __silk_amdgpu_s_waitcnt_vmcnt0_expcnt0_lgkmcnt0 = fn () -> void;
ext __silk_amdgpu_s_waitcnt_vscnt0 = fn () -> void;
ext __silk_amdgpu_v_add_f32 = fn (int, int, int) -> void;
ext __silk_amdgpu_v_mul_f32 = fn (int, int, int) -> void;
ext __silk_amdgpu_v_fma_f32 = fn (int, int, int, int) -> void;
ext __silk_amdgpu_global_load_dword = fn (int, int) -> void;
ext __silk_amdgpu_global_store_dword = fn (int, int) -> void;
ext __silk_amdgpu_ds_write_b32 = fn (int, int, int) -> void;
ext __silk_amdgpu_ds_read_b32 = fn (int, int, int) -> void;
ext __silk_amdgpu_mfma_f32_16x16x16_f16 = fn (int, int, int, int) -> void;
";

/// Kernels of the other tests (the codegen source-kernel samples):
/// (golden name, body after the declarations, needs
/// std?, processors).
const INLINE: &[(&str, &str, bool, &[&str])] = &[
    ("nothing", "export fn nothing () { }\n", false, ALL),
    (
        "high_sgpr",
        "export fn high () {\n  __silk_amdgpu_s_add_i32(100, 3, 4);\n}\n",
        false,
        ALL,
    ),
    (
        "all_ops_gfx942",
        "export fn all_intrinsics () {\n\
         __silk_amdgpu_s_add_i32(8, 9, 10);\n\
         __silk_amdgpu_s_mov_b64(12, 14);\n\
         __silk_amdgpu_global_load_dword(1, 2);\n\
         __silk_amdgpu_s_waitcnt_vmcnt0_expcnt0_lgkmcnt0();\n\
         __silk_amdgpu_v_add_f32(4, 1, 1);\n\
         __silk_amdgpu_v_mul_f32(5, 4, 1);\n\
         __silk_amdgpu_v_fma_f32(6, 4, 5, 1);\n\
         __silk_amdgpu_ds_write_b32(0, 6, 16);\n\
         __silk_amdgpu_ds_read_b32(7, 0, 65535);\n\
         __silk_amdgpu_s_waitcnt_vmcnt0_expcnt0_lgkmcnt0();\n\
         __silk_amdgpu_mfma_f32_16x16x16_f16(16, 8, 10, 16);\n\
         __silk_amdgpu_global_store_dword(2, 7);\n}\n",
        false,
        &["gfx942"],
    ),
    (
        "all_ops_gfx11",
        "export fn all_intrinsics () {\n\
         __silk_amdgpu_s_add_i32(8, 9, 10);\n\
         __silk_amdgpu_s_mov_b64(12, 14);\n\
         __silk_amdgpu_global_load_dword(1, 2);\n\
         __silk_amdgpu_s_waitcnt_vmcnt0_expcnt0_lgkmcnt0();\n\
         __silk_amdgpu_v_add_f32(4, 1, 1);\n\
         __silk_amdgpu_v_mul_f32(5, 4, 1);\n\
         __silk_amdgpu_v_fma_f32(6, 4, 5, 1);\n\
         __silk_amdgpu_ds_write_b32(0, 6, 16);\n\
         __silk_amdgpu_ds_read_b32(7, 0, 65535);\n\
         __silk_amdgpu_s_waitcnt_vmcnt0_expcnt0_lgkmcnt0();\n\
         __silk_amdgpu_global_store_dword(2, 7);\n\
         __silk_amdgpu_s_waitcnt_vscnt0();\n}\n",
        false,
        GFX11,
    ),
    (
        "both_device_ops",
        "import { classify_u32_at_global_x, store_u32_at_global_x } from \"std/gpu/device\";\n\
         export fn both (threshold: u64, value: u64, input: u64, output: u64) {\n\
         store_u32_at_global_x(output, value);\n\
         classify_u32_at_global_x(input, output, threshold);\n}\n",
        true,
        ALL,
    ),
];

/// Run `silk build` in `dir` and return the object's bytes.
fn build(dir: &Path, files: &[&str], nostd: bool, processor: &str, out: &Path) -> Vec<u8> {
    let target = format!("amdgcn-amd-amdhsa-{processor}");
    let mut args = vec!["build", "--kind", "object", "--target", &target];
    if nostd {
        args.push("--nostd");
    }
    args.extend_from_slice(files);
    let out_str = out.to_str().unwrap();
    args.extend_from_slice(&["-o", out_str]);
    let o = Command::new(env!("CARGO_BIN_EXE_silk"))
        .current_dir(dir)
        .args(&args)
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "{files:?} {processor}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    std::fs::read(out).unwrap()
}

#[test]
fn objects_equal_the_golden_files() {
    let scratch = std::env::temp_dir().join(format!("silk-golden-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch).unwrap();
    let bless = std::env::var_os("SILK_BLESS").is_some();
    let mut built = Vec::new();
    for (name, files, std, processors) in EXAMPLES {
        for p in *processors {
            let out = scratch.join(format!("{name}-{p}.hsaco"));
            built.push((format!("{name}-{p}"), build(&repo(), files, !std, p, &out)));
        }
    }
    for (name, body, std, processors) in INLINE {
        let file = scratch.join(format!("{name}.slk"));
        let text = if *std {
            body.to_string()
        } else {
            format!("{DECLS}\n{body}")
        };
        std::fs::write(&file, text).unwrap();
        let file = file.to_str().unwrap().to_string();
        for p in *processors {
            let out = scratch.join(format!("{name}-{p}.hsaco"));
            built.push((
                format!("{name}-{p}"),
                build(&scratch, &[&file], !std, p, &out),
            ));
        }
    }
    assert_eq!(built.len(), 18 + 15);
    let mut differ = Vec::new();
    for (name, bytes) in &built {
        let path = golden_dir().join(format!("{name}.hsaco"));
        if bless {
            std::fs::write(&path, bytes).unwrap();
            continue;
        }
        let golden = std::fs::read(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (bless with SILK_BLESS=1)", path.display()));
        if &golden != bytes {
            differ.push(name.clone());
        }
    }
    std::fs::remove_dir_all(&scratch).unwrap();
    assert!(
        differ.is_empty(),
        "objects differ from the golden files: {differ:?}"
    );
    // Every golden file is still built (none is left over).
    let on_disk = std::fs::read_dir(golden_dir()).unwrap().count();
    assert_eq!(on_disk, built.len());
}
