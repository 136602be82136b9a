//! `silk emu` commits only the memory a launch touches. Its own test
//! binary: the child's peak resident memory (`wait4`) also counts the
//! pages it shared with this process before `exec`, so no other test may
//! hold large buffers here while it runs.

use std::process::{Command, Stdio};

mod support;
use support::{root, vector_add_args, vector_add_object, with_first_load_memsz};

/// Runs `silk args` to the end and returns (success, stderr, the child's
/// peak resident memory in KiB, from `wait4`'s rusage).
#[cfg(target_os = "linux")]
fn peak_rss(args: &[&str]) -> (bool, String, u64) {
    #[repr(C)]
    struct RUsage {
        utime: [i64; 2],
        stime: [i64; 2],
        maxrss: i64,
        rest: [i64; 13],
    }
    extern "C" {
        fn wait4(pid: i32, status: *mut i32, options: i32, usage: *mut RUsage) -> i32;
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_silk"))
        .current_dir(root())
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    let (mut status, mut usage) = (
        0,
        RUsage {
            utime: [0; 2],
            stime: [0; 2],
            maxrss: 0,
            rest: [0; 13],
        },
    );
    // SAFETY: waits for our own child, writing into valid locals; `child`
    // is not waited for again.
    let r = unsafe { wait4(child.id() as i32, &mut status, 0, &mut usage) };
    assert_eq!(r, child.id() as i32);
    std::mem::forget(child);
    // Exited (WIFEXITED) with status 0.
    (
        status & 0x7f == 0 && (status >> 8) & 0xff == 0,
        err,
        usage.maxrss as u64,
    )
}

/// A `PT_LOAD` declaring 256 MiB more than the file holds: the emulator
/// commits only the pages the launch touches (it took 262 MiB, a copy
/// of the whole zero tail, before).
#[cfg(target_os = "linux")]
#[test]
fn emu_commits_only_what_a_huge_segment_uses() {
    let big_load = with_first_load_memsz(&vector_add_object(), 256 << 20);
    let p = std::env::temp_dir().join(format!("silk-emu-memory-{}.hsaco", std::process::id()));
    std::fs::write(&p, &big_load).unwrap();
    let (ok, err, kib) = peak_rss(&vector_add_args(p.to_str().unwrap()));
    let _ = std::fs::remove_file(&p);
    assert!(ok, "{err}");
    assert!(kib < 64 << 10, "peak resident memory {kib} KiB");
}
