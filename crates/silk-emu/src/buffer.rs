//! Buffer instructions (MUBUF, MTBUF) through a V# buffer resource held in
//! four SGPRs.
//!
//! V# layout (CDNA3 ISA §9.1.5 "Buffer Resource" table, RDNA3 ISA §10.1.5
//! "Buffer Resource"): word 0 `base[31:0]`; word 1 `base[47:32]` in bits 15:0,
//! stride in 29:16, swizzle enable in 31 (GFX9) / 31:30 (GFX11); word 2
//! num_records; word 3 dst_sel in 11:0, then on GFX9 num_format 14:12 and
//! data_format 18:15, on GFX11 the unified format 18:12 and oob_select
//! 29:28; add_tid_enable is bit 23 on both.
//!
//! Address ("Buffer addressing" in both guides): index = (idxen ? vaddr
//! : 0) + (add_tid ? lane : 0); offset = (offen ? vaddr[+1] : 0) +
//! inst_offset; address = base + soffset + offset + stride * index.
//!
//! Range checking, per component for dword-wide loads and stores, all or
//! nothing for formatted ones; soffset is not part of the check (as LLVM's
//! intrinsic definitions describe it). Out-of-range loads return 0,
//! out-of-range stores and atomics do nothing, as the hardware does.
//! - GFX9: stride 0: out of range if offset >= num_records (bytes);
//!   otherwise if index >= num_records (records).
//! - GFX11, by oob_select: 0: index >= num_records or offset + size >
//!   stride; 1: index >= num_records; 2: num_records == 0; 3: stride 0:
//!   offset + size > num_records, else as 0.
//!
//! Swizzled buffers are reported as unsupported.

use crate::error::Result;
use crate::exec::{f16_from_f32, f16_to_f32, Exec};
use crate::mem_inst::{atomic_op, Atomic, ATOMICS, D16_HI, WIDE};
use crate::wave::PendingWrite;
use silk_amdgpu::isa::format::{mod_bit, ModBit};
use silk_amdgpu::isa::operand::VGPR0;
use silk_amdgpu::isa::{Family, Flags, Op, Operand};
use silk_amdgpu::target::Generation;

/// MTBUF handler aux: component count in bits 7:0, and this bit for stores.
pub const TSTORE: u32 = 1 << 15;

/// A decoded V#.
#[derive(Clone, Copy, Debug)]
struct Rsrc {
    base: u64,
    stride: u64,
    num_records: u64,
    add_tid: bool,
    swizzle: bool,
    oob_select: u32,
}

impl Rsrc {
    fn decode(w: [u32; 4], gen: Generation) -> Rsrc {
        let swizzle = match gen {
            Generation::Gfx9 => w[1] >> 31 != 0,
            Generation::Gfx11 => w[1] >> 30 != 0,
        };
        Rsrc {
            base: w[0] as u64 | ((w[1] & 0xffff) as u64) << 32,
            stride: (w[1] >> 16 & 0x3fff) as u64,
            num_records: w[2] as u64,
            add_tid: w[3] >> 23 & 1 != 0,
            swizzle,
            oob_select: w[3] >> 28 & 3,
        }
    }

    /// Whether `size` bytes at buffer `offset` of record `index` are out
    /// of range (see the module docs).
    fn out_of_range(&self, gen: Generation, index: u64, offset: u64, size: u64) -> bool {
        match gen {
            Generation::Gfx9 => {
                if self.stride == 0 {
                    offset >= self.num_records
                } else {
                    index >= self.num_records
                }
            }
            Generation::Gfx11 => {
                let structured =
                    index >= self.num_records || offset.saturating_add(size) > self.stride;
                match self.oob_select {
                    0 => structured,
                    1 => index >= self.num_records,
                    2 => self.num_records == 0,
                    _ if self.stride == 0 => offset.saturating_add(size) > self.num_records,
                    _ => structured,
                }
            }
        }
    }
}

/// Numeric format of a typed buffer access.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Num {
    Unorm,
    Snorm,
    Uscaled,
    Sscaled,
    Uint,
    Sint,
    Float,
}

/// A typed-buffer format: components of `bits` each.
#[derive(Clone, Copy, Debug)]
struct Format {
    comps: usize,
    bits: u32,
    num: Num,
}

const NUMS: [Num; 7] = [
    Num::Unorm,
    Num::Snorm,
    Num::Uscaled,
    Num::Sscaled,
    Num::Uint,
    Num::Sint,
    Num::Float,
];

/// The MTBUF `format` field: GFX9 dfmt | nfmt << 4 (CDNA3 ISA "Data and
/// Numeric formats" tables), GFX11 the unified format table (RDNA3 ISA
/// §"Buffer formats"). Packed formats (10_11_11, 2_10_10_10, ...) are not
/// handled.
fn format_of(gen: Generation, f: u16) -> Option<Format> {
    let fmt = |comps, bits, num| {
        let ok = match bits {
            8 => num != Num::Float,
            32 => matches!(num, Num::Uint | Num::Sint | Num::Float),
            _ => true,
        };
        ok.then_some(Format { comps, bits, num })
    };
    match gen {
        Generation::Gfx9 => {
            let num = match f >> 4 & 7 {
                6 => return None,
                7 => Num::Float,
                n => NUMS[n as usize],
            };
            let (comps, bits) = match f & 0xf {
                1 => (1, 8),
                2 => (1, 16),
                3 => (2, 8),
                4 => (1, 32),
                5 => (2, 16),
                10 => (4, 8),
                11 => (2, 32),
                12 => (4, 16),
                13 => (3, 32),
                14 => (4, 32),
                _ => return None,
            };
            fmt(comps, bits, num)
        }
        Generation::Gfx11 => {
            // Runs of consecutive numeric formats per data format.
            let runs: [(u16, usize, u32, usize); 10] = [
                (1, 1, 8, 0),
                (7, 1, 16, 0),
                (14, 2, 8, 0),
                (20, 1, 32, 4),
                (23, 2, 16, 0),
                (42, 4, 8, 0),
                (48, 2, 32, 4),
                (51, 4, 16, 0),
                (58, 3, 32, 4),
                (61, 4, 32, 4),
            ];
            let lens = [6u16, 7, 6, 3, 7, 6, 3, 7, 3, 3];
            for (k, &(start, comps, bits, first)) in runs.iter().enumerate() {
                if (start..start + lens[k]).contains(&f) {
                    let num = NUMS[first + (f - start) as usize];
                    return fmt(comps, bits, num);
                }
            }
            None
        }
    }
}

impl Format {
    /// The 32-bit register value of one loaded component.
    fn load(&self, raw: u32) -> u32 {
        let bits = self.bits;
        let max = if bits == 32 {
            u32::MAX
        } else {
            (1u32 << bits) - 1
        };
        let u = raw & max;
        let s = ((u << (32 - bits)) as i32) >> (32 - bits);
        match self.num {
            Num::Uint => u,
            Num::Sint => s as u32,
            Num::Float if bits == 16 => f16_to_f32(u as u16).to_bits(),
            Num::Float => u,
            Num::Unorm => crate::sem::from_unorm(u, bits).to_bits(),
            Num::Snorm => crate::sem::from_snorm(u, bits).to_bits(),
            Num::Uscaled => (u as f32).to_bits(),
            Num::Sscaled => (s as f32).to_bits(),
        }
    }

    /// The memory bits of one stored component.
    fn store(&self, v: u32) -> u32 {
        let bits = self.bits;
        let max = if bits == 32 {
            u32::MAX
        } else {
            (1u32 << bits) - 1
        };
        let f = f32::from_bits(v);
        let r = match self.num {
            Num::Uint | Num::Sint => v,
            Num::Float if bits == 16 => f16_from_f32(f) as u32,
            Num::Float => v,
            Num::Unorm => crate::sem::to_unorm(f, bits),
            Num::Snorm => crate::sem::to_snorm(f, bits),
            Num::Uscaled => f as u32,
            Num::Sscaled => f as i32 as u32,
        };
        r & max
    }

    /// The value of a component the format does not have: 0, and 1 (or
    /// 1.0) for the fourth.
    fn missing(&self, comp: usize) -> u32 {
        match (comp, self.num) {
            (3, Num::Uint | Num::Sint) => 1,
            (3, _) => 1.0f32.to_bits(),
            _ => 0,
        }
    }
}

/// Where each lane of a buffer instruction goes.
struct Lanes {
    rsrc: Rsrc,
    index: Vec<u64>,
    offset: Vec<u64>,
    soffset: u64,
}

impl Lanes {
    fn addr(&self, l: usize, extra: u64) -> u64 {
        self.rsrc
            .base
            .wrapping_add(self.soffset)
            .wrapping_add(self.offset[l].wrapping_add(extra))
            .wrapping_add(self.rsrc.stride.wrapping_mul(self.index[l]))
    }

    fn out(&self, gen: Generation, l: usize, extra: u64, size: u64) -> bool {
        self.rsrc
            .out_of_range(gen, self.index[l], self.offset[l] + extra, size)
    }
}

impl Exec<'_> {
    fn mem_bit(&self, m: ModBit) -> bool {
        self.inst.mods.mem & mod_bit(m) != 0
    }

    /// Index and offset of every lane, the V# and soffset. `vaddr`,
    /// `srsrc` and `soffset` are operand numbers.
    fn buffer_lanes(&mut self, vaddr: usize, exec: u64) -> Result<Lanes> {
        let ws = self.w.wave_size;
        let (offen, idxen) = (self.mem_bit(ModBit::Offen), self.mem_bit(ModBit::Idxen));
        let Operand::Reg { code, .. } = self.op(vaddr + 1)? else {
            return Err(self.unsupported());
        };
        if code >= VGPR0 {
            return Err(self.unsupported());
        }
        let lo = self.sread(code, 2)?;
        let hi = self.sread(code + 2, 2)?;
        let words = [lo as u32, (lo >> 32) as u32, hi as u32, (hi >> 32) as u32];
        let rsrc = Rsrc::decode(words, self.k.gen);
        if rsrc.swizzle {
            return Err(crate::error::Error::Unsupported {
                name: format!("{} with a swizzled buffer resource", self.info.name),
                pc: self.pc_off(),
            });
        }
        let soffset = self.sval(vaddr + 2)? & 0xffff_ffff;
        let n = offen as usize + idxen as usize;
        let v = if n > 0 {
            self.vread_all(vaddr, n, exec)?
        } else {
            Vec::new()
        };
        let inst_off = self.inst.mods.offset as u32 as u64;
        let mut index = vec![0u64; ws];
        let mut offset = vec![inst_off; ws];
        for l in 0..ws {
            if idxen {
                index[l] = v[l] as u64;
            }
            if rsrc.add_tid {
                index[l] += l as u64;
            }
            if offen {
                let k = idxen as usize;
                offset[l] += v[k * ws + l] as u64;
            }
        }
        Ok(Lanes {
            rsrc,
            index,
            offset,
            soffset,
        })
    }

    fn buffer_counters(&self, returns: bool) -> u8 {
        let f = self.info.flags;
        if self.k.gen == Generation::Gfx11 && !returns {
            4
        } else if f.has(Flags::VM_CNT) || returns {
            1
        } else {
            4
        }
    }

    /// The LDS address of lane `l` of a MUBUF load to LDS (CDNA3 ISA
    /// §9.1.9): M0[15:0] + inst_offset + 4 l.
    fn lds_dma_addr(&mut self, l: usize) -> Result<usize> {
        let m0 = self.sread(self.k.m0, 1)? as u32 & 0xffff;
        Ok((m0 + self.inst.mods.offset as u32 + 4 * l as u32) as usize)
    }

    /// gfx942 `buffer_load_{ubyte,sbyte,ushort,sshort,dword} ... lds`:
    /// each lane's value, extended to a dword as a VGPR load would be (0
    /// out of range), goes to LDS at [`Exec::lds_dma_addr`]; VM_CNT
    /// counts it.
    fn buffer_load_lds(&mut self) -> Result<()> {
        let exec = self.w.exec();
        let aux = self.aux;
        let bytes = (aux & 0xff) as usize;
        let lanes = self.buffer_lanes(0, exec)?;
        let gen = self.k.gen;
        let mut m = exec;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            let mut buf = [0u8; 4];
            if !lanes.out(gen, l, 0, bytes as u64) {
                let a = lanes.addr(l, 0);
                self.check_align(a, bytes, l, "buffer load")?;
                self.buffer_read(a, &mut buf[..bytes], l)?;
            }
            let v = Self::load_value(aux, &buf);
            let at = self.lds_dma_addr(l)?;
            self.lds_write(at, &v.to_le_bytes(), l)?;
        }
        let c = self.buffer_counters(true);
        self.issue(c, Vec::new());
        Ok(())
    }

    /// MUBUF loads; `aux` as for global loads (bytes, sign, d16 halves).
    pub fn buffer_load(&mut self) -> Result<()> {
        if self.info.flags.has(Flags::LDS_DMA) {
            return self.buffer_load_lds();
        }
        let exec = self.w.exec();
        let ws = self.w.wave_size;
        let aux = self.aux;
        let bytes = (aux & 0xff) as usize;
        let dwords = bytes.div_ceil(4);
        let lanes = self.buffer_lanes(1, exec)?;
        let Operand::Reg { code, .. } = self.op(0)? else {
            return Err(self.unsupported());
        };
        let (agpr, reg) = crate::mem_inst::vreg_code(code);
        self.check_load_dst(agpr, reg, dwords)?;
        let gen = self.k.gen;
        let mut values = vec![0u32; dwords * ws];
        let mut m = exec;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            if bytes < 4 {
                if lanes.out(gen, l, 0, bytes as u64) {
                    continue;
                }
                let a = lanes.addr(l, 0);
                let mut buf = [0u8; 4];
                self.check_align(a, bytes, l, "buffer load")?;
                self.buffer_read(a, &mut buf[..bytes], l)?;
                values[l] = Self::load_value(aux, &buf);
                continue;
            }
            for d in 0..dwords {
                let e = 4 * d as u64;
                if lanes.out(gen, l, e, 4) {
                    continue;
                }
                let a = lanes.addr(l, e);
                let mut buf = [0u8; 4];
                self.check_align(a, 4, l, "buffer load")?;
                self.buffer_read(a, &mut buf, l)?;
                values[d * ws + l] = u32::from_le_bytes(buf);
            }
        }
        let c = self.buffer_counters(true);
        self.issue_load(c, (agpr, reg, dwords), exec, values, aux);
        Ok(())
    }

    fn buffer_read(&mut self, a: u64, out: &mut [u8], l: usize) -> Result<()> {
        self.mem
            .read(a, out)
            .ok_or_else(|| self.oob(a, out.len(), l, "buffer load"))
    }

    fn buffer_write(&mut self, a: u64, bytes: &[u8], l: usize) -> Result<()> {
        self.mem
            .write(a, bytes)
            .ok_or_else(|| self.oob(a, bytes.len(), l, "buffer store"))
    }

    pub fn buffer_store(&mut self) -> Result<()> {
        let exec = self.w.exec();
        let ws = self.w.wave_size;
        let bytes = (self.aux & 0xff) as usize;
        let dwords = bytes.div_ceil(4);
        let lanes = self.buffer_lanes(1, exec)?;
        self.lenient = true;
        let data = self.vread_all(0, dwords, exec)?;
        let gen = self.k.gen;
        let mut m = exec;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            if bytes < 4 {
                if lanes.out(gen, l, 0, bytes as u64) {
                    continue;
                }
                let mut v = data[l];
                if self.aux & D16_HI != 0 {
                    v >>= 16;
                }
                let a = lanes.addr(l, 0);
                self.check_align(a, bytes, l, "buffer store")?;
                self.buffer_write(a, &v.to_le_bytes()[..bytes], l)?;
                continue;
            }
            for d in 0..dwords {
                let e = 4 * d as u64;
                if lanes.out(gen, l, e, 4) {
                    continue;
                }
                let a = lanes.addr(l, e);
                self.check_align(a, 4, l, "buffer store")?;
                self.buffer_write(a, &data[d * ws + l].to_le_bytes(), l)?;
            }
        }
        let c = self.buffer_counters(false);
        self.issue(c, Vec::new());
        Ok(())
    }

    /// MUBUF atomics: vdata holds the data (and for compare-swap the
    /// compare value after it); with GLC the pre-op value returns to vdata.
    pub fn buffer_atomic(&mut self) -> Result<()> {
        let exec = self.w.exec();
        let ws = self.w.wave_size;
        let op = ATOMICS[(self.aux & 0xff) as usize % ATOMICS.len()];
        let wide = self.aux & WIDE != 0;
        let n = if wide { 2 } else { 1 };
        let cmpswap = matches!(op, Atomic::CmpSwap | Atomic::CmpSwapF32);
        let lanes = self.buffer_lanes(1, exec)?;
        let data = self.vread_all(0, if cmpswap { 2 * n } else { n }, exec)?;
        let returns = self.mem_bit(ModBit::Glc);
        let Operand::Reg { code, .. } = self.op(0)? else {
            return Err(self.unsupported());
        };
        let (agpr, reg) = crate::mem_inst::vreg_code(code);
        if returns {
            self.check_load_dst(agpr, reg, n)?;
        }
        let gen = self.k.gen;
        let size = 4 * n as u64;
        let mut values = vec![0u32; n * ws];
        let mut m = exec;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            if lanes.out(gen, l, 0, size) {
                continue;
            }
            let get = |k: usize| -> u64 {
                let lo = data[k * n * ws + l] as u64;
                if wide {
                    lo | (data[(k * n + 1) * ws + l] as u64) << 32
                } else {
                    lo
                }
            };
            let (d, c) = (get(0), if cmpswap { get(1) } else { 0 });
            let a = lanes.addr(l, 0);
            self.check_align(a, size as usize, l, "buffer atomic")?;
            let mut buf = [0u8; 8];
            self.buffer_read(a, &mut buf[..size as usize], l)?;
            let old = u64::from_le_bytes(buf);
            let new = atomic_op(op, old, d, c, wide);
            self.buffer_write(a, &new.to_le_bytes()[..size as usize], l)?;
            values[l] = old as u32;
            if wide {
                values[ws + l] = (old >> 32) as u32;
            }
        }
        let c = self.buffer_counters(returns);
        let writes = if returns {
            vec![PendingWrite::Vgpr {
                agpr,
                reg,
                dwords: n,
                mask: exec,
                values,
                half: 0,
            }]
        } else {
            Vec::new()
        };
        self.issue(c, writes);
        Ok(())
    }

    /// MTBUF `tbuffer_{load,store}_format_*` (not the d16 forms): the
    /// instruction's `format` field converts each component.
    pub fn tbuffer(&mut self) -> Result<()> {
        let exec = self.w.exec();
        let ws = self.w.wave_size;
        let comps = (self.aux & 0xff) as usize;
        let store = self.aux & TSTORE != 0;
        let raw_fmt = self.inst.mods.offset1;
        let Some(fmt) = format_of(self.k.gen, raw_fmt) else {
            return Err(crate::error::Error::Unsupported {
                name: format!("{} with format {raw_fmt}", self.info.name),
                pc: self.pc_off(),
            });
        };
        let lanes = self.buffer_lanes(1, exec)?;
        let gen = self.k.gen;
        let esize = (fmt.bits / 8) as usize;
        let total = (esize * fmt.comps) as u64;
        let Operand::Reg { code, .. } = self.op(0)? else {
            return Err(self.unsupported());
        };
        let (agpr, reg) = crate::mem_inst::vreg_code(code);
        let data = if store {
            self.lenient = true;
            self.vread_all(0, comps, exec)?
        } else {
            self.check_load_dst(agpr, reg, comps)?;
            Vec::new()
        };
        let mut values = vec![0u32; comps * ws];
        let mut m = exec;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            // Formatted accesses are range-checked all or nothing.
            if lanes.out(gen, l, 0, total) {
                continue;
            }
            let a = lanes.addr(l, 0);
            self.check_align(a, esize, l, "typed buffer")?;
            for c in 0..comps {
                let ca = a + (c * esize) as u64;
                if store {
                    if c >= fmt.comps {
                        continue;
                    }
                    let bits = fmt.store(data[c * ws + l]);
                    self.buffer_write(ca, &bits.to_le_bytes()[..esize], l)?;
                } else if c < fmt.comps {
                    let mut buf = [0u8; 4];
                    self.buffer_read(ca, &mut buf[..esize], l)?;
                    values[c * ws + l] = fmt.load(u32::from_le_bytes(buf));
                } else {
                    values[c * ws + l] = fmt.missing(c);
                }
            }
        }
        if store {
            let c = self.buffer_counters(false);
            self.issue(c, Vec::new());
        } else {
            let c = self.buffer_counters(true);
            self.issue(
                c,
                vec![PendingWrite::Vgpr {
                    agpr,
                    reg,
                    dwords: comps,
                    mask: exec,
                    values,
                    half: 0,
                }],
            );
        }
        Ok(())
    }
}

/// The MUBUF or MTBUF semantics of `op`, if the emulator has them.
pub(crate) fn semantics(op: Op, family: Family) -> Option<(crate::exec::Handler, u32)> {
    use crate::exec::Handler;
    if family == Family::Mtbuf {
        let aux = match op {
            Op::TBUFFER_LOAD_FORMAT_X => 1,
            Op::TBUFFER_LOAD_FORMAT_XY => 2,
            Op::TBUFFER_LOAD_FORMAT_XYZ => 3,
            Op::TBUFFER_LOAD_FORMAT_XYZW => 4,
            Op::TBUFFER_STORE_FORMAT_X => 1 | TSTORE,
            Op::TBUFFER_STORE_FORMAT_XY => 2 | TSTORE,
            Op::TBUFFER_STORE_FORMAT_XYZ => 3 | TSTORE,
            Op::TBUFFER_STORE_FORMAT_XYZW => 4 | TSTORE,
            _ => return None,
        };
        return Some(((|e: &mut Exec| e.tbuffer()) as Handler, aux));
    }
    match crate::sem::load_store_aux(op) {
        Some((true, aux)) => Some(((|e: &mut Exec| e.buffer_load()) as Handler, aux)),
        Some((false, aux)) => Some(((|e: &mut Exec| e.buffer_store()) as Handler, aux)),
        None => {
            let (at, wide) = crate::sem::vmem_atomic_kind(op)?;
            Some((
                (|e: &mut Exec| e.buffer_atomic()) as Handler,
                at as u32 | if wide { WIDE } else { 0 },
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gfx11_unified_formats_match_the_gfx9_pairs() {
        // BUF_FMT_32_FLOAT = 22, 8_8_8_8_UNORM = 42, 32_32_32_32_FLOAT = 63.
        let f = format_of(Generation::Gfx11, 22).unwrap();
        assert_eq!((f.comps, f.bits, f.num), (1, 32, Num::Float));
        let f = format_of(Generation::Gfx11, 42).unwrap();
        assert_eq!((f.comps, f.bits, f.num), (4, 8, Num::Unorm));
        let f = format_of(Generation::Gfx11, 63).unwrap();
        assert_eq!((f.comps, f.bits, f.num), (4, 32, Num::Float));
        let g = format_of(Generation::Gfx9, 14 | 7 << 4).unwrap();
        assert_eq!((g.comps, g.bits, g.num), (4, 32, Num::Float));
        assert!(format_of(Generation::Gfx11, 30).is_none());
        assert!(format_of(Generation::Gfx9, 6).is_none());
    }

    #[test]
    fn norm_conversions_round_trip() {
        let f = Format {
            comps: 1,
            bits: 8,
            num: Num::Unorm,
        };
        for x in 0..=255u32 {
            assert_eq!(f.store(f.load(x)), x);
        }
        let s = Format {
            comps: 1,
            bits: 16,
            num: Num::Snorm,
        };
        for x in [0u32, 1, 0x7fff, 0x8001, 0xffff] {
            assert_eq!(s.store(s.load(x)), x, "{x:#x}");
        }
    }
}
