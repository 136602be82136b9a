#include "hip_min.h"
// Translation unit B: its own fat binary and kernel.
__global__ void add_ten(int* x) { x[tid_x()] += 10; }
int run_b(int* d) {
  add_ten<<<1, 64>>>(d);
  return hipGetLastError();
}
