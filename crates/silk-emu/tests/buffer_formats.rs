//! Typed buffer accesses against the ISA's "Buffer Data" rules (CDNA3 ISA
//! §9.1.4, RDNA3 ISA "Buffer formats"), on every processor: for every
//! format the hardware converts, `tbuffer_load_format_xyzw`, the d16 loads
//! (halves, the lone last half keeping the other), `tbuffer_store_format_*`
//! and its d16 form, each checked against a decoder written here from the
//! format's name (component widths from the most significant bits down,
//! then the numeric format); then the MUBUF `buffer_*_format_*` forms whose
//! format and dst_sel come from the resource, d16_hi, range checking and
//! gfx942's `buffer_load_format_x ... lds`.

#[path = "common/mod.rs"]
mod common;

use silk_amdgpu::isa::buffer_format::GFX11_FORMATS;
use silk_amdgpu::target::Processor;
use silk_emu::exec::{f16_from_f32, f16_to_f32};
use silk_emu::{Arg, Emulator};

/// A lane's 16 input bytes: a, b, b, c as `common::inputs`.
fn lane_bytes(l: usize) -> [u8; 16] {
    let (a, b, c) = common::inputs(l);
    let mut out = [0u8; 16];
    for (i, w) in [a, b, b, c].iter().enumerate() {
        out[4 * i..4 * i + 4].copy_from_slice(&w.to_le_bytes());
    }
    out
}

/// Component widths (X first) and numeric format of a unified format name
/// such as `BUF_FMT_2_10_10_10_SNORM`: the numbers list the widths from
/// the most significant bits down.
fn layout(name: &str) -> (Vec<u32>, &str) {
    let rest = name.strip_prefix("BUF_FMT_").unwrap();
    let (data, num) = rest.rsplit_once('_').unwrap();
    let widths = data.split('_').rev().map(|w| w.parse().unwrap()).collect();
    (widths, num)
}

fn small_float(raw: u32, m: u32) -> f32 {
    let (e, man) = (raw >> m, raw & ((1 << m) - 1));
    if e == 31 {
        return if man == 0 { f32::INFINITY } else { f32::NAN };
    }
    let frac = man as f64 / (1u64 << m) as f64;
    let v = if e == 0 {
        frac * 2f64.powi(-14)
    } else {
        (1.0 + frac) * 2f64.powi(e as i32 - 15)
    };
    v as f32
}

/// The register value of one component.
fn decode(raw: u32, bits: u32, num: &str) -> u32 {
    let max = if bits == 32 {
        u32::MAX
    } else {
        (1 << bits) - 1
    };
    let u = raw & max;
    let s = ((u << (32 - bits)) as i32) >> (32 - bits);
    match num {
        "UINT" => u,
        "SINT" => s as u32,
        "UNORM" => (u as f32 / max as f32).to_bits(),
        "SNORM" => (s as f32 / (max >> 1) as f32).max(-1.0).to_bits(),
        "USCALED" => (u as f32).to_bits(),
        "SSCALED" => (s as f32).to_bits(),
        "FLOAT" => match bits {
            32 => u,
            16 => f16_to_f32(u as u16).to_bits(),
            11 => small_float(u, 6).to_bits(),
            10 => small_float(u, 5).to_bits(),
            _ => unreachable!(),
        },
        _ => unreachable!(),
    }
}

/// The memory field of one component from a register value: normalized
/// values clamp and round to nearest even, scaled ones saturate, integers
/// keep their low bits, NaN gives 0 (a quiet NaN for floats).
fn encode(v: u32, bits: u32, num: &str) -> u32 {
    let max = if bits == 32 {
        u32::MAX
    } else {
        (1 << bits) - 1
    };
    let f = f32::from_bits(v);
    let r = match num {
        "UINT" | "SINT" => v,
        _ if f.is_nan() && num != "FLOAT" => 0,
        "UNORM" => ((f as f64).clamp(0.0, 1.0) * max as f64).round_ties_even() as u32,
        "SNORM" => {
            ((f as f64).clamp(-1.0, 1.0) * (max >> 1) as f64).round_ties_even() as i32 as u32
        }
        "USCALED" => f.clamp(0.0, max as f32) as u32,
        "SSCALED" => f.clamp(-((max >> 1) as f32) - 1.0, (max >> 1) as f32) as i32 as u32,
        "FLOAT" => match bits {
            32 => v,
            16 => f16_from_f32(f) as u32,
            _ => {
                // The nearest code (ties to even) among all finite ones;
                // negatives 0, NaN quiet, past the largest infinity.
                let m = bits - 5;
                if f.is_nan() {
                    31 << m | 1 << (m - 1)
                } else if f <= 0.0 {
                    0
                } else {
                    let top = 31 << m;
                    let largest = small_float(top - 1, m) as f64;
                    let half_ulp = (largest - small_float(top - 2, m) as f64) / 2.0;
                    if f as f64 >= largest + half_ulp {
                        top
                    } else {
                        let (mut lo, mut hi) = (0u32, top - 1);
                        while lo < hi {
                            let mid = (lo + hi).div_ceil(2);
                            if small_float(mid, m) <= f {
                                lo = mid
                            } else {
                                hi = mid - 1
                            }
                        }
                        let (below, above) =
                            (small_float(lo, m) as f64, small_float(lo + 1, m) as f64);
                        let (d0, d1) = (f as f64 - below, above - f as f64);
                        if lo + 1 < top && (d1 < d0 || (d1 == d0 && lo % 2 == 1)) {
                            lo + 1
                        } else {
                            lo
                        }
                    }
                }
            }
        },
        _ => unreachable!(),
    };
    r & max
}

fn float_valued(num: &str) -> bool {
    !matches!(num, "UINT" | "SINT")
}

/// A register value narrowed to a d16 half, and a half widened for a
/// d16 store.
fn narrow(v: u32, num: &str) -> u32 {
    if float_valued(num) {
        f16_from_f32(f32::from_bits(v)) as u32
    } else {
        v & 0xffff
    }
}

fn widen(h: u32, num: &str) -> u32 {
    match num {
        "UINT" => h,
        "SINT" => h as u16 as i16 as i32 as u32,
        _ => f16_to_f32(h as u16).to_bits(),
    }
}

/// The element's components as register values (identity dst_sel: 0 past
/// the format's components).
fn load(bytes: &[u8; 16], widths: &[u32], num: &str) -> [u32; 4] {
    let raw = u128::from_le_bytes(*bytes);
    let mut out = [0u32; 4];
    let mut shift = 0;
    for (c, &w) in widths.iter().enumerate() {
        out[c] = decode((raw >> shift) as u32, w, num);
        shift += w;
    }
    out
}

/// `bytes` with the element's components replaced by `regs`.
fn store(bytes: &[u8; 16], widths: &[u32], num: &str, regs: [u32; 4]) -> [u8; 16] {
    let mut raw = u128::from_le_bytes(*bytes);
    let mut shift = 0;
    for (c, &w) in widths.iter().enumerate() {
        let mask = (if w == 32 { u32::MAX } else { (1 << w) - 1 } as u128) << shift;
        raw = raw & !mask | (encode(regs[c], w, num) as u128) << shift;
        shift += w;
    }
    raw.to_le_bytes()
}

/// `body` with s[4:7] a raw buffer resource over `out` (GFX9 word 3
/// `w3_gfx9`, GFX11 `w3_gfx11`), after the lane's 16 bytes a, b, b, c were
/// written at `out` + 16 l and + 0x400 + 16 l; returns `out`'s 4 KiB.
fn typed_kernel(p: Processor, body: &str, w3_gfx9: u32, w3_gfx11: u32) -> Vec<u8> {
    typed_kernel_lds(p, body, w3_gfx9, w3_gfx11, 0)
}

/// [`typed_kernel`] with `lds` bytes of LDS.
fn typed_kernel_lds(p: Processor, body: &str, w3_gfx9: u32, w3_gfx11: u32, lds: u32) -> Vec<u8> {
    let gfx9 = p == Processor::Gfx942;
    let (st, wait, w3) = if gfx9 {
        ("global_store_dwordx4", "s_waitcnt vmcnt(0)", w3_gfx9)
    } else {
        ("global_store_b128", "s_waitcnt_vscnt null, 0x0", w3_gfx11)
    };
    let text = format!(
        "\ts_mov_b32 s4, {k1:#x}\n\tv_mul_lo_u32 v1, v0, s4\n\ts_mov_b32 s5, {k2:#x}\n\tv_mul_lo_u32 v2, v0, s5\n\
         \tv_xor_b32_e32 v3, v1, v2\n\tv_mov_b32_e32 v8, v1\n\tv_mov_b32_e32 v9, v2\n\tv_mov_b32_e32 v10, v2\n\
         \tv_mov_b32_e32 v11, v3\n\t{st} v0, v[8:11], s[0:1]\n\t{st} v0, v[8:11], s[0:1] offset:1024\n\t{wait}\n\
         \ts_mov_b32 s4, s0\n\ts_and_b32 s5, s1, 0xffff\n\ts_mov_b32 s6, 0x1000\n\ts_mov_b32 s7, {w3:#x}\n{body}\
         \ts_waitcnt vmcnt(0)\n\t{wait}\n",
        k1 = common::K1,
        k2 = common::K2,
    );
    let obj = common::kernel_with_lds(p, &text, lds);
    let mut emu = Emulator::new(p);
    let out = emu.alloc(4096).unwrap();
    let lanes = if gfx9 { 64 } else { 32 };
    emu.launch(&obj, "k", [lanes, 1, 1], [lanes, 1, 1], &[Arg::Buffer(out)])
        .unwrap_or_else(|e| panic!("{p}: {body}: {e}"));
    emu.read(out).unwrap()
}

fn word(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(b[at..at + 4].try_into().unwrap())
}

#[test]
fn tbuffer_every_format_loads_and_stores() {
    for p in Processor::ALL {
        let gfx9 = p == Processor::Gfx942;
        let lanes = if gfx9 { 64 } else { 32 };
        let d16 = if gfx9 { "format_d16" } else { "d16_format" };
        for (code, (name, _, _)) in GFX11_FORMATS.iter().enumerate().skip(1) {
            let (widths, num) = layout(name);
            let fmt = if gfx9 {
                let data = &name["BUF_FMT_".len()..name.len() - num.len() - 1];
                format!("format:[BUF_DATA_FORMAT_{data},BUF_NUM_FORMAT_{num}]")
            } else {
                format!("format:[{name}]")
            };
            // Loads: xyzw into v[12:15]; d16 xyzw into v[16:17]; d16 xyz
            // into v[18:19] (v19's high half stays 0xffff); stored at
            // 0x800 + 32 l. Stores: xyzw of a, b, b, c over the element at
            // 16 l, d16 xyzw of v[8:9]'s halves over the one at 0x400 + 16 l.
            let body = format!(
                "\ttbuffer_load_format_xyzw v[12:15], v0, s[4:7], 0 {fmt} offen\n\
                 \ttbuffer_load_{d16}_xyzw v[16:17], v0, s[4:7], 0 {fmt} offen\n\
                 \tv_mov_b32_e32 v19, -1\n\ttbuffer_load_{d16}_xyz v[18:19], v0, s[4:7], 0 {fmt} offen\n\
                 \ts_waitcnt vmcnt(0)\n\tv_lshlrev_b32_e32 v20, 1, v0\n\
                 \t{st} v20, v[12:15], s[0:1] offset:2048\n\t{st} v20, v[16:19], s[0:1] offset:2064\n\
                 \ttbuffer_store_format_xyzw v[8:11], v0, s[4:7], 0 {fmt} offen\n\
                 \ttbuffer_store_{d16}_xyzw v[8:9], v0, s[4:7], 0 {fmt} offen offset:1024\n",
                st = if gfx9 { "global_store_dwordx4" } else { "global_store_b128" },
            );
            let got = typed_kernel(p, &body, 0x27000, 0x30016fac);
            for l in 0..lanes {
                let mem = lane_bytes(l);
                let (a, b, c) = common::inputs(l);
                let comps = load(&mem, &widths, num);
                let r = 0x800 + 32 * l;
                let got_comps: [u32; 4] = std::array::from_fn(|i| word(&got, r + 4 * i));
                let what = format!("{p} {name} ({code}) lane {l}");
                // NaN components: any NaN (the d16 path may quiet them).
                for (i, (&g, &w)) in got_comps.iter().zip(&comps).enumerate() {
                    if float_valued(num) && f32::from_bits(w).is_nan() {
                        assert!(f32::from_bits(g).is_nan(), "{what} load {i}");
                    } else {
                        assert_eq!(g, w, "{what} load {i}");
                    }
                }
                let h: Vec<u32> = comps.iter().map(|&v| narrow(v, num)).collect();
                assert_eq!(word(&got, r + 16), h[0] | h[1] << 16, "{what} d16 xy");
                assert_eq!(word(&got, r + 20), h[2] | h[3] << 16, "{what} d16 zw");
                assert_eq!(word(&got, r + 24), h[0] | h[1] << 16, "{what} d16_xyz xy");
                assert_eq!(word(&got, r + 28), h[2] | 0xffff_0000, "{what} d16_xyz z");
                let want = store(&mem, &widths, num, [a, b, b, c]);
                assert_eq!(got[16 * l..16 * l + 16], want, "{what} store");
                let halves = [a & 0xffff, a >> 16, b & 0xffff, b >> 16].map(|x| widen(x, num));
                let want = store(&mem, &widths, num, halves);
                assert_eq!(
                    got[0x400 + 16 * l..0x410 + 16 * l],
                    want,
                    "{what} d16 store"
                );
            }
        }
    }
}

/// MUBUF `buffer_*_format_*`: the format and dst_sel come from the
/// resource (dst_sel W, 1, X, 0 here: code 7, 1, 4, 0), d16_hi loads and
/// stores use the high half, and a format access is range-checked all or
/// nothing (0x200 + 6 bytes of records: 2-byte elements at 0x200 and
/// 0x204 are in, 4-byte ones past 0x1fc out, on GFX11's checking).
#[test]
fn mubuf_formats_from_the_resource() {
    // 16_16_16_16 UNORM / 8_8_8_8 SINT: GFX9 dfmt 12 / 10, nfmt 0 / 5;
    // GFX11 51 / 47. dst_sel = 7 | 1 << 3 | 4 << 6.
    let sel = 7 | 1 << 3 | 4 << 6;
    for p in Processor::ALL {
        let gfx9 = p == Processor::Gfx942;
        let lanes = if gfx9 { 64 } else { 32 };
        let (d16, d16_hi) = if gfx9 {
            ("format_d16", "format_d16_hi")
        } else {
            ("d16_format", "d16_hi_format")
        };
        let st = if gfx9 {
            "global_store_dwordx4"
        } else {
            "global_store_b128"
        };
        for (name, w9, w11) in [
            ("BUF_FMT_16_16_16_16_UNORM", 12 << 15, 51 << 12),
            ("BUF_FMT_8_8_8_8_SINT", 10 << 15 | 5 << 12, 47 << 12),
        ] {
            let (widths, num) = layout(name);
            let body = format!(
                "\tbuffer_load_format_xyzw v[12:15], v0, s[4:7], 0 offen\n\
                 \tv_mov_b32_e32 v16, v3\n\tbuffer_load_{d16}_xy v16, v0, s[4:7], 0 offen\n\
                 \tv_mov_b32_e32 v17, v3\n\tbuffer_load_{d16_hi}_x v17, v0, s[4:7], 0 offen\n\
                 \tv_mov_b32_e32 v18, v3\n\tbuffer_load_{d16}_x v18, v0, s[4:7], 0 offen\n\
                 \tv_mov_b32_e32 v19, 0\n\ts_waitcnt vmcnt(0)\n\tv_lshlrev_b32_e32 v20, 1, v0\n\
                 \t{st} v20, v[12:15], s[0:1] offset:2048\n\t{st} v20, v[16:19], s[0:1] offset:2064\n\
                 \tbuffer_store_format_xy v[8:9], v0, s[4:7], 0 offen\n\
                 \tbuffer_store_{d16_hi}_x v11, v0, s[4:7], 0 offen offset:1024\n"
            );
            let got = typed_kernel(p, &body, sel | w9, 0x3000_0000 | sel | w11);
            for l in 0..lanes {
                let mem = lane_bytes(l);
                let (a, b, c) = common::inputs(l);
                let comps = load(&mem, &widths, num);
                let one = if float_valued(num) { 1f32.to_bits() } else { 1 };
                let want = [comps[3], one, comps[0], 0];
                let r = 0x800 + 32 * l;
                let what = format!("{p} {name} lane {l}");
                let g: [u32; 4] = std::array::from_fn(|i| word(&got, r + 4 * i));
                assert_eq!(g, want, "{what} xyzw by dst_sel");
                let h = want.map(|v| narrow(v, num));
                assert_eq!(word(&got, r + 16), h[0] | h[1] << 16, "{what} d16 xy");
                assert_eq!(
                    word(&got, r + 20),
                    c & 0xffff | h[0] << 16,
                    "{what} d16_hi x"
                );
                assert_eq!(word(&got, r + 24), c & 0xffff_0000 | h[0], "{what} d16 x");
                let stored = store(&mem, &widths[..2.min(widths.len())], num, [a, b, 0, 0]);
                assert_eq!(got[16 * l..16 * l + 16], stored, "{what} store xy");
                let stored = store(&mem, &widths[..1], num, [widen(c >> 16, num), 0, 0, 0]);
                assert_eq!(
                    got[0x400 + 16 * l..0x410 + 16 * l],
                    stored,
                    "{what} d16_hi store"
                );
            }
        }
    }
}

/// All-or-nothing range checking of a format load, and gfx942's
/// `buffer_load_format_x ... lds` (X converted, to M0[15:0] + 4 lane).
#[test]
fn format_range_checking_and_lds() {
    for p in Processor::ALL {
        let gfx9 = p == Processor::Gfx942;
        let lanes = if gfx9 { 64 } else { 32 };
        // 16_16_FLOAT (4-byte elements), num_records 0x106: lanes with
        // 16 l < 0x106 are in range on GFX9 (offset < num_records), lanes
        // with 16 l + 4 <= 0x106 on GFX11 (oob_select 3).
        let (w9, w11) = (0xfac | 5 << 15 | 7 << 12, 0x3000_0fac | 29 << 12);
        let lds = if gfx9 {
            "\ts_mov_b32 m0, 0x100\n\tbuffer_load_format_x v0, s[4:7], 0 offen lds\n\ts_waitcnt vmcnt(0)\n\
             \tv_lshrrev_b32_e32 v21, 2, v0\n\tds_read_b32 v14, v21 offset:256\n\ts_waitcnt lgkmcnt(0)\n"
        } else {
            ""
        };
        let st = if gfx9 {
            "global_store_dwordx4"
        } else {
            "global_store_b128"
        };
        let body = format!(
            "\ts_mov_b32 s6, 0x106\n\tbuffer_load_format_xy v[12:13], v0, s[4:7], 0 offen\n\
             \ts_waitcnt vmcnt(0)\n\tv_mov_b32_e32 v14, 0\n{lds}\tv_mov_b32_e32 v15, 0\n\
             \tv_lshlrev_b32_e32 v20, 1, v0\n\t{st} v20, v[12:15], s[0:1] offset:2048\n"
        );
        let obj_lds = if gfx9 { 1024 } else { 0 };
        let got = typed_kernel_lds(p, &body, w9, w11, obj_lds);
        for l in 0..lanes {
            let mem = lane_bytes(l);
            let inside = if gfx9 {
                16 * l < 0x106
            } else {
                16 * l + 4 <= 0x106
            };
            let comps = load(&mem, &[16, 16], "FLOAT");
            let want = if inside { [comps[0], comps[1]] } else { [0, 0] };
            let r = 0x800 + 32 * l;
            assert_eq!([word(&got, r), word(&got, r + 4)], want, "{p} lane {l}");
            if gfx9 {
                assert_eq!(word(&got, r + 8), want[0], "{p} lds lane {l}");
            }
        }
    }
}
