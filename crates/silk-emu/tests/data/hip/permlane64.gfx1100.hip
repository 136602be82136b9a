// v_permlane64_b32 in wave64 (gfx1100 -mwavefrontsize64).
#define __global__ __attribute__((global))
typedef unsigned u32;
extern "C" __global__ void permlane64(const u32 *in, u32 *out) {
  u32 t = __builtin_amdgcn_workitem_id_x();
  out[t] = __builtin_amdgcn_permlane64(in[t]);
}
