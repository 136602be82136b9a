//! Memory: pointer arithmetic, addresses, and loads and stores to global
//! memory and LDS, split into pieces the alignment allows.

use super::*;

/// The address operands of a memory access: LDS (`v` the address), or
/// global with `v` a VGPR pair and `s` off, or `v` a 32-bit VGPR offset
/// and `s` the SGPR base (`saddr`); `off` goes in the offset field.
#[derive(Clone, Copy, Debug)]
pub(super) struct Addr {
    pub lds: bool,
    pub v: MOp,
    pub s: MOp,
    pub off: i32,
}

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
            Some(FusedOff::Mad { x, c, signed }) => {
                let d = self.vreg(2);
                let mut srcs = vec![
                    self.part(x, 0)?,
                    MOp::Phys(Operand::int(c as i32)),
                    self.whole(p)?,
                ];
                self.legalize_vop3(&mut srcs, 0)?;
                let mut ops = vec![self.r(d), self.unread_carry()];
                ops.extend(srcs);
                let mad = if signed {
                    Op::V_MAD_I64_I32
                } else {
                    Op::V_MAD_U64_U32
                };
                self.emit(mad, ops, 1)?;
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

    /// A VGPR holding 0, one per block.
    pub(super) fn zero_vgpr(&mut self) -> Result<MOp, Error> {
        if let Some(z) = self.zero_vgpr {
            return Ok(self.r(z));
        }
        let z = self.vreg(1);
        self.emit(
            Op::V_MOV_B32_e32,
            vec![self.r(z), MOp::Phys(Operand::int(0))],
            1,
        )?;
        self.zero_vgpr = Some(z);
        Ok(self.r(z))
    }

    /// Whether a global access in `body` takes its address from a uniform
    /// pointer with no VGPR offset (the `saddr` form with a zero VGPR).
    pub(super) fn needs_zero_vgpr(&self, body: &Block) -> bool {
        body.insts_nested().any(|i| {
            let p = match &i.op {
                IrOp::Load { ptr, .. } if !self.smem[i.results[0].index()] => ptr,
                IrOp::Store { ptr, .. } | IrOp::Atomic { ptr, .. } | IrOp::CmpXchg { ptr, .. } => {
                    ptr
                }
                _ => return false,
            };
            let (root, voff) = match self.folded[p.index()] {
                Some(f) => (f.root, f.voff),
                None => (*p, None),
            };
            self.ty(*p) != Type::Ptr(AddrSpace::Lds) && voff.is_none() && self.uniform[root.index()]
        })
    }

    /// The address operands of a global access through `p`: an SGPR base
    /// (`saddr`) with a 32-bit VGPR offset where the (folded) pointer's
    /// root is in SGPRs, else a VGPR pair with `saddr` off; and the
    /// immediate offset.
    pub(super) fn global_addr(&mut self, p: Value) -> Result<Addr, Error> {
        let Folded { root, voff, off } = self.folded[p.index()].unwrap_or(Folded {
            root: p,
            voff: None,
            off: 0,
        });
        let off = off as i32;
        if let Val::Reg(r) = self.val(root)? {
            if self.mf.info(r).file == File::Sgpr {
                let v = match voff {
                    Some(x) => {
                        let x = self.part(x, 0)?;
                        self.copy_to_vgpr(x)?
                    }
                    None => self.zero_vgpr()?,
                };
                return Ok(Addr {
                    lds: false,
                    v,
                    s: self.r(r),
                    off,
                });
            }
        }
        let v = match voff {
            Some(x) => self.add64(root, x, false, false)?,
            None => self.vgpr_of(root)?,
        };
        Ok(Addr {
            lds: false,
            v: self.r(v),
            s: self.off(),
            off,
        })
    }

    pub(super) fn lds_addr(&mut self, p: Value) -> Result<(MOp, i32), Error> {
        // A constant LDS address becomes offset:N on a zero VGPR.
        if let Val::Const(c) = self.val(p)? {
            if c < 65536 {
                let z = self.zero_vgpr()?;
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

    /// The address operands of a load or store.
    pub(super) fn mem_addr(&mut self, p: Value) -> Result<Addr, Error> {
        if self.ty(p) == Type::Ptr(AddrSpace::Lds) {
            let (v, off) = self.lds_addr(p)?;
            return Ok(Addr {
                lds: true,
                v,
                s: self.off(),
                off,
            });
        }
        self.global_addr(p)
    }

    /// One memory instruction: `reg` is the destination (load) or data
    /// (store) operand; `extra` adds to the address's offset.
    pub(super) fn mem_access(
        &mut self,
        load: bool,
        a: Addr,
        bytes: u32,
        reg: MOp,
        extra: i32,
    ) -> Result<(), Error> {
        let name = Self::mem_op(a.lds, load, bytes);
        let mods = if a.lds {
            ds_offset(a.off + extra)
        } else {
            Mods {
                offset: a.off + extra,
                ..Mods::default()
            }
        };
        let (ops, nd) = match (a.lds, load) {
            (true, true) => (vec![reg, a.v], 1),
            (true, false) => (vec![a.v, reg], 0),
            (false, true) => (vec![reg, a.v, a.s], 1),
            (false, false) => (vec![a.v, reg, a.s], 0),
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
            // A folded pointer's root (uniform: no VGPR offset) with the
            // offset in the instruction.
            let (root, off) = match self.folded[p.index()] {
                Some(Folded {
                    root,
                    voff: None,
                    off,
                }) => (root, off as u32),
                Some(_) => {
                    return Err(Error::invariant(
                        "instruction selection",
                        "a scalar load through a divergent offset",
                    ))
                }
                None => (p, 0),
            };
            let base = self.sgpr_pair(root)?;
            let d = self.sreg(n);
            self.mf.vregs[d.0 as usize].invariant = self.ty(p) == Type::Ptr(AddrSpace::Const);
            self.s_load_from(d, n, base, off)?;
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
        let piece = Self::piece_bytes(addr.lds, size, align);
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
        let piece = Self::piece_bytes(addr.lds, size, align);
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
