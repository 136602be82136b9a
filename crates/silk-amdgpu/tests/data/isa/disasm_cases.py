#!/usr/bin/env python3
"""Writes disasm-cases.txt: encodings found by the random differential test
(tests/isa_llvm_live.rs) where our disassembly disagreed with LLVM 22's,
each with what `llvm-mc -disassemble` prints for it now (`reject` where it
warns about the encoding or flags an operand with a /* comment): DS on
gfx942 (the GDS bit is decoded and not printed; returning atomics take
odd-aligned AGPR tuples), VGPR/AGPR-only sources holding a `src_*`
register or `null`, GFX11
DPP16 VOPC on 16-bit integers with neg/abs bits.

Usage: python3 crates/silk-amdgpu/tests/data/isa/disasm_cases.py
LLVM tools come from $SILK_LLVM_BIN_DIR (default /usr/lib/llvm-22/bin).
"""
import os
import subprocess

LLVM = os.environ.get("SILK_LLVM_BIN_DIR", "/usr/lib/llvm-22/bin")
HERE = os.path.dirname(os.path.abspath(__file__))


def b(*ws):
    return ",".join("0x%02x" % x for w in ws for x in w.to_bytes(4, "little"))


def vopc(op, ctrl):
    return b((0x7C6786FA & ~(0xFF << 17)) | (op << 17), ctrl)


CASES = {
    "gfx942": [
        "0x00,0x00,0x41,0xd8,0x00,0x04,0x00,0x02",
        "0x00,0x00,0x01,0xd8,0x00,0x04,0x00,0x00",
        "0x00,0x00,0x61,0xd8,0x00,0x04,0x05,0x02",
        b(0xD85D93DC, 0x121B9DF3),
        b(0xD8590483, 0xEF2767DF),
        b(0xD86902F8, 0x86B3F5D5),
        "0x00,0x00,0xc0,0xda,0x00,0x03,0x00,0x01",
        "0x00,0x00,0xe0,0xda,0x00,0x03,0x05,0x01",
        "0x00,0x00,0xda,0xda,0x00,0x03,0x00,0x01",
        b(0xDA5E32A4, 0x210C45DB),
        b(0xDADC66F0, 0xE8D74DF8),
        b(0xDAE0ED23, 0xD3816324),
        "0x00,0x00,0xec,0xda,0x00,0x00,0x00,0x01",
        "0x00,0x00,0xe0,0xd8,0x00,0x03,0x05,0x01",
        "0xe6,0xa4,0x08,0x7e",
        "0xe7,0xa4,0x08,0x7e",
        "0xeb,0xa4,0x08,0x7e",
        "0xef,0xa4,0x08,0x7e",
        "0xfd,0xa4,0x08,0x7e",
        "0x05,0xa5,0x08,0x7e",
        "0x00,0xa4,0x08,0x7e",
        "0x6a,0xa4,0x08,0x7e",
        "0x7d,0xa4,0x08,0x7e",
        "0x7d,0x04,0xac,0x7e",
        "0x7c,0x04,0xac,0x7e",
    ],
    "gfx1100": [
        vopc(0x33, 0x24985D94),
        vopc(0x3B, 0x24985D94),
        vopc(0x0B, 0x24985D94),
        vopc(0x0B, 0x24985D94 & ~(0xF << 20)),
        vopc(0x13, 0x24985D94),
        vopc(0x43, 0x24985D94),
        vopc(0x43, 0x24985D94 & ~(0xF << 20)),
        "0x7c,0x04,0xac,0x7e",
        "0x7d,0x04,0xac,0x7e",
    ],
}


def main():
    out = [
        "# Disassembly cases the random differential test found (disasm_cases.py):",
        "# processor<TAB>bytes<TAB>llvm-mc 22 -disassemble text, or `reject`",
    ]
    for p, cases in CASES.items():
        for bs in cases:
            r = subprocess.run(
                [f"{LLVM}/llvm-mc", "-triple=amdgcn-amd-amdhsa", f"-mcpu={p}", "-disassemble"],
                input=bs + "\n", capture_output=True, text=True, check=True,
            )
            lines = [l.strip() for l in r.stdout.splitlines() if l.strip() and not l.strip().startswith(".")]
            first_rejected = r.stderr.startswith("<stdin>:1:1: warning: invalid instruction encoding")
            text = "reject" if first_rejected or not lines or "/*" in lines[0] else lines[0]
            out.append(f"{p}\t{bs}\t{text}")
    with open(os.path.join(HERE, "disasm-cases.txt"), "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
