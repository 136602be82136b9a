//! Each hazard rule the compiler handles, on its own, on every processor,
//! in the style of Mesa ACO's `test_insert_nops.cpp`: a tiny program, the
//! waits the hazard pass must insert (nothing where the rule does not apply
//! on the processor). Then the emulator's strict checker, which reads the
//! same rule table, runs both: the program without the waits is reported
//! under the rule's name wherever the rule applies, and the program the
//! pass produced runs clean.

use silk_amdgpu::hazard::Rule;
use silk_amdgpu::isa::format::Field;
use silk_amdgpu::isa::parse::parse_inst;
use silk_amdgpu::isa::{table, Inst, Operand};
use silk_amdgpu::target::Processor;
use silk_codegen::hazards;
use silk_codegen::mir::{self, MFunction, MInst, MOp};
use silk_emu::{Arg, Emulator, Error, FaultKind, Options};

#[path = "../../silk-emu/tests/common/mod.rs"]
mod emu_common;

/// Machine IR for assembly lines (physical registers).
fn program(p: Processor, lines: &[&str]) -> MFunction {
    let t = table::table(p.generation());
    let mut mf = MFunction::new(p, p == Processor::Gfx942);
    for line in lines {
        let inst = parse_inst(p, line)
            .unwrap_or_else(|e| panic!("{p}: {line}: {e:?}"))
            .inst;
        let info = &t[inst.opcode.0 as usize];
        let ops: Vec<Operand> = inst.operands[..inst.num_operands as usize].to_vec();
        // Destinations come first: written fields, and unencoded registers
        // (VCC) before the first source.
        let ndefs = info
            .operands
            .iter()
            .take(ops.len())
            .take_while(|s| {
                matches!(
                    s.field,
                    Field::Vdst | Field::Sdst | Field::Sdst3 | Field::VdstY | Field::Unencoded
                )
            })
            .count() as u8;
        mf.blocks[0].insts.push(MInst {
            op: inst.opcode,
            ops: ops.into_iter().map(MOp::Phys).collect(),
            ndefs,
            mods: inst.mods,
        });
    }
    mf
}

fn asm(p: Processor, insts: &[MInst]) -> Vec<String> {
    insts
        .iter()
        .map(|m| {
            let ops: Vec<Operand> = m
                .ops
                .iter()
                .map(|o| match o {
                    MOp::Phys(o) => *o,
                    other => panic!("not physical: {other:?}"),
                })
                .collect();
            let mut inst = Inst::new(m.op, &ops);
            inst.mods = m.mods;
            mir::text(p, &inst)
        })
        .collect()
}

fn run(p: Processor, body: &[String]) -> Result<(), Error> {
    let text: String = body.iter().map(|l| format!("\t{l}\n")).collect();
    let obj = emu_common::kernel(p, &text);
    let mut emu = Emulator::new(p);
    emu.options = Options::default();
    let out = emu.alloc(64 * 16)?;
    let lanes = if p == Processor::Gfx942 { 64 } else { 32 };
    emu.launch(&obj, "k", [lanes, 1, 1], [lanes, 1, 1], &[Arg::Buffer(out)])?;
    Ok(())
}

/// `lines` through the hazard pass on `p` give `want` (with the inserted
/// waits); the emulator reports `rule` for `lines` exactly when the pass
/// inserted a wait, and runs the pass's output clean.
fn check(p: Processor, rule: Rule, lines: &[&str], want: &[&str]) {
    let mut mf = program(p, lines);
    let before = asm(p, &mf.blocks[0].insts);
    hazards::run(&mut mf).unwrap();
    let after = asm(p, &mf.blocks[0].insts);
    assert_eq!(after, want, "{p} {rule:?}: pass output");
    // The checker faults exactly when the pass inserted a wait.
    let needs_wait = after != before;
    assert!(
        rule.applies(p) || !needs_wait,
        "{p}: {rule:?} does not apply"
    );
    match run(p, &before) {
        Err(Error::Fault(f)) if needs_wait => {
            assert_eq!(f.kind, FaultKind::Hazard, "{p} {rule:?}: {f}");
            assert!(f.message.contains(rule.name()), "{p} {rule:?}: {f}");
        }
        Ok(()) if !needs_wait => {}
        other => panic!("{p} {rule:?}: emulator on {before:?}: {other:?}"),
    }
    run(p, &after).unwrap_or_else(|e| panic!("{p} {rule:?}: pass output faults: {e}"));
}

const P9: Processor = Processor::Gfx942;
const GFX11: [Processor; 2] = [Processor::Gfx1100, Processor::Gfx1151];

#[test]
fn valu_sgpr_vmem() {
    // s[0:1] (the output pointer) round-trips through a VGPR.
    let lines = [
        "v_mov_b32_e32 v2, s0",
        "s_nop 0",
        "v_readfirstlane_b32 s0, v2",
        "global_load_dword v1, v0, s[0:1]",
    ];
    let mut want = lines.to_vec();
    want.insert(3, "s_nop 4");
    check(P9, Rule::ValuSgprVmem, &lines, &want);
    for p in GFX11 {
        let lines = [
            "v_mov_b32_e32 v2, s0",
            "s_nop 0",
            "v_readfirstlane_b32 s0, v2",
            "global_load_b32 v1, v0, s[0:1]",
        ];
        check(p, Rule::ValuSgprVmem, &lines, &lines);
    }
}

#[test]
fn valu_sgpr_valu() {
    let lines = [
        "v_cmp_eq_u32_e32 vcc, v1, v1",
        "v_cndmask_b32_e32 v2, v1, v2, vcc",
    ];
    check(
        P9,
        Rule::ValuSgprValu,
        &lines,
        &[lines[0], "s_nop 1", lines[1]],
    );
    for p in GFX11 {
        let lines = [
            "v_cmp_eq_u32_e32 vcc_lo, v1, v1",
            "v_cndmask_b32_e32 v2, v1, v2, vcc_lo",
        ];
        check(p, Rule::ValuSgprValu, &lines, &lines);
    }
}

#[test]
fn valu_vcc_div_fmas() {
    let lines = [
        "v_cmp_eq_u32_e32 vcc, v1, v1",
        "v_div_fmas_f32 v2, v1, v1, v1",
    ];
    check(
        P9,
        Rule::ValuVccDivFmas,
        &lines,
        &[lines[0], "s_nop 3", lines[1]],
    );
    for p in GFX11 {
        let lines = [
            "v_cmp_eq_u32_e32 vcc_lo, v1, v1",
            "v_div_fmas_f32 v2, v1, v1, v1",
        ];
        check(p, Rule::ValuVccDivFmas, &lines, &lines);
    }
}

#[test]
fn valu_sgpr_lane_select() {
    let lines = ["v_readfirstlane_b32 s4, v1", "v_readlane_b32 s5, v2, s4"];
    check(
        P9,
        Rule::ValuSgprLaneSelect,
        &lines,
        &[lines[0], "s_nop 3", lines[1]],
    );
    for p in GFX11 {
        check(p, Rule::ValuSgprLaneSelect, &lines, &lines);
    }
}

#[test]
fn valu_exec_lane() {
    let lines = [
        "v_cmpx_eq_u32_e64 s[6:7], v1, v1",
        "v_readfirstlane_b32 s4, v3",
    ];
    check(
        P9,
        Rule::ValuExecLane,
        &lines,
        &[lines[0], "s_nop 3", lines[1]],
    );
    for p in GFX11 {
        let lines = ["v_cmpx_eq_u32_e32 v1, v1", "v_readfirstlane_b32 s4, v3"];
        check(p, Rule::ValuExecLane, &lines, &lines);
    }
}

#[test]
fn valu_vgpr_readlane() {
    let lines = ["v_mov_b32_e32 v2, 5", "v_readfirstlane_b32 s4, v2"];
    check(
        P9,
        Rule::ValuVgprReadlane,
        &lines,
        &[lines[0], "s_nop 0", lines[1]],
    );
    for p in GFX11 {
        check(p, Rule::ValuVgprReadlane, &lines, &lines);
    }
}

#[test]
fn trans_use() {
    let lines = ["v_exp_f32_e32 v2, v1", "v_add_f32_e32 v3, v1, v2"];
    check(P9, Rule::TransUse, &lines, &[lines[0], "s_nop 0", lines[1]]);
    // A transcendental reader forwards (LLVM's gfx940 rule is for
    // non-transcendental uses only).
    let trans = ["v_exp_f32_e32 v2, v1", "v_log_f32_e32 v3, v2"];
    check(P9, Rule::TransUse, &trans, &trans);
}

#[test]
fn trans_use_gfx11() {
    let lines = ["v_exp_f32_e32 v2, v1", "v_add_f32_e32 v3, v2, v1"];
    check(
        Processor::Gfx1100,
        Rule::TransUseGfx11,
        &lines,
        &[lines[0], "s_waitcnt_depctr 0xfff", lines[1]],
    );
    // RDNA3.5 has no such hazard (LLVM 22 llc -mcpu=gfx1151 puts no wait).
    check(Processor::Gfx1151, Rule::TransUseGfx11, &lines, &lines);
    // Six VALUs between: out of reach.
    let mut far = vec!["v_exp_f32_e32 v2, v1"];
    far.extend(["v_mov_b32_e32 v4, 0"; 6]);
    far.push("v_add_f32_e32 v3, v2, v1");
    check(Processor::Gfx1100, Rule::TransUseGfx11, &far, &far);
    // True16 halves are different registers (clang 22's gfx1100 code for
    // the elementwise_f16 twin reads `v3.l` right after `v_sqrt_f16_e64
    // v3.h` with no wait); the same half needs the wait.
    let hi = [
        "v_sqrt_f16_e64 v3.h, v1.l",
        "v_add_f16_e64 v5.l, v3.l, v1.l",
    ];
    check(Processor::Gfx1100, Rule::TransUseGfx11, &hi, &hi);
    let same = [
        "v_sqrt_f16_e64 v3.h, v1.l",
        "v_add_f16_e64 v5.l, v3.h, v1.l",
    ];
    check(
        Processor::Gfx1100,
        Rule::TransUseGfx11,
        &same,
        &[same[0], "s_waitcnt_depctr 0xfff", same[1]],
    );
}

const MFMA: &str = "v_mfma_f32_16x16x16_f16 v[4:7], v[0:1], v[2:3], v[4:7]";

#[test]
fn valu_exec_mfma() {
    let lines = ["v_cmpx_eq_u32_e32 vcc, v0, v0", MFMA];
    check(P9, Rule::ValuExecMfma, &lines, &[lines[0], "s_nop 3", MFMA]);
    // Four wait states already between: nothing to add.
    let far = [lines[0], "s_nop 3", MFMA];
    check(P9, Rule::ValuExecMfma, &far, &far);
}

#[test]
fn valu_vgpr_mfma() {
    let lines = ["v_mov_b32_e32 v2, 0", MFMA];
    check(P9, Rule::ValuVgprMfma, &lines, &[lines[0], "s_nop 1", MFMA]);
    // Not a register the MFMA reads.
    let quiet = ["v_mov_b32_e32 v9, 0", MFMA];
    check(P9, Rule::ValuVgprMfma, &quiet, &quiet);
}

#[test]
fn mfma_mfma() {
    // D read as the next MFMA's A: an XDL 4-pass producer needs N+3 = 7
    // (CDNA3 ISA §7.6); the same tuple as SrcC chains with no wait.
    let a = "v_mfma_f32_16x16x16_f16 v[8:11], v[4:5], v[2:3], v[8:11]";
    check(P9, Rule::MfmaMfma, &[MFMA, a], &[MFMA, "s_nop 6", a]);
    check(P9, Rule::MfmaMfma, &[MFMA, MFMA], &[MFMA, MFMA]);
}

#[test]
fn mfma_read() {
    let lines = [MFMA, "v_mov_b32_e32 v8, v4"];
    check(P9, Rule::MfmaRead, &lines, &[MFMA, "s_nop 6", lines[1]]);
    // A 16-pass non-XDL f32 MFMA: N+2 = 18 wait states, several s_nops.
    let long = "v_mfma_f32_32x32x2_f32 v[4:19], v0, v1, v[4:19]";
    let lines = [long, "v_mov_b32_e32 v20, v19"];
    check(
        P9,
        Rule::MfmaRead,
        &lines,
        &[long, "s_nop 7", "s_nop 7", "s_nop 1", lines[1]],
    );
}

#[test]
fn mfma_waw() {
    let m = "v_mfma_f32_16x16x16_f16 v[4:7], v[0:1], v[2:3], v[8:11]";
    let lines = [m, "v_mov_b32_e32 v4, 0"];
    check(P9, Rule::MfmaWaw, &lines, &[m, "s_nop 6", lines[1]]);
    let far = [m, "s_nop 6", lines[1]];
    check(P9, Rule::MfmaWaw, &far, &far);
}

#[test]
fn mfma_srcc_war() {
    let m = "v_mfma_f32_16x16x16_f16 v[4:7], v[0:1], v[2:3], v[8:11]";
    let lines = [m, "v_mov_b32_e32 v8, 0"];
    check(P9, Rule::MfmaSrcCWar, &lines, &[m, "s_nop 2", lines[1]]);
    // Writing a register of neither D nor C.
    let quiet = [m, "v_mov_b32_e32 v12, 0"];
    check(P9, Rule::MfmaSrcCWar, &quiet, &quiet);
}

#[test]
fn wmma_operand() {
    let first = "v_wmma_f32_16x16x16_f16 v[16:23], v[0:7], v[8:15], v[16:23]";
    let as_a = "v_wmma_f32_16x16x16_f16 v[24:31], v[16:23], v[8:15], v[24:31]";
    let as_c = "v_wmma_f32_16x16x16_f16 v[16:23], v[0:7], v[8:15], v[16:23]";
    for p in GFX11 {
        check(
            p,
            Rule::WmmaOperand,
            &[first, as_a],
            &[first, "v_nop", as_a],
        );
        // Read as C (the accumulator chain): no wait.
        check(p, Rule::WmmaOperand, &[first, as_c], &[first, as_c]);
    }
}

/// Every rule the pass handles has a test above.
#[test]
fn every_handled_rule_is_tested() {
    let src = include_str!("hazard_rules.rs");
    for r in hazards::HANDLED {
        let call = format!("Rule::{r:?},");
        assert!(src.matches(&call).count() >= 2, "{r:?} has no test");
    }
}
