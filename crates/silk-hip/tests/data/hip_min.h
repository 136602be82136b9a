// A minimal HIP declaration header for the tests: what the programs use
// of the HIP API and device builtins, declared by hand (no ROCm headers).
#pragma once
#include <stddef.h>
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
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
#if defined(HIP_VERSION_MAJOR) && HIP_VERSION_MAJOR >= 6
// ROCm 6's headers: hipDeviceProp_t is hipDeviceProp_tR0600 and
// hipGetDeviceProperties is hipGetDevicePropertiesR0600 (symbol version
// hip_6.0).
typedef struct { char bytes[16]; } hipUUID;
typedef struct { unsigned bits; } hipDeviceArch_t;
typedef struct hipDeviceProp_tR0600 {
  char name[256]; hipUUID uuid; char luid[8]; unsigned int luidDeviceNodeMask;
  size_t totalGlobalMem, sharedMemPerBlock; int regsPerBlock, warpSize; size_t memPitch;
  int maxThreadsPerBlock, maxThreadsDim[3], maxGridSize[3], clockRate; size_t totalConstMem;
  int major, minor; size_t textureAlignment, texturePitchAlignment;
  int deviceOverlap, multiProcessorCount, kernelExecTimeoutEnabled, integrated, canMapHostMemory,
      computeMode, maxTexture1D, maxTexture1DMipmap, maxTexture1DLinear, maxTexture2D[2],
      maxTexture2DMipmap[2], maxTexture2DLinear[3], maxTexture2DGather[2], maxTexture3D[3],
      maxTexture3DAlt[3], maxTextureCubemap, maxTexture1DLayered[2], maxTexture2DLayered[3],
      maxTextureCubemapLayered[2], maxSurface1D, maxSurface2D[2], maxSurface3D[3],
      maxSurface1DLayered[2], maxSurface2DLayered[3], maxSurfaceCubemap,
      maxSurfaceCubemapLayered[2];
  size_t surfaceAlignment;
  int concurrentKernels, ECCEnabled, pciBusID, pciDeviceID, pciDomainID, tccDriver,
      asyncEngineCount, unifiedAddressing, memoryClockRate, memoryBusWidth, l2CacheSize,
      persistingL2CacheMaxSize, maxThreadsPerMultiProcessor, streamPrioritiesSupported,
      globalL1CacheSupported, localL1CacheSupported;
  size_t sharedMemPerMultiprocessor;
  int regsPerMultiprocessor, managedMemory, isMultiGpuBoard, multiGpuBoardGroupID,
      hostNativeAtomicSupported, singleToDoublePrecisionPerfRatio, pageableMemoryAccess,
      concurrentManagedAccess, computePreemptionSupported, canUseHostPointerForRegisteredMem,
      cooperativeLaunch, cooperativeMultiDeviceLaunch;
  size_t sharedMemPerBlockOptin;
  int pageableMemoryAccessUsesHostPageTables, directManagedMemAccessFromHost,
      maxBlocksPerMultiProcessor, accessPolicyMaxWindowSize;
  size_t reservedSharedMemPerBlock;
  int hostRegisterSupported, sparseHipArraySupported, hostRegisterReadOnlySupported,
      timelineSemaphoreInteropSupported, memoryPoolsSupported, gpuDirectRDMASupported;
  unsigned gpuDirectRDMAFlushWritesOptions; int gpuDirectRDMAWritesOrdering;
  unsigned memoryPoolSupportedHandleTypes;
  int deferredMappingHipArraySupported, ipcEventSupported, clusterLaunch, unifiedFunctionPointers,
      reserved[63], hipReserved[32];
  char gcnArchName[256];
  size_t maxSharedMemoryPerMultiProcessor;
  int clockInstructionRate; hipDeviceArch_t arch; unsigned *hdpMemFlushCntl, *hdpRegFlushCntl;
  int cooperativeMultiDeviceUnmatchedFunc, cooperativeMultiDeviceUnmatchedGridDim,
      cooperativeMultiDeviceUnmatchedBlockDim, cooperativeMultiDeviceUnmatchedSharedMem, isLargeBar,
      asicRevision;
} hipDeviceProp_tR0600;
// The size and gcnArchName offset LLVM's amdgpu-arch relies on too.
static_assert(sizeof(hipDeviceProp_tR0600) == 1472, "hipDeviceProp_tR0600 size");
static_assert(__builtin_offsetof(hipDeviceProp_tR0600, gcnArchName) == 1160, "gcnArchName");
#define hipDeviceProp_t hipDeviceProp_tR0600
#define hipGetDeviceProperties hipGetDevicePropertiesR0600
#else
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
#endif
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
