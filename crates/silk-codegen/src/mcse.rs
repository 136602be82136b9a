//! Local common-subexpression elimination on the machine IR, after
//! instruction selection and before scheduling.
//!
//! Instruction selection expands some IR operations into sequences that
//! share steps (the `f64` to `i64` and `u64` conversions of one value both
//! truncate it; two conversions of one `u32` to `f64` both widen it; the
//! zero VGPR of each block), which the IR-level `cse` cannot see. Within a
//! block, a pure instruction equal to an earlier one (same opcode,
//! modifiers and sources) is dropped and its result's readers read the
//! earlier result: one instruction and one live value fewer.
//!
//! Only instructions whose one result is a whole virtual register written
//! nowhere else, whose sources are registers whose every dword is written
//! once, or constants (no
//! physical register, which might change in between, and no merge
//! register), and that write nothing else: VALU instructions that neither
//! read VCC or SCC nor write VCC, SCC or EXEC, and `s_mov`; an instruction
//! that writes EXEC ends the stretch within which they match. Functions
//! with precoloured operations are left alone.

use crate::mir::{MFunction, MInst, MOp, VReg};
use silk_amdgpu::isa::{operand, table, Flags, Op, Operand};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// A cheap hash for instruction keys (multiply-rotate, as rustc's
/// FxHasher): SipHash cost more than the pass saves.
#[derive(Default)]
struct Fx(u64);

impl Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u8(&mut self, x: u8) {
        self.write_u64(x as u64);
    }
    fn write_u16(&mut self, x: u16) {
        self.write_u64(x as u64);
    }
    fn write_u32(&mut self, x: u32) {
        self.write_u64(x as u64);
    }
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// For keys that are hashes already.
#[derive(Default)]
struct Id(u64);

impl Hasher for Id {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0 << 8 | b as u64;
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = x;
    }
}

/// Drop repeated pure instructions within each block (see the module
/// docs).
pub fn run(mf: &mut MFunction) {
    if !mf.pinned.is_empty() || !mf.precoloured.is_empty() {
        return;
    }
    let gen = mf.processor.generation();
    let table = table::table(gen);
    let null = operand::null_code(gen);
    let moves: Vec<_> = [Op::S_MOV_B32, Op::S_MOV_B64]
        .iter()
        .filter_map(|o| o.on(mf.processor))
        .collect();
    let n = mf.vregs.len();
    // Dwords written per register, over all its definitions.
    let mut written = vec![0u32; n];
    for b in &mf.blocks {
        for inst in &b.insts {
            for op in &inst.ops[..inst.ndefs as usize] {
                if let MOp::Reg { r, n, .. } = op {
                    written[r.0 as usize] += *n as u32;
                }
            }
        }
    }
    // A register holding one value everywhere it is read: each dword
    // written once (a pair may be written dword by dword), or an entry
    // register never written.
    let stable = |r: VReg| {
        let info = &mf.vregs[r.0 as usize];
        let w = written[r.0 as usize];
        !info.merge && (w == info.dwords as u32 || info.fixed.is_some() && w == 0)
    };
    let pure = |inst: &MInst| -> bool {
        let info = &table[inst.op.0 as usize];
        let f = info.flags;
        let valu = f.has(Flags::VALU)
            && f.0
                & (Flags::WRITES_EXEC
                    | Flags::WRITES_VCC
                    | Flags::READS_VCC
                    | Flags::READS_SCC
                    | Flags::WRITES_SCC
                    | Flags::MFMA
                    | Flags::WMMA)
                == 0;
        if !(valu || moves.contains(&inst.op)) || inst.ndefs != 1 {
            return false;
        }
        let MOp::Reg { r, off: 0, n } = inst.ops[0] else {
            return false;
        };
        if n != mf.vregs[r.0 as usize].dwords || !stable(r) {
            return false;
        }
        inst.ops[1..].iter().all(|op| match *op {
            MOp::Reg { r, .. } => stable(r),
            // A carry-out nothing reads.
            MOp::Phys(Operand::Reg { code, .. }) => code == null,
            MOp::Phys(_) => true,
            MOp::Label(_) => false,
        })
    };
    let mut repl: Vec<Option<VReg>> = vec![None; n];
    let mut any = false;
    // Per hash of (opcode, modifiers, sources): the latest kept
    // instruction (of two different ones with one hash, the later).
    let mut seen: HashMap<u64, usize, BuildHasherDefault<Id>> = HashMap::default();
    let key = |inst: &MInst| {
        let mut h = Fx::default();
        (inst.op, inst.mods, &inst.ops[1..]).hash(&mut h);
        h.finish()
    };
    for b in &mut mf.blocks {
        seen.clear();
        let old = std::mem::take(&mut b.insts);
        for mut inst in old {
            for op in &mut inst.ops[inst.ndefs as usize..] {
                if let MOp::Reg { r, .. } = op {
                    if let Some(to) = repl[r.0 as usize] {
                        *r = to;
                    }
                }
            }
            // EXEC written (an `s_mov exec` ending a `break` arm, a
            // `v_cmpx`): what follows runs under other lanes.
            let exec_write = table[inst.op.0 as usize].flags.has(Flags::WRITES_EXEC)
                || inst.ops[..inst.ndefs as usize].iter().any(|op| {
                    matches!(op, MOp::Phys(Operand::Reg { code, .. })
                        if (operand::EXEC_LO..=operand::EXEC_LO + 1).contains(code))
                });
            if exec_write {
                seen.clear();
            }
            if pure(&inst) {
                let h = key(&inst);
                let same = seen.get(&h).map(|&k| &b.insts[k]).filter(|e| {
                    e.op == inst.op && e.mods == inst.mods && e.ops[1..] == inst.ops[1..]
                });
                if let (Some(e), MOp::Reg { r: dup, .. }) = (same, inst.ops[0]) {
                    if let MOp::Reg { r: first, .. } = e.ops[0] {
                        repl[dup.0 as usize] = Some(first);
                        any = true;
                        continue;
                    }
                }
                seen.insert(h, b.insts.len());
            }
            b.insts.push(inst);
        }
    }
    if !any {
        return;
    }
    // Readers in later blocks.
    for b in &mut mf.blocks {
        for inst in &mut b.insts {
            for op in &mut inst.ops {
                if let MOp::Reg { r, .. } = op {
                    if let Some(to) = repl[r.0 as usize] {
                        *r = to;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mir::File;
    use silk_amdgpu::target::Processor;

    use crate::mir::test_inst as inst;

    /// A repeated `v_trunc_f64` of one value goes and its reader takes the
    /// first result; after an EXEC write the same instruction stays, and
    /// so does one reading VCC.
    #[test]
    fn repeats_within_a_stretch_of_one_exec_go() {
        let p = Processor::Gfx1100;
        let mut mf = MFunction::new(p, false);
        let x = mf.new_vreg(File::Vgpr, 2);
        let [a, b, c] = [(); 3].map(|_| mf.new_vreg(File::Vgpr, 2));
        let [d, e] = [(); 2].map(|_| mf.new_vreg(File::Vgpr, 1));
        let w = |r: VReg| MOp::whole(r, 2);
        let one = |r: VReg| MOp::whole(r, 1);
        let vcc = MOp::Phys(Operand::sgprs(operand::VCC_LO, 1));
        let exec = MOp::Phys(Operand::sgprs(operand::EXEC_LO, 1));
        let zero = MOp::Phys(Operand::int(0));
        mf.blocks[0].insts = vec![
            inst(
                p,
                Op::V_MOV_B32_e32,
                vec![MOp::Reg { r: x, off: 0, n: 1 }, zero],
            ),
            inst(
                p,
                Op::V_MOV_B32_e32,
                vec![MOp::Reg { r: x, off: 1, n: 1 }, zero],
            ),
            inst(p, Op::V_TRUNC_F64_e32, vec![w(a), w(x)]),
            inst(p, Op::V_TRUNC_F64_e32, vec![w(b), w(x)]),
            inst(p, Op::V_ADD_F64, vec![w(c), w(a), w(b)]),
            inst(
                p,
                Op::V_CNDMASK_B32_e32,
                vec![one(d), zero, MOp::Reg { r: c, off: 0, n: 1 }, vcc],
            ),
            inst(
                p,
                Op::V_CNDMASK_B32_e32,
                vec![one(e), zero, MOp::Reg { r: c, off: 0, n: 1 }, vcc],
            ),
            inst(p, Op::S_MOV_B32, vec![exec, zero]),
            inst(p, Op::V_TRUNC_F64_e32, vec![w(b), w(x)]),
        ];
        // `b` is written twice now: not a candidate; use fresh registers.
        let f = mf.new_vreg(File::Vgpr, 2);
        let last = mf.blocks[0].insts.len() - 1;
        mf.blocks[0].insts[last].ops[0] = w(f);
        run(&mut mf);
        let text: Vec<String> = mf.blocks[0]
            .insts
            .iter()
            .map(|i| mf.print_inst(i))
            .collect();
        let truncs = text.iter().filter(|t| t.starts_with("v_trunc_f64")).count();
        assert_eq!(truncs, 2, "{text:?}");
        assert!(
            text.iter().any(
                |t| t.starts_with("v_add_f64") && t.matches(&format!("%v{}", a.0)).count() == 2
            ),
            "{text:?}"
        );
        let cndmasks = text.iter().filter(|t| t.starts_with("v_cndmask")).count();
        assert_eq!(cndmasks, 2, "{text:?}");
    }
}
