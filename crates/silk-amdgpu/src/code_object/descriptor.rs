//! The 64-byte AMDHSA kernel descriptor ([AMDGPUUsage] "Kernel
//! Descriptor" table "Code Object V3 and Above Kernel Descriptor"; bit
//! fields from "compute_pgm_rsrc1 for GFX6-GFX12", "compute_pgm_rsrc2 for
//! GFX6-GFX12", "compute_pgm_rsrc3 for GFX90A, GFX942" and "compute_pgm_rsrc3
//! for GFX10-GFX11", "Kernel Code Properties", "Kernarg Preload").

use super::config::{
    is_gfx90a_class, vgpr_encoding_granule, FloatDenormMode, FloatRoundMode, KernelConfig,
    UnmodelledBits,
};
use super::{CodeObjectError, Result};
use crate::target::{Generation, Processor, Target};
use std::fmt::Write;

/// Byte offsets of the descriptor fields.
pub mod offset {
    pub const GROUP_SEGMENT_FIXED_SIZE: usize = 0;
    pub const PRIVATE_SEGMENT_FIXED_SIZE: usize = 4;
    pub const KERNARG_SIZE: usize = 8;
    pub const RESERVED0: usize = 12;
    pub const KERNEL_CODE_ENTRY_BYTE_OFFSET: usize = 16;
    pub const RESERVED1: usize = 24;
    pub const COMPUTE_PGM_RSRC3: usize = 44;
    pub const COMPUTE_PGM_RSRC1: usize = 48;
    pub const COMPUTE_PGM_RSRC2: usize = 52;
    pub const KERNEL_CODE_PROPERTIES: usize = 56;
    pub const KERNARG_PRELOAD: usize = 58;
    pub const RESERVED3: usize = 60;
}

/// A bit field: `(shift, width)`.
#[derive(Clone, Copy)]
struct Field(u32, u32);

impl Field {
    const fn mask(self) -> u32 {
        (((1u64 << self.1) - 1) as u32) << self.0
    }
    fn get(self, word: u32) -> u32 {
        (word & self.mask()) >> self.0
    }
    fn fits(self, value: u32) -> bool {
        (value as u64) < (1u64 << self.1)
    }
    fn put(self, word: &mut u32, value: u32) {
        *word |= (value << self.0) & self.mask();
    }
}

// COMPUTE_PGM_RSRC1.
const RSRC1_GRANULATED_WORKITEM_VGPR_COUNT: Field = Field(0, 6);
const RSRC1_GRANULATED_WAVEFRONT_SGPR_COUNT: Field = Field(6, 4);
const RSRC1_FLOAT_ROUND_MODE_32: Field = Field(12, 2);
const RSRC1_FLOAT_ROUND_MODE_16_64: Field = Field(14, 2);
const RSRC1_FLOAT_DENORM_MODE_32: Field = Field(16, 2);
const RSRC1_FLOAT_DENORM_MODE_16_64: Field = Field(18, 2);
const RSRC1_ENABLE_DX10_CLAMP: Field = Field(21, 1);
const RSRC1_ENABLE_IEEE_MODE: Field = Field(23, 1);
const RSRC1_FP16_OVFL: Field = Field(26, 1);
const RSRC1_WGP_MODE: Field = Field(29, 1);
const RSRC1_MEM_ORDERED: Field = Field(30, 1);
const RSRC1_FWD_PROGRESS: Field = Field(31, 1);
// COMPUTE_PGM_RSRC2.
const RSRC2_ENABLE_PRIVATE_SEGMENT: Field = Field(0, 1);
const RSRC2_USER_SGPR_COUNT: Field = Field(1, 5);
const RSRC2_ENABLE_SGPR_WORKGROUP_ID_X: Field = Field(7, 1);
const RSRC2_ENABLE_SGPR_WORKGROUP_ID_Y: Field = Field(8, 1);
const RSRC2_ENABLE_SGPR_WORKGROUP_ID_Z: Field = Field(9, 1);
const RSRC2_ENABLE_SGPR_WORKGROUP_INFO: Field = Field(10, 1);
const RSRC2_ENABLE_VGPR_WORKITEM_ID: Field = Field(11, 2);
const RSRC2_EXCEPTION_IEEE_754_FP_INVALID_OPERATION: Field = Field(24, 1);
const RSRC2_EXCEPTION_FP_DENORMAL_SOURCE: Field = Field(25, 1);
const RSRC2_EXCEPTION_IEEE_754_FP_DIVISION_BY_ZERO: Field = Field(26, 1);
const RSRC2_EXCEPTION_IEEE_754_FP_OVERFLOW: Field = Field(27, 1);
const RSRC2_EXCEPTION_IEEE_754_FP_UNDERFLOW: Field = Field(28, 1);
const RSRC2_EXCEPTION_IEEE_754_FP_INEXACT: Field = Field(29, 1);
const RSRC2_EXCEPTION_INT_DIVIDE_BY_ZERO: Field = Field(30, 1);
// COMPUTE_PGM_RSRC3, gfx90a/gfx942.
const RSRC3_GFX90A_ACCUM_OFFSET: Field = Field(0, 6);
const RSRC3_GFX90A_TG_SPLIT: Field = Field(16, 1);
// COMPUTE_PGM_RSRC3, GFX10-GFX11.
const RSRC3_GFX11_SHARED_VGPR_COUNT: Field = Field(0, 4);
const RSRC3_GFX11_INST_PREF_SIZE: Field = Field(4, 6);
const RSRC3_GFX11_TRAP_ON_START: Field = Field(10, 1);
const RSRC3_GFX11_TRAP_ON_END: Field = Field(11, 1);
const RSRC3_GFX11_IMAGE_OP: Field = Field(31, 1);
// Kernel code properties (16 bits).
const KCP_ENABLE_SGPR_PRIVATE_SEGMENT_BUFFER: Field = Field(0, 1);
const KCP_ENABLE_SGPR_DISPATCH_PTR: Field = Field(1, 1);
const KCP_ENABLE_SGPR_QUEUE_PTR: Field = Field(2, 1);
const KCP_ENABLE_SGPR_KERNARG_SEGMENT_PTR: Field = Field(3, 1);
const KCP_ENABLE_SGPR_DISPATCH_ID: Field = Field(4, 1);
const KCP_ENABLE_SGPR_FLAT_SCRATCH_INIT: Field = Field(5, 1);
const KCP_ENABLE_SGPR_PRIVATE_SEGMENT_SIZE: Field = Field(6, 1);
const KCP_ENABLE_WAVEFRONT_SIZE32: Field = Field(10, 1);
const KCP_USES_DYNAMIC_STACK: Field = Field(11, 1);
// Kernarg preload (16 bits).
const PRELOAD_LENGTH: Field = Field(0, 7);
const PRELOAD_OFFSET: Field = Field(7, 9);

const RSRC1_GFX9_FIELDS: [Field; 9] = [
    RSRC1_GRANULATED_WORKITEM_VGPR_COUNT,
    RSRC1_GRANULATED_WAVEFRONT_SGPR_COUNT,
    RSRC1_FLOAT_ROUND_MODE_32,
    RSRC1_FLOAT_ROUND_MODE_16_64,
    RSRC1_FLOAT_DENORM_MODE_32,
    RSRC1_FLOAT_DENORM_MODE_16_64,
    RSRC1_ENABLE_DX10_CLAMP,
    RSRC1_ENABLE_IEEE_MODE,
    RSRC1_FP16_OVFL,
];
const RSRC1_GFX11_EXTRA: [Field; 3] = [RSRC1_WGP_MODE, RSRC1_MEM_ORDERED, RSRC1_FWD_PROGRESS];
const RSRC2_FIELDS: [Field; 14] = [
    RSRC2_ENABLE_PRIVATE_SEGMENT,
    RSRC2_USER_SGPR_COUNT,
    RSRC2_ENABLE_SGPR_WORKGROUP_ID_X,
    RSRC2_ENABLE_SGPR_WORKGROUP_ID_Y,
    RSRC2_ENABLE_SGPR_WORKGROUP_ID_Z,
    RSRC2_ENABLE_SGPR_WORKGROUP_INFO,
    RSRC2_ENABLE_VGPR_WORKITEM_ID,
    RSRC2_EXCEPTION_IEEE_754_FP_INVALID_OPERATION,
    RSRC2_EXCEPTION_FP_DENORMAL_SOURCE,
    RSRC2_EXCEPTION_IEEE_754_FP_DIVISION_BY_ZERO,
    RSRC2_EXCEPTION_IEEE_754_FP_OVERFLOW,
    RSRC2_EXCEPTION_IEEE_754_FP_UNDERFLOW,
    RSRC2_EXCEPTION_IEEE_754_FP_INEXACT,
    RSRC2_EXCEPTION_INT_DIVIDE_BY_ZERO,
];
const RSRC3_GFX90A_FIELDS: [Field; 2] = [RSRC3_GFX90A_ACCUM_OFFSET, RSRC3_GFX90A_TG_SPLIT];
const RSRC3_GFX11_FIELDS: [Field; 5] = [
    RSRC3_GFX11_SHARED_VGPR_COUNT,
    RSRC3_GFX11_INST_PREF_SIZE,
    RSRC3_GFX11_TRAP_ON_START,
    RSRC3_GFX11_TRAP_ON_END,
    RSRC3_GFX11_IMAGE_OP,
];
const KCP_GFX9_FIELDS: [Field; 8] = [
    KCP_ENABLE_SGPR_PRIVATE_SEGMENT_BUFFER,
    KCP_ENABLE_SGPR_DISPATCH_PTR,
    KCP_ENABLE_SGPR_QUEUE_PTR,
    KCP_ENABLE_SGPR_KERNARG_SEGMENT_PTR,
    KCP_ENABLE_SGPR_DISPATCH_ID,
    KCP_ENABLE_SGPR_FLAT_SCRATCH_INIT,
    KCP_ENABLE_SGPR_PRIVATE_SEGMENT_SIZE,
    KCP_USES_DYNAMIC_STACK,
];

fn modelled_mask(fields: &[Field]) -> u32 {
    fields.iter().fold(0, |m, f| m | f.mask())
}

fn rsrc1_mask(p: Processor) -> u32 {
    let mut m = modelled_mask(&RSRC1_GFX9_FIELDS);
    if p.generation() == Generation::Gfx11 {
        m |= modelled_mask(&RSRC1_GFX11_EXTRA);
    }
    m
}

fn rsrc3_mask(p: Processor) -> u32 {
    if is_gfx90a_class(p) {
        modelled_mask(&RSRC3_GFX90A_FIELDS)
    } else if p.generation() == Generation::Gfx11 {
        modelled_mask(&RSRC3_GFX11_FIELDS)
    } else {
        0
    }
}

fn kcp_mask(p: Processor) -> u32 {
    let mut m = modelled_mask(&KCP_GFX9_FIELDS);
    if p.generation() == Generation::Gfx11 {
        m |= KCP_ENABLE_WAVEFRONT_SIZE32.mask();
    }
    m
}

/// The 64 descriptor bytes as they sit in `.rodata`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct KernelDescriptor(pub [u8; 64]);

impl std::fmt::Debug for KernelDescriptor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "KernelDescriptor(")?;
        for b in self.0 {
            write!(f, "{b:02x}")?;
        }
        write!(f, ")")
    }
}

impl KernelDescriptor {
    /// Copy 64 bytes; errors if `bytes` is shorter.
    pub fn from_slice(bytes: &[u8]) -> Result<KernelDescriptor> {
        let arr: [u8; 64] = bytes
            .get(..64)
            .and_then(|b| b.try_into().ok())
            .ok_or_else(|| CodeObjectError::Truncated {
                what: "kernel descriptor".into(),
                offset: 0,
                needed: 64,
                available: bytes.len() as u64,
            })?;
        Ok(KernelDescriptor(arr))
    }

    fn u16_at(&self, o: usize) -> u16 {
        u16::from_le_bytes([self.0[o], self.0[o + 1]])
    }
    fn u32_at(&self, o: usize) -> u32 {
        u32::from_le_bytes([self.0[o], self.0[o + 1], self.0[o + 2], self.0[o + 3]])
    }
    fn put_u16(&mut self, o: usize, v: u16) {
        self.0[o..o + 2].copy_from_slice(&v.to_le_bytes());
    }
    fn put_u32(&mut self, o: usize, v: u32) {
        self.0[o..o + 4].copy_from_slice(&v.to_le_bytes());
    }

    pub fn group_segment_fixed_size(&self) -> u32 {
        self.u32_at(offset::GROUP_SEGMENT_FIXED_SIZE)
    }
    pub fn private_segment_fixed_size(&self) -> u32 {
        self.u32_at(offset::PRIVATE_SEGMENT_FIXED_SIZE)
    }
    pub fn kernarg_size(&self) -> u32 {
        self.u32_at(offset::KERNARG_SIZE)
    }
    /// Byte offset from the descriptor's address to the kernel entry.
    pub fn kernel_code_entry_byte_offset(&self) -> i64 {
        let mut a = [0u8; 8];
        a.copy_from_slice(&self.0[16..24]);
        i64::from_le_bytes(a)
    }
    pub fn set_kernel_code_entry_byte_offset(&mut self, value: i64) {
        self.0[16..24].copy_from_slice(&value.to_le_bytes());
    }
    pub fn compute_pgm_rsrc1(&self) -> u32 {
        self.u32_at(offset::COMPUTE_PGM_RSRC1)
    }
    pub fn compute_pgm_rsrc2(&self) -> u32 {
        self.u32_at(offset::COMPUTE_PGM_RSRC2)
    }
    pub fn compute_pgm_rsrc3(&self) -> u32 {
        self.u32_at(offset::COMPUTE_PGM_RSRC3)
    }
    pub fn kernel_code_properties(&self) -> u16 {
        self.u16_at(offset::KERNEL_CODE_PROPERTIES)
    }
    pub fn kernarg_preload(&self) -> u16 {
        self.u16_at(offset::KERNARG_PRELOAD)
    }
    pub fn user_sgpr_count(&self) -> u32 {
        RSRC2_USER_SGPR_COUNT.get(self.compute_pgm_rsrc2())
    }
    pub fn wavefront_size32(&self) -> bool {
        KCP_ENABLE_WAVEFRONT_SIZE32.get(self.kernel_code_properties() as u32) != 0
    }
    pub fn granulated_workitem_vgpr_count(&self) -> u32 {
        RSRC1_GRANULATED_WORKITEM_VGPR_COUNT.get(self.compute_pgm_rsrc1())
    }
    pub fn granulated_wavefront_sgpr_count(&self) -> u32 {
        RSRC1_GRANULATED_WAVEFRONT_SGPR_COUNT.get(self.compute_pgm_rsrc1())
    }

    /// Build the descriptor `config` implies for `target`, with the entry
    /// offset given. Rejects settings the assembler would reject (values
    /// that do not fit their fields, directives the processor lacks).
    pub fn encode(
        config: &KernelConfig,
        target: &Target,
        kernel_name: &str,
        entry_offset: i64,
    ) -> Result<KernelDescriptor> {
        let p = target.processor;
        let gfx11 = p.generation() == Generation::Gfx11;
        let gfx90a = is_gfx90a_class(p);
        let err = |message: String| CodeObjectError::Config {
            kernel: kernel_name.to_string(),
            message,
        };
        let check = |field: Field, value: u32, name: &str| -> Result<u32> {
            if field.fits(value) {
                Ok(value)
            } else {
                Err(err(format!(
                    "`.amdhsa_{name}` value {value} does not fit its {}-bit descriptor field",
                    field.1
                )))
            }
        };
        if !gfx11 {
            for (on, name) in [
                (config.wavefront_size32, "wavefront_size32"),
                (config.workgroup_processor_mode, "workgroup_processor_mode"),
                (config.memory_ordered, "memory_ordered"),
                (config.forward_progress, "forward_progress"),
                (config.trap_on_start, "trap_on_start"),
                (config.trap_on_end, "trap_on_end"),
                (config.image_op, "image_op"),
            ] {
                if on {
                    return Err(err(format!(
                        "`.amdhsa_{name}` is not supported on {p} (GFX10+ only)"
                    )));
                }
            }
            if config.shared_vgpr_count != 0 || config.inst_pref_size != 0 {
                return Err(err(format!(
                    "`.amdhsa_shared_vgpr_count`/`.amdhsa_inst_pref_size` are not supported on {p} (GFX10/GFX11 only)"
                )));
            }
        } else if config.wavefront_size32 && config.shared_vgpr_count != 0 {
            return Err(err(
                "`.amdhsa_shared_vgpr_count` must be 0 in wave32 (`.amdhsa_wavefront_size32 1`)"
                    .into(),
            ));
        }
        if gfx90a {
            if config.accum_offset < 4 || config.accum_offset > 256 || config.accum_offset % 4 != 0
            {
                return Err(err(format!(
                    "`.amdhsa_accum_offset` {} must be a multiple of 4 in 4..=256",
                    config.accum_offset
                )));
            }
            if config.accum_offset > config.next_free_vgpr.max(1).next_multiple_of(4) {
                return Err(err(format!(
                    "`.amdhsa_accum_offset` {} exceeds the total VGPR allocation ({})",
                    config.accum_offset, config.next_free_vgpr
                )));
            }
        } else if config.accum_offset != 0 || config.tg_split {
            return Err(err(format!(
                "`.amdhsa_accum_offset`/`.amdhsa_tg_split` are not supported on {p} (gfx90a-class only)"
            )));
        }
        let arch_flat_scratch = p.info().capabilities.architected_flat_scratch;
        if arch_flat_scratch
            && (config.user_sgpr_private_segment_buffer
                || config.user_sgpr_flat_scratch_init
                || config.reserve_flat_scratch)
        {
            return Err(err(format!(
                "{p} has architected flat scratch: `.amdhsa_user_sgpr_private_segment_buffer`, `.amdhsa_user_sgpr_flat_scratch_init` and `.amdhsa_reserve_flat_scratch` must be 0"
            )));
        }
        let addressable_vgprs = p.info().addressable_vgprs + p.info().addressable_agprs;
        if config.next_free_vgpr > addressable_vgprs {
            return Err(err(format!(
                "`.amdhsa_next_free_vgpr` {} exceeds the {addressable_vgprs} VGPRs of {p}",
                config.next_free_vgpr
            )));
        }
        if config.next_free_sgpr > p.info().addressable_sgprs {
            return Err(err(format!(
                "`.amdhsa_next_free_sgpr` {} exceeds the {} addressable SGPRs of {p}",
                config.next_free_sgpr,
                p.info().addressable_sgprs
            )));
        }
        let implied = config.implied_user_sgpr_count();
        let user_sgprs = config.effective_user_sgpr_count();
        if user_sgprs < implied {
            return Err(err(format!(
                "`.amdhsa_user_sgpr_count` {user_sgprs} is less than the {implied} user SGPRs the enabled `.amdhsa_user_sgpr_*` directives need"
            )));
        }
        let u = &config.unmodelled;

        let mut rsrc1 = u.compute_pgm_rsrc1 & !rsrc1_mask(p);
        RSRC1_GRANULATED_WORKITEM_VGPR_COUNT.put(
            &mut rsrc1,
            check(
                RSRC1_GRANULATED_WORKITEM_VGPR_COUNT,
                config.granulated_vgpr_count(target),
                "next_free_vgpr (granulated)",
            )?,
        );
        RSRC1_GRANULATED_WAVEFRONT_SGPR_COUNT.put(
            &mut rsrc1,
            check(
                RSRC1_GRANULATED_WAVEFRONT_SGPR_COUNT,
                config.granulated_sgpr_count(target),
                "next_free_sgpr (granulated)",
            )?,
        );
        RSRC1_FLOAT_ROUND_MODE_32.put(&mut rsrc1, config.float_round_mode_32 as u32);
        RSRC1_FLOAT_ROUND_MODE_16_64.put(&mut rsrc1, config.float_round_mode_16_64 as u32);
        RSRC1_FLOAT_DENORM_MODE_32.put(&mut rsrc1, config.float_denorm_mode_32 as u32);
        RSRC1_FLOAT_DENORM_MODE_16_64.put(&mut rsrc1, config.float_denorm_mode_16_64 as u32);
        RSRC1_ENABLE_DX10_CLAMP.put(&mut rsrc1, config.dx10_clamp as u32);
        RSRC1_ENABLE_IEEE_MODE.put(&mut rsrc1, config.ieee_mode as u32);
        RSRC1_FP16_OVFL.put(&mut rsrc1, config.fp16_overflow as u32);
        if gfx11 {
            RSRC1_WGP_MODE.put(&mut rsrc1, config.workgroup_processor_mode as u32);
            RSRC1_MEM_ORDERED.put(&mut rsrc1, config.memory_ordered as u32);
            RSRC1_FWD_PROGRESS.put(&mut rsrc1, config.forward_progress as u32);
        }

        let mut rsrc2 = u.compute_pgm_rsrc2 & !modelled_mask(&RSRC2_FIELDS);
        RSRC2_ENABLE_PRIVATE_SEGMENT.put(&mut rsrc2, config.enable_private_segment as u32);
        RSRC2_USER_SGPR_COUNT.put(
            &mut rsrc2,
            check(RSRC2_USER_SGPR_COUNT, user_sgprs, "user_sgpr_count")?,
        );
        RSRC2_ENABLE_SGPR_WORKGROUP_ID_X.put(&mut rsrc2, config.system_sgpr_workgroup_id_x as u32);
        RSRC2_ENABLE_SGPR_WORKGROUP_ID_Y.put(&mut rsrc2, config.system_sgpr_workgroup_id_y as u32);
        RSRC2_ENABLE_SGPR_WORKGROUP_ID_Z.put(&mut rsrc2, config.system_sgpr_workgroup_id_z as u32);
        RSRC2_ENABLE_SGPR_WORKGROUP_INFO.put(&mut rsrc2, config.system_sgpr_workgroup_info as u32);
        RSRC2_ENABLE_VGPR_WORKITEM_ID.put(
            &mut rsrc2,
            check(
                RSRC2_ENABLE_VGPR_WORKITEM_ID,
                config.system_vgpr_workitem_id,
                "system_vgpr_workitem_id",
            )?,
        );
        for (field, on) in [
            (
                RSRC2_EXCEPTION_IEEE_754_FP_INVALID_OPERATION,
                config.exception_fp_ieee_invalid_op,
            ),
            (
                RSRC2_EXCEPTION_FP_DENORMAL_SOURCE,
                config.exception_fp_denorm_src,
            ),
            (
                RSRC2_EXCEPTION_IEEE_754_FP_DIVISION_BY_ZERO,
                config.exception_fp_ieee_div_zero,
            ),
            (
                RSRC2_EXCEPTION_IEEE_754_FP_OVERFLOW,
                config.exception_fp_ieee_overflow,
            ),
            (
                RSRC2_EXCEPTION_IEEE_754_FP_UNDERFLOW,
                config.exception_fp_ieee_underflow,
            ),
            (
                RSRC2_EXCEPTION_IEEE_754_FP_INEXACT,
                config.exception_fp_ieee_inexact,
            ),
            (
                RSRC2_EXCEPTION_INT_DIVIDE_BY_ZERO,
                config.exception_int_div_zero,
            ),
        ] {
            field.put(&mut rsrc2, on as u32);
        }

        let mut rsrc3 = u.compute_pgm_rsrc3 & !rsrc3_mask(p);
        if gfx90a {
            RSRC3_GFX90A_ACCUM_OFFSET.put(&mut rsrc3, config.accum_offset / 4 - 1);
            RSRC3_GFX90A_TG_SPLIT.put(&mut rsrc3, config.tg_split as u32);
        } else if gfx11 {
            RSRC3_GFX11_SHARED_VGPR_COUNT.put(
                &mut rsrc3,
                check(
                    RSRC3_GFX11_SHARED_VGPR_COUNT,
                    config.shared_vgpr_count,
                    "shared_vgpr_count",
                )?,
            );
            RSRC3_GFX11_INST_PREF_SIZE.put(
                &mut rsrc3,
                check(
                    RSRC3_GFX11_INST_PREF_SIZE,
                    config.inst_pref_size,
                    "inst_pref_size",
                )?,
            );
            RSRC3_GFX11_TRAP_ON_START.put(&mut rsrc3, config.trap_on_start as u32);
            RSRC3_GFX11_TRAP_ON_END.put(&mut rsrc3, config.trap_on_end as u32);
            RSRC3_GFX11_IMAGE_OP.put(&mut rsrc3, config.image_op as u32);
        }

        let mut kcp = u.kernel_code_properties as u32 & !kcp_mask(p);
        for (field, on) in [
            (
                KCP_ENABLE_SGPR_PRIVATE_SEGMENT_BUFFER,
                config.user_sgpr_private_segment_buffer,
            ),
            (KCP_ENABLE_SGPR_DISPATCH_PTR, config.user_sgpr_dispatch_ptr),
            (KCP_ENABLE_SGPR_QUEUE_PTR, config.user_sgpr_queue_ptr),
            (
                KCP_ENABLE_SGPR_KERNARG_SEGMENT_PTR,
                config.user_sgpr_kernarg_segment_ptr,
            ),
            (KCP_ENABLE_SGPR_DISPATCH_ID, config.user_sgpr_dispatch_id),
            (
                KCP_ENABLE_SGPR_FLAT_SCRATCH_INIT,
                config.user_sgpr_flat_scratch_init,
            ),
            (
                KCP_ENABLE_SGPR_PRIVATE_SEGMENT_SIZE,
                config.user_sgpr_private_segment_size,
            ),
            (KCP_USES_DYNAMIC_STACK, config.uses_dynamic_stack),
        ] {
            field.put(&mut kcp, on as u32);
        }
        if gfx11 {
            KCP_ENABLE_WAVEFRONT_SIZE32.put(&mut kcp, config.wavefront_size32 as u32);
        }

        let mut preload =
            u.kernarg_preload as u32 & !(PRELOAD_LENGTH.mask() | PRELOAD_OFFSET.mask());
        PRELOAD_LENGTH.put(
            &mut preload,
            check(
                PRELOAD_LENGTH,
                config.user_sgpr_kernarg_preload_length,
                "user_sgpr_kernarg_preload_length",
            )?,
        );
        PRELOAD_OFFSET.put(
            &mut preload,
            check(
                PRELOAD_OFFSET,
                config.user_sgpr_kernarg_preload_offset,
                "user_sgpr_kernarg_preload_offset",
            )?,
        );

        let mut d = KernelDescriptor([0; 64]);
        d.put_u32(
            offset::GROUP_SEGMENT_FIXED_SIZE,
            config.group_segment_fixed_size,
        );
        d.put_u32(
            offset::PRIVATE_SEGMENT_FIXED_SIZE,
            config.private_segment_fixed_size,
        );
        d.put_u32(offset::KERNARG_SIZE, config.kernarg_size);
        d.0[12..16].copy_from_slice(&u.reserved0);
        d.set_kernel_code_entry_byte_offset(entry_offset);
        d.0[24..44].copy_from_slice(&u.reserved1);
        d.put_u32(offset::COMPUTE_PGM_RSRC3, rsrc3);
        d.put_u32(offset::COMPUTE_PGM_RSRC1, rsrc1);
        d.put_u32(offset::COMPUTE_PGM_RSRC2, rsrc2);
        d.put_u16(offset::KERNEL_CODE_PROPERTIES, kcp as u16);
        d.put_u16(offset::KERNARG_PRELOAD, preload as u16);
        d.0[60..64].copy_from_slice(&u.reserved3);
        Ok(d)
    }

    /// Decode every field into a [`KernelConfig`] that re-encodes to these
    /// exact bytes (entry offset aside). Register counts come back as the
    /// largest value of their granule, less the SGPRs the processor adds,
    /// as llvm-objdump reconstructs them.
    pub fn decode(&self, processor: Processor) -> KernelConfig {
        let gfx11 = processor.generation() == Generation::Gfx11;
        let gfx90a = is_gfx90a_class(processor);
        let rsrc1 = self.compute_pgm_rsrc1();
        let rsrc2 = self.compute_pgm_rsrc2();
        let rsrc3 = self.compute_pgm_rsrc3();
        let kcp = self.kernel_code_properties() as u32;
        let preload = self.kernarg_preload() as u32;
        let bit = |f: Field, w: u32| f.get(w) != 0;
        let wave32 = gfx11 && bit(KCP_ENABLE_WAVEFRONT_SIZE32, kcp);

        let mut c = KernelConfig {
            group_segment_fixed_size: self.group_segment_fixed_size(),
            private_segment_fixed_size: self.private_segment_fixed_size(),
            kernarg_size: self.kernarg_size(),
            user_sgpr_count: None,
            user_sgpr_private_segment_buffer: bit(KCP_ENABLE_SGPR_PRIVATE_SEGMENT_BUFFER, kcp),
            user_sgpr_dispatch_ptr: bit(KCP_ENABLE_SGPR_DISPATCH_PTR, kcp),
            user_sgpr_queue_ptr: bit(KCP_ENABLE_SGPR_QUEUE_PTR, kcp),
            user_sgpr_kernarg_segment_ptr: bit(KCP_ENABLE_SGPR_KERNARG_SEGMENT_PTR, kcp),
            user_sgpr_dispatch_id: bit(KCP_ENABLE_SGPR_DISPATCH_ID, kcp),
            user_sgpr_flat_scratch_init: bit(KCP_ENABLE_SGPR_FLAT_SCRATCH_INIT, kcp),
            user_sgpr_private_segment_size: bit(KCP_ENABLE_SGPR_PRIVATE_SEGMENT_SIZE, kcp),
            user_sgpr_kernarg_preload_length: PRELOAD_LENGTH.get(preload),
            user_sgpr_kernarg_preload_offset: PRELOAD_OFFSET.get(preload),
            wavefront_size32: wave32,
            uses_dynamic_stack: bit(KCP_USES_DYNAMIC_STACK, kcp),
            enable_private_segment: bit(RSRC2_ENABLE_PRIVATE_SEGMENT, rsrc2),
            system_sgpr_workgroup_id_x: bit(RSRC2_ENABLE_SGPR_WORKGROUP_ID_X, rsrc2),
            system_sgpr_workgroup_id_y: bit(RSRC2_ENABLE_SGPR_WORKGROUP_ID_Y, rsrc2),
            system_sgpr_workgroup_id_z: bit(RSRC2_ENABLE_SGPR_WORKGROUP_ID_Z, rsrc2),
            system_sgpr_workgroup_info: bit(RSRC2_ENABLE_SGPR_WORKGROUP_INFO, rsrc2),
            system_vgpr_workitem_id: RSRC2_ENABLE_VGPR_WORKITEM_ID.get(rsrc2),
            next_free_vgpr: (self.granulated_workitem_vgpr_count() + 1)
                * vgpr_encoding_granule(processor, wave32),
            next_free_sgpr: 0,
            accum_offset: if gfx90a {
                (RSRC3_GFX90A_ACCUM_OFFSET.get(rsrc3) + 1) * 4
            } else {
                0
            },
            reserve_vcc: false,
            reserve_flat_scratch: false,
            reserve_xnack_mask: false,
            float_round_mode_32: FloatRoundMode::from_bits(RSRC1_FLOAT_ROUND_MODE_32.get(rsrc1)),
            float_round_mode_16_64: FloatRoundMode::from_bits(
                RSRC1_FLOAT_ROUND_MODE_16_64.get(rsrc1),
            ),
            float_denorm_mode_32: FloatDenormMode::from_bits(RSRC1_FLOAT_DENORM_MODE_32.get(rsrc1)),
            float_denorm_mode_16_64: FloatDenormMode::from_bits(
                RSRC1_FLOAT_DENORM_MODE_16_64.get(rsrc1),
            ),
            dx10_clamp: bit(RSRC1_ENABLE_DX10_CLAMP, rsrc1),
            ieee_mode: bit(RSRC1_ENABLE_IEEE_MODE, rsrc1),
            fp16_overflow: bit(RSRC1_FP16_OVFL, rsrc1),
            workgroup_processor_mode: gfx11 && bit(RSRC1_WGP_MODE, rsrc1),
            memory_ordered: gfx11 && bit(RSRC1_MEM_ORDERED, rsrc1),
            forward_progress: gfx11 && bit(RSRC1_FWD_PROGRESS, rsrc1),
            shared_vgpr_count: if gfx11 {
                RSRC3_GFX11_SHARED_VGPR_COUNT.get(rsrc3)
            } else {
                0
            },
            inst_pref_size: if gfx11 {
                RSRC3_GFX11_INST_PREF_SIZE.get(rsrc3)
            } else {
                0
            },
            trap_on_start: gfx11 && bit(RSRC3_GFX11_TRAP_ON_START, rsrc3),
            trap_on_end: gfx11 && bit(RSRC3_GFX11_TRAP_ON_END, rsrc3),
            image_op: gfx11 && bit(RSRC3_GFX11_IMAGE_OP, rsrc3),
            tg_split: gfx90a && bit(RSRC3_GFX90A_TG_SPLIT, rsrc3),
            exception_fp_ieee_invalid_op: bit(RSRC2_EXCEPTION_IEEE_754_FP_INVALID_OPERATION, rsrc2),
            exception_fp_denorm_src: bit(RSRC2_EXCEPTION_FP_DENORMAL_SOURCE, rsrc2),
            exception_fp_ieee_div_zero: bit(RSRC2_EXCEPTION_IEEE_754_FP_DIVISION_BY_ZERO, rsrc2),
            exception_fp_ieee_overflow: bit(RSRC2_EXCEPTION_IEEE_754_FP_OVERFLOW, rsrc2),
            exception_fp_ieee_underflow: bit(RSRC2_EXCEPTION_IEEE_754_FP_UNDERFLOW, rsrc2),
            exception_fp_ieee_inexact: bit(RSRC2_EXCEPTION_IEEE_754_FP_INEXACT, rsrc2),
            exception_int_div_zero: bit(RSRC2_EXCEPTION_INT_DIVIDE_BY_ZERO, rsrc2),
            unmodelled: UnmodelledBits {
                compute_pgm_rsrc1: rsrc1 & !rsrc1_mask(processor),
                compute_pgm_rsrc2: rsrc2 & !modelled_mask(&RSRC2_FIELDS),
                compute_pgm_rsrc3: rsrc3 & !rsrc3_mask(processor),
                kernel_code_properties: (kcp & !kcp_mask(processor)) as u16,
                kernarg_preload: 0,
                reserved0: self.0[12..16].try_into().unwrap_or_default(),
                reserved1: self.0[24..44].try_into().unwrap_or_default(),
                reserved3: self.0[60..64].try_into().unwrap_or_default(),
            },
        };
        // SGPRs: the granule's top, less what the processor adds
        // (`extra_sgprs` with every reserve flag off).
        if !gfx11 {
            let total = (self.granulated_wavefront_sgpr_count() + 1) * 8;
            c.next_free_sgpr = total.saturating_sub(c.extra_sgprs(processor));
        }
        let user = self.user_sgpr_count();
        if user != c.implied_user_sgpr_count() {
            c.user_sgpr_count = Some(user);
        }
        // On gfx90a-class processors the accumulation offset must lie
        // within the VGPR allocation; keep the decoded total consistent.
        if gfx90a && c.accum_offset > c.next_free_vgpr.max(1).next_multiple_of(4) {
            c.next_free_vgpr = c.accum_offset;
        }
        c
    }

    /// The descriptor as llvm-objdump 22 prints it (`llvm-objdump -D -j
    /// .rodata`): one `.amdhsa_*` directive per field, in descriptor order,
    /// with GFX11's informational bits as `; NAME value` comments.
    pub fn directives(&self, kernel_name: &str, processor: Processor) -> String {
        let gfx11 = processor.generation() == Generation::Gfx11;
        let gfx90a = is_gfx90a_class(processor);
        let arch_flat_scratch = processor.info().capabilities.architected_flat_scratch;
        let rsrc1 = self.compute_pgm_rsrc1();
        let rsrc2 = self.compute_pgm_rsrc2();
        let rsrc3 = self.compute_pgm_rsrc3();
        let kcp = self.kernel_code_properties() as u32;
        let preload = self.kernarg_preload() as u32;
        let wave32 = gfx11 && KCP_ENABLE_WAVEFRONT_SIZE32.get(kcp) != 0;
        let mut out = format!(".amdhsa_kernel {kernel_name}\n");
        let d = &mut |name: &str, value: u32| dir(&mut out, name, value);
        d("group_segment_fixed_size", self.group_segment_fixed_size());
        d(
            "private_segment_fixed_size",
            self.private_segment_fixed_size(),
        );
        d("kernarg_size", self.kernarg_size());
        // COMPUTE_PGM_RSRC3.
        if gfx90a {
            d(
                "accum_offset",
                (RSRC3_GFX90A_ACCUM_OFFSET.get(rsrc3) + 1) * 4,
            );
            d("tg_split", RSRC3_GFX90A_TG_SPLIT.get(rsrc3));
        }
        if gfx11 {
            let shared = RSRC3_GFX11_SHARED_VGPR_COUNT.get(rsrc3);
            if wave32 {
                comment(d, "SHARED_VGPR_COUNT", shared);
            } else {
                d("shared_vgpr_count", shared);
            }
            d("inst_pref_size", RSRC3_GFX11_INST_PREF_SIZE.get(rsrc3));
            comment(d, "TRAP_ON_START", RSRC3_GFX11_TRAP_ON_START.get(rsrc3));
            comment(d, "TRAP_ON_END", RSRC3_GFX11_TRAP_ON_END.get(rsrc3));
            comment(d, "IMAGE_OP", RSRC3_GFX11_IMAGE_OP.get(rsrc3));
        }
        // COMPUTE_PGM_RSRC1.
        d(
            "next_free_vgpr",
            (self.granulated_workitem_vgpr_count() + 1) * vgpr_encoding_granule(processor, wave32),
        );
        d("reserve_vcc", 0);
        if !arch_flat_scratch {
            d("reserve_flat_scratch", 0);
        }
        d("reserve_xnack_mask", 0);
        d(
            "next_free_sgpr",
            (self.granulated_wavefront_sgpr_count() + 1) * 8,
        );
        d("float_round_mode_32", RSRC1_FLOAT_ROUND_MODE_32.get(rsrc1));
        d(
            "float_round_mode_16_64",
            RSRC1_FLOAT_ROUND_MODE_16_64.get(rsrc1),
        );
        d(
            "float_denorm_mode_32",
            RSRC1_FLOAT_DENORM_MODE_32.get(rsrc1),
        );
        d(
            "float_denorm_mode_16_64",
            RSRC1_FLOAT_DENORM_MODE_16_64.get(rsrc1),
        );
        d("dx10_clamp", RSRC1_ENABLE_DX10_CLAMP.get(rsrc1));
        d("ieee_mode", RSRC1_ENABLE_IEEE_MODE.get(rsrc1));
        d("fp16_overflow", RSRC1_FP16_OVFL.get(rsrc1));
        if gfx11 {
            d("workgroup_processor_mode", RSRC1_WGP_MODE.get(rsrc1));
            d("memory_ordered", RSRC1_MEM_ORDERED.get(rsrc1));
            d("forward_progress", RSRC1_FWD_PROGRESS.get(rsrc1));
        }
        // COMPUTE_PGM_RSRC2.
        if arch_flat_scratch {
            d(
                "enable_private_segment",
                RSRC2_ENABLE_PRIVATE_SEGMENT.get(rsrc2),
            );
        } else {
            d(
                "system_sgpr_private_segment_wavefront_offset",
                RSRC2_ENABLE_PRIVATE_SEGMENT.get(rsrc2),
            );
        }
        d(
            "system_sgpr_workgroup_id_x",
            RSRC2_ENABLE_SGPR_WORKGROUP_ID_X.get(rsrc2),
        );
        d(
            "system_sgpr_workgroup_id_y",
            RSRC2_ENABLE_SGPR_WORKGROUP_ID_Y.get(rsrc2),
        );
        d(
            "system_sgpr_workgroup_id_z",
            RSRC2_ENABLE_SGPR_WORKGROUP_ID_Z.get(rsrc2),
        );
        d(
            "system_sgpr_workgroup_info",
            RSRC2_ENABLE_SGPR_WORKGROUP_INFO.get(rsrc2),
        );
        d(
            "system_vgpr_workitem_id",
            RSRC2_ENABLE_VGPR_WORKITEM_ID.get(rsrc2),
        );
        d(
            "exception_fp_ieee_invalid_op",
            RSRC2_EXCEPTION_IEEE_754_FP_INVALID_OPERATION.get(rsrc2),
        );
        d(
            "exception_fp_denorm_src",
            RSRC2_EXCEPTION_FP_DENORMAL_SOURCE.get(rsrc2),
        );
        d(
            "exception_fp_ieee_div_zero",
            RSRC2_EXCEPTION_IEEE_754_FP_DIVISION_BY_ZERO.get(rsrc2),
        );
        d(
            "exception_fp_ieee_overflow",
            RSRC2_EXCEPTION_IEEE_754_FP_OVERFLOW.get(rsrc2),
        );
        d(
            "exception_fp_ieee_underflow",
            RSRC2_EXCEPTION_IEEE_754_FP_UNDERFLOW.get(rsrc2),
        );
        d(
            "exception_fp_ieee_inexact",
            RSRC2_EXCEPTION_IEEE_754_FP_INEXACT.get(rsrc2),
        );
        d(
            "exception_int_div_zero",
            RSRC2_EXCEPTION_INT_DIVIDE_BY_ZERO.get(rsrc2),
        );
        // Kernel code properties.
        if !arch_flat_scratch {
            d(
                "user_sgpr_private_segment_buffer",
                KCP_ENABLE_SGPR_PRIVATE_SEGMENT_BUFFER.get(kcp),
            );
        }
        d(
            "user_sgpr_dispatch_ptr",
            KCP_ENABLE_SGPR_DISPATCH_PTR.get(kcp),
        );
        d("user_sgpr_queue_ptr", KCP_ENABLE_SGPR_QUEUE_PTR.get(kcp));
        d(
            "user_sgpr_kernarg_segment_ptr",
            KCP_ENABLE_SGPR_KERNARG_SEGMENT_PTR.get(kcp),
        );
        d(
            "user_sgpr_dispatch_id",
            KCP_ENABLE_SGPR_DISPATCH_ID.get(kcp),
        );
        if !arch_flat_scratch {
            d(
                "user_sgpr_flat_scratch_init",
                KCP_ENABLE_SGPR_FLAT_SCRATCH_INIT.get(kcp),
            );
        }
        d(
            "user_sgpr_private_segment_size",
            KCP_ENABLE_SGPR_PRIVATE_SEGMENT_SIZE.get(kcp),
        );
        if gfx11 {
            d("wavefront_size32", KCP_ENABLE_WAVEFRONT_SIZE32.get(kcp));
        }
        d("uses_dynamic_stack", KCP_USES_DYNAMIC_STACK.get(kcp));
        // Kernarg preload: printed only when nonzero.
        if PRELOAD_LENGTH.get(preload) != 0 {
            d(
                "user_sgpr_kernarg_preload_length",
                PRELOAD_LENGTH.get(preload),
            );
        }
        if PRELOAD_OFFSET.get(preload) != 0 {
            d(
                "user_sgpr_kernarg_preload_offset",
                PRELOAD_OFFSET.get(preload),
            );
        }
        out.push_str(".end_amdhsa_kernel\n");
        out
    }

    /// Every descriptor field with its llvm-objdump directive name, for
    /// `silk inspect` and JSON output: `(name, value)` in descriptor order.
    pub fn fields(&self, kernel_name: &str, processor: Processor) -> Vec<(String, String)> {
        let mut fields = vec![(
            "kernel_code_entry_byte_offset".to_string(),
            self.kernel_code_entry_byte_offset().to_string(),
        )];
        for line in self.directives(kernel_name, processor).lines() {
            let line = line.trim();
            if let Some(rest) = line.strip_prefix(".amdhsa_") {
                if rest.starts_with("kernel ") {
                    continue;
                }
                if let Some((k, v)) = rest.split_once(' ') {
                    fields.push((format!(".amdhsa_{k}"), v.to_string()));
                }
            } else if let Some(rest) = line.strip_prefix("; ") {
                if let Some((k, v)) = rest.split_once(' ') {
                    fields.push((k.to_string(), v.to_string()));
                }
            }
        }
        fields.push((
            ".amdhsa_user_sgpr_count".to_string(),
            self.user_sgpr_count().to_string(),
        ));
        fields
    }
}

fn dir(out: &mut String, name: &str, value: u32) {
    if let Some(comment) = name.strip_prefix(';') {
        let _ = writeln!(out, "\t; {comment} {value}");
    } else {
        let _ = writeln!(out, "\t.amdhsa_{name} {value}");
    }
}

/// llvm-objdump prints informational GFX11 bits as `; NAME value`.
fn comment(d: &mut dyn FnMut(&str, u32), name: &str, value: u32) {
    d(&format!(";{name}"), value);
}
