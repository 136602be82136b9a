#include "hip_min.h"
// Loaded through hipModuleLoadData (device code only).
__device__ int bias = 5;
extern "C" __global__ void fill(int* out, int k) { out[tid_x()] = k * (int)tid_x() + bias; }
// A managed variable, bound by __hipRegisterManagedVar (registration.rs).
__managed__ int factor;
extern "C" __global__ void scale_factor(int k) { factor *= k; }
