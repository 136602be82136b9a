// Row softmax: one workgroup of 256 per row, LDS reductions for max and sum.
#include "silk_hip.h"
// kernel: softmax_rows(float *out, const float *in, int cols)
// computes: for row r = BID_X: m = max_c in[r*cols+c]; e_c = 2^((in[r*cols+c]-m)*log2(e)) via v_exp_f32; out[r*cols+c] = e_c / sum_c e_c (IEEE division); workgroup size 256
extern "C" __global__ void __attribute__((amdgpu_flat_work_group_size(256, 256)))
softmax_rows(float *out, const float *in, int cols) {
  __shared__ float red[256];
  unsigned t = TID_X;
  const float *row = in + BID_X * cols;
  float m = -__builtin_inff();
  for (int c = t; c < cols; c += 256) m = __builtin_fmaxf(m, row[c]);
  red[t] = m;
  for (unsigned s = 128; s > 0; s >>= 1) {
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
    __builtin_amdgcn_s_barrier();
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
    if (t < s) red[t] = __builtin_fmaxf(red[t], red[t + s]);
  }
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
  m = red[0];
  float sum = 0;
  for (int c = t; c < cols; c += 256) sum += __builtin_amdgcn_exp2f((row[c] - m) * 1.44269504f);
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
  red[t] = sum;
  for (unsigned s = 128; s > 0; s >>= 1) {
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
    __builtin_amdgcn_s_barrier();
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
    if (t < s) red[t] += red[t + s];
  }
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
  sum = red[0];
  for (int c = t; c < cols; c += 256) out[BID_X * cols + c] = __builtin_amdgcn_exp2f((row[c] - m) * 1.44269504f) / sum;
}
