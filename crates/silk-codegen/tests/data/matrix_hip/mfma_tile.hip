// The HIP twin of `mfma_f32_16x16x16_f16` in silk-gpu-ir's
// tests/data/matrix/mfma_tiles.sir: one 16x16 tile per wave64, a K loop of
// `steps` 16-deep steps, A row-major [16][16*steps] and B transposed
// [16][16*steps] in f16, the accumulator stored lane-major.
#define __global__ __attribute__((global))
typedef _Float16 half4 __attribute__((ext_vector_type(4)));
typedef float float4 __attribute__((ext_vector_type(4)));

extern "C" __global__ void mfma_f32_16x16x16_f16(const _Float16 *a, const _Float16 *bt, float4 *d,
                                                 unsigned steps) {
  unsigned lane = __builtin_amdgcn_workitem_id_x();
  unsigned i = lane % 16, q = lane / 16, ktot = steps * 16;
  float4 c = {0, 0, 0, 0};
  for (unsigned s = 0; s < steps; ++s) {
    unsigned e = i * ktot + q * 4 + s * 16;
    half4 va = *(const half4 *)(a + e);
    half4 vb = *(const half4 *)(bt + e);
    c = __builtin_amdgcn_mfma_f32_16x16x16f16(va, vb, c, 0, 0, 0);
  }
  d[lane] = c;
}
