// The HIP equivalent of examples/kernels/fill.slk, for build_ratio.sh:
// out[global_id_x] = (u32)value.
#define __global__ __attribute__((global))
typedef unsigned long long u64;
extern "C" __global__ void fill(u64 out, u64 value) {
  u64 i = (u64)__builtin_amdgcn_workgroup_id_x() * __builtin_amdgcn_workgroup_size_x() +
          __builtin_amdgcn_workitem_id_x();
  ((unsigned *)out)[i] = (unsigned)value;
}
