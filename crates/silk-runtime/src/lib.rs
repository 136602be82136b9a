//! `silk-runtime`: the `std::gpu` runtime of Silk executables, usable from
//! Rust directly.
//!
//! - [`bundle`]: the Silk GPU bundle, version 3 (layout in
//!   `docs/gpu-bundle.md`): the kernels appended to an executable, with a
//!   writer and a reader that checks every field.
//! - The runtime API with the semantics and numbers of the `std::gpu`
//!   contract: discovery ([`is_supported`], [`device_count`],
//!   [`current_device`], [`select_device`], [`last_error`]), [`Buffer`],
//!   [`Stream`], and [`launch`], [`launch_on`], [`synchronize`],
//!   [`launch_and_synchronize`] returning a [`DispatchResult`]. Every
//!   operation returns status 0 on success ([`status`]) and takes one
//!   process-wide mutex.
//! - Two providers: [`hip`] (`libamdhip64` opened with `dlopen`) and
//!   [`emulator`] (`silk-emu` in-process), chosen by `SILK_GPU_PROVIDER`
//!   (`auto`, the default, is HIP when it loads and reports a device).
//!
//! The free functions use the process's runtime ([`Runtime::global`]),
//! whose bundle is the one at the end of the running executable. A
//! [`Runtime`] made with [`Runtime::new`] takes its bundle and provider
//! from a [`Config`] instead.
//!
//! ```
//! use silk_runtime::{BundleSource, Config, ProviderChoice, Runtime, status};
//! // An image without a bundle: the runtime is unavailable and says why.
//! let rt = Runtime::new(Config::new(ProviderChoice::Emulator, BundleSource::Bytes(vec![0; 64])));
//! assert!(!rt.is_supported());
//! assert!(rt.last_error().contains("SLKGPEND"));
//! assert_eq!(rt.launch("fill", 4, 4, &[0, 42]), status::UNAVAILABLE);
//! ```

pub mod bundle;
pub mod emulator;
pub mod hip;
pub mod provider;
mod runtime;
pub mod status;

pub use bundle::{Bundle, BundleError, BundleWriter, Entry, OwnedBundle, ProviderKind};
pub use runtime::{
    check_geometry, parse_provider, Buffer, BundleSource, Config, Counters, ProviderChoice,
    Runtime, Stream, MAX_ARGS, MAX_BLOCKS, MAX_BUFFERS, MAX_DEVICES, MAX_GRID, MAX_KERNELS,
    MAX_STREAMS, MAX_WORKGROUP,
};
pub use status::DispatchResult;

/// The provider opens and reports at least one device.
pub fn is_supported() -> bool {
    Runtime::global().is_supported()
}

/// Number of devices (0 when the provider is unavailable).
pub fn device_count() -> i32 {
    Runtime::global().device_count()
}

/// The selected device, or -1.
pub fn current_device() -> i32 {
    Runtime::global().current_device()
}

/// Select a device; 0 on success.
pub fn select_device(index: i32) -> i32 {
    Runtime::global().select_device(index)
}

/// The text of the most recent failure; any later operation may replace it.
pub fn last_error() -> String {
    Runtime::global().last_error()
}

/// Launch `kernel_name` over `grid_size` work items in workgroups of
/// `workgroup_size` with 0 to 32 `u64` arguments, on the default stream.
pub fn launch(kernel_name: &str, grid_size: u64, workgroup_size: u64, args: &[u64]) -> i32 {
    Runtime::global().launch(kernel_name, grid_size, workgroup_size, args)
}

/// [`launch`] on `stream`.
pub fn launch_on(
    stream: &Stream,
    kernel_name: &str,
    grid_size: u64,
    workgroup_size: u64,
    args: &[u64],
) -> i32 {
    Runtime::global().launch_on(stream, kernel_name, grid_size, workgroup_size, args)
}

/// Wait for all prior work on the selected device.
pub fn synchronize() -> i32 {
    Runtime::global().synchronize()
}

/// [`launch`], then [`synchronize`] exactly once even if the launch failed.
pub fn launch_and_synchronize(
    kernel_name: &str,
    grid_size: u64,
    workgroup_size: u64,
    args: &[u64],
) -> DispatchResult {
    Runtime::global().launch_and_synchronize(kernel_name, grid_size, workgroup_size, args)
}
