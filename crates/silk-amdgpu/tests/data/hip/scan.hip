// Workgroup inclusive prefix sum in LDS (Hillis-Steele, workgroup size 256).
#include "silk_hip.h"
// kernel: scan_inclusive(int *out, const int *in)
// computes: out[b*256 + t] = sum of in[b*256 + j] for j <= t, per workgroup b = BID_X (workgroup size 256)
extern "C" __global__ void __attribute__((amdgpu_flat_work_group_size(256, 256)))
scan_inclusive(int *out, const int *in) {
  __shared__ int s[2][256];
  unsigned t = TID_X, base = BID_X * 256;
  int cur = 0;
  s[0][t] = in[base + t];
  for (unsigned off = 1; off < 256; off <<= 1) {
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
    __builtin_amdgcn_s_barrier();
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
    int v = s[cur][t];
    if (t >= off) v += s[cur][t - off];
    s[cur ^ 1][t] = v;
    cur ^= 1;
  }
  out[base + t] = s[cur][t];
}
