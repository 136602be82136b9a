// Kernels for silk-emu's tests and benchmark; compiled by regen.sh.
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
typedef unsigned u32;

static __attribute__((device)) u32 tid() { return __builtin_amdgcn_workitem_id_x(); }
static __attribute__((device)) u32 gid() { return tid() + __builtin_amdgcn_workgroup_id_x() * 256; }

// VALU-heavy: the benchmark kernel. Bit-exact (fma, mul, add, int).
extern "C" __global__ void valu_loop(float *out, u32 *iout, int iters) {
  u32 t = gid();
  float a = t * 0.5f, b = 1.0001f, c = 0.25f;
  u32 x = t;
  for (int i = 0; i < iters; ++i) {
    a = __builtin_fmaf(a, b, c);
    c = __builtin_fmaf(c, 0.999f, a * 1e-3f);
    x = x * 1664525u + 1013904223u;
    b = b + (float)(x >> 28) * 1e-6f;
  }
  out[t] = a + c;
  iout[t] = x;
}

// Block reduction through LDS with barriers.
extern "C" __global__ void reduce_sum(const u32 *in, u32 *out) {
  __shared__ u32 s[256];
  u32 t = tid();
  s[t] = in[gid()];
  __builtin_amdgcn_s_barrier();
  for (u32 k = 128; k > 0; k >>= 1) {
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
    __builtin_amdgcn_s_barrier();
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
    if (t < k) s[t] += s[t + k];
  }
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
  if (t == 0) out[__builtin_amdgcn_workgroup_id_x()] = s[0];
}

// Global atomics: a histogram, and an LDS atomic counter.
extern "C" __global__ void histogram(const u32 *in, u32 *bins, u32 *count) {
  __shared__ u32 local;
  if (tid() == 0) local = 0;
  __builtin_amdgcn_s_barrier();
  u32 v = in[gid()];
  __atomic_fetch_add(&bins[v & 15], 1u, __ATOMIC_RELAXED);
  __atomic_fetch_add(&local, v, __ATOMIC_RELAXED);
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
  if (tid() == 0) __atomic_fetch_add(count, local, __ATOMIC_RELAXED);
}

// Divergent loop: Collatz steps per work-item.
extern "C" __global__ void collatz(const u32 *in, u32 *steps) {
  u32 n = in[gid()], s = 0;
  while (n != 1 && s < 1000) {
    n = (n & 1) ? 3 * n + 1 : n / 2;
    ++s;
  }
  steps[gid()] = s;
}

// Cross-lane: butterfly sum with ds_bpermute, and DPP row shifts.
extern "C" __global__ void cross_lane(const u32 *in, u32 *out, u32 *dpp) {
  u32 v = in[gid()];
  u32 lane = __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
  u32 s = v;
  for (u32 m = 1; m < 16; m <<= 1)
    s += __builtin_amdgcn_ds_bpermute((int)((lane ^ m) * 4), (int)s);
  out[gid()] = s;
  // row_shr:1 with bound_ctrl: lane i of each row of 16 gets lane i-1, 0 in lane 0.
  dpp[gid()] = __builtin_amdgcn_update_dpp(0, (int)v, 0x111, 0xf, 0xf, true);
}

// IEEE division, sqrt and conversions (bit-exact), and transcendentals.
extern "C" __global__ void float_math(const float *a, const float *b, float *q, float *r, float *e, int *i) {
  u32 t = gid();
  q[t] = a[t] / b[t];
  r[t] = __builtin_sqrtf(b[t]);
  e[t] = __builtin_amdgcn_exp2f(a[t] * 0.01f);
  i[t] = (int)(a[t] * 3.0f) + (int)__builtin_floorf(b[t]);
}

// 64-bit integer and double math.
extern "C" __global__ void int64_math(const unsigned long long *a, unsigned long long *out, double *d) {
  u32 t = gid();
  unsigned long long x = a[t];
  out[t] = x * 0x9E3779B97F4A7C15ull + (x >> 17) - (x / 7);
  d[t] = (double)x * 1.5 + 1.0 / (double)(x | 1);
}
