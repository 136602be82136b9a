//! The implicit registers of each opcode (EXEC, VCC, SCC, M0), the MFMA
//! pass counts, and `cargo xtask isa-flags`, which rewrites only the
//! `flags:` of the checked-in tables from them without probing LLVM.
//!
//! Source of truth: the instruction descriptions of the "AMD Instinct MI300
//! (CDNA3) ISA" guide (gfx942) and the "RDNA3 ISA" guide (gfx1100/gfx1151),
//! chapters "Scalar ALU Operations", "Vector ALU Operations", "Data Share
//! Operations" and the per-opcode pseudocode. Checked against an
//! independent implementation: `crates/silk-emu/tests/implicit_flags.rs`
//! runs every SALU (SCC, EXEC) and VALU (VCC, EXEC) opcode the emulator
//! executes with the registers preset two ways. `isa-tables` calls
//! [`implicit_flags`] for every row it generates; `isa-flags` recomputes the
//! same set for every checked-in row, so the two agree.

use crate::isa_gen::flags;
use silk_amdgpu::isa::format::Family;
use silk_amdgpu::target::Generation;

/// The flag names [`implicit_flags`] owns (and `isa-flags` rewrites).
pub(crate) const IMPLICIT: [&str; 8] = [
    "READS_EXEC",
    "WRITES_EXEC",
    "READS_VCC",
    "WRITES_VCC",
    "READS_SCC",
    "WRITES_SCC",
    "READS_M0",
    "WRITES_M0",
];

/// The matrix, dot and operand-rule flag names [`matrix_flags`] owns
/// (and `isa-flags` rewrites).
pub(crate) const MATRIX: [&str; 10] = [
    "MFMA_PASSES_2",
    "MFMA_PASSES_4",
    "MFMA_PASSES_8",
    "MFMA_PASSES_16",
    "XDL",
    "DGEMM",
    "DOT",
    "ONE_SCALAR",
    "NO_LITERAL",
    "TIED_DST",
];

/// Passes of a gfx942 MFMA / SMFMAC opcode from its mnemonic
/// (`v_mfma_<D>_<M>x<N>x<K>[_<B>b]_<AB>`, `v_smfmac_<D>_<M>x<N>x<K>_<AB>`),
/// `None` for other opcodes. CDNA3 ISA §7.1 "Matrix Fused-Multiply-Add
/// (MFMA)", the opcode table's cycle counts (4 cycles a pass):
/// - f64 (DGEMM): 4x4 4 passes, 16x16 8;
/// - SMFMAC: 16x16 4, 32x32 8;
/// - 4x4 (16 blocks): 2;
/// - f32 sources, or several blocks (`_4b`, `_2b`): 16x16 8, 32x32 16;
/// - other (single-block XDL: f16, bf16, i8, xf32, fp8/bf8): 16x16 4, 32x32 8.
///
/// The same counts as LLVM 22's gfx942 scheduling model (`SISchedule.td`,
/// `WriteNPassMAI` / `WriteNPassDGEMM`).
pub(crate) fn mfma_passes(m: &str) -> Option<u8> {
    let (sparse, rest) = if let Some(r) = m.strip_prefix("v_mfma_") {
        (false, r)
    } else {
        (true, m.strip_prefix("v_smfmac_")?)
    };
    let parts: Vec<&str> = rest.split('_').collect();
    // [D type, shape, (blocks,) A/B type]
    let (&dst, &shape, &src) = (parts.first()?, parts.get(1)?, parts.last()?);
    let rows: u32 = shape.split('x').next()?.parse().ok()?;
    let blocks = parts.len() == 4 && parts[2].ends_with('b');
    let passes = match (dst, rows) {
        ("f64", 4) => 4,
        ("f64", 16) => 8,
        (_, 4) if !sparse => 2,
        (_, 16) if !sparse && (blocks || src == "f32") => 8,
        (_, 32) if !sparse && (blocks || src == "f32") => 16,
        (_, 16) => 4,
        (_, 32) => 8,
        _ => return None,
    };
    Some(passes)
}

/// The pass-count flag of an opcode ([`mfma_passes`]), its MFMA kind
/// (CDNA3 ISA §7.1: f64 shapes are DGEMM; MFMAs with other than f32
/// sources run on the XDL path; SMFMAC is neither, as in LLVM's gfx942
/// hazard recognizer), `DOT` for `v_dot*`, and the operand rules
/// `ONE_SCALAR` and `NO_LITERAL`.
pub(crate) fn matrix_flags(m: &str) -> Vec<&'static str> {
    let m = m
        .strip_suffix("_e32")
        .or_else(|| m.strip_suffix("_e64"))
        .unwrap_or(m);
    let mut out = Vec::new();
    out.extend(mfma_passes(m).map(|passes| match passes {
        2 => "MFMA_PASSES_2",
        4 => "MFMA_PASSES_4",
        8 => "MFMA_PASSES_8",
        _ => "MFMA_PASSES_16",
    }));
    if let Some(shape) = m.strip_prefix("v_mfma_") {
        if shape.starts_with("f64") {
            out.push("DGEMM");
        } else if !shape.ends_with("_f32") {
            out.push("XDL");
        }
    }
    if m.starts_with("v_dot") {
        out.push("DOT");
    }
    // The 64-bit shifts read one scalar value even where the constant bus
    // takes two (RDNA3 ISA §7.6; LLVM 22 `getConstantBusLimit`).
    if matches!(m, "v_lshlrev_b64" | "v_lshrrev_b64" | "v_ashrrev_i64") {
        out.push("ONE_SCALAR");
    }
    // SOP2 with `SCSrc_b64` sources: inline constants, no literal (LLVM 22).
    if m == "s_cbranch_g_fork" {
        out.push("NO_LITERAL");
    }
    // Accumulators: D = D + ... (CDNA3/RDNA3 ISA opcode descriptions).
    let dot_c = m.starts_with("v_dot") && m.split('_').nth(1).is_some_and(|d| d.ends_with('c'));
    if m.starts_with("v_fmac_")
        || m.starts_with("v_mac_")
        || m == "v_pk_fmac_f16"
        || dot_c
        || m == "v_dual_fmac_f32"
        || m.starts_with("v_dual_dot2acc_")
    {
        out.push("TIED_DST");
    }
    out
}

/// Whether a row's unencoded `vcc` operands (`Kind::Implicit(106)`) are
/// written and/or read. LLVM prints destinations first, so an implicit
/// operand before any source is a destination (`v_add_co_u32_e32 v0, vcc,
/// ..`, `v_cmp_*_e32 vcc, ..`) and one after a source is read
/// (`v_cndmask_b32_e32 .., vcc`). `operands` are the rows' operand specs
/// as written in the table (`o(Field::.., Kind::.., ..)`).
fn implicit_vcc(operands: &[String]) -> (bool, bool) {
    let (mut def, mut used, mut seen_source) = (false, false, false);
    for op in operands {
        if op.contains("Kind::Implicit(106)") {
            if seen_source {
                used = true;
            } else {
                def = true;
            }
        } else if !op.contains("Field::Vdst") && !op.contains("Field::Sdst") {
            seen_source = true;
        }
    }
    (def, used)
}

fn starts(m: &str, prefixes: &[&str]) -> bool {
    prefixes.iter().any(|p| m.starts_with(p))
}

/// SALU opcodes that write SCC. Most set it as a carry, overflow, compare
/// result or "result != 0"; moves, bit-field masks, multiplies, packs,
/// sign extensions, bit scans, PC ops and SALU floats leave it
/// (CDNA3 §4 / RDNA3 §4 "Scalar ALU Operations", per-opcode pseudocode).
fn salu_writes_scc(family: Family, m: &str) -> bool {
    match family {
        // Every compare writes SCC; s_setvskip (VSKIP) and s_set_gpr_idx_on
        // (M0, MODE) are the SOPC encodings that are not compares.
        Family::Sopc => !matches!(m, "s_setvskip" | "s_set_gpr_idx_on"),
        Family::Sop2 => starts(
            m,
            &[
                // Carry / overflow.
                "s_add_u32",
                "s_sub_u32",
                "s_add_i32",
                "s_sub_i32",
                "s_addc_u32",
                "s_subb_u32",
                "s_lshl1_add_u32",
                "s_lshl2_add_u32",
                "s_lshl3_add_u32",
                "s_lshl4_add_u32",
                // SCC = the compare (integer only: SALU floats leave SCC).
                "s_min_i32",
                "s_min_u32",
                "s_max_i32",
                "s_max_u32",
                // SCC = result != 0.
                "s_and_b",
                "s_or_b",
                "s_xor_b",
                "s_andn2_b",
                "s_orn2_b",
                "s_and_not1_b",
                "s_or_not1_b",
                "s_nand_b",
                "s_nor_b",
                "s_xnor_b",
                "s_lshl_b",
                "s_lshr_b",
                "s_ashr_i",
                "s_bfe_",
                "s_absdiff_i32",
            ],
        ),
        Family::Sop1 => {
            is_exec_mask_op(m)
                || starts(
                    m,
                    // SCC = result != 0.
                    &[
                        "s_not_b",
                        "s_wqm_b",
                        "s_bcnt0_",
                        "s_bcnt1_",
                        "s_quadmask_b",
                        "s_abs_i32",
                    ],
                )
        }
        // s_cmpk_*: the compare; s_addk_i32: signed overflow.
        Family::Sopk => starts(m, &["s_cmpk_", "s_addk_i32"]),
        _ => false,
    }
}

/// `s_*_saveexec_*` and `s_*_wrexec_*`: read EXEC, write EXEC and set
/// SCC = (EXEC != 0).
fn is_exec_mask_op(m: &str) -> bool {
    m.contains("_saveexec_") || m.contains("_wrexec_")
}

/// The implicit EXEC/VCC/SCC/M0 reads and writes of one opcode.
/// `lds_dma`: the MUBUF entry with the LDS bit (data goes to LDS at M0);
/// `operands`: the row's operand specs, for the unencoded `vcc` operands.
pub(crate) fn implicit_flags(
    family: Family,
    m: &str,
    lds_dma: bool,
    operands: &[String],
) -> Vec<&'static str> {
    let mut f = Vec::new();
    let salu = matches!(
        family,
        Family::Sop1 | Family::Sop2 | Family::Sopk | Family::Sopc | Family::Sopp
    );
    if salu {
        let exec_rw = is_exec_mask_op(m)
            // GFX9 fork/join push and pop EXEC on the control-stack; GFX11
            // subvector loops split a wave64 EXEC into halves
            // (conservative: their pseudocode rewrites EXEC).
            || matches!(
                m,
                "s_cbranch_g_fork"
                    | "s_cbranch_i_fork"
                    | "s_cbranch_join"
                    | "s_subvector_loop_begin"
                    | "s_subvector_loop_end"
            );
        let reads_scc = starts(
            m,
            &[
                "s_cselect_",
                "s_cmov_",
                "s_cmovk_",
                "s_addc_",
                "s_subb_",
                "s_cbranch_scc",
            ],
        );
        // s_getreg of HW_REG_STATUS returns SCC, EXECZ and VCCZ
        // (conservative: the register is chosen by the immediate).
        let getreg = m == "s_getreg_b32";
        if exec_rw || m.starts_with("s_cbranch_exec") || getreg {
            f.push("READS_EXEC");
        }
        if exec_rw {
            f.push("WRITES_EXEC");
        }
        if m.starts_with("s_cbranch_vcc") || getreg {
            f.push("READS_VCC");
        }
        if reads_scc || getreg {
            f.push("READS_SCC");
        }
        if salu_writes_scc(family, m) {
            f.push("WRITES_SCC");
        }
        // M0: the index of s_movrel*; the message data of s_sendmsg* and
        // s_ttracedata (conservative: only some messages read it); the
        // GFX9 VGPR-index mode keeps its index and mode in M0.
        let reads_m0 = m.starts_with("s_movrel")
            || m.starts_with("s_sendmsg")
            || m == "s_ttracedata"
            || matches!(
                m,
                "s_set_gpr_idx_on" | "s_set_gpr_idx_idx" | "s_set_gpr_idx_mode"
            );
        if reads_m0 {
            f.push("READS_M0");
        }
        if matches!(
            m,
            "s_set_gpr_idx_on" | "s_set_gpr_idx_idx" | "s_set_gpr_idx_mode"
        ) {
            f.push("WRITES_M0");
        }
        return f;
    }
    if family == Family::Smem {
        return f;
    }
    // Every VALU, LDS and VMEM instruction runs under EXEC (conservative
    // for v_readlane/v_writelane, which ignore it).
    f.push("READS_EXEC");
    if family.is_vop() {
        // VOPC v_cmpx_* write the compare result to EXEC (GFX9 also to
        // VCC or SDST, which the operands show).
        if m.starts_with("v_cmpx") {
            f.push("WRITES_EXEC");
        }
        let (vcc_def, vcc_use) = implicit_vcc(operands);
        // v_div_fmas_* scale by VCC though VOP3 encodes no VCC operand;
        // VOPD v_dual_cndmask_b32 selects by VCC_LO (RDNA3 §"VOPD").
        if vcc_use || m.starts_with("v_div_fmas_") || m == "v_dual_cndmask_b32" {
            f.push("READS_VCC");
        }
        if vcc_def {
            f.push("WRITES_VCC");
        }
        // v_movrel*, GFX11 v_swaprel_b32: the VGPR index is M0.
        if m.starts_with("v_movrel") || m == "v_swaprel_b32" {
            f.push("READS_M0");
        }
        return f;
    }
    // LDS: M0 is the base of ds_*_addtid, the GWS resource offset and the
    // append/consume/ordered-count counter address. Plain LDS accesses do
    // not read M0: only parts before GFX9 clamp LDS addresses with M0
    // (LLVM 22 `llc` writes `s_mov_b32 m0, -1` before a ds_read for
    // tahiti, not for gfx942 or gfx1100; the CDNA3 guide text was not
    // at hand to confirm). LDS-DMA loads (MUBUF `lds`, gfx942
    // global/scratch_load_lds_*) write LDS at M0. GFX11
    // global_*_addtid_b32: conservative (the guide names no M0 use, but
    // the addtid forms of DS do).
    let m0 = match family {
        Family::Ds => {
            m.contains("addtid")
                || m.starts_with("ds_gws")
                || starts(m, &["ds_append", "ds_consume", "ds_ordered_count"])
        }
        _ => lds_dma || m.contains("_lds_") || m.contains("addtid"),
    };
    if m0 {
        f.push("READS_M0");
    }
    f
}

fn family_of(name: &str) -> Option<Family> {
    Family::ALL.into_iter().find(|f| format!("{f:?}") == name)
}

/// The text between `start` and the next `end` after it.
fn between<'a>(s: &'a str, start: &str, end: &str) -> Option<&'a str> {
    let i = s.find(start)? + start.len();
    let j = s[i..].find(end)?;
    Some(&s[i..i + j])
}

/// The operand specs of a row, one string per `o(..)`/`h(..)`.
fn split_operands(ops: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut rest = ops;
    while let Some(i) = rest.find("(Field::") {
        let next = rest[i + 1..].find("(Field::").map(|j| i + 1 + j);
        let end = next.unwrap_or(rest.len());
        out.push(rest[i..end].to_string());
        rest = &rest[end..];
        if next.is_none() {
            break;
        }
    }
    out
}

/// Rewrite the `flags:` of every row of one generated table so the
/// implicit-register flags are those of [`implicit_flags`], placed where
/// `isa-tables` puts them (right after the flags of [`flags`]). Returns
/// the new text and the number of rows that changed.
pub(crate) fn rewrite(gen: Generation, text: &str) -> Result<(String, usize), String> {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    let mut changed = 0;
    for (n, line) in text.split_inclusive('\n').enumerate() {
        if !line.trim_start().starts_with("OpInfo { name: ") {
            out.push_str(line);
            continue;
        }
        let bad = |what: &str| format!("line {}: cannot read the {what} of the row", n + 1);
        let name = between(line, "name: \"", "\"").ok_or_else(|| bad("name"))?;
        let family = between(line, "family: Family::", ",")
            .and_then(family_of)
            .ok_or_else(|| bad("family"))?;
        let operands = between(line, "operands: &[", "], flags: Flags(")
            .map(split_operands)
            .ok_or_else(|| bad("operands"))?;
        let old = between(line, "flags: Flags(", "), processors:").ok_or_else(|| bad("flags"))?;
        let tokens: Vec<&str> = if old == "0" {
            Vec::new()
        } else {
            old.split(" | ").collect()
        };
        let rest: Vec<&str> = tokens
            .iter()
            .copied()
            .filter(|t| {
                !t.strip_prefix("Flags::")
                    .is_some_and(|f| IMPLICIT.contains(&f) || MATRIX.contains(&f))
            })
            .collect();
        let base = flags(gen, family, name);
        let base_tokens: Vec<String> = base.iter().map(|f| format!("Flags::{f}")).collect();
        if rest.len() < base.len() || rest[..base.len()] != base_tokens[..] {
            return Err(format!(
                "line {}: {name}: the row's flags {old:?} do not start with those of `flags()` {base:?}; run `cargo xtask isa-tables`",
                n + 1
            ));
        }
        let lds_dma = rest.contains(&"Flags::LDS_DMA");
        let implicit = implicit_flags(family, name, lds_dma, &operands);
        let mut new: Vec<String> = base_tokens;
        new.extend(implicit.iter().map(|f| format!("Flags::{f}")));
        new.extend(matrix_flags(name).iter().map(|f| format!("Flags::{f}")));
        new.extend(rest[base.len()..].iter().map(|t| t.to_string()));
        let new = if new.is_empty() {
            "0".to_string()
        } else {
            new.join(" | ")
        };
        if new != old {
            changed += 1;
        }
        let at = line.find("flags: Flags(").ok_or_else(|| bad("flags"))? + "flags: Flags(".len();
        out.push_str(&line[..at]);
        out.push_str(&new);
        out.push_str(&line[at + old.len()..]);
    }
    Ok((out, changed))
}

/// The generated tables and their generations.
pub(crate) const TABLES: [(Generation, &str); 2] = [
    (Generation::Gfx9, "crates/silk-amdgpu/src/isa/gfx9.rs"),
    (Generation::Gfx11, "crates/silk-amdgpu/src/isa/gfx11.rs"),
];

/// `cargo xtask isa-flags`.
pub fn run() -> Result<(), String> {
    let root = crate::repo_root();
    for (gen, file) in TABLES {
        let path = root.join(file);
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{file}: {e}"))?;
        let (new, changed) = rewrite(gen, &text).map_err(|e| format!("{file}: {e}"))?;
        if changed > 0 {
            std::fs::write(&path, new).map_err(|e| format!("{file}: {e}"))?;
        }
        eprintln!("{file}: {changed} rows' flags changed");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The checked-in tables carry exactly the flags `flags()` and
    /// `implicit_flags()` compute: editing the rules without running
    /// `cargo xtask isa-flags` fails here.
    #[test]
    fn checked_in_flags_match_the_rules() {
        let root = crate::repo_root();
        for (gen, file) in TABLES {
            let text = std::fs::read_to_string(root.join(file)).unwrap();
            let (_, changed) = rewrite(gen, &text).unwrap();
            assert_eq!(changed, 0, "{file}: run `cargo xtask isa-flags`");
        }
    }

    #[test]
    fn implicit_vcc_positions() {
        let ops = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let vdst = "o(Field::Vdst, Kind::Vgpr, 1, Ty::B32)";
        let src = "o(Field::Src0, Kind::Vsrc, 1, Ty::B32)";
        let vcc = "o(Field::Unencoded, Kind::Implicit(106), 2, Ty::B32)";
        assert_eq!(implicit_vcc(&ops(&[vdst, vcc, src, vcc])), (true, true));
        assert_eq!(implicit_vcc(&ops(&[vdst, src, vcc])), (false, true));
        assert_eq!(implicit_vcc(&ops(&[vcc, src])), (true, false));
        assert_eq!(implicit_vcc(&ops(&[vdst, src])), (false, false));
    }

    #[test]
    fn bad_rows_are_errors() {
        let row = "    OpInfo { name: \"s_mov_b32\", family: Family::Nope, opcode: 0x0, operands: &[], flags: Flags(0), processors: 0b001, mods_ignored: 0x0, mods_rejected: 0x0 },\n";
        assert!(rewrite(Generation::Gfx9, row).is_err());
        let row = row.replace("Nope", "Sop1");
        // `flags()` says SALU; a row without it was not made by isa-tables.
        assert!(rewrite(Generation::Gfx9, &row).is_err());
    }
}
