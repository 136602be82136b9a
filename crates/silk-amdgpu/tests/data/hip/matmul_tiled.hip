// Tiled matrix multiply through LDS (16x16 tiles, workgroup 16x16).
#include "silk_hip.h"
// kernel: matmul_tiled(float *c, const float *a, const float *b, int n)
// computes: c = a * b for n x n row-major matrices, n a multiple of 16; 2-D launch with 16x16 workgroups, (n/16) x (n/16) workgroups
extern "C" __global__ void __attribute__((amdgpu_flat_work_group_size(256, 256)))
matmul_tiled(float *c, const float *a, const float *b, int n) {
  __shared__ float ta[16][16], tb[16][16];
  unsigned tx = TID_X, ty = TID_Y;
  unsigned row = BID_Y * 16 + ty, col = BID_X * 16 + tx;
  float acc = 0;
  for (int k = 0; k < n; k += 16) {
    ta[ty][tx] = a[row * n + k + tx];
    tb[ty][tx] = b[(k + ty) * n + col];
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
    __builtin_amdgcn_s_barrier();
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
#pragma unroll
    for (int j = 0; j < 16; ++j) acc += ta[ty][j] * tb[j][tx];
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
    __builtin_amdgcn_s_barrier();
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
  }
  c[row * n + col] = acc;
}
