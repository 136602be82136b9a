// Cross-lane data movement with DPP.
#include "silk_hip.h"
// kernel: dpp_row_shr1(int *out, const int *in)
// computes: out[g] = in[g-1] if lane%16 != 0 else 0 (DPP row_shr:1 with bound_ctrl; old = 0), g = GID_X
extern "C" __global__ void dpp_row_shr1(int *out, const int *in) {
  unsigned g = GID_X;
  out[g] = __builtin_amdgcn_update_dpp(0, in[g], 0x111, 0xf, 0xf, true);
}
// kernel: dpp_row_sum(float *out, const float *in)
// computes: out[g] = inclusive prefix sum of in within g's 16-lane row (v += row_shr:1,2,4,8 of v with bound_ctrl, so lanes shifted in from outside the row add 0)
extern "C" __global__ void dpp_row_sum(float *out, const float *in) {
  unsigned g = GID_X;
  float v = in[g];
  int x = __builtin_bit_cast(int, v);
  v += __builtin_bit_cast(float, __builtin_amdgcn_update_dpp(0, x, 0x111, 0xf, 0xf, true));
  x = __builtin_bit_cast(int, v);
  v += __builtin_bit_cast(float, __builtin_amdgcn_update_dpp(0, x, 0x112, 0xf, 0xf, true));
  x = __builtin_bit_cast(int, v);
  v += __builtin_bit_cast(float, __builtin_amdgcn_update_dpp(0, x, 0x114, 0xf, 0xf, true));
  x = __builtin_bit_cast(int, v);
  v += __builtin_bit_cast(float, __builtin_amdgcn_update_dpp(0, x, 0x118, 0xf, 0xf, true));
  out[g] = v;
}
// kernel: dpp_mov_quad_perm(int *out, const int *in)
// computes: out[g] = in[g ^ 1] within each quad (mov_dpp quad_perm [1,0,3,2])
extern "C" __global__ void dpp_mov_quad_perm(int *out, const int *in) {
  unsigned g = GID_X;
  out[g] = __builtin_amdgcn_mov_dpp(in[g], 0xb1, 0xf, 0xf, false);
}
