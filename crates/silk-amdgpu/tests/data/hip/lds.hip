// Static LDS: a group segment size and barriers.
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
// kernel: reverse_block(float *data)
// computes: reverses each block of 1024 floats: data[b*1024 + t] = old data[b*1024 + 1023 - t] (workgroup size 1024, b = BID_X)
extern "C" __global__ void reverse_block(float *data) {
  __shared__ float tile[1024];
  unsigned t = __builtin_amdgcn_workitem_id_x();
  unsigned base = __builtin_amdgcn_workgroup_id_x() * 1024;
  tile[t] = data[base + t];
  __builtin_amdgcn_s_barrier();
  data[base + t] = tile[1023 - t];
}
