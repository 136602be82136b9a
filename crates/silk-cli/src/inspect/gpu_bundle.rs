//! `silk inspect` of an executable that carries a Silk GPU bundle
//! (`docs/gpu-bundle.md`): the bundle's header and entries, and what each
//! entry's code object holds.

use super::Args;
use serde_json::json;
use silk_cli::Error;
use silk_runtime::bundle::{Bundle, OwnedBundle, VERSION};
use std::io::{Read, Seek, SeekFrom};

/// What `strip` does to an application, said on every bundle report.
const STRIP_WARNING: &str = "warning: `strip` removes the Silk GPU bundle (a trailer after the ELF image, not a section): a stripped executable finds no kernels at run time";

/// `EM_X86_64` (gABI `e_machine`).
const EM_X86_64: u16 = 62;

/// `None` unless the file ends with the `SLKGPEND` footer or is an x86-64
/// ELF executable; then the report (with [`STRIP_WARNING`] on standard
/// error), the bundle's defect, or that an executable has no bundle.
pub fn run(args: &Args) -> Option<Result<(), Error>> {
    let path = args.file.display().to_string();
    let mut f = std::fs::File::open(&args.file).ok()?;
    // The footer is found by seeking to the end: only in a regular file
    // (reading a pipe's first bytes here would lose them for `inspect`).
    if !f.metadata().ok()?.is_file() {
        return None;
    }
    let mut head = [0u8; 20];
    f.read_exact(&mut head).ok()?;
    let mut footer = [0u8; 8];
    f.seek(SeekFrom::End(-8)).ok()?;
    f.read_exact(&mut footer).ok()?;
    if !Bundle::has_footer(&footer) {
        // ELF64, little-endian, e_machine x86-64: a host executable, which
        // is not a code object; its bundle is what `strip` took.
        let host = head.starts_with(b"\x7fELF\x02\x01")
            && u16::from_le_bytes([head[18], head[19]]) == EM_X86_64;
        return host.then_some(Err(Error::NoGpuBundle { path }));
    }
    let result = report(&path, args);
    if result.is_ok() {
        eprintln!("{STRIP_WARNING}");
    }
    Some(result)
}

fn report(path: &str, args: &Args) -> Result<(), Error> {
    let owned = OwnedBundle::from_file(&args.file).map_err(|source| Error::BadGpuBundle {
        path: path.into(),
        source,
    })?;
    let b = owned.view();
    let entries: Vec<_> = b
        .entries()
        .map(|e| {
            let object = silk_amdgpu::code_object::read(e.payload).ok();
            let target = object
                .as_ref()
                .and_then(|o| o.target)
                .map(|t| t.processor.name());
            let kernels: Vec<String> = object
                .map(|o| o.kernels.into_iter().map(|k| k.name).collect())
                .unwrap_or_default();
            (e, target, kernels)
        })
        .collect();
    if args.json {
        let out = json!({"gpu_bundle": {
            "version": VERSION,
            "offset": b.start(),
            "length": b.len(),
            "provider": b.provider().name(),
            "processor": b.processor(),
            "entries": entries.iter().map(|(e, target, kernels)| json!({
                "name": e.name,
                "kernarg_size": e.kernarg_size,
                "payload_offset": e.payload_offset,
                "payload_size": e.payload.len(),
                "target": target,
                "kernels": kernels,
            })).collect::<Vec<_>>(),
        }});
        println!("{}", serde_json::to_string_pretty(&out)?);
        return Ok(());
    }
    println!(
        "Silk GPU bundle version {VERSION} at offset {:#x} ({} bytes): provider {}, processor {}, {} entries",
        b.start(),
        b.len(),
        b.provider(),
        b.processor(),
        b.entry_count()
    );
    for (e, target, kernels) in &entries {
        println!(
            "  {:<32} kernarg {:>3} bytes  payload offset {:#x} size {:#x}  {}{}",
            e.name,
            e.kernarg_size,
            e.payload_offset,
            e.payload.len(),
            target.unwrap_or("(not a code object)"),
            if kernels.is_empty() {
                String::new()
            } else {
                format!(" [{}]", kernels.join(", "))
            }
        );
    }
    Ok(())
}
