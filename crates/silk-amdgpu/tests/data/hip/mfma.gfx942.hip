// MFMA with accumulators in AGPRs (gfx942 only): agpr_count and accum_offset.
#define __global__ __attribute__((global))
typedef _Float16 half4 __attribute__((ext_vector_type(4)));
typedef float float4 __attribute__((ext_vector_type(4)));
// kernel: mfma_tile(float4 *out, const half4 *a, const half4 *b, int steps)
// computes: one wave64: acc = 0; for i < steps: acc = v_mfma_f32_16x16x16_f16(a[t + 64 i], b[t + 64 i], acc); out[t] = acc
extern "C" __global__ void mfma_tile(float4 *out, const half4 *a, const half4 *b, int steps) {
  unsigned t = __builtin_amdgcn_workitem_id_x();
  float4 acc = {0, 0, 0, 0};
  for (int i = 0; i < steps; ++i)
    acc = __builtin_amdgcn_mfma_f32_16x16x16f16(a[t + i * 64], b[t + i * 64], acc, 0, 0, 0);
  out[t] = acc;
}
