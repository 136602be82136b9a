//! Live differential test of `silk_amdgpu::isa::symbolic` against LLVM 22's
//! `llvm-mc`, on a fresh random sample each run (the seed is printed; set
//! `SILK_SYMBOLIC_SEED` to replay one). Skipped, saying so, when LLVM 22 is
//! not installed; always run in CI.
//!
//! For random field values it checks that our printer writes the text
//! `llvm-mc --disassemble` prints, and for those texts plus randomly built
//! operand spellings that our parser returns the value `llvm-mc` assembles
//! (or an error, at the same byte offset, where `llvm-mc` reports one).

use silk_amdgpu::isa::symbolic::{parse, to_text, SymbolicKind};
use silk_amdgpu::Processor;
use silk_testsupport::llvm;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
    fn pick_str(&mut self, items: &[&'static str]) -> &'static str {
        items[self.below(items.len() as u64) as usize]
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

/// How one kind is carried by an instruction on one processor.
struct Carrier {
    kind: SymbolicKind,
    processor: Processor,
    /// Instruction bytes for a field value.
    encode: fn(u16) -> Vec<u8>,
    /// Instruction text before the operand (for swizzle, before ` offset:`).
    prefix: &'static str,
    /// The field value in assembled bytes.
    field: fn(&[u8]) -> u16,
}

fn word(w: u32) -> Vec<u8> {
    w.to_le_bytes().to_vec()
}
fn low16(b: &[u8]) -> u16 {
    u16::from_le_bytes([b[0], b[1]])
}
fn low8(b: &[u8]) -> u16 {
    u16::from(b[0])
}

fn carriers() -> Vec<Carrier> {
    use Processor::*;
    use SymbolicKind::*;
    let mut out = Vec::new();
    for p in [Gfx942, Gfx1100, Gfx1151] {
        let gfx9 = p == Gfx942;
        let c = |kind, encode, prefix, field| Carrier {
            kind,
            processor: p,
            encode,
            prefix,
            field,
        };
        // SOPP: 0b101111111 in [31:23], op [22:16], simm16 [15:0].
        // SOPK: 0b1011 in [31:28], op [27:23], sdst [22:16], simm16 [15:0].
        if gfx9 {
            out.push(c(
                Waitcnt,
                |v| word(0xbf8c_0000 | u32::from(v)),
                "s_waitcnt ",
                low16,
            ));
            out.push(c(
                Sendmsg,
                |v| word(0xbf90_0000 | u32::from(v)),
                "s_sendmsg ",
                low16,
            ));
            out.push(c(
                GprIdx,
                |v| word(0xbf9d_0000 | u32::from(v)),
                "s_set_gpr_idx_mode ",
                low16,
            ));
            out.push(c(
                Imm16,
                |v| word(0xbf8e_0000 | u32::from(v)),
                "s_sleep ",
                low16,
            ));
            out.push(c(
                Swizzle,
                |v| [word(0xd87a_0000 | u32::from(v)), word(0x0100_0002)].concat(),
                "ds_swizzle_b32 v1, v2",
                low16,
            ));
        } else {
            out.push(c(
                Waitcnt,
                |v| word(0xbf89_0000 | u32::from(v)),
                "s_waitcnt ",
                low16,
            ));
            out.push(c(
                Sendmsg,
                |v| word(0xbfb6_0000 | u32::from(v)),
                "s_sendmsg ",
                low16,
            ));
            out.push(c(
                SendmsgRtn,
                |v| word(0xbe80_4c00 | u32::from(v & 0xff)),
                "s_sendmsg_rtn_b32 s0, ",
                low8,
            ));
            out.push(c(
                DelayAlu,
                |v| word(0xbf87_0000 | u32::from(v)),
                "s_delay_alu ",
                low16,
            ));
            out.push(c(
                Depctr,
                |v| word(0xbf88_0000 | u32::from(v)),
                "s_waitcnt_depctr ",
                low16,
            ));
            out.push(c(
                Version,
                |v| word(0xb080_0000 | u32::from(v)),
                "s_version ",
                low16,
            ));
            out.push(c(
                Imm16,
                |v| word(0xbf83_0000 | u32::from(v)),
                "s_sleep ",
                low16,
            ));
            out.push(c(
                Hex16,
                |v| word(0xbc7c_0000 | u32::from(v)),
                "s_waitcnt_vscnt null, ",
                low16,
            ));
            out.push(c(
                Swizzle,
                |v| [word(0xd8d4_0000 | u32::from(v)), word(0x0100_0002)].concat(),
                "ds_swizzle_b32 v1, v2",
                low16,
            ));
        }
        out.push(c(
            Hwreg,
            |v| word(0xb880_0000 | u32::from(v)),
            "s_getreg_b32 s0, ",
            low16,
        ));
    }
    out
}

fn cpu(p: Processor) -> &'static str {
    match p {
        Processor::Gfx942 => "gfx942",
        Processor::Gfx1100 => "gfx1100",
        Processor::Gfx1151 => "gfx1151",
    }
}

/// Run llvm-mc on `input`; `None` if it does not finish within a minute
/// (LLVM 22 loops forever on a few malformed inputs).
fn run_mc(mc: &Path, p: Processor, disassemble: bool, input: &str) -> Option<(String, String)> {
    use std::io::Read;
    let mut cmd = Command::new(mc);
    cmd.args(["-show-encoding", "-triple=amdgcn-amd-amdhsa"])
        .arg(format!("-mcpu={}", cpu(p)));
    if disassemble {
        cmd.arg("--disassemble");
    }
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run llvm-mc");
    let reader = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut s = String::new();
            let _ = r.read_to_string(&mut s);
            s
        })
    };
    let out = reader(Box::new(child.stdout.take().expect("stdout")));
    let errs = reader(Box::new(child.stderr.take().expect("stderr")));
    {
        let mut stdin = child.stdin.take().expect("stdin");
        let _ = stdin.write_all(input.as_bytes());
    }
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    let finished = loop {
        match child.try_wait() {
            Ok(Some(_)) => break true,
            Ok(None) if std::time::Instant::now() < deadline => {
                std::thread::sleep(std::time::Duration::from_millis(5))
            }
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                break false;
            }
        }
    };
    let (out, errs) = (
        out.join().unwrap_or_default(),
        errs.join().unwrap_or_default(),
    );
    finished.then_some((out, errs))
}

fn encoding_of(line: &str) -> Option<(&str, Vec<u8>)> {
    let (text, enc) = line.split_once("; encoding: [")?;
    let bytes = enc
        .trim_end_matches(']')
        .split(',')
        .map(|b| u8::from_str_radix(b.trim().trim_start_matches("0x"), 16))
        .collect::<Result<Vec<_>, _>>()
        .ok()?;
    Some((text.trim(), bytes))
}

/// LLVM's verdict per line: Ok(bytes) or Err(column offset, message).
type Verdict = Result<Vec<u8>, (usize, String)>;

/// LLVM's verdicts, `None` for a line llvm-mc hangs on.
fn assemble(mc: &Path, p: Processor, lines: &[String]) -> Vec<Option<Verdict>> {
    let Some((stdout, stderr)) = run_mc(mc, p, false, &(lines.join("\n") + "\n")) else {
        if lines.len() == 1 {
            return vec![None];
        }
        return lines
            .iter()
            .flat_map(|l| assemble(mc, p, std::slice::from_ref(l)))
            .collect();
    };
    let mut errors = std::collections::BTreeMap::new();
    for l in stderr.lines() {
        let Some(rest) = l.strip_prefix("<stdin>:") else {
            continue;
        };
        let mut f = rest.splitn(3, ':');
        let (Some(line), Some(col), Some(msg)) = (f.next(), f.next(), f.next()) else {
            continue;
        };
        let (Ok(line), Ok(col)) = (line.parse::<usize>(), col.parse::<usize>()) else {
            continue;
        };
        if let Some(msg) = msg.trim().strip_prefix("error: ") {
            errors.entry(line - 1).or_insert((col - 1, msg.to_string()));
        }
    }
    let encodings: Vec<Vec<u8>> = stdout
        .lines()
        .filter_map(|l| encoding_of(l).map(|(_, b)| b))
        .collect();
    if encodings.len() + errors.len() != lines.len() {
        // A lexer error swallowed a following line: split and retry.
        if lines.len() == 1 {
            return vec![Some(Err((usize::MAX, "unreadable llvm-mc output".into())))];
        }
        let (a, b) = lines.split_at(lines.len() / 2);
        let mut v = assemble(mc, p, a);
        v.extend(assemble(mc, p, b));
        return v;
    }
    let mut enc = encodings.into_iter();
    (0..lines.len())
        .map(|i| match errors.remove(&i) {
            Some(e) => Some(Err(e)),
            None => Some(Ok(enc.next().unwrap_or_default())),
        })
        .collect()
}

fn operand_line(c: &Carrier, text: &str) -> String {
    if c.kind == SymbolicKind::Swizzle {
        if text.is_empty() {
            c.prefix.to_string()
        } else {
            format!("{} offset:{text}", c.prefix)
        }
    } else {
        format!("{}{text}", c.prefix)
    }
}

fn operand_offset(c: &Carrier) -> usize {
    c.prefix.len()
        + if c.kind == SymbolicKind::Swizzle {
            " offset:".len()
        } else {
            0
        }
}

/// A random operand spelling in the kind's syntax, valid or not.
fn random_spelling(rng: &mut Rng, kind: SymbolicKind) -> String {
    let num = |rng: &mut Rng| -> String {
        match rng.below(8) {
            0 => format!("{:#x}", rng.below(80)),
            1 => format!("-{}", rng.below(3)),
            2 => format!("{}+{}", rng.below(8), rng.below(8)),
            3 => format!("{}", rng.below(0x20000)),
            _ => format!("{}", rng.below(70)),
        }
    };
    let sep =
        |rng: &mut Rng| -> &'static str { rng.pick_str(&[" ", " & ", ", ", "&", ",", "", "  "]) };
    let mut s = String::new();
    match kind {
        SymbolicKind::Waitcnt | SymbolicKind::Depctr => {
            let names: &[&str] = if kind == SymbolicKind::Waitcnt {
                &[
                    "vmcnt",
                    "expcnt",
                    "lgkmcnt",
                    "vmcnt_sat",
                    "expcnt_sat",
                    "lgkmcnt_sat",
                    "vscnt",
                ]
            } else {
                &[
                    "depctr_hold_cnt",
                    "depctr_sa_sdst",
                    "depctr_va_vdst",
                    "depctr_va_sdst",
                    "depctr_va_ssrc",
                    "depctr_va_vcc",
                    "depctr_vm_vsrc",
                ]
            };
            if rng.chance(10) {
                return num(rng);
            }
            for i in 0..1 + rng.below(4) {
                if i > 0 {
                    s.push_str(sep(rng));
                }
                let v = if kind == SymbolicKind::Depctr && rng.chance(70) {
                    rng.below(17).to_string()
                } else {
                    num(rng)
                };
                s.push_str(&format!("{}({v})", rng.pick(names)));
            }
        }
        SymbolicKind::Hwreg => {
            let names = [
                "HW_REG_MODE",
                "HW_REG_HW_ID",
                "HW_REG_XCC_ID",
                "HW_REG_SHADER_CYCLES",
                "HW_REG_HW_ID1",
                "HW_REG_FLAT_SCR_LO",
                "HW_REG_TBA_LO",
                "HW_REG_NOPE",
            ];
            let id = if rng.chance(50) {
                rng.pick(&names).to_string()
            } else {
                rng.below(66).to_string()
            };
            s = match rng.below(4) {
                0 => format!("hwreg({id})"),
                1 => format!("hwreg({id}, {}, {})", rng.below(34), rng.below(34)),
                2 => {
                    let mut fields = vec![];
                    for f in ["id", "offset", "size"] {
                        if rng.chance(60) {
                            fields.push(format!("{f}: {}", rng.below(34)));
                        }
                    }
                    format!("{{{}}}", fields.join(", "))
                }
                _ => num(rng),
            };
        }
        SymbolicKind::Sendmsg | SymbolicKind::SendmsgRtn => {
            let ids = [
                "MSG_INTERRUPT",
                "MSG_GS",
                "MSG_GS_DONE",
                "MSG_SYSMSG",
                "MSG_HS_TESSFACTOR",
                "MSG_DEALLOC_VGPRS",
                "MSG_GS_ALLOC_REQ",
                "MSG_RTN_GET_DOORBELL",
                "MSG_SAVEWAVE",
                "MSG_GET_DOORBELL",
            ];
            let ops = [
                "GS_OP_NOP",
                "GS_OP_CUT",
                "GS_OP_EMIT",
                "GS_OP_EMIT_CUT",
                "SYSMSG_OP_REG_RD",
                "SYSMSG_OP_ECC_ERR_INTERRUPT",
                "SYSMSG_OP_TTRACE_PC",
                "SYSMSG_OP_HOST_TRAP_ACK",
            ];
            if rng.chance(15) {
                return num(rng);
            }
            let id = if rng.chance(60) {
                rng.pick(&ids).to_string()
            } else {
                rng.below(20).to_string()
            };
            s = format!("sendmsg({id}");
            if rng.chance(60) {
                let op = if rng.chance(60) {
                    rng.pick(&ops).to_string()
                } else {
                    rng.below(9).to_string()
                };
                s.push_str(&format!(", {op}"));
                if rng.chance(50) {
                    s.push_str(&format!(", {}", rng.below(5)));
                }
            }
            s.push(')');
        }
        SymbolicKind::DelayAlu => {
            if rng.chance(10) {
                return num(rng);
            }
            let ids = [
                "NO_DEP",
                "VALU_DEP_1",
                "VALU_DEP_4",
                "TRANS32_DEP_2",
                "FMA_ACCUM_CYCLE_1",
                "SALU_CYCLE_3",
                "SALU_CYCLE_4",
            ];
            let skips = ["SAME", "NEXT", "SKIP_1", "SKIP_4", "SKIP_5"];
            for i in 0..1 + rng.below(3) {
                if i > 0 {
                    s.push_str(rng.pick_str(&[" | ", "|", " & ", " "]));
                }
                match rng.below(3) {
                    0 => s.push_str(&format!("instid0({})", rng.pick(&ids))),
                    1 => s.push_str(&format!("instskip({})", rng.pick(&skips))),
                    _ => s.push_str(&format!("instid1({})", rng.pick(&ids))),
                }
            }
        }
        SymbolicKind::Swizzle => {
            let n = |rng: &mut Rng| rng.below(36).to_string();
            s = match rng.below(8) {
                0 => format!(
                    "swizzle(QUAD_PERM,{},{},{},{})",
                    rng.below(5),
                    rng.below(4),
                    rng.below(4),
                    rng.below(4)
                ),
                1 => {
                    let m: String = (0..5 + rng.below(2) as usize - usize::from(rng.chance(10)))
                        .map(|_| *rng.pick(&['0', '1', 'p', 'i', 'x']))
                        .collect();
                    format!("swizzle(BITMASK_PERM,\"{m}\")")
                }
                2 => format!("swizzle(BROADCAST,{},{})", n(rng), n(rng)),
                3 => format!("swizzle(SWAP,{})", n(rng)),
                4 => format!("swizzle(REVERSE,{})", n(rng)),
                5 => format!("swizzle(FFT,{})", n(rng)),
                6 => format!("swizzle(ROTATE,{},{})", rng.below(3), n(rng)),
                _ => num(rng),
            };
        }
        SymbolicKind::GprIdx => {
            if rng.chance(20) {
                return num(rng);
            }
            let modes: Vec<&str> = (0..rng.below(5))
                .map(|_| *rng.pick(&["SRC0", "SRC1", "SRC2", "DST", "src0"]))
                .collect();
            s = format!("gpr_idx({})", modes.join(","));
        }
        SymbolicKind::Version => {
            let parts = [
                "UC_VERSION_GFX11",
                "UC_VERSION_GFX7",
                "UC_VERSION_W64_BIT",
                "UC_VERSION_W32_BIT",
                "UC_VERSION_MDP_BIT",
                "7",
                "0x100",
            ];
            for i in 0..1 + rng.below(3) {
                if i > 0 {
                    s.push_str(rng.pick_str(&["|", " | ", "+", "&"]));
                }
                s.push_str(rng.pick_str(&parts));
            }
        }
        SymbolicKind::Imm16 | SymbolicKind::Hex16 => {
            s = format!(
                "{}{}",
                if rng.chance(20) { "-" } else { "" },
                rng.below(0x30000)
            );
        }
    }
    s
}

#[test]
fn symbolic_operands_match_live_llvm_mc() {
    let Some(mc) = llvm::tool_or_skip("llvm-mc", "symbolic_operands_match_live_llvm_mc") else {
        return;
    };
    let seed = std::env::var("SILK_SYMBOLIC_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos() as u64)
                .unwrap_or(1)
                | 1
        });
    eprintln!(
        "symbolic_operands_match_live_llvm_mc: seed {seed} (SILK_SYMBOLIC_SEED={seed} replays it)"
    );
    let mut rng = Rng(seed);
    let mut failures = Vec::new();
    let (mut printed, mut parsed) = (0, 0);
    for c in carriers() {
        let values: Vec<u16> = (0..200)
            .map(|_| {
                (rng.next() as u16)
                    & if c.kind == SymbolicKind::SendmsgRtn {
                        0xff
                    } else {
                        0xffff
                    }
            })
            .collect();
        // Printing: our text is llvm-mc's disassembly.
        let input: String = values
            .iter()
            .map(|&v| {
                (c.encode)(v)
                    .iter()
                    .map(|b| format!("{b:#04x}"))
                    .collect::<Vec<_>>()
                    .join(" ")
                    + "\n"
            })
            .collect();
        let (stdout, _) =
            run_mc(&mc, c.processor, true, &input).expect("llvm-mc disassembly finishes");
        let by_bytes: std::collections::HashMap<Vec<u8>, String> = stdout
            .lines()
            .filter_map(encoding_of)
            .map(|(t, b)| (b, t.to_string()))
            .collect();
        for &v in &values {
            let Some(line) = by_bytes.get(&(c.encode)(v)) else {
                failures.push(format!(
                    "{:?} {:?} {v:#x}: llvm-mc did not decode",
                    c.kind, c.processor
                ));
                continue;
            };
            let llvm_text = if c.kind == SymbolicKind::Swizzle {
                line.split_once(" offset:").map_or("", |(_, t)| t)
            } else {
                line.strip_prefix(c.prefix).unwrap_or(line)
            };
            printed += 1;
            let ours = to_text(c.kind, c.processor, v);
            if ours != llvm_text {
                failures.push(format!(
                    "print {:?} {:?} {v:#06x}: ours {ours:?}, llvm-mc {llvm_text:?}",
                    c.kind, c.processor
                ));
            }
        }
        // Parsing: printed texts and random spellings, as llvm-mc assembles them.
        let mut texts: Vec<String> = values
            .iter()
            .map(|&v| to_text(c.kind, c.processor, v))
            .collect();
        texts.extend((0..200).map(|_| random_spelling(&mut rng, c.kind)));
        let lines: Vec<String> = texts.iter().map(|t| operand_line(&c, t)).collect();
        let verdicts = assemble(&mc, c.processor, &lines);
        for (text, verdict) in texts.iter().zip(verdicts) {
            let Some(verdict) = verdict else {
                eprintln!("llvm-mc hangs on {text:?}: not compared");
                continue;
            };
            parsed += 1;
            let ours = parse(c.kind, c.processor, text);
            let same = match (&verdict, &ours) {
                (Ok(bytes), Ok(v)) => bytes.len() >= 4 && (c.field)(bytes) == *v,
                (Err((col, _)), Err(e)) => col.checked_sub(operand_offset(&c)) == Some(e.offset),
                _ => false,
            };
            if !same {
                failures.push(format!(
                    "parse {:?} {:?} {text:?}: ours {ours:?}, llvm-mc {:?}",
                    c.kind,
                    c.processor,
                    verdict
                        .map(|b| if b.len() >= 4 { (c.field)(&b) } else { 0 })
                        .map_err(|(col, msg)| (col.wrapping_sub(operand_offset(&c)), msg))
                ));
            }
        }
    }
    eprintln!("checked {printed} printed values and {parsed} parsed texts against llvm-mc");
    assert!(printed > 1000 && parsed > 1000);
    assert!(
        failures.is_empty(),
        "seed {seed}: {} differences:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
