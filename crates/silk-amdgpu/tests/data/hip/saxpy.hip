// The classic.
#include "silk_hip.h"
// kernel: saxpy(float *y, const float *x, float a, int n)
// computes: y[i] = a * x[i] + y[i] for i = GID_X < n
extern "C" __global__ void saxpy(float *y, const float *x, float a, int n) {
  unsigned i = GID_X;
  if (i < (unsigned)n) y[i] = a * x[i] + y[i];
}
// kernel: daxpy_grid_stride(double *y, const double *x, double a, int n)
// computes: y[i] = a * x[i] + y[i] for every i < n, grid-stride loop (stride = workgroup size * 1024 workgroups assumed: stride = BDIM_X * 1024)
extern "C" __global__ void daxpy_grid_stride(double *y, const double *x, double a, int n) {
  for (unsigned i = GID_X; i < (unsigned)n; i += BDIM_X * 1024) y[i] = a * x[i] + y[i];
}
