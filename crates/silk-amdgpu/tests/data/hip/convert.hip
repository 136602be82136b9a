// Numeric conversions between widths and kinds.
#include "silk_hip.h"
// kernel: convert_mix(double *d, long long *l, _Float16 *h, int *k, const float *f, int n)
// computes: for i = GID_X < n with x = f[i]: d[i] = (double)x; l[i] = (long long)(double)x * 3 (truncation; x within i64 range); h[i] = (_Float16)x (round to nearest even); k[i] = (int)((float)h[i] * 2) (truncation)
extern "C" __global__ void convert_mix(double *d, long long *l, _Float16 *h, int *k, const float *f, int n) {
  unsigned i = GID_X;
  if (i >= (unsigned)n) return;
  float x = f[i];
  d[i] = (double)x;
  l[i] = (long long)(double)x * 3;
  _Float16 hx = (_Float16)x;
  h[i] = hx;
  k[i] = (int)((float)hx * 2.0f);
}
// kernel: u64_to_f32(float *out, const unsigned long long *in, int n)
// computes: out[i] = (float)in[i] (round to nearest even) for i = GID_X < n
extern "C" __global__ void u64_to_f32(float *out, const unsigned long long *in, int n) {
  unsigned i = GID_X;
  if (i < (unsigned)n) out[i] = (float)in[i];
}
