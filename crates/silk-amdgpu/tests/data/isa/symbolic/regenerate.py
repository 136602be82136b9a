#!/usr/bin/env python3
"""Regenerate the golden files for silk_amdgpu::isa::symbolic from LLVM 22.

Source of truth: `llvm-mc` from LLVM 22 (default /usr/lib/llvm-22/bin, or
$SILK_LLVM_BIN_DIR). Standard library only. Run from anywhere:

    python3 crates/silk-amdgpu/tests/data/isa/symbolic/regenerate.py

For every symbolic operand kind and processor it
  1. disassembles an instruction carrying every value of the operand field
     (0..65535, or 0..255 for 8-bit fields) with `llvm-mc --disassemble`,
  2. assembles each printed text again with `llvm-mc` and records the value
     LLVM encodes (or that LLVM rejects it),
  3. writes `<kind>.<processors>.golden`: per block of 256 values an FNV-1a
     64-bit digest of the printed texts and one of the re-assembled values
     (so the Rust tests check all 65536 values while the files stay small),
     plus the full text of a fixed sample of values for humans and for
     pinpointing differences.
Processors whose results are identical share one file.
It also assembles the hand-written operand spellings in PARSE_CASES and
writes `parse_cases.golden` with LLVM's value or error column.

`--show KIND CPU FIRST LAST` prints LLVM's text for a value range (use it
when a digest block differs).
"""
import os
import random
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BIN = os.environ.get("SILK_LLVM_BIN_DIR", "/usr/lib/llvm-22/bin")
MC = os.path.join(BIN, "llvm-mc")
CPUS = ["gfx942", "gfx1100", "gfx1151"]


def sopp(op):
    return lambda v: (0xBF800000 | (op << 16) | v).to_bytes(4, "little")


def sopk(op):
    return lambda v: (0xB0000000 | (op << 23) | v).to_bytes(4, "little")


def ds(base):
    return lambda v: (base | v).to_bytes(4, "little") + (0x01000002).to_bytes(4, "little")


def low16(b):
    return int.from_bytes(b[:4], "little") & 0xFFFF


# kind -> (bits, {cpu: (encode(value) -> bytes, printed prefix, assembly prefix, value(bytes))})
# Opcode numbers were found by enumerating SOPP/SOPK opcodes with llvm-mc.
GFX11 = ("gfx1100", "gfx1151")
KINDS = {
    "waitcnt": (16, {
        "gfx942": (sopp(0x0C), "s_waitcnt ", "s_waitcnt ", low16),
        **{c: (sopp(0x09), "s_waitcnt ", "s_waitcnt ", low16) for c in GFX11},
    }),
    "hwreg": (16, {
        c: (sopk(0x11), "s_getreg_b32 s0, ", "s_getreg_b32 s0, ", low16) for c in CPUS
    }),
    "sendmsg": (16, {
        "gfx942": (sopp(0x10), "s_sendmsg ", "s_sendmsg ", low16),
        **{c: (sopp(0x36), "s_sendmsg ", "s_sendmsg ", low16) for c in GFX11},
    }),
    # s_sendmsg_rtn_b32 (SOP1 op 0x4c): the message id sits in SSRC0[7:0].
    "sendmsg_rtn": (8, {
        c: (lambda v: (0xBE804C00 | v).to_bytes(4, "little"), "s_sendmsg_rtn_b32 s0, ",
            "s_sendmsg_rtn_b32 s0, ", lambda b: b[0]) for c in GFX11
    }),
    "delay_alu": (16, {c: (sopp(0x07), "s_delay_alu ", "s_delay_alu ", low16) for c in GFX11}),
    "depctr": (16, {c: (sopp(0x08), "s_waitcnt_depctr ", "s_waitcnt_depctr ", low16) for c in GFX11}),
    "swizzle": (16, {
        "gfx942": (ds(0xD87A0000), "ds_swizzle_b32 v1, v2", "ds_swizzle_b32 v1, v2", low16),
        **{c: (ds(0xD8D40000), "ds_swizzle_b32 v1, v2", "ds_swizzle_b32 v1, v2", low16) for c in GFX11},
    }),
    "gpr_idx": (16, {"gfx942": (sopp(0x1D), "s_set_gpr_idx_mode ", "s_set_gpr_idx_mode ", low16)}),
    "version": (16, {c: (sopk(0x01), "s_version ", "s_version ", low16) for c in GFX11}),
    "imm16": (16, {
        "gfx942": (sopp(0x0E), "s_sleep ", "s_sleep ", low16),
        **{c: (sopp(0x03), "s_sleep ", "s_sleep ", low16) for c in GFX11},
    }),
}
# s_waitcnt_vscnt with sdst = null (SGPR code 0x7c on GFX11).
KINDS["hex16"] = (16, {c: (lambda v: (0xB0000000 | (0x18 << 23) | (0x7C << 16) | v).to_bytes(4, "little"),
                           "s_waitcnt_vscnt null, ", "s_waitcnt_vscnt null, ", low16) for c in GFX11})


def operand_text(kind, prefix, line):
    if kind == "swizzle":
        return line[len(prefix) + len(" offset:"):] if " offset:" in line else ""
    if not line.startswith(prefix):
        raise SystemExit(f"unexpected LLVM text for {kind}: {line!r}")
    return line[len(prefix):]


def assembly_line(kind, prefix, text):
    if kind == "swizzle":
        return prefix + (" offset:" + text if text else "")
    return prefix + text


def disassemble(cpu, blobs):
    inp = "\n".join(" ".join("0x%02x" % b for b in blob) for blob in blobs) + "\n"
    r = subprocess.run([MC, "--disassemble", "-show-encoding", "-triple=amdgcn-amd-amdhsa",
                        "-mcpu=" + cpu], input=inp, capture_output=True, text=True)
    out = {}
    for line in r.stdout.splitlines():
        m = re.match(r"\s*(.*?)\s*; encoding: \[(.*)\]", line)
        if m:
            out[bytes(int(x, 16) for x in m.group(2).split(","))] = m.group(1)
    return [out.get(b) for b in blobs]


def assemble_batch(cpu, lines):
    """One llvm-mc run; None when the outputs cannot be matched to lines, "hang"
    when llvm-mc does not finish (LLVM 22 loops on a few malformed inputs)."""
    try:
        r = subprocess.run([MC, "-show-encoding", "-triple=amdgcn-amd-amdhsa", "-mcpu=" + cpu],
                           input="\n".join(lines) + "\n", capture_output=True, text=True,
                           timeout=3 + len(lines) // 20)
    except subprocess.TimeoutExpired:
        return "hang"
    errs = {}
    for line in r.stderr.splitlines():
        m = re.match(r"<stdin>:(\d+):(\d+): error: (.*)", line)
        if m:
            errs.setdefault(int(m.group(1)) - 1, (int(m.group(2)) - 1, m.group(3)))
    encs = [bytes(int(x, 16) for x in m.group(1).split(","))
            for m in re.finditer(r"; encoding: \[(.*?)\]", r.stdout)]
    if len(encs) + len(errs) != len(lines):
        return None
    out, k = [], 0
    for i in range(len(lines)):
        if i in errs:
            out.append(("err",) + errs[i])
        else:
            out.append(("ok", encs[k]))
            k += 1
    return out


def assemble(cpu, lines):
    out = assemble_batch(cpu, lines)
    if out == "hang":
        if len(lines) == 1:
            return [("hang",)]
        return [r for line in lines for r in assemble(cpu, [line])]
    if out is not None:
        return out
    if len(lines) == 1:
        raise SystemExit(f"cannot interpret llvm-mc output for {lines[0]!r}")
    mid = len(lines) // 2
    return assemble(cpu, lines[:mid]) + assemble(cpu, lines[mid:])


def fnv(lines):
    h = 0xCBF29CE484222325
    for s in lines:
        for b in s.encode() + b"\n":
            h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def sample_values(kind, n):
    if n <= 256:
        return list(range(n))
    rng = random.Random("silk-symbolic-" + kind)
    vals = set(range(64)) | {0xFFFF, 0xFFFE, 0x8000, 0x7FFF, 0xFF00, 0x00FF}
    vals |= {1 << i for i in range(16)} | {0xFFFF ^ (1 << i) for i in range(16)}
    vals |= {rng.randrange(n) for _ in range(320)}
    return sorted(vals)


def llvm_results(kind, cpu):
    bits, per_cpu = KINDS[kind]
    encode, pprefix, aprefix, value = per_cpu[cpu]
    n = 1 << bits
    texts = disassemble(cpu, [encode(v) for v in range(n)])
    texts = [operand_text(kind, pprefix, t) if t is not None else None for t in texts]
    distinct = sorted({t for t in texts if t is not None})
    asm = assemble(cpu, [assembly_line(kind, aprefix, t) for t in distinct])
    if any(r[0] == "hang" for r in asm):
        raise SystemExit(f"llvm-mc hung on printed text for {kind} on {cpu}")
    by_text = {t: ("%04x" % value(r[1]) if r[0] == "ok" else "err") for t, r in zip(distinct, asm)}
    return [(t, by_text[t]) if t is not None else None for t in texts]


def golden_text(kind, results, samples=None):
    n = len(results)
    lines = []
    for v in range(n):
        if results[v] is None:
            raise SystemExit(f"{kind}: llvm-mc did not decode value {v:#x}")
    if n > 256:
        for blk in range(n // 256):
            chunk = results[blk * 256:(blk + 1) * 256]
            lines.append("B %02x %016x %016x" % (blk, fnv([t for t, _ in chunk]), fnv([a for _, a in chunk])))
    for v in sample_values(kind, n):
        t, a = results[v]
        lines.append("V %04x %s %s" % (v, a, t))
        if samples is not None:
            samples.append(t)
    return lines


def show(kind, cpu, first, last):
    for v, r in enumerate(llvm_results(kind, cpu)):
        if first <= v <= last:
            print("%04x %s %s" % (v, r[1], r[0]))


PARSE_CASES = {
    "waitcnt": """6|1
1||0
1|2*3
vmcnt(0) | lgkmcnt(0)
vmcnt(0) & lgkmcnt(0)
vmcnt(0), lgkmcnt(0)
vmcnt(0),lgkmcnt(0)
vmcnt(0)&lgkmcnt(0)
vmcnt(0)lgkmcnt(0)
vmcnt(0) lgkmcnt(0)
  vmcnt ( 0 ) 
vmcnt(0) vmcnt(1)
vmcnt(64)
vmcnt_sat(64)
vmcnt_sat(-1)
vmcnt(-1)
lgkmcnt_sat(100)
expcnt_sat(100)
expcnt(8)
vmcnt(1+2)
vmcnt(0x10)
VMCNT(0)
0
0x1234
65535
65536
-1
-32768
-32769
1+2
vmcnt(0) &
vmcnt(0) ,
& vmcnt(0)
vscnt(0)
vmcnt(0) & & lgkmcnt(0)
vmcnt(0) , , lgkmcnt(0)
vmcnt(0)expcnt(0)
vmcnt(0) & expcnt(0), lgkmcnt(0)
vmcnt()
vmcnt
vmcnt(0
vmcnt(a)
lgkmcnt(16)
lgkmcnt(63)
lgkmcnt(64)
lgkmcnt_sat(16)
lgkmcnt_sat(64)
vmcnt(0) 0
x
vmcnt(63) expcnt(7) lgkmcnt(15)
vmcnt(63)&expcnt(7)&lgkmcnt(15)
4294967296
0x1ffff
18446744073709551615
18446744073709551616
010
0b101
(3)
-(3)
~0
!0
2*3
7/2
7%2
1<<3
16>>1
-16>>1
6&3
6
1
6^3
1==1
1!=1
1<2
1<=1
1>2
1>=2
1<>2
1&&2
1

0
2-3-4
1+2*3
(1+2)*3
2+3&1
1
2*3
1-1==0
vmcnt(0) 
 lgkmcnt(0)
vmcnt(1)&lgkmcnt(0)
vmcnt(~0)
vmcnt(-0)
vmcnt( 1 + 2 )
vmcnt (1)
1 2
0x
'a'
vmcnt(1) & 3
vmcnt_sat(0)
expcnt_sat(0)
lgkmcnt_sat(0)
7/0
7%0
0b
0b2
09
1 +
(1
1)
vmcnt(1)x
vmcnt(1) expcnt(2) lgkmcnt(3)
expcnt(1) vmcnt(2)
lgkmcnt(1)&lgkmcnt(2)""",
    "hwreg": """hwreg(HW_REG_MODE)
hwreg(HW_REG_MODE, 0, 32)
hwreg(HW_REG_MODE,1,2)
hwreg(1)
hwreg(1, 0)
hwreg(HW_REG_MODE, 0)
hwreg(64)
hwreg(HW_REG_MODE, 32, 1)
hwreg(HW_REG_MODE, 0, 33)
hwreg(HW_REG_MODE, 0, 0)
hwreg(HW_REG_MODE, 31, 32)
hwreg(HW_REG_SHADER_CYCLES)
hwreg(HW_REG_FOO)
hwreg( HW_REG_MODE , 1 , 2 )
hwreg(HW_REG_MODE,)
hwreg()
hwreg
hwreg(1+1)
hwreg(-1)
{id: 1, offset: 0, size: 32}
{id: 1}
{offset: 3, id: 2}
{id: HW_REG_MODE, size: 4}
{}
{id: 1,}
{id: 64}
{size: 0}
{size: 33}
{offset: 32}
{id: 1, id: 2}
{foo: 1}
{id 1}
{id: 1
hwreg({id: 1})
hwreg(HW_REG_HW_ID)
hwreg(HW_REG_XCC_ID)
hwreg(HW_REG_WAVE_MODE)
0x1234
65535
65536
-1
-32769
hw_reg(1)
HWREG(1)
hwreg(hw_reg_mode)
hwreg(HW_REG_MODE
hwreg(HW_REG_MODE, 0, 32) x
hwreg(1,2,3,4)
hwreg(HW_REG_STATUS)
hwreg(HW_REG_TRAPSTS)
hwreg(HW_REG_GPR_ALLOC)
hwreg(HW_REG_LDS_ALLOC)
hwreg(HW_REG_IB_STS)
hwreg(HW_REG_SH_MEM_BASES)
hwreg(HW_REG_TBA_LO)
hwreg(HW_REG_TBA_HI)
hwreg(HW_REG_TMA_LO)
hwreg(HW_REG_TMA_HI)
hwreg(HW_REG_FLAT_SCR_LO)
hwreg(HW_REG_FLAT_SCR_HI)
hwreg(HW_REG_HW_ID1)
hwreg(HW_REG_HW_ID2)
hwreg(HW_REG_POPS_PACKER)
hwreg(HW_REG_PERF_SNAPSHOT_DATA)
hwreg(HW_REG_PERF_SNAPSHOT_PC_LO)
hwreg(HW_REG_PERF_SNAPSHOT_PC_HI)
hwreg(HW_REG_SQ_PERF_SNAPSHOT_DATA)
hwreg(HW_REG_SQ_PERF_SNAPSHOT_DATA1)
hwreg(HW_REG_SQ_PERF_SNAPSHOT_PC_LO)
hwreg(HW_REG_XNACK_MASK)
hwreg(HW_REG_SQ_PERF_SNAPSHOT_PC_HI)
hwreg(HW_REG_SHADER_TBA_LO)
hwreg(HW_REG_SHADER_TBA_HI)
hwreg(HW_REG_SHADER_TMA_LO)
hwreg(HW_REG_SHADER_TMA_HI)
hwreg(HW_REG_SHADER_XNACK_MASK)""",
    "sendmsg": """sendmsg(MSG_INTERRUPT)
sendmsg(MSG_GS, GS_OP_CUT, 1)
sendmsg(MSG_GS, GS_OP_CUT)
sendmsg(MSG_GS, GS_OP_NOP)
sendmsg(MSG_GS_DONE, GS_OP_NOP)
sendmsg(MSG_GS_DONE, GS_OP_NOP, 0)
sendmsg(MSG_SYSMSG, SYSMSG_OP_REG_RD)
sendmsg(MSG_SYSMSG, SYSMSG_OP_REG_RD, 0)
sendmsg(MSG_SYSMSG)
sendmsg(MSG_INTERRUPT, 0)
sendmsg(0, 0, 0)
sendmsg(15, 7, 3)
sendmsg(16, 0, 0)
sendmsg(1)
sendmsg(2, 1, 1)
sendmsg(2, 1)
sendmsg(2)
sendmsg(MSG_GS, 1, 1)
sendmsg(MSG_GS, 4, 1)
sendmsg(MSG_GS, GS_OP_CUT, 4)
sendmsg(MSG_GS, SYSMSG_OP_REG_RD)
sendmsg(MSG_RTN_GET_DOORBELL)
sendmsg(MSG_DEALLOC_VGPRS)
sendmsg(MSG_HS_TESSFACTOR)
sendmsg(MSG_GET_DOORBELL)
sendmsg(MSG_GS_ALLOC_REQ)
sendmsg(MSG_GS_ALLOC_REQ, 0)
128
65535
65536
-1
sendmsg(MSG_SYSMSG, 5)
sendmsg(MSG_SYSMSG, 0)
sendmsg(MSG_GS_DONE, 0, 0)
sendmsg(MSG_GS, 0, 0)
sendmsg(3, 0, 1)
sendmsg(-1, 0, 0)
sendmsg(1, 8, 0)
sendmsg(1, 0, 4)
sendmsg(MSG_FOO)
sendmsg(MSG_INTERRUPT, GS_OP_CUT)
sendmsg(255, 0, 0)
sendmsg(256)
sendmsg(2, GS_OP_CUT)
sendmsg(0x80, 1, 0)
sendmsg(MSG_SAVEWAVE)
sendmsg(MSG_STALL_WAVE_GEN)
sendmsg(MSG_HALT_WAVES)
sendmsg(MSG_ORDERED_PS_DONE)
sendmsg(MSG_EARLY_PRIM_DEALLOC)
sendmsg(MSG_GET_DDID)
sendmsg(MSG_RTN_GET_DDID)
sendmsg(MSG_RTN_GET_TMA)
sendmsg(MSG_RTN_GET_REALTIME)
sendmsg(MSG_RTN_SAVE_WAVE)
sendmsg(MSG_RTN_GET_TBA)
sendmsg(MSG_RTN_GET_TBA_TO_PC)
sendmsg(MSG_RTN_GET_SE_AID_ID)
sendmsg(MSG_SYSMSG, SYSMSG_OP_ECC_ERR_INTERRUPT)
sendmsg(MSG_SYSMSG, SYSMSG_OP_HOST_TRAP_ACK)
sendmsg(MSG_SYSMSG, SYSMSG_OP_TTRACE_PC)
sendmsg(MSG_GS_DONE, GS_OP_EMIT_CUT, 3)
sendmsg( 1 , 0 , 0 )
sendmsg(MSG_GS, GS_OP_EMIT, 1+1)
sendmsg(1,)
sendmsg()
sendmsg
sendmsg(1
sendmsg(1, 0, 0, 0)
{id: 1}
sendmsg(msg_interrupt)
sendmsg(MSG_GS, gs_op_cut)
sendmsg(1) x""",
    "sendmsg_rtn": """sendmsg(MSG_RTN_GET_DOORBELL)
sendmsg(MSG_INTERRUPT)
sendmsg(1)
sendmsg(255)
sendmsg(256)
sendmsg(1, 0, 0)
sendmsg(1, 1, 0)
1
0x80
255
256
-1
65535
65536
sendmsg(MSG_RTN_GET_TBA_TO_PC)
sendmsg(MSG_RTN_SAVE_WAVE)
sendmsg(MSG_RTN_GET_SE_AID_ID)
sendmsg(MSG_SYSMSG, SYSMSG_OP_REG_RD)""",
    "delay_alu": """instid0(VALU_DEP_1) | instskip(NEXT) | instid1(SALU_CYCLE_1)
instid0(VALU_DEP_1)|instid1(SALU_CYCLE_1)
instid1(SALU_CYCLE_1) | instid0(VALU_DEP_1)
instid0(VALU_DEP_1) instid1(SALU_CYCLE_1)
instid0(VALU_DEP_1) & instid1(SALU_CYCLE_1)
instid0(VALU_DEP_1), instid1(SALU_CYCLE_1)
instid0(NO_DEP)
instskip(SAME)
instid0(1)
instid0()
instid0(/* invalid instid value */)
instid0(VALU_DEP_1) | instid0(VALU_DEP_2)
0
65535
65536
-1
instid0(valu_dep_1)
instid0 (VALU_DEP_1)
instid0( VALU_DEP_1 )
instid0(VALU_DEP_1) |
foo(VALU_DEP_1)
instid1(TRANS32_DEP_3) | instskip(SKIP_4)
instskip(SKIP_5)
instid0(VALU_DEP_4)|instid0(TRANS32_DEP_1)|instid0(FMA_ACCUM_CYCLE_1)|instid0(SALU_CYCLE_3)
instid0(SALU_CYCLE_4)
instid0(VALU_DEP_1
1+1
instid0""",
    "depctr": """depctr_va_vdst(0)
depctr_va_vdst(0) depctr_sa_sdst(0)
depctr_va_vdst(0) & depctr_sa_sdst(0)
depctr_va_vdst(0), depctr_sa_sdst(0)
depctr_va_vdst(16)
depctr_va_vdst(15)
depctr_va_vdst(0) depctr_va_vdst(1)
depctr_hold_cnt(0)
depctr_hold_cnt(1)
depctr_vm_vsrc(7)
depctr_vm_vsrc(8)
depctr_va_vdst_sat(100)
depctr_foo(0)
0xffff
65536
-1
-32768
-32769
depctr_va_vdst(-1)
depctr_va_vdst()
depctr_va_sdst(0)
depctr_va_ssrc(0)
depctr_va_vcc(0)
depctr_va_sdst(7)
depctr_va_sdst(8)
depctr_va_ssrc(2)
depctr_sa_sdst(1)
depctr_sa_sdst(2)
depctr_va_vdst(1) depctr_va_sdst(2) depctr_va_ssrc(0) depctr_va_vcc(0) depctr_vm_vsrc(3)
depctr_va_vdst(0)&
depctr_va_vdst
depctr_va_vdst(0
DEPCTR_VA_VDST(0)
1+1
depctr_va_vdst ( 1 )
depctr_vm_vsrc(1)depctr_va_vcc(0)""",
    "swizzle": """65535
65536
-1
swizzle(QUAD_PERM,0,1,2,3)
swizzle(QUAD_PERM,0,1,2)
swizzle(QUAD_PERM,0,1,2,4)
swizzle(BITMASK_PERM,"01pip")
swizzle(BITMASK_PERM,"01pi")
swizzle(BITMASK_PERM,"01piX")
swizzle(BITMASK_PERM, "01pip")
swizzle(BROADCAST,2,1)
swizzle(BROADCAST,3,1)
swizzle(BROADCAST,2,2)
swizzle(BROADCAST,32,31)
swizzle(BROADCAST,64,0)
swizzle(BROADCAST,1,0)
swizzle(SWAP,16)
swizzle(SWAP,32)
swizzle(SWAP,3)
swizzle(REVERSE,2)
swizzle(REVERSE,32)
swizzle(REVERSE,64)
swizzle(REVERSE,3)
swizzle(FFT,31)
swizzle(FFT,32)
swizzle(ROTATE,1,31)
swizzle(ROTATE,2,31)
swizzle(ROTATE,0,32)
swizzle(quad_perm,0,1,2,3)
swizzle( QUAD_PERM , 0 , 1 , 2 , 3 )
swizzle(QUAD_PERM,0,1,2,3
swizzle(FOO,0)
swizzle(0)
1+1
0
swizzle(BITMASK_PERM,"PPPPP")
swizzle(BITMASK_PERM,"ppppp")
swizzle(BITMASK_PERM,"iiiii")
swizzle(BITMASK_PERM,"11111")
swizzle(BITMASK_PERM,"")
swizzle(BITMASK_PERM,01pip)
swizzle(BROADCAST,2,-1)
swizzle(SWAP,0)
swizzle(REVERSE,1)
swizzle(FFT,-1)
swizzle(ROTATE,-1,0)
swizzle(QUAD_PERM,-1,0,0,0)
swizzle(QUAD_PERM,3,3,3,3)
swizzle(BROADCAST,4,3)
swizzle(BROADCAST,4,4)
swizzle()
swizzle
swizzle(QUAD_PERM,0,1,2,3) x
swizzle(SWAP,1+1)""",
    "gpr_idx": """gpr_idx(SRC0,DST)
gpr_idx(DST,SRC0)
gpr_idx(SRC0,SRC0)
gpr_idx()
gpr_idx( SRC0 , DST )
gpr_idx(src0)
15
16
255
-1
gpr_idx(SRC1)
gpr_idx(SRC0,)
gpr_idx(SRC0 DST)
gpr_idx
gpr_idx(SRC2,SRC1,SRC0,DST)
gpr_idx(SRC0
gpr_idx(FOO)
1+1
gpr_idx(SRC0) x
gpr_idx(,SRC0)""",
    "version": """UC_VERSION_GFX11|UC_VERSION_W64_BIT
UC_VERSION_GFX11 | UC_VERSION_W64_BIT | UC_VERSION_MDP_BIT
(UC_VERSION_GFX11|UC_VERSION_W64_BIT)|UC_VERSION_MDP_BIT
((1|UC_VERSION_W64_BIT)|UC_VERSION_W32_BIT)|UC_VERSION_MDP_BIT
UC_VERSION_W32_BIT|UC_VERSION_W64_BIT
UC_VERSION_GFX11
UC_VERSION_GFX11
UC_VERSION_W64_BIT
UC_VERSION_GFX11 
 UC_VERSION_W64_BIT 
 UC_VERSION_MDP_BIT
0x2000
0x4000
0x8000
65535
65536
-1
-32768
-32769
UC_VERSION_GFX11+1
UC_VERSION_GFX7
UC_VERSION_GFX10
UC_VERSION_GFX12
UC_VERSION_W32_BIT
(UC_VERSION_GFX11
UC_VERSION_W64_BIT)
UC_VERSION_MDP_BIT
uc_version_gfx11
UC_VERSION_FOO
UC_VERSION_GFX9
((1
UC_VERSION_W64_BIT)
UC_VERSION_W32_BIT)
UC_VERSION_MDP_BIT
1
255
256""",
    "imm16": """65535
65536
-1
-32768
-32769
0x10000
1+2
0x7f
x
1 2
(
-(-(1))""",
    "hex16": """0x10
65535
65536
-1
-32768
-32769
1+2
x""",
}


PIECES = [" ", "  ", "&", ",", "|", "(", ")", "_sat", "0x", "-", "~", "1", "64", "99999", "+1",
          "\"", "{", "}", ":", "MSG_GS", "HW_REG_MODE", "SRC0", "NEXT", "/**/", ";"]


def mutate(rng, text):
    """A small random edit of a valid operand, to probe error paths."""
    for _ in range(rng.randint(1, 2)):
        op = rng.randrange(5)
        nums = [m for m in re.finditer(r"\d+", text)]
        if op == 0 and nums:
            m = rng.choice(nums)
            new = str(rng.choice([0, 1, 7, 15, 16, 31, 32, 33, 63, 64, 65, 255, 256, 65535, 65536]))
            text = text[:m.start()] + new + text[m.end():]
        elif op == 1 and text:
            i = rng.randrange(len(text))
            text = text[:i] + text[i + 1:]
        elif op == 2:
            i = rng.randrange(len(text) + 1)
            text = text[:i] + rng.choice(PIECES) + text[i:]
        elif op == 3 and text:
            i, j = sorted(rng.randrange(len(text) + 1) for _ in range(2))
            text = text[:j] + text[i:j] + text[j:]
        elif text:
            i = rng.randrange(len(text))
            text = text[:i] + text[i].swapcase() + text[i + 1:]
    return text


def parse_cases(samples):
    lines = []
    for kind, text in PARSE_CASES.items():
        cases = []
        for row in text.split("\n"):
            if row and row not in cases:
                cases.append(row)
        bits, per_cpu = KINDS[kind]
        for cpu, (_, _, aprefix, value) in per_cpu.items():
            rng = random.Random("silk-symbolic-mutations-%s-%s" % (kind, cpu))
            texts = [t for t in samples[(kind, cpu)] if t]
            mutated = []
            while len(mutated) < 120:
                m = mutate(rng, rng.choice(texts))
                # A leading ':' or ';' would make a label or a comment of the
                # whole statement, which says nothing about the operand.
                if (m and m.lstrip()[:1] not in (":", ";") and m not in cases
                        and m not in mutated and "\t" not in m):
                    mutated.append(m)
            all_cases = cases + mutated
            # Batches keep this fast; assemble() splits a batch whose output
            # cannot be matched line by line (a lexer error swallowed a line).
            results = []
            for i in range(0, len(all_cases), 40):
                chunk = all_cases[i:i + 40]
                results += assemble(cpu, [assembly_line(kind, aprefix, c) for c in chunk])
            for case, r in zip(all_cases, results):
                if r[0] == "hang":
                    continue  # no verdict from LLVM to compare with
                if r[0] == "ok":
                    res = "ok %04x" % value(r[1])
                else:
                    offset = r[1] - len(aprefix) - (len(" offset:") if kind == "swizzle" else 0)
                    res = "error %d %s" % (offset, r[2])
                lines.append("%s\t%s\t%s\t%s" % (cpu, kind, case, res))
    return lines


def version():
    r = subprocess.run([MC, "--version"], capture_output=True, text=True)
    m = re.search(r"LLVM version (\S+)", r.stdout)
    return m.group(1) if m else "unknown"


def main():
    if not os.path.isfile(MC):
        raise SystemExit(f"{MC} not found: install LLVM 22 (apt-get install -y llvm-22)")
    if len(sys.argv) == 6 and sys.argv[1] == "--show":
        show(sys.argv[2], sys.argv[3], int(sys.argv[4], 0), int(sys.argv[5], 0))
        return
    header = ["# Generated by regenerate.py from llvm-mc %s; do not edit." % version()]
    for old in os.listdir(HERE):
        if old.endswith(".golden"):
            os.remove(os.path.join(HERE, old))
    samples = {}
    for kind, (bits, per_cpu) in KINDS.items():
        groups = []  # [(cpus, lines)]
        for cpu in per_cpu:
            samples[(kind, cpu)] = []
            lines = golden_text(kind, llvm_results(kind, cpu), samples[(kind, cpu)])
            for cpus, other in groups:
                if other == lines:
                    cpus.append(cpu)
                    break
            else:
                groups.append(([cpu], lines))
        for cpus, lines in groups:
            name = "%s.%s.golden" % (kind, "+".join(cpus))
            with open(os.path.join(HERE, name), "w") as f:
                f.write("\n".join(header + ["# kind %s, processors %s; B: block, FNV-1a64 of texts, of "
                                            "re-assembled values; V: value, re-assembled value or err, "
                                            "LLVM text" % (kind, " ".join(cpus))] + lines) + "\n")
            print("wrote", name, len(lines), "lines")
    with open(os.path.join(HERE, "parse_cases.golden"), "w") as f:
        f.write("\n".join(header + ["# processor, kind, operand text, LLVM result (ok VALUE | error "
                                    "BYTE-OFFSET MESSAGE); tab separated"] + parse_cases(samples)) + "\n")
    print("wrote parse_cases.golden")


if __name__ == "__main__":
    main()
