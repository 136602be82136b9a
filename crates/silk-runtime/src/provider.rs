//! What a provider (HIP, the emulator) does for the runtime. The runtime
//! checks every rule of the spec before it calls a provider, so a provider
//! only does the work and reports its own failures as text.

use crate::bundle::Entry;

/// A provider failure: the status to return and the `last_error` text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProviderError {
    pub status: i32,
    pub message: String,
}

impl ProviderError {
    pub fn new(status: i32, message: impl Into<String>) -> ProviderError {
        ProviderError {
            status,
            message: message.into(),
        }
    }
}

pub type ProviderResult<T> = Result<T, ProviderError>;

/// A device-side operation of a provider. `device` is always a valid index
/// below `device_count()`; `stream` 0 is the device's default stream,
/// anything else a handle returned by `stream_create` on that device.
pub trait Provider: Send {
    fn name(&self) -> &'static str;
    fn device_count(&self) -> usize;
    /// The device's processor name (`gfx942`), when the provider knows it.
    fn processor(&mut self, device: usize) -> Option<String>;
    fn alloc(&mut self, device: usize, byte_len: u64) -> ProviderResult<u64>;
    fn free(&mut self, device: usize, address: u64) -> ProviderResult<()>;
    /// Copy `len` bytes from host `src` to device `address`.
    ///
    /// # Safety
    /// `src` must be readable for `len` bytes until `stream` is synchronized
    /// (immediately, for stream 0).
    unsafe fn upload(
        &mut self,
        device: usize,
        stream: u64,
        address: u64,
        src: *const u8,
        len: u64,
    ) -> ProviderResult<()>;
    /// Copy `len` bytes from device `address` to host `dst`.
    ///
    /// # Safety
    /// `dst` must be writable for `len` bytes until `stream` is synchronized
    /// (immediately, for stream 0).
    unsafe fn download(
        &mut self,
        device: usize,
        stream: u64,
        address: u64,
        dst: *mut u8,
        len: u64,
    ) -> ProviderResult<()>;
    fn stream_create(&mut self, device: usize) -> ProviderResult<u64>;
    fn stream_synchronize(&mut self, device: usize, stream: u64) -> ProviderResult<()>;
    fn stream_destroy(&mut self, device: usize, stream: u64) -> ProviderResult<()>;
    fn device_synchronize(&mut self, device: usize) -> ProviderResult<()>;
    /// Load a bundle entry's payload on `device`; a handle for `launch`.
    /// This is where the payload's processor is checked against the device.
    fn load(&mut self, device: usize, entry: &Entry<'_>) -> ProviderResult<u64>;
    /// Enqueue a 1-D dispatch of `blocks` workgroups of `workgroup` items
    /// with the packed explicit arguments `args`.
    fn launch(
        &mut self,
        device: usize,
        function: u64,
        stream: u64,
        blocks: u32,
        workgroup: u32,
        args: &[u8],
    ) -> ProviderResult<()>;
}
