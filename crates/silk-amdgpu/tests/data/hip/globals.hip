// Globals referenced from code and data: constant tables in .rodata, a
// __device__ counter in .bss, an initialised __device__ array in .data, a
// table of pointers to globals (relocated at load time).
#include "silk_hip.h"
#define __constant__ __attribute__((constant))
__constant__ unsigned lut[16] = {0, 1, 4, 9, 16, 25, 36, 49, 64, 81, 100, 121, 144, 169, 196, 225};
__device__ unsigned counter;
__device__ int bias[4] = {10, -20, 30, -40};
__constant__ const unsigned *tables[2] = {lut, lut + 8};
__device__ int *bias_ptrs[2] = {bias, bias + 2};
// kernel: square_lut(unsigned *out, const unsigned *in, int n)
// computes: out[i] = lut[in[i] & 15] for i = GID_X < n, lut[k] = k * k (a __constant__ table in .rodata)
extern "C" __global__ void square_lut(unsigned *out, const unsigned *in, int n) {
  unsigned i = GID_X;
  if (i < (unsigned)n) out[i] = lut[in[i] & 15];
}
// kernel: count_positive(unsigned *out, const int *in, int n)
// computes: a __device__ counter (in .bss, zero at load) counts i = GID_X < n with in[i] > 0 by atomic increment; out[i] = the counter's old value for those i (a permutation of 0..count-1), untouched otherwise
extern "C" __global__ void count_positive(unsigned *out, const int *in, int n) {
  unsigned i = GID_X;
  if (i < (unsigned)n && in[i] > 0) out[i] = __hip_atomic_fetch_add(&counter, 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
// kernel: pointer_table(int *out, const unsigned *in, int n)
// computes: out[i] = tables[k & 1][(k >> 1) & 7] + bias_ptrs[(k >> 4) & 1][(k >> 5) & 1] for i = GID_X < n, k = in[i] (tables = {lut, lut + 8}, bias_ptrs = {bias, bias + 2}, bias = {10, -20, 30, -40}: pointer tables relocated at load)
extern "C" __global__ void pointer_table(int *out, const unsigned *in, int n) {
  unsigned i = GID_X;
  if (i < (unsigned)n) {
    unsigned k = in[i];
    out[i] = (int)tables[k & 1][(k >> 1) & 7] + bias_ptrs[(k >> 4) & 1][(k >> 5) & 1];
  }
}
