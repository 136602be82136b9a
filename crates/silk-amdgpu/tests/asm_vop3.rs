//! VOP1/VOP2/VOPC instructions written without `_e64` but with `clamp` or
//! an output modifier (`mul:2`, `mul:4`, `div:2`): llvm-mc selects the
//! VOP3 encoding, which alone holds them; dropping them and emitting the
//! short encoding would be silently wrong. Golden data from llvm-mc 22 in
//! tests/data/asm_vop3 (regen.py). No LLVM needed.

use silk_amdgpu::asm::{InstructionEncoder, IsaEncoder};
use silk_amdgpu::target::Processor;
use std::path::PathBuf;

#[test]
fn clamp_and_omod_select_vop3_as_llvm_mc() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/asm_vop3");
    let mut report = Vec::new();
    for p in [Processor::Gfx942, Processor::Gfx1100] {
        let text =
            std::fs::read_to_string(dir.join(format!("modifiers-{}.listing", p.name()))).unwrap();
        let (mut accepted, mut same, mut wrong) = (0, 0, Vec::new());
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let (want, inst) = line.split_once('\t').unwrap();
            if want == "error" {
                continue;
            }
            accepted += 1;
            let got = match IsaEncoder.encode(p, inst) {
                Ok(e) => {
                    let bytes: Vec<String> = e
                        .words
                        .iter()
                        .flat_map(|w| w.to_le_bytes())
                        .map(|b| format!("0x{b:02x}"))
                        .collect();
                    format!("[{}]", bytes.join(","))
                }
                Err(e) => format!("error: {}", e.message),
            };
            if got == want {
                same += 1;
            } else {
                wrong.push(format!("  {inst}: ours {got}, llvm-mc {want}"));
            }
        }
        eprintln!(
            "{}: {same} of {accepted} lines llvm-mc accepts give its bytes",
            p.name()
        );
        assert!(accepted >= 180, "{accepted}");
        if !wrong.is_empty() {
            report.push(format!("{}:\n{}", p.name(), wrong.join("\n")));
        }
    }
    assert!(report.is_empty(), "{}", report.join("\n"));
}
