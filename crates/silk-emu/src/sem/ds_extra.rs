//! LDS two-address exchanges (CDNA3 / RDNA3 ISA `DS_WRXCHG2_RTN_B32`,
//! GFX11 `DS_STOREXCHG_2ADDR_RTN_B32`, and the 64-bit and stride-64
//! forms): at ADDR + OFFSET0 and ADDR + OFFSET1 (in elements, times 64
//! for `st64`), return the old values into VDST[0] and VDST[1] and store
//! DATA0 and DATA1. Keyed by [`Op`].

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
        _ => return None,
    };
    Some((wrxchg2_rtn as Handler, aux))
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
