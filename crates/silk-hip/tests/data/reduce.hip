#include <stdio.h>
#include "hip_min.h"
// Sum each block of 256 values through shared memory.
__global__ void block_sum(const int* in, int* out) {
  __shared__ int s[256];
  unsigned t = tid_x();
  s[t] = in[bid_x() * 256 + t];
  sync_threads();
  for (unsigned k = 128; k > 0; k >>= 1) {
    if (t < k) s[t] += s[t + k];
    sync_threads();
  }
  if (t == 0) out[bid_x()] = s[0];
}
int main() {
  const int blocks = 4, n = blocks * 256;
  int in[n], out[blocks];
  for (int i = 0; i < n; i++) in[i] = i % 7 + i / 100;
  int *di, *dout;
  CHECK(hipMalloc((void**)&di, sizeof in));
  CHECK(hipMalloc((void**)&dout, sizeof out));
  CHECK(hipMemcpy(di, in, sizeof in, hipMemcpyHostToDevice));
  block_sum<<<blocks, 256>>>(di, dout);
  CHECK(hipDeviceSynchronize());
  CHECK(hipMemcpy(out, dout, sizeof out, hipMemcpyDeviceToHost));
  for (int b = 0; b < blocks; b++) {
    int want = 0;
    for (int i = 0; i < 256; i++) want += in[b * 256 + i];
    if (out[b] != want) { printf("FAIL block %d: %d != %d\n", b, out[b], want); return 1; }
  }
  printf("OK reduce\n");
  return 0;
}
