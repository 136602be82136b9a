// One 16x16x16 f16 WMMA tile per wave32 (gfx1100).
#define __global__ __attribute__((global))
typedef _Float16 half16 __attribute__((ext_vector_type(16)));
typedef float float8 __attribute__((ext_vector_type(8)));
extern "C" __global__ void wmma_tile(const half16 *a, const half16 *b, float8 *c) {
  unsigned t = __builtin_amdgcn_workitem_id_x();
  float8 acc = c[t];
  acc = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(a[t], b[t], acc);
  c[t] = acc;
}
typedef int int4 __attribute__((ext_vector_type(4)));
typedef int int8 __attribute__((ext_vector_type(8)));
// Integer WMMA: A signed, B unsigned bytes.
extern "C" __global__ void wmma_iu8(const int4 *a, const int4 *b, int8 *c) {
  unsigned t = __builtin_amdgcn_workitem_id_x();
  c[t] = __builtin_amdgcn_wmma_i32_16x16x16_iu8_w32(true, a[t], false, b[t], c[t], false);
}
