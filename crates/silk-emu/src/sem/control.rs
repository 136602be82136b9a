//! Program control and special SALU: branches, waits, traps, barriers, the program counter.

use super::*;

/// The semantics of one mnemonic of this family.
pub(super) fn semantics(name: &str) -> Sem {
    let s: (Handler, u32) = match name {
        "s_nop"
        | "v_nop"
        | "s_waitcnt_depctr"
        | "s_delay_alu"
        | "s_clause"
        | "s_sleep"
        | "s_setprio"
        | "s_code_end"
        | "s_icache_inv"
        | "s_dcache_inv"
        | "s_dcache_wb"
        | "s_gl1_inv"
        | "s_sendmsg"
        | "s_set_inst_prefetch_distance"
        | "s_inst_prefetch"
        | "s_ttracedata"
        | "s_setkill"
        | "s_denorm_mode"
        | "s_round_mode"
        | "s_dcache_inv_vol"
        | "s_wakeup"
        | "s_version"
        | "s_dcache_wb_vol"
        | "s_buffer_gl0_inv"
        | "s_buffer_gl1_inv"
        | "s_nop_nop"
        | "buffer_gl0_inv"
        | "buffer_gl1_inv"
        | "buffer_wbinvl1"
        | "buffer_wbinvl1_vol"
        | "buffer_inv"
        | "buffer_wbl2" => (nop as Handler, 0),
        "s_endpgm" => (endpgm, 0),
        "s_trap" => (trap, 0),
        "s_barrier" => (barrier, 0),
        "s_waitcnt" => (waitcnt, 0),
        "s_waitcnt_vmcnt" => (waitcnt_k, 0),
        "s_waitcnt_lgkmcnt" => (waitcnt_k, 1),
        "s_waitcnt_vscnt" => (waitcnt_k, 2),
        "s_waitcnt_expcnt" => (nop, 0),
        "s_branch" => (|e| e.branch_if(true), 0),
        "s_cbranch_scc0" => (|e| e.branch_if(!e.w.scc), 0),
        "s_cbranch_scc1" => (|e| e.branch_if(e.w.scc), 0),
        "s_cbranch_execz" => (|e| e.branch_if(e.w.exec() == 0), 0),
        "s_cbranch_execnz" => (|e| e.branch_if(e.w.exec() != 0), 0),
        "s_cbranch_vccz" => (
            |e| {
                let v = e.mask_of_vcc()?;
                e.branch_if(v == 0)
            },
            0,
        ),
        "s_cbranch_vccnz" => (
            |e| {
                let v = e.mask_of_vcc()?;
                e.branch_if(v != 0)
            },
            0,
        ),
        "s_getpc_b64" => (getpc, 0),
        "s_setpc_b64" => (setpc, 0),
        "s_swappc_b64" => (swappc, 0),
        "s_getreg_b32" => (getreg, 0),
        "s_setreg_b32" | "s_setreg_imm32_b32" => (nop, 0),
        "s_memtime" | "s_memrealtime" | "s_sendmsg_rtn_b64" => (
            |e| {
                let t = e.stats.instructions;
                e.swrite(0, t)
            },
            0,
        ),

        _ => return None,
    };
    Some(s)
}

// ---- control and special SALU ---------------------------------------------

pub(super) fn waitcnt(e: &mut Exec) -> Result<()> {
    let Operand::Imm(v) = e.op(0)? else {
        return Err(e.unsupported());
    };
    e.w.wait_for(silk_amdgpu::waitcnt::WaitCounts::decode(e.k.gen, v as u16));
    Ok(())
}

pub(super) fn waitcnt_k(e: &mut Exec) -> Result<()> {
    let Operand::Imm(v) = e.op(1)? else {
        return Err(e.unsupported());
    };
    let s = e.sval(0)? as u32;
    let n = if matches!(e.op(0)?, Operand::Reg { code, .. } if code == e.k.null) {
        v as u32
    } else {
        (v as u32).min(s)
    };
    let mut lim = [u32::MAX; 3];
    lim[e.aux as usize] = n;
    e.w.wait(lim);
    Ok(())
}

pub(super) fn getreg(e: &mut Exec) -> Result<()> {
    let Operand::Imm(v) = e.op(1)? else {
        return Err(e.unsupported());
    };
    let id = v & 0x3f;
    let off = (v >> 6) & 0x1f;
    let size = ((v >> 11) & 0x1f) + 1;
    let val: u32 = match (e.k.gen, id) {
        // HW_REG_MODE: round-nearest, denormals kept, dx10 clamp, IEEE.
        (_, 1) => 0xf0 | 1 << 8 | 1 << 9,
        // HW_REG_HW_ID / HW_ID1: wave id in the low bits.
        (Generation::Gfx9, 4) | (Generation::Gfx11, 23) => e.w.id,
        // HW_REG_SH_MEM_BASES (GFX9): private base hi [15:0], shared [31:16].
        (Generation::Gfx9, 15) => {
            ((crate::device_memory::SHARED_APERTURE >> 48) as u32) << 16
                | (crate::device_memory::PRIVATE_APERTURE >> 48) as u32
        }
        _ => 0,
    };
    let mask = if size >= 32 {
        u32::MAX
    } else {
        (1 << size) - 1
    };
    e.swrite(0, ((val >> off) & mask) as u64)
}

pub(super) fn endpgm(e: &mut Exec) -> Result<()> {
    e.w.ended = true;
    Ok(())
}

pub(super) fn nop(_: &mut Exec) -> Result<()> {
    Ok(())
}

pub(super) fn trap(e: &mut Exec) -> Result<()> {
    Err(e.fault(
        FaultKind::Illegal,
        format!("`{}` trapped at pc {:#x}", e.info.name, e.pc_off()),
        None,
    ))
}

pub(super) fn getpc(e: &mut Exec) -> Result<()> {
    let next = e.pc + 4;
    e.swrite(0, next)
}

pub(super) fn setpc(e: &mut Exec) -> Result<()> {
    let t = e.sval(0)?;
    e.w.pc = t;
    Ok(())
}

pub(super) fn swappc(e: &mut Exec) -> Result<()> {
    let t = e.sval(1)?;
    let next = e.pc + 4;
    e.swrite(0, next)?;
    e.w.pc = t;
    Ok(())
}

pub(super) fn barrier(e: &mut Exec) -> Result<()> {
    e.w.at_barrier = true;
    Ok(())
}

pub(super) fn unsupported_form(e: &mut Exec) -> Result<()> {
    Err(e.unsupported())
}
