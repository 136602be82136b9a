//! Test support for the Silk crates, kept out of the product crates: only
//! ever a dev-dependency (and a dependency of `xtask`).
//!
//! - [`corpus`]: the device-IR kernel corpus with launch setups and
//!   plain-Rust references, run by the interpreter's and the backend's
//!   differential tests;
//! - [`matrix`]: the MFMA/WMMA tile kernels' inputs, CPU reference and
//!   result lane layout;
//! - [`llvm`]: locating LLVM 22's tools for differential tests, which skip
//!   (saying why) when it is absent.

pub mod corpus;
pub mod llvm;
pub mod matrix;

/// `cmd.output()` for an executable a test has just written. While one
/// test thread writes a file, another thread's `fork` can briefly inherit
/// the open descriptor, and `exec` of that file then fails with ETXTBSY
/// until the child's own `exec` closes it; that is retried.
pub fn output(cmd: &mut std::process::Command) -> std::process::Output {
    const ETXTBSY: i32 = 26;
    let mut tries = 0;
    loop {
        match cmd.output() {
            Err(e) if e.raw_os_error() == Some(ETXTBSY) && tries < 100 => {
                tries += 1;
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            r => return r.unwrap_or_else(|e| panic!("running {cmd:?}: {e}")),
        }
    }
}
