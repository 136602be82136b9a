//! Why a `silk` command failed: one typed error for every command. `main`
//! prints it as `error: <message>`; the texts are pinned by the CLI tests,
//! so each is written once here.

use std::fmt;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// An input file could not be read.
    #[error("cannot read `{path}`: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    /// An output file could not be written.
    #[error("cannot write `{path}`: {source}")]
    Write {
        path: String,
        source: std::io::Error,
    },
    /// An input file is not UTF-8 text.
    #[error("`{path}` is not UTF-8 text: {source}")]
    NotUtf8 {
        path: String,
        source: std::str::Utf8Error,
    },
    /// Diagnostics were printed; this is the summary line.
    #[error("could not {action} {what} due to {errors} previous error{}", plural(*errors))]
    Diagnostics {
        /// `build`, `check`, `assemble`.
        action: &'static str,
        /// What was being processed (`` `kernel.slk` ``, `the program`).
        what: String,
        errors: usize,
    },
    /// The code generator rejected a device-IR input.
    #[error("{input}: {source}")]
    Codegen {
        input: String,
        source: silk_codegen::Error,
    },
    /// An unknown or malformed target name.
    #[error("{0}")]
    Target(#[from] silk_amdgpu::target::TargetError),
    /// A combination of options or inputs the command does not take.
    #[error("{0}")]
    Usage(String),
    /// A failure a library reported as text (parser, emulator, decoder, ...).
    #[error("{0}")]
    Message(String),
}

fn plural(n: usize) -> Plural {
    Plural(n)
}

struct Plural(usize);

impl fmt::Display for Plural {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 1 {
            Ok(())
        } else {
            f.write_str("s")
        }
    }
}

impl From<String> for Error {
    fn from(message: String) -> Error {
        Error::Message(message)
    }
}

impl From<&str> for Error {
    fn from(message: &str) -> Error {
        Error::Message(message.to_string())
    }
}

/// Results of the commands.
pub type Result<T, E = Error> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::Error;

    #[test]
    fn messages_are_the_pinned_texts() {
        let e = Error::Diagnostics {
            action: "build",
            what: "`k.slk`".into(),
            errors: 1,
        };
        assert_eq!(
            e.to_string(),
            "could not build `k.slk` due to 1 previous error"
        );
        let e = Error::Diagnostics {
            action: "check",
            what: "the program".into(),
            errors: 3,
        };
        assert_eq!(
            e.to_string(),
            "could not check the program due to 3 previous errors"
        );
        let e = Error::Read {
            path: "nope.slk".into(),
            source: std::io::Error::from(std::io::ErrorKind::NotFound),
        };
        assert!(e.to_string().starts_with("cannot read `nope.slk`: "), "{e}");
    }
}
