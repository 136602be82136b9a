//! A resident image (module globals that outlive launches) of a code
//! object whose first `PT_LOAD` declares 256 MiB more than the file holds:
//! only the touched pages are committed. The test binary holds this one
//! test, so the process's resident memory is its own to measure.

use silk_emu::{Arg, Emulator};

const VECTOR_ADD: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../silk-amdgpu/tests/data/hip/objects/vector_add-gfx942.hsaco"
);

/// Resident memory of this process in KiB (`/proc/self/statm`), if known.
fn rss_kib() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4)
}

#[test]
fn a_huge_declared_segment_commits_only_what_is_used() {
    let obj = std::fs::read(VECTOR_ADD).unwrap();
    let mut big = obj.clone();
    let phoff = u64::from_le_bytes(obj[0x20..0x28].try_into().unwrap()) as usize;
    let phnum = u16::from_le_bytes(obj[0x38..0x3a].try_into().unwrap()) as usize;
    let first_load = (0..phnum)
        .map(|i| phoff + 56 * i)
        .find(|&h| u32::from_le_bytes(obj[h..h + 4].try_into().unwrap()) == 1)
        .unwrap();
    big[first_load + 40..first_load + 48].copy_from_slice(&(256u64 << 20).to_le_bytes());
    let Some(before) = rss_kib() else {
        eprintln!("skipped: no /proc/self/statm");
        return;
    };
    let mut emu = Emulator::new(silk_amdgpu::target::Processor::Gfx942);
    let image = emu.load_resident(&big).unwrap();
    let (out, inp) = (emu.alloc(256).unwrap(), emu.alloc(256).unwrap());
    emu.launch_resident(
        &image,
        &big,
        "vector_add",
        [64, 1, 1],
        [64, 1, 1],
        &[Arg::Buffer(out), Arg::Buffer(inp), Arg::I32(64)],
    )
    .unwrap();
    let grown = rss_kib().unwrap().saturating_sub(before);
    assert!(grown < 64 << 10, "resident memory grew by {grown} KiB");
}
