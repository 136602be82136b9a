// One MFMA per wave64 for each shape and type family (gfx942): every lane
// loads its A, B and C fragments, the wave multiplies, every lane stores
// its D fragment. The test builds the fragments from matrices and checks D
// against a CPU matrix product.
#define __global__ __attribute__((global))
typedef float f32x2 __attribute__((ext_vector_type(2)));
typedef float f32x4 __attribute__((ext_vector_type(4)));
typedef float f32x16 __attribute__((ext_vector_type(16)));
typedef float f32x32 __attribute__((ext_vector_type(32)));
typedef _Float16 f16x4 __attribute__((ext_vector_type(4)));
typedef short i16x4 __attribute__((ext_vector_type(4)));
typedef int i32x4 __attribute__((ext_vector_type(4)));
typedef int i32x16 __attribute__((ext_vector_type(16)));
typedef double f64x4 __attribute__((ext_vector_type(4)));

#define MFMA(name, TA, TC, builtin)                                             \
  extern "C" __global__ void name(const TA *a, const TA *b, TC *c) {          \
    unsigned t = __builtin_amdgcn_workitem_id_x();                             \
    c[t] = builtin(a[t], b[t], c[t], 0, 0, 0);                                 \
  }

MFMA(f32_32x32x1_2b_f32, float, f32x32, __builtin_amdgcn_mfma_f32_32x32x1f32)
MFMA(f32_16x16x1_4b_f32, float, f32x16, __builtin_amdgcn_mfma_f32_16x16x1f32)
MFMA(f32_4x4x1_16b_f32, float, f32x4, __builtin_amdgcn_mfma_f32_4x4x1f32)
MFMA(f32_32x32x2_f32, float, f32x16, __builtin_amdgcn_mfma_f32_32x32x2f32)
MFMA(f32_32x32x4_2b_f16, f16x4, f32x32, __builtin_amdgcn_mfma_f32_32x32x4f16)
MFMA(f32_16x16x4_4b_f16, f16x4, f32x16, __builtin_amdgcn_mfma_f32_16x16x4f16)
MFMA(f32_4x4x4_16b_f16, f16x4, f32x4, __builtin_amdgcn_mfma_f32_4x4x4f16)
MFMA(f32_32x32x8_f16, f16x4, f32x16, __builtin_amdgcn_mfma_f32_32x32x8f16)
MFMA(f32_16x16x4_4b_bf16, i16x4, f32x16, __builtin_amdgcn_mfma_f32_16x16x4bf16_1k)
MFMA(f32_16x16x16_bf16, i16x4, f32x4, __builtin_amdgcn_mfma_f32_16x16x16bf16_1k)
MFMA(i32_16x16x4_4b_i8, int, i32x16, __builtin_amdgcn_mfma_i32_16x16x4i8)
MFMA(i32_32x32x16_i8, long, i32x16, __builtin_amdgcn_mfma_i32_32x32x16_i8)
MFMA(f32_16x16x8_xf32, f32x2, f32x4, __builtin_amdgcn_mfma_f32_16x16x8_xf32)
MFMA(f32_16x16x32_fp8_bf8, long, f32x4, __builtin_amdgcn_mfma_f32_16x16x32_fp8_bf8)
MFMA(f32_32x32x16_bf8_fp8, long, f32x16, __builtin_amdgcn_mfma_f32_32x32x16_bf8_fp8)
MFMA(f64_16x16x4_f64, double, f64x4, __builtin_amdgcn_mfma_f64_16x16x4f64)
MFMA(f64_4x4x4_4b_f64, double, double, __builtin_amdgcn_mfma_f64_4x4x4f64)
