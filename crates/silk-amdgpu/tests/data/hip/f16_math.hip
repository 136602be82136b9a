// f16 math: fma, min/max, conversions to and from f32.
#include "silk_hip.h"
// kernel: f16_poly(_Float16 *out, const _Float16 *in, int n)
// computes: out[i] = fma(fma(x, 0.5, -1), x, 2) clamped to [-4, 4] in f16, x = in[i], i = GID_X < n
extern "C" __global__ void f16_poly(_Float16 *out, const _Float16 *in, int n) {
  unsigned i = GID_X;
  if (i >= (unsigned)n) return;
  _Float16 x = in[i];
  _Float16 y = __builtin_fmaf16(__builtin_fmaf16(x, (_Float16)0.5, (_Float16)-1), x, (_Float16)2);
  out[i] = __builtin_fminf16(__builtin_fmaxf16(y, (_Float16)-4), (_Float16)4);
}
