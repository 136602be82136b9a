#!/usr/bin/env python3
"""Regenerate the differential ISA corpus (golden data for silk-amdgpu tests).

For gfx942, gfx1100 and gfx1151 and every in-scope encoding family this script
samples random instruction words (fixed encoding-prefix bits of the family, a
chosen opcode, biased operand fields, random remaining bits, optional literal
and DPP/SDWA dwords), asks LLVM 22's llvm-mc to disassemble them, keeps the
ones whose text carries no `/* ... */` comment and no warning, re-assembles
that text with llvm-mc and keeps only what re-encodes to exactly the same
bytes (and disassembles back, alone, to the same text).

Outputs, next to this file:
  <processor>.txt          family <TAB> 0xNN,0xNN,... <TAB> llvm text
  opcodes-<processor>.txt  family <TAB> opcode <TAB> mnemonic <TAB> LLVM opcode name

Python 3 standard library only.  Usage:
  python3 crates/silk-amdgpu/tests/data/isa/regenerate.py [--seed N] [--out DIR]
          [--llvm-mc PATH] [--target N | --per-opcode K] [--processors gfx942,...]
          [--rejects DIR] [--list-families] [--jobs N]

Bit layouts follow the "Microcode Formats" chapters of AMD's
"AMD Instinct MI300 (CDNA3) Instruction Set Architecture" (gfx942) and
"RDNA3 Instruction Set Architecture" / "RDNA3.5 Instruction Set Architecture"
(gfx1100 / gfx1151).  Bit positions below are over the little-endian
concatenation of the family's base dwords (dword 0 = bits 31..0,
dword 1 = bits 63..32).
"""

import argparse
import collections
import concurrent.futures
import math
import os
import random
import re
import subprocess
import sys
import time

DEFAULT_SEED = 20250101
DEFAULT_TARGET = 15000
PROCESSORS = ("gfx942", "gfx1100", "gfx1151")
TRIPLE = "amdgcn-amd-amdhsa"

# `s_nop 0xa5a5` (SOPP, opcode 0 on both generations).  Printed after every
# candidate so that llvm-mc's output can be split per candidate.
SENTINEL = bytes([0xA5, 0xA5, 0x80, 0xBF])

# ---------------------------------------------------------------------------
# Operand-field kinds and biased samplers
# ---------------------------------------------------------------------------

# Inline constants (ISA manual "Scalar/Vector ALU operands" tables):
# 128..192 = 0..64, 193..208 = -1..-16, 240..248 = +-0.5, +-1.0, +-2.0,
# +-4.0, 1/(2*pi).
INLINE_CONSTS = list(range(128, 209)) + list(range(240, 249))
LITERAL = 255

# Special scalar operand codes per generation (same manual tables).
SPECIAL = {
    # flat_scratch, xnack_mask, vcc, ttmp0..15, m0, exec, src_shared_base..
    # src_pops_exiting_wave_id, src_vccz, src_execz, src_scc, src_lds_direct
    9: [102, 103, 104, 105, 106, 107] + list(range(108, 124)) + [124, 126, 127]
    + list(range(235, 240)) + [251, 252, 253, 254],
    # vcc, ttmp0..15, null, m0, exec, src_shared_base.., vccz, execz, scc
    11: [106, 107] + list(range(108, 124)) + [124, 125, 126, 127]
    + list(range(235, 239)) + [251, 252, 253],
}

# DPP controls (DPP_CTRL enumeration in the manuals' "DPP" section).
DPP_CTRL_COMMON = (
    list(range(0x101, 0x110)) + list(range(0x111, 0x120)) + list(range(0x121, 0x130))
    + [0x140, 0x141]
)
DPP_CTRL = {
    # wave_shl/rol/shr/ror, row_bcast15/31, gfx90a+ row_newbcast
    9: DPP_CTRL_COMMON + [0x130, 0x134, 0x138, 0x13C, 0x142, 0x143] + list(range(0x150, 0x160)),
    # row_share, row_xmask
    11: DPP_CTRL_COMMON + list(range(0x150, 0x170)),
}


def sample_field(kind, width, gen, rng, align=1):
    """A value for an operand field of `kind`, biased towards interesting values.
    Register numbers are rounded down to a multiple of `align` (register
    tuples must be 2-aligned on gfx942 and SGPR quads 4-aligned)."""
    r = rng.random()
    am = ~(align - 1)
    if kind == "ssrc":  # 8-bit scalar source: SGPR, special, inline, literal
        if r < 0.30:
            return rng.randrange(0, 106) & am
        if r < 0.48:
            return rng.choice(SPECIAL[gen])
        if r < 0.73:
            return rng.choice(INLINE_CONSTS)
        if r < 0.86:
            return LITERAL
        return rng.getrandbits(8)
    if kind == "sdst":  # 7-bit scalar destination
        if r < 0.55:
            return rng.randrange(0, 106) & am
        if r < 0.85:
            return rng.choice([c for c in SPECIAL[gen] if c < 128])
        return rng.getrandbits(7)
    if kind == "src9":  # 9-bit vector source: 256+ = VGPR
        if r < 0.35:
            return 256 + (rng.getrandbits(8) & am)
        if r < 0.50:
            return rng.randrange(0, 106) & am
        if r < 0.60:
            return rng.choice(SPECIAL[gen])
        if r < 0.80:
            return rng.choice(INLINE_CONSTS)
        if r < 0.90:
            return LITERAL
        return rng.getrandbits(9)
    if kind == "vgpr":  # 8-bit VGPR/AGPR number (or SMEM SBASE pair index)
        if r < 0.3:
            x = rng.randrange(0, 16)
        elif r < 0.4:
            x = (1 << width) - 1 - rng.randrange(0, 8)
        else:
            x = rng.getrandbits(width)
        return x & am & ((1 << width) - 1)
    if kind == "saddr":  # FLAT SADDR: SGPR pair, 0x7f/0x7c = off/null, 0 (FLAT)
        if r < 0.3:
            return 0x7F
        if r < 0.4:
            return 0x7C
        if r < 0.6:
            return 0
        return rng.getrandbits(7) & ~1
    if kind == "imm":
        if r < 0.25:
            return 0
        if r < 0.4:
            return rng.randrange(0, 16)
        return rng.getrandbits(width)
    raise ValueError(kind)


def sample_literal(rng):
    r = rng.random()
    if r < 0.30:
        return rng.getrandbits(32)
    if r < 0.50:
        return rng.getrandbits(16)  # 16-bit operands: high half must be zero
    if r < 0.65:  # float-looking: common exponents
        return (rng.getrandbits(1) << 31) | (rng.randrange(0x70, 0x90) << 23) | rng.getrandbits(23)
    if r < 0.75:  # f64 high dword (low dword of the double is zero)
        return (rng.getrandbits(1) << 31) | (rng.randrange(0x3F0, 0x410) << 20) | rng.getrandbits(20)
    if r < 0.85:
        return rng.choice([65, 100, 0x1000, 0xFFFF, 0x10000, 0x7FFFFFFF, 0x80000000,
                           0xFFFFFFBF, 0x3E22F983, 0x3FC90FDB, 0x3118, 0x3800])
    return rng.getrandbits(32) & 0xFFFF0000


# ---------------------------------------------------------------------------
# Encoding families
# ---------------------------------------------------------------------------


class Family:
    """One sampled encoding family.

    base_words: dwords of the base encoding (before literal / DPP / SDWA).
    fixed: {(lo, width): value} encoding-prefix bits.
    op: (lo, width) of the opcode field; ops: opcode values to sample.
    fields: [(lo, width, kind)] operand fields sampled with a bias.
    lit: lo bits of the 9/8-bit source fields for which 255 means a literal
         dword follows.
    src0: (lo, width) of the source field that selects DPP/SDWA, and the
          values that plain encodings must avoid.
    ext: None, "DPP16", "DPP8", "SDWA" or "SDWAB" (VOPC SDWA).
    """

    def __init__(self, name, base_words, fixed, op, ops, fields, lit=(), src0=None,
                 ext=None):
        self.name = name
        self.base = name.split("_")[0]  # VOP3_DPP16 -> VOP3
        self.base_words = base_words
        self.fixed = fixed
        self.op = op
        self.ops = list(ops)
        self.fields = fields
        self.lit = lit
        self.src0 = src0
        self.ext = ext
        self.nbytes = 4 * base_words + (4 if ext else 0)  # without literal
        self.fixed_mask = 0
        self.fixed_value = 0
        for (lo, w), v in fixed.items():
            self.fixed_mask |= ((1 << w) - 1) << lo
            self.fixed_value |= v << lo

    def derive(self, ext, name):
        return Family(name, self.base_words, self.fixed, self.op, self.ops, self.fields,
                      lit=(), src0=self.src0, ext=ext)


def F(lo, w, kind):
    return (lo, w, kind)


# Source-field values that switch a VOP encoding to DPP/SDWA instead of a
# plain operand: 0xF9 SDWA (GFX9), 0xFA DPP16, 0xE9/0xEA DPP8 (GFX10+).
EXT_SRC0 = {9: (0xF9, 0xFA), 11: (0xE9, 0xEA, 0xFA)}


def families_gfx9():
    """CDNA3 ISA, chapter "Microcode Formats" (same layouts as Vega/GCN5)."""
    fams = []
    # SOP2: [31:30]=0b10, OP[29:23], SDST[22:16], SSRC1[15:8], SSRC0[7:0].
    # OP >= 0x60 would be the SOPK/SOP1/SOPC/SOPP prefixes.
    fams.append(Family("SOP2", 1, {(30, 2): 0b10}, (23, 7), range(0x60),
                       [F(0, 8, "ssrc"), F(8, 8, "ssrc"), F(16, 7, "sdst")], lit=(0, 8)))
    # SOPK: [31:28]=0b1011, OP[27:23], SDST[22:16], SIMM16[15:0]; OP < 0x1D.
    fams.append(Family("SOPK", 1, {(28, 4): 0b1011}, (23, 5), range(0x1D),
                       [F(16, 7, "sdst"), F(0, 16, "imm")]))
    # SOP1: [31:23]=0x17D, SDST[22:16], OP[15:8], SSRC0[7:0].
    fams.append(Family("SOP1", 1, {(23, 9): 0x17D}, (8, 8), range(0x100),
                       [F(0, 8, "ssrc"), F(16, 7, "sdst")], lit=(0,)))
    # SOPC: [31:23]=0x17E, OP[22:16], SSRC1[15:8], SSRC0[7:0].
    fams.append(Family("SOPC", 1, {(23, 9): 0x17E}, (16, 7), range(0x80),
                       [F(0, 8, "ssrc"), F(8, 8, "ssrc")], lit=(0, 8)))
    # SOPP: [31:23]=0x17F, OP[22:16], SIMM16[15:0].
    fams.append(Family("SOPP", 1, {(23, 9): 0x17F}, (16, 7), range(0x80),
                       [F(0, 16, "imm")]))
    # SMEM: [31:26]=0b110000, OP[25:18], IMM[17], GLC[16], NV[15], SOE[14],
    # SDATA[12:6], SBASE[5:0]; dword1: SOFFSET[63:57], OFFSET[52:32].
    fams.append(Family("SMEM", 2, {(26, 6): 0b110000}, (18, 8), range(0x100),
                       [F(6, 7, "sdst"), F(0, 6, "vgpr"), F(57, 7, "sdst"), F(32, 21, "imm")]))
    # VOP2: [31]=0, OP[30:25], VDST[24:17], VSRC1[16:9], SRC0[8:0]; OP 0x3E/0x3F
    # are the VOPC/VOP1 prefixes.
    vop_src0 = (0, 9)
    fams.append(Family("VOP2", 1, {(31, 1): 0}, (25, 6), range(0x3E),
                       [F(0, 9, "src9"), F(9, 8, "vgpr"), F(17, 8, "vgpr")], lit=(0,),
                       src0=vop_src0))
    # VOP1: [31:25]=0x3F, VDST[24:17], OP[16:9], SRC0[8:0].
    fams.append(Family("VOP1", 1, {(25, 7): 0x3F}, (9, 8), range(0x100),
                       [F(0, 9, "src9"), F(17, 8, "vgpr")], lit=(0,), src0=vop_src0))
    # VOPC: [31:25]=0x3E, OP[24:17], VSRC1[16:9], SRC0[8:0].
    fams.append(Family("VOPC", 1, {(25, 7): 0x3E}, (17, 8), range(0x100),
                       [F(0, 9, "src9"), F(9, 8, "vgpr")], lit=(0,), src0=vop_src0))
    # VOP3 (VOP3a/VOP3b): [31:26]=0b110100, OP[25:16], CLAMP[15], OP_SEL[14:11]
    # (VOP3b: SDST[14:8]), ABS[10:8], VDST[7:0]; dword1: NEG[63:61],
    # OMOD[60:59], SRC2[58:50], SRC1[49:41], SRC0[40:32].  No literal on GFX9.
    # OP 0x380..0x3FF is the VOP3P prefix.
    fams.append(Family("VOP3", 2, {(26, 6): 0b110100}, (16, 10), range(0x380),
                       [F(0, 8, "vgpr"), F(32, 9, "src9"), F(41, 9, "src9"), F(50, 9, "src9")]))
    # VOP3P (incl. VOP3P-MAI for MFMA/SMFMAC): [31:23]=0x1A7, OP[22:16],
    # CLAMP/ACC_CD[15], OP_SEL_HI2/ABID[14:11], NEG_HI/CBSZ[10:8], VDST[7:0];
    # dword1: NEG/BLGP[63:61], OP_SEL_HI/ACC[60:59], SRC2, SRC1, SRC0.
    fams.append(Family("VOP3P", 2, {(23, 9): 0x1A7}, (16, 7), range(0x80),
                       [F(0, 8, "vgpr"), F(32, 9, "src9"), F(41, 9, "src9"), F(50, 9, "src9")]))
    # DS: [31:26]=0b110110, ACC[25], OP[24:17], GDS[16], OFFSET1[15:8],
    # OFFSET0[7:0]; dword1: VDST[63:56], DATA1[55:48], DATA0[47:40], ADDR[39:32].
    fams.append(Family("DS", 2, {(26, 6): 0b110110}, (17, 8), range(0x100),
                       [F(0, 16, "imm"), F(32, 8, "vgpr"), F(40, 8, "vgpr"), F(48, 8, "vgpr"),
                        F(56, 8, "vgpr")]))
    # FLAT/SCRATCH/GLOBAL: [31:26]=0b110111, SC1[25], OP[24:18], NT[17],
    # SC0[16], SEG[15:14] (0 FLAT, 1 SCRATCH, 2 GLOBAL), LDS[13], OFFSET[12:0];
    # dword1: VDST[63:56], ACC[55], SADDR[54:48], DATA[47:40], ADDR[39:32].
    for seg, name in ((0, "FLAT"), (1, "SCRATCH"), (2, "GLOBAL")):
        fams.append(Family(name, 2, {(26, 6): 0b110111, (14, 2): seg}, (18, 7), range(0x80),
                           [F(0, 13, "imm"), F(32, 8, "vgpr"), F(40, 8, "vgpr"),
                            F(48, 7, "saddr"), F(56, 8, "vgpr")]))
    # MUBUF: [31:26]=0b111000, SC1[25], OP[24:18], NT[17], LDS[16], SC0[14],
    # IDXEN[13], OFFEN[12], OFFSET[11:0]; dword1: SOFFSET[63:56], ACC[55],
    # SRSRC[52:48], VDATA[47:40], VADDR[39:32].
    fams.append(Family("MUBUF", 2, {(26, 6): 0b111000}, (18, 7), range(0x80),
                       [F(0, 12, "imm"), F(32, 8, "vgpr"), F(40, 8, "vgpr"), F(48, 5, "vgpr"),
                        F(56, 8, "ssrc")]))
    # MTBUF: [31:26]=0b111010, NFMT[25:23], DFMT[22:19], OP[18:15], SC0[14],
    # IDXEN[13], OFFEN[12], OFFSET[11:0]; dword1 as MUBUF (NT[54]).
    fams.append(Family("MTBUF", 2, {(26, 6): 0b111010}, (15, 4), range(0x10),
                       [F(0, 12, "imm"), F(32, 8, "vgpr"), F(40, 8, "vgpr"), F(48, 5, "vgpr"),
                        F(56, 8, "ssrc")]))
    by = {f.name: f for f in fams}
    # SDWA: SRC0 = 0xF9 then the SDWA dword; DPP: SRC0 = 0xFA then the DPP dword.
    for base in ("VOP1", "VOP2", "VOPC"):
        ext = "SDWAB" if base == "VOPC" else "SDWA"
        fams.append(by[base].derive(ext, base + "_SDWA"))
    for base in ("VOP1", "VOP2"):
        fams.append(by[base].derive("DPP16", base + "_DPP16"))
    return fams


def families_gfx11():
    """RDNA3 / RDNA3.5 ISA, chapter "Microcode Formats"."""
    fams = []
    fams.append(Family("SOP2", 1, {(30, 2): 0b10}, (23, 7), range(0x60),
                       [F(0, 8, "ssrc"), F(8, 8, "ssrc"), F(16, 7, "sdst")], lit=(0, 8)))
    fams.append(Family("SOPK", 1, {(28, 4): 0b1011}, (23, 5), range(0x1D),
                       [F(16, 7, "sdst"), F(0, 16, "imm")]))
    fams.append(Family("SOP1", 1, {(23, 9): 0x17D}, (8, 8), range(0x100),
                       [F(0, 8, "ssrc"), F(16, 7, "sdst")], lit=(0,)))
    fams.append(Family("SOPC", 1, {(23, 9): 0x17E}, (16, 7), range(0x80),
                       [F(0, 8, "ssrc"), F(8, 8, "ssrc")], lit=(0, 8)))
    fams.append(Family("SOPP", 1, {(23, 9): 0x17F}, (16, 7), range(0x80),
                       [F(0, 16, "imm")]))
    # SMEM: [31:26]=0b111101, OP[25:18], GLC[14], DLC[13], SDATA[12:6],
    # SBASE[5:0]; dword1: SOFFSET[63:57], OFFSET[52:32].
    fams.append(Family("SMEM", 2, {(26, 6): 0b111101}, (18, 8), range(0x100),
                       [F(6, 7, "sdst"), F(0, 6, "vgpr"), F(57, 7, "sdst"), F(32, 21, "imm")]))
    vop_src0 = (0, 9)
    fams.append(Family("VOP2", 1, {(31, 1): 0}, (25, 6), range(0x3E),
                       [F(0, 9, "src9"), F(9, 8, "vgpr"), F(17, 8, "vgpr")], lit=(0,),
                       src0=vop_src0))
    fams.append(Family("VOP1", 1, {(25, 7): 0x3F}, (9, 8), range(0x100),
                       [F(0, 9, "src9"), F(17, 8, "vgpr")], lit=(0,), src0=vop_src0))
    fams.append(Family("VOPC", 1, {(25, 7): 0x3E}, (17, 8), range(0x100),
                       [F(0, 9, "src9"), F(9, 8, "vgpr")], lit=(0,), src0=vop_src0))
    # VOP3: [31:26]=0b110101, OP[25:16], CLAMP[15], OP_SEL[14:11] (VOP3b:
    # SDST[14:8]), ABS[10:8], VDST[7:0]; dword1: NEG[63:61], OMOD[60:59],
    # SRC2[58:50], SRC1[49:41], SRC0[40:32].  Literal allowed on GFX11.
    vop3_src0 = (32, 9)
    fams.append(Family("VOP3", 2, {(26, 6): 0b110101}, (16, 10), range(0x400),
                       [F(0, 8, "vgpr"), F(32, 9, "src9"), F(41, 9, "src9"), F(50, 9, "src9")],
                       lit=(32, 41, 50), src0=vop3_src0))
    # VOP3P: [31:24]=0xCC, [23]=0, OP[22:16], CLAMP[15], OP_SEL_HI2[14],
    # OP_SEL[13:11], NEG_HI[10:8], VDST[7:0]; dword1: NEG[63:61],
    # OP_SEL_HI[60:59], SRC2, SRC1, SRC0.  WMMA are OP 0x40..0x45.
    fams.append(Family("VOP3P", 2, {(23, 9): 0x198}, (16, 7), range(0x80),
                       [F(0, 8, "vgpr"), F(32, 9, "src9"), F(41, 9, "src9"), F(50, 9, "src9")],
                       lit=(32, 41, 50), src0=vop3_src0))
    # VOPD: [31:26]=0b110010, OPX[25:22], OPY[21:17], VSRC1X[16:9], SRC0X[8:0];
    # dword1: VDSTX[63:56], VDSTY[55:49] (bit 0 implied), VSRC1Y[48:41],
    # SRC0Y[40:32].  The sampled "opcode" is OPX:OPY = bits 25:17.
    fams.append(Family("VOPD", 2, {(26, 6): 0b110010}, (17, 9), range(0x200),
                       [F(0, 9, "src9"), F(9, 8, "vgpr"), F(32, 9, "src9"), F(41, 8, "vgpr"),
                        F(49, 7, "vgpr"), F(56, 8, "vgpr")], lit=(0, 32)))
    # DS: [31:26]=0b110110, OP[25:18], GDS[17], OFFSET1[15:8], OFFSET0[7:0];
    # dword1: VDST, DATA1, DATA0, ADDR.
    fams.append(Family("DS", 2, {(26, 6): 0b110110}, (18, 8), range(0x100),
                       [F(0, 16, "imm"), F(32, 8, "vgpr"), F(40, 8, "vgpr"), F(48, 8, "vgpr"),
                        F(56, 8, "vgpr")]))
    # FLAT/SCRATCH/GLOBAL: [31:26]=0b110111, OP[24:18], SEG[17:16], SLC[15],
    # GLC[14], DLC[13], OFFSET[12:0]; dword1: VDST[63:56], SVE[55],
    # SADDR[54:48], DATA[47:40], ADDR[39:32].
    for seg, name in ((0, "FLAT"), (1, "SCRATCH"), (2, "GLOBAL")):
        fams.append(Family(name, 2, {(26, 6): 0b110111, (16, 2): seg}, (18, 7), range(0x80),
                           [F(0, 13, "imm"), F(32, 8, "vgpr"), F(40, 8, "vgpr"),
                            F(48, 7, "saddr"), F(56, 8, "vgpr")]))
    # MUBUF: [31:26]=0b111000, OP[25:18], LDS[16], GLC[14], DLC[13], SLC[12],
    # OFFSET[11:0]; dword1: SOFFSET[63:56], IDXEN[55], OFFEN[54], TFE[53],
    # SRSRC[52:48], VDATA[47:40], VADDR[39:32].
    fams.append(Family("MUBUF", 2, {(26, 6): 0b111000}, (18, 8), range(0x100),
                       [F(0, 12, "imm"), F(32, 8, "vgpr"), F(40, 8, "vgpr"), F(48, 5, "vgpr"),
                        F(56, 8, "ssrc")]))
    # MTBUF: [31:26]=0b111010, FORMAT[25:19], OP[18:15], GLC[14], DLC[13],
    # SLC[12], OFFSET[11:0]; dword1 as MUBUF.
    fams.append(Family("MTBUF", 2, {(26, 6): 0b111010}, (15, 4), range(0x10),
                       [F(0, 12, "imm"), F(32, 8, "vgpr"), F(40, 8, "vgpr"), F(48, 5, "vgpr"),
                        F(56, 8, "ssrc")]))
    by = {f.name: f for f in fams}
    # DPP16: SRC0 = 0xFA then the DPP16 dword; DPP8: SRC0 = 0xE9 (FI=0) or
    # 0xEA (FI=1) then the DPP8 dword.  For VOP3/VOP3P the SRC0 field is in
    # dword 1 and the DPP dword is the third dword.
    for base in ("VOP1", "VOP2", "VOPC", "VOP3", "VOP3P"):
        fams.append(by[base].derive("DPP16", base + "_DPP16"))
        fams.append(by[base].derive("DPP8", base + "_DPP8"))
    return fams


PROCESSOR_GEN = {"gfx942": 9, "gfx1100": 11, "gfx1151": 11}


def families_for(proc):
    return families_gfx9() if PROCESSOR_GEN[proc] == 9 else families_gfx11()


# ---------------------------------------------------------------------------
# Candidate generation
# ---------------------------------------------------------------------------


def setf(v, lo, w, x):
    m = ((1 << w) - 1) << lo
    return (v & ~m) | ((x << lo) & m)


def getf(v, lo, w):
    return (v >> lo) & ((1 << w) - 1)


def sample_ext(ext, gen, rng):
    """The DPP16 / DPP8 / SDWA dword (manuals: "DPP", "DPP8", "SDWA" formats)."""
    r = rng.getrandbits(32)
    if rng.random() < 0.5:  # sparse: modifier bits mostly clear
        r &= rng.getrandbits(32) & rng.getrandbits(32)
    src0 = rng.getrandbits(8) if rng.random() < 0.6 else rng.randrange(0, 16)
    if ext == "DPP16":
        # SRC0[7:0], DPP_CTRL[16:8], FI[18], BC[19], NEG/ABS[23:20],
        # BANK_MASK[27:24], ROW_MASK[31:28]
        x = rng.random()
        if x < 0.4:
            ctrl = rng.getrandbits(8)
        elif x < 0.9:
            ctrl = rng.choice(DPP_CTRL[gen])
        else:
            ctrl = rng.getrandbits(9)
        r = setf(r, 0, 8, src0)
        r = setf(r, 8, 9, ctrl)
        if rng.random() < 0.5:
            r = setf(r, 24, 8, 0xFF)
        return r
    if ext == "DPP8":  # SRC0[7:0], LANE_SEL0..7 (3 bits each) [31:8]
        return setf(rng.getrandbits(32), 0, 8, src0)
    # SDWA: SRC0[7:0], DST_SEL[10:8], DST_U[12:11], CLAMP[13], OMOD[15:14],
    # SRC0_SEL[18:16], SRC0_SEXT[19], SRC0_NEG[20], SRC0_ABS[21], S0[23],
    # SRC1_SEL[26:24], SRC1_SEXT[27], SRC1_NEG[28], SRC1_ABS[29], S1[31].
    # SDWAB (VOPC): SDST[14:8], SD[15] instead of DST_SEL..OMOD.
    r = setf(r, 0, 8, src0)
    for lo in ((8, 16, 24) if ext == "SDWA" else (16, 24)):
        r = setf(r, lo, 3, rng.randrange(0, 7))
    if ext == "SDWAB" and rng.random() < 0.5:
        r = setf(r, 8, 8, 0x80 | rng.choice([106, 0, 2, 4, 10, 100, 108, 124, 126]))
    return r


def make_candidate(fam, op, gen, rng, implicit_lit, learned=None):
    """Random bytes for one candidate of `fam` with opcode `op`.

    learned: optional (clear, set) bit masks over the base (+ DPP/SDWA) dwords:
    bits that llvm-mc consistently drops from (or adds to) this opcode's
    encoding, i.e. fields the opcode does not use.  Applied to 3 samples in 4
    so that opcodes with unused fields still round-trip often; the rest stay
    fully random."""
    nbits = 32 * fam.base_words
    if rng.random() < 0.5:
        v = rng.getrandbits(nbits)
    else:  # sparse: reserved and modifier bits mostly clear
        v = rng.getrandbits(nbits) & rng.getrandbits(nbits) & rng.getrandbits(nbits)
    align = rng.choice((1, 2, 4))
    for lo, w, kind in fam.fields:
        if rng.random() < 0.85:
            v = setf(v, lo, w, sample_field(kind, w, gen, rng, align))
    if fam.ext:
        v |= sample_ext(fam.ext, gen, rng) << nbits
    if learned and rng.random() < 0.75:
        clear, force = learned
        v = (v & ~clear) | force
    v = (v & ~fam.fixed_mask) | fam.fixed_value
    v = setf(v, fam.op[0], fam.op[1], op)
    if fam.src0:
        lo, w = fam.src0
        if fam.ext is None:
            while getf(v, lo, w) in EXT_SRC0[gen]:
                v = setf(v, lo, w, 256 + rng.getrandbits(8))
        elif fam.ext == "DPP8":
            v = setf(v, lo, w, rng.choice((0xE9, 0xEA)))
        elif fam.ext == "DPP16":
            v = setf(v, lo, w, 0xFA)
        else:
            v = setf(v, lo, w, 0xF9)
    data = v.to_bytes(fam.nbytes, "little")
    if not fam.ext and fam.lit:
        if has_literal_field(fam, v) or (fam.name, op) in implicit_lit:
            data += sample_literal(rng).to_bytes(4, "little")
        elif rng.random() < 0.15:
            # Some opcodes always take a literal (v_madmk_*, s_setreg_imm32_b32,
            # VOPD fmamk/fmaak); an occasional extra dword lets the first pass
            # discover them.  When unused, the dword is decoded on its own:
            # keep 0xFF (a literal source) out of its low bytes, since llvm-mc
            # crashes reading a literal past the end of the input.
            lit = sample_literal(rng)
            while 0xFF in (lit & 0xFF, (lit >> 8) & 0xFF):
                lit = sample_literal(rng)
            data += lit.to_bytes(4, "little")
    return data


def literal_width(fam, lo):
    """Width of a literal-capable source field (9 bits for VOP, 8 for SOP)."""
    return 8 if fam.name.startswith("SOP") else 9


def has_literal_field(fam, v):
    return any(getf(v, lo, literal_width(fam, lo)) == LITERAL for lo in fam.lit)


def crashes_llvm_mc(fam, op, gen, data):
    """Encodings on which LLVM 22.1's AMDGPU disassembler crashes (segfault),
    found by this script's crash bisection.  They are not sampled: each crash
    costs a bisection of the batch.  All involve a literal (255) or an
    out-of-range field where the hardware allows none."""
    v = int.from_bytes(data[:4 * fam.base_words], "little")
    if fam.name in ("MUBUF", "MTBUF") and getf(v, 56, 8) == LITERAL:
        return True  # SOFFSET = literal
    if fam.base == "VOP3" and getf(v, 0, 8) == 255 and (
            op < 0x100 or op in ((0x142, 0x289) if gen == 9 else (0x182, 0x360))):
        # SGPR destination = 255: VOPC in VOP3 form, v_readfirstlane_b32_e64,
        # v_readlane_b32
        return True
    if fam.base in ("VOP3", "VOP3P") and (gen == 9 or fam.ext):
        # a literal source in VOP3/VOP3P on GFX9, or next to DPP on GFX11
        if any(getf(v, lo, 9) == LITERAL for lo in (32, 41, 50)):
            return True
    if fam.ext in ("SDWA", "SDWAB"):
        e = int.from_bytes(data[4:8], "little")
        sels = (8, 16, 24) if fam.ext == "SDWA" else (16, 24)
        if any(getf(e, lo, 3) == 7 for lo in sels):
            return True  # reserved SDWA select value 7
        if getf(e, 23, 1) and getf(e, 0, 8) == LITERAL:
            return True  # SDWA SRC0 = literal
    if fam.base == "VOP1" and op == 0x02 and fam.ext is None and getf(v, 17, 8) == 255:
        return True  # v_readfirstlane_b32 with SGPR destination 255
    if gen == 9 and fam.name == "VOP3P" and op == 0x58 and getf(v, 32, 9) < 256:
        return True  # v_accvgpr_read_b32 from something not a register
    if gen == 9 and fam.name == "VOP3P" and op >= 0x3E and op not in (0x58, 0x59):
        # MFMA/SMFMAC A/B operands are registers only; an inline constant
        # there crashes the disassembler (v_accvgpr_read/write excepted)
        if any(128 <= getf(v, lo, 9) < 256 for lo in (32, 41)):
            return True
    if gen == 9 and fam.base == "VOP1" and op == 0x52:
        # v_accvgpr_mov_b32 with a source that is not a register
        if fam.ext is None and getf(v, 0, 9) < 256 and getf(v, 0, 9) > 128:
            return True
    return False


def build_candidate(fam, op, gen, rng, implicit_lit, learned=None):
    while True:
        data = make_candidate(fam, op, gen, rng, implicit_lit, learned)
        # Never emit the sentinel dword: it would be mistaken for the separator.
        if any(data[i:i + 4] == SENTINEL for i in range(0, len(data), 4)):
            continue
        if crashes_llvm_mc(fam, op, gen, data):
            continue
        return data


# ---------------------------------------------------------------------------
# Running llvm-mc
# ---------------------------------------------------------------------------

ENC_RE = re.compile(r"^\t(.*?)\s*; encoding: \[([0-9a-fx,]*)\]\s*$")
INST_RE = re.compile(r"^\s*; <MCInst #\d+ (\w+)")
DIAG_RE = re.compile(r"^<stdin>:(\d+):(\d+): (warning|error): (.*)$")
LABEL_RE = re.compile(r"^L(\d+):\s*$")


def hexlist(data):
    return ",".join("0x%02x" % b for b in data)


def parse_hexlist(s):
    return bytes(int(x, 16) for x in s.split(",")) if s else b""


# llvm-mc crashes on a few encodings; don't spend seconds symbolizing each one.
LLVM_ENV = dict(os.environ, LLVM_DISABLE_SYMBOLIZATION="1", LLVM_DISABLE_CRASH_REPORT="1")


class Runner:
    def __init__(self, llvm_mc, proc):
        self.llvm_mc = llvm_mc
        self.proc = proc
        self.crashes = []  # inputs on which llvm-mc crashed
        self.runs = 0

    def _run(self, args, text):
        self.runs += 1
        p = subprocess.run([self.llvm_mc, *args, "-triple", TRIPLE, "-mcpu=" + self.proc],
                           input=text.encode(), capture_output=True, env=LLVM_ENV)
        crashed = p.returncode not in (0, 1)
        return p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace"), crashed

    def _robust(self, items, once, kind):
        """Run `once` over items; on an llvm-mc crash keep the finished prefix
        and bisect the rest until the crashing item is isolated and dropped."""
        out = [None] * len(items)
        stack = [(0, len(items))]
        while stack:
            a, b = stack.pop()
            if a >= b:
                continue
            res, done, crashed = once(items[a:b])
            for i in range(done):
                out[a + i] = res[i]
            if not crashed:
                continue
            a += done
            if b - a == 1:
                self.crashes.append((kind, items[a]))
                continue
            mid = a + min((b - a) // 2, 32)
            stack.append((mid, b))
            stack.append((a, mid))
        return out

    def disassemble(self, cands):
        """For each candidate (bytes): None, or (outputs, warned) where outputs
        is [(text, encoding bytes, llvm opcode name)] for that candidate alone."""
        return self._robust(cands, self._disasm_once, "disassemble")

    def _disasm_once(self, cands):
        text = "".join("[%s] [%s]\n" % (hexlist(c), hexlist(SENTINEL)) for c in cands)
        stdout, stderr, crashed = self._run(["--disassemble", "-show-encoding", "-show-inst"],
                                            text)
        warned = set()
        for line in stderr.splitlines():
            m = DIAG_RE.match(line)
            if m:
                warned.add(int(m.group(1)) - 1)
        res = []
        cur = []
        lines = stdout.split("\n")
        if crashed:
            lines = lines[:-1]  # the last line may be cut short
        for line in lines:
            m = ENC_RE.match(line)
            if m:
                enc = parse_hexlist(m.group(2))
                if enc == SENTINEL and m.group(1) == "s_nop 0xa5a5":
                    i = len(res)
                    res.append((cur, i in warned))
                    cur = []
                else:
                    cur.append([m.group(1), enc, None])
                continue
            m = INST_RE.match(line)
            if m and cur:
                cur[-1][2] = m.group(1)
        if not crashed and len(res) != len(cands):
            raise RuntimeError("llvm-mc output out of step with input (%d vs %d)"
                               % (len(res), len(cands)))
        return res, len(res), crashed

    def assemble(self, texts):
        """For each text: the encoding bytes, or the first diagnostic (str)."""
        return self._robust(texts, self._asm_once, "assemble")

    def _asm_once(self, texts):
        src = "".join("L%d:\n\t%s\n" % (i, t) for i, t in enumerate(texts))
        stdout, stderr, crashed = self._run(["-show-encoding"], src)
        bad = {}
        for line in stderr.splitlines():
            m = DIAG_RE.match(line)
            if m:
                bad.setdefault((int(m.group(1)) - 1) // 2, m.group(3) + ": " + m.group(4))
        res = [None] * len(texts)
        seen = 0
        cur = None
        lines = stdout.split("\n")
        if crashed:
            lines = lines[:-1]
        for line in lines:
            m = LABEL_RE.match(line)
            if m:
                cur = int(m.group(1))
                seen = cur
                continue
            m = ENC_RE.match(line)
            if m and cur is not None:
                res[cur] = "several instructions" if res[cur] is not None else parse_hexlist(m.group(2))
        done = len(texts) if not crashed else seen
        for i, msg in bad.items():
            if i < len(res):
                res[i] = msg
        for i in range(done):
            if res[i] is None:
                res[i] = "no output"
        return res, done, crashed


def parallel_map(fn, chunks, jobs):
    if jobs <= 1 or len(chunks) <= 1:
        return [fn(c) for c in chunks]
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        return list(ex.map(fn, chunks))


def chunked(xs, n):
    return [xs[i:i + n] for i in range(0, len(xs), n)]


# ---------------------------------------------------------------------------
# The pipeline for one processor
# ---------------------------------------------------------------------------

CHUNK = 1500
MAX_TRIES = 4000  # per (family, opcode), over all rounds


def mnemonic_of(text):
    toks = text.split()
    if "::" in toks:  # VOPD: X :: Y
        return toks[0] + "::" + toks[toks.index("::") + 1]
    return toks[0]


class Corpus:
    def __init__(self, proc, llvm_mc, seed, jobs, log):
        self.proc = proc
        self.gen = PROCESSOR_GEN[proc]
        self.fams = families_for(proc)
        self.runner = Runner(llvm_mc, proc)
        self.seed = seed
        self.jobs = jobs
        self.log = log
        self.accepted = {}  # bytes -> (family, op, text)
        self.by_key = collections.defaultdict(list)  # (family, op) -> [bytes]
        self.tried = collections.Counter()  # (family, op) -> candidates tried
        self.decoded = collections.Counter()  # (family, op) -> exact clean decodes
        self.clean = collections.Counter()  # (family, op) -> decodes without comment
        self.names = collections.defaultdict(set)  # (family, op) -> {(mnemonic, name)}
        self.implicit_lit = set()
        # per (family, op): [decodes, ones[bit], dropped[bit], forced[bit]]
        self.bitstats = {}
        self.seen = set()
        self.stats = collections.Counter()
        self.fstats = collections.defaultdict(collections.Counter)
        self.rejects = None  # [line] when --rejects is given

    def rng_for(self, rnd, fam):
        return random.Random("%s/%s/%s/%d" % (self.seed, self.proc, fam, rnd))

    def learn(self, fam, op, data, enc):
        """Count, per bit, how often llvm-mc's re-encoding of a clean decode
        drops a 1 or adds a 1 (bits the opcode ignores or implies)."""
        n = fam.nbytes * 8
        st = self.bitstats.get((fam.name, op))
        if st is None:
            st = self.bitstats[(fam.name, op)] = [0, [0] * n, [0] * n, [0] * n]
        d = int.from_bytes(data[:fam.nbytes], "little")
        e = int.from_bytes(enc[:fam.nbytes], "little")
        st[0] += 1
        ones, dropped, forced = st[1], st[2], st[3]
        x = d
        while x:
            b = (x & -x).bit_length() - 1
            ones[b] += 1
            if not (e >> b) & 1:
                dropped[b] += 1
            x &= x - 1
        x = e & ~d
        while x:
            b = (x & -x).bit_length() - 1
            forced[b] += 1
            x &= x - 1

    def learned_masks(self, fam, op):
        st = self.bitstats.get((fam.name, op))
        if st is None:
            return None
        total, ones, dropped, forced = st
        clear = force = 0
        for b in range(len(ones)):
            if ones[b] >= 3 and dropped[b] >= 0.9 * ones[b]:
                clear |= 1 << b
            zeros = total - ones[b]
            if zeros >= 3 and forced[b] >= 0.9 * zeros:
                force |= 1 << b
        return (clear, force) if clear or force else None

    def run_round(self, rnd, plan):
        """plan: [(family, op, n)] -> generate, disassemble, re-assemble."""
        cands = []  # (family, op, bytes)
        by_fam = collections.defaultdict(list)
        for fam, op, n in plan:
            by_fam[fam.name].append((fam, op, n))
        for fname in sorted(by_fam):
            rng = self.rng_for(rnd, fname)
            for fam, op, n in by_fam[fname]:
                learned = self.learned_masks(fam, op)
                for _ in range(n):
                    data = build_candidate(fam, op, self.gen, rng, self.implicit_lit, learned)
                    self.tried[(fam.name, op)] += 1
                    if data in self.seen:
                        continue
                    self.seen.add(data)
                    cands.append((fam, op, data))
        self.stats["candidates"] += len(cands)
        for fam, _, _ in cands:
            self.fstats[fam.name]["sampled"] += 1
        # 1. disassemble
        chunks = chunked([c[2] for c in cands], CHUNK)
        dis = [r for part in parallel_map(self.runner.disassemble, chunks, self.jobs)
               for r in part]
        pending = []  # (family, op, bytes, text)
        for (fam, op, data), r in zip(cands, dis):
            if r is None:
                self.stats["crash"] += 1
                continue
            outs, warned = r
            fs = self.fstats[fam.name]
            if not outs:
                continue
            fs["decoded"] += 1
            text, enc, name = outs[0]
            key = (fam.name, op)
            if name:
                self.names[key].add((mnemonic_of(text), name))
            if "/*" in text:
                fs["comment"] += 1
                continue
            self.clean[key] += 1
            if len(enc) >= fam.nbytes:
                self.learn(fam, op, data, enc)
            if not data.startswith(enc):
                fs["disasm_reencoded_differently"] += 1
                continue
            if len(enc) > 4 * fam.base_words and not fam.ext and not has_literal_field(
                    fam, int.from_bytes(data[:4 * fam.base_words], "little")):
                # this opcode carries a literal without a 255 source field
                # (v_madmk/fmaak, s_setreg_imm32, VOPD fmamk/fmaak, ...)
                self.implicit_lit.add(key)
            self.decoded[key] += 1
            if enc in self.accepted:
                continue
            pending.append((fam, op, enc, text))
        # dedupe on bytes
        uniq = {}
        for p in pending:
            uniq.setdefault(p[2], p)
        pending = list(uniq.values())
        # 2. re-assemble the text
        chunks = chunked([p[3] for p in pending], CHUNK)
        asm = [r for part in parallel_map(self.runner.assemble, chunks, self.jobs) for r in part]
        stage2 = []
        for p, enc in zip(pending, asm):
            fs = self.fstats[p[0].name]
            if enc == p[2]:
                stage2.append(p)
                continue
            what = "asm_error" if isinstance(enc, str) else "asm_different_bytes"
            fs[what] += 1
            if self.rejects is not None:
                self.rejects.append("%s\t%s\t%s\t%s\t%s" % (
                    p[0].name, what, hexlist(p[2]), p[3],
                    enc if isinstance(enc, str) else hexlist(enc)))
        self.stats["reassembled_same"] += len(stage2)
        self.stats["reassembled_diff"] += len(pending) - len(stage2)
        # 3. the exact bytes alone must disassemble to the same single text
        chunks = chunked([p[2] for p in stage2], CHUNK)
        dis2 = [r for part in parallel_map(self.runner.disassemble, chunks, self.jobs)
                for r in part]
        n = 0
        for (fam, op, enc, text), r in zip(stage2, dis2):
            if r is None:
                continue
            outs, warned = r
            if warned or len(outs) != 1 or outs[0][0] != text or outs[0][1] != enc:
                self.stats["verify_fail"] += 1
                self.fstats[fam.name]["verify_fail"] += 1
                continue
            self.fstats[fam.name]["kept"] += 1
            self.accepted[enc] = (fam.name, op, text)
            self.by_key[(fam.name, op)].append(enc)
            n += 1
        return len(cands), n

    def build(self, target, per_opcode=None, enum_samples=40, rounds=6):
        """Sample until every decodable (family, opcode) has per_opcode
        round-tripping instructions (default: target / number of opcodes)."""
        t0 = time.time()
        fam_by_name = {f.name: f for f in self.fams}
        # Round 0: enumerate every opcode value of every family.
        plan = [(f, op, enum_samples) for f in self.fams for op in f.ops]
        c, n = self.run_round(0, plan)
        if per_opcode is None:
            per_opcode = max(4, math.ceil(target / max(1, len(self.names))))
        self.per_opcode = per_opcode
        self.log("%s: enumeration: %d candidates, %d kept, %d decodable opcodes, "
                 "keeping %d per opcode (%.1fs)"
                 % (self.proc, c, n, len(self.names), per_opcode, time.time() - t0))
        # Later rounds: top up opcodes below the per-opcode target.
        for rnd in range(1, rounds + 1):
            plan = []
            for key in sorted(self.names):
                have = len(self.by_key[key])
                if have >= per_opcode or self.tried[key] >= MAX_TRIES:
                    continue
                rate = have / max(1, self.tried[key])
                need = per_opcode - have
                n = int(min(1500, max(20, math.ceil(need / max(rate, 0.005) * 1.5))))
                if rate == 0:
                    n = 400
                plan.append((fam_by_name[key[0]], key[1], n))
            if not plan:
                break
            c, n = self.run_round(rnd, plan)
            self.log("%s: round %d: %d opcodes short, %d candidates, %d kept (%.1fs)"
                     % (self.proc, rnd, len(plan), c, n, time.time() - t0))

    def select(self):
        """Keep up to per_opcode instructions per (family, opcode)."""
        per_opcode = self.per_opcode
        rng = random.Random("%s/%s/select" % (self.seed, self.proc))
        out = []
        for key in sorted(self.by_key):
            encs = sorted(self.by_key[key])
            if len(encs) > per_opcode:
                encs = rng.sample(encs, per_opcode)
            out.extend(encs)
        return out


def fmt_op(fam, op):
    if fam == "VOPD":
        return "0x%x:0x%02x" % (op >> 5, op & 31)
    return "0x%02x" % op


def write_outputs(corpus, outdir):
    order = {f.name: i for i, f in enumerate(corpus.fams)}
    sel = corpus.select()
    rows = sorted(((order[corpus.accepted[e][0]], corpus.accepted[e][1], e) for e in sel))
    path = os.path.join(outdir, corpus.proc + ".txt")
    with open(path, "w") as f:
        for _, _, enc in rows:
            fam, op, text = corpus.accepted[enc]
            assert "\t" not in text and "\n" not in text
            f.write("%s\t%s\t%s\n" % (fam, hexlist(enc), text))
    opath = os.path.join(outdir, "opcodes-%s.txt" % corpus.proc)
    with open(opath, "w") as f:
        for key in sorted(corpus.names, key=lambda k: (order[k[0]], k[1])):
            for mnem, name in sorted(corpus.names[key]):
                f.write("%s\t%s\t%s\t%s\n" % (key[0], fmt_op(key[0], key[1]), mnem, name))
    counts = collections.Counter(corpus.accepted[e][0] for e in sel)
    return path, counts, len(sel)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", default=str(DEFAULT_SEED),
                    help="sampling seed (default %d: reproducible)" % DEFAULT_SEED)
    ap.add_argument("--out", default=here, help="output directory (default: beside this script)")
    ap.add_argument("--llvm-mc", default=os.path.join(
        os.environ.get("SILK_LLVM_BIN_DIR", "/usr/lib/llvm-22/bin"), "llvm-mc"))
    ap.add_argument("--target", type=int, default=DEFAULT_TARGET,
                    help="about how many instructions to keep per processor")
    ap.add_argument("--per-opcode", type=int, default=None,
                    help="instructions kept per (family, opcode) (default: from --target)")
    ap.add_argument("--rejects", metavar="DIR",
                    help="also write the texts llvm-mc fails to re-encode identically")
    ap.add_argument("--processors", default=",".join(PROCESSORS))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--list-families", action="store_true",
                    help="print the encoding-prefix table and exit")
    args = ap.parse_args()
    if args.list_families:
        for proc in args.processors.split(","):
            print("# %s" % proc)
            for f in families_for(proc):
                fixed = " ".join("[%d:%d]=0x%x" % (lo + w - 1, lo, v)
                                 for (lo, w), v in sorted(f.fixed.items(), reverse=True))
                print("%-12s dwords=%d%s  %s  OP=[%d:%d]%s" % (
                    f.name, f.base_words, "+1" if f.ext else "", fixed,
                    f.op[0] + f.op[1] - 1, f.op[0],
                    "  SRC0[%d:%d]=%s" % (f.src0[0] + f.src0[1] - 1, f.src0[0], {
                        "DPP16": "0xFA", "DPP8": "0xE9/0xEA", "SDWA": "0xF9",
                        "SDWAB": "0xF9"}[f.ext]) if f.ext else ""))
        return
    if not os.path.isfile(args.llvm_mc):
        sys.exit("llvm-mc not found at %s (install llvm-22)" % args.llvm_mc)
    ver = subprocess.run([args.llvm_mc, "--version"], capture_output=True, text=True).stdout
    if "version 22" not in ver:
        print("warning: expected LLVM 22, got: %s" % ver.strip().splitlines()[0:2],
              file=sys.stderr)

    def log(msg):
        print(msg, file=sys.stderr, flush=True)

    os.makedirs(args.out, exist_ok=True)
    for proc in args.processors.split(","):
        corpus = Corpus(proc, args.llvm_mc, args.seed, args.jobs, log)
        if args.rejects:
            corpus.rejects = []
        corpus.build(args.target, args.per_opcode)
        path, counts, total = write_outputs(corpus, args.out)
        if args.rejects:
            os.makedirs(args.rejects, exist_ok=True)
            with open(os.path.join(args.rejects, "rejects-%s.txt" % proc), "w") as f:
                f.write("".join(line + "\n" for line in corpus.rejects))
        log("%s: %d instructions -> %s (%d bytes); llvm-mc runs %d; stats %s"
            % (proc, total, path, os.path.getsize(path), corpus.runner.runs,
               dict(corpus.stats)))
        for fam in corpus.fams:
            nops = len({op for (f, op), v in corpus.by_key.items() if f == fam.name and v})
            nvalid = len({op for (f, op) in corpus.names if f == fam.name})
            fs = corpus.fstats[fam.name]
            per_op = [min(len(v), corpus.per_opcode) for (f, _), v in corpus.by_key.items()
                      if f == fam.name and v]
            log("  %-12s %6d instructions, %4d/%4d decodable opcodes represented "
                "(min %d per opcode); %s"
                % (fam.name, counts[fam.name], nops, nvalid, min(per_op, default=0),
                   " ".join("%s=%d" % kv for kv in sorted(fs.items()))))
        missing = [(f, op) for (f, op) in sorted(corpus.names) if not corpus.by_key.get((f, op))]
        if missing:
            log("  decodable but never round-tripped (%d):" % len(missing))
            for f, op in missing:
                log("    %s %s %s" % (f, fmt_op(f, op), " ".join(sorted(
                    {m for m, _ in corpus.names[(f, op)]}))))
        for kind, item in corpus.runner.crashes:
            log("  llvm-mc crashed (%s) on: %s" % (
                kind, hexlist(item) if isinstance(item, bytes) else item))


if __name__ == "__main__":
    main()
