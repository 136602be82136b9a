#!/bin/sh
# Regenerates struct_args.bundle: clang-22's default `--cuda-device-only`
# output (a clang offload bundle) for two offload architectures, built from
# the HIP corpus's struct_args.hip (a kernel taking structs by value). Read
# by silk-cli's tests/bundle.rs without LLVM.
#
#   sh crates/silk-cli/tests/data/bundle/regen.sh
set -eu
LLVM_BIN=${SILK_LLVM_BIN_DIR:-/usr/lib/llvm-22/bin}
here=$(cd "$(dirname "$0")" && pwd)
hip="$here/../../../../silk-amdgpu/tests/data/hip"
# The flags and -cuid of the corpus's regen.sh, so each entry is the
# corpus object objects/struct_args-<processor>.hsaco.
cd "$hip"
"$LLVM_BIN/clang-22" -x hip -nogpulib -nogpuinc --cuda-device-only -O3 -cuid=struct_args \
  --offload-arch=gfx942 --offload-arch=gfx1100 struct_args.hip -o "$here/struct_args.bundle"
