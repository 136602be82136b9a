//! Dead move elimination on the machine IR, before scheduling.
//!
//! Instruction selection writes some dwords nothing reads: the high dword
//! of a zero-extended `u32` (its readers take the inline constant 0
//! instead, see `isel::Sel::part`), the halves of a 64-bit shift by 32.
//! A `v_mov_b32` / `s_mov_b32` (or the `v_ashrrev_i32` of a sign
//! extension's high dword, which a `v_mad_i64_i32` leaves unread) into
//! dwords of a virtual register that no instruction reads is dropped,
//! until none is left; its register then holds fewer live dwords, and
//! fewer VGPRs are allocated.
//!
//! Only plain moves go (no side effects, no implicit results), and never
//! into an ABI-fixed or a merge register, nor a precoloured operation's.

use crate::mir::{MFunction, MOp};
use silk_amdgpu::isa::Op;

/// Drop the moves whose results nothing reads (see the module docs).
pub fn run(mf: &mut MFunction) {
    // Moves, and the high dword of a sign extension (`v_ashrrev_i32`
    // writes nothing else), which a product of sign-extended values
    // (`v_mad_i64_i32`) leaves unread.
    let moves: Vec<_> = [Op::V_MOV_B32_e32, Op::S_MOV_B32, Op::V_ASHRREV_I32_e32]
        .iter()
        .filter_map(|o| o.on(mf.processor))
        .collect();
    let mut read = vec![0u64; mf.vregs.len()];
    let mask = |off: u8, n: u8| -> u64 {
        if off as u32 + n as u32 >= 64 {
            u64::MAX << off.min(63)
        } else {
            ((1u64 << n) - 1) << off
        }
    };
    loop {
        read.iter_mut().for_each(|m| *m = 0);
        for b in &mf.blocks {
            for inst in &b.insts {
                for op in &inst.ops[inst.ndefs as usize..] {
                    if let MOp::Reg { r, off, n } = *op {
                        read[r.0 as usize] |= mask(off, n);
                    }
                }
            }
        }
        let mut dropped = false;
        for (bi, b) in mf.blocks.iter_mut().enumerate() {
            let mut k = 0u32;
            let mut removed: Vec<u32> = Vec::new();
            b.insts.retain(|inst| {
                let at = k;
                k += 1;
                let dead = inst.ndefs == 1
                    && moves.contains(&inst.op)
                    && inst.mods == Default::default()
                    && match inst.ops[0] {
                        MOp::Reg { r, off, n } => {
                            let info = mf.vregs[r.0 as usize];
                            info.fixed.is_none()
                                && !info.merge
                                && read[r.0 as usize] & mask(off, n) == 0
                        }
                        _ => false,
                    }
                    && !mf.pinned.contains(&(crate::mir::BlockId(bi as u32), at));
                if dead {
                    removed.push(at);
                }
                !dead
            });
            if removed.is_empty() {
                continue;
            }
            dropped = true;
            // Pinned instructions of this block move up past the removed.
            for (pb, i) in mf.pinned.iter_mut() {
                if pb.0 as usize == bi {
                    *i -= removed.iter().filter(|&&r| r < *i).count() as u32;
                }
            }
        }
        if !dropped {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mir::{File, MInst};
    use silk_amdgpu::isa::{Mods, Operand};
    use silk_amdgpu::target::Processor;

    /// The unread high dword's move goes, the read low dword's stays, and
    /// a move whose only reader was dropped goes on the next round.
    #[test]
    fn unread_moves_go_until_none_is_left() {
        let p = Processor::Gfx1100;
        let mut mf = MFunction::new(p, false);
        let a = mf.new_vreg(File::Vgpr, 1);
        let w = mf.new_vreg(File::Vgpr, 2);
        let t = mf.new_vreg(File::Vgpr, 1);
        let u = mf.new_vreg(File::Vgpr, 1);
        let r = |v, off| MOp::Reg { r: v, off, n: 1 };
        let mov = |d: MOp, s: MOp| MInst {
            op: Op::V_MOV_B32_e32.on(p).unwrap(),
            ops: vec![d, s],
            ndefs: 1,
            mods: Mods::default(),
        };
        let one = MOp::Phys(Operand::Imm(1));
        let s = mf.new_vreg(File::Vgpr, 1);
        // Not a move: stays although nothing reads its result.
        let add = MInst {
            op: Op::V_ADD_NC_U32_e32.on(p).unwrap(),
            ops: vec![r(s, 0), r(w, 0), r(a, 0)],
            ndefs: 1,
            mods: Mods::default(),
        };
        mf.blocks[0].insts = vec![
            mov(r(a, 0), one),
            mov(r(w, 0), r(a, 0)),
            mov(r(w, 1), one),
            mov(r(t, 0), one),
            mov(r(u, 0), r(t, 0)),
            add,
        ];
        run(&mut mf);
        let text: Vec<String> = mf.blocks[0]
            .insts
            .iter()
            .map(|i| mf.print_inst(i))
            .collect();
        assert_eq!(text.len(), 3, "{text:?}");
        assert!(text[2].starts_with("v_add_nc_u32"), "{text:?}");
    }
}
