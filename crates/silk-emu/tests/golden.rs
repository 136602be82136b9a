//! The clang-compiled golden objects of silk-amdgpu, run in the emulator on
//! every processor and compared with CPU references.

use silk_amdgpu::target::Processor;
use silk_emu::{Arg, Emulator, Error};

const OBJECTS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../silk-amdgpu/tests/data/hip/objects"
);

fn object(name: &str) -> Vec<u8> {
    std::fs::read(format!("{OBJECTS}/{name}.hsaco")).expect("golden object")
}

fn f32s(bytes: &[u8]) -> Vec<f32> {
    bytes
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}
fn to_bytes_f32(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
fn u32s(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn processors() -> Vec<(Processor, &'static str)> {
    vec![
        (Processor::Gfx942, "gfx942"),
        (Processor::Gfx1100, "gfx1100"),
        (Processor::Gfx1151, "gfx1151"),
    ]
}

fn run_vector_add(p: Processor, file: &str) -> Result<(), Error> {
    let obj = object(file);
    let n = 1000usize;
    let a: Vec<f32> = (0..n).map(|i| i as f32 * 0.37 - 11.0).collect();
    let b: Vec<f32> = (0..n).map(|i| (i as f32).sqrt() * 1.7e-3 + 1.0e7).collect();
    let mut emu = Emulator::new(p);
    let out = emu.alloc_bytes(&to_bytes_f32(&a))?;
    let inp = emu.alloc_bytes(&to_bytes_f32(&b))?;
    let stats = emu.launch(
        &obj,
        "vector_add",
        [1024, 1, 1],
        [256, 1, 1],
        &[Arg::Buffer(out), Arg::Buffer(inp), Arg::I32(n as i32)],
    )?;
    let got = f32s(&emu.read(out)?);
    for i in 0..n {
        assert_eq!(
            got[i].to_bits(),
            (a[i] + b[i]).to_bits(),
            "{file} element {i}"
        );
    }
    assert!(stats.valu > 0 && stats.vmem > 0, "{stats:?}");
    Ok(())
}

#[test]
fn vector_add_all_processors() {
    for (p, name) in processors() {
        run_vector_add(p, &format!("vector_add-{name}")).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    run_vector_add(Processor::Gfx1100, "vector_add-gfx1100-w64")
        .unwrap_or_else(|e| panic!("w64: {e}"));
}
