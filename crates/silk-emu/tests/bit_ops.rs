//! Hand-assembled gfx942 kernels for opcodes no clang corpus kernel emits
//! (SALU bit operations, 16-bit integer VALU, f16 transcendentals),
//! against values computed from the ISA definitions on the CPU.

use silk_amdgpu::target::Processor;
use silk_emu::{Arg, Emulator};

mod common;

/// Run `body`, which leaves four results in v[4:7]; returns them (lane 0,
/// checking every lane agrees).
fn run(body: &str) -> [u32; 4] {
    run_on(Processor::Gfx942, body)
}

fn run_on(p: Processor, body: &str) -> [u32; 4] {
    let store = if p == Processor::Gfx942 {
        "global_store_dwordx4"
    } else {
        "global_store_b128"
    };
    let text = format!("{body}\t{store} v0, v[4:7], s[0:1]\n");
    let obj = common::kernel(p, &text);
    let mut emu = Emulator::new(p);
    let out = emu.alloc(64 * 16).unwrap();
    let n = if p == Processor::Gfx942 { 64 } else { 32 };
    emu.launch(&obj, "k", [n, 1, 1], [n, 1, 1], &[Arg::Buffer(out)])
        .unwrap_or_else(|e| panic!("{body}\n{e}"));
    let w: Vec<u32> = emu
        .read(out)
        .unwrap()
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    let n = if p == Processor::Gfx942 { 64 } else { 32 };
    for l in 1..n {
        assert_eq!(w[4 * l..4 * l + 4], w[..4], "lane {l}");
    }
    [w[0], w[1], w[2], w[3]]
}

/// Whole-quad mode and quad mask of the low 32 bits, from their definition.
fn wqm(x: u32) -> u32 {
    (0..8)
        .filter(|q| x >> (4 * q) & 0xf != 0)
        .map(|q| 0xf << (4 * q))
        .sum()
}
fn quadmask(x: u32) -> u32 {
    (0..8)
        .filter(|q| x >> (4 * q) & 0xf != 0)
        .map(|q| 1 << q)
        .sum()
}
/// Leading bits equal to the sign bit before the first that differs.
fn flbit(x: u32) -> u32 {
    let s = x >> 31;
    (0..32)
        .find(|&i| (x >> (31 - i)) & 1 != s)
        .unwrap_or(u32::MAX)
}

#[test]
fn salu_bit_operations() {
    let x = 0x00f0_0f07u32;
    let got = run(&format!(
        "\ts_mov_b32 s8, {x:#x}\n\ts_bcnt0_i32_b32 s9, s8\n\ts_ff0_i32_b32 s10, s8\n\
         \ts_flbit_i32 s11, s8\n\ts_wqm_b32 s12, s8\n\tv_mov_b32_e32 v4, s9\n\
         \tv_mov_b32_e32 v5, s10\n\tv_mov_b32_e32 v6, s11\n\tv_mov_b32_e32 v7, s12\n"
    ));
    assert_eq!(got, [x.count_zeros(), x.trailing_ones(), flbit(x), wqm(x)]);

    let y = 0xf000_8421u32;
    let rep: u64 = (0..32)
        .filter(|i| y >> i & 1 != 0)
        .map(|i| 3u64 << (2 * i))
        .sum();
    let got = run(&format!(
        "\ts_mov_b32 s8, {y:#x}\n\ts_flbit_i32 s9, s8\n\ts_quadmask_b32 s12, s8\n\
         \ts_bitreplicate_b64_b32 s[10:11], s8\n\tv_mov_b32_e32 v4, s9\n\
         \tv_mov_b32_e32 v5, s12\n\tv_mov_b32_e32 v6, s10\n\tv_mov_b32_e32 v7, s11\n"
    ));
    assert_eq!(got, [flbit(y), quadmask(y), rep as u32, (rep >> 32) as u32]);

    // Set bits 37 and 3, clear 3 again; ff0 of all ones; bcnt0 of zero.
    let got = run(
        "\ts_mov_b64 s[10:11], 0\n\ts_mov_b32 s8, 37\n\ts_mov_b32 s9, 3\n\
         \ts_bitset1_b64 s[10:11], s8\n\ts_bitset1_b64 s[10:11], s9\n\
         \ts_bitset0_b64 s[10:11], s9\n\ts_mov_b32 s12, -1\n\ts_ff0_i32_b32 s12, s12\n\
         \ts_mov_b32 s13, 0\n\ts_bcnt0_i32_b32 s13, s13\n\tv_mov_b32_e32 v4, s10\n\
         \tv_mov_b32_e32 v5, s11\n\tv_mov_b32_e32 v6, s12\n\tv_mov_b32_e32 v7, s13\n",
    );
    let bits = 1u64 << 37;
    assert_eq!(got, [bits as u32, (bits >> 32) as u32, u32::MAX, 32]);
}

#[test]
fn valu_16bit_integer_and_f16_transcendentals() {
    let (a, b, c) = (0x8003_fff0u32, 0x0005_0007u32, 0x0002_0009u32);
    let got = run(&format!(
        "\tv_mov_b32_e32 v1, {a:#x}\n\tv_mov_b32_e32 v2, {b:#x}\n\tv_mov_b32_e32 v3, {c:#x}\n\
         \tv_min_i16_e32 v4, v1, v2\n\tv_max_u16_e32 v5, v1, v2\n\
         \tv_mad_u16 v6, v1, v2, v3\n\tv_mad_i32_i16 v7, v1, v2, v3\n"
    ));
    let (a16, b16, c16) = (a as u16, b as u16, c as u16);
    assert_eq!(got[0] as u16 as i16, (a16 as i16).min(b16 as i16));
    assert_eq!(got[1] as u16, a16.max(b16));
    assert_eq!(got[2] as u16, a16.wrapping_mul(b16).wrapping_add(c16));
    assert_eq!(
        got[3],
        ((a16 as i16 as i32) * (b16 as i16 as i32)).wrapping_add(c as i32) as u32
    );
    // exp2(1) = 2, log2(4) = 2, 1/sqrt(4) = 0.5 are exact in f16.
    let got = run(
        "\tv_mov_b32_e32 v1, 0x3c00\n\tv_mov_b32_e32 v2, 0x4400\n\tv_exp_f16_e32 v4, v1\n\
         \tv_log_f16_e32 v5, v2\n\tv_rsq_f16_e32 v6, v2\n\tv_sub_i32 v7, v1, v2\n",
    );
    assert_eq!(
        [got[0] as u16, got[1] as u16, got[2] as u16],
        [0x4000, 0x4000, 0x3800]
    );
    assert_eq!(got[3], 0x3c00u32.wrapping_sub(0x4400));
}

/// Apply `f` to both 16-bit halves.
fn pk(a: u32, b: u32, f: impl Fn(u16, u16) -> u16) -> u32 {
    f(a as u16, b as u16) as u32 | (f((a >> 16) as u16, (b >> 16) as u16) as u32) << 16
}

#[test]
fn packed_16bit_integer_ops() {
    let (a, b) = (0x8003_fff0u32, 0x0005_7ff7u32);
    let body = |op: &str| {
        format!(
            "\tv_mov_b32_e32 v1, {a:#x}\n\tv_mov_b32_e32 v2, {b:#x}\n\t{op}\n\
             \tv_pk_max_i16 v5, v1, v2\n\tv_pk_min_u16 v6, v1, v2\n\tv_pk_ashrrev_i16 v7, v2, v1\n"
        )
    };
    for p in [Processor::Gfx942, Processor::Gfx1100] {
        let got = run_on(p, &body("v_pk_sub_i16 v4, v1, v2"));
        assert_eq!(got[0], pk(a, b, |x, y| x.wrapping_sub(y)), "{p:?}");
        assert_eq!(
            got[1],
            pk(a, b, |x, y| (x as i16).max(y as i16) as u16),
            "{p:?}"
        );
        assert_eq!(got[2], pk(a, b, |x, y| x.min(y)), "{p:?}");
        assert_eq!(
            got[3],
            pk(b, a, |s, x| ((x as i16) >> (s & 15)) as u16),
            "{p:?}"
        );
    }
}

#[test]
fn gfx11_16bit_and_signed_adds() {
    let (a, b) = (0x8003_fff0u32, 0x7fff_0017u32);
    let got = run_on(
        Processor::Gfx1100,
        &format!(
            "\tv_mov_b32_e32 v1, {a:#x}\n\tv_mov_b32_e32 v2, {b:#x}\n\
             \tv_add_nc_i32 v4, v1, v2\n\tv_sub_nc_i32 v5, v1, v2\n\
             \tv_xor_b16 v6.l, v1.l, v2.l\n\tv_and_b16 v6.h, v1.h, v2.h\n\
             \tv_not_b16 v7.l, v1.l\n\tv_or_b16 v7.h, v1.l, v2.h\n"
        ),
    );
    assert_eq!(got[0], a.wrapping_add(b));
    assert_eq!(got[1], a.wrapping_sub(b));
    assert_eq!(got[2], ((a ^ b) & 0xffff) | ((a & b) & 0xffff_0000));
    assert_eq!(got[3], (!a & 0xffff) | ((a & 0xffff) | (b >> 16)) << 16);
}

#[test]
fn swap_b32_exchanges_registers() {
    for p in [Processor::Gfx942, Processor::Gfx1100] {
        let got = run_on(
            p,
            "\tv_mov_b32_e32 v4, 11\n\tv_mov_b32_e32 v5, 22\n\tv_swap_b32 v4, v5\n\
             \tv_mov_b32_e32 v6, 33\n\tv_swap_b32 v7, v6\n",
        );
        assert_eq!(got, [22, 11, 0, 33], "{p:?}");
    }
}
