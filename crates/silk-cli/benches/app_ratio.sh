#!/bin/sh
# Times the whole `silk build` process building the learned-threshold
# classifier application (examples/apps/classifier.slk: host code, kernel,
# runtime archive, in-process link, GPU bundle) against clang-22 building
# its HIP C++ twin (benches/classifier.hip with the minimal declarations of
# benches/hip_min.h: host and device, linked against libamdhip64.so.5),
# for each processor; prints both times, the ratio and the executable
# sizes. SILK_BIN picks another `silk` (default: a release build).
#
#   sh crates/silk-cli/benches/app_ratio.sh [rounds]
set -eu
rounds=${1:-10}
LLVM_BIN=${SILK_LLVM_BIN_DIR:-/usr/lib/llvm-22/bin}
HIP_LIB=${SILK_HIP_LIB:-/usr/lib/x86_64-linux-gnu/libamdhip64.so.5}
root=$(cd "$(dirname "$0")/../../.." && pwd)
if [ -z "${SILK_BIN:-}" ]; then
  cargo build --release -q -p silk-cli --manifest-path "$root/Cargo.toml"
  SILK_BIN="$root/target/release/silk"
fi
app="$root/examples/apps/classifier.slk"
bench="$root/crates/silk-cli/benches"
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

echo "rounds: $rounds, silk: $SILK_BIN"
for p in gfx942 gfx1100 gfx1151; do
  silk_us=$(time_us "$SILK_BIN" build "$app" -o "$out/silk-$p" --target linux-x86_64 --gpu-target "$p")
  clang_us=$(time_us "$LLVM_BIN/clang++" -x hip --offload-arch="$p" -nogpulib -nogpuinc -no-hip-rt -O2 \
    -I"$bench" "$bench/classifier.hip" -x none "$HIP_LIB" -o "$out/clang-$p")
  awk -v p="$p" -v s="$silk_us" -v c="$clang_us" \
    -v ss="$(stat -c %s "$out/silk-$p")" -v cs="$(stat -c %s "$out/clang-$p")" \
    'BEGIN { printf "%-8s silk build %7d us   clang-22 hip %7d us   ratio %.2fx   size silk %d B, clang %d B (+ libamdhip64)\n", p, s, c, c / s, ss, cs }'
done
