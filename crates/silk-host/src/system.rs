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

/// glibc libraries that older glibc (before 2.34) kept apart from
/// `libc.so.6` and Rust's standard library names (`--print
/// native-static-libs`: `-lutil -lrt -lpthread -ldl`); since 2.34 they are
/// empty stubs. Linked `--as-needed` when present.
const LEGACY: [&str; 4] = [
    "libpthread.so.0",
    "libdl.so.2",
    "librt.so.1",
    "libutil.so.1",
];

/// The parts of the system's glibc an executable is linked against.
#[derive(Debug, Clone)]
pub struct SystemLibraries {
    pub interpreter: PathBuf,
    pub libc: PathBuf,
    /// `fmod` for `%` on floats.
    pub libm: PathBuf,
    /// Unwinding for the Rust runtime archive.
    pub libgcc_s: PathBuf,
    /// Those of [`LEGACY`] found, for older glibc (the runtime archive's
    /// `native-static-libs`; the archive needs `libm` too).
    pub legacy: Vec<PathBuf>,
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
        let search = |what: &str| dirs.iter().map(|d| d.join(what)).find(|p| p.is_file());
        let find = |what: &'static str| {
            search(what).ok_or_else(|| Error::MissingSystemLibrary {
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
            legacy: LEGACY.iter().filter_map(|l| search(l)).collect(),
        })
    }

    /// The shared libraries to link, in order (all `--as-needed`).
    pub fn shared(&self) -> impl Iterator<Item = &Path> {
        [&self.libc, &self.libm, &self.libgcc_s]
            .into_iter()
            .chain(&self.legacy)
            .map(PathBuf::as_path)
    }
}
