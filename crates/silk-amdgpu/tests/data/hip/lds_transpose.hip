// Transpose through an LDS tile with padding (32x32 tile, 32x8 workgroup).
#include "silk_hip.h"
// kernel: transpose_lds(float *out, const float *in, int width, int height)
// computes: out[x*height + y] = in[y*width + x]; 2-D launch with 32x8 workgroups over a (width/32) x (height/32) grid, width and height multiples of 32
extern "C" __global__ void __attribute__((amdgpu_flat_work_group_size(256, 256)))
transpose_lds(float *out, const float *in, int width, int height) {
  __shared__ float tile[32][33];
  unsigned x = BID_X * 32 + TID_X, y = BID_Y * 32 + TID_Y;
  for (int j = 0; j < 32; j += 8) tile[TID_Y + j][TID_X] = in[(y + j) * width + x];
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
  x = BID_Y * 32 + TID_X;
  y = BID_X * 32 + TID_Y;
  for (int j = 0; j < 32; j += 8) out[(y + j) * height + x] = tile[TID_X][TID_Y + j];
}
