// Two kernels sharing a chain of device functions, one with a stack array.
#include "silk_hip.h"
__device__ NOINLINE int leaf(int a) { return a * a + 7; }
__device__ NOINLINE int middle(int a, int b) { return leaf(a) - leaf(b) * 3; }
__device__ NOINLINE int with_stack(int k, const int *src) {
  int tmp[16];
  for (int j = 0; j < 16; ++j) tmp[j] = src[j] + j * k;
  return tmp[k & 15] + middle(k, tmp[(k + 3) & 15]);
}
// kernel: chain_a(int *out, const int *in, int n)
// computes: out[i] = middle(in[i], i) with leaf(a) = a*a + 7, middle(a, b) = leaf(a) - 3*leaf(b) (i32 wrapping), i = GID_X < n
extern "C" __global__ void chain_a(int *out, const int *in, int n) {
  unsigned i = GID_X;
  if (i < (unsigned)n) out[i] = middle(in[i], (int)i);
}
// kernel: chain_b(int *out, const int *src16, int n)
// computes: out[i] = tmp[i & 15] + middle(i, tmp[(i + 3) & 15]) with tmp[j] = src16[j] + j*i for j < 16, i = GID_X < n
extern "C" __global__ void chain_b(int *out, const int *src16, int n) {
  unsigned i = GID_X;
  if (i < (unsigned)n) out[i] = with_stack((int)i, src16);
}
