//! `silk build [--nostd] --kind object --target <amdgpu> FILE... -o OUT`:
//! the standalone AMDGPU source-kernel path. The in-process driver is
//! `silk_driver` (shared with the C ABI); this module reads the
//! files, reports diagnostics and writes the object.

use crate::error::{Error, Result};
use silk_lang::Diagnostics;

// The driver itself is shared with the C ABI; re-exported for the tests
// and benchmarks that call it through this crate.
pub use silk_driver::{build_object, build_sources, Built};

/// Output kinds `silk build` knows; only `object` has a backend today.
pub const KINDS: &[&str] = &["object"];

#[derive(clap::Args, Debug, PartialEq)]
pub struct Args {
    /// Source files of the root package (dependency packages may follow;
    /// `import ... from "./file.slk"` loads more).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<String>,
    /// Do not make the shipped standard library (`std/...`) available.
    #[arg(long)]
    pub nostd: bool,
    /// What to build: `object` (an AMDHSA code object, `.hsaco`; the
    /// default for AMDGPU targets) or `executable` (the default for
    /// `--target linux-x86_64`).
    #[arg(long, value_name = "KIND")]
    pub kind: Option<String>,
    /// `linux-x86_64` (an application), or an AMDGPU target for a
    /// standalone code object: `amdgcn-amd-amdhsa-gfx942`, `gfx1100`, ...
    #[arg(long, value_name = "TARGET", required = true)]
    pub target: String,
    /// For `--target linux-x86_64`: embed a code object of every
    /// launchable GPU entry for this AMDGPU processor.
    #[arg(long, value_name = "TARGET")]
    pub gpu_target: Option<String>,
    /// Output file [default: `<kernel>.hsaco`].
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<String>,
    /// For `.sir` device-IR inputs: `obj` (default), `asm` (LLVM syntax)
    /// or `mir` (machine IR after instruction selection). For a Silk
    /// application: `gpu-objects` (one `<entry>.hsaco` per launchable
    /// `attr(device=gpu)` entry) or `device-ir` (one `<entry>.sir` each),
    /// written into the `-o` directory [default: `.`].
    #[arg(long, value_name = "WHAT")]
    pub emit: Option<String>,
}

impl Args {
    /// The arguments of a `silk build` command line in its plain form,
    /// read without clap: file names, `--nostd`, and each option with a
    /// value at most once as two words (`--target gfx942`, `-o k.hsaco`).
    /// Anything else (`--help`, `--target=gfx942`, `-ok.hsaco`, a repeated
    /// or unknown option, a value that starts with `-`, a word that is
    /// not UTF-8, a missing file or `--target`) is `None`, for clap to
    /// parse or to report. Whatever this accepts, clap parses to the same
    /// `Args` (tested), so messages and meanings stay clap's; this only
    /// skips building clap's command at every `silk build`.
    pub fn from_plain(words: &[std::ffi::OsString]) -> Option<Args> {
        let mut args = Args {
            files: Vec::new(),
            nostd: false,
            kind: None,
            target: String::new(),
            gpu_target: None,
            output: None,
            emit: None,
        };
        let mut target = None;
        let mut words = words.iter();
        while let Some(word) = words.next() {
            let word = word.to_str()?;
            let slot = match word {
                "--nostd" if !args.nostd => {
                    args.nostd = true;
                    continue;
                }
                "--target" => &mut target,
                "--kind" => &mut args.kind,
                "--gpu-target" => &mut args.gpu_target,
                "-o" | "--output" => &mut args.output,
                "--emit" => &mut args.emit,
                _ if word.starts_with('-') => return None,
                _ => {
                    args.files.push(word.to_string());
                    continue;
                }
            };
            let value = words.next()?.to_str()?;
            if slot.is_some() || value.starts_with('-') {
                return None;
            }
            *slot = Some(value.to_string());
        }
        args.target = target?;
        (!args.files.is_empty()).then_some(args)
    }
}

/// `silk build --emit gpu-objects|device-ir`: compile every launchable
/// `attr(device=gpu)` entry of a host program, each into its own file in
/// the `-o` directory.
pub fn run_device(args: &Args, emit: &str) -> Result<()> {
    let what = format!("`{}`", args.files[0]);
    let mut session = crate::files::session(&args.files, args.nostd)?;
    let objs = silk_driver::build_device_objects(&mut session, &args.target).map_err(|diags| {
        eprint!("{}", session.render(&diags));
        summary(&diags, &what)
    })?;
    let dir = std::path::PathBuf::from(args.output.clone().unwrap_or_else(|| ".".into()));
    if !dir.is_dir() {
        std::fs::create_dir_all(&dir).map_err(|source| Error::Write {
            path: dir.display().to_string(),
            source,
        })?;
    }
    for o in &objs {
        let (name, bytes) = if emit == "device-ir" {
            (
                format!("{}.sir", o.entry.name),
                o.module.print().into_bytes(),
            )
        } else {
            (format!("{}.hsaco", o.entry.name), o.bytes.clone())
        };
        crate::files::write(dir.join(name), &bytes)?;
    }
    Ok(())
}

fn summary(diags: &Diagnostics, what: &str) -> Error {
    Error::Diagnostics {
        action: "build",
        what: what.to_string(),
        errors: diags.error_count(),
    }
}

/// Run `silk build`. Diagnostics go to stderr; `Err` carries the summary line.
pub fn run(args: &Args) -> Result<()> {
    let what = format!("`{}`", args.files[0]);
    let kind = args.kind.clone().unwrap_or_else(|| {
        if args.target == crate::app::HOST_TARGET {
            "executable".into()
        } else {
            "object".into()
        }
    });
    if let Some(gpu) = &args.gpu_target {
        if args.target != crate::app::HOST_TARGET {
            return Err(crate::app::option_error(
                &format!("`--gpu-target {gpu}` needs `--target linux-x86_64`, not `--target {}`", args.target),
                "the GPU bundle is embedded in a host executable: build with `--target linux-x86_64 --gpu-target ...`",
                &args.files[0],
            ));
        }
        if kind != "executable" {
            return Err(crate::app::option_error(
                &format!("`--gpu-target` needs `--kind executable`, not `--kind {kind}`"),
                "the GPU bundle is embedded in an executable; `--emit gpu-objects` writes the code objects alone",
                &args.files[0],
            ));
        }
    }
    if args.target == crate::app::HOST_TARGET {
        if kind != "executable" {
            return Err(crate::app::option_error(
                &format!("`--kind {kind}` is not supported for `--target linux-x86_64`"),
                "use `--kind executable` (the default)",
                &args.files[0],
            ));
        }
        let output = args.output.clone().unwrap_or_else(|| {
            std::path::Path::new(&args.files[0])
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_else(|| "a.out".into())
        });
        let b = crate::app::AppBuild {
            files: &args.files,
            nostd: args.nostd,
            gpu_target: args.gpu_target.as_deref(),
            entry: silk_host::Entry::Main,
        };
        return crate::app::build(&b, std::path::Path::new(&output));
    }
    if !KINDS.contains(&kind.as_str()) {
        return Err(crate::app::option_error(
            &format!("`--kind {kind}` is not supported for AMDGPU targets"),
            "use `--kind object` to build an AMDHSA code object (`.hsaco`)",
            &args.files[0],
        ));
    }
    let mut session = crate::files::session(&args.files, args.nostd)?;
    let built = build_object(&mut session, &args.target).map_err(|diags| {
        eprint!("{}", session.render(&diags));
        summary(&diags, &what)
    })?;
    let output = args
        .output
        .clone()
        .unwrap_or_else(|| format!("{}.hsaco", built.kernel.name));
    crate::files::write(&output, &built.bytes)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::Args;
    use clap::{Args as _, FromArgMatches};
    use std::ffi::OsString;

    fn clap_parse(words: &[&str]) -> Option<Args> {
        let command = Args::augment_args(clap::Command::new("build"));
        let argv = std::iter::once("build").chain(words.iter().copied());
        let matches = command.try_get_matches_from(argv).ok()?;
        Args::from_arg_matches(&matches).ok()
    }

    fn plain(words: &[&str]) -> Option<Args> {
        let words: Vec<OsString> = words.iter().map(OsString::from).collect();
        Args::from_plain(&words)
    }

    /// Every command line of up to five words from these (options, their
    /// values, files, and the forms left to clap): what the plain reader
    /// accepts, clap parses to the same arguments.
    #[test]
    fn plain_command_lines_parse_as_clap_parses_them() {
        const WORDS: &[&str] = &[
            "--target",
            "gfx942",
            "-o",
            "--output",
            "--emit",
            "--kind",
            "--gpu-target",
            "--nostd",
            "k.sir",
            "",
            "-",
            "--",
            "-x",
            "--target=gfx942",
            "-ok",
            "--help",
        ];
        let (mut accepted, mut lines) = (0, 0);
        let mut line = Vec::new();
        let mut stack = vec![0usize];
        // Depth-first over all sequences, without recursion.
        while let Some(next) = stack.pop() {
            if next < WORDS.len() {
                line.truncate(stack.len());
                line.push(WORDS[next]);
                stack.push(next + 1);
                lines += 1;
                if let Some(ours) = plain(&line) {
                    accepted += 1;
                    assert_eq!(Some(ours), clap_parse(&line), "silk build {line:?}");
                }
                if line.len() < 5 {
                    stack.push(0);
                }
            }
        }
        assert_eq!(lines, (1..=5).map(|n| WORDS.len().pow(n)).sum::<usize>());
        assert!(accepted > 1000, "only {accepted} plain command lines");
    }

    #[test]
    fn the_usual_command_lines_are_plain() {
        for line in [
            &["k.sir", "--target", "gfx942", "-o", "k.hsaco"][..],
            &[
                "--nostd", "--kind", "object", "--target", "gfx1100", "k.slk", "-o", "k.hsaco",
            ],
            &[
                "app.slk",
                "-o",
                "app",
                "--target",
                "linux-x86_64",
                "--gpu-target",
                "gfx942",
            ],
            &[
                "k.sir", "--target", "gfx942", "--emit", "asm", "--output", "k.s",
            ],
        ] {
            assert!(plain(line).is_some(), "{line:?}");
            assert_eq!(plain(line), clap_parse(line), "{line:?}");
        }
        for line in [
            &["k.sir", "--target=gfx942"][..],
            &["k.sir", "--target", "gfx942", "--target", "gfx1100"],
            &["k.sir", "-o"],
            &["--target", "gfx942"],
            &["k.sir", "--target", "gfx942", "--help"],
        ] {
            assert_eq!(plain(line), None, "{line:?}");
        }
    }
}
