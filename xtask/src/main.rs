//! `cargo xtask <job>`: regenerate checked-in tables, headers and golden data.

use std::process::ExitCode;

fn main() -> ExitCode {
    let job = std::env::args().nth(1).unwrap_or_default();
    match job.as_str() {
        _ => {
            eprintln!("usage: cargo xtask <job>\n\njobs: (none yet)");
            ExitCode::FAILURE
        }
    }
}
