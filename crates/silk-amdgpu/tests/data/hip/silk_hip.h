// Shared definitions for the HIP corpus (compiled with -nogpulib -nogpuinc,
// so no HIP headers: attributes and builtins only).
#pragma once
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define NOINLINE __attribute__((noinline))
#define TID_X __builtin_amdgcn_workitem_id_x()
#define TID_Y __builtin_amdgcn_workitem_id_y()
#define TID_Z __builtin_amdgcn_workitem_id_z()
#define BID_X __builtin_amdgcn_workgroup_id_x()
#define BID_Y __builtin_amdgcn_workgroup_id_y()
#define BID_Z __builtin_amdgcn_workgroup_id_z()
#define BDIM_X __builtin_amdgcn_workgroup_size_x()
#define BDIM_Y __builtin_amdgcn_workgroup_size_y()
#define BDIM_Z __builtin_amdgcn_workgroup_size_z()
// Global 1-D index: workgroup id * workgroup size + work-item id.
#define GID_X (BID_X * BDIM_X + TID_X)
