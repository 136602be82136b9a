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

fn each(f: impl Fn(Processor, &str) -> Result<(), Error>) {
    for (p, name) in processors() {
        f(p, name).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

#[test]
fn lds_reverse_block_with_barrier() {
    each(|p, name| {
        let obj = object(&format!("lds-{name}"));
        let data: Vec<f32> = (0..2048).map(|i| i as f32 * 1.5).collect();
        let mut emu = Emulator::new(p);
        let buf = emu.alloc_bytes(&to_bytes_f32(&data))?;
        let stats = emu.launch(
            &obj,
            "reverse_block",
            [2048, 1, 1],
            [1024, 1, 1],
            &[Arg::Buffer(buf)],
        )?;
        let got = f32s(&emu.read(buf)?);
        for g in 0..2 {
            for t in 0..1024 {
                assert_eq!(
                    got[g * 1024 + t],
                    data[g * 1024 + 1023 - t],
                    "{name} {g} {t}"
                );
            }
        }
        assert!(stats.lds > 0);
        Ok(())
    });
}

#[test]
fn multi_kernels_and_3d_ids() {
    each(|p, name| {
        let obj = object(&format!("multi-{name}"));
        let mut emu = Emulator::new(p);
        let a = emu.alloc(4 * 64)?;
        emu.launch(
            &obj,
            "fill_x",
            [64, 1, 1],
            [64, 1, 1],
            &[Arg::Buffer(a), Arg::I32(-7)],
        )?;
        assert!(
            u32s(&emu.read(a)?).iter().all(|&v| v == -7i32 as u32),
            "{name} fill_x"
        );

        // fill_yz: a[y*16 + z + wg_y*64 + wg_z*4096] = v over a 1x4x16 block.
        let b = emu.alloc(4 * 4096 * 2)?;
        emu.launch(
            &obj,
            "fill_yz",
            [1, 8, 32],
            [1, 4, 16],
            &[Arg::Buffer(b), Arg::I32(5)],
        )?;
        let got = u32s(&emu.read(b)?);
        let mut want = vec![0u32; 8192];
        for wz in 0..2 {
            for wy in 0..2 {
                for y in 0..4 {
                    for z in 0..16 {
                        want[y * 16 + z + wy * 64 + wz * 4096] = 5;
                    }
                }
            }
        }
        assert_eq!(got, want, "{name} fill_yz");

        emu.launch(&obj, "empty", [1, 1, 1], [1, 1, 1], &[])?;

        let vals: Vec<f64> = (0..200).map(|i| i as f64 * 0.1 - 3.0).collect();
        let c = emu.alloc_bytes(
            &vals
                .iter()
                .flat_map(|v| v.to_le_bytes())
                .collect::<Vec<_>>(),
        )?;
        emu.launch(
            &obj,
            "small_groups",
            [200, 1, 1],
            [200, 1, 1],
            &[Arg::Buffer(c), Arg::F64(2.5)],
        )?;
        let got: Vec<f64> = emu
            .read(c)?
            .chunks_exact(8)
            .map(|c| f64::from_le_bytes(c.try_into().unwrap()))
            .collect();
        for i in 0..200 {
            assert_eq!(
                got[i].to_bits(),
                (vals[i] * 2.5).to_bits(),
                "{name} small_groups {i}"
            );
        }
        Ok(())
    });
}

#[test]
fn hidden_args_grid_size() {
    each(|p, name| {
        let obj = object(&format!("hidden_args-{name}"));
        let mut emu = Emulator::new(p);
        let out = emu.alloc(4 * 96)?;
        // grid 300 in blocks of 96: 4 blocks, remainder 12 (the last block is partial).
        emu.launch(
            &obj,
            "grid_size",
            [300, 1, 1],
            [96, 1, 1],
            &[Arg::Buffer(out), Arg::I32(-3), Arg::I32(1000)],
        )?;
        let got = u32s(&emu.read(out)?);
        // implicit[0] = block_count_x = 4, sizes[0] = group_size_x = 96,
        // implicit[1] = block_count_y = 1, implicit[2] = block_count_z = 1.
        let want = (4u32 * 96 + 1 + 1).wrapping_add((-3i32 + 1000) as u32);
        assert!(
            got.iter().all(|&v| v == want),
            "{name}: {:?} want {want}",
            &got[..4]
        );
        Ok(())
    });
}

#[test]
fn struct_args_by_value() {
    each(|p, name| {
        let obj = object(&format!("struct_args-{name}"));
        let mut emu = Emulator::new(p);
        let n = 64;
        let input: Vec<f64> = (0..n).map(|i| i as f64 * 0.25 + 1.0).collect();
        let inp = emu.alloc_bytes(
            &input
                .iter()
                .flat_map(|v| v.to_le_bytes())
                .collect::<Vec<_>>(),
        )?;
        let out = emu.alloc(4 * n as u64)?;
        let mut params = Vec::new();
        params.extend_from_slice(&1.5f64.to_le_bytes());
        params.extend_from_slice(&7i32.to_le_bytes());
        params.push(3u8);
        params.resize(16, 0);
        let bigv = [10i64, -20, 30, -40, 50];
        let big: Vec<u8> = bigv.iter().flat_map(|v| v.to_le_bytes()).collect();
        emu.launch(
            &obj,
            "struct_args",
            [n as u32, 1, 1],
            [n as u32, 1, 1],
            &[
                Arg::Bytes(params),
                Arg::I32(2),
                Arg::Buffer(out),
                Arg::Bytes(big),
                Arg::Buffer(inp),
                Arg::I64(1 << 40),
            ],
        )?;
        let got = f32s(&emu.read(out)?);
        for t in 0..n {
            let want = (input[t] * 1.5 + 7.0 + 3.0 + 2.0 + bigv[t % 5] as f64 + (1i64 << 40) as f64)
                as f32;
            assert_eq!(got[t].to_bits(), want.to_bits(), "{name} {t}");
        }
        Ok(())
    });
}

#[test]
fn scratch_private_table() {
    each(|p, name| {
        let obj = object(&format!("scratch-{name}"));
        let mut emu = Emulator::new(p);
        let out = emu.alloc(4 * 64)?;
        let k = 5i32;
        emu.launch(
            &obj,
            "private_table",
            [64, 1, 1],
            [64, 1, 1],
            &[Arg::Buffer(out), Arg::I32(k)],
        )?;
        let got = u32s(&emu.read(out)?);
        for t in 0..64i32 {
            let i = (t * 7 + k) & 63;
            assert_eq!(got[t as usize], (i * k + t) as u32, "{name} {t}");
        }
        Ok(())
    });
}

#[test]
fn dynamic_stack_recursion() {
    each(|p, name| {
        let obj = object(&format!("dynamic_stack-{name}"));
        let mut emu = Emulator::new(p);
        let out = emu.alloc(4 * 32)?;
        emu.launch(
            &obj,
            "recursive",
            [32, 1, 1],
            [32, 1, 1],
            &[Arg::Buffer(out), Arg::I32(12)],
        )?;
        assert!(u32s(&emu.read(out)?).iter().all(|&v| v == 144), "{name}");
        Ok(())
    });
}
