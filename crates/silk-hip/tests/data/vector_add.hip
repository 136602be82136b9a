#include <stdio.h>
#include "hip_min.h"
__global__ void vadd(const float* a, const float* b, float* c, int n) {
  int i = bid_x() * 64 + tid_x();
  if (i < n) c[i] = a[i] + b[i];
}
int main() {
  const int n = 1000;
  float a[n], b[n], c[n];
  for (int i = 0; i < n; i++) { a[i] = i; b[i] = 2 * i + 1; c[i] = -1; }
  int count = 0;
  CHECK(hipGetDeviceCount(&count));
  hipDeviceProp_t p;
  CHECK(hipGetDeviceProperties(&p, 0));
  int ws = 0;
  CHECK(hipDeviceGetAttribute(&ws, hipDeviceAttributeWarpSize, 0));
  printf("devices %d arch %s warp %d\n", count, p.gcnArchName, ws);
  printf("props warp %d major %d threads %d shared %zu\n", p.warpSize, p.major, p.maxThreadsPerBlock,
         p.maxSharedMemoryPerMultiProcessor);
  float *da, *db, *dc;
  CHECK(hipMalloc((void**)&da, n * 4));
  CHECK(hipMalloc((void**)&db, n * 4));
  CHECK(hipMalloc((void**)&dc, n * 4));
  CHECK(hipMemcpy(da, a, n * 4, hipMemcpyHostToDevice));
  CHECK(hipMemcpy(db, b, n * 4, hipMemcpyDefault));
  vadd<<<dim3((n + 63) / 64), dim3(64)>>>(da, db, dc, n);
  CHECK(hipGetLastError());
  CHECK(hipDeviceSynchronize());
  CHECK(hipMemcpy(c, dc, n * 4, hipMemcpyDeviceToHost));
  for (int i = 0; i < n; i++)
    if (c[i] != 3 * i + 1) { printf("FAIL c[%d] = %f\n", i, c[i]); return 1; }
  CHECK(hipFree(da)); CHECK(hipFree(db)); CHECK(hipFree(dc));
  printf("OK vector_add\n");
  return 0;
}
