//! How `silk asm` reads integer and `lit()` constants in source operands,
//! against the bytes llvm-mc 22 gives for the same lines (recorded here;
//! `asm_syntax` checks the generated corpus against llvm-mc itself).

mod common;

use common::enc;
use silk_amdgpu::target::Processor;

#[test]
fn bit_patterns_of_inline_integers_are_inline() {
    use Processor::*;
    for (p, line, want) in [
        // 32-bit operands: the pattern of -1 / -16 is that constant.
        (
            Gfx1100,
            "v_add_nc_u32_e64 v0, 0xffffffff, v1",
            "000025d5c1020200",
        ),
        (
            Gfx942,
            "v_add_u32_e64 v0, 0xfffffff0, v1",
            "000034d1d0020200",
        ),
        (Gfx942, "v_add_u32_e32 v0, 0xffffffff, v1", "c1020068"),
        (Gfx1100, "s_mov_b32 s0, 0xffffffff", "c10080be"),
        (
            Gfx1100,
            "v_add_f32_e64 v0, 0xffffffff, v1",
            "000003d5c1020200",
        ),
        (
            Gfx1100,
            "v_pk_add_u16 v0, 0xfffffff0, v1",
            "00400accd0020218",
        ),
        (
            Gfx1100,
            "v_pk_add_f16 v0, 0xffffffff, v1",
            "00400fccc1020218",
        ),
        // 16-bit float operands: the 16-bit pattern.
        (Gfx1100, "v_add_f16_e64 v0, 0xfff0, v1", "000032d5d0020200"),
        (Gfx942, "v_add_f16_e64 v0, 0xfff0, v1", "00001fd1d0020200"),
        // A 16-bit integer operand keeps it as a literal.
        (
            Gfx1100,
            "v_add_nc_u16 v0, 0xfff0, v1",
            "000003d7ff020200f0ff0000",
        ),
        // 64-bit integers: zero-extended, a literal.
        (Gfx1100, "s_mov_b64 s[0:1], 0xffffffff", "ff0180beffffffff"),
        (
            Gfx1100,
            "v_lshlrev_b64 v[0:1], 1, 0xffffffff",
            "00003cd781fe0100ffffffff",
        ),
        // 64-bit floats: a 32-bit value is the high half.
        (
            Gfx942,
            "v_add_f64 v[0:1], 0x3fe00000, v[2:3]",
            "000080d2f0040200",
        ),
        (
            Gfx1100,
            "v_add_f64 v[0:1], 0xbff00000, v[2:3]",
            "000027d7f3040200",
        ),
        (
            Gfx1100,
            "v_add_f64 v[0:1], 0x3fe00001, v[2:3]",
            "000027d7ff0402000100e03f",
        ),
    ] {
        assert_eq!(enc(p, line), Ok(want.to_string()), "{p}: {line}");
    }
    for (p, line, col) in [
        // Not a 16-bit value.
        (Gfx1100, "v_add_f16_e64 v0, 0x12345, v1", 19),
        (Gfx1100, "v_add_nc_u16 v0, 0x12345, v1", 18),
        (Gfx942, "v_add_u16_e64 v0, 0xffffffff, v1", 19),
        // gfx942 64-bit integer compares take no high-half float.
        (Gfx942, "v_cmp_le_i64_e64 s[8:9], 0x3fe00000, s[4:5]", 26),
    ] {
        assert_eq!(enc(p, line), Err(col), "{p}: {line}");
    }
}

#[test]
fn float_lit_and_literal_free_operands() {
    use Processor::*;
    for (p, line, want) in [
        (
            Gfx1100,
            "v_add_f32_e64 v0, lit(0.5), v1",
            "000003d5ff0202000000003f",
        ),
        (
            Gfx1100,
            "v_add_f16_e64 v0, lit(0.5), v1",
            "000032d5ff02020000380000",
        ),
        (
            Gfx1100,
            "v_add_f64 v[0:1], lit(0.5), v[2:3]",
            "000027d7ff0402000000e03f",
        ),
        (
            Gfx942,
            "v_add_f32_e32 v0, lit(-0.5), v1",
            "ff020002000000bf",
        ),
        (Gfx1100, "s_mov_b32 s0, lit(0.5)", "ff0080be0000003f"),
    ] {
        assert_eq!(enc(p, line), Ok(want.to_string()), "{p}: {line}");
    }
    for (p, line, col) in [
        (Gfx1100, "s_and_b64 s[54:55], 13, lit(0.5)", 25),
        (Gfx1100, "v_readlane_b32 s0, v1, 100", 24),
        (Gfx1100, "v_readlane_b32 s0, v1, lit(1)", 24),
        (
            Gfx1100,
            "v_wmma_f16_16x16x16_f16 v[2:9], v[148:155], v[236:243], 100",
            57,
        ),
    ] {
        assert_eq!(enc(p, line), Err(col), "{p}: {line}");
    }
}

#[test]
fn f16_negative_literals_and_f64_inverse_two_pi() {
    use Processor::*;
    for (p, line, want) in [
        // -17 on an f16 operand: the 16-bit pattern, zero-extended; a
        // 16-bit integer operand keeps the 32-bit pattern.
        (
            Gfx1100,
            "v_add_f16_e64 v0, -17, v1",
            "000032d5ff020200efff0000",
        ),
        (
            Gfx1100,
            "v_add_nc_u16 v0, -17, v1",
            "000003d7ff020200efffffff",
        ),
        // 1/(2π) to f32 precision is inline on f16/f32 operands, a
        // literal (its f64 high half) on an f64 one.
        (
            Gfx1100,
            "v_add_f16_e64 v0, 0.15915494, v1",
            "000032d5f8020200",
        ),
        (
            Gfx1100,
            "v_cmp_o_f64_e64 s60, 25, 0.15915494",
            "3c0027d499fe0100305fc43f",
        ),
    ] {
        assert_eq!(enc(p, line), Ok(want.to_string()), "{p}: {line}");
    }
}

/// Without a suffix, an operand the short encoding cannot hold (an SGPR
/// in VOP2/VOPC src1, a true16 half above v127) selects the VOP3 form,
/// as llvm-mc does (it was accepted for the short form and then failed
/// to encode).
#[test]
fn short_form_misfits_select_vop3() {
    use Processor::*;
    for (p, line, want) in [
        (Gfx1100, "v_add_f32 v152, v96, s1", "980003d560030000"),
        (Gfx942, "v_add_f32 v152, v96, s1", "980001d160030000"),
        (Gfx1100, "v_ceil_f16 v255.l, 20", "ff00dcd594000000"),
        (Gfx1100, "v_cmpx_class_f16 s56, s35", "7e00fdd438460000"),
    ] {
        assert_eq!(enc(p, line), Ok(want.to_string()), "{p}: {line}");
    }
}

/// `|c|` and `-|c|` on a constant in a short-form float source are
/// applied to the constant's bits (llvm-mc 22 keeps the short form);
/// integer sources reject them; `_e64` keeps the modifier bits.
#[test]
fn sign_modifiers_on_constants_fold_in_short_forms() {
    use Processor::*;
    for (p, line, want) in [
        (Gfx1100, "v_cmp_class_f16 vcc_lo, |6|, v0.l", "8600fa7c"),
        (Gfx1100, "v_add_f32 v1, |-2|, v2", "ff040206feffff7f"),
        (Gfx1100, "v_add_f32 v1, |-0.5|, v2", "f0040206"),
        (Gfx1100, "v_add_f32 v1, -|2|, v2", "ff04020602000080"),
        (Gfx942, "v_cmp_class_f16 vcc, |14|, v50", "8e64287c"),
        (Gfx1100, "v_add_f32_e64 v1, |-0.5|, v2", "010103d5f1040200"),
    ] {
        assert_eq!(enc(p, line), Ok(want.to_string()), "{p}: {line}");
    }
    for (p, line) in [
        (Gfx1100, "v_add_nc_u32 v1, |2|, v2"),
        (Gfx942, "v_and_b32 v1, |-2|, v2"),
    ] {
        assert!(enc(p, line).is_err(), "{p}: {line}");
    }
}
