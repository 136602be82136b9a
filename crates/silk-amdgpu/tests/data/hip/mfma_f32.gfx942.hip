// MFMA f32 32x32x2 and bf16 16x16x16 on gfx942.
#include "silk_hip.h"
typedef float float16 __attribute__((ext_vector_type(16)));
typedef float float4 __attribute__((ext_vector_type(4)));
typedef __bf16 bf16x4 __attribute__((ext_vector_type(4)));
// kernel: mfma_f32_32x32x2(float16 *out, const float *a, const float *b)
// computes: one wave64 (64 work-items): out[lane] = the 16 accumulator values of v_mfma_f32_32x32x2_f32 with a[lane], b[lane] and zero accumulator (cbsz=abid=blgp=0)
extern "C" __global__ void mfma_f32_32x32x2(float16 *out, const float *a, const float *b) {
  unsigned t = TID_X;
  float16 acc = {};
  acc = __builtin_amdgcn_mfma_f32_32x32x2f32(a[t], b[t], acc, 0, 0, 0);
  out[t] = acc;
}
// kernel: mfma_bf16_16x16x16(float4 *out, const bf16x4 *a, const bf16x4 *b, int steps)
// computes: one wave64: acc = 0; for s < steps: acc = v_mfma_f32_16x16x16_bf16(a[t + 64 s], b[t + 64 s], acc); out[t] = acc
extern "C" __global__ void mfma_bf16_16x16x16(float4 *out, const bf16x4 *a, const bf16x4 *b, int steps) {
  unsigned t = TID_X;
  float4 acc = {};
  for (int s = 0; s < steps; ++s)
    acc = __builtin_amdgcn_mfma_f32_16x16x16bf16_1k(a[t + 64 * s], b[t + 64 * s], acc, 0, 0, 0);
  out[t] = acc;
}
