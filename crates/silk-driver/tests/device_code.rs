//! Application device code (`attr(device=gpu)` entries and their helpers)
//! built by the driver for every processor and run in the strict emulator.

use silk_emu::{Arg, Emulator};

const PROCESSORS: [&str; 3] = ["gfx942", "gfx1100", "gfx1151"];

fn example(path: &str) -> String {
    let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    std::fs::read_to_string(repo.join(path)).unwrap()
}

fn build(text: &str, processor: &str) -> Vec<silk_driver::DeviceObject> {
    match silk_driver::build_device_sources(&[("app.slk", text)], processor) {
        Ok((_, objs)) => objs,
        Err((session, diags)) => panic!("{}", session.render(&diags)),
    }
}

fn words(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn processor(p: &str) -> silk_amdgpu::Processor {
    silk_amdgpu::target::Target::parse(p).unwrap().processor
}

#[test]
fn fill_writes_the_value_at_every_work_item() {
    let text = example("examples/device/fill.slk");
    for p in PROCESSORS {
        let objs = build(&text, p);
        assert_eq!(objs.len(), 1);
        assert_eq!(objs[0].entry.name, "fill");
        let mut emu = Emulator::new(processor(p));
        let out = emu.alloc(16).unwrap();
        emu.launch(
            &objs[0].bytes,
            "fill",
            [4, 1, 1],
            [4, 1, 1],
            &[Arg::Buffer(out), Arg::U64(42)],
        )
        .unwrap_or_else(|e| panic!("{p}: {e}"));
        assert_eq!(words(&emu.read(out).unwrap()), vec![42; 4], "{p}");
    }
}

/// The documented classifier run: threshold 7 on inputs 0,5,6,7,8,9,14,20.
fn classify(path: &str, kernel: &str) {
    let text = example(path);
    let inputs = [0u32, 5, 6, 7, 8, 9, 14, 20];
    for p in PROCESSORS {
        let objs = build(&text, p);
        let obj = objs.iter().find(|o| o.entry.name == kernel).unwrap();
        assert_eq!(objs.len(), 1, "only the launchable entry is a code object");
        let mut emu = Emulator::new(processor(p));
        let bytes: Vec<u8> = inputs.iter().flat_map(|x| x.to_le_bytes()).collect();
        let inp = emu.alloc_bytes(&bytes).unwrap();
        let out = emu.alloc(32).unwrap();
        emu.launch(
            &obj.bytes,
            kernel,
            [8, 1, 1],
            [8, 1, 1],
            &[Arg::Buffer(inp), Arg::Buffer(out), Arg::U64(7)],
        )
        .unwrap_or_else(|e| panic!("{p}: {e}"));
        assert_eq!(
            words(&emu.read(out).unwrap()),
            vec![0, 0, 0, 1, 1, 1, 1, 1],
            "{p}"
        );
    }
}

#[test]
fn classify_composes_through_a_pure_fn() {
    classify("examples/device/classify.slk", "classify");
}

#[test]
fn classify_batch_calls_a_helper_returning_a_value() {
    classify("examples/device/classify_batch.slk", "classify_batch");
}

#[test]
fn a_program_without_an_entry_says_so() {
    let text = "import { global_id_x } from \"std/gpu/device\";\n\
                attr(device=gpu)\nfn helper () -> u64 {\n  return global_id_x();\n}\n";
    let Err((session, diags)) = silk_driver::build_device_sources(&[("app.slk", text)], "gfx942")
    else {
        panic!("built without an entry");
    };
    let out = session.render(&diags);
    assert!(
        out.starts_with("error[E4001]: no launchable entry exists: "),
        "{out}"
    );
    assert!(out.contains("--> app.slk:3:4"), "{out}");
}

#[test]
fn every_entry_of_a_multi_kernel_program_is_its_own_object() {
    let text = example("examples/device/kernels.slk");
    let objs = build(&text, "gfx1151");
    let names: Vec<&str> = objs.iter().map(|o| o.entry.name.as_str()).collect();
    assert_eq!(
        names,
        ["saxpy", "collatz", "histogram", "reduce_sum", "prefix_skip"]
    );
    for o in &objs {
        let parsed = silk_amdgpu::code_object::read(&o.bytes).unwrap();
        assert!(
            silk_amdgpu::code_object::validate(&parsed).is_empty(),
            "{}",
            o.entry.name
        );
        assert_eq!(parsed.kernels.len(), 1, "{}", o.entry.name);
        assert_eq!(parsed.kernels[0].name, o.entry.name);
    }
    // collatz: a device helper with a while loop, run in the emulator.
    let inputs: Vec<u32> = (0..100).collect();
    let want: Vec<u32> = inputs
        .iter()
        .map(|&x| {
            let (mut v, mut n) = (x, 0);
            while v != 1 && v != 0 {
                v = if v % 2 == 0 { v / 2 } else { 3 * v + 1 };
                n += 1;
            }
            n
        })
        .collect();
    for p in PROCESSORS {
        let objs = build(&text, p);
        let obj2 = &objs[1];
        let mut emu = Emulator::new(processor(p));
        let bytes: Vec<u8> = inputs.iter().flat_map(|x| x.to_le_bytes()).collect();
        let inp = emu.alloc_bytes(&bytes).unwrap();
        let out = emu.alloc(400).unwrap();
        emu.launch(
            &obj2.bytes,
            "collatz",
            [128, 1, 1],
            [64, 1, 1],
            &[Arg::U64(100), Arg::Buffer(inp), Arg::Buffer(out)],
        )
        .unwrap_or_else(|e| panic!("{p}: {e}"));
        assert_eq!(words(&emu.read(out).unwrap()), want, "{p}");
    }
}

/// 8- and 16-bit reads and writes: neighbouring work-items write adjacent
/// bytes of the same words, and an entry called from another entry is a
/// helper there.
#[test]
fn narrow_memory_accesses_and_entries_as_helpers() {
    let text =
        "import { global_id_x, read_u8, write_u8, read_i16, write_i16 } from \"std/gpu/device\";\n\
                attr(device=gpu)\nfn bytes (input: u64, out: u64) {\n\
                  let i: u64 = global_id_x();\n\
                  write_u8(out, i, read_u8(input, i) * 3 + 1);\n}\n\
                attr(device=gpu)\nfn halves (input: u64, out: u64) {\n\
                  let i: u64 = global_id_x();\n\
                  write_i16(out, i, -read_i16(input, i) >> 1);\n\
                  bytes(input, out + 512);\n}\n";
    let input: Vec<u8> = (0..200u32).map(|i| (i * 37 % 256) as u8).collect();
    let want_bytes: Vec<u8> = input
        .iter()
        .map(|&x| x.wrapping_mul(3).wrapping_add(1))
        .collect();
    let halves_in: Vec<i16> = input
        .chunks_exact(2)
        .map(|c| i16::from_le_bytes([c[0], c[1]]))
        .collect();
    for p in PROCESSORS {
        let objs = build(text, p);
        assert_eq!(objs.len(), 2);
        let mut emu = Emulator::new(processor(p));
        let inp = emu.alloc_bytes(&input).unwrap();
        let out = emu.alloc(1024).unwrap();
        emu.launch(
            &objs[0].bytes,
            "bytes",
            [200, 1, 1],
            [64, 1, 1],
            &[Arg::Buffer(inp), Arg::Buffer(out)],
        )
        .unwrap_or_else(|e| panic!("{p}: {e}"));
        let got = emu.read(out).unwrap();
        assert_eq!(&got[..200], &want_bytes[..], "{p}");
        assert!(
            got[200..].iter().all(|&b| b == 0),
            "{p}: wrote past the elements"
        );
        let out2 = emu.alloc(1024).unwrap();
        emu.launch(
            &objs[1].bytes,
            "halves",
            [100, 1, 1],
            [32, 1, 1],
            &[Arg::Buffer(inp), Arg::Buffer(out2)],
        )
        .unwrap_or_else(|e| panic!("{p}: {e}"));
        let got = emu.read(out2).unwrap();
        let want: Vec<u8> = halves_in
            .iter()
            .flat_map(|&h| (h.wrapping_neg() >> 1).to_le_bytes())
            .collect();
        assert_eq!(&got[..200], &want[..], "{p}");
        // The helper copy of `bytes` ran for the first 100 work-items.
        assert_eq!(&got[512..612], &want_bytes[..100], "{p}");
        assert!(got[612..].iter().all(|&b| b == 0), "{p}");
    }
}
