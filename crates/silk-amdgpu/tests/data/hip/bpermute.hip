// Cross-lane shuffles through the LDS crossbar (no LDS allocation).
#include "silk_hip.h"
// kernel: bpermute_rotate(int *out, const int *in, int shift)
// computes: out[g] = in[wave_base + (lane + shift) mod wavefront_size], lane = TID_X mod wavefront size (ds_bpermute_b32)
extern "C" __global__ void bpermute_rotate(int *out, const int *in, int shift) {
  unsigned g = GID_X;
  unsigned ws = __builtin_amdgcn_wavefrontsize();
  unsigned lane = TID_X % ws;
  unsigned src = (lane + shift) % ws;
  out[g] = __builtin_amdgcn_ds_bpermute(src * 4, in[g]);
}
// kernel: permute_reverse(int *out, const int *in)
// computes: out[g] such that lane (ws-1-lane) receives in[lane] (ds_permute_b32, forward permute): out[wave_base + ws-1-l] = in[wave_base + l]
extern "C" __global__ void permute_reverse(int *out, const int *in) {
  unsigned g = GID_X;
  unsigned ws = __builtin_amdgcn_wavefrontsize();
  unsigned lane = TID_X % ws;
  out[g] = __builtin_amdgcn_ds_permute((ws - 1 - lane) * 4, in[g]);
}
