#!/bin/sh
# Times the whole `silk build` process compiling examples/kernels/fill.slk
# against `clang-22 -O3 --cuda-device-only` compiling the equivalent HIP
# kernel (benches/fill.hip) to a code object, for each processor, and
# prints the ratio. The in-process figure comes from
# `cargo bench -p silk-cli --bench build`.
#
#   sh crates/silk-cli/benches/build_ratio.sh [rounds]
set -eu
rounds=${1:-20}
LLVM_BIN=${SILK_LLVM_BIN_DIR:-/usr/lib/llvm-22/bin}
root=$(cd "$(dirname "$0")/../../.." && pwd)
cargo build --release -q -p silk-cli --manifest-path "$root/Cargo.toml"
silk="$root/target/release/silk"
kernel="$root/examples/kernels/fill.slk"
hip="$root/crates/silk-cli/benches/fill.hip"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

now() { date +%s%N; }
time_us() {
  start=$(now)
  i=0
  while [ "$i" -lt "$rounds" ]; do
    "$@" > /dev/null
    i=$((i + 1))
  done
  echo $(( ($(now) - start) / 1000 / rounds ))
}

echo "rounds: $rounds"
for p in gfx942 gfx1100 gfx1151; do
  silk_us=$(time_us "$silk" build --kind object --target "$p" "$kernel" -o "$out/silk-$p.hsaco")
  clang_us=$(time_us "$LLVM_BIN/clang" -x hip --offload-arch="$p" -nogpulib -nogpuinc \
    --cuda-device-only -O3 "$hip" -o "$out/clang-$p.hsaco")
  awk -v p="$p" -v s="$silk_us" -v c="$clang_us" \
    'BEGIN { printf "%-8s silk build %6d us   clang-22 -O3 %7d us   ratio %.1fx\n", p, s, c, c / s }'
done
