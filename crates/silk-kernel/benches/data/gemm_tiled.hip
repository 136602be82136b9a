// A straightforward tiled HIP GEMM with the matrix builtins, the baseline
// the kernel builder's GEMM is timed against (examples/gemm_timing.rs):
// D = A * B with A row-major M x K, B given transposed (N x K, row-major),
// both f16, D f32 row-major M x N; M, N multiples of 32, K of 16. Each
// workgroup of four waves computes a 32 x 32 tile, each wave a 16 x 16
// block, loading its operands straight from global memory.
#define __global__ __attribute__((global))
typedef _Float16 half4 __attribute__((ext_vector_type(4)));
typedef _Float16 half16 __attribute__((ext_vector_type(16)));
typedef float float4 __attribute__((ext_vector_type(4)));
typedef float float8 __attribute__((ext_vector_type(8)));

extern "C" __global__ void gemm_tiled(const _Float16 *a, const _Float16 *bt, float *d, unsigned m,
                                      unsigned n, unsigned k) {
  unsigned tid = __builtin_amdgcn_workitem_id_x();
  unsigned tiles_n = n / 32;
  unsigned wg = __builtin_amdgcn_workgroup_id_x();
  unsigned tr = wg / tiles_n, tc = wg % tiles_n;
#if defined(__gfx942__)
  unsigned lane = tid % 64, wave = tid / 64;
  unsigned row0 = tr * 32 + (wave / 2) * 16, col0 = tc * 32 + (wave % 2) * 16;
  unsigned i = lane % 16, q = lane / 16;
  float4 c = {0, 0, 0, 0};
  for (unsigned k0 = 0; k0 < k; k0 += 16) {
    half4 va = *(const half4 *)(a + (row0 + i) * k + k0 + q * 4);
    half4 vb = *(const half4 *)(bt + (col0 + i) * k + k0 + q * 4);
    c = __builtin_amdgcn_mfma_f32_16x16x16f16(va, vb, c, 0, 0, 0);
  }
  for (unsigned r = 0; r < 4; ++r)
    d[(row0 + q * 4 + r) * n + col0 + i] = c[r];
#else
  unsigned lane = tid % 32, wave = tid / 32;
  unsigned row0 = tr * 32 + (wave / 2) * 16, col0 = tc * 32 + (wave % 2) * 16;
  unsigned i = lane % 16, hi = lane / 16;
  float8 c = {0, 0, 0, 0, 0, 0, 0, 0};
  for (unsigned k0 = 0; k0 < k; k0 += 16) {
    half16 va = *(const half16 *)(a + (row0 + i) * k + k0);
    half16 vb = *(const half16 *)(bt + (col0 + i) * k + k0);
    c = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(va, vb, c);
  }
  for (unsigned r = 0; r < 8; ++r)
    d[(row0 + 2 * r + hi) * n + col0 + i] = c[r];
#endif
}
