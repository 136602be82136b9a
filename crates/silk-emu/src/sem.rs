//! The semantic table: every opcode the emulator executes, keyed by the
//! ISA table's exact mnemonic (without the `_e32`/`_e64` encoding suffix)
//! and built once per processor. An opcode missing here is reported as
//! "unsupported instruction" when a kernel reaches it.
//!
//! Precision: integer ops and IEEE add/sub/mul/fma/div/sqrt are bit-exact
//! (round to nearest even, denormals kept as the descriptors clang emits
//! ask). Transcendentals (`v_exp`, `v_log`, `v_sin`, `v_cos`, `v_rcp`,
//! `v_rsq`) are computed in f64 and rounded once, so they are within the
//! ISA's documented 1 ULP of the exact result but need not match the
//! hardware's bits. `v_div_scale` never scales and `v_div_fixup` returns
//! the correctly rounded quotient (what the full clang division sequence
//! yields on hardware).

use crate::error::{Error, FaultKind, Result};
use crate::exec::{f16_from_f32, f16_to_f32, Exec, Fk, Handler, MaskDst, Src};
use crate::mem::{Atomic, BUF, D16, D16_HI, RTN, SIGN, ST64, WIDE};
use silk_amdgpu::isa::format::Field;
use silk_amdgpu::isa::{table, Family, Flags, Operand};
use silk_amdgpu::target::{Generation, Processor};

/// The per-opcode semantics of one processor.
pub struct SemTable {
    pub entries: Vec<Option<(Handler, u32)>>,
    /// Hazard tags ([`crate::hazard::tags_of`]) and MFMA pass counts (from
    /// the opcode table) per opcode.
    pub hazard_tags: Vec<(u16, u8)>,
}

impl SemTable {
    pub fn new(processor: Processor) -> SemTable {
        let gen = processor.generation();
        let entries = table::table(gen)
            .iter()
            .map(|info| {
                if !info.on(processor) {
                    return None;
                }
                let base = info
                    .name
                    .strip_suffix("_e32")
                    .or_else(|| info.name.strip_suffix("_e64"))
                    .unwrap_or(info.name);
                semantics(base, info.family, gen)
            })
            .collect();
        let hazard_tags = table::table(gen)
            .iter()
            .map(|info| {
                let base = info
                    .name
                    .strip_suffix("_e32")
                    .or_else(|| info.name.strip_suffix("_e64"))
                    .unwrap_or(info.name);
                (
                    crate::hazard::tags_of(base, info.flags),
                    info.mfma_passes().unwrap_or(0),
                )
            })
            .collect();
        SemTable {
            entries,
            hazard_tags,
        }
    }

    /// Mnemonics this processor's table can execute.
    pub fn supported(&self, processor: Processor) -> Vec<&'static str> {
        let t = table::table(processor.generation());
        self.entries
            .iter()
            .enumerate()
            .filter(|(_, e)| e.is_some())
            .map(|(i, _)| t[i].name)
            .collect()
    }
}

#[inline(always)]
fn f(a: u64) -> f32 {
    f32::from_bits(a as u32)
}
#[inline(always)]
fn b(x: f32) -> u64 {
    x.to_bits() as u64
}
#[inline(always)]
fn d(a: u64) -> f64 {
    f64::from_bits(a)
}
#[inline(always)]
fn bd(x: f64) -> u64 {
    x.to_bits()
}
fn h(a: u64) -> f32 {
    f16_to_f32(a as u16)
}
fn bh(x: f32) -> u64 {
    f16_from_f32(x) as u64
}
/// f16 result of an f32-exact computation done in f64 (single rounding).
fn bh64(x: f64) -> u64 {
    // Rounding f64 -> f32 -> f16 can double-round; f16 ops on f16 inputs
    // (add/mul/fma) are exact in f64, and the f32 step only rounds when the
    // f64 value has more than 24 significant bits, which cannot change the
    // f16 result except at exact ties, handled here by sticky correction.
    let y = x as f32;
    let back = y as f64;
    if back != x {
        // Nudge toward the true value so a tie in f16 rounds correctly.
        let bits = y.to_bits();
        let adj = if (back < x) == (y >= 0.0) {
            bits + 1
        } else {
            bits - 1
        };
        if f32::from_bits(bits).to_bits() & 0x1fff == 0x1000 {
            return f16_from_f32(f32::from_bits(adj)) as u64;
        }
    }
    f16_from_f32(y) as u64
}

/// Fused multiply-add of f32, correctly rounded, without an FMA unit:
/// `a * b` is exact in f64; the f64 sum `s` and its exact error `e`
/// (TwoSum) decide the one case where rounding `s` to f32 could round
/// twice: `s` exactly halfway between two f32 values with `e` != 0, where
/// `s` is nudged toward the true sum first. Results in the f32 subnormal
/// range take the exact slow path. Inlines into the lane loops, unlike
/// a call to an FMA-enabled function.
#[inline(always)]
pub fn fma32(a: f32, b: f32, c: f32) -> f32 {
    let p = a as f64 * b as f64;
    let cc = c as f64;
    let s = p + cc;
    if !s.is_finite() || s.abs() < f32::MIN_POSITIVE as f64 {
        return fma32_exact(a, b, c);
    }
    let bits = s.to_bits();
    if bits & 0x1fff_ffff == 0x1000_0000 {
        // TwoSum: the exact error of the f64 addition.
        let bb = s - p;
        let e = (p - (s - bb)) + (cc - bb);
        if e != 0.0 {
            let toward = if (e > 0.0) == (s > 0.0) {
                bits + 1
            } else {
                bits - 1
            };
            return f64::from_bits(toward) as f32;
        }
    }
    s as f32
}

/// Fused multiply-add through the CPU's FMA unit when it has one (the
/// software `fmaf` fallback gives the same bits, slower).
#[inline(never)]
fn fma32_exact(a: f32, b: f32, c: f32) -> f32 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("fma") {
            // SAFETY: the CPU supports FMA, checked just above.
            return unsafe { fma32_x86(a, b, c) };
        }
    }
    a.mul_add(b, c)
}

#[inline(always)]
pub fn fma64(a: f64, b: f64, c: f64) -> f64 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("fma") {
            // SAFETY: the CPU supports FMA, checked just above.
            return unsafe { fma64_x86(a, b, c) };
        }
    }
    a.mul_add(b, c)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "fma")]
unsafe fn fma32_x86(a: f32, b: f32, c: f32) -> f32 {
    use std::arch::x86_64::{_mm_cvtss_f32, _mm_fmadd_ss, _mm_set_ss};
    _mm_cvtss_f32(_mm_fmadd_ss(_mm_set_ss(a), _mm_set_ss(b), _mm_set_ss(c)))
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "fma")]
unsafe fn fma64_x86(a: f64, b: f64, c: f64) -> f64 {
    use std::arch::x86_64::{_mm_cvtsd_f64, _mm_fmadd_sd, _mm_set_sd};
    _mm_cvtsd_f64(_mm_fmadd_sd(_mm_set_sd(a), _mm_set_sd(b), _mm_set_sd(c)))
}

pub fn fmin32(a: f32, b: f32) -> f32 {
    if a.is_nan() {
        return if b.is_nan() { f32::NAN } else { b };
    }
    if b.is_nan() {
        return a;
    }
    if a < b || (a == b && a.is_sign_negative()) {
        a
    } else {
        b
    }
}
pub fn fmax32(a: f32, b: f32) -> f32 {
    if a.is_nan() {
        return if b.is_nan() { f32::NAN } else { b };
    }
    if b.is_nan() {
        return a;
    }
    if a > b || (a == b && a.is_sign_positive()) {
        a
    } else {
        b
    }
}
pub fn fmin64(a: f64, b: f64) -> f64 {
    if a.is_nan() {
        return if b.is_nan() { f64::NAN } else { b };
    }
    if b.is_nan() {
        return a;
    }
    if a < b || (a == b && a.is_sign_negative()) {
        a
    } else {
        b
    }
}
pub fn fmax64(a: f64, b: f64) -> f64 {
    if a.is_nan() {
        return if b.is_nan() { f64::NAN } else { b };
    }
    if b.is_nan() {
        return a;
    }
    if a > b || (a == b && a.is_sign_positive()) {
        a
    } else {
        b
    }
}
fn med3_f32(a: f32, b: f32, c: f32) -> f32 {
    if a.is_nan() || b.is_nan() || c.is_nan() {
        return fmin32(fmin32(a, b), c);
    }
    fmax32(fmin32(a, b), fmin32(fmax32(a, b), c))
}

fn bfe(v: u64, off: u64, w: u64, bits: u32, signed: bool) -> u64 {
    let off = off & (bits as u64 - 1);
    let w = w & (bits as u64 - 1);
    if w == 0 {
        return 0;
    }
    let x = v >> off;
    if signed {
        let sh = 64 - w;
        let r = ((x << sh) as i64 >> sh) as u64;
        if bits == 32 {
            r & 0xffff_ffff
        } else {
            r
        }
    } else {
        x & ((1u64 << w) - 1)
    }
}

fn ldexp32(x: f32, e: i32) -> f32 {
    let e = e.clamp(-400, 400);
    // Two steps keep intermediate powers representable; the final multiply
    // rounds once (ldexp is exact unless the result is denormal).
    let r = x as f64 * 2f64.powi(e);
    r as f32
}
fn ldexp64(x: f64, e: i32) -> f64 {
    let e = e.clamp(-2200, 2200);
    let mut r = x;
    let mut e = e;
    while e > 1000 {
        r *= 2f64.powi(1000);
        e -= 1000;
    }
    while e < -1000 {
        r *= 2f64.powi(-1000);
        e += 1000;
    }
    // Denormal results round once here.
    r * 2f64.powi(e)
}
fn frexp_exp32(x: f32) -> i32 {
    if x == 0.0 || !x.is_finite() {
        return 0;
    }
    let bits = x.to_bits();
    let e = (bits >> 23 & 0xff) as i32;
    if e == 0 {
        let m = bits & 0x7f_ffff;
        -126 - (m.leading_zeros() as i32 - 9)
    } else {
        e - 126
    }
}
fn frexp_mant32(x: f32) -> f32 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    ldexp32(x, -frexp_exp32(x))
}
fn frexp_exp64(x: f64) -> i32 {
    if x == 0.0 || !x.is_finite() {
        return 0;
    }
    let bits = x.to_bits();
    let e = (bits >> 52 & 0x7ff) as i32;
    if e == 0 {
        let m = bits & 0xf_ffff_ffff_ffff;
        -1022 - (m.leading_zeros() as i32 - 12)
    } else {
        e - 1022
    }
}
fn frexp_mant64(x: f64) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    ldexp64(x, -frexp_exp64(x))
}

/// f32 -> i32 with the hardware's saturation (NaN -> 0).
fn cvt_i32(x: f64) -> u64 {
    if x.is_nan() {
        0
    } else {
        (x.trunc().clamp(i32::MIN as f64, i32::MAX as f64) as i32) as u32 as u64
    }
}
fn cvt_u32(x: f64) -> u64 {
    if x.is_nan() {
        0
    } else {
        x.trunc().clamp(0.0, u32::MAX as f64) as u32 as u64
    }
}

fn fract32(x: f32) -> f32 {
    if x.is_infinite() {
        return f32::NAN;
    }
    (x - x.floor()).min(f32::from_bits(0x3f7f_ffff))
}
fn fract64(x: f64) -> f64 {
    if x.is_infinite() {
        return f64::NAN;
    }
    (x - x.floor()).min(f64::from_bits(0x3fef_ffff_ffff_ffff))
}

/// `v_cmp_class`: bit per class of the value.
fn class_bits(neg: bool, kind: u8) -> u32 {
    // kind: 0 snan, 1 qnan, 2 inf, 3 normal, 4 denorm, 5 zero
    match (kind, neg) {
        (0, _) => 1 << 0,
        (1, _) => 1 << 1,
        (2, true) => 1 << 2,
        (3, true) => 1 << 3,
        (4, true) => 1 << 4,
        (5, true) => 1 << 5,
        (5, false) => 1 << 6,
        (4, false) => 1 << 7,
        (3, false) => 1 << 8,
        _ => 1 << 9,
    }
}
fn class32(x: u32) -> u32 {
    let neg = x >> 31 != 0;
    let e = x >> 23 & 0xff;
    let m = x & 0x7f_ffff;
    let k = match (e, m) {
        (0xff, 0) => 2,
        (0xff, m) => {
            if m & 0x40_0000 != 0 {
                1
            } else {
                0
            }
        }
        (0, 0) => 5,
        (0, _) => 4,
        _ => 3,
    };
    class_bits(neg, k)
}
fn class64(x: u64) -> u32 {
    let neg = x >> 63 != 0;
    let e = x >> 52 & 0x7ff;
    let m = x & 0xf_ffff_ffff_ffff;
    let k = match (e, m) {
        (0x7ff, 0) => 2,
        (0x7ff, m) => {
            if m & 0x8_0000_0000_0000 != 0 {
                1
            } else {
                0
            }
        }
        (0, 0) => 5,
        (0, _) => 4,
        _ => 3,
    };
    class_bits(neg, k)
}
fn class16(x: u16) -> u32 {
    let neg = x >> 15 != 0;
    let e = x >> 10 & 0x1f;
    let m = x & 0x3ff;
    let k = match (e, m) {
        (0x1f, 0) => 2,
        (0x1f, m) => {
            if m & 0x200 != 0 {
                1
            } else {
                0
            }
        }
        (0, 0) => 5,
        (0, _) => 4,
        _ => 3,
    };
    class_bits(neg, k)
}

// ---- compares ----------------------------------------------------------

const CMP_OPS: [&str; 16] = [
    "f", "lt", "eq", "le", "gt", "lg", "ge", "o", "u", "nge", "nlg", "ngt", "nle", "neq", "nlt",
    "tru",
];
const CMP_TYS: [&str; 10] = [
    "i16", "u16", "i32", "u32", "i64", "u64", "f16", "f32", "f64", "class",
];

fn cmp_aux(name: &str) -> Option<u32> {
    let (x, rest) = if let Some(r) = name.strip_prefix("v_cmpx_") {
        (1u32, r)
    } else {
        (0, name.strip_prefix("v_cmp_")?)
    };
    let (op, ty) = rest.split_once('_')?;
    let op = match op {
        "ne" => "lg",
        "t" => "tru",
        o => o,
    };
    let ty = if op == "class" { "class" } else { ty };
    let cty = if op == "class" {
        match ty {
            "class" => match rest {
                "class_f16" => 6,
                "class_f32" => 7,
                "class_f64" => 8,
                _ => return None,
            },
            _ => return None,
        }
    } else {
        CMP_TYS.iter().position(|t| *t == ty)? as u32
    };
    let opi = if op == "class" {
        16
    } else {
        CMP_OPS.iter().position(|o| *o == op)? as u32
    };
    Some(opi | cty << 8 | x << 16)
}

// The negated comparisons are the unordered predicates (true on NaN).
#[allow(
    clippy::neg_cmp_op_on_partial_ord,
    clippy::nonminimal_bool,
    clippy::double_comparisons
)]
fn compare(aux: u32, a: u64, bv: u64) -> bool {
    let op = aux & 0xff;
    let ty = aux >> 8 & 0xff;
    if op == 16 {
        let c = match ty {
            6 => class16(a as u16),
            7 => class32(a as u32),
            _ => class64(a),
        };
        return c & bv as u32 != 0;
    }
    let fl = |x: f64, y: f64| -> bool {
        let un = x.is_nan() || y.is_nan();
        match op {
            0 => false,
            1 => x < y,
            2 => x == y,
            3 => x <= y,
            4 => x > y,
            5 => x < y || x > y,
            6 => x >= y,
            7 => !un,
            8 => un,
            9 => !(x >= y),
            10 => !(x < y || x > y),
            11 => !(x > y),
            12 => !(x <= y),
            13 => x != y,
            14 => !(x < y),
            _ => true,
        }
    };
    let int = |o: std::cmp::Ordering| -> bool {
        use std::cmp::Ordering::*;
        match op {
            0 => false,
            1 => o == Less,
            2 => o == Equal,
            3 => o != Greater,
            4 => o == Greater,
            5 => o != Equal,
            6 => o != Less,
            _ => true,
        }
    };
    match ty {
        0 => int((a as i16).cmp(&(bv as i16))),
        1 => int((a as u16).cmp(&(bv as u16))),
        2 => int((a as i32).cmp(&(bv as i32))),
        3 => int((a as u32).cmp(&(bv as u32))),
        4 => int((a as i64).cmp(&(bv as i64))),
        5 => int(a.cmp(&bv)),
        6 => fl(h(a) as f64, h(bv) as f64),
        7 => fl(f(a) as f64, f(bv) as f64),
        _ => fl(d(a), d(bv)),
    }
}

fn vcmp(e: &mut Exec) -> Result<()> {
    let aux = e.aux;
    let fk = match aux >> 8 & 0xff {
        6 => Fk::F16,
        7 => Fk::F32,
        8 => Fk::F64,
        _ => Fk::Int,
    };
    let cmpx = aux >> 16 & 1 != 0;
    let first_is_src = e
        .info
        .operands
        .first()
        .is_some_and(|o| o.field == Field::Src0);
    let (srcs, mdst) = if first_is_src {
        ([0, 1], MaskDst::Exec)
    } else if cmpx {
        ([1, 2], MaskDst::ExecAnd(0))
    } else {
        ([1, 2], MaskDst::Op(0))
    };
    e.valu_mask(None, mdst, srcs, None, fk, move |[a, b], _| {
        (0, compare(aux, a, b))
    })
}

// ---- control and special SALU ---------------------------------------------

fn waitcnt(e: &mut Exec) -> Result<()> {
    let Operand::Imm(v) = e.op(0)? else {
        return Err(e.unsupported());
    };
    e.w.wait_for(silk_amdgpu::waitcnt::WaitCounts::decode(e.k.gen, v as u16));
    Ok(())
}

fn waitcnt_k(e: &mut Exec) -> Result<()> {
    let Operand::Imm(v) = e.op(1)? else {
        return Err(e.unsupported());
    };
    let s = e.sval(0)? as u32;
    let n = if matches!(e.op(0)?, Operand::Reg { code, .. } if code == e.k.null) {
        v as u32
    } else {
        (v as u32).min(s)
    };
    let mut lim = [u32::MAX; 3];
    lim[e.aux as usize] = n;
    e.w.wait(lim);
    Ok(())
}

fn getreg(e: &mut Exec) -> Result<()> {
    let Operand::Imm(v) = e.op(1)? else {
        return Err(e.unsupported());
    };
    let id = v & 0x3f;
    let off = (v >> 6) & 0x1f;
    let size = ((v >> 11) & 0x1f) + 1;
    let val: u32 = match (e.k.gen, id) {
        // HW_REG_MODE: round-nearest, denormals kept, dx10 clamp, IEEE.
        (_, 1) => 0xf0 | 1 << 8 | 1 << 9,
        // HW_REG_HW_ID / HW_ID1: wave id in the low bits.
        (Generation::Gfx9, 4) | (Generation::Gfx11, 23) => e.w.id,
        // HW_REG_SH_MEM_BASES (GFX9): private base hi [15:0], shared [31:16].
        (Generation::Gfx9, 15) => {
            ((crate::memory::SHARED_APERTURE >> 48) as u32) << 16
                | (crate::memory::PRIVATE_APERTURE >> 48) as u32
        }
        _ => 0,
    };
    let mask = if size >= 32 {
        u32::MAX
    } else {
        (1 << size) - 1
    };
    e.swrite(0, ((val >> off) & mask) as u64)
}

fn endpgm(e: &mut Exec) -> Result<()> {
    e.w.ended = true;
    Ok(())
}

fn nop(_: &mut Exec) -> Result<()> {
    Ok(())
}

/// The no-op semantic function (cache maintenance, hints).
pub fn nop_handler(e: &mut Exec) -> Result<()> {
    nop(e)
}

fn trap(e: &mut Exec) -> Result<()> {
    Err(e.fault(
        FaultKind::Illegal,
        format!("`{}` trapped at pc {:#x}", e.info.name, e.pc_off()),
        None,
    ))
}

pub fn readlane(e: &mut Exec) -> Result<()> {
    let ws = e.w.wave_size;
    let lane = (e.sval(2)? as usize) % ws;
    e.lenient = true;
    let s = e.vsrc(1, 1u64 << lane)?;
    let v = e.lane(s, lane);
    e.swrite(0, v & 0xffff_ffff)
}

fn readfirstlane(e: &mut Exec) -> Result<()> {
    let exec = e.w.exec();
    let lane = if exec == 0 {
        0
    } else {
        exec.trailing_zeros() as usize
    };
    e.lenient = true;
    let s = e.vsrc(1, 1u64 << lane)?;
    let v = e.lane(s, lane);
    e.swrite(0, v & 0xffff_ffff)
}

fn writelane(e: &mut Exec) -> Result<()> {
    let ws = e.w.wave_size;
    e.lenient = true;
    let v = e.sval(1)?;
    let lane = (e.sval(2)? as usize) % ws;
    let dst = e.vdst(0)?;
    e.vwrite(dst, lane, v);
    e.mark_written(dst, 1u64 << lane);
    Ok(())
}

fn mbcnt(e: &mut Exec) -> Result<()> {
    let hi = e.aux != 0;
    e.valu_lane(move |[m, acc], l| {
        let mask = if hi {
            if l <= 32 {
                (m & ((1u64 << l.saturating_sub(32)) - 1)) as u32
            } else {
                (m & ((1u64 << (l - 32)) - 1)) as u32
            }
        } else if l >= 32 {
            m as u32
        } else {
            (m & ((1u64 << l) - 1)) as u32
        };
        (acc as u32).wrapping_add(mask.count_ones()) as u64
    })
}

impl Exec<'_> {
    /// Like [`Exec::valu`] with two sources and the lane index.
    fn valu_lane(&mut self, f: impl Fn([u64; 2], usize) -> u64) -> Result<()> {
        let exec = self.w.exec();
        let s0 = self.vsrc(1, exec)?;
        let s1 = self.vsrc(2, exec)?;
        let dst = self.vdst(0)?;
        let mut m = exec;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            let r = f([self.lane(s0, l), self.lane(s1, l)], l);
            self.vwrite(dst, l, r);
        }
        self.mark_written(dst, exec);
        self.stats.lane_ops += exec.count_ones() as u64;
        Ok(())
    }
}

fn saveexec(e: &mut Exec) -> Result<()> {
    let s = e.sval(1)?;
    let exec = e.w.exec();
    let n = match e.aux {
        0 => s & exec,
        1 => s | exec,
        2 => s ^ exec,
        3 => s & !exec,
        4 => !s & exec,
        5 => s | !exec,
        6 => !(s & exec),
        7 => !(s | exec),
        _ => !(s ^ exec),
    } & e.w.lane_mask();
    e.swrite(0, exec)?;
    e.w.set_exec(n);
    e.w.scc = n != 0;
    Ok(())
}

fn getpc(e: &mut Exec) -> Result<()> {
    let next = e.pc + 4;
    e.swrite(0, next)
}
fn setpc(e: &mut Exec) -> Result<()> {
    let t = e.sval(0)?;
    e.w.pc = t;
    Ok(())
}
fn swappc(e: &mut Exec) -> Result<()> {
    let t = e.sval(1)?;
    let next = e.pc + 4;
    e.swrite(0, next)?;
    e.w.pc = t;
    Ok(())
}

fn barrier(e: &mut Exec) -> Result<()> {
    e.w.at_barrier = true;
    Ok(())
}

fn unsupported_form(e: &mut Exec) -> Result<()> {
    Err(e.unsupported())
}

type Sem = Option<(Handler, u32)>;

macro_rules! hx {
    ($aux:expr, $f:expr) => {
        Some(($f as Handler, $aux))
    };
    ($f:expr) => {
        Some(($f as Handler, 0))
    };
}

fn shift32(x: u64) -> u32 {
    (x & 31) as u32
}
fn shift64(x: u64) -> u32 {
    (x & 63) as u32
}

/// The semantics of one mnemonic.
fn semantics(name: &str, family: Family, gen: Generation) -> Sem {
    if name.starts_with("v_cmp_") || name.starts_with("v_cmpx_") {
        let aux = cmp_aux(name)?;
        return hx!(aux, vcmp);
    }
    if let Some(rest) = name.strip_prefix("v_mfma_") {
        let aux = crate::matrix::mfma_aux_of(rest)?;
        return hx!(aux, |e: &mut Exec| e.mfma());
    }
    match name {
        "v_wmma_f32_16x16x16_f16" => return hx!(crate::matrix::F16, |e: &mut Exec| e.wmma()),
        "v_wmma_f32_16x16x16_bf16" => return hx!(crate::matrix::BF16, |e: &mut Exec| e.wmma()),
        "v_wmma_i32_16x16x16_iu8" => return hx!(crate::matrix::I8, |e: &mut Exec| e.wmma()),
        "v_wmma_f16_16x16x16_f16" => {
            return hx!(
                crate::matrix::F16 | crate::matrix::HALF_OUT,
                |e: &mut Exec| e.wmma()
            )
        }
        _ => {}
    }
    if let Some(s) = memory_semantics(name, family) {
        return Some(s);
    }
    let gfx9 = gen == Generation::Gfx9;
    Some(match name {
        // ---- program control ----
        "s_nop"
        | "v_nop"
        | "s_waitcnt_depctr"
        | "s_delay_alu"
        | "s_clause"
        | "s_sleep"
        | "s_setprio"
        | "s_code_end"
        | "s_icache_inv"
        | "s_dcache_inv"
        | "s_dcache_wb"
        | "s_gl1_inv"
        | "s_sendmsg"
        | "s_set_inst_prefetch_distance"
        | "s_inst_prefetch"
        | "s_ttracedata"
        | "s_setkill"
        | "s_denorm_mode"
        | "s_round_mode"
        | "s_dcache_inv_vol"
        | "s_wakeup"
        | "s_version"
        | "s_dcache_wb_vol"
        | "s_buffer_gl0_inv"
        | "s_buffer_gl1_inv"
        | "s_nop_nop"
        | "buffer_gl0_inv"
        | "buffer_gl1_inv"
        | "buffer_wbinvl1"
        | "buffer_wbinvl1_vol"
        | "buffer_inv"
        | "buffer_wbl2" => (nop as Handler, 0),
        "s_endpgm" => (endpgm, 0),
        "s_trap" => (trap, 0),
        "s_barrier" => (barrier, 0),
        "s_waitcnt" => (waitcnt, 0),
        "s_waitcnt_vmcnt" => (waitcnt_k, 0),
        "s_waitcnt_lgkmcnt" => (waitcnt_k, 1),
        "s_waitcnt_vscnt" => (waitcnt_k, 2),
        "s_waitcnt_expcnt" => (nop, 0),
        "s_branch" => (|e| e.branch_if(true), 0),
        "s_cbranch_scc0" => (|e| e.branch_if(!e.w.scc), 0),
        "s_cbranch_scc1" => (|e| e.branch_if(e.w.scc), 0),
        "s_cbranch_execz" => (|e| e.branch_if(e.w.exec() == 0), 0),
        "s_cbranch_execnz" => (|e| e.branch_if(e.w.exec() != 0), 0),
        "s_cbranch_vccz" => (
            |e| {
                let v = e.mask_of_vcc()?;
                e.branch_if(v == 0)
            },
            0,
        ),
        "s_cbranch_vccnz" => (
            |e| {
                let v = e.mask_of_vcc()?;
                e.branch_if(v != 0)
            },
            0,
        ),
        "s_getpc_b64" => (getpc, 0),
        "s_setpc_b64" => (setpc, 0),
        "s_swappc_b64" => (swappc, 0),
        "s_getreg_b32" => (getreg, 0),
        "s_setreg_b32" | "s_setreg_imm32_b32" => (nop, 0),
        "s_memtime" | "s_memrealtime" | "s_sendmsg_rtn_b64" => (
            |e| {
                let t = e.stats.instructions;
                e.swrite(0, t)
            },
            0,
        ),

        // ---- SOP1 ----
        "s_mov_b32" | "s_mov_b64" => (
            |e| {
                e.lenient = true;
                e.salu(|[a], _| (a, None))
            },
            0,
        ),
        "s_cmov_b32" | "s_cmov_b64" => (
            |e| {
                if e.w.scc {
                    e.lenient = true;
                    e.salu(|[a], _| (a, None))
                } else {
                    Ok(())
                }
            },
            0,
        ),
        "s_movk_i32" => (
            |e| e.salu(|[a], _| (a as u16 as i16 as i32 as u32 as u64, None)),
            0,
        ),
        "s_cmovk_i32" => (
            |e| {
                if e.w.scc {
                    e.salu(|[a], _| (a as u16 as i16 as i32 as u32 as u64, None))
                } else {
                    Ok(())
                }
            },
            0,
        ),
        "s_not_b32" => (
            |e| {
                e.salu(|[a], _| {
                    let r = !a as u32;
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        "s_not_b64" => (|e| e.salu(|[a], _| (!a, Some(a != u64::MAX))), 0),
        "s_brev_b32" => (
            |e| e.salu(|[a], _| ((a as u32).reverse_bits() as u64, None)),
            0,
        ),
        "s_brev_b64" => (|e| e.salu(|[a], _| (a.reverse_bits(), None)), 0),
        "s_bcnt1_i32_b32" => (
            |e| {
                e.salu(|[a], _| {
                    let r = (a as u32).count_ones();
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        "s_bcnt1_i32_b64" => (
            |e| {
                e.salu(|[a], _| {
                    let r = a.count_ones();
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        "s_ff1_i32_b32" | "s_ctz_i32_b32" => (
            |e| {
                e.salu(|[a], _| {
                    (
                        if a as u32 == 0 {
                            u32::MAX
                        } else {
                            (a as u32).trailing_zeros()
                        } as u64,
                        None,
                    )
                })
            },
            0,
        ),
        "s_ff1_i32_b64" | "s_ctz_i32_b64" => (
            |e| {
                e.salu(|[a], _| {
                    (
                        if a == 0 { u32::MAX } else { a.trailing_zeros() } as u64,
                        None,
                    )
                })
            },
            0,
        ),
        "s_flbit_i32_b32" | "s_clz_i32_u32" => (
            |e| {
                e.salu(|[a], _| {
                    (
                        if a as u32 == 0 {
                            u32::MAX
                        } else {
                            (a as u32).leading_zeros()
                        } as u64,
                        None,
                    )
                })
            },
            0,
        ),
        "s_flbit_i32_b64" | "s_clz_i32_u64" => (
            |e| {
                e.salu(|[a], _| {
                    (
                        if a == 0 { u32::MAX } else { a.leading_zeros() } as u64,
                        None,
                    )
                })
            },
            0,
        ),
        "s_sext_i32_i8" => (|e| e.salu(|[a], _| (a as i8 as i32 as u32 as u64, None)), 0),
        "s_sext_i32_i16" => (
            |e| e.salu(|[a], _| (a as i16 as i32 as u32 as u64, None)),
            0,
        ),
        "s_abs_i32" => (
            |e| {
                e.salu(|[a], _| {
                    let r = (a as i32).wrapping_abs() as u32;
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        "s_and_saveexec_b32" | "s_and_saveexec_b64" => (saveexec, 0),
        "s_or_saveexec_b32" | "s_or_saveexec_b64" => (saveexec, 1),
        "s_xor_saveexec_b32" | "s_xor_saveexec_b64" => (saveexec, 2),
        "s_andn2_saveexec_b32"
        | "s_andn2_saveexec_b64"
        | "s_and_not1_saveexec_b32"
        | "s_and_not1_saveexec_b64" => (saveexec, 3),
        "s_andn1_saveexec_b64"
        | "s_andn1_saveexec_b32"
        | "s_and_not0_saveexec_b32"
        | "s_and_not0_saveexec_b64" => (saveexec, 4),
        "s_orn2_saveexec_b64"
        | "s_orn2_saveexec_b32"
        | "s_or_not1_saveexec_b32"
        | "s_or_not1_saveexec_b64" => (saveexec, 5),
        "s_nand_saveexec_b64" | "s_nand_saveexec_b32" => (saveexec, 6),
        "s_nor_saveexec_b64" | "s_nor_saveexec_b32" => (saveexec, 7),
        "s_xnor_saveexec_b64" | "s_xnor_saveexec_b32" => (saveexec, 8),
        "s_bitset0_b32" => (
            |e| {
                let d = e.sval_dst32()?;
                e.salu(move |[a], _| ((d & !(1 << (a & 31))) as u64, None))
            },
            0,
        ),
        "s_bitset1_b32" => (
            |e| {
                let d = e.sval_dst32()?;
                e.salu(move |[a], _| ((d | 1 << (a & 31)) as u64, None))
            },
            0,
        ),

        // ---- SOP2 ----
        "s_add_u32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = a + b;
                    (r & 0xffff_ffff, Some(r >> 32 != 0))
                })
            },
            0,
        ),
        "s_sub_u32" => (
            |e| {
                e.salu(|[a, b], _| {
                    (
                        (a as u32).wrapping_sub(b as u32) as u64,
                        Some(b as u32 > a as u32),
                    )
                })
            },
            0,
        ),
        "s_addc_u32" => (
            |e| {
                e.salu(|[a, b], c| {
                    let r = a + b + c as u64;
                    (r & 0xffff_ffff, Some(r >> 32 != 0))
                })
            },
            0,
        ),
        "s_subb_u32" => (
            |e| {
                e.salu(|[a, b], c| {
                    let r = (a as u32 as u64).wrapping_sub(b as u32 as u64 + c as u64);
                    (r & 0xffff_ffff, Some(r >> 32 != 0))
                })
            },
            0,
        ),
        "s_add_i32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let (r, o) = (a as i32).overflowing_add(b as i32);
                    (r as u32 as u64, Some(o))
                })
            },
            0,
        ),
        "s_sub_i32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let (r, o) = (a as i32).overflowing_sub(b as i32);
                    (r as u32 as u64, Some(o))
                })
            },
            0,
        ),
        "s_addk_i32" => (
            |e| {
                let d = e.sval_dst32()?;
                e.salu(move |[k], _| {
                    let (r, o) = (d as i32).overflowing_add(k as u16 as i16 as i32);
                    (r as u32 as u64, Some(o))
                })
            },
            0,
        ),
        "s_mulk_i32" => (
            |e| {
                let d = e.sval_dst32()?;
                e.salu(move |[k], _| {
                    (
                        (d as i32).wrapping_mul(k as u16 as i16 as i32) as u32 as u64,
                        None,
                    )
                })
            },
            0,
        ),
        "s_mul_i32" => (
            |e| e.salu(|[a, b], _| ((a as u32).wrapping_mul(b as u32) as u64, None)),
            0,
        ),
        "s_mul_hi_u32" => (
            |e| e.salu(|[a, b], _| ((a as u32 as u64 * b as u32 as u64) >> 32, None)),
            0,
        ),
        "s_mul_hi_i32" => (
            |e| {
                e.salu(|[a, b], _| {
                    (
                        ((a as i32 as i64 * b as i32 as i64) >> 32) as u32 as u64,
                        None,
                    )
                })
            },
            0,
        ),
        "s_and_b32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = (a & b) as u32;
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        "s_or_b32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = (a | b) as u32;
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        "s_xor_b32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = (a ^ b) as u32;
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        "s_andn2_b32" | "s_and_not1_b32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = (a & !b) as u32;
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        "s_orn2_b32" | "s_or_not1_b32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = (a | !b) as u32;
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        "s_nand_b32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = !(a & b) as u32;
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        "s_nor_b32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = !(a | b) as u32;
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        "s_xnor_b32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = !(a ^ b) as u32;
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        "s_and_b64" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = a & b;
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        "s_or_b64" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = a | b;
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        "s_xor_b64" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = a ^ b;
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        "s_andn2_b64" | "s_and_not1_b64" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = a & !b;
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        "s_orn2_b64" | "s_or_not1_b64" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = a | !b;
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        "s_nand_b64" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = !(a & b);
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        "s_nor_b64" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = !(a | b);
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        "s_xnor_b64" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = !(a ^ b);
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        "s_lshl_b32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = (a as u32) << shift32(b);
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        "s_lshr_b32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = (a as u32) >> shift32(b);
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        "s_ashr_i32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = (a as i32 >> shift32(b)) as u32;
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        "s_lshl_b64" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = a << shift64(b);
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        "s_lshr_b64" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = a >> shift64(b);
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        "s_ashr_i64" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = (a as i64 >> shift64(b)) as u64;
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        "s_lshl1_add_u32" | "s_lshl2_add_u32" | "s_lshl3_add_u32" | "s_lshl4_add_u32" => (
            |e| {
                let sh = e.aux;
                e.salu(move |[a, b], _| {
                    let r = ((a as u32 as u64) << sh) + b as u32 as u64;
                    (r & 0xffff_ffff, Some(r >> 32 != 0))
                })
            },
            name.as_bytes()[6].wrapping_sub(b'0') as u32,
        ),
        "s_min_i32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let l = (a as i32) < (b as i32);
                    ((if l { a } else { b }) & 0xffff_ffff, Some(l))
                })
            },
            0,
        ),
        "s_min_u32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let l = (a as u32) < (b as u32);
                    ((if l { a } else { b }) & 0xffff_ffff, Some(l))
                })
            },
            0,
        ),
        "s_max_i32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let g = (a as i32) > (b as i32);
                    ((if g { a } else { b }) & 0xffff_ffff, Some(g))
                })
            },
            0,
        ),
        "s_max_u32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let g = (a as u32) > (b as u32);
                    ((if g { a } else { b }) & 0xffff_ffff, Some(g))
                })
            },
            0,
        ),
        "s_cselect_b32" | "s_cselect_b64" => (
            |e| {
                e.lenient = true;
                e.salu(|[a, b], c| (if c { a } else { b }, None))
            },
            0,
        ),
        "s_bfe_u32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = bfe(a, b & 31, b >> 16 & 0x7f, 32, false);
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        "s_bfe_i32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = bfe(a, b & 31, b >> 16 & 0x7f, 32, true);
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        "s_bfe_u64" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = bfe(a, b & 63, b >> 16 & 0x7f, 64, false);
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        "s_bfe_i64" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = bfe(a, b & 63, b >> 16 & 0x7f, 64, true);
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        "s_bfm_b32" => (
            |e| e.salu(|[a, b], _| ((((1u64 << (a & 31)) - 1) << (b & 31)) & 0xffff_ffff, None)),
            0,
        ),
        "s_bfm_b64" => (bfm64, 0),
        "s_pack_ll_b32_b16" => (
            |e| e.salu(|[a, b], _| ((a & 0xffff) | (b & 0xffff) << 16, None)),
            0,
        ),
        "s_pack_lh_b32_b16" => (
            |e| e.salu(|[a, b], _| ((a & 0xffff) | (b & 0xffff_0000), None)),
            0,
        ),
        "s_pack_hh_b32_b16" => (
            |e| e.salu(|[a, b], _| ((a >> 16 & 0xffff) | (b & 0xffff_0000), None)),
            0,
        ),
        "s_absdiff_i32" => (
            |e| {
                e.salu(|[a, b], _| {
                    let r = (a as i32).wrapping_sub(b as i32).wrapping_abs() as u32;
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),

        // ---- SOPC / SOPK compares ----
        "s_cmp_eq_i32" | "s_cmp_eq_u32" => (|e| e.scmp(|[a, b]| a as u32 == b as u32), 0),
        "s_cmp_lg_i32" | "s_cmp_lg_u32" => (|e| e.scmp(|[a, b]| a as u32 != b as u32), 0),
        "s_cmp_gt_i32" => (|e| e.scmp(|[a, b]| (a as i32) > b as i32), 0),
        "s_cmp_ge_i32" => (|e| e.scmp(|[a, b]| (a as i32) >= b as i32), 0),
        "s_cmp_lt_i32" => (|e| e.scmp(|[a, b]| (a as i32) < b as i32), 0),
        "s_cmp_le_i32" => (|e| e.scmp(|[a, b]| (a as i32) <= b as i32), 0),
        "s_cmp_gt_u32" => (|e| e.scmp(|[a, b]| a as u32 > b as u32), 0),
        "s_cmp_ge_u32" => (|e| e.scmp(|[a, b]| a as u32 >= b as u32), 0),
        "s_cmp_lt_u32" => (|e| e.scmp(|[a, b]| (a as u32) < b as u32), 0),
        "s_cmp_le_u32" => (|e| e.scmp(|[a, b]| a as u32 <= b as u32), 0),
        "s_cmp_eq_u64" => (|e| e.scmp(|[a, b]| a == b), 0),
        "s_cmp_lg_u64" => (|e| e.scmp(|[a, b]| a != b), 0),
        "s_bitcmp0_b32" => (|e| e.scmp(|[a, b]| a >> (b & 31) & 1 == 0), 0),
        "s_bitcmp1_b32" => (|e| e.scmp(|[a, b]| a >> (b & 31) & 1 == 1), 0),
        "s_bitcmp0_b64" => (|e| e.scmp(|[a, b]| a >> (b & 63) & 1 == 0), 0),
        "s_bitcmp1_b64" => (|e| e.scmp(|[a, b]| a >> (b & 63) & 1 == 1), 0),
        "s_cmpk_eq_i32" => (|e| e.scmp(|[a, k]| a as i32 == k as u16 as i16 as i32), 0),
        "s_cmpk_lg_i32" => (|e| e.scmp(|[a, k]| a as i32 != k as u16 as i16 as i32), 0),
        "s_cmpk_gt_i32" => (|e| e.scmp(|[a, k]| a as i32 > k as u16 as i16 as i32), 0),
        "s_cmpk_ge_i32" => (|e| e.scmp(|[a, k]| a as i32 >= k as u16 as i16 as i32), 0),
        "s_cmpk_lt_i32" => (|e| e.scmp(|[a, k]| (a as i32) < k as u16 as i16 as i32), 0),
        "s_cmpk_le_i32" => (|e| e.scmp(|[a, k]| a as i32 <= k as u16 as i16 as i32), 0),
        "s_cmpk_eq_u32" => (|e| e.scmp(|[a, k]| a as u32 == k as u16 as u32), 0),
        "s_cmpk_lg_u32" => (|e| e.scmp(|[a, k]| a as u32 != k as u16 as u32), 0),
        "s_cmpk_gt_u32" => (|e| e.scmp(|[a, k]| a as u32 > k as u16 as u32), 0),
        "s_cmpk_ge_u32" => (|e| e.scmp(|[a, k]| a as u32 >= k as u16 as u32), 0),
        "s_cmpk_lt_u32" => (|e| e.scmp(|[a, k]| (a as u32) < k as u16 as u32), 0),
        "s_cmpk_le_u32" => (|e| e.scmp(|[a, k]| a as u32 <= k as u16 as u32), 0),

        // ---- VALU: moves and lanes ----
        "v_mov_b32"
        | "v_mov_b64"
        | "v_accvgpr_read_b32"
        | "v_accvgpr_write_b32"
        | "v_accvgpr_mov_b32"
        | "v_mov_b16" => (
            |e| {
                e.lenient = true;
                e.valu::<1>(Fk::Int, |[a]| a)
            },
            0,
        ),
        "v_readlane_b32" => (readlane, 0),
        "v_readfirstlane_b32" => (readfirstlane, 0),
        "v_writelane_b32" => (writelane, 0),
        "v_mbcnt_lo_u32_b32" => (mbcnt, 0),
        "v_mbcnt_hi_u32_b32" => (mbcnt, 1),
        "v_cndmask_b32" => (
            |e| {
                e.valu_mask(
                    Some(0),
                    MaskDst::None,
                    [1, 2],
                    Some(3),
                    Fk::Int,
                    |[a, b], c| (if c { b } else { a }, false),
                )
            },
            0,
        ),

        // ---- VALU integer ----
        "v_add_u32" | "v_add_nc_u32" => (
            |e| e.valu(Fk::Int, |[a, b]| (a as u32).wrapping_add(b as u32) as u64),
            0,
        ),
        "v_sub_u32" | "v_sub_nc_u32" => (
            |e| e.valu(Fk::Int, |[a, b]| (a as u32).wrapping_sub(b as u32) as u64),
            0,
        ),
        "v_subrev_u32" | "v_subrev_nc_u32" => (
            |e| e.valu(Fk::Int, |[a, b]| (b as u32).wrapping_sub(a as u32) as u64),
            0,
        ),
        "v_add_nc_u16" | "v_add_u16" => (
            |e| e.valu(Fk::Int, |[a, b]| (a as u16).wrapping_add(b as u16) as u64),
            0,
        ),
        "v_sub_nc_u16" | "v_sub_u16" => (
            |e| e.valu(Fk::Int, |[a, b]| (a as u16).wrapping_sub(b as u16) as u64),
            0,
        ),
        "v_subrev_u16" => (
            |e| e.valu(Fk::Int, |[a, b]| (b as u16).wrapping_sub(a as u16) as u64),
            0,
        ),
        "v_mul_lo_u16" => (
            |e| e.valu(Fk::Int, |[a, b]| (a as u16).wrapping_mul(b as u16) as u64),
            0,
        ),
        "v_lshlrev_b16" => (
            |e| e.valu(Fk::Int, |[a, b]| ((b as u16) << (a & 15)) as u64),
            0,
        ),
        "v_lshrrev_b16" => (
            |e| e.valu(Fk::Int, |[a, b]| ((b as u16) >> (a & 15)) as u64),
            0,
        ),
        "v_ashrrev_i16" => (
            |e| e.valu(Fk::Int, |[a, b]| ((b as i16) >> (a & 15)) as u16 as u64),
            0,
        ),
        "v_add_co_u32" => (
            |e| {
                e.valu_mask(
                    Some(0),
                    MaskDst::Op(1),
                    [2, 3],
                    None,
                    Fk::Int,
                    |[a, b], _| {
                        let r = (a as u32 as u64) + (b as u32 as u64);
                        (r & 0xffff_ffff, r >> 32 != 0)
                    },
                )
            },
            0,
        ),
        "v_sub_co_u32" => (
            |e| {
                e.valu_mask(
                    Some(0),
                    MaskDst::Op(1),
                    [2, 3],
                    None,
                    Fk::Int,
                    |[a, b], _| {
                        (
                            (a as u32).wrapping_sub(b as u32) as u64,
                            (b as u32) > (a as u32),
                        )
                    },
                )
            },
            0,
        ),
        "v_subrev_co_u32" => (
            |e| {
                e.valu_mask(
                    Some(0),
                    MaskDst::Op(1),
                    [2, 3],
                    None,
                    Fk::Int,
                    |[a, b], _| {
                        (
                            (b as u32).wrapping_sub(a as u32) as u64,
                            (a as u32) > (b as u32),
                        )
                    },
                )
            },
            0,
        ),
        "v_addc_co_u32" | "v_add_co_ci_u32" => (
            |e| {
                e.valu_mask(
                    Some(0),
                    MaskDst::Op(1),
                    [2, 3],
                    Some(4),
                    Fk::Int,
                    |[a, b], c| {
                        let r = (a as u32 as u64) + (b as u32 as u64) + c as u64;
                        (r & 0xffff_ffff, r >> 32 != 0)
                    },
                )
            },
            0,
        ),
        "v_subb_co_u32" | "v_sub_co_ci_u32" => (
            |e| {
                e.valu_mask(
                    Some(0),
                    MaskDst::Op(1),
                    [2, 3],
                    Some(4),
                    Fk::Int,
                    |[a, b], c| {
                        let r = (a as u32 as u64).wrapping_sub(b as u32 as u64 + c as u64);
                        (r & 0xffff_ffff, r >> 32 != 0)
                    },
                )
            },
            0,
        ),
        "v_subbrev_co_u32" | "v_subrev_co_ci_u32" => (
            |e| {
                e.valu_mask(
                    Some(0),
                    MaskDst::Op(1),
                    [2, 3],
                    Some(4),
                    Fk::Int,
                    |[a, b], c| {
                        let r = (b as u32 as u64).wrapping_sub(a as u32 as u64 + c as u64);
                        (r & 0xffff_ffff, r >> 32 != 0)
                    },
                )
            },
            0,
        ),
        "v_mul_lo_u32" => (
            |e| e.valu(Fk::Int, |[a, b]| (a as u32).wrapping_mul(b as u32) as u64),
            0,
        ),
        "v_mul_hi_u32" => (
            |e| e.valu(Fk::Int, |[a, b]| (a as u32 as u64 * b as u32 as u64) >> 32),
            0,
        ),
        "v_mul_hi_i32" => (
            |e| {
                e.valu(Fk::Int, |[a, b]| {
                    ((a as i32 as i64 * b as i32 as i64) >> 32) as u32 as u64
                })
            },
            0,
        ),
        "v_mul_u32_u24" => (
            |e| {
                e.valu(Fk::Int, |[a, b]| {
                    ((a & 0xff_ffff) * (b & 0xff_ffff)) & 0xffff_ffff
                })
            },
            0,
        ),
        "v_mul_hi_u32_u24" => (
            |e| e.valu(Fk::Int, |[a, b]| ((a & 0xff_ffff) * (b & 0xff_ffff)) >> 32),
            0,
        ),
        "v_mul_i32_i24" => (
            |e| e.valu(Fk::Int, |[a, b]| (i24(a) * i24(b)) as u32 as u64),
            0,
        ),
        "v_mul_hi_i32_i24" => (
            |e| e.valu(Fk::Int, |[a, b]| ((i24(a) * i24(b)) >> 32) as u32 as u64),
            0,
        ),
        "v_mad_u32_u24" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    ((a & 0xff_ffff) * (b & 0xff_ffff)).wrapping_add(c) & 0xffff_ffff
                })
            },
            0,
        ),
        "v_mad_i32_i24" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    (i24(a) * i24(b)).wrapping_add(c as i32 as i64) as u32 as u64
                })
            },
            0,
        ),
        "v_mad_u64_u32" => (
            |e| {
                e.valu_mask(
                    Some(0),
                    MaskDst::Op(1),
                    [2, 3, 4],
                    None,
                    Fk::Int,
                    |[a, b, c], _| {
                        let r = (a as u32 as u128) * (b as u32 as u128) + c as u128;
                        (r as u64, r >> 64 != 0)
                    },
                )
            },
            0,
        ),
        "v_mad_i64_i32" => (
            |e| {
                e.valu_mask(
                    Some(0),
                    MaskDst::Op(1),
                    [2, 3, 4],
                    None,
                    Fk::Int,
                    |[a, b, c], _| {
                        let r = (a as i32 as i128) * (b as i32 as i128) + c as i64 as i128;
                        (r as u64, r != r as i64 as i128)
                    },
                )
            },
            0,
        ),
        "v_mad_u32_u16" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    ((a & 0xffff) * (b & 0xffff)).wrapping_add(c) & 0xffff_ffff
                })
            },
            0,
        ),
        "v_and_b32" => (|e| e.valu(Fk::Int, |[a, b]| a & b & 0xffff_ffff), 0),
        "v_or_b32" => (|e| e.valu(Fk::Int, |[a, b]| (a | b) & 0xffff_ffff), 0),
        "v_xor_b32" => (|e| e.valu(Fk::Int, |[a, b]| (a ^ b) & 0xffff_ffff), 0),
        "v_xnor_b32" => (|e| e.valu(Fk::Int, |[a, b]| !(a ^ b) & 0xffff_ffff), 0),
        "v_not_b32" => (|e| e.valu(Fk::Int, |[a]| !a & 0xffff_ffff), 0),
        "v_bfrev_b32" => (
            |e| e.valu(Fk::Int, |[a]| (a as u32).reverse_bits() as u64),
            0,
        ),
        "v_ffbh_u32" | "v_clz_i32_u32" => (
            |e| {
                e.valu(Fk::Int, |[a]| {
                    if a as u32 == 0 {
                        u32::MAX as u64
                    } else {
                        (a as u32).leading_zeros() as u64
                    }
                })
            },
            0,
        ),
        "v_ffbl_b32" | "v_ctz_i32_b32" => (
            |e| {
                e.valu(Fk::Int, |[a]| {
                    if a as u32 == 0 {
                        u32::MAX as u64
                    } else {
                        (a as u32).trailing_zeros() as u64
                    }
                })
            },
            0,
        ),
        "v_ffbh_i32" | "v_cls_i32" => (
            |e| {
                e.valu(Fk::Int, |[a]| {
                    let x = a as u32;
                    let y = if (x as i32) < 0 { !x } else { x };
                    if x == 0 || x == u32::MAX {
                        u32::MAX as u64
                    } else {
                        (y.leading_zeros() - 1 + 1) as u64
                    }
                })
            },
            0,
        ),
        "v_bcnt_u32_b32" => (
            |e| {
                e.valu(Fk::Int, |[a, b]| {
                    ((a as u32).count_ones() as u64 + b) & 0xffff_ffff
                })
            },
            0,
        ),
        "v_lshlrev_b32" => (
            |e| e.valu(Fk::Int, |[a, b]| ((b as u32) << shift32(a)) as u64),
            0,
        ),
        "v_lshrrev_b32" => (
            |e| e.valu(Fk::Int, |[a, b]| ((b as u32) >> shift32(a)) as u64),
            0,
        ),
        "v_ashrrev_i32" => (
            |e| e.valu(Fk::Int, |[a, b]| ((b as i32) >> shift32(a)) as u32 as u64),
            0,
        ),
        "v_lshlrev_b64" => (|e| e.valu(Fk::Int, |[a, b]| b << shift64(a)), 0),
        "v_lshrrev_b64" => (|e| e.valu(Fk::Int, |[a, b]| b >> shift64(a)), 0),
        "v_ashrrev_i64" => (
            |e| e.valu(Fk::Int, |[a, b]| ((b as i64) >> shift64(a)) as u64),
            0,
        ),
        "v_lshl_add_u32" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    ((a as u32) << shift32(b)).wrapping_add(c as u32) as u64
                })
            },
            0,
        ),
        "v_add_lshl_u32" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    ((a as u32).wrapping_add(b as u32) << shift32(c)) as u64
                })
            },
            0,
        ),
        "v_lshl_or_b32" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    (((a as u32) << shift32(b)) | c as u32) as u64
                })
            },
            0,
        ),
        "v_and_or_b32" => (
            |e| e.valu(Fk::Int, |[a, b, c]| ((a & b) | c) & 0xffff_ffff),
            0,
        ),
        "v_or3_b32" => (
            |e| e.valu(Fk::Int, |[a, b, c]| (a | b | c) & 0xffff_ffff),
            0,
        ),
        "v_xor3_b32" => (
            |e| e.valu(Fk::Int, |[a, b, c]| (a ^ b ^ c) & 0xffff_ffff),
            0,
        ),
        "v_xad_u32" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    ((a ^ b) as u32).wrapping_add(c as u32) as u64
                })
            },
            0,
        ),
        "v_add3_u32" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    (a as u32).wrapping_add(b as u32).wrapping_add(c as u32) as u64
                })
            },
            0,
        ),
        "v_lshl_add_u64" => (
            |e| e.valu(Fk::Int, |[a, b, c]| (a << (b & 7)).wrapping_add(c)),
            0,
        ),
        "v_bfe_u32" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    bfe(a & 0xffff_ffff, b & 31, c & 31, 32, false)
                })
            },
            0,
        ),
        "v_bfe_i32" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    bfe(a & 0xffff_ffff, b & 31, c & 31, 32, true)
                })
            },
            0,
        ),
        "v_bfi_b32" => (
            |e| e.valu(Fk::Int, |[a, b, c]| ((a & b) | (!a & c)) & 0xffff_ffff),
            0,
        ),
        "v_bfm_b32" => (
            |e| {
                e.valu(Fk::Int, |[a, b]| {
                    (((1u64 << (a & 31)) - 1) << (b & 31)) & 0xffff_ffff
                })
            },
            0,
        ),
        "v_alignbit_b32" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    ((((a & 0xffff_ffff) << 32) | (b & 0xffff_ffff)) >> (c & 31)) & 0xffff_ffff
                })
            },
            0,
        ),
        "v_alignbyte_b32" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    ((((a & 0xffff_ffff) << 32) | (b & 0xffff_ffff)) >> (8 * (c & 3))) & 0xffff_ffff
                })
            },
            0,
        ),
        "v_perm_b32" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    perm(a as u32, b as u32, c as u32) as u64
                })
            },
            0,
        ),
        "v_min_i32" => (
            |e| e.valu(Fk::Int, |[a, b]| (a as i32).min(b as i32) as u32 as u64),
            0,
        ),
        "v_max_i32" => (
            |e| e.valu(Fk::Int, |[a, b]| (a as i32).max(b as i32) as u32 as u64),
            0,
        ),
        "v_min_u32" => (
            |e| e.valu(Fk::Int, |[a, b]| (a as u32).min(b as u32) as u64),
            0,
        ),
        "v_max_u32" => (
            |e| e.valu(Fk::Int, |[a, b]| (a as u32).max(b as u32) as u64),
            0,
        ),
        "v_min3_i32" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    (a as i32).min(b as i32).min(c as i32) as u32 as u64
                })
            },
            0,
        ),
        "v_max3_i32" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    (a as i32).max(b as i32).max(c as i32) as u32 as u64
                })
            },
            0,
        ),
        "v_min3_u32" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    (a as u32).min(b as u32).min(c as u32) as u64
                })
            },
            0,
        ),
        "v_max3_u32" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    (a as u32).max(b as u32).max(c as u32) as u64
                })
            },
            0,
        ),
        "v_med3_i32" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    let (a, b, c) = (a as i32, b as i32, c as i32);
                    a.max(b).min(a.min(b).max(c)).max(a.min(b)) as u32 as u64
                })
            },
            0,
        ),
        "v_med3_u32" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    let (a, b, c) = (a as u32, b as u32, c as u32);
                    a.max(b).min(a.min(b).max(c)).max(a.min(b)) as u64
                })
            },
            0,
        ),
        "v_sad_u32" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    ((a as u32).abs_diff(b as u32)).wrapping_add(c as u32) as u64
                })
            },
            0,
        ),
        "v_cvt_f32_ubyte0" => (|e| e.valu(Fk::Int, |[a]| b((a & 0xff) as f32)), 0),
        "v_cvt_f32_ubyte1" => (|e| e.valu(Fk::Int, |[a]| b((a >> 8 & 0xff) as f32)), 0),
        "v_cvt_f32_ubyte2" => (|e| e.valu(Fk::Int, |[a]| b((a >> 16 & 0xff) as f32)), 0),
        "v_cvt_f32_ubyte3" => (|e| e.valu(Fk::Int, |[a]| b((a >> 24 & 0xff) as f32)), 0),
        "v_pk_mov_b32" => (pk_mov, 0),

        // ---- VALU f32 ----
        "v_add_f32" => (|e| e.valu(Fk::F32, |[x, y]| b(f(x) + f(y))), 0),
        "v_sub_f32" => (|e| e.valu(Fk::F32, |[x, y]| b(f(x) - f(y))), 0),
        "v_subrev_f32" => (|e| e.valu(Fk::F32, |[x, y]| b(f(y) - f(x))), 0),
        "v_mul_f32" => (|e| e.valu(Fk::F32, |[x, y]| b(f(x) * f(y))), 0),
        "v_mul_legacy_f32" | "v_mul_dx9_zero_f32" => (
            |e| {
                e.valu(Fk::F32, |[x, y]| {
                    if f(x) == 0.0 || f(y) == 0.0 {
                        0
                    } else {
                        b(f(x) * f(y))
                    }
                })
            },
            0,
        ),
        "v_fma_f32" | "v_fmaak_f32" | "v_fmamk_f32" => (
            |e| e.valu(Fk::F32, |[x, y, z]| b(fma32(f(x), f(y), f(z)))),
            0,
        ),
        "v_mad_f32" => (|e| e.valu(Fk::F32, |[x, y, z]| b(f(x) * f(y) + f(z))), 0),
        "v_fmac_f32" | "v_mac_f32" => (
            |e| {
                e.valu_at(0, [1, 2, 0], Fk::F32, |[x, y, z]| {
                    b(fma32(f(x), f(y), f(z)))
                })
            },
            0,
        ),
        "v_min_f32" => (|e| e.valu(Fk::F32, |[x, y]| b(fmin32(f(x), f(y)))), 0),
        "v_max_f32" => (|e| e.valu(Fk::F32, |[x, y]| b(fmax32(f(x), f(y)))), 0),
        "v_min3_f32" => (
            |e| e.valu(Fk::F32, |[x, y, z]| b(fmin32(fmin32(f(x), f(y)), f(z)))),
            0,
        ),
        "v_max3_f32" => (
            |e| e.valu(Fk::F32, |[x, y, z]| b(fmax32(fmax32(f(x), f(y)), f(z)))),
            0,
        ),
        "v_med3_f32" => (
            |e| e.valu(Fk::F32, |[x, y, z]| b(med3_f32(f(x), f(y), f(z)))),
            0,
        ),
        "v_ldexp_f32" => (|e| e.valu(Fk::F32, |[x, y]| b(ldexp32(f(x), y as i32))), 0),
        "v_frexp_mant_f32" => (|e| e.valu(Fk::F32, |[x]| b(frexp_mant32(f(x)))), 0),
        "v_frexp_exp_i32_f32" => (
            |e| e.valu(Fk::F32, |[x]| frexp_exp32(f(x)) as u32 as u64),
            0,
        ),
        "v_fract_f32" => (|e| e.valu(Fk::F32, |[x]| b(fract32(f(x)))), 0),
        "v_trunc_f32" => (|e| e.valu(Fk::F32, |[x]| b(f(x).trunc())), 0),
        "v_ceil_f32" => (|e| e.valu(Fk::F32, |[x]| b(f(x).ceil())), 0),
        "v_floor_f32" => (|e| e.valu(Fk::F32, |[x]| b(f(x).floor())), 0),
        "v_rndne_f32" => (|e| e.valu(Fk::F32, |[x]| b(f(x).round_ties_even())), 0),
        "v_rcp_f32" | "v_rcp_iflag_f32" => {
            (|e| e.valu(Fk::F32, |[x]| b((1.0 / f(x) as f64) as f32)), 0)
        }
        "v_rsq_f32" => (
            |e| e.valu(Fk::F32, |[x]| b((1.0 / (f(x) as f64).sqrt()) as f32)),
            0,
        ),
        "v_sqrt_f32" => (|e| e.valu(Fk::F32, |[x]| b(f(x).sqrt())), 0),
        "v_exp_f32" => (|e| e.valu(Fk::F32, |[x]| b((f(x) as f64).exp2() as f32)), 0),
        "v_log_f32" => (|e| e.valu(Fk::F32, |[x]| b((f(x) as f64).log2() as f32)), 0),
        "v_sin_f32" => (
            |e| {
                e.valu(Fk::F32, |[x]| {
                    b((f(x) as f64 * std::f64::consts::TAU).sin() as f32)
                })
            },
            0,
        ),
        "v_cos_f32" => (
            |e| {
                e.valu(Fk::F32, |[x]| {
                    b((f(x) as f64 * std::f64::consts::TAU).cos() as f32)
                })
            },
            0,
        ),
        "v_cvt_f32_i32" => (|e| e.valu(Fk::Int, |[a]| b(a as i32 as f32)), 0),
        "v_cvt_f32_u32" => (|e| e.valu(Fk::Int, |[a]| b(a as u32 as f32)), 0),
        "v_cvt_i32_f32" => (|e| e.valu(Fk::F32, |[x]| cvt_i32(f(x) as f64)), 0),
        "v_cvt_u32_f32" => (|e| e.valu(Fk::F32, |[x]| cvt_u32(f(x) as f64)), 0),
        "v_cvt_rpi_i32_f32" => (
            |e| e.valu(Fk::F32, |[x]| cvt_i32((f(x) as f64 + 0.5).floor())),
            0,
        ),
        "v_cvt_flr_i32_f32" => (|e| e.valu(Fk::F32, |[x]| cvt_i32((f(x) as f64).floor())), 0),
        "v_cvt_f16_f32" => (|e| e.valu(Fk::F32, |[x]| bh(f(x))), 0),
        "v_cvt_f32_f16" => (|e| e.valu(Fk::F16, |[x]| b(h(x))), 0),
        "v_cvt_f64_f32" => (|e| e.valu(Fk::F32, |[x]| bd(f(x) as f64)), 0),
        "v_cvt_f32_f64" => (|e| e.valu(Fk::F64, |[x]| b(d(x) as f32)), 0),
        "v_cvt_f64_i32" => (|e| e.valu(Fk::Int, |[a]| bd(a as i32 as f64)), 0),
        "v_cvt_f64_u32" => (|e| e.valu(Fk::Int, |[a]| bd(a as u32 as f64)), 0),
        "v_cvt_i32_f64" => (|e| e.valu(Fk::F64, |[x]| cvt_i32(d(x))), 0),
        "v_cvt_u32_f64" => (|e| e.valu(Fk::F64, |[x]| cvt_u32(d(x))), 0),
        "v_cvt_pkrtz_f16_f32" | "v_cvt_pk_rtz_f16_f32" => (
            |e| e.valu(Fk::F32, |[x, y]| rtz16(f(x)) | rtz16(f(y)) << 16),
            0,
        ),
        "v_cvt_pk_i16_i32" => (
            |e| {
                e.valu(Fk::Int, |[x, y]| {
                    ((x as i32).clamp(-32768, 32767) as u16 as u64)
                        | ((y as i32).clamp(-32768, 32767) as u16 as u64) << 16
                })
            },
            0,
        ),
        "v_cvt_pk_u16_u32" => (
            |e| {
                e.valu(Fk::Int, |[x, y]| {
                    ((x as u32).min(65535) as u64) | ((y as u32).min(65535) as u64) << 16
                })
            },
            0,
        ),
        "v_div_scale_f32" => (
            |e| {
                e.valu_mask(
                    Some(0),
                    MaskDst::Op(1),
                    [2, 3, 4],
                    None,
                    Fk::F32,
                    |[x, _, _], _| (x & 0xffff_ffff, false),
                )
            },
            0,
        ),
        "v_div_scale_f64" => (
            |e| {
                e.valu_mask(
                    Some(0),
                    MaskDst::Op(1),
                    [2, 3, 4],
                    None,
                    Fk::F64,
                    |[x, _, _], _| (x, false),
                )
            },
            0,
        ),
        "v_div_fmas_f32" => (div_fmas32, 0),
        "v_div_fmas_f64" => (div_fmas64, 0),
        "v_div_fixup_f32" => (|e| e.valu(Fk::F32, |[_, y, z]| b(f(z) / f(y))), 0),
        "v_div_fixup_f64" => (|e| e.valu(Fk::F64, |[_, y, z]| bd(d(z) / d(y))), 0),

        // ---- VALU f64 ----
        "v_add_f64" => (|e| e.valu(Fk::F64, |[x, y]| bd(d(x) + d(y))), 0),
        "v_mul_f64" => (|e| e.valu(Fk::F64, |[x, y]| bd(d(x) * d(y))), 0),
        "v_fma_f64" => (
            |e| e.valu(Fk::F64, |[x, y, z]| bd(fma64(d(x), d(y), d(z)))),
            0,
        ),
        "v_fmac_f64" => (
            |e| {
                e.valu_at(0, [1, 2, 0], Fk::F64, |[x, y, z]| {
                    bd(fma64(d(x), d(y), d(z)))
                })
            },
            0,
        ),
        "v_min_f64" => (|e| e.valu(Fk::F64, |[x, y]| bd(fmin64(d(x), d(y)))), 0),
        "v_max_f64" => (|e| e.valu(Fk::F64, |[x, y]| bd(fmax64(d(x), d(y)))), 0),
        "v_ldexp_f64" => (|e| e.valu(Fk::F64, |[x, y]| bd(ldexp64(d(x), y as i32))), 0),
        "v_frexp_mant_f64" => (|e| e.valu(Fk::F64, |[x]| bd(frexp_mant64(d(x)))), 0),
        "v_frexp_exp_i32_f64" => (
            |e| e.valu(Fk::F64, |[x]| frexp_exp64(d(x)) as u32 as u64),
            0,
        ),
        "v_fract_f64" => (|e| e.valu(Fk::F64, |[x]| bd(fract64(d(x)))), 0),
        "v_trunc_f64" => (|e| e.valu(Fk::F64, |[x]| bd(d(x).trunc())), 0),
        "v_ceil_f64" => (|e| e.valu(Fk::F64, |[x]| bd(d(x).ceil())), 0),
        "v_floor_f64" => (|e| e.valu(Fk::F64, |[x]| bd(d(x).floor())), 0),
        "v_rndne_f64" => (|e| e.valu(Fk::F64, |[x]| bd(d(x).round_ties_even())), 0),
        "v_rcp_f64" => (|e| e.valu(Fk::F64, |[x]| bd(1.0 / d(x))), 0),
        "v_rsq_f64" => (|e| e.valu(Fk::F64, |[x]| bd(1.0 / d(x).sqrt())), 0),
        "v_sqrt_f64" => (|e| e.valu(Fk::F64, |[x]| bd(d(x).sqrt())), 0),

        "v_med3_f16" => (
            |e| e.valu(Fk::F16, |[x, y, z]| bh(med3_f32(h(x), h(y), h(z)))),
            0,
        ),
        "v_min3_f16" => (
            |e| e.valu(Fk::F16, |[x, y, z]| bh(fmin32(fmin32(h(x), h(y)), h(z)))),
            0,
        ),
        "v_max3_f16" => (
            |e| e.valu(Fk::F16, |[x, y, z]| bh(fmax32(fmax32(h(x), h(y)), h(z)))),
            0,
        ),
        "v_maxmin_f32" => (
            |e| e.valu(Fk::F32, |[x, y, z]| b(fmin32(fmax32(f(x), f(y)), f(z)))),
            0,
        ),
        "v_minmax_f32" => (
            |e| e.valu(Fk::F32, |[x, y, z]| b(fmax32(fmin32(f(x), f(y)), f(z)))),
            0,
        ),
        "v_maxmin_f16" => (
            |e| e.valu(Fk::F16, |[x, y, z]| bh(fmin32(fmax32(h(x), h(y)), h(z)))),
            0,
        ),
        "v_minmax_f16" => (
            |e| e.valu(Fk::F16, |[x, y, z]| bh(fmax32(fmin32(h(x), h(y)), h(z)))),
            0,
        ),
        "v_maxmin_i32" => (
            |e| {
                e.valu(Fk::Int, |[x, y, z]| {
                    (x as i32).max(y as i32).min(z as i32) as u32 as u64
                })
            },
            0,
        ),
        "v_minmax_i32" => (
            |e| {
                e.valu(Fk::Int, |[x, y, z]| {
                    (x as i32).min(y as i32).max(z as i32) as u32 as u64
                })
            },
            0,
        ),
        "v_maxmin_u32" => (
            |e| {
                e.valu(Fk::Int, |[x, y, z]| {
                    (x as u32).max(y as u32).min(z as u32) as u64
                })
            },
            0,
        ),
        "v_minmax_u32" => (
            |e| {
                e.valu(Fk::Int, |[x, y, z]| {
                    (x as u32).min(y as u32).max(z as u32) as u64
                })
            },
            0,
        ),
        "v_med3_i16" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    let (a, b, c) = (a as i16, b as i16, c as i16);
                    a.max(b).min(a.min(b).max(c)).max(a.min(b)) as u16 as u64
                })
            },
            0,
        ),
        "v_med3_u16" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    let (a, b, c) = (a as u16, b as u16, c as u16);
                    a.max(b).min(a.min(b).max(c)).max(a.min(b)) as u64
                })
            },
            0,
        ),
        "v_cvt_f16_u16" => (|e| e.valu(Fk::Int, |[a]| bh(a as u16 as f32)), 0),
        "v_cvt_f16_i16" => (|e| e.valu(Fk::Int, |[a]| bh(a as i16 as f32)), 0),
        "v_cvt_u16_f16" => (
            |e| {
                e.valu(Fk::F16, |[x]| {
                    let v = h(x);
                    if v.is_nan() {
                        0
                    } else {
                        v.trunc().clamp(0.0, 65535.0) as u16 as u64
                    }
                })
            },
            0,
        ),
        "v_cvt_i16_f16" => (
            |e| {
                e.valu(Fk::F16, |[x]| {
                    let v = h(x);
                    if v.is_nan() {
                        0
                    } else {
                        v.trunc().clamp(-32768.0, 32767.0) as i16 as u16 as u64
                    }
                })
            },
            0,
        ),
        "v_sqrt_f16" => (|e| e.valu(Fk::F16, |[x]| bh64((h(x) as f64).sqrt())), 0),
        "v_rcp_f16" => (|e| e.valu(Fk::F16, |[x]| bh64(1.0 / h(x) as f64)), 0),
        "v_ldexp_f16" => (
            |e| e.valu(Fk::F16, |[x, y]| bh(ldexp32(h(x), y as u16 as i16 as i32))),
            0,
        ),
        "v_fract_f16" => (|e| e.valu(Fk::F16, |[x]| bh(fract32(h(x)))), 0),
        "v_trunc_f16" => (|e| e.valu(Fk::F16, |[x]| bh(h(x).trunc())), 0),
        "v_floor_f16" => (|e| e.valu(Fk::F16, |[x]| bh(h(x).floor())), 0),
        "v_ceil_f16" => (|e| e.valu(Fk::F16, |[x]| bh(h(x).ceil())), 0),
        "v_rndne_f16" => (|e| e.valu(Fk::F16, |[x]| bh(h(x).round_ties_even())), 0),

        // ---- SALU float (gfx1151) ----
        "s_add_f32" => (|e| e.salu(|[x, y], _| (b(f(x) + f(y)), None)), 0),
        "s_sub_f32" => (|e| e.salu(|[x, y], _| (b(f(x) - f(y)), None)), 0),
        "s_mul_f32" => (|e| e.salu(|[x, y], _| (b(f(x) * f(y)), None)), 0),
        "s_min_f32" | "s_min_num_f32" => (|e| e.salu(|[x, y], _| (b(fmin32(f(x), f(y))), None)), 0),
        "s_max_f32" | "s_max_num_f32" => (|e| e.salu(|[x, y], _| (b(fmax32(f(x), f(y))), None)), 0),
        "s_fmac_f32" => (
            |e| {
                let d = e.sval_dst32()? as u64;
                e.salu(move |[x, y], _| (b(fma32(f(x), f(y), f(d))), None))
            },
            0,
        ),
        "s_fmaak_f32" | "s_fmamk_f32" => (
            |e| e.salu(|[x, y, z], _| (b(fma32(f(x), f(y), f(z))), None)),
            0,
        ),
        "s_cvt_f32_i32" => (|e| e.salu(|[x], _| (b(x as i32 as f32), None)), 0),
        "s_cvt_f32_u32" => (|e| e.salu(|[x], _| (b(x as u32 as f32), None)), 0),
        "s_cvt_i32_f32" => (|e| e.salu(|[x], _| (cvt_i32(f(x) as f64), None)), 0),
        "s_cvt_u32_f32" => (|e| e.salu(|[x], _| (cvt_u32(f(x) as f64), None)), 0),
        "s_cvt_f16_f32" => (|e| e.salu(|[x], _| (bh(f(x)), None)), 0),
        "s_cvt_f32_f16" => (|e| e.salu(|[x], _| (b(h(x)), None)), 0),
        "s_cmp_lt_f32" => (|e| e.scmp(|[x, y]| f(x) < f(y)), 0),
        "s_cmp_eq_f32" => (|e| e.scmp(|[x, y]| f(x) == f(y)), 0),
        "s_cmp_le_f32" => (|e| e.scmp(|[x, y]| f(x) <= f(y)), 0),
        "s_cmp_gt_f32" => (|e| e.scmp(|[x, y]| f(x) > f(y)), 0),
        "s_cmp_lg_f32" => (|e| e.scmp(|[x, y]| f(x) < f(y) || f(x) > f(y)), 0),
        "s_cmp_ge_f32" => (|e| e.scmp(|[x, y]| f(x) >= f(y)), 0),
        "s_cmp_o_f32" => (|e| e.scmp(|[x, y]| !f(x).is_nan() && !f(y).is_nan()), 0),
        "s_cmp_u_f32" => (|e| e.scmp(|[x, y]| f(x).is_nan() || f(y).is_nan()), 0),
        "s_cmp_neq_f32" => (|e| e.scmp(|[x, y]| f(x) != f(y)), 0),

        // ---- VALU f16 and packed ----
        "v_add_f16" => (
            |e| e.valu(Fk::F16, |[x, y]| bh64(h(x) as f64 + h(y) as f64)),
            0,
        ),
        "v_sub_f16" => (
            |e| e.valu(Fk::F16, |[x, y]| bh64(h(x) as f64 - h(y) as f64)),
            0,
        ),
        "v_subrev_f16" => (
            |e| e.valu(Fk::F16, |[x, y]| bh64(h(y) as f64 - h(x) as f64)),
            0,
        ),
        "v_mul_f16" => (
            |e| e.valu(Fk::F16, |[x, y]| bh64(h(x) as f64 * h(y) as f64)),
            0,
        ),
        "v_fma_f16" => (
            |e| {
                e.valu(Fk::F16, |[x, y, z]| {
                    bh64((h(x) as f64).mul_add(h(y) as f64, h(z) as f64))
                })
            },
            0,
        ),
        "v_fmac_f16" => (
            |e| {
                e.valu_at(0, [1, 2, 0], Fk::F16, |[x, y, z]| {
                    bh64((h(x) as f64).mul_add(h(y) as f64, h(z) as f64))
                })
            },
            0,
        ),
        "v_max_f16" => (|e| e.valu(Fk::F16, |[x, y]| bh(fmax32(h(x), h(y)))), 0),
        "v_min_f16" => (|e| e.valu(Fk::F16, |[x, y]| bh(fmin32(h(x), h(y)))), 0),
        "v_pk_add_f16" => (|e| e.pk16(|x, y, _| bh64(h(x) as f64 + h(y) as f64)), 0),
        "v_pk_mul_f16" => (|e| e.pk16(|x, y, _| bh64(h(x) as f64 * h(y) as f64)), 0),
        "v_pk_fma_f16" => (
            |e| e.pk16(|x, y, z| bh64((h(x) as f64).mul_add(h(y) as f64, h(z) as f64))),
            0,
        ),
        "v_pk_max_f16" => (|e| e.pk16(|x, y, _| bh(fmax32(h(x), h(y)))), 0),
        "v_pk_min_f16" => (|e| e.pk16(|x, y, _| bh(fmin32(h(x), h(y)))), 0),
        "v_pk_add_u16" => (
            |e| e.pk16(|x, y, _| (x as u16).wrapping_add(y as u16) as u64),
            0,
        ),
        "v_pk_sub_u16" => (
            |e| e.pk16(|x, y, _| (x as u16).wrapping_sub(y as u16) as u64),
            0,
        ),
        "v_pk_mul_lo_u16" => (
            |e| e.pk16(|x, y, _| (x as u16).wrapping_mul(y as u16) as u64),
            0,
        ),
        "v_pk_add_f32" => (|e| e.pk32(|x, y, _| b(f(x) + f(y))), 0),
        "v_pk_mul_f32" => (|e| e.pk32(|x, y, _| b(f(x) * f(y))), 0),
        "v_pk_fma_f32" => (|e| e.pk32(|x, y, z| b(fma32(f(x), f(y), f(z)))), 0),
        _ => {
            let _ = (gfx9, family);
            return more_semantics(name);
        }
    })
}

/// A VALU op whose integer result the clamp bit would saturate: run
/// without clamp, refuse (unsupported) with it rather than be wrong.
fn no_clamp(e: &mut Exec, run: fn(&mut Exec) -> Result<()>) -> Result<()> {
    if e.inst.mods.clamp {
        return Err(e.unsupported());
    }
    run(e)
}

/// VOP3P dot products read whole registers: no op_sel / neg / clamp.
fn plain_dot(e: &mut Exec) -> Result<()> {
    let m = e.inst.mods;
    if m.clamp
        || m.neg != 0
        || m.abs != 0
        || m.op_sel != 0
        || (m.op_sel_hi != 0 && m.op_sel_hi != 7)
    {
        return Err(e.unsupported());
    }
    Ok(())
}

fn lanes8(v: u64) -> [u64; 4] {
    std::array::from_fn(|i| v >> (8 * i) & 0xff)
}

fn sad8(a: u64, b: u64) -> u64 {
    let (x, y) = (lanes8(a), lanes8(b));
    (0..4).map(|i| x[i].abs_diff(y[i])).sum()
}

/// The signed `bits`-wide field `i` of `v`.
fn sfield(v: u64, bits: u32, i: u32) -> i64 {
    let x = v >> (bits * i) & ((1 << bits) - 1);
    ((x << (64 - bits)) as i64) >> (64 - bits)
}

fn ufield(v: u64, bits: u32, i: u32) -> i64 {
    (v >> (bits * i) & ((1 << bits) - 1)) as i64
}

/// Integer dot product of `32 / bits` fields plus `c` (wrapping).
fn idot(a: u64, b: u64, c: u64, bits: u32, signed: bool) -> u64 {
    let field = if signed { sfield } else { ufield };
    let mut acc = c as u32 as i32 as i64;
    for i in 0..32 / bits {
        acc = acc.wrapping_add(field(a, bits, i) * field(b, bits, i));
    }
    acc as u32 as u64
}

/// Opcodes added in the second pass (16-bit integer, SAD, dot products,
/// f16 transcendentals, fp8 conversions, more SALU bit ops).
fn more_semantics(name: &str) -> Sem {
    Some(match name {
        "v_min_i16" => (
            |e| e.valu(Fk::Int, |[a, b]| (a as i16).min(b as i16) as u16 as u64),
            0,
        ),
        "v_max_i16" => (
            |e| e.valu(Fk::Int, |[a, b]| (a as i16).max(b as i16) as u16 as u64),
            0,
        ),
        "v_min_u16" => (
            |e| e.valu(Fk::Int, |[a, b]| (a as u16).min(b as u16) as u64),
            0,
        ),
        "v_max_u16" => (
            |e| e.valu(Fk::Int, |[a, b]| (a as u16).max(b as u16) as u64),
            0,
        ),
        "v_min3_i16" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    (a as i16).min(b as i16).min(c as i16) as u16 as u64
                })
            },
            0,
        ),
        "v_max3_i16" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    (a as i16).max(b as i16).max(c as i16) as u16 as u64
                })
            },
            0,
        ),
        "v_min3_u16" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    (a as u16).min(b as u16).min(c as u16) as u64
                })
            },
            0,
        ),
        "v_max3_u16" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    (a as u16).max(b as u16).max(c as u16) as u64
                })
            },
            0,
        ),
        "v_mad_u16" | "v_mad_legacy_u16" => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b, c]| {
                        (a as u16).wrapping_mul(b as u16).wrapping_add(c as u16) as u64
                    })
                })
            },
            0,
        ),
        "v_mad_i16" | "v_mad_legacy_i16" => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b, c]| {
                        (a as i16).wrapping_mul(b as i16).wrapping_add(c as i16) as u16 as u64
                    })
                })
            },
            0,
        ),
        "v_mad_i32_i16" => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b, c]| {
                        (a as i16 as i32)
                            .wrapping_mul(b as i16 as i32)
                            .wrapping_add(c as i32) as u32 as u64
                    })
                })
            },
            0,
        ),
        "v_add_i16" => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b]| (a as u16).wrapping_add(b as u16) as u64)
                })
            },
            0,
        ),
        "v_sub_i16" => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b]| (a as u16).wrapping_sub(b as u16) as u64)
                })
            },
            0,
        ),
        "v_add_i32" => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b]| (a as u32).wrapping_add(b as u32) as u64)
                })
            },
            0,
        ),
        "v_sub_i32" => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b]| (a as u32).wrapping_sub(b as u32) as u64)
                })
            },
            0,
        ),
        // Sums of absolute differences ([CDNA3] VOP3 table).
        "v_sad_u8" => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b, c]| {
                        (sad8(a, b) as u32).wrapping_add(c as u32) as u64
                    })
                })
            },
            0,
        ),
        "v_sad_hi_u8" => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b, c]| {
                        ((sad8(a, b) as u32) << 16).wrapping_add(c as u32) as u64
                    })
                })
            },
            0,
        ),
        "v_sad_u16" => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b, c]| {
                        let d = (a & 0xffff).abs_diff(b & 0xffff)
                            + (a >> 16 & 0xffff).abs_diff(b >> 16 & 0xffff);
                        (d as u32).wrapping_add(c as u32) as u64
                    })
                })
            },
            0,
        ),
        // Per byte (a + b + the byte's low bit of c) / 2.
        "v_lerp_u8" => (
            |e| {
                e.valu(Fk::Int, |[a, b, c]| {
                    let (x, y, z) = (lanes8(a), lanes8(b), lanes8(c));
                    (0..4)
                        .map(|i| ((x[i] + y[i] + (z[i] & 1)) >> 1) << (8 * i))
                        .sum()
                })
            },
            0,
        ),
        // Dot products, summed exactly in integers / f32 in order.
        "v_dot2_i32_i16" => (
            |e| {
                plain_dot(e)?;
                e.valu(Fk::Int, |[a, b, c]| idot(a, b, c, 16, true))
            },
            0,
        ),
        "v_dot2_u32_u16" => (
            |e| {
                plain_dot(e)?;
                e.valu(Fk::Int, |[a, b, c]| idot(a, b, c, 16, false))
            },
            0,
        ),
        "v_dot4_i32_i8" => (
            |e| {
                plain_dot(e)?;
                e.valu(Fk::Int, |[a, b, c]| idot(a, b, c, 8, true))
            },
            0,
        ),
        "v_dot4_u32_u8" => (
            |e| {
                plain_dot(e)?;
                e.valu(Fk::Int, |[a, b, c]| idot(a, b, c, 8, false))
            },
            0,
        ),
        "v_dot8_i32_i4" => (
            |e| {
                plain_dot(e)?;
                e.valu(Fk::Int, |[a, b, c]| idot(a, b, c, 4, true))
            },
            0,
        ),
        "v_dot8_u32_u4" => (
            |e| {
                plain_dot(e)?;
                e.valu(Fk::Int, |[a, b, c]| idot(a, b, c, 4, false))
            },
            0,
        ),
        // VOP2 accumulating forms: the destination is the addend.
        "v_dot2c_i32_i16" => (
            |e| e.valu_at(0, [1, 2, 0], Fk::Int, |[a, b, c]| idot(a, b, c, 16, true)),
            0,
        ),
        "v_dot4c_i32_i8" => (
            |e| e.valu_at(0, [1, 2, 0], Fk::Int, |[a, b, c]| idot(a, b, c, 8, true)),
            0,
        ),
        "v_dot8c_i32_i4" => (
            |e| e.valu_at(0, [1, 2, 0], Fk::Int, |[a, b, c]| idot(a, b, c, 4, true)),
            0,
        ),
        // f16 transcendentals: computed in f64, rounded once (within the
        // documented 1 ULP).
        "v_exp_f16" => (|e| e.valu(Fk::F16, |[x]| bh64((h(x) as f64).exp2())), 0),
        "v_log_f16" => (|e| e.valu(Fk::F16, |[x]| bh64((h(x) as f64).log2())), 0),
        "v_rsq_f16" => (
            |e| e.valu(Fk::F16, |[x]| bh64(1.0 / (h(x) as f64).sqrt())),
            0,
        ),
        "v_sin_f16" => (
            |e| {
                e.valu(Fk::F16, |[x]| {
                    bh64((h(x) as f64 * std::f64::consts::TAU).sin())
                })
            },
            0,
        ),
        "v_cos_f16" => (
            |e| {
                e.valu(Fk::F16, |[x]| {
                    bh64((h(x) as f64 * std::f64::consts::TAU).cos())
                })
            },
            0,
        ),
        // gfx942 fp8 / bf8 (FNUZ) to f32: byte 0 (SDWA selects others).
        "v_cvt_f32_fp8" => (
            |e| {
                if e.inst.mods.op_sel != 0 {
                    return Err(e.unsupported());
                }
                e.valu(Fk::Int, |[x]| b(crate::matrix::fnuz8(x as u8, 3, 8)))
            },
            0,
        ),
        "v_cvt_f32_bf8" => (
            |e| {
                if e.inst.mods.op_sel != 0 {
                    return Err(e.unsupported());
                }
                e.valu(Fk::Int, |[x]| b(crate::matrix::fnuz8(x as u8, 2, 16)))
            },
            0,
        ),
        // SALU bit operations.
        "s_bcnt0_i32_b32" => (
            |e| {
                e.salu(|[a], _| {
                    let r = (a as u32).count_zeros();
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        "s_bcnt0_i32_b64" => (
            |e| {
                e.salu(|[a], _| {
                    let r = a.count_zeros();
                    (r as u64, Some(r != 0))
                })
            },
            0,
        ),
        "s_ff0_i32_b32" => (
            |e| {
                e.salu(|[a], _| {
                    let r = if a as u32 == u32::MAX {
                        u32::MAX
                    } else {
                        (!(a as u32)).trailing_zeros()
                    };
                    (r as u64, None)
                })
            },
            0,
        ),
        "s_ff0_i32_b64" => (
            |e| {
                e.salu(|[a], _| {
                    let r = if a == u64::MAX {
                        u32::MAX
                    } else {
                        (!a).trailing_zeros()
                    };
                    (r as u64, None)
                })
            },
            0,
        ),
        // Bits from the top equal to the sign bit before the first that
        // differs; -1 when all do.
        "s_flbit_i32" => (
            |e| {
                e.salu(|[a], _| {
                    let v = a as u32 as i32;
                    let r = if v == 0 || v == -1 {
                        u32::MAX
                    } else {
                        ((v ^ (v >> 31)) as u32).leading_zeros()
                    };
                    (r as u64, None)
                })
            },
            0,
        ),
        "s_flbit_i32_i64" => (
            |e| {
                e.salu(|[a], _| {
                    let v = a as i64;
                    let r = if v == 0 || v == -1 {
                        u32::MAX
                    } else {
                        ((v ^ (v >> 63)) as u64).leading_zeros()
                    };
                    (r as u64, None)
                })
            },
            0,
        ),
        // Whole-quad mode: every quad with any bit set becomes all set.
        "s_wqm_b32" | "s_wqm_b64" => (
            |e| {
                e.salu(|[a], _| {
                    let mut r = 0u64;
                    for q in 0..16 {
                        if a >> (4 * q) & 0xf != 0 {
                            r |= 0xf << (4 * q);
                        }
                    }
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        // One bit per quad of the source.
        "s_quadmask_b32" | "s_quadmask_b64" => (
            |e| {
                e.salu(|[a], _| {
                    let mut r = 0u64;
                    for q in 0..16 {
                        if a >> (4 * q) & 0xf != 0 {
                            r |= 1 << q;
                        }
                    }
                    (r, Some(r != 0))
                })
            },
            0,
        ),
        "s_bitreplicate_b64_b32" => (
            |e| {
                e.salu(|[a], _| {
                    let mut r = 0u64;
                    for i in 0..32 {
                        if a >> i & 1 != 0 {
                            r |= 3 << (2 * i);
                        }
                    }
                    (r, None)
                })
            },
            0,
        ),
        "s_bitset0_b64" | "s_bitset1_b64" => (
            |e: &mut Exec| {
                let Operand::Reg { code, .. } = e.op(0)? else {
                    return Err(e.unsupported());
                };
                let d = e.sread(code, 2)?;
                let set = e.aux == 1;
                e.salu(move |[a], _| {
                    let bit = 1u64 << (a & 63);
                    (if set { d | bit } else { d & !bit }, None)
                })
            },
            (name == "s_bitset1_b64") as u32,
        ),
        // GFX11 16-bit select (true16 halves; neg/abs act on the f16 sign).
        "v_cndmask_b16" => (
            |e| {
                e.valu_mask(
                    Some(0),
                    MaskDst::None,
                    [1, 2],
                    Some(3),
                    Fk::F16,
                    |[a, b], c| (if c { b } else { a } & 0xffff, false),
                )
            },
            0,
        ),
        // f16 pair dot product into f32: exact products, summed in f64 and
        // rounded once (exact whenever the f32 result is).
        "v_dot2_f32_f16" => (
            |e| {
                plain_dot(e)?;
                e.valu(Fk::Int, |[a, b, c]| fdot2(a, b, c))
            },
            0,
        ),
        "v_dot2c_f32_f16" | "v_dot2acc_f32_f16" => (
            |e| e.valu_at(0, [1, 2, 0], Fk::Int, |[a, b, c]| fdot2(a, b, c)),
            0,
        ),
        // GFX11 mixed-sign dots: neg_lo[0] / neg_lo[1] make A / B signed.
        "v_dot4_i32_iu8" => (iu_dot, 8),
        "v_dot8_i32_iu4" => (iu_dot, 4),
        // Packed 16-bit integer ops (VOP3P, op_sel picks the halves).
        "v_pk_add_i16" => (
            |e| {
                no_clamp(e, |e| {
                    e.pk16(|x, y, _| (x as u16).wrapping_add(y as u16) as u64)
                })
            },
            0,
        ),
        "v_pk_sub_i16" => (
            |e| {
                no_clamp(e, |e| {
                    e.pk16(|x, y, _| (x as u16).wrapping_sub(y as u16) as u64)
                })
            },
            0,
        ),
        "v_pk_max_i16" => (
            |e| e.pk16(|x, y, _| (x as i16).max(y as i16) as u16 as u64),
            0,
        ),
        "v_pk_min_i16" => (
            |e| e.pk16(|x, y, _| (x as i16).min(y as i16) as u16 as u64),
            0,
        ),
        "v_pk_max_u16" => (|e| e.pk16(|x, y, _| (x as u16).max(y as u16) as u64), 0),
        "v_pk_min_u16" => (|e| e.pk16(|x, y, _| (x as u16).min(y as u16) as u64), 0),
        "v_pk_lshlrev_b16" => (|e| e.pk16(|x, y, _| ((y as u16) << (x & 15)) as u64), 0),
        "v_pk_lshrrev_b16" => (|e| e.pk16(|x, y, _| ((y as u16) >> (x & 15)) as u64), 0),
        "v_pk_ashrrev_i16" => (
            |e| e.pk16(|x, y, _| ((y as i16) >> (x & 15)) as u16 as u64),
            0,
        ),
        "v_pk_mad_u16" => (
            |e| {
                no_clamp(e, |e| {
                    e.pk16(|x, y, z| {
                        (x as u16).wrapping_mul(y as u16).wrapping_add(z as u16) as u64
                    })
                })
            },
            0,
        ),
        "v_pk_mad_i16" => (
            |e| {
                no_clamp(e, |e| {
                    e.pk16(|x, y, z| {
                        (x as u16).wrapping_mul(y as u16).wrapping_add(z as u16) as u64
                    })
                })
            },
            0,
        ),
        // GFX11 names of the signed adds (no clamp: wrapping).
        "v_add_nc_i32" => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b]| (a as u32).wrapping_add(b as u32) as u64)
                })
            },
            0,
        ),
        "v_sub_nc_i32" => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b]| (a as u32).wrapping_sub(b as u32) as u64)
                })
            },
            0,
        ),
        "v_add_nc_i16" => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b]| (a as u16).wrapping_add(b as u16) as u64)
                })
            },
            0,
        ),
        "v_sub_nc_i16" => (
            |e| {
                no_clamp(e, |e| {
                    e.valu(Fk::Int, |[a, b]| (a as u16).wrapping_sub(b as u16) as u64)
                })
            },
            0,
        ),
        "v_and_b16" => (|e| e.valu(Fk::Int, |[a, b]| a & b & 0xffff), 0),
        "v_or_b16" => (|e| e.valu(Fk::Int, |[a, b]| (a | b) & 0xffff), 0),
        "v_xor_b16" => (|e| e.valu(Fk::Int, |[a, b]| (a ^ b) & 0xffff), 0),
        "v_not_b16" => (|e| e.valu(Fk::Int, |[a]| !a & 0xffff), 0),
        "v_swap_b32" => (swap_b32, 0),
        "v_permlane16_b32" => (permlane16, 0),
        "v_permlanex16_b32" => (permlane16, 1),
        "v_permlane64_b32" => (permlane64, 0),
        "v_fma_mix_f32" => (fma_mix, 0),
        "v_fma_mixlo_f16" => (fma_mix, 1),
        "v_fma_mixhi_f16" => (fma_mix, 2),
        "v_pack_b32_f16" => (pack_b32_f16, 0),
        _ => return None,
    })
}

fn fdot2(x: u64, y: u64, c: u64) -> u64 {
    let p = |i: u32| h(x >> (16 * i)) as f64 * h(y >> (16 * i)) as f64;
    b(((p(0) + p(1)) + f(c) as f64) as f32)
}

fn iu_dot(e: &mut Exec) -> Result<()> {
    let m = e.inst.mods;
    if m.clamp || m.neg & !3 != 0 || m.abs != 0 || m.op_sel != 0 {
        return Err(e.unsupported());
    }
    let (sa, sb, bits) = (m.neg & 1 != 0, m.neg & 2 != 0, e.aux);
    e.valu(Fk::Int, move |[a, b, c]| {
        let fa = if sa { sfield } else { ufield };
        let fb = if sb { sfield } else { ufield };
        let mut acc = c as u32 as i32 as i64;
        for i in 0..32 / bits {
            acc = acc.wrapping_add(fa(a, bits, i) * fb(b, bits, i));
        }
        acc as u32 as u64
    })
}

/// `v_swap_b32 vdst, vsrc`: exchange two VGPRs in the active lanes.
fn swap_b32(e: &mut Exec) -> Result<()> {
    let exec = e.w.exec();
    let ws = e.w.wave_size;
    if e.inst.mods.variant != silk_amdgpu::isa::Variant::Native {
        return Err(e.unsupported());
    }
    let a = e.vsrc(0, exec)?;
    let b = e.vsrc(1, exec)?;
    let (Src::V(x, false), Src::V(y, false)) = (a, b) else {
        return Err(e.unsupported());
    };
    e.check_vgpr(false, x / ws, 1, 0, true)?;
    let mut m = exec;
    while m != 0 {
        let l = m.trailing_zeros() as usize;
        m &= m - 1;
        e.w.vgpr.swap(x + l, y + l);
    }
    e.stats.lane_ops += exec.count_ones() as u64;
    Ok(())
}

/// `v_permlane16_b32` (aux 0) / `v_permlanex16_b32` (aux 1), RDNA3 ISA
/// VOP3: lane l reads lane `sel` of its row of 16 (permlanex16: of the
/// other row of its 32-lane half), `sel` the 4-bit field `l % 16` of
/// {src2, src1}. An inactive source lane is read anyway with op_sel[0]
/// (FI); otherwise the result is 0 with op_sel[1] (BC), else the lane keeps
/// its old value.
fn permlane16(e: &mut Exec) -> Result<()> {
    let exec = e.w.exec();
    let ws = e.w.wave_size;
    let (fi, bc) = (e.inst.mods.op_sel & 1 != 0, e.inst.mods.op_sel & 2 != 0);
    if e.inst.mods.op_sel & !3 != 0 || e.inst.mods.neg | e.inst.mods.abs != 0 {
        return Err(e.unsupported());
    }
    let sel = e.sval(2)? & 0xffff_ffff | (e.sval(3)? & 0xffff_ffff) << 32;
    // The source may be read in any lane: check the whole register.
    let src = e.vsrc(1, if fi { e.w.lane_mask() } else { exec })?;
    let d = e.vdst(0)?;
    let mut out = Vec::with_capacity(ws);
    let mut m = exec;
    while m != 0 {
        let l = m.trailing_zeros() as usize;
        m &= m - 1;
        let row = if e.aux == 1 { (l & !15) ^ 16 } else { l & !15 };
        let from = row + (sel >> (4 * (l % 16)) & 15) as usize;
        let v = if fi || exec >> from & 1 != 0 {
            Some(e.lane(src, from))
        } else if bc {
            Some(0)
        } else {
            None
        };
        out.push((l, v));
    }
    let mut written = 0u64;
    for (l, v) in out {
        if let Some(v) = v {
            e.vwrite(d, l, v);
            written |= 1 << l;
        }
    }
    e.mark_written(d, written);
    e.stats.lane_ops += exec.count_ones() as u64;
    Ok(())
}

/// `v_permlane64_b32` (wave64): lane l reads lane l ^ 32 of the other
/// half, active or not.
fn permlane64(e: &mut Exec) -> Result<()> {
    let ws = e.w.wave_size;
    let exec = e.w.exec();
    if ws != 64 {
        return Err(e.unsupported());
    }
    let src = e.vsrc(1, e.w.lane_mask())?;
    let d = e.vdst(0)?;
    let vals: Vec<u64> = (0..ws).map(|l| e.lane(src, l ^ 32)).collect();
    let mut m = exec;
    while m != 0 {
        let l = m.trailing_zeros() as usize;
        m &= m - 1;
        e.vwrite(d, l, vals[l]);
    }
    e.mark_written(d, exec);
    e.stats.lane_ops += exec.count_ones() as u64;
    Ok(())
}

/// f16 from f64 with one rounding: to f32 rounding to odd (the sticky bit
/// keeps a later tie honest), then to f16 to nearest even.
fn f16_from_f64(x: f64) -> u16 {
    let t = x as f32;
    if t as f64 == x || !t.is_finite() {
        return f16_from_f32(t);
    }
    let mut bits = t.to_bits();
    if (t as f64).abs() > x.abs() {
        bits -= 1;
    }
    f16_from_f32(f32::from_bits(bits | 1))
}

/// `v_fma_mix*` (CDNA3 ISA VOP3P): each source is f32, or (op_sel_hi bit
/// set) the f16 half op_sel picks; neg/abs per source; one fused
/// multiply-add; the f32 result (aux 0) or an f16 into the low (1) or
/// high (2) half, the other half kept.
fn fma_mix(e: &mut Exec) -> Result<()> {
    let exec = e.w.exec();
    let ws = e.w.wave_size;
    let m = e.inst.mods;
    let s = [e.vsrc(1, exec)?, e.vsrc(2, exec)?, e.vsrc(3, exec)?];
    let d = e.vdst(0)?;
    if d.0 || d.3 != 0 {
        return Err(e.unsupported());
    }
    let mut mm = exec;
    while mm != 0 {
        let l = mm.trailing_zeros() as usize;
        mm &= mm - 1;
        let v: [f64; 3] = std::array::from_fn(|j| {
            let raw = e.lane(s[j], l);
            let mut x = if m.op_sel_hi >> j & 1 != 0 {
                let half = if m.op_sel >> j & 1 != 0 {
                    raw >> 16
                } else {
                    raw
                };
                f16_to_f32(half as u16) as f64
            } else {
                f32::from_bits(raw as u32) as f64
            };
            if m.abs >> j & 1 != 0 {
                x = x.abs();
            }
            if m.neg >> j & 1 != 0 {
                x = -x;
            }
            x
        });
        // Every source value is an f32: fma32 rounds the f32 result once;
        // f16 results round the f64 fused result (exact product, one f64
        // rounding of the sum) to f16 once more.
        let clamp = |x: f64| if x.is_nan() { 0.0 } else { x.clamp(0.0, 1.0) };
        let r = if e.aux == 0 {
            fma32(v[0] as f32, v[1] as f32, v[2] as f32) as f64
        } else {
            fma64(v[0], v[1], v[2])
        };
        let r = if m.clamp { clamp(r) } else { r };
        let i = d.1 * ws + l;
        let old = e.w.vgpr[i];
        e.w.vgpr[i] = match e.aux {
            0 => (r as f32).to_bits(),
            1 => (old & 0xffff_0000) | f16_from_f64(r) as u32,
            _ => (old & 0xffff) | (f16_from_f64(r) as u32) << 16,
        };
    }
    e.mark_written(d, exec);
    e.stats.lane_ops += exec.count_ones() as u64;
    Ok(())
}

/// `v_pack_b32_f16`: D = {src1.f16, src0.f16}, each the half op_sel picks
/// (GFX9) or the true16 half named (GFX11), with neg/abs.
fn pack_b32_f16(e: &mut Exec) -> Result<()> {
    let m = e.inst.mods;
    if m.clamp || m.omod != 0 {
        return Err(e.unsupported());
    }
    let gfx9 = e.k.gen == Generation::Gfx9;
    e.valu(Fk::Int, move |[a, b]| {
        let pick = |v: u64, j: u32| {
            let mut x = if gfx9 && m.op_sel >> j & 1 != 0 {
                v >> 16 & 0xffff
            } else {
                v & 0xffff
            };
            if m.abs >> j & 1 != 0 {
                x &= 0x7fff;
            }
            if m.neg >> j & 1 != 0 {
                x ^= 0x8000;
            }
            x
        };
        pick(a, 0) | pick(b, 1) << 16
    })
}

fn bfm64(e: &mut Exec) -> Result<()> {
    e.salu(|[a, b], _| ((((1u128 << (a & 63)) - 1) as u64) << (b & 63), None))
}

fn i24(a: u64) -> i64 {
    ((a as u32) << 8) as i32 as i64 >> 8
}

fn rtz16(x: f32) -> u64 {
    // Round toward zero: truncate the f32 toward zero at f16 precision.
    let r = f16_from_f32(x);
    let back = f16_to_f32(r);
    if x.is_finite() && (back.is_infinite() || back.abs() > x.abs()) {
        (r - 1) as u64
    } else {
        r as u64
    }
}

fn perm(a: u32, b: u32, sel: u32) -> u32 {
    let bytes = (b as u64 | (a as u64) << 32).to_le_bytes();
    let mut out = 0u32;
    for i in 0..4 {
        let s = (sel >> (8 * i)) & 0xff;
        let v: u32 = match s {
            0..=7 => bytes[s as usize] as u32,
            8 => {
                if bytes[1] & 0x80 != 0 {
                    0xff
                } else {
                    0
                }
            }
            9 => {
                if bytes[3] & 0x80 != 0 {
                    0xff
                } else {
                    0
                }
            }
            10 => {
                if bytes[5] & 0x80 != 0 {
                    0xff
                } else {
                    0
                }
            }
            11 => {
                if bytes[7] & 0x80 != 0 {
                    0xff
                } else {
                    0
                }
            }
            12 => 0,
            _ => 0xff,
        };
        out |= v << (8 * i);
    }
    out
}

fn div_fmas32(e: &mut Exec) -> Result<()> {
    // VCC: a fifth operand if the form lists it, else implicit (READS_VCC).
    let vcc = Some(4);
    e.valu_mask(
        Some(0),
        MaskDst::None,
        [1, 2, 3],
        vcc,
        Fk::F32,
        |[x, y, z], c| {
            let r = fma32(f(x), f(y), f(z));
            (b(if c { ldexp32(r, 32) } else { r }), false)
        },
    )
}

fn div_fmas64(e: &mut Exec) -> Result<()> {
    // VCC: a fifth operand if the form lists it, else implicit (READS_VCC).
    let vcc = Some(4);
    e.valu_mask(
        Some(0),
        MaskDst::None,
        [1, 2, 3],
        vcc,
        Fk::F64,
        |[x, y, z], c| {
            let r = fma64(d(x), d(y), d(z));
            (bd(if c { ldexp64(r, 64) } else { r }), false)
        },
    )
}

fn pk_mov(e: &mut Exec) -> Result<()> {
    // v_pk_mov_b32 vdst[2], src0[2], src1[2] op_sel: lo from src0.(op_sel[0]),
    // hi from src1.(op_sel[1]).
    let sel = e.inst.mods.op_sel;
    e.lenient = true;
    e.valu(Fk::Int, move |[a, b]| {
        let lo = if sel & 1 != 0 {
            a >> 32
        } else {
            a & 0xffff_ffff
        };
        let hi = if sel & 2 != 0 {
            b >> 32
        } else {
            b & 0xffff_ffff
        };
        lo | hi << 32
    })
}

impl Exec<'_> {
    fn mask_of_vcc(&mut self) -> Result<u64> {
        let n = if self.w.wave_size == 64 { 2 } else { 1 };
        let v = self.sread(106, n)?;
        Ok(v & self.w.lane_mask())
    }

    fn sval_dst32(&mut self) -> Result<u32> {
        match self.op(0)? {
            Operand::Reg { code, .. } => Ok(self.sread(code, 1)? as u32),
            _ => Err(self.unsupported()),
        }
    }

    /// Packed 16-bit VOP3P: each half selected by op_sel / op_sel_hi, with
    /// neg_lo (`neg`) / neg_hi (`abs`) for float ops.
    #[allow(clippy::needless_range_loop)]
    fn pk16(&mut self, f: impl Fn(u64, u64, u64) -> u64) -> Result<()> {
        let m = self.inst.mods;
        let n = self.inst.num_operands as usize - 1;
        let float = matches!(
            self.ty(1),
            silk_amdgpu::isa::Ty::V2F16 | silk_amdgpu::isa::Ty::V2F16Splat
        );
        let exec = self.w.exec();
        let mut s = [Src::Uniform(0); 3];
        for j in 0..n.min(3) {
            s[j] = self.vsrc(j + 1, exec)?;
        }
        let dst = self.vdst(0)?;
        let mut mm = exec;
        while mm != 0 {
            let l = mm.trailing_zeros() as usize;
            mm &= mm - 1;
            let mut lo = [0u64; 3];
            let mut hi = [0u64; 3];
            for j in 0..n.min(3) {
                let v = self.lane(s[j], l);
                let pick = |sel: bool| if sel { v >> 16 & 0xffff } else { v & 0xffff };
                lo[j] = pick(m.op_sel >> j & 1 != 0);
                hi[j] = pick(m.op_sel_hi >> j & 1 != 0);
                if float {
                    if m.neg >> j & 1 != 0 {
                        lo[j] ^= 0x8000;
                    }
                    if m.abs >> j & 1 != 0 {
                        hi[j] ^= 0x8000;
                    }
                }
            }
            let rl = f(lo[0], lo[1], lo[2]) & 0xffff;
            let rh = f(hi[0], hi[1], hi[2]) & 0xffff;
            self.vwrite(dst, l, rl | rh << 16);
        }
        self.mark_written(dst, exec);
        self.stats.lane_ops += 2 * exec.count_ones() as u64;
        Ok(())
    }

    /// Packed f32 pairs (gfx942 `v_pk_*_f32`).
    #[allow(clippy::needless_range_loop)]
    fn pk32(&mut self, f: impl Fn(u64, u64, u64) -> u64) -> Result<()> {
        let m = self.inst.mods;
        let n = self.inst.num_operands as usize - 1;
        let exec = self.w.exec();
        let mut s = [Src::Uniform(0); 3];
        for j in 0..n.min(3) {
            s[j] = self.vsrc(j + 1, exec)?;
        }
        let dst = self.vdst(0)?;
        let mut mm = exec;
        while mm != 0 {
            let l = mm.trailing_zeros() as usize;
            mm &= mm - 1;
            let mut lo = [0u64; 3];
            let mut hi = [0u64; 3];
            for j in 0..n.min(3) {
                let v = self.lane(s[j], l);
                let pick = |sel: bool| if sel { v >> 32 } else { v & 0xffff_ffff };
                lo[j] = pick(m.op_sel >> j & 1 != 0);
                hi[j] = pick(m.op_sel_hi >> j & 1 != 0);
                if m.neg >> j & 1 != 0 {
                    lo[j] ^= 0x8000_0000;
                }
                if m.abs >> j & 1 != 0 {
                    hi[j] ^= 0x8000_0000;
                }
            }
            let r = f(lo[0], lo[1], lo[2]) & 0xffff_ffff | f(hi[0], hi[1], hi[2]) << 32;
            self.vwrite(dst, l, r);
        }
        self.mark_written(dst, exec);
        self.stats.lane_ops += 2 * exec.count_ones() as u64;
        Ok(())
    }
}

/// Memory instruction semantics, by family and mnemonic.
fn memory_semantics(name: &str, family: Family) -> Sem {
    if matches!(family, Family::Mubuf | Family::Mtbuf) {
        if let Some(s) = crate::buffer::semantics(name, family) {
            return Some(s);
        }
    }
    let vmem = matches!(family, Family::Flat | Family::Global | Family::Scratch);
    if family == Family::Smem {
        let n = match name {
            "s_load_dword" | "s_load_b32" | "s_buffer_load_dword" | "s_buffer_load_b32" => 1,
            "s_load_dwordx2" | "s_load_b64" | "s_buffer_load_dwordx2" | "s_buffer_load_b64" => 2,
            "s_load_dwordx4" | "s_load_b128" | "s_buffer_load_dwordx4" | "s_buffer_load_b128" => 4,
            "s_load_dwordx8" | "s_load_b256" | "s_buffer_load_dwordx8" | "s_buffer_load_b256" => 8,
            "s_load_dwordx16" | "s_load_b512" | "s_buffer_load_dwordx16" | "s_buffer_load_b512" => {
                16
            }
            "s_dcache_inv" | "s_dcache_wb" | "s_gl1_inv" | "s_dcache_inv_vol"
            | "s_dcache_wb_vol" => return hx!(0, nop),
            "s_memtime" | "s_memrealtime" => return None,
            _ => return None,
        };
        let buf = if name.starts_with("s_buffer") { BUF } else { 0 };
        return hx!(n | buf, |e: &mut Exec| e.smem_load());
    }
    if vmem {
        // Strip the segment prefix; the rest names the operation.
        let op = name.split_once('_').map(|(_, r)| r)?;
        return match load_store_aux(op) {
            Some((true, aux)) => hx!(aux, |e: &mut Exec| e.vmem_load()),
            Some((false, aux)) => hx!(aux, |e: &mut Exec| e.vmem_store()),
            None => {
                let a = op.strip_prefix("atomic_")?;
                let (at, wide) = vmem_atomic_kind(a)?;
                hx!(at as u32 | if wide { WIDE } else { 0 }, |e: &mut Exec| e
                    .vmem_atomic())
            }
        };
    }
    if family == Family::Ds {
        let read = |aux: u32| hx!(aux, |e: &mut Exec| e.ds_read());
        let write = |aux: u32| hx!(aux, |e: &mut Exec| e.ds_write());
        return match name {
            "ds_read_b32" | "ds_load_b32" => read(4),
            "ds_read_b64" | "ds_load_b64" => read(8),
            "ds_read_b96" | "ds_load_b96" => read(12),
            "ds_read_b128" | "ds_load_b128" => read(16),
            "ds_read_u8" | "ds_load_u8" => read(1),
            "ds_read_i8" | "ds_load_i8" => read(1 | SIGN),
            "ds_read_u16" | "ds_load_u16" => read(2),
            "ds_read_i16" | "ds_load_i16" => read(2 | SIGN),
            "ds_read_u16_d16" | "ds_load_u16_d16" => read(2 | D16),
            "ds_read_u16_d16_hi" | "ds_load_u16_d16_hi" => read(2 | D16_HI),
            "ds_write_b32" | "ds_store_b32" => write(4),
            "ds_write_b64" | "ds_store_b64" => write(8),
            "ds_write_b96" | "ds_store_b96" => write(12),
            "ds_write_b128" | "ds_store_b128" => write(16),
            "ds_write_b8" | "ds_store_b8" => write(1),
            "ds_write_b16" | "ds_store_b16" => write(2),
            "ds_write_b8_d16_hi" | "ds_store_b8_d16_hi" => write(1 | D16_HI),
            "ds_write_b16_d16_hi" | "ds_store_b16_d16_hi" => write(2 | D16_HI),
            "ds_read2_b32" | "ds_load_2addr_b32" => hx!(4, |e: &mut Exec| e.ds_read2()),
            "ds_read2_b64" | "ds_load_2addr_b64" => hx!(8, |e: &mut Exec| e.ds_read2()),
            "ds_read2st64_b32" | "ds_load_2addr_stride64_b32" => {
                hx!(4 | ST64, |e: &mut Exec| e.ds_read2())
            }
            "ds_read2st64_b64" | "ds_load_2addr_stride64_b64" => {
                hx!(8 | ST64, |e: &mut Exec| e.ds_read2())
            }
            "ds_write2_b32" | "ds_store_2addr_b32" => hx!(4, |e: &mut Exec| e.ds_write2()),
            "ds_write2_b64" | "ds_store_2addr_b64" => hx!(8, |e: &mut Exec| e.ds_write2()),
            "ds_write2st64_b32" | "ds_store_2addr_stride64_b32" => {
                hx!(4 | ST64, |e: &mut Exec| e.ds_write2())
            }
            "ds_write2st64_b64" | "ds_store_2addr_stride64_b64" => {
                hx!(8 | ST64, |e: &mut Exec| e.ds_write2())
            }
            "ds_bpermute_b32" => hx!(0, |e: &mut Exec| e.ds_permute()),
            "ds_permute_b32" => hx!(1, |e: &mut Exec| e.ds_permute()),
            "ds_swizzle_b32" => hx!(0, |e: &mut Exec| e.ds_swizzle()),
            "ds_nop" => hx!(0, nop),
            _ => {
                let a = name.strip_prefix("ds_")?;
                let (a, rtn) = match a
                    .strip_suffix("_rtn_u32")
                    .map(|r| (r, "_u32"))
                    .or_else(|| a.strip_suffix("_rtn_u64").map(|r| (r, "_u64")))
                    .or_else(|| a.strip_suffix("_rtn_b32").map(|r| (r, "_b32")))
                    .or_else(|| a.strip_suffix("_rtn_b64").map(|r| (r, "_b64")))
                    .or_else(|| a.strip_suffix("_rtn_i32").map(|r| (r, "_i32")))
                    .or_else(|| a.strip_suffix("_rtn_i64").map(|r| (r, "_i64")))
                    .or_else(|| a.strip_suffix("_rtn_f32").map(|r| (r, "_f32")))
                    .or_else(|| a.strip_suffix("_rtn_f64").map(|r| (r, "_f64")))
                {
                    Some((r, sfx)) => (format!("{}{}", r.strip_prefix("").unwrap_or(r), sfx), true),
                    None => (a.to_string(), false),
                };
                let (op, ty) = a.rsplit_once('_')?;
                let (op, ty) = match op.strip_prefix("storexchg").map(|_| ("swap", ty)) {
                    Some(x) => x,
                    None => match op {
                        "wrxchg" => ("swap", ty),
                        "cmpst" => ("cmpst", ty),
                        "cmpstore" => ("cmpswap", ty),
                        o => (o, ty),
                    },
                };
                let wide = matches!(ty, "u64" | "i64" | "b64" | "f64");
                let at = match (op, ty) {
                    ("add", "f32") => Atomic::AddF32,
                    ("add", "f64") => Atomic::AddF64,
                    ("min", "f32") => Atomic::MinF32,
                    ("max", "f32") => Atomic::MaxF32,
                    ("min", "f64") => Atomic::MinF64,
                    ("max", "f64") => Atomic::MaxF64,
                    ("min", "i32" | "i64") => Atomic::SMin,
                    ("max", "i32" | "i64") => Atomic::SMax,
                    ("min", _) => Atomic::UMin,
                    ("max", _) => Atomic::UMax,
                    ("cmpst", _) => Atomic::CmpStore,
                    (o, _) => atomic_kind(o)?,
                };
                hx!(
                    at as u32 | if wide { WIDE } else { 0 } | if rtn { RTN } else { 0 },
                    |e: &mut Exec| e.ds_atomic()
                )
            }
        };
    }
    None
}

pub(crate) fn vmem_atomic_kind(a: &str) -> Option<(Atomic, bool)> {
    if let Some(r) = a.strip_suffix("_x2") {
        let at = atomic_kind(r)?;
        return Some((at, true));
    }
    if let Some((op, ty)) = a.rsplit_once('_') {
        let wide = matches!(ty, "u64" | "i64" | "b64" | "f64");
        let at = match (op, ty) {
            ("min", "i32" | "i64") => Some(Atomic::SMin),
            ("max", "i32" | "i64") => Some(Atomic::SMax),
            ("min", "u32" | "u64") => Some(Atomic::UMin),
            ("max", "u32" | "u64") => Some(Atomic::UMax),
            ("add", "f32") => Some(Atomic::AddF32),
            ("add", "f64") => Some(Atomic::AddF64),
            ("min", "f64") | ("min_num", "f64") => Some(Atomic::MinF64),
            ("max", "f64") | ("max_num", "f64") => Some(Atomic::MaxF64),
            ("min", "f32") | ("min_num", "f32") => Some(Atomic::MinF32),
            ("max", "f32") | ("max_num", "f32") => Some(Atomic::MaxF32),
            (
                "inc" | "dec" | "add" | "sub" | "and" | "or" | "xor" | "swap" | "cmpswap",
                "u32" | "u64" | "b32" | "b64" | "i32" | "i64",
            ) => atomic_kind(op),
            _ => None,
        };
        if let Some(at) = at {
            return Some((at, wide));
        }
    }
    let at = atomic_kind(a)?;
    Some((
        at,
        matches!(at, Atomic::AddF64 | Atomic::MinF64 | Atomic::MaxF64),
    ))
}

fn atomic_kind(a: &str) -> Option<Atomic> {
    Some(match a {
        "swap" => Atomic::Swap,
        "cmpswap" => Atomic::CmpSwap,
        "add" => Atomic::Add,
        "sub" => Atomic::Sub,
        "smin" | "min_i" => Atomic::SMin,
        "umin" | "min_u" => Atomic::UMin,
        "smax" | "max_i" => Atomic::SMax,
        "umax" | "max_u" => Atomic::UMax,
        "and" => Atomic::And,
        "or" => Atomic::Or,
        "xor" => Atomic::Xor,
        "inc" => Atomic::Inc,
        "dec" => Atomic::Dec,
        "add_f32" => Atomic::AddF32,
        "add_f64" => Atomic::AddF64,
        "min_f64" | "fmin_x2" => Atomic::MinF64,
        "max_f64" | "fmax_x2" => Atomic::MaxF64,
        "fmin" | "min_f32" | "min_num_f32" => Atomic::MinF32,
        "fmax" | "max_f32" | "max_num_f32" => Atomic::MaxF32,
        _ => return None,
    })
}

/// Placeholder keeping the DPP/SDWA rejection path in one place.
pub fn reject_variant(e: &mut Exec) -> Result<()> {
    unsupported_form(e)
}

#[allow(dead_code)]
fn _flags_used(f: Flags) -> bool {
    f.has(Flags::VALU)
}

#[allow(dead_code)]
fn _err() -> Error {
    Error::Argument(String::new())
}

/// Whether a FLAT/GLOBAL/SCRATCH or buffer operation (its mnemonic without
/// the segment prefix) loads, and its width and extension bits, for the
/// plain loads and stores.
pub(crate) fn load_store_aux(op: &str) -> Option<(bool, u32)> {
    Some(match op {
        "load_dword" | "load_b32" => (true, 4),
        "load_dwordx2" | "load_b64" => (true, 8),
        "load_dwordx3" | "load_b96" => (true, 12),
        "load_dwordx4" | "load_b128" => (true, 16),
        "load_ubyte" | "load_u8" => (true, 1),
        "load_sbyte" | "load_i8" => (true, 1 | SIGN),
        "load_ushort" | "load_u16" => (true, 2),
        "load_sshort" | "load_i16" => (true, 2 | SIGN),
        "load_short_d16" | "load_d16_b16" => (true, 2 | D16),
        "load_short_d16_hi" | "load_d16_hi_b16" => (true, 2 | D16_HI),
        "load_ubyte_d16" | "load_d16_u8" => (true, 1 | D16),
        "load_ubyte_d16_hi" | "load_d16_hi_u8" => (true, 1 | D16_HI),
        "load_sbyte_d16" | "load_d16_i8" => (true, 1 | SIGN | D16),
        "load_sbyte_d16_hi" | "load_d16_hi_i8" => (true, 1 | SIGN | D16_HI),
        "store_dword" | "store_b32" => (false, 4),
        "store_dwordx2" | "store_b64" => (false, 8),
        "store_dwordx3" | "store_b96" => (false, 12),
        "store_dwordx4" | "store_b128" => (false, 16),
        "store_byte" | "store_b8" => (false, 1),
        "store_short" | "store_b16" => (false, 2),
        "store_byte_d16_hi" | "store_d16_hi_b8" => (false, 1 | D16_HI),
        "store_short_d16_hi" | "store_d16_hi_b16" => (false, 2 | D16_HI),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fma32_matches_the_exact_fma() {
        // A xorshift stream of bit patterns, plus sums built to land exactly
        // halfway between two f32 values in f64 (the double-rounding case).
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..200_000 {
            let r = next();
            let (a, b, c) = (
                f32::from_bits(r as u32),
                f32::from_bits((r >> 32) as u32),
                f32::from_bits(next() as u32),
            );
            let (got, want) = (fma32(a, b, c), fma32_exact(a, b, c));
            assert!(
                got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan()),
                "{a:e} * {b:e} + {c:e}: {got:e} vs {want:e}"
            );
        }
        // a * b = 2^-24 (1 - 2^-46): c + a * b rounds in f64 to exactly
        // halfway between c and its neighbour; the true value is just
        // below it. Naive double rounding gets odd c wrong.
        let a = 1.0 + f32::EPSILON;
        let b = f32::from_bits(0x337f_fffe);
        let mut naive_wrong = 0;
        for _ in 0..20_000 {
            let m = next() as u32 & 0x7f_ffff;
            for c in [
                f32::from_bits(0x3f80_0000 | m),
                -f32::from_bits(0x3f80_0000 | m),
            ] {
                for (a, b) in [(a, b), (-a, b)] {
                    let want = fma32_exact(a, b, c);
                    assert_eq!(
                        fma32(a, b, c).to_bits(),
                        want.to_bits(),
                        "{a:e} {b:e} {c:e}"
                    );
                    naive_wrong += ((a as f64 * b as f64 + c as f64) as f32 != want) as u32;
                }
            }
        }
        assert!(naive_wrong > 1000, "the midpoint case was not exercised");
    }
}
