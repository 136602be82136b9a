//! `silk` on hostile input and in hostile surroundings: closed pipes,
//! huge or degenerate files. Each case ends in a quiet exit or a clear
//! error, never a panic, a crash or an exhausted machine.

use std::process::{Command, Stdio};

mod support;
use support::{
    root, vector_add_args, vector_add_launch, vector_add_object, with_first_load_memsz, VECTOR_ADD,
};

fn scratch_dir() -> std::path::PathBuf {
    std::env::temp_dir().join(format!("silk-hostile-{}", std::process::id()))
}

/// The scratch directory goes when the test process exits.
extern "C" fn remove_scratch() {
    let _ = std::fs::remove_dir_all(scratch_dir());
}

fn tmp(name: &str) -> std::path::PathBuf {
    static CLEANUP: std::sync::Once = std::sync::Once::new();
    extern "C" {
        fn atexit(f: extern "C" fn()) -> i32;
    }
    // SAFETY: registers a plain function to run at process exit.
    CLEANUP.call_once(|| unsafe {
        atexit(remove_scratch);
    });
    let dir = scratch_dir();
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Runs `silk args` with stdout a pipe whose reading end is already
/// closed; returns (exit code or signal, stderr).
fn into_closed_pipe(args: &[&str]) -> (Option<i32>, Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_silk"))
        .current_dir(root())
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    #[cfg(unix)]
    let signal = std::os::unix::process::ExitStatusExt::signal(&out.status);
    #[cfg(not(unix))]
    let signal = None;
    (
        out.status.code(),
        signal,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn every_subcommand_exits_quietly_into_a_closed_pipe() {
    let src = tmp("pipe.s");
    let mut text = String::from(".amdgcn_target \"amdgcn-amd-amdhsa--gfx942\"\n");
    for _ in 0..20_000 {
        text.push_str("s_nop 0\n");
    }
    std::fs::write(&src, text).unwrap();
    let bytes = tmp("pipe.txt");
    std::fs::write(&bytes, "0x00 0x00 0x80 0xbf\n".repeat(50_000)).unwrap();
    let src = src.to_str().unwrap();
    let bytes = bytes.to_str().unwrap();
    let cases: Vec<Vec<&str>> = vec![
        vec!["targets"],
        vec!["--help"],
        vec!["inspect", VECTOR_ADD],
        vec!["disasm", VECTOR_ADD],
        vec!["disasm", "--target", "gfx942", bytes],
        vec!["asm", "--show-encoding", "--target", "gfx942", src],
        vec!["check", "--target", "gfx942", "examples/kernels/add.slk"],
        vec![
            "build",
            "--target",
            "gfx942",
            "examples/kernels/add.slk",
            "-o",
            "/dev/stdout",
        ],
        vector_add_args(VECTOR_ADD),
    ];
    for args in &cases {
        let (code, signal, stderr) = into_closed_pipe(args);
        assert!(
            !stderr.contains("panicked") && !stderr.contains("Broken pipe"),
            "silk {args:?}: {stderr}"
        );
        // Killed by SIGPIPE (13) as coreutils are, or done before writing.
        assert!(
            signal == Some(13) || code == Some(0),
            "silk {args:?}: exit {code:?} signal {signal:?}: {stderr}"
        );
    }
}

/// Address space a limited child may use: enough for the debug binary and
/// what the commands need, far below what the old code took.
const AS_LIMIT: u64 = 1 << 30;

/// Runs `silk args` with its address space capped at `AS_LIMIT` (Linux)
/// and a two-minute timeout; returns (success, stdout, stderr).
fn limited(args: &[&str]) -> (bool, String, String) {
    limited_with(args, None)
}

/// What a test writes to a child's standard input (on its own thread).
type Feed = Box<dyn FnOnce(std::process::ChildStdin) + Send>;

/// [`limited`] with standard input fed by `feed` (else none).
fn limited_with(args: &[&str], feed: Option<Feed>) -> (bool, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_silk"));
    cmd.current_dir(root())
        .args(args)
        .stdin(if feed.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::process::CommandExt;
        #[repr(C)]
        struct RLimit {
            cur: u64,
            max: u64,
        }
        extern "C" {
            fn setrlimit(resource: i32, rlim: *const RLimit) -> i32;
        }
        const RLIMIT_AS: i32 = 9;
        // SAFETY: setrlimit is async-signal-safe and touches no Rust state.
        unsafe {
            cmd.pre_exec(|| {
                let l = RLimit {
                    cur: AS_LIMIT,
                    max: AS_LIMIT,
                };
                if setrlimit(RLIMIT_AS, &l) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
    }
    let mut child = cmd.spawn().unwrap();
    if let (Some(feed), Some(stdin)) = (feed, child.stdin.take()) {
        std::thread::spawn(move || feed(stdin));
    }
    let (mut out, mut err) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        std::io::Read::read_to_end(&mut out, &mut s).unwrap();
        s
    });
    let mut e = Vec::new();
    std::io::Read::read_to_end(&mut err, &mut e).unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("silk {args:?} did not finish in 120 s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    let o = reader.join().unwrap();
    let (o, e) = (
        String::from_utf8_lossy(&o).into_owned(),
        String::from_utf8_lossy(&e).into_owned(),
    );
    assert!(
        !e.contains("panicked") && !e.contains("memory allocation of"),
        "silk {args:?}: {e}"
    );
    #[cfg(unix)]
    assert_eq!(
        std::os::unix::process::ExitStatusExt::signal(&status),
        None,
        "silk {args:?} was killed: {e}"
    );
    (status.success(), o, e)
}

/// File offset of virtual address `vaddr` in `obj`.
fn file_offset(obj: &[u8], vaddr: u64) -> usize {
    let co = silk_amdgpu::code_object::read(obj).unwrap();
    let s = co
        .segments
        .iter()
        .find(|s| s.p_type == 1 && vaddr >= s.vaddr && vaddr < s.vaddr + s.filesz)
        .unwrap();
    (vaddr - s.vaddr + s.offset) as usize
}

fn kernel_addresses(obj: &[u8]) -> (u64, u64) {
    let co = silk_amdgpu::code_object::read(obj).unwrap();
    let k = co.kernels.iter().find(|k| k.name == "vector_add").unwrap();
    (k.entry_address, k.descriptor_address)
}

fn emu_vector_add(file: &str, extra: &[&str]) -> (bool, String, String) {
    let mut args = vector_add_args(file);
    args.extend_from_slice(extra);
    limited(&args)
}

#[test]
fn emu_declared_sizes_are_errors_or_cost_only_what_is_used() {
    let obj = vector_add_object();
    let (_, kd) = kernel_addresses(&obj);
    // A descriptor declaring 4 GiB of private memory per lane.
    let mut huge_private = obj.clone();
    let at = file_offset(&obj, kd) + 4; // PRIVATE_SEGMENT_FIXED_SIZE
    huge_private[at..at + 4].copy_from_slice(&u32::MAX.to_le_bytes());
    let p = tmp("huge_private.hsaco");
    std::fs::write(&p, &huge_private).unwrap();
    let (ok, _, err) = emu_vector_add(p.to_str().unwrap(), &[]);
    assert!(!ok);
    assert!(
        err.contains("private memory per lane") && err.contains("at most"),
        "{err}"
    );
    // The first PT_LOAD declaring 256 MiB: mapped, touched only where used.
    let big_load = with_first_load_memsz(&obj, 256 << 20);
    let p = tmp("big_load.hsaco");
    std::fs::write(&p, &big_load).unwrap();
    let (ok, out, err) = emu_vector_add(p.to_str().unwrap(), &[]);
    assert!(ok, "{err}");
    assert!(out.starts_with("vector_add: 1 workgroups"), "{out}");
    // Beyond --max-memory: an error before anything is allocated.
    let (ok, _, err) = emu_vector_add(p.to_str().unwrap(), &["--max-memory", "64M"]);
    assert!(!ok);
    assert!(
        err.contains("code image") && err.contains("--max-memory"),
        "{err}"
    );
    // Buffers of impossible sizes.
    for size in ["18446744073709551615", "1000000000000", "5G"] {
        let spec = format!("buf:big=zero:{size}");
        let (ok, _, err) = limited(&vector_add_launch(VECTOR_ADD, "64", "64", &[&spec]));
        assert!(!ok);
        assert!(
            err.contains(&format!("--arg `{spec}`")) && err.contains("exceeds"),
            "{err}"
        );
    }
}

/// A buffer read from a device that never ends (`@/dev/zero`): read up
/// to the documented cap, then a clear error (it read until memory ran
/// out before).
#[test]
fn emu_reads_an_endless_buffer_file_only_to_a_cap() {
    let args = ["buf:out=@/dev/zero", "buf:in=zero:256", "i32:64"];
    let (ok, _, err) = limited(&vector_add_launch(VECTOR_ADD, "64", "64", &args));
    assert!(!ok);
    assert!(
        err.contains("--arg `buf:out=@/dev/zero`")
            && err.contains("a pipe or device is read up to 268435456 bytes"),
        "{err}"
    );
}

/// A code object through a pipe reads as from its file (the first bytes,
/// which say what it is, are not lost), and a pipe that starts like one
/// and never ends is read only to a cap (before: its first bytes were
/// read twice, and an endless one was read until memory ran out).
#[test]
fn code_objects_from_pipes_read_once_and_to_a_cap() {
    let obj = vector_add_object();
    let piped = |args: &[&str]| {
        let obj = obj.clone();
        let feed: Feed = Box::new(move |mut stdin| {
            let _ = std::io::Write::write_all(&mut stdin, &obj);
        });
        limited_with(args, Some(feed))
    };
    let endless = |args: &[&str]| {
        let feed: Feed = Box::new(|mut stdin| {
            let _ = std::io::Write::write_all(&mut stdin, b"\x7fELF");
            let zeros = vec![0u8; 1 << 16];
            while std::io::Write::write_all(&mut stdin, &zeros).is_ok() {}
        });
        limited_with(args, Some(feed))
    };
    for cmd in ["inspect", "disasm"] {
        let (ok, want, err) = limited(&[cmd, VECTOR_ADD]);
        assert!(ok, "{err}");
        let (ok, got, err) = piped(&[cmd, "/dev/stdin"]);
        assert!(ok, "silk {cmd} /dev/stdin: {err}");
        assert_eq!(
            got.replace("/dev/stdin", VECTOR_ADD),
            want,
            "silk {cmd} from a pipe"
        );
    }
    let mut args = vector_add_args("/dev/stdin");
    args.retain(|a| *a != "--no-hazards");
    let (ok, out, err) = piped(&args);
    assert!(ok && out.starts_with("vector_add: 1 workgroups"), "{err}");
    for cmd in ["inspect", "disasm", "emu"] {
        let mut args = vec![cmd, "/dev/stdin"];
        if cmd == "emu" {
            args.extend(["--kernel", "k", "--grid", "1", "--block", "1"]);
        }
        let (ok, _, err) = endless(&args);
        assert!(!ok);
        assert!(
            err.contains("a code object from a pipe or device is read up to 256 MiB"),
            "silk {cmd}: {err}"
        );
    }
}

#[test]
fn emu_names_the_cause_of_bad_metadata_and_kernarg_sizes() {
    let obj = vector_add_object();
    // A metadata key misspelt: the note no longer decodes; say why.
    let mut bad_meta = obj.clone();
    let at = obj.windows(7).position(|w| w == b".offset").unwrap();
    bad_meta[at + 4] = b'z';
    let p = tmp("bad_meta.hsaco");
    std::fs::write(&p, &bad_meta).unwrap();
    let (ok, _, err) = emu_vector_add(p.to_str().unwrap(), &[]);
    assert!(!ok);
    assert!(
        err.contains("metadata note does not decode") && err.contains("`.offset` is missing"),
        "{err}"
    );
    // A descriptor declaring a 4 GiB kernarg segment: a whole sentence.
    let (_, kd) = kernel_addresses(&obj);
    let mut big_kernarg = obj.clone();
    let at = file_offset(&obj, kd) + 8; // KERNARG_SIZE
    big_kernarg[at..at + 4].copy_from_slice(&u32::MAX.to_le_bytes());
    let p = tmp("big_kernarg.hsaco");
    std::fs::write(&p, &big_kernarg).unwrap();
    let (ok, _, err) = emu_vector_add(p.to_str().unwrap(), &[]);
    assert!(!ok);
    assert!(
        err.contains(
            "declares a kernarg segment of 4294967295 bytes; the emulator allows at most 1048576"
        ),
        "{err}"
    );
}

#[test]
fn emu_reports_a_grid_by_its_axes_and_their_product() {
    // The largest axes: the product needs 96 bits (it overflowed 64 bits,
    // a panic in debug builds and a wrong count in release ones).
    for (grid, block, want) in [
        (
            "100000,100000,100000",
            "10,10,10",
            "a grid of 100000x100000x100000 work-items in workgroups of 10x10x10 is 10000x10000x10000 = 1000000000000 workgroups",
        ),
        (
            "4294967295,4294967295,4294967295",
            "64",
            "is 67108864x4294967295x4294967295 = 1237940038708919522662809600 workgroups",
        ),
    ] {
        let args = ["buf:o=zero:4", "buf:i=zero:4", "i32:0"];
        let (ok, _, err) = limited(&vector_add_launch(VECTOR_ADD, grid, block, &args));
        assert!(!ok);
        assert!(err.contains(want), "{err}");
    }
}

#[test]
fn emu_stops_a_runaway_kernel_naming_pc_and_instruction() {
    let mut obj = vector_add_object();
    let (entry, _) = kernel_addresses(&obj);
    let at = file_offset(&obj, entry);
    // s_branch -1 (GFX9 SOPP opcode 2): a loop on itself.
    obj[at..at + 4].copy_from_slice(&0xbf82_ffffu32.to_le_bytes());
    let p = tmp("runaway.hsaco");
    std::fs::write(&p, &obj).unwrap();
    let (ok, _, err) = emu_vector_add(p.to_str().unwrap(), &["--max-instructions", "1000"]);
    assert!(!ok);
    assert!(err.contains("more than 1000 instructions"), "{err}");
    assert!(
        err.contains(&format!("at pc {entry:#x} (entry + 0x0)")),
        "{err}"
    );
    assert!(err.contains("`s_branch "), "{err}");
}

#[test]
fn inspect_and_disasm_read_only_what_they_need_of_a_huge_file() {
    let p = tmp("huge.bin");
    let f = std::fs::File::create(&p).unwrap();
    f.set_len(4 << 30).unwrap(); // sparse: 4 GiB of zeros, no disk
    drop(f);
    let p = p.to_str().unwrap();
    let (ok, _, err) = limited(&["inspect", p]);
    assert!(!ok);
    assert!(err.contains("no ELF magic"), "{err}");
    let (ok, _, err) = limited(&["emu", p, "--kernel", "k", "--grid", "1", "--block", "1"]);
    assert!(!ok);
    assert!(err.contains("no ELF magic"), "{err}");
    let (ok, _, err) = limited(&["disasm", "--target", "gfx942", p]);
    assert!(!ok);
    assert!(err.contains("line is longer than"), "{err}");
    let _ = std::fs::remove_file(p);
}

#[test]
fn source_commands_refuse_huge_files_before_reading_them() {
    let p = tmp("huge.slk");
    let f = std::fs::File::create(&p).unwrap();
    f.set_len(4 << 30).unwrap(); // sparse: 4 GiB of NUL bytes, no disk
    drop(f);
    let p = p.to_str().unwrap();
    let cases: Vec<Vec<&str>> = vec![
        vec!["build", "--target", "gfx942", p, "-o", "/dev/null"],
        vec!["check", "--target", "gfx942", p],
        vec!["asm", "--target", "gfx942", p, "-o", "/dev/null"],
        vec!["asm", "--show-encoding", "--target", "gfx942", p],
        // Endless input: read to the cap, then the same error.
        vec![
            "build",
            "--target",
            "gfx942",
            "/dev/zero",
            "-o",
            "/dev/null",
        ],
        vec!["asm", "--target", "gfx942", "/dev/zero", "-o", "/dev/null"],
    ];
    for args in &cases {
        let (ok, _, err) = limited(args);
        assert!(!ok, "silk {args:?}");
        assert!(
            err.contains("source files may be at most 268435456 bytes"),
            "silk {args:?}: {}",
            &err[..err.len().min(500)]
        );
    }
    let _ = std::fs::remove_file(p);
}

#[test]
fn asm_reports_a_huge_line_briefly() {
    let src = tmp("long.s");
    let mut text = b".amdgcn_target \"amdgcn-amd-amdhsa--gfx942\"\n".to_vec();
    text.extend(std::iter::repeat_n(0u8, 64 << 20));
    text.push(b'\n');
    std::fs::write(&src, text).unwrap();
    let (ok, _, err) = limited(&["asm", src.to_str().unwrap(), "-o", "/dev/null"]);
    assert!(!ok);
    assert!(
        err.contains("long.s:2:1: error:"),
        "{}",
        &err[..err.len().min(500)]
    );
    assert!(err.len() < 8_000, "{} bytes of diagnostics", err.len());
    // The NUL bytes are shown as control pictures, never written raw.
    assert!(err.contains('␀') && !err.contains('\0'), "{err}");
    let _ = std::fs::remove_file(src);
}

#[test]
fn build_reports_bad_characters_briefly() {
    let nul = tmp("nul.slk");
    std::fs::write(&nul, vec![0u8; 100_000]).unwrap();
    let dollars = tmp("dollars.slk");
    std::fs::write(&dollars, "$".repeat(20_000)).unwrap();
    let spaced = tmp("spaced.slk");
    std::fs::write(&spaced, "$ ".repeat(10_000)).unwrap();
    for f in [&nul, &dollars, &spaced] {
        let f = f.to_str().unwrap();
        let (ok, _, err) = limited(&["build", "--target", "gfx942", f, "-o", "/dev/null"]);
        assert!(!ok);
        assert!(
            err.contains("unexpected character"),
            "{f}: {}",
            &err[..err.len().min(500)]
        );
        assert!(
            err.len() < 100_000,
            "{f}: {} bytes of diagnostics",
            err.len()
        );
        assert!(!err.contains('\0'), "{f}: raw NUL bytes in the diagnostics");
    }
}

#[test]
fn asm_reports_huge_expressions_as_located_errors() {
    let chain = "1".to_string() + &"+1".repeat(50_000);
    for line in [format!(".long {chain}"), format!(".set x, {chain}")] {
        let src = tmp("chain.s");
        let text = format!(".amdgcn_target \"amdgcn-amd-amdhsa--gfx942\"\n.text\n{line}\n");
        std::fs::write(&src, text).unwrap();
        let src = src.to_str().unwrap();
        let (ok, _, err) = limited(&["asm", src, "-o", "/dev/null"]);
        assert!(!ok);
        assert!(
            err.contains("chain.s:3:") && err.contains("nested operations"),
            "{}",
            &err[..err.len().min(500)]
        );
        assert!(err.len() < 10_000, "{} bytes", err.len());
    }
}
