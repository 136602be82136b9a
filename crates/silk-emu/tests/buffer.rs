//! MUBUF and MTBUF: clang-compiled buffer kernels (tests/data/hip/buffer.hip,
//! regen.sh beside it) against CPU references on every processor: raw and
//! structured addressing, instruction offsets and soffset, range checking
//! (out-of-range loads read 0, stores are dropped), buffer atomics and
//! typed (tbuffer) formats.

use silk_amdgpu::target::Processor;
use silk_emu::{Arg, Buffer, Emulator, Error};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/hip/objects");

const TARGETS: [(Processor, &str); 3] = [
    (Processor::Gfx942, "buffer-gfx942"),
    (Processor::Gfx1100, "buffer-gfx1100"),
    (Processor::Gfx1151, "buffer-gfx1151"),
];

fn each(f: impl Fn(&mut Emulator, &[u8], &str) -> Result<(), Error>) {
    for (p, name) in TARGETS {
        let obj = std::fs::read(format!("{DIR}/{name}.hsaco")).expect("buffer object");
        let mut emu = Emulator::new(p);
        f(&mut emu, &obj, name).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

fn u32s(e: &Emulator, b: Buffer) -> Vec<u32> {
    e.read(b)
        .unwrap()
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn bytes_u32(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn pattern(n: usize) -> Vec<u32> {
    (0..n as u32)
        .map(|i| i.wrapping_mul(2654435761) ^ (i << 3))
        .collect()
}

#[test]
fn raw_buffer_range_checking() {
    each(|emu, obj, name| {
        let n = 512;
        let input = pattern(n);
        let inp = emu.alloc_bytes(&bytes_u32(&input))?;
        let out = emu.alloc_bytes(&bytes_u32(&vec![0xdead_beef; n]))?;
        emu.launch(
            obj,
            "buffer_copy",
            [n as u32, 1, 1],
            [256, 1, 1],
            &[
                Arg::Buffer(inp),
                Arg::Buffer(out),
                Arg::I32(4 * 300),
                Arg::I32(4 * 400),
            ],
        )?;
        let got = u32s(emu, out);
        for t in 0..n {
            let v = if t < 300 { input[t] } else { 0 };
            let want = if t < 400 {
                v.wrapping_mul(3).wrapping_add(1)
            } else {
                0xdead_beef
            };
            assert_eq!(got[t], want, "{name} lane {t}");
        }
        Ok(())
    });
}

#[test]
fn raw_buffer_widths_offsets_and_soffset() {
    each(|emu, obj, name| {
        let input = pattern(1024);
        let bytes = bytes_u32(&input);
        let inp = emu.alloc_bytes(&bytes)?;
        let out = emu.alloc(8192)?;
        let (limit, soff) = (1500usize, 100usize);
        emu.launch(
            obj,
            "buffer_widths",
            [256, 1, 1],
            [256, 1, 1],
            &[
                Arg::Buffer(inp),
                Arg::Buffer(out),
                Arg::I32(limit as i32),
                Arg::U32(soff as u32),
            ],
        )?;
        let o = emu.read(out)?;
        let word = |b: &[u8], at: usize| u32::from_le_bytes(b[at..at + 4].try_into().unwrap());
        for t in 0..256 {
            // Each dword of the 64-bit load is range-checked on its own.
            let lo = if t * 8 < limit {
                word(&bytes, t * 8)
            } else {
                0
            };
            let hi = if t * 8 + 4 < limit {
                word(&bytes, t * 8 + 4)
            } else {
                0
            };
            assert_eq!(word(&o, t * 8), lo.wrapping_add(1), "{name} lo {t}");
            assert_eq!(word(&o, t * 8 + 4), hi.wrapping_add(2), "{name} hi {t}");
            // soffset moves the address but is not range-checked.
            let b = if t + 4 < limit {
                bytes[soff + t + 4] as u16
            } else {
                0
            };
            let h = if t * 2 + 16 < limit {
                u16::from_le_bytes([bytes[t * 2 + 16], bytes[t * 2 + 17]])
            } else {
                0
            };
            let got = u16::from_le_bytes([o[4096 + t * 2], o[4097 + t * 2]]);
            assert_eq!(got, h.wrapping_add(b), "{name} short {t}");
        }
        Ok(())
    });
}

#[test]
fn structured_buffer_index_and_offset() {
    each(|emu, obj, name| {
        let records = 200usize;
        let input = pattern(3 * 256);
        let inp = emu.alloc_bytes(&bytes_u32(&input))?;
        let out = emu.alloc(8 * 256)?;
        emu.launch(
            obj,
            "buffer_struct",
            [256, 1, 1],
            [256, 1, 1],
            &[Arg::Buffer(inp), Arg::Buffer(out), Arg::I32(records as i32)],
        )?;
        let got = u32s(emu, out);
        for t in 0..256 {
            let v = if t < records {
                input[3 * t + 1].wrapping_add(input[3 * t + 1 + (t & 1)])
            } else {
                0
            };
            assert_eq!(got[2 * t], v ^ 0x5a5a, "{name} record {t}");
            assert_eq!(got[2 * t + 1], t as u32, "{name} index {t}");
        }
        Ok(())
    });
}

#[test]
fn buffer_atomics_add_max_cmpswap() {
    each(|emu, obj, name| {
        let n = 512;
        let input: Vec<u32> = (0..n as u32).map(|i| (i * 37 + i / 3) % 1000).collect();
        let inp = emu.alloc_bytes(&bytes_u32(&input))?;
        let bins = emu.alloc(64)?;
        let olds = emu.alloc(4 * n as u64)?;
        let slots = emu.alloc(4 * 64)?;
        emu.launch(
            obj,
            "buffer_atomics",
            [n as u32, 1, 1],
            [256, 1, 1],
            &[
                Arg::Buffer(inp),
                Arg::Buffer(bins),
                Arg::Buffer(olds),
                Arg::Buffer(slots),
            ],
        )?;
        let b = u32s(emu, bins);
        let o = u32s(emu, olds);
        let s = u32s(emu, slots);
        for bin in 0..8u32 {
            let lanes: Vec<usize> = (0..n).filter(|&t| input[t] & 7 == bin).collect();
            assert_eq!(b[bin as usize], lanes.len() as u32, "{name} bin {bin}");
            // The returned old values are a permutation of 0..count.
            let mut got: Vec<u32> = lanes.iter().map(|&t| o[t]).collect();
            got.sort_unstable();
            let want: Vec<u32> = (0..lanes.len() as u32).collect();
            assert_eq!(got, want, "{name} olds of bin {bin}");
        }
        assert_eq!(b[8], *input.iter().max().unwrap(), "{name} max");
        assert!(b[9..].iter().all(|&x| x == 0), "{name}: {b:?}");
        for slot in 0..64u32 {
            let claimants: Vec<u32> = (0..n as u32)
                .filter(|&t| input[t as usize] % 64 == slot)
                .map(|t| t + 1)
                .collect();
            let v = s[slot as usize];
            if claimants.is_empty() {
                assert_eq!(v, 0, "{name} slot {slot}");
            } else {
                assert!(claimants.contains(&v), "{name} slot {slot}: {v}");
            }
        }
        Ok(())
    });
}

#[test]
fn tbuffer_formats_convert_components() {
    each(|emu, obj, name| {
        let input = pattern(1024);
        let bytes = bytes_u32(&input);
        let inp = emu.alloc_bytes(&bytes)?;
        let out = emu.alloc(4 * 4096 + 1024)?;
        let limit = 4000usize;
        emu.launch(
            obj,
            "tbuffer_formats",
            [256, 1, 1],
            [256, 1, 1],
            &[Arg::Buffer(inp), Arg::Buffer(out), Arg::I32(limit as i32)],
        )?;
        let o = u32s(emu, out);
        let raw = emu.read(out)?;
        for t in 0..256 {
            // 32_32_32_32 float: all four components or none.
            for c in 0..4 {
                let want = if t * 16 + 16 <= limit {
                    input[4 * t + c]
                } else {
                    0
                };
                assert_eq!(o[4 * t + c], want, "{name} f32x4 {t}.{c}");
            }
            // 8_8_8_8 unorm: byte / 255.
            for c in 0..4 {
                let want = (bytes[4 * t + c] as f32 / 255.0).to_bits();
                assert_eq!(o[1024 + 4 * t + c], want, "{name} unorm {t}.{c}");
            }
            assert_eq!(
                o[2048 + t],
                input[2 * t] ^ input[2 * t + 1],
                "{name} u32x2 {t}"
            );
            let h = u16::from_le_bytes([raw[16384 + 2 * t], raw[16385 + 2 * t]]);
            assert_eq!(h, (t as u32 * 3) as u16, "{name} 16-bit store {t}");
        }
        Ok(())
    });
}
