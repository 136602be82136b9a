//! Writing the files the commands produce.

use std::path::Path;

/// Writes `bytes` to `path`, naming the path in the error. An existing
/// regular file is unlinked and created afresh rather than truncated:
/// on ext4, rewriting a truncated file makes `close` start writeback
/// (the `auto_da_alloc` safeguard), which costs about 0.1 ms, more than
/// assembling a small kernel. The result is what a linker's
/// write-then-rename leaves: a new file at the path. Symlinks and
/// devices (`-o /dev/null`) are written through as before.
pub fn write(path: impl AsRef<Path>, bytes: &[u8]) -> Result<(), String> {
    let path = path.as_ref();
    if std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file()) {
        // If it cannot be removed, the write below truncates it instead.
        let _ = std::fs::remove_file(path);
    }
    std::fs::write(path, bytes).map_err(|e| format!("cannot write `{}`: {e}", path.display()))
}

#[cfg(test)]
mod tests {
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
        let err = super::write(dir.join("no/such/dir/k.hsaco"), b"x").unwrap_err();
        assert!(
            err.starts_with("cannot write `") && err.contains("no/such/dir"),
            "{err}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
