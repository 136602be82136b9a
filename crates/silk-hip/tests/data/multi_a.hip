#include <stdio.h>
#include <stdlib.h>
#include <pthread.h>
#include <unistd.h>
#include "hip_min.h"
// Translation unit A: a kernel, main, threads and a late teardown check.
__global__ void add_one(int* x) { x[tid_x()] += 1; }
int run_b(int* d);  // translation unit B
static void late() {
  // Runs after the fat binaries are unregistered (registered before the
  // HIP module constructors): the runtime must answer, not crash.
  int* d = 0;
  hipError_t m = hipMalloc((void**)&d, 16);
  add_one<<<1, 4>>>(d);
  hipError_t l = hipGetLastError();
  printf("late: malloc %d launch %d\n", m, l);
  if (l != 98) _exit(3);
}
__attribute__((constructor(101))) static void early() { atexit(late); }
static void* worker(void* arg) {
  int* d;
  int h[64];
  if (hipMalloc((void**)&d, sizeof h)) return (void*)1;
  for (int i = 0; i < 64; i++) h[i] = i;
  hipMemcpy(d, h, sizeof h, hipMemcpyHostToDevice);
  for (int r = 0; r < 5; r++) { add_one<<<1, 64>>>(d); if (run_b(d)) return (void*)1; }
  hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost);
  hipFree(d);
  for (int i = 0; i < 64; i++) if (h[i] != i + 55) return (void*)1;
  return 0;
}
int main() {
  pthread_t t[4];
  for (int i = 0; i < 4; i++) pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < 4; i++) { void* r; pthread_join(t[i], &r); if (r) { printf("FAIL thread %d\n", i); return 1; } }
  printf("OK multi\n");
  return 0;
}
