//! Program control and special SALU: branches, waits, traps, barriers, the program counter.

use super::*;

/// The semantics of one mnemonic of this family.
pub(super) fn semantics(op: Op) -> Sem {
    let s: (Handler, u32) = match op {
        Op::S_NOP
        | Op::V_NOP
        | Op::V_NOP_e64
        | Op::S_WAITCNT_DEPCTR
        | Op::S_DELAY_ALU
        | Op::S_CLAUSE
        | Op::S_SLEEP
        | Op::S_SETPRIO
        | Op::S_CODE_END
        | Op::S_ICACHE_INV
        | Op::S_DCACHE_INV
        | Op::S_DCACHE_WB
        | Op::S_GL1_INV
        | Op::S_SENDMSG
        | Op::S_INST_PREFETCH
        | Op::S_TTRACEDATA
        | Op::S_SETKILL
        | Op::S_DENORM_MODE
        | Op::S_ROUND_MODE
        | Op::S_DCACHE_INV_VOL
        | Op::S_WAKEUP
        | Op::S_VERSION
        | Op::S_DCACHE_WB_VOL
        | Op::BUFFER_GL0_INV
        | Op::BUFFER_GL1_INV
        | Op::BUFFER_INV
        | Op::BUFFER_WBL2 => (nop as Handler, 0),
        Op::S_ENDPGM => (endpgm, 0),
        Op::S_TRAP => (trap, 0),
        Op::S_BARRIER => (barrier, 0),
        Op::S_WAITCNT => (waitcnt, 0),
        Op::S_WAITCNT_VMCNT => (waitcnt_k, 0),
        Op::S_WAITCNT_LGKMCNT => (waitcnt_k, 1),
        Op::S_WAITCNT_VSCNT => (waitcnt_k, 2),
        Op::S_WAITCNT_EXPCNT => (nop, 0),
        Op::S_BRANCH => (|e| e.branch_if(true), 0),
        Op::S_CBRANCH_SCC0 => (|e| e.branch_if(!e.w.scc), 0),
        Op::S_CBRANCH_SCC1 => (|e| e.branch_if(e.w.scc), 0),
        Op::S_CBRANCH_EXECZ => (|e| e.branch_if(e.w.exec() == 0), 0),
        Op::S_CBRANCH_EXECNZ => (|e| e.branch_if(e.w.exec() != 0), 0),
        Op::S_CBRANCH_VCCZ => (
            |e| {
                let v = e.mask_of_vcc()?;
                e.branch_if(v == 0)
            },
            0,
        ),
        Op::S_CBRANCH_VCCNZ => (
            |e| {
                let v = e.mask_of_vcc()?;
                e.branch_if(v != 0)
            },
            0,
        ),
        Op::S_GETPC_B64 => (getpc, 0),
        Op::S_SETPC_B64 => (setpc, 0),
        Op::S_SWAPPC_B64 => (swappc, 0),
        Op::S_GETREG_B32 => (getreg, 0),
        Op::S_SETREG_B32 | Op::S_SETREG_IMM32_B32 => (nop, 0),
        Op::S_MEMTIME | Op::S_MEMREALTIME => (
            |e| {
                let t = e.stats.instructions;
                e.swrite(0, t)
            },
            0,
        ),
        Op::S_SENDMSG_RTN_B32 | Op::S_SENDMSG_RTN_B64 => (sendmsg_rtn, 0),

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

/// GFX11 `s_sendmsg_rtn_b32/_b64 D, msg` (RDNA3 ISA "Messages", LLVM's
/// `MSG_RTN_*`): the value the message returns, at D's width. The
/// emulated system has one queue and dispatch (doorbell and dispatch id
/// 0, as the dispatch-id user SGPRs) and no trap handler (TMA and TBA 0);
/// the real-time counter is the clock `s_memrealtime` reads. Saving the
/// wave (`MSG_RTN_SAVE_WAVE`) is a trap handler's and faults.
pub(super) fn sendmsg_rtn(e: &mut Exec) -> Result<()> {
    let Operand::Imm(msg) = e.op(1)? else {
        return Err(e.unsupported());
    };
    let v = match msg & 0xff {
        128 | 129 | 130 | 133 => 0,
        131 => e.stats.instructions,
        m => {
            let why = if m == 132 {
                "only a trap handler saves a wave"
            } else {
                "not a message that returns a value"
            };
            return Err(e.fault(
                FaultKind::Illegal,
                format!(
                    "`{}` with message {msg} at pc {:#x}: {why}",
                    e.info.name,
                    e.pc_off()
                ),
                None,
            ));
        }
    };
    e.swrite(0, v)
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
