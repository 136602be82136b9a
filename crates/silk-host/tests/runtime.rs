//! A Cranelift-built `main` that drives the GPU through the runtime
//! archive's `silk_rt_gpu_*` functions, linked with `libsilk_rt.a` and
//! given a Silk GPU bundle of silk-driver's `fill` kernel: it runs on the
//! emulator provider, exits 77 where HIP reports no device, says why
//! without a bundle, and runs clean under valgrind.

mod support;

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{InstBuilder, Value};
use silk_runtime::{BundleWriter, ProviderKind};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use support::{Main, I32, I64};

const PROCESSORS: [&str; 3] = ["gfx942", "gfx1100", "gfx1151"];
/// Work items the program fills (in workgroups of 16).
const ITEMS: i64 = 64;

/// Prints the runtime's last error on stderr.
fn print_last_error(m: &mut Main) {
    let out = m.stack(16);
    let len_out = m.b.ins().iadd_imm_s(out, 8);
    m.call("silk_rt_gpu_last_error", &[I64, I64], &[], &[out, len_out]);
    let ptr = m.load(I64, out, 0);
    let len = m.load(I64, out, 8);
    m.write(2, ptr, len);
    let nl = m.data(b"\n");
    let one = m.iconst(I64, 1);
    m.write(2, nl, one);
}

/// `if status != 0 { print last error; return code }`.
fn check_status(m: &mut Main, status: Value, code: i32) {
    let failed = m.b.ins().icmp_imm_s(IntCC::NotEqual, status, 0);
    m.bail_if(failed, code, print_last_error);
}

/// The program: exit 77 (with the reason on stderr) unless the GPU is
/// supported; print the provider's name; fill a 64-item buffer with
/// `40 + argc`, download it, check every item, close it; exit 0. Every
/// failing step prints the last error and exits with its own status.
fn gpu_fill_object() -> Vec<u8> {
    support::main_object("gpu_fill", |m| {
        let supported = m.call("silk_rt_gpu_is_supported", &[], &[I64], &[])[0];
        let unsupported = m.b.ins().icmp_imm_s(IntCC::Equal, supported, 0);
        m.bail_if(unsupported, 77, print_last_error);
        let name = m.stack(16);
        let name_len = m.b.ins().iadd_imm_s(name, 8);
        m.call(
            "silk_rt_gpu_provider_name",
            &[I64, I64],
            &[],
            &[name, name_len],
        );
        let (p, l) = (m.load(I64, name, 0), m.load(I64, name, 8));
        m.write(1, p, l);

        // Buffer.alloc(ITEMS * 4): the spec's (address, byte_len, device).
        let buffer = m.stack(16);
        let device = m.b.ins().iadd_imm_s(buffer, 8);
        let bytes = m.iconst(I64, ITEMS * 4);
        m.call(
            "silk_rt_gpu_buffer_alloc",
            &[I64, I64, I64],
            &[],
            &[bytes, buffer, device],
        );
        let address = m.load(I64, buffer, 0);
        let device_index = m.load(I64, buffer, 8);
        let failed = m.b.ins().icmp_imm_s(IntCC::Equal, address, 0);
        m.bail_if(failed, 2, print_last_error);

        let value = m.b.ins().iadd_imm_s(m.argc, 40);
        let value = m.b.ins().uextend(I64, value);
        let args = m.stack(16);
        m.store(address, args, 0);
        m.store(value, args, 8);
        let kernel = m.data(b"fill");
        let kernel_len = m.iconst(I64, 4);
        let grid = m.iconst(I64, ITEMS);
        let workgroup = m.iconst(I64, 16);
        let count = m.iconst(I64, 2);
        let s = m.call(
            "silk_rt_gpu_launch",
            &[I64; 6],
            &[I64],
            &[kernel, kernel_len, grid, workgroup, args, count],
        )[0];
        check_status(m, s, 3);
        let s = m.call("silk_rt_gpu_synchronize", &[], &[I64], &[])[0];
        check_status(m, s, 4);

        let host = m.stack(ITEMS as u32 * 4);
        let s = m.call(
            "silk_rt_gpu_buffer_download",
            &[I64; 4],
            &[I64],
            &[address, device_index, host, bytes],
        )[0];
        check_status(m, s, 5);
        let expected = m.b.ins().ireduce(I32, value);
        for i in 0..ITEMS as i32 {
            let got = m.load(I32, host, 4 * i);
            let wrong = m.b.ins().icmp(IntCC::NotEqual, got, expected);
            m.return_if(wrong, 6);
        }
        let s = m.call(
            "silk_rt_gpu_buffer_close",
            &[I64, I64],
            &[I64],
            &[address, device_index],
        )[0];
        check_status(m, s, 7);
        m.iconst(I32, 0)
    })
}

fn dir() -> PathBuf {
    support::scratch_dir(env!("CARGO_TARGET_TMPDIR").as_ref())
}

/// The program linked with the runtime archive, without a bundle.
fn linked(name: &str) -> PathBuf {
    let archive = silk_host::write_runtime_archive(&dir()).unwrap();
    support::link(&dir(), name, &gpu_fill_object(), &[archive])
}

/// A copy of `exe` with the `fill` kernel's bundle for `processor`.
fn bundled(exe: &Path, processor: &str) -> PathBuf {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/device/fill.slk"),
    )
    .unwrap();
    let objs = match silk_driver::build_device_sources(&[("fill.slk", &text)], processor) {
        Ok((_, objs)) => objs,
        Err((session, diags)) => panic!("{}", session.render(&diags)),
    };
    let mut image = std::fs::read(exe).unwrap();
    let mut w = BundleWriter::new(ProviderKind::Hip, processor).unwrap();
    for o in objs {
        w.add(&o.entry.name, o.entry.explicit_kernarg_size(), o.bytes)
            .unwrap();
    }
    w.append_to(&mut image).unwrap();
    let path = exe.with_file_name(format!(
        "{}-{processor}",
        exe.file_name().unwrap().to_str().unwrap()
    ));
    std::fs::write(&path, &image).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

fn run(exe: &Path, provider: Option<&str>, args: &[&str]) -> Output {
    let mut c = Command::new(exe);
    c.args(args).env_remove("SILK_HIP_LIBRARY");
    match provider {
        Some(p) => c.env("SILK_GPU_PROVIDER", p),
        None => c.env_remove("SILK_GPU_PROVIDER"),
    };
    silk_testsupport::output(&mut c)
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn the_runtime_archive_is_a_stripped_archive_with_the_abi() {
    let a = silk_host::runtime_archive();
    assert!(a.starts_with(b"!<arch>\n"));
    let file = object::read::archive::ArchiveFile::parse(a).unwrap();
    let symbols: Vec<String> = file
        .symbols()
        .unwrap()
        .unwrap()
        .filter_map(|s| s.ok())
        .map(|s| String::from_utf8_lossy(s.name()).into_owned())
        .collect();
    for f in [
        "silk_rt_gpu_launch",
        "silk_rt_gpu_buffer_download_on",
        "silk_rt_gpu_last_error",
    ] {
        assert!(symbols.iter().any(|s| s == f), "{f} is not in the index");
    }
    // Stripping is idempotent: nothing is left to strip.
    assert_eq!(silk_host::strip_debug(a).unwrap().len(), a.len());
}

#[test]
fn fill_runs_on_the_emulator_provider_for_every_processor() {
    let exe = linked("gpu-fill-emu");
    for p in PROCESSORS {
        let app = bundled(&exe, p);
        // 40 + argc: argc is 1, then 3.
        for args in [&[][..], &["x", "y"][..]] {
            let out = run(&app, Some("emulator"), args);
            assert_eq!(out.status.code(), Some(0), "{p}: {}", text(&out.stderr));
            assert_eq!(text(&out.stdout), "emulator");
        }
    }
}

#[test]
fn without_a_device_the_program_exits_77() {
    // The default provider is HIP: this machine's libamdhip64 loads (or not)
    // and reports no device either way.
    let exe = bundled(&linked("gpu-fill-hip"), "gfx942");
    let out = run(&exe, None, &[]);
    assert_eq!(out.status.code(), Some(77), "{out:?}");
    assert!(
        text(&out.stderr).contains("HIP") || text(&out.stderr).contains("hip"),
        "{}",
        text(&out.stderr)
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn without_a_bundle_the_last_error_says_so() {
    let exe = linked("gpu-fill-no-bundle");
    let out = run(&exe, Some("emulator"), &[]);
    assert_eq!(out.status.code(), Some(77), "{out:?}");
    let err = text(&out.stderr);
    assert!(err.contains("no valid Silk GPU bundle"), "{err}");
    assert!(err.contains("SLKGPEND"), "{err}");
}

#[test]
fn gpu_programs_run_clean_under_valgrind() {
    if Command::new("valgrind").arg("--version").output().is_err() {
        eprintln!("skipped: valgrind is not installed");
        return;
    }
    let exe = linked("gpu-fill-valgrind");
    let app = bundled(&exe, "gfx1100");
    for (what, path, provider, status) in [
        ("emulator", &app, Some("emulator"), 0),
        ("no bundle", &exe, Some("emulator"), 77),
        ("no device", &app, None, 77),
    ] {
        // The runtime's tables live for the whole process (a static) and
        // are still allocated at exit; a hash table points into the middle
        // of its block, which valgrind calls "possibly lost". Memory errors
        // and definite leaks are errors.
        let mut c = Command::new("valgrind");
        c.args(["-q", "--error-exitcode=99", "--leak-check=full"])
            .args([
                "--show-leak-kinds=definite",
                "--errors-for-leak-kinds=definite",
            ])
            .arg(path)
            .env_remove("SILK_HIP_LIBRARY");
        match provider {
            Some(p) => c.env("SILK_GPU_PROVIDER", p),
            None => c.env_remove("SILK_GPU_PROVIDER"),
        };
        let out = c.output().unwrap();
        assert_eq!(
            out.status.code(),
            Some(status),
            "{what}: {}",
            text(&out.stderr)
        );
        let err = text(&out.stderr);
        assert!(!err.contains("=="), "{what}: valgrind reported\n{err}");
    }
}
