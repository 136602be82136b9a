// HIP twins of the wave32 kernels of silk-gpu-ir's
// tests/data/matrix/wmma_tiles.sir (same names, buffers and lane-major
// outputs): one 16x16 tile per wave32, lane l loading row l%16 of A and of
// B transposed (16 elements each) per 16-deep K step.
#define __global__ __attribute__((global))
typedef _Float16 half16 __attribute__((ext_vector_type(16)));
typedef __bf16 bf16x16 __attribute__((ext_vector_type(16)));
typedef float float8 __attribute__((ext_vector_type(8)));

#define TILE(NAME, ELEM, VEC, BUILTIN)                                                       \
  extern "C" __global__ void NAME(const ELEM *a, const ELEM *bt, float8 *d, unsigned steps) { \
    unsigned lane = __builtin_amdgcn_workitem_id_x();                                        \
    unsigned i = lane % 16, ktot = steps * 16;                                               \
    float8 c = {};                                                                           \
    for (unsigned s = 0; s < steps; ++s) {                                                   \
      unsigned e = i * ktot + s * 16;                                                        \
      VEC va = *(const VEC *)(a + e);                                                        \
      VEC vb = *(const VEC *)(bt + e);                                                       \
      c = BUILTIN(va, vb, c);                                                                \
    }                                                                                        \
    d[lane] = c;                                                                             \
  }

TILE(wmma_f32_16x16x16_f16_w32, _Float16, half16, __builtin_amdgcn_wmma_f32_16x16x16_f16_w32)
TILE(wmma_f32_16x16x16_bf16_w32, __bf16, bf16x16, __builtin_amdgcn_wmma_f32_16x16x16_bf16_w32)
