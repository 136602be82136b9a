#!/bin/sh
# Regenerates the clang-22 reference code objects under objects/ from the
# HIP sources beside this script. These objects are golden data: facts about
# what clang + lld 22 produce, read by silk-amdgpu's tests without LLVM.
#
#   sh crates/silk-amdgpu/tests/data/hip/regen.sh
#
# `name.gfxNNN.hip` is compiled only for that processor; other sources for
# gfx942, gfx1100 and gfx1151. `-cuid` makes `__hip_cuid_*` deterministic.
set -eu
LLVM_BIN=${SILK_LLVM_BIN_DIR:-/usr/lib/llvm-22/bin}
CLANG="$LLVM_BIN/clang-22"
here=$(cd "$(dirname "$0")" && pwd)
out="$here/objects"
rm -rf "$out"
mkdir -p "$out"
flags="-x hip -nogpulib -nogpuinc --cuda-device-only -O3"
for src in "$here"/*.hip; do
  file=$(basename "$src" .hip)
  name=${file%%.*}
  only=${file#"$name"}
  only=${only#.}
  procs=${only:-gfx942 gfx1100 gfx1151}
  for p in $procs; do
    (cd "$here" && "$CLANG" $flags -cuid="$name" --offload-arch="$p" --no-gpu-bundle-output \
      "$(basename "$src")" -o "$out/$name-$p.hsaco")
  done
done
# gfx1100 in wave64 (wavefront_size32 clear, wave64 VGPR granule).
(cd "$here" && "$CLANG" $flags -cuid=vector_add --offload-arch=gfx1100 -mwavefrontsize64 \
  --no-gpu-bundle-output vector_add.hip -o "$out/vector_add-gfx1100-w64.hsaco")
# A clang offload bundle holding all three processors.
(cd "$here" && "$CLANG" $flags -cuid=vector_add --offload-arch=gfx942 --offload-arch=gfx1100 \
  --offload-arch=gfx1151 vector_add.hip -o "$out/vector_add.bundle")
