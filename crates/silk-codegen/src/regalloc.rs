//! Register allocation: liveness over the machine CFG, then linear scan
//! over each virtual register's hull (first to last live position).
//!
//! Liveness is the usual backward dataflow, except for *merge* registers
//! (phis and saved EXEC masks, written under different EXEC masks): their
//! definitions do not kill them, and their hull starts at the first
//! definition or, for definitions inside a loop, at the head of the
//! outermost such loop (a lane mask written in one iteration must survive
//! the next). Hulls are conservative intervals, so any two registers whose
//! hulls overlap get disjoint physical registers. A definition shares a
//! register with an operand of the same instruction only where that is
//! safe: a one-dword VALU or SALU result, a wider VALU result (not of
//! matrix operations, nor of the 64-bit multiply-adds on gfx1100), or a
//! vector or LDS load's
//! result, may take the register of an operand whose hull ends there
//! (operands are read before the result is written), and a plain copy whose source's hull ends at the copy takes
//! the source's register (copy coalescing), so the copy is dropped. A
//! multi-dword register written dword by dword is killed (for liveness)
//! once all its dwords are written in a block, so it is not live above
//! its first write.
//!
//! Tuples are aligned: 64-bit SGPR pairs on even registers (SMEM and
//! SALU 64-bit operands require it), SGPR quads on multiples of four
//! (SMEM) and VGPR tuples as the processor requires
//! ([`operand::vector_tuple_align`]: even on gfx942, any on GFX11).
//!
//! When the SGPRs run out, the live SGPR whose hull ends last is spilled
//! to a VGPR lane ([`spill`]) and allocation runs again, up to
//! [`MAX_SPILL_ROUNDS`] times. Running out of VGPRs is an error naming the
//! register file (VGPR spilling to scratch memory is not implemented).

use crate::abi::RegUsage;
use crate::mir::{File, MFunction, MOp};
use crate::Error;
use silk_amdgpu::isa::{operand, Flags, Op, Operand};
use silk_gpu_ir::amdgpu::RegFile;

mod spill;

/// Most SGPRs spilled before allocation gives up (each round spills one).
pub const MAX_SPILL_ROUNDS: u32 = 256;

struct Interval {
    reg: usize,
    start: u32,
    end: u32,
}

/// Why one allocation round failed.
enum Failure {
    Error(Error),
    /// The SGPRs ran out; `spill` is the register to spill, if any may be.
    Sgprs {
        needed: u32,
        limit: u32,
        spill: Option<usize>,
    },
}

impl From<Error> for Failure {
    fn from(e: Error) -> Failure {
        Failure::Error(e)
    }
}

/// Allocate registers in place, spilling SGPRs to VGPR lanes when they run
/// out; returns the register usage.
pub fn allocate(mf: &mut MFunction, max_sgprs: u32, max_vgprs: u32) -> Result<RegUsage, Error> {
    let mut spills = spill::Spills::new(mf);
    let mut rounds = 0;
    loop {
        match assign(mf, max_sgprs, max_vgprs, &spills.no_spill) {
            Ok(usage) => return Ok(usage),
            Err(Failure::Error(e)) => return Err(e),
            Err(Failure::Sgprs { spill: Some(r), .. }) if rounds < MAX_SPILL_ROUNDS => {
                rounds += 1;
                spills.spill(mf, crate::mir::VReg(r as u32))?;
            }
            Err(Failure::Sgprs { needed, limit, .. }) => {
                return Err(Error::RegisterBudget {
                    file: File::Sgpr,
                    needed,
                    limit,
                })
            }
        }
    }
}

/// One allocation round (see the module docs); `no_spill` marks the
/// registers that must not be chosen for spilling.
fn assign(
    mf: &mut MFunction,
    max_sgprs: u32,
    max_vgprs: u32,
    no_spill: &[bool],
) -> Result<RegUsage, Failure> {
    let nregs = mf.vregs.len();
    let nblocks = mf.blocks.len();
    // Positions: instruction i of the function is position i.
    let mut block_start = Vec::with_capacity(nblocks);
    let mut pos = 0u32;
    for b in &mf.blocks {
        block_start.push(pos);
        pos += b.insts.len().max(1) as u32;
    }
    let block_end: Vec<u32> = (0..nblocks)
        .map(|b| block_start[b] + mf.blocks[b].insts.len().max(1) as u32 - 1)
        .collect();
    let succs: Vec<Vec<usize>> = (0..nblocks).map(|b| mf.successors(b)).collect();

    // Per block use-before-def (gen) and kill sets.
    let words = nregs.div_ceil(64);
    let mut gen = vec![vec![0u64; words]; nblocks];
    let mut kill = vec![vec![0u64; words]; nblocks];
    let bit = |v: &mut [u64], r: usize| v[r / 64] |= 1 << (r % 64);
    let has = |v: &[u64], r: usize| v[r / 64] >> (r % 64) & 1 != 0;
    // Dwords of each register written so far in the current block: a
    // multi-dword register written piecewise (`%v[0:0]`, then `%v[1:1]`)
    // is killed once every dword is written, and a use reads the block's
    // entry value only if it reads a dword not written yet.
    let mut written = vec![0u32; nregs];
    let mut touched = Vec::new();
    let dword_mask = |off: u8, n: u8| -> u32 {
        if off as u32 + n as u32 >= 32 {
            u32::MAX << off.min(31)
        } else {
            ((1u32 << n) - 1) << off
        }
    };
    for (bi, b) in mf.blocks.iter().enumerate() {
        for &r in &touched {
            written[r] = 0;
        }
        touched.clear();
        for inst in &b.insts {
            for (i, op) in inst.ops.iter().enumerate() {
                if let MOp::Reg { r, off, n } = *op {
                    let r = r.0 as usize;
                    let unwritten = dword_mask(off, n) & !written[r] != 0;
                    if i >= inst.ndefs as usize && !has(&kill[bi], r) && unwritten {
                        bit(&mut gen[bi], r);
                    }
                }
            }
            for op in &inst.ops[..inst.ndefs as usize] {
                if let MOp::Reg { r, off, n } = *op {
                    let r = r.0 as usize;
                    // Merge registers are never killed (see module docs).
                    let info = mf.vregs[r];
                    if info.merge || info.dwords > 31 {
                        continue;
                    }
                    written[r] |= dword_mask(off, n);
                    touched.push(r);
                    if written[r] == dword_mask(0, info.dwords) {
                        bit(&mut kill[bi], r);
                    }
                }
            }
        }
    }
    let mut live_in = vec![vec![0u64; words]; nblocks];
    let mut live_out = vec![vec![0u64; words]; nblocks];
    loop {
        let mut changed = false;
        for b in (0..nblocks).rev() {
            let mut out = vec![0u64; words];
            for &s in &succs[b] {
                for w in 0..words {
                    out[w] |= live_in[s][w];
                }
            }
            let mut inn = vec![0u64; words];
            for w in 0..words {
                inn[w] = gen[b][w] | (out[w] & !kill[b][w]);
            }
            if inn != live_in[b] || out != live_out[b] {
                live_in[b] = inn;
                live_out[b] = out;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }

    // Hulls.
    let mut start = vec![u32::MAX; nregs];
    let mut end = vec![0u32; nregs];
    let mut first_def = vec![u32::MAX; nregs];
    let mut clip = vec![u32::MAX; nregs];
    let outermost_loop_start = |b: usize| -> Option<u32> {
        let mut l = mf.blocks[b].loop_id?;
        while let Some(p) = mf.loops[l as usize].parent {
            l = p;
        }
        Some(block_start[mf.loops[l as usize].head.0 as usize])
    };
    let touch = |r: usize, p: u32, start: &mut Vec<u32>, end: &mut Vec<u32>| {
        start[r] = start[r].min(p);
        end[r] = end[r].max(p);
    };
    for (bi, b) in mf.blocks.iter().enumerate() {
        for r in 0..nregs {
            if has(&live_in[bi], r) {
                touch(r, block_start[bi], &mut start, &mut end);
            }
            if has(&live_out[bi], r) {
                touch(r, block_end[bi], &mut start, &mut end);
            }
        }
        for (ii, inst) in b.insts.iter().enumerate() {
            let p = block_start[bi] + ii as u32;
            for (i, op) in inst.ops.iter().enumerate() {
                if let MOp::Reg { r, .. } = op {
                    let r = r.0 as usize;
                    touch(r, p, &mut start, &mut end);
                    if i < inst.ndefs as usize {
                        first_def[r] = first_def[r].min(p);
                        let c = outermost_loop_start(bi).unwrap_or(p).min(p);
                        clip[r] = clip[r].min(c);
                    }
                }
            }
        }
    }
    // Copy hints: the plain move defining a register at its hull start,
    // as (source register, source dword offset, destination dword offset).
    let moves = plain_moves(mf.processor);
    let mut hint: Vec<Option<(usize, u8, u8)>> = vec![None; nregs];
    for (bi, b) in mf.blocks.iter().enumerate() {
        for (ii, inst) in b.insts.iter().enumerate() {
            let p = block_start[bi] + ii as u32;
            if let Some(h) = copy_of(mf, inst, &moves) {
                let (d, doff) = h.0;
                if first_def[d] == p && hint[d].is_none() {
                    hint[d] = Some((h.1 .0, h.1 .1, doff));
                }
            }
        }
    }
    // Operand reuse: a one-dword result of a VALU or SALU instruction, or
    // the result of a vector or LDS load, may take the register of an
    // operand whose hull ends at that instruction (the hardware reads the
    // operands before it writes the result). Per register defined so: the
    // registers that instruction reads.
    let table = silk_amdgpu::isa::table::table(mf.processor.generation());
    let early_clobber: Vec<_> = [Op::V_MAD_U64_U32, Op::V_MAD_I64_I32]
        .iter()
        .filter(|_| mf.processor.info().capabilities.mad_intra_fwd_bug)
        .filter_map(|o| o.on(mf.processor))
        .collect();
    let mads: Vec<_> = [Op::V_MAD_U64_U32, Op::V_MAD_I64_I32]
        .iter()
        .filter_map(|o| o.on(mf.processor))
        .collect();
    let lshl_add = Op::V_LSHL_ADD_U64.on(mf.processor);
    let mut reads_at_def: Vec<Vec<usize>> = vec![Vec::new(); nregs];
    for (bi, b) in mf.blocks.iter().enumerate() {
        for (ii, inst) in b.insts.iter().enumerate() {
            let p = block_start[bi] + ii as u32;
            let flags = table[inst.op.0 as usize].flags;
            let alu = flags.0 & (Flags::VALU | Flags::SALU) != 0;
            // A vector or LDS load reads its address when it issues and
            // writes its result later.
            let load = flags.has(Flags::MAY_LOAD)
                && flags.0 & (Flags::VMEM | Flags::LDS | Flags::FLAT) != 0
                && flags.0 & (Flags::MAY_STORE | Flags::ATOMIC) == 0;
            let [MOp::Reg { r: d, off: 0, n }] = inst.ops[..inst.ndefs as usize] else {
                continue;
            };
            let d = d.0 as usize;
            // A wider VALU result too, except the 64-bit multiply-adds
            // where the processor has the intra-forwarding bug
            // (`Capabilities::mad_intra_fwd_bug`) and matrix operations.
            // A plain 32x32 product (addend 0) and a gfx942 64-bit add
            // keep a pair of their own: the 64-bit division's products and
            // sums are split into halves by copies that coalesce only so
            // (elementwise_i64, elementwise_u64).
            let product = mads.contains(&inst.op)
                && inst.ops.last() == Some(&MOp::Phys(Operand::int(0)))
                || Some(inst.op) == lshl_add;
            let wide_ok = !early_clobber.contains(&inst.op)
                && !product
                && flags.0 & (Flags::MFMA | Flags::WMMA) == 0
                && flags.has(Flags::VALU);
            if !(alu && (n == 1 || wide_ok) || load) || mf.vregs[d].dwords != n || first_def[d] != p
            {
                continue;
            }
            for op in &inst.ops[inst.ndefs as usize..] {
                if let MOp::Reg { r, .. } = op {
                    reads_at_def[d].push(r.0 as usize);
                }
            }
        }
    }
    // Per copy source: where its copy's destination would start relative
    // to it (source dword offset less destination dword offset).
    let mut copied: Vec<Option<i64>> = vec![None; nregs];
    for &(src, soff, doff) in hint.iter().flatten() {
        copied[src].get_or_insert(soff as i64 - doff as i64);
    }
    let vgpr_align = operand::vector_tuple_align(mf.processor.generation());
    let mut intervals = Vec::new();
    for r in 0..nregs {
        if start[r] == u32::MAX {
            continue;
        }
        let info = mf.vregs[r];
        let s = if info.fixed.is_some() {
            0
        } else if info.merge {
            start[r].max(clip[r].min(first_def[r]))
        } else {
            start[r]
        };
        intervals.push(Interval {
            reg: r,
            start: s,
            end: end[r],
        });
    }
    // Fixed registers first among equal starts.
    intervals.sort_by_key(|i| (i.start, mf.vregs[i.reg].fixed.is_none(), i.reg));

    let mut assign: Vec<Option<u16>> = vec![None; nregs];
    let mut busy_s: Vec<u32> = vec![0; 256]; // end position + 1 of the occupant, 0 = free
    let mut busy_v: Vec<u32> = vec![0; 512];
    // The virtual register last given each physical register.
    let mut owner_s: Vec<Option<usize>> = vec![None; 256];
    let mut owner_v: Vec<Option<usize>> = vec![None; 512];
    let mut used_s = 0u32;
    let mut used_v = 0u32;
    let mut used_a = 0u32;
    // Registers precoloured operations name are theirs for the whole
    // function: no virtual register may live in them.
    for r in &mf.precoloured {
        let (first, end) = (r.first as u32, r.first as u32 + r.count as u32);
        let (busy, used) = match r.file {
            RegFile::Sgpr => (Some(&mut busy_s), &mut used_s),
            RegFile::Vgpr => (Some(&mut busy_v), &mut used_v),
            RegFile::Agpr => (None, &mut used_a),
        };
        if let Some(busy) = busy {
            for k in first..end.min(busy.len() as u32) {
                busy[k as usize] = u32::MAX;
            }
        }
        *used = (*used).max(end);
    }
    // Reserve fixed registers for their whole interval before anything else.
    for iv in &intervals {
        let info = mf.vregs[iv.reg];
        if let Some(f) = info.fixed {
            let (busy, owner) = match info.file {
                File::Sgpr => (&mut busy_s, &mut owner_s),
                File::Vgpr => (&mut busy_v, &mut owner_v),
            };
            for k in 0..info.dwords as usize {
                busy[f as usize + k] = busy[f as usize + k].max(iv.end + 1);
                // The owner, so a result or copy may reuse an entry
                // register (v0's work-item id) where it dies.
                if busy[f as usize + k] == iv.end + 1 {
                    owner[f as usize + k] = Some(iv.reg);
                }
            }
            assign[iv.reg] = Some(f);
        }
    }
    for iv in &intervals {
        let info = mf.vregs[iv.reg];
        if info.fixed.is_some() {
            let top = info.fixed.unwrap_or(0) as u32 + info.dwords as u32;
            match info.file {
                File::Sgpr => used_s = used_s.max(top),
                File::Vgpr => used_v = used_v.max(top),
            }
            continue;
        }
        let (busy, owner, limit) = match info.file {
            File::Sgpr => (&mut busy_s, &mut owner_s, max_sgprs),
            File::Vgpr => (&mut busy_v, &mut owner_v, max_vgprs),
        };
        let n = info.dwords as u32;
        // SMEM destinations of four or more SGPRs are 4-aligned ([CDNA3]
        // §4.6 / [RDNA3] §5 "SMEM": SDATA of a 128-bit or wider load).
        let align = match (info.file, n) {
            (File::Sgpr, 4..) => 4,
            (File::Sgpr, 2..) => 2,
            (File::Vgpr, 2..) => vgpr_align,
            _ => 1,
        };
        let mut found = None;
        // Coalesce a copy: take the source's register when the source's
        // hull ends at this move (so the move disappears below).
        if let Some((src, soff, doff)) = hint[iv.reg] {
            if let Some(sb) = assign[src] {
                let base = sb as i64 + soff as i64 - doff as i64;
                let fits = base >= 0
                    && base as u32 % align == 0
                    && base as u32 + n <= limit
                    && (base as u32..base as u32 + n).all(|k| {
                        let k = k as usize;
                        busy[k] <= iv.start
                            || (owner[k] == Some(src)
                                && end[src] == iv.start
                                && first_def[iv.reg] == iv.start)
                    });
                if fits {
                    found = Some(base as u32);
                }
            }
        }
        let reused = &reads_at_def[iv.reg];
        let pair_align = match info.file {
            File::Sgpr => 2,
            File::Vgpr => vgpr_align as i64,
        };
        // A copy source reuses a dying operand's register only where its
        // copy's destination can still coalesce (an aligned pair).
        let dying = |k: usize, base: u32| {
            owner[k].is_some_and(|o| end[o] == iv.start && reused.contains(&o))
                && first_def[iv.reg] == iv.start
                && !info.merge
                && copied[iv.reg].is_none_or(|d| (base as i64 + d).rem_euclid(pair_align) == 0)
        };
        let fits = |base: u32| {
            (base..base + n).all(|k| busy[k as usize] <= iv.start || dying(k as usize, base))
        };
        let first_fit = |step: u32| {
            (0..)
                .map(|i| i * step)
                .take_while(|b| b + n <= limit)
                .find(|&b| fits(b))
        };
        if found.is_none() && info.file == File::Vgpr && n >= 2 && align == 1 {
            // Unaligned tuples (GFX11) only where an aligned one would
            // raise the high-water mark further.
            let (a, u) = (first_fit(2), first_fit(1));
            found = match (a, u) {
                (Some(a), Some(u)) if a + n <= used_v.max(u + n) => Some(a),
                (a, u) => u.or(a),
            };
        }
        if found.is_none() {
            found = first_fit(align);
        }
        let Some(base) = found else {
            let live = (0..limit as usize).filter(|&k| busy[k] > iv.start).count() as u32;
            if info.file == File::Vgpr {
                return Err(Error::RegisterBudget {
                    file: info.file,
                    needed: live + n,
                    limit,
                }
                .into());
            }
            // Spill the live (or this) SGPR whose hull ends last.
            let spillable = |r: usize| mf.vregs[r].fixed.is_none() && !no_spill[r];
            let spill = (0..limit as usize)
                .filter(|&k| busy[k] > iv.start)
                .filter_map(|k| owner[k])
                .chain(std::iter::once(iv.reg))
                .filter(|&r| spillable(r))
                .max_by_key(|&r| (end[r], mf.vregs[r].dwords, r));
            return Err(Failure::Sgprs {
                needed: live + n,
                limit,
                spill,
            });
        };
        for k in base..base + n {
            busy[k as usize] = iv.end + 1;
            owner[k as usize] = Some(iv.reg);
        }
        assign[iv.reg] = Some(base as u16);
        match info.file {
            File::Sgpr => used_s = used_s.max(base + n),
            File::Vgpr => used_v = used_v.max(base + n),
        }
    }

    // Rewrite operands.
    for b in &mut mf.blocks {
        for inst in &mut b.insts {
            for op in &mut inst.ops {
                if let MOp::Reg { r, off, n } = *op {
                    let info = mf.vregs[r.0 as usize];
                    let base = assign[r.0 as usize].ok_or_else(|| {
                        Error::invariant(
                            "register allocation",
                            format!("register %{} was not allocated", r.0),
                        )
                    })?;
                    let idx = base + off as u16;
                    *op = MOp::Phys(match info.file {
                        File::Sgpr => Operand::sgprs(idx, n),
                        File::Vgpr => Operand::vgprs(idx, n),
                    });
                }
            }
        }
        // Drop moves that became no-ops.
        b.insts.retain(|i| {
            !(i.ndefs == 1
                && i.ops.len() == 2
                && i.ops[0] == i.ops[1]
                && i.mods == Default::default()
                && moves.contains(&i.op))
        });
    }
    Ok(RegUsage {
        sgprs: used_s,
        vgprs: used_v,
        agprs: used_a,
    })
}

/// `((dst, dst offset), (src, src offset))` if `inst` is a plain one-dword
/// or two-dword move between virtual registers of one register file.
type Copy = ((usize, u8), (usize, u8));

fn copy_of(
    mf: &MFunction,
    inst: &crate::mir::MInst,
    moves: &[silk_amdgpu::isa::Opcode],
) -> Option<Copy> {
    if inst.ndefs != 1
        || inst.ops.len() != 2
        || inst.mods != Default::default()
        || !moves.contains(&inst.op)
    {
        return None;
    }
    match (inst.ops[0], inst.ops[1]) {
        (
            MOp::Reg {
                r: d,
                off: doff,
                n: dn,
            },
            MOp::Reg {
                r: s,
                off: soff,
                n: sn,
            },
        ) if dn == sn && mf.vregs[d.0 as usize].file == mf.vregs[s.0 as usize].file => {
            Some(((d.0 as usize, doff), (s.0 as usize, soff)))
        }
        _ => None,
    }
}

/// The plain register moves isel emits, as opcodes (looked up once).
fn plain_moves(p: silk_amdgpu::target::Processor) -> Vec<silk_amdgpu::isa::Opcode> {
    use silk_amdgpu::isa::Op;
    [Op::V_MOV_B32_e32, Op::S_MOV_B32, Op::S_MOV_B64]
        .iter()
        .filter_map(|o| o.on(p))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mir::{MInst, VReg};
    use silk_amdgpu::isa::{Mods, Op};
    use silk_amdgpu::target::Processor;

    fn inst(p: Processor, op: Op, ops: Vec<MOp>) -> MInst {
        MInst {
            op: op.on(p).unwrap(),
            ops,
            ndefs: 1,
            mods: Mods::default(),
        }
    }

    /// `%b = %a` where `%a` dies at the copy, and `%w` written dword by
    /// dword: the copy is coalesced away, `%w` is not live before its
    /// first write (it shares no register with `%a`'s hull), and the add
    /// takes the register of its dying operand `%w[0:0]`.
    #[test]
    fn copies_coalesce_and_piecewise_writes_kill() {
        let p = Processor::Gfx1100;
        let mut mf = MFunction::new(p, false);
        let a = mf.new_vreg(File::Vgpr, 1);
        let b = mf.new_vreg(File::Vgpr, 1);
        let w = mf.new_vreg(File::Vgpr, 2);
        let c = mf.new_vreg(File::Vgpr, 1);
        let r = |v: VReg, off: u8| MOp::Reg { r: v, off, n: 1 };
        let one = MOp::Phys(Operand::Imm(1));
        mf.blocks[0].insts = vec![
            inst(p, Op::V_MOV_B32_e32, vec![r(a, 0), one]),
            inst(p, Op::V_MOV_B32_e32, vec![r(b, 0), r(a, 0)]),
            inst(p, Op::V_MOV_B32_e32, vec![r(w, 0), r(b, 0)]),
            inst(p, Op::V_MOV_B32_e32, vec![r(w, 1), one]),
            inst(p, Op::V_ADD_NC_U32_e32, vec![r(c, 0), r(w, 0), r(w, 1)]),
        ];
        let usage = allocate(&mut mf, 100, 256).unwrap();
        let text: Vec<String> = mf.blocks[0]
            .insts
            .iter()
            .map(|i| mf.print_inst(i))
            .collect();
        assert_eq!(
            text,
            [
                "v_mov_b32_e32 v0, <- 1",
                "v_mov_b32_e32 v1, <- 1",
                "v_add_nc_u32_e32 v0, <- v0, v1"
            ],
            "{text:?}"
        );
        assert_eq!(usage.vgprs, 2);
    }
}
