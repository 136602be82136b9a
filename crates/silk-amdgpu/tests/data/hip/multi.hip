// Several kernels in one object, using workgroup and work-item ids in y and z.
#define __global__ __attribute__((global))
extern "C" __global__ void fill_x(int *a, int v) { a[__builtin_amdgcn_workitem_id_x()] = v; }
extern "C" __global__ void fill_yz(int *a, int v) {
  unsigned i = __builtin_amdgcn_workitem_id_y() * 16 + __builtin_amdgcn_workitem_id_z();
  a[i + __builtin_amdgcn_workgroup_id_y() * 64 + __builtin_amdgcn_workgroup_id_z() * 4096] = v;
}
extern "C" __global__ void empty() {}
extern "C" __global__ void __attribute__((amdgpu_flat_work_group_size(1, 256)))
small_groups(double *a, double b) {
  a[__builtin_amdgcn_workitem_id_x()] *= b;
}
