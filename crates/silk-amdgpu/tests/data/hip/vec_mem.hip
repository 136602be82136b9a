// Wide and narrow memory accesses.
#include "silk_hip.h"
typedef float float4 __attribute__((ext_vector_type(4)));
// kernel: scale_float4(float4 *out, const float4 *in, float s, int n)
// computes: out[i] = in[i] * s (4 lanes of f32 per element) for i = GID_X < n
extern "C" __global__ void scale_float4(float4 *out, const float4 *in, float s, int n) {
  unsigned i = GID_X;
  if (i < (unsigned)n) out[i] = in[i] * s;
}
// kernel: bytes_shorts(unsigned char *b, short *s, const unsigned char *bi, const short *si, int n)
// computes: b[i] = bi[i] + 1 (u8 wrapping); s[i] = si[i] * -3 (i16 wrapping) for i = GID_X < n
extern "C" __global__ void bytes_shorts(unsigned char *b, short *s, const unsigned char *bi, const short *si, int n) {
  unsigned i = GID_X;
  if (i < (unsigned)n) { b[i] = bi[i] + 1; s[i] = (short)(si[i] * -3); }
}
