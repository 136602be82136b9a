//! The runtime archive, embedded at build time (see `build.rs`).

use crate::Error;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// The file name [`write_runtime_archive`] gives the archive:
/// `libsilk_rt-<content hash>.a`, the hash computed by the build script.
pub const RUNTIME_ARCHIVE_NAME: &str = concat!("libsilk_rt-", env!("SILK_RT_ARCHIVE_HASH"), ".a");

static ARCHIVE: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/libsilk_rt.a"));

/// `libsilk_rt.a` for `x86_64-unknown-linux-gnu`: the `silk_rt_gpu_*`
/// functions over `silk-runtime`, with Rust's standard library, built with
/// this crate's profile, debug information stripped and symbols kept. It
/// needs `libc.so.6`, `libm.so.6` and `libgcc_s.so.1` at link time
/// ([`crate::SystemLibraries`]; [`crate::link_executable`] adds them).
pub fn runtime_archive() -> &'static [u8] {
    ARCHIVE
}

/// Writes [`runtime_archive`] as `dir/`[`RUNTIME_ARCHIVE_NAME`] unless
/// that file exists with the archive's length (the name is the content's
/// hash, and writes are atomic, so the bytes need not be read back) for
/// [`crate::LinkInputs::archives`]; its path.
pub fn write_runtime_archive(dir: &Path) -> Result<PathBuf, Error> {
    let path = dir.join(RUNTIME_ARCHIVE_NAME);
    let io = |source| Error::Io {
        path: path.clone(),
        source,
    };
    let same = std::fs::metadata(&path).is_ok_and(|m| m.len() == ARCHIVE.len() as u64);
    if !same {
        std::fs::create_dir_all(dir).map_err(|source| Error::Io {
            path: dir.to_path_buf(),
            source,
        })?;
        // Through a temporary name, so a concurrent link never reads half.
        static WRITES: AtomicU64 = AtomicU64::new(0);
        let n = WRITES.fetch_add(1, Ordering::Relaxed);
        let tmp = dir.join(format!(
            "{RUNTIME_ARCHIVE_NAME}.{}.{n}.tmp",
            std::process::id()
        ));
        std::fs::write(&tmp, ARCHIVE).map_err(|source| Error::Io {
            path: tmp.clone(),
            source,
        })?;
        // Hard-linking never replaces a file that appeared meanwhile: a link
        // already reading that one (libwild checks its inputs did not change
        // while it ran) keeps seeing the same file.
        // (A copy of another length, say a truncated one, goes first.)
        if std::fs::metadata(&path).is_ok_and(|m| m.len() != ARCHIVE.len() as u64) {
            let _ = std::fs::remove_file(&path);
        }
        let linked = std::fs::hard_link(&tmp, &path);
        let _ = std::fs::remove_file(&tmp);
        match linked {
            Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists => return Err(io(e)),
            _ if std::fs::metadata(&path).map_err(io)?.len() != ARCHIVE.len() as u64 => {
                return Err(io(std::io::Error::other(
                    "a runtime archive of another size is in the way",
                )));
            }
            _ => {}
        }
    }
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cached_archive_is_named_by_its_content_and_replaced_when_its_length_differs() {
        assert_eq!(
            RUNTIME_ARCHIVE_NAME,
            format!(
                "libsilk_rt-{:016x}.a",
                crate::archive::content_hash(ARCHIVE)
            )
        );
        let dir = std::env::temp_dir().join(format!("silk-host-rt-cache-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = write_runtime_archive(&dir).unwrap();
        assert_eq!(path, dir.join(RUNTIME_ARCHIVE_NAME));
        assert!(std::fs::read(&path).unwrap() == ARCHIVE);
        // A truncated copy (another length) is written again.
        std::fs::write(&path, b"!<arch>\n").unwrap();
        write_runtime_archive(&dir).unwrap();
        assert!(std::fs::read(&path).unwrap() == ARCHIVE);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
