//! The opcode tables' MFMA pass counts ([`table::OpInfo::mfma_passes`],
//! set by `cargo xtask isa-flags`) against the counts the emulator's
//! hazard checks derived from the mnemonics before the tables carried
//! them: every gfx942 MFMA / SMFMAC opcode has one and it is that count,
//! every other opcode (gfx942 and GFX11, WMMA included) has none.

use silk_amdgpu::isa::{table, Flags};
use silk_amdgpu::target::{Generation, Processor};

/// The emulator's former derivation (`hazard::tags_of`, CDNA3 ISA §7.1
/// MFMA table), kept here as the reference: 4x4 2 passes; 16x16 8 and
/// 32x32 16 for f32 sources and multi-block shapes; single-block XDL
/// 16x16 4 and 32x32 8; f64 4x4 4 and 16x16 8. It knew no SMFMAC (it
/// gave them 0); those follow LLVM 22's gfx942 scheduling model
/// (`SISchedule.td`: `V_SMFMAC_.32_16X16X` 4 passes, `_32X32X` 8).
fn reference_passes(name: &str) -> Option<u8> {
    if let Some(shape) = name.strip_prefix("v_smfmac_") {
        return match shape.split('_').nth(1)?.split('x').next()? {
            "16" => Some(4),
            "32" => Some(8),
            _ => None,
        };
    }
    let shape = name.strip_prefix("v_mfma_")?;
    let m: u32 = shape
        .split('_')
        .nth(1)
        .and_then(|s| s.split('x').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or(32);
    let multi = shape.contains("b_");
    if shape.starts_with("f64") {
        return Some(if m == 4 { 4 } else { 8 });
    }
    let xdl = !shape.ends_with("_f32");
    Some(match (m, xdl && !multi) {
        (4, _) => 2,
        (16, true) => 4,
        (32, true) => 8,
        (16, false) => 8,
        _ => 16,
    })
}

#[test]
fn every_mfma_opcode_has_its_pass_count() {
    let t = table::table(Generation::Gfx9);
    let mut mfma = 0;
    let mut seen = [0usize; 17];
    for info in t.iter().filter(|i| i.on(Processor::Gfx942)) {
        let is_mfma = info.flags.has(Flags::MFMA);
        let passes = info.mfma_passes();
        assert_eq!(
            passes.is_some(),
            is_mfma,
            "{}: MFMA flag {is_mfma} but passes {passes:?}",
            info.name
        );
        if is_mfma {
            mfma += 1;
            assert_eq!(passes, reference_passes(info.name), "{}", info.name);
            seen[passes.unwrap() as usize] += 1;
        }
    }
    // gfx942 has MFMA shapes of every pass count, SMFMAC among them.
    assert!(mfma >= 40, "only {mfma} MFMA opcodes");
    for n in [2, 4, 8, 16] {
        assert!(seen[n] > 0, "no {n}-pass MFMA");
    }
    assert!(t
        .iter()
        .any(|i| i.name.starts_with("v_smfmac_") && i.mfma_passes().is_some()));
}

#[test]
fn gfx11_opcodes_have_no_mfma_passes() {
    // RDNA3 WMMA: the guide gives no pass count the hazard rules use
    // (WMMA -> WMMA operand reads need one VALU whatever the shape).
    let t = table::table(Generation::Gfx11);
    assert!(t.iter().any(|i| i.flags.has(Flags::WMMA)));
    for info in t {
        assert_eq!(info.mfma_passes(), None, "{}", info.name);
        assert!(!info.flags.has(Flags::MFMA), "{}", info.name);
    }
}
