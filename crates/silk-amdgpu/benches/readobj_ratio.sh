#!/bin/sh
# Times `llvm-readobj --notes` (whole process) against `silk inspect --json`
# (whole process: read, decode descriptors and metadata, validate, print)
# on the golden code objects, and prints the ratio. The in-process reader
# figure comes from `cargo bench -p silk-amdgpu --bench code_object`.
#
#   sh crates/silk-amdgpu/benches/readobj_ratio.sh [rounds]
set -eu
rounds=${1:-20}
LLVM_BIN=${SILK_LLVM_BIN_DIR:-/usr/lib/llvm-22/bin}
root=$(cd "$(dirname "$0")/../../.." && pwd)
cargo build --release -q -p silk-cli --manifest-path "$root/Cargo.toml"
silk="$root/target/release/silk"
files=$(ls "$root"/crates/silk-amdgpu/tests/data/hip/objects/*.hsaco)
count=$(echo "$files" | wc -l)
bytes=$(cat $files | wc -c)

now() { date +%s%N; }
time_tool() {
  start=$(now)
  i=0
  while [ "$i" -lt "$rounds" ]; do
    for f in $files; do "$@" "$f" > /dev/null; done
    i=$((i + 1))
  done
  echo $(( ($(now) - start) / 1000 ))
}

readobj_us=$(time_tool "$LLVM_BIN/llvm-readobj" --notes)
silk_us=$(time_tool "$silk" inspect --json)
runs=$((rounds * count))
echo "files: $count ($bytes bytes), rounds: $rounds"
echo "llvm-readobj --notes: $((readobj_us / runs)) us per file (whole process)"
echo "silk inspect --json:  $((silk_us / runs)) us per file (whole process)"
awk -v a="$readobj_us" -v b="$silk_us" 'BEGIN { printf "ratio llvm-readobj / silk: %.2f\n", a / b }'
