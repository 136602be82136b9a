//! `silk-hip`: a HIP runtime library whose devices are `silk-emu`
//! emulated AMD GPUs — a drop-in for `libamdhip64.so.5`, so HIP programs
//! built by clang (`-x hip --offload-arch=gfx942`) run on the CPU.
//!
//! `SILK_HIP_DEVICE=gfx942|gfx1100|gfx1151` (a comma list gives several
//! devices; default `gfx942`) chooses the emulated processors. The
//! shared library's soname is `libamdhip64.so.5`; it also serves as
//! `libamdhip64.so.6`. Every entry point has the version node ROCm 6's
//! version script gives it (`hip_4.2`, `hipGetDevicePropertiesR0600` at
//! `hip_6.0`), which applications linked against ROCm's library record
//! (`build.rs`, `libamdhip64.map`, the `.symver` list below). See
//! docs/hip.md.

pub mod api;
pub mod error;
pub mod fatbin;
pub mod state;
pub mod wrapper;

pub use error::Error;

/// Bind each exported name to its ROCm version node (rustc's export list
/// would put it in the base version, and ROCm-linked applications ask
/// for `@hip_4.2`, `@hip_6.0`).
macro_rules! versioned {
    ($($node:literal: [$($name:ident),* $(,)?]),* $(,)?) => {
        /// Every entry point of the library with its version node.
        pub const ENTRY_POINTS: &[(&str, &str)] = &[$($((stringify!($name), $node)),*),*];
        #[cfg(all(target_os = "linux", not(test)))]
        std::arch::global_asm!($($(concat!(".symver ", stringify!($name), ", ", stringify!($name), "@@", $node)),*),*);
    };
}

versioned!("hip_4.2": [
    hipInit,
    hipDriverGetVersion,
    hipRuntimeGetVersion,
    hipGetDeviceCount,
    hipSetDevice,
    hipGetDevice,
    hipGetDeviceProperties,
    hipGetDevicePropertiesR0000,
    hipDeviceGetAttribute,
    hipDeviceSynchronize,
    hipDeviceReset,
    hipMalloc,
    hipFree,
    hipHostMalloc,
    hipMallocHost,
    hipHostFree,
    hipFreeHost,
    hipMemcpy,
    hipMemcpyAsync,
    hipMemcpyHtoD,
    hipMemcpyDtoH,
    hipMemcpyDtoD,
    hipMemset,
    hipMemsetAsync,
    hipMemGetInfo,
    hipStreamCreate,
    hipStreamCreateWithFlags,
    hipStreamDestroy,
    hipStreamSynchronize,
    hipStreamQuery,
    hipEventCreate,
    hipEventCreateWithFlags,
    hipEventRecord,
    hipEventSynchronize,
    hipEventQuery,
    hipEventElapsedTime,
    hipEventDestroy,
    hipGetLastError,
    hipPeekAtLastError,
    hipGetErrorString,
    hipGetErrorName,
    hipModuleLoadData,
    hipModuleUnload,
    hipModuleGetFunction,
    hipModuleGetGlobal,
    hipModuleLaunchKernel,
    __hipRegisterFatBinary,
    __hipUnregisterFatBinary,
    __hipRegisterFunction,
    __hipRegisterVar,
    __hipRegisterManagedVar,
    __hipPushCallConfiguration,
    __hipPopCallConfiguration,
    hipLaunchKernel,
    hipGetSymbolAddress,
    hipGetSymbolSize,
    hipMemcpyToSymbol,
    hipMemcpyFromSymbol,
],
// New in ROCm 6.0: the properties of ROCm 6's `hipDeviceProp_tR0600`.
"hip_6.0": [hipGetDevicePropertiesR0600]);
