// Hardware transcendental approximations through builtins.
#include "silk_hip.h"
// kernel: transcendentals(float *out, const float *in, int n)
// computes: out[4i+0] = v_exp_f32(x) (2^x), out[4i+1] = v_log_f32(|x|+1) (log2), out[4i+2] = v_rsq_f32(|x|+1), out[4i+3] = v_sin_f32(x) (sin(2*pi*x)), x = in[i], i = GID_X < n
extern "C" __global__ void transcendentals(float *out, const float *in, int n) {
  unsigned i = GID_X;
  if (i >= (unsigned)n) return;
  float x = in[i], ax = __builtin_fabsf(x) + 1.0f;
  out[4 * i + 0] = __builtin_amdgcn_exp2f(x);
  out[4 * i + 1] = __builtin_amdgcn_logf(ax);
  out[4 * i + 2] = __builtin_amdgcn_rsqf(ax);
  out[4 * i + 3] = __builtin_amdgcn_sinf(x);
}
// kernel: sqrt_div_f32(float *out, const float *a, const float *b, int n)
// computes: out[i] = sqrt(a[i]) / b[i] with IEEE-correct f32 sqrt and division, i = GID_X < n
extern "C" __global__ void sqrt_div_f32(float *out, const float *a, const float *b, int n) {
  unsigned i = GID_X;
  if (i < (unsigned)n) out[i] = __builtin_sqrtf(a[i]) / b[i];
}
