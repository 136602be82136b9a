#!/usr/bin/env python3
"""Whole-process timing of `silk asm` against `clang -c -x assembler` +
`ld.lld` on the assembler corpus (tests/data/hip/asm/*.s), in the same run.

For every file: the median of ROUNDS runs of each tool chain (both write
their object to the same path each run); then the median over files and
the figures for the largest file.

  python3 crates/silk-amdgpu/benches/asm_ratio.py [rounds]

The in-process figure comes from `cargo bench -p silk-amdgpu --bench asm`.
"""

import os
import statistics
import subprocess
import sys
import tempfile
import time

ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 5
LLVM = os.environ.get("SILK_LLVM_BIN_DIR", "/usr/lib/llvm-22/bin")
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
ASM = os.path.join(ROOT, "crates", "silk-amdgpu", "tests", "data", "hip", "asm")


def timed(cmds):
    """Median wall time (seconds) of running `cmds` in sequence; None if any fails."""
    samples = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        for c in cmds:
            if subprocess.run(c, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode != 0:
                return None
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main():
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "silk-cli"], cwd=ROOT, check=True)
    silk_bin = os.path.join(os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target")), "release", "silk")
    files = sorted(f for f in os.listdir(ASM) if f.endswith(".s"))
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        obj, out = os.path.join(tmp, "k.o"), os.path.join(tmp, "k.hsaco")
        for f in files:
            path = os.path.join(ASM, f)
            proc = f[:-2].rsplit("-", 1)[1]
            llvm = timed([
                [f"{LLVM}/clang-22", "-c", "-x", "assembler", "-target", "amdgcn-amd-amdhsa", f"-mcpu={proc}", path,
                 "-o", obj],
                [f"{LLVM}/ld.lld", "-shared", "--no-undefined", obj, "-o", out],
            ])
            silk = timed([[silk_bin, "asm", path, "-o", out]])
            if llvm is None or silk is None:
                sys.exit(f"{f}: a tool failed")
            rows.append((f, os.path.getsize(path), llvm, silk))
    us = lambda s: f"{s * 1e6:7.0f} us"
    print(f"files: {len(rows)}, rounds per file: {ROUNDS}")
    llvm = statistics.median(r[2] for r in rows)
    silk = statistics.median(r[3] for r in rows)
    print(f"median per file: clang -c + ld.lld {us(llvm)}   silk asm {us(silk)}   ratio {llvm / silk:.1f}x")
    big = max(rows, key=lambda r: r[1])
    print(f"largest file {big[0]} ({big[1]} bytes): clang + lld {us(big[2])}   silk asm {us(big[3])}   "
          f"ratio {big[2] / big[3]:.1f}x")


if __name__ == "__main__":
    main()
