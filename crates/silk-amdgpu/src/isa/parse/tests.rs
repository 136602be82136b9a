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
