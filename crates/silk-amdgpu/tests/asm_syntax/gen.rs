//! The syntax-variant generator: from one canonical line per mnemonic of
//! the ISA corpus (`tests/data/isa/<processor>.txt`, LLVM 22's own
//! disassembly), the spellings people write for each instruction family
//! (operand forms, modifiers, forced encodings, DPP/SDWA on the base
//! mnemonic, symbolic immediates, labels, expressions) and invalid
//! variants. Which of them are valid is not decided here: llvm-mc 22's
//! verdicts are the golden data. Deterministic: the same corpus and
//! tables give the same lines.

use silk_amdgpu::isa::format::Field;
use silk_amdgpu::isa::{parse_inst, ImmStyle, Isa, Kind};
use silk_amdgpu::target::{Generation, Processor};
use std::collections::BTreeMap;

/// One generated line and the family it is counted under.
pub struct Line {
    pub family: String,
    pub text: String,
}

fn fnv(s: &str, salt: u64) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64 ^ salt;
    for b in s.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x100_0000_01b3);
    }
    h
}

/// Picks `k` distinct entries of `pool`, chosen by `key`.
fn pick<'a>(pool: &[&'a str], key: &str, salt: u64, k: usize) -> Vec<&'a str> {
    let mut out = Vec::new();
    let n = pool.len();
    if n == 0 {
        return out;
    }
    let start = (fnv(key, salt) % n as u64) as usize;
    let step = 1 + (fnv(key, salt ^ 0x55) % n.max(2) as u64) as usize;
    let mut i = start;
    for _ in 0..n * 2 {
        let c = pool[i % n];
        if !out.contains(&c) {
            out.push(c);
        }
        if out.len() == k {
            break;
        }
        i += step;
    }
    out
}

/// Splits at top-level commas (outside `()`/`[]`).
fn split_top(s: &str, sep: u8) -> Vec<String> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0usize);
    for (i, b) in s.bytes().enumerate() {
        match b {
            b'(' | b'[' => depth += 1,
            b')' | b']' => depth -= 1,
            _ if b == sep && depth == 0 => {
                out.push(s[start..i].trim().to_string());
                start = i + 1;
            }
            _ => {}
        }
    }
    let last = s[start..].trim();
    if !last.is_empty() {
        out.push(last.to_string());
    }
    out
}

/// A canonical line taken apart: mnemonic, operands, trailing modifiers.
#[derive(Clone)]
struct Parts {
    mnem: String,
    ops: Vec<String>,
    mods: Vec<String>,
}

impl Parts {
    fn parse(line: &str) -> Parts {
        let (mnem, rest) = line.split_once(' ').unwrap_or((line, ""));
        let mut ops = split_top(rest, b',');
        let mut mods = Vec::new();
        if let Some(last) = ops.pop() {
            let mut words = split_top(&last, b' ').into_iter().filter(|w| !w.is_empty());
            if let Some(first) = words.next() {
                ops.push(first);
            }
            mods.extend(words);
        }
        Parts {
            mnem: mnem.to_string(),
            ops,
            mods,
        }
    }

    fn text(&self) -> String {
        let mut s = self.mnem.clone();
        if !self.ops.is_empty() {
            s.push(' ');
            s.push_str(&self.ops.join(", "));
        }
        for m in &self.mods {
            s.push(' ');
            s.push_str(m);
        }
        s
    }

    fn with_mnem(&self, m: &str) -> Parts {
        Parts {
            mnem: m.to_string(),
            ..self.clone()
        }
    }

    fn with_op(&self, i: usize, v: &str) -> Parts {
        let mut p = self.clone();
        p.ops[i] = v.to_string();
        p
    }

    fn with_mods(&self, mods: &[&str]) -> Parts {
        let mut p = self.clone();
        p.mods = mods.iter().map(|s| s.to_string()).collect();
        p
    }

    fn plus_mod(&self, m: &str) -> Parts {
        let mut p = self.clone();
        p.mods.push(m.to_string());
        p
    }
}

/// Lines that are simplest to vary: few literals and special registers.
fn score(text: &str) -> usize {
    let noisy = [
        "ttmp", "0x", "lit(", "exec", "vcc", "m0", "src_", "null", "|", "-", ".",
    ];
    text.len() + 40 * noisy.iter().map(|n| text.matches(n).count()).sum::<usize>()
}

/// The seed per (family, mnemonic) of the native families.
fn seeds(corpus: &str) -> BTreeMap<(String, String), String> {
    let mut best: BTreeMap<(String, String), String> = BTreeMap::new();
    for line in corpus.lines() {
        let mut it = line.splitn(3, '\t');
        let (Some(fam), Some(_), Some(text)) = (it.next(), it.next(), it.next()) else {
            continue;
        };
        if fam.contains("DPP") || fam.contains("SDWA") {
            continue;
        }
        let mnem = text.split(' ').next().unwrap_or("").to_string();
        let key = (fam.to_string(), mnem);
        match best.get(&key) {
            Some(old) if score(old) <= score(text) => {}
            _ => {
                best.insert(key, text.to_string());
            }
        }
    }
    best
}

/// Registers of `dwords` dwords, aligned like LLVM's tuples.
fn vreg(n: u32, dwords: u8) -> String {
    if dwords <= 1 {
        format!("v{n}")
    } else {
        format!("v[{n}:{}]", n + dwords as u32 - 1)
    }
}

fn sreg(n: u32, dwords: u8) -> String {
    if dwords <= 1 {
        format!("s{n}")
    } else {
        format!("s[{n}:{}]", n + dwords as u32 - 1)
    }
}

/// Values a scalar/vector source can be written as.
fn source_pool(p: Processor, dwords: u8, vector: bool) -> Vec<String> {
    let gfx11 = p.generation() == Generation::Gfx11;
    let mut v: Vec<String> = [
        "0",
        "-16",
        "64",
        "65",
        "-17",
        "0.5",
        "-4.0",
        "1.0",
        "0.15915494",
        "0x3f000000",
        "0x3800",
        "0x3fe00000",
        "0x12345678",
        "1.5",
        "lit(1)",
        "1+2",
        "(1<<4)-1",
        "-1",
        "0xffffffff",
        "src_scc",
        "src_execz",
        "src_vccz",
        "src_shared_base",
        "src_private_limit",
        "-0.5",
        "0x4400",
        "lit(0.5)",
        "2.0e0",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let d = dwords.max(1);
    v.push(sreg(4, d));
    v.push(format!(
        "ttmp{}",
        if d == 1 {
            "1".into()
        } else {
            format!("[4:{}]", 3 + d)
        }
    ));
    if d == 1 {
        v.extend(["s[3:3]", "m0", "s105"].map(String::from));
        v.push(if gfx11 {
            "vcc_lo".into()
        } else {
            "flat_scratch_lo".into()
        });
        v.push(if gfx11 {
            "exec_hi".into()
        } else {
            "xnack_mask_hi".into()
        });
        v.push(if gfx11 {
            "null".into()
        } else {
            "src_lds_direct".into()
        });
    } else {
        v.push(sreg(5, d));
        v.push(if gfx11 {
            "vcc".into()
        } else {
            "flat_scratch".into()
        });
        v.push("exec".into());
        v.push(sreg(4, d + 1));
    }
    if vector {
        v.push(vreg(3, d));
        v.push(vreg(255, 1));
        if d == 1 {
            v.extend(
                [
                    "v[3:3]",
                    "v256",
                    "lds_direct",
                    "-v3",
                    "|v3|",
                    "-|v3|",
                    "neg(v3)",
                    "abs(v3)",
                ]
                .map(String::from),
            );
        } else {
            v.push(vreg(5, d));
        }
    } else {
        v.push(vreg(3, d));
    }
    v
}

fn vgpr_pool(dwords: u8) -> Vec<String> {
    let d = dwords.max(1);
    let mut v = vec![
        vreg(3, d),
        vreg(255 - d as u32 + 1, d),
        sreg(4, d),
        "1".into(),
        vreg(3, d + 1),
    ];
    if d > 1 {
        v.push(vreg(5, d));
        v.push(format!("a[4:{}]", 3 + d));
    } else {
        v.extend(["v256", "a3", "v3.l", "v3.h"].map(String::from));
    }
    v
}

fn sdst_pool(p: Processor, dwords: u8) -> Vec<String> {
    let gfx11 = p.generation() == Generation::Gfx11;
    let d = dwords.max(1);
    let mut v = vec![
        sreg(6, d),
        sreg(7, d),
        format!(
            "ttmp{}",
            if d == 1 {
                "3".into()
            } else {
                format!("[4:{}]", 3 + d)
            }
        ),
    ];
    if d == 1 {
        v.extend(["m0", "exec_lo", "s106", "v1", "scc", "1"].map(String::from));
        v.push(if gfx11 {
            "null".into()
        } else {
            "vcc_hi".into()
        });
    } else {
        v.extend(["exec", "vcc", "s[6:8]"].map(String::from));
        if gfx11 {
            v.push("null".into());
        }
    }
    v
}

fn is_source(f: Field) -> bool {
    matches!(
        f,
        Field::Ssrc0 | Field::Ssrc1 | Field::Src0 | Field::Src1 | Field::Src2
    )
}

fn is_dest(f: Field) -> bool {
    matches!(f, Field::Sdst | Field::Vdst | Field::Sdst3)
}

fn strip_suffix(m: &str) -> &str {
    m.strip_suffix("_e32")
        .or_else(|| m.strip_suffix("_e64"))
        .unwrap_or(m)
}

/// Every generated line for `p`, from the ISA corpus text of `p`.
pub fn generate(p: Processor, corpus: &str) -> Vec<Line> {
    let gfx11 = p.generation() == Generation::Gfx11;
    let isa = Isa::new(p);
    let mut out: Vec<Line> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut push = |fam: &str, text: String| {
        if seen.insert(text.clone()) {
            out.push(Line {
                family: fam.to_string(),
                text,
            });
        }
    };
    for ((fam, mnem), text) in seeds(corpus) {
        let base = Parts::parse(&text);
        let key = mnem.as_str();
        push(&fam, base.text());
        let Ok(parsed) = parse_inst(p, &text) else {
            continue;
        };
        let info = isa.info(parsed.inst.opcode).unwrap();
        let specs: Vec<_> = info.operands.iter().collect();
        let aligned = specs.len() == base.ops.len();

        // Operand forms, position by position.
        if aligned && fam != "VOPD" {
            for (i, s) in specs.iter().enumerate() {
                let pool: Vec<String> = match s.kind {
                    Kind::Ssrc if is_source(s.field) => source_pool(p, s.dwords, false),
                    Kind::Vsrc if is_source(s.field) => source_pool(p, s.dwords, true),
                    Kind::Vgpr | Kind::AVgpr if !s.half => vgpr_pool(s.dwords),
                    Kind::Sreg if is_dest(s.field) => sdst_pool(p, s.dwords),
                    Kind::Imm(ImmStyle::Branch) => [
                        "foo", "foo+4", "foo-8", "-1", "0x7fff", "32768", "1+1", "-32769",
                    ]
                    .map(String::from)
                    .to_vec(),
                    Kind::Imm(ImmStyle::Dec) | Kind::Imm(ImmStyle::DecOrHex) => {
                        ["0", "1", "0x10", "-1", "0xffff", "0x10000", "2*3", "65"]
                            .map(String::from)
                            .to_vec()
                    }
                    Kind::Literal => [
                        "0x12345678",
                        "0.5",
                        "1.5",
                        "-1",
                        "lit(2)",
                        "1+1",
                        "0x123456789",
                    ]
                    .map(String::from)
                    .to_vec(),
                    _ => Vec::new(),
                };
                let pool: Vec<&str> = pool.iter().map(|s| s.as_str()).collect();
                let k = if s.kind == Kind::Vsrc || s.kind == Kind::Ssrc {
                    4
                } else {
                    2
                };
                for v in pick(&pool, key, i as u64, k) {
                    push(&fam, base.with_op(i, v).text());
                }
            }
        }

        // The other mnemonics llvm-mc accepts for it (`global_load_dword`
        // for GFX11's `global_load_b32`, gfx942's `v_mfma_f32_32x32x2f32`).
        let aliases = match p.generation() {
            Generation::Gfx9 => silk_amdgpu::isa::aliases::GFX9,
            Generation::Gfx11 => silk_amdgpu::isa::aliases::GFX11,
        };
        let bit = [1u8, 2, 4][Processor::ALL.iter().position(|&q| q == p).unwrap_or(0)];
        for &(alias, target, _) in aliases
            .iter()
            .filter(|r| r.2 & bit != 0 && (r.1 == mnem || r.1 == strip_suffix(&mnem)))
        {
            let _ = target;
            push(&fam, base.with_mnem(alias).text());
        }

        // Invalid in every family: unknown mnemonic suffix, operand count.
        if fnv(key, 99) % 4 == 0 {
            push(&fam, base.with_mnem(&format!("{mnem}_x")).text());
        }
        if !base.ops.is_empty() {
            let mut fewer = base.clone();
            fewer.ops.pop();
            push(&fam, fewer.text());
        }
        let mut more = base.clone();
        more.ops.push(if fam.starts_with('S') {
            "s1".into()
        } else {
            "v1".into()
        });
        push(&fam, more.text());
        push(&fam, base.plus_mod("foo:1").text());

        let plain = base.with_mods(&[]);
        let stripped = plain.with_mnem(strip_suffix(&mnem));
        // A VGPR in src0 for DPP/SDWA.
        let src0_v = |q: &Parts| -> Parts {
            let mut q = q.clone();
            if aligned {
                if let Some(i) = specs.iter().position(|s| s.field == Field::Src0) {
                    if !q.ops[i].starts_with('v') {
                        q.ops[i] = vreg(7, specs[i].dwords);
                    }
                }
            }
            q
        };
        let src0_pos = if aligned {
            specs.iter().position(|s| s.field == Field::Src0)
        } else {
            None
        };
        let src1_pos = if aligned {
            specs.iter().position(|s| s.field == Field::Src1)
        } else {
            None
        };
        match fam.as_str() {
            "VOP1" | "VOP2" | "VOPC" => {
                let b = strip_suffix(&mnem).to_string();
                push(&fam, stripped.text());
                push(&fam, plain.with_mnem(&format!("{b}_e64")).text());
                for m in ["clamp", "mul:2", "div:2", "mul:4 clamp"] {
                    push(&fam, stripped.plus_mod(m).text());
                }
                if let Some(i) = src0_pos {
                    let o = stripped.ops[i].clone();
                    push(&fam, stripped.with_op(i, &format!("-{o}")).text());
                    push(&fam, stripped.with_op(i, &format!("|{o}|")).text());
                    push(
                        &fam,
                        src0_v(&stripped)
                            .with_op(i, &format!("sext({})", vreg(7, 1)))
                            .text(),
                    );
                }
                if let Some(i) = src1_pos {
                    let o = stripped.ops[i].clone();
                    push(&fam, stripped.with_op(i, &format!("-{o}")).text());
                }
                let dpp: &[&str] = if gfx11 {
                    &[
                        "quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf",
                        "row_shl:1",
                        "row_share:3 row_mask:0x3 bank_mask:0x1 fi:1",
                        "row_xmask:15 bound_ctrl:1",
                        "dpp8:[7,6,5,4,3,2,1,0]",
                        "dpp8:[0,1,2,3,4,5,6,7] fi:1",
                        "row_ror:16",
                        "row_mirror bound_ctrl:0",
                    ]
                } else {
                    &[
                        "quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf",
                        "row_shl:1",
                        "row_shr:15 bound_ctrl:0",
                        "wave_shr:1",
                        "row_bcast:15 row_mask:0xa",
                        "row_newbcast:1",
                        "row_half_mirror bank_mask:0x3",
                        "row_ror:16",
                    ]
                };
                for d in pick(dpp, key, 7, 3) {
                    push(&fam, src0_v(&stripped).plus_mod(d).text());
                }
                let d = dpp[(fnv(key, 8) % dpp.len() as u64) as usize];
                push(
                    &fam,
                    src0_v(&stripped)
                        .with_mnem(&format!("{b}_dpp"))
                        .plus_mod(d)
                        .text(),
                );
                if gfx11 {
                    push(
                        &fam,
                        src0_v(&plain.with_mnem(&format!("{b}_e64")))
                            .plus_mod("quad_perm:[1,0,3,2]")
                            .text(),
                    );
                    push(
                        &fam,
                        src0_v(&plain.with_mnem(&format!("{b}_e64_dpp")))
                            .plus_mod("dpp8:[1,0,3,2,5,4,7,6]")
                            .text(),
                    );
                } else {
                    let sdwa: &[&str] = &[
                        "dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:BYTE_0",
                        "src0_sel:WORD_1",
                        "dst_sel:BYTE_2",
                        "src0_sel:BYTE_1 src1_sel:WORD_0",
                        "dst_unused:UNUSED_SEXT",
                        "dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD src1_sel:DWORD",
                        "src1_sel:BYTE_3",
                    ];
                    for d in pick(sdwa, key, 9, 2) {
                        push(&fam, src0_v(&stripped).plus_mod(d).text());
                    }
                    let d = sdwa[(fnv(key, 10) % sdwa.len() as u64) as usize];
                    push(
                        &fam,
                        src0_v(&stripped)
                            .with_mnem(&format!("{b}_sdwa"))
                            .plus_mod(d)
                            .text(),
                    );
                    push(
                        &fam,
                        src0_v(&stripped)
                            .with_mnem(&format!("{b}_sdwa"))
                            .plus_mod("clamp src0_sel:WORD_1")
                            .text(),
                    );
                }
            }
            "VOP3" => {
                push(&fam, stripped.text());
                push(&fam, plain.text());
                for m in pick(
                    &["clamp", "mul:2", "div:2", "mul:4", "clamp div:2", "mul:3"],
                    key,
                    11,
                    3,
                ) {
                    push(&fam, plain.plus_mod(m).text());
                }
                if let Some(i) = src0_pos {
                    let o = plain.ops[i].clone();
                    push(&fam, plain.with_op(i, &format!("-{o}")).text());
                    push(&fam, plain.with_op(i, &format!("neg({o})")).text());
                }
                if let Some(i) = src1_pos {
                    let o = plain.ops[i].clone();
                    push(&fam, plain.with_op(i, &format!("|{o}|")).text());
                    push(&fam, plain.with_op(i, &format!("-|{o}|")).text());
                }
                let nsrc = specs.iter().filter(|s| is_source(s.field)).count();
                if nsrc > 0 {
                    let list = |v: &[u8]| {
                        format!(
                            "[{}]",
                            v.iter()
                                .map(|b| b.to_string())
                                .collect::<Vec<_>>()
                                .join(",")
                        )
                    };
                    let mut ones = vec![0u8; nsrc + 1];
                    ones[0] = 1;
                    push(
                        &fam,
                        plain.plus_mod(&format!("op_sel:{}", list(&ones))).text(),
                    );
                    push(
                        &fam,
                        plain
                            .plus_mod(&format!("op_sel:{}", list(&vec![1u8; nsrc + 2])))
                            .text(),
                    );
                }
                if gfx11 {
                    for d in pick(
                        &[
                            "quad_perm:[0,1,2,3]",
                            "row_shl:2 row_mask:0x5",
                            "dpp8:[0,1,2,3,4,5,6,7]",
                            "row_share:0 fi:1",
                        ],
                        key,
                        12,
                        2,
                    ) {
                        push(&fam, src0_v(&plain).plus_mod(d).text());
                    }
                    push(
                        &fam,
                        src0_v(&plain)
                            .with_mnem(&format!("{mnem}_dpp"))
                            .plus_mod("row_shr:1")
                            .text(),
                    );
                }
                if !mnem.ends_with("_e64") {
                    push(&fam, plain.with_mnem(&format!("{mnem}_e64")).text());
                    push(&fam, plain.with_mnem(&format!("{mnem}_e32")).text());
                }
            }
            "VOP3P" => {
                let nsrc = specs.iter().filter(|s| is_source(s.field)).count();
                let list = |v: &[u8]| {
                    format!(
                        "[{}]",
                        v.iter()
                            .map(|b| b.to_string())
                            .collect::<Vec<_>>()
                            .join(",")
                    )
                };
                let mut one = vec![0u8; nsrc];
                if nsrc > 0 {
                    one[0] = 1;
                }
                for m in ["op_sel", "op_sel_hi", "neg_lo", "neg_hi"] {
                    push(&fam, plain.plus_mod(&format!("{m}:{}", list(&one))).text());
                }
                push(
                    &fam,
                    plain
                        .plus_mod(&format!("op_sel:{}", list(&vec![0u8; nsrc + 1])))
                        .text(),
                );
                push(&fam, plain.plus_mod("clamp").text());
                push(&fam, plain.plus_mod("mul:2").text());
                if let Some(i) = src0_pos {
                    let o = plain.ops[i].clone();
                    push(&fam, plain.with_op(i, &format!("-{o}")).text());
                    push(&fam, plain.with_op(i, &format!("|{o}|")).text());
                }
                if !gfx11 {
                    for m in ["cbsz:1 abid:1", "blgp:3", "neg:[1,0,0]", "abid:1"] {
                        push(&fam, plain.plus_mod(m).text());
                    }
                }
                push(&fam, plain.with_mnem(&format!("{mnem}_e64")).text());
            }
            "SMEM" => {
                let mods: &[&str] = if gfx11 {
                    &["glc", "dlc", "glc dlc", "sc0", "offset:0x10"]
                } else {
                    &["glc", "sc0", "nv", "sc1", "nt", "glc slc"]
                };
                for m in mods {
                    push(&fam, plain.plus_mod(m).text());
                }
                if let Some(last) = plain.ops.len().checked_sub(1) {
                    for v in [
                        "0x10",
                        "-4",
                        "0xfffff",
                        "0x100000",
                        "-0x100001",
                        "1+3",
                        "s5",
                        "m0",
                        "v1",
                    ] {
                        push(&fam, plain.with_op(last, v).text());
                    }
                    if !gfx11 {
                        push(&fam, plain.with_op(last, "s5 offset:0x10").text());
                    }
                }
            }
            "DS" => {
                let mods: &[&str] = if mnem.contains("2st64")
                    || mnem.contains("write2")
                    || mnem.contains("read2")
                {
                    &[
                        "offset0:4 offset1:8",
                        "offset1:255",
                        "offset1:256",
                        "offset0:1+1",
                        "offset:4",
                    ]
                } else {
                    &[
                        "offset:16",
                        "offset:65535",
                        "offset:65536",
                        "offset:-1",
                        "offset:4*4",
                        "gds",
                        "offset0:4",
                    ]
                };
                for m in mods {
                    push(&fam, plain.plus_mod(m).text());
                }
            }
            "FLAT" | "GLOBAL" | "SCRATCH" | "MUBUF" | "MTBUF" => {
                let mods: &[&str] = if gfx11 {
                    &[
                        "offset:16",
                        "offset:-16",
                        "offset:4095",
                        "offset:4096",
                        "offset:-4097",
                        "glc",
                        "slc",
                        "dlc",
                        "glc slc dlc",
                        "sc0",
                        "nt",
                        "offset:2+2",
                    ]
                } else {
                    &[
                        "offset:16",
                        "offset:-16",
                        "offset:4095",
                        "offset:4096",
                        "offset:-4097",
                        "sc0",
                        "sc1",
                        "nt",
                        "sc0 sc1 nt",
                        "glc",
                        "slc",
                        "nosc0",
                        "lds",
                        "offset:2+2",
                    ]
                };
                for m in pick(mods, key, 13, 7) {
                    push(&fam, plain.plus_mod(m).text());
                }
                if fam == "MTBUF" {
                    for f in [
                        "format:[BUF_FMT_32_FLOAT]",
                        "format:22",
                        "format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_FLOAT]",
                        "format:128",
                    ] {
                        let mut q = plain.clone();
                        q.mods = base
                            .mods
                            .iter()
                            .filter(|m| !m.starts_with("format:"))
                            .cloned()
                            .collect();
                        q.mods.insert(0, f.into());
                        push(&fam, q.text());
                    }
                }
            }
            "SOPP" | "SOPK" => {
                let forms: &[&str] = match mnem.as_str() {
                    "s_waitcnt" => &[
                        "vmcnt(0)",
                        "vmcnt(0) lgkmcnt(0)",
                        "vmcnt(1) & expcnt(2)",
                        "lgkmcnt(0), vmcnt(0)",
                        "expcnt(8)",
                        "vmcnt(63)",
                        "vmcnt(64)",
                        "lgkmcnt(15)",
                        "vmcnt_sat(100)",
                        "0",
                        "0xffff",
                    ],
                    "s_sendmsg" | "s_sendmsghalt" => &[
                        "sendmsg(MSG_INTERRUPT)",
                        "sendmsg(2, 1)",
                        "sendmsg(MSG_GS_DONE, GS_OP_NOP)",
                        "sendmsg(MSG_FOO)",
                        "sendmsg(MSG_DEALLOC_VGPRS)",
                        "sendmsg(MSG_RTN_GET_DOORBELL)",
                        "3",
                        "sendmsg(15)",
                    ],
                    "s_getreg_b32" | "s_setreg_b32" | "s_setreg_imm32_b32" => &[
                        "hwreg(HW_REG_MODE)",
                        "hwreg(HW_REG_MODE, 0, 32)",
                        "hwreg(1, 2, 3)",
                        "hwreg(HW_REG_TRAPSTS, 0, 33)",
                        "hwreg(HW_REG_HW_ID)",
                        "hwreg(HW_REG_HW_ID1)",
                        "0x1801",
                        "hwreg(HW_REG_WAVE_MODE)",
                        "hwreg(HW_REG_XNACK_MASK)",
                    ],
                    "s_delay_alu" => &[
                        "instid0(VALU_DEP_1)",
                        "instid0(VALU_DEP_1) | instskip(NEXT) | instid1(SALU_CYCLE_1)",
                        "instid0(TRANS32_DEP_2) | instskip(SKIP_3)",
                        "instid0(FOO)",
                        "0",
                    ],
                    "s_waitcnt_depctr" => &[
                        "depctr_va_vdst(0)",
                        "depctr_sa_sdst(0) depctr_va_vcc(1)",
                        "depctr_vm_vsrc(7)",
                        "0xfffe",
                        "depctr_foo(1)",
                    ],
                    "s_nop" | "s_sleep" | "s_setprio" | "s_clause" => {
                        &["0", "7", "1+1", "0x10000", "-1"]
                    }
                    _ => &[],
                };
                let imm_pos = specs.iter().position(|s| matches!(s.kind, Kind::Imm(_)));
                if let (Some(i), true) = (imm_pos, aligned) {
                    for f in forms {
                        push(&fam, plain.with_op(i, f).text());
                    }
                }
                if mnem == "s_waitcnt_vscnt"
                    || mnem == "s_waitcnt_lgkmcnt"
                    || mnem == "s_waitcnt_vmcnt"
                {
                    for v in ["null, 0", "null, 0x3f", "s0, 1", "0"] {
                        push(&fam, format!("{mnem} {v}"));
                    }
                }
            }
            _ => {}
        }
    }
    // Instructions outside the seeds' shapes: label/expression operands and
    // the known problem cases.
    let vcc = if gfx11 { "vcc_lo" } else { "vcc" };
    for t in [
        "s_call_b64 s[0:1], foo".to_string(),
        "s_call_b64 s[0:1], foo+4".to_string(),
        "s_call_b64 s[2:3], 8".to_string(),
        "s_mov_b32 s0, foo".to_string(),
        "s_mov_b32 s0, foo+4".to_string(),
        "s_add_u32 s0, s0, foo@rel32@lo+4".to_string(),
        "v_mov_b32 v1, v2 clamp".to_string(),
        "v_mov_b32_e64 v1, v2 clamp".to_string(),
        format!("v_cmp_eq_f32 {vcc}, v1, v2 clamp"),
        format!("v_cmp_eq_f32_e64 {vcc}, v1, v2 clamp"),
        format!("v_cmp_lt_i32 {vcc}, v1, v2 clamp"),
        "v_cmp_eq_f32 s[0:1], v1, v2 clamp".to_string(),
        "v_cmp_eq_f32 s0, v1, v2 clamp".to_string(),
        "v_cmpx_eq_f32 v1, v2 clamp".to_string(),
        "v_cmpx_eq_f32_e64 v1, v2 clamp".to_string(),
        "v_cmpx_eq_f32 exec, v1, v2 clamp".to_string(),
        "v_sin_f32 v5, 0.5 mul:2".to_string(),
    ] {
        push("SPECIAL", t);
    }
    out
}

/// Patterns of 0.5 as each float type, in [`TYPE_CLASSES`] order: llvm-mc
/// encodes the one matching the operand's type as the inline constant 0.5.
pub const TYPE_PATTERNS: [&str; 4] = ["0x3800", "0x3f00", "0x3f000000", "0x3fe0000000000000"];
pub const TYPE_CLASSES: [&str; 4] = ["f16", "bf16", "f32", "f64"];

/// One source operand of one opcode to type: the seed line, the operand
/// index, and the lines with that source written as `0.5` and as each of
/// [`TYPE_PATTERNS`].
pub struct TypeProbe {
    pub seed: String,
    pub pos: usize,
    pub lines: Vec<String>,
}

/// A probe for every constant-capable source of every VALU/SALU seed.
pub fn type_probes(p: Processor, corpus: &str) -> Vec<TypeProbe> {
    let isa = Isa::new(p);
    let mut out = Vec::new();
    for ((fam, _), text) in seeds(corpus) {
        if fam == "VOPD" {
            continue;
        }
        let Ok(parsed) = parse_inst(p, &text) else {
            continue;
        };
        let info = isa.info(parsed.inst.opcode).unwrap();
        let base = Parts::parse(&text).with_mods(&[]);
        if info.operands.len() != base.ops.len() {
            continue;
        }
        for (i, s) in info.operands.iter().enumerate() {
            if !(matches!(s.kind, Kind::Ssrc | Kind::Vsrc) && is_source(s.field)) {
                continue;
            }
            // The other sources as VGPRs (or as written), so that only
            // this operand can need the constant bus or a literal.
            let mut q = base.clone();
            for (k, t) in info.operands.iter().enumerate() {
                if k != i && t.kind == Kind::Vsrc && is_source(t.field) {
                    q.ops[k] = vreg(10 + 4 * k as u32, t.dwords);
                }
            }
            let mut lines = vec![q.with_op(i, "0.5").text()];
            lines.extend(TYPE_PATTERNS.iter().map(|v| q.with_op(i, v).text()));
            out.push(TypeProbe {
                seed: text.clone(),
                pos: i,
                lines,
            });
        }
    }
    out
}
