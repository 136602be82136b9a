//! Syntax conformance against llvm-mc 22: the generated syntax-variant
//! corpus (`asm_syntax/gen.rs`: every seed instruction of the ISA corpus
//! written the ways people write it, plus invalid variants) assembled by
//! `silk asm --show-encoding` ([`show_encoding`]) and compared with
//! llvm-mc's verdicts, checked in as golden data in
//! `tests/data/asm_syntax/<processor>.txt` (`family<TAB>verdict<TAB>line`,
//! the verdict being the bytes as hex, `??` for a byte llvm-mc leaves to
//! a fixup, or `error:<column>`). This test needs no LLVM.
//!
//! `asm_syntax_llvm_live` re-runs llvm-mc on the generated lines when it is
//! installed and checks the golden data is what llvm-mc says; with
//! `SILK_REGEN_SYNTAX=1` it rewrites the golden data instead.
//!
//! Agreement both ways: a line llvm-mc accepts must give its bytes; a
//! line it rejects must be rejected with a located error. The lines where
//! we still differ are listed in `tests/data/asm_syntax/known-<processor>.txt`;
//! the test fails on any other difference and on a listed line that now
//! agrees (so the list only shrinks).

#[path = "asm_syntax/gen.rs"]
mod gen;

use silk_amdgpu::asm::show_encoding;
use silk_amdgpu::isa::operand;
use silk_amdgpu::target::{Processor, Target};
use silk_testsupport::llvm;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::PathBuf;
use std::process::Command;

const PROCESSORS: [Processor; 3] = [Processor::Gfx942, Processor::Gfx1100, Processor::Gfx1151];

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

fn lines(p: Processor) -> Vec<gen::Line> {
    let corpus = std::fs::read_to_string(data(&format!("isa/{}.txt", p.name()))).unwrap();
    gen::generate(p, &corpus)
}

/// Verdicts, one per input line, from a `-show-encoding` listing (one
/// `; encoding: [..]` per accepted line, in order) and the 1-based
/// `(line, column)` of each error.
fn verdicts(n: usize, listing: &str, errors: &[(usize, usize)]) -> Result<Vec<String>, String> {
    let mut err_at: HashMap<usize, usize> = HashMap::new();
    for &(l, c) in errors {
        err_at.entry(l).or_insert(c);
    }
    let mut encodings = listing.lines().filter_map(|l| {
        let (_, e) = l.split_once("; encoding: [")?;
        let e = e.split(']').next()?;
        Some(
            e.split(',')
                .map(|b| match b.trim().strip_prefix("0x") {
                    Some(h) => h.to_string(),
                    None => "??".to_string(),
                })
                .collect::<String>(),
        )
    });
    let mut out = Vec::with_capacity(n);
    for i in 1..=n {
        match err_at.get(&i) {
            Some(c) => out.push(format!("error:{c}")),
            None => out.push(
                encodings
                    .next()
                    .ok_or(format!("no encoding for line {i}"))?,
            ),
        }
    }
    if encodings.next().is_some() {
        return Err("more encodings than accepted lines".into());
    }
    Ok(out)
}

fn source(ls: &[gen::Line]) -> String {
    let mut s = String::new();
    for l in ls {
        s.push_str(&l.text);
        s.push('\n');
    }
    s
}

fn ours(p: Processor, ls: &[gen::Line]) -> Vec<String> {
    let target = Target::new(p);
    let (listing, diags) = show_encoding(&source(ls), "syntax.s", Some(target));
    let errors: Vec<(usize, usize)> = diags.0.iter().map(|d| (d.line, d.column)).collect();
    verdicts(ls.len(), &listing, &errors).unwrap()
}

fn llvm_mc(p: Processor, ls: &[gen::Line]) -> Option<Vec<String>> {
    let mc = llvm::tool("llvm-mc")?;
    // One directory per call: tests run in parallel in one process.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("silk-asm-syntax-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{}.s", p.name()));
    std::fs::write(&file, source(ls)).unwrap();
    let out = Command::new(mc)
        .args([
            "-triple=amdgcn-amd-amdhsa",
            &format!("-mcpu={}", p.name()),
            "-show-encoding",
            file.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let prefix = format!("{}:", file.to_str().unwrap());
    let errors: Vec<(usize, usize)> = String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter(|l| l.contains(": error:"))
        .filter_map(|l| {
            let mut it = l.strip_prefix(&prefix)?.split(':');
            Some((it.next()?.parse().ok()?, it.next()?.parse().ok()?))
        })
        .collect();
    let _ = std::fs::remove_dir_all(&dir);
    Some(verdicts(ls.len(), &String::from_utf8_lossy(&out.stdout), &errors).unwrap())
}

struct Golden {
    rows: Vec<(String, String, String)>,
}

fn golden_path(p: Processor) -> PathBuf {
    data(&format!("asm_syntax/{}.txt", p.name()))
}

fn read_golden(p: Processor) -> Golden {
    let text = std::fs::read_to_string(golden_path(p)).unwrap();
    let rows = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let mut it = l.splitn(3, '\t');
            let f = it.next().unwrap().to_string();
            let v = it.next().unwrap().to_string();
            let t = it.next().unwrap().to_string();
            (f, v, t)
        })
        .collect();
    Golden { rows }
}

fn write_golden(p: Processor, ls: &[gen::Line], v: &[String]) {
    let mut s = format!(
        "# llvm-mc 22 -mcpu={} -show-encoding on the generated syntax variants \
         (tests/asm_syntax/gen.rs): family, bytes (?? = fixup) or error:column, line\n",
        p.name()
    );
    for (l, v) in ls.iter().zip(v) {
        s.push_str(&format!("{}\t{}\t{}\n", l.family, v, l.text));
    }
    std::fs::write(golden_path(p), s).unwrap();
}

fn known_path(p: Processor) -> PathBuf {
    data(&format!("asm_syntax/known-{}.txt", p.name()))
}

/// The llvm-mc defects we reject on purpose
/// (`asm_syntax/llvm-mc-defects.txt`): (processor, line) -> class.
fn defects() -> HashMap<(String, String), String> {
    std::fs::read_to_string(data("asm_syntax/llvm-mc-defects.txt"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let mut it = l.splitn(3, '\t');
            let p = it.next().unwrap().to_string();
            let c = it.next().unwrap().to_string();
            ((p, it.next().unwrap().to_string()), c)
        })
        .collect()
}

#[test]
fn syntax_variants_agree_with_llvm_mc() {
    let mut failures = Vec::new();
    for p in PROCESSORS {
        let ls = lines(p);
        let golden = read_golden(p);
        let texts: Vec<&str> = ls.iter().map(|l| l.text.as_str()).collect();
        let gtexts: Vec<&str> = golden.rows.iter().map(|r| r.2.as_str()).collect();
        assert!(
            texts == gtexts,
            "{}: the generated lines differ from the golden data's ({} vs {}): \
             rerun `SILK_REGEN_SYNTAX=1 cargo test -p silk-amdgpu --test asm_syntax` with llvm-mc 22",
            p.name(),
            texts.len(),
            gtexts.len()
        );
        let got = ours(p, &ls);
        let defects = defects();
        // family -> [accepted, same bytes, rejected, we reject, llvm-mc defects]
        let mut per: BTreeMap<&str, [usize; 5]> = BTreeMap::new();
        let mut diffs = Vec::new();
        for ((fam, want, text), got) in golden.rows.iter().zip(&got) {
            let c = per.entry(fam.as_str()).or_default();
            // A line whose llvm-mc bytes are wrong: we must reject it
            // (`llvm_mc_defects_are_real` checks the defect).
            if defects.contains_key(&(p.name().to_string(), text.clone())) {
                c[4] += 1;
                if !got.starts_with("error") {
                    failures.push(format!(
                        "{}: `{text}` is an llvm-mc defect we must reject; ours {got}",
                        p.name()
                    ));
                }
                continue;
            }
            let ok = if want.starts_with("error") {
                c[2] += 1;
                let ok = got.starts_with("error");
                c[3] += ok as usize;
                ok
            } else {
                c[0] += 1;
                let ok = got == want;
                c[1] += ok as usize;
                ok
            };
            if !ok {
                diffs.push(format!("{fam}\t{text}\tllvm-mc {want}\tours {got}"));
            }
        }
        let mut tot = [0usize; 5];
        eprintln!(
            "{}: family accepted same% rejected rejected% llvm-mc-defects(rejected on purpose)",
            p.name()
        );
        for (f, c) in &per {
            for k in 0..5 {
                tot[k] += c[k];
            }
            eprintln!(
                "  {f:8} {:6} {:6.2}% {:6} {:6.2}% {:6}",
                c[0],
                100.0 * c[1] as f64 / c[0].max(1) as f64,
                c[2],
                100.0 * c[3] as f64 / c[2].max(1) as f64,
                c[4]
            );
        }
        eprintln!(
            "  {:8} {:6} {:6.2}% {:6} {:6.2}% {:6}",
            "all",
            tot[0],
            100.0 * tot[1] as f64 / tot[0].max(1) as f64,
            tot[2],
            100.0 * tot[3] as f64 / tot[2].max(1) as f64,
            tot[4]
        );
        if std::env::var_os("SILK_WRITE_KNOWN").is_some() {
            let mut s = format!(
                "# Lines of asm_syntax/{}.txt where silk asm still differs from llvm-mc 22 (the test keeps this list exact)\n",
                p.name()
            );
            for d in &diffs {
                s.push_str(d.split('\t').nth(1).unwrap());
                s.push('\n');
            }
            std::fs::write(known_path(p), s).unwrap();
            continue;
        }
        let known: HashSet<String> = std::fs::read_to_string(known_path(p))
            .unwrap_or_default()
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(String::from)
            .collect();
        let diff_texts: HashSet<&str> = diffs
            .iter()
            .map(|d| d.split('\t').nth(1).unwrap())
            .collect();
        for d in &diffs {
            if !known.contains(d.split('\t').nth(1).unwrap()) {
                failures.push(format!("{}: {d}", p.name()));
            }
        }
        for k in &known {
            if !diff_texts.contains(k.as_str()) {
                failures.push(format!(
                    "{}: `{k}` now agrees with llvm-mc: remove it from known-{}.txt",
                    p.name(),
                    p.name()
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} new differences:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The little-endian dwords of a golden verdict's hex bytes.
fn dwords(hex: &str) -> Vec<u32> {
    (0..hex.len() / 8)
        .map(|i| {
            u32::from_str_radix(&hex[8 * i..8 * i + 8], 16)
                .unwrap()
                .swap_bytes()
        })
        .collect()
}

/// The values a written constant can stand for in a literal dword: the
/// integer, or the float's f32 and f16 patterns.
fn literal_patterns(v: &str) -> Vec<u32> {
    let int = match v.strip_prefix("0x") {
        Some(h) => i64::from_str_radix(h, 16).ok(),
        None => v.parse::<i64>().ok(),
    };
    if let Some(i) = int {
        return vec![i as u32];
    }
    let f: f32 = v.parse().unwrap();
    let b = f.to_bits();
    // A normal f32 exactly representable in f16 (as the corpus' 0.5, 1.5).
    let h = (b >> 16 & 0x8000) | ((b >> 23 & 0xff) + 15 - 127) << 10 | (b >> 13 & 0x3ff);
    vec![b, h]
}

/// Every line of `llvm-mc-defects.txt` is a real llvm-mc 22 defect,
/// shown from its own bytes in the golden data, and we reject it with an
/// error located at the offending operand or modifier. (So the known
/// lists hold only real gaps.)
#[test]
fn llvm_mc_defects_are_real() {
    let defects = defects();
    assert!(!defects.is_empty());
    let mut bad = Vec::new();
    for p in PROCESSORS {
        let golden = read_golden(p);
        for ((fam, want, text), _) in golden.rows.iter().zip(0..) {
            let Some(class) = defects.get(&(p.name().to_string(), text.clone())) else {
                continue;
            };
            assert!(
                !want.starts_with("error") && !want.contains('?'),
                "{}: `{text}`: llvm-mc rejects it or leaves a fixup ({want}): not a defect",
                p.name()
            );
            let w = dwords(want);
            let proven = match class.as_str() {
                "literal-dropped" => {
                    // gfx942 VOP3/VOP3P: two dwords, sources in the second.
                    let srcs = [w[1] & 0x1ff, w[1] >> 9 & 0x1ff, w[1] >> 18 & 0x1ff];
                    p == Processor::Gfx942
                        && matches!(fam.as_str(), "VOP3" | "VOP3P" | "VOPC")
                        && w.len() == 2
                        && srcs.contains(&255)
                        && text.contains("lit(")
                }
                "literal-replaced" => {
                    // The single literal dword is the written K, not lit(x).
                    let x = text
                        .split("lit(")
                        .nth(1)
                        .unwrap()
                        .split(')')
                        .next()
                        .unwrap();
                    let k = text
                        .split([' ', ','])
                        .rfind(|t| t.starts_with("0x"))
                        .unwrap();
                    let lit = *w.last().unwrap();
                    literal_patterns(k).contains(&lit) && !literal_patterns(x).contains(&lit)
                }
                "offset-truncated" => {
                    let off: u32 = text
                        .split("offset:")
                        .nth(1)
                        .unwrap()
                        .split(' ')
                        .next()
                        .unwrap()
                        .parse()
                        .unwrap();
                    matches!(fam.as_str(), "MUBUF" | "MTBUF") && w[0] & 0xfff != off
                }
                "modifier-dropped" => {
                    // gfx942 VOP3 (bits 31:26 = 0b110100), two dwords: no
                    // `sext` bit anywhere, `op_sel` in bits 14:11.
                    let vop3 = p == Processor::Gfx942 && w.len() == 2 && w[0] >> 26 == 0b11_0100;
                    let op_sel_written = text
                        .split("op_sel:[")
                        .nth(1)
                        .is_some_and(|l| l.split(']').next().unwrap().contains('1'));
                    vop3 && (text.contains("sext(") || op_sel_written && w[0] >> 11 & 0xf == 0)
                }
                c => panic!("unknown defect class {c}"),
            };
            if !proven {
                bad.push(format!(
                    "{}: `{text}`: llvm-mc's {want} does not show {class}",
                    p.name()
                ));
            }
            let (_, d) = show_encoding(&format!("{text}\n"), "t.s", Some(Target::new(p)));
            let at = d.0.first().map(|d| &text[d.column.saturating_sub(1)..]);
            let located = match class.as_str() {
                "offset-truncated" => at.is_some_and(|a| a.starts_with("offset:")),
                "modifier-dropped" => {
                    at.is_some_and(|a| a.starts_with("sext(") || a.starts_with("op_sel:"))
                }
                _ => at.is_some_and(|a| a.starts_with("lit(") || a.starts_with("0x")),
            };
            if d.0.len() != 1 || !located {
                bad.push(format!(
                    "{}: `{text}`: not rejected at the defect: {d}",
                    p.name()
                ));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn asm_syntax_llvm_live() {
    if llvm::tool_or_skip("llvm-mc", "asm_syntax_llvm_live").is_none() {
        return;
    }
    let regen = std::env::var_os("SILK_REGEN_SYNTAX").is_some();
    for p in PROCESSORS {
        let ls = lines(p);
        let v = llvm_mc(p, &ls).unwrap();
        if regen {
            write_golden(p, &ls, &v);
            continue;
        }
        let golden = read_golden(p);
        assert_eq!(
            golden.rows.len(),
            ls.len(),
            "{}: golden data is stale",
            p.name()
        );
        for ((l, v), (_, gv, gt)) in ls.iter().zip(&v).zip(&golden.rows) {
            assert_eq!(
                (&l.text, v),
                (gt, gv),
                "{}: llvm-mc now says otherwise (regenerate with SILK_REGEN_SYNTAX=1)",
                p.name()
            );
        }
    }
}

/// The three known assembler bugs of issue 15, on whole files: a label
/// operand of `s_call_b64` resolves as llvm-mc + lld resolve it (offset in
/// dwords from the next instruction: `BA800001` on gfx942, `BA000001` on
/// GFX11, from llvm-objdump of llvm-mc's object); `v_mov_b32 v1, v2 clamp`
/// is SDWA on gfx942 and an error on GFX11; an integer `v_cmp_*` with
/// `clamp` is an error (float compares take it, as llvm-mc).
#[test]
fn known_bugs_match_llvm_mc() {
    use silk_amdgpu::asm::assemble_file;
    use silk_amdgpu::code_object::read;
    for (p, word) in [
        (Processor::Gfx942, 0xba80_0001u32),
        (Processor::Gfx1100, 0xba00_0001),
        (Processor::Gfx1151, 0xba00_0001),
    ] {
        let src = format!(
            "\t.amdgcn_target \"amdgcn-amd-amdhsa--{}\"\n\t.text\n\ts_call_b64 s[0:1], foo\n\ts_nop 0\nfoo:\n\ts_endpgm\n",
            p.name()
        );
        let obj = assemble_file(&src, "call.s", None).unwrap_or_else(|d| panic!("{d}"));
        let r = read(&obj).unwrap();
        let t = r.section(".text").unwrap();
        let first = u32::from_le_bytes(obj[t.offset as usize..][..4].try_into().unwrap());
        assert_eq!(first, word, "{}", p.name());

        let target = Some(Target::new(p));
        let (listing, d) = show_encoding("v_mov_b32 v1, v2 clamp\n", "t.s", target);
        if p == Processor::Gfx942 {
            assert!(d.0.is_empty(), "{d}");
            assert!(
                listing.contains("[0xf9,0x02,0x02,0x7e,0x02,0x36,0x06,0x00]"),
                "{listing}"
            );
        } else {
            assert_eq!(d.0.len(), 1, "{}: {listing}", p.name());
        }
        let vcc = if p == Processor::Gfx942 {
            "vcc"
        } else {
            "vcc_lo"
        };
        let (_, d) = show_encoding(
            &format!("v_cmp_lt_i32 {vcc}, v1, v2 clamp\n"),
            "t.s",
            target,
        );
        assert!(d.0.len() == 1 && d.0[0].column > 1, "{}: {d}", p.name());
        let (_, d) = show_encoding(
            &format!("v_cmp_lt_f32 {vcc}, v1, v2 clamp\n"),
            "t.s",
            target,
        );
        assert!(d.0.is_empty(), "{}: {d}", p.name());
        let (_, d) = show_encoding("s_call_b64 s[0:1], 0x10000\n", "t.s", target);
        assert_eq!(d.0.len(), 1, "{}", p.name());
    }
}

// ---- Inline-constant operand types ----

fn type_golden_path(p: Processor) -> PathBuf {
    data(&format!("asm_syntax/inline-types-{}.txt", p.name()))
}

/// The float type llvm-mc gives a source: the 0.5 pattern it encodes
/// like the written `0.5` (the inline constant), `int` when none is (an
/// integer operand), `error` when `0.5` itself is rejected there.
fn type_class(v: &[String]) -> &'static str {
    if v[0].starts_with("error") {
        return "error";
    }
    (1..v.len())
        .find(|&k| v[k] == v[0])
        .map_or("int", |k| gen::TYPE_CLASSES[k - 1])
}

/// The class the table's operand type gives: the width and format of the
/// value an inline float constant stands for (LLVM takes the 32- and
/// 64-bit float patterns as inline for integer operands too, as the
/// hardware reads them; 16-bit integer operands take none: `int`).
fn our_class(ty: silk_amdgpu::isa::Ty) -> &'static str {
    use silk_amdgpu::isa::Ty;
    match ty {
        Ty::F16 | Ty::V2F16 | Ty::V2F16Splat => "f16",
        Ty::V2Bf16 | Ty::Bf16 => "bf16",
        Ty::F64 | Ty::B64 => "f64",
        Ty::B32 | Ty::V2F32 => "f32",
        Ty::B16 => "int",
    }
}

/// The bits of inline float `k` (0.5, -0.5, 1, -1, 2, -2, 4, -4, 1/(2π))
/// in float format `class`, from the values (1/(2π) as the hardware
/// rounds it, CDNA3/RDNA3 ISA "inline constants").
fn inline_float(class: &str, k: usize) -> u64 {
    let x = [0.5f64, -0.5, 1.0, -1.0, 2.0, -2.0, 4.0, -4.0][..].get(k);
    match (class, x) {
        ("f64", Some(x)) => x.to_bits(),
        ("f64", None) => 0x3fc4_5f30_6dc9_c882,
        ("f32", Some(x)) => u64::from((*x as f32).to_bits()),
        ("f32", None) => 0x3e22_f983,
        ("bf16", Some(x)) => u64::from((*x as f32).to_bits() >> 16),
        ("bf16", None) => 0x3e22,
        // ±2^e: sign, exponent biased by 15, no mantissa.
        ("f16", Some(x)) => {
            let e = x.abs().log2() as i64 + 15;
            (u64::from(x.is_sign_negative()) << 15) | ((e as u64) << 10)
        }
        ("f16", None) => 0x3118,
        _ => u64::MAX,
    }
}

/// For every opcode and every constant-capable source: the type LLVM 22
/// reads an inline float constant as (recorded in
/// `asm_syntax/inline-types-<processor>.txt`) must be the table's
/// operand type, so that the emulator and the assembler read `0.5` as
/// the hardware does; and the value the emulator reads for each inline
/// float there (`operand::inline_value`, which it calls) must be that
/// type's pattern.
#[test]
fn inline_constant_types_match_llvm() {
    let mut bad = Vec::new();
    for p in PROCESSORS {
        let corpus = std::fs::read_to_string(data(&format!("isa/{}.txt", p.name()))).unwrap();
        let probes = gen::type_probes(p, &corpus);
        let text = std::fs::read_to_string(type_golden_path(p)).unwrap();
        let golden: HashMap<(String, usize), String> = text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| {
                let mut it = l.splitn(3, '\t');
                let c = it.next().unwrap().to_string();
                let pos = it.next().unwrap().parse().unwrap();
                ((it.next().unwrap().to_string(), pos), c)
            })
            .collect();
        assert_eq!(
            golden.len(),
            probes.len(),
            "{}: regenerate (SILK_REGEN_SYNTAX=1)",
            p.name()
        );
        let (mut checked, mut same) = (0, 0);
        for pr in &probes {
            let want = &golden[&(pr.seed.clone(), pr.pos)];
            let inst = silk_amdgpu::isa::parse_inst(p, &pr.seed).unwrap().inst;
            let info = silk_amdgpu::isa::Isa::new(p).info(inst.opcode).unwrap();
            let spec = info.operands[pr.pos];
            let ty = spec.ty;
            let ours = our_class(ty);
            if want == "error" {
                continue;
            }
            // What the emulator reads for each inline float: the pattern
            // of the class llvm-mc reads `0.5` as (for 16-bit integer
            // operands, the f16 pattern LLVM's disassembler prints).
            for (k, code) in (240u16..=248).enumerate() {
                let read = operand::inline_value(code, ty, spec.dwords as usize);
                let class = if want == "int" { "f16" } else { want.as_str() };
                if read != Some(inline_float(class, k)) {
                    bad.push(format!(
                        "{}: {} operand {}: the emulator reads inline {code} as {read:x?}, llvm-mc's type is {want}",
                        p.name(),
                        info.name,
                        pr.pos
                    ));
                }
            }
            let ok = ours == want;
            checked += 1;
            same += ok as usize;
            if !ok {
                bad.push(format!(
                    "{}: {} operand {}: llvm-mc reads 0.5 as {want}, table type {ty:?}",
                    p.name(),
                    info.name,
                    pr.pos
                ));
            }
        }
        eprintln!(
            "{}: {same} of {checked} typed sources agree with llvm-mc",
            p.name()
        );
    }
    let known: HashSet<String> = std::fs::read_to_string(data("asm_syntax/inline-types-known.txt"))
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(String::from)
        .collect();
    if std::env::var_os("SILK_WRITE_KNOWN").is_some() {
        let mut s = "# Table operand types that differ from llvm-mc 22's (the test keeps this list exact)\n".to_string();
        for b in &bad {
            s.push_str(b);
            s.push('\n');
        }
        std::fs::write(data("asm_syntax/inline-types-known.txt"), s).unwrap();
        return;
    }
    let new: Vec<&String> = bad.iter().filter(|b| !known.contains(*b)).collect();
    let fixed: Vec<&String> = known.iter().filter(|k| !bad.contains(k)).collect();
    assert!(
        new.is_empty() && fixed.is_empty(),
        "new: {new:#?}\nnow agree (remove from the list): {fixed:#?}"
    );
}

#[test]
fn inline_constant_types_llvm_live() {
    if llvm::tool_or_skip("llvm-mc", "inline_constant_types_llvm_live").is_none() {
        return;
    }
    let regen = std::env::var_os("SILK_REGEN_SYNTAX").is_some();
    for p in PROCESSORS {
        let corpus = std::fs::read_to_string(data(&format!("isa/{}.txt", p.name()))).unwrap();
        let probes = gen::type_probes(p, &corpus);
        let ls: Vec<gen::Line> = probes
            .iter()
            .flat_map(|pr| pr.lines.iter())
            .map(|t| gen::Line {
                family: String::new(),
                text: t.clone(),
            })
            .collect();
        let v = llvm_mc(p, &ls).unwrap();
        let mut s = format!(
            "# llvm-mc 22 -mcpu={}: the type 0.5 is read as in each source (asm_syntax.rs type_class): class, operand, seed line\n",
            p.name()
        );
        let mut k = 0;
        for pr in &probes {
            let n = pr.lines.len();
            s.push_str(&format!(
                "{}\t{}\t{}\n",
                type_class(&v[k..k + n]),
                pr.pos,
                pr.seed
            ));
            k += n;
        }
        if regen {
            std::fs::write(type_golden_path(p), s).unwrap();
        } else {
            let old = std::fs::read_to_string(type_golden_path(p)).unwrap();
            assert!(
                old == s,
                "{}: llvm-mc's operand types changed: regenerate with SILK_REGEN_SYNTAX=1",
                p.name()
            );
        }
    }
}
