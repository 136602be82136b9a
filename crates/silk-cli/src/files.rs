//! Reading the commands' input files and writing what they produce.

use crate::error::{Error, Result};
use silk_lang::{FsLoader, Options, Session};
use std::path::Path;

/// Files at least this large are mapped rather than read: copying 11 MB
/// into fresh memory costs about 9 ms of page faults, mapping it about 1.5.
const MAP_AT_LEAST: u64 = 256 * 1024;

/// An input file, read (and checked to be UTF-8) or mapped.
pub enum Text {
    Read(String),
    Mapped { path: String, map: memmap2::Mmap },
}

impl Text {
    /// The file's text. A mapped file is checked here, on every call, so
    /// a file rewritten under the map is an error rather than bad text.
    pub fn as_str(&self) -> Result<&str> {
        match self {
            Text::Read(s) => Ok(s),
            Text::Mapped { path, map } => {
                std::str::from_utf8(map).map_err(|source| Error::NotUtf8 {
                    path: path.clone(),
                    source,
                })
            }
        }
    }
}

/// A Silk session of the source `files` (the root package's first),
/// whose imports are read from disk.
pub fn session(files: &[String], nostd: bool) -> Result<Session> {
    let mut session = Session::new(Options {
        nostd,
        ..Default::default()
    })
    .with_loader(Box::new(FsLoader));
    for file in files {
        let text = silk_lang::read_source_file(file).map_err(|source| Error::Read {
            path: file.clone(),
            source,
        })?;
        session.add_file(file.clone(), text);
    }
    Ok(session)
}

/// Reads `path`, naming the path in the error. Large regular files are
/// mapped read-only, as LLVM's tools map their inputs; as with them, a
/// file truncated by another process while `silk` reads it ends the
/// process with SIGBUS.
pub fn read_text(path: &str) -> Result<Text> {
    let cannot = |source: std::io::Error| Error::Read {
        path: path.to_string(),
        source,
    };
    let file = std::fs::File::open(path).map_err(cannot)?;
    let meta = file.metadata().map_err(cannot)?;
    if !meta.is_file() || meta.len() > silk_lang::MAX_SOURCE_BYTES {
        // Too large, or a pipe or device of unknown size: read to the cap.
        let size = meta.is_file().then_some(meta.len());
        return silk_lang::read_source(file, size)
            .map(Text::Read)
            .map_err(|e| match e.get_ref().and_then(|e| e.downcast_ref()) {
                Some(&source) => Error::NotUtf8 {
                    path: path.to_string(),
                    source,
                },
                None => cannot(e),
            });
    }
    if meta.len() >= MAP_AT_LEAST {
        // SAFETY: the map is private and read-only; its bytes are only
        // read through `as_str`, which checks them.
        let map = unsafe { memmap2::Mmap::map(&file) }.map_err(cannot)?;
        let path = path.to_string();
        return Ok(Text::Mapped { path, map });
    }
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(&mut &file, &mut bytes).map_err(cannot)?;
    String::from_utf8(bytes)
        .map(Text::Read)
        .map_err(|e| Error::NotUtf8 {
            path: path.to_string(),
            source: e.utf8_error(),
        })
}

/// Writes `bytes` to `path`, naming the path in the error. An existing
/// regular file is unlinked and created afresh rather than truncated:
/// on ext4, rewriting a truncated file makes `close` start writeback
/// (the `auto_da_alloc` safeguard), which costs about 0.1 ms, more than
/// assembling a small kernel. The result is what a linker's
/// write-then-rename leaves: a new file at the path. Symlinks and
/// devices (`-o /dev/null`) are written through as before.
pub fn write(path: impl AsRef<Path>, bytes: &[u8]) -> Result<()> {
    let path = path.as_ref();
    if std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file()) {
        // If it cannot be removed, the write below truncates it instead.
        let _ = std::fs::remove_file(path);
    }
    std::fs::write(path, bytes).map_err(|source| Error::Write {
        path: path.display().to_string(),
        source,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn reads_small_and_mapped_files_alike() {
        let dir = std::env::temp_dir().join(format!("silk-input-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for (name, len) in [
            ("small.s", 100),
            ("large.s", super::MAP_AT_LEAST as usize + 5),
        ] {
            let path = dir.join(name);
            let text: String = "s_nop 0\n".chars().cycle().take(len).collect();
            std::fs::write(&path, &text).unwrap();
            let read = super::read_text(path.to_str().unwrap()).unwrap();
            assert_eq!(read.as_str().unwrap(), text);
            let mapped = matches!(read, super::Text::Mapped { .. });
            assert_eq!(mapped, len >= super::MAP_AT_LEAST as usize, "{name}");
            let mut bad = text.into_bytes();
            bad[len / 2] = 0xff;
            std::fs::write(&path, &bad).unwrap();
            let err = super::read_text(path.to_str().unwrap())
                .and_then(|t| t.as_str().map(str::len))
                .unwrap_err();
            let err = err.to_string();
            assert!(err.contains("is not UTF-8 text"), "{err}");
        }
        let err = super::read_text("/no/such/file.s")
            .err()
            .unwrap()
            .to_string();
        assert!(err.starts_with("cannot read `/no/such/file.s`"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn replaces_files_and_writes_through_symlinks() {
        let dir = std::env::temp_dir().join(format!("silk-output-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("k.hsaco");
        super::write(&file, b"a longer first version").unwrap();
        super::write(&file, b"second").unwrap();
        assert_eq!(std::fs::read(&file).unwrap(), b"second");
        #[cfg(unix)]
        {
            let link = dir.join("link.hsaco");
            let _ = std::fs::remove_file(&link);
            std::os::unix::fs::symlink(&file, &link).unwrap();
            super::write(&link, b"third").unwrap();
            assert!(std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink());
            assert_eq!(std::fs::read(&file).unwrap(), b"third");
        }
        let err = super::write(dir.join("no/such/dir/k.hsaco"), b"x")
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("cannot write `") && err.contains("no/such/dir"),
            "{err}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
