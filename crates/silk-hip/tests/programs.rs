//! HIP programs compiled by clang-22 (host and device, against the
//! minimal header in `data/`), linked as against ROCm 5
//! (`libamdhip64.so.5`) or ROCm 6 (`libamdhip64.so.6` with ROCm 6's
//! symbol versions) and run with this library as that soname, on every
//! emulated processor. Skipped, with a message, when clang-22 is absent.

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

/// A directory holding this library as `libamdhip64.so.5` and `.so.6`.
fn lib_dir(work: &Path) -> PathBuf {
    let d = work.join("lib");
    std::fs::create_dir_all(&d).unwrap();
    for name in ["libamdhip64.so.5", "libamdhip64.so.6"] {
        let link = d.join(name);
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(library(), &link).unwrap();
    }
    d
}

/// The HIP release a program is built as for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Rocm {
    /// ROCm 5 headers; linked against Debian's `libamdhip64.so.5` when
    /// installed (as a real application is), else this library.
    V5,
    /// ROCm 6 headers (`HIP_VERSION_MAJOR=6`: `hipDeviceProp_tR0600`);
    /// linked against a stub with ROCm 6's soname and version script.
    V6,
}

/// A stub `libamdhip64.so.6`: an empty function for each entry point of
/// `data/rocm6.map`, linked by ld.lld with that version script.
fn rocm6_stub(clang: &Path, work: &Path) -> PathBuf {
    let map = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/rocm6.map");
    let script = std::fs::read_to_string(&map).unwrap();
    let names = script.lines().filter_map(|l| {
        let n = l.trim().strip_suffix(';')?;
        n.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_')
            .then_some(n)
    });
    let source: String = names.map(|n| format!("void {n}(void) {{}}\n")).collect();
    let dir = work.join("rocm6");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("stub.c"), source).unwrap();
    let lib = dir.join("libamdhip64.so.6");
    let r = Command::new(clang)
        .args(["-shared", "-fPIC", "-nostdlib", "-fuse-ld=lld"])
        .arg("-Wl,-soname,libamdhip64.so.6")
        .arg(format!("-Wl,--version-script={}", map.display()))
        .arg(dir.join("stub.c"))
        .arg("-o")
        .arg(&lib)
        .output()
        .unwrap();
    assert!(
        r.status.success(),
        "stub: {}",
        String::from_utf8_lossy(&r.stderr)
    );
    dir
}

fn work_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("silk-hip-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Compile the sources for all three processors and link one program,
/// against Debian's ROCm library when installed (as a real application
/// is), else against this one.
fn build(clang: &Path, work: &Path, sources: &[&str], out: &str, rocm: Rocm) -> PathBuf {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut objects = Vec::new();
    for s in sources {
        let o = work.join(format!("{s}.o"));
        let mut c = Command::new(clang);
        c.args(["-x", "hip", "-nogpulib", "-nogpuinc", "-O2", "-c"]);
        if rocm == Rocm::V6 {
            c.arg("-DHIP_VERSION_MAJOR=6");
        }
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
    let (libdir, soname) = match rocm {
        Rocm::V5 if debian.exists() => (debian.parent().unwrap().to_path_buf(), "libamdhip64.so.5"),
        Rocm::V5 => (lib_dir(work), "libamdhip64.so.5"),
        Rocm::V6 => (rocm6_stub(clang, work), "libamdhip64.so.6"),
    };
    let r = Command::new(clang)
        .args(&objects)
        .arg("-o")
        .arg(&exe)
        .arg("-lpthread")
        .arg(format!("-L{}", libdir.display()))
        .arg(format!("-l:{soname}"))
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

/// Build `sources` as for `rocm` and run the program on every processor;
/// its output must contain `expect(processor)`.
fn program_as(rocm: Rocm, sources: &[&str], expect: impl Fn(&str) -> String) {
    let Some(clang) = clang() else {
        eprintln!("skipped: clang-22 is not installed");
        return;
    };
    let work = work_dir(&format!("{}-{rocm:?}", sources[0]));
    let exe = build(&clang, &work, sources, sources[0], rocm);
    run_everywhere(&work, &exe, expect);
    let _ = std::fs::remove_dir_all(&work);
}

fn run_everywhere(work: &Path, exe: &Path, expect: impl Fn(&str) -> String) {
    for p in PROCESSORS {
        let (ok, text) = run(work, exe, p);
        assert!(
            ok && text.contains(&expect(p)),
            "{} on {p}:\n{text}",
            exe.display()
        );
    }
}

fn program(sources: &[&str], expect: &str) {
    program_as(Rocm::V5, sources, |_| expect.to_string());
}

/// What `vector_add` prints from the device properties of `p`.
fn vector_add_output(p: &str) -> String {
    let (arch, warp, major) = match p {
        "gfx942" => ("gfx942:sramecc+:xnack-", 64, 9),
        _ => (p, 32, 11),
    };
    format!(
        "devices 1 arch {arch} warp {warp}\nprops warp {warp} major {major} threads 1024 shared 65536\nOK vector_add"
    )
}

#[test]
fn vector_add_reports_the_device_and_adds() {
    program_as(Rocm::V5, &["vector_add"], vector_add_output);
}

#[test]
fn managed_variables_are_shared_by_host_and_kernels() {
    program(&["managed"], "OK managed 111");
}

/// A program built against ROCm 6 records `NEEDED libamdhip64.so.6` and
/// ROCm 6's symbol versions, and runs on this library as `.so.6`.
#[test]
fn rocm6_programs_need_so6_with_its_versions_and_run() {
    let Some(clang) = clang() else {
        eprintln!("skipped: clang-22 is not installed");
        return;
    };
    let work = work_dir("rocm6-link");
    let exe = build(&clang, &work, &["vector_add"], "vector_add", Rocm::V6);
    // The llvm-readelf of the same LLVM as clang.
    let r = Command::new(clang.with_file_name("llvm-readelf"))
        .args(["-d", "-V", "--dyn-syms"])
        .arg(&exe)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&r.stdout);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    assert!(
        text.contains("Shared library: [libamdhip64.so.6]"),
        "{text}"
    );
    assert!(!text.contains("libamdhip64.so.5"), "{text}");
    for sym in [
        "hipMalloc@hip_4.2",
        "__hipRegisterFatBinary@hip_4.2",
        "hipLaunchKernel@hip_4.2",
        "hipGetDevicePropertiesR0600@hip_6.0",
    ] {
        assert!(text.contains(sym), "{sym}:\n{text}");
    }
    run_everywhere(&work, &exe, vector_add_output);
    let _ = std::fs::remove_dir_all(&work);
    program_as(Rocm::V6, &["managed"], |_| "OK managed 111".into());
    program_as(Rocm::V6, &["globals"], |_| "OK globals".into());
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
    let exe = build(&clang, &work, &["vector_add"], "vector_add", Rocm::V5);
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
    for (name, node) in silk_hip::ENTRY_POINTS {
        assert!(
            text.contains(&format!(" {name}@@{node}")),
            "{name} is not at {node}"
        );
    }
    // ROCm 6.0's nodes, which include ROCm 5.2's.
    for node in [
        "hip_4.2", "hip_4.3", "hip_4.4", "hip_4.5", "hip_5.0", "hip_5.1", "hip_5.2", "hip_5.3",
        "hip_5.5", "hip_5.6", "hip_6.0",
    ] {
        assert!(text.contains(&format!("Name: {node}")), "{node}");
    }
    assert!(
        text.contains(" hipGetDevicePropertiesR0600@@hip_6.0"),
        "{text}"
    );
}

#[test]
fn the_hip_run_wrapper_runs_an_application_with_its_status() {
    let Some(clang) = clang() else {
        eprintln!("skipped: clang-22 is not installed");
        return;
    };
    let work = work_dir("wrapper");
    let exe = build(&clang, &work, &["errors"], "errors", Rocm::V5);
    let lib = silk_hip::wrapper::find_library(Some(&library())).unwrap();
    assert_eq!(
        silk_hip::wrapper::run(&exe, &[], Some(&lib), Some("gfx1151")),
        Ok(0)
    );
    // The application's failure is the wrapper's status.
    let vexe = build(&clang, &work, &["vector_add"], "vector_add", Rocm::V5);
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
