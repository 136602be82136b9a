//! Bad input never panics the ISA layer; every table entry round-trips.

use proptest::prelude::*;
use silk_amdgpu::isa::format::Field;
use silk_amdgpu::isa::operand::{self, Operand, AGPR0, VGPR0};
use silk_amdgpu::isa::table::{self, Kind};
use silk_amdgpu::isa::{decode, encode, parse, print, Family, Inst, Op, Opcode};
use silk_amdgpu::target::Processor;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn decoder_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
        for p in Processor::ALL {
            for (_, inst, _) in decode::decode_all(p, &bytes).into_iter().flatten() {
                let text = print::to_text(p, &inst);
                let _ = encode::encode(p, &inst, &mut Vec::new());
                let _ = parse::parse_inst(p, &text);
            }
        }
    }

    #[test]
    fn parser_never_panics(text in "\\PC{0,80}") {
        for p in Processor::ALL {
            if let Ok(parsed) = parse::parse_inst(p, &text) {
                let _ = encode::encode(p, &parsed.inst, &mut Vec::new());
            }
        }
    }

    #[test]
    fn parser_never_panics_on_near_misses(
        name in prop::sample::select(vec!["v_add_f32", "s_load_dword", "global_load_dword", "ds_read_b32", "s_waitcnt", "v_mfma_f32_16x16x16_f16", "buffer_load_dword", "v_pk_fma_f16", "s_mov_b64"]),
        ops in "[-svat0-9\\[\\]:|,. ()a-z_]{0,40}",
    ) {
        for p in Processor::ALL {
            let _ = parse::parse_inst(p, &format!("{name} {ops}"));
        }
    }
}

/// A plausible operand for every operand of `spec`: aligned registers,
/// small constants.
fn sample_operand(spec: &table::OperandSpec) -> Operand {
    let n = spec.dwords.max(1);
    let aligned = |base: u16| base + 8 * n as u16 % 64;
    match spec.kind {
        Kind::Implicit(code) => Operand::Reg {
            code,
            count: n,
            half: 0,
        },
        Kind::Literal => Operand::Literal(0x4049_0fdb),
        Kind::Imm(_) => Operand::Imm(0),
        Kind::Sreg | Kind::Ssrc => Operand::Reg {
            code: aligned(0).min(64),
            count: n,
            half: 0,
        },
        Kind::Vsrc | Kind::Vgpr | Kind::AVgpr => Operand::Reg {
            code: aligned(VGPR0),
            count: n,
            half: spec.half as u8,
        },
        Kind::Agpr => Operand::Reg {
            code: aligned(AGPR0),
            count: n,
            half: 0,
        },
    }
}

/// A VOPD instruction pairing operation `i` with itself (the Y destination
/// odd, as VOPD requires destinations of different parity).
fn vopd_pair(i: u16, info: &table::OpInfo) -> Inst {
    let regs: Vec<&table::OperandSpec> = info
        .operands
        .iter()
        .filter(|s| s.kind != Kind::Literal)
        .collect();
    let mut ops: Vec<Operand> = regs.iter().map(|s| sample_operand(s)).collect();
    // The Y half's registers one above the X half's: the destinations of
    // opposite parity and every source in another bank, as the VOPD pair
    // rules ([RDNA3] §"VOPD") require.
    ops.extend(regs.iter().map(|s| match sample_operand(s) {
        Operand::Reg { code, count, half } => Operand::Reg {
            code: code + 1,
            count,
            half,
        },
        o => o,
    }));
    let mut inst = Inst::new(Opcode(i), &ops);
    inst.mods.offset1 = i;
    if info.operands.iter().any(|s| s.kind == Kind::Literal) {
        inst.mods.extra = 0x4049_0fdb;
    }
    inst
}

/// For every opcode of every processor: an instruction built from the
/// table encodes, decodes back to itself, and prints text that parses back
/// to it. Entries whose families are still being completed are listed and
/// counted; the fraction is a ratchet.
#[test]
fn every_table_entry_round_trips() {
    // Achieved fractions (percent); they only go up.
    for (p, required) in [
        (Processor::Gfx942, 100.0),
        (Processor::Gfx1100, 99.79),
        (Processor::Gfx1151, 99.79),
    ] {
        let tbl = table::table(p.generation());
        let (mut total, mut ok) = (0, 0);
        let mut failures = Vec::new();
        for (i, info) in tbl.iter().enumerate() {
            if !info.on(p) {
                continue;
            }
            total += 1;
            let inst = if info.family == Family::Vopd {
                vopd_pair(i as u16, info)
            } else {
                // A K constant of f16 sources is 16-bit; the lane selects
                // of v_readlane/v_writelane/v_permlane*16 are scalar; the
                // GFX11 counter waits' register is `null` (llvm-mc 22
                // reads them so).
                let f16 = info
                    .operands
                    .iter()
                    .any(|o| o.kind == Kind::Vsrc && o.ty == table::Ty::F16);
                let op = Op::of(p.generation(), Opcode(i as u16));
                let lane = matches!(op, Some(Op::V_READLANE_B32 | Op::V_WRITELANE_B32));
                let perm = matches!(op, Some(Op::V_PERMLANE16_B32 | Op::V_PERMLANEX16_B32));
                let wait = matches!(
                    op,
                    Some(
                        Op::S_WAITCNT_VMCNT
                            | Op::S_WAITCNT_LGKMCNT
                            | Op::S_WAITCNT_EXPCNT
                            | Op::S_WAITCNT_VSCNT
                    )
                );
                let ops: Vec<Operand> = info
                    .operands
                    .iter()
                    .map(|o| match o.kind {
                        Kind::Literal if f16 => Operand::Literal(0x4248),
                        _ if lane && o.field == Field::Src1 => Operand::sgpr(8),
                        _ if perm && matches!(o.field, Field::Src1 | Field::Src2) => {
                            Operand::sgpr(8)
                        }
                        _ if wait && o.field == Field::Sdst => {
                            Operand::sgpr(operand::null_code(p.generation()))
                        }
                        _ => sample_operand(o),
                    })
                    .collect();
                let mut inst = Inst::new(Opcode(i as u16), &ops);
                // VOP3P packed sources read their high halves by default
                // (op_sel_hi all ones, what the assembler takes when none
                // is written; llvm-mc 22 rejects gfx942's dot products with
                // any written op_sel_hi).
                if info.family == Family::Vop3p
                    && !info.flags.has(table::Flags::MFMA)
                    && !info.flags.has(table::Flags::SRC_MODS_FP)
                {
                    inst.mods.op_sel_hi = 7;
                }
                inst
            };
            let mut words = Vec::new();
            let result = encode::encode(p, &inst, &mut words)
                .map_err(|e| e.to_string())
                .and_then(|_| decode::decode(p, &words).map_err(|e| e.to_string()))
                .and_then(|(back, _)| {
                    let text = print::to_text(p, &back);
                    let reparsed =
                        parse::parse_inst(p, &text).map_err(|e| format!("`{text}`: {e}"))?;
                    let mut again = Vec::new();
                    encode::encode(p, &reparsed.inst, &mut again).map_err(|e| e.to_string())?;
                    // An operand-less VOP3 form prints as its short form
                    // (llvm-mc 22 prints `v_nop` for both encodings), so
                    // its text reads back as the short form.
                    let same_text = || {
                        decode::decode(p, &again).is_ok_and(|(b, _)| print::to_text(p, &b) == text)
                    };
                    if again != words && !(info.operands.is_empty() && same_text()) {
                        return Err(format!(
                            "`{text}` re-encodes to {again:08x?}, not {words:08x?}"
                        ));
                    }
                    Ok(())
                });
            match result {
                Ok(()) => ok += 1,
                Err(e) => failures.push(format!("{}: {e}", info.name)),
            }
        }
        let rate = ok as f64 * 100.0 / total as f64;
        eprintln!(
            "{}: {ok}/{total} table entries round-trip ({rate:.1}%)",
            p.name()
        );
        for f in failures.iter().take(15) {
            eprintln!("  {f}");
        }
        assert!(
            rate >= required,
            "{}: only {rate:.1}% of table entries round-trip, need {required}%",
            p.name()
        );
    }
}
