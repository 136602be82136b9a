// HIP twins of the kernels of silk-gpu-ir's tests/data/matrix/mfma_tiles.sir
// (same names, buffers and lane-major outputs): one MxN tile per wave64, a
// K loop of `steps` K-deep steps, A row-major [M][K*steps] and B
// transposed [N][K*steps]; lane l reads KPL consecutive elements at row
// l%M, k offset KPL*(l/M).
#define __global__ __attribute__((global))
typedef _Float16 half4 __attribute__((ext_vector_type(4)));
typedef __bf16 bf16x4 __attribute__((ext_vector_type(4)));
typedef float float4 __attribute__((ext_vector_type(4)));
typedef float float16 __attribute__((ext_vector_type(16)));

#define TILE(NAME, ELEM, VEC, ACC, M, K, KPL, BUILTIN)                                       \
  extern "C" __global__ void NAME(const ELEM *a, const ELEM *bt, ACC *d, unsigned steps) {   \
    unsigned lane = __builtin_amdgcn_workitem_id_x();                                        \
    unsigned i = lane % M, q = lane / M, ktot = steps * K;                                   \
    ACC c = {};                                                                              \
    for (unsigned s = 0; s < steps; ++s) {                                                   \
      unsigned e = i * ktot + q * KPL + s * K;                                               \
      VEC va = *(const VEC *)(a + e);                                                        \
      VEC vb = *(const VEC *)(bt + e);                                                       \
      c = BUILTIN(va, vb, c, 0, 0, 0);                                                       \
    }                                                                                        \
    d[lane] = c;                                                                             \
  }

TILE(mfma_f32_16x16x16_f16, _Float16, half4, float4, 16, 16, 4, __builtin_amdgcn_mfma_f32_16x16x16f16)
TILE(mfma_f32_16x16x16_bf16, __bf16, bf16x4, float4, 16, 16, 4, __builtin_amdgcn_mfma_f32_16x16x16bf16_1k)
TILE(mfma_f32_32x32x8_f16, _Float16, half4, float16, 32, 8, 4, __builtin_amdgcn_mfma_f32_32x32x8f16)
TILE(mfma_f32_32x32x8_bf16, __bf16, bf16x4, float16, 32, 8, 4, __builtin_amdgcn_mfma_f32_32x32x8bf16_1k)
TILE(mfma_f32_16x16x4_f32, float, float, float4, 16, 4, 1, __builtin_amdgcn_mfma_f32_16x16x4f32)
TILE(mfma_f32_32x32x2_f32, float, float, float16, 32, 2, 1, __builtin_amdgcn_mfma_f32_32x32x2f32)
