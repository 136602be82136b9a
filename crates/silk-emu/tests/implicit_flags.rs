//! The opcode table's implicit-register attributes (`READS_SCC`,
//! `WRITES_SCC`, `READS_EXEC`, `WRITES_EXEC`, `WRITES_VCC`) against the
//! emulator, an independent implementation of the same instructions: every
//! SALU opcode the emulator executes runs with SCC preset to 0 and 1 and
//! EXEC preset to two masks, on chosen inputs.
//!
//! - An opcode without `WRITES_SCC` leaves SCC as preset; without
//!   `WRITES_EXEC` it leaves EXEC; no SALU here writes VCC.
//! - An opcode without `READS_SCC` (`READS_EXEC`) computes the same
//!   results for both SCC (EXEC) presets.
//! - An opcode that writes SCC without reading it sets the same SCC for
//!   both presets (it overwrites it).
//! - A reader shows its read, and a writer changes the register, on some
//!   input.
//!
//! Likewise `READS_VCC` / `WRITES_VCC` / `WRITES_EXEC` for every VALU
//! opcode with VGPR and VCC operands, VCC preset to two patterns.

use silk_amdgpu::isa::symbolic::SymbolicKind;
use silk_amdgpu::isa::{table, Family, Flags, ImmStyle, Kind, OpInfo};
use silk_amdgpu::target::Processor;
use silk_emu::{Arg, Emulator};

mod common;

/// Inputs (src0 lo/hi, src1 lo/hi): carries, non-zero results and
/// unequal compares; zeros and no carry; equal operands.
const INPUTS: [[u32; 4]; 3] = [
    [0x8000_0001, 0xffff_ffff, 0x8000_0003, 0x0000_0001],
    [0, 0, 5, 0],
    [7, 7, 7, 7],
];
const EXEC_PRESETS: [[u32; 2]; 2] = [[0xffff_ffff, 0xffff_ffff], [0x0f0f_0f0f, 0x0000_ffff]];
const VCC_PRESET: [u32; 2] = [0x5555_5555, 0xaaaa_aaaa];
/// The destination's value before the instruction (`s_cmov` keeps it).
const DEST_PRESET: [u32; 2] = [0x1234_5678, 0x9abc_def0];

/// What one run shows after the instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct After {
    dest: [u32; 2],
    scc: u32,
    exec: [u32; 2],
    vcc: [u32; 2],
}

/// Operand text for `info` (destinations s[8:9], sources s[10:11] and
/// s[12:13], the test kernel has 16 SGPRs; immediates and literals from
/// `input`), or None when the operands are
/// not plain registers and 16-bit immediates.
fn operands(info: &OpInfo, input: [u32; 4]) -> Option<String> {
    let reg = |base: u32, dwords: u8| match dwords {
        1 => format!("s{base}"),
        2 => format!("s[{base}:{}]", base + 1),
        _ => String::new(),
    };
    let mut out = Vec::new();
    let mut sources = 0;
    for spec in info.operands {
        let text = match spec.kind {
            Kind::Sreg => reg(8, spec.dwords),
            Kind::Ssrc => {
                sources += 1;
                reg(if sources == 1 { 10 } else { 12 }, spec.dwords)
            }
            Kind::Imm(ImmStyle::Dec | ImmStyle::DecOrHex | ImmStyle::Sym(SymbolicKind::Hex16)) => {
                format!("{:#x}", input[2] & 0xffff)
            }
            Kind::Literal => format!("{:#x}", input[2]),
            _ => return None,
        };
        if text.is_empty() {
            return None;
        }
        out.push(text);
    }
    Some(out.join(", "))
}

/// Opcodes whose effects are more than registers (control flow, MODE,
/// messages, waits) or that read M0.
fn testable(info: &OpInfo) -> bool {
    let f = info.flags;
    let side_effects = [
        "s_setpc",
        "s_swappc",
        "s_getpc",
        "s_call",
        "s_rfe",
        "s_cbranch",
        "s_setreg",
        "s_getreg",
        "s_waitcnt",
        "s_subvector",
        "s_setvskip",
        "s_set_gpr_idx",
        "s_sendmsg",
        "s_version",
    ];
    matches!(
        info.family,
        Family::Sop1 | Family::Sop2 | Family::Sopk | Family::Sopc
    ) && !f.has(Flags::BRANCH)
        && !f.has(Flags::READS_M0)
        && !f.has(Flags::WRITES_M0)
        && !side_effects.iter().any(|p| info.name.starts_with(p))
}

/// Run `op` once per (SCC, EXEC) preset; returns the four results in the
/// order (scc 0, exec 0), (scc 1, exec 0), (scc 0, exec 1), (scc 1, exec 1).
fn run(p: Processor, op: &str, input: [u32; 4]) -> Result<[After; 4], String> {
    let gfx9 = p == Processor::Gfx942;
    let store = if gfx9 {
        "global_store_dwordx4"
    } else {
        "global_store_b128"
    };
    let mut body = String::new();
    let mut combos = Vec::new();
    for exec in EXEC_PRESETS {
        for scc in [0u32, 1] {
            combos.push((scc, exec));
        }
    }
    for (c, (scc, exec)) in combos.iter().enumerate() {
        for (r, v) in [
            ("s8", DEST_PRESET[0]),
            ("s9", DEST_PRESET[1]),
            ("s10", input[0]),
            ("s11", input[1]),
            ("s12", input[2]),
            ("s13", input[3]),
            ("vcc_lo", VCC_PRESET[0]),
            ("vcc_hi", VCC_PRESET[1]),
            ("exec_lo", exec[0]),
            ("exec_hi", exec[1]),
        ] {
            body.push_str(&format!("\ts_mov_b32 {r}, {v:#x}\n"));
        }
        // SCC = (0 == 1 - scc).
        body.push_str(&format!("\ts_cmp_eq_u32 0, {}\n", 1 - scc));
        body.push_str(&format!("\t{op}\n"));
        body.push_str("\ts_cselect_b32 s14, 1, 0\n");
        body.push_str("\ts_mov_b32 s4, exec_lo\n\ts_mov_b32 s5, exec_hi\n");
        body.push_str("\ts_mov_b32 s6, vcc_lo\n\ts_mov_b32 s7, vcc_hi\n");
        // Lane 0 alone stores (v0 = 0 there); s_nop covers the
        // SALU-writes-EXEC -> VALU wait states.
        body.push_str("\ts_mov_b32 exec_lo, 1\n\ts_mov_b32 exec_hi, 0\n\ts_nop 4\n");
        body.push_str(
            "\tv_mov_b32_e32 v4, s8\n\tv_mov_b32_e32 v5, s9\n\tv_mov_b32_e32 v6, s14\n\tv_mov_b32_e32 v7, s4\n",
        );
        body.push_str(&format!("\t{store} v0, v[4:7], s[0:1] offset:{}\n", c * 32));
        body.push_str(
            "\tv_mov_b32_e32 v8, s5\n\tv_mov_b32_e32 v9, s6\n\tv_mov_b32_e32 v10, s7\n\tv_mov_b32_e32 v11, 0\n",
        );
        body.push_str(&format!(
            "\t{store} v0, v[8:11], s[0:1] offset:{}\n",
            c * 32 + 16
        ));
    }
    let obj = std::panic::catch_unwind(|| common::kernel(p, &body))
        .map_err(|_| format!("{op}: does not assemble"))?;
    let mut emu = Emulator::new(p);
    let out = emu.alloc(4 * 32).map_err(|e| e.to_string())?;
    let n = if gfx9 { 64 } else { 32 };
    emu.launch(&obj, "k", [n, 1, 1], [n, 1, 1], &[Arg::Buffer(out)])
        .map_err(|e| format!("{op}: {e}"))?;
    let w: Vec<u32> = emu
        .read(out)
        .map_err(|e| e.to_string())?
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    let after = |c: usize| {
        let w = &w[c * 8..c * 8 + 8];
        After {
            dest: [w[0], w[1]],
            scc: w[2],
            exec: [w[3], w[4]],
            vcc: [w[5], w[6]],
        }
    };
    Ok([after(0), after(1), after(2), after(3)])
}

fn check(p: Processor) -> (usize, Vec<String>) {
    let emu = Emulator::new(p);
    let supported = emu.supported_instructions();
    let mut problems = Vec::new();
    let mut tested = 0;
    for info in table::table(p.generation()) {
        if !info.on(p) || !testable(info) || !supported.contains(&info.name) {
            continue;
        }
        let f = info.flags;
        let mut scc_read_seen = false;
        let mut exec_read_seen = false;
        let mut scc_changed = false;
        let mut exec_changed = false;
        let mut ran = false;
        for input in INPUTS {
            let Some(ops) = operands(info, input) else {
                continue;
            };
            let op = format!("{} {ops}", info.name);
            let r = match run(p, &op, input) {
                Ok(r) => r,
                Err(e) => {
                    problems.push(format!("{p:?} {e}"));
                    continue;
                }
            };
            ran = true;
            for (c, a) in r.iter().enumerate() {
                let (scc, exec) = ((c & 1) as u32, EXEC_PRESETS[c / 2]);
                scc_changed |= a.scc != scc;
                exec_changed |= a.exec != exec;
                if !f.has(Flags::WRITES_SCC) && a.scc != scc {
                    problems.push(format!(
                        "{p:?} `{op}`: no WRITES_SCC, but SCC {scc} became {}",
                        a.scc
                    ));
                }
                if !f.has(Flags::WRITES_EXEC) && a.exec != exec {
                    problems.push(format!(
                        "{p:?} `{op}`: no WRITES_EXEC, but EXEC {exec:x?} became {:x?}",
                        a.exec
                    ));
                }
                if !f.has(Flags::WRITES_VCC) && a.vcc != VCC_PRESET {
                    problems.push(format!("{p:?} `{op}`: no WRITES_VCC, but VCC changed"));
                }
            }
            for e in 0..2 {
                let (s0, s1) = (r[2 * e], r[2 * e + 1]);
                // What the instruction computed, SCC included when written.
                let result = |a: After| (a.dest, a.exec, f.has(Flags::WRITES_SCC).then_some(a.scc));
                if result(s0) != result(s1) {
                    scc_read_seen = true;
                    if !f.has(Flags::READS_SCC) {
                        problems.push(format!(
                            "{p:?} `{op}`: no READS_SCC, but SCC 0 / 1 give {s0:x?} / {s1:x?}"
                        ));
                    }
                }
                if f.has(Flags::WRITES_SCC) && !f.has(Flags::READS_SCC) && s0.scc != s1.scc {
                    problems.push(format!(
                        "{p:?} `{op}`: WRITES_SCC without READS_SCC, but the SCC it leaves follows the preset"
                    ));
                }
            }
            for s in 0..2 {
                let (e0, e1) = (r[s], r[2 + s]);
                // EXEC as written relative to the preset: an op that does not
                // write EXEC leaves each preset (checked above).
                let result =
                    |a: After| (a.dest, a.scc, f.has(Flags::WRITES_EXEC).then_some(a.exec));
                if result(e0) != result(e1) {
                    exec_read_seen = true;
                    if !f.has(Flags::READS_EXEC) {
                        problems.push(format!(
                            "{p:?} `{op}`: no READS_EXEC, but the two EXEC presets give {e0:x?} / {e1:x?}"
                        ));
                    }
                }
            }
        }
        if !ran {
            continue;
        }
        tested += 1;
        if f.has(Flags::READS_SCC) && !scc_read_seen {
            problems.push(format!(
                "{p:?} {}: READS_SCC, but no input shows the read",
                info.name
            ));
        }
        // A writer sets SCC (EXEC) to a value of its inputs, which cannot
        // equal both presets on every input.
        if f.has(Flags::WRITES_SCC) && !scc_changed {
            problems.push(format!(
                "{p:?} {}: WRITES_SCC, but no run changes SCC",
                info.name
            ));
        }
        if f.has(Flags::WRITES_EXEC) && !exec_changed {
            problems.push(format!(
                "{p:?} {}: WRITES_EXEC, but no run changes EXEC",
                info.name
            ));
        }
        if f.has(Flags::READS_EXEC) && !exec_read_seen {
            problems.push(format!(
                "{p:?} {}: READS_EXEC, but no input shows the read",
                info.name
            ));
        }
    }
    (tested, problems)
}

#[test]
fn salu_implicit_flags_agree_with_the_emulator() {
    let mut all = Vec::new();
    for p in [Processor::Gfx942, Processor::Gfx1100, Processor::Gfx1151] {
        let (tested, problems) = check(p);
        eprintln!("{p:?}: {tested} SALU opcodes checked");
        // The emulator executes most SALU opcodes; a handful tested would
        // mean the filter above lost them.
        if tested <= 60 {
            all.push(format!("{p:?}: only {tested} SALU opcodes checked"));
        }
        all.extend(problems);
    }
    assert!(all.is_empty(), "{}", all.join("\n"));
}

/// VALU results after one run: lane 0's destination, VCC and EXEC.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct ValuAfter {
    dest: [u32; 2],
    vcc: [u32; 2],
    exec: [u32; 2],
}

const VCC_PRESETS: [[u32; 2]; 2] = [[0x5555_5555; 2], [0xaaaa_aaaa; 2]];
/// Source values (one per source, both dwords of 64-bit sources): unequal
/// floats and integers, then equal ones.
const VALU_INPUTS: [[u32; 3]; 2] = [
    [0x3f80_0000, 0x4000_0000, 0x4040_0000],
    [0x4000_0000, 0x4000_0000, 0x4000_0000],
];

/// Operand text of a VALU opcode: destination v[8:9], sources v[10:11],
/// v[12:13], v[14:15], the unencoded VCC as `vcc` (`vcc_lo` in wave32);
/// None for other kinds of operand.
fn valu_operands(info: &OpInfo, wave64: bool) -> Option<String> {
    let mut out = Vec::new();
    let mut sources = 0u32;
    for spec in info.operands {
        let base = match (spec.kind, spec.field) {
            (Kind::Implicit(106), _) => {
                out.push(if wave64 { "vcc" } else { "vcc_lo" }.to_string());
                continue;
            }
            (Kind::Vgpr | Kind::Vsrc, silk_amdgpu::isa::format::Field::Vdst) => 8,
            (Kind::Vgpr | Kind::Vsrc, _) => {
                sources += 1;
                8 + 2 * sources
            }
            _ => return None,
        };
        out.push(match spec.dwords {
            1 => format!("v{base}"),
            2 => format!("v[{base}:{}]", base + 1),
            _ => return None,
        });
    }
    Some(out.join(", "))
}

fn run_valu(p: Processor, op: &str, input: [u32; 3]) -> Result<[ValuAfter; 2], String> {
    let gfx9 = p == Processor::Gfx942;
    let store = if gfx9 {
        "global_store_dwordx4"
    } else {
        "global_store_b128"
    };
    let mut body = String::new();
    for (c, vcc) in VCC_PRESETS.iter().enumerate() {
        for (k, v) in input.iter().enumerate() {
            for d in 0..2 {
                body.push_str(&format!("\tv_mov_b32_e32 v{}, {v:#x}\n", 10 + 2 * k + d));
            }
        }
        body.push_str("\tv_mov_b32_e32 v8, 0\n\tv_mov_b32_e32 v9, 0\n");
        body.push_str(&format!(
            "\ts_mov_b32 vcc_lo, {:#x}\n\ts_mov_b32 vcc_hi, {:#x}\n\ts_nop 4\n",
            vcc[0], vcc[1]
        ));
        body.push_str(&format!("\t{op}\n\ts_nop 4\n"));
        body.push_str("\ts_mov_b32 s4, exec_lo\n\ts_mov_b32 s5, exec_hi\n");
        body.push_str("\ts_mov_b32 s6, vcc_lo\n\ts_mov_b32 s7, vcc_hi\n");
        body.push_str("\ts_mov_b32 exec_lo, 1\n\ts_mov_b32 exec_hi, 0\n\ts_nop 4\n");
        body.push_str("\tv_mov_b32_e32 v10, s6\n\tv_mov_b32_e32 v11, s7\n");
        body.push_str(&format!(
            "\t{store} v0, v[8:11], s[0:1] offset:{}\n",
            c * 32
        ));
        body.push_str("\tv_mov_b32_e32 v16, s4\n\tv_mov_b32_e32 v17, s5\n");
        body.push_str(&format!(
            "\t{store} v0, v[16:19], s[0:1] offset:{}\n\ts_nop 4\n",
            c * 32 + 16
        ));
        body.push_str("\ts_mov_b32 exec_lo, -1\n\ts_mov_b32 exec_hi, -1\n\ts_nop 4\n");
    }
    let obj = std::panic::catch_unwind(|| common::kernel(p, &body))
        .map_err(|_| format!("{op}: does not assemble"))?;
    let mut emu = Emulator::new(p);
    let out = emu.alloc(2 * 32).map_err(|e| e.to_string())?;
    let n = if gfx9 { 64 } else { 32 };
    emu.launch(&obj, "k", [n, 1, 1], [n, 1, 1], &[Arg::Buffer(out)])
        .map_err(|e| format!("{op}: {e}"))?;
    let w: Vec<u32> = emu
        .read(out)
        .map_err(|e| e.to_string())?
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    let after = |c: usize| ValuAfter {
        dest: [w[c * 8], w[c * 8 + 1]],
        vcc: [w[c * 8 + 2], w[c * 8 + 3]],
        exec: [w[c * 8 + 4], w[c * 8 + 5]],
    };
    Ok([after(0), after(1)])
}

/// The VCC and EXEC attributes of every VOP1/VOP2/VOPC/VOP3 opcode the
/// emulator executes whose operands are VGPRs and VCC: VCC preset to two
/// patterns (lane 0's bit differs) and EXEC all ones.
fn check_valu(p: Processor) -> (usize, Vec<String>) {
    let wave64 = p == Processor::Gfx942;
    let supported = Emulator::new(p).supported_instructions();
    let full = if wave64 {
        [u32::MAX, u32::MAX]
    } else {
        // Wave32: EXEC_HI is not part of the mask; compare EXEC_LO only.
        [u32::MAX, 0]
    };
    let lanes = |x: [u32; 2]| if wave64 { x } else { [x[0], 0] };
    let mut problems = Vec::new();
    let mut tested = 0;
    for info in table::table(p.generation()) {
        let f = info.flags;
        let family = matches!(
            info.family,
            Family::Vop1 | Family::Vop2 | Family::Vopc | Family::Vop3
        );
        let special = Flags::MFMA | Flags::WMMA | Flags::READS_M0 | Flags::VDST_EXEC;
        if !info.on(p) || !family || f.0 & special != 0 || !supported.contains(&info.name) {
            continue;
        }
        // Lane ops take SGPR lane selects this test does not set up;
        // `v_illegal` raises its exception (a fault) by definition.
        if info.name.contains("lane") || info.name == "v_illegal" {
            continue;
        }
        let Some(ops) = valu_operands(info, wave64) else {
            continue;
        };
        let op = format!("{} {ops}", info.name);
        let (mut vcc_read, mut vcc_changed) = (false, false);
        let mut ran = false;
        for input in VALU_INPUTS {
            let r = match run_valu(p, &op, input) {
                Ok(r) => r,
                Err(e) => {
                    problems.push(format!("{p:?} {e}"));
                    continue;
                }
            };
            ran = true;
            for (a, preset) in r.iter().zip(VCC_PRESETS) {
                vcc_changed |= lanes(a.vcc) != lanes(preset);
                if !f.has(Flags::WRITES_VCC) && a.vcc != preset {
                    problems.push(format!(
                        "{p:?} `{op}`: no WRITES_VCC, but VCC {preset:x?} became {:x?}",
                        a.vcc
                    ));
                }
                if !f.has(Flags::WRITES_EXEC) && lanes(a.exec) != full {
                    problems.push(format!(
                        "{p:?} `{op}`: no WRITES_EXEC, but EXEC became {:x?}",
                        a.exec
                    ));
                }
            }
            let result = |a: ValuAfter| {
                let vcc = f.has(Flags::WRITES_VCC).then_some(lanes(a.vcc));
                (a.dest, lanes(a.exec), vcc)
            };
            if result(r[0]) != result(r[1]) {
                vcc_read = true;
                if !f.has(Flags::READS_VCC) {
                    problems.push(format!(
                        "{p:?} `{op}`: no READS_VCC, but the VCC presets give {:x?} / {:x?}",
                        r[0], r[1]
                    ));
                }
            }
        }
        if !ran {
            continue;
        }
        tested += 1;
        if f.has(Flags::READS_VCC) && !vcc_read {
            problems.push(format!(
                "{p:?} `{op}`: READS_VCC, but no input shows the read"
            ));
        }
        if f.has(Flags::WRITES_VCC) && !vcc_changed {
            problems.push(format!("{p:?} `{op}`: WRITES_VCC, but no run changes VCC"));
        }
    }
    (tested, problems)
}

#[test]
fn valu_vcc_and_exec_flags_agree_with_the_emulator() {
    let mut all = Vec::new();
    for p in [Processor::Gfx942, Processor::Gfx1100] {
        let (tested, problems) = check_valu(p);
        eprintln!("{p:?}: {tested} VALU opcodes checked");
        if tested <= 100 {
            all.push(format!("{p:?}: only {tested} VALU opcodes checked"));
        }
        all.extend(problems);
    }
    assert!(all.is_empty(), "{}", all.join("\n"));
}
