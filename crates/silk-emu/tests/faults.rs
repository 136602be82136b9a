//! Every fault report, provoked by patching the clang golden objects:
//! a deleted `s_waitcnt`, a never-written register, out-of-bounds and
//! unaligned accesses, a descriptor that under-declares VGPRs, LDS or
//! scratch, an unsupported instruction, a runaway loop, and bad input.

use silk_amdgpu::code_object;
use silk_amdgpu::isa::{decode, print};
use silk_amdgpu::target::Processor;
use silk_emu::{Arg, Emulator, Error, FaultKind, Options};

const OBJECTS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../silk-amdgpu/tests/data/hip/objects"
);
const S_NOP: u32 = 0xbf80_0000;

fn object(name: &str) -> Vec<u8> {
    std::fs::read(format!("{OBJECTS}/{name}.hsaco")).expect("golden object")
}

/// File offset of the kernel's code and the code itself.
fn kernel_code(bytes: &[u8], kernel: &str) -> (usize, Vec<u8>) {
    let co = code_object::read(bytes).unwrap();
    let k = co.kernels.iter().find(|k| k.name == kernel).unwrap();
    (file_offset(&co, k.entry_address), k.code.clone())
}

fn file_offset(co: &code_object::ParsedCodeObject, vaddr: u64) -> usize {
    let s = co
        .segments
        .iter()
        .find(|s| s.p_type == 1 && vaddr >= s.vaddr && vaddr < s.vaddr + s.filesz)
        .unwrap();
    (vaddr - s.vaddr + s.offset) as usize
}

fn descriptor_offset(bytes: &[u8], kernel: &str) -> usize {
    let co = code_object::read(bytes).unwrap();
    let k = co.kernels.iter().find(|k| k.name == kernel).unwrap();
    file_offset(&co, k.descriptor_address)
}

/// Offsets and texts of each instruction of a kernel.
fn listing(p: Processor, code: &[u8]) -> Vec<(usize, String)> {
    decode::decode_all(p, code)
        .into_iter()
        .filter_map(|r| r.ok())
        .map(|(off, inst, _)| (off, print::to_text(p, &inst)))
        .collect()
}

fn put_word(bytes: &mut [u8], at: usize, w: u32) {
    bytes[at..at + 4].copy_from_slice(&w.to_le_bytes());
}

fn vector_add(p: Processor, obj: &[u8], n: i32, opts: Options) -> Result<(), Error> {
    let mut emu = Emulator::new(p);
    emu.options = opts;
    let a = emu.alloc(4 * 1024)?;
    let b = emu.alloc(4 * 1024)?;
    emu.launch(
        obj,
        "vector_add",
        [1024, 1, 1],
        [256, 1, 1],
        &[Arg::Buffer(a), Arg::Buffer(b), Arg::I32(n)],
    )?;
    Ok(())
}

fn fault_of(r: Result<(), Error>) -> silk_emu::Fault {
    match r {
        Err(Error::Fault(f)) => *f,
        other => panic!("expected a fault, got {other:?}"),
    }
}

#[test]
fn deleted_waitcnt_names_register_and_pc() {
    for (p, name) in [
        (Processor::Gfx942, "gfx942"),
        (Processor::Gfx1100, "gfx1100"),
        (Processor::Gfx1151, "gfx1151"),
    ] {
        let mut obj = object(&format!("vector_add-{name}"));
        let (base, code) = kernel_code(&obj, "vector_add");
        let list = listing(p, &code);
        let (off, _) = list
            .iter()
            .find(|(_, t)| t == "s_waitcnt vmcnt(0)")
            .expect("a vmcnt wait");
        put_word(&mut obj, base + off, S_NOP);
        let f = fault_of(vector_add(p, &obj, 1000, Options::default()));
        assert_eq!(f.kind, FaultKind::OutstandingLoad, "{name}: {f}");
        assert_eq!(f.pc, *off as u64 + 4, "{name}: {f}");
        // The first source of the add is the first load's destination, with
        // both loads still outstanding.
        let want = match p {
            Processor::Gfx942 => "v4 read at pc 0x5c while vmcnt=2 is outstanding".to_string(),
            _ => format!("v2 read at pc {:#x} while vmcnt=2 is outstanding", off + 4),
        };
        assert_eq!(f.message, want, "{name}");
        assert!(f.to_string().contains("v_add_f32"), "{f}");
        // Without strict mode the loads land at issue and the kernel completes.
        vector_add(
            p,
            &obj,
            1000,
            Options {
                strict: false,
                ..Options::default()
            },
        )
        .unwrap();
    }
}

#[test]
fn never_written_register() {
    let p = Processor::Gfx942;
    let mut obj = object("vector_add-gfx942");
    let (base, code) = kernel_code(&obj, "vector_add");
    let list = listing(p, &code);
    let (off, _) = list
        .iter()
        .find(|(_, t)| t == "v_add_f32_e32 v0, v4, v5")
        .unwrap();
    // src0 v4 -> v6 (VOP2 src0 is bits 8:0).
    let w = u32::from_le_bytes(code[*off..off + 4].try_into().unwrap());
    put_word(&mut obj, base + off, (w & !0x1ff) | 0x106);
    let f = fault_of(vector_add(p, &obj, 1000, Options::default()));
    assert_eq!(f.kind, FaultKind::UninitializedRead);
    assert_eq!(f.message, "v6 read at pc 0x5c before anything wrote it");
    assert_eq!(f.lane, Some(0));
    assert_eq!(f.wave, 0);
}

#[test]
fn out_of_bounds_global_access() {
    let obj = object("vector_add-gfx942");
    let mut emu = Emulator::new(Processor::Gfx942);
    let a = emu.alloc(4 * 100).unwrap();
    let b = emu.alloc(4 * 100).unwrap();
    let r = emu.launch(
        &obj,
        "vector_add",
        [256, 1, 1],
        [256, 1, 1],
        &[Arg::Buffer(a), Arg::Buffer(b), Arg::I32(256)],
    );
    let f = fault_of(r.map(|_| ()));
    assert_eq!(f.kind, FaultKind::OutOfBounds);
    // Work-item 100 is lane 36 of wave 1.
    assert_eq!((f.wave, f.lane), (1, Some(36)), "{f}");
    assert!(
        f.message
            .starts_with("out-of-bounds 4-byte load access at address"),
        "{f}"
    );
}

/// Plain global loads and stores may be unaligned (the hardware's
/// unaligned mode, which the HSA runtime sets): `out[i] += in[i]` through
/// an `out` two bytes off its allocation computes on the bytes there.
/// Unaligned atomics fault (`tests/semantics.rs`).
#[test]
fn unaligned_global_access_reads_and_writes_the_bytes() {
    let obj = object("vector_add-gfx1100");
    let mut emu = Emulator::new(Processor::Gfx1100);
    let a = emu.alloc(4 * 300).unwrap();
    let inp: Vec<u8> = (0..256u32).flat_map(|i| (i as f32).to_le_bytes()).collect();
    let b = emu.alloc_bytes(&inp).unwrap();
    emu.launch(
        &obj,
        "vector_add",
        [256, 1, 1],
        [256, 1, 1],
        &[Arg::U64(a.addr + 2), Arg::Buffer(b), Arg::I32(256)],
    )
    .unwrap();
    let got = emu.read(a).unwrap();
    // Zeroed memory plus in[i]: out's bytes are in's bytes, shifted by 2.
    assert_eq!(got[..2], [0, 0]);
    assert_eq!(got[2..2 + inp.len()], inp[..]);
}

#[test]
fn descriptor_declaring_too_few_vgprs() {
    for (p, name) in [
        (Processor::Gfx942, "gfx942"),
        (Processor::Gfx1100, "gfx1100"),
    ] {
        let mut obj = object(&format!("dynamic_stack-{name}"));
        let d = descriptor_offset(&obj, "recursive");
        // COMPUTE_PGM_RSRC1 (descriptor offset 48) bits 5:0: one granule.
        let rsrc1 = u32::from_le_bytes(obj[d + 48..d + 52].try_into().unwrap());
        put_word(&mut obj, d + 48, rsrc1 & !0x3f);
        let mut emu = Emulator::new(p);
        let out = emu.alloc(4 * 32).unwrap();
        let r = emu.launch(
            &obj,
            "recursive",
            [32, 1, 1],
            [32, 1, 1],
            &[Arg::Buffer(out), Arg::I32(5)],
        );
        let f = fault_of(r.map(|_| ()));
        assert_eq!(f.kind, FaultKind::RegisterLimit, "{name}: {f}");
        assert!(
            f.message.contains("but the descriptor declares 8 VGPRs"),
            "{name}: {f}"
        );
    }
}

#[test]
fn descriptor_declaring_too_little_lds() {
    let mut obj = object("lds-gfx1151");
    let d = descriptor_offset(&obj, "reverse_block");
    put_word(&mut obj, d, 1024); // group_segment_fixed_size
    let mut emu = Emulator::new(Processor::Gfx1151);
    let buf = emu.alloc(4 * 1024).unwrap();
    let r = emu.launch(
        &obj,
        "reverse_block",
        [1024, 1, 1],
        [1024, 1, 1],
        &[Arg::Buffer(buf)],
    );
    let f = fault_of(r.map(|_| ()));
    assert_eq!(f.kind, FaultKind::OutOfBounds);
    assert!(f.message.contains("outside the 1024 bytes of LDS"), "{f}");
    assert_eq!(f.lane, Some(0));
    assert_eq!(
        f.wave, 8,
        "the first wave whose lanes store past 1024 bytes: {f}"
    );
}

#[test]
fn descriptor_declaring_too_little_scratch() {
    let mut obj = object("scratch-gfx942");
    let d = descriptor_offset(&obj, "private_table");
    put_word(&mut obj, d + 4, 16); // private_segment_fixed_size
    let mut emu = Emulator::new(Processor::Gfx942);
    let out = emu.alloc(4 * 64).unwrap();
    let r = emu.launch(
        &obj,
        "private_table",
        [64, 1, 1],
        [64, 1, 1],
        &[Arg::Buffer(out), Arg::I32(3)],
    );
    let f = fault_of(r.map(|_| ()));
    assert_eq!(f.kind, FaultKind::OutOfBounds);
    assert!(
        f.message
            .contains("outside the 16 bytes of private memory per lane"),
        "{f}"
    );
}

#[test]
fn unsupported_instruction_is_an_error() {
    let mut obj = object("vector_add-gfx942");
    let (base, _) = kernel_code(&obj, "vector_add");
    put_word(&mut obj, base, 0xbf8d_0000); // s_sethalt 0
    let r = vector_add(Processor::Gfx942, &obj, 10, Options::default());
    match r {
        Err(Error::Unsupported { name, pc }) => {
            assert_eq!(name, "s_sethalt");
            assert_eq!(pc, 0);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn runaway_loop_times_out() {
    let mut obj = object("vector_add-gfx1100");
    let (base, _) = kernel_code(&obj, "vector_add");
    put_word(&mut obj, base, 0xbfa0_ffff); // s_branch -1 (GFX11 SOPP 0x20)
    let r = vector_add(
        Processor::Gfx1100,
        &obj,
        10,
        Options {
            max_instructions_per_wave: 1000,
            ..Options::default()
        },
    );
    let f = fault_of(r);
    assert_eq!(f.kind, FaultKind::Timeout, "{f}");
    // The message names the instruction and its pc as the disassembler
    // prints it (the address in the object), then the entry offset.
    assert_eq!(f.inst, "s_branch 65535", "{f}");
    let co = code_object::read(&obj).unwrap();
    let entry = co
        .kernels
        .iter()
        .find(|k| k.name == "vector_add")
        .unwrap()
        .entry_address;
    let abs = format!("at pc {entry:#x} (entry + 0x0)");
    assert!(f.to_string().contains(&abs), "{f}\nwants {abs}");
    assert!(f.to_string().contains("--max-instructions"), "{f}");
}

#[test]
fn bad_input_is_reported_not_panicked() {
    let obj = object("vector_add-gfx942");
    let mut emu = Emulator::new(Processor::Gfx942);
    let a = emu.alloc(64).unwrap();
    // Corrupt and truncated objects.
    for cut in [0, 16, 64, 1000] {
        let r = emu.launch(
            &obj[..cut.min(obj.len())],
            "vector_add",
            [1, 1, 1],
            [1, 1, 1],
            &[],
        );
        assert!(
            matches!(r, Err(Error::CodeObject(_) | Error::NoKernel { .. })),
            "{cut}: {r:?}"
        );
    }
    let mut flipped = obj.clone();
    for i in (0..flipped.len()).step_by(97) {
        flipped[i] ^= 0x5a;
    }
    let _ = emu.launch(
        &flipped,
        "vector_add",
        [64, 1, 1],
        [64, 1, 1],
        &[Arg::Buffer(a), Arg::Buffer(a), Arg::I32(1)],
    );
    // Wrong kernel, arguments, geometry and processor.
    assert!(matches!(
        emu.launch(&obj, "nope", [1, 1, 1], [1, 1, 1], &[]),
        Err(Error::NoKernel { .. })
    ));
    assert!(matches!(
        emu.launch(&obj, "vector_add", [1, 1, 1], [1, 1, 1], &[]),
        Err(Error::Argument(_))
    ));
    let args = [Arg::Buffer(a), Arg::Buffer(a), Arg::F64(1.0)];
    assert!(matches!(
        emu.launch(&obj, "vector_add", [1, 1, 1], [1, 1, 1], &args),
        Err(Error::Argument(_))
    ));
    let args = [Arg::Buffer(a), Arg::Buffer(a), Arg::U64(1 << 40)];
    assert!(matches!(
        emu.launch(&obj, "vector_add", [1, 1, 1], [1, 1, 1], &args),
        Err(Error::Argument(_))
    ));
    let args = [Arg::Buffer(a), Arg::Buffer(a), Arg::I32(1)];
    assert!(matches!(
        emu.launch(&obj, "vector_add", [0, 1, 1], [1, 1, 1], &args),
        Err(Error::Geometry(_))
    ));
    assert!(matches!(
        emu.launch(&obj, "vector_add", [64, 1, 1], [2048, 1, 1], &args),
        Err(Error::Geometry(_))
    ));
    let mut gfx11 = Emulator::new(Processor::Gfx1100);
    assert!(matches!(
        gfx11.launch(&obj, "vector_add", [1, 1, 1], [1, 1, 1], &args),
        Err(Error::WrongProcessor { .. })
    ));
}

#[test]
fn descriptor_declaring_too_few_sgprs() {
    // gfx942 allocates SGPRs from COMPUTE_PGM_RSRC1 bits 9:6 (8 per granule,
    // 6 of them reserved for VCC/FLAT_SCRATCH/XNACK); GFX11 always has 106.
    let mut obj = object("vector_add-gfx942");
    let d = descriptor_offset(&obj, "vector_add");
    let rsrc1 = u32::from_le_bytes(obj[d + 48..d + 52].try_into().unwrap());
    put_word(&mut obj, d + 48, rsrc1 & !(0xf << 6));
    let f = fault_of(vector_add(Processor::Gfx942, &obj, 10, Options::default()));
    assert_eq!(f.kind, FaultKind::RegisterLimit, "{f}");
    assert!(
        f.message.contains("but the descriptor declares 3 SGPRs"),
        "{f}"
    );
}

const ROUNDS: usize = 150;

#[test]
fn mutated_code_never_panics() {
    // Deterministic random word flips in the code of clang kernels: every
    // launch must end in Ok or an Error, never a panic.
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut errors = 0;
    let mut panics = Vec::new();
    for (p, name) in [
        (Processor::Gfx942, "gfx942"),
        (Processor::Gfx1100, "gfx1100"),
        (Processor::Gfx1151, "gfx1151"),
    ] {
        let original = object(&format!("vector_add-{name}"));
        let (base, code) = kernel_code(&original, "vector_add");
        for round in 0..ROUNDS {
            let mut obj = original.clone();
            for _ in 0..1 + next() % 3 {
                let at = base + (next() as usize % (code.len() / 4).min(40)) * 4;
                let w = next() as u32;
                put_word(&mut obj, at, w);
            }
            let r = std::panic::catch_unwind(|| {
                vector_add(
                    p,
                    &obj,
                    100,
                    Options {
                        max_instructions_per_wave: 2000,
                        ..Options::default()
                    },
                )
            });
            match r {
                Ok(Ok(())) => {}
                Ok(Err(_)) => errors += 1,
                Err(_) => panics.push(format!("{name} round {round}")),
            }
        }
    }
    assert!(panics.is_empty(), "panicked: {panics:?}");
    assert!(
        errors > 100,
        "mutations should mostly be reported: {errors}"
    );
}

/// Issue 15: "a grid reported as the sum of its axes instead of their
/// product". The workgroup count is the product of the per-axis counts
/// everywhere: in the statistics of a 3-D launch, in the limit (a grid
/// whose per-axis counts sum to far below the limit but multiply to far
/// above it is refused), and in the message, which names each axis.
#[test]
fn workgroup_count_is_the_product_of_the_axes() {
    let obj = object("vector_add-gfx942");
    let mut emu = Emulator::new(Processor::Gfx942);
    let a = emu.alloc(4 * 1024).unwrap();
    let b = emu.alloc(4 * 1024).unwrap();
    let args = [Arg::Buffer(a), Arg::Buffer(b), Arg::I32(0)];
    // 4 x 2 x 3 workgroups of 2x3x2 work-items (one wave each).
    let stats = emu
        .launch(&obj, "vector_add", [8, 6, 6], [2, 3, 2], &args)
        .unwrap();
    assert_eq!((stats.workgroups, stats.waves), (24, 24));
    // 2^20 + 2^12 + 16 workgroups if summed (under the 2^24 limit),
    // 2^36 as they are.
    let e = emu
        .launch(&obj, "vector_add", [1 << 20, 1 << 12, 16], [1, 1, 1], &args)
        .expect_err("2^36 workgroups")
        .to_string();
    assert!(
        e.contains(
            "a grid of 1048576x4096x16 work-items in workgroups of 1x1x1 is 1048576x4096x16 = 68719476736 workgroups"
        ),
        "{e}"
    );
}
