//! The shipped example applications (`examples/apps`, the Silk GPU
//! documents' programs) built with `silk build --target linux-x86_64
//! --gpu-target <processor>` for gfx942, gfx1100 and gfx1151: exit 77
//! where no GPU is usable (the real libamdhip64, or none, reports no
//! device), and exit 0 with their checked results on the emulator
//! provider and on the HIP provider's real `dlopen` path pointed at
//! silk-hip's drop-in library (`SILK_HIP_LIBRARY`, `SILK_HIP_DEVICE`).
//! One also runs clean under valgrind.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const APPS: [(&str, &str); 4] = [
    ("fill", ""),
    ("vector_fill", ""),
    ("classify", "classify: 64 values checked\n"),
    (
        "classifier",
        "ran on emulator: threshold 7, labels 0 0 0 1 1 1 1 1\n",
    ),
];
const TARGETS: [&str; 3] = [
    "amdgcn-amd-amdhsa-gfx942",
    "amdgcn-amd-amdhsa-gfx1100",
    "amdgcn-amd-amdhsa-gfx1151",
];

/// Builds `app` for `target` into a path of its own per `tag` (tests run
/// in parallel and must not overwrite each other's executables).
fn build(app: &str, target: &str, tag: &str) -> PathBuf {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../../examples/apps/{app}.slk"));
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("apps");
    std::fs::create_dir_all(&dir).unwrap();
    let exe = dir.join(format!(
        "{tag}-{app}-{}",
        target.rsplit('-').next().unwrap()
    ));
    let o = Command::new(env!("CARGO_BIN_EXE_silk"))
        .arg("build")
        .arg(&src)
        .arg("-o")
        .arg(&exe)
        .args(["--target", "linux-x86_64", "--gpu-target", target])
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "{app} for {target}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    exe
}

fn run(exe: &Path, provider: Option<&str>) -> Output {
    let mut c = Command::new(exe);
    c.env_remove("SILK_GPU_PROVIDER");
    if let Some(p) = provider {
        c.env("SILK_GPU_PROVIDER", p);
    }
    silk_testsupport::output(&mut c)
}

/// silk-hip's cdylib, which cargo builds into `deps/` (next to this test)
/// because `silk` depends on the crate.
fn silk_hip_library() -> PathBuf {
    let lib = std::env::current_exe()
        .unwrap()
        .with_file_name("libsilk_hip.so");
    assert!(lib.is_file(), "{} was not built", lib.display());
    lib
}

/// `exe` on the HIP provider with silk-hip as the HIP library, emulating
/// `device`.
fn run_on_silk_hip(exe: &Path, device: &str) -> Output {
    let mut c = Command::new(exe);
    c.env("SILK_GPU_PROVIDER", "hip")
        .env("SILK_HIP_LIBRARY", silk_hip_library())
        .env("SILK_HIP_DEVICE", device)
        .env_remove("SILK_HIP_LOG");
    silk_testsupport::output(&mut c)
}

#[test]
fn example_apps_skip_without_a_gpu_and_pass_on_the_emulator_and_silk_hip() {
    for target in TARGETS {
        for (app, stdout) in APPS {
            let exe = build(app, target, "run");
            let real = run(&exe, None);
            assert_eq!(real.status.code(), Some(77), "{app} {target}: {real:?}");
            let emu = run(&exe, Some("emulator"));
            assert_eq!(
                (
                    emu.status.code(),
                    String::from_utf8_lossy(&emu.stdout).into_owned()
                ),
                (Some(0), stdout.to_string()),
                "{app} {target}: {}",
                String::from_utf8_lossy(&emu.stderr)
            );
            // `any` falls back to the emulator when HIP reports no device.
            let any = run(&exe, Some("any"));
            assert_eq!(any.stdout, emu.stdout, "{app} {target} with `any`");
            assert_eq!(any.status.code(), Some(0), "{app} {target} with `any`");
            // Through libsilk_hip.so: the provider says `hip`.
            let processor = target.rsplit('-').next().unwrap();
            let hip = run_on_silk_hip(&exe, processor);
            assert_eq!(
                (
                    hip.status.code(),
                    String::from_utf8_lossy(&hip.stdout).into_owned()
                ),
                (Some(0), stdout.replace("ran on emulator", "ran on hip")),
                "{app} {target} through silk-hip: {}",
                String::from_utf8_lossy(&hip.stderr)
            );
        }
    }
}

#[test]
fn an_example_app_on_another_emulated_hip_device_fails_to_load() {
    // The device really is the library's: a gfx942 object on a gfx1100
    // device is the runtime's load failure, not a skip.
    let exe = build("classifier", TARGETS[0], "hip-mismatch");
    let o = run_on_silk_hip(&exe, "gfx1100");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("code object for gfx942") && err.contains("HIP device 0 (gfx1100)"),
        "{err}"
    );
}

#[test]
fn an_example_app_embeds_its_entries_and_runs_clean_under_valgrind() {
    let exe = build("classifier", TARGETS[0], "valgrind");
    let o = Command::new(env!("CARGO_BIN_EXE_silk"))
        .arg("inspect")
        .arg(&exe)
        .output()
        .unwrap();
    let listing = String::from_utf8_lossy(&o.stdout);
    assert!(
        listing.contains("provider HIP, processor gfx942, 1 entries"),
        "{listing}"
    );
    assert!(listing.contains("classify_batch"), "{listing}");
    if Command::new("valgrind").arg("--version").output().is_err() {
        println!("skipped valgrind: not installed");
        return;
    }
    let o = Command::new("valgrind")
        .args(["-q", "--error-exitcode=99"])
        .arg(&exe)
        .env("SILK_GPU_PROVIDER", "emulator")
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&o.stdout), APPS[3].1);
}
