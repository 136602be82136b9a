// 3-D indexing: a 7-point stencil on an nx*ny*nz grid.
#include "silk_hip.h"
// kernel: stencil_3d(float *out, const float *in, int nx, int ny, int nz)
// computes: for interior points (1 <= x < nx-1, same for y, z; x,y,z from 3-D launch ids): out[p] = 0.4*in[p] + 0.1*(sum of the 6 face neighbours), p = (z*ny + y)*nx + x; boundary points untouched
extern "C" __global__ void stencil_3d(float *out, const float *in, int nx, int ny, int nz) {
  int x = BID_X * BDIM_X + TID_X, y = BID_Y * BDIM_Y + TID_Y, z = BID_Z * BDIM_Z + TID_Z;
  if (x < 1 || y < 1 || z < 1 || x >= nx - 1 || y >= ny - 1 || z >= nz - 1) return;
  int p = (z * ny + y) * nx + x;
  out[p] = 0.4f * in[p] + 0.1f * (in[p - 1] + in[p + 1] + in[p - nx] + in[p + nx] + in[p - nx * ny] + in[p + nx * ny]);
}
