#include <stdio.h>
#include "hip_min.h"
// Managed variables: the host reads and writes them directly, kernels
// see the host's values, and the host sees the kernels' writes after a
// synchronize.
__managed__ int counter = 5;
__managed__ int squares[64];
__managed__ float scale[4] = {0.5f, 1.0f, 2.0f, 4.0f};
__global__ void step(float* out) {
  int t = tid_x();
  squares[t] = t * t + counter;
  out[t] = scale[t % 4] * t;
}
__global__ void bump(int k) { counter += k; }
int main() {
  if (counter != 5 || scale[3] != 4.0f) { printf("FAIL initial %d %f\n", counter, scale[3]); return 1; }
  float* d;
  CHECK(hipMalloc((void**)&d, 64 * 4));
  counter = 7;
  scale[1] = 3.0f;
  step<<<1, 64>>>(d);
  bump<<<1, 1>>>(3);
  CHECK(hipDeviceSynchronize());
  float out[64];
  CHECK(hipMemcpy(out, d, sizeof out, hipMemcpyDeviceToHost));
  for (int t = 0; t < 64; t++) {
    float s = t % 4 == 0 ? 0.5f : t % 4 == 1 ? 3.0f : t % 4 == 2 ? 2.0f : 4.0f;
    if (squares[t] != t * t + 7 || out[t] != s * t) {
      printf("FAIL t %d: squares %d out %f\n", t, squares[t], out[t]);
      return 1;
    }
  }
  if (counter != 10) { printf("FAIL counter %d after the kernel\n", counter); return 1; }
  // A second launch sees the kernel's and the host's latest writes.
  counter += 100;
  step<<<1, 64>>>(d);
  bump<<<1, 1>>>(1);
  CHECK(hipDeviceSynchronize());
  // Managed storage is host memory to the copy API.
  int c = 0;
  CHECK(hipMemcpy(&c, &counter, sizeof c, hipMemcpyHostToHost));
  if (c != 111 || squares[5] != 25 + 110) { printf("FAIL second launch %d %d\n", c, squares[5]); return 1; }
  CHECK(hipFree(d));
  printf("OK managed %d\n", counter);
  return 0;
}
