// Indirect (data-dependent) addressing.
#include "silk_hip.h"
// kernel: gather_scatter(float *dst, const float *src, const int *idx, const int *perm, int n)
// computes: dst[perm[i]] = src[idx[i]] * 2 for i = GID_X < n (perm a permutation of 0..n-1)
extern "C" __global__ void gather_scatter(float *dst, const float *src, const int *idx, const int *perm, int n) {
  unsigned i = GID_X;
  if (i < (unsigned)n) dst[perm[i]] = src[idx[i]] * 2.0f;
}
