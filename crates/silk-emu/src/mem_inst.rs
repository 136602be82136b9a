//! Memory instructions: SMEM, FLAT/GLOBAL/SCRATCH, DS. Addresses follow
//! the "Flat, Global and Scratch" and "Data Share" chapters of the CDNA3
//! and RDNA3 ISA guides; register results go through [`Exec::issue`] so
//! strict mode sees them only after the matching `s_waitcnt`.

use crate::error::{FaultKind, Result};
use crate::exec::Exec;
use crate::wave::PendingWrite;
use silk_amdgpu::isa::format::{mod_bit, Field, ModBit};
use silk_amdgpu::isa::operand::{AGPR0, VGPR0};
use silk_amdgpu::isa::{Family, Operand};
use silk_amdgpu::target::Generation;

pub const SIGN: u32 = 1 << 8;
pub const D16: u32 = 1 << 9;
pub const D16_HI: u32 = 1 << 10;
pub const WIDE: u32 = 1 << 11;
pub const RTN: u32 = 1 << 12;
pub const ST64: u32 = 1 << 13;
pub const BUF: u32 = 1 << 14;
/// SMEM: the offset from M0 or an SGPR counts 64 times (`s_scratch_*`).
pub const SCALE64: u32 = 1 << 17;

const VM: u8 = 1;
pub(crate) const LGKM: u8 = 2;
const VS: u8 = 4;

/// Atomic operations, in `aux & 0xff`.
#[derive(Clone, Copy)]
#[repr(u8)]
pub enum Atomic {
    Swap,
    CmpSwap,
    Add,
    Sub,
    SMin,
    UMin,
    SMax,
    UMax,
    And,
    Or,
    Xor,
    Inc,
    Dec,
    AddF32,
    AddF64,
    MinF32,
    MaxF32,
    MinF64,
    MaxF64,
    /// GFX9 `ds_cmpst`: data0 is the compare value, data1 the new one.
    CmpStore,
    /// `ds_rsub`: data - old.
    RSub,
    /// `ds_mskor`: data0 is the mask cleared, data1 the bits set.
    MskOr,
    PkAddF16,
    PkAddBf16,
    /// GFX11 `*_atomic_csub_u32`: subtract, clamped at zero.
    CSub,
    /// GFX11 `*_atomic_cmpswap_f32`: compare-swap comparing as f32 (NaN
    /// never equal, -0 equal to +0); data0 is the new value, data1 the
    /// compare value.
    CmpSwapF32,
    /// `ds_wrap_rtn_b32`: `old >= DATA ? old - DATA : old + DATA2` (ring
    /// buffer indices).
    Wrap,
}

pub(crate) const ATOMICS: [Atomic; 27] = [
    Atomic::Swap,
    Atomic::CmpSwap,
    Atomic::Add,
    Atomic::Sub,
    Atomic::SMin,
    Atomic::UMin,
    Atomic::SMax,
    Atomic::UMax,
    Atomic::And,
    Atomic::Or,
    Atomic::Xor,
    Atomic::Inc,
    Atomic::Dec,
    Atomic::AddF32,
    Atomic::AddF64,
    Atomic::MinF32,
    Atomic::MaxF32,
    Atomic::MinF64,
    Atomic::MaxF64,
    Atomic::CmpStore,
    Atomic::RSub,
    Atomic::MskOr,
    Atomic::PkAddF16,
    Atomic::PkAddBf16,
    Atomic::CSub,
    Atomic::CmpSwapF32,
    Atomic::Wrap,
];

/// The new memory value of an atomic (`data` and, for compare-swap, `cmp`).
pub(crate) fn atomic_op(op: Atomic, old: u64, data: u64, cmp: u64, wide: bool) -> u64 {
    let sx = |v: u64| {
        if wide {
            v as i64
        } else {
            v as u32 as i32 as i64
        }
    };
    let mask = if wide { u64::MAX } else { u32::MAX as u64 };
    let r = match op {
        Atomic::Swap => data,
        Atomic::CmpSwap => {
            if old == cmp {
                data
            } else {
                old
            }
        }
        Atomic::CmpStore => {
            if old == data {
                cmp
            } else {
                old
            }
        }
        Atomic::Add => old.wrapping_add(data),
        Atomic::Sub => old.wrapping_sub(data),
        Atomic::SMin => sx(old).min(sx(data)) as u64,
        Atomic::SMax => sx(old).max(sx(data)) as u64,
        Atomic::UMin => old.min(data),
        Atomic::UMax => old.max(data),
        Atomic::And => old & data,
        Atomic::Or => old | data,
        Atomic::Xor => old ^ data,
        Atomic::Inc => {
            if old >= data {
                0
            } else {
                old + 1
            }
        }
        Atomic::Dec => {
            if old == 0 || old > data {
                data
            } else {
                old - 1
            }
        }
        Atomic::AddF32 => {
            (f32::from_bits(old as u32) + f32::from_bits(data as u32)).to_bits() as u64
        }
        Atomic::AddF64 => (f64::from_bits(old) + f64::from_bits(data)).to_bits(),
        Atomic::MinF32 => {
            crate::sem::fmin32(f32::from_bits(old as u32), f32::from_bits(data as u32)).to_bits()
                as u64
        }
        Atomic::MaxF32 => {
            crate::sem::fmax32(f32::from_bits(old as u32), f32::from_bits(data as u32)).to_bits()
                as u64
        }
        Atomic::MinF64 => crate::sem::fmin64(f64::from_bits(old), f64::from_bits(data)).to_bits(),
        Atomic::MaxF64 => crate::sem::fmax64(f64::from_bits(old), f64::from_bits(data)).to_bits(),
        Atomic::RSub => data.wrapping_sub(old),
        Atomic::MskOr => crate::sem::mskor(old, data, cmp),
        Atomic::PkAddF16 => crate::sem::pk_add_f16(old, data),
        Atomic::PkAddBf16 => crate::sem::pk_add_bf16(old, data),
        Atomic::CSub => old.saturating_sub(data),
        Atomic::CmpSwapF32 => {
            if f32::from_bits(old as u32) == f32::from_bits(cmp as u32) {
                data
            } else {
                old
            }
        }
        Atomic::Wrap => {
            if old >= data {
                old - data
            } else {
                old.wrapping_add(cmp)
            }
        }
    };
    r & mask
}

/// (AGPR?, register number) of a VGPR or AGPR operand code.
pub(crate) fn vreg_code(code: u16) -> (bool, usize) {
    if code >= AGPR0 {
        (true, (code - AGPR0) as usize)
    } else {
        (false, code.saturating_sub(VGPR0) as usize)
    }
}

enum Space {
    Flat,
    Global,
    Private,
}

impl Exec<'_> {
    pub(crate) fn vreg_of(&self, i: usize) -> Result<(bool, usize)> {
        match self.op(i)? {
            Operand::Reg { code, .. } if code >= AGPR0 => Ok((true, (code - AGPR0) as usize)),
            Operand::Reg { code, .. } if code >= VGPR0 => Ok((false, (code - VGPR0) as usize)),
            _ => Err(self.fault(
                FaultKind::Illegal,
                format!("operand {i} of `{}` is not a VGPR", self.info.name),
                None,
            )),
        }
    }

    /// Read `n` dwords of VGPR/AGPR operand `i` for every lane in `mask`.
    pub(crate) fn vread_all(&mut self, i: usize, n: usize, mask: u64) -> Result<Vec<u32>> {
        let (agpr, r) = self.vreg_of(i)?;
        self.check_vgpr(agpr, r, n, mask, false)?;
        let ws = self.w.wave_size;
        let file = if agpr { &self.w.agpr } else { &self.w.vgpr };
        Ok(file[r * ws..(r + n) * ws].to_vec())
    }

    /// The saddr code (0x7f, `off`, when the form has none) and SVE
    /// (scratch VGPR enable), as the shared decoder read them.
    fn flat_fields(&self) -> (u32, bool) {
        let saddr = self
            .operand_in(Field::Saddr)
            .ok()
            .and_then(|i| match self.op(i).ok()? {
                Operand::Reg { code, .. } => Some(u32::from(code)),
                _ => None,
            })
            .unwrap_or(0x7f);
        let sve = self.inst.mods.mem & mod_bit(ModBit::Sve) != 0;
        (saddr, sve)
    }

    /// Per-lane addresses of a FLAT/GLOBAL/SCRATCH instruction whose vaddr
    /// is operand `ai`.
    fn vmem_addrs(&mut self, ai: usize, exec: u64) -> Result<(Space, Vec<u64>)> {
        let ws = self.w.wave_size;
        let off = self.inst.mods.offset as i64 as u64;
        let (saddr, sve) = self.flat_fields();
        let saddr_on = saddr < 0x7c;
        let mut out = vec![0u64; ws];
        match self.info.family {
            Family::Flat | Family::Global => {
                let global = self.info.family == Family::Global;
                if global && saddr_on {
                    let base = self.sread(saddr as u16, 2)?;
                    let v = self.vread_all(ai, 1, exec)?;
                    for (l, a) in out.iter_mut().enumerate() {
                        *a = base.wrapping_add(v[l] as u64).wrapping_add(off);
                    }
                } else {
                    let v = self.vread_all(ai, 2, exec)?;
                    for (l, a) in out.iter_mut().enumerate() {
                        *a = (v[l] as u64 | (v[ws + l] as u64) << 32).wrapping_add(off);
                    }
                }
                Ok((if global { Space::Global } else { Space::Flat }, out))
            }
            _ => {
                let base = if saddr_on {
                    self.sread(saddr as u16, 1)?
                } else {
                    0
                };
                let v = if sve {
                    Some(self.vread_all(ai, 1, exec)?)
                } else {
                    None
                };
                for (l, a) in out.iter_mut().enumerate() {
                    let va = v.as_ref().map_or(0, |v| v[l] as u64);
                    *a = (base.wrapping_add(va).wrapping_add(off)) & 0xffff_ffff;
                }
                Ok((Space::Private, out))
            }
        }
    }

    fn vmem_read(&mut self, space: &Space, addr: u64, out: &mut [u8], lane: usize) -> Result<()> {
        match space {
            Space::Private => {
                self.check_align(addr, out.len(), lane, "scratch load")?;
                self.private_read(addr as usize, out, lane)
            }
            Space::Global => self.load_flat(addr, out, lane, true),
            Space::Flat => self.load_flat(addr, out, lane, false),
        }
    }

    fn vmem_write(&mut self, space: &Space, addr: u64, bytes: &[u8], lane: usize) -> Result<()> {
        match space {
            Space::Private => {
                self.check_align(addr, bytes.len(), lane, "scratch store")?;
                self.private_write(addr as usize, bytes, lane)
            }
            Space::Global => self.store_flat(addr, bytes, lane, true),
            Space::Flat => self.store_flat(addr, bytes, lane, false),
        }
    }

    fn vmem_counters(&self, returns: bool) -> u8 {
        let flat = if self.info.family == Family::Flat {
            LGKM
        } else {
            0
        };
        match (self.k.gen, returns) {
            (Generation::Gfx9, _) => VM | flat,
            (Generation::Gfx11, true) => VM | flat,
            (Generation::Gfx11, false) => VS | flat,
        }
    }

    /// Decode a load result for a lane: `bytes` read, extended per `aux`.
    pub(crate) fn load_value(aux: u32, buf: &[u8]) -> u32 {
        let n = (aux & 0xff) as usize;
        match n {
            1 => {
                if aux & SIGN != 0 {
                    buf[0] as i8 as i32 as u32
                } else {
                    buf[0] as u32
                }
            }
            2 => {
                let v = u16::from_le_bytes([buf[0], buf[1]]);
                if aux & SIGN != 0 {
                    v as i16 as i32 as u32
                } else {
                    v as u32
                }
            }
            _ => u32::from_le_bytes([buf[0], buf[1], buf[2], buf[3]]),
        }
    }

    pub fn vmem_load(&mut self) -> Result<()> {
        let exec = self.w.exec();
        let ws = self.w.wave_size;
        let aux = self.aux;
        let bytes = (aux & 0xff) as usize;
        let dwords = bytes.div_ceil(4);
        let (space, addrs) = self.vmem_addrs(1, exec)?;
        let (agpr, reg) = self.vreg_of(0)?;
        self.check_load_dst(agpr, reg, dwords)?;
        let mut values = vec![0u32; dwords * ws];
        let mut buf = [0u8; 16];
        let mut m = exec;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            self.vmem_read(&space, addrs[l], &mut buf[..bytes], l)?;
            if bytes >= 4 {
                for d in 0..dwords {
                    values[d * ws + l] =
                        u32::from_le_bytes(buf[d * 4..d * 4 + 4].try_into().unwrap_or([0; 4]));
                }
            } else {
                values[l] = Self::load_value(aux, &buf);
            }
        }
        let c = self.vmem_counters(true);
        self.issue_load(c, (agpr, reg, dwords), exec, values, aux);
        Ok(())
    }

    /// gfx942 `global_load_lds_*` / `scratch_load_lds_*` (CDNA3 ISA §10.3):
    /// each lane's load, zero- or sign-extended to a dword (`aux` as for
    /// loads), goes to LDS at M0[17:2] * 4 + inst_offset + 4 * lane instead
    /// of a VGPR; VM_CNT counts it.
    pub fn vmem_load_lds(&mut self) -> Result<()> {
        let exec = self.w.exec();
        let aux = self.aux;
        let bytes = (aux & 0xff) as usize;
        let (space, addrs) = self.vmem_addrs(0, exec)?;
        let m0 = self.sread(self.k.m0, 1)? as u32;
        let base = (m0 & 0x3_fffc).wrapping_add(self.inst.mods.offset as u32);
        let mut m = exec;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            let mut buf = [0u8; 4];
            self.vmem_read(&space, addrs[l], &mut buf[..bytes], l)?;
            let v = Self::load_value(aux, &buf);
            let a = base.wrapping_add(4 * l as u32) as usize;
            self.lds_write(a, &v.to_le_bytes(), l)?;
        }
        let c = self.vmem_counters(true);
        self.issue(c, Vec::new());
        Ok(())
    }

    /// GFX11 `global_load_addtid_b32` (aux 0) / `global_store_addtid_b32`
    /// (aux 1), RDNA3 pseudocode: lane l reads or writes the dword at
    /// SGPR_ADDR + INST_OFFSET[11:0] + 4 l.
    pub fn global_addtid(&mut self) -> Result<()> {
        let exec = self.w.exec();
        let ws = self.w.wave_size;
        let store = self.aux == 1;
        let saddr = self.sread(self.flat_fields().0 as u16, 2)?;
        let base = saddr.wrapping_add(self.inst.mods.offset as u64 & 0xfff);
        let data = if store {
            self.lenient = true;
            self.vread_all(0, 1, exec)?
        } else {
            Vec::new()
        };
        let (agpr, reg) = self.vreg_of(0)?;
        if !store {
            self.check_load_dst(agpr, reg, 1)?;
        }
        let mut values = vec![0u32; ws];
        let mut m = exec;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            let a = base.wrapping_add(4 * l as u64);
            if store {
                self.store_flat(a, &data[l].to_le_bytes(), l, true)?;
            } else {
                let mut buf = [0u8; 4];
                self.load_flat(a, &mut buf, l, true)?;
                values[l] = u32::from_le_bytes(buf);
            }
        }
        let c = self.vmem_counters(!store);
        if store {
            self.issue(c, Vec::new());
        } else {
            self.issue_load(c, (agpr, reg, 1), exec, values, 0);
        }
        Ok(())
    }

    /// Issue a load that writes `values` into `dwords` registers from
    /// `reg` (of the AGPR file if `agpr`) for the lanes of `mask` when
    /// `counters` allow; d16 forms (`aux`) write one half of each.
    pub(crate) fn issue_load(
        &mut self,
        counters: u8,
        (agpr, reg, dwords): (bool, usize, usize),
        mask: u64,
        values: Vec<u32>,
        aux: u32,
    ) {
        let half = if aux & D16_HI != 0 {
            2
        } else if aux & D16 != 0 {
            1
        } else {
            0
        };
        let write = PendingWrite::Vgpr {
            agpr,
            reg,
            dwords,
            mask,
            values,
            half,
        };
        self.issue(counters, vec![write]);
    }

    pub fn vmem_store(&mut self) -> Result<()> {
        let exec = self.w.exec();
        let ws = self.w.wave_size;
        let bytes = (self.aux & 0xff) as usize;
        let dwords = bytes.div_ceil(4);
        let (space, addrs) = self.vmem_addrs(0, exec)?;
        self.lenient = true;
        let data = self.vread_all(1, dwords, exec)?;
        let mut m = exec;
        let mut buf = [0u8; 16];
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            for d in 0..dwords {
                buf[d * 4..d * 4 + 4].copy_from_slice(&data[d * ws + l].to_le_bytes());
            }
            if self.aux & D16_HI != 0 {
                buf.copy_within(2..4, 0);
            }
            self.vmem_write(&space, addrs[l], &buf[..bytes], l)?;
        }
        let c = self.vmem_counters(false);
        self.issue(c, Vec::new());
        Ok(())
    }

    pub fn vmem_atomic(&mut self) -> Result<()> {
        let exec = self.w.exec();
        let ws = self.w.wave_size;
        let op = ATOMICS[(self.aux & 0xff) as usize % ATOMICS.len()];
        let wide = self.aux & WIDE != 0;
        let n = if wide { 2 } else { 1 };
        let cmpswap = matches!(op, Atomic::CmpSwap | Atomic::CmpSwapF32);
        let (space, addrs) = self.vmem_addrs(self.operand_in(Field::Addr)?, exec)?;
        let data_at = self.operand_in(Field::Data0)?;
        let data = self.vread_all(data_at, if cmpswap { 2 * n } else { n }, exec)?;
        // GLC (gfx942: SC0) asks for the pre-op value; the decoder gives
        // that form its own table row with a destination, a VGPR or (the
        // `acc` bit, gfx942) an AGPR.
        let dst = match self.operand_in(Field::Vdst) {
            Ok(i) => Some(self.vreg_of(i)?),
            Err(_) => None,
        };
        let returns = dst.is_some();
        let (agpr, vdst) = dst.unwrap_or((false, 0));
        if returns {
            self.check_load_dst(agpr, vdst, n)?;
        }
        let mut values = vec![0u32; n * ws];
        let mut m = exec;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            let get = |k: usize| -> u64 {
                let lo = data[k * n * ws + l] as u64;
                if wide {
                    lo | (data[(k * n + 1) * ws + l] as u64) << 32
                } else {
                    lo
                }
            };
            let (d, c) = (get(0), if cmpswap { get(1) } else { 0 });
            let mut buf = [0u8; 8];
            self.vmem_read(&space, addrs[l], &mut buf[..4 * n], l)?;
            let old = u64::from_le_bytes(buf);
            let new = atomic_op(op, old, d, c, wide);
            self.vmem_write(&space, addrs[l], &new.to_le_bytes()[..4 * n], l)?;
            values[l] = old as u32;
            if wide {
                values[ws + l] = (old >> 32) as u32;
            }
        }
        let c = self.vmem_counters(returns);
        let writes = if returns {
            vec![PendingWrite::Vgpr {
                agpr,
                reg: vdst,
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

    // ---- SMEM --------------------------------------------------------------

    pub(crate) fn smem_addr(&mut self) -> Result<u64> {
        // sbase, the immediate offset (21-bit signed where the layout has
        // one; 0 when GFX9's IMM is clear) and soffset (GFX9: with SOE, or
        // the offset field naming an SGPR without IMM; GFX11: its field,
        // null for none) as the shared decoder read them.
        let Operand::Reg { code: sbase, .. } = self.op(self.operand_in(Field::Sbase)?)? else {
            return Err(self.unsupported());
        };
        let base = self.sread(sbase, 2)?;
        let off = self.inst.mods.offset as i64 as u64;
        let soffset = match self.operand_in(Field::Soffset) {
            Ok(i) => self.op(i)?,
            Err(_) => Operand::None,
        };
        let soff = match soffset {
            Operand::Reg { code, .. } => self.sread(code, 1)?,
            _ => 0,
        };
        let soff = if self.aux & SCALE64 != 0 {
            soff * 64
        } else {
            soff
        };
        if self.aux & BUF != 0 {
            // s_buffer_load: sbase names a 4-dword buffer resource.
            let rsrc_lo = base & 0xffff_ffff_ffff;
            return Ok(rsrc_lo.wrapping_add(off).wrapping_add(soff));
        }
        Ok(base.wrapping_add(off).wrapping_add(soff) & !3)
    }

    pub fn smem_load(&mut self) -> Result<()> {
        let dwords = (self.aux & 0xff) as usize;
        let addr = self.smem_addr()?;
        let Operand::Reg { code, .. } = self.op(0)? else {
            return Err(self.unsupported());
        };
        let mut buf = vec![0u8; dwords * 4];
        self.mem
            .read(addr, &mut buf)
            .ok_or_else(|| self.oob(addr, dwords * 4, 0, "scalar load"))?;
        let values: Vec<u32> = buf
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        self.check_writable_sgprs(code, dwords)?;
        self.issue(LGKM, vec![PendingWrite::Sgpr { code, values }]);
        Ok(())
    }

    pub(crate) fn check_writable_sgprs(&mut self, code: u16, n: usize) -> Result<()> {
        // Same limit and outstanding-load checks as an ALU write.
        if code as usize + n > 128 {
            return Err(self.unsupported());
        }
        for c in code..code + n as u16 {
            if c >= self.k.sgpr_limit && c < silk_amdgpu::isa::operand::sgpr_limit(self.k.gen) {
                return Err(self.fault(
                    FaultKind::RegisterLimit,
                    format!(
                        "s{c} used at pc {:#x} but the descriptor declares {} SGPRs",
                        self.pc_off(),
                        self.k.sgpr_limit
                    ),
                    None,
                ));
            }
        }
        Ok(())
    }

    // ---- DS ----------------------------------------------------------------

    pub(crate) fn ds_addrs(&mut self, ai: usize, exec: u64) -> Result<Vec<u32>> {
        let v = self.vread_all(ai, 1, exec)?;
        Ok(v)
    }

    pub(crate) fn ds_check(&self, addr: usize, size: usize, lane: usize) -> Result<()> {
        self.check_align(addr as u64, size, lane, "LDS")
    }

    pub fn ds_read(&mut self) -> Result<()> {
        let exec = self.w.exec();
        let ws = self.w.wave_size;
        let aux = self.aux;
        let bytes = (aux & 0xff) as usize;
        let dwords = bytes.div_ceil(4);
        let addrs = self.ds_addrs(1, exec)?;
        let (agpr, reg) = self.vreg_of(0)?;
        self.check_load_dst(agpr, reg, dwords)?;
        let off = self.ds_offset();
        let mut values = vec![0u32; dwords * ws];
        let mut buf = [0u8; 16];
        let mut m = exec;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            let a = addrs[l].wrapping_add(off) as usize;
            self.ds_check(a, bytes, l)?;
            self.lds_read(a, &mut buf[..bytes], l)?;
            if bytes >= 4 {
                for d in 0..dwords {
                    values[d * ws + l] =
                        u32::from_le_bytes(buf[d * 4..d * 4 + 4].try_into().unwrap_or([0; 4]));
                }
            } else {
                values[l] = Self::load_value(aux, &buf);
            }
        }
        let half = if aux & D16_HI != 0 {
            2
        } else if aux & D16 != 0 {
            1
        } else {
            0
        };
        self.issue(
            LGKM,
            vec![PendingWrite::Vgpr {
                agpr,
                reg,
                dwords,
                mask: exec,
                values,
                half,
            }],
        );
        Ok(())
    }

    /// The 16-bit offset of a single-address DS instruction: the encoding's
    /// offset0 and offset1 bytes (the decoder keeps them apart, as the
    /// two-address forms use them separately).
    pub(crate) fn ds_offset(&self) -> u32 {
        (self.inst.mods.offset as u32 & 0xff) | (self.inst.mods.offset1 as u32 & 0xff) << 8
    }

    pub(crate) fn ds_offsets2(&self, size: usize) -> (u32, u32) {
        let scale = size as u32 * if self.aux & ST64 != 0 { 64 } else { 1 };
        (
            (self.inst.mods.offset as u32 & 0xff) * scale,
            (self.inst.mods.offset1 as u32 & 0xff) * scale,
        )
    }

    pub fn ds_read2(&mut self) -> Result<()> {
        let exec = self.w.exec();
        let ws = self.w.wave_size;
        let size = (self.aux & 0xff) as usize;
        let n = size / 4;
        let addrs = self.ds_addrs(1, exec)?;
        let (agpr, reg) = self.vreg_of(0)?;
        self.check_load_dst(agpr, reg, 2 * n)?;
        let (o0, o1) = self.ds_offsets2(size);
        let mut values = vec![0u32; 2 * n * ws];
        let mut buf = [0u8; 8];
        let mut m = exec;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            for (k, o) in [o0, o1].into_iter().enumerate() {
                let a = addrs[l].wrapping_add(o) as usize;
                self.ds_check(a, size, l)?;
                self.lds_read(a, &mut buf[..size], l)?;
                for d in 0..n {
                    values[(k * n + d) * ws + l] =
                        u32::from_le_bytes(buf[d * 4..d * 4 + 4].try_into().unwrap_or([0; 4]));
                }
            }
        }
        self.issue(
            LGKM,
            vec![PendingWrite::Vgpr {
                agpr,
                reg,
                dwords: 2 * n,
                mask: exec,
                values,
                half: 0,
            }],
        );
        Ok(())
    }

    pub fn ds_write(&mut self) -> Result<()> {
        let exec = self.w.exec();
        let ws = self.w.wave_size;
        let bytes = (self.aux & 0xff) as usize;
        let dwords = bytes.div_ceil(4);
        let addrs = self.ds_addrs(0, exec)?;
        self.lenient = true;
        let data = self.vread_all(1, dwords, exec)?;
        let off = self.ds_offset();
        let mut buf = [0u8; 16];
        let mut m = exec;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            for d in 0..dwords {
                buf[d * 4..d * 4 + 4].copy_from_slice(&data[d * ws + l].to_le_bytes());
            }
            if self.aux & D16_HI != 0 {
                buf.copy_within(2..4, 0);
            }
            let a = addrs[l].wrapping_add(off) as usize;
            self.ds_check(a, bytes, l)?;
            self.lds_write(a, &buf[..bytes], l)?;
        }
        self.issue(LGKM, Vec::new());
        Ok(())
    }

    pub fn ds_write2(&mut self) -> Result<()> {
        let exec = self.w.exec();
        let ws = self.w.wave_size;
        let size = (self.aux & 0xff) as usize;
        let n = size / 4;
        let addrs = self.ds_addrs(0, exec)?;
        self.lenient = true;
        let d0 = self.vread_all(1, n, exec)?;
        let d1 = self.vread_all(2, n, exec)?;
        let (o0, o1) = self.ds_offsets2(size);
        let mut m = exec;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            for (o, data) in [(o0, &d0), (o1, &d1)] {
                let mut buf = [0u8; 8];
                for d in 0..n {
                    buf[d * 4..d * 4 + 4].copy_from_slice(&data[d * ws + l].to_le_bytes());
                }
                let a = addrs[l].wrapping_add(o) as usize;
                self.ds_check(a, size, l)?;
                self.lds_write(a, &buf[..size], l)?;
            }
        }
        self.issue(LGKM, Vec::new());
        Ok(())
    }

    pub fn ds_atomic(&mut self) -> Result<()> {
        let exec = self.w.exec();
        let ws = self.w.wave_size;
        let op = ATOMICS[(self.aux & 0xff) as usize % ATOMICS.len()];
        let wide = self.aux & WIDE != 0;
        let rtn = self.aux & RTN != 0;
        let n = if wide { 2 } else { 1 };
        let base = rtn as usize;
        let two = matches!(
            op,
            Atomic::CmpSwap | Atomic::CmpStore | Atomic::MskOr | Atomic::Wrap
        );
        let addrs = self.ds_addrs(base, exec)?;
        let d0 = self.vread_all(base + 1, n, exec)?;
        let d1 = if two {
            self.vread_all(base + 2, n, exec)?
        } else {
            Vec::new()
        };
        let dst = if rtn {
            let (agpr, reg) = self.vreg_of(0)?;
            self.check_load_dst(agpr, reg, n)?;
            Some((agpr, reg))
        } else {
            None
        };
        let off = self.ds_offset();
        let mut values = vec![0u32; n * ws];
        let mut m = exec;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            let get = |v: &Vec<u32>| -> u64 {
                if v.is_empty() {
                    return 0;
                }
                let lo = v[l] as u64;
                if wide {
                    lo | (v[ws + l] as u64) << 32
                } else {
                    lo
                }
            };
            let a = addrs[l].wrapping_add(off) as usize;
            self.ds_check(a, 4 * n, l)?;
            let mut buf = [0u8; 8];
            self.lds_read(a, &mut buf[..4 * n], l)?;
            let old = u64::from_le_bytes(buf);
            // ds_cmpst_b32 (GFX9) compares with data0 and stores data1;
            // GFX11 ds_cmpstore and *_cmpswap take data0 = new, data1 = cmp.
            let new = atomic_op(op, old, get(&d0), get(&d1), wide);
            self.lds_write(a, &new.to_le_bytes()[..4 * n], l)?;
            values[l] = old as u32;
            if wide {
                values[ws + l] = (old >> 32) as u32;
            }
        }
        let writes = match dst {
            Some((agpr, reg)) => vec![PendingWrite::Vgpr {
                agpr,
                reg,
                dwords: n,
                mask: exec,
                values,
                half: 0,
            }],
            None => Vec::new(),
        };
        self.issue(LGKM, writes);
        Ok(())
    }

    /// `ds_bpermute_b32` (aux 0) and `ds_permute_b32` (aux 1): cross-lane
    /// moves through the LDS crossbar; the address is lane * 4.
    pub fn ds_permute(&mut self) -> Result<()> {
        let exec = self.w.exec();
        let ws = self.w.wave_size;
        let addrs = self.ds_addrs(1, exec)?;
        let data = self.vread_all(2, 1, exec)?;
        let (agpr, reg) = self.vreg_of(0)?;
        self.check_load_dst(agpr, reg, 1)?;
        let off = self.ds_offset();
        let mut values = vec![0u32; ws];
        let mut m = exec;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            let sel = (addrs[l].wrapping_add(off) / 4) as usize % ws;
            if self.aux == 0 {
                // backward: read from the selected lane (0 if it is inactive).
                values[l] = if exec >> sel & 1 != 0 { data[sel] } else { 0 };
            } else {
                values[sel] = data[l];
            }
        }
        self.issue(
            LGKM,
            vec![PendingWrite::Vgpr {
                agpr,
                reg,
                dwords: 1,
                mask: exec,
                values,
                half: 0,
            }],
        );
        Ok(())
    }

    /// `ds_swizzle_b32`: the offset is the pattern ([CDNA3] "DS_SWIZZLE_B32").
    pub fn ds_swizzle(&mut self) -> Result<()> {
        let exec = self.w.exec();
        let ws = self.w.wave_size;
        let data = self.vread_all(1, 1, exec)?;
        let (agpr, reg) = self.vreg_of(0)?;
        self.check_load_dst(agpr, reg, 1)?;
        let pat = self.ds_offset();
        let mut values = vec![0u32; ws];
        let mut m = exec;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            let src = if pat & 0x8000 != 0 {
                // Quad permute: 2 bits per lane of the quad.
                (l & !3) | (pat as usize >> (2 * (l & 3)) & 3)
            } else {
                let and = pat as usize & 0x1f;
                let or = pat as usize >> 5 & 0x1f;
                let xor = pat as usize >> 10 & 0x1f;
                (l & !0x1f) | ((((l & 0x1f) & and) | or) ^ xor)
            };
            values[l] = if exec >> src & 1 != 0 { data[src] } else { 0 };
        }
        self.issue(
            LGKM,
            vec![PendingWrite::Vgpr {
                agpr,
                reg,
                dwords: 1,
                mask: exec,
                values,
                half: 0,
            }],
        );
        Ok(())
    }
}
