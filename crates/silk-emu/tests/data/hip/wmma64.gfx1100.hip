// WMMA in wave64 (gfx1100 -mwavefrontsize64): C/D take 4 VGPRs.
#define __global__ __attribute__((global))
typedef _Float16 half16 __attribute__((ext_vector_type(16)));
typedef float float4 __attribute__((ext_vector_type(4)));
typedef int int4 __attribute__((ext_vector_type(4)));
extern "C" __global__ void wmma_tile64(const half16 *a, const half16 *b, float4 *c) {
  unsigned t = __builtin_amdgcn_workitem_id_x();
  c[t] = __builtin_amdgcn_wmma_f32_16x16x16_f16_w64(a[t], b[t], c[t]);
}
extern "C" __global__ void wmma_iu8_64(const int4 *a, const int4 *b, int4 *c) {
  unsigned t = __builtin_amdgcn_workitem_id_x();
  c[t] = __builtin_amdgcn_wmma_i32_16x16x16_iu8_w64(true, a[t], false, b[t], c[t], false);
}
