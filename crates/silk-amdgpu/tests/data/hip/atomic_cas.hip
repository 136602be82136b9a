// A compare-and-swap loop (float max through integer CAS) and returned atomics.
#include "silk_hip.h"
// kernel: atomic_max_f32_cas(float *result, const float *in, int n)
// computes: result[0] = max(result[0], in[i]) for all i = GID_X < n via a CAS loop on the bit pattern
extern "C" __global__ void atomic_max_f32_cas(float *result, const float *in, int n) {
  unsigned i = GID_X;
  if (i >= (unsigned)n) return;
  float v = in[i];
  unsigned *addr = (unsigned *)result;
  unsigned old = __hip_atomic_load(addr, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  while (__builtin_bit_cast(float, old) < v) {
    unsigned expected = old;
    if (__hip_atomic_compare_exchange_strong(addr, &expected, __builtin_bit_cast(unsigned, v), __ATOMIC_RELAXED,
                                             __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT))
      break;
    old = expected;
  }
}
// kernel: atomic_ticket(int *tickets, int *counter)
// computes: tickets[GID_X] = old value of counter[0] from an atomic increment (a permutation of 0..threads-1, plus the initial counter value)
extern "C" __global__ void atomic_ticket(int *tickets, int *counter) {
  tickets[GID_X] = __hip_atomic_fetch_add(counter, 1, __ATOMIC_SEQ_CST, __HIP_MEMORY_SCOPE_AGENT);
}
