// 2-D indexing: a naive matrix transpose and a 2-D copy with pitch.
#include "silk_hip.h"
// kernel: transpose_2d(float *out, const float *in, int width, int height)
// computes: out[x*height + y] = in[y*width + x] for x = BID_X*BDIM_X+TID_X < width, y = BID_Y*BDIM_Y+TID_Y < height (2-D launch)
extern "C" __global__ void transpose_2d(float *out, const float *in, int width, int height) {
  unsigned x = BID_X * BDIM_X + TID_X, y = BID_Y * BDIM_Y + TID_Y;
  if (x < (unsigned)width && y < (unsigned)height) out[x * height + y] = in[y * width + x];
}
