//! Machine IR: ISA instructions ([`silk_amdgpu::isa::Inst`] opcodes) over
//! virtual registers, in basic blocks laid out in final order.
//!
//! Operands follow LLVM's printed order (the opcode table's operand list);
//! the first `ndefs` operands are definitions. Virtual registers have a
//! register file (SGPR or VGPR) and a width in dwords; an operand names a
//! dword sub-range of one. After register allocation every virtual
//! operand is replaced by [`MOp::Phys`].
//!
//! Most virtual registers are defined once. *Merge* registers (phi results
//! of `if`/`loop`, saved EXEC masks, loop continue masks) are written in
//! several places under different EXEC masks; liveness treats them
//! specially (see `regalloc`).

use crate::Error;
use silk_amdgpu::isa::format::Field;
use silk_amdgpu::isa::{print, table, Inst, Mods, Op, Opcode, Operand, MAX_OPERANDS};
use silk_amdgpu::target::Processor;
use silk_gpu_ir::amdgpu::PhysRegs;
use std::fmt::Write;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VReg(pub u32);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum File {
    Sgpr,
    Vgpr,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VRegInfo {
    pub file: File,
    pub dwords: u8,
    /// Precoloured register (entry SGPRs, v0): its physical index.
    pub fixed: Option<u16>,
    /// Written under several EXEC masks (phi, saved mask): see module docs.
    pub merge: bool,
    /// Loaded from memory the kernel never writes (`ptr<const>`): the
    /// load may pass stores (scheduling).
    pub invariant: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BlockId(pub u32);

/// The successors of a block (at most two: a branch target and the next
/// block), without duplicates.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Succs {
    blocks: [usize; 2],
    len: u8,
}

impl Succs {
    fn push(&mut self, b: usize) {
        self.blocks[self.len as usize] = b;
        self.len += 1;
    }

    pub fn as_slice(&self) -> &[usize] {
        &self.blocks[..self.len as usize]
    }
}

/// One operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MOp {
    /// Dwords `off .. off + n` of a virtual register.
    Reg { r: VReg, off: u8, n: u8 },
    /// A physical register, constant, literal or immediate.
    Phys(Operand),
    /// A branch target (SOPP `simm16`), resolved at emission.
    Label(BlockId),
}

impl MOp {
    pub fn whole(r: VReg, dwords: u8) -> MOp {
        MOp::Reg {
            r,
            off: 0,
            n: dwords,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MInst {
    pub op: Opcode,
    pub ops: Vec<MOp>,
    /// The first `ndefs` operands are written.
    pub ndefs: u8,
    pub mods: Mods,
}

/// An instruction with one definition and no modifiers (for tests).
#[cfg(test)]
pub(crate) fn test_inst(p: Processor, op: Op, ops: Vec<MOp>) -> MInst {
    MInst {
        op: op.on(p).expect("the test's processor has the opcode"),
        ops,
        ndefs: 1,
        mods: Mods::default(),
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MBlock {
    pub insts: Vec<MInst>,
    /// Loop nesting: index into [`MFunction::loops`] of the innermost loop.
    pub loop_id: Option<u32>,
    /// The block writes a uniform (SGPR) merge register: a value another
    /// path writes too, so it must not run when no lane took it (see
    /// [`crate::skip`]).
    pub writes_uniform_merge: bool,
}

/// A loop's extent in block order (for liveness clipping).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoopInfo {
    pub head: BlockId,
    /// Last block of the loop (its latch).
    pub latch: BlockId,
    pub parent: Option<u32>,
}

#[derive(Clone, Debug)]
pub struct MFunction {
    pub processor: Processor,
    pub wave64: bool,
    pub blocks: Vec<MBlock>,
    pub vregs: Vec<VRegInfo>,
    pub loops: Vec<LoopInfo>,
    /// The registers precoloured operations name (reserved by register
    /// allocation for the whole function).
    pub precoloured: Vec<PhysRegs>,
    /// The instructions of precoloured operations, as (block, index in
    /// the block), in selection order: the kernel author owns their
    /// order, which the scheduler keeps among them (and updates here).
    pub pinned: Vec<(BlockId, u32)>,
}

impl MFunction {
    pub fn new(processor: Processor, wave64: bool) -> MFunction {
        MFunction {
            processor,
            wave64,
            blocks: vec![MBlock::default()],
            vregs: Vec::new(),
            loops: Vec::new(),
            precoloured: Vec::new(),
            pinned: Vec::new(),
        }
    }

    pub fn new_vreg(&mut self, file: File, dwords: u8) -> VReg {
        self.vregs.push(VRegInfo {
            file,
            dwords,
            fixed: None,
            merge: false,
            invariant: false,
        });
        VReg(self.vregs.len() as u32 - 1)
    }

    pub fn info(&self, r: VReg) -> VRegInfo {
        self.vregs[r.0 as usize]
    }

    pub fn new_block(&mut self, loop_id: Option<u32>) -> BlockId {
        self.blocks.push(MBlock {
            insts: Vec::new(),
            loop_id,
            writes_uniform_merge: false,
        });
        BlockId(self.blocks.len() as u32 - 1)
    }

    /// Successors of block `b` in a function whose blocks are in layout
    /// order: the branch target of its last instruction, and the next block
    /// unless that instruction is an unconditional branch or `s_endpgm`.
    pub fn successors(&self, b: usize) -> Vec<usize> {
        self.succs(b).as_slice().to_vec()
    }

    /// [`MFunction::successors`] without an allocation (a block has at
    /// most two).
    pub fn succs(&self, b: usize) -> Succs {
        let mut out = Succs::default();
        let table = table::table(self.processor.generation());
        let mut falls = true;
        if let Some(last) = self.blocks[b].insts.last() {
            let info = &table[last.op.0 as usize];
            if info.flags.has(table::Flags::END_PGM) {
                falls = false;
            }
            if let Some(MOp::Label(t)) = last.ops.first() {
                out.push(t.0 as usize);
                if Op::of(self.processor.generation(), last.op) == Some(Op::S_BRANCH) {
                    falls = false;
                }
            }
        }
        if falls && b + 1 < self.blocks.len() && out.as_slice() != [b + 1] {
            out.push(b + 1);
        }
        out
    }

    /// Machine IR text for snapshots and `--emit mir`.
    pub fn print(&self) -> String {
        let mut s = String::new();
        for (i, b) in self.blocks.iter().enumerate() {
            let _ = write!(s, "bb{i}:");
            if let Some(l) = b.loop_id {
                let _ = write!(s, " ; loop {l}");
            }
            s.push('\n');
            for inst in &b.insts {
                s.push_str("  ");
                s.push_str(&self.print_inst(inst));
                s.push('\n');
            }
        }
        s
    }

    pub fn print_inst(&self, inst: &MInst) -> String {
        let table = table::table(self.processor.generation());
        let info = &table[inst.op.0 as usize];
        let mut s = String::from(info.name);
        for (i, op) in inst.ops.iter().enumerate() {
            s.push_str(if i == 0 { " " } else { ", " });
            if i == inst.ndefs as usize && i > 0 {
                // Definitions and uses are separated by `<-` for reading ease.
                s.push_str("<- ");
            }
            match op {
                MOp::Reg { r, off, n } => {
                    let info = self.info(*r);
                    let p = match info.file {
                        File::Sgpr => "%s",
                        File::Vgpr => "%v",
                    };
                    let _ = write!(s, "{p}{}", r.0);
                    if *off != 0 || *n != info.dwords {
                        let _ = write!(s, "[{}:{}]", off, off + n - 1);
                    }
                }
                MOp::Phys(o) => {
                    // Print a lone operand through the ISA printer's rules.
                    let mut t = String::new();
                    match *o {
                        Operand::Reg { code, count, half } => {
                            silk_amdgpu::isa::operand::print_reg(
                                self.processor.generation(),
                                code,
                                count,
                                half,
                                &mut t,
                            );
                        }
                        Operand::Const(c) => {
                            let _ = match silk_amdgpu::isa::operand::inline_int(c as u16) {
                                Some(v) => write!(t, "{v}"),
                                None => write!(t, "inline({c})"),
                            };
                        }
                        Operand::Literal(v) => {
                            let _ = write!(t, "{v:#x}");
                        }
                        Operand::Imm(v) => {
                            let _ = write!(t, "{v}");
                        }
                        Operand::None => t.push_str("off"),
                    }
                    s.push_str(&t);
                }
                MOp::Label(b) => {
                    let _ = write!(s, "bb{}", b.0);
                }
            }
        }
        if inst.mods.offset != 0 {
            let _ = write!(s, " offset:{}", inst.mods.offset);
        }
        s
    }

    /// Check structural invariants: operand counts match the opcode
    /// table, sub-ranges lie inside their registers, register files match
    /// operand kinds, labels name blocks, and (if `allocated`) no virtual
    /// operands remain.
    pub fn verify(&self, stage: &str, allocated: bool) -> Result<(), Error> {
        let gen = self.processor.generation();
        let table = table::table(gen);
        for (bi, b) in self.blocks.iter().enumerate() {
            for inst in &b.insts {
                let err = |m: String| {
                    Err(Error::Verifier {
                        pass: stage.to_string(),
                        block: bi as u32,
                        inst: self.print_inst(inst),
                        problem: m,
                    })
                };
                let Some(info) = table.get(inst.op.0 as usize) else {
                    return err("unknown opcode".into());
                };
                if inst.ops.len() > MAX_OPERANDS || inst.ops.len() > info.operands.len() {
                    return err(format!(
                        "{} operands, the opcode takes {}",
                        inst.ops.len(),
                        info.operands.len()
                    ));
                }
                for (i, op) in inst.ops.iter().enumerate() {
                    match op {
                        MOp::Reg { r, off, n } => {
                            if allocated {
                                return err("virtual register after allocation".into());
                            }
                            let Some(ri) = self.vregs.get(r.0 as usize) else {
                                return err(format!("unknown register %{}", r.0));
                            };
                            if off + n > ri.dwords {
                                return err(format!("sub-range outside %{}", r.0));
                            }
                            let spec = info.operands[i];
                            let wave = if self.wave64 { 64 } else { 32 };
                            let mut want = info.operand_dwords(i, gen, wave).max(1);
                            // With an SGPR base (`saddr`) a global address
                            // is a 32-bit VGPR offset.
                            let saddr = info
                                .operands
                                .iter()
                                .position(|s| s.field == Field::Saddr)
                                .and_then(|k| inst.ops.get(k));
                            if spec.field == Field::Addr && matches!(saddr, Some(MOp::Reg { .. })) {
                                want = 1;
                            }
                            if *n != want {
                                return err(format!(
                                    "operand {i} is {n} dwords, the opcode wants {want}"
                                ));
                            }
                            use table::Kind;
                            let ok = match spec.kind {
                                Kind::Sreg | Kind::Ssrc => ri.file == File::Sgpr,
                                Kind::Vgpr | Kind::AVgpr => ri.file == File::Vgpr,
                                Kind::Vsrc => true,
                                _ => false,
                            };
                            if !ok {
                                return err(format!("operand {i} in the wrong register file"));
                            }
                        }
                        MOp::Label(t) => {
                            if t.0 as usize >= self.blocks.len() {
                                return err("label names no block".into());
                            }
                        }
                        MOp::Phys(_) => {}
                    }
                }
            }
        }
        Ok(())
    }
}

/// Whether operand `i` of `inst` is a GFX9 SMEM `SOFFSET` the instruction
/// does not read: with SOE clear the field is unused and holds `s0` only
/// because the encoding has the field ([CDNA3] §4.6 "SMEM": SOFFSET is
/// used when SOE is set). Readers of operands (scheduling, wait counts)
/// must not take it for a read of `s0`.
pub fn unused_soffset(info: &table::OpInfo, inst: &MInst, i: usize) -> bool {
    use silk_amdgpu::isa::format::{mod_bit, Field, ModBit};
    info.family == silk_amdgpu::isa::Family::Smem
        && info
            .operands
            .get(i)
            .is_some_and(|s| s.field == Field::Soffset)
        && inst.mods.mem & mod_bit(ModBit::Soe) == 0
        && inst.mods.mem & mod_bit(ModBit::Imm) != 0
}

/// Lower an allocated instruction to an ISA [`Inst`] (labels become
/// immediates filled in by the caller).
pub fn to_isa(inst: &MInst, label: &dyn Fn(BlockId) -> i32) -> Result<Inst, Error> {
    let mut ops = [Operand::None; MAX_OPERANDS];
    for (k, op) in inst.ops.iter().enumerate() {
        let o = match *op {
            MOp::Phys(o) => o,
            MOp::Label(b) => Operand::Imm(label(b)),
            MOp::Reg { .. } => {
                return Err(Error::invariant(
                    "emission",
                    "virtual register reached emission",
                ))
            }
        };
        // Inst keeps the first MAX_OPERANDS (the verifier rejects more).
        if let Some(slot) = ops.get_mut(k) {
            *slot = o;
        }
    }
    let n = inst.ops.len().min(MAX_OPERANDS);
    Ok(Inst::new(inst.op, &ops[..n]).with_mods(inst.mods))
}

/// Assembly text of one allocated instruction.
pub fn text(processor: Processor, inst: &Inst) -> String {
    print::to_text(processor, inst)
}

/// GFX11 true16 operands (`v1.l`, `v1.h`; the table's `half` operands)
/// name one half of a VGPR. Instruction selection keeps a 16-bit value in
/// the low half of a 32-bit register; after allocation this marks the
/// allocated VGPRs of those operands as their low halves, so the text
/// reads `v1.l` as LLVM writes it. A no-op on GFX9, whose 16-bit
/// operands are whole registers.
pub fn mark_true16_halves(mf: &mut MFunction) {
    let table = table::table(mf.processor.generation());
    for b in &mut mf.blocks {
        for inst in &mut b.insts {
            let Some(info) = table.get(inst.op.0 as usize) else {
                continue;
            };
            for (op, spec) in inst.ops.iter_mut().zip(info.operands) {
                if let MOp::Phys(Operand::Reg { code, half, .. }) = op {
                    if spec.half && *half == 0 && *code >= silk_amdgpu::isa::operand::VGPR0 {
                        *half = 1;
                    }
                }
            }
        }
    }
}
