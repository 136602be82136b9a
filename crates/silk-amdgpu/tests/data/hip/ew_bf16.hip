// Element-wise bf16 arithmetic (computed in f32, rounded to bf16).
#include "silk_hip.h"
// kernel: ew_mul_bf16(__bf16 *out, const __bf16 *a, const __bf16 *b, int n)
// computes: out[i] = bf16(float(a[i]) * float(b[i]) + 1.0f) for i = GID_X < n
extern "C" __global__ void ew_mul_bf16(__bf16 *out, const __bf16 *a, const __bf16 *b, int n) {
  unsigned i = GID_X;
  if (i < (unsigned)n) out[i] = (__bf16)((float)a[i] * (float)b[i] + 1.0f);
}
