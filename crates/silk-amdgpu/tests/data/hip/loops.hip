// Counted and data-dependent loops.
#include "silk_hip.h"
// kernel: row_sums(float *out, const float *m, int rows, int cols)
// computes: out[r] = sum over c < cols of m[r*cols + c] for r = GID_X < rows
extern "C" __global__ void row_sums(float *out, const float *m, int rows, int cols) {
  unsigned r = GID_X;
  if (r >= (unsigned)rows) return;
  float s = 0;
  for (int c = 0; c < cols; ++c) s += m[r * cols + c];
  out[r] = s;
}
// kernel: collatz_steps(int *out, const unsigned *in, int n)
// computes: out[i] = number of Collatz steps (x -> x/2 if even else 3x+1, 32-bit wrapping) until x <= 1, capped at 1000, from x = in[i], for i = GID_X < n
extern "C" __global__ void collatz_steps(int *out, const unsigned *in, int n) {
  unsigned i = GID_X;
  if (i >= (unsigned)n) return;
  unsigned x = in[i];
  int steps = 0;
  while (x > 1 && steps < 1000) { x = (x & 1) ? 3 * x + 1 : x >> 1; ++steps; }
  out[i] = steps;
}
