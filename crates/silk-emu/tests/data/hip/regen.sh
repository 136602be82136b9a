#!/bin/sh
# Regenerates the clang-22 objects under objects/ from kernels.hip (and the
# processor-specific sources). Golden data: what clang + lld 22 produce.
#
#   sh crates/silk-emu/tests/data/hip/regen.sh
set -eu
LLVM_BIN=${SILK_LLVM_BIN_DIR:-/usr/lib/llvm-22/bin}
CLANG="$LLVM_BIN/clang-22"
here=$(cd "$(dirname "$0")" && pwd)
out="$here/objects"
rm -rf "$out"
mkdir -p "$out"
flags="-x hip -nogpulib -nogpuinc --cuda-device-only -O3 --no-gpu-bundle-output"
for p in gfx942 gfx1100 gfx1151; do
  (cd "$here" && "$CLANG" $flags -cuid=kernels --offload-arch=$p kernels.hip -o "$out/kernels-$p.hsaco")
done
(cd "$here" && "$CLANG" $flags -cuid=kernels --offload-arch=gfx1100 -mwavefrontsize64 kernels.hip -o "$out/kernels-gfx1100-w64.hsaco")
(cd "$here" && "$CLANG" $flags -cuid=wmma --offload-arch=gfx1100 wmma.gfx1100.hip -o "$out/wmma-gfx1100.hsaco")
for p in gfx942 gfx1100 gfx1151; do
  (cd "$here" && "$CLANG" $flags -cuid=buffer --offload-arch=$p buffer.hip -o "$out/buffer-$p.hsaco")
done
(cd "$here" && "$CLANG" $flags -cuid=mfma --offload-arch=gfx942 mfma.gfx942.hip -o "$out/mfma-gfx942.hsaco")
(cd "$here" && "$CLANG" $flags -cuid=wmma64 --offload-arch=gfx1100 -mwavefrontsize64 wmma64.gfx1100.hip -o "$out/wmma64-gfx1100.hsaco")
for p in gfx942 gfx1100 gfx1151; do
  (cd "$here" && "$CLANG" $flags -cuid=more_ops --offload-arch=$p more_ops.hip -o "$out/more_ops-$p.hsaco")
done
for p in gfx1100 gfx1151; do
  (cd "$here" && "$CLANG" $flags -cuid=permlane --offload-arch=$p permlane.gfx11.hip -o "$out/permlane-$p.hsaco")
done
(cd "$here" && "$CLANG" $flags -cuid=permlane64 --offload-arch=gfx1100 -mwavefrontsize64 permlane64.gfx1100.hip -o "$out/permlane64-gfx1100.hsaco")
(cd "$here" && "$CLANG" $flags -cuid=gpr_idx --offload-arch=gfx942 gpr_idx.gfx942.hip -o "$out/gpr_idx-gfx942.hsaco")
for p in gfx942 gfx1100 gfx1151; do
  (cd "$here" && "$CLANG" $flags -cuid=compute_ops --offload-arch=$p compute_ops.hip -o "$out/compute_ops-$p.hsaco")
done
