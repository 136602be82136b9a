//! `silk emu`: run a kernel of a code object in the emulator.

use silk_amdgpu::code_object;
use silk_cli::Error;
use silk_emu::{Arg, Buffer, Emulator, Options};

/// Bytes a `buf:NAME=@FILE` argument reads from a pipe or device, which
/// has no size to check first (a regular file is checked by its size).
const MAX_UNSIZED_BUFFER: u64 = 256 << 20;

#[derive(clap::Args)]
pub struct Args {
    /// The code object (`.hsaco`) or a clang offload bundle.
    #[arg(value_name = "FILE")]
    file: String,
    /// Which code object of an offload bundle to run (`gfx942`, ...);
    /// not needed when the bundle holds one.
    #[arg(long, value_name = "TARGET")]
    target: Option<String>,
    /// Kernel to launch.
    #[arg(long, value_name = "NAME")]
    kernel: String,
    /// Grid size in work-items (the AQL convention): GX[,GY,GZ].
    #[arg(long, value_name = "GX[,GY,GZ]")]
    grid: String,
    /// Workgroup size: BX[,BY,BZ].
    #[arg(long, value_name = "BX[,BY,BZ]")]
    block: String,
    /// A kernel argument, in order: u32:N, i32:N, u64:N, i64:N, f32:X, f64:X,
    /// buf:NAME=@FILE (a buffer filled from FILE), buf:NAME=zero:BYTES, or
    /// raw:HEX (the bytes of a by-value argument such as a struct, in
    /// memory order, e.g. raw:01000000_0000803f for {int 1; float 1.0}).
    #[arg(long = "arg", value_name = "SPEC")]
    args: Vec<String>,
    /// Write a buffer's final bytes to a file: NAME=OUT.
    #[arg(long = "dump", value_name = "NAME=OUT")]
    dumps: Vec<String>,
    /// Let loads land at issue instead of at the matching s_waitcnt, and
    /// allow reads of never-written registers.
    #[arg(long)]
    no_strict: bool,
    /// Dynamic LDS bytes for the dispatch.
    #[arg(long, value_name = "BYTES", default_value_t = 0)]
    dynamic_lds: u32,
    /// In strict mode, do not check hazards (missing wait states), or
    /// only not the named rules (comma-separated, e.g. valu_sgpr_valu).
    #[arg(long, value_name = "RULES", num_args = 0..=1, default_missing_value = "all")]
    no_hazards: Option<String>,
    /// Also estimate the dispatch's cycles (the emulator's timing model):
    /// prints estimated cycles, stalls by cause, occupancy and the matrix
    /// units' fraction of peak.
    #[arg(long)]
    timing: bool,
    /// Threads running workgroups in parallel.
    #[arg(long, value_name = "N", default_value_t = 1)]
    threads: usize,
    /// Instructions one wave may execute before it is stopped as runaway.
    #[arg(long, value_name = "N", default_value_t = silk_emu::Options::default().max_instructions_per_wave)]
    max_instructions: u64,
    /// Device memory the launch may declare (buffers, code image, kernarg
    /// segment, scratch), in bytes; a K, M or G suffix multiplies by 1024s.
    #[arg(long, value_name = "BYTES", default_value = "4G")]
    max_memory: String,
}

/// `4096`, `64K`, `512M`, `4G`.
fn size(text: &str) -> Option<u64> {
    let t = text.trim();
    let (digits, shift) = match t.char_indices().last() {
        Some((i, 'K' | 'k')) => (&t[..i], 10),
        Some((i, 'M' | 'm')) => (&t[..i], 20),
        Some((i, 'G' | 'g')) => (&t[..i], 30),
        _ => (t, 0),
    };
    digits
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(1 << shift))
}

/// `raw:HEX`: pairs of hex digits, `_` allowed between them.
fn raw_bytes(hex: &str, spec: &str) -> Result<Vec<u8>, Error> {
    let digits: Vec<u8> = hex.bytes().filter(|&c| c != b'_').collect();
    if digits.is_empty() || digits.len() % 2 != 0 {
        return Err(Error::RawDigitCount { spec: spec.into() });
    }
    digits
        .chunks(2)
        .map(|p| {
            std::str::from_utf8(p)
                .ok()
                .and_then(|p| u8::from_str_radix(p, 16).ok())
                .ok_or_else(|| Error::RawNotHex {
                    spec: spec.into(),
                    pair: String::from_utf8_lossy(p).into_owned(),
                })
        })
        .collect()
}

fn dims(text: &str, option: &'static str) -> Result<[u32; 3], Error> {
    let parts: Vec<&str> = text.split(',').collect();
    if parts.is_empty() || parts.len() > 3 {
        return Err(Error::DimensionCount {
            option,
            value: text.into(),
        });
    }
    let mut out = [1u32; 3];
    for (i, p) in parts.iter().enumerate() {
        out[i] = p.trim().parse().map_err(|_| Error::NotADimension {
            option,
            value: p.to_string(),
        })?;
    }
    Ok(out)
}

fn parse_int<T: std::str::FromStr>(v: &str, spec: &str) -> Result<T, Error> {
    let v = v.trim();
    let parsed = if let Some(h) = v.strip_prefix("0x") {
        u64::from_str_radix(h, 16)
            .ok()
            .and_then(|x| x.to_string().parse().ok())
    } else {
        v.parse().ok()
    };
    parsed.ok_or_else(|| Error::ArgNotANumber {
        spec: spec.into(),
        value: v.into(),
    })
}

/// `--arg` text that does not have the form `expected`.
fn arg_syntax(spec: &str, expected: &'static str) -> Error {
    Error::OptionSyntax {
        option: "arg",
        value: spec.into(),
        expected,
    }
}

pub fn run(args: &Args) -> Result<(), Error> {
    let target = args
        .target
        .as_deref()
        .map(silk_amdgpu::target::Target::parse)
        .transpose()?;
    let object = silk_cli::input::open_object(&args.file, target.as_ref())?;
    let bytes = object.bytes();
    let name = object.describe(&args.file);
    let co = code_object::read(bytes).map_err(|source| Error::BadObject {
        object: name.clone(),
        source,
    })?;
    let processor = co
        .target
        .ok_or_else(|| Error::UnknownProcessor {
            object: name.clone(),
        })?
        .processor;
    if let Some(t) = target.filter(|t| t.processor != processor) {
        return Err(Error::WrongProcessor {
            object: name,
            is: processor,
            wanted: t.processor,
        });
    }
    let grid = dims(&args.grid, "grid")?;
    let block = dims(&args.block, "block")?;
    let mut emu = Emulator::new(processor);
    let limit = size(&args.max_memory).ok_or_else(|| Error::NotAByteSize {
        option: "max-memory",
        value: args.max_memory.clone(),
    })?;
    emu.memory.set_limit(limit);
    let mut hazards_off = Vec::new();
    if let Some(list) = args.no_hazards.as_deref().filter(|l| *l != "all") {
        for name in list.split(',') {
            let rule = silk_emu::hazard::Rule::ALL
                .into_iter()
                .find(|r| r.name() == name)
                .ok_or_else(|| Error::UnknownHazardRule { name: name.into() })?;
            hazards_off.push(rule);
        }
    }
    emu.options = Options {
        strict: !args.no_strict,
        dynamic_lds: args.dynamic_lds,
        hazards: args.no_hazards.as_deref() != Some("all"),
        hazards_off,
        threads: args.threads.max(1),
        max_instructions_per_wave: args.max_instructions,
        timing: args.timing,
        ..Options::default()
    };
    let mut buffers: Vec<(String, Buffer)> = Vec::new();
    let mut kargs = Vec::new();
    for spec in &args.args {
        let (kind, value) = spec
            .split_once(':')
            .ok_or_else(|| arg_syntax(spec, "KIND:VALUE"))?;
        let arg = match kind {
            "u32" => Arg::U32(parse_int(value, spec)?),
            "i32" => Arg::I32(parse_int(value, spec)?),
            "u64" => Arg::U64(parse_int(value, spec)?),
            "i64" => Arg::I64(parse_int(value, spec)?),
            "f32" => Arg::F32(
                value
                    .trim()
                    .parse()
                    .map_err(|_| Error::ArgNotAFloat { spec: spec.clone() })?,
            ),
            "f64" => Arg::F64(
                value
                    .trim()
                    .parse()
                    .map_err(|_| Error::ArgNotAFloat { spec: spec.clone() })?,
            ),
            "raw" => Arg::Bytes(raw_bytes(value, spec)?),
            "buf" => {
                let (name, init) = value
                    .split_once('=')
                    .ok_or_else(|| arg_syntax(spec, "buf:NAME=@FILE or buf:NAME=zero:BYTES"))?;
                if buffers.iter().any(|(n, _)| n == name) {
                    return Err(Error::BufferDefinedTwice {
                        spec: spec.clone(),
                        name: name.into(),
                    });
                }
                let buf = if let Some(path) = init.strip_prefix('@') {
                    // Check the size first: the file is read whole. A pipe
                    // or device has no size (`/dev/zero` never ends): it is
                    // read up to MAX_UNSIZED_BUFFER or the memory left.
                    let cannot = |source| Error::Read {
                        path: path.into(),
                        source,
                    };
                    let in_arg = |source| Error::ArgBuffer {
                        spec: spec.clone(),
                        source,
                    };
                    let what = format!("buffer `{name}` from `{path}`");
                    let file = std::fs::File::open(path).map_err(cannot)?;
                    let meta = file.metadata().map_err(cannot)?;
                    emu.memory.check_fits(meta.len(), &what).map_err(in_arg)?;
                    let cap = if meta.is_file() {
                        meta.len()
                    } else {
                        MAX_UNSIZED_BUFFER.min(emu.memory.available())
                    };
                    // One allocation of the most that may be read (pages
                    // are committed as they are filled), not a doubling.
                    let mut data = Vec::with_capacity(cap.saturating_add(1) as usize);
                    std::io::Read::read_to_end(
                        &mut std::io::Read::take(file, cap.saturating_add(1)),
                        &mut data,
                    )
                    .map_err(cannot)?;
                    if data.len() as u64 > cap && !meta.is_file() {
                        return Err(Error::UnsizedBufferTooLarge {
                            spec: spec.clone(),
                            path: path.into(),
                            cap,
                            limit: MAX_UNSIZED_BUFFER,
                        });
                    }
                    emu.memory
                        .check_fits(data.len() as u64, &what)
                        .map_err(in_arg)?;
                    emu.alloc_bytes(&data)?
                } else if let Some(n) = init.strip_prefix("zero:") {
                    let n = size(n).ok_or_else(|| Error::ArgNotAByteSize {
                        spec: spec.clone(),
                        value: n.into(),
                    })?;
                    emu.alloc(n).map_err(|source| Error::ArgBuffer {
                        spec: spec.clone(),
                        source,
                    })?
                } else {
                    return Err(arg_syntax(spec, "@FILE or zero:BYTES after `=`"));
                };
                buffers.push((name.to_string(), buf));
                Arg::Buffer(buf)
            }
            other => {
                return Err(Error::UnknownArgKind {
                    spec: spec.clone(),
                    kind: other.into(),
                })
            }
        };
        kargs.push(arg);
    }
    let mut dumps = Vec::new();
    for d in &args.dumps {
        let (name, out) = d.split_once('=').ok_or_else(|| Error::OptionSyntax {
            option: "dump",
            value: d.clone(),
            expected: "NAME=OUT",
        })?;
        let buf = buffers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, b)| *b)
            .ok_or_else(|| Error::NoSuchBuffer {
                dump: d.clone(),
                name: name.into(),
            })?;
        dumps.push((buf, out.to_string()));
    }
    let stats = emu.launch(bytes, &args.kernel, grid, block, &kargs)?;
    for (buf, out) in dumps {
        let data = emu.read(buf)?;
        silk_cli::files::write(&out, &data)?;
    }
    println!(
        "{}: {} workgroups, {} waves, {} instructions (salu {}, valu {}, smem {}, vmem {}, lds {}, branch {}, mfma {}, other {}), {} VALU lane-ops",
        args.kernel,
        stats.workgroups,
        stats.waves,
        stats.instructions,
        stats.salu,
        stats.valu,
        stats.smem,
        stats.vmem,
        stats.lds,
        stats.branch,
        stats.mfma,
        stats.other,
        stats.lane_ops
    );
    if let Some(t) = &stats.timing {
        println!("{}", t.report());
    }
    Ok(())
}
