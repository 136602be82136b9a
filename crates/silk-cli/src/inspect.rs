//! `silk inspect`: what a code object (or clang offload bundle) holds.

use serde_json::{json, Value as Json};
use silk_amdgpu::code_object::elf::{
    PT_DYNAMIC, PT_GNU_RELRO, PT_GNU_STACK, PT_LOAD, PT_NOTE, PT_PHDR,
};
use silk_amdgpu::code_object::{read, validate, OffloadBundle, ParsedCodeObject, Value};
use silk_amdgpu::target::Target;
use silk_cli::Error;
use std::fmt::Write;
use std::path::PathBuf;

pub mod gpu_bundle;

#[derive(clap::Args)]
pub struct Args {
    /// A code object (`.hsaco`), a clang offload bundle, or an executable
    /// carrying a Silk GPU bundle.
    file: PathBuf,
    /// Print machine-readable JSON.
    #[arg(long)]
    json: bool,
    /// Disassemble each kernel's code.
    #[arg(long)]
    disassemble: bool,
}

/// Disassembly of one kernel's code through the ISA layer.
pub fn disassemble(target: &Target, code: &[u8], address: u64) -> String {
    silk_amdgpu::isa::listing::listing(target.processor, code, address)
}

pub fn run(args: &Args) -> Result<(), Error> {
    // Only a code object or a bundle is read whole; anything else is
    // rejected from its first bytes.
    let path = args.file.display().to_string();
    let bytes = silk_cli::input::read_object_file(&path)?;
    let mut objects: Vec<(Option<String>, &[u8])> = Vec::new();
    let mut bundle_entries = Json::Null;
    // Messages name the file in backquotes, and the bundle entry if any.
    let bad_object = |entry: Option<&str>| {
        let at = entry
            .map(|e| format!(" (bundle entry `{e}`)"))
            .unwrap_or_default();
        let object = format!("`{path}`{at}");
        move |source| Error::BadObject { object, source }
    };
    if OffloadBundle::is_bundle(&bytes) {
        let bundle = OffloadBundle::parse(&bytes).map_err(bad_object(None))?;
        bundle_entries = json!(bundle
            .entries
            .iter()
            .map(|e| json!({"id": e.id, "offset": e.offset, "size": e.size}))
            .collect::<Vec<_>>());
        if !args.json {
            println!("offload bundle with {} entries:", bundle.entries.len());
            for e in &bundle.entries {
                println!("  {:<48} offset {:#x} size {:#x}", e.id, e.offset, e.size);
            }
        }
        for e in bundle
            .entries
            .iter()
            .filter(|e| e.target_id().is_some() && e.size > 0)
        {
            let data = bundle.extract(&bytes, &e.id).map_err(bad_object(None))?;
            objects.push((Some(e.id.clone()), data));
        }
    } else {
        objects.push((None, &bytes));
    }
    let mut reports = Vec::new();
    for (entry, data) in objects {
        let parsed = read(data).map_err(bad_object(entry.as_deref()))?;
        if args.json {
            reports.push(to_json(&parsed, entry.as_deref(), args.disassemble));
        } else {
            if let Some(e) = &entry {
                println!("\n== bundle entry {e} ==");
            }
            print!("{}", to_text(&parsed, args.disassemble));
        }
    }
    if args.json {
        let out = if bundle_entries.is_null() {
            reports.into_iter().next().unwrap_or(Json::Null)
        } else {
            json!({"bundle": bundle_entries, "objects": reports})
        };
        println!("{}", serde_json::to_string_pretty(&out)?);
    }
    Ok(())
}

fn segment_name(t: u32) -> String {
    match t {
        PT_PHDR => "PHDR".into(),
        PT_LOAD => "LOAD".into(),
        PT_DYNAMIC => "DYNAMIC".into(),
        PT_NOTE => "NOTE".into(),
        PT_GNU_RELRO => "GNU_RELRO".into(),
        PT_GNU_STACK => "GNU_STACK".into(),
        other => format!("{other:#x}"),
    }
}

fn flags(f: u32) -> String {
    format!(
        "{}{}{}",
        if f & 4 != 0 { "R" } else { "-" },
        if f & 2 != 0 { "W" } else { "-" },
        if f & 1 != 0 { "E" } else { "-" }
    )
}

/// MessagePack value as JSON (map keys as strings).
fn value_json(v: &Value) -> Json {
    match v {
        Value::Nil => Json::Null,
        Value::Bool(b) => json!(b),
        Value::UInt(u) => json!(u),
        Value::Int(i) => json!(i),
        Value::F32(f) => json!(f),
        Value::F64(f) => json!(f),
        Value::Str(s) => json!(s),
        Value::Bin(b) => json!(b),
        Value::Array(a) => Json::Array(a.iter().map(value_json).collect()),
        Value::Map(m) => Json::Object(
            m.iter()
                .map(|(k, v)| {
                    (
                        k.as_str()
                            .map(str::to_string)
                            .unwrap_or_else(|| format!("{k:?}")),
                        value_json(v),
                    )
                })
                .collect(),
        ),
        Value::Ext(t, d) => json!({"ext": t, "data": d}),
    }
}

/// MessagePack value as indented YAML-like text, as llvm-readelf shows it.
fn value_text(v: &Value, indent: usize, out: &mut String) {
    let pad = " ".repeat(indent);
    match v {
        Value::Map(m) => {
            for (k, v) in m {
                let key = k
                    .as_str()
                    .map(str::to_string)
                    .unwrap_or_else(|| format!("{k:?}"));
                match v {
                    Value::Map(_) | Value::Array(_) => {
                        let _ = writeln!(out, "{pad}{key}:");
                        value_text(v, indent + 2, out);
                    }
                    _ => {
                        let _ = writeln!(out, "{pad}{key}: {}", scalar(v));
                    }
                }
            }
        }
        Value::Array(a) => {
            for item in a {
                match item {
                    Value::Map(_) | Value::Array(_) => {
                        let mut inner = String::new();
                        value_text(item, indent + 2, &mut inner);
                        let _ = write!(out, "{pad}- {}", inner.trim_start());
                    }
                    _ => {
                        let _ = writeln!(out, "{pad}- {}", scalar(item));
                    }
                }
            }
        }
        other => {
            let _ = writeln!(out, "{pad}{}", scalar(other));
        }
    }
}

fn scalar(v: &Value) -> String {
    match v {
        Value::Str(s) => s.clone(),
        other => value_json(other).to_string(),
    }
}

fn to_text(p: &ParsedCodeObject, want_disassembly: bool) -> String {
    let mut o = String::new();
    let h = &p.header;
    let _ = writeln!(o, "header:");
    let _ = writeln!(o, "  class ELF64, little-endian, OS ABI {} (64 = AMDGPU_HSA), ABI version {} (4 = code object V6)", h.os_abi, h.abi_version);
    let _ = writeln!(
        o,
        "  type {} (3 = ET_DYN), machine {} (224 = EM_AMDGPU), e_flags {:#x}",
        h.e_type, h.machine, h.flags
    );
    match &p.target {
        Some(t) => {
            let _ = writeln!(o, "target: {} (wave{})", t.target_id(), t.wavefront_size);
        }
        None => {
            let _ = writeln!(o, "target: unknown processor in e_flags {:#x}", h.flags);
        }
    }
    let _ = writeln!(o, "segments:");
    for s in &p.segments {
        let _ = writeln!(
            o,
            "  {:<10} {} offset {:#08x} vaddr {:#08x} filesz {:#07x} memsz {:#07x} align {:#x}",
            segment_name(s.p_type),
            flags(s.flags),
            s.offset,
            s.vaddr,
            s.filesz,
            s.memsz,
            s.align
        );
    }
    let _ = writeln!(o, "sections:");
    for (i, s) in p.sections.iter().enumerate().skip(1) {
        let _ = writeln!(o, "  [{i:2}] {:<22} type {:#x} flags {:#x} addr {:#08x} offset {:#08x} size {:#07x} align {}", s.name, s.sh_type, s.flags, s.address, s.offset, s.size, s.align);
    }
    for k in &p.kernels {
        let _ = writeln!(o, "kernel {}:", k.name);
        let _ = writeln!(
            o,
            "  descriptor {:#x}, entry {:#x}, code {} bytes",
            k.descriptor_address,
            k.entry_address,
            k.code.len()
        );
        if let Some(t) = &p.target {
            for (name, value) in k.descriptor.fields(&k.name, t.processor) {
                let _ = writeln!(o, "  {name} {value}");
            }
            if want_disassembly {
                o.push_str(&disassemble(t, &k.code, k.entry_address));
            }
        }
    }
    if let Some(v) = &p.metadata_value() {
        let _ = writeln!(o, "metadata:");
        value_text(v, 2, &mut o);
    }
    let issues = validate(p);
    if issues.is_empty() {
        let _ = writeln!(o, "validation: no issues");
    } else {
        let _ = writeln!(o, "validation: {} issues", issues.len());
        for i in issues {
            let _ = writeln!(o, "  {i}");
        }
    }
    o
}

fn to_json(p: &ParsedCodeObject, entry: Option<&str>, want_disassembly: bool) -> Json {
    let h = &p.header;
    let kernels: Vec<Json> = p
        .kernels
        .iter()
        .map(|k| {
            let mut descriptor = serde_json::Map::new();
            let mut disassembly = Json::Null;
            if let Some(t) = &p.target {
                for (name, value) in k.descriptor.fields(&k.name, t.processor) {
                    let v = value.parse::<i64>().map(|n| json!(n)).unwrap_or(json!(value));
                    descriptor.insert(name, v);
                }
                if want_disassembly {
                    disassembly = json!(disassemble(t, &k.code, k.entry_address));
                }
            }
            json!({
                "name": k.name,
                "descriptor_address": k.descriptor_address,
                "entry_address": k.entry_address,
                "code_size": k.code.len(),
                "descriptor_bytes": k.descriptor.0.iter().map(|b| format!("{b:02x}")).collect::<String>(),
                "descriptor": descriptor,
                "config": k.config,
                "disassembly": disassembly,
            })
        })
        .collect();
    json!({
        "bundle_entry": entry,
        "header": h,
        "target": p.target.map(|t| t.target_id()),
        "wavefront_size": p.target.map(|t| t.wavefront_size),
        "segments": p.segments.iter().map(|s| json!({"type": segment_name(s.p_type), "flags": flags(s.flags), "offset": s.offset, "vaddr": s.vaddr, "filesz": s.filesz, "memsz": s.memsz, "align": s.align})).collect::<Vec<_>>(),
        "sections": p.sections,
        "symbols": p.symbols,
        "dynamic_symbols": p.dynamic_symbols,
        "kernels": kernels,
        "metadata": p.metadata_value().as_ref().map(value_json),
        "comment": p.comment,
        "issues": validate(p).iter().map(|i| json!({"kind": format!("{:?}", i.kind), "message": i.message})).collect::<Vec<_>>(),
    })
}
