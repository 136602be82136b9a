// Selects, min/max and clamps without branches.
#include "silk_hip.h"
// kernel: clamp_relu(float *out, const float *in, float lo, float hi, int n)
// computes: out[i] = min(max(in[i], lo), hi) if in[i] > 0 else in[i] * 0.01 (leaky ReLU then clamp) for i = GID_X < n
extern "C" __global__ void clamp_relu(float *out, const float *in, float lo, float hi, int n) {
  unsigned i = GID_X;
  if (i >= (unsigned)n) return;
  float v = in[i];
  v = v > 0.0f ? v : v * 0.01f;
  out[i] = __builtin_fminf(__builtin_fmaxf(v, lo), hi);
}
// kernel: minmax_u64(unsigned long long *out, const unsigned long long *a, const unsigned long long *b, int n)
// computes: out[2i] = min(a[i], b[i]), out[2i+1] = max(a[i], b[i]) (unsigned) for i = GID_X < n
extern "C" __global__ void minmax_u64(unsigned long long *out, const unsigned long long *a, const unsigned long long *b, int n) {
  unsigned i = GID_X;
  if (i >= (unsigned)n) return;
  unsigned long long x = a[i], y = b[i];
  out[2 * i] = x < y ? x : y;
  out[2 * i + 1] = x < y ? y : x;
}
