// Bit counting and manipulation.
#include "silk_hip.h"
// kernel: bit_ops(unsigned *out, const unsigned *in, int n)
// computes: for i = GID_X < n, x = in[i]: out[4i] = popcount(x), out[4i+1] = clz(x) (32 if x == 0), out[4i+2] = ctz(x) (32 if x == 0), out[4i+3] = bitreverse(x)
extern "C" __global__ void bit_ops(unsigned *out, const unsigned *in, int n) {
  unsigned i = GID_X;
  if (i >= (unsigned)n) return;
  unsigned x = in[i];
  out[4 * i] = __builtin_popcount(x);
  out[4 * i + 1] = x ? __builtin_clz(x) : 32;
  out[4 * i + 2] = x ? __builtin_ctz(x) : 32;
  out[4 * i + 3] = __builtin_bitreverse32(x);
}
// kernel: bitfield_u64(unsigned long long *out, const unsigned long long *in, int n)
// computes: out[i] = popcount64(x) + (clz64(x|1) << 8) + ((x >> 12) & 0xfff) << 16 + rotl64(x, 17) with x = in[i] (u64 wrapping), i = GID_X < n
extern "C" __global__ void bitfield_u64(unsigned long long *out, const unsigned long long *in, int n) {
  unsigned i = GID_X;
  if (i >= (unsigned)n) return;
  unsigned long long x = in[i];
  out[i] = __builtin_popcountll(x) + ((unsigned long long)__builtin_clzll(x | 1) << 8) + (((x >> 12) & 0xfff) << 16) +
           __builtin_rotateleft64(x, 17);
}
