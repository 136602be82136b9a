// The HIP twin of `wmma_f32_16x16x16_f16_w32` in silk-gpu-ir's
// tests/data/matrix/wmma_tiles.sir: one 16x16 tile per wave32, lane l
// loading row l%16 of A and of B transposed (16 halves each) per 16-deep
// K step, the accumulator stored lane-major.
#define __global__ __attribute__((global))
typedef _Float16 half16 __attribute__((ext_vector_type(16)));
typedef float float8 __attribute__((ext_vector_type(8)));

extern "C" __global__ void wmma_f32_16x16x16_f16_w32(const _Float16 *a, const _Float16 *bt,
                                                     float8 *d, unsigned steps) {
  unsigned lane = __builtin_amdgcn_workitem_id_x();
  unsigned i = lane % 16, ktot = steps * 16;
  float8 c = {};
  for (unsigned s = 0; s < steps; ++s) {
    unsigned e = i * ktot + s * 16;
    half16 va = *(const half16 *)(a + e);
    half16 vb = *(const half16 *)(bt + e);
    c = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(va, vb, c);
  }
  d[lane] = c;
}
