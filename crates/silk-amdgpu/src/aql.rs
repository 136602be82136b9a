//! HSA AQL kernel-dispatch packets: a typed configuration, the 64-byte
//! serializer and the matching decoder.
//!
//! Sources:
//! - [HSA-PSA] HSA Platform System Architecture Specification 1.2, §2.9
//!   "Architected Queuing Language packets": `hsa_packet_header_t`
//!   (type bits 0..8, barrier bit 8, acquire fence scope bits 9..11,
//!   release fence scope bits 11..13, bits 13..16 reserved),
//!   `hsa_packet_type_t`, `hsa_fence_scope_t`, and
//!   `hsa_kernel_dispatch_packet_t` (field offsets; setup dimensions in
//!   bits 0..2).
//! - [HSA-RT] HSA Runtime Programmer's Reference Manual 1.2, §2.8
//!   "Architected Queuing Language packets" (the same layout in `hsa.h`).
//!
//! Packets are little-endian, as the HSA queue on every AMDHSA agent is.
//!
//! A runtime that publishes a packet on a live queue must write bytes
//! `4..64` first and then store bytes `0..4` (header and setup) with one
//! 32-bit release store, so the packet processor never sees a valid header
//! over a half-written body ([HSA-PSA] §2.9.1 "Packet header"). The byte
//! image returned here is the complete packet; splitting that final store
//! is the queue writer's job.

use std::fmt;

/// Size of every AQL packet in bytes.
pub const DISPATCH_PACKET_SIZE: usize = 64;

/// Largest `x*y*z` workgroup size accepted when nothing else is asked for:
/// the HSA and AMDGPU limit for every supported processor.
pub const DEFAULT_MAX_FLAT_WORKGROUP_SIZE: u32 = 1024;

/// `HSA_PACKET_TYPE_KERNEL_DISPATCH` ([HSA-PSA] `hsa_packet_type_t`).
pub const PACKET_TYPE_KERNEL_DISPATCH: u8 = 2;

/// Bit positions of the `hsa_packet_header_t` fields.
const HEADER_TYPE_SHIFT: u32 = 0;
const HEADER_BARRIER_SHIFT: u32 = 8;
const HEADER_ACQUIRE_FENCE_SCOPE_SHIFT: u32 = 9;
const HEADER_RELEASE_FENCE_SCOPE_SHIFT: u32 = 11;
/// Bits 13..16 of the header are reserved and must be zero.
const HEADER_RESERVED_MASK: u16 = 0xe000;
/// Setup bits 0..2 hold the dimension count; bits 2..16 are reserved.
const SETUP_DIMENSIONS_MASK: u16 = 0x3;

/// Byte offsets of the `hsa_kernel_dispatch_packet_t` fields.
pub mod offset {
    pub const HEADER: usize = 0;
    pub const SETUP: usize = 2;
    pub const WORKGROUP_SIZE_X: usize = 4;
    pub const WORKGROUP_SIZE_Y: usize = 6;
    pub const WORKGROUP_SIZE_Z: usize = 8;
    pub const RESERVED0: usize = 10;
    pub const GRID_SIZE_X: usize = 12;
    pub const GRID_SIZE_Y: usize = 16;
    pub const GRID_SIZE_Z: usize = 20;
    pub const PRIVATE_SEGMENT_SIZE: usize = 24;
    pub const GROUP_SEGMENT_SIZE: usize = 28;
    pub const KERNEL_OBJECT: usize = 32;
    pub const KERNARG_ADDRESS: usize = 40;
    pub const RESERVED2: usize = 48;
    pub const COMPLETION_SIGNAL: usize = 56;
}

/// Memory scope of the acquire or release fence a packet performs
/// ([HSA-PSA] `hsa_fence_scope_t`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum FenceScope {
    /// No fence.
    None = 0,
    /// Coherent across the agent executing the packet.
    Agent = 1,
    /// Coherent across the whole system (host and every agent).
    #[default]
    System = 2,
}

impl FenceScope {
    /// The scope with this `hsa_fence_scope_t` encoding; `None` for the
    /// reserved encoding 3 and anything larger.
    pub fn from_bits(bits: u32) -> Option<FenceScope> {
        match bits {
            0 => Some(FenceScope::None),
            1 => Some(FenceScope::Agent),
            2 => Some(FenceScope::System),
            _ => None,
        }
    }

    /// The `hsa_fence_scope_t` encoding.
    pub fn bits(self) -> u8 {
        self as u8
    }
}

impl fmt::Display for FenceScope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenceScope::None => "none",
            FenceScope::Agent => "agent",
            FenceScope::System => "system",
        })
    }
}

/// One of the three grid axes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Axis {
    X,
    Y,
    Z,
}

impl Axis {
    pub const ALL: [Axis; 3] = [Axis::X, Axis::Y, Axis::Z];

    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Axis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Axis::X => "x",
            Axis::Y => "y",
            Axis::Z => "z",
        })
    }
}

/// Which of the two header fences a value belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fence {
    Acquire,
    Release,
}

impl fmt::Display for Fence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Fence::Acquire => "acquire",
            Fence::Release => "release",
        })
    }
}

/// Everything a kernel-dispatch packet says. Sizes are in work-items
/// (grid) and work-items per workgroup (workgroup), as in HSA.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DispatchPacketConfig {
    /// Number of grid dimensions in use: 1, 2 or 3.
    pub dimensions: u16,
    /// Work-items per workgroup along x, y, z; unused axes must be 1.
    pub workgroup_size: [u16; 3],
    /// Work-items in the grid along x, y, z; unused axes must be 1.
    pub grid_size: [u32; 3],
    /// Bytes of private (scratch) memory per work-item.
    pub private_segment_size: u32,
    /// Bytes of group (LDS) memory per workgroup, static plus dynamic.
    pub group_segment_size: u32,
    /// Address of the kernel descriptor (`<kernel>.kd`) in device memory.
    pub kernel_object: u64,
    /// Address of the kernel-argument buffer.
    pub kernarg_address: u64,
    /// `hsa_signal_t` handle decremented on completion; 0 for none.
    pub completion_signal: u64,
    /// Wait for every earlier packet on the queue to complete first.
    pub barrier: bool,
    pub acquire_fence_scope: FenceScope,
    pub release_fence_scope: FenceScope,
    /// Largest accepted `x*y*z` workgroup size; not part of the packet.
    pub max_flat_workgroup_size: u32,
}

impl Default for DispatchPacketConfig {
    /// A one-work-item, one-dimensional dispatch with system-scope fences
    /// on both sides (what a host that reads results afterwards needs).
    fn default() -> Self {
        DispatchPacketConfig {
            dimensions: 1,
            workgroup_size: [1; 3],
            grid_size: [1; 3],
            private_segment_size: 0,
            group_segment_size: 0,
            kernel_object: 0,
            kernarg_address: 0,
            completion_signal: 0,
            barrier: false,
            acquire_fence_scope: FenceScope::System,
            release_fence_scope: FenceScope::System,
            max_flat_workgroup_size: DEFAULT_MAX_FLAT_WORKGROUP_SIZE,
        }
    }
}

/// Why a dispatch configuration or packet was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AqlError {
    #[error("dispatch has {dimensions} dimensions; AQL kernel dispatches have 1, 2 or 3")]
    InvalidDimensions { dimensions: u16 },
    #[error("max flat workgroup size is 0; it must be at least 1 (the usual limit is {DEFAULT_MAX_FLAT_WORKGROUP_SIZE})")]
    ZeroMaxFlatWorkgroupSize,
    #[error("unused dimension {axis} of a {dimensions}-dimensional dispatch has workgroup size {workgroup_size} and grid size {grid_size}; both must be 1")]
    UnusedDimensionNotOne {
        axis: Axis,
        dimensions: u16,
        workgroup_size: u16,
        grid_size: u32,
    },
    #[error("workgroup size {axis} is 0; every used workgroup dimension must be at least 1")]
    ZeroWorkgroupSize { axis: Axis },
    #[error("grid size {axis} is 0; every used grid dimension must be at least 1")]
    ZeroGridSize { axis: Axis },
    #[error("grid size {axis} ({grid_size}) is smaller than workgroup size {axis} ({workgroup_size}); the grid must hold at least one whole workgroup")]
    GridSmallerThanWorkgroup {
        axis: Axis,
        grid_size: u32,
        workgroup_size: u16,
    },
    #[error("flat workgroup size {}x{}x{} = {flat} exceeds the maximum of {max}", workgroup_size[0], workgroup_size[1], workgroup_size[2])]
    FlatWorkgroupSizeTooLarge {
        workgroup_size: [u16; 3],
        flat: u64,
        max: u32,
    },
    #[error("an AQL packet is exactly {DISPATCH_PACKET_SIZE} bytes, got {len}")]
    PacketLength { len: usize },
    #[error("packet type {packet_type} ({}) is not a kernel dispatch (type {PACKET_TYPE_KERNEL_DISPATCH})", packet_type_name(*packet_type))]
    NotKernelDispatch { packet_type: u8 },
    #[error("{fence} fence scope encoding {bits} is reserved; expected 0 (none), 1 (agent) or 2 (system)")]
    InvalidFenceScope { fence: Fence, bits: u8 },
    #[error("reserved {field} must be zero, found {value:#x}")]
    ReservedNonZero { field: &'static str, value: u64 },
}

/// Name of an `hsa_packet_type_t` value, for messages.
fn packet_type_name(packet_type: u8) -> &'static str {
    match packet_type {
        0 => "vendor-specific",
        1 => "invalid",
        2 => "kernel dispatch",
        3 => "barrier-AND",
        4 => "agent dispatch",
        5 => "barrier-OR",
        _ => "reserved",
    }
}

impl DispatchPacketConfig {
    /// A one-dimensional dispatch of `grid` work-items in workgroups of
    /// `workgroup`; every other field as in [`Default`].
    pub fn new_1d(grid: u32, workgroup: u16) -> Self {
        Self::new_3d([grid, 1, 1], [workgroup, 1, 1]).with_dimensions(1)
    }

    /// A two-dimensional dispatch.
    pub fn new_2d(grid: [u32; 2], workgroup: [u16; 2]) -> Self {
        Self::new_3d([grid[0], grid[1], 1], [workgroup[0], workgroup[1], 1]).with_dimensions(2)
    }

    /// A three-dimensional dispatch.
    pub fn new_3d(grid: [u32; 3], workgroup: [u16; 3]) -> Self {
        DispatchPacketConfig {
            dimensions: 3,
            workgroup_size: workgroup,
            grid_size: grid,
            ..Default::default()
        }
    }

    fn with_dimensions(mut self, dimensions: u16) -> Self {
        self.dimensions = dimensions;
        self
    }

    /// Check every rule a dispatch must satisfy, in a fixed order
    /// (dimension count, maximum, then axes x, y, z, then flat size), and
    /// report the first one broken.
    pub fn validate(&self) -> Result<(), AqlError> {
        if !(1..=3).contains(&self.dimensions) {
            return Err(AqlError::InvalidDimensions {
                dimensions: self.dimensions,
            });
        }
        if self.max_flat_workgroup_size == 0 {
            return Err(AqlError::ZeroMaxFlatWorkgroupSize);
        }
        for axis in Axis::ALL {
            let workgroup_size = self.workgroup_size[axis.index()];
            let grid_size = self.grid_size[axis.index()];
            if axis.index() >= usize::from(self.dimensions) {
                if workgroup_size != 1 || grid_size != 1 {
                    return Err(AqlError::UnusedDimensionNotOne {
                        axis,
                        dimensions: self.dimensions,
                        workgroup_size,
                        grid_size,
                    });
                }
                continue;
            }
            if workgroup_size == 0 {
                return Err(AqlError::ZeroWorkgroupSize { axis });
            }
            if grid_size == 0 {
                return Err(AqlError::ZeroGridSize { axis });
            }
            if grid_size < u32::from(workgroup_size) {
                return Err(AqlError::GridSmallerThanWorkgroup {
                    axis,
                    grid_size,
                    workgroup_size,
                });
            }
        }
        let flat = self.flat_workgroup_size();
        if flat > u64::from(self.max_flat_workgroup_size) {
            return Err(AqlError::FlatWorkgroupSizeTooLarge {
                workgroup_size: self.workgroup_size,
                flat,
                max: self.max_flat_workgroup_size,
            });
        }
        Ok(())
    }

    /// `x*y*z` work-items per workgroup (cannot overflow `u64`).
    pub fn flat_workgroup_size(&self) -> u64 {
        self.workgroup_size.iter().map(|&s| u64::from(s)).product()
    }

    /// The `hsa_packet_header_t` value ([HSA-PSA] §2.9.1).
    pub fn header(&self) -> u16 {
        (u16::from(PACKET_TYPE_KERNEL_DISPATCH) << HEADER_TYPE_SHIFT)
            | (u16::from(self.barrier) << HEADER_BARRIER_SHIFT)
            | (u16::from(self.acquire_fence_scope.bits()) << HEADER_ACQUIRE_FENCE_SCOPE_SHIFT)
            | (u16::from(self.release_fence_scope.bits()) << HEADER_RELEASE_FENCE_SCOPE_SHIFT)
    }

    /// The `setup` field: the dimension count in bits 0..2.
    pub fn setup(&self) -> u16 {
        self.dimensions & SETUP_DIMENSIONS_MASK
    }
}

/// Validate `config` and serialize it as the 64-byte
/// `hsa_kernel_dispatch_packet_t` image, reserved fields zero.
pub fn build_dispatch_packet(
    config: &DispatchPacketConfig,
) -> Result<[u8; DISPATCH_PACKET_SIZE], AqlError> {
    config.validate()?;
    let mut packet = [0u8; DISPATCH_PACKET_SIZE];
    let mut put = |at: usize, bytes: &[u8]| packet[at..at + bytes.len()].copy_from_slice(bytes);
    put(offset::HEADER, &config.header().to_le_bytes());
    put(offset::SETUP, &config.setup().to_le_bytes());
    put(
        offset::WORKGROUP_SIZE_X,
        &config.workgroup_size[0].to_le_bytes(),
    );
    put(
        offset::WORKGROUP_SIZE_Y,
        &config.workgroup_size[1].to_le_bytes(),
    );
    put(
        offset::WORKGROUP_SIZE_Z,
        &config.workgroup_size[2].to_le_bytes(),
    );
    put(offset::GRID_SIZE_X, &config.grid_size[0].to_le_bytes());
    put(offset::GRID_SIZE_Y, &config.grid_size[1].to_le_bytes());
    put(offset::GRID_SIZE_Z, &config.grid_size[2].to_le_bytes());
    put(
        offset::PRIVATE_SEGMENT_SIZE,
        &config.private_segment_size.to_le_bytes(),
    );
    put(
        offset::GROUP_SEGMENT_SIZE,
        &config.group_segment_size.to_le_bytes(),
    );
    put(offset::KERNEL_OBJECT, &config.kernel_object.to_le_bytes());
    put(
        offset::KERNARG_ADDRESS,
        &config.kernarg_address.to_le_bytes(),
    );
    put(
        offset::COMPLETION_SIGNAL,
        &config.completion_signal.to_le_bytes(),
    );
    Ok(packet)
}

/// Decode a kernel-dispatch packet. Rejects anything [`build_dispatch_packet`]
/// would not produce: a wrong length, another packet type, reserved fence
/// encodings, nonzero reserved bits or bytes, and every rule of
/// [`DispatchPacketConfig::validate`] with the default maximum flat
/// workgroup size (the packet does not carry a maximum).
pub fn parse_dispatch_packet(bytes: &[u8]) -> Result<DispatchPacketConfig, AqlError> {
    let packet: &[u8; DISPATCH_PACKET_SIZE] = bytes
        .try_into()
        .map_err(|_| AqlError::PacketLength { len: bytes.len() })?;
    let u16_at = |at: usize| u16::from_le_bytes(field(packet, at));
    let u32_at = |at: usize| u32::from_le_bytes(field(packet, at));
    let u64_at = |at: usize| u64::from_le_bytes(field(packet, at));

    let header = u16_at(offset::HEADER);
    let packet_type = (header >> HEADER_TYPE_SHIFT) as u8;
    if packet_type != PACKET_TYPE_KERNEL_DISPATCH {
        return Err(AqlError::NotKernelDispatch { packet_type });
    }
    if header & HEADER_RESERVED_MASK != 0 {
        return Err(AqlError::ReservedNonZero {
            field: "header bits 13..16",
            value: u64::from(header & HEADER_RESERVED_MASK),
        });
    }
    let fence = |fence: Fence, shift: u32| {
        let bits = ((header >> shift) & 0x3) as u8;
        FenceScope::from_bits(u32::from(bits)).ok_or(AqlError::InvalidFenceScope { fence, bits })
    };
    let acquire_fence_scope = fence(Fence::Acquire, HEADER_ACQUIRE_FENCE_SCOPE_SHIFT)?;
    let release_fence_scope = fence(Fence::Release, HEADER_RELEASE_FENCE_SCOPE_SHIFT)?;

    let setup = u16_at(offset::SETUP);
    if setup & !SETUP_DIMENSIONS_MASK != 0 {
        return Err(AqlError::ReservedNonZero {
            field: "setup bits 2..16",
            value: u64::from(setup & !SETUP_DIMENSIONS_MASK),
        });
    }
    let reserved0 = u16_at(offset::RESERVED0);
    if reserved0 != 0 {
        return Err(AqlError::ReservedNonZero {
            field: "bytes 10..12",
            value: u64::from(reserved0),
        });
    }
    let reserved2 = u64_at(offset::RESERVED2);
    if reserved2 != 0 {
        return Err(AqlError::ReservedNonZero {
            field: "bytes 48..56",
            value: reserved2,
        });
    }

    let config = DispatchPacketConfig {
        dimensions: setup,
        workgroup_size: [
            u16_at(offset::WORKGROUP_SIZE_X),
            u16_at(offset::WORKGROUP_SIZE_Y),
            u16_at(offset::WORKGROUP_SIZE_Z),
        ],
        grid_size: [
            u32_at(offset::GRID_SIZE_X),
            u32_at(offset::GRID_SIZE_Y),
            u32_at(offset::GRID_SIZE_Z),
        ],
        private_segment_size: u32_at(offset::PRIVATE_SEGMENT_SIZE),
        group_segment_size: u32_at(offset::GROUP_SEGMENT_SIZE),
        kernel_object: u64_at(offset::KERNEL_OBJECT),
        kernarg_address: u64_at(offset::KERNARG_ADDRESS),
        completion_signal: u64_at(offset::COMPLETION_SIGNAL),
        barrier: (header >> HEADER_BARRIER_SHIFT) & 1 == 1,
        acquire_fence_scope,
        release_fence_scope,
        max_flat_workgroup_size: DEFAULT_MAX_FLAT_WORKGROUP_SIZE,
    };
    config.validate()?;
    Ok(config)
}

/// The `N` bytes of `packet` starting at `at` (a fixed field offset).
fn field<const N: usize>(packet: &[u8; DISPATCH_PACKET_SIZE], at: usize) -> [u8; N] {
    let mut bytes = [0u8; N];
    bytes.copy_from_slice(&packet[at..at + N]);
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A 3-D dispatch with a distinct byte pattern in every field.
    fn distinct() -> DispatchPacketConfig {
        DispatchPacketConfig {
            dimensions: 3,
            workgroup_size: [4, 8, 16],
            grid_size: [0x1122_3344, 0x5566_7788, 0x0a0b_0c0d],
            private_segment_size: 0x1357_9bdf,
            group_segment_size: 0x2468_ace0,
            kernel_object: 0x0123_4567_89ab_cdef,
            kernarg_address: 0xfedc_ba98_7654_3210,
            completion_signal: 0x0f1e_2d3c_4b5a_6978,
            barrier: true,
            acquire_fence_scope: FenceScope::Agent,
            release_fence_scope: FenceScope::System,
            max_flat_workgroup_size: DEFAULT_MAX_FLAT_WORKGROUP_SIZE,
        }
    }

    #[test]
    fn every_field_at_its_hsa_offset() {
        let p = build_dispatch_packet(&distinct()).unwrap();
        assert_eq!(p.len(), 64);
        // header: type 2 | barrier 1<<8 | acquire agent 1<<9 | release system 2<<11
        assert_eq!(p[0..2], [0x02, 0x13], "header");
        assert_eq!(p[2..4], [0x03, 0x00], "setup");
        assert_eq!(p[4..6], [0x04, 0x00], "workgroup_size_x");
        assert_eq!(p[6..8], [0x08, 0x00], "workgroup_size_y");
        assert_eq!(p[8..10], [0x10, 0x00], "workgroup_size_z");
        assert_eq!(p[10..12], [0x00, 0x00], "reserved0");
        assert_eq!(p[12..16], [0x44, 0x33, 0x22, 0x11], "grid_size_x");
        assert_eq!(p[16..20], [0x88, 0x77, 0x66, 0x55], "grid_size_y");
        assert_eq!(p[20..24], [0x0d, 0x0c, 0x0b, 0x0a], "grid_size_z");
        assert_eq!(p[24..28], [0xdf, 0x9b, 0x57, 0x13], "private_segment_size");
        assert_eq!(p[28..32], [0xe0, 0xac, 0x68, 0x24], "group_segment_size");
        assert_eq!(
            p[32..40],
            [0xef, 0xcd, 0xab, 0x89, 0x67, 0x45, 0x23, 0x01],
            "kernel_object"
        );
        assert_eq!(
            p[40..48],
            [0x10, 0x32, 0x54, 0x76, 0x98, 0xba, 0xdc, 0xfe],
            "kernarg_address"
        );
        assert_eq!(p[48..56], [0; 8], "reserved2");
        assert_eq!(
            p[56..64],
            [0x78, 0x69, 0x5a, 0x4b, 0x3c, 0x2d, 0x1e, 0x0f],
            "completion_signal"
        );
    }

    #[test]
    fn offset_constants_match_hsa_layout() {
        use offset::*;
        let fields = [
            (HEADER, 2),
            (SETUP, 2),
            (WORKGROUP_SIZE_X, 2),
            (WORKGROUP_SIZE_Y, 2),
            (WORKGROUP_SIZE_Z, 2),
            (RESERVED0, 2),
            (GRID_SIZE_X, 4),
            (GRID_SIZE_Y, 4),
            (GRID_SIZE_Z, 4),
            (PRIVATE_SEGMENT_SIZE, 4),
            (GROUP_SEGMENT_SIZE, 4),
            (KERNEL_OBJECT, 8),
            (KERNARG_ADDRESS, 8),
            (RESERVED2, 8),
            (COMPLETION_SIGNAL, 8),
        ];
        // Fields are contiguous, naturally aligned and fill exactly 64 bytes.
        let mut next = 0;
        for (at, size) in fields {
            assert_eq!(at, next);
            assert_eq!(at % size, 0, "field at {at} is not naturally aligned");
            next = at + size;
        }
        assert_eq!(next, DISPATCH_PACKET_SIZE);
        assert_eq!(
            (GRID_SIZE_X, KERNEL_OBJECT, COMPLETION_SIGNAL),
            (12, 32, 56)
        );
    }

    #[test]
    fn header_bits_follow_hsa_packet_header() {
        let header = |barrier, acquire, release| {
            DispatchPacketConfig {
                barrier,
                acquire_fence_scope: acquire,
                release_fence_scope: release,
                ..Default::default()
            }
            .header()
        };
        use FenceScope::*;
        assert_eq!(header(false, None, None), 0x0002);
        assert_eq!(header(true, None, None), 0x0102);
        assert_eq!(header(false, Agent, None), 0x0202);
        assert_eq!(header(false, System, None), 0x0402);
        assert_eq!(header(false, None, Agent), 0x0802);
        assert_eq!(header(false, None, System), 0x1002);
        assert_eq!(header(false, System, System), 0x1402);
        assert_eq!(header(true, Agent, Agent), 0x0b02);
        let p = build_dispatch_packet(&DispatchPacketConfig::default()).unwrap();
        assert_eq!(
            p[0..4],
            [0x02, 0x14, 0x01, 0x00],
            "default header and setup"
        );
    }

    #[test]
    fn setup_holds_dimension_count() {
        let cases = [
            DispatchPacketConfig::new_1d(256, 64),
            DispatchPacketConfig::new_2d([64, 32], [8, 8]),
            DispatchPacketConfig::new_3d([16, 16, 16], [4, 4, 4]),
        ];
        for (i, config) in cases.iter().enumerate() {
            let p = build_dispatch_packet(config).unwrap();
            assert_eq!(u16::from_le_bytes([p[2], p[3]]), i as u16 + 1);
        }
        let one = build_dispatch_packet(&cases[0]).unwrap();
        assert_eq!(
            one[4..10],
            [64, 0, 1, 0, 1, 0],
            "unused workgroup axes are 1"
        );
        assert_eq!(
            one[12..24],
            [0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0],
            "unused grid axes are 1"
        );
    }

    fn err(config: DispatchPacketConfig) -> AqlError {
        let e = build_dispatch_packet(&config).unwrap_err();
        assert_eq!(config.validate(), Err(e.clone()));
        e
    }

    #[test]
    fn dimension_count_must_be_1_2_or_3() {
        for dimensions in [0, 4, 0xffff] {
            let e = err(DispatchPacketConfig {
                dimensions,
                ..Default::default()
            });
            assert_eq!(e, AqlError::InvalidDimensions { dimensions });
            assert!(e.to_string().contains("1, 2 or 3"), "{e}");
        }
    }

    #[test]
    fn unused_dimensions_must_be_one() {
        let mut c = DispatchPacketConfig::new_1d(64, 64);
        c.workgroup_size[1] = 2;
        assert_eq!(
            err(c),
            AqlError::UnusedDimensionNotOne {
                axis: Axis::Y,
                dimensions: 1,
                workgroup_size: 2,
                grid_size: 1
            }
        );
        let mut c = DispatchPacketConfig::new_2d([64, 64], [8, 8]);
        c.grid_size[2] = 5;
        let e = err(c);
        assert_eq!(
            e,
            AqlError::UnusedDimensionNotOne {
                axis: Axis::Z,
                dimensions: 2,
                workgroup_size: 1,
                grid_size: 5
            }
        );
        assert_eq!(
            e.to_string(),
            "unused dimension z of a 2-dimensional dispatch has workgroup size 1 and grid size 5; both must be 1"
        );
        // Zero in an unused axis is still "unused dimension not 1".
        let mut c = DispatchPacketConfig::new_1d(64, 64);
        c.grid_size[2] = 0;
        assert!(matches!(
            err(c),
            AqlError::UnusedDimensionNotOne { axis: Axis::Z, .. }
        ));
    }

    #[test]
    fn zero_workgroup_size_is_rejected_per_axis() {
        for axis in Axis::ALL {
            let mut c = DispatchPacketConfig::new_3d([8, 8, 8], [2, 2, 2]);
            c.workgroup_size[axis.index()] = 0;
            let e = err(c);
            assert_eq!(e, AqlError::ZeroWorkgroupSize { axis });
            assert!(e
                .to_string()
                .contains(&format!("workgroup size {axis} is 0")));
        }
    }

    #[test]
    fn zero_grid_size_is_rejected_per_axis() {
        for axis in Axis::ALL {
            let mut c = DispatchPacketConfig::new_3d([8, 8, 8], [2, 2, 2]);
            c.grid_size[axis.index()] = 0;
            let e = err(c);
            assert_eq!(e, AqlError::ZeroGridSize { axis });
            assert!(e.to_string().contains(&format!("grid size {axis} is 0")));
        }
    }

    #[test]
    fn grid_smaller_than_workgroup_is_rejected_per_axis() {
        for axis in Axis::ALL {
            let mut c = DispatchPacketConfig::new_3d([8, 8, 8], [4, 4, 4]);
            c.grid_size[axis.index()] = 3;
            let e = err(c);
            assert_eq!(
                e,
                AqlError::GridSmallerThanWorkgroup {
                    axis,
                    grid_size: 3,
                    workgroup_size: 4
                }
            );
            assert!(e.to_string().contains("smaller than workgroup size"), "{e}");
        }
        // Equal is fine, and so is a grid that is not a multiple (partial
        // workgroups are legal in HSA).
        build_dispatch_packet(&DispatchPacketConfig::new_1d(4, 4)).unwrap();
        build_dispatch_packet(&DispatchPacketConfig::new_1d(5, 4)).unwrap();
    }

    #[test]
    fn flat_workgroup_size_is_bounded() {
        build_dispatch_packet(&DispatchPacketConfig::new_3d([64; 3], [16, 8, 8])).unwrap();
        let e = err(DispatchPacketConfig::new_3d([64; 3], [16, 8, 9]));
        assert_eq!(
            e,
            AqlError::FlatWorkgroupSizeTooLarge {
                workgroup_size: [16, 8, 9],
                flat: 1152,
                max: 1024
            }
        );
        assert_eq!(
            e.to_string(),
            "flat workgroup size 16x8x9 = 1152 exceeds the maximum of 1024"
        );
        let small = DispatchPacketConfig {
            max_flat_workgroup_size: 256,
            ..DispatchPacketConfig::new_2d([64, 64], [16, 16])
        };
        build_dispatch_packet(&small).unwrap();
        let e = err(DispatchPacketConfig {
            max_flat_workgroup_size: 255,
            ..small
        });
        assert!(matches!(
            e,
            AqlError::FlatWorkgroupSizeTooLarge {
                flat: 256,
                max: 255,
                ..
            }
        ));
        // The largest workgroup u16 can express does not overflow.
        let e = err(DispatchPacketConfig::new_3d([u32::MAX; 3], [u16::MAX; 3]));
        assert!(matches!(
            e,
            AqlError::FlatWorkgroupSizeTooLarge {
                flat: 281_462_092_005_375,
                ..
            }
        ));
    }

    #[test]
    fn zero_max_flat_workgroup_size_is_rejected() {
        let e = err(DispatchPacketConfig {
            max_flat_workgroup_size: 0,
            ..Default::default()
        });
        assert_eq!(e, AqlError::ZeroMaxFlatWorkgroupSize);
        assert!(e.to_string().contains("at least 1"), "{e}");
    }

    #[test]
    fn parse_inverts_build() {
        let config = distinct();
        let p = build_dispatch_packet(&config).unwrap();
        assert_eq!(parse_dispatch_packet(&p), Ok(config));
    }

    #[test]
    fn parse_rejects_malformed_packets() {
        let good = build_dispatch_packet(&distinct()).unwrap();
        for len in [0, 63, 65] {
            let bytes = vec![0u8; len];
            assert_eq!(
                parse_dispatch_packet(&bytes),
                Err(AqlError::PacketLength { len })
            );
        }
        let with = |at: usize, value: u8| {
            let mut p = good;
            p[at] = value;
            parse_dispatch_packet(&p).unwrap_err()
        };
        let e = with(0, 3);
        assert_eq!(e, AqlError::NotKernelDispatch { packet_type: 3 });
        assert!(e.to_string().contains("barrier-AND"), "{e}");
        // Acquire scope 3: header bits 9..11 = 0b11 (byte 1 bits 1..3).
        assert_eq!(
            with(1, 0x16),
            AqlError::InvalidFenceScope {
                fence: Fence::Acquire,
                bits: 3
            }
        );
        // Release scope 3: header bits 11..13 = 0b11 (byte 1 bits 3..5).
        assert_eq!(
            with(1, 0x1b),
            AqlError::InvalidFenceScope {
                fence: Fence::Release,
                bits: 3
            }
        );
        assert_eq!(
            with(1, 0x33),
            AqlError::ReservedNonZero {
                field: "header bits 13..16",
                value: 0x2000
            }
        );
        assert_eq!(
            with(2, 0x07),
            AqlError::ReservedNonZero {
                field: "setup bits 2..16",
                value: 0x4
            }
        );
        assert_eq!(
            with(11, 0x01),
            AqlError::ReservedNonZero {
                field: "bytes 10..12",
                value: 0x100
            }
        );
        assert_eq!(
            with(55, 0x80),
            AqlError::ReservedNonZero {
                field: "bytes 48..56",
                value: 0x8000_0000_0000_0000
            }
        );
        // Structurally fine but semantically invalid: zero dimensions.
        assert_eq!(with(2, 0x00), AqlError::InvalidDimensions { dimensions: 0 });
    }

    fn valid_config() -> impl Strategy<Value = DispatchPacketConfig> {
        let scope = prop_oneof![
            Just(FenceScope::None),
            Just(FenceScope::Agent),
            Just(FenceScope::System)
        ];
        (
            1u16..=3,
            (1u16..=1024, 1u16..=1024, 1u16..=1024),
            any::<[u32; 3]>(),
            any::<(u32, u32, u64, u64, u64, bool)>(),
            (scope.clone(), scope),
        )
            .prop_map(|(dimensions, (x, y, z), grid, rest, (acq, rel))| {
                let mut wg = [x, y, z];
                let mut grid_size = [1; 3];
                for i in 0..3 {
                    if i >= usize::from(dimensions) {
                        wg[i] = 1;
                        continue;
                    }
                    // Keep the flat size within 1024 and grid >= workgroup.
                    let before: u16 = wg[..i].iter().product();
                    wg[i] = wg[i].min(1024 / before).max(1);
                    grid_size[i] = grid[i].max(u32::from(wg[i]));
                }
                DispatchPacketConfig {
                    dimensions,
                    workgroup_size: wg,
                    grid_size,
                    private_segment_size: rest.0,
                    group_segment_size: rest.1,
                    kernel_object: rest.2,
                    kernarg_address: rest.3,
                    completion_signal: rest.4,
                    barrier: rest.5,
                    acquire_fence_scope: acq,
                    release_fence_scope: rel,
                    max_flat_workgroup_size: DEFAULT_MAX_FLAT_WORKGROUP_SIZE,
                }
            })
    }

    proptest! {
        #[test]
        fn valid_configs_round_trip(config in valid_config()) {
            let p = build_dispatch_packet(&config).unwrap();
            prop_assert_eq!(parse_dispatch_packet(&p), Ok(config));
        }

        /// A valid packet with one byte overwritten either still decodes,
        /// and then re-encodes to the same bytes, or is rejected; never
        /// panics, never decodes to something that encodes differently.
        #[test]
        fn mutated_packets_decode_faithfully_or_are_rejected(
            config in valid_config(),
            at in 0usize..DISPATCH_PACKET_SIZE,
            value in any::<u8>(),
        ) {
            let mut bytes = build_dispatch_packet(&config).unwrap();
            bytes[at] = value;
            match parse_dispatch_packet(&bytes) {
                Ok(decoded) => prop_assert_eq!(build_dispatch_packet(&decoded), Ok(bytes)),
                Err(e) => prop_assert!(!e.to_string().is_empty()),
            }
        }

        #[test]
        fn build_succeeds_exactly_when_validate_does(
            dimensions in 0u16..5,
            workgroup_size in any::<[u16; 3]>().prop_map(|w| w.map(|v| v % 40)),
            grid_size in any::<[u32; 3]>().prop_map(|g| g.map(|v| v % 50)),
        ) {
            let config = DispatchPacketConfig { dimensions, workgroup_size, grid_size, ..Default::default() };
            prop_assert_eq!(build_dispatch_packet(&config).is_ok(), config.validate().is_ok());
        }
    }
}
