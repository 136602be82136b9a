//! Instruction selection: device IR to machine IR over virtual registers,
//! including the kernel prologue (kernarg loads, dispatch registers) and
//! the EXEC-mask lowering of structured control flow.
//!
//! Register files: a value lives in SGPRs when the uniformity analysis says
//! it is uniform and its operation has a scalar form whose operands are in
//! SGPRs; otherwise in VGPRs. `bool` values are lane masks (one bit per
//! lane, `s[n:n+1]` in wave64, `sN` in wave32) whatever their uniformity.
//!
//! Control flow (as in ACO's `begin_divergent_if_then` and friends):
//! - `if c`: `s_and_saveexec saved, c; s_cbranch_execz ELSE` then-arm;
//!   `ELSE: s_andn2 exec, saved, c; s_cbranch_execz END` else-arm;
//!   `END: s_mov exec, saved`. Arms whose EXEC is empty are skipped, which
//!   also makes scalar code in the untaken arm of a uniform branch inert.
//! - `loop`: `s_mov saved, exec; s_mov cont, 0` then `HEAD:` body,
//!   `LATCH: s_or exec, exec, cont; s_mov cont, 0; s_cbranch_execnz HEAD`,
//!   then `s_mov exec, saved`.
//! - `break` / nested `continue` / `ret` write their values under the
//!   current EXEC, remove the current lanes from the saved masks of the
//!   enclosing `if`s (up to the loop, or all frames for `ret`; `ret` also
//!   removes them from enclosing loops' saved masks), add them to `cont`
//!   (continue), and clear EXEC. A `ret` at the kernel's top level ends the
//!   program.
//! - Phi writes to VGPRs are plain moves (EXEC keeps other lanes); to lane
//!   masks they are `(dst & ~exec) | (src & exec)`; to SGPRs (uniform) a
//!   move, since only one arm runs.

use crate::abi::{ArgLayout, EntryRegs};
use crate::mir::{BlockId, File, LoopInfo, MFunction, MInst, MOp, VReg};
use crate::Error;
use silk_amdgpu::code_object::HiddenArg;
use silk_amdgpu::isa::{format, operand, table, Family, Mods, Opcode, Operand};
use silk_amdgpu::target::{Generation, Processor};
use silk_gpu_ir::{
    AddrSpace, AtomicOp, BinOp, Block, CmpPred, Dim, Function, Geometry, Op, Type, UnOp, Value,
};

/// What the selected kernel needs from the ABI.
#[derive(Clone, Debug, Default)]
pub struct Needs {
    pub workgroup_id: [bool; 3],
    /// Highest work-item id dimension read (0 = x only).
    pub workitem_id_max: u32,
    pub hidden: Vec<HiddenArg>,
    pub lds_bytes: u32,
}

mod precoloured;

#[derive(Clone, Copy, Debug)]
enum Val {
    Reg(VReg),
    Const(u64),
}

enum Frame {
    If { saved: VReg },
    Loop(LoopFrame),
}

struct LoopFrame {
    saved: VReg,
    cont: VReg,
    params: Vec<VReg>,
    param_types: Vec<Type>,
    results: Vec<VReg>,
    result_types: Vec<Type>,
    latch: BlockId,
}

pub struct Sel<'a> {
    f: &'a Function,
    p: Processor,
    gen: Generation,
    pub mf: MFunction,
    cur: BlockId,
    vals: Vec<Option<Val>>,
    uniform: Vec<bool>,
    frames: Vec<Frame>,
    loop_stack: Vec<u32>,
    pub needs: Needs,
    args: &'a ArgLayout,
    kernarg: Option<VReg>,
    wg_id: [Option<VReg>; 3],
    tid: Option<VReg>,
    tid_dims: [Option<VReg>; 3],
    lds_next: u32,
    /// Per IR value: a 64-bit integer zero-extended from `u32`.
    zext: Vec<bool>,
    /// Per IR value: a global pointer `root + offset` that only loads,
    /// stores and other such pointers use, so it is not computed: the
    /// accesses take `root` with `offset` in their offset field.
    folded: Vec<Option<(Value, i64)>>,
    /// Per IR value: a 32-bit `shl x, amt` used only by `or`/`add`s that
    /// select it into `v_lshl_or_b32` / `v_lshl_add_u32` (not computed).
    fused_shl: Vec<Option<(Value, Value)>>,
    /// Per IR value (gfx942): a 64-bit `x << k` (k in 1..=4, also as a
    /// multiply) used only as global `ptradd` offsets, each of which is one
    /// `v_lshl_add_u64 d, x, k, base` (not computed on its own).
    fused_off: Vec<Option<(Value, u32)>>,
    /// Kernarg dwords and hidden arguments loaded in the entry block, which
    /// dominates everything: later reads reuse them.
    entry_dwords: Vec<(u32, VReg)>,
    entry_hidden: Vec<(HiddenArg, VReg)>,
    /// Divisions done so far: (dividend, divisor, signed, block) and result.
    div_cache: Vec<((Value, Value, bool, BlockId), DivCore)>,
}

/// A 32-bit division before the signs: unsigned quotient and remainder of
/// the magnitudes, and the sign masks of dividend and divisor (signed).
#[derive(Clone, Copy)]
struct DivCore {
    q: VReg,
    r: VReg,
    sn: Option<MOp>,
    sd: Option<MOp>,
}

fn unsupported(what: impl Into<String>) -> Error {
    Error::unsupported(what)
}

/// 32-bit immediate operand: inline integer, inline float, or literal.
pub fn imm32(bits: u32) -> Operand {
    let v = bits as i32;
    if (-16..=64).contains(&v) {
        return Operand::int(v);
    }
    let code = match bits {
        0x3f00_0000 => 240,
        0xbf00_0000 => 241,
        0x3f80_0000 => 242,
        0xbf80_0000 => 243,
        0x4000_0000 => 244,
        0xc000_0000 => 245,
        0x4080_0000 => 246,
        0xc080_0000 => 247,
        0x3e22_f983 => 248,
        _ => return Operand::Literal(bits),
    };
    Operand::Const(code)
}

/// Operand for the bits of an `f16` constant: the inline float constants
/// (codes 240-248 read as f16 by 16-bit float operands), inline integers,
/// or a literal.
pub fn imm16(bits: u16) -> Operand {
    let code = match bits {
        0x3800 => 240,
        0xb800 => 241,
        0x3c00 => 242,
        0xbc00 => 243,
        0x4000 => 244,
        0xc000 => 245,
        0x4400 => 246,
        0xc400 => 247,
        0x3118 => 248,
        b if b <= 64 => return Operand::int(b as i32),
        b => return Operand::Literal(b as u32),
    };
    Operand::Const(code)
}

/// Whether a 64-bit constant is an inline integer constant.
fn inline64(bits: u64) -> Option<Operand> {
    let v = bits as i64;
    (-16..=64).contains(&v).then(|| Operand::int(v as i32))
}

impl<'a> Sel<'a> {
    pub fn new(
        f: &'a Function,
        p: Processor,
        wave64: bool,
        uniform: Vec<bool>,
        args: &'a ArgLayout,
    ) -> Sel<'a> {
        let folded = folded_offsets(f, &uniform);
        let fused_shl = fused_shifts(f, &uniform);
        let fused_off = if table::lookup(p, "v_lshl_add_u64", None).is_some() {
            fused_offsets(f, &uniform)
        } else {
            vec![None; f.values.len()]
        };
        Sel {
            f,
            p,
            gen: p.generation(),
            mf: MFunction::new(p, wave64),
            cur: BlockId(0),
            vals: vec![None; f.values.len()],
            uniform,
            frames: Vec::new(),
            loop_stack: Vec::new(),
            needs: Needs::default(),
            args,
            kernarg: None,
            wg_id: [None; 3],
            tid: None,
            tid_dims: [None; 3],
            lds_next: 0,
            zext: zero_extended(f),
            folded,
            fused_shl,
            fused_off,
            entry_dwords: Vec::new(),
            entry_hidden: Vec::new(),
            div_cache: Vec::new(),
        }
    }

    // ---- opcode lookup and emission ----

    fn opcode(&self, name: &str, family: Option<Family>) -> Result<Opcode, Error> {
        table::lookup(self.p, name, family).ok_or_else(|| Error::MissingOpcode {
            name: name.to_string(),
            processor: self.p,
        })
    }

    /// GFX9 and GFX11 spell some mnemonics differently.
    fn n<'s>(&self, gfx9: &'s str, gfx11: &'s str) -> &'s str {
        match self.gen {
            Generation::Gfx9 => gfx9,
            Generation::Gfx11 => gfx11,
        }
    }

    fn lanes(&self) -> u8 {
        if self.mf.wave64 {
            2
        } else {
            1
        }
    }

    /// A lane-mask opcode: `s_and_b64` in wave64, `s_and_b32` in wave32.
    fn lm(&self, base: &str) -> String {
        let base = if self.gen == Generation::Gfx11 {
            base.replace("andn2", "and_not1")
        } else {
            base.to_string()
        };
        format!("{base}_b{}", if self.mf.wave64 { 64 } else { 32 })
    }

    fn exec(&self) -> MOp {
        MOp::Phys(Operand::sgprs(126, self.lanes()))
    }
    fn vcc(&self) -> MOp {
        MOp::Phys(Operand::sgprs(operand::VCC_LO, self.lanes()))
    }

    fn push(&mut self, op: Opcode, ops: Vec<MOp>, ndefs: u8, mods: Mods) {
        let b = self.cur.0 as usize;
        self.mf.blocks[b].insts.push(MInst {
            op,
            ops,
            ndefs,
            mods,
        });
    }

    fn emit(&mut self, name: &str, ops: Vec<MOp>, ndefs: u8) -> Result<(), Error> {
        self.emit_m(name, ops, ndefs, Mods::default())
    }

    fn emit_m(
        &mut self,
        name: &str,
        mut ops: Vec<MOp>,
        ndefs: u8,
        mods: Mods,
    ) -> Result<(), Error> {
        let op = self.opcode(name, None)?;
        self.one_salu_literal(op, &mut ops, ndefs)?;
        self.push(op, ops, ndefs, mods);
        Ok(())
    }

    /// SOP2/SOPC have room for one literal dword: an operation on two
    /// non-inline constants gets its second one in an SGPR.
    fn one_salu_literal(&mut self, op: Opcode, ops: &mut [MOp], ndefs: u8) -> Result<(), Error> {
        let family = table::table(self.gen).get(op.0 as usize).map(|i| i.family);
        if !matches!(family, Some(Family::Sop2 | Family::Sopc)) {
            return Ok(());
        }
        let mut seen = false;
        for o in ops.iter_mut().skip(ndefs as usize) {
            if let MOp::Phys(Operand::Literal(_)) = *o {
                if seen {
                    let s = self.sreg(1);
                    let mov = self.opcode("s_mov_b32", None)?;
                    self.push(mov, vec![self.r(s), *o], 1, Mods::default());
                    *o = self.r(s);
                }
                seen = true;
            }
        }
        Ok(())
    }

    fn sreg(&mut self, dwords: u8) -> VReg {
        self.mf.new_vreg(File::Sgpr, dwords)
    }
    fn vreg(&mut self, dwords: u8) -> VReg {
        self.mf.new_vreg(File::Vgpr, dwords)
    }
    fn mask(&mut self) -> VReg {
        let n = self.lanes();
        self.sreg(n)
    }

    fn r(&self, r: VReg) -> MOp {
        MOp::whole(r, self.mf.info(r).dwords)
    }
    fn sub(r: VReg, off: u8) -> MOp {
        MOp::Reg { r, off, n: 1 }
    }

    fn is_vgpr(&self, o: &MOp) -> bool {
        matches!(o, MOp::Reg { r, .. } if self.mf.info(*r).file == File::Vgpr)
    }

    /// Copy a 32-bit operand into a new VGPR.
    fn copy_to_vgpr(&mut self, o: MOp) -> Result<MOp, Error> {
        if self.is_vgpr(&o) {
            return Ok(o);
        }
        let v = self.vreg(1);
        self.emit("v_mov_b32_e32", vec![MOp::whole(v, 1), o], 1)?;
        Ok(MOp::whole(v, 1))
    }

    /// VOP2 (e32): `src1` must be a VGPR; swap when commutative, else copy.
    fn vop2(&mut self, name: &str, dst: MOp, a: MOp, b: MOp, comm: bool) -> Result<(), Error> {
        let (a, b) = if !self.is_vgpr(&b) && comm && self.is_vgpr(&a) {
            (b, a)
        } else {
            (a, b)
        };
        let b = self.copy_to_vgpr(b)?;
        self.emit(&format!("{name}_e32"), vec![dst, a, b], 1)
    }

    /// VOP3: at most one (GFX9) or two (GFX11) constant-bus reads (distinct
    /// SGPRs and literals), literals only on GFX11. `fixed` operands (VCC
    /// carries, lane masks) are counted first and never moved.
    fn legalize_vop3(&mut self, srcs: &mut [MOp], fixed: usize) -> Result<(), Error> {
        let limit = if self.gen == Generation::Gfx9 { 1 } else { 2 };
        let mut used: Vec<MOp> = Vec::new();
        let mut literal = false;
        let order: Vec<usize> = (srcs.len() - fixed..srcs.len())
            .chain(0..srcs.len() - fixed)
            .collect();
        for i in order {
            let o = srcs[i];
            let movable = i < srcs.len() - fixed;
            let bus = match o {
                MOp::Reg { r, .. } => self.mf.info(r).file == File::Sgpr,
                MOp::Phys(Operand::Literal(_)) => true,
                MOp::Phys(Operand::Reg { code, .. }) => code < 256,
                _ => false,
            };
            if !bus {
                continue;
            }
            let is_lit = matches!(o, MOp::Phys(Operand::Literal(_)));
            let already = used.contains(&o);
            let ok = already
                || (used.len() < limit && !(is_lit && (self.gen == Generation::Gfx9 || literal)));
            if ok {
                if !already {
                    used.push(o);
                }
                literal |= is_lit;
                continue;
            }
            if !movable {
                return Err(Error::invariant(
                    "instruction selection",
                    "VOP3 constant bus overflow",
                ));
            }
            let n = match o {
                MOp::Reg { n, .. } => n,
                _ => 1,
            };
            if n == 1 {
                srcs[i] = self.copy_to_vgpr(o)?;
            } else if let MOp::Reg { r, off, .. } = o {
                let v = self.vreg(n);
                for k in 0..n {
                    self.emit(
                        "v_mov_b32_e32",
                        vec![
                            Self::sub(v, k),
                            MOp::Reg {
                                r,
                                off: off + k,
                                n: 1,
                            },
                        ],
                        1,
                    )?;
                }
                srcs[i] = MOp::whole(v, n);
            }
        }
        Ok(())
    }

    fn vop3(&mut self, name: &str, defs: Vec<MOp>, mut srcs: Vec<MOp>) -> Result<(), Error> {
        self.legalize_vop3(&mut srcs, 0)?;
        let nd = defs.len() as u8;
        let mut ops = defs;
        ops.extend(srcs);
        self.emit(name, ops, nd)
    }

    // ---- values ----

    fn val(&self, v: Value) -> Result<Val, Error> {
        self.vals[v.index()].ok_or_else(|| {
            Error::invariant(
                "instruction selection",
                format!("value %{} not selected", v.0),
            )
        })
    }

    fn ty(&self, v: Value) -> Type {
        self.f.values[v.index()].ty
    }

    fn dwords(t: Type) -> u8 {
        if t.bits() == 64 {
            2
        } else {
            1
        }
    }

    /// Dword `k` of a 32/64-bit value as an operand.
    fn part(&self, v: Value, k: u8) -> Result<MOp, Error> {
        Ok(match self.val(v)? {
            Val::Const(bits) => MOp::Phys(imm32((bits >> (32 * k)) as u32)),
            Val::Reg(r) => Self::sub(r, k),
        })
    }

    /// An `f16` value as a 16-bit float source operand (of the VOP3
    /// instructions the f16 operations use).
    fn half(&self, v: Value) -> Result<MOp, Error> {
        Ok(match self.val(v)? {
            Val::Const(bits) => match imm16(bits as u16) {
                // The gfx942 opcode table types the sources of 16-bit VOP3
                // instructions as 32-bit, so its readers (the emulator)
                // would take an inline float constant there as the f32
                // value; give such constants as literals, which GFX9 VOP3
                // legalization moves into a VGPR.
                Operand::Const(c) if c >= 240 && self.gen == Generation::Gfx9 => {
                    MOp::Phys(Operand::Literal(bits as u32))
                }
                o => MOp::Phys(o),
            },
            Val::Reg(r) => Self::sub(r, 0),
        })
    }

    /// A whole 32-bit or 64-bit value as one operand (64-bit constants
    /// inline only; others are materialised in SGPRs).
    fn whole(&mut self, v: Value) -> Result<MOp, Error> {
        let t = self.ty(v);
        match self.val(v)? {
            Val::Reg(r) => Ok(self.r(r)),
            Val::Const(bits) if t == Type::Bool => {
                Ok(MOp::Phys(Operand::int(if bits != 0 { -1 } else { 0 })))
            }
            Val::Const(bits) if Self::dwords(t) == 1 => Ok(MOp::Phys(imm32(bits as u32))),
            Val::Const(bits) => {
                if let Some(o) = inline64(bits).filter(|_| t.is_int()) {
                    return Ok(MOp::Phys(o));
                }
                let s = self.sreg(2);
                self.emit(
                    "s_mov_b32",
                    vec![Self::sub(s, 0), MOp::Phys(imm32(bits as u32))],
                    1,
                )?;
                self.emit(
                    "s_mov_b32",
                    vec![Self::sub(s, 1), MOp::Phys(imm32((bits >> 32) as u32))],
                    1,
                )?;
                Ok(MOp::whole(s, 2))
            }
        }
    }

    /// The value in a register of its own (constants materialised).
    fn in_reg(&mut self, v: Value) -> Result<VReg, Error> {
        match self.val(v)? {
            Val::Reg(r) => Ok(r),
            Val::Const(_) => {
                let t = self.ty(v);
                let n = if t == Type::Bool {
                    self.lanes()
                } else {
                    Self::dwords(t)
                };
                let s = self.sreg(n);
                if t == Type::Bool {
                    let o = self.whole(v)?;
                    let name = self.lm("s_mov");
                    self.emit(&name, vec![self.r(s), o], 1)?;
                } else {
                    for k in 0..n {
                        let o = self.part(v, k)?;
                        self.emit("s_mov_b32", vec![Self::sub(s, k), o], 1)?;
                    }
                }
                Ok(s)
            }
        }
    }

    fn is_s(&self, v: Value) -> bool {
        match self.vals[v.index()] {
            Some(Val::Const(_)) => true,
            Some(Val::Reg(r)) => self.mf.info(r).file == File::Sgpr,
            None => false,
        }
    }

    fn set(&mut self, v: Value, r: VReg) {
        self.vals[v.index()] = Some(Val::Reg(r));
    }

    /// Copy a value into VGPRs (for stores and VGPR phis).
    fn vgpr_of(&mut self, v: Value) -> Result<VReg, Error> {
        if let Val::Reg(r) = self.val(v)? {
            if self.mf.info(r).file == File::Vgpr {
                return Ok(r);
            }
        }
        let n = Self::dwords(self.ty(v));
        let d = self.vreg(n);
        for k in 0..n {
            let o = self.part(v, k)?;
            self.emit("v_mov_b32_e32", vec![Self::sub(d, k), o], 1)?;
        }
        Ok(d)
    }

    // ---- kernel ----

    pub fn select_kernel(mut self) -> Result<(MFunction, Needs, EntryRegs), Error> {
        // Entry SGPRs where the ABI puts them (kernarg pointer, then workgroup ids).
        let mut needs_wg = [false; 3];
        let mut max_tid = 0;
        scan_geometry(&self.f.body, &mut needs_wg, &mut max_tid);
        let wants_kernarg = self.args.kernarg_size > 0 || uses_hidden(&self.f.body);
        let entry = self.args.entry_regs(wants_kernarg, needs_wg, max_tid);
        if let Some(sgpr) = entry.kernarg {
            let k = self.sreg(2);
            self.mf.vregs[k.0 as usize].fixed = Some(sgpr);
            self.kernarg = Some(k);
        }
        for d in 0..3 {
            if let Some(sgpr) = entry.workgroup_id[d] {
                let r = self.sreg(1);
                self.mf.vregs[r.0 as usize].fixed = Some(sgpr);
                self.wg_id[d] = Some(r);
            }
        }
        self.needs.workgroup_id = entry.workgroup_id.map(|r| r.is_some());
        self.needs.workitem_id_max = entry.workitem_id_max;
        let tid = self.vreg(1);
        self.mf.vregs[tid.0 as usize].fixed = Some(0);
        self.tid = Some(tid);

        // Parameters from the kernarg segment.
        for (i, &p) in self.f.params.iter().enumerate() {
            let t = self.ty(p);
            let off = self.args.offsets[i];
            let n = Self::dwords(t);
            let r = self.sreg(n);
            if t == Type::F16 && off % 4 == 2 {
                // A 2-byte argument in the high half of its dword.
                let dw = self.sreg(1);
                self.s_load(dw, 1, off - 2)?;
                self.emit(
                    "s_lshr_b32",
                    vec![self.r(r), self.r(dw), MOp::Phys(Operand::int(16))],
                    1,
                )?;
            } else {
                self.s_load(r, n, off)?;
            }
            self.set(p, r);
        }
        let body = &self.f.body;
        self.block(body)?;
        // The body ends in `ret`, which ends the program; make sure.
        let ends = self.mf.blocks[self.cur.0 as usize]
            .insts
            .last()
            .is_some_and(|i| {
                table::table(self.gen)[i.op.0 as usize]
                    .flags
                    .has(table::Flags::END_PGM)
            });
        if !ends {
            self.emit("s_endpgm", vec![MOp::Phys(Operand::Imm(0))], 0)?;
        }
        self.needs.lds_bytes = self.lds_next;
        Ok((self.mf, self.needs, entry))
    }

    fn s_load(&mut self, dst: VReg, n: u8, offset: u32) -> Result<(), Error> {
        let k = self.kernarg.ok_or_else(|| {
            Error::invariant("instruction selection", "kernarg pointer not enabled")
        })?;
        let name = match (self.gen, n) {
            (Generation::Gfx9, 1) => "s_load_dword",
            (Generation::Gfx9, _) => "s_load_dwordx2",
            (Generation::Gfx11, 1) => "s_load_b32",
            (Generation::Gfx11, _) => "s_load_b64",
        };
        // The immediate offset is a modifier (with the IMM bit on GFX9); the
        // SOFFSET operand is unused: s0 with SOE clear on GFX9, NULL on GFX11.
        let gfx9 = self.gen == Generation::Gfx9;
        let mods = Mods {
            offset: offset as i32,
            mem: if gfx9 {
                format::mod_bit(format::ModBit::Imm)
            } else {
                0
            },
            ..Mods::default()
        };
        let mut ops = vec![MOp::whole(dst, n), MOp::whole(k, 2)];
        let op = self.opcode(name, Some(Family::Smem))?;
        let has_soffset = table::table(self.gen)[op.0 as usize]
            .operands
            .get(2)
            .is_some_and(|s| s.field == format::Field::Soffset);
        if has_soffset {
            let code = if gfx9 {
                0
            } else {
                operand::null_code(self.gen)
            };
            ops.push(MOp::Phys(Operand::sgpr(code)));
        }
        self.emit_m(name, ops, 1, mods)
    }

    fn switch_to(&mut self, b: BlockId) {
        self.cur = b;
    }

    fn new_block(&mut self) -> BlockId {
        let l = self.loop_stack.last().copied();
        self.mf.new_block(l)
    }

    /// Start a new block after the current one (a branch target).
    fn start_block(&mut self) -> BlockId {
        let b = self.new_block();
        self.switch_to(b);
        b
    }

    fn block(&mut self, b: &'a Block) -> Result<(), Error> {
        for inst in &b.insts {
            self.inst(&inst.results, &inst.op)?;
        }
        Ok(())
    }

    fn inst(&mut self, res: &[Value], op: &'a Op) -> Result<(), Error> {
        match op {
            Op::Const { bits, .. } => {
                self.vals[res[0].index()] = Some(Val::Const(*bits));
                Ok(())
            }
            Op::Unary { op, arg } => self.unary(res[0], *op, *arg),
            Op::Binary { op, lhs, rhs } => self.binary(res[0], *op, *lhs, *rhs),
            Op::Fma { a, b, c } => {
                let t = self.ty(*a);
                let name = match t {
                    Type::F16 => "v_fma_f16",
                    Type::F32 => "v_fma_f32",
                    Type::F64 => "v_fma_f64",
                    _ => return Err(unsupported(format!("fma on {t}"))),
                };
                let n = Self::dwords(t);
                let d = self.vreg(n);
                let srcs = if t == Type::F16 {
                    vec![self.half(*a)?, self.half(*b)?, self.half(*c)?]
                } else {
                    vec![self.whole(*a)?, self.whole(*b)?, self.whole(*c)?]
                };
                self.vop3(name, vec![self.r(d)], srcs)?;
                self.set(res[0], d);
                Ok(())
            }
            Op::Cmp { pred, lhs, rhs } => self.cmp(res[0], *pred, *lhs, *rhs),
            Op::Select {
                cond,
                if_true,
                if_false,
            } => self.select(res[0], *cond, *if_true, *if_false),
            Op::Cvt { arg, to } => self.cvt(res[0], *arg, *to),
            Op::Bitcast { arg, .. } => {
                let v = self.val(*arg)?;
                self.vals[res[0].index()] = Some(v);
                Ok(())
            }
            Op::PtrAdd { ptr, offset } => self.ptradd(res[0], *ptr, *offset),
            Op::Load { ptr, ty, align } => self.load(res[0], *ptr, *ty, *align),
            Op::Store { ptr, value, align } => self.store(*ptr, *value, *align),
            Op::Atomic { op, ptr, value } => self.atomic(res[0], *op, *ptr, *value),
            Op::CmpXchg { ptr, expected, new } => self.cmpxchg(res[0], *ptr, *expected, *new),
            Op::Amdgpu(op) => self.precoloured(op),
            Op::Barrier => {
                self.emit("s_barrier", vec![], 0)?;
                Ok(())
            }
            Op::Geometry { query, dim } => self.geometry(res[0], *query, *dim),
            Op::LdsAlloc { size, align } => {
                let base = self.lds_next.next_multiple_of(*align);
                self.lds_next = base + size;
                if self.lds_next > 65536 {
                    return Err(Error::unsupported(format!(
                        "{} bytes of LDS (at most 65536)",
                        self.lds_next
                    )));
                }
                self.vals[res[0].index()] = Some(Val::Const(base as u64));
                Ok(())
            }
            Op::Call { callee, .. } => Err(unsupported(format!(
                "`call @{callee}` in instruction selection: calls are inlined by `compile_module` (`inline::inline_calls`), not by `compile_kernel`"
            ))),
            Op::If {
                cond,
                then_blk,
                else_blk,
            } => self.if_(res, *cond, then_blk, else_blk),
            Op::Loop {
                inits,
                params,
                body,
            } => self.loop_(res, inits, params, body),
            Op::Yield(_) => Ok(()), // handled by the enclosing `if`
            Op::Break(vs) => self.break_(vs),
            Op::Continue(vs) => self.continue_(vs),
            Op::Return(vs) => {
                if !vs.is_empty() {
                    return Err(unsupported("kernels returning values"));
                }
                self.ret()
            }
        }
    }

    // ---- arithmetic ----

    fn unary(&mut self, res: Value, op: UnOp, a: Value) -> Result<(), Error> {
        let t = self.ty(a);
        if t == Type::Bool {
            // `not` on a lane mask.
            let m = self.mask();
            let src = self.whole(a)?;
            let name = self.lm("s_not");
            self.emit(&name, vec![self.r(m), src], 1)?;
            self.set(res, m);
            return Ok(());
        }
        if t.is_int() && t.bits() == 32 {
            let x = self.part(a, 0)?;
            let scalar = self.uniform[res.index()] && self.is_s(a);
            match op {
                UnOp::Not => {
                    return self.int_op(res, scalar, "s_not_b32", None, x, None, false);
                }
                UnOp::Neg => {
                    return self.int_op(
                        res,
                        scalar,
                        "s_sub_i32",
                        Some(self.n("v_sub_u32", "v_sub_nc_u32")),
                        MOp::Phys(Operand::int(0)),
                        Some(x),
                        false,
                    );
                }
                UnOp::Abs => {
                    if scalar {
                        let d = self.sreg(1);
                        self.emit("s_abs_i32", vec![self.r(d), x], 1)?;
                        self.set(res, d);
                        return Ok(());
                    }
                    let neg = self.vreg(1);
                    let nn = self.n("v_sub_u32", "v_sub_nc_u32");
                    self.vop2(nn, self.r(neg), MOp::Phys(Operand::int(0)), x, false)?;
                    let d = self.vreg(1);
                    self.vop2("v_max_i32", self.r(d), x, self.r(neg), true)?;
                    self.set(res, d);
                    return Ok(());
                }
                _ => {}
            }
        }
        if t.is_int() && t.bits() == 64 {
            return self.unary64(res, op, a);
        }
        if t == Type::F16 {
            return self.unary16(res, op, a);
        }
        if t == Type::F32 {
            let x = self.part(a, 0)?;
            let d = self.vreg(1);
            match op {
                UnOp::Neg => self.vop2(
                    "v_xor_b32",
                    self.r(d),
                    MOp::Phys(imm32(0x8000_0000)),
                    x,
                    true,
                )?,
                UnOp::Abs => self.vop2(
                    "v_and_b32",
                    self.r(d),
                    MOp::Phys(imm32(0x7fff_ffff)),
                    x,
                    true,
                )?,
                UnOp::Sqrt => {
                    let r = self.sqrt32(x)?;
                    self.set(res, r);
                    return Ok(());
                }
                _ => {
                    let name = match op {
                        UnOp::Rcp => "v_rcp_f32_e32",
                        UnOp::Exp2 => "v_exp_f32_e32",
                        UnOp::Log2 => "v_log_f32_e32",
                        UnOp::Floor => "v_floor_f32_e32",
                        UnOp::Ceil => "v_ceil_f32_e32",
                        UnOp::Trunc => "v_trunc_f32_e32",
                        UnOp::Rint => "v_rndne_f32_e32",
                        _ => return Err(unsupported(format!("`{}` on f32", op.keyword()))),
                    };
                    self.emit(name, vec![self.r(d), x], 1)?;
                }
            }
            self.set(res, d);
            return Ok(());
        }
        if t == Type::F64 && matches!(op, UnOp::Neg | UnOp::Abs) {
            let d = self.vreg(2);
            let lo = self.part(a, 0)?;
            let hi = self.part(a, 1)?;
            self.emit("v_mov_b32_e32", vec![Self::sub(d, 0), lo], 1)?;
            let (name, k) = if op == UnOp::Neg {
                ("v_xor_b32", 0x8000_0000)
            } else {
                ("v_and_b32", 0x7fff_ffff)
            };
            self.vop2(name, Self::sub(d, 1), MOp::Phys(imm32(k)), hi, true)?;
            self.set(res, d);
            return Ok(());
        }
        if t == Type::F64 {
            let x = self.whole(a)?;
            let name = match op {
                UnOp::Sqrt => {
                    let r = self.sqrt64(x)?;
                    self.set(res, r);
                    return Ok(());
                }
                UnOp::Rcp => "v_rcp_f64_e32",
                UnOp::Floor => "v_floor_f64_e32",
                UnOp::Ceil => "v_ceil_f64_e32",
                UnOp::Trunc => "v_trunc_f64_e32",
                UnOp::Rint => "v_rndne_f64_e32",
                _ => return Err(unsupported(format!("`{}` on f64", op.keyword()))),
            };
            let d = self.vreg(2);
            self.emit(name, vec![self.r(d), x], 1)?;
            self.set(res, d);
            return Ok(());
        }
        Err(unsupported(format!("`{}` on {t}", op.keyword())))
    }

    // ---- f16 ----
    //
    // An `f16` lives in the low 16 bits of a 32-bit register (the high bits
    // are undefined). Add, sub, mul, min, max, fma and rounding use the
    // 16-bit VOP3 instructions (on GFX11 their true16 operands are marked
    // as low halves after allocation, `mir::mark_true16_halves`).
    // Division and square root go through the correctly rounded f32
    // sequences: f16 -> f32 is exact and, since f32 has more than
    // 2 * 11 + 2 significand bits, rounding the f32 result to f16 gives
    // the correctly rounded f16 result (no double-rounding error).

    /// `not`, `neg` and `abs` on 64-bit integers (VALU; `abs` of the
    /// minimum wraps, as the IR says).
    fn unary64(&mut self, res: Value, op: UnOp, a: Value) -> Result<(), Error> {
        let (lo, hi) = (self.part(a, 0)?, self.part(a, 1)?);
        let d = self.vreg(2);
        match op {
            UnOp::Not => {
                self.emit("v_not_b32_e32", vec![Self::sub(d, 0), lo], 1)?;
                self.emit("v_not_b32_e32", vec![Self::sub(d, 1), hi], 1)?;
            }
            UnOp::Neg | UnOp::Abs => {
                let z = MOp::Phys(Operand::int(0));
                let neg = if op == UnOp::Neg { d } else { self.vreg(2) };
                self.add64_v(neg, z, z, lo, hi, true)?;
                if op == UnOp::Abs {
                    let m = self.mask();
                    let x = self.whole(a)?;
                    self.vop3("v_cmp_gt_i64_e64", vec![self.r(m)], vec![z, x])?;
                    for k in 0..2 {
                        let orig = self.part(a, k)?;
                        self.cndmask(Self::sub(d, k), orig, Self::sub(neg, k), self.r(m))?;
                    }
                }
            }
            _ => return Err(unsupported(format!("`{}` on {}", op.keyword(), self.ty(a)))),
        }
        self.set(res, d);
        Ok(())
    }

    fn unary16(&mut self, res: Value, op: UnOp, a: Value) -> Result<(), Error> {
        let x = self.half(a)?;
        let d = match op {
            UnOp::Neg | UnOp::Abs => {
                let d = self.vreg(1);
                let (name, k) = if op == UnOp::Neg {
                    ("v_xor_b32", 0x8000)
                } else {
                    ("v_and_b32", 0x7fff)
                };
                let x = self.part(a, 0)?;
                self.vop2(name, self.r(d), MOp::Phys(imm32(k)), x, true)?;
                d
            }
            UnOp::Floor | UnOp::Ceil | UnOp::Trunc | UnOp::Rint => {
                let name = match op {
                    UnOp::Floor => "v_floor_f16_e64",
                    UnOp::Ceil => "v_ceil_f16_e64",
                    UnOp::Trunc => "v_trunc_f16_e64",
                    _ => "v_rndne_f16_e64",
                };
                let d = self.vreg(1);
                self.vop3(name, vec![self.r(d)], vec![x])?;
                d
            }
            UnOp::Sqrt | UnOp::Rcp | UnOp::Exp2 | UnOp::Log2 => {
                let w = self.f16_to_f32(x)?;
                let r = match op {
                    UnOp::Sqrt => self.sqrt32(self.r(w))?,
                    _ => {
                        let name = match op {
                            UnOp::Rcp => "v_rcp_f32_e32",
                            UnOp::Exp2 => "v_exp_f32_e32",
                            _ => "v_log_f32_e32",
                        };
                        let r = self.vreg(1);
                        self.emit(name, vec![self.r(r), self.r(w)], 1)?;
                        r
                    }
                };
                self.f32_to_f16(self.r(r))?
            }
            UnOp::Not => return Err(unsupported("`not` on f16")),
        };
        self.set(res, d);
        Ok(())
    }

    fn binary16(&mut self, res: Value, op: BinOp, a: Value, b: Value) -> Result<(), Error> {
        let (x, y) = (self.half(a)?, self.half(b)?);
        let name = match op {
            BinOp::Add => "v_add_f16_e64",
            BinOp::Sub => "v_sub_f16_e64",
            BinOp::Mul => "v_mul_f16_e64",
            BinOp::Min => "v_min_f16_e64",
            BinOp::Max => "v_max_f16_e64",
            BinOp::Div => {
                let (wx, wy) = (self.f16_to_f32(x)?, self.f16_to_f32(y)?);
                let q = self.fdiv32(self.r(wx), self.r(wy))?;
                let d = self.f32_to_f16(self.r(q))?;
                self.set(res, d);
                return Ok(());
            }
            _ => return Err(unsupported(format!("`{}` on f16", op.keyword()))),
        };
        let d = self.vreg(1);
        self.vop3(name, vec![self.r(d)], vec![x, y])?;
        self.set(res, d);
        Ok(())
    }

    fn f16_to_f32(&mut self, x: MOp) -> Result<VReg, Error> {
        let d = self.vreg(1);
        self.vop3("v_cvt_f32_f16_e64", vec![self.r(d)], vec![x])?;
        Ok(d)
    }

    fn f32_to_f16(&mut self, x: MOp) -> Result<VReg, Error> {
        let d = self.vreg(1);
        self.vop3("v_cvt_f16_f32_e64", vec![self.r(d)], vec![x])?;
        Ok(d)
    }

    // ---- correctly rounded division and square root ----
    //
    // The IR promises IEEE division and square root (correctly rounded).
    // `v_rcp`, `v_sqrt` and `v_rsq` are approximations (about 1 ulp), so
    // these are the refinement sequences LLVM 22 emits for `fdiv` and
    // `llvm.sqrt` with denormals preserved (the descriptors' FP32/FP64
    // denorm mode): `v_div_scale` / Newton-Raphson with `v_fma` /
    // `v_div_fmas` / `v_div_fixup` for division (AMD CDNA3 ISA, "VOP3"
    // opcodes DIV_SCALE, DIV_FMAS, DIV_FIXUP), and for square root a
    // rescale of tiny inputs, the estimate, and a residual correction.
    // `v_div_fmas` reads VCC as written by the second `v_div_scale`.

    fn vop3_m(&mut self, name: &str, d: MOp, srcs: Vec<MOp>, neg: u8) -> Result<(), Error> {
        let mut ops = vec![d];
        ops.extend(srcs);
        let mods = Mods {
            neg,
            ..Mods::default()
        };
        self.emit_m(name, ops, 1, mods)
    }

    /// `x / y` in f32, correctly rounded.
    fn fdiv32(&mut self, x: MOp, y: MOp) -> Result<VReg, Error> {
        let x = self.copy_to_vgpr(x)?;
        let y = self.copy_to_vgpr(y)?;
        let vcc = self.vcc();
        let one = MOp::Phys(imm32(0x3f80_0000));
        let den = self.vreg(1);
        self.emit("v_div_scale_f32", vec![self.r(den), vcc, y, y, x], 2)?;
        let rcp = self.vreg(1);
        self.emit("v_rcp_f32_e32", vec![self.r(rcp), self.r(den)], 1)?;
        let num = self.vreg(1);
        self.emit("v_div_scale_f32", vec![self.r(num), vcc, x, y, x], 2)?;
        let e = self.vreg(1);
        self.vop3_m(
            "v_fma_f32",
            self.r(e),
            vec![self.r(den), self.r(rcp), one],
            1,
        )?;
        let rcp2 = self.vreg(1);
        self.vop3_m(
            "v_fma_f32",
            self.r(rcp2),
            vec![self.r(e), self.r(rcp), self.r(rcp)],
            0,
        )?;
        let q = self.vreg(1);
        self.vop2("v_mul_f32", self.r(q), self.r(num), self.r(rcp2), true)?;
        let r = self.vreg(1);
        self.vop3_m(
            "v_fma_f32",
            self.r(r),
            vec![self.r(den), self.r(q), self.r(num)],
            1,
        )?;
        let q2 = self.vreg(1);
        self.vop3_m(
            "v_fma_f32",
            self.r(q2),
            vec![self.r(r), self.r(rcp2), self.r(q)],
            0,
        )?;
        let r2 = self.vreg(1);
        self.vop3_m(
            "v_fma_f32",
            self.r(r2),
            vec![self.r(den), self.r(q2), self.r(num)],
            1,
        )?;
        let f = self.vreg(1);
        self.vop3_m(
            "v_div_fmas_f32",
            self.r(f),
            vec![self.r(r2), self.r(rcp2), self.r(q2)],
            0,
        )?;
        let d = self.vreg(1);
        self.vop3_m("v_div_fixup_f32", self.r(d), vec![self.r(f), y, x], 0)?;
        Ok(d)
    }

    /// `x / y` in f64, correctly rounded.
    fn fdiv64(&mut self, x: MOp, y: MOp) -> Result<VReg, Error> {
        let x = self.copy64_to_vgpr(x)?;
        let y = self.copy64_to_vgpr(y)?;
        let vcc = self.vcc();
        let one = MOp::Phys(imm32(0x3f80_0000)); // inline 1.0 (as f64 here)
        let den = self.vreg(2);
        self.emit("v_div_scale_f64", vec![self.r(den), vcc, y, y, x], 2)?;
        let mut rcp = self.vreg(2);
        self.emit("v_rcp_f64_e32", vec![self.r(rcp), self.r(den)], 1)?;
        let num = self.vreg(2);
        self.emit("v_div_scale_f64", vec![self.r(num), vcc, x, y, x], 2)?;
        for _ in 0..2 {
            let e = self.vreg(2);
            self.vop3_m(
                "v_fma_f64",
                self.r(e),
                vec![self.r(den), self.r(rcp), one],
                1,
            )?;
            let r2 = self.vreg(2);
            self.vop3_m(
                "v_fma_f64",
                self.r(r2),
                vec![self.r(rcp), self.r(e), self.r(rcp)],
                0,
            )?;
            rcp = r2;
        }
        let q = self.vreg(2);
        self.vop3_m("v_mul_f64", self.r(q), vec![self.r(num), self.r(rcp)], 0)?;
        let r = self.vreg(2);
        self.vop3_m(
            "v_fma_f64",
            self.r(r),
            vec![self.r(den), self.r(q), self.r(num)],
            1,
        )?;
        let f = self.vreg(2);
        self.vop3_m(
            "v_div_fmas_f64",
            self.r(f),
            vec![self.r(r), self.r(rcp), self.r(q)],
            0,
        )?;
        let d = self.vreg(2);
        self.vop3_m("v_div_fixup_f64", self.r(d), vec![self.r(f), y, x], 0)?;
        Ok(d)
    }

    /// A 64-bit operand in a VGPR pair.
    fn copy64_to_vgpr(&mut self, o: MOp) -> Result<MOp, Error> {
        if self.is_vgpr(&o) {
            return Ok(o);
        }
        let v = self.vreg(2);
        for k in 0..2 {
            let part = match o {
                MOp::Reg { r, off, .. } => MOp::Reg {
                    r,
                    off: off + k,
                    n: 1,
                },
                MOp::Phys(Operand::Const(c)) if k == 1 => {
                    // Inline integer constants are sign-extended to 64 bits.
                    let neg = (193..=208).contains(&c);
                    MOp::Phys(Operand::int(if neg { -1 } else { 0 }))
                }
                other => other,
            };
            self.emit("v_mov_b32_e32", vec![Self::sub(v, k), part], 1)?;
        }
        Ok(MOp::whole(v, 2))
    }

    /// `sqrt(x)` in f32, correctly rounded.
    fn sqrt32(&mut self, x: MOp) -> Result<VReg, Error> {
        let x = self.copy_to_vgpr(x)?;
        // Inputs below 2^-96 are scaled by 2^32 (the result by 2^-16) so
        // the residuals below stay normal.
        let small = self.mask();
        self.vop3(
            "v_cmp_gt_f32_e64",
            vec![self.r(small)],
            vec![MOp::Phys(imm32(0x0f80_0000)), x],
        )?;
        let big = self.vreg(1);
        self.vop2(
            "v_mul_f32",
            self.r(big),
            MOp::Phys(imm32(0x4f80_0000)),
            x,
            true,
        )?;
        let sx = self.vreg(1);
        self.cndmask(self.r(sx), x, self.r(big), self.r(small))?;
        let s = self.vreg(1);
        self.emit("v_sqrt_f32_e32", vec![self.r(s), self.r(sx)], 1)?;
        // Neighbours one ulp below and above (as integers), and the
        // residuals x - s_down * s and x - s_up * s.
        let add = self.n("v_add_u32", "v_add_nc_u32");
        let down = self.vreg(1);
        self.vop2(
            add,
            self.r(down),
            MOp::Phys(Operand::int(-1)),
            self.r(s),
            true,
        )?;
        let up = self.vreg(1);
        self.vop2(add, self.r(up), MOp::Phys(Operand::int(1)), self.r(s), true)?;
        let rd = self.vreg(1);
        self.vop3_m(
            "v_fma_f32",
            self.r(rd),
            vec![self.r(down), self.r(s), self.r(sx)],
            1,
        )?;
        let ru = self.vreg(1);
        self.vop3_m(
            "v_fma_f32",
            self.r(ru),
            vec![self.r(up), self.r(s), self.r(sx)],
            1,
        )?;
        let m1 = self.mask();
        self.vop3(
            "v_cmp_ge_f32_e64",
            vec![self.r(m1)],
            vec![MOp::Phys(Operand::int(0)), self.r(rd)],
        )?;
        let s1 = self.vreg(1);
        self.cndmask(self.r(s1), self.r(s), self.r(down), self.r(m1))?;
        let m2 = self.mask();
        self.vop3(
            "v_cmp_lt_f32_e64",
            vec![self.r(m2)],
            vec![MOp::Phys(Operand::int(0)), self.r(ru)],
        )?;
        let s2 = self.vreg(1);
        self.cndmask(self.r(s2), self.r(s1), self.r(up), self.r(m2))?;
        let scaled = self.vreg(1);
        self.vop2(
            "v_mul_f32",
            self.r(scaled),
            MOp::Phys(imm32(0x3780_0000)),
            self.r(s2),
            true,
        )?;
        let s3 = self.vreg(1);
        self.cndmask(self.r(s3), self.r(s2), self.r(scaled), self.r(small))?;
        // +-0 and +inf are their own square roots (class mask 0x260).
        let special = self.mask();
        self.vop3(
            "v_cmp_class_f32_e64",
            vec![self.r(special)],
            vec![self.r(sx), MOp::Phys(imm32(0x260))],
        )?;
        let d = self.vreg(1);
        self.cndmask(self.r(d), self.r(s3), self.r(sx), self.r(special))?;
        Ok(d)
    }

    /// `sqrt(x)` in f64, correctly rounded (Goldschmidt iteration from
    /// `v_rsq_f64`, with inputs below 2^-767 scaled by 2^256).
    fn sqrt64(&mut self, x: MOp) -> Result<VReg, Error> {
        let x = self.copy64_to_vgpr(x)?;
        let lim = self.sreg(2);
        self.emit(
            "s_mov_b32",
            vec![Self::sub(lim, 0), MOp::Phys(Operand::int(0))],
            1,
        )?;
        self.emit(
            "s_mov_b32",
            vec![Self::sub(lim, 1), MOp::Phys(imm32(0x1000_0000))],
            1,
        )?;
        let small = self.mask();
        self.vop3(
            "v_cmp_gt_f64_e64",
            vec![self.r(small)],
            vec![self.r(lim), x],
        )?;
        let up = self.vreg(1);
        self.cndmask(
            self.r(up),
            MOp::Phys(Operand::int(0)),
            MOp::Phys(imm32(0x100)),
            self.r(small),
        )?;
        let sx = self.vreg(2);
        self.vop3("v_ldexp_f64", vec![self.r(sx)], vec![x, self.r(up)])?;
        let y = self.vreg(2);
        self.emit("v_rsq_f64_e32", vec![self.r(y), self.r(sx)], 1)?;
        let down = self.vreg(1);
        self.cndmask(
            self.r(down),
            MOp::Phys(Operand::int(0)),
            MOp::Phys(imm32(0xffff_ff80)),
            self.r(small),
        )?;
        let half = MOp::Phys(imm32(0x3f00_0000)); // inline 0.5
        let mut g = self.vreg(2);
        self.vop3_m("v_mul_f64", self.r(g), vec![self.r(sx), self.r(y)], 0)?;
        let mut h = self.vreg(2);
        self.vop3_m("v_mul_f64", self.r(h), vec![self.r(y), half], 0)?;
        let e = self.vreg(2);
        self.vop3_m("v_fma_f64", self.r(e), vec![self.r(h), self.r(g), half], 1)?;
        let g1 = self.vreg(2);
        self.vop3_m(
            "v_fma_f64",
            self.r(g1),
            vec![self.r(g), self.r(e), self.r(g)],
            0,
        )?;
        let h1 = self.vreg(2);
        self.vop3_m(
            "v_fma_f64",
            self.r(h1),
            vec![self.r(h), self.r(e), self.r(h)],
            0,
        )?;
        g = g1;
        h = h1;
        for _ in 0..2 {
            let r = self.vreg(2);
            self.vop3_m(
                "v_fma_f64",
                self.r(r),
                vec![self.r(g), self.r(g), self.r(sx)],
                1,
            )?;
            let g2 = self.vreg(2);
            self.vop3_m(
                "v_fma_f64",
                self.r(g2),
                vec![self.r(r), self.r(h), self.r(g)],
                0,
            )?;
            g = g2;
        }
        let res = self.vreg(2);
        self.vop3(
            "v_ldexp_f64",
            vec![self.r(res)],
            vec![self.r(g), self.r(down)],
        )?;
        let special = self.mask();
        self.vop3(
            "v_cmp_class_f64_e64",
            vec![self.r(special)],
            vec![self.r(sx), MOp::Phys(imm32(0x260))],
        )?;
        let d = self.vreg(2);
        for k in 0..2 {
            self.cndmask(
                Self::sub(d, k),
                Self::sub(res, k),
                Self::sub(sx, k),
                self.r(special),
            )?;
        }
        Ok(d)
    }

    /// A 32-bit integer operation in SALU (`sname`) or VALU (`vname`, VOP2).
    #[allow(clippy::too_many_arguments)]
    fn int_op(
        &mut self,
        res: Value,
        scalar: bool,
        sname: &str,
        vname: Option<&str>,
        a: MOp,
        b: Option<MOp>,
        comm: bool,
    ) -> Result<(), Error> {
        if scalar {
            let d = self.sreg(1);
            let mut ops = vec![self.r(d), a];
            ops.extend(b);
            self.emit(sname, ops, 1)?;
            self.set(res, d);
            return Ok(());
        }
        let d = self.vreg(1);
        match (vname, b) {
            (Some(v), Some(b)) => self.vop2(v, self.r(d), a, b, comm)?,
            (None, None) => self.emit("v_not_b32_e32", vec![self.r(d), a], 1)?,
            _ => return Err(Error::invariant("instruction selection", "int_op shape")),
        }
        self.set(res, d);
        Ok(())
    }

    fn binary(&mut self, res: Value, op: BinOp, a: Value, b: Value) -> Result<(), Error> {
        let t = self.ty(a);
        if t == Type::Bool {
            let name = match op {
                BinOp::And => "s_and",
                BinOp::Or => "s_or",
                BinOp::Xor => "s_xor",
                _ => return Err(unsupported(format!("`{}` on bool", op.keyword()))),
            };
            let m = self.mask();
            let (x, y) = (self.whole(a)?, self.whole(b)?);
            let name = self.lm(name);
            self.emit(&name, vec![self.r(m), x, y], 1)?;
            self.set(res, m);
            return Ok(());
        }
        let scalar = self.uniform[res.index()] && self.is_s(a) && self.is_s(b);
        if t.is_int() && t.bits() == 32 {
            let signed = t.is_signed_int();
            if self.fused_shl[res.index()].is_some() {
                return Ok(());
            }
            if let Some(name) = match op {
                BinOp::Or => Some("v_lshl_or_b32"),
                BinOp::Add => Some("v_lshl_add_u32"),
                _ => None,
            } {
                let shifted = match (self.fused_shl[a.index()], self.fused_shl[b.index()]) {
                    (Some(s), _) => Some((s, b)),
                    (None, Some(s)) => Some((s, a)),
                    _ => None,
                };
                if let Some(((x, amt), other)) = shifted {
                    let d = self.vreg(1);
                    let srcs = vec![self.part(x, 0)?, self.part(amt, 0)?, self.part(other, 0)?];
                    self.vop3(name, vec![self.r(d)], srcs)?;
                    self.set(res, d);
                    return Ok(());
                }
            }
            let (x, y) = (self.part(a, 0)?, self.part(b, 0)?);
            let (sn, vn, comm): (&str, &str, bool) = match op {
                BinOp::Add => ("s_add_i32", self.n("v_add_u32", "v_add_nc_u32"), true),
                BinOp::Sub => ("s_sub_i32", self.n("v_sub_u32", "v_sub_nc_u32"), false),
                BinOp::And => ("s_and_b32", "v_and_b32", true),
                BinOp::Or => ("s_or_b32", "v_or_b32", true),
                BinOp::Xor => ("s_xor_b32", "v_xor_b32", true),
                BinOp::Min if signed => ("s_min_i32", "v_min_i32", true),
                BinOp::Min => ("s_min_u32", "v_min_u32", true),
                BinOp::Max if signed => ("s_max_i32", "v_max_i32", true),
                BinOp::Max => ("s_max_u32", "v_max_u32", true),
                BinOp::Shl => {
                    if scalar {
                        return self.int_op(res, true, "s_lshl_b32", None, x, Some(y), false);
                    }
                    let d = self.vreg(1);
                    // The shift amount is src0 of the `rev` form.
                    self.vop2("v_lshlrev_b32", self.r(d), y, x, false)?;
                    self.set(res, d);
                    return Ok(());
                }
                BinOp::Shr => {
                    let (s, v) = if signed {
                        ("s_ashr_i32", "v_ashrrev_i32")
                    } else {
                        ("s_lshr_b32", "v_lshrrev_b32")
                    };
                    if scalar {
                        return self.int_op(res, true, s, None, x, Some(y), false);
                    }
                    let d = self.vreg(1);
                    self.vop2(v, self.r(d), y, x, false)?;
                    self.set(res, d);
                    return Ok(());
                }
                BinOp::Mul => {
                    // By a power of two: a shift (by 1: the value itself).
                    for (v, c) in [(a, b), (b, a)] {
                        if let Val::Const(bits) = self.val(c)? {
                            let bits = bits as u32;
                            if bits.is_power_of_two() {
                                let k = MOp::Phys(Operand::int(bits.trailing_zeros() as i32));
                                let xv = self.part(v, 0)?;
                                if bits == 1 {
                                    let same = self.val(v)?;
                                    self.vals[res.index()] = Some(same);
                                    return Ok(());
                                }
                                if scalar {
                                    return self.int_op(
                                        res,
                                        true,
                                        "s_lshl_b32",
                                        None,
                                        xv,
                                        Some(k),
                                        false,
                                    );
                                }
                                let d = self.vreg(1);
                                self.vop2("v_lshlrev_b32", self.r(d), k, xv, false)?;
                                self.set(res, d);
                                return Ok(());
                            }
                        }
                    }
                    if scalar {
                        return self.int_op(res, true, "s_mul_i32", None, x, Some(y), true);
                    }
                    let d = self.vreg(1);
                    self.vop3("v_mul_lo_u32", vec![self.r(d)], vec![x, y])?;
                    self.set(res, d);
                    return Ok(());
                }
                BinOp::Div | BinOp::Rem => {
                    if let Val::Const(c) = self.val(b)? {
                        let plan = div_plan(c as u32, signed);
                        if let Some(plan) = plan {
                            let d = self.divrem32_const(x, c as u32, plan, op == BinOp::Rem)?;
                            self.set(res, d);
                            return Ok(());
                        }
                    }
                    // `div` and `rem` of the same operands in one block
                    // share the division.
                    let key = (a, b, signed, self.cur);
                    let core = match self.div_cache.iter().find(|(k, _)| *k == key) {
                        Some(&(_, core)) => core,
                        None => {
                            let core = self.divrem32_core(x, y, signed)?;
                            self.div_cache.push((key, core));
                            core
                        }
                    };
                    let d = self.divrem32_finish(core, signed, op == BinOp::Rem)?;
                    self.set(res, d);
                    return Ok(());
                }
            };
            return self.int_op(res, scalar, sn, Some(vn), x, Some(y), comm);
        }
        if t.is_int() || t.is_ptr() {
            return self.binary64(res, op, a, b, scalar);
        }
        if t == Type::F16 {
            return self.binary16(res, op, a, b);
        }
        if t == Type::F32 {
            let (x, y) = (self.part(a, 0)?, self.part(b, 0)?);
            let (name, comm) = match op {
                BinOp::Add => ("v_add_f32", true),
                BinOp::Sub => ("v_sub_f32", false),
                BinOp::Mul => ("v_mul_f32", true),
                BinOp::Min => ("v_min_f32", true),
                BinOp::Max => ("v_max_f32", true),
                BinOp::Div => {
                    let d = self.fdiv32(x, y)?;
                    self.set(res, d);
                    return Ok(());
                }
                _ => return Err(unsupported(format!("`{}` on f32", op.keyword()))),
            };
            let d = self.vreg(1);
            self.vop2(name, self.r(d), x, y, comm)?;
            self.set(res, d);
            return Ok(());
        }
        if t == Type::F64 {
            let name = match op {
                BinOp::Add => "v_add_f64",
                BinOp::Mul => "v_mul_f64",
                BinOp::Min => "v_min_f64",
                BinOp::Max => "v_max_f64",
                BinOp::Div => {
                    let (x, y) = (self.whole(a)?, self.whole(b)?);
                    let d = self.fdiv64(x, y)?;
                    self.set(res, d);
                    return Ok(());
                }
                BinOp::Sub => {
                    let d = self.vreg(2);
                    let srcs = vec![self.whole(a)?, self.whole(b)?];
                    let mut srcs2 = srcs.clone();
                    self.legalize_vop3(&mut srcs2, 0)?;
                    let op = self.opcode("v_add_f64", None)?;
                    let mods = Mods {
                        neg: 0b10,
                        ..Mods::default()
                    };
                    self.push(op, vec![self.r(d), srcs2[0], srcs2[1]], 1, mods);
                    self.set(res, d);
                    return Ok(());
                }
                _ => return Err(unsupported(format!("`{}` on f64", op.keyword()))),
            };
            let d = self.vreg(2);
            let srcs = vec![self.whole(a)?, self.whole(b)?];
            self.vop3(name, vec![self.r(d)], srcs)?;
            self.set(res, d);
            return Ok(());
        }
        Err(unsupported(format!("`{}` on {t}", op.keyword())))
    }

    fn binary64(
        &mut self,
        res: Value,
        op: BinOp,
        a: Value,
        b: Value,
        scalar: bool,
    ) -> Result<(), Error> {
        let t = self.ty(a);
        if self.fused_off[res.index()].is_some() {
            return Ok(());
        }
        match op {
            BinOp::Add | BinOp::Sub => {
                let d = self.add64(a, b, op == BinOp::Sub, scalar)?;
                self.set(res, d);
                Ok(())
            }
            BinOp::And | BinOp::Or | BinOp::Xor => {
                let base = match op {
                    BinOp::And => "and",
                    BinOp::Or => "or",
                    _ => "xor",
                };
                if scalar {
                    let d = self.sreg(2);
                    let (x, y) = (self.whole(a)?, self.whole(b)?);
                    self.emit(&format!("s_{base}_b64"), vec![self.r(d), x, y], 1)?;
                    self.set(res, d);
                    return Ok(());
                }
                let d = self.vreg(2);
                for k in 0..2 {
                    let (x, y) = (self.part(a, k)?, self.part(b, k)?);
                    self.vop2(&format!("v_{base}_b32"), Self::sub(d, k), x, y, true)?;
                }
                self.set(res, d);
                Ok(())
            }
            BinOp::Shl | BinOp::Shr => {
                let amt = self.part(b, 0)?;
                self.shift64(res, op, a, amt, scalar)
            }
            BinOp::Mul => {
                // By a power of two: a shift (clang's `v_lshlrev_b64`).
                for (x, c) in [(a, b), (b, a)] {
                    if let Val::Const(bits) = self.val(c)? {
                        if bits.is_power_of_two() {
                            let k = bits.trailing_zeros();
                            if k == 0 {
                                let v = self.val(x)?;
                                self.vals[res.index()] = Some(v);
                                return Ok(());
                            }
                            let amt = MOp::Phys(Operand::int(k as i32));
                            return self.shift64(res, BinOp::Shl, x, amt, scalar);
                        }
                    }
                }
                let d = self.vreg(2);
                let (al, ah, bl, bh) = (
                    self.part(a, 0)?,
                    self.part(a, 1)?,
                    self.part(b, 0)?,
                    self.part(b, 1)?,
                );
                if self.high_zero(a)? && self.high_zero(b)? {
                    // A 32x32->64 product: one `v_mad_u64_u32` with addend 0.
                    let mut srcs = vec![al, bl, MOp::Phys(Operand::int(0))];
                    self.legalize_vop3(&mut srcs, 0)?;
                    let mut ops = vec![self.r(d), self.vcc()];
                    ops.extend(srcs);
                    self.emit("v_mad_u64_u32", ops, 1)?;
                    self.set(res, d);
                    return Ok(());
                }
                // lo = lo(a.lo*b.lo); hi = hi(a.lo*b.lo) + a.lo*b.hi + a.hi*b.lo,
                // leaving out the products of a zero high half.
                self.vop3("v_mul_lo_u32", vec![Self::sub(d, 0)], vec![al, bl])?;
                let mut terms = Vec::new();
                for (x, y, zero) in [(al, bh, self.high_zero(b)?), (ah, bl, self.high_zero(a)?)] {
                    if !zero {
                        let c = self.vreg(1);
                        self.vop3("v_mul_lo_u32", vec![self.r(c)], vec![x, y])?;
                        terms.push(self.r(c));
                    }
                }
                let h = if terms.is_empty() {
                    Self::sub(d, 1)
                } else {
                    MOp::whole(self.vreg(1), 1)
                };
                self.vop3("v_mul_hi_u32", vec![h], vec![al, bl])?;
                let add = self.n("v_add_u32", "v_add_nc_u32");
                let mut hi = h;
                let n = terms.len();
                for (i, c) in terms.into_iter().enumerate() {
                    let sum = if i + 1 == n {
                        Self::sub(d, 1)
                    } else {
                        MOp::whole(self.vreg(1), 1)
                    };
                    self.vop2(add, sum, hi, c, true)?;
                    hi = sum;
                }
                self.set(res, d);
                Ok(())
            }
            BinOp::Min | BinOp::Max => {
                let pred = if op == BinOp::Min {
                    CmpPred::Lt
                } else {
                    CmpPred::Gt
                };
                let m = self.vcmp(pred, a, b)?;
                let d = self.vreg(2);
                for k in 0..2 {
                    let (x, y) = (self.part(a, k)?, self.part(b, k)?);
                    self.cndmask(Self::sub(d, k), y, x, self.r(m))?;
                }
                self.set(res, d);
                Ok(())
            }
            _ => Err(unsupported(format!("`{}` on {t}", op.keyword()))),
        }
    }

    /// 64-bit shift of `a` by `amt` (`op` is `Shl` or `Shr`).
    fn shift64(
        &mut self,
        res: Value,
        op: BinOp,
        a: Value,
        amt: MOp,
        scalar: bool,
    ) -> Result<(), Error> {
        let t = self.ty(a);
        if scalar {
            let name = match (op, t.is_signed_int()) {
                (BinOp::Shl, _) => "s_lshl_b64",
                (_, true) => "s_ashr_i64",
                _ => "s_lshr_b64",
            };
            let d = self.sreg(2);
            let x = self.whole(a)?;
            self.emit(name, vec![self.r(d), x, amt], 1)?;
            self.set(res, d);
            return Ok(());
        }
        let name = match (op, t.is_signed_int()) {
            (BinOp::Shl, _) => "v_lshlrev_b64",
            (_, true) => "v_ashrrev_i64",
            _ => "v_lshrrev_b64",
        };
        let d = self.vreg(2);
        let x = self.whole(a)?;
        self.vop3(name, vec![self.r(d)], vec![amt, x])?;
        self.set(res, d);
        Ok(())
    }

    /// Whether the high dword of a 64-bit value is known to be zero (a
    /// constant below 2^32 or a zero-extended `u32`).
    fn high_zero(&self, v: Value) -> Result<bool, Error> {
        Ok(match self.val(v)? {
            Val::Const(bits) => bits >> 32 == 0,
            Val::Reg(_) => self.zext[v.index()],
        })
    }

    /// 64-bit add/sub (also pointer arithmetic); `b` may be a 32-bit value,
    /// zero- or sign-extended per its type.
    fn add64(&mut self, a: Value, b: Value, sub: bool, scalar: bool) -> Result<VReg, Error> {
        let tb = self.ty(b);
        let al = self.part(a, 0)?;
        let ah = self.part(a, 1)?;
        let bl = self.part(b, 0)?;
        let bh = if Self::dwords(tb) == 2 {
            self.part(b, 1)?
        } else if tb.is_signed_int() {
            // Sign-extend the 32-bit offset.
            if scalar {
                let s = self.sreg(1);
                self.emit(
                    "s_ashr_i32",
                    vec![self.r(s), bl, MOp::Phys(Operand::int(31))],
                    1,
                )?;
                self.r(s)
            } else {
                let v = self.vreg(1);
                self.vop2(
                    "v_ashrrev_i32",
                    self.r(v),
                    MOp::Phys(Operand::int(31)),
                    bl,
                    false,
                )?;
                self.r(v)
            }
        } else {
            MOp::Phys(Operand::int(0))
        };
        if scalar {
            let d = self.sreg(2);
            let (lo, hi) = if sub {
                ("s_sub_u32", "s_subb_u32")
            } else {
                ("s_add_u32", "s_addc_u32")
            };
            self.emit(lo, vec![Self::sub(d, 0), al, bl], 1)?;
            self.emit(hi, vec![Self::sub(d, 1), ah, bh], 1)?;
            return Ok(d);
        }
        let d = self.vreg(2);
        // gfx942: one `v_lshl_add_u64 d, a, 0, b` (as clang), which reads
        // an SGPR pair as one constant-bus operand, no VCC.
        let lshl_add = table::lookup(self.p, "v_lshl_add_u64", None);
        if let (Some(_), false, 2) = (lshl_add, sub, Self::dwords(tb)) {
            let (x, y) = (self.whole(a)?, self.whole(b)?);
            self.vop3(
                "v_lshl_add_u64",
                vec![self.r(d)],
                vec![x, MOp::Phys(Operand::int(0)), y],
            )?;
            return Ok(d);
        }
        self.add64_v(d, al, ah, bl, bh, sub)?;
        Ok(d)
    }

    /// VALU 64-bit add/sub through VCC.
    fn add64_v(
        &mut self,
        d: VReg,
        al: MOp,
        ah: MOp,
        bl: MOp,
        bh: MOp,
        sub: bool,
    ) -> Result<(), Error> {
        let vcc = self.vcc();
        let (lo, hi) = match (self.gen, sub) {
            (Generation::Gfx9, false) => ("v_add_co_u32", "v_addc_co_u32"),
            (Generation::Gfx9, true) => ("v_sub_co_u32", "v_subb_co_u32"),
            (Generation::Gfx11, false) => ("v_add_co_u32", "v_add_co_ci_u32"),
            (Generation::Gfx11, true) => ("v_sub_co_u32", "v_sub_co_ci_u32"),
        };
        // Low half: VOP3 with VCC as carry-out (GFX11 has no e32 form).
        let mut srcs = vec![al, bl];
        self.legalize_vop3(&mut srcs, 0)?;
        let name = if self.gen == Generation::Gfx9 {
            format!("{lo}_e64")
        } else {
            lo.to_string()
        };
        self.emit(&name, vec![Self::sub(d, 0), vcc, srcs[0], srcs[1]], 1)?;
        // High half: VOP2 with implicit VCC carry-in (not on the constant
        // bus); src1 must be a VGPR, so non-commutative sub copies it.
        let bh = self.copy_to_vgpr(bh)?;
        // The implicit VCC read occupies GFX9's single constant-bus slot.
        let ah = match ah {
            MOp::Phys(Operand::Const(_)) => ah,
            _ if self.gen == Generation::Gfx9 => self.copy_to_vgpr(ah)?,
            _ => ah,
        };
        self.emit(
            &format!("{hi}_e32"),
            vec![Self::sub(d, 1), vcc, ah, bh, vcc],
            1,
        )
    }

    /// 32-bit division or remainder by the constant `c` following `plan`
    /// (multiply-high and shifts; remainder `x - q * c`).
    fn divrem32_const(&mut self, x: MOp, c: u32, plan: DivPlan, rem: bool) -> Result<VReg, Error> {
        let add = self.n("v_add_u32", "v_add_nc_u32");
        let subn = self.n("v_sub_u32", "v_sub_nc_u32");
        let int = |v: u32| MOp::Phys(imm32(v));
        let x = self.copy_to_vgpr(x)?;
        // `name d, a, b` as VOP2 into a new VGPR.
        let op2 = |me: &mut Self, name: &str, a: MOp, b: MOp, comm: bool| -> Result<MOp, Error> {
            let d = me.vreg(1);
            me.vop2(name, me.r(d), a, b, comm)?;
            Ok(me.r(d))
        };
        let mulhi = |me: &mut Self, name: &str, a: MOp, m: u32| -> Result<MOp, Error> {
            let d = me.vreg(1);
            me.vop3(name, vec![me.r(d)], vec![a, int(m)])?;
            Ok(me.r(d))
        };
        let q = match plan {
            DivPlan::Shift(k) => {
                if rem {
                    let r = op2(self, "v_and_b32", int(c - 1), x, true)?;
                    return self.whole_vreg(r);
                }
                op2(self, "v_lshrrev_b32", int(k), x, false)?
            }
            DivPlan::MulShift { m, s } => {
                let t = mulhi(self, "v_mul_hi_u32", x, m)?;
                if s == 0 {
                    t
                } else {
                    op2(self, "v_lshrrev_b32", int(s), t, false)?
                }
            }
            DivPlan::MulAddShift { m, s } => {
                let t = mulhi(self, "v_mul_hi_u32", x, m)?;
                let u = op2(self, subn, x, t, false)?;
                let u = op2(self, "v_lshrrev_b32", int(1), u, false)?;
                let w = op2(self, add, t, u, true)?;
                op2(self, "v_lshrrev_b32", int(s), w, false)?
            }
            DivPlan::SignedShift(k) => {
                // Round toward zero: add c - 1 to negative dividends.
                let sg = op2(self, "v_ashrrev_i32", int(31), x, false)?;
                let bias = op2(self, "v_lshrrev_b32", int(32 - k), sg, false)?;
                let w = op2(self, add, x, bias, true)?;
                if rem {
                    let m = op2(self, "v_and_b32", int(c.wrapping_neg()), w, true)?;
                    let r = op2(self, subn, x, m, false)?;
                    return self.whole_vreg(r);
                }
                op2(self, "v_ashrrev_i32", int(k), w, false)?
            }
            DivPlan::SignedMul { m, s, add_x } => {
                let mut q = mulhi(self, "v_mul_hi_i32", x, m)?;
                if add_x {
                    q = op2(self, add, q, x, true)?;
                }
                if s > 0 {
                    q = op2(self, "v_ashrrev_i32", int(s), q, false)?;
                }
                let t = op2(self, "v_lshrrev_b32", int(31), x, false)?;
                op2(self, add, q, t, true)?
            }
        };
        if !rem {
            return self.whole_vreg(q);
        }
        let p = self.vreg(1);
        self.vop3("v_mul_lo_u32", vec![self.r(p)], vec![q, int(c)])?;
        let r = op2(self, subn, x, self.r(p), false)?;
        self.whole_vreg(r)
    }

    /// The virtual register of a whole one-dword operand.
    fn whole_vreg(&self, o: MOp) -> Result<VReg, Error> {
        match o {
            MOp::Reg { r, off: 0, .. } => Ok(r),
            _ => Err(Error::invariant(
                "instruction selection",
                "expected a whole register",
            )),
        }
    }

    /// Unsigned quotient and remainder of |x| / |y| and the signs, by the
    /// float reciprocal estimate with one Newton step and two corrections.
    fn divrem32_core(&mut self, x: MOp, y: MOp, signed: bool) -> Result<DivCore, Error> {
        let add = self.n("v_add_u32", "v_add_nc_u32");
        let subn = self.n("v_sub_u32", "v_sub_nc_u32");
        let (mut n, mut d) = (self.copy_to_vgpr(x)?, self.copy_to_vgpr(y)?);
        let (mut sn, mut sd) = (None, None);
        if signed {
            // |x|, |y| via (v + s) ^ s with s = v >> 31.
            let abs = |me: &mut Self, v: MOp| -> Result<(MOp, MOp), Error> {
                let s = me.vreg(1);
                me.vop2(
                    "v_ashrrev_i32",
                    me.r(s),
                    MOp::Phys(Operand::int(31)),
                    v,
                    false,
                )?;
                let t = me.vreg(1);
                me.vop2(add, me.r(t), v, me.r(s), true)?;
                let a = me.vreg(1);
                me.vop2("v_xor_b32", me.r(a), me.r(t), me.r(s), true)?;
                Ok((me.r(a), me.r(s)))
            };
            let (an, s1) = abs(self, n)?;
            let (ad, s2) = abs(self, d)?;
            n = an;
            d = ad;
            sn = Some(s1);
            sd = Some(s2);
        }
        let f = self.vreg(1);
        self.emit("v_cvt_f32_u32_e32", vec![self.r(f), d], 1)?;
        let rc = self.vreg(1);
        self.emit("v_rcp_iflag_f32_e32", vec![self.r(rc), self.r(f)], 1)?;
        let sc = self.vreg(1);
        self.vop2(
            "v_mul_f32",
            self.r(sc),
            MOp::Phys(Operand::Literal(0x4f7f_fffe)),
            self.r(rc),
            true,
        )?;
        let z = self.vreg(1);
        self.emit("v_cvt_u32_f32_e32", vec![self.r(z), self.r(sc)], 1)?;
        let nd = self.vreg(1);
        self.vop2(subn, self.r(nd), MOp::Phys(Operand::int(0)), d, false)?;
        let t = self.vreg(1);
        self.vop3("v_mul_lo_u32", vec![self.r(t)], vec![self.r(nd), self.r(z)])?;
        let t2 = self.vreg(1);
        self.vop3("v_mul_hi_u32", vec![self.r(t2)], vec![self.r(z), self.r(t)])?;
        let z2 = self.vreg(1);
        self.vop2(add, self.r(z2), self.r(z), self.r(t2), true)?;
        let mut q = self.vreg(1);
        self.vop3("v_mul_hi_u32", vec![self.r(q)], vec![n, self.r(z2)])?;
        let qd = self.vreg(1);
        self.vop3("v_mul_lo_u32", vec![self.r(qd)], vec![self.r(q), d])?;
        let mut r = self.vreg(1);
        self.vop2(subn, self.r(r), n, self.r(qd), false)?;
        for _ in 0..2 {
            let c = self.mask();
            let name = "v_cmp_ge_u32_e64";
            self.vop3(name, vec![self.r(c)], vec![self.r(r), d])?;
            let q1 = self.vreg(1);
            self.vop2(add, self.r(q1), MOp::Phys(Operand::int(1)), self.r(q), true)?;
            let r1 = self.vreg(1);
            self.vop2(subn, self.r(r1), self.r(r), d, false)?;
            let qn = self.vreg(1);
            self.cndmask(self.r(qn), self.r(q), self.r(q1), self.r(c))?;
            let rn = self.vreg(1);
            self.cndmask(self.r(rn), self.r(r), self.r(r1), self.r(c))?;
            q = qn;
            r = rn;
        }
        Ok(DivCore { q, r, sn, sd })
    }

    /// The quotient or remainder of a [`DivCore`], with its sign.
    fn divrem32_finish(&mut self, core: DivCore, signed: bool, rem: bool) -> Result<VReg, Error> {
        let subn = self.n("v_sub_u32", "v_sub_nc_u32");
        let DivCore { q, r, sn, sd } = core;
        let out = if rem { r } else { q };
        if !signed {
            return Ok(out);
        }
        // Quotient sign sn ^ sd, remainder sign sn: (v ^ s) - s.
        let s = match (rem, sn, sd) {
            (true, Some(a), _) => a,
            (false, Some(a), Some(b)) => {
                let s = self.vreg(1);
                self.vop2("v_xor_b32", self.r(s), a, b, true)?;
                self.r(s)
            }
            _ => return Err(Error::invariant("instruction selection", "divrem signs")),
        };
        let x = self.vreg(1);
        self.vop2("v_xor_b32", self.r(x), self.r(out), s, true)?;
        let o = self.vreg(1);
        self.vop2(subn, self.r(o), self.r(x), s, false)?;
        Ok(o)
    }

    /// `dst = mask ? t : f` (VALU, per dword).
    fn cndmask(&mut self, dst: MOp, f: MOp, t: MOp, mask: MOp) -> Result<(), Error> {
        let mut srcs = vec![f, t, mask];
        self.legalize_vop3(&mut srcs, 1)?;
        let mut ops = vec![dst];
        ops.extend(srcs);
        self.emit("v_cndmask_b32_e64", ops, 1)
    }

    fn vcmp(&mut self, pred: CmpPred, a: Value, b: Value) -> Result<VReg, Error> {
        let t = self.ty(a);
        let suffix = match t {
            Type::I32 => "i32",
            Type::U32 | Type::Ptr(AddrSpace::Lds) => "u32",
            Type::I64 => "i64",
            Type::U64 | Type::Ptr(_) => "u64",
            Type::F16 => "f16",
            Type::F32 => "f32",
            Type::F64 => "f64",
            _ => return Err(unsupported(format!("`cmp` on {t}"))),
        };
        let p = match (pred, t.is_float()) {
            (CmpPred::Eq, _) => "eq",
            (CmpPred::Ne, false) => "ne",
            (CmpPred::Ne, true) => "neq",
            (CmpPred::Lt, _) => "lt",
            (CmpPred::Le, _) => "le",
            (CmpPred::Gt, _) => "gt",
            (CmpPred::Ge, _) => "ge",
        };
        let m = self.mask();
        let srcs = if t == Type::F16 {
            vec![self.half(a)?, self.half(b)?]
        } else {
            vec![self.whole(a)?, self.whole(b)?]
        };
        self.vop3(&format!("v_cmp_{p}_{suffix}_e64"), vec![self.r(m)], srcs)?;
        Ok(m)
    }

    fn cmp(&mut self, res: Value, pred: CmpPred, a: Value, b: Value) -> Result<(), Error> {
        let t = self.ty(a);
        if t == Type::Bool {
            // eq: ~(a ^ b), ne: a ^ b on lane masks.
            let m = self.mask();
            let (x, y) = (self.whole(a)?, self.whole(b)?);
            let name = self.lm(if pred == CmpPred::Eq {
                "s_xnor"
            } else {
                "s_xor"
            });
            self.emit(&name, vec![self.r(m), x, y], 1)?;
            self.set(res, m);
            return Ok(());
        }
        if t.is_int() && t.bits() == 32 && self.is_s(a) && self.is_s(b) {
            let sfx = if t.is_signed_int() { "i32" } else { "u32" };
            let p = match pred {
                CmpPred::Eq => "eq",
                CmpPred::Ne => "lg",
                CmpPred::Lt => "lt",
                CmpPred::Le => "le",
                CmpPred::Gt => "gt",
                CmpPred::Ge => "ge",
            };
            let (x, y) = (self.part(a, 0)?, self.part(b, 0)?);
            self.emit(&format!("s_cmp_{p}_{sfx}"), vec![x, y], 0)?;
            let m = self.mask();
            let name = self.lm("s_cselect");
            self.emit(
                &name,
                vec![
                    self.r(m),
                    MOp::Phys(Operand::int(-1)),
                    MOp::Phys(Operand::int(0)),
                ],
                1,
            )?;
            self.set(res, m);
            return Ok(());
        }
        let m = self.vcmp(pred, a, b)?;
        self.set(res, m);
        Ok(())
    }

    fn select(&mut self, res: Value, c: Value, a: Value, b: Value) -> Result<(), Error> {
        let t = self.ty(a);
        let mask = self.whole(c)?;
        if t == Type::Bool {
            // (c & a) | (~c & b)
            let (x, y) = (self.whole(a)?, self.whole(b)?);
            let t1 = self.mask();
            let and = self.lm("s_and");
            let andn2 = self.lm("s_andn2");
            let or = self.lm("s_or");
            self.emit(&and, vec![self.r(t1), x, mask], 1)?;
            let t2 = self.mask();
            self.emit(&andn2, vec![self.r(t2), y, mask], 1)?;
            let m = self.mask();
            self.emit(&or, vec![self.r(m), self.r(t1), self.r(t2)], 1)?;
            self.set(res, m);
            return Ok(());
        }
        let n = Self::dwords(t);
        let d = self.vreg(n);
        for k in 0..n {
            let (x, y) = (self.part(a, k)?, self.part(b, k)?);
            self.cndmask(Self::sub(d, k), y, x, mask)?;
        }
        self.set(res, d);
        Ok(())
    }

    fn cvt(&mut self, res: Value, a: Value, to: Type) -> Result<(), Error> {
        let from = self.ty(a);
        if from == to {
            // Same type: the value itself (floats are already rounded).
            let v = self.val(a)?;
            self.vals[res.index()] = Some(v);
            return Ok(());
        }
        let scalar = self.uniform[res.index()] && self.is_s(a);
        let int_like = |t: Type| t.is_int() || t.is_ptr();
        if from == Type::Bool {
            let mask = self.whole(a)?;
            let one = match to {
                Type::F16 => 0x3c00u64,
                Type::F32 => 0x3f80_0000u64,
                Type::F64 => 0x3ff0_0000_0000_0000,
                t if t.is_int() => 1,
                _ => return Err(unsupported(format!("`cvt` bool to {to}"))),
            };
            let n = Self::dwords(to);
            let d = self.vreg(n);
            for k in 0..n {
                let t = MOp::Phys(imm32((one >> (32 * k)) as u32));
                self.cndmask(Self::sub(d, k), MOp::Phys(Operand::int(0)), t, mask)?;
            }
            self.set(res, d);
            return Ok(());
        }
        if int_like(from) && int_like(to) {
            let (fb, tb) = (Self::dwords(from), Self::dwords(to));
            if fb == tb {
                let v = self.val(a)?;
                self.vals[res.index()] = Some(v);
                return Ok(());
            }
            if tb == 1 {
                // Truncate: the low dword.
                match self.val(a)? {
                    Val::Const(bits) => {
                        self.vals[res.index()] = Some(Val::Const(bits & 0xffff_ffff));
                    }
                    Val::Reg(r) => {
                        let file = self.mf.info(r).file;
                        let d = self.mf.new_vreg(file, 1);
                        let name = if file == File::Sgpr {
                            "s_mov_b32"
                        } else {
                            "v_mov_b32_e32"
                        };
                        self.emit(name, vec![self.r(d), Self::sub(r, 0)], 1)?;
                        self.set(res, d);
                    }
                }
                return Ok(());
            }
            // Widen.
            let lo = self.part(a, 0)?;
            if let Val::Const(bits) = self.val(a)? {
                let v = if from.is_signed_int() {
                    bits as u32 as i32 as i64 as u64
                } else {
                    bits & 0xffff_ffff
                };
                self.vals[res.index()] = Some(Val::Const(v));
                return Ok(());
            }
            if scalar {
                let d = self.sreg(2);
                self.emit("s_mov_b32", vec![Self::sub(d, 0), lo], 1)?;
                if from.is_signed_int() {
                    self.emit(
                        "s_ashr_i32",
                        vec![Self::sub(d, 1), lo, MOp::Phys(Operand::int(31))],
                        1,
                    )?;
                } else {
                    self.emit(
                        "s_mov_b32",
                        vec![Self::sub(d, 1), MOp::Phys(Operand::int(0))],
                        1,
                    )?;
                }
                self.set(res, d);
            } else {
                let d = self.vreg(2);
                self.emit("v_mov_b32_e32", vec![Self::sub(d, 0), lo], 1)?;
                if from.is_signed_int() {
                    self.vop2(
                        "v_ashrrev_i32",
                        Self::sub(d, 1),
                        MOp::Phys(Operand::int(31)),
                        lo,
                        false,
                    )?;
                } else {
                    self.emit(
                        "v_mov_b32_e32",
                        vec![Self::sub(d, 1), MOp::Phys(Operand::int(0))],
                        1,
                    )?;
                }
                self.set(res, d);
            }
            return Ok(());
        }
        let d = self.cvt_float(a, from, to)?;
        self.set(res, d);
        Ok(())
    }

    /// Conversions with a float side (see `silk_gpu_ir::ir::cvt_allowed`).
    fn cvt_float(&mut self, a: Value, from: Type, to: Type) -> Result<VReg, Error> {
        // f16 sources are widened to f32 exactly first.
        let (x, from) = if from == Type::F16 {
            let h = self.half(a)?;
            let w = self.f16_to_f32(h)?;
            if to == Type::F32 {
                return Ok(w);
            }
            (self.r(w), Type::F32)
        } else {
            (self.whole(a)?, from)
        };
        if to == Type::F16 {
            // Through a correctly rounded f32: integers that round
            // differently in two steps are beyond the f16 range anyway (they
            // become infinity either way); f64 would round twice.
            let w = match from {
                Type::F32 => x,
                Type::F64 => return self.f64_to_f16(x),
                _ => {
                    let w = self.cvt_float_op(x, from, Type::F32)?;
                    self.r(w)
                }
            };
            return self.f32_to_f16(w);
        }
        self.cvt_float_op(x, from, to)
    }

    fn cvt_float_op(&mut self, x: MOp, from: Type, to: Type) -> Result<VReg, Error> {
        let is64 = |t: Type| matches!(t, Type::I64 | Type::U64);
        if is64(from) {
            let (lo, hi) = self.halves(x);
            return match to {
                Type::F64 => self.int64_to_f64(lo, hi, from == Type::I64),
                Type::F32 => self.int64_to_f32(lo, hi, from == Type::I64),
                _ => Err(unsupported(format!("`cvt` from {from} to {to}"))),
            };
        }
        if is64(to) {
            let x = match from {
                Type::F64 => x,
                Type::F32 => {
                    let d = self.vreg(2);
                    self.emit("v_cvt_f64_f32_e32", vec![self.r(d), x], 1)?;
                    self.r(d)
                }
                _ => return Err(unsupported(format!("`cvt` from {from} to {to}"))),
            };
            return self.f64_to_int64(x, to == Type::I64);
        }
        let name = match (from, to) {
            (Type::I32, Type::F32) => "v_cvt_f32_i32_e32",
            (Type::U32, Type::F32) => "v_cvt_f32_u32_e32",
            (Type::F32, Type::I32) => "v_cvt_i32_f32_e32",
            (Type::F32, Type::U32) => "v_cvt_u32_f32_e32",
            (Type::F32, Type::F64) => "v_cvt_f64_f32_e32",
            (Type::F64, Type::F32) => "v_cvt_f32_f64_e32",
            (Type::I32, Type::F64) => "v_cvt_f64_i32_e32",
            (Type::U32, Type::F64) => "v_cvt_f64_u32_e32",
            (Type::F64, Type::I32) => "v_cvt_i32_f64_e32",
            (Type::F64, Type::U32) => "v_cvt_u32_f64_e32",
            _ => return Err(unsupported(format!("`cvt` from {from} to {to}"))),
        };
        let d = self.vreg(Self::dwords(to));
        self.emit(name, vec![self.r(d), x], 1)?;
        Ok(d)
    }

    /// f64 to f16, correctly rounded (to nearest even) in integer
    /// arithmetic, as LLVM lowers `fptrunc double to half`: going through
    /// f32 would round twice. The f64 significand is cut to 11 bits plus
    /// a guard and a sticky bit (`m`), denormalised by `1 - e` for f16
    /// subnormals (keeping the sticky bit), rounded on the three low bits,
    /// and overflow, infinity and NaN are patched in.
    fn f64_to_f16(&mut self, x: MOp) -> Result<VReg, Error> {
        let (lo, hi) = self.halves(x);
        let hi = self.copy_to_vgpr(hi)?;
        let c = |v: i32| MOp::Phys(imm32(v as u32));
        let add = self.n("v_add_u32", "v_add_nc_u32");
        let subn = self.n("v_sub_u32", "v_sub_nc_u32");
        // e = biased f64 exponent - 1023 + 15
        let eraw = self.vreg(1);
        self.vop3("v_bfe_u32", vec![self.r(eraw)], vec![hi, c(20), c(11)])?;
        let e = self.vreg(1);
        self.vop2(add, self.r(e), c(-1008), self.r(eraw), true)?;
        // m = significand bits 51..41 shifted to 11..1, sticky in bit 0
        let sh8 = self.vreg(1);
        self.vop2("v_lshrrev_b32", self.r(sh8), c(8), hi, false)?;
        let m0 = self.vreg(1);
        self.vop2("v_and_b32", self.r(m0), c(0xffe), self.r(sh8), true)?;
        let low9 = self.vreg(1);
        self.vop2("v_and_b32", self.r(low9), c(0x1ff), hi, true)?;
        let rest = self.vreg(1);
        self.vop2("v_or_b32", self.r(rest), lo, self.r(low9), true)?;
        let any = self.mask();
        self.vop3(
            "v_cmp_ne_u32_e64",
            vec![self.r(any)],
            vec![self.r(rest), c(0)],
        )?;
        let sticky = self.vreg(1);
        self.cndmask(self.r(sticky), c(0), c(1), self.r(any))?;
        let m = self.vreg(1);
        self.vop2("v_or_b32", self.r(m), self.r(m0), self.r(sticky), true)?;
        // NaN or infinity: 0x7e00 (quiet) or 0x7c00.
        let mnz = self.mask();
        self.vop3("v_cmp_ne_u32_e64", vec![self.r(mnz)], vec![self.r(m), c(0)])?;
        let inf_nan = self.vreg(1);
        self.cndmask(self.r(inf_nan), c(0x7c00), c(0x7e00), self.r(mnz))?;
        // Normal: n = m | e << 12.
        let n = self.vreg(1);
        self.vop3(
            "v_lshl_or_b32",
            vec![self.r(n)],
            vec![self.r(e), c(12), self.r(m)],
        )?;
        // Subnormal: shift (m | implicit one) right by clamp(1 - e, 0, 13),
        // ORing the lost bits into the sticky bit.
        let ose = self.vreg(1);
        self.vop2(subn, self.r(ose), c(1), self.r(e), false)?;
        let b = self.vreg(1);
        self.vop3(
            "v_med3_i32",
            vec![self.r(b)],
            vec![self.r(ose), c(0), c(13)],
        )?;
        let sig = self.vreg(1);
        self.vop2("v_or_b32", self.r(sig), c(0x1000), self.r(m), true)?;
        let d = self.vreg(1);
        self.vop2("v_lshrrev_b32", self.r(d), self.r(b), self.r(sig), false)?;
        let d0 = self.vreg(1);
        self.vop2("v_lshlrev_b32", self.r(d0), self.r(b), self.r(d), false)?;
        let lost = self.mask();
        self.vop3(
            "v_cmp_ne_u32_e64",
            vec![self.r(lost)],
            vec![self.r(d0), self.r(sig)],
        )?;
        let d1 = self.vreg(1);
        self.cndmask(self.r(d1), c(0), c(1), self.r(lost))?;
        let dd = self.vreg(1);
        self.vop2("v_or_b32", self.r(dd), self.r(d), self.r(d1), true)?;
        let sub = self.mask();
        self.vop3("v_cmp_gt_i32_e64", vec![self.r(sub)], vec![c(1), self.r(e)])?;
        let v = self.vreg(1);
        self.cndmask(self.r(v), self.r(n), self.r(dd), self.r(sub))?;
        // Round to nearest even on the guard (bit 1) and sticky (bit 0):
        // up when the low three bits are 3 (odd, tie), 6 or 7.
        let low3 = self.vreg(1);
        self.vop2("v_and_b32", self.r(low3), c(7), self.r(v), true)?;
        let gt5 = self.mask();
        self.vop3(
            "v_cmp_gt_u32_e64",
            vec![self.r(gt5)],
            vec![self.r(low3), c(5)],
        )?;
        let eq3 = self.mask();
        self.vop3(
            "v_cmp_eq_u32_e64",
            vec![self.r(eq3)],
            vec![self.r(low3), c(3)],
        )?;
        let up = self.mask();
        let or = self.lm("s_or");
        self.emit(&or, vec![self.r(up), self.r(gt5), self.r(eq3)], 1)?;
        let inc = self.vreg(1);
        self.cndmask(self.r(inc), c(0), c(1), self.r(up))?;
        let v2 = self.vreg(1);
        self.vop2("v_lshrrev_b32", self.r(v2), c(2), self.r(v), false)?;
        let v3 = self.vreg(1);
        self.vop2(add, self.r(v3), self.r(v2), self.r(inc), true)?;
        // Overflow to infinity; infinity and NaN inputs (e = 2047 - 1008).
        let big = self.mask();
        self.vop3(
            "v_cmp_gt_i32_e64",
            vec![self.r(big)],
            vec![self.r(e), c(30)],
        )?;
        let v4 = self.vreg(1);
        self.cndmask(self.r(v4), self.r(v3), c(0x7c00), self.r(big))?;
        let special = self.mask();
        self.vop3(
            "v_cmp_eq_u32_e64",
            vec![self.r(special)],
            vec![self.r(e), c(1039)],
        )?;
        let v5 = self.vreg(1);
        self.cndmask(self.r(v5), self.r(v4), self.r(inf_nan), self.r(special))?;
        let sh16 = self.vreg(1);
        self.vop2("v_lshrrev_b32", self.r(sh16), c(16), hi, false)?;
        let sign = self.vreg(1);
        self.vop2("v_and_b32", self.r(sign), c(0x8000), self.r(sh16), true)?;
        let out = self.vreg(1);
        self.vop2("v_or_b32", self.r(out), self.r(v5), self.r(sign), true)?;
        Ok(out)
    }

    /// The two dwords of a 64-bit operand (an inline integer constant is
    /// sign-extended).
    fn halves(&self, x: MOp) -> (MOp, MOp) {
        match x {
            MOp::Reg { r, off, .. } => (
                MOp::Reg { r, off, n: 1 },
                MOp::Reg {
                    r,
                    off: off + 1,
                    n: 1,
                },
            ),
            MOp::Phys(Operand::Const(c)) => {
                let neg = (193..=208).contains(&c);
                (x, MOp::Phys(Operand::int(if neg { -1 } else { 0 })))
            }
            other => (other, MOp::Phys(Operand::int(0))),
        }
    }

    /// An f64 constant in an SGPR pair.
    fn f64_const(&mut self, bits: u64) -> Result<MOp, Error> {
        let s = self.sreg(2);
        for k in 0..2 {
            let o = MOp::Phys(imm32((bits >> (32 * k)) as u32));
            self.emit("s_mov_b32", vec![Self::sub(s, k), o], 1)?;
        }
        Ok(self.r(s))
    }

    /// i64/u64 to f64: `hi * 2^32 + lo`; both terms are exact in f64, so
    /// the one rounding of the add is the correct one.
    fn int64_to_f64(&mut self, lo: MOp, hi: MOp, signed: bool) -> Result<VReg, Error> {
        let h = self.vreg(2);
        let name = if signed {
            "v_cvt_f64_i32_e32"
        } else {
            "v_cvt_f64_u32_e32"
        };
        self.emit(name, vec![self.r(h), hi], 1)?;
        let hs = self.vreg(2);
        self.vop3(
            "v_ldexp_f64",
            vec![self.r(hs)],
            vec![self.r(h), MOp::Phys(Operand::int(32))],
        )?;
        let l = self.vreg(2);
        self.emit("v_cvt_f64_u32_e32", vec![self.r(l), lo], 1)?;
        let d = self.vreg(2);
        self.vop3("v_add_f64", vec![self.r(d)], vec![self.r(hs), self.r(l)])?;
        Ok(d)
    }

    /// u64 to f32: normalise so the leading one is bit 63, keep the top 32
    /// bits with the rest ORed into a sticky bit 0 (below f32's rounding
    /// position), convert (one rounding) and scale back. i64 through the
    /// magnitude and a sign flip.
    fn int64_to_f32(&mut self, lo: MOp, hi: MOp, signed: bool) -> Result<VReg, Error> {
        let (lo, hi, neg) = if signed {
            let m = self.mask();
            let x = self.pair(lo, hi)?;
            self.vop3(
                "v_cmp_gt_i64_e64",
                vec![self.r(m)],
                vec![MOp::Phys(Operand::int(0)), x],
            )?;
            let negd = self.vreg(2);
            let z = MOp::Phys(Operand::int(0));
            self.add64_v(negd, z, z, lo, hi, true)?;
            let abs = self.vreg(2);
            self.cndmask(Self::sub(abs, 0), lo, Self::sub(negd, 0), self.r(m))?;
            self.cndmask(Self::sub(abs, 1), hi, Self::sub(negd, 1), self.r(m))?;
            (Self::sub(abs, 0), Self::sub(abs, 1), Some(m))
        } else {
            (lo, hi, None)
        };
        let clz = self.vreg(1);
        let ffbh = self.n("v_ffbh_u32_e32", "v_clz_i32_u32_e32");
        self.emit(ffbh, vec![self.r(clz), hi], 1)?;
        let sh = self.vreg(1);
        self.vop2(
            "v_min_u32",
            self.r(sh),
            MOp::Phys(Operand::int(32)),
            self.r(clz),
            true,
        )?;
        let x = self.pair(lo, hi)?;
        let norm = self.vreg(2);
        self.vop3("v_lshlrev_b64", vec![self.r(norm)], vec![self.r(sh), x])?;
        let sticky = self.vreg(1);
        self.vop2(
            "v_min_u32",
            self.r(sticky),
            MOp::Phys(Operand::int(1)),
            Self::sub(norm, 0),
            true,
        )?;
        let top = self.vreg(1);
        self.vop2(
            "v_or_b32",
            self.r(top),
            Self::sub(norm, 1),
            self.r(sticky),
            true,
        )?;
        let f = self.vreg(1);
        self.emit("v_cvt_f32_u32_e32", vec![self.r(f), self.r(top)], 1)?;
        let e = self.vreg(1);
        let subn = self.n("v_sub_u32", "v_sub_nc_u32");
        self.vop2(
            subn,
            self.r(e),
            MOp::Phys(Operand::int(32)),
            self.r(sh),
            false,
        )?;
        let d = self.vreg(1);
        self.vop3("v_ldexp_f32", vec![self.r(d)], vec![self.r(f), self.r(e)])?;
        let Some(m) = neg else {
            return Ok(d);
        };
        let flipped = self.vreg(1);
        self.vop2(
            "v_xor_b32",
            self.r(flipped),
            MOp::Phys(imm32(0x8000_0000)),
            self.r(d),
            true,
        )?;
        let out = self.vreg(1);
        self.cndmask(self.r(out), self.r(d), self.r(flipped), self.r(m))?;
        Ok(out)
    }

    /// Two dwords as one 64-bit operand (copied into a VGPR pair unless
    /// they already are one).
    fn pair(&mut self, lo: MOp, hi: MOp) -> Result<MOp, Error> {
        if let (
            MOp::Reg { r, off, .. },
            MOp::Reg {
                r: r2, off: off2, ..
            },
        ) = (lo, hi)
        {
            if r == r2 && off2 == off + 1 {
                return Ok(MOp::Reg { r, off, n: 2 });
            }
        }
        let v = self.vreg(2);
        self.emit("v_mov_b32_e32", vec![Self::sub(v, 0), lo], 1)?;
        self.emit("v_mov_b32_e32", vec![Self::sub(v, 1), hi], 1)?;
        Ok(self.r(v))
    }

    /// f64 to i64/u64, truncating toward zero, saturating, NaN to 0 (the
    /// IR's rule): t = trunc(x); hi = floor(t * 2^-32); lo = t - hi * 2^32
    /// (exact, by fma); then the out-of-range inputs are clamped.
    fn f64_to_int64(&mut self, x: MOp, signed: bool) -> Result<VReg, Error> {
        let t = self.vreg(2);
        self.emit("v_trunc_f64_e32", vec![self.r(t), x], 1)?;
        let inv = self.f64_const(0x3df0_0000_0000_0000)?; // 2^-32
        let m = self.vreg(2);
        self.vop3("v_mul_f64", vec![self.r(m)], vec![self.r(t), inv])?;
        let hf = self.vreg(2);
        self.emit("v_floor_f64_e32", vec![self.r(hf), self.r(m)], 1)?;
        let k = self.f64_const(0xc1f0_0000_0000_0000)?; // -2^32
        let lf = self.vreg(2);
        self.vop3(
            "v_fma_f64",
            vec![self.r(lf)],
            vec![self.r(hf), k, self.r(t)],
        )?;
        let d = self.vreg(2);
        self.emit("v_cvt_u32_f64_e32", vec![Self::sub(d, 0), self.r(lf)], 1)?;
        let hname = if signed {
            "v_cvt_i32_f64_e32"
        } else {
            "v_cvt_u32_f64_e32"
        };
        self.emit(hname, vec![Self::sub(d, 1), self.r(hf)], 1)?;
        // (limit, value there): t >= limit gives the maximum, t < low (or
        // t <= -1 unsigned) the minimum.
        let (hi_lim, lo_lim, max, min): (u64, u64, u64, u64) = if signed {
            (
                0x43e0_0000_0000_0000, // 2^63
                0xc3e0_0000_0000_0000, // -2^63
                i64::MAX as u64,
                i64::MIN as u64,
            )
        } else {
            (0x43f0_0000_0000_0000, 0, u64::MAX, 0) // 2^64, 0
        };
        let big = self.mask();
        let hl = self.f64_const(hi_lim)?;
        self.vop3("v_cmp_ge_f64_e64", vec![self.r(big)], vec![self.r(t), hl])?;
        let small = self.mask();
        let ll = self.f64_const(lo_lim)?;
        self.vop3("v_cmp_lt_f64_e64", vec![self.r(small)], vec![self.r(t), ll])?;
        let c1 = self.vreg(2);
        let out = self.vreg(2);
        for k in 0..2 {
            let mx = MOp::Phys(imm32((max >> (32 * k)) as u32));
            let mn = MOp::Phys(imm32((min >> (32 * k)) as u32));
            self.cndmask(Self::sub(c1, k), Self::sub(d, k), mx, self.r(big))?;
            self.cndmask(Self::sub(out, k), Self::sub(c1, k), mn, self.r(small))?;
        }
        Ok(out)
    }

    fn ptradd(&mut self, res: Value, p: Value, off: Value) -> Result<(), Error> {
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
            let add = self.n("v_add_u32", "v_add_nc_u32");
            return self.int_op(res, scalar, "s_add_i32", Some(add), x, Some(y), true);
        }
        if let Some((x, k)) = self.fused_off[off.index()] {
            let d = self.vreg(2);
            let srcs = vec![
                self.whole(x)?,
                MOp::Phys(Operand::int(k as i32)),
                self.whole(p)?,
            ];
            self.vop3("v_lshl_add_u64", vec![self.r(d)], srcs)?;
            self.set(res, d);
            return Ok(());
        }
        let d = self.add64(p, off, false, scalar)?;
        self.set(res, d);
        Ok(())
    }

    // ---- memory ----

    fn global_addr(&mut self, p: Value) -> Result<MOp, Error> {
        let v = self.vgpr_of(p)?;
        Ok(self.r(v))
    }

    fn lds_addr(&mut self, p: Value) -> Result<(MOp, i32), Error> {
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

    fn off(&self) -> MOp {
        // FLAT `saddr` "off": 0x7f on GFX9, NULL on GFX11 (as llvm-mc encodes).
        let code = match self.gen {
            Generation::Gfx9 => 0x7f,
            Generation::Gfx11 => operand::null_code(self.gen),
        };
        MOp::Phys(Operand::sgprs(code, 2))
    }

    /// The memory instruction moving `bytes` bytes (1, 2, 4, 8).
    fn mem_name(&self, lds: bool, load: bool, bytes: u32) -> &'static str {
        let gfx9 = self.gen == Generation::Gfx9;
        match (lds, load, bytes, gfx9) {
            (true, true, 1, true) => "ds_read_u8",
            (true, true, 1, false) => "ds_load_u8",
            (true, true, 2, true) => "ds_read_u16",
            (true, true, 2, false) => "ds_load_u16",
            (true, true, 4, true) => "ds_read_b32",
            (true, true, 4, false) => "ds_load_b32",
            (true, true, _, true) => "ds_read_b64",
            (true, true, _, false) => "ds_load_b64",
            (true, false, 1, true) => "ds_write_b8",
            (true, false, 1, false) => "ds_store_b8",
            (true, false, 2, true) => "ds_write_b16",
            (true, false, 2, false) => "ds_store_b16",
            (true, false, 4, true) => "ds_write_b32",
            (true, false, 4, false) => "ds_store_b32",
            (true, false, _, true) => "ds_write_b64",
            (true, false, _, false) => "ds_store_b64",
            (false, true, 1, true) => "global_load_ubyte",
            (false, true, 1, false) => "global_load_u8",
            (false, true, 2, true) => "global_load_ushort",
            (false, true, 2, false) => "global_load_u16",
            (false, true, 4, true) => "global_load_dword",
            (false, true, 4, false) => "global_load_b32",
            (false, true, _, true) => "global_load_dwordx2",
            (false, true, _, false) => "global_load_b64",
            (false, false, 1, true) => "global_store_byte",
            (false, false, 1, false) => "global_store_b8",
            (false, false, 2, true) => "global_store_short",
            (false, false, 2, false) => "global_store_b16",
            (false, false, 4, true) => "global_store_dword",
            (false, false, 4, false) => "global_store_b32",
            (false, false, _, true) => "global_store_dwordx2",
            (false, false, _, false) => "global_store_b64",
        }
    }

    /// The address operand of a load or store, and the immediate offset
    /// the instruction adds (LDS constant addresses fold into it).
    fn mem_addr(&mut self, p: Value) -> Result<(bool, MOp, i32), Error> {
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
    fn mem_access(
        &mut self,
        load: bool,
        (lds, a, base): (bool, MOp, i32),
        bytes: u32,
        reg: MOp,
        extra: i32,
    ) -> Result<(), Error> {
        let name = self.mem_name(lds, load, bytes);
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
    /// `align`: the whole value when aligned to its size, else pieces of
    /// the declared alignment (strict hardware alignment rules, and the
    /// emulator's, forbid a misaligned dword or wider access).
    fn piece_bytes(size: u32, align: u32) -> u32 {
        if align >= size {
            size
        } else {
            align.min(4)
        }
    }

    fn load(&mut self, res: Value, p: Value, t: Type, align: u32) -> Result<(), Error> {
        let n = Self::dwords(t);
        let size = t
            .store_bytes()
            .ok_or_else(|| unsupported(format!("loads of {t}")))?;
        let piece = Self::piece_bytes(size, align);
        let d = self.vreg(n);
        let addr = self.mem_addr(p)?;
        if piece == size {
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
                            "v_lshl_or_b32",
                            vec![self.r(next)],
                            vec![self.r(part), sh, self.r(prev)],
                        )?;
                        next
                    }
                });
            }
            if let Some(v) = acc {
                self.emit("v_mov_b32_e32", vec![Self::sub(d, k), self.r(v)], 1)?;
            }
        }
        self.set(res, d);
        Ok(())
    }

    fn store(&mut self, p: Value, v: Value, align: u32) -> Result<(), Error> {
        let t = self.ty(v);
        let size = t
            .store_bytes()
            .ok_or_else(|| unsupported(format!("stores of {t}")))?;
        let n = Self::dwords(t);
        let piece = Self::piece_bytes(size, align);
        let data = self.vgpr_of(v)?;
        let addr = self.mem_addr(p)?;
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
                    self.vop2("v_lshrrev_b32", self.r(s), sh, Self::sub(data, k), false)?;
                    self.r(s)
                };
                self.mem_access(false, addr, piece, src, off)?;
            }
        }
        Ok(())
    }

    fn atomic(&mut self, res: Value, op: AtomicOp, p: Value, v: Value) -> Result<(), Error> {
        let t = self.ty(v);
        let float = t == Type::F32;
        if !(t.is_int() || float) || float && op != AtomicOp::Add && op != AtomicOp::Xchg {
            return Err(unsupported(format!("`atomic {}` on {t}", op.keyword())));
        }
        let w = t.bits();
        let s = t.is_signed_int();
        let gfx9 = self.gen == Generation::Gfx9;
        // ISA mnemonics: GFX9 `global_atomic_smax[_x2]`, GFX11
        // `global_atomic_max_i{32,64}`; DS `ds_max_rtn_i{32,64}` on both.
        let (g9, g11, ds) = match op {
            AtomicOp::Add if float => ("add_f32", "add_f32".to_string(), "add_rtn_f32".to_string()),
            AtomicOp::Xchg if float => {
                return self.atomic_bits(res, p, v);
            }
            AtomicOp::Add => ("add", format!("add_u{w}"), format!("add_rtn_u{w}")),
            AtomicOp::Sub => ("sub", format!("sub_u{w}"), format!("sub_rtn_u{w}")),
            AtomicOp::Min if s => ("smin", format!("min_i{w}"), format!("min_rtn_i{w}")),
            AtomicOp::Min => ("umin", format!("min_u{w}"), format!("min_rtn_u{w}")),
            AtomicOp::Max if s => ("smax", format!("max_i{w}"), format!("max_rtn_i{w}")),
            AtomicOp::Max => ("umax", format!("max_u{w}"), format!("max_rtn_u{w}")),
            AtomicOp::And => ("and", format!("and_b{w}"), format!("and_rtn_b{w}")),
            AtomicOp::Or => ("or", format!("or_b{w}"), format!("or_rtn_b{w}")),
            AtomicOp::Xor => ("xor", format!("xor_b{w}"), format!("xor_rtn_b{w}")),
            AtomicOp::Xchg => (
                "swap",
                format!("swap_b{w}"),
                format!("{}_rtn_b{w}", if gfx9 { "wrxchg" } else { "storexchg" }),
            ),
        };
        let data = self.vgpr_of(v)?;
        let data = self.r(data);
        if self.ty(p) == Type::Ptr(AddrSpace::Lds) {
            return self.ds_atomic(res, &format!("ds_{ds}"), p, vec![data], w);
        }
        let name = if gfx9 {
            let x2 = if w == 64 { "_x2" } else { "" };
            format!("global_atomic_{g9}{x2}")
        } else {
            format!("global_atomic_{g11}")
        };
        self.global_atomic(res, &name, p, data, w)
    }

    /// `xchg` on f32 is the integer exchange of the same bits.
    fn atomic_bits(&mut self, res: Value, p: Value, v: Value) -> Result<(), Error> {
        let data = self.vgpr_of(v)?;
        let data = self.r(data);
        if self.ty(p) == Type::Ptr(AddrSpace::Lds) {
            let n = self.n("ds_wrxchg_rtn_b32", "ds_storexchg_rtn_b32");
            return self.ds_atomic(res, n, p, vec![data], 32);
        }
        let n = self.n("global_atomic_swap", "global_atomic_swap_b32");
        self.global_atomic(res, n, p, data, 32)
    }

    /// `cmpxchg`: the old value; memory takes `new` where it equalled
    /// `expected`.
    fn cmpxchg(&mut self, res: Value, p: Value, expected: Value, new: Value) -> Result<(), Error> {
        let t = self.ty(expected);
        let w = t.bits();
        let n = Self::dwords(t);
        let gfx9 = self.gen == Generation::Gfx9;
        let cmp = self.vgpr_of(expected)?;
        let src = self.vgpr_of(new)?;
        if self.ty(p) == Type::Ptr(AddrSpace::Lds) {
            // DS operand order differs: GFX9 `ds_cmpst` takes data0 = cmp,
            // data1 = new; GFX11 `ds_cmpstore` data0 = new, data1 = cmp.
            let (name, data) = if gfx9 {
                (format!("ds_cmpst_rtn_b{w}"), vec![self.r(cmp), self.r(src)])
            } else {
                (
                    format!("ds_cmpstore_rtn_b{w}"),
                    vec![self.r(src), self.r(cmp)],
                )
            };
            return self.ds_atomic(res, &name, p, data, w);
        }
        // FLAT/GLOBAL cmpswap: one data tuple {new, cmp}.
        let data = self.vreg(2 * n);
        for k in 0..n {
            self.emit(
                "v_mov_b32_e32",
                vec![Self::sub(data, k), Self::sub(src, k)],
                1,
            )?;
            self.emit(
                "v_mov_b32_e32",
                vec![Self::sub(data, n + k), Self::sub(cmp, k)],
                1,
            )?;
        }
        let name = if gfx9 {
            format!("global_atomic_cmpswap{}", if w == 64 { "_x2" } else { "" })
        } else {
            format!("global_atomic_cmpswap_b{w}")
        };
        let data = self.r(data);
        self.global_atomic(res, &name, p, data, w)
    }

    /// The opcode `name` in its returning (`RTN`, GLC-set) form when
    /// `rtn`, else the form without a destination.
    fn atomic_opcode(&self, name: &str, rtn: bool) -> Result<Opcode, Error> {
        let t = table::table(self.gen);
        table::by_name(self.p, name)
            .find(|op| t[op.0 as usize].flags.has(table::Flags::RTN) == rtn)
            .ok_or_else(|| {
                Error::invariant(
                    "instruction selection",
                    format!(
                        "no {} opcode `{name}` on {}",
                        if rtn { "returning" } else { "non-returning" },
                        self.p.name()
                    ),
                )
            })
    }

    fn global_atomic(
        &mut self,
        res: Value,
        name: &str,
        p: Value,
        data: MOp,
        bits: u32,
    ) -> Result<(), Error> {
        let a = self.global_addr(p)?;
        let off = self.off();
        if !self.result_used(res) {
            let op = self.atomic_opcode(name, false)?;
            self.push(op, vec![a, data, off], 0, Mods::default());
            // The old value is unused; give it a defined placeholder.
            self.vals[res.index()] = Some(Val::Const(0));
            return Ok(());
        }
        let op = self.atomic_opcode(name, true)?;
        let d = self.vreg(if bits == 64 { 2 } else { 1 });
        // GLC (`sc0` on gfx942) marks the returning form in the text too.
        let mods = Mods {
            mem: format::mod_bit(format::ModBit::Glc),
            ..Mods::default()
        };
        self.push(op, vec![self.r(d), a, data, off], 1, mods);
        self.set(res, d);
        Ok(())
    }

    fn ds_atomic(
        &mut self,
        res: Value,
        name: &str,
        p: Value,
        data: Vec<MOp>,
        bits: u32,
    ) -> Result<(), Error> {
        let (a, off) = self.lds_addr(p)?;
        let d = self.vreg(if bits == 64 { 2 } else { 1 });
        let mods = ds_offset(off);
        let mut ops = vec![self.r(d), a];
        ops.extend(data);
        self.emit_m(name, ops, 1, mods)?;
        self.set(res, d);
        Ok(())
    }

    fn result_used(&self, v: Value) -> bool {
        fn walk(b: &Block, v: Value) -> bool {
            b.insts.iter().any(|i| {
                i.op.operands().contains(&v)
                    || match &i.op {
                        Op::If {
                            then_blk, else_blk, ..
                        } => walk(then_blk, v) || walk(else_blk, v),
                        Op::Loop { body, .. } => walk(body, v),
                        _ => false,
                    }
            })
        }
        walk(&self.f.body, v)
    }

    // ---- dispatch geometry ----

    /// A kernarg dword in an SGPR (loaded once if first read in the entry
    /// block).
    fn kernarg_dword(&mut self, off: u32) -> Result<VReg, Error> {
        if let Some(&(_, r)) = self.entry_dwords.iter().find(|(o, _)| *o == off) {
            return Ok(r);
        }
        let r = self.sreg(1);
        self.s_load(r, 1, off)?;
        if self.cur == BlockId(0) {
            self.entry_dwords.push((off, r));
        }
        Ok(r)
    }

    fn hidden_u16(&mut self, h: HiddenArg) -> Result<VReg, Error> {
        if !self.needs.hidden.contains(&h) {
            self.needs.hidden.push(h);
        }
        if let Some(&(_, r)) = self.entry_hidden.iter().find(|(x, _)| *x == h) {
            return Ok(r);
        }
        let (off, _) = h.placement();
        let abs = self.args.hidden_base + off as u32;
        let dw = self.kernarg_dword(abs & !3)?;
        let d = self.sreg(1);
        if self.cur == BlockId(0) {
            self.entry_hidden.push((h, d));
        }
        if abs % 4 == 0 {
            self.emit(
                "s_and_b32",
                vec![self.r(d), self.r(dw), MOp::Phys(imm32(0xffff))],
                1,
            )?;
        } else {
            self.emit(
                "s_lshr_b32",
                vec![self.r(d), self.r(dw), MOp::Phys(Operand::int(16))],
                1,
            )?;
        }
        Ok(d)
    }

    fn geometry(&mut self, res: Value, q: Geometry, dim: Dim) -> Result<(), Error> {
        let d = dim.index();
        match q {
            Geometry::WorkGroupId => {
                let r = self.wg_id[d]
                    .ok_or_else(|| Error::invariant("instruction selection", "wg id"))?;
                self.set(res, r);
            }
            Geometry::WorkItemId => {
                if let Some(r) = self.tid_dims[d] {
                    self.set(res, r);
                    return Ok(());
                }
                // Packed work-item ids in v0: x [9:0], y [19:10], z [29:20].
                let tid = self
                    .tid
                    .ok_or_else(|| Error::invariant("instruction selection", "tid"))?;
                // With only x enabled in the descriptor, the hardware sets up
                // no y/z bits: v0 is the x id (as LLVM assumes).
                if d == 0 && self.needs.workitem_id_max == 0 {
                    self.tid_dims[0] = Some(tid);
                    self.set(res, tid);
                    return Ok(());
                }
                let v = self.vreg(1);
                let src = self.r(tid);
                self.vop3(
                    "v_bfe_u32",
                    vec![self.r(v)],
                    vec![
                        src,
                        MOp::Phys(Operand::int(10 * d as i32)),
                        MOp::Phys(Operand::int(10)),
                    ],
                )?;
                // Reused only from the entry block, which dominates all.
                if self.cur == BlockId(0) {
                    self.tid_dims[d] = Some(v);
                }
                self.set(res, v);
            }
            Geometry::WorkGroupSize => {
                let h = [
                    HiddenArg::GroupSizeX,
                    HiddenArg::GroupSizeY,
                    HiddenArg::GroupSizeZ,
                ][d];
                let r = self.hidden_u16(h)?;
                self.set(res, r);
            }
            Geometry::GridSize => {
                // blocks * size, less the missing part of a partial last block.
                let bc = [
                    HiddenArg::BlockCountX,
                    HiddenArg::BlockCountY,
                    HiddenArg::BlockCountZ,
                ][d];
                if !self.needs.hidden.contains(&bc) {
                    self.needs.hidden.push(bc);
                }
                let count = self.kernarg_dword(self.args.hidden_base + bc.placement().0 as u32)?;
                let gs = self.hidden_u16(
                    [
                        HiddenArg::GroupSizeX,
                        HiddenArg::GroupSizeY,
                        HiddenArg::GroupSizeZ,
                    ][d],
                )?;
                let rem = self.hidden_u16(
                    [
                        HiddenArg::RemainderX,
                        HiddenArg::RemainderY,
                        HiddenArg::RemainderZ,
                    ][d],
                )?;
                let total = self.sreg(1);
                self.emit(
                    "s_mul_i32",
                    vec![self.r(total), self.r(count), self.r(gs)],
                    1,
                )?;
                let missing = self.sreg(1);
                self.emit(
                    "s_sub_i32",
                    vec![self.r(missing), self.r(gs), self.r(rem)],
                    1,
                )?;
                self.emit(
                    "s_cmp_eq_u32",
                    vec![self.r(rem), MOp::Phys(Operand::int(0))],
                    0,
                )?;
                let adj = self.sreg(1);
                self.emit(
                    "s_cselect_b32",
                    vec![self.r(adj), MOp::Phys(Operand::int(0)), self.r(missing)],
                    1,
                )?;
                let g = self.sreg(1);
                self.emit("s_sub_i32", vec![self.r(g), self.r(total), self.r(adj)], 1)?;
                self.set(res, g);
            }
        }
        Ok(())
    }

    // ---- control flow ----

    /// Write `src` into the merge register `dst` under the current EXEC.
    fn write_merge(&mut self, dst: VReg, t: Type, src: Value) -> Result<(), Error> {
        let v = self.val(src)?;
        self.write_merge_val(dst, t, v)
    }

    /// Dword `k` of a selected value as an operand.
    fn val_part(v: Val, k: u8) -> MOp {
        match v {
            Val::Const(bits) => MOp::Phys(imm32((bits >> (32 * k)) as u32)),
            Val::Reg(r) => Self::sub(r, k),
        }
    }

    fn write_merge_val(&mut self, dst: VReg, t: Type, src: Val) -> Result<(), Error> {
        let info = self.mf.info(dst);
        if t == Type::Bool {
            let s = match src {
                Val::Reg(r) => self.r(r),
                Val::Const(bits) => MOp::Phys(Operand::int(if bits != 0 { -1 } else { 0 })),
            };
            let exec = self.exec();
            let andn2 = self.lm("s_andn2");
            let and = self.lm("s_and");
            let or = self.lm("s_or");
            self.emit(&andn2, vec![self.r(dst), self.r(dst), exec], 1)?;
            let tmp = self.mask();
            self.emit(&and, vec![self.r(tmp), s, exec], 1)?;
            return self.emit(&or, vec![self.r(dst), self.r(dst), self.r(tmp)], 1);
        }
        let name = if info.file == File::Sgpr {
            "s_mov_b32"
        } else {
            "v_mov_b32_e32"
        };
        for k in 0..info.dwords {
            let o = Self::val_part(src, k);
            self.emit(name, vec![Self::sub(dst, k), o], 1)?;
        }
        Ok(())
    }

    /// Write several merge registers at once with parallel-copy semantics
    /// (every source is read before any destination is written), as loop
    /// back-edges need: `continue %b, %a` for params `(%a, %b)` is a swap.
    /// Moves are emitted in dependency order (a destination is written only
    /// when no pending move still reads it); a cycle is broken by copying
    /// one source into a fresh temporary.
    fn write_merges(&mut self, moves: &[(VReg, Type, Value)]) -> Result<(), Error> {
        let mut pending: Vec<(VReg, Type, Val)> = Vec::with_capacity(moves.len());
        for &(d, t, v) in moves {
            let src = self.val(v)?;
            if matches!(src, Val::Reg(r) if r == d) {
                continue; // already in place
            }
            pending.push((d, t, src));
        }
        let reads = |p: &[(VReg, Type, Val)], r: VReg, skip: usize| {
            p.iter()
                .enumerate()
                .any(|(i, m)| i != skip && matches!(m.2, Val::Reg(s) if s == r))
        };
        while !pending.is_empty() {
            if let Some(i) = (0..pending.len()).find(|&i| !reads(&pending, pending[i].0, i)) {
                let (d, t, src) = pending.remove(i);
                self.write_merge_val(d, t, src)?;
                continue;
            }
            // Every pending destination is still read: a cycle. Save the
            // first move's destination in a temporary and redirect its
            // readers there.
            let d = pending[0].0;
            let tmp = self.copy_whole(d)?;
            for m in pending.iter_mut() {
                if matches!(m.2, Val::Reg(s) if s == d) {
                    m.2 = Val::Reg(tmp);
                }
            }
        }
        Ok(())
    }

    /// A copy of every dword of `r` in a fresh register of the same file.
    fn copy_whole(&mut self, r: VReg) -> Result<VReg, Error> {
        let info = self.mf.info(r);
        let d = self.mf.new_vreg(info.file, info.dwords);
        let name = if info.file == File::Sgpr {
            "s_mov_b32"
        } else {
            "v_mov_b32_e32"
        };
        for k in 0..info.dwords {
            self.emit(name, vec![Self::sub(d, k), Self::sub(r, k)], 1)?;
        }
        Ok(d)
    }

    /// A phi register, created before the `if`/`loop` it merges. A lane
    /// mask starts at 0: its writes keep the lanes outside EXEC
    /// (`(dst & ~exec) | ...`), so the first write would otherwise read an
    /// undefined register.
    fn merge_reg(&mut self, t: Type, uniform: bool) -> Result<VReg, Error> {
        let r = if t == Type::Bool {
            let m = self.mask();
            let mov = self.lm("s_mov");
            self.emit(&mov, vec![self.r(m), MOp::Phys(Operand::int(0))], 1)?;
            m
        } else if uniform {
            self.sreg(Self::dwords(t))
        } else {
            self.vreg(Self::dwords(t))
        };
        self.mf.vregs[r.0 as usize].merge = true;
        Ok(r)
    }

    fn branch(&mut self, name: &str, target: BlockId) -> Result<(), Error> {
        self.emit(name, vec![MOp::Label(target)], 0)
    }

    fn yields(b: &Block) -> Option<&Vec<Value>> {
        match b.terminator().map(|t| &t.op) {
            Some(Op::Yield(v)) => Some(v),
            _ => None,
        }
    }

    fn if_(
        &mut self,
        res: &[Value],
        cond: Value,
        then_blk: &'a Block,
        else_blk: &'a Block,
    ) -> Result<(), Error> {
        // Result registers: SGPRs only if uniform and every yielded value is
        // scalar (decided after the arms: pick VGPR when unsure).
        let types: Vec<Type> = res.iter().map(|&r| self.ty(r)).collect();
        let uni: Vec<bool> = res
            .iter()
            .enumerate()
            .map(|(i, &r)| {
                self.uniform[r.index()]
                    && [then_blk, else_blk].iter().all(|b| {
                        Self::yields(b)
                            .and_then(|v| v.get(i))
                            .is_some_and(|v| scalar_candidate(self.f, *v, &self.uniform))
                    })
            })
            .collect();
        let outs: Vec<VReg> = types
            .iter()
            .zip(&uni)
            .map(|(&t, &u)| self.merge_reg(t, u))
            .collect::<Result<_, _>>()?;
        let c = self.in_reg(cond)?;
        let saved = self.mask();
        self.mf.vregs[saved.0 as usize].merge = true;
        let name = self.lm("s_and_saveexec");
        self.emit(&name, vec![self.r(saved), self.r(c)], 1)?;
        let else_b = self.new_block_deferred();
        self.branch("s_cbranch_execz", else_b)?;
        self.start_block();
        self.frames.push(Frame::If { saved });
        self.block(then_blk)?;
        if let Some(vs) = Self::yields(then_blk) {
            for ((&o, &t), &v) in outs.iter().zip(&types).zip(vs) {
                self.write_merge(o, t, v)?;
            }
        }
        self.place(else_b);
        let has_else =
            !outs.is_empty() || else_blk.insts.iter().any(|i| !matches!(i.op, Op::Yield(_)));
        if has_else {
            let exec = self.exec();
            let andn2 = self.lm("s_andn2");
            self.emit(&andn2, vec![exec, self.r(saved), self.r(c)], 1)?;
            let end_b = self.new_block_deferred();
            self.branch("s_cbranch_execz", end_b)?;
            self.start_block();
            self.block(else_blk)?;
            if let Some(vs) = Self::yields(else_blk) {
                for ((&o, &t), &v) in outs.iter().zip(&types).zip(vs) {
                    self.write_merge(o, t, v)?;
                }
            }
            self.place(end_b);
        }
        self.frames.pop();
        let exec = self.exec();
        let mov = self.lm("s_mov");
        self.emit(&mov, vec![exec, self.r(saved)], 1)?;
        for (&r, &o) in res.iter().zip(&outs) {
            self.set(r, o);
        }
        Ok(())
    }

    /// A block created now but placed later in layout (`place`).
    fn new_block_deferred(&mut self) -> BlockId {
        // Blocks are laid out in creation order; a deferred block is given
        // its index when placed, so we hand out a placeholder that `place`
        // renames. To keep it simple we reserve an id now and move the
        // block to the end of the layout when it is placed.
        let l = self.loop_stack.last().copied();
        self.mf.new_block(l)
    }

    /// Make deferred block `b` current, moving it to the end of the layout.
    fn place(&mut self, b: BlockId) {
        let idx = b.0 as usize;
        let last = self.mf.blocks.len() - 1;
        if idx != last {
            // Swap-free move: rotate `b` to the end and renumber labels.
            let blk = self.mf.blocks.remove(idx);
            self.mf.blocks.push(blk);
            let remap = |x: u32| -> u32 {
                if x as usize == idx {
                    last as u32
                } else if x as usize > idx {
                    x - 1
                } else {
                    x
                }
            };
            for blk in &mut self.mf.blocks {
                for inst in &mut blk.insts {
                    for op in &mut inst.ops {
                        if let MOp::Label(t) = op {
                            t.0 = remap(t.0);
                        }
                    }
                }
            }
            for fr in &mut self.frames {
                if let Frame::Loop(l) = fr {
                    l.latch.0 = remap(l.latch.0);
                }
            }
            for li in &mut self.mf.loops {
                li.head.0 = remap(li.head.0);
                li.latch.0 = remap(li.latch.0);
            }
            self.cur.0 = remap(self.cur.0);
        }
        self.cur = BlockId(last as u32);
    }

    fn loop_(
        &mut self,
        res: &[Value],
        inits: &[Value],
        params: &[Value],
        body: &'a Block,
    ) -> Result<(), Error> {
        let ptypes: Vec<Type> = params.iter().map(|&p| self.ty(p)).collect();
        let rtypes: Vec<Type> = res.iter().map(|&r| self.ty(r)).collect();
        // Loop-carried registers: SGPRs only for uniform values whose
        // initial and continued values are all scalar candidates.
        let mut pregs = Vec::new();
        for (i, (&p, &t)) in params.iter().zip(&ptypes).enumerate() {
            let u = self.uniform[p.index()]
                && scalar_candidate(self.f, inits[i], &self.uniform)
                && continues(body).iter().all(|vs| {
                    vs.get(i)
                        .is_some_and(|v| scalar_candidate(self.f, *v, &self.uniform))
                })
                && {
                    // A uniform param carried through a param that is a
                    // VGPR candidate stays scalar only if it is not itself
                    // computed from VGPRs; scalar_candidate checks that.
                    true
                };
            let r = self.merge_reg(t, u)?;
            self.write_merge(r, t, inits[i])?;
            pregs.push(r);
            self.set(p, r);
        }
        let mut rregs = Vec::new();
        for (i, (&r, &t)) in res.iter().zip(&rtypes).enumerate() {
            let u = self.uniform[r.index()]
                && breaks(body).iter().all(|vs| {
                    vs.get(i)
                        .is_some_and(|v| scalar_candidate(self.f, *v, &self.uniform))
                });
            rregs.push(self.merge_reg(t, u)?);
        }
        let saved = self.mask();
        let cont = self.mask();
        self.mf.vregs[saved.0 as usize].merge = true;
        self.mf.vregs[cont.0 as usize].merge = true;
        let mov = self.lm("s_mov");
        let exec = self.exec();
        self.emit(&mov, vec![self.r(saved), exec], 1)?;
        self.emit(&mov, vec![self.r(cont), MOp::Phys(Operand::int(0))], 1)?;

        let loop_id = self.mf.loops.len() as u32;
        let parent = self.loop_stack.last().copied();
        self.loop_stack.push(loop_id);
        let head = self.start_block();
        let latch = self.new_block_deferred();
        self.mf.loops.push(LoopInfo {
            head,
            latch,
            parent,
        });
        self.frames.push(Frame::Loop(LoopFrame {
            saved,
            cont,
            params: pregs,
            param_types: ptypes,
            results: rregs.clone(),
            result_types: rtypes,
            latch,
        }));
        self.block(body)?;
        let Some(Frame::Loop(lf)) = self.frames.pop() else {
            return Err(Error::invariant("instruction selection", "loop frame"));
        };
        self.place(lf.latch);
        let exec = self.exec();
        let or = self.lm("s_or");
        self.emit(&or, vec![exec, exec, self.r(cont)], 1)?;
        self.emit(&mov, vec![self.r(cont), MOp::Phys(Operand::int(0))], 1)?;
        let head_now = self.mf.loops[loop_id as usize].head;
        self.branch("s_cbranch_execnz", head_now)?;
        self.loop_stack.pop();
        self.start_block();
        let exec = self.exec();
        self.emit(&mov, vec![exec, self.r(saved)], 1)?;
        for (&r, &o) in res.iter().zip(&rregs) {
            self.set(r, o);
        }
        Ok(())
    }

    /// Index of the innermost loop frame.
    fn loop_frame(&self) -> Result<usize, Error> {
        self.frames
            .iter()
            .rposition(|f| matches!(f, Frame::Loop(_)))
            .ok_or_else(|| {
                Error::invariant("instruction selection", "break/continue outside a loop")
            })
    }

    /// Remove the current lanes from the saved masks of frames above `from`
    /// (ifs, and loops when `loops`), then clear EXEC.
    fn retire_lanes(&mut self, from: usize, loops: bool) -> Result<(), Error> {
        let andn2 = self.lm("s_andn2");
        let exec = self.exec();
        let regs: Vec<VReg> = self.frames[from..]
            .iter()
            .filter_map(|f| match f {
                Frame::If { saved } => Some(*saved),
                Frame::Loop(l) if loops => Some(l.saved),
                _ => None,
            })
            .collect();
        for s in regs {
            self.emit(&andn2, vec![self.r(s), self.r(s), exec], 1)?;
        }
        let mov = self.lm("s_mov");
        self.emit(&mov, vec![exec, MOp::Phys(Operand::int(0))], 1)
    }

    fn break_(&mut self, vs: &[Value]) -> Result<(), Error> {
        let li = self.loop_frame()?;
        let (regs, types) = match &self.frames[li] {
            Frame::Loop(l) => (l.results.clone(), l.result_types.clone()),
            _ => unreachable!("loop_frame returns a loop"),
        };
        for ((r, t), v) in regs.iter().zip(types).zip(vs) {
            self.write_merge(*r, t, *v)?;
        }
        self.retire_lanes(li + 1, false)
    }

    fn continue_(&mut self, vs: &[Value]) -> Result<(), Error> {
        let li = self.loop_frame()?;
        let (regs, types, cont) = match &self.frames[li] {
            Frame::Loop(l) => (l.params.clone(), l.param_types.clone(), l.cont),
            _ => unreachable!("loop_frame returns a loop"),
        };
        let moves: Vec<(VReg, Type, Value)> = regs
            .iter()
            .zip(types)
            .zip(vs)
            .map(|((&r, t), &v)| (r, t, v))
            .collect();
        self.write_merges(&moves)?;
        if li + 1 == self.frames.len() {
            // Top level of the body: fall through to the latch.
            return Ok(());
        }
        let or = self.lm("s_or");
        let exec = self.exec();
        self.emit(&or, vec![self.r(cont), self.r(cont), exec], 1)?;
        self.retire_lanes(li + 1, false)
    }

    fn ret(&mut self) -> Result<(), Error> {
        if self.frames.is_empty() {
            // Kernel top level: end the program here.
            return self.emit("s_endpgm", vec![MOp::Phys(Operand::Imm(0))], 0);
        }
        self.retire_lanes(0, true)
    }
}

/// Whether `v` may live in SGPRs: uniform and produced by an operation we
/// select to SALU (or a constant / parameter / workgroup geometry).
fn scalar_candidate(f: &Function, v: Value, uniform: &[bool]) -> bool {
    if !uniform[v.index()] {
        return false;
    }
    let t = f.values[v.index()].ty;
    if t.is_float() || t == Type::Bool {
        return false;
    }
    if f.params.contains(&v) {
        return true;
    }
    fn find(b: &Block, v: Value) -> Option<&Op> {
        for i in &b.insts {
            if i.results.contains(&v) {
                return Some(&i.op);
            }
            let inner = match &i.op {
                Op::If {
                    then_blk, else_blk, ..
                } => find(then_blk, v).or_else(|| find(else_blk, v)),
                Op::Loop { params, body, .. } => {
                    if params.contains(&v) {
                        return None;
                    }
                    find(body, v)
                }
                _ => None,
            };
            if inner.is_some() {
                return inner;
            }
        }
        None
    }
    match find(&f.body, v) {
        Some(Op::Const { .. }) | Some(Op::Geometry { .. }) | Some(Op::LdsAlloc { .. }) => true,
        Some(Op::Binary { op, lhs, rhs }) => {
            !(matches!(op, BinOp::Div | BinOp::Rem)
                || t.bits() == 64 && matches!(op, BinOp::Mul | BinOp::Min | BinOp::Max))
                && scalar_candidate(f, *lhs, uniform)
                && scalar_candidate(f, *rhs, uniform)
        }
        Some(Op::Unary { op, arg }) => {
            matches!(op, UnOp::Not | UnOp::Neg | UnOp::Abs)
                && t.bits() == 32
                && scalar_candidate(f, *arg, uniform)
        }
        Some(Op::Cvt { arg, .. }) | Some(Op::Bitcast { arg, .. }) => {
            scalar_candidate(f, *arg, uniform)
        }
        Some(Op::PtrAdd { ptr, offset }) => {
            scalar_candidate(f, *ptr, uniform) && scalar_candidate(f, *offset, uniform)
        }
        // Loop params and if results: conservatively vector.
        _ => false,
    }
}

/// How a 32-bit division by a constant is done (Granlund and Montgomery,
/// "Division by invariant integers using multiplication", 1994; Hacker's
/// Delight 10-1 for the signed magic numbers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DivPlan {
    /// Unsigned by 2^k: `x >> k`.
    Shift(u32),
    /// Unsigned: `mulhi(x, m) >> s`.
    MulShift { m: u32, s: u32 },
    /// Unsigned when no 32-bit `m` fits: `t = mulhi(x, m)`,
    /// `(t + ((x - t) >> 1)) >> s`.
    MulAddShift { m: u32, s: u32 },
    /// Signed by 2^k (k in 1..=30): `(x + (x >> 31 >>> (32 - k))) >> k`.
    SignedShift(u32),
    /// Signed by c >= 3: `q = mulhi_i32(x, m) (+ x)`, `(q >> s) + (x >>> 31)`.
    SignedMul { m: u32, s: u32, add_x: bool },
}

/// The plan for dividing by `c`, or `None` to use the general sequence
/// (0, 1, negative signed divisors).
pub fn div_plan(c: u32, signed: bool) -> Option<DivPlan> {
    if signed {
        let d = c as i32;
        if d < 2 {
            return None;
        }
        if c.is_power_of_two() {
            return Some(DivPlan::SignedShift(c.trailing_zeros()));
        }
        // Hacker's Delight figure 10-1 (d >= 2).
        let two31: u32 = 0x8000_0000;
        let ad = c;
        let anc = two31 - 1 - two31 % ad;
        let mut p = 31u32;
        let (mut q1, mut r1) = (two31 / anc, two31 - (two31 / anc) * anc);
        let (mut q2, mut r2) = (two31 / ad, two31 - (two31 / ad) * ad);
        loop {
            p += 1;
            q1 = q1.wrapping_mul(2);
            r1 = r1.wrapping_mul(2);
            if r1 >= anc {
                q1 = q1.wrapping_add(1);
                r1 = r1.wrapping_sub(anc);
            }
            q2 = q2.wrapping_mul(2);
            r2 = r2.wrapping_mul(2);
            if r2 >= ad {
                q2 = q2.wrapping_add(1);
                r2 = r2.wrapping_sub(ad);
            }
            let delta = ad - r2;
            if !(q1 < delta || (q1 == delta && r1 == 0)) {
                break;
            }
        }
        let m = q2.wrapping_add(1);
        return Some(DivPlan::SignedMul {
            m,
            s: p - 32,
            add_x: (m as i32) < 0,
        });
    }
    if c < 2 {
        return None;
    }
    if c.is_power_of_two() {
        return Some(DivPlan::Shift(c.trailing_zeros()));
    }
    let d = c as u128;
    // Smallest s with m = ceil(2^(32+s) / d) < 2^32 and m*d - 2^(32+s) <= 2^s.
    for s in 0..32u32 {
        let p = 1u128 << (32 + s);
        let m = p.div_ceil(d);
        if m < (1 << 32) && m * d - p <= (1u128 << s) {
            return Some(DivPlan::MulShift { m: m as u32, s });
        }
    }
    let l = 32 - (c - 1).leading_zeros(); // ceil(log2 c), >= 2 here
    let m = (((1u128 << 32) * ((1u128 << l) - d)) / d + 1) as u32;
    Some(DivPlan::MulAddShift { m, s: l - 1 })
}

/// Largest offset folded into a global access (the field is 13 bits
/// signed; room is left for the pieces of a misaligned access).
const MAX_FOLDED_OFFSET: i64 = 2040;

/// Per value: `Some((root, offset))` for a global pointer `ptradd` chain
/// off a divergent `root` by constants, when every use of the value is the
/// address of a load or store or the base of another folded pointer.
/// The 16-bit offset of a single-address DS instruction, as its encoding
/// holds it: low byte in offset0, high byte in offset1 (CDNA3 / RDNA3 ISA,
/// "DS" encoding). Offsets beyond 16 bits stay whole, so encoding rejects
/// them.
fn ds_offset(off: i32) -> Mods {
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

fn folded_offsets(f: &Function, uniform: &[bool]) -> Vec<Option<(Value, i64)>> {
    #[derive(Default, Clone, Copy)]
    struct Uses {
        /// Used other than as an access address or a folded chain's base.
        other: bool,
    }
    fn walk<'b>(b: &'b Block, out: &mut Vec<&'b silk_gpu_ir::Inst>) {
        for i in &b.insts {
            out.push(i);
            match &i.op {
                Op::If {
                    then_blk, else_blk, ..
                } => {
                    walk(then_blk, out);
                    walk(else_blk, out);
                }
                Op::Loop { body, .. } => walk(body, out),
                _ => {}
            }
        }
    }
    let mut insts = Vec::new();
    walk(&f.body, &mut insts);
    let n = f.values.len();
    let mut consts: Vec<Option<i64>> = vec![None; n];
    let mut cand: Vec<Option<(Value, i64)>> = vec![None; n];
    for i in &insts {
        match &i.op {
            Op::Const { ty, bits } if ty.is_int() => {
                let v = if ty.is_signed_int() && ty.bits() == 32 {
                    *bits as u32 as i32 as i64
                } else if ty.bits() == 32 {
                    *bits as u32 as i64
                } else {
                    *bits as i64
                };
                consts[i.results[0].index()] = Some(v);
            }
            Op::PtrAdd { ptr, offset }
                if f.values[ptr.index()].ty == Type::Ptr(AddrSpace::Global) =>
            {
                if let Some(c) = consts[offset.index()] {
                    cand[i.results[0].index()] = Some((*ptr, c));
                }
            }
            _ => {}
        }
    }
    // Uses that need the value in a register.
    let mut uses = vec![Uses::default(); n];
    for i in &insts {
        let ops = i.op.operands();
        for (k, &v) in ops.iter().enumerate() {
            let addr = match &i.op {
                Op::Load { .. } => true,
                Op::Store { value, .. } => k == 0 && v != *value,
                Op::PtrAdd { .. } => k == 0 && cand[i.results[0].index()].is_some(),
                _ => false,
            };
            if !addr {
                uses[v.index()].other = true;
            }
        }
        if let Op::Loop { params, .. } = &i.op {
            for &p in params {
                uses[p.index()].other = true;
            }
        }
    }
    // Top down, in definition order: fold onto the parent's root.
    let mut folded: Vec<Option<(Value, i64)>> = vec![None; n];
    let mut order = Vec::new();
    for i in &insts {
        let r = i.results.first().map(|v| v.index());
        let (Op::PtrAdd { ptr, .. }, Some(r)) = (&i.op, r) else {
            continue;
        };
        let Some((_, c)) = cand[r] else { continue };
        let (root, base) = folded[ptr.index()].unwrap_or((*ptr, 0));
        let off = base + c;
        if !uses[r].other && !uniform[root.index()] && (0..=MAX_FOLDED_OFFSET).contains(&off) {
            folded[r] = Some((root, off));
        }
        order.push((r, ptr.index()));
    }
    // Bottom up: a pointer that is computed needs its parent computed.
    for &(r, parent) in order.iter().rev() {
        if folded[r].is_none() {
            folded[parent] = None;
        }
    }
    folded
}

/// Per value: `Some((x, k))` for a divergent 64-bit `x << k` (`shl` or
/// `mul` by 2^k, k in 1..=4, `x` not a constant) whose every use is the
/// offset of a global `ptradd` (for `v_lshl_add_u64`).
fn fused_offsets(f: &Function, uniform: &[bool]) -> Vec<Option<(Value, u32)>> {
    fn walk<'b>(b: &'b Block, out: &mut Vec<&'b silk_gpu_ir::Inst>) {
        for i in &b.insts {
            out.push(i);
            match &i.op {
                Op::If {
                    then_blk, else_blk, ..
                } => {
                    walk(then_blk, out);
                    walk(else_blk, out);
                }
                Op::Loop { body, .. } => walk(body, out),
                _ => {}
            }
        }
    }
    let mut insts = Vec::new();
    walk(&f.body, &mut insts);
    let n = f.values.len();
    let mut consts: Vec<Option<u64>> = vec![None; n];
    let mut cand: Vec<Option<(Value, u32)>> = vec![None; n];
    for i in &insts {
        let Some(&r) = i.results.first() else {
            continue;
        };
        let t = f.values[r.index()].ty;
        let shift = |c: Option<u64>| c.filter(|c| matches!(c, 2 | 4 | 8 | 16));
        match &i.op {
            Op::Const { bits, .. } => consts[r.index()] = Some(*bits),
            Op::Binary { op, lhs, rhs } if t.is_int() && t.bits() == 64 && !uniform[r.index()] => {
                let (cl, cr) = (consts[lhs.index()], consts[rhs.index()]);
                let x_k = match op {
                    BinOp::Mul if cl.is_none() => shift(cr).map(|c| (*lhs, c.trailing_zeros())),
                    BinOp::Mul if cr.is_none() => shift(cl).map(|c| (*rhs, c.trailing_zeros())),
                    BinOp::Shl if cl.is_none() => {
                        cr.filter(|k| (1..=4).contains(k)).map(|k| (*lhs, k as u32))
                    }
                    _ => None,
                };
                cand[r.index()] = x_k;
            }
            _ => {}
        }
    }
    let mut other = vec![false; n];
    for i in &insts {
        let offset = match &i.op {
            Op::PtrAdd { ptr, offset }
                if ptr != offset && f.values[ptr.index()].ty == Type::Ptr(AddrSpace::Global) =>
            {
                Some(*offset)
            }
            _ => None,
        };
        for v in i.op.operands() {
            if Some(v) != offset {
                other[v.index()] = true;
            }
        }
        if let Op::Loop { params, .. } = &i.op {
            for &p in params {
                other[p.index()] = true;
            }
        }
    }
    (0..n).map(|v| cand[v].filter(|_| !other[v])).collect()
}

/// Per value: `Some((x, amt))` for a divergent 32-bit `shl x, amt` whose
/// every use is an `or`/`add` that takes it as its shifted operand (the
/// left one when both operands are such shifts).
fn fused_shifts(f: &Function, uniform: &[bool]) -> Vec<Option<(Value, Value)>> {
    fn walk<'b>(b: &'b Block, out: &mut Vec<&'b silk_gpu_ir::Inst>) {
        for i in &b.insts {
            out.push(i);
            match &i.op {
                Op::If {
                    then_blk, else_blk, ..
                } => {
                    walk(then_blk, out);
                    walk(else_blk, out);
                }
                Op::Loop { body, .. } => walk(body, out),
                _ => {}
            }
        }
    }
    let mut insts = Vec::new();
    walk(&f.body, &mut insts);
    let n = f.values.len();
    let int32 = |v: Value| matches!(f.values[v.index()].ty, Type::I32 | Type::U32);
    let mut cand: Vec<Option<(Value, Value)>> = vec![None; n];
    for i in &insts {
        if let Op::Binary {
            op: BinOp::Shl,
            lhs,
            rhs,
        } = &i.op
        {
            let r = i.results[0];
            if int32(r) && !uniform[r.index()] {
                cand[r.index()] = Some((*lhs, *rhs));
            }
        }
    }
    let mut other = vec![false; n];
    for i in &insts {
        let claimed = match &i.op {
            Op::Binary {
                op: BinOp::Or | BinOp::Add,
                lhs,
                rhs,
            } if lhs != rhs && int32(*lhs) && !uniform[i.results[0].index()] => {
                if cand[lhs.index()].is_some() {
                    Some(*lhs)
                } else {
                    Some(*rhs)
                }
            }
            _ => None,
        };
        for v in i.op.operands() {
            if Some(v) != claimed {
                other[v.index()] = true;
            }
        }
        if let Op::Loop { params, .. } = &i.op {
            for &p in params {
                other[p.index()] = true;
            }
        }
    }
    (0..n).map(|v| cand[v].filter(|_| !other[v])).collect()
}

/// Per value: a 64-bit integer converted from `u32` (high dword zero).
fn zero_extended(f: &Function) -> Vec<bool> {
    fn walk(f: &Function, b: &Block, out: &mut Vec<bool>) {
        for i in &b.insts {
            match &i.op {
                Op::Cvt { arg, to }
                    if to.is_int() && to.bits() == 64 && f.values[arg.index()].ty == Type::U32 =>
                {
                    out[i.results[0].index()] = true;
                }
                Op::If {
                    then_blk, else_blk, ..
                } => {
                    walk(f, then_blk, out);
                    walk(f, else_blk, out);
                }
                Op::Loop { body, .. } => walk(f, body, out),
                _ => {}
            }
        }
    }
    let mut out = vec![false; f.values.len()];
    walk(f, &f.body, &mut out);
    out
}

fn collect<'b>(b: &'b Block, want_break: bool, out: &mut Vec<&'b Vec<Value>>) {
    for i in &b.insts {
        match &i.op {
            Op::Break(v) if want_break => out.push(v),
            Op::Continue(v) if !want_break => out.push(v),
            Op::If {
                then_blk, else_blk, ..
            } => {
                collect(then_blk, want_break, out);
                collect(else_blk, want_break, out);
            }
            _ => {} // nested loops own their breaks/continues
        }
    }
}

fn continues(b: &Block) -> Vec<&Vec<Value>> {
    let mut v = Vec::new();
    collect(b, false, &mut v);
    v
}

fn breaks(b: &Block) -> Vec<&Vec<Value>> {
    let mut v = Vec::new();
    collect(b, true, &mut v);
    v
}

fn scan_geometry(b: &Block, wg: &mut [bool; 3], tid: &mut u32) {
    for i in &b.insts {
        match &i.op {
            Op::Geometry {
                query: Geometry::WorkGroupId,
                dim,
            } => wg[dim.index()] = true,
            Op::Geometry {
                query: Geometry::WorkItemId,
                dim,
            } => *tid = (*tid).max(dim.index() as u32),
            Op::If {
                then_blk, else_blk, ..
            } => {
                scan_geometry(then_blk, wg, tid);
                scan_geometry(else_blk, wg, tid);
            }
            Op::Loop { body, .. } => scan_geometry(body, wg, tid),
            _ => {}
        }
    }
}

fn uses_hidden(b: &Block) -> bool {
    b.insts.iter().any(|i| match &i.op {
        Op::Geometry { query, .. } => {
            matches!(query, Geometry::WorkGroupSize | Geometry::GridSize)
        }
        Op::If {
            then_blk, else_blk, ..
        } => uses_hidden(then_blk) || uses_hidden(else_blk),
        Op::Loop { body, .. } => uses_hidden(body),
        _ => false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plan's steps on the CPU, in 32-bit arithmetic as the VALU does.
    fn run(plan: DivPlan, x: u32) -> u32 {
        let mulhi_u = |a: u32, b: u32| ((a as u64 * b as u64) >> 32) as u32;
        let mulhi_i = |a: u32, b: u32| ((a as i32 as i64 * b as i32 as i64) >> 32) as u32;
        match plan {
            DivPlan::Shift(k) => x >> k,
            DivPlan::MulShift { m, s } => mulhi_u(x, m) >> s,
            DivPlan::MulAddShift { m, s } => {
                let t = mulhi_u(x, m);
                (t.wrapping_add(x.wrapping_sub(t) >> 1)) >> s
            }
            DivPlan::SignedShift(k) => {
                let bias = ((x as i32 >> 31) as u32) >> (32 - k);
                (x.wrapping_add(bias) as i32 >> k) as u32
            }
            DivPlan::SignedMul { m, s, add_x } => {
                let mut q = mulhi_i(x, m);
                if add_x {
                    q = q.wrapping_add(x);
                }
                ((q as i32 >> s) as u32).wrapping_add(x >> 31)
            }
        }
    }

    /// Every plan agrees with Rust's division on edge and pseudo-random
    /// dividends, for small, large and awkward divisors.
    #[test]
    fn constant_division_plans_match_division() {
        let mut divisors: Vec<u32> = (2..600).collect();
        divisors.extend([
            641,
            1000,
            6700417,
            0x7fff_ffff,
            0x8000_0001,
            0xffff_fffe,
            0xffff_ffff,
            1 << 30,
            1 << 31,
            3 << 29,
        ]);
        let mut xs: Vec<u32> = vec![0, 1, 2, 3, 0x7fff_ffff, 0x8000_0000, 0x8000_0001, u32::MAX];
        let mut r = 0x1234_5678u32;
        for _ in 0..400 {
            r = r.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            xs.push(r);
        }
        let mut planned = 0;
        for &c in &divisors {
            let mut local = xs.clone();
            local.extend([c.wrapping_sub(1), c, c.wrapping_add(1), c.wrapping_mul(7)]);
            local.extend([c.wrapping_neg(), c.wrapping_neg().wrapping_add(1)]);
            if let Some(p) = div_plan(c, false) {
                planned += 1;
                for &x in &local {
                    assert_eq!(run(p, x), x / c, "{x} / {c} with {p:?}");
                }
            }
            if let Some(p) = div_plan(c, true) {
                planned += 1;
                for &x in &local {
                    let want = (x as i32).wrapping_div(c as i32) as u32;
                    assert_eq!(run(p, x), want, "{} / {} with {p:?}", x as i32, c as i32);
                }
            }
        }
        assert!(planned > 1000, "only {planned} plans");
    }
}
