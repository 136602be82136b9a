// HIP twin of examples/device/kernels.slk (the five entries, same
// arithmetic), for sh crates/silk-cli/benches/device_ratio.sh.
#define KERNEL extern "C" __attribute__((global))
#define DEVICE static __attribute__((device))
#define LDS __attribute__((address_space(3)))
typedef unsigned long long uint64_t;
typedef unsigned uint32_t;
typedef int int32_t;
#define GID ((uint64_t)(__builtin_amdgcn_workgroup_id_x() * __builtin_amdgcn_workgroup_size_x() + \
                        __builtin_amdgcn_workitem_id_x()))

KERNEL void saxpy(uint64_t n, uint64_t a_bits, float *x, float *y) {
  uint64_t i = GID;
  if (i >= n) return;
  float a = __builtin_bit_cast(float, (uint32_t)a_bits);
  y[i] = a * x[i] + y[i];
}

DEVICE uint32_t collatz_steps(uint32_t x) {
  uint32_t steps = 0;
  while (x != 1 && x != 0) {
    x = (x % 2 == 0) ? x / 2 : 3 * x + 1;
    steps += 1;
  }
  return steps;
}

KERNEL void collatz(uint64_t n, uint32_t *in, uint32_t *out) {
  uint64_t i = GID;
  if (i < n) out[i] = collatz_steps(in[i]);
}

KERNEL void histogram(uint64_t n, uint32_t *values, uint32_t *bins) {
  uint64_t i = GID;
  if (i < n) __hip_atomic_fetch_add(&bins[values[i] % 16], 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}

KERNEL void reduce_sum(uint32_t *values, uint32_t *sums) {
  static LDS uint32_t tile[64];
  uint32_t lid = __builtin_amdgcn_workitem_id_x();
  tile[lid] = values[GID];
  __builtin_amdgcn_s_barrier();
  for (uint32_t stride = 32; stride > 0; stride >>= 1) {
    if (lid < stride) tile[lid] = tile[lid] + tile[lid + stride];
    __builtin_amdgcn_s_barrier();
  }
  if (lid == 0) sums[__builtin_amdgcn_workgroup_id_x()] = tile[0];
}

KERNEL void prefix_skip(uint64_t n, int32_t *in, int32_t *out) {
  uint64_t i = GID;
  if (i >= n) return;
  int32_t acc = 0;
  for (uint64_t j = 0; j <= i;) {
    int32_t v = in[j];
    j += 1;
    if (v < 0) break;
    if (v % 3 == 0) continue;
    acc += v;
  }
  out[i] = acc;
}
