//! Sample objects shared by the integration tests.
#![allow(dead_code)]

use silk_amdgpu::code_object::{
    CodeObject, HiddenArg, KernArgLayout, KernelConfig, KernelMetadata,
};
use silk_amdgpu::target::{Generation, Processor, Target};
use std::path::PathBuf;

/// `s_endpgm` for the processor's generation.
pub fn s_endpgm(p: Processor) -> [u8; 4] {
    match p.generation() {
        Generation::Gfx9 => 0xbf81_0000u32.to_le_bytes(),
        Generation::Gfx11 => 0xbfb0_0000u32.to_le_bytes(),
    }
}

/// `words` instructions: `s_nop 0` ... `s_endpgm`.
pub fn code(p: Processor, words: usize) -> Vec<u8> {
    let mut c = Vec::new();
    for _ in 1..words {
        c.extend_from_slice(&0xbf80_0000u32.to_le_bytes());
    }
    c.extend_from_slice(&s_endpgm(p));
    c
}

/// A config and metadata pair that agree, as a code generator would
/// produce them: `vgprs`/`sgprs` used, args `(global*, i32)` plus the
/// dispatch hidden args when `hidden`.
pub fn kernel(
    target: &Target,
    name: &str,
    vgprs: u32,
    sgprs: u32,
    lds: u32,
    hidden: bool,
) -> (KernelConfig, KernelMetadata) {
    let mut l = KernArgLayout::new();
    l.global_buffer().by_value(4, 4);
    let hidden_args: &[HiddenArg] = if hidden { &HiddenArg::DISPATCH } else { &[] };
    let (args, size, align) = l.finish(hidden_args);
    let mut c = KernelConfig::compiler_defaults(target, size as u32);
    c.next_free_vgpr = vgprs;
    c.next_free_sgpr = sgprs;
    c.group_segment_fixed_size = lds;
    c.reserve_vcc = false;
    if target.processor == Processor::Gfx942 {
        c.accum_offset = vgprs.max(1).next_multiple_of(4);
    }
    let mut m = KernelMetadata::hip(target, name, args, size, align);
    m.vgpr_count = vgprs as u64;
    m.sgpr_count = (sgprs + c.extra_sgprs(target.processor)) as u64;
    m.group_segment_fixed_size = lds as u64;
    (c, m)
}

/// One object with two kernels for `target`.
pub fn sample(target: Target) -> CodeObject {
    let p = target.processor;
    let mut obj = CodeObject::new(target);
    let (mut c, m) = kernel(&target, "first", 5, 12, 0, false);
    c.inst_pref_size = KernelConfig::inst_pref_size_for(&target, 12);
    obj.push_kernel("first", code(p, 3), c, m);
    let (mut c, m) = kernel(&target, "second_kernel", 33, 20, 4096, true);
    c.system_sgpr_workgroup_id_y = true;
    c.system_vgpr_workitem_id = 1;
    c.inst_pref_size = KernelConfig::inst_pref_size_for(&target, 300 * 4);
    obj.push_kernel("second_kernel", code(p, 300), c, m);
    obj
}

pub fn targets() -> Vec<Target> {
    vec![
        Target::parse("gfx942").unwrap(),
        Target::parse("gfx1100").unwrap(),
        Target::parse("gfx1151").unwrap(),
        Target::parse("gfx1100")
            .unwrap()
            .with_wavefront_size(64)
            .unwrap(),
        Target::parse("gfx942:sramecc+:xnack-").unwrap(),
    ]
}

pub fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/hip/objects")
}

/// Little-endian reads for raw structural checks.
pub fn u16_at(b: &[u8], o: usize) -> u16 {
    u16::from_le_bytes(b[o..o + 2].try_into().unwrap())
}
pub fn u32_at(b: &[u8], o: usize) -> u32 {
    u32::from_le_bytes(b[o..o + 4].try_into().unwrap())
}
pub fn u64_at(b: &[u8], o: usize) -> u64 {
    u64::from_le_bytes(b[o..o + 8].try_into().unwrap())
}

/// The encoding bytes `silk asm` gives one line (hex, no separators), or
/// the column of its first error.
pub fn enc(p: Processor, line: &str) -> Result<String, usize> {
    let (listing, d) =
        silk_amdgpu::asm::show_encoding(&format!("{line}\n"), "t.s", Some(Target::new(p)));
    if let Some(e) = d.0.first() {
        return Err(e.column);
    }
    let e = listing.split("; encoding: [").nth(1).expect("an encoding");
    Ok(e.split(']')
        .next()
        .unwrap()
        .split(',')
        .map(|b| b.trim().trim_start_matches("0x").to_string())
        .collect())
}
