//! Shared helpers: device buffers on a kernel's runtime, f16/bf16
//! conversions, a deterministic generator.
#![allow(dead_code)]

use silk_amdgpu::target::Processor;
use silk_kernel::CommandKernel;
use silk_runtime::Buffer;

pub const PROCESSORS: [Processor; 3] = [Processor::Gfx942, Processor::Gfx1100, Processor::Gfx1151];

/// A small deterministic generator (xorshift) of values in [-1, 1).
pub struct Rng(pub u64);

impl Rng {
    pub fn next_f32(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        ((self.0 >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
    }
    pub fn vec(&mut self, n: usize) -> Vec<f32> {
        (0..n).map(|_| self.next_f32()).collect()
    }
}

/// A device buffer holding `bytes` (rounded up to whole words).
pub fn upload(k: &CommandKernel, bytes: &[u8]) -> Buffer {
    let len = bytes.len().next_multiple_of(4).max(4);
    let mut padded = bytes.to_vec();
    padded.resize(len, 0);
    let b = k.runtime().alloc(len as u64);
    assert!(b.is_valid(), "{}", k.runtime().last_error());
    assert_eq!(b.upload(&padded), 0, "{}", k.runtime().last_error());
    b
}

pub fn f32_bytes(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

pub fn download_f32(k: &CommandKernel, b: &Buffer, n: usize) -> Vec<f32> {
    let mut out = vec![0u8; (n * 4).next_multiple_of(4).max(4)];
    assert_eq!(b.download(&mut out), 0, "{}", k.runtime().last_error());
    out.chunks_exact(4)
        .take(n)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

pub fn download_u16(k: &CommandKernel, b: &Buffer, n: usize) -> Vec<u16> {
    let mut out = vec![0u8; (n * 2).next_multiple_of(4).max(4)];
    assert_eq!(b.download(&mut out), 0, "{}", k.runtime().last_error());
    out.chunks_exact(2)
        .take(n)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect()
}

/// f32 to IEEE half, round to nearest even (normal and subnormal range;
/// the test values stay far from overflow).
pub fn f32_to_f16(x: f32) -> u16 {
    let b = x.to_bits();
    let sign = ((b >> 16) & 0x8000) as u16;
    let a = x.abs();
    if a == 0.0 {
        return sign;
    }
    if a < 6.103_515_6e-5 {
        // subnormal: units of 2^-24
        let q = (a as f64 * (1u64 << 24) as f64).round_ties_even() as u16;
        return sign | q;
    }
    let e = ((b >> 23) & 0xff) as i32 - 127 + 15;
    let m = b & 0x7f_ffff;
    let mut h = ((e as u32) << 10) | (m >> 13);
    let rest = m & 0x1fff;
    if rest > 0x1000 || (rest == 0x1000 && (h & 1) == 1) {
        h += 1;
    }
    sign | h as u16
}

pub fn f16_to_f32(h: u16) -> f32 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let e = ((h >> 10) & 0x1f) as i32;
    let m = (h & 0x3ff) as f32;
    sign * if e == 0 {
        m * 2f32.powi(-24)
    } else {
        (1.0 + m / 1024.0) * 2f32.powi(e - 15)
    }
}

/// f32 to bfloat16 by truncation (the test inputs are made exact).
pub fn f32_to_bf16(x: f32) -> u16 {
    (x.to_bits() >> 16) as u16
}

pub fn bf16_to_f32(h: u16) -> f32 {
    f32::from_bits((h as u32) << 16)
}

pub fn u16_bytes(v: &[u16]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
