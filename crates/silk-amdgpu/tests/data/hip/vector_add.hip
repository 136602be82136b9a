// Global buffers and a by-value int: the simplest kernel shape.
#define __global__ __attribute__((global))
// kernel: vector_add(float *out, const float *in, int n)
// computes: out[i] += in[i] for i = TID_X + BID_X*256 < n (workgroup size 256)
extern "C" __global__ void vector_add(float *out, const float *in, int n) {
  int i = __builtin_amdgcn_workitem_id_x() + __builtin_amdgcn_workgroup_id_x() * 256;
  if (i < n)
    out[i] += in[i];
}
