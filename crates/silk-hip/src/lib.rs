//! `silk-hip`: a HIP runtime library whose devices are `silk-emu`
//! emulated AMD GPUs — a drop-in for `libamdhip64.so.5`, so HIP programs
//! built by clang (`-x hip --offload-arch=gfx942`) run on the CPU.
//!
//! `SILK_HIP_DEVICE=gfx942|gfx1100|gfx1151` (a comma list gives several
//! devices; default `gfx942`) chooses the emulated processors. The
//! shared library's soname is `libamdhip64.so.5` and every entry point
//! has the `hip_4.2` version that applications linked against ROCm's
//! library record (`build.rs`, `libamdhip64.map`, the `.symver` list
//! below). See docs/hip.md.

pub mod api;
pub mod error;
pub mod fatbin;
pub mod state;
pub mod wrapper;

pub use error::Error;

/// Bind each exported name to `hip_4.2` (rustc's export list would put it
/// in the base version, and ROCm-linked applications ask for `@hip_4.2`).
macro_rules! versioned {
    ($($name:ident),* $(,)?) => {
        /// Every entry point of the library.
        pub const ENTRY_POINTS: &[&str] = &[$(stringify!($name)),*];
        #[cfg(all(target_os = "linux", not(test)))]
        std::arch::global_asm!($(concat!(".symver ", stringify!($name), ", ", stringify!($name), "@@hip_4.2")),*);
    };
}

versioned!(
    hipInit,
    hipDriverGetVersion,
    hipRuntimeGetVersion,
    hipGetDeviceCount,
    hipSetDevice,
    hipGetDevice,
    hipGetDeviceProperties,
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
);
