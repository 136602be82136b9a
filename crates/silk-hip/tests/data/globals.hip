#include <stdio.h>
#include "hip_min.h"
__constant__ int coeff[4];
__device__ int calls;
__device__ int table[8] = {1, 2, 3, 4, 5, 6, 7, 8};
__global__ void poly(int* out) {
  int x = tid_x();
  out[x] = coeff[0] + coeff[1] * x + coeff[2] * x * x + table[x % 8];
  if (x == 0) calls += 1;
}
int main() {
  int c[4] = {3, 2, 1, 0};
  CHECK(hipMemcpyToSymbol(coeff, c, sizeof c, 0, hipMemcpyHostToDevice));
  int* d;
  CHECK(hipMalloc((void**)&d, 64 * 4));
  for (int r = 0; r < 3; r++) poly<<<1, 64>>>(d);
  CHECK(hipDeviceSynchronize());
  int out[64], n = 0;
  CHECK(hipMemcpy(out, d, sizeof out, hipMemcpyDeviceToHost));
  CHECK(hipMemcpyFromSymbol(&n, &calls, sizeof n, 0, hipMemcpyDeviceToHost));
  for (int x = 0; x < 64; x++)
    if (out[x] != 3 + 2 * x + x * x + (x % 8) + 1) { printf("FAIL out[%d] = %d\n", x, out[x]); return 1; }
  if (n != 3) { printf("FAIL calls = %d\n", n); return 1; }
  printf("OK globals\n");
  return 0;
}
