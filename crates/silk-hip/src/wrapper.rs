//! `silk hip-run ./app`: run a HIP application on this library. A
//! directory of links names the library as every soname applications
//! record (`libamdhip64.so`, `.so.5`, `.so.6`), and is put first in
//! `LD_LIBRARY_PATH`; `SILK_HIP_DEVICE` picks the processors.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The sonames the links provide.
pub const SONAMES: [&str; 3] = ["libamdhip64.so", "libamdhip64.so.5", "libamdhip64.so.6"];

/// The library to use: `explicit`, else `SILK_HIP_LIBRARY`, else
/// `libsilk_hip.so` next to the running executable (where cargo puts
/// both), or in its `deps/`.
pub fn find_library(explicit: Option<&Path>) -> Result<PathBuf, String> {
    let candidate = match explicit {
        Some(p) => p.to_path_buf(),
        None => match std::env::var_os("SILK_HIP_LIBRARY") {
            Some(p) => PathBuf::from(p),
            None => {
                let exe = std::env::current_exe()
                    .map_err(|e| format!("cannot locate the running executable: {e}"))?;
                // `cargo build` puts it next to `silk`; a test build
                // leaves it in `deps/`.
                let next = exe.with_file_name("libsilk_hip.so");
                let deps = exe.with_file_name("deps").join("libsilk_hip.so");
                if next.is_file() || !deps.is_file() {
                    next
                } else {
                    deps
                }
            }
        },
    };
    if candidate.is_file() {
        std::fs::canonicalize(&candidate).map_err(|e| format!("{}: {e}", candidate.display()))
    } else {
        Err(format!(
            "the silk-hip library {} does not exist (build it with `cargo build -p silk-hip`, or name it with --library or SILK_HIP_LIBRARY)",
            candidate.display()
        ))
    }
}

/// Make `dir` hold links named [`SONAMES`] to `library`.
pub fn link_dir(dir: &Path, library: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for name in SONAMES {
        let link = dir.join(name);
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(library, &link)
            .map_err(|e| format!("{}: {e}", link.display()))?;
    }
    Ok(())
}

/// The command running `app` with `args` on `library` (links in `dir`),
/// on `device` (a `SILK_HIP_DEVICE` list) when given.
pub fn command(app: &Path, args: &[String], dir: &Path, device: Option<&str>) -> Command {
    let mut c = Command::new(app);
    c.args(args);
    let path = match std::env::var_os("LD_LIBRARY_PATH") {
        Some(old) if !old.is_empty() => {
            let mut p = dir.as_os_str().to_owned();
            p.push(":");
            p.push(old);
            p
        }
        _ => dir.as_os_str().to_owned(),
    };
    c.env("LD_LIBRARY_PATH", path);
    if let Some(d) = device {
        c.env("SILK_HIP_DEVICE", d);
    }
    c
}

/// Run `app` and return its exit status (128 + signal when killed).
pub fn run(
    app: &Path,
    args: &[String],
    library: Option<&Path>,
    device: Option<&str>,
) -> Result<i32, String> {
    if let Some(d) = device {
        crate::state::parse_devices(d)?;
    }
    let library = find_library(library)?;
    let dir = std::env::temp_dir().join(format!("silk-hip-run-{}", std::process::id()));
    link_dir(&dir, &library)?;
    let status = command(app, args, &dir, device)
        .status()
        .map_err(|e| format!("cannot run {}: {e}", app.display()));
    let _ = std::fs::remove_dir_all(&dir);
    let status = status?;
    use std::os::unix::process::ExitStatusExt;
    Ok(status
        .code()
        .unwrap_or_else(|| 128 + status.signal().unwrap_or(0)))
}
