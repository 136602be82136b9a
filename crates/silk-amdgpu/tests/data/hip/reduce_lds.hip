// Workgroup tree reduction in LDS with barriers (workgroup size 256).
#include "silk_hip.h"
// kernel: reduce_sum_f32(float *partial, const float *in, int n)
// computes: partial[BID_X] = sum of in[BID_X*256 + t] for t < 256 with index < n (0 beyond n); workgroup size must be 256
extern "C" __global__ void __attribute__((amdgpu_flat_work_group_size(256, 256)))
reduce_sum_f32(float *partial, const float *in, int n) {
  __shared__ float s[256];
  unsigned t = TID_X, i = BID_X * 256 + t;
  s[t] = i < (unsigned)n ? in[i] : 0.0f;
  __builtin_amdgcn_s_barrier();
  for (unsigned stride = 128; stride > 0; stride >>= 1) {
    if (t < stride) s[t] += s[t + stride];
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
    __builtin_amdgcn_s_barrier();
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
  }
  if (t == 0) partial[BID_X] = s[0];
}
// kernel: reduce_max_i32(int *partial, const int *in)
// computes: partial[BID_X] = max of in[BID_X*256 + t] for t < 256; workgroup size must be 256
extern "C" __global__ void __attribute__((amdgpu_flat_work_group_size(256, 256)))
reduce_max_i32(int *partial, const int *in) {
  __shared__ int s[256];
  unsigned t = TID_X;
  s[t] = in[BID_X * 256 + t];
  __builtin_amdgcn_s_barrier();
  for (unsigned stride = 128; stride > 0; stride >>= 1) {
    if (t < stride) { int o = s[t + stride]; if (o > s[t]) s[t] = o; }
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
    __builtin_amdgcn_s_barrier();
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
  }
  if (t == 0) partial[BID_X] = s[0];
}
