// A minimal HIP declaration header for the tests: what the programs use
// of the HIP API and device builtins, declared by hand (no ROCm headers).
#pragma once
#include <stddef.h>
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
typedef int hipError_t;
typedef struct ihipStream_t* hipStream_t;
typedef struct ihipEvent_t* hipEvent_t;
typedef struct ihipModule_t* hipModule_t;
typedef struct ihipModuleSymbol_t* hipFunction_t;
enum { hipMemcpyHostToHost, hipMemcpyHostToDevice, hipMemcpyDeviceToHost, hipMemcpyDeviceToDevice, hipMemcpyDefault };
struct dim3 {
  unsigned x, y, z;
  __host__ __device__ dim3(unsigned x = 1, unsigned y = 1, unsigned z = 1) : x(x), y(y), z(z) {}
};
// hipDeviceProp_t of ROCm 5.x up to gcnArchName; padded past the end.
struct hipDeviceProp_t {
  char name[256];
  size_t totalGlobalMem, sharedMemPerBlock;
  int regsPerBlock, warpSize, maxThreadsPerBlock, maxThreadsDim[3], maxGridSize[3], clockRate,
      memoryClockRate, memoryBusWidth;
  size_t totalConstMem;
  int major, minor, multiProcessorCount, l2CacheSize, maxThreadsPerMultiProcessor, computeMode,
      clockInstructionRate, arch, concurrentKernels, pciDomainID, pciBusID, pciDeviceID;
  size_t maxSharedMemoryPerMultiProcessor;
  int isMultiGpuBoard, canMapHostMemory, gcnArch;
  char gcnArchName[256];
  char rest[512];
};
#define hipDeviceAttributeWarpSize 87
extern "C" {
hipError_t hipGetDeviceCount(int*);
hipError_t hipSetDevice(int);
hipError_t hipGetDeviceProperties(hipDeviceProp_t*, int);
hipError_t hipDeviceGetAttribute(int*, int, int);
hipError_t hipMalloc(void**, size_t);
hipError_t hipFree(void*);
hipError_t hipHostMalloc(void**, size_t, unsigned);
hipError_t hipHostFree(void*);
hipError_t hipMemcpy(void*, const void*, size_t, int);
hipError_t hipMemcpyAsync(void*, const void*, size_t, int, hipStream_t);
hipError_t hipMemset(void*, int, size_t);
hipError_t hipMemcpyToSymbol(const void*, const void*, size_t, size_t, int);
hipError_t hipMemcpyFromSymbol(void*, const void*, size_t, size_t, int);
hipError_t hipStreamCreate(hipStream_t*);
hipError_t hipStreamSynchronize(hipStream_t);
hipError_t hipStreamDestroy(hipStream_t);
hipError_t hipEventCreate(hipEvent_t*);
hipError_t hipEventRecord(hipEvent_t, hipStream_t);
hipError_t hipEventSynchronize(hipEvent_t);
hipError_t hipEventElapsedTime(float*, hipEvent_t, hipEvent_t);
hipError_t hipEventDestroy(hipEvent_t);
hipError_t hipDeviceSynchronize(void);
hipError_t hipGetLastError(void);
hipError_t hipPeekAtLastError(void);
const char* hipGetErrorString(hipError_t);
const char* hipGetErrorName(hipError_t);
hipError_t hipModuleLoadData(hipModule_t*, const void*);
hipError_t hipModuleGetFunction(hipFunction_t*, hipModule_t, const char*);
hipError_t hipModuleGetGlobal(void**, size_t*, hipModule_t, const char*);
hipError_t hipModuleLaunchKernel(hipFunction_t, unsigned, unsigned, unsigned, unsigned, unsigned,
                                 unsigned, unsigned, hipStream_t, void**, void**);
hipError_t __hipPushCallConfiguration(dim3, dim3, size_t = 0, hipStream_t = 0);
hipError_t __hipPopCallConfiguration(dim3*, dim3*, size_t*, hipStream_t*);
hipError_t hipLaunchKernel(const void*, dim3, dim3, void**, size_t, hipStream_t);
}
__device__ inline unsigned tid_x() { return __builtin_amdgcn_workitem_id_x(); }
__device__ inline unsigned bid_x() { return __builtin_amdgcn_workgroup_id_x(); }
__device__ inline void sync_threads() { __builtin_amdgcn_s_barrier(); }
#define CHECK(x) do { hipError_t e_ = (x); if (e_) { printf("FAIL %s: %d %s\n", #x, e_, hipGetErrorString(e_)); return 1; } } while (0)
