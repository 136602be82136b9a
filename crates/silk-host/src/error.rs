use std::path::PathBuf;

/// Everything that can stop a host build, each naming what is wrong.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("cranelift: {0}")]
    Cranelift(String),
    #[error(
        "cannot link: {what} not found (looked in {looked}); install the system's C runtime (glibc, libgcc_s)"
    )]
    MissingSystemLibrary { what: &'static str, looked: String },
    #[error("link failed: {0}")]
    Link(String),
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}
