//! Encodings the shared decoder does not produce yet, decoded here from
//! raw dwords so clang's kernels run today: GFX11 VOPD dual issue and
//! `v_readlane_b32` (missing from both generated tables). Each builds
//! ordinary [`Inst`]s against existing table entries, so execution goes
//! through the same semantic functions. Remove an entry once the ISA
//! layer decodes it.

use silk_amdgpu::isa::operand::{is_inline_const, LITERAL, VGPR0};
use silk_amdgpu::isa::{table, Family, Inst, Operand};
use silk_amdgpu::target::{Generation, Processor};

pub enum Fallback {
    /// X and Y halves of a `v_dual_*` pair, and the dwords consumed.
    Vopd(Inst, Inst, usize),
    /// `v_readlane_b32 sdst, vsrc, lane` built on the writelane opcode.
    Readlane(Inst, usize),
    /// GFX11 `buffer_gl0_inv` / `buffer_gl1_inv`: cache invalidation, a
    /// no-op for a coherent memory model.
    CacheInvalidate,
}

const VOPD_NAMES: [&str; 19] = [
    "v_fmac_f32_e32",
    "v_fmaak_f32",
    "v_fmamk_f32",
    "v_mul_f32_e32",
    "v_add_f32_e32",
    "v_sub_f32_e32",
    "v_subrev_f32_e32",
    "v_mul_dx9_zero_f32_e32",
    "v_mov_b32_e32",
    "v_cndmask_b32_e32",
    "v_max_f32_e32",
    "v_min_f32_e32",
    "v_dot2acc_f32_f16",
    "v_dot2acc_f32_bf16",
    "",
    "",
    "v_add_nc_u32_e32",
    "v_lshlrev_b32_e32",
    "v_and_b32_e32",
];

fn src(code: u32, words: &[u32], lit_at: usize) -> Option<Operand> {
    let code = code as u16;
    Some(if code == LITERAL {
        Operand::Literal(*words.get(lit_at)?)
    } else if is_inline_const(code) {
        Operand::Const(code as u8)
    } else {
        Operand::Reg {
            code,
            count: 1,
            half: 0,
        }
    })
}

fn vgpr(n: u32) -> Operand {
    Operand::vgpr(n as u16)
}

pub fn decode(processor: Processor, words: &[u32]) -> Option<Fallback> {
    let w0 = *words.first()?;
    let gen = processor.generation();
    if gen == Generation::Gfx11 && w0 >> 26 == 0b110010 {
        let w1 = *words.get(1)?;
        let opx = (w0 >> 22 & 0xf) as usize;
        let opy = (w0 >> 17 & 0x1f) as usize;
        let src0x = w0 & 0x1ff;
        let vsrc1x = w0 >> 9 & 0xff;
        let src0y = w1 & 0x1ff;
        let vsrc1y = w1 >> 9 & 0xff;
        let vdstx = w1 >> 24;
        let vdsty = (w1 >> 17 & 0x7f) << 1 | ((vdstx & 1) ^ 1);
        let mk = |op: usize, s0: u32, s1: u32, d: u32| -> Option<Inst> {
            let name = *VOPD_NAMES.get(op).filter(|n| !n.is_empty())?;
            let opcode = table::lookup(processor, name, None)?;
            let info = &table::table(gen)[opcode.0 as usize];
            let s0 = src(s0, words, 2)?;
            let ops: Vec<Operand> = match name {
                "v_fmaak_f32" => vec![vgpr(d), s0, vgpr(s1), Operand::Literal(*words.get(2)?)],
                "v_fmamk_f32" => vec![vgpr(d), s0, Operand::Literal(*words.get(2)?), vgpr(s1)],
                "v_mov_b32_e32" => vec![vgpr(d), s0],
                "v_cndmask_b32_e32" => vec![vgpr(d), s0, vgpr(s1), Operand::sgpr(106)],
                _ => vec![vgpr(d), s0, vgpr(s1)],
            };
            let _ = info;
            Some(Inst::new(opcode, &ops))
        };
        let x = mk(opx, src0x, vsrc1x, vdstx)?;
        let y = mk(opy, src0y, vsrc1y, vdsty)?;
        let lit = [src0x, src0y].contains(&(LITERAL as u32))
            || matches!(opx, 1 | 2)
            || matches!(opy, 1 | 2);
        return Some(Fallback::Vopd(x, y, if lit { 3 } else { 2 }));
    }
    // MUBUF (GFX11 bits 31:26 = 0b111000) opcodes 0x2b, 0x2c.
    if gen == Generation::Gfx11 && w0 >> 26 == 0b111000 && words.len() >= 2 {
        match w0 >> 18 & 0x7f {
            0x2b => return Some(Fallback::CacheInvalidate),
            0x2c => return Some(Fallback::CacheInvalidate),
            _ => {}
        }
    }
    // VOP3 v_readlane_b32: GFX9 opcode 0x289 (bits 25:16), GFX11 0x360.
    let (is_vop3, op) = match gen {
        Generation::Gfx9 => (w0 >> 26 == 0b110100, w0 >> 16 & 0x3ff),
        Generation::Gfx11 => (w0 >> 26 == 0b110101, w0 >> 16 & 0x3ff),
    };
    let readlane = match gen {
        Generation::Gfx9 => 0x289,
        Generation::Gfx11 => 0x360,
    };
    if is_vop3 && op == readlane {
        let w1 = *words.get(1)?;
        let opcode = table::lookup(processor, "v_writelane_b32", Some(Family::Vop3))?;
        let sdst = Operand::sgpr((w0 & 0xff) as u16);
        let v = w1 & 0x1ff;
        if v < VGPR0 as u32 {
            return None;
        }
        let lane = src(w1 >> 9 & 0x1ff, words, 2)?;
        let n = if matches!(lane, Operand::Literal(_)) {
            3
        } else {
            2
        };
        return Some(Fallback::Readlane(
            Inst::new(
                opcode,
                &[
                    sdst,
                    Operand::Reg {
                        code: v as u16,
                        count: 1,
                        half: 0,
                    },
                    lane,
                ],
            ),
            n,
        ));
    }
    None
}
