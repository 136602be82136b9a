// Element-wise f64 arithmetic.
#include "silk_hip.h"
// kernel: ew_fma_f64(double *out, const double *a, const double *b, double c, int n)
// computes: out[i] = fma(a[i], b[i], c) - a[i] * 0.25 for i = GID_X < n
extern "C" __global__ void ew_fma_f64(double *out, const double *a, const double *b, double c, int n) {
  unsigned i = GID_X;
  if (i < (unsigned)n) out[i] = __builtin_fma(a[i], b[i], c) - a[i] * 0.25;
}
