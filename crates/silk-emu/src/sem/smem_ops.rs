//! GFX9 scalar stores and scalar atomics (CDNA3 ISA §9 "Scalar Memory
//! Operations": `S_STORE_DWORD*`, `S_BUFFER_STORE_DWORD*`, `S_ATOMIC_*`,
//! `S_BUFFER_ATOMIC_*`), keyed by [`Op`]. Addresses are the scalar loads'
//! ([`Exec::smem_addr`]); the memory is written at issue and the
//! instruction counts on LGKM_CNT. An atomic with GLC returns the value
//! memory held before it into SDATA (its first dword or pair), which
//! becomes readable after `s_waitcnt lgkmcnt`.
//!
//! Also the scalar scratch accesses `S_SCRATCH_{LOAD,STORE}_DWORD*`
//! (CDNA3 ISA §8.2.1.1): ADDR = SGPR[base] + inst_offset + {M0 or
//! SGPR[offset] or 0} * 64, two LSBs ignored, a byte address in the wave's
//! scratch as the hardware lays it out: dword i belongs to lane i % 64 at
//! its byte (i / 64) * 4 (the private segment's element size 4 and index
//! stride 64, so an SGPR offset of a per-lane byte offset times 64 finds
//! lane 0's dword of it). The wave's scratch starts at address 0 here: the
//! flat-scratch and private-segment bases the emulator passes are 0.

use super::*;
use crate::buffer::TSTORE;
use crate::mem_inst::{atomic_op, Atomic, ATOMICS, LGKM, SCALE64};
use crate::wave::PendingWrite;
use silk_amdgpu::isa::format::{mod_bit, ModBit};
use silk_amdgpu::isa::Op;

/// `aux` bits 23:16: 0 for a store, else 1 + the index in [`ATOMICS`].
const ATOMIC_SHIFT: u32 = 16;

/// The semantics of `op`, `None` when this file does not define it.
pub(super) fn semantics(op: Op) -> Sem {
    use Op::*;
    let scratch = match op {
        S_SCRATCH_LOAD_DWORD => Some(1),
        S_SCRATCH_LOAD_DWORDX2 => Some(2),
        S_SCRATCH_LOAD_DWORDX4 => Some(4),
        S_SCRATCH_STORE_DWORD => Some(1 | TSTORE),
        S_SCRATCH_STORE_DWORDX2 => Some(2 | TSTORE),
        S_SCRATCH_STORE_DWORDX4 => Some(4 | TSTORE),
        _ => None,
    };
    if let Some(aux) = scratch {
        return Some((scalar_scratch, aux | SCALE64));
    }
    let (dwords, buf, atomic) = match op {
        S_STORE_DWORD => (1, false, None),
        S_STORE_DWORDX2 => (2, false, None),
        S_STORE_DWORDX4 => (4, false, None),
        S_BUFFER_STORE_DWORD => (1, true, None),
        S_BUFFER_STORE_DWORDX2 => (2, true, None),
        S_BUFFER_STORE_DWORDX4 => (4, true, None),
        _ => {
            let (buf, a, x2) = atomic_of(op)?;
            let n = if x2 { 2 } else { 1 };
            let dw = if matches!(a, Atomic::CmpSwap) {
                2 * n
            } else {
                n
            };
            (dw, buf, Some(a))
        }
    };
    let index = atomic.map_or(0, |a| {
        1 + ATOMICS
            .iter()
            .position(|&x| x as u8 == a as u8)
            .unwrap_or(0)
    });
    let aux = dwords | if buf { BUF } else { 0 } | (index as u32) << ATOMIC_SHIFT;
    Some((smem_write as Handler, aux))
}

/// The scalar atomics: buffer form?, operation, 64-bit?
fn atomic_of(op: Op) -> Option<(bool, Atomic, bool)> {
    use Op::*;
    Some(match op {
        S_ATOMIC_SWAP => (false, Atomic::Swap, false),
        S_ATOMIC_CMPSWAP => (false, Atomic::CmpSwap, false),
        S_ATOMIC_ADD => (false, Atomic::Add, false),
        S_ATOMIC_SUB => (false, Atomic::Sub, false),
        S_ATOMIC_SMIN => (false, Atomic::SMin, false),
        S_ATOMIC_UMIN => (false, Atomic::UMin, false),
        S_ATOMIC_SMAX => (false, Atomic::SMax, false),
        S_ATOMIC_UMAX => (false, Atomic::UMax, false),
        S_ATOMIC_AND => (false, Atomic::And, false),
        S_ATOMIC_OR => (false, Atomic::Or, false),
        S_ATOMIC_XOR => (false, Atomic::Xor, false),
        S_ATOMIC_INC => (false, Atomic::Inc, false),
        S_ATOMIC_DEC => (false, Atomic::Dec, false),
        S_ATOMIC_SWAP_X2 => (false, Atomic::Swap, true),
        S_ATOMIC_CMPSWAP_X2 => (false, Atomic::CmpSwap, true),
        S_ATOMIC_ADD_X2 => (false, Atomic::Add, true),
        S_ATOMIC_SUB_X2 => (false, Atomic::Sub, true),
        S_ATOMIC_SMIN_X2 => (false, Atomic::SMin, true),
        S_ATOMIC_UMIN_X2 => (false, Atomic::UMin, true),
        S_ATOMIC_SMAX_X2 => (false, Atomic::SMax, true),
        S_ATOMIC_UMAX_X2 => (false, Atomic::UMax, true),
        S_ATOMIC_AND_X2 => (false, Atomic::And, true),
        S_ATOMIC_OR_X2 => (false, Atomic::Or, true),
        S_ATOMIC_XOR_X2 => (false, Atomic::Xor, true),
        S_ATOMIC_INC_X2 => (false, Atomic::Inc, true),
        S_ATOMIC_DEC_X2 => (false, Atomic::Dec, true),
        S_BUFFER_ATOMIC_SWAP => (true, Atomic::Swap, false),
        S_BUFFER_ATOMIC_CMPSWAP => (true, Atomic::CmpSwap, false),
        S_BUFFER_ATOMIC_ADD => (true, Atomic::Add, false),
        S_BUFFER_ATOMIC_SUB => (true, Atomic::Sub, false),
        S_BUFFER_ATOMIC_SMIN => (true, Atomic::SMin, false),
        S_BUFFER_ATOMIC_UMIN => (true, Atomic::UMin, false),
        S_BUFFER_ATOMIC_SMAX => (true, Atomic::SMax, false),
        S_BUFFER_ATOMIC_UMAX => (true, Atomic::UMax, false),
        S_BUFFER_ATOMIC_AND => (true, Atomic::And, false),
        S_BUFFER_ATOMIC_OR => (true, Atomic::Or, false),
        S_BUFFER_ATOMIC_XOR => (true, Atomic::Xor, false),
        S_BUFFER_ATOMIC_INC => (true, Atomic::Inc, false),
        S_BUFFER_ATOMIC_DEC => (true, Atomic::Dec, false),
        S_BUFFER_ATOMIC_SWAP_X2 => (true, Atomic::Swap, true),
        S_BUFFER_ATOMIC_CMPSWAP_X2 => (true, Atomic::CmpSwap, true),
        S_BUFFER_ATOMIC_ADD_X2 => (true, Atomic::Add, true),
        S_BUFFER_ATOMIC_SUB_X2 => (true, Atomic::Sub, true),
        S_BUFFER_ATOMIC_SMIN_X2 => (true, Atomic::SMin, true),
        S_BUFFER_ATOMIC_UMIN_X2 => (true, Atomic::UMin, true),
        S_BUFFER_ATOMIC_SMAX_X2 => (true, Atomic::SMax, true),
        S_BUFFER_ATOMIC_UMAX_X2 => (true, Atomic::UMax, true),
        S_BUFFER_ATOMIC_AND_X2 => (true, Atomic::And, true),
        S_BUFFER_ATOMIC_OR_X2 => (true, Atomic::Or, true),
        S_BUFFER_ATOMIC_XOR_X2 => (true, Atomic::Xor, true),
        S_BUFFER_ATOMIC_INC_X2 => (true, Atomic::Inc, true),
        S_BUFFER_ATOMIC_DEC_X2 => (true, Atomic::Dec, true),
        _ => return None,
    })
}

/// `aux`: the dword count, [`TSTORE`] for a store.
fn scalar_scratch(e: &mut Exec) -> Result<()> {
    let dwords = (e.aux & 0xff) as usize;
    let addr = e.smem_addr()? & !3;
    let Operand::Reg { code, .. } = e.op(0)? else {
        return Err(e.unsupported());
    };
    let ws = e.w.wave_size as u64;
    let mut values = Vec::with_capacity(dwords);
    for k in 0..dwords {
        let i = addr / 4 + k as u64;
        let (lane, off) = ((i % ws) as usize, (i / ws * 4) as usize);
        let mut buf = [0u8; 4];
        if e.aux & TSTORE != 0 {
            let v = e.sread(code + k as u16, 1)? as u32;
            e.private_write(off, &v.to_le_bytes(), lane)?;
        } else {
            e.private_read(off, &mut buf, lane)?;
            values.push(u32::from_le_bytes(buf));
        }
    }
    let writes = if values.is_empty() {
        Vec::new()
    } else {
        e.check_writable_sgprs(code, dwords)?;
        vec![PendingWrite::Sgpr { code, values }]
    };
    e.issue(LGKM, writes);
    Ok(())
}

fn smem_write(e: &mut Exec) -> Result<()> {
    let dwords = (e.aux & 0xff) as usize;
    let atomic = (e.aux >> ATOMIC_SHIFT & 0xff) as usize;
    let addr = e.smem_addr()?;
    let Operand::Reg { code, .. } = e.op(0)? else {
        return Err(e.unsupported());
    };
    let mut data = [0u32; 4];
    for (i, d) in data.iter_mut().enumerate().take(dwords) {
        *d = e.sread(code + i as u16, 1)? as u32;
    }
    if atomic == 0 {
        let bytes: Vec<u8> = data[..dwords]
            .iter()
            .flat_map(|d| d.to_le_bytes())
            .collect();
        e.mem
            .write(addr, &bytes)
            .ok_or_else(|| e.oob(addr, bytes.len(), 0, "scalar store"))?;
        e.issue(LGKM, Vec::new());
        return Ok(());
    }
    let op = ATOMICS[(atomic - 1) % ATOMICS.len()];
    let cmpswap = matches!(op, Atomic::CmpSwap);
    let n = if cmpswap { dwords / 2 } else { dwords };
    let pair = |d: &[u32]| d[0] as u64 | if n == 2 { (d[1] as u64) << 32 } else { 0 };
    let (value, cmp) = (pair(&data[..n]), pair(&data[n..]));
    let mut buf = [0u8; 8];
    e.mem
        .read(addr, &mut buf[..4 * n])
        .ok_or_else(|| e.oob(addr, 4 * n, 0, "scalar atomic"))?;
    let old = u64::from_le_bytes(buf);
    let new = atomic_op(op, old, value, cmp, n == 2);
    e.mem
        .write(addr, &new.to_le_bytes()[..4 * n])
        .ok_or_else(|| e.oob(addr, 4 * n, 0, "scalar atomic"))?;
    // GLC: return the old value.
    let writes = if e.inst.mods.mem & mod_bit(ModBit::Glc) != 0 {
        e.check_writable_sgprs(code, n)?;
        let values = (0..n).map(|i| (old >> (32 * i)) as u32).collect();
        vec![PendingWrite::Sgpr { code, values }]
    } else {
        Vec::new()
    };
    e.issue(LGKM, writes);
    Ok(())
}
