//! HIP programs compiled by clang-22 (host and device, against the
//! minimal header in `data/`), linked against `libamdhip64.so.5` and run
//! with this library as that soname, on every emulated processor.
//! Skipped, with a message, when clang-22 is absent.

use std::path::{Path, PathBuf};
use std::process::Command;

const PROCESSORS: [&str; 3] = ["gfx942", "gfx1100", "gfx1151"];

fn clang() -> Option<PathBuf> {
    ["/usr/lib/llvm-22/bin/clang", "clang-22"]
        .iter()
        .map(PathBuf::from)
        .find(|c| {
            Command::new(c)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        })
}

/// The cdylib this `cargo test` built: in `deps/`, next to the test
/// binary (cargo copies it up to `target/debug` only on `cargo build`).
fn library() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    exe.with_file_name("libsilk_hip.so")
}

/// A directory holding this library as `libamdhip64.so.5`.
fn lib_dir(work: &Path) -> PathBuf {
    let d = work.join("lib");
    std::fs::create_dir_all(&d).unwrap();
    let link = d.join("libamdhip64.so.5");
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink(library(), &link).unwrap();
    d
}

fn work_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("silk-hip-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Compile the sources for all three processors and link one program,
/// against Debian's ROCm library when installed (as a real application
/// is), else against this one.
fn build(clang: &Path, work: &Path, sources: &[&str], out: &str) -> PathBuf {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut objects = Vec::new();
    for s in sources {
        let o = work.join(format!("{s}.o"));
        let mut c = Command::new(clang);
        c.args(["-x", "hip", "-nogpulib", "-nogpuinc", "-O2", "-c"]);
        for p in PROCESSORS {
            c.arg(format!("--offload-arch={p}"));
        }
        let r = c
            .arg(data.join(format!("{s}.hip")))
            .arg("-o")
            .arg(&o)
            .output()
            .unwrap();
        assert!(
            r.status.success(),
            "{s}: {}",
            String::from_utf8_lossy(&r.stderr)
        );
        objects.push(o);
    }
    let exe = work.join(out);
    let debian = Path::new("/usr/lib/x86_64-linux-gnu/libamdhip64.so.5");
    let libdir = if debian.exists() {
        debian.parent().unwrap().to_path_buf()
    } else {
        lib_dir(work)
    };
    let r = Command::new(clang)
        .args(&objects)
        .arg("-o")
        .arg(&exe)
        .arg("-lpthread")
        .arg(format!("-L{}", libdir.display()))
        .arg("-l:libamdhip64.so.5")
        .output()
        .unwrap();
    assert!(
        r.status.success(),
        "link: {}",
        String::from_utf8_lossy(&r.stderr)
    );
    exe
}

fn run(work: &Path, exe: &Path, device: &str) -> (bool, String) {
    let r = Command::new(exe)
        .env("LD_LIBRARY_PATH", lib_dir(work))
        .env("SILK_HIP_DEVICE", device)
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&r.stdout),
        String::from_utf8_lossy(&r.stderr)
    );
    (r.status.success(), text)
}

fn program(sources: &[&str], expect: &str) {
    let Some(clang) = clang() else {
        eprintln!("skipped: clang-22 is not installed");
        return;
    };
    let work = work_dir(sources[0]);
    let exe = build(&clang, &work, sources, sources[0]);
    for p in PROCESSORS {
        let (ok, text) = run(&work, &exe, p);
        assert!(
            ok && text.contains(expect),
            "{} on {p}:\n{text}",
            sources[0]
        );
    }
    let _ = std::fs::remove_dir_all(&work);
}

#[test]
fn vector_add_reports_the_device_and_adds() {
    program(&["vector_add"], "OK vector_add");
}

#[test]
fn shared_memory_reduction() {
    program(&["reduce"], "OK reduce");
}

#[test]
fn constant_and_device_globals_persist_across_launches() {
    program(&["globals"], "OK globals");
}

#[test]
fn streams_async_copies_and_events() {
    program(&["streams"], "OK streams");
}

#[test]
fn bad_launches_and_faults_are_errors_with_the_report() {
    program(&["errors"], "OK errors");
}

#[test]
fn two_translation_units_threads_and_late_teardown() {
    program(
        &["multi_a", "multi_b"],
        "OK multi\nlate: malloc 0 launch 98",
    );
}

#[test]
fn device_lists_and_unknown_processors() {
    let Some(clang) = clang() else {
        eprintln!("skipped: clang-22 is not installed");
        return;
    };
    let work = work_dir("devices");
    let exe = build(&clang, &work, &["vector_add"], "vector_add");
    // Several devices: the program uses device 0.
    let (ok, text) = run(&work, &exe, "gfx1100,gfx942");
    assert!(
        ok && text.contains("devices 2 arch gfx1100 warp 32"),
        "{text}"
    );
    let (ok, text) = run(&work, &exe, "gfx90a");
    assert!(!ok && text.contains("gfx90a"), "{text}");
    let _ = std::fs::remove_dir_all(&work);
}

#[test]
fn the_library_has_the_soname_and_version_nodes_of_rocm() {
    let readelf = Path::new("/usr/lib/llvm-22/bin/llvm-readelf");
    if !readelf.exists() {
        eprintln!("skipped: llvm-readelf (LLVM 22) is not installed");
        return;
    }
    let r = Command::new(readelf)
        .args(["-d", "--dyn-syms", "-V"])
        .arg(library())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&r.stdout);
    assert!(
        text.contains("Library soname: [libamdhip64.so.5]"),
        "{text}"
    );
    for name in silk_hip::ENTRY_POINTS {
        assert!(
            text.contains(&format!(" {name}@@hip_4.2")),
            "{name} is not at hip_4.2"
        );
    }
    for node in ["hip_4.2", "hip_4.3", "hip_5.0", "hip_5.2"] {
        assert!(text.contains(&format!("Name: {node}")), "{node}");
    }
}

#[test]
fn the_hip_run_wrapper_runs_an_application_with_its_status() {
    let Some(clang) = clang() else {
        eprintln!("skipped: clang-22 is not installed");
        return;
    };
    let work = work_dir("wrapper");
    let exe = build(&clang, &work, &["errors"], "errors");
    let lib = silk_hip::wrapper::find_library(Some(&library())).unwrap();
    assert_eq!(
        silk_hip::wrapper::run(&exe, &[], Some(&lib), Some("gfx1151")),
        Ok(0)
    );
    // The application's failure is the wrapper's status.
    let vexe = build(&clang, &work, &["vector_add"], "vector_add");
    let e = silk_hip::wrapper::run(&vexe, &[], Some(&lib), Some("gfx90a")).unwrap_err();
    assert!(e.contains("gfx90a"), "{e}");
    let e = silk_hip::wrapper::find_library(Some(&work.join("missing.so"))).unwrap_err();
    assert!(e.contains("does not exist"), "{e}");
    // An application that exits nonzero: the status comes back.
    std::fs::write(work.join("fail.sh"), "#!/bin/sh\nexit 7\n").unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(work.join("fail.sh"), std::fs::Permissions::from_mode(0o755)).unwrap();
    assert_eq!(
        silk_hip::wrapper::run(&work.join("fail.sh"), &[], Some(&lib), None),
        Ok(7)
    );
    let _ = std::fs::remove_dir_all(&work);
}
