// Scalar broadcast from lanes.
#include "silk_hip.h"
// kernel: broadcast_lanes(int *out, const int *in)
// computes: out[g] = in[first active lane of g's wave] + in[lane 5 of g's wave] (v_readfirstlane_b32, v_readlane_b32)
extern "C" __global__ void broadcast_lanes(int *out, const int *in) {
  unsigned g = GID_X;
  int v = in[g];
  out[g] = __builtin_amdgcn_readfirstlane(v) + __builtin_amdgcn_readlane(v, 5);
}
