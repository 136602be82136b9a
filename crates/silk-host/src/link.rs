use crate::{Error, SystemLibraries};
use std::path::{Path, PathBuf};

/// What goes into one executable, in link order.
#[derive(Debug, Clone, Default)]
pub struct LinkInputs {
    /// Relocatable objects (the host code).
    pub objects: Vec<PathBuf>,
    /// Static archives: the Silk runtime ([`crate::write_runtime_archive`])
    /// for programs that use `std::gpu`.
    pub archives: Vec<PathBuf>,
}

/// Links `inputs` against the system's glibc into a position-independent
/// executable at `output`: `BIND_NOW` and RELRO (no lazily bound, writable
/// GOT), symbol table kept so debuggers and profilers show Silk names.
pub fn link_executable(
    inputs: &LinkInputs,
    system: &SystemLibraries,
    output: &Path,
) -> Result<(), Error> {
    let mut argv: Vec<String> = [
        "silk-link",
        "-pie",
        "-z",
        "now",
        "-z",
        "relro",
        "--eh-frame-hdr",
    ]
    .map(String::from)
    .into();
    argv.push("--dynamic-linker".into());
    argv.push(system.interpreter.display().to_string());
    argv.push("-o".into());
    argv.push(output.display().to_string());
    for path in inputs.objects.iter().chain(&inputs.archives) {
        argv.push(path.display().to_string());
    }
    // Only what the runtime needs is recorded as DT_NEEDED.
    argv.push("--as-needed".into());
    for lib in system.shared() {
        argv.push(lib.display().to_string());
    }
    argv.push("--no-as-needed".into());

    let mut args = libwild::Args::new(|| argv.iter()).map_err(link)?;
    args.parse(|| argv.iter()).map_err(link)?;
    libwild::run(args).map_err(link)
}

fn link(e: libwild::error::Error) -> Error {
    Error::Link(e.to_string())
}
