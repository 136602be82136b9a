// Element-wise i32 arithmetic and bit operations.
#include "silk_hip.h"
// kernel: ew_ops_i32(int *out, const int *a, const int *b, int n)
// computes: out[i] = (a[i] * b[i]) ^ (a[i] >> 3) + min(a[i], b[i]) - (b[i] << 2) (wrapping) for i = GID_X < n
extern "C" __global__ void ew_ops_i32(int *out, const int *a, const int *b, int n) {
  unsigned i = GID_X;
  if (i < (unsigned)n) {
    int x = a[i], y = b[i];
    out[i] = ((x * y) ^ (x >> 3)) + (x < y ? x : y) - (int)((unsigned)y << 2);
  }
}
// kernel: ew_divmod_i32(int *q, int *r, const int *a, const int *b, int n)
// computes: q[i] = a[i] / b[i], r[i] = a[i] % b[i] (C semantics, b[i] != 0) for i = GID_X < n
extern "C" __global__ void ew_divmod_i32(int *q, int *r, const int *a, const int *b, int n) {
  unsigned i = GID_X;
  if (i < (unsigned)n) { q[i] = a[i] / b[i]; r[i] = a[i] % b[i]; }
}
