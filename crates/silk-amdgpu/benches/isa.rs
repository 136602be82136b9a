//! ISA layer throughput on the differential corpus: encoding typed
//! instructions, decoding, printing and parsing. Whole-process ratios
//! against llvm-mc are measured by `benches/isa_vs_llvm_mc.sh`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use silk_amdgpu::isa::{byte_list, decode, encode, parse, print, Inst};
use silk_amdgpu::target::Processor;
use std::hint::black_box;

fn corpus(p: Processor) -> Vec<(Vec<u32>, String)> {
    let path = format!(
        "{}/tests/data/isa/{}.txt",
        env!("CARGO_MANIFEST_DIR"),
        p.name()
    );
    std::fs::read_to_string(path)
        .expect("corpus")
        .lines()
        .filter_map(|l| {
            let mut c = l.split('\t');
            let (_, hex, text) = (c.next()?, c.next()?, c.next()?);
            let bytes: Vec<u8> = hex
                .split(',')
                .filter_map(|h| u8::from_str_radix(h.trim_start_matches("0x"), 16).ok())
                .collect();
            Some((
                bytes
                    .chunks(4)
                    .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                    .collect(),
                text.to_string(),
            ))
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    for p in Processor::ALL {
        let items = corpus(p);
        // Instructions that decode and re-encode exactly.
        let insts: Vec<Inst> = items
            .iter()
            .filter_map(|(w, _)| {
                let (inst, _) = decode::decode(p, w).ok()?;
                let mut out = Vec::new();
                (encode::encode(p, &inst, &mut out).is_ok() && &out == w).then_some(inst)
            })
            .collect();
        let words: Vec<u32> = items.iter().flat_map(|(w, _)| w.iter().copied()).collect();
        let texts: Vec<&str> = items.iter().map(|(_, t)| t.as_str()).collect();

        let mut g = c.benchmark_group(format!("isa/{}", p.name()));
        g.throughput(Throughput::Elements(insts.len() as u64));
        // The bulk entry point codegen emits kernels through.
        // Both into one reused Vec, as an emitter does: a fresh one per
        // iteration would time its page faults.
        let mut out = Vec::with_capacity(insts.len() * 3);
        g.bench_function("encode", |b| {
            b.iter(|| {
                out.clear();
                encode::encode_all(p, black_box(&insts), &mut out)
            })
        });
        // One instruction a call (the assembler's use).
        g.bench_function("encode_each", |b| {
            b.iter(|| {
                out.clear();
                for i in &insts {
                    let _ = encode::encode(p, black_box(i), &mut out);
                }
            })
        });
        g.throughput(Throughput::Elements(items.len() as u64));
        g.bench_function("decode", |b| {
            b.iter(|| {
                let mut at = 0;
                let mut n = 0;
                while at < words.len() {
                    match decode::decode(p, black_box(&words[at..])) {
                        Ok((_, k)) => {
                            at += k;
                            n += 1
                        }
                        Err(_) => at += 1,
                    }
                }
                n
            })
        });
        g.bench_function("decode+print", |b| {
            let mut s = String::with_capacity(64);
            b.iter(|| {
                for i in &insts {
                    s.clear();
                    print::print(p, i, &mut s);
                }
            })
        });
        // What `silk disasm` does with a byte list: parse the text,
        // decode, print (one instruction per line, as the whole-process
        // script feeds it).
        let list: String = items
            .iter()
            .map(|(w, _)| {
                let bytes: Vec<String> = w
                    .iter()
                    .flat_map(|w| w.to_le_bytes())
                    .map(|b| format!("{b:#04x}"))
                    .collect();
                bytes.join(" ") + "\n"
            })
            .collect();
        g.bench_function("byte list", |b| {
            let mut out = String::with_capacity(1 << 17);
            b.iter(|| {
                byte_list::disassemble_stream(
                    p,
                    &mut black_box(list.as_bytes()),
                    &mut out,
                    1 << 16,
                    |o| {
                        o.clear();
                        Ok::<(), std::convert::Infallible>(())
                    },
                    |_, _| {},
                )
            })
        });
        g.bench_function("parse+encode", |b| {
            let mut out = Vec::with_capacity(4);
            b.iter(|| {
                for t in &texts {
                    out.clear();
                    if let Ok(pi) = parse::parse_inst(p, black_box(t)) {
                        let _ = encode::encode(p, &pi.inst, &mut out);
                    }
                }
            })
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
