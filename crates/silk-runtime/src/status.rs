//! Status codes of the runtime's operations: 0 is success, every failure is
//! nonzero and leaves its reason in [`crate::last_error`]. Programs compare
//! with 0; the distinct codes are there for tests and diagnostics.

/// Success.
pub const OK: i32 = 0;
/// No provider: the library, a symbol, initialization, a device or a valid
/// bundle is missing.
pub const UNAVAILABLE: i32 = 1;
/// A device index outside `0..device_count()`, or no device selected.
pub const INVALID_DEVICE: i32 = 2;
/// Dispatch geometry breaks a rule of [`crate::check_geometry`].
pub const INVALID_GEOMETRY: i32 = 3;
/// The bundle has no entry of that name.
pub const UNKNOWN_KERNEL: i32 = 4;
/// The packed arguments do not match the entry's explicit-kernarg size
/// (or there are more than 32).
pub const ARGUMENT_SIZE: i32 = 5;
/// A limit (devices, live buffers, streams, cached kernels) is exceeded.
pub const LIMIT: i32 = 6;
/// A closed, failed or unknown buffer.
pub const INVALID_BUFFER: i32 = 7;
/// A closed, failed or unknown stream (never replaced by the default one).
pub const INVALID_STREAM: i32 = 8;
/// A copy larger than its buffer.
pub const COPY_TOO_LARGE: i32 = 9;
/// A buffer or stream used while another device is selected.
pub const CROSS_DEVICE: i32 = 10;
/// The kernel's code object cannot be loaded on the device.
pub const LOAD_FAILED: i32 = 11;
/// The provider reported an error.
pub const PROVIDER: i32 = 12;
/// The kernel faulted while running (reported by the next synchronize).
pub const KERNEL_FAULT: i32 = 13;

/// The two phase statuses of [`crate::launch_and_synchronize`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DispatchResult {
    pub launch_status: i32,
    pub synchronize_status: i32,
}

impl DispatchResult {
    /// Both phases succeeded.
    pub fn is_ok(&self) -> bool {
        self.launch_status == OK && self.synchronize_status == OK
    }

    pub fn launch_failed(&self) -> bool {
        self.launch_status != OK
    }

    pub fn synchronize_failed(&self) -> bool {
        self.synchronize_status != OK
    }
}
