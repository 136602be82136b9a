// Divergent control flow: per-lane if/else chains and early exits.
#include "silk_hip.h"
// kernel: classify(int *out, const float *in, int n)
// computes: out[i] = 0 if in[i] is NaN, 1 if in[i] < -1, 2 if in[i] < 0, 3 if in[i] == 0, 4 if in[i] <= 1, else 5 + (int)in[i] % 7, for i = GID_X < n
extern "C" __global__ void classify(int *out, const float *in, int n) {
  unsigned i = GID_X;
  if (i >= (unsigned)n) return;
  float v = in[i];
  int r;
  if (v != v) r = 0;
  else if (v < -1.0f) r = 1;
  else if (v < 0.0f) r = 2;
  else if (v == 0.0f) r = 3;
  else if (v <= 1.0f) r = 4;
  else r = 5 + (int)v % 7;
  out[i] = r;
}
// kernel: odd_even(float *data, int n)
// computes: data[i] = odd i ? data[i] * 3 + 1 : sqrt(data[i]) (v_sqrt_f32 precision via __builtin_amdgcn_sqrtf), for i = GID_X < n
extern "C" __global__ void odd_even(float *data, int n) {
  unsigned i = GID_X;
  if (i >= (unsigned)n) return;
  if (i & 1) data[i] = data[i] * 3.0f + 1.0f;
  else data[i] = __builtin_amdgcn_sqrtf(data[i]);
}
