// Global and LDS atomics.
#include "silk_hip.h"
// kernel: histogram_256(unsigned *hist, const unsigned char *data, int n)
// computes: hist[v] += number of i < n with data[i] == v, counting in LDS per workgroup first (workgroup size 256, 1-D grid)
extern "C" __global__ void __attribute__((amdgpu_flat_work_group_size(256, 256)))
histogram_256(unsigned *hist, const unsigned char *data, int n) {
  __shared__ unsigned local[256];
  unsigned t = TID_X, i = BID_X * 256 + t;
  local[t] = 0;
  __builtin_amdgcn_s_barrier();
  if (i < (unsigned)n) __hip_atomic_fetch_add(&local[data[i]], 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
  if (local[t]) __hip_atomic_fetch_add(&hist[t], local[t], __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
// kernel: atomic_ops(int *counters, unsigned long long *wide, float *fsum, const int *in, int n)
// computes: for i = GID_X < n: counters[0] += in[i]; counters[1] = max(counters[1], in[i]); counters[2] &= in[i] (old value of counters[3] exchanged with i, returned value discarded); wide[0] += in[i] (64-bit); fsum[0] += (float)in[i]
extern "C" __global__ void atomic_ops(int *counters, unsigned long long *wide, float *fsum, const int *in, int n) {
  unsigned i = GID_X;
  if (i >= (unsigned)n) return;
  int v = in[i];
  __hip_atomic_fetch_add(&counters[0], v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  __hip_atomic_fetch_max(&counters[1], v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  __hip_atomic_fetch_and(&counters[2], v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  __hip_atomic_exchange(&counters[3], (int)i, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  __hip_atomic_fetch_add(&wide[0], (unsigned long long)v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  __hip_atomic_fetch_add(&fsum[0], (float)v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
