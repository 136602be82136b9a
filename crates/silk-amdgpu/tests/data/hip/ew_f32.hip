// Element-wise f32 arithmetic.
#include "silk_hip.h"
// kernel: ew_add_f32(float *out, const float *a, const float *b, int n)
// computes: out[i] = a[i] + b[i] for i = GID_X < n (1-D launch)
extern "C" __global__ void ew_add_f32(float *out, const float *a, const float *b, int n) {
  unsigned i = GID_X;
  if (i < (unsigned)n) out[i] = a[i] + b[i];
}
// kernel: ew_fma_f32(float *out, const float *a, const float *b, const float *c, int n)
// computes: out[i] = fma(a[i], b[i], c[i]) * 0.5f - min(a[i], c[i]) for i = GID_X < n
extern "C" __global__ void ew_fma_f32(float *out, const float *a, const float *b, const float *c, int n) {
  unsigned i = GID_X;
  if (i < (unsigned)n) out[i] = __builtin_fmaf(a[i], b[i], c[i]) * 0.5f - __builtin_fminf(a[i], c[i]);
}
