#!/bin/sh
# Times the whole `silk build --emit gpu-objects` process compiling the
# five-entry device program examples/device/kernels.slk (one code object
# per entry) against `clang-22 -O3 --cuda-device-only` compiling its HIP
# twin (benches/device_kernels.hip, one code object with the five
# kernels), for each processor, and prints the ratio.
#
#   sh crates/silk-cli/benches/device_ratio.sh [rounds]
set -eu
rounds=${1:-20}
LLVM_BIN=${SILK_LLVM_BIN_DIR:-/usr/lib/llvm-22/bin}
root=$(cd "$(dirname "$0")/../../.." && pwd)
cargo build --release -q -p silk-cli --manifest-path "$root/Cargo.toml"
silk="$root/target/release/silk"
program="$root/examples/device/kernels.slk"
hip="$root/crates/silk-cli/benches/device_kernels.hip"
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
  silk_us=$(time_us "$silk" build --target "$p" "$program" --emit gpu-objects -o "$out/silk-$p")
  clang_us=$(time_us "$LLVM_BIN/clang" -x hip --offload-arch="$p" -nogpulib -nogpuinc \
    --cuda-device-only -O3 "$hip" -o "$out/clang-$p.hsaco")
  awk -v p="$p" -v s="$silk_us" -v c="$clang_us" \
    'BEGIN { printf "%-8s silk build %6d us   clang-22 -O3 %7d us   ratio %.1fx\n", p, s, c, c / s }'
done
