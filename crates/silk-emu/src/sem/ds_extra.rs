//! LDS instructions beyond one address and one access per lane, keyed by
//! [`Op`] (CDNA3 ISA §12.12 / RDNA3 ISA §16 "LDS" pseudocode):
//! - the two-address exchanges (`DS_WRXCHG2_RTN_B32`, GFX11
//!   `DS_STOREXCHG_2ADDR_RTN_B32`, and the 64-bit and stride-64 forms): at
//!   ADDR + OFFSET0 and ADDR + OFFSET1 (in elements, times 64 for `st64`),
//!   return the old values into VDST[0] and VDST[1] and store DATA0 and
//!   DATA1;
//! - `DS_CONDXCHG32_RTN_B64`: two conditional 32-bit exchanges;
//! - `DS_READ/WRITE_ADDTID_B32` (GFX11 `DS_LOAD/STORE_ADDTID_B32`): lane l
//!   at {OFFSET1, OFFSET0} + M0[15:0] + 4 l;
//! - `DS_APPEND` / `DS_CONSUME`: the wave's counter at M0.base + offset.

use super::*;
use crate::mem_inst::LGKM;
use crate::wave::PendingWrite;
use silk_amdgpu::isa::Op;

pub(super) fn semantics(op: Op) -> Sem {
    let aux = match op {
        Op::DS_WRXCHG2_RTN_B32 => 4,
        Op::DS_WRXCHG2_RTN_B64 => 8,
        Op::DS_WRXCHG2ST64_RTN_B32 => 4 | ST64,
        Op::DS_WRXCHG2ST64_RTN_B64 => 8 | ST64,
        Op::DS_CONDXCHG32_RTN_B64 => return Some((condxchg32, 0)),
        Op::DS_READ_ADDTID_B32 => return Some((addtid, 0)),
        Op::DS_WRITE_ADDTID_B32 => return Some((addtid, 1)),
        Op::DS_APPEND => return Some((append, 0)),
        Op::DS_CONSUME => return Some((append, 1)),
        _ => return None,
    };
    Some((wrxchg2_rtn as Handler, aux))
}

/// Write `values` (one dword per lane, `n` dwords) to VDST when LGKM
/// allows.
fn issue_rtn(e: &mut Exec, (agpr, reg): (bool, usize), n: usize, mask: u64, values: Vec<u32>) {
    e.issue(
        LGKM,
        vec![PendingWrite::Vgpr {
            agpr,
            reg,
            dwords: n,
            mask,
            values,
            half: 0,
        }],
    );
}

/// `DS_CONDXCHG32_RTN_B64`: ADDR0 = (ADDR + {OFFSET1, OFFSET0}) & 0xfff8,
/// ADDR1 = ADDR0 + 4; each returns its old dword, and is overwritten by
/// DATA's matching dword with bit 31 cleared iff that bit is set.
fn condxchg32(e: &mut Exec) -> Result<()> {
    let exec = e.w.exec();
    let ws = e.w.wave_size;
    let addrs = e.ds_addrs(1, exec)?;
    let data = e.vread_all(2, 2, exec)?;
    let dst = e.vreg_of(0)?;
    e.check_load_dst(dst.0, dst.1, 2)?;
    let off = e.ds_offset();
    let mut values = vec![0u32; 2 * ws];
    let mut m = exec;
    while m != 0 {
        let l = m.trailing_zeros() as usize;
        m &= m - 1;
        let a0 = (addrs[l].wrapping_add(off) & 0xfff8) as usize;
        for k in 0..2 {
            let a = a0 + 4 * k;
            let mut buf = [0u8; 4];
            e.lds_read(a, &mut buf, l)?;
            values[k * ws + l] = u32::from_le_bytes(buf);
            let d = data[k * ws + l];
            if d >> 31 != 0 {
                e.lds_write(a, &(d & 0x7fff_ffff).to_le_bytes(), l)?;
            }
        }
    }
    issue_rtn(e, dst, 2, exec, values);
    Ok(())
}

/// `DS_READ_ADDTID_B32` (aux 0) / `DS_WRITE_ADDTID_B32` (aux 1): lane l
/// reads or writes the dword at {OFFSET1, OFFSET0} + M0[15:0] + 4 l.
fn addtid(e: &mut Exec) -> Result<()> {
    let exec = e.w.exec();
    let ws = e.w.wave_size;
    let base = e.ds_offset() + (e.sread(e.k.m0, 1)? as u32 & 0xffff);
    let store = e.aux == 1;
    let data = if store {
        e.lenient = true;
        e.vread_all(0, 1, exec)?
    } else {
        Vec::new()
    };
    let dst = e.vreg_of(0)?;
    if !store {
        e.check_load_dst(dst.0, dst.1, 1)?;
    }
    let mut values = vec![0u32; ws];
    let mut m = exec;
    while m != 0 {
        let l = m.trailing_zeros() as usize;
        m &= m - 1;
        let a = base.wrapping_add(4 * l as u32) as usize;
        e.ds_check(a, 4, l)?;
        if store {
            e.lds_write(a, &data[l].to_le_bytes(), l)?;
        } else {
            let mut buf = [0u8; 4];
            e.lds_read(a, &mut buf, l)?;
            values[l] = u32::from_le_bytes(buf);
        }
    }
    if store {
        e.issue(LGKM, Vec::new());
    } else {
        issue_rtn(e, dst, 1, exec, values);
    }
    Ok(())
}

/// `DS_APPEND` (aux 0) / `DS_CONSUME` (aux 1): one atomic per wave on
/// the dword at M0[15:0] + offset (the RDNA3 pseudocode's "M0.base +
/// offset"; clang's `__builtin_amdgcn_ds_append` puts the LDS pointer in
/// M0): add (or subtract) the number of active lanes and return the old
/// value to every active lane.
fn append(e: &mut Exec) -> Result<()> {
    let exec = e.w.exec();
    let ws = e.w.wave_size;
    let a = (e.sread(e.k.m0, 1)? as u32 & 0xffff).wrapping_add(e.ds_offset()) as usize;
    let dst = e.vreg_of(0)?;
    e.check_load_dst(dst.0, dst.1, 1)?;
    if exec == 0 {
        e.issue(LGKM, Vec::new());
        return Ok(());
    }
    let first = exec.trailing_zeros() as usize;
    e.ds_check(a, 4, first)?;
    let mut buf = [0u8; 4];
    e.lds_read(a, &mut buf, first)?;
    let old = u32::from_le_bytes(buf);
    let n = exec.count_ones();
    let new = if e.aux == 0 {
        old.wrapping_add(n)
    } else {
        old.wrapping_sub(n)
    };
    e.lds_write(a, &new.to_le_bytes(), first)?;
    issue_rtn(e, dst, 1, exec, vec![old; ws]);
    Ok(())
}

fn wrxchg2_rtn(e: &mut Exec) -> Result<()> {
    let exec = e.w.exec();
    let ws = e.w.wave_size;
    let size = (e.aux & 0xff) as usize;
    let n = size / 4;
    let addrs = e.ds_addrs(1, exec)?;
    let d0 = e.vread_all(2, n, exec)?;
    let d1 = e.vread_all(3, n, exec)?;
    let (agpr, reg) = e.vreg_of(0)?;
    e.check_load_dst(agpr, reg, 2 * n)?;
    let (o0, o1) = e.ds_offsets2(size);
    let mut values = vec![0u32; 2 * n * ws];
    let mut buf = [0u8; 8];
    let mut m = exec;
    while m != 0 {
        let l = m.trailing_zeros() as usize;
        m &= m - 1;
        for (k, (o, data)) in [(o0, &d0), (o1, &d1)].into_iter().enumerate() {
            let a = addrs[l].wrapping_add(o) as usize;
            e.ds_check(a, size, l)?;
            e.lds_read(a, &mut buf[..size], l)?;
            let mut new = [0u8; 8];
            for d in 0..n {
                values[(k * n + d) * ws + l] =
                    u32::from_le_bytes(buf[d * 4..d * 4 + 4].try_into().unwrap_or([0; 4]));
                new[d * 4..d * 4 + 4].copy_from_slice(&data[d * ws + l].to_le_bytes());
            }
            e.lds_write(a, &new[..size], l)?;
        }
    }
    e.issue(
        LGKM,
        vec![PendingWrite::Vgpr {
            agpr,
            reg,
            dwords: 2 * n,
            mask: exec,
            values,
            half: 0,
        }],
    );
    Ok(())
}
