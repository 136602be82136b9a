//! The kernel corpus: `.sir` kernels with deterministic inputs, a launch
//! setup and expected outputs computed by plain Rust.
//!
//! Each [`CorpusKernel`] names a file under `silk-gpu-ir/tests/kernels/` (its text is
//! embedded) whose kernel has the same name as the file. [`CorpusKernel::case`]
//! builds a [`Case`]: the launch geometry, the initial contents of every
//! buffer, the kernel arguments ([`Arg::Buffer`]`(i)` is the address of
//! buffer `i`) and the expected contents of the output buffers with a
//! tolerance. A backend test runs the same case on compiled code and calls
//! [`Case::check`] on the final buffers.

use silk_gpu_ir::eval::{f16_to_f64, f64_to_f16};
use silk_gpu_ir::interp::{from_bytes, run_kernel, to_bytes, Arg, Launch, Memory, RunStats};
use silk_gpu_ir::ir::{Function, Module};

/// One kernel of the corpus.
#[derive(Clone, Copy)]
pub struct CorpusKernel {
    /// File stem and kernel name.
    pub name: &'static str,
    /// The `.sir` text.
    pub source: &'static str,
    /// Builds the launch setup and the expected results.
    pub case: fn() -> Case,
}

impl CorpusKernel {
    pub fn file_name(&self) -> String {
        format!("{}.sir", self.name)
    }

    /// Parse and verify the kernel's module.
    pub fn module(&self) -> Result<Module, silk_gpu_ir::Error> {
        Module::parse_verified(&self.file_name(), self.source)
    }
}

/// A launch with its inputs and expected outputs.
#[derive(Clone, Debug, PartialEq)]
pub struct Case {
    pub launch: Launch,
    /// Initial contents of every buffer, in order.
    pub buffers: Vec<Vec<u8>>,
    pub args: Vec<Arg>,
    pub expect: Vec<Expect>,
}

/// Expected contents of one buffer.
#[derive(Clone, Debug, PartialEq)]
pub struct Expect {
    pub buffer: usize,
    pub data: Data,
    /// Allowed distance in units in the last place for float data (0:
    /// bit-exact, except that any NaN matches any NaN).
    pub ulps: u32,
}

/// Typed buffer contents.
#[derive(Clone, Debug, PartialEq)]
pub enum Data {
    I32(Vec<i32>),
    U32(Vec<u32>),
    I64(Vec<i64>),
    U64(Vec<u64>),
    /// IEEE binary16 bit patterns.
    F16(Vec<u16>),
    F32(Vec<f32>),
    F64(Vec<f64>),
}

fn ordered(bits: u64, sign: u64) -> i128 {
    if bits & sign != 0 {
        -((bits & !sign) as i128)
    } else {
        bits as i128
    }
}

fn float_close(got: u64, want: u64, sign: u64, is_nan: impl Fn(u64) -> bool, ulps: u32) -> bool {
    if is_nan(got) || is_nan(want) {
        return is_nan(got) && is_nan(want);
    }
    if ulps == 0 {
        return got == want;
    }
    (ordered(got, sign) - ordered(want, sign)).abs() <= ulps as i128
}

impl Expect {
    /// Compare `bytes` (the final buffer) with the expectation.
    pub fn check(&self, bytes: &[u8]) -> Result<(), String> {
        let b = self.buffer;
        macro_rules! exact {
            ($t:ty, $want:expr, $name:expr) => {{
                let got: Vec<$t> = from_bytes(bytes);
                if got.len() != $want.len() {
                    return Err(format!(
                        "buffer {b} ({}) has {} elements, expected {}",
                        $name,
                        got.len(),
                        $want.len()
                    ));
                }
                for (i, (g, w)) in got.iter().zip($want.iter()).enumerate() {
                    if g != w {
                        return Err(format!(
                            "buffer {b} ({}) element {i}: got {g} ({g:#x}), expected {w} ({w:#x})",
                            $name
                        ));
                    }
                }
                Ok(())
            }};
        }
        macro_rules! float {
            ($t:ty, $want:expr, $name:expr, $bits:expr, $sign:expr, $nan:expr, $show:expr) => {{
                let got: Vec<$t> = from_bytes(bytes);
                if got.len() != $want.len() {
                    return Err(format!(
                        "buffer {b} ({}) has {} elements, expected {}",
                        $name,
                        got.len(),
                        $want.len()
                    ));
                }
                for (i, (g, w)) in got.iter().zip($want.iter()).enumerate() {
                    let (gb, wb) = ($bits(*g), $bits(*w));
                    if !float_close(gb, wb, $sign, $nan, self.ulps) {
                        return Err(format!(
                            "buffer {b} ({}) element {i}: got {} ({gb:#x}), expected {} ({wb:#x}){}",
                            $name,
                            $show(*g),
                            $show(*w),
                            if self.ulps > 0 { format!(" within {} ulp", self.ulps) } else { String::new() }
                        ));
                    }
                }
                Ok(())
            }};
        }
        match &self.data {
            Data::I32(w) => exact!(i32, w, "i32"),
            Data::U32(w) => exact!(u32, w, "u32"),
            Data::I64(w) => exact!(i64, w, "i64"),
            Data::U64(w) => exact!(u64, w, "u64"),
            Data::F16(w) => float!(
                u16,
                w,
                "f16",
                |x: u16| x as u64,
                0x8000,
                |x: u64| x & 0x7c00 == 0x7c00 && x & 0x3ff != 0,
                |x: u16| f16_to_f64(x)
            ),
            Data::F32(w) => float!(
                f32,
                w,
                "f32",
                |x: f32| x.to_bits() as u64,
                0x8000_0000,
                |x: u64| f32::from_bits(x as u32).is_nan(),
                |x: f32| x
            ),
            Data::F64(w) => float!(
                f64,
                w,
                "f64",
                |x: f64| x.to_bits(),
                1u64 << 63,
                |x: u64| f64::from_bits(x).is_nan(),
                |x: f64| x
            ),
        }
    }
}

impl Case {
    /// Check final buffer contents against every expectation.
    pub fn check(&self, buffers: &[Vec<u8>]) -> Result<(), String> {
        for e in &self.expect {
            let Some(b) = buffers.get(e.buffer) else {
                return Err(format!("buffer {} is missing from the results", e.buffer));
            };
            e.check(b)?;
        }
        Ok(())
    }
}

impl CorpusKernel {
    /// The buffers after running this kernel of `m` (the corpus module,
    /// perhaps transformed) on its case in the interpreter.
    pub fn buffers_after(&self, m: &Module) -> Result<Vec<Vec<u8>>, String> {
        let case = (self.case)();
        let mut mem = Memory::new();
        for b in &case.buffers {
            mem.alloc(b.clone()).map_err(|e| e.to_string())?;
        }
        run_kernel(m, self.name, &case.launch, &case.args, &mut mem).map_err(|e| e.to_string())?;
        Ok(mem.buffers().to_vec())
    }

    /// A transformed module `after` computes what `before` does, and what
    /// the case expects.
    pub fn check_same_results(&self, before: &Module, after: &Module) -> Result<(), String> {
        let (b, a) = (self.buffers_after(before)?, self.buffers_after(after)?);
        if a != b {
            return Err(format!(
                "{}: the buffers differ after the change",
                self.name
            ));
        }
        (self.case)().check(&a)
    }
}

/// Every corpus kernel through a device-IR pass applied to each of its
/// functions: the result verifies and computes what the kernel did (the
/// interpreter is the oracle). Returns the kernels the pass changed.
pub fn check_function_pass(pass: impl Fn(&Function) -> Function) -> Vec<&'static str> {
    let mut changed = Vec::new();
    for k in kernels() {
        let m = k.module().unwrap_or_else(|e| panic!("{}: {e}", k.name));
        let mut u = m.clone();
        for f in &mut u.functions {
            *f = pass(f);
        }
        u.verify()
            .unwrap_or_else(|e| panic!("{}: {e}\n{}", k.name, silk_gpu_ir::print_module(&u)));
        if u != m {
            changed.push(k.name);
        }
        k.check_same_results(&m, &u)
            .unwrap_or_else(|e| panic!("{}: {e}", k.name));
    }
    changed
}

/// Parse, verify and run `k` in the interpreter, then check the results.
pub fn run_in_interpreter(k: &CorpusKernel) -> Result<RunStats, String> {
    let m = k.module().map_err(|e| e.to_string())?;
    let case = (k.case)();
    let mut mem = Memory::new();
    for b in &case.buffers {
        mem.alloc(b.clone()).map_err(|e| e.to_string())?;
    }
    let stats =
        run_kernel(&m, k.name, &case.launch, &case.args, &mut mem).map_err(|e| e.to_string())?;
    case.check(mem.buffers())?;
    Ok(stats)
}

/// A small deterministic generator (xorshift64*).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }
    pub fn u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub fn u32(&mut self) -> u32 {
        (self.u64() >> 32) as u32
    }
    /// Uniform-ish in `lo..hi` (`hi > lo`).
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.u64() % (hi - lo).max(1) as u64) as i64
    }
    /// A multiple of `1/2^frac_bits` in `[-mag, mag]`.
    pub fn quantized(&mut self, mag: i64, frac_bits: u32) -> f64 {
        let s = 1i64 << frac_bits;
        self.range(-mag * s, mag * s + 1) as f64 / s as f64
    }
}

fn gen<T>(n: usize, f: impl FnMut(usize) -> T) -> Vec<T> {
    (0..n).map(f).collect()
}

fn exact(buffer: usize, data: Data) -> Expect {
    Expect {
        buffer,
        data,
        ulps: 0,
    }
}

/// IEEE 754-2019 minimumNumber / maximumNumber as the IR defines them.
fn ref_min(a: f64, b: f64) -> f64 {
    if a.is_nan() {
        return b;
    }
    if b.is_nan() {
        return a;
    }
    if a == b {
        return if a.is_sign_negative() { a } else { b };
    }
    if a < b {
        a
    } else {
        b
    }
}

fn ref_max(a: f64, b: f64) -> f64 {
    if a.is_nan() {
        return b;
    }
    if b.is_nan() {
        return a;
    }
    if a == b {
        return if a.is_sign_positive() { a } else { b };
    }
    if a > b {
        a
    } else {
        b
    }
}

macro_rules! corpus {
    ($($name:ident),* $(,)?) => {
        /// Every kernel of the corpus.
        pub fn kernels() -> Vec<CorpusKernel> {
            vec![$(CorpusKernel {
                name: stringify!($name),
                source: include_str!(concat!("../../silk-gpu-ir/tests/kernels/", stringify!($name), ".sir")),
                case: cases::$name,
            }),*]
        }
    };
}

corpus!(
    elementwise_i32,
    elementwise_u32,
    elementwise_i64,
    elementwise_u64,
    elementwise_f16,
    elementwise_f32,
    elementwise_f64,
    saxpy,
    daxpy_fma,
    compare_select,
    conversions,
    shifts,
    reduce_sum_lds,
    reduce_max_f32,
    prefix_scan,
    histogram_global,
    histogram_lds,
    atomic_minmax,
    atomic_exchange,
    transpose_lds,
    matmul_tiled,
    matmul_i32,
    blur_nested,
    divergent_chain,
    early_exit,
    break_continue,
    helper_calls,
    math_f32,
    rounding,
    grid_3d,
    stencil_lds,
    const_lookup,
    f16_arith,
    fibonacci_u64,
    bitonic_sort_lds,
    swap_loop,
    call_early_return,
    convert_64,
    atomics_lds,
    unaligned,
    params_mixed,
    call_loop_return,
    half_misc,
    narrow_f64_f16,
    bool_logic,
);

/// The corpus kernel called `name`.
pub fn find(name: &str) -> Option<CorpusKernel> {
    kernels().into_iter().find(|k| k.name == name)
}

mod cases {
    use super::*;

    fn n_u32(n: usize) -> Arg {
        Arg::U32(n as u32)
    }

    /// The arguments of most kernels here: the element count `n`, then
    /// buffers 0 to `count - 1`.
    fn n_and_buffers(n: usize, count: usize) -> Vec<Arg> {
        std::iter::once(n_u32(n))
            .chain((0..count).map(Arg::Buffer))
            .collect()
    }

    macro_rules! elementwise_int {
        ($fname:ident, $t:ty, $variant:ident, $seed:expr) => {
            pub fn $fname() -> Case {
                let n = 203;
                let mut r = Rng::new($seed);
                let mut a: Vec<$t> = gen(n, |_| r.u64() as $t);
                let mut b: Vec<$t> = gen(n, |_| r.u64() as $t);
                // Edge cases: extremes, equal operands, small divisors.
                a[0] = <$t>::MIN;
                b[0] = (0 as $t).wrapping_sub(1);
                a[1] = <$t>::MAX;
                b[1] = <$t>::MAX;
                a[2] = 7;
                b[2] = 0;
                for i in 3..40 {
                    b[i] = (r.range(-9, 10) as i64) as $t;
                }
                let mut out: Vec<$t> = vec![0; n * 8];
                for i in 0..n {
                    let (x, y) = (a[i], b[i]);
                    let ynz = y | 1;
                    let o = &mut out[i * 8..i * 8 + 8];
                    o[0] = x.wrapping_add(y);
                    o[1] = x.wrapping_sub(y);
                    o[2] = x.wrapping_mul(y);
                    o[3] = x.wrapping_div(ynz);
                    o[4] = x.wrapping_rem(ynz);
                    o[5] = x.min(y);
                    o[6] = x.max(y);
                    o[7] = x ^ y;
                }
                Case {
                    launch: Launch::linear(n as u32, 64),
                    buffers: vec![
                        to_bytes(&a),
                        to_bytes(&b),
                        vec![0; n * 8 * std::mem::size_of::<$t>()],
                    ],
                    args: n_and_buffers(n, 3),
                    expect: vec![exact(2, Data::$variant(out))],
                }
            }
        };
    }

    elementwise_int!(elementwise_i32, i32, I32, 1);
    elementwise_int!(elementwise_u32, u32, U32, 2);
    elementwise_int!(elementwise_i64, i64, I64, 3);
    elementwise_int!(elementwise_u64, u64, U64, 4);

    macro_rules! elementwise_float {
        ($fname:ident, $t:ty, $variant:ident, $seed:expr) => {
            pub fn $fname() -> Case {
                let n = 150;
                let mut r = Rng::new($seed);
                let mut a: Vec<$t> = gen(n, |_| r.quantized(100, 10) as $t);
                let mut b: Vec<$t> = gen(n, |_| r.quantized(100, 10) as $t);
                let specials: [($t, $t); 6] = [
                    (0.0, -0.0),
                    (-0.0, 0.0),
                    (<$t>::INFINITY, 1.0),
                    (<$t>::NAN, 3.0),
                    (-5.0, 0.0),
                    (2.5, 2.5),
                ];
                for (i, (x, y)) in specials.iter().enumerate() {
                    a[i] = *x;
                    b[i] = *y;
                }
                let mut out: Vec<$t> = vec![0.0; n * 8];
                for i in 0..n {
                    let (x, y) = (a[i], b[i]);
                    let o = &mut out[i * 8..i * 8 + 8];
                    o[0] = x + y;
                    o[1] = x - y;
                    o[2] = x * y;
                    o[3] = x / y;
                    o[4] = ref_min(x as f64, y as f64) as $t;
                    o[5] = ref_max(x as f64, y as f64) as $t;
                    o[6] = x.mul_add(y, x);
                    o[7] = x.abs().sqrt();
                }
                Case {
                    launch: Launch::linear(n as u32, 64),
                    buffers: vec![
                        to_bytes(&a),
                        to_bytes(&b),
                        vec![0; n * 8 * std::mem::size_of::<$t>()],
                    ],
                    args: n_and_buffers(n, 3),
                    expect: vec![exact(2, Data::$variant(out))],
                }
            }
        };
    }

    elementwise_float!(elementwise_f32, f32, F32, 5);
    elementwise_float!(elementwise_f64, f64, F64, 6);

    /// f16 inputs are multiples of 1/64 of magnitude <= 50, so products
    /// and `a*b + a` are exact in f64 and one rounding gives the answer.
    pub fn elementwise_f16() -> Case {
        let n = 150;
        let mut r = Rng::new(7);
        let h = |x: f64| f64_to_f16(x);
        let mut a: Vec<u16> = gen(n, |_| h(r.quantized(50, 6)));
        let mut b: Vec<u16> = gen(n, |_| h(r.quantized(50, 6)));
        a[0] = 0x0000;
        b[0] = 0x8000;
        a[1] = 0x7c00;
        b[1] = h(1.0);
        a[2] = 0x7e00;
        b[2] = h(3.0);
        a[3] = h(-5.0);
        b[3] = 0;
        a[4] = h(40.0);
        b[4] = h(-48.0);
        let mut out = vec![0u16; n * 8];
        for i in 0..n {
            let (x, y) = (f16_to_f64(a[i]), f16_to_f64(b[i]));
            let o = &mut out[i * 8..i * 8 + 8];
            o[0] = h(x + y);
            o[1] = h(x - y);
            o[2] = h(x * y);
            o[3] = h(x / y);
            o[4] = h(ref_min(x, y));
            o[5] = h(ref_max(x, y));
            o[6] = h(x * y + x);
            o[7] = h(x.abs().sqrt());
        }
        Case {
            launch: Launch::linear(n as u32, 64),
            buffers: vec![to_bytes(&a), to_bytes(&b), vec![0; n * 16]],
            args: n_and_buffers(n, 3),
            expect: vec![exact(2, Data::F16(out))],
        }
    }

    pub fn saxpy() -> Case {
        let n = 300;
        let mut r = Rng::new(8);
        let a = 1.5f32;
        let x: Vec<f32> = gen(n, |_| r.quantized(1000, 12) as f32);
        let y: Vec<f32> = gen(n, |_| r.quantized(1000, 12) as f32);
        let want: Vec<f32> = gen(n, |i| a * x[i] + y[i]);
        Case {
            launch: Launch::linear(n as u32, 128),
            buffers: vec![to_bytes(&x), to_bytes(&y)],
            args: vec![n_u32(n), Arg::F32(a), Arg::Buffer(0), Arg::Buffer(1)],
            expect: vec![exact(0, Data::F32(x)), exact(1, Data::F32(want))],
        }
    }

    pub fn daxpy_fma() -> Case {
        let n = 257;
        let mut r = Rng::new(9);
        let a = -0.1f64;
        let x: Vec<f64> = gen(n, |_| r.quantized(1 << 20, 30));
        let y: Vec<f64> = gen(n, |_| r.quantized(1 << 20, 30));
        let want: Vec<f64> = gen(n, |i| a.mul_add(x[i], y[i]));
        Case {
            launch: Launch::linear(n as u32, 64),
            buffers: vec![to_bytes(&x), to_bytes(&y)],
            args: vec![n_u32(n), Arg::F64(a), Arg::Buffer(0), Arg::Buffer(1)],
            expect: vec![exact(1, Data::F64(want))],
        }
    }

    pub fn compare_select() -> Case {
        let n = 200;
        let mut r = Rng::new(10);
        let a: Vec<i32> = gen(n, |i| {
            if i % 5 == 0 {
                (i / 5) as i32 - 20
            } else {
                r.u32() as i32
            }
        });
        let b: Vec<i32> = gen(n, |i| match i % 5 {
            0 => (i / 5) as i32 - 20,
            1 => -(r.range(0, 100) as i32),
            _ => r.u32() as i32,
        });
        let specials = [
            f32::NAN,
            -0.0,
            0.0,
            f32::INFINITY,
            f32::NEG_INFINITY,
            1.0,
            -1.0,
        ];
        let fa: Vec<f32> = gen(n, |_| specials[r.range(0, 7) as usize]);
        let fb: Vec<f32> = gen(n, |_| specials[r.range(0, 7) as usize]);
        fn pack<T: PartialOrd>(x: T, y: T) -> u32 {
            [x == y, x != y, x < y, x <= y, x > y, x >= y]
                .iter()
                .enumerate()
                .map(|(k, &c)| (c as u32) << k)
                .sum()
        }
        let flags: Vec<u32> = gen(n, |i| {
            pack(a[i], b[i]) | pack(a[i] as u32, b[i] as u32) << 8 | pack(fa[i], fb[i]) << 16
        });
        let sel: Vec<i32> = gen(n, |i| if a[i] < b[i] { a[i] } else { b[i] });
        Case {
            launch: Launch::linear(n as u32, 64),
            buffers: vec![
                to_bytes(&a),
                to_bytes(&b),
                to_bytes(&fa),
                to_bytes(&fb),
                vec![0; n * 4],
                vec![0; n * 4],
            ],
            args: n_and_buffers(n, 6),
            expect: vec![exact(4, Data::U32(flags)), exact(5, Data::I32(sel))],
        }
    }

    pub fn conversions() -> Case {
        let n = 160;
        let mut r = Rng::new(11);
        let mut a: Vec<i32> = gen(n, |_| r.u32() as i32);
        a[0] = i32::MIN;
        a[1] = i32::MAX;
        a[2] = -1;
        a[3] = 0;
        a[4] = 16_777_217; // not representable in f32
        let mut x: Vec<f32> = gen(n, |_| (r.quantized(1 << 16, 4) * 70000.0) as f32);
        let sx = [
            f32::NAN,
            f32::INFINITY,
            f32::NEG_INFINITY,
            -0.5,
            2.5,
            -2.7,
            3e9,
            -3e9,
            5e9,
            65519.0,
            65520.0,
            1e-7,
            6.1e-5,
            0.1,
        ];
        x[..sx.len()].copy_from_slice(&sx);
        let f16rt = |v: f32| f16_to_f64(f64_to_f16(v as f64)) as f32;
        let mut wide = vec![0i64; n * 2];
        let mut narrow = vec![0u32; n * 4];
        let mut fl = vec![0f32; n * 3];
        let mut dbl = vec![0f64; n];
        for i in 0..n {
            wide[2 * i] = a[i] as i64;
            wide[2 * i + 1] = a[i] as u32 as i64;
            narrow[4 * i] = ((a[i] as i64).wrapping_mul(3)) as i32 as u32;
            narrow[4 * i + 1] = x[i] as i32 as u32;
            narrow[4 * i + 2] = x[i] as u32;
            narrow[4 * i + 3] = (a[i] < 0) as u32;
            fl[3 * i] = a[i] as f32;
            fl[3 * i + 1] = f16rt(x[i]);
            fl[3 * i + 2] = (x[i] as f64 + 1e-9) as f32;
            let u = a[i] as u32 as u64;
            dbl[i] = ((u << 32) | u) as f64;
        }
        Case {
            launch: Launch::linear(n as u32, 32),
            buffers: vec![
                to_bytes(&a),
                to_bytes(&x),
                vec![0; n * 16],
                vec![0; n * 16],
                vec![0; n * 12],
                vec![0; n * 8],
            ],
            args: n_and_buffers(n, 6),
            expect: vec![
                exact(2, Data::I64(wide)),
                exact(3, Data::U32(narrow)),
                exact(4, Data::F32(fl)),
                exact(5, Data::F64(dbl)),
            ],
        }
    }

    pub fn shifts() -> Case {
        let n = 130;
        let mut r = Rng::new(12);
        let x: Vec<u32> = gen(n, |_| r.u32());
        let s: Vec<u32> = gen(n, |i| if i < 100 { i as u32 } else { r.u32() });
        let mut o32 = vec![0u32; n * 4];
        let mut o64 = vec![0u64; n * 2];
        for i in 0..n {
            let (v, k) = (x[i], s[i]);
            o32[4 * i] = v.wrapping_shl(k);
            o32[4 * i + 1] = v.wrapping_shr(k);
            o32[4 * i + 2] = (v as i32).wrapping_shr(k) as u32;
            o32[4 * i + 3] = v.wrapping_shl(k.wrapping_add(32));
            let w = v as i32 as i64;
            o64[2 * i] = (w as u64).wrapping_shl(k);
            o64[2 * i + 1] = w.wrapping_shr(k) as u64;
        }
        Case {
            launch: Launch::linear(n as u32, 64),
            buffers: vec![to_bytes(&x), to_bytes(&s), vec![0; n * 16], vec![0; n * 16]],
            args: n_and_buffers(n, 4),
            expect: vec![exact(2, Data::U32(o32)), exact(3, Data::U64(o64))],
        }
    }

    pub fn reduce_sum_lds() -> Case {
        let (n, wg) = (1000usize, 64usize);
        let groups = n.div_ceil(wg);
        let mut r = Rng::new(13);
        let x: Vec<u32> = gen(n, |_| r.u32());
        let want: Vec<u32> = gen(groups, |g| {
            x[g * wg..((g + 1) * wg).min(n)]
                .iter()
                .fold(0u32, |s, &v| s.wrapping_add(v))
        });
        Case {
            launch: Launch::linear((groups * wg) as u32, wg as u32),
            buffers: vec![to_bytes(&x), vec![0; groups * 4]],
            args: n_and_buffers(n, 2),
            expect: vec![exact(1, Data::U32(want))],
        }
    }

    pub fn reduce_max_f32() -> Case {
        let (n, wg) = (1000usize, 128usize);
        let groups = n.div_ceil(wg);
        let mut r = Rng::new(14);
        let x: Vec<f32> = gen(n, |_| r.quantized(1 << 20, 3) as f32);
        let want: Vec<f32> = gen(groups, |g| {
            x[g * wg..((g + 1) * wg).min(n)]
                .iter()
                .fold(f32::NEG_INFINITY, |m, &v| {
                    ref_max(m as f64, v as f64) as f32
                })
        });
        Case {
            launch: Launch::linear((groups * wg) as u32, wg as u32),
            buffers: vec![to_bytes(&x), vec![0; groups * 4]],
            args: n_and_buffers(n, 2),
            expect: vec![exact(1, Data::F32(want))],
        }
    }

    pub fn prefix_scan() -> Case {
        let (n, wg) = (200usize, 64usize);
        let mut r = Rng::new(15);
        let x: Vec<u32> = gen(n, |_| r.u32() >> 4);
        let mut want = vec![0u32; n];
        for g in 0..n.div_ceil(wg) {
            let mut s = 0u32;
            for i in g * wg..((g + 1) * wg).min(n) {
                s = s.wrapping_add(x[i]);
                want[i] = s;
            }
        }
        Case {
            launch: Launch::linear(n.div_ceil(wg) as u32 * wg as u32, wg as u32),
            buffers: vec![to_bytes(&x), vec![0; n * 4]],
            args: n_and_buffers(n, 2),
            expect: vec![exact(1, Data::U32(want))],
        }
    }

    pub fn histogram_global() -> Case {
        let n = 1000;
        let mut r = Rng::new(16);
        let x: Vec<u32> = gen(n, |_| r.u32());
        let mut bins = vec![0u32; 16];
        for v in &x {
            bins[(v & 15) as usize] += 1;
        }
        Case {
            launch: Launch::linear(n as u32, 128),
            buffers: vec![to_bytes(&x), vec![0; 64]],
            args: n_and_buffers(n, 2),
            expect: vec![exact(1, Data::U32(bins))],
        }
    }

    pub fn histogram_lds() -> Case {
        let n = 1000;
        let mut r = Rng::new(17);
        let x: Vec<u32> = gen(n, |_| r.u32());
        let mut bins = vec![0u32; 32];
        for v in &x {
            bins[((v >> 3) & 31) as usize] += 1;
        }
        Case {
            launch: Launch::linear(1024, 64),
            buffers: vec![to_bytes(&x), vec![0; 128]],
            args: n_and_buffers(n, 2),
            expect: vec![exact(1, Data::U32(bins))],
        }
    }

    pub fn atomic_minmax() -> Case {
        let n = 500;
        let mut r = Rng::new(18);
        let x: Vec<i32> = gen(n, |_| r.u32() as i32);
        let init32: Vec<u32> = vec![i32::MAX as u32, i32::MIN as u32, u32::MAX, 0];
        let init64: Vec<u64> = vec![i64::MIN as u64, 0];
        let want32 = vec![
            *x.iter().min().unwrap_or(&0) as u32,
            *x.iter().max().unwrap_or(&0) as u32,
            x.iter().map(|&v| v as u32).min().unwrap_or(0),
            x.iter().map(|&v| v as u32).max().unwrap_or(0),
        ];
        let want64 = vec![
            x.iter()
                .map(|&v| (v as i64) * (v as i64))
                .max()
                .unwrap_or(0) as u64,
            x.iter().fold(0u64, |s, &v| s.wrapping_add(v as u32 as u64)),
        ];
        Case {
            launch: Launch::linear(n as u32, 64),
            buffers: vec![to_bytes(&x), to_bytes(&init32), to_bytes(&init64)],
            args: n_and_buffers(n, 3),
            expect: vec![exact(1, Data::U32(want32)), exact(2, Data::U64(want64))],
        }
    }

    pub fn atomic_exchange() -> Case {
        let n = 300;
        let mut r = Rng::new(19);
        let slots: Vec<u32> = gen(n, |_| r.u32());
        Case {
            launch: Launch::linear(320, 64),
            buffers: vec![vec![0; 8], vec![0; n * 4], to_bytes(&slots), vec![0; n * 4]],
            args: n_and_buffers(n, 4),
            expect: vec![
                exact(0, Data::U32(vec![n as u32, n as u32])),
                exact(1, Data::U32(vec![1; n])),
                exact(2, Data::U32(gen(n, |i| i as u32 + 1000))),
                exact(3, Data::U32(slots)),
            ],
        }
    }

    pub fn transpose_lds() -> Case {
        let (w, h) = (40usize, 36usize);
        let mut r = Rng::new(20);
        let x: Vec<u32> = gen(w * h, |_| r.u32());
        let mut want = vec![0u32; w * h];
        for row in 0..h {
            for col in 0..w {
                want[col * h + row] = x[row * w + col];
            }
        }
        Case {
            launch: Launch {
                grid: [48, 48, 1],
                block: [16, 16, 1],
            },
            buffers: vec![to_bytes(&x), vec![0; w * h * 4]],
            args: vec![
                Arg::U32(w as u32),
                Arg::U32(h as u32),
                Arg::Buffer(0),
                Arg::Buffer(1),
            ],
            expect: vec![exact(1, Data::U32(want))],
        }
    }

    pub fn matmul_tiled() -> Case {
        let (m, n, k) = (20usize, 24usize, 19usize);
        let mut r = Rng::new(21);
        let a: Vec<f32> = gen(m * k, |_| r.quantized(4, 8) as f32);
        let b: Vec<f32> = gen(k * n, |_| r.quantized(4, 8) as f32);
        let mut c = vec![0f32; m * n];
        for i in 0..m {
            for j in 0..n {
                let mut acc = 0f32;
                for t in 0..k {
                    acc += a[i * k + t] * b[t * n + j];
                }
                c[i * n + j] = acc;
            }
        }
        Case {
            launch: Launch {
                grid: [n.div_ceil(8) as u32 * 8, m.div_ceil(8) as u32 * 8, 1],
                block: [8, 8, 1],
            },
            buffers: vec![to_bytes(&a), to_bytes(&b), vec![0; m * n * 4]],
            args: vec![
                Arg::U32(m as u32),
                Arg::U32(n as u32),
                Arg::U32(k as u32),
                Arg::Buffer(0),
                Arg::Buffer(1),
                Arg::Buffer(2),
            ],
            expect: vec![exact(2, Data::F32(c))],
        }
    }

    pub fn matmul_i32() -> Case {
        let (m, n, k) = (13usize, 17usize, 11usize);
        let mut r = Rng::new(22);
        let a: Vec<i32> = gen(m * k, |_| r.u32() as i32);
        let b: Vec<i32> = gen(k * n, |_| r.u32() as i32);
        let mut c = vec![0i32; m * n];
        for i in 0..m {
            for j in 0..n {
                let mut acc = 0i32;
                for t in 0..k {
                    acc = acc.wrapping_add(a[i * k + t].wrapping_mul(b[t * n + j]));
                }
                c[i * n + j] = acc;
            }
        }
        Case {
            launch: Launch {
                grid: [n as u32, m as u32, 1],
                block: [8, 8, 1],
            },
            buffers: vec![to_bytes(&a), to_bytes(&b), vec![0; m * n * 4]],
            args: vec![
                Arg::U32(m as u32),
                Arg::U32(n as u32),
                Arg::U32(k as u32),
                Arg::Buffer(0),
                Arg::Buffer(1),
                Arg::Buffer(2),
            ],
            expect: vec![exact(2, Data::I32(c))],
        }
    }

    pub fn blur_nested() -> Case {
        let (w, h) = (30usize, 20usize);
        let mut r = Rng::new(23);
        let x: Vec<u32> = gen(w * h, |_| r.u32() >> 8);
        let mut want = vec![0u32; w * h];
        for y in 0..h as i64 {
            for xx in 0..w as i64 {
                let mut s = 0u32;
                for dy in -1..=1i64 {
                    for dx in -1..=1i64 {
                        let yy = (y + dy).clamp(0, h as i64 - 1) as usize;
                        let xc = (xx + dx).clamp(0, w as i64 - 1) as usize;
                        s = s.wrapping_add(x[yy * w + xc]);
                    }
                }
                want[y as usize * w + xx as usize] = s;
            }
        }
        Case {
            launch: Launch {
                grid: [w as u32, h as u32, 1],
                block: [8, 8, 1],
            },
            buffers: vec![to_bytes(&x), vec![0; w * h * 4]],
            args: vec![
                Arg::U32(w as u32),
                Arg::U32(h as u32),
                Arg::Buffer(0),
                Arg::Buffer(1),
            ],
            expect: vec![exact(1, Data::U32(want))],
        }
    }

    pub fn divergent_chain() -> Case {
        let n = 500;
        let mut r = Rng::new(24);
        let mut x: Vec<i32> = gen(n, |i| match i % 4 {
            0 => -(r.range(1, 1 << 20) as i32),
            1 => r.range(0, 10) as i32,
            2 => r.range(10, 1000) as i32,
            _ => r.u32() as i32 & i32::MAX,
        });
        x[0] = i32::MIN;
        let want: Vec<i32> = gen(n, |i| {
            let v = x[i];
            if v < 0 {
                v.wrapping_neg().wrapping_mul(3)
            } else if v < 10 {
                v + 100
            } else if v < 1000 {
                if v & 1 != 0 {
                    v * v
                } else {
                    v / 2
                }
            } else {
                (v >> 4) ^ 0x5a5a
            }
        });
        Case {
            launch: Launch::linear(n as u32, 64),
            buffers: vec![to_bytes(&x), vec![0; n * 4]],
            args: n_and_buffers(n, 2),
            expect: vec![exact(1, Data::I32(want))],
        }
    }

    pub fn early_exit() -> Case {
        let n = 250;
        let mut r = Rng::new(25);
        let x: Vec<u32> = gen(n, |i| {
            if i % 7 < 2 {
                0
            } else {
                r.range(1, 5000) as u32
            }
        });
        let want: Vec<u32> = gen(n, |i| match (x[i], i % 2) {
            (0, 1) => 0xffff_ffff,
            (0, _) => 0xffff_fffe,
            (v, _) => 1_000_000 / v,
        });
        Case {
            launch: Launch::linear(256, 64),
            buffers: vec![to_bytes(&x), vec![0x5a; n * 4]],
            args: n_and_buffers(n, 2),
            expect: vec![exact(1, Data::U32(want))],
        }
    }

    pub fn break_continue() -> Case {
        let n = 200;
        let mut r = Rng::new(26);
        let mut x: Vec<u32> = gen(n, |_| r.range(0, 60) as u32);
        x[0] = 27;
        x[1] = 1000;
        x[2] = 97;
        let mut sums = vec![0u32; n];
        let mut steps = vec![0u32; n];
        let mut coll = vec![0u32; n];
        for i in 0..n {
            let (mut j, mut sum, mut it) = (1u32, 0u32, 0u32);
            loop {
                it += 1;
                if j > x[i] {
                    break;
                }
                let j2 = j + 1;
                if j % 3 == 0 {
                    j = j2;
                    continue;
                }
                let s2 = sum + j;
                if s2 > 500 {
                    sum = s2;
                    break;
                }
                sum = s2;
                j = j2;
            }
            sums[i] = sum;
            steps[i] = it;
            let (mut v, mut c) = (x[i], 0u32);
            while !(v <= 1 || c >= 300) {
                c += 1;
                v = if v % 2 == 0 {
                    v / 2
                } else {
                    v.wrapping_mul(3).wrapping_add(1)
                };
            }
            coll[i] = c;
        }
        Case {
            launch: Launch::linear(n as u32, 64),
            buffers: vec![to_bytes(&x), vec![0; n * 4], vec![0; n * 4], vec![0; n * 4]],
            args: n_and_buffers(n, 4),
            expect: vec![
                exact(1, Data::U32(sums)),
                exact(2, Data::U32(steps)),
                exact(3, Data::U32(coll)),
            ],
        }
    }

    pub fn helper_calls() -> Case {
        let n = 150;
        let mut r = Rng::new(27);
        let mut x: Vec<u32> = gen(n, |_| r.range(0, 100_000) as u32);
        x[0] = 0;
        x[1] = 9;
        x[2] = 10;
        x[3] = u32::MAX;
        let mut want = vec![0u32; n * 3];
        for i in 0..n {
            let v = x[i];
            want[3 * i] = v.clamp(10, 5000);
            want[3 * i + 1] = v.to_string().len() as u32;
            want[3 * i + 2] = v / 7 + v % 7;
        }
        Case {
            launch: Launch::linear(n as u32, 32),
            buffers: vec![to_bytes(&x), vec![0; n * 12]],
            args: n_and_buffers(n, 2),
            expect: vec![exact(1, Data::U32(want))],
        }
    }

    pub fn math_f32() -> Case {
        let n = 128;
        let mut r = Rng::new(28);
        let x: Vec<f32> = gen(n, |_| r.quantized(20, 12) as f32);
        let mut want = vec![0f32; n * 4];
        for i in 0..n {
            let v = x[i] as f64;
            want[4 * i] = v.exp2() as f32;
            want[4 * i + 1] = (v.abs() + 1.0).log2() as f32;
            want[4 * i + 2] = 1.0 / x[i];
            want[4 * i + 3] = x[i].abs().sqrt();
        }
        Case {
            launch: Launch::linear(n as u32, 64),
            buffers: vec![to_bytes(&x), vec![0; n * 16]],
            args: n_and_buffers(n, 2),
            expect: vec![Expect {
                buffer: 1,
                data: Data::F32(want),
                ulps: 2,
            }],
        }
    }

    pub fn rounding() -> Case {
        let n = 120;
        let mut r = Rng::new(29);
        let mut x: Vec<f32> = gen(n, |_| r.quantized(10, 2) as f32);
        let sx = [
            -0.0,
            0.5,
            -0.5,
            1.5,
            2.5,
            -2.5,
            f32::INFINITY,
            f32::NAN,
            1e30,
            -1e-30,
        ];
        x[..sx.len()].copy_from_slice(&sx);
        let mut o32 = vec![0f32; n * 6];
        let mut o64 = vec![0f64; n * 4];
        for i in 0..n {
            let v = x[i];
            o32[6 * i..6 * i + 6].copy_from_slice(&[
                v.floor(),
                v.ceil(),
                v.trunc(),
                v.round_ties_even(),
                -v,
                v.abs(),
            ]);
            let y = v as f64 * 0.75;
            o64[4 * i..4 * i + 4].copy_from_slice(&[
                y.floor(),
                y.ceil(),
                y.trunc(),
                y.round_ties_even(),
            ]);
        }
        Case {
            launch: Launch::linear(n as u32, 64),
            buffers: vec![to_bytes(&x), vec![0; n * 24], vec![0; n * 32]],
            args: n_and_buffers(n, 3),
            expect: vec![exact(1, Data::F32(o32)), exact(2, Data::F64(o64))],
        }
    }

    pub fn grid_3d() -> Case {
        let grid = [10u32, 6, 3];
        let block = [4u32, 4, 2];
        let total = (grid[0] * grid[1] * grid[2]) as usize;
        let mut out = vec![0u32; total];
        for z in 0..grid[2] {
            for y in 0..grid[1] {
                for x in 0..grid[0] {
                    let idx = ((z * grid[1] + y) * grid[0] + x) as usize;
                    out[idx] = x | y << 8 | z << 16 | (x % block[0]) << 24;
                }
            }
        }
        let info = block.iter().product::<u32>() + grid.iter().sum::<u32>();
        Case {
            launch: Launch { grid, block },
            buffers: vec![vec![0; total * 4], vec![0; total * 4]],
            args: vec![Arg::Buffer(0), Arg::Buffer(1)],
            expect: vec![
                exact(0, Data::U32(out)),
                exact(1, Data::U32(vec![info; total])),
            ],
        }
    }

    pub fn stencil_lds() -> Case {
        let n = 300;
        let mut r = Rng::new(30);
        let x: Vec<i32> = gen(n, |_| r.u32() as i32 >> 2);
        let at = |j: i64| {
            if (0..n as i64).contains(&j) {
                x[j as usize]
            } else {
                0
            }
        };
        let want: Vec<i32> = gen(n, |i| {
            let i = i as i64;
            at(i - 1)
                .wrapping_add(at(i).wrapping_mul(2))
                .wrapping_add(at(i + 1))
        });
        Case {
            launch: Launch::linear(320, 64),
            buffers: vec![to_bytes(&x), vec![0; n * 4]],
            args: n_and_buffers(n, 2),
            expect: vec![exact(1, Data::I32(want))],
        }
    }

    pub fn const_lookup() -> Case {
        let n = 200;
        let mut r = Rng::new(31);
        let x: Vec<u32> = gen(n, |_| r.u32());
        let table: Vec<u32> = gen(64, |i| (i * i * 31 + 7) as u32);
        let coef: Vec<f64> = gen(8, |i| 0.125 * i as f64 - 0.3);
        let out: Vec<u32> = gen(n, |i| {
            table[(x[i] & 63) as usize].wrapping_mul(2).wrapping_add(1)
        });
        let fo: Vec<f64> = gen(n, |i| coef[(x[i] & 7) as usize] * i as f64);
        Case {
            launch: Launch::linear(n as u32, 64),
            buffers: vec![
                to_bytes(&x),
                to_bytes(&table),
                to_bytes(&coef),
                vec![0; n * 4],
                vec![0; n * 8],
            ],
            args: n_and_buffers(n, 5),
            expect: vec![exact(3, Data::U32(out)), exact(4, Data::F64(fo))],
        }
    }

    pub fn f16_arith() -> Case {
        let n = 160;
        let mut r = Rng::new(32);
        let mut x: Vec<f32> = gen(n, |_| r.quantized(300, 14) as f32);
        let mut y: Vec<f32> = gen(n, |_| r.quantized(300, 14) as f32);
        let sx = [7e4, 1e-6, 65519.0, 65520.0, -3e-8, 0.1, 2049.0, 1.0];
        let sy = [1.0, 3.0, 2.0, 0.0, 5e-8, 3.0, 1.0, 1e-7];
        x[..sx.len()].copy_from_slice(&sx);
        y[..sy.len()].copy_from_slice(&sy);
        let h = |v: f64| f64_to_f16(v);
        let mut out = vec![0u16; n * 4];
        let mut wide = vec![0f32; n];
        for i in 0..n {
            let a = f16_to_f64(h(x[i] as f64));
            let b = f16_to_f64(h(y[i] as f64));
            // a*b is exact in f64 and a*b + a = a*(b+1) spans few enough
            // bits to be exact too, so these are single roundings.
            out[4 * i..4 * i + 4].copy_from_slice(&[h(a + b), h(a * b), h(a * b + a), h(a / b)]);
            wide[i] = a as f32 - b as f32;
        }
        Case {
            launch: Launch::linear(n as u32, 64),
            buffers: vec![to_bytes(&x), to_bytes(&y), vec![0; n * 8], vec![0; n * 4]],
            args: n_and_buffers(n, 4),
            expect: vec![exact(2, Data::F16(out)), exact(3, Data::F32(wide))],
        }
    }

    pub fn fibonacci_u64() -> Case {
        let n = 100;
        let mut r = Rng::new(33);
        let x: Vec<u32> = gen(n, |_| r.u32());
        let want: Vec<u64> = gen(n, |i| {
            let (mut a, mut b) = (0u64, 1u64);
            for _ in 0..x[i] % 200 {
                let c = a.wrapping_add(b);
                a = b;
                b = c;
            }
            a
        });
        Case {
            launch: Launch::linear(n as u32, 32),
            buffers: vec![to_bytes(&x), vec![0; n * 8]],
            args: n_and_buffers(n, 2),
            expect: vec![exact(1, Data::U64(want))],
        }
    }

    pub fn bitonic_sort_lds() -> Case {
        let (n, wg) = (200usize, 64usize);
        let mut r = Rng::new(34);
        let x: Vec<u32> = gen(n, |i| if i % 9 == 0 { 5 } else { r.u32() >> 1 });
        let mut want = x.clone();
        for chunk in want.chunks_mut(wg) {
            chunk.sort_unstable();
        }
        Case {
            launch: Launch::linear(256, wg as u32),
            buffers: vec![to_bytes(&x)],
            args: n_and_buffers(n, 1),
            expect: vec![exact(0, Data::U32(want))],
        }
    }

    /// Reference for `swap_loop`: the permutations applied sequentially in
    /// Rust with tuple assignment (parallel semantics).
    pub fn swap_loop() -> Case {
        let n = 153usize;
        let mut r = Rng::new(40);
        let x: Vec<u32> = gen(n, |_| r.u32());
        let mut out = vec![0u32; n * 9];
        let nn = n as u32;
        for i in 0..n {
            let iu = i as u32;
            let (mut a, mut b, mut p, mut q, mut rr, mut s, mut u) =
                (x[i], iu, 1u32, 7u32, x[i], 100u32, 200u32);
            let (mut f, mut g) = (x[i] & 1 == 0, true);
            for k in 0..iu % 7 {
                (a, b, p, q, rr, s, u) = (b, a, q, rr.wrapping_add(k), p, u, s.wrapping_add(k));
                (f, g) = (g, f);
            }
            let (mut v, mut w) = (1u32, 2u32);
            for j in 0..nn % 5 {
                (v, w) = (w.wrapping_add(j + 1), v);
            }
            out[i * 9..i * 9 + 9].copy_from_slice(&[
                a,
                b,
                p,
                q,
                rr,
                s,
                u,
                v * 1000 + w,
                10 * f as u32 + g as u32,
            ]);
        }
        Case {
            launch: Launch::linear(n as u32, 64),
            buffers: vec![to_bytes(&x), vec![0; n * 36]],
            args: n_and_buffers(n, 2),
            expect: vec![exact(1, Data::U32(out))],
        }
    }

    pub fn call_early_return() -> Case {
        let n = 100usize;
        let mut r = Rng::new(41);
        let x: Vec<u32> = gen(n, |_| r.u32());
        let clip = |v: u32| if v > 40 { 40 } else { v + 1 };
        let want: Vec<u32> = gen(n, |i| {
            let v = x[i] % 64;
            clip(v) + clip(clip(v))
        });
        Case {
            launch: Launch::linear(128, 64),
            buffers: vec![to_bytes(&x), vec![0; n * 4]],
            args: n_and_buffers(n, 2),
            expect: vec![exact(1, Data::U32(want))],
        }
    }

    /// Rust's `as` conversions are the IR's: round to nearest even for
    /// int to float, truncate/saturate/NaN to 0 for float to int.
    pub fn convert_64() -> Case {
        let n = 120usize;
        let mut r = Rng::new(42);
        let mut a: Vec<i64> = gen(n, |i| (r.u64() >> (i % 64)) as i64);
        let edges_a: [i64; 12] = [
            0,
            -1,
            i64::MIN,
            i64::MAX,
            (1 << 24) + 1,
            (1 << 53) + 1,
            0x0000_0100_0000_0080, // a tie when rounded to f32
            0x0000_0100_0000_0180,
            0x0000_0100_0000_0081,
            -0x0000_0100_0000_0080,
            (-1i64) << 40,
            0x7fff_ff80_0000_0000,
        ];
        a[..edges_a.len()].copy_from_slice(&edges_a);
        let mut x: Vec<f64> = gen(n, |i| {
            let m = r.quantized(1 << 20, 8);
            m * 2f64.powi((i % 50) as i32)
        });
        let edges_x: [f64; 18] = [
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            -0.5,
            -1.0,
            -1.5,
            9_223_372_036_854_775_808.0,  // 2^63
            9_223_372_036_854_774_784.0,  // 2^63 - 1024
            -9_223_372_036_854_775_808.0, // -2^63
            -9_223_372_036_854_777_856.0, // -2^63 - 2048
            18_446_744_073_709_551_616.0, // 2^64
            18_446_744_073_709_549_568.0, // 2^64 - 2048
            1e19,
            4_294_967_296.5,
            4_294_967_295.75,
            3.7,
            -3.7,
            -0.0,
        ];
        x[..edges_x.len()].copy_from_slice(&edges_x);
        let f: Vec<f32> = gen(n, |i| x[(i * 7) % n] as f32);
        let mut o32 = vec![0f32; n * 2];
        let mut o64 = vec![0f64; n * 2];
        let mut oi = vec![0u64; n * 4];
        for i in 0..n {
            o32[2 * i] = a[i] as f32;
            o32[2 * i + 1] = a[i] as u64 as f32;
            o64[2 * i] = a[i] as f64;
            o64[2 * i + 1] = a[i] as u64 as f64;
            oi[4 * i] = x[i] as i64 as u64;
            oi[4 * i + 1] = x[i] as u64;
            oi[4 * i + 2] = f[i] as i64 as u64;
            oi[4 * i + 3] = f[i] as u64;
        }
        Case {
            launch: Launch::linear(128, 64),
            buffers: vec![
                to_bytes(&a),
                to_bytes(&x),
                to_bytes(&f),
                vec![0; n * 8],
                vec![0; n * 16],
                vec![0; n * 32],
            ],
            args: n_and_buffers(n, 6),
            expect: vec![
                exact(3, Data::F32(o32)),
                exact(4, Data::F64(o64)),
                exact(5, Data::U64(oi)),
            ],
        }
    }

    pub fn atomics_lds() -> Case {
        let groups = 3usize;
        let n = groups * 64;
        let mut r = Rng::new(43);
        let mut x: Vec<i32> = gen(n, |_| r.u32() as i32);
        x[0] = i32::MIN;
        x[1] = i32::MAX;
        x[70] = -1;
        let mut out = vec![0u32; groups * 10];
        for g in 0..groups {
            let xs = &x[g * 64..g * 64 + 64];
            let cas: u32 = xs.iter().map(|&v| v as u32 & 7).sum();
            let sum: u64 = xs.iter().map(|&v| v as u32 as u64).sum();
            let sq: u64 = xs
                .iter()
                .map(|&v| (v as i64 * v as i64) as u64)
                .max()
                .unwrap_or(0);
            let mn = *xs.iter().min().unwrap_or(&0);
            let mx = *xs.iter().max().unwrap_or(&0);
            out[g * 10..g * 10 + 10].copy_from_slice(&[
                64,
                cas,
                mn as u32,
                mx as u32,
                sum as u32,
                (sum >> 32) as u32,
                sq as u32,
                (sq >> 32) as u32,
                sum as u32,
                (sum >> 32) as u32,
            ]);
        }
        let fx: Vec<u32> = (0..n)
            .flat_map(|i| {
                let b = (x[i] as f32).to_bits();
                [1, b, b]
            })
            .collect();
        Case {
            launch: Launch::linear(n as u32, 64),
            buffers: vec![
                to_bytes(&x),
                vec![0; groups * 40],
                vec![0x5a; n * 4],
                vec![0x5a; n * 4],
                vec![0x5a; n * 12],
            ],
            args: vec![
                Arg::Buffer(0),
                Arg::Buffer(1),
                Arg::Buffer(2),
                Arg::Buffer(3),
                Arg::Buffer(4),
            ],
            expect: vec![
                exact(1, Data::U32(out)),
                exact(2, Data::U32(vec![0; n])),
                exact(3, Data::U32(vec![1; n])),
                exact(4, Data::U32(fx)),
            ],
        }
    }

    pub fn unaligned() -> Case {
        let n = 70usize;
        let mut r = Rng::new(44);
        let src: Vec<u8> = gen(n * 16, |_| r.u32() as u8);
        let mut dst = vec![0x5au8; n * 16];
        let mut wide = vec![0x5au8; n * 12];
        let mut back = vec![0u32; n];
        for i in 0..n {
            let row = &src[16 * i..16 * i + 16];
            let a = u32::from_le_bytes([row[1], row[2], row[3], row[4]]);
            let h = [row[5], row[6]];
            let mut q8 = [0u8; 8];
            q8.copy_from_slice(&row[6..14]);
            let q = u64::from_le_bytes(q8);
            let d = &mut dst[16 * i..16 * i + 16];
            d[1..5].copy_from_slice(&a.wrapping_add(1).to_le_bytes());
            d[5..7].copy_from_slice(&h);
            d[7..15].copy_from_slice(&q.wrapping_add(1).to_le_bytes());
            wide[12 * i + 4..12 * i + 12].copy_from_slice(&q.to_le_bytes());
            back[i] = a;
        }
        let bytes = |b: Vec<u8>| Data::U32(from_bytes::<u32>(&b));
        Case {
            launch: Launch::linear(128, 64),
            buffers: vec![src, vec![0x5a; n * 16], vec![0x5a; n * 12], vec![0; n * 4]],
            args: n_and_buffers(n, 4),
            expect: vec![
                exact(1, bytes(dst)),
                exact(2, bytes(wide)),
                exact(3, Data::U32(back)),
            ],
        }
    }

    pub fn params_mixed() -> Case {
        let n = 90usize;
        let (h, h2) = (f64_to_f16(1.5), f64_to_f16(-0.25));
        let (k, d, s) = (-3_000_000_007i64, 0.1f64, -1_000_000i32);
        let mut fo = vec![0f32; n];
        let mut dout = vec![0f64; n];
        let mut io = vec![0i64; n * 3];
        for i in 0..n {
            // f32(h2) * f32(i) and the sum are exact or single roundings
            // in f32, as in the kernel.
            fo[i] = f16_to_f64(h) as f32 + f16_to_f64(h2) as f32 * i as f32;
            dout[i] = d * i as f64;
            let v = k.wrapping_mul(i as i64).wrapping_add(s as i64);
            io[3 * i..3 * i + 3].copy_from_slice(&[v.wrapping_neg(), !v, v.wrapping_abs()]);
        }
        Case {
            launch: Launch::linear(96, 32),
            buffers: vec![vec![0; n * 4], vec![0; n * 8], vec![0; n * 24]],
            args: vec![
                n_u32(n),
                Arg::F16(h),
                Arg::F16(h2),
                Arg::I64(k),
                Arg::F64(d),
                Arg::I32(s),
                Arg::Buffer(0),
                Arg::Buffer(1),
                Arg::Buffer(2),
            ],
            expect: vec![
                exact(0, Data::F32(fo)),
                exact(1, Data::F64(dout)),
                exact(2, Data::I64(io)),
            ],
        }
    }

    pub fn call_loop_return() -> Case {
        let n = 150usize;
        let mut r = Rng::new(45);
        let x: Vec<u32> = gen(n, |_| r.u32());
        // 32 distinct-ish keys below 40 (some repeat: the first index wins).
        let table: Vec<u32> = gen(32, |j| ((j * 7 + 3) % 37) as u32);
        let index_of = |key: u32| table.iter().position(|&v| v == key).unwrap_or(32) as u32;
        let factor = |v: u32| {
            for a in 0..6 {
                for b in 0..6 {
                    if a * b == v {
                        return 100 * a + b;
                    }
                }
            }
            699
        };
        let mut out = vec![0u32; n * 2];
        for i in 0..n {
            out[2 * i] = index_of(x[i] % 40);
            out[2 * i + 1] = factor(x[i] % 30);
        }
        Case {
            launch: Launch::linear(160, 32),
            buffers: vec![to_bytes(&x), to_bytes(&table), vec![0; n * 8]],
            args: n_and_buffers(n, 3),
            expect: vec![exact(2, Data::U32(out))],
        }
    }

    pub fn half_misc() -> Case {
        let n = 128usize;
        let mut r = Rng::new(46);
        let h = |x: f64| f64_to_f16(x);
        let a: Vec<u16> = gen(n, |i| {
            if i % 9 == 0 {
                h(3.0)
            } else {
                h(r.quantized(20, 1))
            }
        });
        // |b| >= 0.5 so that rcp stays finite; every ninth equals a.
        let b: Vec<u16> = gen(n, |i| {
            if i % 9 == 0 {
                h(3.0)
            } else {
                let v = r.quantized(20, 1);
                h(if v.abs() < 0.5 { 0.5 } else { v })
            }
        });
        let mut hs = vec![0u16; n * 6];
        let mut ints = vec![0u32; n * 3];
        let mut approx = vec![0u16; n * 3];
        let (mut ysum, mut xsum) = (0f32, 0f32);
        for i in 0..n {
            let (x, y) = (f16_to_f64(a[i]), f16_to_f64(b[i]));
            let nb = a[(i / 64) * 64 + (i % 64 + 1) % 64];
            hs[6 * i..6 * i + 6].copy_from_slice(&[
                if x < y { a[i] } else { b[i] },
                if x == y { h(1.0) } else { 0 },
                if x >= y { h(1.0) } else { 0 },
                nb,
                b[i] ^ 0x8000,
                if x >= y { b[i] } else { a[i] },
            ]);
            ints[3 * i..3 * i + 3].copy_from_slice(&[x as i32 as u32, x as u32, i as u32]);
            approx[3 * i..3 * i + 3].copy_from_slice(&[
                h(1.0 / y),
                h((x * 0.0625).exp2()),
                h((y.abs() + 1.0).log2()),
            ]);
            ysum += y as f32;
            xsum += x as f32;
        }
        Case {
            launch: Launch::linear(n as u32, 64),
            buffers: vec![
                to_bytes(&a),
                to_bytes(&b),
                vec![0; n * 12],
                vec![0; n * 12],
                vec![0; n * 6],
                vec![0; 8],
            ],
            args: vec![
                Arg::Buffer(0),
                Arg::Buffer(1),
                Arg::Buffer(2),
                Arg::Buffer(3),
                Arg::Buffer(4),
                Arg::Buffer(5),
            ],
            expect: vec![
                exact(2, Data::F16(hs)),
                exact(3, Data::U32(ints)),
                Expect {
                    buffer: 4,
                    data: Data::F16(approx),
                    ulps: 1,
                },
                exact(5, Data::F32(vec![ysum, xsum])),
            ],
        }
    }

    pub fn narrow_f64_f16() -> Case {
        let n = 200usize;
        let mut r = Rng::new(47);
        let mut x: Vec<f64> = gen(n, |i| {
            // Magnitudes from 2^-30 to 2^17 with random low bits.
            let e = (i % 48) as i32 - 30;
            let m = 1.0 + (r.u64() >> 11) as f64 / (1u64 << 53) as f64;
            let s = if r.u32() & 1 == 0 { 1.0 } else { -1.0 };
            s * m * 2f64.powi(e)
        });
        let edges: [f64; 22] = [
            0.0,
            -0.0,
            f64::NAN,
            -f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            65504.0,
            65519.99,
            65520.0,
            1e10,
            1.0 + 2f64.powi(-11),                  // tie, rounds to even (1)
            1.0 + 3.0 * 2f64.powi(-11),            // tie, rounds up to even
            1.0 + 2f64.powi(-11) + 2f64.powi(-40), // just above a tie
            2f64.powi(-24),                        // smallest subnormal
            2f64.powi(-25),                        // tie with zero: rounds to 0
            2f64.powi(-25) * 1.0001,
            2f64.powi(-14) - 2f64.powi(-26), // rounds up to the smallest normal
            3.0 * 2f64.powi(-26),            // subnormal tie
            6.1e-5,
            1e-300,
            f64::MIN_POSITIVE / 4.0, // an f64 subnormal
            -1.5e-7,
        ];
        x[..edges.len()].copy_from_slice(&edges);
        let want: Vec<u16> = x.iter().map(|&v| f64_to_f16(v)).collect();
        Case {
            launch: Launch::linear(256, 64),
            buffers: vec![to_bytes(&x), vec![0; n * 2]],
            args: n_and_buffers(n, 2),
            expect: vec![exact(1, Data::F16(want))],
        }
    }

    pub fn bool_logic() -> Case {
        let n = 140usize;
        let mut r = Rng::new(48);
        let xs: Vec<u32> = gen(n, |i| if i % 4 == 0 { r.u32() << 5 } else { r.u32() });
        let ys: Vec<u32> = gen(n, |_| r.u32());
        let mut out = vec![0u32; n * 4];
        for i in 0..n {
            let (x, y) = (xs[i], ys[i]);
            let (p, q, rr) = (x & 1 != 0, x % 3 == 0, x > y);
            // The loop: acc ^= bit k for k < 5 until a set bit breaks
            // with true; with no set bit acc stays false.
            let mut acc = false;
            for k in 0..5 {
                let set = (x >> k) & 1 != 0;
                if set {
                    acc = true;
                    break;
                }
                acc ^= set;
            }
            let bits = [
                p & q,
                p | q,
                p ^ q,
                !p,
                p == q,
                p != q,
                if rr { p } else { q },
                if p { q } else { rr },
                acc,
            ];
            let packed = bits
                .iter()
                .enumerate()
                .fold(0u32, |m, (k, &b)| m | (b as u32) << k);
            out[4 * i..4 * i + 4].copy_from_slice(&[
                packed,
                rr as u32,
                (p as u32 as f32).to_bits(),
                q as u32,
            ]);
        }
        Case {
            launch: Launch::linear(160, 32),
            buffers: vec![to_bytes(&xs), to_bytes(&ys), vec![0; n * 16]],
            args: n_and_buffers(n, 3),
            expect: vec![exact(2, Data::U32(out))],
        }
    }
}
