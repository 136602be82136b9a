//! Source kernels built by the driver, run in the strict emulator (waits
//! and hazards checked): the compatibility operations' IR lowering
//! computes what the spec says on every processor, and the registers a
//! precoloured intrinsic names stay its own.

use silk_emu::{Arg, Emulator};

const PROCESSORS: [&str; 3] = ["gfx942", "gfx1100", "gfx1151"];

fn example(path: &str) -> String {
    let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    std::fs::read_to_string(repo.join(path)).unwrap()
}

fn build(text: &str, nostd: bool, processor: &str) -> (silk_amdgpu::Processor, Vec<u8>) {
    let (_, built) = silk_driver::build_sources(&[("kernel.slk", text)], nostd, processor)
        .unwrap_or_else(|(session, diags)| panic!("{}", session.render(&diags)));
    (built.kernel.target.processor, built.bytes)
}

fn words(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

#[test]
fn threshold_labels_every_sample() {
    let text = example("examples/kernels/threshold.slk");
    let samples: Vec<u32> = (0..300u32).map(|i| (i * 37) % 200).collect();
    // The cutoff compares on its low 32 bits.
    let cutoff = (7u64 << 32) | 100;
    let want: Vec<u32> = samples.iter().map(|&x| u32::from(x >= 100)).collect();
    for p in PROCESSORS {
        let (processor, bytes) = build(&text, false, p);
        let mut emu = Emulator::new(processor);
        let input: Vec<u8> = samples.iter().flat_map(|x| x.to_le_bytes()).collect();
        let inp = emu.alloc_bytes(&input).unwrap();
        let out = emu.alloc(4 * samples.len() as u64).unwrap();
        emu.launch(
            &bytes,
            "threshold",
            [samples.len() as u32, 1, 1],
            [64, 1, 1],
            &[Arg::Buffer(inp), Arg::Buffer(out), Arg::U64(cutoff)],
        )
        .unwrap_or_else(|e| panic!("{p}: {e}"));
        assert_eq!(words(&emu.read(out).unwrap()), want, "{p}");
    }
}

#[test]
fn fill_stores_the_low_32_bits_everywhere() {
    let text = example("examples/kernels/fill.slk");
    for p in PROCESSORS {
        let (processor, bytes) = build(&text, false, p);
        let mut emu = Emulator::new(processor);
        let out = emu.alloc(4 * 200).unwrap();
        emu.launch(
            &bytes,
            "fill",
            [200, 1, 1],
            [32, 1, 1],
            &[Arg::Buffer(out), Arg::U64(0x1234_5678_9abc_def0)],
        )
        .unwrap_or_else(|e| panic!("{p}: {e}"));
        assert_eq!(
            words(&emu.read(out).unwrap()),
            vec![0x9abc_def0; 200],
            "{p}"
        );
    }
}

/// The numbered SGPRs and VGPRs an instruction's text names, as
/// `('s', 4)`, `('v', 2)`; tuples `v[2:3]` give each register.
fn registers(line: &str) -> Vec<(char, u32)> {
    let mut out = Vec::new();
    let b = line.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i] as char;
        let starts = (c == 's' || c == 'v') && (i == 0 || !b[i - 1].is_ascii_alphanumeric());
        if starts {
            let rest = &line[i + 1..];
            let num = |t: &str| -> Option<(u32, usize)> {
                let n = t.bytes().take_while(u8::is_ascii_digit).count();
                t[..n].parse().ok().map(|v| (v, n))
            };
            if let Some(inner) = rest.strip_prefix('[') {
                if let Some((lo, n)) = num(inner) {
                    if let Some((hi, _)) = inner[n..].strip_prefix(':').and_then(num) {
                        out.extend((lo..=hi).map(|r| (c, r)));
                    }
                }
            } else if let Some((r, n)) = num(rest) {
                let end = rest.as_bytes().get(n);
                if end.is_none_or(|e| !e.is_ascii_alphanumeric() && *e != b'_') {
                    out.push((c, r));
                }
            }
        }
        i += 1;
    }
    out
}

#[test]
fn allocated_registers_avoid_the_precoloured_ones() {
    let text = "import { store_u32_at_global_x } from \"std/gpu/device\";\n\
        ext __silk_amdgpu_s_add_i32 = fn (int, int, int) -> void;\n\
        ext __silk_amdgpu_v_add_f32 = fn (int, int, int) -> void;\n\
        export fn mixed (out: u64, value: u64) {\n\
          __silk_amdgpu_s_add_i32(0, 1, 2);\n\
          __silk_amdgpu_v_add_f32(1, 2, 3);\n\
          store_u32_at_global_x(out, value);\n\
        }\n";
    for p in PROCESSORS {
        let (_, built) = silk_driver::build_sources(&[("kernel.slk", text)], false, p)
            .unwrap_or_else(|(session, diags)| panic!("{}", session.render(&diags)));
        let processor = built.kernel.target.processor;
        let lines: Vec<String> = built
            .compiled
            .insts
            .iter()
            .map(|i| silk_amdgpu::isa::print::to_text(processor, i))
            .collect();
        // The intrinsics stay as written, in source order.
        let s_add = lines.iter().position(|l| l == "s_add_i32 s0, s1, s2");
        let v_add = lines.iter().position(|l| l == "v_add_f32_e32 v1, v2, v3");
        assert!(s_add.is_some() && s_add < v_add, "{p}: {lines:?}");
        let precoloured = [('s', 0), ('s', 1), ('s', 2), ('v', 1), ('v', 2), ('v', 3)];
        for (k, line) in lines.iter().enumerate() {
            if Some(k) == s_add || Some(k) == v_add {
                continue;
            }
            for r in registers(line) {
                assert!(
                    !precoloured.contains(&r),
                    "{p}: `{line}` uses the precoloured {r:?}"
                );
            }
        }
        assert_eq!(
            registers("global_store_dword v[2:3], v4, off"),
            [('v', 2), ('v', 3), ('v', 4)]
        );
        // Counted in the descriptor: at least v0..v3.
        assert!(built.compiled.usage.vgprs >= 4, "{p}");
    }
}
