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
//!   then `s_mov exec, saved`. A loop whose only ways out are top-level
//!   `if`s on uniform conditions with a `break`-only arm (no lane leaves
//!   mid-iteration) instead tests each condition on EXEC and takes an
//!   `s_cbranch_scc1` to an out-of-line block after the latch that writes
//!   the results; the latch is `s_branch HEAD` and an `s_cbranch_execz`
//!   in front skips the loop when no lane enters.
//! - `break` / nested `continue` / `ret` write their values under the
//!   current EXEC, remove the current lanes from the saved masks of the
//!   enclosing `if`s (up to the loop, or all frames for `ret`; `ret` also
//!   removes them from enclosing loops' saved masks), add them to `cont`
//!   (continue), and clear EXEC. A `ret` at the kernel's top level ends the
//!   program.
//! - Phi writes to VGPRs are plain moves (EXEC keeps other lanes); to lane
//!   masks they are `(dst & ~exec) | (src & exec)`; to SGPRs (uniform) a
//!   move, since only one arm runs.

use crate::abi::ArgLayout;
use crate::mir::{BlockId, File, LoopInfo, MFunction, MInst, MOp, VReg};
use crate::Error;
use silk_amdgpu::code_object::HiddenArg;
use silk_amdgpu::isa::operand::inline_float_code;
use silk_amdgpu::isa::{format, operand, table, Family, Mods, Op, Opcode, Operand, Ty};
use silk_amdgpu::target::{Generation, Processor};
use silk_gpu_ir::Op as IrOp;
use silk_gpu_ir::{
    AddrSpace, AtomicOp, BinOp, Block, CmpPred, Dim, Function, Geometry, Type, UnOp, Value,
};

mod analysis;
mod atomic;
mod compare;
mod control;
mod convert;
mod divrem;
mod float;
mod int;
mod memory;
mod precoloured;
mod scalar_loads;
mod setup;
mod vector;

use analysis::*;
use divrem::DivCore;
pub use divrem::{div_plan, DivPlan};
use memory::*;

/// What the selected kernel needs from the ABI.
#[derive(Clone, Debug, Default)]
pub struct Needs {
    /// The dispatch packet pointer (for the grid size).
    pub dispatch_ptr: bool,
    pub workgroup_id: [bool; 3],
    /// Highest work-item id dimension read (0 = x only).
    pub workitem_id_max: u32,
    pub hidden: Vec<HiddenArg>,
    pub lds_bytes: u32,
}

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
    /// A `break` of this loop has been selected.
    seen_break: bool,
    /// Every way out is a top-level `if` on a uniform condition whose arm
    /// is only `break` (see `control::uniform_exits`): no lane leaves
    /// mid-iteration, so breaks are scalar branches to out-of-line blocks
    /// and the back-edge is a plain `s_branch`.
    uniform_exits: bool,
    /// The block after the loop (uniform-exit loops only).
    exit: Option<BlockId>,
    /// Out-of-line break blocks and their values, placed after the latch.
    exits: Vec<(BlockId, Vec<Value>)>,
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
    dispatch: Option<VReg>,
    wg_id: [Option<VReg>; 3],
    tid: Option<VReg>,
    tid_dims: [Option<VReg>; 3],
    lds_next: u32,
    /// Per IR value: a 64-bit integer below 2^32 (zero-extended from
    /// `u32`, or shifted right by 32).
    zext: Vec<bool>,
    /// Per IR value: a 64-bit integer widened from a 32-bit one, whose low
    /// dword is this operand (the 32-bit value's register).
    widened: Vec<Option<MOp>>,
    /// Per IR value: a 64-bit integer sign-extended from `i32`.
    sext: Vec<bool>,
    /// Per IR value: how many operands name it (loop parameters count
    /// once more, as the loop writes them).
    uses: Vec<u32>,
    /// Per IR value: an `if` result that an enclosing `if` arm yields and
    /// nothing else reads, with that enclosing result's register, which
    /// the inner `if` then writes directly.
    merge_target: Vec<Option<VReg>>,
    /// Per IR value: a global pointer that only memory accesses and other
    /// such pointers use, so it is not computed (see [`Folded`]).
    folded: Vec<Option<Folded>>,
    /// Per IR value: a 32-bit `shl x, amt` used only by `or`/`add`s that
    /// select it into `v_lshl_or_b32` / `v_lshl_add_u32` (not computed).
    fused_shl: Vec<Option<(Value, Value)>>,
    /// Per IR value: a 64-bit offset used only as global `ptradd`
    /// offsets, each of which computes it with the base in one
    /// instruction (not computed on its own; see [`FusedOff`]).
    fused_off: Vec<Option<FusedOff>>,
    /// Per IR value: a zero extension read only by fused offsets (not
    /// computed).
    dead_zext: Vec<bool>,
    /// Kernarg dwords and hidden arguments loaded in the entry block, which
    /// dominates everything: later reads reuse them.
    entry_dwords: Vec<(u32, VReg)>,
    entry_hidden: Vec<(HiddenArg, VReg)>,
    /// A VGPR holding 0 in the current block (the 32-bit offset of a
    /// `saddr` access without one, an LDS address); cleared whenever the
    /// current block changes.
    zero_vgpr: Option<VReg>,
    /// Per loop being selected: the zero VGPR made before it, which its
    /// blocks share.
    loop_zero: Vec<Option<VReg>>,
    /// 64-bit constants put in SGPR pairs in the current block (an `s_mov`
    /// runs only where its block does): later reads share the pair.
    const_pairs: Vec<(u64, VReg)>,
    /// Grid sizes (by dimension) loaded in the entry block.
    entry_grid: Vec<(usize, VReg)>,
    /// Divisions done so far in the current block: (dividend, divisor,
    /// signed) and result. Cleared whenever the current block changes
    /// (block ids are no key: `place` renumbers blocks).
    div_cache: Vec<((Value, Value, bool), DivCore)>,
    /// Per IR value: a matrix result written over its C operand (see
    /// [`vector::tied_accumulators`]).
    tied: Vec<bool>,
    /// Per IR value: a load selected to a scalar load (see
    /// [`scalar_loads`]).
    smem: Vec<bool>,
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
    match inline_float_code(u64::from(bits), Ty::B32) {
        Some(code) => Operand::Const(code as u8),
        None => Operand::Literal(bits),
    }
}

/// Operand for the bits of an `f16` constant: the inline float constants
/// (codes 240-248 read as f16 by 16-bit float operands), inline integers,
/// or a literal.
pub fn imm16(bits: u16) -> Operand {
    match inline_float_code(u64::from(bits), Ty::F16) {
        Some(code) => Operand::Const(code as u8),
        None if bits <= 64 => Operand::int(i32::from(bits)),
        None => Operand::Literal(u32::from(bits)),
    }
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
        let smem = scalar_loads::scalar_loads(f, &uniform);
        let fused_shl = fused_shifts(f, &uniform);
        let (fused_off, dead_zext) = fused_offsets(f, &uniform, Op::V_LSHL_ADD_U64.on(p).is_some());
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
            dispatch: None,
            wg_id: [None; 3],
            tid: None,
            tid_dims: [None; 3],
            lds_next: 0,
            zext: zero_extended(f),
            widened: vec![None; f.values.len()],
            sext: vec![false; f.values.len()],
            uses: use_counts(f),
            merge_target: vec![None; f.values.len()],
            folded,
            fused_shl,
            fused_off,
            dead_zext,
            entry_dwords: Vec::new(),
            entry_hidden: Vec::new(),
            entry_grid: Vec::new(),
            zero_vgpr: None,
            loop_zero: Vec::new(),
            const_pairs: Vec::new(),
            div_cache: Vec::new(),
            tied: vector::tied_accumulators(f),
            smem,
        }
    }

    // ---- opcode lookup and emission ----

    /// This processor's table entry of `op`.
    fn opcode(&self, op: Op) -> Result<Opcode, Error> {
        op.on(self.p).ok_or_else(|| Error::MissingOpcode {
            name: op.name().to_string(),
            processor: self.p,
        })
    }

    /// Where GFX11 has a different instruction than GFX9 (LLVM's names
    /// differ too: `V_ADD_U32` vs `V_ADD_NC_U32`).
    fn pick(&self, gfx9: Op, gfx11: Op) -> Op {
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

    /// A lane-mask instruction: the 64-bit form in wave64, the 32-bit one
    /// in wave32.
    fn lm(&self, b32: Op, b64: Op) -> Op {
        if self.mf.wave64 {
            b64
        } else {
            b32
        }
    }

    fn exec(&self) -> MOp {
        MOp::Phys(Operand::sgprs(126, self.lanes()))
    }
    fn vcc(&self) -> MOp {
        MOp::Phys(Operand::sgprs(operand::VCC_LO, self.lanes()))
    }
    /// A VOP3 carry-out nothing reads: `null` where GFX11 has it, else VCC.
    fn unread_carry(&self) -> MOp {
        match self.gen {
            Generation::Gfx11 => {
                MOp::Phys(Operand::sgprs(operand::null_code(self.gen), self.lanes()))
            }
            Generation::Gfx9 => self.vcc(),
        }
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

    fn emit(&mut self, op: Op, ops: Vec<MOp>, ndefs: u8) -> Result<(), Error> {
        self.emit_m(op, ops, ndefs, Mods::default())
    }

    fn emit_m(&mut self, op: Op, mut ops: Vec<MOp>, ndefs: u8, mods: Mods) -> Result<(), Error> {
        let op = self.opcode(op)?;
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
                    let mov = self.opcode(Op::S_MOV_B32)?;
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
        self.emit(Op::V_MOV_B32_e32, vec![MOp::whole(v, 1), o], 1)?;
        Ok(MOp::whole(v, 1))
    }

    /// VOP2 (`op` an e32 form): `src1` must be a VGPR; swap when
    /// commutative, else copy.
    fn vop2(&mut self, op: Op, dst: MOp, a: MOp, b: MOp, comm: bool) -> Result<(), Error> {
        let (a, b) = if !self.is_vgpr(&b) && comm && self.is_vgpr(&a) {
            (b, a)
        } else {
            (a, b)
        };
        let b = self.copy_to_vgpr(b)?;
        self.emit(op, vec![dst, a, b], 1)
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
                        Op::V_MOV_B32_e32,
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

    fn vop3(&mut self, op: Op, defs: Vec<MOp>, mut srcs: Vec<MOp>) -> Result<(), Error> {
        self.legalize_vop3(&mut srcs, 0)?;
        let nd = defs.len() as u8;
        let mut ops = defs;
        ops.extend(srcs);
        self.emit(op, ops, nd)
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

    /// Registers of a value (vectors span up to 16).
    fn dwords(t: Type) -> u8 {
        t.dwords() as u8
    }

    /// Dword `k` of a 32/64-bit value as an operand. The high dword of a
    /// value known to be below 2^32 is the constant 0, so the register
    /// dword holding it is not read (and `deadmov` drops its move when
    /// nothing reads the value whole).
    ///
    /// The low dword of a widened 32-bit value is the 32-bit value's own
    /// register, so the copy into the pair is read only where the value
    /// is used whole.
    fn part(&self, v: Value, k: u8) -> Result<MOp, Error> {
        Ok(match self.val(v)? {
            Val::Const(bits) => MOp::Phys(imm32((bits >> (32 * k)) as u32)),
            Val::Reg(_) if k == 1 && self.zext[v.index()] => MOp::Phys(Operand::int(0)),
            Val::Reg(_) if k == 0 && self.widened[v.index()].is_some() => {
                self.widened[v.index()].unwrap_or(MOp::Phys(Operand::int(0)))
            }
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
                if let Some(&(_, s)) = self.const_pairs.iter().find(|(b, _)| *b == bits) {
                    return Ok(MOp::whole(s, 2));
                }
                let s = self.sreg(2);
                self.const_pairs.push((bits, s));
                self.emit(
                    Op::S_MOV_B32,
                    vec![Self::sub(s, 0), MOp::Phys(imm32(bits as u32))],
                    1,
                )?;
                self.emit(
                    Op::S_MOV_B32,
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
                    let name = self.lm(Op::S_MOV_B32, Op::S_MOV_B64);
                    self.emit(name, vec![self.r(s), o], 1)?;
                } else {
                    for k in 0..n {
                        let o = self.part(v, k)?;
                        self.emit(Op::S_MOV_B32, vec![Self::sub(s, k), o], 1)?;
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
            self.emit(Op::V_MOV_B32_e32, vec![Self::sub(d, k), o], 1)?;
        }
        Ok(d)
    }
}
