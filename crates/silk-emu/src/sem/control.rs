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
        | Op::S_TTRACEDATA_IMM
        | Op::S_INCPERFLEVEL
        | Op::S_DECPERFLEVEL
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
        // Branches on WAVE_STATUS.COND_DBG_SYS / _USER, which only a
        // debugger sets: none is attached, so they are never taken.
        Op::S_CBRANCH_CDBGSYS
        | Op::S_CBRANCH_CDBGUSER
        | Op::S_CBRANCH_CDBGSYS_OR_USER
        | Op::S_CBRANCH_CDBGSYS_AND_USER => (|e| e.branch_if(false), 0),
        Op::S_CBRANCH_I_FORK => (fork, 0),
        Op::S_CBRANCH_G_FORK => (fork, 1),
        Op::S_CBRANCH_JOIN => (join, 0),
        // VSKIP = S0[S1[4:0]] (see the launch loop).
        Op::S_SETVSKIP => (
            |e| {
                let (v, bit) = (e.sval(0)?, e.sval(1)? & 31);
                e.w.vskip = v >> bit & 1 != 0;
                Ok(())
            },
            0,
        ),
        // GFX11 `s_wait_idle`: wait for every outstanding instruction.
        Op::S_WAIT_IDLE => (
            |e| {
                e.w.drain();
                Ok(())
            },
            0,
        ),
        // An illegal-instruction exception; no trap handler takes it.
        Op::V_ILLEGAL => (trap, 0),
        Op::S_SUBVECTOR_LOOP_BEGIN => (subvector_begin, 0),
        Op::S_SUBVECTOR_LOOP_END => (subvector_end, 0),

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
        // HW_REG_MODE: round-nearest, denormals kept, dx10 clamp, IEEE;
        // on GFX9 also GPR_IDX_EN (27), VSKIP (28) and CSP (31:29).
        (Generation::Gfx9, 1) => {
            0xf0 | 1 << 8
                | 1 << 9
                | (e.w.gpr_idx_en as u32) << 27
                | (e.w.vskip as u32) << 28
                | (e.w.csp as u32) << 29
        }
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

/// GFX9 `s_cbranch_i_fork S0, simm16` (aux 0) / `s_cbranch_g_fork S0, S1`
/// (aux 1), the CDNA3 pseudocode: with S0 & EXEC all of EXEC jump, with
/// none fall through; else run the smaller of the two lane sets first
/// (pass on a tie) and push { other path's PC, its mask } at
/// SGPR[CSP * 4] (mask in the low dwords), CSP + 1.
fn fork(e: &mut Exec) -> Result<()> {
    let exec = e.w.exec();
    let mask = e.sval(0)? & e.w.lane_mask();
    let next = e.w.pc;
    let target = if e.aux == 0 {
        let Operand::Imm(off) = e.op(1)? else {
            return Err(e.unsupported());
        };
        (next as i64 + 4 * off as u16 as i16 as i64) as u64
    } else {
        e.sval(1)?
    };
    let (pass, fail) = (mask & exec, !mask & exec);
    if pass == exec {
        e.w.pc = target;
        return Ok(());
    }
    if fail == exec {
        return Ok(());
    }
    let slot = e.w.csp as u16 * 4;
    let (run, push_pc, push_mask) = if fail.count_ones() < pass.count_ones() {
        (fail, target, pass)
    } else {
        e.w.pc = target;
        (pass, next, fail)
    };
    e.swrite_code(slot, 2, push_mask)?;
    e.swrite_code(slot + 2, 2, push_pc)?;
    e.w.csp = (e.w.csp + 1) & 7;
    e.w.set_exec(run);
    Ok(())
}

/// GFX9 `s_cbranch_join S0`: with CSP equal to the saved S0 fall through;
/// else CSP - 1 and take the other path: { PC, EXEC } = SGPR[CSP * 4].
fn join(e: &mut Exec) -> Result<()> {
    let saved = e.sval(0)? as u8 & 7;
    if e.w.csp == saved {
        return Ok(());
    }
    e.w.csp = e.w.csp.wrapping_sub(1) & 7;
    let slot = e.w.csp as u16 * 4;
    let exec = e.sread(slot, 2)?;
    e.w.pc = e.sread(slot + 2, 2)?;
    e.w.set_exec(exec);
    Ok(())
}

/// The target of the SOPK branch `sdst, simm16`: the next instruction plus
/// SIMM16 dwords.
fn sopk_target(e: &Exec) -> Result<u64> {
    let Operand::Imm(off) = e.op(1)? else {
        return Err(e.unsupported());
    };
    Ok((e.pc as i64 + 4 + 4 * off as u16 as i16 as i64) as u64)
}

/// GFX11 `s_subvector_loop_begin D0, label` (the RDNA2 pseudocode; RDNA3's
/// guide leaves the opcode out): no lanes skip the loop; only high lanes
/// run the high pass (D0 = EXEC_LO = 0); else the low pass runs first with
/// D0 = EXEC_HI and EXEC_HI = 0.
fn subvector_begin(e: &mut Exec) -> Result<()> {
    let exec = e.w.exec();
    let (lo, hi) = (exec & 0xffff_ffff, exec >> 32);
    if exec == 0 {
        e.w.pc = sopk_target(e)?;
        Ok(())
    } else if lo == 0 {
        e.swrite(0, lo)
    } else {
        e.swrite(0, hi)?;
        e.w.set_exec(lo);
        Ok(())
    }
}

/// GFX11 `s_subvector_loop_end D0, label`: after a high pass EXEC_LO = D0
/// (the loop is done); after a low pass with D0 (the saved EXEC_HI) zero
/// it is done too; else EXEC_HI = D0, D0 = EXEC_LO, EXEC_LO = 0 and jump
/// back for the high pass.
fn subvector_end(e: &mut Exec) -> Result<()> {
    let exec = e.w.exec();
    let (lo, hi) = (exec & 0xffff_ffff, exec >> 32);
    let d0 = e.sval(0)? & 0xffff_ffff;
    if hi != 0 {
        e.w.set_exec(hi << 32 | d0);
    } else if d0 != 0 {
        e.swrite(0, lo)?;
        e.w.set_exec(d0 << 32);
        e.w.pc = sopk_target(e)?;
    }
    Ok(())
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
