//! Memory: pointer arithmetic, addresses, and loads and stores to global
//! memory and LDS, split into pieces the alignment allows.

use super::*;

/// Largest offset folded into a global access (the field is 13 bits
/// signed; room is left for the pieces of a misaligned access).
pub(super) const MAX_FOLDED_OFFSET: i64 = 2040;

/// The 16-bit offset of a single-address DS instruction, as its encoding
/// holds it: low byte in offset0, high byte in offset1 (CDNA3 / RDNA3 ISA,
/// "DS" encoding). Offsets beyond 16 bits stay whole, so encoding rejects
/// them.
pub(super) fn ds_offset(off: i32) -> Mods {
    let (offset, offset1) = if (0..65536).contains(&off) {
        (off & 0xff, (off >> 8) as u16)
    } else {
        (off, 0)
    };
    Mods {
        offset,
        offset1,
        ..Mods::default()
    }
}

impl<'a> Sel<'a> {
    pub(super) fn ptradd(&mut self, res: Value, p: Value, off: Value) -> Result<(), Error> {
        if self.folded[res.index()].is_some() {
            return Ok(());
        }
        let t = self.ty(p);
        let scalar = self.uniform[res.index()] && self.is_s(p) && self.is_s(off);
        if t == Type::Ptr(AddrSpace::Lds) {
            if let (Val::Const(a), Val::Const(b)) = (self.val(p)?, self.val(off)?) {
                self.vals[res.index()] = Some(Val::Const((a + b) & 0xffff_ffff));
                return Ok(());
            }
            // Adding zero (the first LDS allocation is at 0): the other value.
            for (v, z) in [(p, off), (off, p)] {
                if let (Val::Const(0), Val::Reg(r)) = (self.val(z)?, self.val(v)?) {
                    self.set(res, r);
                    return Ok(());
                }
            }
            let (x, y) = (self.part(p, 0)?, self.part(off, 0)?);
            let add = self.pick(Op::V_ADD_U32_e32, Op::V_ADD_NC_U32_e32);
            return self.int_op(res, scalar, Op::S_ADD_I32, Some(add), x, Some(y), true);
        }
        match self.fused_off[off.index()] {
            Some(FusedOff::Shl { x, k }) => {
                let d = self.vreg(2);
                let srcs = vec![
                    self.whole(x)?,
                    MOp::Phys(Operand::int(k as i32)),
                    self.whole(p)?,
                ];
                self.vop3(Op::V_LSHL_ADD_U64, vec![self.r(d)], srcs)?;
                self.set(res, d);
                return Ok(());
            }
            Some(FusedOff::Mad { x, c }) => {
                let d = self.vreg(2);
                let mut srcs = vec![
                    self.part(x, 0)?,
                    MOp::Phys(Operand::int(c as i32)),
                    self.whole(p)?,
                ];
                self.legalize_vop3(&mut srcs, 0)?;
                // The carry-out is never read: `null` where GFX11 has it,
                // else VCC.
                let carry = match self.gen {
                    Generation::Gfx11 => {
                        MOp::Phys(Operand::sgprs(operand::null_code(self.gen), self.lanes()))
                    }
                    Generation::Gfx9 => self.vcc(),
                };
                let mut ops = vec![self.r(d), carry];
                ops.extend(srcs);
                self.emit(Op::V_MAD_U64_U32, ops, 1)?;
                self.set(res, d);
                return Ok(());
            }
            None => {}
        }
        let d = self.add64(p, off, false, scalar)?;
        self.set(res, d);
        Ok(())
    }

    // ---- memory ----

    /// A uniform 64-bit value as an SGPR pair (a scalar load's base): its
    /// register, the constant, or lane 0 of its VGPRs (the same in every
    /// active lane).
    fn sgpr_pair(&mut self, p: Value) -> Result<VReg, Error> {
        match self.val(p)? {
            Val::Reg(r) if self.mf.info(r).file == File::Sgpr => Ok(r),
            Val::Reg(r) => {
                let d = self.sreg(2);
                for k in 0..2 {
                    let src = Self::sub(r, k);
                    self.emit(Op::V_READFIRSTLANE_B32, vec![Self::sub(d, k), src], 1)?;
                }
                Ok(d)
            }
            Val::Const(c) => {
                let d = self.sreg(2);
                for k in 0..2 {
                    let half = MOp::Phys(imm32((c >> (32 * k)) as u32));
                    self.emit(Op::S_MOV_B32, vec![Self::sub(d, k as u8), half], 1)?;
                }
                Ok(d)
            }
        }
    }

    pub(super) fn global_addr(&mut self, p: Value) -> Result<MOp, Error> {
        let v = self.vgpr_of(p)?;
        Ok(self.r(v))
    }

    pub(super) fn lds_addr(&mut self, p: Value) -> Result<(MOp, i32), Error> {
        // A constant LDS address becomes offset:N on a zero VGPR.
        if let Val::Const(c) = self.val(p)? {
            if c < 65536 {
                let z = self.copy_to_vgpr(MOp::Phys(Operand::int(0)))?;
                return Ok((z, c as i32));
            }
        }
        let a = self.part(p, 0)?;
        Ok((self.copy_to_vgpr(a)?, 0))
    }

    pub(super) fn off(&self) -> MOp {
        // FLAT `saddr` "off": 0x7f on GFX9, NULL on GFX11 (as llvm-mc encodes).
        let code = match self.gen {
            Generation::Gfx9 => 0x7f,
            Generation::Gfx11 => operand::null_code(self.gen),
        };
        MOp::Phys(Operand::sgprs(code, 2))
    }

    /// The memory instruction moving `bytes` bytes (1, 2, 4, 8, 16): one
    /// instruction on both generations (GFX9 `ds_read_b32` and
    /// `global_load_dword` are GFX11 `ds_load_b32` and `global_load_b32`).
    pub(super) fn mem_op(lds: bool, load: bool, bytes: u32) -> Op {
        match (lds, load, bytes) {
            (true, true, 1) => Op::DS_READ_U8,
            (true, true, 2) => Op::DS_READ_U16,
            (true, true, 4) => Op::DS_READ_B32,
            (true, true, 16) => Op::DS_READ_B128,
            (true, false, 16) => Op::DS_WRITE_B128,
            (false, true, 16) => Op::GLOBAL_LOAD_DWORDX4,
            (false, false, 16) => Op::GLOBAL_STORE_DWORDX4,
            (true, true, _) => Op::DS_READ_B64,
            (true, false, 1) => Op::DS_WRITE_B8,
            (true, false, 2) => Op::DS_WRITE_B16,
            (true, false, 4) => Op::DS_WRITE_B32,
            (true, false, _) => Op::DS_WRITE_B64,
            (false, true, 1) => Op::GLOBAL_LOAD_UBYTE,
            (false, true, 2) => Op::GLOBAL_LOAD_USHORT,
            (false, true, 4) => Op::GLOBAL_LOAD_DWORD,
            (false, true, _) => Op::GLOBAL_LOAD_DWORDX2,
            (false, false, 1) => Op::GLOBAL_STORE_BYTE,
            (false, false, 2) => Op::GLOBAL_STORE_SHORT,
            (false, false, 4) => Op::GLOBAL_STORE_DWORD,
            (false, false, _) => Op::GLOBAL_STORE_DWORDX2,
        }
    }

    /// The address operand of a load or store, and the immediate offset
    /// the instruction adds (LDS constant addresses fold into it).
    pub(super) fn mem_addr(&mut self, p: Value) -> Result<(bool, MOp, i32), Error> {
        if self.ty(p) == Type::Ptr(AddrSpace::Lds) {
            let (a, off) = self.lds_addr(p)?;
            return Ok((true, a, off));
        }
        if let Some((root, off)) = self.folded[p.index()] {
            return Ok((false, self.global_addr(root)?, off as i32));
        }
        Ok((false, self.global_addr(p)?, 0))
    }

    /// One memory instruction: `reg` is the destination (load) or data
    /// (store) operand.
    pub(super) fn mem_access(
        &mut self,
        load: bool,
        (lds, a, base): (bool, MOp, i32),
        bytes: u32,
        reg: MOp,
        extra: i32,
    ) -> Result<(), Error> {
        let name = Self::mem_op(lds, load, bytes);
        let mods = if lds {
            ds_offset(base + extra)
        } else {
            Mods {
                offset: base + extra,
                ..Mods::default()
            }
        };
        let (ops, nd) = match (lds, load) {
            (true, true) => (vec![reg, a], 1),
            (true, false) => (vec![a, reg], 0),
            (false, true) => (vec![reg, a, self.off()], 1),
            (false, false) => (vec![a, reg, self.off()], 0),
        };
        self.emit_m(name, ops, nd, mods)
    }

    /// Bytes per memory instruction for a `size`-byte access with alignment
    /// `align`. The HSA runtime runs gfx9 and later in the unaligned mode
    /// (SH_MEM_CONFIG.ALIGNMENT_MODE = UNALIGNED, which LLVM assumes as
    /// `unaligned-access-mode`), where plain global and LDS loads and
    /// stores may be unaligned: a global access stays whole whatever its
    /// alignment; a misaligned LDS access wider than a dword goes as dwords
    /// (clang-22 -O3 does the same: `ds_write_b32` at any address, a
    /// 4-aligned 8-byte LDS value as two dwords).
    pub(super) fn piece_bytes(lds: bool, size: u32, align: u32) -> u32 {
        if align >= size || !lds || size <= 4 {
            size
        } else {
            4
        }
    }

    /// A vector access aligned to at least a dword: pieces of up to 16
    /// bytes (the widest load and store), as the alignment allows.
    fn vec_access(
        &mut self,
        load: bool,
        p: Value,
        r: VReg,
        size: u32,
        align: u32,
    ) -> Result<(), Error> {
        let chunk = align.min(16).min(size);
        let addr = self.mem_addr(p)?;
        for i in 0..size / chunk {
            let reg = MOp::Reg {
                r,
                off: (i * chunk / 4) as u8,
                n: (chunk / 4) as u8,
            };
            self.mem_access(load, addr, chunk, reg, (i * chunk) as i32)?;
        }
        Ok(())
    }

    pub(super) fn load(&mut self, res: Value, p: Value, t: Type, align: u32) -> Result<(), Error> {
        let n = Self::dwords(t);
        if self.smem[res.index()] {
            let base = self.sgpr_pair(p)?;
            let d = self.sreg(n);
            self.mf.vregs[d.0 as usize].invariant = self.ty(p) == Type::Ptr(AddrSpace::Const);
            self.s_load_from(d, n, base, 0)?;
            self.set(res, d);
            return Ok(());
        }
        if t.is_vec() && align >= 4 {
            let d = self.vreg(n);
            self.vec_access(true, p, d, t.bits() / 8, align)?;
            self.set(res, d);
            return Ok(());
        }
        let size = t
            .store_bytes()
            .ok_or_else(|| unsupported(format!("loads of {t}")))?;
        let d = self.vreg(n);
        let addr = self.mem_addr(p)?;
        let piece = Self::piece_bytes(addr.0, size, align);
        if piece == size {
            self.mf.vregs[d.0 as usize].invariant = self.ty(p) == Type::Ptr(AddrSpace::Const);
            self.mem_access(true, addr, size, self.r(d), 0)?;
            self.set(res, d);
            return Ok(());
        }
        // Misaligned: load pieces and assemble each dword with
        // `v_lshl_or_b32` (d = (piece << shift) | acc).
        for k in 0..n {
            let in_dword = size.min(4) / piece;
            let mut acc: Option<VReg> = None;
            for j in 0..in_dword {
                let off = (k as u32 * 4 + j * piece) as i32;
                if piece == 4 {
                    self.mem_access(true, addr, 4, Self::sub(d, k), off)?;
                    continue;
                }
                let part = self.vreg(1);
                self.mem_access(true, addr, piece, self.r(part), off)?;
                acc = Some(match acc {
                    None => part,
                    Some(prev) => {
                        let next = self.vreg(1);
                        let sh = MOp::Phys(Operand::int((j * piece * 8) as i32));
                        self.vop3(
                            Op::V_LSHL_OR_B32,
                            vec![self.r(next)],
                            vec![self.r(part), sh, self.r(prev)],
                        )?;
                        next
                    }
                });
            }
            if let Some(v) = acc {
                self.emit(Op::V_MOV_B32_e32, vec![Self::sub(d, k), self.r(v)], 1)?;
            }
        }
        self.set(res, d);
        Ok(())
    }

    pub(super) fn store(&mut self, p: Value, v: Value, align: u32) -> Result<(), Error> {
        let t = self.ty(v);
        let size = t
            .store_bytes()
            .ok_or_else(|| unsupported(format!("stores of {t}")))?;
        let n = Self::dwords(t);
        if t.is_vec() && align >= 4 {
            let data = self.vgpr_of(v)?;
            return self.vec_access(false, p, data, size, align);
        }
        let data = self.vgpr_of(v)?;
        let addr = self.mem_addr(p)?;
        let piece = Self::piece_bytes(addr.0, size, align);
        if piece == size {
            return self.mem_access(false, addr, size, self.r(data), 0);
        }
        // Misaligned: store each piece from its dword shifted down (byte
        // and short stores write the low bits of their data register).
        for k in 0..n {
            let in_dword = size.min(4) / piece;
            for j in 0..in_dword {
                let off = (k as u32 * 4 + j * piece) as i32;
                let src = if j == 0 {
                    Self::sub(data, k)
                } else {
                    let s = self.vreg(1);
                    let sh = MOp::Phys(Operand::int((j * piece * 8) as i32));
                    self.vop2(
                        Op::V_LSHRREV_B32_e32,
                        self.r(s),
                        sh,
                        Self::sub(data, k),
                        false,
                    )?;
                    self.r(s)
                };
                self.mem_access(false, addr, piece, src, off)?;
            }
        }
        Ok(())
    }
}
