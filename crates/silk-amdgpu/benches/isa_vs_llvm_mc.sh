#!/usr/bin/env sh
# Whole-process timing of the ISA layer against llvm-mc 22 on the same
# input: a 200,000-line assembly file and the matching byte list, both
# built from the differential corpus (tests/data/isa/<processor>.txt).
# Assembly is timed two ways against `llvm-mc -filetype=obj`: writing an
# object (`silk asm -o`, the same work) and printing the encodings
# (`silk asm --show-encoding`, which also prints every instruction).
#   sh crates/silk-amdgpu/benches/isa_vs_llvm_mc.sh [processor] [runs]
set -eu
proc=${1:-gfx1100}
runs=${2:-3}
root=$(cd "$(dirname "$0")/../../.." && pwd)
mc=${SILK_LLVM_BIN_DIR:-/usr/lib/llvm-22/bin}/llvm-mc
[ -x "$mc" ] || { echo "SKIPPED: $mc not installed"; exit 0; }
cargo build --release --quiet --bin silk --manifest-path "$root/Cargo.toml"
silk="${CARGO_TARGET_DIR:-$root/target}/release/silk"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
corpus="$root/crates/silk-amdgpu/tests/data/isa/$proc.txt"
python3 - "$corpus" "$work" <<'PY'
import sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
n = 200_000
with open(sys.argv[2] + "/in.s", "w") as f:
    for i in range(n):
        f.write("\t" + rows[i % len(rows)][2] + "\n")
with open(sys.argv[2] + "/in.txt", "w") as f:
    for i in range(n):
        f.write(rows[i % len(rows)][1].replace(",", " ") + "\n")
PY
best() { # best wall time in ms of "$@" over $runs runs
  b=""
  for _ in $(seq "$runs"); do
    s=$(date +%s%N); "$@" >/dev/null 2>&1 || true; e=$(date +%s%N)
    t=$(( (e - s) / 1000000 )); [ -z "$b" ] || [ "$t" -lt "$b" ] && b=$t
  done
  echo "$b"
}
a=$(best "$silk" asm --show-encoding --target "$proc" "$work/in.s")
o=$(best "$silk" asm --target "$proc" "$work/in.s" -o "$work/silk.o")
b=$(best "$mc" -triple amdgcn-amd-amdhsa -mcpu="$proc" -show-encoding "$work/in.s")
c=$(best "$mc" -triple amdgcn-amd-amdhsa -mcpu="$proc" -filetype=obj "$work/in.s" -o "$work/in.o")
d=$(best "$silk" disasm --target "$proc" "$work/in.txt")
e=$(best "$mc" -triple amdgcn-amd-amdhsa -mcpu="$proc" --disassemble "$work/in.txt")
echo "$proc, 200000 instructions, best of $runs:"
echo "  assemble: silk asm -o ${o} ms; silk asm --show-encoding ${a} ms; llvm-mc -filetype=obj ${c} ms; llvm-mc -show-encoding ${b} ms"
echo "  disassemble: silk disasm ${d} ms; llvm-mc --disassemble ${e} ms"
python3 -c "print(f'  ratios: silk asm -o vs llvm-mc -filetype=obj {${c}/max(${o},1):.1f}x; silk asm --show-encoding vs -filetype=obj {${c}/max(${a},1):.1f}x, vs -show-encoding {${b}/max(${a},1):.1f}x; disassemble {${e}/max(${d},1):.1f}x')"
