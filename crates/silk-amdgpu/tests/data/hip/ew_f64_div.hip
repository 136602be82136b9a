// f64 division and square root (long IEEE-correct sequences).
#include "silk_hip.h"
// kernel: ew_div_sqrt_f64(double *out, const double *a, const double *b, int n)
// computes: out[i] = a[i] / b[i] + sqrt(|a[i]|) for i = GID_X < n (IEEE-correct)
extern "C" __global__ void ew_div_sqrt_f64(double *out, const double *a, const double *b, int n) {
  unsigned i = GID_X;
  if (i < (unsigned)n) out[i] = a[i] / b[i] + __builtin_sqrt(__builtin_fabs(a[i]));
}
