#include <stdio.h>
#include "hip_min.h"
__global__ void scale(float* x, float k) { x[bid_x() * 64 + tid_x()] *= k; }
int main() {
  const int n = 256;
  float *h, *out;
  CHECK(hipHostMalloc((void**)&h, n * 4, 0));
  CHECK(hipHostMalloc((void**)&out, n * 4, 0));
  for (int i = 0; i < n; i++) h[i] = i;
  hipStream_t s[2];
  float* d[2];
  hipEvent_t a, b;
  CHECK(hipEventCreate(&a)); CHECK(hipEventCreate(&b));
  for (int k = 0; k < 2; k++) { CHECK(hipStreamCreate(&s[k])); CHECK(hipMalloc((void**)&d[k], n * 4)); }
  CHECK(hipEventRecord(a, s[0]));
  for (int k = 0; k < 2; k++) {
    CHECK(hipMemcpyAsync(d[k], h, n * 4, hipMemcpyHostToDevice, s[k]));
    scale<<<n / 64, 64, 0, s[k]>>>(d[k], k + 2.0f);
  }
  CHECK(hipEventRecord(b, s[1]));
  CHECK(hipEventSynchronize(b));
  float ms = -1;
  CHECK(hipEventElapsedTime(&ms, a, b));
  if (!(ms >= 0)) { printf("FAIL elapsed %f\n", ms); return 1; }
  for (int k = 0; k < 2; k++) {
    CHECK(hipMemcpyAsync(out, d[k], n * 4, hipMemcpyDeviceToHost, s[k]));
    CHECK(hipStreamSynchronize(s[k]));
    for (int i = 0; i < n; i++)
      if (out[i] != i * (k + 2.0f)) { printf("FAIL stream %d out[%d] = %f\n", k, i, out[i]); return 1; }
    CHECK(hipStreamDestroy(s[k]));
  }
  CHECK(hipEventDestroy(a)); CHECK(hipEventDestroy(b));
  CHECK(hipHostFree(h)); CHECK(hipHostFree(out));
  printf("OK streams\n");
  return 0;
}
