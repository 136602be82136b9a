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
//! Typed accesses (MTBUF `tbuffer_*` with the instruction's format, MUBUF
//! `buffer_{load,store}_format_*` with the resource's, and their d16
//! forms) convert each component through the format tables of
//! [`silk_amdgpu::isa::buffer_format`] ("Buffer Data" in both guides): a
//! load returns floats for the float, normalized and scaled formats and
//! integers for the integer ones, a d16 load those narrowed to 16 bits
//! (f16, or the integer's low 16 bits) two to a VGPR. MUBUF format loads
//! place the components by the resource's dst_sel (0, 1, X, Y, Z, W; a
//! component the format lacks reads 0, W 1); MTBUF by identity (X000,
//! XY00, XYZ0, XYZW). Stores write the components the instruction has and
//! the format has, keeping the element's other bits; integer data is
//! truncated to its field, scaled data saturated.
//!
//! Swizzled buffers are reported as unsupported.

use crate::error::Result;
use crate::exec::{f16_from_f32, f16_to_f32, Exec};
use crate::mem_inst::{atomic_op, Atomic, ATOMICS, D16, D16_HI, WIDE};
use crate::wave::PendingWrite;
use silk_amdgpu::isa::buffer_format::{self, BufFormat, NumFormat};
use silk_amdgpu::isa::format::{mod_bit, ModBit};
use silk_amdgpu::isa::operand::VGPR0;
use silk_amdgpu::isa::{Family, Flags, Op, Operand};
use silk_amdgpu::target::Generation;

/// Typed-access handler aux: component count in bits 7:0, [`D16`] /
/// [`D16_HI`], this bit for stores,
pub const TSTORE: u32 = 1 << 15;
/// and this one when the format and dst_sel come from the resource (MUBUF).
pub const RSRC_FMT: u32 = 1 << 16;

/// A decoded V#.
#[derive(Clone, Copy, Debug)]
struct Rsrc {
    base: u64,
    stride: u64,
    num_records: u64,
    add_tid: bool,
    swizzle: bool,
    oob_select: u32,
    /// Word 3: dst_sel and the format fields.
    word3: u32,
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
            word3: w[3],
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

/// The 32-bit register value of a `bits`-wide component read as `num`
/// (float, normalized and scaled formats give f32 bits).
fn comp_load(num: NumFormat, bits: u32, raw: u32) -> u32 {
    let mask = field_mask(bits);
    let u = raw & mask;
    let s = ((u << (32 - bits)) as i32) >> (32 - bits);
    match num {
        NumFormat::Uint => u,
        NumFormat::Sint => s as u32,
        NumFormat::Float => match bits {
            16 => f16_to_f32(u as u16).to_bits(),
            11 => small_float_to_f32(u, 6).to_bits(),
            10 => small_float_to_f32(u, 5).to_bits(),
            _ => u,
        },
        NumFormat::Unorm => crate::sem::from_unorm(u, bits).to_bits(),
        NumFormat::Snorm => crate::sem::from_snorm(u, bits).to_bits(),
        NumFormat::Uscaled => (u as f32).to_bits(),
        NumFormat::Sscaled => (s as f32).to_bits(),
    }
}

/// The `bits`-wide memory field of a component stored as `num` from a
/// 32-bit register value.
fn comp_store(num: NumFormat, bits: u32, v: u32) -> u32 {
    let mask = field_mask(bits);
    let f = f32::from_bits(v);
    let r = match num {
        NumFormat::Uint | NumFormat::Sint => v,
        NumFormat::Float => match bits {
            16 => f16_from_f32(f) as u32,
            11 => f32_to_small_float(f, 6),
            10 => f32_to_small_float(f, 5),
            _ => v,
        },
        NumFormat::Unorm => crate::sem::to_unorm(f, bits),
        NumFormat::Snorm => crate::sem::to_snorm(f, bits),
        // Float to integer saturates, as every conversion of the ISA.
        NumFormat::Uscaled => {
            if f.is_nan() {
                0
            } else {
                f.clamp(0.0, mask as f32) as u32
            }
        }
        NumFormat::Sscaled => {
            let lim = (mask >> 1) as f32;
            if f.is_nan() {
                0
            } else {
                f.clamp(-lim - 1.0, lim) as i32 as u32
            }
        }
    };
    r & mask
}

fn field_mask(bits: u32) -> u32 {
    if bits >= 32 {
        u32::MAX
    } else {
        (1 << bits) - 1
    }
}

/// Whether components of `num` are floats in registers (so d16 narrows
/// them to f16 and the constant 1 is 1.0).
fn float_valued(num: NumFormat) -> bool {
    !matches!(num, NumFormat::Uint | NumFormat::Sint)
}

/// A d16 half of a loaded component: f16, or the integer's low 16 bits.
fn to_d16(num: NumFormat, v: u32) -> u32 {
    if float_valued(num) {
        f16_from_f32(f32::from_bits(v)) as u32
    } else {
        v & 0xffff
    }
}

/// The 32-bit register value a d16 half stands for, for a store.
fn from_d16(num: NumFormat, h: u32) -> u32 {
    match num {
        NumFormat::Uint => h & 0xffff,
        NumFormat::Sint => h as u16 as i16 as i32 as u32,
        _ => f16_to_f32(h as u16).to_bits(),
    }
}

/// An unsigned float with a 5-bit exponent (bias 15) and `m` mantissa
/// bits (the 11- and 10-bit components of `10_11_11` / `11_11_10`).
fn small_float_to_f32(raw: u32, m: u32) -> f32 {
    let (e, man) = (raw >> m & 31, raw & ((1 << m) - 1));
    match e {
        0 => man as f32 * 2f32.powi(-14 - m as i32),
        31 if man == 0 => f32::INFINITY,
        31 => f32::NAN,
        _ => (1.0 + man as f32 / (1 << m) as f32) * 2f32.powi(e as i32 - 15),
    }
}

/// f32 to that unsigned float, rounding to nearest even: negatives (and
/// -0) give 0, NaN a quiet NaN, too large a value infinity (as f32 to f16
/// does).
fn f32_to_small_float(x: f32, m: u32) -> u32 {
    if x.is_nan() {
        return 31 << m | 1 << (m - 1);
    }
    if x <= 0.0 {
        return 0;
    }
    if x.is_infinite() {
        return 31 << m;
    }
    let round = |v: f64| v.round_ties_even() as u32;
    if x < 2f32.powi(-14) {
        // Denormal: a multiple of 2^(-14 - m); rounding up to 2^m is the
        // smallest normal's encoding.
        return round(x as f64 * 2f64.powi(14 + m as i32));
    }
    let e = ((x.to_bits() >> 23) & 0xff) as i32 - 127;
    // The mantissa with its leading one, scaled to m fraction bits.
    let mut q = round(x as f64 * 2f64.powi(m as i32 - e));
    let mut e = e;
    if q >> (m + 1) != 0 {
        q >>= 1;
        e += 1;
    }
    if e + 15 >= 31 {
        return 31 << m;
    }
    ((e + 15) as u32) << m | (q & ((1 << m) - 1))
}

/// One component of a typed load, by dst_sel code: 0 and 1 (1.0 for
/// float-valued formats), 4..=7 component X..W (0 past the format's
/// components, W 1).
fn select(code: u32, comps: &[u32; 4], n: usize, one: u32) -> u32 {
    match code {
        1 => one,
        4..=7 => {
            let c = (code - 4) as usize;
            if c < n {
                comps[c]
            } else if c == 3 {
                one
            } else {
                0
            }
        }
        _ => 0,
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

    /// Typed loads and stores (`aux`: [`TSTORE`], [`RSRC_FMT`], d16 bits,
    /// the component count): MTBUF `tbuffer_*_format_*` with the
    /// instruction's format, MUBUF `buffer_*_format_*` with the
    /// resource's (and `buffer_load_format_x ... lds`, whose X goes to
    /// LDS). See the module docs for the conversions.
    pub fn buffer_format(&mut self) -> Result<()> {
        let exec = self.w.exec();
        let ws = self.w.wave_size;
        let aux = self.aux;
        let comps = (aux & 0xff) as usize;
        let store = aux & TSTORE != 0;
        let (d16, hi) = (aux & (D16 | D16_HI) != 0, aux & D16_HI != 0);
        let lds = self.info.flags.has(Flags::LDS_DMA);
        let lanes = self.buffer_lanes(if lds { 0 } else { 1 }, exec)?;
        let gen = self.k.gen;
        // The 7-bit format (GFX9: dfmt | nfmt << 4) and dst_sel.
        let (what, sel): (u16, [u32; 4]) = if aux & RSRC_FMT != 0 {
            let w3 = lanes.rsrc.word3;
            let what = match gen {
                Generation::Gfx9 => (w3 >> 15 & 0xf) | (w3 >> 12 & 7) << 4,
                Generation::Gfx11 => w3 >> 12 & 0x7f,
            };
            (what as u16, std::array::from_fn(|c| w3 >> (3 * c) & 7))
        } else {
            let f = self.inst.mods.offset1;
            let n = buffer_format::of_field(gen, f).map_or(0, |f| f.comps());
            (
                f,
                std::array::from_fn(|c| if c < n { 4 + c as u32 } else { 0 }),
            )
        };
        let fmt = buffer_format::of_field(gen, what);
        // Data format INVALID (code 0) is an unbound resource: loads read
        // zeros, stores are dropped. Other pairs the hardware does not
        // convert are refused.
        let unbound = match gen {
            Generation::Gfx9 => what & 0xf == 0,
            Generation::Gfx11 => what == 0,
        };
        let fmt = match fmt {
            Some(f) => Some(f),
            None if unbound => None,
            None => {
                return Err(crate::error::Error::Unsupported {
                    name: format!("{} with buffer format {what}", self.info.name),
                    pc: self.pc_off(),
                })
            }
        };
        let dwords = if d16 { comps.div_ceil(2) } else { comps };
        let (agpr, reg) = if lds {
            (false, 0)
        } else {
            let Operand::Reg { code, .. } = self.op(0)? else {
                return Err(self.unsupported());
            };
            crate::mem_inst::vreg_code(code)
        };
        let data = if store {
            self.lenient = true;
            self.vread_all(0, dwords, exec)?
        } else {
            if !lds {
                self.check_load_dst(agpr, reg, dwords)?;
            }
            Vec::new()
        };
        let mut values = vec![0u32; comps * ws];
        let mut m = exec;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            let mut got = [0u32; 4];
            if let Some(fmt) = fmt {
                if store {
                    let regs: Vec<u32> = (0..dwords).map(|d| data[d * ws + l]).collect();
                    self.store_element(&lanes, l, fmt, comps, &regs, d16, hi)?;
                    continue;
                }
                let one = if float_valued(fmt.num) {
                    1f32.to_bits()
                } else {
                    1
                };
                let fetched = self.load_element(&lanes, l, fmt)?;
                for (c, v) in got.iter_mut().enumerate().take(comps) {
                    // Out of range, only the constant-1 selects are not 0.
                    *v = match fetched {
                        Some(x) => select(sel[c], &x, fmt.comps(), one),
                        None if sel[c] == 1 => one,
                        None => 0,
                    };
                    if d16 {
                        *v = to_d16(fmt.num, *v);
                    }
                }
            }
            if lds {
                let at = self.lds_dma_addr(l)?;
                self.lds_write(at, &got[0].to_le_bytes(), l)?;
            }
            for c in 0..comps {
                values[c * ws + l] = got[c];
            }
        }
        if store {
            let c = self.buffer_counters(false);
            self.issue(c, Vec::new());
            return Ok(());
        }
        let c = self.buffer_counters(true);
        if lds {
            self.issue(c, Vec::new());
            return Ok(());
        }
        let writes = if !d16 {
            vec![PendingWrite::Vgpr {
                agpr,
                reg,
                dwords,
                mask: exec,
                values,
                half: 0,
            }]
        } else {
            // Two halves to a VGPR, X in the low one; a lone last half
            // (and d16_hi's X in the high half) keeps the other half.
            let mut writes = Vec::new();
            for d in 0..dwords {
                let pair = 2 * d + 1 < comps;
                let v: Vec<u32> = (0..ws)
                    .map(|l| {
                        let lo = values[2 * d * ws + l];
                        if pair {
                            lo | values[(2 * d + 1) * ws + l] << 16
                        } else {
                            lo
                        }
                    })
                    .collect();
                let half = if pair {
                    0
                } else if hi {
                    2
                } else {
                    1
                };
                writes.push(PendingWrite::Vgpr {
                    agpr,
                    reg: reg + d,
                    dwords: 1,
                    mask: exec,
                    values: v,
                    half,
                });
            }
            writes
        };
        self.issue(c, writes);
        Ok(())
    }

    /// The alignment a typed access of `fmt` needs: its component size
    /// when every component is whole bytes of one size, else the element's
    /// (at most 4).
    fn typed_align(fmt: BufFormat) -> usize {
        let n = fmt.comps();
        let b0 = fmt.bits[0] as usize;
        if fmt.bits[..n].iter().all(|&b| b as usize == b0) && b0 % 8 == 0 {
            (b0 / 8).min(4)
        } else {
            fmt.bytes().min(4)
        }
    }

    /// The components of lane `l`'s element, converted to register values;
    /// `None` out of range (all or nothing).
    fn load_element(
        &mut self,
        lanes: &Lanes,
        l: usize,
        fmt: BufFormat,
    ) -> Result<Option<[u32; 4]>> {
        let size = fmt.bytes();
        if lanes.out(self.k.gen, l, 0, size as u64) {
            return Ok(None);
        }
        let a = lanes.addr(l, 0);
        self.check_align(a, Self::typed_align(fmt), l, "typed buffer load")?;
        let mut buf = [0u8; 16];
        self.buffer_read(a, &mut buf[..size], l)?;
        let raw = u128::from_le_bytes(buf);
        let mut out = [0u32; 4];
        let mut shift = 0;
        for (c, v) in out.iter_mut().enumerate().take(fmt.comps()) {
            let bits = fmt.bits[c] as u32;
            *v = comp_load(fmt.num, bits, (raw >> shift) as u32);
            shift += bits;
        }
        Ok(Some(out))
    }

    /// Store the first `comps` components of lane `l` (from `regs`, two
    /// halves a register for d16, d16_hi's X in the high half) into its
    /// element, the other components' bits kept; nothing out of range.
    #[allow(clippy::too_many_arguments)]
    fn store_element(
        &mut self,
        lanes: &Lanes,
        l: usize,
        fmt: BufFormat,
        comps: usize,
        regs: &[u32],
        d16: bool,
        hi: bool,
    ) -> Result<()> {
        let size = fmt.bytes();
        if lanes.out(self.k.gen, l, 0, size as u64) {
            return Ok(());
        }
        let a = lanes.addr(l, 0);
        self.check_align(a, Self::typed_align(fmt), l, "typed buffer store")?;
        let mut buf = [0u8; 16];
        self.buffer_read(a, &mut buf[..size], l)?;
        let mut raw = u128::from_le_bytes(buf);
        let mut shift = 0;
        for c in 0..fmt.comps() {
            let bits = fmt.bits[c] as u32;
            if c < comps {
                let v = if d16 {
                    let h = regs[c / 2] >> (16 * ((c % 2) as u32 + hi as u32));
                    from_d16(fmt.num, h & 0xffff)
                } else {
                    regs[c]
                };
                let mask = (field_mask(bits) as u128) << shift;
                raw = raw & !mask | (comp_store(fmt.num, bits, v) as u128) << shift;
            }
            shift += bits;
        }
        self.buffer_write(a, &raw.to_le_bytes()[..size], l)
    }
}

/// The MUBUF or MTBUF semantics of `op`, if the emulator has them.
pub(crate) fn semantics(op: Op, family: Family) -> Option<(crate::exec::Handler, u32)> {
    use crate::exec::Handler;
    if let Some(aux) = typed_aux(op) {
        let src = if family == Family::Mubuf { RSRC_FMT } else { 0 };
        return Some(((|e: &mut Exec| e.buffer_format()) as Handler, aux | src));
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

/// The component count, store and d16 bits of a typed (format) access.
#[rustfmt::skip]
fn typed_aux(op: Op) -> Option<u32> {
    use Op::*;
    Some(match op {
        TBUFFER_LOAD_FORMAT_X | BUFFER_LOAD_FORMAT_X | BUFFER_LOAD_FORMAT_X_LDS => 1,
        TBUFFER_LOAD_FORMAT_XY | BUFFER_LOAD_FORMAT_XY => 2,
        TBUFFER_LOAD_FORMAT_XYZ | BUFFER_LOAD_FORMAT_XYZ => 3,
        TBUFFER_LOAD_FORMAT_XYZW | BUFFER_LOAD_FORMAT_XYZW => 4,
        TBUFFER_STORE_FORMAT_X | BUFFER_STORE_FORMAT_X => 1 | TSTORE,
        TBUFFER_STORE_FORMAT_XY | BUFFER_STORE_FORMAT_XY => 2 | TSTORE,
        TBUFFER_STORE_FORMAT_XYZ | BUFFER_STORE_FORMAT_XYZ => 3 | TSTORE,
        TBUFFER_STORE_FORMAT_XYZW | BUFFER_STORE_FORMAT_XYZW => 4 | TSTORE,
        TBUFFER_LOAD_FORMAT_D16_X | BUFFER_LOAD_FORMAT_D16_X => 1 | D16,
        TBUFFER_LOAD_FORMAT_D16_XY | BUFFER_LOAD_FORMAT_D16_XY => 2 | D16,
        TBUFFER_LOAD_FORMAT_D16_XYZ | BUFFER_LOAD_FORMAT_D16_XYZ => 3 | D16,
        TBUFFER_LOAD_FORMAT_D16_XYZW | BUFFER_LOAD_FORMAT_D16_XYZW => 4 | D16,
        BUFFER_LOAD_FORMAT_D16_HI_X => 1 | D16_HI,
        TBUFFER_STORE_FORMAT_D16_X | BUFFER_STORE_FORMAT_D16_X => 1 | D16 | TSTORE,
        TBUFFER_STORE_FORMAT_D16_XY | BUFFER_STORE_FORMAT_D16_XY => 2 | D16 | TSTORE,
        TBUFFER_STORE_FORMAT_D16_XYZ | BUFFER_STORE_FORMAT_D16_XYZ => 3 | D16 | TSTORE,
        TBUFFER_STORE_FORMAT_D16_XYZW | BUFFER_STORE_FORMAT_D16_XYZW => 4 | D16 | TSTORE,
        BUFFER_STORE_FORMAT_D16_HI_X => 1 | D16_HI | TSTORE,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn norm_conversions_round_trip() {
        for x in 0..=255u32 {
            let v = comp_load(NumFormat::Unorm, 8, x);
            assert_eq!(comp_store(NumFormat::Unorm, 8, v), x);
        }
        for x in [0u32, 1, 0x7fff, 0x8001, 0xffff] {
            let v = comp_load(NumFormat::Snorm, 16, x);
            assert_eq!(comp_store(NumFormat::Snorm, 16, v), x, "{x:#x}");
        }
        // 10-bit snorm of 10_10_10_2: -511..511, the code -512 also -1.
        assert_eq!(f32::from_bits(comp_load(NumFormat::Snorm, 10, 0x200)), -1.0);
        assert_eq!(f32::from_bits(comp_load(NumFormat::Snorm, 10, 0x1ff)), 1.0);
    }

    /// Every finite 11- and 10-bit float code widens exactly and narrows
    /// back; halfway values round to the even code.
    #[test]
    fn small_floats_round_trip() {
        for m in [6, 5] {
            for code in 0..(31 << m) {
                let x = small_float_to_f32(code, m);
                assert_eq!(f32_to_small_float(x, m), code, "m {m} code {code:#x}");
                if code + 1 < 31 << m {
                    let next = small_float_to_f32(code + 1, m);
                    let mid = ((x as f64 + next as f64) / 2.0) as f32;
                    let even = if code % 2 == 0 { code } else { code + 1 };
                    assert_eq!(f32_to_small_float(mid, m), even, "m {m} mid {code:#x}");
                }
            }
            assert_eq!(f32_to_small_float(-1.0, m), 0);
            assert_eq!(f32_to_small_float(1e10, m), 31 << m);
            assert!(small_float_to_f32(f32_to_small_float(f32::NAN, m), m).is_nan());
        }
        // 1.0 is exponent 15, mantissa 0; the largest 11-bit finite 65024.
        assert_eq!(f32_to_small_float(1.0, 6), 15 << 6);
        assert_eq!(small_float_to_f32(30 << 6 | 63, 6), 65024.0);
    }

    #[test]
    fn d16_halves() {
        assert_eq!(to_d16(NumFormat::Unorm, 1f32.to_bits()), 0x3c00);
        assert_eq!(to_d16(NumFormat::Sint, -2i32 as u32), 0xfffe);
        assert_eq!(from_d16(NumFormat::Sint, 0xfffe), -2i32 as u32);
        assert_eq!(from_d16(NumFormat::Float, 0x3800), 0.5f32.to_bits());
    }
}
