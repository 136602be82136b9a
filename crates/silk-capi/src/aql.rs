//! HSA AQL kernel-dispatch packets for C: `silk_amdgpu::aql` behind a
//! `repr(C)` configuration struct.

use crate::ffi::{self, CapiError};
use silk_amdgpu::aql::{
    build_dispatch_packet, parse_dispatch_packet, DispatchPacketConfig, FenceScope,
    DEFAULT_MAX_FLAT_WORKGROUP_SIZE, DISPATCH_PACKET_SIZE,
};

/// Size in bytes of an HSA AQL packet.
pub const SILK_AMDGPU_AQL_DISPATCH_PACKET_SIZE: usize = 64;
const _: () = assert!(SILK_AMDGPU_AQL_DISPATCH_PACKET_SIZE == DISPATCH_PACKET_SIZE);

/// No fence (`HSA_FENCE_SCOPE_NONE`).
pub const SILK_AMDGPU_AQL_FENCE_SCOPE_NONE: i32 = 0;
/// Agent-scope fence (`HSA_FENCE_SCOPE_AGENT`).
pub const SILK_AMDGPU_AQL_FENCE_SCOPE_AGENT: i32 = 1;
/// System-scope fence (`HSA_FENCE_SCOPE_SYSTEM`).
pub const SILK_AMDGPU_AQL_FENCE_SCOPE_SYSTEM: i32 = 2;

/// Everything a kernel-dispatch packet says. Sizes are in work-items.
/// Unused dimensions (beyond `dimensions`) must have workgroup and grid
/// size 1.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SilkAmdGpuAqlDispatchPacketConfig {
    /// Number of grid dimensions: 1, 2 or 3.
    pub dimensions: u16,
    pub workgroup_size_x: u16,
    pub workgroup_size_y: u16,
    pub workgroup_size_z: u16,
    pub grid_size_x: u32,
    pub grid_size_y: u32,
    pub grid_size_z: u32,
    /// Bytes of private (scratch) memory per work-item.
    pub private_segment_size: u32,
    /// Bytes of group (LDS) memory per workgroup.
    pub group_segment_size: u32,
    /// Largest accepted x*y*z workgroup size; 0 means 1024.
    pub max_flat_workgroup_size: u32,
    /// Address of the kernel descriptor (`<kernel>.kd`).
    pub kernel_object: u64,
    /// Address of the kernel-argument buffer.
    pub kernarg_address: u64,
    /// `hsa_signal_t` handle signalled on completion; 0 for none.
    pub completion_signal: u64,
    /// 1 to wait for earlier packets on the queue to complete, else 0.
    pub barrier: u8,
    /// One of the `SILK_AMDGPU_AQL_FENCE_SCOPE_*` values.
    pub acquire_fence_scope: i32,
    /// One of the `SILK_AMDGPU_AQL_FENCE_SCOPE_*` values.
    pub release_fence_scope: i32,
}

const FENCE_SCOPES: &str = "SILK_AMDGPU_AQL_FENCE_SCOPE_NONE (0), SILK_AMDGPU_AQL_FENCE_SCOPE_AGENT (1) or SILK_AMDGPU_AQL_FENCE_SCOPE_SYSTEM (2)";

fn fence_scope(field: &'static str, value: i32) -> Result<FenceScope, CapiError> {
    u32::try_from(value)
        .ok()
        .and_then(FenceScope::from_bits)
        .ok_or(CapiError::InvalidField {
            field,
            value: value.into(),
            expected: FENCE_SCOPES,
        })
}

impl TryFrom<&SilkAmdGpuAqlDispatchPacketConfig> for DispatchPacketConfig {
    type Error = CapiError;

    fn try_from(c: &SilkAmdGpuAqlDispatchPacketConfig) -> Result<Self, CapiError> {
        let barrier = match c.barrier {
            0 => false,
            1 => true,
            other => {
                return Err(CapiError::InvalidField {
                    field: "barrier",
                    value: other.into(),
                    expected: "0 or 1",
                })
            }
        };
        Ok(DispatchPacketConfig {
            dimensions: c.dimensions,
            workgroup_size: [c.workgroup_size_x, c.workgroup_size_y, c.workgroup_size_z],
            grid_size: [c.grid_size_x, c.grid_size_y, c.grid_size_z],
            private_segment_size: c.private_segment_size,
            group_segment_size: c.group_segment_size,
            kernel_object: c.kernel_object,
            kernarg_address: c.kernarg_address,
            completion_signal: c.completion_signal,
            barrier,
            acquire_fence_scope: fence_scope("acquire_fence_scope", c.acquire_fence_scope)?,
            release_fence_scope: fence_scope("release_fence_scope", c.release_fence_scope)?,
            max_flat_workgroup_size: match c.max_flat_workgroup_size {
                0 => DEFAULT_MAX_FLAT_WORKGROUP_SIZE,
                max => max,
            },
        })
    }
}

impl From<&DispatchPacketConfig> for SilkAmdGpuAqlDispatchPacketConfig {
    fn from(c: &DispatchPacketConfig) -> Self {
        SilkAmdGpuAqlDispatchPacketConfig {
            dimensions: c.dimensions,
            workgroup_size_x: c.workgroup_size[0],
            workgroup_size_y: c.workgroup_size[1],
            workgroup_size_z: c.workgroup_size[2],
            grid_size_x: c.grid_size[0],
            grid_size_y: c.grid_size[1],
            grid_size_z: c.grid_size[2],
            private_segment_size: c.private_segment_size,
            group_segment_size: c.group_segment_size,
            max_flat_workgroup_size: c.max_flat_workgroup_size,
            kernel_object: c.kernel_object,
            kernarg_address: c.kernarg_address,
            completion_signal: c.completion_signal,
            barrier: c.barrier.into(),
            acquire_fence_scope: c.acquire_fence_scope.bits().into(),
            release_fence_scope: c.release_fence_scope.bits().into(),
        }
    }
}

/// Validate `config` and write the 64-byte HSA kernel-dispatch packet to
/// `out`. Returns false, leaving `out` untouched and a message for
/// `silk_last_error`, when an argument is NULL or the configuration breaks
/// a rule: dimensions not 1..3, an unused dimension not 1, a zero or
/// too-small grid size, a zero workgroup size, a flat workgroup size over
/// the maximum, a barrier other than 0/1, or an unknown fence scope.
///
/// # Safety
/// `config` must be NULL or point to a config; `out` must be NULL or point
/// to `SILK_AMDGPU_AQL_DISPATCH_PACKET_SIZE` writable bytes.
/// cbindgen:ptrs-as-arrays=[[out;SILK_AMDGPU_AQL_DISPATCH_PACKET_SIZE]]
// The line above is a cbindgen annotation (`uint8_t out[64]` in silk.h),
// not an intra-doc link.
#[allow(rustdoc::broken_intra_doc_links)]
#[no_mangle]
pub unsafe extern "C" fn silk_amdgpu_aql_dispatch_packet_build(
    config: *const SilkAmdGpuAqlDispatchPacketConfig,
    out: *mut u8,
) -> bool {
    ffi::guard(false, || {
        // SAFETY: the caller passes NULL or a live config.
        let config = unsafe { ffi::ref_arg("config", config) }?;
        let out = ffi::out_arg("out", out)?;
        let packet = build_dispatch_packet(&DispatchPacketConfig::try_from(config)?)?;
        // SAFETY: `out` is non-null and the caller provides 64 writable
        // bytes; the packet is a separate local array.
        unsafe { std::ptr::copy_nonoverlapping(packet.as_ptr(), out, packet.len()) };
        Ok(true)
    })
}

/// Decode the kernel-dispatch packet in `packet[0..packet_len]` into
/// `out_config` (whose `max_flat_workgroup_size` is set to 1024, the limit
/// the packet was checked against). Returns false, leaving `out_config`
/// untouched and a message for `silk_last_error`, when an argument is NULL,
/// `packet_len` is not `SILK_AMDGPU_AQL_DISPATCH_PACKET_SIZE`, the packet is
/// not a kernel dispatch, a reserved field is nonzero, or a rule checked by
/// `silk_amdgpu_aql_dispatch_packet_build` is broken.
///
/// # Safety
/// `packet` must be NULL or point to `packet_len` readable bytes;
/// `out_config` must be NULL or point to writable memory for a config.
#[no_mangle]
pub unsafe extern "C" fn silk_amdgpu_aql_dispatch_packet_parse(
    packet: *const u8,
    packet_len: usize,
    out_config: *mut SilkAmdGpuAqlDispatchPacketConfig,
) -> bool {
    ffi::guard(false, || {
        // SAFETY: the caller passes NULL or `packet_len` readable bytes.
        let packet = unsafe { ffi::bytes_arg("packet", packet, packet_len) }?;
        let out_config = ffi::out_arg("out_config", out_config)?;
        let config = parse_dispatch_packet(packet)?;
        // SAFETY: non-null, aligned, writable by the caller's contract.
        unsafe { out_config.write(SilkAmdGpuAqlDispatchPacketConfig::from(&config)) };
        Ok(true)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::{align_of, offset_of, size_of};

    /// The C layout the header promises (natural alignment, no packing);
    /// tests/c/aql_test.c checks the same numbers from the C side.
    #[test]
    fn config_has_the_c_layout() {
        type C = SilkAmdGpuAqlDispatchPacketConfig;
        assert_eq!(offset_of!(C, dimensions), 0);
        assert_eq!(offset_of!(C, workgroup_size_x), 2);
        assert_eq!(offset_of!(C, workgroup_size_y), 4);
        assert_eq!(offset_of!(C, workgroup_size_z), 6);
        assert_eq!(offset_of!(C, grid_size_x), 8);
        assert_eq!(offset_of!(C, grid_size_y), 12);
        assert_eq!(offset_of!(C, grid_size_z), 16);
        assert_eq!(offset_of!(C, private_segment_size), 20);
        assert_eq!(offset_of!(C, group_segment_size), 24);
        assert_eq!(offset_of!(C, max_flat_workgroup_size), 28);
        assert_eq!(offset_of!(C, kernel_object), 32);
        assert_eq!(offset_of!(C, kernarg_address), 40);
        assert_eq!(offset_of!(C, completion_signal), 48);
        assert_eq!(offset_of!(C, barrier), 56);
        assert_eq!(offset_of!(C, acquire_fence_scope), 60);
        assert_eq!(offset_of!(C, release_fence_scope), 64);
        assert_eq!(size_of::<C>(), 72);
        assert_eq!(align_of::<C>(), 8);
    }

    #[test]
    fn c_config_converts_both_ways() {
        let rust = DispatchPacketConfig {
            barrier: true,
            acquire_fence_scope: FenceScope::Agent,
            release_fence_scope: FenceScope::None,
            ..DispatchPacketConfig::new_2d([640, 480], [16, 16])
        };
        let c = SilkAmdGpuAqlDispatchPacketConfig::from(&rust);
        assert_eq!(
            (c.barrier, c.acquire_fence_scope, c.release_fence_scope),
            (1, 1, 0)
        );
        assert_eq!(DispatchPacketConfig::try_from(&c).unwrap(), rust);
        let zero_max = SilkAmdGpuAqlDispatchPacketConfig {
            max_flat_workgroup_size: 0,
            ..c
        };
        assert_eq!(
            DispatchPacketConfig::try_from(&zero_max)
                .unwrap()
                .max_flat_workgroup_size,
            1024
        );
    }

    #[test]
    fn c_only_fields_are_checked() {
        let good = SilkAmdGpuAqlDispatchPacketConfig::from(&DispatchPacketConfig::default());
        for (c, text) in [
            (
                SilkAmdGpuAqlDispatchPacketConfig { barrier: 2, ..good },
                "`barrier` is 2; expected 0 or 1",
            ),
            (
                SilkAmdGpuAqlDispatchPacketConfig {
                    acquire_fence_scope: 3,
                    ..good
                },
                "`acquire_fence_scope` is 3; expected SILK_AMDGPU_AQL_FENCE_SCOPE_NONE (0)",
            ),
            (
                SilkAmdGpuAqlDispatchPacketConfig {
                    release_fence_scope: -1,
                    ..good
                },
                "`release_fence_scope` is -1; expected",
            ),
        ] {
            let e = DispatchPacketConfig::try_from(&c).unwrap_err();
            assert!(e.to_string().starts_with(text), "{e}");
        }
    }
}
