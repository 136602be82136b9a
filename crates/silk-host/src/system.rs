use crate::Error;
use std::path::{Path, PathBuf};

/// Directories where Debian/Ubuntu (multiarch) and other distributions keep
/// the x86-64 glibc runtime.
const LIBRARY_DIRS: [&str; 6] = [
    "/lib/x86_64-linux-gnu",
    "/usr/lib/x86_64-linux-gnu",
    "/lib64",
    "/usr/lib64",
    "/lib",
    "/usr/lib",
];

/// The program interpreter every x86-64 glibc executable names (the psABI's
/// fixed path), which must exist on the build machine too.
const INTERPRETER: &str = "/lib64/ld-linux-x86-64.so.2";

/// The parts of the system's glibc an executable is linked against.
#[derive(Debug, Clone)]
pub struct SystemLibraries {
    pub interpreter: PathBuf,
    pub libc: PathBuf,
    /// `fmod` for `%` on floats.
    pub libm: PathBuf,
    /// Unwinding for the Rust runtime archive.
    pub libgcc_s: PathBuf,
}

impl SystemLibraries {
    /// Finds them on this machine, naming what is missing.
    pub fn find() -> Result<SystemLibraries, Error> {
        Self::find_in(&LIBRARY_DIRS.map(Path::new), Path::new(INTERPRETER))
    }

    pub fn find_in(dirs: &[&Path], interpreter: &Path) -> Result<SystemLibraries, Error> {
        let looked = || {
            dirs.iter()
                .map(|d| d.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let find = |what: &'static str| {
            dirs.iter()
                .map(|d| d.join(what))
                .find(|p| p.is_file())
                .ok_or_else(|| Error::MissingSystemLibrary {
                    what,
                    looked: looked(),
                })
        };
        if !interpreter.exists() {
            return Err(Error::MissingSystemLibrary {
                what: "the dynamic loader ld-linux-x86-64.so.2",
                looked: interpreter.display().to_string(),
            });
        }
        Ok(SystemLibraries {
            interpreter: interpreter.to_path_buf(),
            libc: find("libc.so.6")?,
            libm: find("libm.so.6")?,
            libgcc_s: find("libgcc_s.so.1")?,
        })
    }
}
