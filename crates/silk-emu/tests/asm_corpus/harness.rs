//! What every CPU reference of the corpus uses: a launch context over one
//! processor's object, typed buffers, a seeded value stream with edge
//! values, host models of the narrow float formats and of the hardware's
//! min/max, and comparisons that name the first difference.
//!
//! Equality is exact: integers equal, floats equal bit for bit, except
//! that a NaN result only has to be a NaN (its payload and sign are not
//! specified by C, and clang may commute the operands that pick it).

use silk_amdgpu::target::Processor;
use silk_emu::{Arg, Buffer, Emulator};
use std::fmt::Debug;

/// A reference: launches its kernel on `Ctx` with its own inputs and
/// checks every output buffer.
pub type Check = fn(&mut Ctx) -> Result<(), String>;

/// One kernel on one processor: the code object of its source file and a
/// fresh emulator.
pub struct Ctx {
    pub name: &'static str,
    /// The wavefront size the object runs in (64 on gfx942, 32 on GFX11).
    pub ws: usize,
    pub kernel: String,
    pub emu: Emulator,
    obj: Vec<u8>,
}

impl Ctx {
    pub fn new(p: Processor, name: &'static str, ws: usize, kernel: &str, obj: Vec<u8>) -> Ctx {
        Ctx {
            name,
            ws,
            kernel: kernel.to_string(),
            emu: Emulator::new(p),
            obj,
        }
    }

    pub fn gfx942(&self) -> bool {
        self.name == "gfx942"
    }

    pub fn buf<T: Elem>(&mut self, v: &[T]) -> Result<Buffer, String> {
        self.emu
            .alloc_bytes(&to_bytes(v))
            .map_err(|e| e.to_string())
    }

    /// A buffer of `n` copies of `v` (a sentinel for elements the kernel
    /// must leave alone).
    pub fn fill<T: Elem>(&mut self, n: usize, v: T) -> Result<Buffer, String> {
        self.buf(&vec![v; n])
    }

    pub fn read<T: Elem>(&self, b: Buffer) -> Result<Vec<T>, String> {
        let bytes = self.emu.read(b).map_err(|e| e.to_string())?;
        Ok(bytes.chunks_exact(T::SIZE).map(T::get).collect())
    }

    /// Runs this context's kernel.
    pub fn launch(&mut self, grid: [u32; 3], block: [u32; 3], args: &[Arg]) -> Result<(), String> {
        let obj = std::mem::take(&mut self.obj);
        let r = self.emu.launch(&obj, &self.kernel, grid, block, args);
        self.obj = obj;
        r.map(|_| ()).map_err(|e| format!("launch: {e}"))
    }

    /// [`Ctx::launch`] over `n` work-items in 1-D workgroups of `block`.
    pub fn launch_1d(&mut self, n: usize, block: u32, args: &[Arg]) -> Result<(), String> {
        self.launch([n as u32, 1, 1], [block, 1, 1], args)
    }

    /// The common shape `kernel(out, a, b, n = N)` over [`GRID`] work-items
    /// in workgroups of 256, `out` starting as `len` copies of `fill`:
    /// `out` after the run.
    pub fn run_out_a_b<O: Elem, A: Elem, B: Elem>(
        &mut self,
        len: usize,
        fill: O,
        a: &[A],
        b: &[B],
    ) -> Result<Vec<O>, String> {
        let out = self.fill(len, fill)?;
        let (ab, bb) = (self.buf(a)?, self.buf(b)?);
        let args = [Arg::Buffer(out), Arg::Buffer(ab), Arg::Buffer(bb), n_arg(N)];
        self.launch_1d(GRID, 256, &args)?;
        self.read(out)
    }
}

/// A buffer element: its little-endian bytes.
pub trait Elem: Copy + Debug + Same {
    const SIZE: usize;
    fn put(self, out: &mut Vec<u8>);
    fn get(b: &[u8]) -> Self;
}

macro_rules! elem {
    ($($t:ty),*) => {$(
        impl Elem for $t {
            const SIZE: usize = std::mem::size_of::<$t>();
            fn put(self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }
            fn get(b: &[u8]) -> Self {
                <$t>::from_le_bytes(b.try_into().unwrap())
            }
        }
    )*};
}
elem!(u8, i8, u16, i16, u32, i32, u64, i64, f32, f64);

/// An f16 value by its bits.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct H(pub u16);
/// A bf16 value by its bits.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bf(pub u16);

impl Elem for H {
    const SIZE: usize = 2;
    fn put(self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.0.to_le_bytes());
    }
    fn get(b: &[u8]) -> Self {
        H(u16::from_le_bytes(b.try_into().unwrap()))
    }
}
impl Elem for Bf {
    const SIZE: usize = 2;
    fn put(self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.0.to_le_bytes());
    }
    fn get(b: &[u8]) -> Self {
        Bf(u16::from_le_bytes(b.try_into().unwrap()))
    }
}

pub fn to_bytes<T: Elem>(v: &[T]) -> Vec<u8> {
    let mut out = Vec::with_capacity(v.len() * T::SIZE);
    for &x in v {
        x.put(&mut out);
    }
    out
}

/// Equality as the references define it (see the module docs).
pub trait Same {
    fn same(&self, other: &Self) -> bool;
}
macro_rules! same_int {
    ($($t:ty),*) => {$(
        impl Same for $t {
            fn same(&self, other: &Self) -> bool {
                self == other
            }
        }
    )*};
}
same_int!(u8, i8, u16, i16, u32, i32, u64, i64);
impl Same for f32 {
    fn same(&self, o: &Self) -> bool {
        self.to_bits() == o.to_bits() || (self.is_nan() && o.is_nan())
    }
}
impl Same for f64 {
    fn same(&self, o: &Self) -> bool {
        self.to_bits() == o.to_bits() || (self.is_nan() && o.is_nan())
    }
}
impl Same for H {
    fn same(&self, o: &Self) -> bool {
        self.0 == o.0 || (h_is_nan(self.0) && h_is_nan(o.0))
    }
}
impl Same for Bf {
    fn same(&self, o: &Self) -> bool {
        let nan = |b: u16| b & 0x7f80 == 0x7f80 && b & 0x7f != 0;
        self.0 == o.0 || (nan(self.0) && nan(o.0))
    }
}

/// `got` equals `want` element for element ([`Same`]); the error names
/// the first difference and how many there are.
pub fn expect<T: Same + Debug>(what: &str, got: &[T], want: &[T]) -> Result<(), String> {
    if got.len() != want.len() {
        return Err(format!(
            "{what}: {} elements, want {}",
            got.len(),
            want.len()
        ));
    }
    let bad: Vec<usize> = (0..got.len()).filter(|&i| !got[i].same(&want[i])).collect();
    match bad.first() {
        None => Ok(()),
        Some(&i) => Err(format!(
            "{what}[{i}] = {:?}, want {:?} ({} of {} elements differ)",
            got[i],
            want[i],
            bad.len(),
            got.len()
        )),
    }
}

/// The spacing of f32 values at `x` (one ULP), from the binade of `x`
/// rounded to f32; the smallest denormal below the normal range.
pub fn ulp_f32(x: f64) -> f64 {
    let e = (x.abs() as f32).to_bits() >> 23;
    2f64.powi(e.max(1) as i32 - 127 - 23)
}

/// Each `got[i]` within `ulps` ULPs (of the f32 binade of the exact
/// result) plus `abs` of the exact `want[i]`; infinities and NaNs exact.
pub fn expect_near(
    what: &str,
    got: &[f32],
    want: &[f64],
    ulps: f64,
    abs: impl Fn(usize) -> f64,
) -> Result<(), String> {
    for i in 0..want.len() {
        let (g, w) = (got[i], want[i]);
        let ok = if w.is_nan() {
            g.is_nan()
        } else if w.is_infinite() || (w as f32).is_infinite() {
            g as f64 == w || (w as f32) == g
        } else {
            (g as f64 - w).abs() <= ulps * ulp_f32(w) + abs(i)
        };
        if !ok {
            return Err(format!(
                "{what}[{i}] = {g:e} ({:#010x}), want {w:e} within {ulps} ULP",
                g.to_bits()
            ));
        }
    }
    Ok(())
}

/// A deterministic value stream (splitmix64), seeded per reference.
/// `SILK_CORPUS_SEED=k` mixes `k` into every seed: the same references
/// over other inputs (for a longer search than CI's).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        let extra = std::env::var("SILK_CORPUS_SEED").map_or(0, |s| s.parse::<u64>().unwrap_or(0));
        Rng(seed ^ extra.wrapping_mul(0x9e37_79b9_7f4a_7c15))
    }
    pub fn u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    pub fn u32(&mut self) -> u32 {
        self.u64() as u32
    }
    /// Uniform in `lo..=hi`.
    pub fn int(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.u64() % (hi - lo + 1) as u64) as i64
    }
    /// Uniform in `[lo, hi)`, on a 2^-20 grid of the range.
    pub fn float(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * (self.u64() >> 44) as f64 / (1u64 << 20) as f64
    }
    /// Any f32 bit pattern (all classes), weighted toward ordinary values.
    pub fn f32_any(&mut self) -> f32 {
        match self.u32() % 4 {
            0 => f32::from_bits(self.u32()),
            _ => self.float(-1000.0, 1000.0) as f32,
        }
    }
    /// `n` values of `gen`, the edge values first.
    pub fn vec<T: Copy>(&mut self, n: usize, edges: &[T], gen: impl Fn(&mut Rng) -> T) -> Vec<T> {
        (0..n)
            .map(|i| if i < edges.len() { edges[i] } else { gen(self) })
            .collect()
    }
    /// Two operand vectors of `n` values: every pair of edge values first
    /// (`a` takes `edges[i / k]`, `b` takes `edges[i % k]`), then `gen`'s.
    pub fn edge_pairs<T: Copy>(
        &mut self,
        n: usize,
        edges: &[T],
        gen: impl Fn(&mut Rng) -> T,
    ) -> (Vec<T>, Vec<T>) {
        let k = edges.len();
        let mut side = |pick: &dyn Fn(usize) -> usize| -> Vec<T> {
            (0..n)
                .map(|i| if i < k * k { edges[pick(i)] } else { gen(self) })
                .collect()
        };
        let a = side(&|i| i / k);
        let b = side(&|i| i % k);
        (a, b)
    }
}

/// f32 edge values: NaNs (quiet, signalling, negative), infinities,
/// signed zeros, denormals, the normal extremes, ±1.
pub const F32_EDGES: [f32; 16] = [
    f32::NAN,
    f32::from_bits(0x7f80_0001),
    f32::from_bits(0xffc0_1234),
    f32::INFINITY,
    f32::NEG_INFINITY,
    0.0,
    -0.0,
    f32::from_bits(1),
    f32::from_bits(0x8000_0001),
    f32::from_bits(0x007f_ffff),
    f32::MIN_POSITIVE,
    -f32::MIN_POSITIVE,
    f32::MAX,
    f32::MIN,
    1.0,
    -1.0,
];

/// f64 edge values, as [`F32_EDGES`].
pub const F64_EDGES: [f64; 14] = [
    f64::NAN,
    f64::INFINITY,
    f64::NEG_INFINITY,
    0.0,
    -0.0,
    f64::from_bits(1),
    f64::from_bits(0x8000_0000_0000_0001),
    f64::from_bits(0x000f_ffff_ffff_ffff),
    f64::MIN_POSITIVE,
    f64::MAX,
    f64::MIN,
    1.0,
    -1.0,
    1e300,
];

pub const I32_EDGES: [i32; 8] = [0, 1, -1, i32::MIN, i32::MAX, i32::MIN + 1, 2, -2];
pub const I64_EDGES: [i64; 8] = [
    0,
    1,
    -1,
    i64::MIN,
    i64::MAX,
    i64::MIN + 1,
    1 << 32,
    -(1 << 32),
];

/// The hardware's `v_min_*` / `v_max_*` on floats (RDNA3 ISA §16 and
/// CDNA3 ISA §12 pseudocode, IEEE mode, which clang's descriptors set):
/// a NaN operand yields the other operand, and -0 orders below +0.
pub fn hw_min(a: f64, b: f64) -> f64 {
    match (a.is_nan(), b.is_nan()) {
        (true, true) => f64::NAN,
        (true, false) => b,
        (false, true) => a,
        _ if a < b || (a == b && a.is_sign_negative()) => a,
        _ => b,
    }
}

pub fn hw_max(a: f64, b: f64) -> f64 {
    match (a.is_nan(), b.is_nan()) {
        (true, true) => f64::NAN,
        (true, false) => b,
        (false, true) => a,
        _ if a > b || (a == b && a.is_sign_positive()) => a,
        _ => b,
    }
}

pub fn h_is_nan(h: u16) -> bool {
    h & 0x7c00 == 0x7c00 && h & 0x3ff != 0
}

/// An f16 value, exactly.
pub fn h_to_f64(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let (e, m) = ((h >> 10) & 31, (h & 0x3ff) as f64);
    sign * match e {
        0 => m * 2f64.powi(-24),
        31 if m == 0.0 => f64::INFINITY,
        31 => f64::NAN,
        _ => (1024.0 + m) * 2f64.powi(e as i32 - 25),
    }
}

/// `x + tail` (the exact value, `tail` far below `x`'s last bit or 0)
/// rounded to a format with `mant` fraction bits, exponent bias `bias`
/// and largest exponent field `emax`, to nearest even: the encoding's
/// bits below the sign (the sign is the caller's).
fn round_to(x: f64, tail: f64, mant: u32, bias: i32, emax: u32) -> u64 {
    let a = x.abs();
    let tail = if x < 0.0 { -tail } else { tail };
    // The exponent of `a`'s binade, clamped to the denormal binade.
    let e = (((a.to_bits() >> 52) & 0x7ff) as i32 - 1023).max(1 - bias);
    let scaled = a * 2f64.powi(mant as i32 - e);
    let mut q = scaled.floor();
    let rest = scaled - q;
    if rest > 0.5 || (rest == 0.5 && (tail > 0.0 || (tail == 0.0 && q % 2.0 == 1.0))) {
        q += 1.0;
    }
    // q counts units of 2^(e - mant); an encoding's bits are monotonic.
    let (field, frac) = if e == 1 - bias && q < 2f64.powi(mant as i32) {
        (0u64, q as u64)
    } else {
        let q = q as u64;
        let carry = q >> (mant + 1);
        ((e + bias) as u64 + carry, (q >> carry) & ((1 << mant) - 1))
    };
    if field >= emax as u64 {
        (emax as u64) << mant
    } else {
        field << mant | frac
    }
}

/// `x` (+ `tail`, see [`round_to`]) rounded to f16, nearest even.
pub fn h_round(x: f64, tail: f64) -> u16 {
    if x.is_nan() {
        return 0x7e00;
    }
    let sign = if x.is_sign_negative() { 0x8000 } else { 0 };
    if x.is_infinite() {
        return sign | 0x7c00;
    }
    sign | round_to(x, tail, 10, 15, 31) as u16
}

pub fn h(x: f64) -> u16 {
    h_round(x, 0.0)
}

/// f32 to bf16, nearest even, a NaN quieted.
pub fn bf_round(x: f32) -> u16 {
    if x.is_nan() {
        return ((x.to_bits() >> 16) | 0x40) as u16;
    }
    let sign = if x.is_sign_negative() { 0x8000 } else { 0 };
    if x.is_infinite() {
        return sign | 0x7f80;
    }
    sign | round_to(x as f64, 0.0, 7, 127, 255) as u16
}

pub fn bf_to_f32(b: u16) -> f32 {
    f32::from_bits((b as u32) << 16)
}

/// `a + b` exactly as `(sum, error)` (Knuth's two-sum).
pub fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    (s, (a - (s - bb)) + (b - bb))
}

/// f16 `a + b`, one rounding (the sum is exact in f64).
pub fn h_add(a: u16, b: u16) -> u16 {
    h(h_to_f64(a) + h_to_f64(b))
}

/// f16 `fma(a, b, c)`, one rounding: the product is exact in f64, the
/// sum's rounding error decides ties.
pub fn h_fma(a: u16, b: u16, c: u16) -> u16 {
    let p = h_to_f64(a) * h_to_f64(b);
    let (s, e) = two_sum(p, h_to_f64(c));
    if s.is_nan() || s.is_infinite() {
        return h(s);
    }
    h_round(s, e)
}

/// f16 edge values: NaN, infinities, signed zeros, denormals, the
/// largest finite value, ±1.
pub const H_EDGES: [u16; 12] = [
    0x7e00, 0x7c00, 0xfc00, 0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x0400, 0x7bff, 0x3c00, 0xbc00,
];

/// The element-wise launch most kernels share: `N` elements over `GRID`
/// work-items in workgroups of 256, so the last workgroup has idle lanes
/// and the buffers' tail past `N` must stay untouched.
pub const N: usize = 700;
pub const GRID: usize = 768;

/// `f(i)` for `i < n`, `sentinel` (what the kernel must leave) up to `len`.
pub fn tail<T: Copy>(n: usize, len: usize, sentinel: T, f: impl FnMut(usize) -> T) -> Vec<T> {
    let mut v: Vec<T> = (0..n).map(f).collect();
    v.resize(len, sentinel);
    v
}

/// An i32 as the kernel argument of that name.
pub fn n_arg(n: usize) -> silk_emu::Arg {
    silk_emu::Arg::I32(n as i32)
}
