// WMMA on GFX11 in wave32.
#include "silk_hip.h"
typedef _Float16 half16 __attribute__((ext_vector_type(16)));
typedef float float8 __attribute__((ext_vector_type(8)));
// kernel: wmma_f32_16x16x16_f16(float8 *out, const half16 *a, const half16 *b, const float8 *c)
// computes: one wave32: out[lane] = v_wmma_f32_16x16x16_f16(a[lane], b[lane], c[lane]) (16x16 tile D = A*B + C in the ISA's register layout)
extern "C" __global__ void wmma_f32_16x16x16_f16(float8 *out, const half16 *a, const half16 *b, const float8 *c) {
  unsigned t = TID_X;
  out[t] = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(a[t], b[t], c[t]);
}
// kernel: wmma_f16_acc(half16 *out, const half16 *a, const half16 *b, int steps)
// computes: one wave32: acc = 0; for s < steps: acc = v_wmma_f16_16x16x16_f16(a[t+32s], b[t+32s], acc, opsel=0); out[t] = acc
extern "C" __global__ void wmma_f16_acc(half16 *out, const half16 *a, const half16 *b, int steps) {
  unsigned t = TID_X;
  half16 acc = {};
  for (int s = 0; s < steps; ++s)
    acc = __builtin_amdgcn_wmma_f16_16x16x16_f16_w32(a[t + 32 * s], b[t + 32 * s], acc, false);
  out[t] = acc;
}
