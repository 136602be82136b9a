// ds_swizzle patterns.
#include "silk_hip.h"
// kernel: swizzle_swap16(int *out, const int *in)
// computes: out[g] = in[g ^ 16] within each group of 32 lanes (ds_swizzle bitmask mode and=0x1f or=0 xor=0x10, offset 0x401f)
extern "C" __global__ void swizzle_swap16(int *out, const int *in) {
  unsigned g = GID_X;
  out[g] = __builtin_amdgcn_ds_swizzle(in[g], 0x401f);
}
// kernel: swizzle_quad_bcast(int *out, const int *in)
// computes: out[g] = in[(g & ~3) + 2] (ds_swizzle quad-perm mode [2,2,2,2], offset 0x80aa)
extern "C" __global__ void swizzle_quad_bcast(int *out, const int *in) {
  unsigned g = GID_X;
  out[g] = __builtin_amdgcn_ds_swizzle(in[g], 0x80aa);
}
