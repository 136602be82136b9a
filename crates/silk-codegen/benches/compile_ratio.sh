#!/bin/sh
# Compile speed against clang-22 on the same kernels: for every corpus
# kernel (silk-gpu-ir/tests/kernels/*.sir) that compiles, and each
# processor, the whole-process time of
#   silk build k.sir --target P -o k.hsaco
# against
#   clang -x hip --offload-arch=P -nogpulib -nogpuinc --cuda-device-only -O3
# on its HIP twin (tests/data/hip/k.hip), the ratio, and the geometric
# mean of the ratios. With `inprocess` it also runs the criterion bench
# `compile` (in-process compile_module, gfx942 and gfx1100) and divides
# clang's whole-process time by criterion's median.
#
#   sh crates/silk-codegen/benches/compile_ratio.sh [rounds] [inprocess]
set -eu
rounds=${1:-5}
mode=${2:-}
LLVM_BIN=${SILK_LLVM_BIN_DIR:-/usr/lib/llvm-22/bin}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
target_dir=${CARGO_TARGET_DIR:-$root/target}
cargo build --release -q -p silk-cli --manifest-path "$root/Cargo.toml"
silk="$target_dir/release/silk"
kernels="$root/crates/silk-gpu-ir/tests/kernels"
twins="$root/crates/silk-codegen/tests/data/hip"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

now() { date +%s%N; }
time_us() {
  start=$(now)
  i=0
  while [ "$i" -lt "$rounds" ]; do
    "$@" > /dev/null 2>&1
    i=$((i + 1))
  done
  echo $(( ($(now) - start) / 1000 / rounds ))
}

echo "rounds: $rounds"
printf '%-20s %-8s %10s %12s %8s\n' kernel target "silk us" "clang us" ratio
for sir in "$kernels"/*.sir; do
  k=$(basename "$sir" .sir)
  for p in gfx942 gfx1100 gfx1151; do
    if ! "$silk" build "$sir" --target "$p" -o "$out/$k-$p.hsaco" > /dev/null 2>&1; then
      printf '%-20s %-8s skipped: does not compile yet\n' "$k" "$p"
      continue
    fi
    s=$(time_us "$silk" build "$sir" --target "$p" -o "$out/$k-$p.hsaco")
    c=$(time_us "$LLVM_BIN/clang" -x hip --offload-arch="$p" -nogpulib -nogpuinc \
      --cuda-device-only -O3 --no-gpu-bundle-output "$twins/$k.hip" -o "$out/$k-$p.clang.hsaco")
    echo "$k $p $s $c" >> "$out/whole.txt"
    awk -v k="$k" -v p="$p" -v s="$s" -v c="$c" \
      'BEGIN { printf "%-20s %-8s %10d %12d %7.1fx\n", k, p, s, c, c / s }'
  done
done
awk '{ l += log($4 / $3); n++ } END { if (n) printf "whole process: geomean clang/silk %.1fx over %d (kernel, target) pairs\n", exp(l / n), n }' "$out/whole.txt"

[ "$mode" = inprocess ] || exit 0
echo "in process (criterion median of compile_module):"
cargo bench -q -p silk-codegen --bench compile --manifest-path "$root/Cargo.toml" -- \
  --warm-up-time 0.5 --measurement-time 1 2>/dev/null |
  awk '
    /^compile\// { name = $1 }
    /time:/ {
      # time:   [low unit mid unit high unit]
      for (i = 1; i <= NF; i++) if ($i ~ /^\[/) break
      v = $(i + 2); u = $(i + 3)
      if (u == "ns") v /= 1000; else if (u == "ms") v *= 1000; else if (u == "s") v *= 1e6
      split(name, a, "/"); print a[2], a[3], v
    }' > "$out/inproc.txt"
awk 'NR == FNR { c[$1 " " $2] = $4; next }
     ($1 " " $2) in c { r = c[$1 " " $2] / $3; l += log(r); n++
       printf "%-20s %-8s %10.1f us in process   clang %8d us   ratio %8.0fx\n", $1, $2, $3, c[$1 " " $2], r }
     END { if (n) printf "in process: geomean clang/silk %.0fx over %d pairs\n", exp(l / n), n }' \
  "$out/whole.txt" "$out/inproc.txt"
