//! Executing one instruction of one wave: operand access with the strict
//! checks, and the generic shapes (SALU, VALU, VOPC, memory) the semantic
//! table in [`crate::sem`] instantiates per opcode.

use crate::device_memory::{Memory, APERTURE_SIZE, PRIVATE_APERTURE, SHARED_APERTURE};
use crate::error::{Error, Fault, FaultKind, Result};
use crate::wave::{Counter, Pending, PendingWrite, Wave};
use crate::Stats;
use silk_amdgpu::isa::format::Field;
use silk_amdgpu::isa::operand::{AGPR0, VGPR0};
use silk_amdgpu::isa::{dpp, print, Flags, Inst, OpInfo, Operand, Ty, Variant};

use silk_amdgpu::isa::operand::VCC_LO as VCC;
use silk_amdgpu::target::{Generation, Processor};

/// What a launch fixes for every wave of a kernel.
pub struct KernelInfo {
    pub processor: Processor,
    pub gen: Generation,
    pub wave_size: usize,
    /// Absolute address of the kernel's first instruction.
    pub entry: u64,
    /// Where the code object's image starts (its address 0).
    pub code_base: u64,
    pub vgprs: usize,
    pub agprs: usize,
    /// First SGPR number the kernel may not use.
    pub sgpr_limit: u16,
    pub lds_size: usize,
    pub strict: bool,
    /// Hazard rules not checked (bit per [`crate::hazard::Rule`]); all
    /// bits set when hazard checking is off.
    pub hazards_off: u32,
    pub null: u16,
    pub m0: u16,
}

/// A semantic function: executes the instruction in `Exec`.
pub type Handler = fn(&mut Exec) -> Result<()>;

/// How float source modifiers and output modifiers apply.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Fk {
    Int,
    F16,
    F32,
    F64,
}

/// A resolved vector-ALU source.
#[derive(Clone, Copy)]
pub enum Src {
    Uniform(u64),
    /// Index of the first dword of lane 0 in the VGPR file; `wide` reads two.
    V(usize, bool),
    A(usize, bool),
    /// A 16-bit half of a VGPR (true16 and op_sel): index, high.
    H(usize, bool),
}

/// Where a mask result goes.
#[derive(Clone, Copy)]
pub enum MaskDst {
    None,
    Op(usize),
    Exec,
    /// GFX9 `v_cmpx`: both EXEC and the destination operand.
    ExecAnd(usize),
}

pub struct Exec<'a> {
    pub w: &'a mut Wave,
    pub k: &'a KernelInfo,
    pub mem: &'a mut Memory,
    pub lds: &'a mut [u8],
    pub stats: &'a mut Stats,
    pub inst: &'a Inst,
    pub info: &'static OpInfo,
    /// Address of this instruction.
    pub pc: u64,
    pub wg: [u32; 3],
    /// Copies (moves, spills) may read never-written registers.
    pub lenient: bool,
    /// Parameter the semantic table attached to the handler.
    pub aux: u32,
}

fn reg_name(code: u16, gen: Generation) -> String {
    let mut s = String::new();
    silk_amdgpu::isa::operand::print_reg(gen, code, 1, 0, &mut s);
    s
}

impl<'a> Exec<'a> {
    // ---- errors ----------------------------------------------------------

    pub fn fault(&self, kind: FaultKind, message: String, lane: Option<u32>) -> Error {
        Error::Fault(Box::new(Fault {
            kind,
            message,
            pc: self.pc.wrapping_sub(self.k.entry),
            workgroup: self.wg,
            wave: self.w.id,
            lane,
            inst: print::to_text(self.k.processor, self.inst),
        }))
    }

    pub fn pc_off(&self) -> u64 {
        self.pc.wrapping_sub(self.k.entry)
    }

    pub fn unsupported(&self) -> Error {
        Error::Unsupported {
            name: self.info.name.to_string(),
            pc: self.pc_off(),
        }
    }

    pub fn op(&self, i: usize) -> Result<Operand> {
        if i < self.inst.num_operands as usize {
            Ok(self.inst.operands[i])
        } else {
            Err(self.malformed())
        }
    }

    fn malformed(&self) -> Error {
        Error::Decode {
            pc: self.pc_off(),
            message: format!("`{}` lacks an operand the emulator needs", self.info.name),
        }
    }

    /// Index of the operand encoded in field `f` (operand order differs
    /// between forms, e.g. returning atomics put `vdst` first).
    pub fn operand_in(&self, f: Field) -> Result<usize> {
        self.info
            .operands
            .iter()
            .position(|s| s.field == f)
            .ok_or_else(|| self.malformed())
    }

    pub fn ty(&self, i: usize) -> Ty {
        self.info.operands.get(i).map_or(Ty::B32, |s| s.ty)
    }

    pub fn dwords(&self, i: usize) -> usize {
        self.info
            .operands
            .get(i)
            .map_or(1, |s| s.dwords.max(1) as usize)
    }

    /// Source number (0, 1, 2) of operand `i` for modifier bits.
    fn src_no(&self, i: usize) -> usize {
        match self.info.operands.get(i).map(|s| s.field) {
            Some(Field::Src1) => 1,
            Some(Field::Src2) => 2,
            _ => 0,
        }
    }

    // ---- strict checks ---------------------------------------------------

    fn pending_counter(&self, pred: impl Fn(&PendingWrite) -> bool) -> Counter {
        for p in &self.w.pending {
            if p.writes.iter().any(&pred) {
                return match p.counters {
                    c if c & 1 != 0 => Counter::Vm,
                    c if c & 2 != 0 => Counter::Lgkm,
                    _ => Counter::Vs,
                };
            }
        }
        Counter::Vm
    }

    fn outstanding(&self, what: &str, c: Counter, verb: &str) -> Error {
        self.fault(
            FaultKind::OutstandingLoad,
            format!(
                "{what} {verb} at pc {:#x} while {}={} is outstanding",
                self.pc_off(),
                c.name(),
                self.w.counts[c as usize]
            ),
            None,
        )
    }

    fn check_sgpr(&self, code: u16, n: usize, write: bool) -> Result<()> {
        let sgprs = silk_amdgpu::isa::operand::sgpr_limit(self.k.gen);
        for c in code..code + n as u16 {
            if c < sgprs && c >= self.k.sgpr_limit {
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
            if c >= 128 {
                continue;
            }
            if self.k.strict && self.w.s_pending[c as usize] != 0 {
                let cnt = self.pending_counter(|p| {
                    matches!(p, PendingWrite::Sgpr { code, values }
                        if (*code..*code + values.len() as u16).contains(&c))
                });
                return Err(self.outstanding(
                    &reg_name(c, self.k.gen),
                    cnt,
                    if write { "written" } else { "read" },
                ));
            }
            if self.k.strict && !write && !self.lenient && self.w.s_written >> c & 1 == 0 {
                return Err(self.fault(
                    FaultKind::UninitializedRead,
                    format!(
                        "{} read at pc {:#x} before anything wrote it",
                        reg_name(c, self.k.gen),
                        self.pc_off()
                    ),
                    None,
                ));
            }
        }
        Ok(())
    }

    /// Check VGPR/AGPR `reg..reg+n` for a read (under `mask`) or a write.
    pub fn check_vgpr(
        &self,
        agpr: bool,
        reg: usize,
        n: usize,
        mask: u64,
        write: bool,
    ) -> Result<()> {
        let (limit, pend, written, p) = if agpr {
            (self.k.agprs, &self.w.a_pending, &self.w.a_written, "a")
        } else {
            (self.k.vgprs, &self.w.v_pending, &self.w.v_written, "v")
        };
        if reg + n > limit {
            return Err(self.fault(
                FaultKind::RegisterLimit,
                format!(
                    "{p}{} used at pc {:#x} but the descriptor declares {limit} {}",
                    reg + n - 1,
                    self.pc_off(),
                    if agpr { "AGPRs" } else { "VGPRs" }
                ),
                None,
            ));
        }
        if !self.k.strict {
            return Ok(());
        }
        for r in reg..reg + n {
            if pend[r] != 0 {
                let cnt = self.pending_counter(|w| {
                    matches!(w, PendingWrite::Vgpr { agpr: a, reg: b, dwords, .. }
                        if *a == agpr && (*b..*b + *dwords).contains(&r))
                });
                return Err(self.outstanding(
                    &format!("{p}{r}"),
                    cnt,
                    if write { "written" } else { "read" },
                ));
            }
            // A multi-dword operand counts as written when any of its dwords
            // is: clang reads e.g. v[0:1] as a 64-bit addend whose high half
            // only reaches result bits it then ignores (v_mad_u64_u32).
            let any = if n > 1 {
                written[reg..reg + n].iter().fold(0, |a, w| a | w)
            } else {
                written[r]
            };
            if !write && !self.lenient && any & mask != mask {
                let lane = (mask & !any).trailing_zeros();
                return Err(self.fault(
                    FaultKind::UninitializedRead,
                    format!(
                        "{p}{r} read at pc {:#x} before anything wrote it",
                        self.pc_off()
                    ),
                    Some(lane),
                ));
            }
        }
        Ok(())
    }

    /// A load's destination: within the declared registers. Another load
    /// still outstanding into it is fine (returns are in order, and clang
    /// merges `*_d16` / `*_d16_hi` halves this way); an ALU write is not.
    pub fn check_load_dst(&self, agpr: bool, reg: usize, n: usize) -> Result<()> {
        let limit = if agpr { self.k.agprs } else { self.k.vgprs };
        if reg + n > limit {
            return self.check_vgpr(agpr, reg, n, 0, true);
        }
        Ok(())
    }

    // ---- scalar operands -------------------------------------------------

    /// The value inline constant `code` has in an operand (the one
    /// table the assembler and printer use too).
    fn inline_const(code: u16, ty: Ty, dwords: usize) -> u64 {
        silk_amdgpu::isa::operand::inline_value(code, ty, dwords).unwrap_or(0)
    }

    /// Read scalar register(s) `code..code+n` (specials included).
    pub fn sread(&mut self, code: u16, n: usize) -> Result<u64> {
        let mut v = 0u64;
        for d in 0..n.min(2) {
            let c = code + d as u16;
            let x = match c {
                _ if c == self.k.null => 0,
                0..=127 => {
                    let pair_written = n == 2 && {
                        let base = code as usize;
                        base + 1 < 128 && (self.w.s_written >> base) & 3 != 0
                    };
                    let saved = self.lenient;
                    self.lenient |= pair_written;
                    let r = self.check_sgpr(c, 1, false);
                    self.lenient = saved;
                    r?;
                    self.w.sgpr[c as usize]
                }
                235 => (SHARED_APERTURE >> 32) as u32 * d as u32,
                236 => ((SHARED_APERTURE + APERTURE_SIZE - 1) >> 32) as u32 * d as u32,
                237 => (PRIVATE_APERTURE >> 32) as u32 * d as u32,
                238 => ((PRIVATE_APERTURE + APERTURE_SIZE - 1) >> 32) as u32 * d as u32,
                251 => (d == 0 && self.mask_of(VCC) == 0) as u32,
                252 => (d == 0 && self.w.exec() == 0) as u32,
                253 => (d == 0 && self.w.scc) as u32,
                _ => return Err(self.unsupported_operand(c)),
            };
            v |= (x as u64) << (32 * d);
        }
        if n > 2 {
            self.check_sgpr(code, n, false)?;
        }
        Ok(v)
    }

    fn unsupported_operand(&self, code: u16) -> Error {
        Error::Unsupported {
            name: format!(
                "{} with operand {}",
                self.info.name,
                reg_name(code, self.k.gen)
            ),
            pc: self.pc_off(),
        }
    }

    fn mask_of(&self, code: u16) -> u64 {
        let lo = self.w.sgpr[code as usize] as u64;
        let hi = if self.w.wave_size == 64 {
            self.w.sgpr[code as usize + 1] as u64
        } else {
            0
        };
        (lo | hi << 32) & self.w.lane_mask()
    }

    /// The value of a non-VGPR operand at its declared width.
    pub fn sval(&mut self, i: usize) -> Result<u64> {
        let n = self.dwords(i);
        let ty = self.ty(i);
        match self.op(i)? {
            Operand::Reg { code, .. } if code < VGPR0 => self.sread(code, n),
            Operand::Const(c) => Ok(Self::inline_const(c as u16, ty, n)),
            Operand::Literal(l) => Ok(match ty {
                Ty::F64 => (l as u64) << 32,
                _ if n == 2 || ty.is_64() => l as i32 as i64 as u64,
                _ => l as u64,
            }),
            Operand::Imm(x) => Ok(x as u64),
            _ => Err(self.malformed()),
        }
    }

    /// A wave-wide lane mask operand (VCC, SGPR pair, constant).
    pub fn mask_in(&mut self, i: usize) -> Result<u64> {
        let n = if self.w.wave_size == 64 { 2 } else { 1 };
        if i >= self.inst.num_operands as usize && self.info.flags.has(Flags::READS_VCC) {
            // VCC read without an operand naming it (`v_div_fmas`).
            return Ok(self.sread(VCC, n)? & self.w.lane_mask());
        }
        let v = match self.op(i)? {
            Operand::Reg { code, .. } if code < VGPR0 => self.sread(code, n)?,
            Operand::Const(c) => Self::inline_const(c as u16, Ty::B64, 2),
            Operand::Literal(l) => l as u64,
            _ => return Err(self.malformed()),
        };
        Ok(v & self.w.lane_mask())
    }

    pub fn swrite_code(&mut self, code: u16, n: usize, v: u64) -> Result<()> {
        if code == self.k.null {
            return Ok(());
        }
        if code >= 128 {
            return Err(self.unsupported_operand(code));
        }
        self.check_sgpr(code, n, true)?;
        for d in 0..n {
            let word = if d < 2 { (v >> (32 * d)) as u32 } else { 0 };
            self.w.set_sgpr(code + d as u16, word);
        }
        Ok(())
    }

    /// Write a scalar destination operand at its declared width.
    pub fn swrite(&mut self, i: usize, v: u64) -> Result<()> {
        let n = self.dwords(i);
        match self.op(i)? {
            Operand::Reg { code, .. } => self.swrite_code(code, n, v),
            _ => Err(self.malformed()),
        }
    }

    /// Write a mask destination (wave-size bits).
    pub fn mask_out(&mut self, i: usize, v: u64) -> Result<()> {
        let n = if self.w.wave_size == 64 { 2 } else { 1 };
        match self.op(i)? {
            Operand::Reg { code, .. } => self.swrite_code(code, n, v & self.w.lane_mask()),
            _ => Err(self.malformed()),
        }
    }

    // ---- vector operands -------------------------------------------------

    /// Resolve a VALU source (checks it for the lanes in `mask`).
    pub fn vsrc(&mut self, i: usize, mask: u64) -> Result<Src> {
        let n = self.dwords(i);
        let ty = self.ty(i);
        let ws = self.w.wave_size;
        match self.op(i)? {
            Operand::Reg { code, half, .. } if code >= AGPR0 => {
                let r = (code - AGPR0) as usize;
                self.check_vgpr(true, r, n, mask, false)?;
                let _ = half;
                Ok(Src::A(r * ws, n == 2))
            }
            Operand::Reg { code, half, .. } if code >= VGPR0 => {
                let r = (code - VGPR0) as usize + crate::sem::gpr_idx_offset(self, i);
                self.check_vgpr(false, r, n, mask, false)?;
                if half != 0 {
                    return Ok(Src::H(r * ws, half == 2));
                }
                // (A VOP3P f16 source, `v_fma_mix*`, picks its half itself.)
                if self.k.gen == Generation::Gfx9
                    && matches!(ty, Ty::F16 | Ty::B16)
                    && self.info.family != silk_amdgpu::isa::Family::Vop3p
                    && self.inst.mods.op_sel >> self.src_no(i) & 1 != 0
                {
                    return Ok(Src::H(r * ws, true));
                }
                Ok(Src::V(r * ws, n == 2))
            }
            _ => Ok(Src::Uniform(self.sval(i)?)),
        }
    }

    #[inline(always)]
    pub fn lane(&self, s: Src, l: usize) -> u64 {
        match s {
            Src::Uniform(v) => v,
            Src::V(b, wide) => {
                let lo = self.w.vgpr[b + l] as u64;
                if wide {
                    lo | (self.w.vgpr[b + self.w.wave_size + l] as u64) << 32
                } else {
                    lo
                }
            }
            Src::A(b, wide) => {
                let lo = self.w.agpr[b + l] as u64;
                if wide {
                    lo | (self.w.agpr[b + self.w.wave_size + l] as u64) << 32
                } else {
                    lo
                }
            }
            Src::H(b, hi) => {
                let v = self.w.vgpr[b + l];
                (if hi { v >> 16 } else { v & 0xffff }) as u64
            }
        }
    }

    /// Resolve a VALU destination: (agpr, first register, dwords, half).
    pub fn vdst(&mut self, i: usize) -> Result<(bool, usize, usize, u8)> {
        let n = self.dwords(i);
        match self.op(i)? {
            Operand::Reg { code, half, .. } if code >= VGPR0 => {
                let agpr = code >= AGPR0;
                let mut r = (code - if agpr { AGPR0 } else { VGPR0 }) as usize;
                if !agpr {
                    r += crate::sem::gpr_idx_offset(self, i);
                }
                self.check_vgpr(agpr, r, n, 0, true)?;
                let half = if half == 0
                    && self.k.gen == Generation::Gfx9
                    && matches!(self.ty(i + 1), Ty::F16 | Ty::B16)
                    && self.info.family == silk_amdgpu::isa::Family::Vop3
                    && self.inst.mods.op_sel & 8 != 0
                {
                    2
                } else {
                    half
                };
                Ok((agpr, r, n, half))
            }
            _ => Err(self.malformed()),
        }
    }

    #[inline(always)]
    pub fn vwrite(&mut self, d: (bool, usize, usize, u8), l: usize, v: u64) {
        let ws = self.w.wave_size;
        let file = if d.0 {
            &mut self.w.agpr
        } else {
            &mut self.w.vgpr
        };
        let i = d.1 * ws + l;
        match d.3 {
            1 => file[i] = (file[i] & 0xffff_0000) | (v as u32 & 0xffff),
            2 => file[i] = (file[i] & 0xffff) | (v as u32) << 16,
            _ => {
                file[i] = v as u32;
                if d.2 >= 2 {
                    file[i + ws] = (v >> 32) as u32;
                }
            }
        }
    }

    pub fn mark_written(&mut self, d: (bool, usize, usize, u8), mask: u64) {
        let w = if d.0 {
            &mut self.w.a_written
        } else {
            &mut self.w.v_written
        };
        for r in d.1..d.1 + d.2 {
            if let Some(x) = w.get_mut(r) {
                *x |= mask;
            }
        }
    }

    fn src_mod(&self, fk: Fk, j: usize, v: u64) -> u64 {
        let (abs, neg) = (
            self.inst.mods.abs >> j & 1 != 0,
            self.inst.mods.neg >> j & 1 != 0,
        );
        if !abs && !neg {
            return v;
        }
        let sign = match fk {
            Fk::Int => return v,
            Fk::F16 => 1u64 << 15,
            Fk::F32 => 1u64 << 31,
            Fk::F64 => 1u64 << 63,
        };
        let v = if abs { v & !sign } else { v };
        if neg {
            v ^ sign
        } else {
            v
        }
    }

    fn out_mod(&self, fk: Fk, v: u64) -> u64 {
        let m = &self.inst.mods;
        if !m.clamp && m.omod == 0 {
            return v;
        }
        match fk {
            Fk::F32 => {
                let mut x = f32::from_bits(v as u32);
                x *= [1.0, 2.0, 4.0, 0.5][m.omod as usize & 3];
                if m.clamp {
                    x = if x.is_nan() { 0.0 } else { x.clamp(0.0, 1.0) };
                }
                x.to_bits() as u64
            }
            Fk::F64 => {
                let mut x = f64::from_bits(v);
                x *= [1.0, 2.0, 4.0, 0.5][m.omod as usize & 3];
                if m.clamp {
                    x = if x.is_nan() { 0.0 } else { x.clamp(0.0, 1.0) };
                }
                x.to_bits()
            }
            Fk::F16 => {
                let mut x = f16_to_f32(v as u16);
                x *= [1.0, 2.0, 4.0, 0.5][m.omod as usize & 3];
                if m.clamp {
                    x = if x.is_nan() { 0.0 } else { x.clamp(0.0, 1.0) };
                }
                f16_from_f32(x) as u64
            }
            Fk::Int => v,
        }
    }

    /// The common VALU shape: operand 0 is the destination, operands
    /// `1..=N` the sources, `f` computes one lane.
    #[inline(always)]
    pub fn valu<const N: usize>(&mut self, fk: Fk, f: impl Fn([u64; N]) -> u64) -> Result<()> {
        let srcs: [usize; N] = std::array::from_fn(|j| j + 1);
        self.valu_at(0, srcs, fk, f)
    }

    #[inline(always)]
    pub fn valu_at<const N: usize>(
        &mut self,
        dst: usize,
        srcs: [usize; N],
        fk: Fk,
        f: impl Fn([u64; N]) -> u64,
    ) -> Result<()> {
        if self.inst.mods.variant != Variant::Native {
            return self.valu_variant(dst, srcs, fk, f);
        }
        let exec = self.w.exec();
        let ws = self.w.wave_size;
        let mut s = [Src::Uniform(0); N];
        for j in 0..N {
            s[j] = self.vsrc(srcs[j], exec)?;
        }
        let d = self.vdst(dst)?;
        let mods = self.inst.mods.abs | self.inst.mods.neg != 0;
        let outm = self.inst.mods.clamp || self.inst.mods.omod != 0;
        if !mods && !outm && d.3 == 0 && d.2 == 1 && !d.0 && exec == self.w.lane_mask() {
            // Common case: every lane active, plain 32-bit destination.
            // Each lane reads its sources before writing its result, so a
            // destination that is also a source is fine.
            let (vg, ag) = (&mut self.w.vgpr, &self.w.agpr);
            let base = d.1 * ws;
            for l in 0..ws {
                // (Not array::from_fn: it is not inlined in this hot loop.)
                let mut a = [0u64; N];
                for j in 0..N {
                    a[j] = src_get(vg, ag, s[j], l, ws);
                }
                vg[base + l] = f(a) as u32;
            }
            self.mark_written(d, exec);
            self.stats.lane_ops += ws as u64;
            return Ok(());
        }
        // Gather every source for all lanes, compute all lanes (the lane
        // functions are pure), then write back the active ones.
        let mut buf = [[0u64; 64]; N];
        for j in 0..N {
            self.gather(s[j], &mut buf[j][..ws]);
            if mods {
                let no = self.src_no(srcs[j]);
                for v in &mut buf[j][..ws] {
                    *v = self.src_mod(fk, no, *v);
                }
            }
        }
        let mut out = [0u64; 64];
        for (l, o) in out[..ws].iter_mut().enumerate() {
            let mut a = [0u64; N];
            for j in 0..N {
                a[j] = buf[j][l];
            }
            *o = f(a);
        }
        if outm {
            for o in &mut out[..ws] {
                *o = self.out_mod(fk, *o);
            }
        }
        self.scatter(d, &out[..ws], exec);
        self.mark_written(d, exec);
        self.stats.lane_ops += exec.count_ones() as u64;
        Ok(())
    }

    /// Every lane of a source.
    #[inline(always)]
    fn gather(&self, s: Src, out: &mut [u64]) {
        let ws = self.w.wave_size;
        match s {
            Src::Uniform(v) => out.fill(v),
            Src::V(b, false) => {
                for (o, &x) in out.iter_mut().zip(&self.w.vgpr[b..b + ws]) {
                    *o = x as u64;
                }
            }
            Src::A(b, false) => {
                for (o, &x) in out.iter_mut().zip(&self.w.agpr[b..b + ws]) {
                    *o = x as u64;
                }
            }
            _ => {
                for (l, o) in out.iter_mut().enumerate() {
                    *o = self.lane(s, l);
                }
            }
        }
    }

    /// Write the active lanes of a destination.
    #[inline(always)]
    fn scatter(&mut self, d: (bool, usize, usize, u8), out: &[u64], exec: u64) {
        let ws = self.w.wave_size;
        let full = exec == self.w.lane_mask();
        if d.3 == 0 {
            let file = if d.0 {
                &mut self.w.agpr
            } else {
                &mut self.w.vgpr
            };
            let lo = &mut file[d.1 * ws..(d.1 + 1) * ws];
            if full {
                for (x, &o) in lo.iter_mut().zip(out) {
                    *x = o as u32;
                }
            } else {
                for (l, (x, &o)) in lo.iter_mut().zip(out).enumerate() {
                    if exec >> l & 1 != 0 {
                        *x = o as u32;
                    }
                }
            }
            if d.2 >= 2 {
                let hi = &mut file[(d.1 + 1) * ws..(d.1 + 2) * ws];
                for (l, (x, &o)) in hi.iter_mut().zip(out).enumerate() {
                    if full || exec >> l & 1 != 0 {
                        *x = (o >> 32) as u32;
                    }
                }
            }
            return;
        }
        let mut m = exec;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            self.vwrite(d, l, out[l]);
        }
    }

    /// Source lane of `l` under the DPP control word, `None` when the
    /// source is out of range ([CDNA3]/[RDNA3] "DPP" control table).
    fn dpp_lane(&self, l: usize) -> Option<usize> {
        let x = self.inst.mods.extra;
        let ws = self.w.wave_size;
        if self.inst.mods.variant == Variant::Dpp8 {
            let sel = dpp::dpp8_sel(x, l) as usize;
            return Some((l & !7) | sel);
        }
        let c = dpp::get(x, dpp::DPP_CTRL) as usize;
        let row = l & !15;
        let r = l & 15;
        let gfx9 = self.k.gen == Generation::Gfx9;
        let in_row = |v: isize| -> Option<usize> { (0..16).contains(&v).then(|| row + v as usize) };
        match c {
            0x000..=0x0ff => Some((l & !3) | (c >> (2 * (l & 3)) & 3)),
            0x101..=0x10f => in_row(r as isize + (c & 15) as isize),
            0x111..=0x11f => in_row(r as isize - (c & 15) as isize),
            0x121..=0x12f => Some(row + ((r + 16 - (c & 15)) & 15)),
            0x130 if gfx9 => (l + 1 < ws).then_some(l + 1),
            0x134 if gfx9 => Some((l + 1) % ws),
            0x138 if gfx9 => l.checked_sub(1),
            0x13c if gfx9 => Some((l + ws - 1) % ws),
            0x140 => Some(row + 15 - r),
            0x141 => Some((l & !7) + 7 - (l & 7)),
            0x142 if gfx9 => (l & 31 >= 16).then(|| (l & !31) + 15).or(Some(usize::MAX)),
            0x143 if gfx9 => (l >= 32).then_some(31).or(Some(usize::MAX)),
            0x150..=0x15f if !gfx9 => Some(row + (c & 15)),
            0x160..=0x16f if !gfx9 => Some(row + (r ^ (c & 15))),
            _ => None,
        }
    }

    fn sdwa_sel(v: u64, sel: u32, sext: bool) -> u64 {
        let (shift, bits) = match sel {
            0..=3 => (8 * sel, 8),
            4 | 5 => (16 * (sel - 4), 16),
            _ => return v & 0xffff_ffff,
        };
        let x = (v >> shift) & ((1 << bits) - 1);
        if sext {
            (((x << (64 - bits)) as i64) >> (64 - bits)) as u64 & 0xffff_ffff
        } else {
            x
        }
    }

    /// VALU with a DPP or SDWA word (VOP1/VOP2 forms).
    fn valu_variant<const N: usize>(
        &mut self,
        dst: usize,
        srcs: [usize; N],
        fk: Fk,
        f: impl Fn([u64; N]) -> u64,
    ) -> Result<()> {
        let exec = self.w.exec();
        let x = self.inst.mods.extra;
        let variant = self.inst.mods.variant;
        let sdwa = variant == Variant::Sdwa;
        let mut s = [Src::Uniform(0); N];
        for j in 0..N {
            let no = self.src_no(srcs[j]);
            s[j] = if sdwa && no == 0 && dpp::get(x, dpp::SDWA_SCALAR[0]) != 0 {
                Src::Uniform(self.sread(dpp::get(x, dpp::DPP_SRC0) as u16, 1)?)
            } else if sdwa && no == 1 && dpp::get(x, dpp::SDWA_SCALAR[1]) != 0 {
                match self.op(srcs[j])? {
                    Operand::Reg { code, .. } if code >= VGPR0 => {
                        Src::Uniform(self.sread(code - VGPR0, 1)?)
                    }
                    _ => self.vsrc(srcs[j], exec)?,
                }
            } else if !sdwa && no == 0 {
                // DPP reads other lanes: check the whole register.
                self.vsrc(
                    srcs[j],
                    exec | self.w.lane_mask() & self.w.v_written.first().map_or(0, |_| 0),
                )?
            } else {
                self.vsrc(srcs[j], exec)?
            };
        }
        let d = self.vdst(dst)?;
        let (row_mask, bank_mask, bound, fi) = (
            dpp::get(x, dpp::DPP_ROW_MASK),
            dpp::get(x, dpp::DPP_BANK_MASK),
            dpp::get(x, dpp::DPP_BOUND_CTRL) != 0,
            (dpp::get(x, dpp::DPP_FI) != 0 && self.k.gen != Generation::Gfx9)
                || (variant == Variant::Dpp8 && self.inst.mods.mem & 1 != 0),
        );
        let mut written = 0u64;
        // DPP reads other lanes of a register it may also write: compute
        // every lane before writing any.
        let mut results: Vec<(usize, u64)> = Vec::with_capacity(self.w.wave_size);
        let mut m = exec;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            let mut a = [0u64; N];
            let mut skip = false;
            for j in 0..N {
                let no = self.src_no(srcs[j]);
                let mut v;
                if sdwa {
                    v = self.lane(s[j], l);
                    let (sel, sext, neg, abs) = sdwa_src_fields(x, no);
                    v = Self::sdwa_sel(v, sel, sext && fk == Fk::Int);
                    if fk != Fk::Int {
                        let sign = if fk == Fk::F16 { 0x8000 } else { 0x8000_0000 };
                        if abs != 0 {
                            v &= !sign;
                        }
                        if neg != 0 {
                            v ^= sign;
                        }
                    }
                } else if no == 0 {
                    if variant == Variant::Dpp16
                        && (row_mask >> (l / 16) & 1 == 0 || bank_mask >> ((l & 15) / 4) & 1 == 0)
                    {
                        skip = true;
                        break;
                    }
                    match self.dpp_lane(l) {
                        Some(sl) if sl < self.w.wave_size && (exec >> sl & 1 != 0 || fi) => {
                            v = self.lane(s[j], sl)
                        }
                        _ if bound || variant == Variant::Dpp8 => v = 0,
                        _ => {
                            skip = true;
                            break;
                        }
                    }
                    if variant == Variant::Dpp16 {
                        v = self.src_mod_bits(
                            fk,
                            dpp::get(x, dpp::DPP_ABS[0]) != 0,
                            dpp::get(x, dpp::DPP_NEG[0]) != 0,
                            v,
                        );
                    }
                } else {
                    v = self.lane(s[j], l);
                    if variant == Variant::Dpp16 && no == 1 {
                        v = self.src_mod_bits(
                            fk,
                            dpp::get(x, dpp::DPP_ABS[1]) != 0,
                            dpp::get(x, dpp::DPP_NEG[1]) != 0,
                            v,
                        );
                    }
                }
                a[j] = v;
            }
            if skip {
                continue;
            }
            let mut r = f(a);
            if sdwa {
                let sel = dpp::get(x, dpp::SDWA_DST_SEL);
                let unused = dpp::get(x, dpp::SDWA_DST_UNUSED);
                if sel < 6 {
                    let (shift, bits) = if sel < 4 {
                        (8 * sel, 8)
                    } else {
                        (16 * (sel - 4), 16)
                    };
                    let mask = ((1u64 << bits) - 1) << shift;
                    let val = (r << shift) & mask;
                    let old = self.lane(Src::V(d.1 * self.w.wave_size, false), l);
                    r = match unused {
                        2 => (old & !mask) | val,
                        1 => {
                            let top = if (r >> (bits - 1)) & 1 != 0 {
                                0xffff_ffff & !((1u64 << (shift + bits)) - 1)
                            } else {
                                0
                            };
                            val | top
                        }
                        _ => val,
                    };
                }
            }
            results.push((l, r));
            written |= 1 << l;
        }
        for (l, r) in results {
            self.vwrite(d, l, r);
        }
        self.mark_written(d, written);
        self.stats.lane_ops += exec.count_ones() as u64;
        Ok(())
    }

    /// Place a result per the SDWA `dst_sel` / `dst_unused` fields.
    fn sdwa_dst(&self, d: (bool, usize, usize, u8), l: usize, r: u64) -> u64 {
        let x = self.inst.mods.extra;
        let sel = dpp::get(x, dpp::SDWA_DST_SEL);
        let unused = dpp::get(x, dpp::SDWA_DST_UNUSED);
        if sel >= 6 {
            return r;
        }
        let (shift, bits) = if sel < 4 {
            (8 * sel, 8)
        } else {
            (16 * (sel - 4), 16)
        };
        let mask = ((1u64 << bits) - 1) << shift;
        let val = (r << shift) & mask;
        match unused {
            2 => {
                let old = self.lane(Src::V(d.1 * self.w.wave_size, false), l);
                (old & !mask) | val
            }
            1 => {
                let top = if (r >> (bits - 1)) & 1 != 0 {
                    0xffff_ffff & !((1u64 << (shift + bits)) - 1)
                } else {
                    0
                };
                val | top
            }
            _ => val,
        }
    }

    fn src_mod_bits(&self, fk: Fk, abs: bool, neg: bool, v: u64) -> u64 {
        let sign = match fk {
            Fk::Int => return v,
            Fk::F16 => 1u64 << 15,
            Fk::F32 => 1u64 << 31,
            Fk::F64 => 1u64 << 63,
        };
        let v = if abs { v & !sign } else { v };
        if neg {
            v ^ sign
        } else {
            v
        }
    }

    /// VALU ops with a lane-mask input and/or output (carries, compares,
    /// `v_cndmask`): `f(sources, mask bit in) -> (value, mask bit out)`.
    #[allow(clippy::too_many_arguments)]
    pub fn valu_mask<const N: usize>(
        &mut self,
        dst: Option<usize>,
        mdst: MaskDst,
        srcs: [usize; N],
        min: Option<usize>,
        fk: Fk,
        f: impl Fn([u64; N], bool) -> (u64, bool),
    ) -> Result<()> {
        let exec = self.w.exec();
        let mut s = [Src::Uniform(0); N];
        for j in 0..N {
            s[j] = self.vsrc(srcs[j], exec)?;
        }
        let cin = match min {
            Some(i) => self.mask_in(i)?,
            None => 0,
        };
        let d = match dst {
            Some(i) => Some(self.vdst(i)?),
            None => None,
        };
        let mods = self.inst.mods.abs | self.inst.mods.neg != 0;
        let outm = self.inst.mods.clamp || self.inst.mods.omod != 0;
        let sdwa = self.inst.mods.variant == Variant::Sdwa;
        let x = self.inst.mods.extra;
        let mut out = 0u64;
        if !mods && !outm && !sdwa {
            // Common case: plain sources, whole 32- or 64-bit VGPRs (or no)
            // result. Sources are read per lane before that lane's write.
            let plain = d.is_none_or(|d| d.3 == 0 && d.2 <= 2 && !d.0);
            if plain {
                let ws = self.w.wave_size;
                let (vg, ag) = (&mut self.w.vgpr, &self.w.agpr);
                let (lo, wide) = d.map_or((usize::MAX, false), |d| (d.1 * ws, d.2 == 2));
                let mut m = exec;
                while m != 0 {
                    let l = m.trailing_zeros() as usize;
                    m &= m - 1;
                    let mut a = [0u64; N];
                    for j in 0..N {
                        a[j] = src_get(vg, ag, s[j], l, ws);
                    }
                    let (r, bit) = f(a, cin >> l & 1 != 0);
                    out |= (bit as u64) << l;
                    if lo != usize::MAX {
                        vg[lo + l] = r as u32;
                        if wide {
                            vg[lo + ws + l] = (r >> 32) as u32;
                        }
                    }
                }
                return self.finish_mask(d, mdst, exec, out);
            }
        }
        let mut m = exec;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            let mut a = [0u64; N];
            for j in 0..N {
                a[j] = self.lane(s[j], l);
                if sdwa {
                    let (sel, sext, neg, abs) = sdwa_src_fields(x, self.src_no(srcs[j]));
                    a[j] = Self::sdwa_sel(a[j], sel, sext && fk == Fk::Int);
                    a[j] = self.src_mod_bits(fk, abs != 0, neg != 0, a[j]);
                }
                if mods {
                    a[j] = self.src_mod(fk, self.src_no(srcs[j]), a[j]);
                }
            }
            let (r, bit) = f(a, cin >> l & 1 != 0);
            out |= (bit as u64) << l;
            if let Some(d) = d {
                let mut r = if outm { self.out_mod(fk, r) } else { r };
                if sdwa {
                    r = self.sdwa_dst(d, l, r);
                }
                self.vwrite(d, l, r);
            }
        }
        self.finish_mask(d, mdst, exec, out)
    }

    /// Mark a mask op's destination written and place its mask result.
    fn finish_mask(
        &mut self,
        d: Option<(bool, usize, usize, u8)>,
        mdst: MaskDst,
        exec: u64,
        out: u64,
    ) -> Result<()> {
        if let Some(d) = d {
            self.mark_written(d, exec);
        }
        match mdst {
            MaskDst::None => {}
            MaskDst::Op(i) => self.mask_out(i, out)?,
            MaskDst::Exec => self.w.set_exec(out),
            MaskDst::ExecAnd(i) => {
                self.mask_out(i, out)?;
                self.w.set_exec(out);
            }
        }
        self.stats.lane_ops += exec.count_ones() as u64;
        Ok(())
    }

    // ---- scalar ALU --------------------------------------------------------

    /// SALU with destination operand 0 and sources `1..=N`; `f` returns the
    /// value and the new SCC (if the instruction writes it).
    pub fn salu<const N: usize>(
        &mut self,
        f: impl Fn([u64; N], bool) -> (u64, Option<bool>),
    ) -> Result<()> {
        let mut a = [0u64; N];
        for (j, x) in a.iter_mut().enumerate() {
            *x = self.sval(j + 1)?;
        }
        let (v, scc) = f(a, self.w.scc);
        self.swrite(0, v)?;
        if let Some(c) = scc {
            self.w.scc = c;
        }
        Ok(())
    }

    /// SOPC: sources `0..N`, result into SCC.
    pub fn scmp<const N: usize>(&mut self, f: impl Fn([u64; N]) -> bool) -> Result<()> {
        let mut a = [0u64; N];
        for (j, x) in a.iter_mut().enumerate() {
            *x = self.sval(j)?;
        }
        self.w.scc = f(a);
        Ok(())
    }

    pub fn branch_if(&mut self, cond: bool) -> Result<()> {
        if cond {
            let Operand::Imm(off) = self.op(0)? else {
                return Err(self.malformed());
            };
            let off = off as u16 as i16 as i64;
            self.w.pc = (self.pc as i64 + 4 + off * 4) as u64;
        }
        Ok(())
    }

    // ---- memory ------------------------------------------------------------

    /// Issue a memory instruction: in strict mode its register writes wait
    /// for `s_waitcnt`; otherwise they land at once.
    pub fn issue(&mut self, counters: u8, writes: Vec<PendingWrite>) {
        if !self.k.strict {
            let p = Pending {
                counters: 0,
                writes,
            };
            self.w.retire(p);
            return;
        }
        for w in &writes {
            match w {
                PendingWrite::Sgpr { code, values } => {
                    for c in *code as usize..(*code as usize + values.len()).min(128) {
                        self.w.s_pending[c] += 1;
                    }
                }
                PendingWrite::Vgpr {
                    agpr, reg, dwords, ..
                } => {
                    let p = if *agpr {
                        &mut self.w.a_pending
                    } else {
                        &mut self.w.v_pending
                    };
                    for r in *reg..(*reg + *dwords).min(p.len()) {
                        p[r] += 1;
                    }
                }
            }
        }
        for c in 0..3 {
            if counters >> c & 1 != 0 {
                self.w.counts[c] += 1;
            }
        }
        self.w.pending.push_back(Pending { counters, writes });
        // Counters saturate in hardware; the oldest op completes first.
        let max = [
            63,
            if self.k.gen == Generation::Gfx9 {
                15
            } else {
                63
            },
            63,
        ];
        self.w.wait(max);
    }

    /// Alignment as the hardware checks it in the unaligned mode the HSA
    /// runtime sets for gfx9 and later (SH_MEM_CONFIG.ALIGNMENT_MODE
    /// UNALIGNED, which LLVM assumes with `unaligned-access-mode`): plain
    /// loads and stores of global, flat, buffer, scratch and LDS memory
    /// may be unaligned; atomics must be aligned to their size (at most
    /// 4 bytes checked).
    pub fn check_align(&self, addr: u64, size: usize, lane: usize, what: &str) -> Result<()> {
        if !self.info.flags.has(Flags::ATOMIC) {
            return Ok(());
        }
        let a = size.min(4) as u64;
        if addr % a != 0 {
            return Err(self.fault(
                FaultKind::Unaligned,
                format!(
                    "unaligned {size}-byte {what} access at address {addr:#x} (pc {:#x})",
                    self.pc_off()
                ),
                Some(lane as u32),
            ));
        }
        Ok(())
    }

    pub fn oob(&self, addr: u64, size: usize, lane: usize, what: &str) -> Error {
        self.fault(
            FaultKind::OutOfBounds,
            format!(
                "out-of-bounds {size}-byte {what} access at address {addr:#x} (pc {:#x})",
                self.pc_off()
            ),
            Some(lane as u32),
        )
    }

    /// Read bytes at a flat (generic) or global address for `lane`.
    pub fn load_flat(
        &mut self,
        addr: u64,
        out: &mut [u8],
        lane: usize,
        global_only: bool,
    ) -> Result<()> {
        self.check_align(addr, out.len(), lane, "load")?;
        if !global_only && (SHARED_APERTURE..SHARED_APERTURE + APERTURE_SIZE).contains(&addr) {
            let off = (addr - SHARED_APERTURE) as usize;
            return self.lds_read(off, out, lane);
        }
        if !global_only && (PRIVATE_APERTURE..PRIVATE_APERTURE + APERTURE_SIZE).contains(&addr) {
            return self.private_read((addr - PRIVATE_APERTURE) as usize, out, lane);
        }
        self.mem
            .read(addr, out)
            .ok_or_else(|| self.oob(addr, out.len(), lane, "load"))
    }

    pub fn store_flat(
        &mut self,
        addr: u64,
        bytes: &[u8],
        lane: usize,
        global_only: bool,
    ) -> Result<()> {
        self.check_align(addr, bytes.len(), lane, "store")?;
        if !global_only && (SHARED_APERTURE..SHARED_APERTURE + APERTURE_SIZE).contains(&addr) {
            let off = (addr - SHARED_APERTURE) as usize;
            return self.lds_write(off, bytes, lane);
        }
        if !global_only && (PRIVATE_APERTURE..PRIVATE_APERTURE + APERTURE_SIZE).contains(&addr) {
            return self.private_write((addr - PRIVATE_APERTURE) as usize, bytes, lane);
        }
        self.mem
            .write(addr, bytes)
            .ok_or_else(|| self.oob(addr, bytes.len(), lane, "store"))
    }

    pub fn lds_read(&self, off: usize, out: &mut [u8], lane: usize) -> Result<()> {
        match self.lds.get(off..off + out.len()) {
            Some(s) => {
                out.copy_from_slice(s);
                Ok(())
            }
            None => Err(self.lds_oob(off, out.len(), lane)),
        }
    }

    pub fn lds_write(&mut self, off: usize, bytes: &[u8], lane: usize) -> Result<()> {
        let n = bytes.len();
        if off.checked_add(n).is_none_or(|e| e > self.lds.len()) {
            return Err(self.lds_oob(off, n, lane));
        }
        self.lds[off..off + n].copy_from_slice(bytes);
        Ok(())
    }

    fn lds_oob(&self, off: usize, n: usize, lane: usize) -> Error {
        self.fault(
            FaultKind::OutOfBounds,
            format!(
                "{n}-byte LDS access at offset {off:#x} (pc {:#x}) is outside the {} bytes of LDS the dispatch allocates",
                self.pc_off(),
                self.lds.len()
            ),
            Some(lane as u32),
        )
    }

    pub fn private_read(&self, off: usize, out: &mut [u8], lane: usize) -> Result<()> {
        let size = self.w.private_size;
        if off.checked_add(out.len()).is_none_or(|e| e > size) {
            return Err(self.private_oob(off, out.len(), lane));
        }
        let b = lane * size + off;
        out.copy_from_slice(&self.w.private[b..b + out.len()]);
        Ok(())
    }

    pub fn private_write(&mut self, off: usize, bytes: &[u8], lane: usize) -> Result<()> {
        let size = self.w.private_size;
        if off.checked_add(bytes.len()).is_none_or(|e| e > size) {
            return Err(self.private_oob(off, bytes.len(), lane));
        }
        let b = lane * size + off;
        self.w.private[b..b + bytes.len()].copy_from_slice(bytes);
        Ok(())
    }

    fn private_oob(&self, off: usize, n: usize, lane: usize) -> Error {
        self.fault(
            FaultKind::OutOfBounds,
            format!(
                "{n}-byte scratch access at offset {off:#x} (pc {:#x}) is outside the {} bytes of private memory per lane the descriptor declares",
                self.pc_off(),
                self.w.private_size
            ),
            Some(lane as u32),
        )
    }
}

#[inline(always)]
fn src_get(vg: &[u32], ag: &[u32], s: Src, l: usize, ws: usize) -> u64 {
    match s {
        Src::Uniform(v) => v,
        Src::V(b, false) => vg[b + l] as u64,
        Src::V(b, true) => vg[b + l] as u64 | (vg[b + ws + l] as u64) << 32,
        Src::A(b, false) => ag[b + l] as u64,
        Src::A(b, true) => ag[b + l] as u64 | (ag[b + ws + l] as u64) << 32,
        Src::H(b, hi) => {
            let v = vg[b + l];
            (if hi { v >> 16 } else { v & 0xffff }) as u64
        }
    }
}

pub use silk_matrix::{f16_from_f32, f16_to_f32};

/// SDWA source `no`'s select, sign extension, neg and abs fields (src1's
/// for any source after src0).
fn sdwa_src_fields(x: u32, no: usize) -> (u32, bool, u32, u32) {
    let k = no.min(1);
    (
        dpp::get(x, dpp::SDWA_SEL[k]),
        dpp::get(x, dpp::SDWA_SEXT[k]) != 0,
        dpp::get(x, dpp::SDWA_NEG[k]),
        dpp::get(x, dpp::SDWA_ABS[k]),
    )
}
