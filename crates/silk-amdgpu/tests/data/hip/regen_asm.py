#!/usr/bin/env python3
"""Regenerates the assembler corpus under asm/ from the HIP sources here.

For every `name.hip` (all three processors), `name.gfxNNN.hip` (that
processor only) and `name.gfx11.hip` (gfx1100 and gfx1151):

  asm/name-<proc>.s       clang-22 -S output (the assembler's input)
  asm/name-<proc>.hsaco   clang-22 -c -x assembler + ld.lld-22 on that .s
                          (the reference `silk asm` must reproduce)

and, for all files together:

  asm/encodings-<proc>.txt  every distinct instruction line of the corpus
                            with llvm-mc 22's encoding and fixup: golden
                            data for the assembler tests until the ISA
                            encoder lands (see silk_amdgpu::asm::EncodingTable)
  MANIFEST.txt              each kernel's arguments and what it computes,
                            collected from the `// kernel:` / `// computes:`
                            comments in the sources (for the emulator)

Usage: python3 crates/silk-amdgpu/tests/data/hip/regen_asm.py
LLVM tools come from $SILK_LLVM_BIN_DIR (default /usr/lib/llvm-22/bin).
"""

import os
import re
import subprocess
import sys
import tempfile

LLVM = os.environ.get("SILK_LLVM_BIN_DIR", "/usr/lib/llvm-22/bin")
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "asm")
ALL = ["gfx942", "gfx1100", "gfx1151"]
HIP_FLAGS = ["-x", "hip", "-nogpulib", "-nogpuinc", "--cuda-device-only", "-O3", "--no-gpu-bundle-output"]


def processors(file_stem):
    name, _, only = file_stem.partition(".")
    if not only:
        return name, ALL
    if only == "gfx11":
        return name, ["gfx1100", "gfx1151"]
    return name, [only]


def run(args, **kw):
    r = subprocess.run(args, capture_output=True, text=True, **kw)
    if r.returncode != 0:
        sys.exit(f"failed: {' '.join(args)}\n{r.stderr}")
    return r.stdout


def strip_comment(line):
    """Drops `;` and `//` comments (instruction lines hold no strings)."""
    for marker in (";", "//"):
        i = line.find(marker)
        if i >= 0:
            line = line[:i]
    return line


LABEL = re.compile(r"^\s*([A-Za-z_.$][A-Za-z0-9_.$@]*|\d+):")


def instruction_lines(text):
    """Instruction statements of a clang -S file, in order, whitespace
    collapsed: what the assembler hands to the instruction layer."""
    out = []
    in_metadata = False
    for raw in text.split("\n"):
        if in_metadata:
            if raw.strip() == ".end_amdgpu_metadata":
                in_metadata = False
            continue
        line = strip_comment(raw)
        while True:
            m = LABEL.match(line)
            if not m:
                break
            line = line[m.end():]
        line = line.strip()
        if not line:
            continue
        if line == ".amdgpu_metadata":
            in_metadata = True
            continue
        if line.startswith("."):
            continue
        out.append(" ".join(line.split()))
    return out


ENC = re.compile(r"; encoding: \[([^\]]*)\]")
FIXUP = re.compile(r";\s+fixup A - offset: (\d+), value: (\S+), kind: (\S+)")


def encodings(path, proc):
    """(bytes with A as 00, fixup or None) per instruction, from llvm-mc."""
    text = run([f"{LLVM}/llvm-mc", "-triple=amdgcn-amd-amdhsa", f"-mcpu={proc}", "-show-encoding", path])
    out = []
    for line in text.split("\n"):
        m = ENC.search(line)
        if m:
            out.append([[b.strip() for b in m.group(1).split(",")], None])
            continue
        f = FIXUP.search(line)
        if f:
            if out[-1][1] is not None:
                sys.exit(f"{path}: two fixups on one instruction")
            out[-1][1] = (int(f.group(1)), f.group(3), f.group(2))
    return out


def main():
    os.makedirs(OUT, exist_ok=True)
    for f in os.listdir(OUT):
        os.remove(os.path.join(OUT, f))
    sources = sorted(f for f in os.listdir(HERE) if f.endswith(".hip"))
    table = {p: {} for p in ALL}
    manifest = []
    for src in sources:
        name, procs = processors(src[: -len(".hip")])
        text = open(os.path.join(HERE, src)).read()
        kernels = re.findall(r"^// kernel: (.*)\n// computes: (.*)$", text, re.M)
        for sig, what in kernels:
            manifest.append(f"{src}\t{' '.join(procs)}\t{sig}\t{what}")
        for p in procs:
            s_path = os.path.join(OUT, f"{name}-{p}.s")
            run([f"{LLVM}/clang-22", *HIP_FLAGS, f"-cuid={name}", f"--offload-arch={p}", "-S", src, "-o", s_path],
                cwd=HERE)
            with tempfile.TemporaryDirectory() as tmp:
                obj = os.path.join(tmp, "k.o")
                run([f"{LLVM}/clang-22", "-c", "-x", "assembler", "-target", "amdgcn-amd-amdhsa", f"-mcpu={p}",
                     s_path, "-o", obj])
                run([f"{LLVM}/ld.lld", "-shared", "--no-undefined", obj, "-o",
                     os.path.join(OUT, f"{name}-{p}.hsaco")])
            insts = instruction_lines(open(s_path).read())
            encs = encodings(s_path, p)
            if len(insts) != len(encs):
                sys.exit(f"{s_path}: {len(insts)} instruction lines but llvm-mc encoded {len(encs)}")
            for inst, (enc, fixup) in zip(insts, encs):
                hexs = "".join("00" if b == "A" else f"{int(b, 16):02x}" for b in enc)
                fx = "-" if fixup is None else f"{fixup[0]}:{fixup[1]}:{fixup[2]}"
                prev = table[p].setdefault(inst, (hexs, fx))
                if prev != (hexs, fx):
                    sys.exit(f"{p}: `{inst}` encodes two ways: {prev} and {(hexs, fx)}")
    for p in ALL:
        with open(os.path.join(OUT, f"encodings-{p}.txt"), "w") as f:
            f.write(f"# llvm-mc 22 -mcpu={p} -show-encoding over asm/*-{p}.s (regen_asm.py).\n")
            f.write("# hex bytes (fixup bytes zero)<TAB>fixup offset:kind:expression or -<TAB>instruction\n")
            for inst in sorted(table[p]):
                hexs, fx = table[p][inst]
                f.write(f"{hexs}\t{fx}\t{inst}\n")
    with open(os.path.join(HERE, "MANIFEST.txt"), "w") as f:
        f.write("# The HIP corpus: one line per kernel (generated by regen_asm.py from the\n")
        f.write("# `// kernel:` and `// computes:` comments in the sources).\n")
        f.write("# Index names: TID_* work-item id, BID_* workgroup id, BDIM_* workgroup size,\n")
        f.write("# GID_X = BID_X * BDIM_X + TID_X (see silk_hip.h). Objects: asm/<file>-<proc>.hsaco.\n")
        f.write("# source<TAB>processors<TAB>signature<TAB>computes\n")
        for line in manifest:
            f.write(line + "\n")


if __name__ == "__main__":
    main()
