//! Random well-typed device programs (seeded): each is lowered, run in the
//! IR interpreter and, compiled, in the strict emulator; the output
//! buffers must be identical. Exercises mutable locals through nested
//! `if`/`while`/`loop` with `break`/`continue`, narrow integers, short
//! circuits and helper calls end to end.

use silk_emu::Emulator;
use silk_gpu_ir::interp::{run_kernel, Arg, Launch, Memory};
use silk_testsupport::corpus::Rng;

const PROCESSORS: [&str; 3] = ["gfx942", "gfx1100", "gfx1151"];

const LEAVES: &[&str] = &[
    "x += a;",
    "x = x * 3 + b;",
    "if x > a { x -= 1; } else { y = y ^ x; }",
    "y <<= 3;",
    "x = (y as u8) as u32;",
    "if x == 0 || y / x > 2 { y += 1; }",
    "if x != 0 && y % x == 1 { y += 5; }",
    "z = z * 0.5 + (x as f32);",
    "n = n - (x as i16);",
    "y = mix(x, y);",
    "x = read_u32(input, (y as u64) % 64);",
    "if x > 1000 { write_u32(out, i * 4 + 3, x); return; }",
];

fn stmt(r: &mut Rng, depth: u32) -> String {
    if depth == 0 || r.range(0, 3) == 0 {
        return LEAVES[r.range(0, LEAVES.len() as i64) as usize].to_string();
    }
    let body = |r: &mut Rng| -> String {
        let k = r.range(1, 4);
        (0..k)
            .map(|_| stmt(r, depth - 1))
            .collect::<Vec<_>>()
            .join(" ")
    };
    match r.range(0, 4) {
        0 => format!("var t{depth}: u32 = 0; while t{depth} < (x & 7) {{ t{depth} += 1; {} }}", body(r)),
        1 => format!(
            "var c{depth}: u32 = 0; loop {{ c{depth} += 1; if c{depth} > 5 {{ break; }} if (y & c{depth}) == 1 {{ continue; }} {} }}",
            body(r)
        ),
        2 => format!("if (y & 1) == 0 {{ {} }} else {{ {} }}", body(r), body(r)),
        _ => format!("if x < y {{ {} }}", body(r)),
    }
}

fn program(r: &mut Rng) -> String {
    let n = r.range(1, 6);
    let stmts: Vec<String> = (0..n).map(|_| stmt(r, 3)).collect();
    format!(
        "import {{ global_id_x, read_u32, write_u32 }} from \"std/gpu/device\";\n\
         attr(device=gpu)\nfn mix (p: u32, q: u32) -> u32 {{\n  if p > q {{\n    return p - q;\n  }}\n  return (q >> 1) + p;\n}}\n\
         attr(device=gpu)\nfn k (input: u64, out: u64) {{\n\
         let i: u64 = global_id_x();\nlet a: u32 = read_u32(input, i);\nlet b: u32 = 7;\n\
         var x: u32 = a;\nvar y: u32 = (i as u32) + 2;\nvar z: f32 = 0.0;\nvar n: i16 = 3;\n\
         {}\n\
         write_u32(out, i * 4, x);\nwrite_u32(out, i * 4 + 1, y);\n\
         write_u32(out, i * 4 + 2, (z as u32) + ((n as i32) as u32));\n}}\n",
        stmts.join("\n")
    )
}

/// Compile generated program `seed` for `p`, run it in the interpreter and
/// the strict emulator, and require identical output buffers; the compiled
/// kernel, or `None` when the code generator reports a register limit.
fn agree(seed: u64, p: &str) -> Option<silk_codegen::CompiledKernel> {
    let items = 64u32;
    let input: Vec<u8> = (0..items)
        .flat_map(|i| (i.wrapping_mul(2654435761) % 1500).to_le_bytes())
        .collect();
    let mut r = Rng::new(seed);
    let text = program(&mut r);
    let objs = match silk_driver::build_device_sources(&[("gen.slk", &text)], p) {
        Ok((_, o)) => o,
        // A code-generator limit (VGPR pressure beyond what it handles
        // without spilling) is a located error, not a miscompile.
        Err((s, d)) if s.render(&d).contains("spilling VGPRs is not implemented") => return None,
        Err((s, d)) => panic!("seed {seed}:\n{}\n{text}", s.render(&d)),
    };
    let obj = &objs[0];
    let mut mem = Memory::new();
    mem.alloc(input.clone()).unwrap();
    mem.alloc(vec![0; 16 * items as usize]).unwrap();
    let args = [
        Arg::U64(mem.address(0).unwrap()),
        Arg::U64(mem.address(1).unwrap()),
    ];
    run_kernel(
        &obj.module,
        "k",
        &Launch::linear(items, 32),
        &args,
        &mut mem,
    )
    .unwrap_or_else(|e| panic!("seed {seed} in the interpreter: {e}\n{text}"));
    let target = silk_amdgpu::target::Target::parse(p).unwrap();
    let mut emu = Emulator::new(target.processor);
    let inp = emu.alloc_bytes(&input).unwrap();
    let out = emu.alloc(16 * items as u64).unwrap();
    emu.launch(
        &obj.bytes,
        "k",
        [items, 1, 1],
        [32, 1, 1],
        &[silk_emu::Arg::Buffer(inp), silk_emu::Arg::Buffer(out)],
    )
    .unwrap_or_else(|e| panic!("seed {seed} on {p}: {e}\n{text}"));
    assert_eq!(
        emu.read(out).unwrap(),
        mem.buffers()[1],
        "seed {seed} on {p}: emulator and interpreter differ\n{text}"
    );
    Some(obj.compiled.clone())
}

#[test]
fn random_device_programs_agree_with_the_interpreter() {
    let mut compiled = 0;
    for seed in 0..24u64 {
        if agree(seed, PROCESSORS[seed as usize % 3]).is_some() {
            compiled += 1;
        }
    }
    assert_eq!(compiled, 24, "only {compiled} of 24 programs compiled");
}

/// Programs that need more than gfx942's 96 SGPRs (wave64 lane masks are
/// SGPR pairs; these nest loops and branches deeply) used to fail with a
/// register-budget error. Their SGPRs are spilled to VGPR lanes now, and
/// they still compute what the interpreter computes. These are the seeds
/// below 400 that spill with today's passes (the device-IR CSE made others
/// fit); a pass that lowers SGPR pressure may shrink the list.
#[test]
fn sgpr_heavy_programs_spill_and_agree_on_gfx942() {
    for seed in [4u64, 241, 253, 255, 263, 286, 361] {
        let k = agree(seed, "gfx942").unwrap_or_else(|| panic!("seed {seed} did not compile"));
        let text: Vec<String> = k
            .insts
            .iter()
            .map(|i| silk_codegen::mir::text(silk_amdgpu::target::Processor::Gfx942, i))
            .collect();
        assert!(
            text.iter().any(|t| t.starts_with("v_writelane_b32"))
                && text.iter().any(|t| t.starts_with("v_readlane_b32")),
            "seed {seed}: expected SGPR spill code"
        );
        assert!(k.usage.sgprs <= 96, "seed {seed}: {} SGPRs", k.usage.sgprs);
    }
}
