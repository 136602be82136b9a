//! Unit tests of the parser's byte scanners.

use super::*;

#[test]
fn dpp8_key_agrees_with_a_plain_search() {
    for len in 0..30 {
        for at in 0..len {
            for key in [&b"dpp8:"[..], b"dpp8", b"dpp:", b":"] {
                let mut t = vec![b'd'; len];
                for (k, &c) in key.iter().enumerate() {
                    if at + k < len {
                        t[at + k] = c;
                    }
                }
                let want = t.windows(5).any(|w| w == b"dpp8:");
                assert_eq!(has_dpp8_key(&t), want, "{:?}", String::from_utf8_lossy(&t));
            }
        }
    }
}

#[test]
fn trim_end_agrees_with_str() {
    for t in [
        "",
        " ",
        "a",
        " a ",
        "a\t\r\n",
        "a\u{a0}",
        "a \u{a0} ",
        "\u{3000}",
        "é \x0b\x0c",
        "a\x1f",
        "\u{85}\n",
    ] {
        assert_eq!(trim_end(t), t.trim_end(), "{t:?}");
    }
}

/// Against a plain search, at every offset and length.
#[test]
fn double_colon_agrees_with_a_plain_search() {
    for len in 0..34 {
        for a in 0..len {
            for b in a..len {
                let mut t = vec![b'v'; len];
                t[a] = b':';
                t[b] = b':';
                let want = t.windows(2).any(|w| w == b"::");
                assert_eq!(
                    has_double_colon(&t),
                    want,
                    "{:?}",
                    String::from_utf8_lossy(&t)
                );
            }
        }
    }
}

/// The byte offset `text` is rejected at.
fn rejected_at(p: Processor, text: &str) -> usize {
    match parse_inst(p, text) {
        Ok(_) => panic!("{}: `{text}` accepted", p.name()),
        Err(e) => e.column,
    }
}

/// One literal value per instruction, a K constant included, any family
/// (llvm-mc 22 keeps only K).
#[test]
fn one_literal_value_per_instruction() {
    for (p, t) in [
        (Processor::Gfx1100, "v_fmaak_f32 v1, lit(1), v2, 0x2970"),
        (
            Processor::Gfx1151,
            "s_fmaak_f32 s0, s20, lit(0.5), 0xabff4c40",
        ),
        (Processor::Gfx942, "v_fmaak_f32 v1, lit(1), v2, 0x2970"),
    ] {
        assert!(t[rejected_at(p, t)..].starts_with("0x"), "{t}");
    }
    for (p, t) in [
        (Processor::Gfx1100, "v_fmaak_f32 v1, 0x2970, v2, 0x2970"),
        (Processor::Gfx1151, "s_fmaak_f32 s0, 0x1234, 0x1234, 0x1234"),
    ] {
        assert!(parse_inst(p, t).is_ok(), "{t}");
    }
}

/// A buffer offset is the 12-bit field on both generations, rejected at
/// its `offset:` (llvm-mc 22 keeps the low 12 bits).
#[test]
fn buffer_offset_fits_twelve_bits() {
    for p in [Processor::Gfx942, Processor::Gfx1100] {
        let t = "buffer_load_dword v1, off, s[0:3], 0 offset:4096";
        let t = if p == Processor::Gfx942 {
            t.to_string()
        } else {
            t.replace("dword", "b32")
        };
        assert!(t[rejected_at(p, &t)..].starts_with("offset:"), "{t}");
        assert!(parse_inst(p, &t.replace("4096", "4095")).is_ok(), "{t}");
    }
}

/// Rules llvm-mc 22 applies to both generations (`shared_rules.rs`, the
/// nested `neg`): each is rejected on gfx942 and GFX11 alike, at the
/// operand.
#[test]
fn shared_rules_hold_on_both_generations() {
    for p in [Processor::Gfx942, Processor::Gfx1100] {
        let sd = if p == Processor::Gfx942 {
            "s[4:5]"
        } else {
            "s4"
        };
        for (t, at) in [
            (format!("v_add_co_u32_e64 v1, {sd}, 32, |61|"), "|61|"),
            (
                format!("v_mad_u64_u32 v[2:3], {sd}, v4, |v5|, s[6:7]"),
                "|v5|",
            ),
            (
                "v_cmp_lt_f64_e64 vcc, neg(neg(3)), v[2:3]".to_string(),
                "neg(3)",
            ),
            ("v_cmp_lt_f64_e64 vcc, -neg(3), v[2:3]".to_string(), "3"),
            ("v_readfirstlane_b32 s0, s4".to_string(), "s4"),
            ("v_readlane_b32 s6, v46, v3".to_string(), "v3"),
        ] {
            let t = if p == Processor::Gfx942 {
                t
            } else {
                t.replace("vcc", "vcc_lo")
            };
            assert!(t[rejected_at(p, &t)..].starts_with(at), "{}: {t}", p.name());
        }
    }
    // The permlane lane selects are scalar (GFX11 only has them).
    let t = "v_permlane16_b32 v4, v85, v3, s0";
    assert!(t[rejected_at(Processor::Gfx1100, t)..].starts_with("v3"));
    // `scc` as a scalar destination keeps the field's low bits (125).
    for p in [Processor::Gfx942, Processor::Gfx1100] {
        let i = parse_inst(p, "s_add_u32 scc, 7, 23").unwrap().inst;
        assert_eq!(i.operands[0], Operand::sgpr(125), "{}", p.name());
    }
    // The VOPC e32 destination `vcc` may be left out, as on GFX11.
    let a = parse_inst(Processor::Gfx942, "v_cmp_ne_i64_e32 v[4:5], v[38:39]").unwrap();
    let b = parse_inst(Processor::Gfx942, "v_cmp_ne_i64_e32 vcc, v[4:5], v[38:39]").unwrap();
    assert_eq!(a.inst, b.inst);
}

/// An f16 K constant is 16-bit (llvm-mc 22): `0.5` is 0x3800, an
/// integer beyond 16 bits is rejected at it.
#[test]
fn f16_k_constant_is_sixteen_bits() {
    for (p, t) in [
        (Processor::Gfx1100, "v_fmamk_f16 v1, s36, 0.5, v3"),
        (Processor::Gfx942, "v_madmk_f16 v1, 31, 0.5, v3"),
    ] {
        let i = parse_inst(p, t).unwrap().inst;
        assert!(i.operands.contains(&Operand::Literal(0x3800)), "{t}: {i:?}");
        let wide = t.replace("0.5", "0x12345");
        assert!(
            wide[rejected_at(p, &wide)..].starts_with("0x12345"),
            "{wide}"
        );
    }
    let t = "v_fmamk_f32 v1, s36, 0.5, v3";
    let i = parse_inst(Processor::Gfx1100, t).unwrap().inst;
    assert!(i.operands.contains(&Operand::Literal(0x3f00_0000)), "{i:?}");
}

/// Explicit suffixes llvm-mc 22 accepts on names the table holds without
/// them: the VOP3 encoding of `v_nop_e64`, the lane moves' `_e32`.
#[test]
fn forced_suffix_aliases() {
    for p in [Processor::Gfx942, Processor::Gfx1100] {
        let isa = crate::isa::Isa::new(p);
        let fam = |t: &str| {
            isa.info(parse_inst(p, t).unwrap().inst.opcode)
                .unwrap()
                .family
        };
        assert_eq!(fam("v_nop_e64"), Family::Vop3, "{}", p.name());
        assert_eq!(fam("v_nop"), Family::Vop1, "{}", p.name());
        assert_eq!(fam("v_readlane_b32_e32 s6, v46, 37"), Family::Vop3);
        assert!(parse_inst(p, "v_readlane_b32_e64 s6, v46, 37").is_err());
        assert!(parse_inst(p, "v_add_u32_e32_e64 v1, v2, v3").is_err());
    }
}

/// GFX11 table-data rules: no `gds` on the LDS lane exchanges, `null`
/// as the counter waits' register.
#[test]
fn gfx11_gds_and_waitcnt_register() {
    let p = Processor::Gfx1100;
    assert!(parse_inst(p, "ds_permute_b32 v1, v2, v3 gds").is_err());
    assert!(parse_inst(p, "ds_add_u32 v2, v3 gds").is_ok());
    let t = "s_waitcnt_vscnt s0, 1";
    assert!(t[rejected_at(p, t)..].starts_with("s0"));
    assert!(parse_inst(p, "s_waitcnt_vscnt null, 1").is_ok());
    // gfx942: an operand-less buffer cache control takes no offset.
    let t = "buffer_inv sc0 offset:16";
    assert!(t[rejected_at(Processor::Gfx942, t)..].starts_with("offset:"));
    assert!(parse_inst(Processor::Gfx942, "buffer_inv sc0 sc1").is_ok());
}

/// An MFMA src2 equals the destination or does not overlap it.
#[test]
fn mfma_src2_overlap() {
    let p = Processor::Gfx942;
    let t = "v_mfma_i32_32x32x16_i8 a[0:15], v[236:237], v[124:125], a[4:19]";
    assert!(t[rejected_at(p, t)..].starts_with("a[4:19]"));
    assert!(parse_inst(p, &t.replace("a[4:19]", "a[0:15]")).is_ok());
    assert!(parse_inst(p, &t.replace("a[4:19]", "a[16:31]")).is_ok());
}
