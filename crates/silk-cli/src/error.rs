//! Why a `silk` command failed: one typed error for every command. `main`
//! prints it as `error: <message>`; the texts are pinned by the CLI tests,
//! so each is written once here.

use silk_amdgpu::code_object::CodeObjectError;
use silk_amdgpu::isa::byte_list::{ByteListError, StreamError};
use silk_amdgpu::target::Processor;
use silk_runtime::BundleError;
use std::fmt;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    // Files and streams.
    /// An input file could not be read.
    #[error("cannot read `{path}`: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    /// Standard input could not be read.
    #[error("cannot read standard input: {0}")]
    ReadStdin(#[source] std::io::Error),
    /// An output file could not be written.
    #[error("cannot write `{path}`: {source}")]
    Write {
        path: String,
        source: std::io::Error,
    },
    /// A listing could not be written to standard output.
    #[error("cannot write the listing: {0}")]
    WriteListing(#[source] std::io::Error),
    /// An input file is not UTF-8 text.
    #[error("`{path}` is not UTF-8 text: {source}")]
    NotUtf8 {
        path: String,
        source: std::str::Utf8Error,
    },
    /// A program (the application `silk run` built, or a test binary)
    /// could not be started.
    #[error("cannot run `{path}`: {source}")]
    Spawn {
        path: String,
        source: std::io::Error,
    },

    // Code objects and bundles.
    /// A file too short to hold even the ELF magic.
    #[error("{path}: {len} bytes is too short for a code object")]
    TooShortForObject { path: String, len: usize },
    /// A file whose first bytes are neither ELF nor offload-bundle magic.
    #[error("{path}: not an AMDHSA code object or clang offload bundle (no ELF magic \\x7fELF, no bundle magic)")]
    NotAnObject { path: String },
    /// A pipe or device that gives more than a code object may hold.
    #[error("`{path}` gives more than {limit} bytes; a code object from a pipe or device is read up to 256 MiB")]
    UnsizedObjectTooLarge { path: String, limit: u64 },
    /// A code object or offload bundle that does not parse. `object` names
    /// it as the command's messages do (path, bundle entry).
    #[error("{object}: {source}")]
    BadObject {
        object: String,
        source: CodeObjectError,
    },
    /// An offload bundle without a code object for the `--target` processor.
    #[error("{path}: the offload bundle has no code object for {} (entries: {})", processor.name(), ids(entries))]
    NoEntryFor {
        path: String,
        processor: Processor,
        entries: Vec<String>,
    },
    /// An offload bundle without any AMDGPU code object.
    #[error(
        "{path}: the offload bundle holds no AMDGPU code object (entries: {})",
        ids(entries)
    )]
    NoAmdgpuEntry { path: String, entries: Vec<String> },
    /// An offload bundle with several code objects for the `--target` processor.
    #[error("{path}: the offload bundle has {count} code objects for {}, which one to run is ambiguous (entries: {})", processor.name(), ids(entries))]
    AmbiguousEntry {
        path: String,
        count: usize,
        processor: Processor,
        entries: Vec<String>,
    },
    /// An offload bundle with several code objects and no `--target`.
    #[error("{path}: the offload bundle holds {count} code objects; choose one with --target (entries: {})", ids(entries))]
    EntryNeedsTarget {
        path: String,
        count: usize,
        entries: Vec<String>,
    },
    /// A code object whose `e_flags` name no known processor (`silk emu`).
    #[error("{object}: unknown processor")]
    UnknownProcessor { object: String },
    /// A code object whose `e_flags` name no known processor and no
    /// `--target` to use instead (`silk disasm`).
    #[error("{object}: unknown target; pass --target")]
    TargetNeeded { object: String },
    /// A code object for another processor than `--target` names.
    #[error("{object} is for {}, not {}", is.name(), wanted.name())]
    WrongProcessor {
        object: String,
        is: Processor,
        wanted: Processor,
    },
    /// An x86-64 executable without the Silk GPU bundle trailer.
    #[error("`{path}`: an x86-64 executable without a Silk GPU bundle (no `SLKGPEND` footer at its end); `strip` removes the bundle: build it again with `silk build --target linux-x86_64 --gpu-target ...` and do not strip it")]
    NoGpuBundle { path: String },
    /// A file ending in the `SLKGPEND` footer whose bundle is malformed.
    #[error("`{path}`: malformed Silk GPU bundle: {source}")]
    BadGpuBundle { path: String, source: BundleError },
    /// The Silk GPU bundle of an application could not be written.
    #[error("GPU bundle: {0}")]
    WriteGpuBundle(#[source] BundleError),

    // Byte lists (`silk disasm`).
    /// A byte list without `--target`.
    #[error("--target is required for byte-list input")]
    ByteListNeedsTarget,
    /// A byte list that is not UTF-8 text.
    #[error("{path}: not UTF-8 text")]
    ByteListNotUtf8 { path: String },
    /// A byte list that does not parse; `source` starts with its position.
    #[error("{path}:{source}")]
    BadByteList { path: String, source: ByteListError },
    /// Reading the byte list or writing the listing failed.
    #[error(transparent)]
    ByteListStream(StreamError<std::io::Error>),
    /// Words that decode to no instruction (each was reported above).
    #[error("{errors} undecodable instruction word(s)")]
    Undecodable { errors: usize },

    // Options.
    /// An option value not in the form the option takes.
    #[error("--{option} `{value}`: expected {expected}")]
    OptionSyntax {
        option: &'static str,
        value: String,
        expected: &'static str,
    },
    /// `--grid` or `--block` with more than three sizes.
    #[error("--{option} takes 1 to 3 comma-separated sizes, got `{value}`")]
    DimensionCount { option: &'static str, value: String },
    /// One size of `--grid` or `--block` that is not a number.
    #[error("--{option}: `{value}` is not a size")]
    NotADimension { option: &'static str, value: String },
    /// A byte count (`4096`, `64K`, `2G`) that is not one.
    #[error("--{option}: `{value}` is not a size in bytes (e.g. 4096, 64K, 2G)")]
    NotAByteSize { option: &'static str, value: String },
    /// `--no-hazards` naming no hazard rule of the emulator.
    #[error("--no-hazards: unknown rule `{name}` (rules: {})", hazard_rules())]
    UnknownHazardRule { name: String },
    /// `--emit` for Silk sources that is not `gpu-objects` or `device-ir`.
    #[error("unknown --emit `{emit}` for Silk sources (expected gpu-objects or device-ir; obj, asm and mir apply to `.sir` inputs)")]
    UnknownSourceEmit { emit: String },
    /// `--emit` for a `.sir` file that is not `obj`, `asm` or `mir`.
    #[error("unknown --emit `{emit}` (expected obj, asm or mir)")]
    UnknownSirEmit { emit: String },
    /// Several `.sir` files in one `silk build`.
    #[error("silk build takes one `.sir` file at a time")]
    SeveralSirFiles,
    /// `silk asm -` without `-o`.
    #[error("reading standard input needs -o <file>")]
    StdinNeedsOutput,

    // Kernel arguments and buffers (`silk emu`).
    /// An integer argument that is not a number of its type.
    #[error("--arg `{spec}`: `{value}` is not a valid number")]
    ArgNotANumber { spec: String, value: String },
    /// A float argument that is not a number.
    #[error("--arg `{spec}`: not a float")]
    ArgNotAFloat { spec: String },
    /// `raw:` with an odd number of hex digits, or none.
    #[error("--arg `{spec}`: raw: takes an even number of hex digits (two per byte)")]
    RawDigitCount { spec: String },
    /// `raw:` with a pair of characters that is not a hex byte.
    #[error("--arg `{spec}`: `{pair}` is not a hex byte")]
    RawNotHex { spec: String, pair: String },
    /// `buf:NAME=zero:BYTES` whose byte count is not one.
    #[error("--arg `{spec}`: `{value}` is not a size in bytes (e.g. 4096, 64K, 2G)")]
    ArgNotAByteSize { spec: String, value: String },
    /// An argument kind `silk emu` does not know.
    #[error("--arg `{spec}`: unknown kind `{kind}` (u32, i32, u64, i64, f32, f64, buf, raw)")]
    UnknownArgKind { spec: String, kind: String },
    /// Two buffers of one name.
    #[error("--arg `{spec}`: buffer `{name}` defined twice")]
    BufferDefinedTwice { spec: String, name: String },
    /// A buffer file from a pipe or device that gives more than may be read.
    #[error("--arg `{spec}`: `{path}` gives more than {cap} bytes; a pipe or device is read up to {limit} bytes (256 MiB) or the device memory left")]
    UnsizedBufferTooLarge {
        spec: String,
        path: String,
        cap: u64,
        limit: u64,
    },
    /// A buffer the emulator's device memory cannot hold.
    #[error("--arg `{spec}`: {source}")]
    ArgBuffer {
        spec: String,
        source: silk_emu::Error,
    },
    /// `--dump` of a buffer no `--arg` defined.
    #[error("--dump `{dump}`: no buffer named `{name}`")]
    NoSuchBuffer { dump: String, name: String },

    // Failures of the other crates, carried as they are.
    /// Diagnostics were printed; this is the summary line.
    #[error("could not {action} {what} due to {errors} previous error{}", plural(*errors))]
    Diagnostics {
        /// `build`, `check`, `assemble`.
        action: &'static str,
        /// What was being processed (`` `kernel.slk` ``, `the program`).
        what: String,
        errors: usize,
    },
    /// `silk asm --show-encoding` found errors (each was printed).
    #[error("{errors} error(s) in `{input}`")]
    ShowEncoding { input: String, errors: usize },
    /// A `--encoding-table` file that does not parse; the assembler's
    /// table loader reports its errors as text.
    #[error("`{path}`: {message}")]
    EncodingTable { path: String, message: String },
    /// A `.sir` file that does not parse or verify.
    #[error(transparent)]
    DeviceIr(#[from] silk_gpu_ir::Error),
    /// The code generator rejected a device-IR input.
    #[error("{input}: {source}")]
    Codegen {
        input: String,
        source: silk_codegen::Error,
    },
    /// The compiled kernels could not be written as a code object.
    #[error(transparent)]
    CodeObject(silk_codegen::Error),
    /// An unknown or malformed target name.
    #[error("{0}")]
    Target(#[from] silk_amdgpu::target::TargetError),
    /// An unknown `--gpu-target`, as the front end words it.
    #[error("{}", .0.message)]
    GpuTarget(Box<silk_lang::diag::Diagnostic>),
    /// The emulator stopped (a fault, a launch it cannot run, memory).
    #[error(transparent)]
    Emu(#[from] silk_emu::Error),
    /// Host code could not be compiled or linked.
    #[error(transparent)]
    Host(#[from] silk_host::Error),
    /// JSON output could not be formatted.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    /// A `silk check` host check failed; `silk-check` reports its
    /// failures as text.
    #[error("{0}")]
    HostCheck(String),
    /// `silk hip-run` could not run the application; `silk-hip`'s
    /// launcher reports its failures as text.
    #[error("{0}")]
    HipRun(String),
}

/// Bundle entry ids as the messages list them.
fn ids(entries: &[String]) -> String {
    entries
        .iter()
        .map(|e| format!("`{e}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The names of the emulator's hazard rules, for `--no-hazards`.
fn hazard_rules() -> String {
    let names: Vec<_> = silk_emu::hazard::Rule::ALL
        .iter()
        .map(|r| r.name())
        .collect();
    names.join(", ")
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

    /// The typed variants print what the commands printed when these
    /// errors were strings (texts as `silk` wrote them before).
    #[test]
    fn typed_variants_keep_the_command_texts() {
        use silk_amdgpu::target::Processor;
        let entries = vec![
            "host-x86_64-unknown-linux-gnu-".to_string(),
            "hipv4-amdgcn-amd-amdhsa--gfx942".to_string(),
        ];
        let cases = [
            (
                Error::NotAnObject { path: "t.txt".into() },
                r"t.txt: not an AMDHSA code object or clang offload bundle (no ELF magic \x7fELF, no bundle magic)",
            ),
            (
                Error::TooShortForObject { path: "s.bin".into(), len: 2 },
                "s.bin: 2 bytes is too short for a code object",
            ),
            (
                Error::NoEntryFor {
                    path: "b.bundle".into(),
                    processor: Processor::Gfx1151,
                    entries: entries.clone(),
                },
                "b.bundle: the offload bundle has no code object for gfx1151 (entries: `host-x86_64-unknown-linux-gnu-`, `hipv4-amdgcn-amd-amdhsa--gfx942`)",
            ),
            (
                Error::NoAmdgpuEntry { path: "b".into(), entries: Vec::new() },
                "b: the offload bundle holds no AMDGPU code object (entries: )",
            ),
            (
                Error::WrongProcessor {
                    object: "k.hsaco".into(),
                    is: Processor::Gfx942,
                    wanted: Processor::Gfx1100,
                },
                "k.hsaco is for gfx942, not gfx1100",
            ),
            (
                Error::OptionSyntax {
                    option: "dump",
                    value: "a".into(),
                    expected: "NAME=OUT",
                },
                "--dump `a`: expected NAME=OUT",
            ),
            (
                Error::DimensionCount { option: "grid", value: "1,2,3,4".into() },
                "--grid takes 1 to 3 comma-separated sizes, got `1,2,3,4`",
            ),
            (
                Error::NotAByteSize { option: "max-memory", value: "12Q".into() },
                "--max-memory: `12Q` is not a size in bytes (e.g. 4096, 64K, 2G)",
            ),
            (
                Error::UnknownArgKind { spec: "what:1".into(), kind: "what".into() },
                "--arg `what:1`: unknown kind `what` (u32, i32, u64, i64, f32, f64, buf, raw)",
            ),
            (
                Error::UnsizedBufferTooLarge {
                    spec: "buf:a=@/dev/zero".into(),
                    path: "/dev/zero".into(),
                    cap: 102400,
                    limit: 256 << 20,
                },
                "--arg `buf:a=@/dev/zero`: `/dev/zero` gives more than 102400 bytes; a pipe or device is read up to 268435456 bytes (256 MiB) or the device memory left",
            ),
            (
                Error::Undecodable { errors: 2 },
                "2 undecodable instruction word(s)",
            ),
        ];
        for (e, text) in cases {
            assert_eq!(e.to_string(), text);
        }
        let e = Error::UnknownHazardRule { name: "x".into() }.to_string();
        assert!(
            e.starts_with("--no-hazards: unknown rule `x` (rules: valu_sgpr_vmem, "),
            "{e}"
        );
    }
}
