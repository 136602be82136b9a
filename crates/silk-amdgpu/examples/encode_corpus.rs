//! Encodes the differential corpus (`tests/data/isa/<processor>.txt`) 20
//! times, for instruction counts under callgrind (the machine is shared,
//! so Ir/inst is steadier than time; speed itself is `benches/isa.rs`):
//!
//! ```sh
//! cargo build --profile profiling -p silk-amdgpu --example encode_corpus
//! valgrind --tool=callgrind --toggle-collect='*run_loop*' \
//!     target/profiling/examples/encode_corpus gfx1100 all
//! ```
//!
//! Ir / (instructions x 20) is the cost of one instruction; `all` uses
//! `encode_all`, anything else `encode` one instruction at a time.

use silk_amdgpu::isa::{decode, encode, Inst};
use silk_amdgpu::target::Processor;
use std::hint::black_box;

fn corpus(p: Processor) -> Vec<Inst> {
    let path = format!(
        "{}/tests/data/isa/{}.txt",
        env!("CARGO_MANIFEST_DIR"),
        p.name()
    );
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter_map(|l| {
            let hex = l.split('\t').nth(1)?;
            let b: Vec<u8> = hex
                .split(',')
                .filter_map(|h| u8::from_str_radix(h.trim_start_matches("0x"), 16).ok())
                .collect();
            let w: Vec<u32> = b
                .chunks(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect();
            let (inst, _) = decode::decode(p, &w).ok()?;
            let mut out = Vec::new();
            (encode::encode(p, &inst, &mut out).is_ok() && out == w).then_some(inst)
        })
        .collect()
}

#[inline(never)]
fn run_loop(p: Processor, insts: &[Inst], out: &mut Vec<u32>, bulk: bool) {
    if bulk {
        let _ = encode::encode_all(p, black_box(insts), out);
        return;
    }
    for i in insts {
        let _ = encode::encode(p, black_box(i), out);
    }
}

fn main() {
    let p = match std::env::args().nth(1).as_deref() {
        Some("gfx942") => Processor::Gfx942,
        Some("gfx1151") => Processor::Gfx1151,
        _ => Processor::Gfx1100,
    };
    let insts = corpus(p);
    let reps = 20;
    let mut out = Vec::with_capacity(insts.len() * 3);
    for _ in 0..reps {
        out.clear();
        run_loop(
            p,
            &insts,
            &mut out,
            std::env::args().nth(2).as_deref() == Some("all"),
        );
    }
    eprintln!("{} insts x {reps} = {}", insts.len(), insts.len() * reps);
    black_box(&out);
}
