// Element-wise f16 arithmetic, scalar and packed.
#include "silk_hip.h"
typedef _Float16 half2 __attribute__((ext_vector_type(2)));
// kernel: ew_mul_add_f16(_Float16 *out, const _Float16 *a, const _Float16 *b, int n)
// computes: out[i] = a[i] * b[i] + a[i] (f16 arithmetic) for i = GID_X < n
extern "C" __global__ void ew_mul_add_f16(_Float16 *out, const _Float16 *a, const _Float16 *b, int n) {
  unsigned i = GID_X;
  if (i < (unsigned)n) out[i] = a[i] * b[i] + a[i];
}
// kernel: ew_add_half2(half2 *out, const half2 *a, const half2 *b, int n)
// computes: out[i] = a[i] + b[i] lane-wise on pairs of f16 for i = GID_X < n
extern "C" __global__ void ew_add_half2(half2 *out, const half2 *a, const half2 *b, int n) {
  unsigned i = GID_X;
  if (i < (unsigned)n) out[i] = a[i] + b[i];
}
