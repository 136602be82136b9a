// Wave-level reduction with DPP and swizzle, no LDS allocation.
#include "silk_hip.h"
// kernel: wave_sum_dpp(int *out, const int *in)
// computes: out[wave index w] = sum of in[w*32 + l] for l < 32 (32-lane groups: DPP row_shr 1,2,4,8 within 16-lane rows, then ds_swizzle xor 16 to combine the two rows); written by lane 31 of each group; out indexed by GID_X / 32
extern "C" __global__ void wave_sum_dpp(int *out, const int *in) {
  unsigned g = GID_X;
  int v = in[g];
  v += __builtin_amdgcn_update_dpp(0, v, 0x111, 0xf, 0xf, true);
  v += __builtin_amdgcn_update_dpp(0, v, 0x112, 0xf, 0xf, true);
  v += __builtin_amdgcn_update_dpp(0, v, 0x114, 0xf, 0xf, true);
  v += __builtin_amdgcn_update_dpp(0, v, 0x118, 0xf, 0xf, true);
  // lane 15 of each row now holds the row total; swap rows within 32 lanes,
  // so lane 31 (its row's total) receives lane 15's (the other row's total).
  int other = __builtin_amdgcn_ds_swizzle(v, 0x401f);
  if ((g & 31) == 31) out[g / 32] = v + other;
}
