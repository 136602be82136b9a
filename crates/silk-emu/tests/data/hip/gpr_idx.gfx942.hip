// A vector held in VGPRs, written and read at run-time indices: clang 22
// selects VGPR indexing for it on gfx942 (s_set_gpr_idx_on s*, gpr_idx(DST)
// / gpr_idx(SRC0) around v_mov_b32, then s_set_gpr_idx_off).
#define __global__ __attribute__((global))
typedef float f32x16 __attribute__((ext_vector_type(16)));
// out[i] = w[k & 15] + w[(k >> 8) & 15], w = in[i] with w[(k >> 4) & 15] = 2.
extern "C" __global__ void pick(float *out, const f32x16 *in, int k) {
  unsigned i = __builtin_amdgcn_workitem_id_x();
  f32x16 v = in[i];
  v[(k >> 4) & 15] = 2.0f;
  out[i] = v[k & 15] + v[(k >> 8) & 15];
}
