// GFX11 cross-lane permutes: v_permlane16_b32 / v_permlanex16_b32 with an
// SGPR lane selection, all lanes and divergent; v_permlane64_b32 (wave64).
#define __global__ __attribute__((global))
typedef unsigned u32;
extern "C" __global__ void permlanes(const u32 *in, u32 *out, u32 s1, u32 s2) {
  u32 t = __builtin_amdgcn_workitem_id_x();
  u32 v = in[t];
  out[4 * t] = __builtin_amdgcn_permlane16(0xdead, v, s1, s2, false, false);
  out[4 * t + 1] = __builtin_amdgcn_permlanex16(0xbeef, v, s1, s2, false, false);
  u32 r = 7;
  if (t % 3 != 0)
    r = __builtin_amdgcn_permlane16(0x1234, v, s1, s2, false, false);
  out[4 * t + 2] = r;
}
