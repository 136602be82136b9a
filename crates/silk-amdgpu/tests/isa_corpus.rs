//! Differential corpus: our disassembler must print LLVM 22's text for the
//! golden encodings in `tests/data/isa/<processor>.txt`.

use silk_amdgpu::isa::{decode, print};
use silk_amdgpu::target::Processor;
use std::collections::BTreeMap;

struct Stats {
    total: usize,
    ok: usize,
    by_family: BTreeMap<String, (usize, usize)>,
    examples: Vec<String>,
}

fn run(processor: Processor) -> Stats {
    let path = format!(
        "{}/tests/data/isa/{}.txt",
        env!("CARGO_MANIFEST_DIR"),
        processor.name()
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let mut st = Stats {
        total: 0,
        ok: 0,
        by_family: BTreeMap::new(),
        examples: Vec::new(),
    };
    for line in text.lines() {
        let mut cols = line.split('\t');
        let (Some(family), Some(hex), Some(expected)) = (cols.next(), cols.next(), cols.next())
        else {
            continue;
        };
        let bytes: Vec<u8> = hex
            .split(',')
            .map(|h| u8::from_str_radix(h.trim_start_matches("0x"), 16).unwrap())
            .collect();
        let words: Vec<u32> = bytes
            .chunks(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        st.total += 1;
        let e = st.by_family.entry(family.to_string()).or_default();
        e.0 += 1;
        let got = match decode::decode(processor, &words) {
            Ok((inst, n)) if n == words.len() => print::to_text(processor, &inst),
            Ok((_, n)) => format!("<decoded {n} of {} dwords>", words.len()),
            Err(err) => format!("<{err}>"),
        };
        if got == expected {
            st.ok += 1;
            e.1 += 1;
        } else if st.examples.len() < 4000 {
            st.examples.push(format!(
                "{family}\t{hex}\n   want: {expected}\n   got:  {got}"
            ));
        }
    }
    st
}

fn check(processor: Processor, required: f64) {
    let st = run(processor);
    let rate = st.ok as f64 / st.total as f64;
    eprintln!(
        "{}: {}/{} = {:.2}%",
        processor.name(),
        st.ok,
        st.total,
        rate * 100.0
    );
    for (f, (n, ok)) in &st.by_family {
        eprintln!(
            "  {f:14} {ok:6}/{n:6} {:6.2}%",
            *ok as f64 * 100.0 / *n as f64
        );
    }
    if let Ok(dir) = std::env::var("SILK_ISA_MISMATCH_DIR") {
        std::fs::write(
            format!("{dir}/{}.mismatch", processor.name()),
            st.examples.join("\n"),
        )
        .unwrap();
    }
    assert!(
        rate >= required,
        "{}: disassembly matches LLVM for {:.2}% of the corpus, need {:.2}%",
        processor.name(),
        rate * 100.0,
        required * 100.0
    );
}

#[test]
fn gfx942_disassembly_matches_llvm() {
    check(Processor::Gfx942, 0.0);
}

#[test]
fn gfx1100_disassembly_matches_llvm() {
    check(Processor::Gfx1100, 0.0);
}

#[test]
fn gfx1151_disassembly_matches_llvm() {
    check(Processor::Gfx1151, 0.0);
}
