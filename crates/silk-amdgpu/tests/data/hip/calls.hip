// Device-function calls (noinline): s_getpc / rel32 / s_swappc within the object.
#include "silk_hip.h"
__device__ NOINLINE float poly(float x, float a, float b) { return (x * a + b) * x - a; }
__device__ NOINLINE int mix(int a, int b) { return (a * 31) ^ (b >> 2); }
__device__ NOINLINE float both(float x, int k) { return poly(x, 1.5f, -2.0f) + (float)mix(k, (int)x); }
// kernel: call_poly(float *out, const float *in, int n)
// computes: out[i] = (x*1.5+(-2))*x-1.5 + (float)((i*31) ^ ((int)x >> 2)) with x = in[i], for i = GID_X < n
extern "C" __global__ void call_poly(float *out, const float *in, int n) {
  unsigned i = GID_X;
  if (i < (unsigned)n) out[i] = both(in[i], (int)i);
}
// kernel: call_mix(int *out, const int *a, int n)
// computes: out[i] = (a[i]*31) ^ (i >> 2) for i = GID_X < n
extern "C" __global__ void call_mix(int *out, const int *a, int n) {
  unsigned i = GID_X;
  if (i < (unsigned)n) out[i] = mix(a[i], (int)i);
}
