// Element-wise i64 arithmetic, including 64-bit division.
#include "silk_hip.h"
// kernel: ew_ops_i64(long long *out, const long long *a, const long long *b, int n)
// computes: out[i] = a[i] * b[i] + (a[i] >> 7) - (b[i] & 0xffff0000ffff) (wrapping) for i = GID_X < n
extern "C" __global__ void ew_ops_i64(long long *out, const long long *a, const long long *b, int n) {
  unsigned i = GID_X;
  if (i < (unsigned)n) out[i] = a[i] * b[i] + (a[i] >> 7) - (b[i] & 0xffff0000ffffLL);
}
// kernel: ew_div_u64(unsigned long long *out, const unsigned long long *a, const unsigned long long *b, int n)
// computes: out[i] = a[i] / b[i] (unsigned, b[i] != 0) for i = GID_X < n
extern "C" __global__ void ew_div_u64(unsigned long long *out, const unsigned long long *a, const unsigned long long *b, int n) {
  unsigned i = GID_X;
  if (i < (unsigned)n) out[i] = a[i] / b[i];
}
