//! Strict mode's hazard rules (`silk_emu::hazard`): for each rule a tiny
//! kernel assembled with `silk_amdgpu::asm` that breaks it is reported
//! (naming the rule, both instructions, their pcs and the wait states
//! required), the same kernel with exactly enough `s_nop`s (or the GFX11
//! wait) runs, one fewer fails; and every clang-compiled kernel of the test
//! corpora runs without a hazard report (no false positives).

use silk_amdgpu::code_object::{self, ValueKind};
use silk_amdgpu::target::Processor;
use silk_emu::hazard::Rule;
use silk_emu::{Arg, Emulator, Error, FaultKind, Options};

mod common;
use common::kernel;

fn run(p: Processor, obj: &[u8], opts: Options) -> Result<(), Error> {
    let mut emu = Emulator::new(p);
    emu.options = opts;
    let out = emu.alloc(64 * 16)?;
    let lanes = if p == Processor::Gfx942 { 64 } else { 32 };
    emu.launch(obj, "k", [lanes, 1, 1], [lanes, 1, 1], &[Arg::Buffer(out)])?;
    Ok(())
}

/// `producer`, `nops` wait states, `consumer`: the text between them.
fn gap(n: u32) -> String {
    let mut s = String::new();
    let mut left = n;
    while left > 0 {
        let k = left.min(8);
        s.push_str(&format!("\ts_nop {}\n", k - 1));
        left -= k;
    }
    s
}

/// The rule is reported with `need - 1` wait states and not with `need`.
fn check_rule(p: Processor, rule: Rule, producer: &str, consumer: &str, need: u32) {
    let body = |n: u32| format!("\t{producer}\n{}\t{consumer}\n", gap(n));
    let bad = kernel(p, &body(need - 1));
    match run(p, &bad, Options::default()) {
        Err(Error::Fault(f)) => {
            assert_eq!(f.kind, FaultKind::Hazard, "{rule:?}: {f}");
            let m = &f.message;
            assert!(m.contains(rule.name()), "{rule:?}: {m}");
            assert!(m.contains(&format!("requires {need} ")), "{rule:?}: {m}");
            assert!(
                m.contains(&format!("issues {} wait state", need - 1)),
                "{rule:?}: {m}"
            );
            let word = |s: &str| s.split_whitespace().next().unwrap().to_string();
            assert!(m.contains(&word(producer)), "{rule:?}: {m}");
            assert!(f.inst.starts_with(&word(consumer)), "{rule:?}: {}", f.inst);
        }
        other => panic!(
            "{rule:?} not reported with {} wait states: {other:?}",
            need - 1
        ),
    }
    // The same code with the rule turned off runs.
    let off = Options {
        hazards_off: vec![rule],
        ..Options::default()
    };
    run(p, &bad, off).unwrap_or_else(|e| panic!("{rule:?} off: {e}"));
    let good = kernel(p, &body(need));
    run(p, &good, Options::default()).unwrap_or_else(|e| panic!("{rule:?} with {need}: {e}"));
}

const P9: Processor = Processor::Gfx942;

#[test]
fn valu_sgpr_then_vmem() {
    check_rule(
        P9,
        Rule::ValuSgprVmem,
        "v_readfirstlane_b32 s0, v2",
        "global_store_dword v0, v1, s[0:1]",
        5,
    );
}

#[test]
fn valu_sgpr_rules() {
    // The readfirstlane above writes s0 from the value of... v2 = 0 here,
    // which would break the store; these rules use other SGPRs.
    check_rule(
        P9,
        Rule::ValuVccDivFmas,
        "v_cmp_eq_u32_e32 vcc, v1, v1",
        "v_div_fmas_f32 v2, v1, v1, v1",
        4,
    );
    check_rule(
        P9,
        Rule::ValuSgprLaneSelect,
        "v_readfirstlane_b32 s4, v1",
        "v_readlane_b32 s5, v2, s4",
        4,
    );
    check_rule(
        P9,
        Rule::ValuSgprValu,
        "v_cmp_eq_u32_e32 vcc, v1, v1",
        "v_cndmask_b32_e32 v2, v1, v2, vcc",
        2,
    );
    check_rule(
        P9,
        Rule::ValuExecLane,
        "v_cmpx_eq_u32_e64 s[6:7], v1, v1",
        "v_readfirstlane_b32 s4, v3",
        4,
    );
    check_rule(
        P9,
        Rule::ValuVgprReadlane,
        "v_mov_b32_e32 v2, 5",
        "v_readfirstlane_b32 s4, v2",
        1,
    );
}

#[test]
fn setreg_then_getreg() {
    check_rule(
        P9,
        Rule::SetregGetreg,
        "s_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s4",
        "s_getreg_b32 s5, hwreg(HW_REG_MODE, 0, 4)",
        2,
    );
}

#[test]
fn dpp_rules() {
    check_rule(
        P9,
        Rule::ValuVgprDpp,
        "v_mov_b32_e32 v2, 1",
        "v_mov_b32_dpp v3, v2 row_shr:1 row_mask:0xf bank_mask:0xf",
        2,
    );
    check_rule(
        P9,
        Rule::ValuExecDpp,
        "v_cmpx_eq_u32_e64 s[6:7], v1, v1",
        "v_mov_b32_dpp v3, v4 row_shr:1 row_mask:0xf bank_mask:0xf",
        5,
    );
}

#[test]
fn forwarding_rules() {
    check_rule(
        P9,
        Rule::TransUse,
        "v_exp_f32_e32 v2, v1",
        "v_add_f32_e32 v3, v2, v2",
        1,
    );
    check_rule(
        P9,
        Rule::DstSelUse,
        "v_add_u32_sdwa v2, v1, v1 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:DWORD src1_sel:DWORD",
        "v_add_u32_e32 v3, v2, v2",
        1,
    );
    check_rule(
        P9,
        Rule::WideStoreData,
        "global_store_dwordx4 v0, v[4:7], s[0:1]",
        "v_mov_b32_e32 v5, 1",
        2,
    );
}

#[test]
fn mfma_rules() {
    let xdl = "v_mfma_f32_16x16x16_f16 v[8:11], v[2:3], v[2:3], v[8:11]";
    check_rule(
        P9,
        Rule::ValuExecMfma,
        "v_cmpx_eq_u32_e64 s[6:7], v1, v1",
        xdl,
        4,
    );
    check_rule(P9, Rule::ValuVgprMfma, "v_mov_b32_e32 v2, 0", xdl, 2);
    // XDL, 4 passes: A/B read N + 3, VALU read and overwrite N + 3.
    check_rule(
        P9,
        Rule::MfmaMfma,
        xdl,
        "v_mfma_f32_16x16x16_f16 v[12:15], v[8:9], v[2:3], v[12:15]",
        7,
    );
    check_rule(P9, Rule::MfmaRead, xdl, "v_add_f32_e32 v20, v8, v8", 7);
    check_rule(P9, Rule::MfmaWaw, xdl, "v_mov_b32_e32 v9, 0", 7);
    check_rule(
        P9,
        Rule::MfmaSrcCWar,
        "v_mfma_f32_16x16x16_f16 v[8:11], v[2:3], v[2:3], v[12:15]",
        "v_mov_b32_e32 v13, 0",
        3,
    );
    // Non-XDL f32, 16 passes: a VALU read needs N + 2.
    check_rule(
        P9,
        Rule::MfmaRead,
        "v_mfma_f32_32x32x2_f32 v[16:31], v1, v1, v[16:31]",
        "v_add_f32_e32 v2, v31, v31",
        18,
    );
    check_rule(
        P9,
        Rule::MfmaRead,
        "v_mfma_f32_32x32x2_f32 v[16:31], v1, v1, v[16:31]",
        "global_store_dword v0, v16, s[0:1]",
        18,
    );
    // Accumulating into the same C range back to back needs nothing.
    let chain = kernel(P9, &format!("\t{xdl}\n\t{xdl}\n"));
    run(P9, &chain, Options::default()).unwrap();
}

#[test]
fn gfx11_trans_use_needs_depctr() {
    let body = |wait: &str| format!("\tv_exp_f32_e32 v2, v1\n{wait}\tv_add_f32_e32 v3, v2, v2\n");
    let bad = kernel(Processor::Gfx1100, &body(""));
    let f = match run(Processor::Gfx1100, &bad, Options::default()) {
        Err(Error::Fault(f)) => f,
        other => panic!("not reported: {other:?}"),
    };
    assert_eq!(f.kind, FaultKind::Hazard);
    assert!(f.message.contains("trans_use_gfx11"), "{}", f.message);
    assert!(f.message.contains("v_exp_f32"), "{}", f.message);
    assert!(f.message.contains("va_vdst(0)"), "{}", f.message);
    // Covered by the wait clang inserts, by more than five VALUs or more
    // than one transcendental between, and not a hazard at all on gfx1151.
    let ok = kernel(Processor::Gfx1100, &body("\ts_waitcnt_depctr 0xfff\n"));
    run(Processor::Gfx1100, &ok, Options::default()).unwrap();
    let spaced = "\tv_mov_b32_e32 v4, 0\n".repeat(6) + "\tv_exp_f32_e32 v5, v1\n";
    let ok = kernel(Processor::Gfx1100, &body(&spaced));
    run(Processor::Gfx1100, &ok, Options::default()).unwrap();
    let six = "\tv_mov_b32_e32 v4, 0\n".repeat(6);
    let ok = kernel(Processor::Gfx1100, &body(&six));
    run(Processor::Gfx1100, &ok, Options::default()).unwrap();
    let two = "\tv_exp_f32_e32 v5, v1\n\tv_exp_f32_e32 v6, v1\n";
    let ok = kernel(Processor::Gfx1100, &body(two));
    run(Processor::Gfx1100, &ok, Options::default()).unwrap();
    // Five VALUs, one of them a transcendental: still a hazard.
    let five = "\tv_mov_b32_e32 v4, 0\n".repeat(4) + "\tv_exp_f32_e32 v5, v1\n";
    let bad = kernel(Processor::Gfx1100, &body(&five));
    assert!(run(Processor::Gfx1100, &bad, Options::default()).is_err());
    let other = kernel(Processor::Gfx1151, &body(""));
    run(Processor::Gfx1151, &other, Options::default()).unwrap();
}

/// The two 16-bit halves of a VGPR are separate registers to the rule
/// (LLVM compares register units; clang's f16 division writes `v3.h` with
/// a transcendental and reads `v3.l` at once), a whole-register access
/// overlaps both.
#[test]
fn gfx11_trans_use_tells_true16_halves_apart() {
    let p = Processor::Gfx1100;
    let case = |write: &str, read: &str| {
        let body = format!(
            "\tv_mov_b32_e32 v3, 0\n\tv_mov_b32_e32 v4, 0\n\ts_nop 7\n\t{write}\n\t{read}\n"
        );
        run(p, &kernel(p, &body), Options::default())
    };
    let hi = "v_sqrt_f16_e64 v3.h, v4.l";
    let lo = "v_sqrt_f16_e64 v3.l, v4.l";
    case(hi, "v_add_f16_e64 v5.l, v3.l, v3.l").unwrap();
    case(lo, "v_add_f16_e64 v5.l, v3.h, v3.h").unwrap();
    for (w, r) in [
        (hi, "v_add_f16_e64 v5.l, v3.h, v3.h"),
        (lo, "v_add_f16_e64 v5.l, v3.l, v4.l"),
        (hi, "v_add_f32_e32 v5, v3, v3"),
        ("v_exp_f32_e32 v3, v4", "v_add_f16_e64 v5.l, v3.h, v4.l"),
    ] {
        match case(w, r) {
            Err(Error::Fault(f)) => assert!(f.message.contains("trans_use_gfx11"), "{}", f.message),
            other => panic!("{w} -> {r} not reported: {other:?}"),
        }
    }
}

#[test]
fn gfx11_wmma_operand_needs_a_valu() {
    let a = "v_wmma_f32_16x16x16_f16 v[16:23], v[0:7], v[8:15], v[16:23]";
    let b = "v_wmma_f32_16x16x16_f16 v[24:31], v[16:23], v[8:15], v[24:31]";
    for p in [Processor::Gfx1100, Processor::Gfx1151] {
        // v0 is an address here: overwrite it with a float first.
        let pre = "\tv_mov_b32_e32 v0, 0\n\ts_nop 7\n";
        let bad = kernel(p, &format!("{pre}\t{a}\n\t{b}\n"));
        let f = match run(p, &bad, Options::default()) {
            Err(Error::Fault(f)) => f,
            other => panic!("not reported: {other:?}"),
        };
        assert_eq!(f.kind, FaultKind::Hazard);
        assert!(f.message.contains("wmma_operand"), "{}", f.message);
        let ok = kernel(p, &format!("{pre}\t{a}\n\tv_nop\n\t{b}\n"));
        run(p, &ok, Options::default()).unwrap();
    }
}

#[test]
fn hazard_checks_can_be_turned_off() {
    let bad = kernel(
        P9,
        "\tv_cmp_eq_u32_e32 vcc, v1, v1\n\tv_cndmask_b32_e32 v2, v1, v2, vcc\n",
    );
    assert!(run(P9, &bad, Options::default()).is_err());
    let off = Options {
        hazards: false,
        ..Options::default()
    };
    run(P9, &bad, off).unwrap();
    let lax = Options {
        strict: false,
        ..Options::default()
    };
    run(P9, &bad, lax).unwrap();
}

/// Every kernel of every clang object in `dir`, with zeroed 1 MiB buffers
/// and small integer arguments; returns how many ran to the end. Faults
/// other than hazards (e.g. a shape the generic arguments do not fit) are
/// tolerated, hazards are not.
fn corpus_without_hazards(dir: &str) -> usize {
    let mut paths: Vec<_> = match std::fs::read_dir(dir) {
        Ok(r) => r.map(|e| e.unwrap().path()).collect(),
        Err(_) => return 0,
    };
    paths.sort();
    let mut ran = 0;
    for path in paths
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "hsaco"))
    {
        let bytes = std::fs::read(path).unwrap();
        let co = code_object::read(&bytes).unwrap();
        let (Some(t), Some(meta)) = (co.target, co.metadata.clone()) else {
            continue;
        };
        for k in &meta.kernels {
            let mut emu = Emulator::new(t.processor);
            let mut args = Vec::new();
            for a in k.args.iter().filter(|a| !a.value_kind.is_hidden()) {
                args.push(match (&a.value_kind, a.size) {
                    (ValueKind::GlobalBuffer, _) => Arg::Buffer(emu.alloc(1 << 20).unwrap()),
                    (_, 8) => Arg::U64(16),
                    (_, 4) => Arg::I32(16),
                    (_, n) => Arg::Bytes(vec![0; n as usize]),
                });
            }
            match emu.launch(&bytes, &k.name, [64, 1, 1], [64, 1, 1], &args) {
                Ok(_) => ran += 1,
                Err(Error::Fault(f)) if f.kind == FaultKind::Hazard => {
                    panic!("{}: {}: {f}", path.display(), k.name)
                }
                Err(_) => {}
            }
        }
    }
    ran
}

#[test]
fn clang_corpora_have_no_hazard_reports() {
    let root = env!("CARGO_MANIFEST_DIR");
    let emu = corpus_without_hazards(&format!("{root}/tests/data/hip/objects"));
    let golden = corpus_without_hazards(&format!("{root}/../silk-amdgpu/tests/data/hip/objects"));
    assert!(emu >= 40, "{emu} emulator corpus kernels ran");
    assert!(golden >= 30, "{golden} golden kernels ran");
    let asm_dir = format!("{root}/../silk-amdgpu/tests/data/hip/asm");
    if std::path::Path::new(&asm_dir).is_dir() {
        let asm = corpus_without_hazards(&asm_dir);
        assert!(asm >= 150, "{asm} asm corpus kernels ran");
    } else {
        println!("SKIPPED asm corpus part of clang_corpora_have_no_hazard_reports: {asm_dir} is not present");
    }
}
