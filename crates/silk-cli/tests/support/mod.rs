//! Helpers shared by the CLI's hostile-input tests.
#![allow(dead_code)]

pub const VECTOR_ADD: &str = "crates/silk-amdgpu/tests/data/hip/objects/vector_add-gfx942.hsaco";

pub fn root() -> std::path::PathBuf {
    std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

pub fn vector_add_object() -> Vec<u8> {
    std::fs::read(root().join(VECTOR_ADD)).unwrap()
}

/// `silk emu` arguments running vector_add of `file` on a grid and block,
/// with `args` as its `--arg`s.
pub fn vector_add_launch<'a>(
    file: &'a str,
    grid: &'a str,
    block: &'a str,
    args: &[&'a str],
) -> Vec<&'a str> {
    let mut v = vec![
        "emu",
        file,
        "--kernel",
        "vector_add",
        "--grid",
        grid,
        "--block",
        block,
    ];
    for a in args {
        v.extend(["--arg", a]);
    }
    v
}

/// `silk emu` arguments running vector_add of `file` on 64 work-items.
pub fn vector_add_args(file: &str) -> Vec<&str> {
    let args = ["buf:out=zero:256", "buf:in=zero:256", "i32:64"];
    let mut v = vector_add_launch(file, "64", "64", &args);
    v.push("--no-hazards");
    v
}

/// `obj` with its first `PT_LOAD` declaring `memsz` bytes of memory.
pub fn with_first_load_memsz(obj: &[u8], memsz: u64) -> Vec<u8> {
    let mut out = obj.to_vec();
    let phoff = u64::from_le_bytes(obj[0x20..0x28].try_into().unwrap()) as usize;
    let phnum = u16::from_le_bytes(obj[0x38..0x3a].try_into().unwrap()) as usize;
    let first_load = (0..phnum)
        .map(|i| phoff + 56 * i)
        .find(|&h| u32::from_le_bytes(obj[h..h + 4].try_into().unwrap()) == 1)
        .unwrap();
    out[first_load + 40..first_load + 48].copy_from_slice(&memsz.to_le_bytes());
    out
}
