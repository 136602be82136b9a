//! Every DPP16 / DPP8 / SDWA form of the generated form tables round-trips:
//! an instruction built from the form encodes, decodes to the same words,
//! and prints text that parses back to the same encoding. Also checks the
//! control-word text against hand-written expectations from the ISA guides.

use silk_amdgpu::isa::operand::{Operand, VGPR0};
use silk_amdgpu::isa::table::{self, Kind, OperandSpec};
use silk_amdgpu::isa::{decode, dpp, encode, parse, print, Family, Inst, Mods, Variant};
use silk_amdgpu::target::{Generation, Processor};

fn sample(spec: &OperandSpec) -> Operand {
    let n = spec.dwords.max(1);
    match spec.kind {
        Kind::Implicit(code) => Operand::Reg {
            code,
            count: n,
            half: 0,
        },
        Kind::Sreg | Kind::Ssrc => Operand::Reg {
            code: 8,
            count: n,
            half: 0,
        },
        Kind::Literal | Kind::Imm(_) => Operand::Imm(0),
        _ => Operand::Reg {
            code: VGPR0 + 8 + 4 * (spec.field as u16 % 8),
            count: n,
            half: if spec.half { 2 } else { 0 },
        },
    }
}

#[test]
fn every_form_round_trips() {
    for p in Processor::ALL {
        let (mut total, mut ok) = (0, 0);
        let mut failures = Vec::new();
        for form in table::forms(p.generation()).iter().filter(|f| f.on(p)) {
            total += 1;
            let Some(op) = table::by_encoding(p, form.family, form.opcode) else {
                failures.push(format!("{}: no base opcode", form.name));
                continue;
            };
            let ops: Vec<Operand> = form.operands.iter().map(sample).collect();
            let mut inst = Inst::new(op, &ops);
            inst.mods = Mods {
                variant: form.variant,
                extra: dpp::default_ctrl(Some(form)),
                ..Mods::default()
            };
            if form.family == Family::Vop3p {
                inst.mods.op_sel_hi = 7;
            }
            // gfx942 DPP moves 64-bit operands only with `row_newbcast`
            // (llvm-mc 22 rejects other controls there).
            let wide = form
                .operands
                .iter()
                .any(|o| o.dwords == 2 && matches!(o.kind, Kind::Vgpr | Kind::Vsrc | Kind::AVgpr));
            if p.generation() == Generation::Gfx9 && form.variant == Variant::Dpp16 && wide {
                dpp::set(&mut inst.mods.extra, dpp::DPP_CTRL, 0x151);
            }
            let result = (|| -> Result<(), String> {
                let mut words = Vec::new();
                encode::encode(p, &inst, &mut words).map_err(|e| e.to_string())?;
                let (back, n) = decode::decode(p, &words).map_err(|e| e.to_string())?;
                if n != words.len() {
                    return Err(format!("decoded {n} of {} dwords", words.len()));
                }
                let mut again = Vec::new();
                encode::encode(p, &back, &mut again).map_err(|e| e.to_string())?;
                if again != words {
                    return Err(format!("re-encodes to {again:08x?}, not {words:08x?}"));
                }
                let text = print::to_text(p, &back);
                let parsed = parse::parse_inst(p, &text).map_err(|e| format!("`{text}`: {e}"))?;
                let mut third = Vec::new();
                encode::encode(p, &parsed.inst, &mut third).map_err(|e| e.to_string())?;
                if third != words {
                    return Err(format!(
                        "`{text}` assembles to {third:08x?}, not {words:08x?}"
                    ));
                }
                Ok(())
            })();
            match result {
                Ok(()) => ok += 1,
                Err(e) => failures.push(format!("{} {:?}: {e}", form.name, form.variant)),
            }
        }
        eprintln!("{}: {ok}/{total} forms round-trip", p.name());
        for f in failures.iter().take(20) {
            eprintln!("  {f}");
        }
        assert!(total > 0, "{}: no forms", p.name());
        assert_eq!(ok, total, "{}: {} forms fail", p.name(), total - ok);
    }
}

fn ctrl_text(gen: Generation, ctrl: u32) -> Option<String> {
    dpp::dpp_ctrl_text(gen, ctrl)
}

#[test]
fn dpp_controls_follow_the_isa_guides() {
    use Generation::{Gfx11, Gfx9};
    assert_eq!(
        ctrl_text(Gfx9, 0x0e4).as_deref(),
        Some("quad_perm:[0,1,2,3]")
    );
    assert_eq!(
        ctrl_text(Gfx9, 0x01b).as_deref(),
        Some("quad_perm:[3,2,1,0]")
    );
    assert_eq!(ctrl_text(Gfx9, 0x101).as_deref(), Some("row_shl:1"));
    assert_eq!(ctrl_text(Gfx9, 0x11f).as_deref(), Some("row_shr:15"));
    assert_eq!(ctrl_text(Gfx9, 0x12a).as_deref(), Some("row_ror:10"));
    assert_eq!(ctrl_text(Gfx9, 0x130).as_deref(), Some("wave_shl:1"));
    assert_eq!(ctrl_text(Gfx9, 0x13c).as_deref(), Some("wave_ror:1"));
    assert_eq!(ctrl_text(Gfx9, 0x140).as_deref(), Some("row_mirror"));
    assert_eq!(ctrl_text(Gfx9, 0x141).as_deref(), Some("row_half_mirror"));
    assert_eq!(ctrl_text(Gfx9, 0x142).as_deref(), Some("row_bcast:15"));
    assert_eq!(ctrl_text(Gfx9, 0x143).as_deref(), Some("row_bcast:31"));
    assert_eq!(ctrl_text(Gfx9, 0x156).as_deref(), Some("row_newbcast:6"));
    assert_eq!(ctrl_text(Gfx11, 0x156).as_deref(), Some("row_share:6"));
    assert_eq!(ctrl_text(Gfx11, 0x16f).as_deref(), Some("row_xmask:15"));
    // Reserved codes and the GFX9-only shifts on GFX11.
    for (gen, c) in [
        (Gfx9, 0x100),
        (Gfx9, 0x110),
        (Gfx9, 0x131),
        (Gfx11, 0x130),
        (Gfx11, 0x142),
    ] {
        assert_eq!(ctrl_text(gen, c), None, "{gen:?} {c:#x}");
    }
    // Text and value agree both ways.
    for gen in [Gfx9, Gfx11] {
        for c in 0x100..0x170 {
            if let Some(t) = ctrl_text(gen, c) {
                if let Some((k, v)) = t.split_once(':') {
                    let v: i64 = v.parse().unwrap();
                    assert_eq!(dpp::ctrl_from_text(gen, k, v), Some(c), "{t}");
                }
            }
        }
    }
}

#[test]
fn dpp8_and_sdwa_text() {
    // v_mov_b32 v1, v2 with DPP8 lanes [7,6,5,4,3,2,1,0], FI=1 ([RDNA3] §"DPP8").
    let p = Processor::Gfx1100;
    let lanes: u32 = (0..8).map(|i| (7 - i) << (3 * i)).sum();
    let words = [0x7e02_02ea, 2 | lanes << 8];
    let (inst, n) = decode::decode(p, &words).unwrap();
    assert_eq!(n, 2);
    assert_eq!(inst.mods.variant, Variant::Dpp8);
    assert_eq!(
        print::to_text(p, &inst),
        "v_mov_b32_dpp v1, v2 dpp8:[7,6,5,4,3,2,1,0] fi:1"
    );
    // v_add_f32 SDWA with an SGPR src0 (S0) and sext on an integer op is
    // rejected: v_add_f32 takes neg/abs, not sext ([CDNA3] §"VOP_SDWA").
    let p = Processor::Gfx942;
    let add = [0x0202_04f9u32, 0x0606_0603 | 1 << 23];
    let (inst, _) = decode::decode(p, &add).unwrap();
    assert_eq!(
        print::to_text(p, &inst),
        "v_add_f32_sdwa v1, s3, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD"
    );
    let sext = [0x0202_04f9u32, 0x0606_0603 | 1 << 19];
    assert!(decode::decode(p, &sext).is_err());
}
