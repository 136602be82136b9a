#include <stdio.h>
#include <string.h>
#include "hip_min.h"
__global__ void touch(int* p) { p[tid_x()] = 1; }
__global__ void wild(int* p) { p[tid_x() + (1 << 26)] = 1; }
int main() {
  int* d;
  CHECK(hipMalloc((void**)&d, 64 * 4));
  // A bad launch: a block of 2048 threads.
  touch<<<1, 2048>>>(d);
  hipError_t e = hipGetLastError();
  printf("bad launch: %d %s\n", e, hipGetErrorName(e));
  if (e != 9) return 1;
  if (hipGetLastError() != 0) { printf("FAIL last error not reset\n"); return 1; }
  // Null pointers are errors, not crashes.
  if (hipMalloc(0, 4) != 1 || hipMemcpy(0, d, 4, hipMemcpyDeviceToHost) != 1) return 1;
  if (hipPeekAtLastError() != 1 || hipPeekAtLastError() != 1) return 1;
  hipGetLastError();
  // An out-of-bounds store: reported by the synchronize, with the report.
  wild<<<1, 64>>>(d);
  CHECK(hipGetLastError());
  e = hipDeviceSynchronize();
  const char* s = hipGetErrorString(e);
  printf("fault: %d %s\n", e, s);
  if (e != 700 || !strstr(s, "wild") || !strstr(s, "lane")) return 1;
  CHECK(hipDeviceSynchronize());
  printf("OK errors\n");
  return 0;
}
