// Several kernels in one object, using workgroup and work-item ids in y and z.
#define __global__ __attribute__((global))
// kernel: fill_x(int *a, int v)
// computes: a[TID_X] = v
extern "C" __global__ void fill_x(int *a, int v) { a[__builtin_amdgcn_workitem_id_x()] = v; }
// kernel: fill_yz(int *a, int v)
// computes: a[TID_Y*16 + TID_Z + BID_Y*64 + BID_Z*4096] = v
extern "C" __global__ void fill_yz(int *a, int v) {
  unsigned i = __builtin_amdgcn_workitem_id_y() * 16 + __builtin_amdgcn_workitem_id_z();
  a[i + __builtin_amdgcn_workgroup_id_y() * 64 + __builtin_amdgcn_workgroup_id_z() * 4096] = v;
}
// kernel: empty()
// computes: nothing
extern "C" __global__ void empty() {}
// kernel: small_groups(double *a, double b)
// computes: a[TID_X] *= b (workgroup size at most 256)
extern "C" __global__ void __attribute__((amdgpu_flat_work_group_size(1, 256)))
small_groups(double *a, double b) {
  a[__builtin_amdgcn_workitem_id_x()] *= b;
}
