//! The hasher of the device-IR passes' maps (values, constants, operation
//! keys). std's default SipHash resists keys chosen to collide, which the
//! compiler's own value numbers cannot be, and costs several times more per
//! lookup; this one is a multiply and a rotate per word. No pass iterates
//! these maps, so their order never reaches the output.

use std::hash::BuildHasherDefault;

/// A hash map with [`Hasher`].
pub type Map<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<Hasher>>;

#[derive(Clone, Copy, Default)]
pub struct Hasher(u64);

impl Hasher {
    /// An odd constant with well-mixed bits (the fractional part of the
    /// golden ratio).
    const K: u64 = 0x9e37_79b9_7f4a_7c15;

    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(Self::K);
    }
}

impl std::hash::Hasher for Hasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    #[inline]
    fn write_u8(&mut self, x: u8) {
        self.add(x as u64);
    }

    #[inline]
    fn write_u16(&mut self, x: u16) {
        self.add(x as u64);
    }

    #[inline]
    fn write_u32(&mut self, x: u32) {
        self.add(x as u64);
    }

    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.add(x);
    }

    #[inline]
    fn write_usize(&mut self, x: usize) {
        self.add(x as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nearby keys spread over the buckets, and maps behave as maps.
    #[test]
    fn small_keys_spread_and_maps_work() {
        use std::hash::BuildHasher;
        let b = BuildHasherDefault::<Hasher>::default();
        let mut low_bits: Vec<u64> = (0u32..64).map(|k| b.hash_one(k) & 63).collect();
        low_bits.sort_unstable();
        low_bits.dedup();
        assert!(low_bits.len() > 32, "{low_bits:?}");
        let mut m: Map<(u32, u64), u32> = Map::default();
        for k in 0..1000u32 {
            m.insert((k, k as u64 * 3), k);
        }
        assert_eq!(m.len(), 1000);
        assert!((0..1000u32).all(|k| m.get(&(k, k as u64 * 3)) == Some(&k)));
        assert_eq!(m.get(&(1, 1)), None);
    }
}
