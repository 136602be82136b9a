// A long straight-line kernel (well over 1,000 instructions): fully
// unrolled integer mixing rounds and a float polynomial chain.
#include "silk_hip.h"
// kernel: big_mix(unsigned *out, const unsigned *in, int n)
// computes: for i = GID_X < n: x = in[i], y = i; 192 rounds r = 0..191 of { x = x*0x9e3779b1 + (y ^ (x >> 13)) + r; y = (y << 7 | y >> 25) ^ x; if r % 8 == 7: y += x * x }; out[i] = x ^ y (all u32 wrapping)
extern "C" __global__ void big_mix(unsigned *out, const unsigned *in, int n) {
  unsigned i = GID_X;
  if (i >= (unsigned)n) return;
  unsigned x = in[i], y = i;
#pragma unroll
  for (unsigned r = 0; r < 192; ++r) {
    x = x * 0x9e3779b1u + (y ^ (x >> 13)) + r;
    y = ((y << 7) | (y >> 25)) ^ x;
    if (r % 8 == 7) y += x * x;
  }
  out[i] = x ^ y;
}
