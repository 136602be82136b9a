//! Pinned GFX11 lines that assemble to llvm-mc 22's bytes or are
//! rejected where it rejects them: the graphics-only encodings (EXP,
//! VINTERP, LDSDIR; their disassembly is pinned in
//! tests/data/isa/disasm-cases.txt and sampled by isa_llvm_live) and the
//! VOPD pair rules (banks, destination parity, constant bus).
//! `pinned_lines_match_llvm_mc_live` re-checks the tables against
//! llvm-mc when it is installed.

use silk_amdgpu::asm::show_encoding;
use silk_amdgpu::target::{Processor, Target};
use silk_testsupport::llvm;

/// (line, llvm-mc 22 bytes; empty where it rejects the line).
const CASES: &[(&str, &str)] = &[
    ("exp mrt0 v0, v1, v2, v3 done", "0f0800f800010203"),
    ("exp pos0 v1, off, off, off", "c10000f801000000"),
    ("exp mrt0 v0, off, v2, off done row_en", "052800f800000200"),
    ("exp mrtz v0, v1, v2, v3 row_en", "8f2000f800010203"),
    ("exp pos0 off, off, off, off", "c00000f800000000"),
    ("exp prim v1, v2, v3, v4", "4f0100f801020304"),
    ("exp mrt9 v0, v1, v2, v3", ""),
    ("exp mrt0 s0, v1, v2, v3", ""),
    (
        "v_interp_p10_f32 v7, -v1, v2, -v3 clamp wait_exp:3",
        "078300cd01050ea4",
    ),
    (
        "v_interp_p10_f16_f32 v7, v1.h, v2, v3.l op_sel:[1,0,0,0] wait_exp:3",
        "070b02cd01050e04",
    ),
    (
        "v_interp_p2_f16_f32 v7.h, v1.l, v2, v3 op_sel:[0,0,0,1]",
        "074003cd01050e04",
    ),
    (
        "v_interp_p10_f16_f32 v77, v34.h, -v177, v162.h clamp op_sel:[1,1,1,1] wait_exp:0",
        "4df802cd22638b46",
    ),
    ("v_interp_p2_f32 v0, v1, v2, v3", "000001cd01050e04"),
    ("v_interp_p10_f32 v7, s1, v2, v3", ""),
    ("v_interp_p10_f32 v7, v1, v2, 0.5", ""),
    ("v_interp_p10_f32 v7, v1, v2, v3 wait_exp:8", ""),
    (
        "v_interp_p10_f16_f32 v7, v1.h, v2, v3.l clamp op_sel:[1,0,0,0] mul:2",
        "",
    ),
    (
        "v_interp_p10_f16_f32 v77, v34.h, -v177, v162.h op_sel:[1,1,1,1] clamp",
        "",
    ),
    ("lds_param_load v1, attr0.x wait_vdst:0", "010000ce"),
    ("lds_param_load v7, attr32.w wait_vdst:3", "078303ce"),
    ("lds_param_load v7, attr33.x", ""),
    ("lds_direct_load v1 wait_vdst:15", "01001fce"),
    ("lds_direct_load v1, attr0.x", ""),
    ("lds_direct_load v1 wait_vdst:16", ""),
];

/// VOPD pairs (RDNA3 ISA §7.6): (line, llvm-mc 22 bytes or empty).
const VOPD: &[(&str, &str)] = &[
    ("v_dual_mul_f32 v0, v1, v2 :: v_dual_mul_f32 v1, v5, v7", ""),
    (
        "v_dual_mul_f32 v0, v1, v2 :: v_dual_mul_f32 v1, v4, v7",
        "0105c6c8040f0000",
    ),
    ("v_dual_mul_f32 v0, v1, v2 :: v_dual_mul_f32 v1, v5, v6", ""),
    (
        "v_dual_mul_f32 v0, s1, v2 :: v_dual_mul_f32 v1, s2, v7",
        "0104c6c8020e0000",
    ),
    (
        "v_dual_mul_f32 v0, s1, v2 :: v_dual_mul_f32 v1, s1, v7",
        "0104c6c8010e0000",
    ),
    (
        "v_dual_mul_f32 v0, s1, v2 :: v_dual_mul_f32 v1, 0x1234, v7",
        "0104c6c8ff0e000034120000",
    ),
    (
        "v_dual_mul_f32 v0, 0x1234, v2 :: v_dual_mul_f32 v1, 0x1234, v7",
        "ff04c6c8ff0e000034120000",
    ),
    (
        "v_dual_mul_f32 v0, 1.0, v2 :: v_dual_mul_f32 v1, 2.0, v7",
        "f204c6c8f40e0000",
    ),
    ("v_dual_mul_f32 v0, v1, v2 :: v_dual_mul_f32 v2, v5, v7", ""),
    ("v_dual_mul_f32 v0, v1, v2 :: v_dual_mul_f32 v0, v5, v7", ""),
    (
        "v_dual_fmac_f32 v0, v1, v2 :: v_dual_fmac_f32 v5, v6, v7",
        "010500c8060f0400",
    ),
    (
        "v_dual_fmac_f32 v0, v1, v2 :: v_dual_fmac_f32 v4, v6, v7",
        "",
    ),
    (
        "v_dual_fmac_f32 v0, v1, v2 :: v_dual_fmac_f32 v3, v6, v7",
        "010500c8060f0200",
    ),
    (
        "v_dual_fmaak_f32 v0, s1, v2, 0x1234 :: v_dual_mul_f32 v1, s2, v7",
        "",
    ),
    (
        "v_dual_fmaak_f32 v0, s1, v2, 0x1234 :: v_dual_mul_f32 v1, s1, v7",
        "010446c8010e000034120000",
    ),
    (
        "v_dual_cndmask_b32 v0, s1, v2 :: v_dual_mul_f32 v1, s2, v7",
        "",
    ),
    (
        "v_dual_cndmask_b32 v0, v1, v2 :: v_dual_cndmask_b32 v1, s2, v7",
        "010552ca020e0000",
    ),
    ("v_dual_mov_b32 v0, v1 :: v_dual_mov_b32 v1, v5", ""),
    (
        "v_dual_mov_b32 v0, v1 :: v_dual_mov_b32 v1, v6",
        "010110ca06010000",
    ),
    ("v_dual_mul_f32 v0, v1, v2 :: v_dual_mov_b32 v1, v5", ""),
    (
        "v_dual_dot2acc_f32_f16 v0, v1, v2 :: v_dual_mul_f32 v5, v6, v7",
        "010506cb060f0400",
    ),
    (
        "v_dual_dot2acc_f32_f16 v0, v1, v2 :: v_dual_dot2acc_f32_f16 v4, v6, v7",
        "",
    ),
    (
        "v_dual_max_f32 v110, v1, v146 :: v_dual_fmamk_f32 v29, v104, 0x1234, v166",
        "012585ca684d1d6e34120000",
    ),
    (
        "v_dual_fmamk_f32 v110, v1, 0x1234, v146 :: v_dual_fmamk_f32 v29, v104, 0x1234, v166",
        "",
    ),
    (
        "v_dual_fmamk_f32 v110, v1, 0x1234, v146 :: v_dual_fmaak_f32 v29, v104, v166, 0x1234",
        "012583c8684d1d6e34120000",
    ),
    (
        "v_dual_fmaak_f32 v110, v1, v146, 0x1234 :: v_dual_fmaak_f32 v29, v104, v166, 0x1234",
        "",
    ),
    (
        "v_dual_fmamk_f32 v110, v1, 0x1234, v146 :: v_dual_fmac_f32 v29, v104, v166",
        "012581c8684d1d6e34120000",
    ),
    (
        "v_dual_fmamk_f32 v110, v1, 0x1234, v146 :: v_dual_fmac_f32 v29, v104, v165",
        "012581c8684b1d6e34120000",
    ),
    (
        "v_dual_fmac_f32 v110, v1, v146 :: v_dual_fmamk_f32 v29, v104, 0x1234, v2",
        "",
    ),
    (
        "v_dual_fmac_f32 v110, v1, v146 :: v_dual_fmamk_f32 v29, v104, 0x1234, v1",
        "012505c868031c6e34120000",
    ),
    (
        "v_dual_fmamk_f32 v110, v1, 0x1234, v2 :: v_dual_fmamk_f32 v29, v104, 0x1234, v41",
        "010584c868531c6e34120000",
    ),
    (
        "v_dual_fmamk_f32 v110, v1, 0x1234, v2 :: v_dual_fmac_f32 v29, v104, v6",
        "010580c8680d1c6e34120000",
    ),
    (
        "v_dual_fmamk_f32 v196, s45, 0x2c757731, v79 :: v_dual_dot2acc_f32_f16 v165, 10, v243",
        "",
    ),
    (
        "v_dual_dot2acc_f32_bf16 v183, v120, v35 :: v_dual_fmamk_f32 v4, v187, 0x2030938e, v33",
        "",
    ),
    (
        "v_dual_dot2acc_f32_f16 v56, s98, v231 :: v_dual_fmamk_f32 v33, v108, 0x351b1148, v202",
        "",
    ),
    (
        "v_dual_cndmask_b32 v27, s66, v143 :: v_dual_dot2acc_f32_f16 v156, src_lds_direct, v37",
        "421e59cafe4a9c1b",
    ),
    (
        "v_dual_cndmask_b32 v27, s66, v143 :: v_dual_dot2acc_f32_f16 v156, src_shared_base, v37",
        "",
    ),
    (
        "v_dual_cndmask_b32 v27, s66, v143 :: v_dual_dot2acc_f32_f16 v156, null, v37",
        "421e59ca7c4a9c1b",
    ),
    (
        "v_dual_mul_f32 v27, s66, v143 :: v_dual_mul_f32 v156, src_scc, v37",
        "421ec7c8fd4a9c1b",
    ),
];

/// gfx942 GLOBAL addresses: 64 bits without an SGPR base, 32 with one.
const GFX942: &[(&str, &str)] = &[
    ("global_load_dword v1, v2, off", ""),
    ("global_store_dword v2, v1, off", ""),
    ("global_atomic_add v2, v4, off", ""),
    ("global_atomic_add v1, v2, v4, off sc0", ""),
    ("global_load_dword v1, v[2:3], off", "008050dc02007f01"),
    ("global_load_dword v1, v2, s[4:5]", "008050dc02000401"),
    ("global_load_dword v1, v[2:3], s[4:5]", ""),
    ("scratch_load_dword v0, v1, off", "006050dc01007f00"),
    (
        "global_atomic_add v1, v[2:3], v4, off sc0",
        "008009dd02047f01",
    ),
];

/// Lines llvm-mc 22 accepts but encodes without what is written (VINTERP
/// has no `abs` field: `|v1|` is dropped), which we reject: (line, the
/// line without the dropped modifier, which llvm-mc encodes the same).
const DEFECTS: &[(&str, &str)] = &[(
    "v_interp_p10_f32 v7, |v1|, v2, v3",
    "v_interp_p10_f32 v7, v1, v2, v3",
)];

fn ours(p: Processor, line: &str) -> Result<String, String> {
    let (listing, d) = show_encoding(&format!("{line}\n"), "g.s", Some(Target::new(p)));
    if !d.0.is_empty() {
        return Err(d.to_string());
    }
    let (_, e) = listing.split_once("; encoding: [").ok_or("no encoding")?;
    Ok(e.split(']')
        .next()
        .unwrap_or_default()
        .split(',')
        .map(|b| b.trim().trim_start_matches("0x"))
        .collect())
}

#[test]
fn pinned_lines_assemble_as_llvm_mc() {
    let mut bad = Vec::new();
    for p in [Processor::Gfx1100, Processor::Gfx1151] {
        for &(line, want) in CASES.iter().chain(VOPD) {
            match (ours(p, line), want.is_empty()) {
                (Ok(got), false) if got == want => {}
                (Err(e), true) if e.contains("g.s:1:") => {}
                (got, _) => bad.push(format!(
                    "{}: `{line}`: ours {got:?}, llvm-mc {want:?}",
                    p.name()
                )),
            }
        }
        for &(line, _) in DEFECTS {
            if ours(p, line).is_ok() {
                bad.push(format!(
                    "{}: `{line}` is an llvm-mc defect we reject",
                    p.name()
                ));
            }
        }
        // gfx942 has none of them.
        assert!(ours(Processor::Gfx942, "exp mrt0 v0, v1, v2, v3").is_err());
    }
    for &(line, want) in GFX942 {
        let p = Processor::Gfx942;
        match (ours(p, line), want.is_empty()) {
            (Ok(got), false) if got == want => {}
            (Err(e), true) if e.contains("g.s:1:") => {}
            (got, _) => bad.push(format!("gfx942: `{line}`: ours {got:?}, llvm-mc {want:?}")),
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// The tables above are what llvm-mc 22 says.
#[test]
fn pinned_lines_match_llvm_mc_live() {
    let Some(mc) = llvm::tool_or_skip("llvm-mc", "pinned_lines_match_llvm_mc_live") else {
        return;
    };
    use std::io::Write;
    let mc_bytes_on = |cpu: &str, line: &str| {
        let mut child = std::process::Command::new(&mc)
            .args([
                "-triple=amdgcn-amd-amdhsa",
                &format!("-mcpu={cpu}"),
                "-show-encoding",
            ])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(format!("{line}\n").as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        stdout
            .split_once("; encoding: [")
            .map(|(_, e)| {
                e.split(']')
                    .next()
                    .unwrap_or_default()
                    .split(',')
                    .map(|b| b.trim().trim_start_matches("0x"))
                    .collect::<String>()
            })
            .unwrap_or_default()
    };
    let mc_bytes = |line: &str| mc_bytes_on("gfx1100", line);
    let mut bad = Vec::new();
    for &(line, want) in GFX942 {
        let got = mc_bytes_on("gfx942", line);
        if got != want {
            bad.push(format!("gfx942 `{line}`: llvm-mc {got:?}, table {want:?}"));
        }
    }
    for &(line, plain) in DEFECTS {
        let (a, b) = (mc_bytes(line), mc_bytes(plain));
        if a.is_empty() || a != b {
            bad.push(format!(
                "`{line}`: llvm-mc {a:?} vs `{plain}` {b:?}: no longer a defect"
            ));
        }
    }
    for &(line, want) in CASES.iter().chain(VOPD) {
        let got = mc_bytes(line);
        if got != want {
            bad.push(format!("`{line}`: llvm-mc {got:?}, table {want:?}"));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
