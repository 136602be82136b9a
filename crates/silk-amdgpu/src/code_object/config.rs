//! `KernelConfig`: one typed field per `.amdhsa_*` kernel directive that
//! LLVM 22 accepts and prints for gfx942, gfx1100 and gfx1151
//! ([AMDGPUUsage] "Code Object V3 and Above AMDHSA Kernel Directives"), with
//! the assembler's defaults, and the granulated register-count arithmetic
//! of `AMDGPUAsmParser::calculateGPRBlocks` / `IsaInfo::getNumExtraSGPRs`.

use crate::target::{FeatureSetting, Generation, Processor, Target};
use serde::Serialize;

/// `FLOAT_ROUND_MODE_*` ([AMDGPUUsage] "Floating Point Rounding Mode
/// Enumeration Values").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Default)]
pub enum FloatRoundMode {
    #[default]
    NearEven = 0,
    PlusInfinity = 1,
    MinusInfinity = 2,
    Zero = 3,
}

/// `FLOAT_DENORM_MODE_*` ([AMDGPUUsage] "Floating Point Denorm Mode
/// Enumeration Values").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Default)]
pub enum FloatDenormMode {
    FlushSrcDst = 0,
    FlushDst = 1,
    FlushSrc = 2,
    #[default]
    FlushNone = 3,
}

impl FloatRoundMode {
    pub fn from_bits(bits: u32) -> Self {
        match bits & 3 {
            0 => Self::NearEven,
            1 => Self::PlusInfinity,
            2 => Self::MinusInfinity,
            _ => Self::Zero,
        }
    }
}

impl FloatDenormMode {
    pub fn from_bits(bits: u32) -> Self {
        match bits & 3 {
            0 => Self::FlushSrcDst,
            1 => Self::FlushDst,
            2 => Self::FlushSrc,
            _ => Self::FlushNone,
        }
    }
}

/// Descriptor bits no directive controls (priority, trap handler, debug
/// bits, reserved fields). Kept so that reading then writing a descriptor
/// reproduces it bit for bit; the validator reports any that are set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Default)]
pub struct UnmodelledBits {
    pub compute_pgm_rsrc1: u32,
    pub compute_pgm_rsrc2: u32,
    pub compute_pgm_rsrc3: u32,
    pub kernel_code_properties: u16,
    pub kernarg_preload: u16,
    /// Descriptor bytes 12..16, 24..44 and 60..64 (must be zero).
    pub reserved0: [u8; 4],
    pub reserved1: [u8; 20],
    pub reserved3: [u8; 4],
}

impl UnmodelledBits {
    pub fn is_zero(&self) -> bool {
        *self == UnmodelledBits::default()
    }
}

/// Every `.amdhsa_*` kernel directive for the supported processors. Field
/// names are the directive names without the `.amdhsa_` prefix.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct KernelConfig {
    // Descriptor bytes 0..12.
    pub group_segment_fixed_size: u32,
    pub private_segment_fixed_size: u32,
    pub kernarg_size: u32,
    // User SGPRs: kernel_code_properties and COMPUTE_PGM_RSRC2.USER_SGPR_COUNT.
    /// `.amdhsa_user_sgpr_count`; `None` means the count implied by the
    /// enabled user SGPRs (the assembler's default).
    pub user_sgpr_count: Option<u32>,
    /// Not available with architected flat scratch (all three processors).
    pub user_sgpr_private_segment_buffer: bool,
    pub user_sgpr_dispatch_ptr: bool,
    pub user_sgpr_queue_ptr: bool,
    pub user_sgpr_kernarg_segment_ptr: bool,
    pub user_sgpr_dispatch_id: bool,
    /// Not available with architected flat scratch (all three processors).
    pub user_sgpr_flat_scratch_init: bool,
    pub user_sgpr_private_segment_size: bool,
    pub user_sgpr_kernarg_preload_length: u32,
    pub user_sgpr_kernarg_preload_offset: u32,
    /// GFX10+ only.
    pub wavefront_size32: bool,
    pub uses_dynamic_stack: bool,
    // COMPUTE_PGM_RSRC2 system registers.
    /// `.amdhsa_enable_private_segment` (with architected flat scratch; the
    /// same bit as `.amdhsa_system_sgpr_private_segment_wavefront_offset`).
    pub enable_private_segment: bool,
    pub system_sgpr_workgroup_id_x: bool,
    pub system_sgpr_workgroup_id_y: bool,
    pub system_sgpr_workgroup_id_z: bool,
    pub system_sgpr_workgroup_info: bool,
    /// 0 = X, 1 = X and Y, 2 = X, Y and Z.
    pub system_vgpr_workitem_id: u32,
    // Register counts (COMPUTE_PGM_RSRC1 granulated fields, RSRC3 accum offset).
    /// One more than the highest VGPR used; on gfx942 the unified
    /// VGPR + AGPR count (AGPRs start at `accum_offset`).
    pub next_free_vgpr: u32,
    /// One more than the highest SGPR used (excluding VCC etc.).
    pub next_free_sgpr: u32,
    /// gfx90a-class (gfx942) only: first AGPR in the unified file, a
    /// multiple of 4 in 4..=256.
    pub accum_offset: u32,
    pub reserve_vcc: bool,
    /// Only without architected flat scratch.
    pub reserve_flat_scratch: bool,
    pub reserve_xnack_mask: bool,
    // COMPUTE_PGM_RSRC1 modes.
    pub float_round_mode_32: FloatRoundMode,
    pub float_round_mode_16_64: FloatRoundMode,
    pub float_denorm_mode_32: FloatDenormMode,
    pub float_denorm_mode_16_64: FloatDenormMode,
    pub dx10_clamp: bool,
    pub ieee_mode: bool,
    pub fp16_overflow: bool,
    /// GFX10+ only.
    pub workgroup_processor_mode: bool,
    /// GFX10+ only.
    pub memory_ordered: bool,
    /// GFX10+ only.
    pub forward_progress: bool,
    // COMPUTE_PGM_RSRC3.
    /// GFX10/GFX11 wave64 only.
    pub shared_vgpr_count: u32,
    /// GFX11: instruction prefetch size in 128-byte cache lines.
    pub inst_pref_size: u32,
    /// GFX11 `TRAP_ON_START` (printed by llvm-objdump as a comment).
    pub trap_on_start: bool,
    /// GFX11 `TRAP_ON_END` (printed by llvm-objdump as a comment).
    pub trap_on_end: bool,
    /// GFX11 `IMAGE_OP` (printed by llvm-objdump as a comment).
    pub image_op: bool,
    /// gfx90a-class only.
    pub tg_split: bool,
    // COMPUTE_PGM_RSRC2 exception enables.
    pub exception_fp_ieee_invalid_op: bool,
    pub exception_fp_denorm_src: bool,
    pub exception_fp_ieee_div_zero: bool,
    pub exception_fp_ieee_overflow: bool,
    pub exception_fp_ieee_underflow: bool,
    pub exception_fp_ieee_inexact: bool,
    pub exception_int_div_zero: bool,
    /// Bits that no directive controls; zero for anything LLVM emits.
    pub unmodelled: UnmodelledBits,
}

impl KernelConfig {
    /// The values `llvm-mc` 22 uses for a `.amdhsa_kernel` block that names
    /// only the required directives (`.amdhsa_next_free_vgpr/sgpr` = 0 and,
    /// on gfx942, `.amdhsa_accum_offset 4`): denorm mode 0 for FP32 and 3
    /// for FP16/64, DX10 clamp and IEEE mode on, workgroup-id X on, VCC
    /// reserved; on GFX11 wave32 (from the target), WGP mode, memory-ordered
    /// and forward progress on.
    pub fn assembler_defaults(target: &Target) -> KernelConfig {
        let gfx11 = target.processor.generation() == Generation::Gfx11;
        KernelConfig {
            group_segment_fixed_size: 0,
            private_segment_fixed_size: 0,
            kernarg_size: 0,
            user_sgpr_count: None,
            user_sgpr_private_segment_buffer: false,
            user_sgpr_dispatch_ptr: false,
            user_sgpr_queue_ptr: false,
            user_sgpr_kernarg_segment_ptr: false,
            user_sgpr_dispatch_id: false,
            user_sgpr_flat_scratch_init: false,
            user_sgpr_private_segment_size: false,
            user_sgpr_kernarg_preload_length: 0,
            user_sgpr_kernarg_preload_offset: 0,
            wavefront_size32: gfx11 && target.wavefront_size == 32,
            uses_dynamic_stack: false,
            enable_private_segment: false,
            system_sgpr_workgroup_id_x: true,
            system_sgpr_workgroup_id_y: false,
            system_sgpr_workgroup_id_z: false,
            system_sgpr_workgroup_info: false,
            system_vgpr_workitem_id: 0,
            next_free_vgpr: 0,
            next_free_sgpr: 0,
            accum_offset: if is_gfx90a_class(target.processor) {
                4
            } else {
                0
            },
            reserve_vcc: true,
            reserve_flat_scratch: false,
            // The assembler's default is the target ID's xnack on/any.
            reserve_xnack_mask: matches!(target.xnack, FeatureSetting::On | FeatureSetting::Any),
            float_round_mode_32: FloatRoundMode::NearEven,
            float_round_mode_16_64: FloatRoundMode::NearEven,
            float_denorm_mode_32: FloatDenormMode::FlushSrcDst,
            float_denorm_mode_16_64: FloatDenormMode::FlushNone,
            dx10_clamp: true,
            ieee_mode: true,
            fp16_overflow: false,
            workgroup_processor_mode: gfx11 && target.info().wgp_mode_default == Some(true),
            memory_ordered: gfx11,
            forward_progress: gfx11,
            shared_vgpr_count: 0,
            inst_pref_size: 0,
            trap_on_start: false,
            trap_on_end: false,
            image_op: false,
            tg_split: false,
            exception_fp_ieee_invalid_op: false,
            exception_fp_denorm_src: false,
            exception_fp_ieee_div_zero: false,
            exception_fp_ieee_overflow: false,
            exception_fp_ieee_underflow: false,
            exception_fp_ieee_inexact: false,
            exception_int_div_zero: false,
            unmodelled: UnmodelledBits::default(),
        }
    }

    /// What clang -O3 emits for an ordinary HIP kernel: the assembler
    /// defaults plus FP32 denormals preserved (denorm mode 3) and the
    /// kernarg segment pointer enabled when `kernarg_size` is nonzero.
    pub fn compiler_defaults(target: &Target, kernarg_size: u32) -> KernelConfig {
        KernelConfig {
            kernarg_size,
            user_sgpr_kernarg_segment_ptr: kernarg_size != 0,
            float_denorm_mode_32: FloatDenormMode::FlushNone,
            ..KernelConfig::assembler_defaults(target)
        }
    }

    /// `.amdhsa_inst_pref_size` as LLVM 22 computes it on GFX11: the code
    /// size in 128-byte instruction cache lines, at most 63 (the field is
    /// 6 bits). Zero on other generations.
    pub fn inst_pref_size_for(target: &Target, code_len: usize) -> u32 {
        if target.processor.generation() == Generation::Gfx11 {
            (code_len.div_ceil(128)).min(63) as u32
        } else {
            0
        }
    }

    /// User SGPRs implied by the enabled `user_sgpr_*` fields
    /// ([AMDGPUUsage] "Initial Kernel Execution State": private segment
    /// buffer 4, pointers and dispatch id 2 each, private segment size 1,
    /// plus preloaded kernarg SGPRs).
    pub fn implied_user_sgpr_count(&self) -> u32 {
        (4 * self.user_sgpr_private_segment_buffer as u32
            + 2 * self.user_sgpr_dispatch_ptr as u32
            + 2 * self.user_sgpr_queue_ptr as u32
            + 2 * self.user_sgpr_kernarg_segment_ptr as u32
            + 2 * self.user_sgpr_dispatch_id as u32
            + 2 * self.user_sgpr_flat_scratch_init as u32
            + self.user_sgpr_private_segment_size as u32)
            .saturating_add(self.user_sgpr_kernarg_preload_length)
    }

    /// The USER_SGPR_COUNT the descriptor records.
    pub fn effective_user_sgpr_count(&self) -> u32 {
        self.user_sgpr_count
            .unwrap_or_else(|| self.implied_user_sgpr_count())
    }

    /// SGPRs the hardware reserves beyond `next_free_sgpr`
    /// (`IsaInfo::getNumExtraSGPRs`): on GFX9 with architected flat scratch
    /// (gfx942) always 6; none counted on GFX10+.
    pub fn extra_sgprs(&self, processor: Processor) -> u32 {
        if processor.generation() == Generation::Gfx11 {
            return 0;
        }
        let mut extra = if self.reserve_vcc { 2 } else { 0 };
        if self.reserve_xnack_mask {
            extra = 4;
        }
        if self.reserve_flat_scratch || processor.info().capabilities.architected_flat_scratch {
            extra = 6;
        }
        extra
    }

    /// `COMPUTE_PGM_RSRC1.GRANULATED_WORKITEM_VGPR_COUNT`:
    /// `ceil(max(1, next_free_vgpr) / granule) - 1`.
    pub fn granulated_vgpr_count(&self, target: &Target) -> u32 {
        let granule = vgpr_encoding_granule(target.processor, self.wavefront_size32);
        self.next_free_vgpr.max(1).div_ceil(granule) - 1
    }

    /// `COMPUTE_PGM_RSRC1.GRANULATED_WAVEFRONT_SGPR_COUNT`: zero on GFX10+;
    /// on GFX9 `ceil(max(1, next_free_sgpr + extra) / 8) - 1`.
    pub fn granulated_sgpr_count(&self, target: &Target) -> u32 {
        if target.processor.generation() == Generation::Gfx11 {
            return 0;
        }
        let total = self.next_free_sgpr + self.extra_sgprs(target.processor);
        let granule = target.info().sgpr_encoding_granule;
        total.max(1).div_ceil(granule) - 1
    }
}

impl KernelConfig {
    /// The `.amdhsa_kernel` block an assembler (llvm-mc 22) turns into the
    /// same descriptor: every directive valid for `target` (see
    /// [`KERNEL_DIRECTIVES`]), with this config's values.
    pub fn assembler_directives(&self, target: &Target, kernel_name: &str) -> String {
        use std::fmt::Write;
        let mut out = format!(".amdhsa_kernel {kernel_name}\n");
        for d in KERNEL_DIRECTIVES {
            if !(d.available)(target) {
                continue;
            }
            if let Some(v) = (d.print)(self) {
                let _ = writeln!(out, "  .amdhsa_{} {v}", d.name);
            }
        }
        out.push_str(".end_amdhsa_kernel\n");
        out
    }
}

/// One `.amdhsa_*` kernel directive: its name (without `.amdhsa_`), where
/// LLVM 22 accepts it, its largest value, and how it reads and writes a
/// [`KernelConfig`]. [`KERNEL_DIRECTIVES`] lists them in the order
/// [`KernelConfig::assembler_directives`] prints them; the assembler
/// parses `.amdhsa_kernel` blocks with the same table.
pub struct KernelDirective {
    pub name: &'static str,
    /// Whether the directive exists for this target.
    pub available: fn(&Target) -> bool,
    /// Largest accepted value (the descriptor field's range).
    pub max: u64,
    /// The value to print, or `None` when the directive is left implied.
    pub print: fn(&KernelConfig) -> Option<u64>,
    /// Stores a value already checked against `max`.
    pub set: fn(&mut KernelConfig, u64),
}

impl KernelDirective {
    pub fn find(name: &str) -> Option<&'static KernelDirective> {
        KERNEL_DIRECTIVES.iter().find(|d| d.name == name)
    }
}

fn always(_: &Target) -> bool {
    true
}
fn gfx11_only(t: &Target) -> bool {
    t.processor.generation() == Generation::Gfx11
}
fn gfx90a_only(t: &Target) -> bool {
    is_gfx90a_class(t.processor)
}
fn with_arch_flat_scratch(t: &Target) -> bool {
    t.processor.info().capabilities.architected_flat_scratch
}
fn without_arch_flat_scratch(t: &Target) -> bool {
    !with_arch_flat_scratch(t)
}

macro_rules! flag {
    ($name:literal, $avail:expr, $field:ident) => {
        KernelDirective {
            name: $name,
            available: $avail,
            max: 1,
            print: |c| Some(c.$field as u64),
            set: |c, v| c.$field = v != 0,
        }
    };
}
macro_rules! number {
    ($name:literal, $avail:expr, $max:expr, $field:ident) => {
        KernelDirective {
            name: $name,
            available: $avail,
            max: $max as u64,
            print: |c| Some(c.$field as u64),
            set: |c, v| c.$field = v as u32,
        }
    };
}
macro_rules! mode {
    ($name:literal, $field:ident, $ty:ident) => {
        KernelDirective {
            name: $name,
            available: always,
            max: 3,
            print: |c| Some(c.$field as u64),
            set: |c, v| c.$field = $ty::from_bits(v as u32),
        }
    };
}

/// Every `.amdhsa_*` directive LLVM 22 accepts inside `.amdhsa_kernel` for
/// gfx942, gfx1100 and gfx1151 ([AMDGPUUsage] "Code Object V3 and Above
/// AMDHSA Kernel Directives"), in print order.
pub static KERNEL_DIRECTIVES: &[KernelDirective] = &[
    number!(
        "group_segment_fixed_size",
        always,
        u32::MAX,
        group_segment_fixed_size
    ),
    number!(
        "private_segment_fixed_size",
        always,
        u32::MAX,
        private_segment_fixed_size
    ),
    number!("kernarg_size", always, u32::MAX, kernarg_size),
    KernelDirective {
        name: "user_sgpr_count",
        available: always,
        max: 32,
        print: |c| c.user_sgpr_count.map(u64::from),
        set: |c, v| c.user_sgpr_count = Some(v as u32),
    },
    flag!(
        "user_sgpr_private_segment_buffer",
        without_arch_flat_scratch,
        user_sgpr_private_segment_buffer
    ),
    flag!("user_sgpr_dispatch_ptr", always, user_sgpr_dispatch_ptr),
    flag!("user_sgpr_queue_ptr", always, user_sgpr_queue_ptr),
    flag!(
        "user_sgpr_kernarg_segment_ptr",
        always,
        user_sgpr_kernarg_segment_ptr
    ),
    flag!("user_sgpr_dispatch_id", always, user_sgpr_dispatch_id),
    flag!(
        "user_sgpr_flat_scratch_init",
        without_arch_flat_scratch,
        user_sgpr_flat_scratch_init
    ),
    KernelDirective {
        name: "user_sgpr_kernarg_preload_length",
        available: gfx90a_only,
        max: 16,
        print: |c| {
            (c.user_sgpr_kernarg_preload_length != 0)
                .then_some(c.user_sgpr_kernarg_preload_length as u64)
        },
        set: |c, v| c.user_sgpr_kernarg_preload_length = v as u32,
    },
    KernelDirective {
        name: "user_sgpr_kernarg_preload_offset",
        available: gfx90a_only,
        max: 0xffff,
        print: |c| {
            (c.user_sgpr_kernarg_preload_length != 0)
                .then_some(c.user_sgpr_kernarg_preload_offset as u64)
        },
        set: |c, v| c.user_sgpr_kernarg_preload_offset = v as u32,
    },
    flag!(
        "user_sgpr_private_segment_size",
        always,
        user_sgpr_private_segment_size
    ),
    flag!("wavefront_size32", gfx11_only, wavefront_size32),
    flag!("uses_dynamic_stack", always, uses_dynamic_stack),
    flag!(
        "enable_private_segment",
        with_arch_flat_scratch,
        enable_private_segment
    ),
    flag!(
        "system_sgpr_private_segment_wavefront_offset",
        without_arch_flat_scratch,
        enable_private_segment
    ),
    flag!(
        "system_sgpr_workgroup_id_x",
        always,
        system_sgpr_workgroup_id_x
    ),
    flag!(
        "system_sgpr_workgroup_id_y",
        always,
        system_sgpr_workgroup_id_y
    ),
    flag!(
        "system_sgpr_workgroup_id_z",
        always,
        system_sgpr_workgroup_id_z
    ),
    flag!(
        "system_sgpr_workgroup_info",
        always,
        system_sgpr_workgroup_info
    ),
    number!(
        "system_vgpr_workitem_id",
        always,
        2,
        system_vgpr_workitem_id
    ),
    number!("next_free_vgpr", always, 1024, next_free_vgpr),
    number!("next_free_sgpr", always, 1024, next_free_sgpr),
    number!("accum_offset", gfx90a_only, 256, accum_offset),
    flag!("reserve_vcc", always, reserve_vcc),
    flag!(
        "reserve_flat_scratch",
        without_arch_flat_scratch,
        reserve_flat_scratch
    ),
    // Must equal the target ID's xnack setting (llvm-mc rejects anything
    // else), so it is never printed.
    KernelDirective {
        name: "reserve_xnack_mask",
        available: always,
        max: 1,
        print: |_| None,
        set: |c, v| c.reserve_xnack_mask = v != 0,
    },
    mode!("float_round_mode_32", float_round_mode_32, FloatRoundMode),
    mode!(
        "float_round_mode_16_64",
        float_round_mode_16_64,
        FloatRoundMode
    ),
    mode!(
        "float_denorm_mode_32",
        float_denorm_mode_32,
        FloatDenormMode
    ),
    mode!(
        "float_denorm_mode_16_64",
        float_denorm_mode_16_64,
        FloatDenormMode
    ),
    flag!("dx10_clamp", always, dx10_clamp),
    flag!("ieee_mode", always, ieee_mode),
    flag!("fp16_overflow", always, fp16_overflow),
    flag!("tg_split", gfx90a_only, tg_split),
    flag!(
        "workgroup_processor_mode",
        gfx11_only,
        workgroup_processor_mode
    ),
    flag!("memory_ordered", gfx11_only, memory_ordered),
    flag!("forward_progress", gfx11_only, forward_progress),
    number!("shared_vgpr_count", gfx11_only, 15, shared_vgpr_count),
    number!("inst_pref_size", gfx11_only, 63, inst_pref_size),
    flag!(
        "exception_fp_ieee_invalid_op",
        always,
        exception_fp_ieee_invalid_op
    ),
    flag!("exception_fp_denorm_src", always, exception_fp_denorm_src),
    flag!(
        "exception_fp_ieee_div_zero",
        always,
        exception_fp_ieee_div_zero
    ),
    flag!(
        "exception_fp_ieee_overflow",
        always,
        exception_fp_ieee_overflow
    ),
    flag!(
        "exception_fp_ieee_underflow",
        always,
        exception_fp_ieee_underflow
    ),
    flag!(
        "exception_fp_ieee_inexact",
        always,
        exception_fp_ieee_inexact
    ),
    flag!("exception_int_div_zero", always, exception_int_div_zero),
];

/// gfx90a-class processors (unified VGPR/AGPR file, `ACCUM_OFFSET`,
/// `TG_SPLIT`, `s_nop` code-end padding): gfx942 among ours.
pub fn is_gfx90a_class(processor: Processor) -> bool {
    processor.info().capabilities.mfma
}

/// VGPR encoding granule (`IsaInfo::getVGPREncodingGranule`): 8 on gfx942;
/// on GFX11 8 in wave32 and 4 in wave64.
pub fn vgpr_encoding_granule(processor: Processor, wavefront_size32: bool) -> u32 {
    match processor.generation() {
        Generation::Gfx9 => processor.info().vgpr_encoding_granule,
        Generation::Gfx11 => {
            if wavefront_size32 {
                processor.info().vgpr_encoding_granule
            } else {
                processor.info().vgpr_encoding_granule / 2
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(name: &str) -> Target {
        Target::parse(name).unwrap()
    }

    #[test]
    fn assembler_defaults_per_generation() {
        let c = KernelConfig::assembler_defaults(&t("gfx942"));
        assert!(!c.wavefront_size32 && !c.workgroup_processor_mode && !c.memory_ordered);
        assert_eq!(c.accum_offset, 4);
        assert_eq!(c.float_denorm_mode_32, FloatDenormMode::FlushSrcDst);
        assert_eq!(c.float_denorm_mode_16_64, FloatDenormMode::FlushNone);
        for p in ["gfx1100", "gfx1151"] {
            let c = KernelConfig::assembler_defaults(&t(p));
            assert!(c.wavefront_size32 && c.workgroup_processor_mode);
            assert!(c.memory_ordered && c.forward_progress);
            assert_eq!(c.accum_offset, 0);
        }
        let w64 = t("gfx1100").with_wavefront_size(64).unwrap();
        assert!(!KernelConfig::assembler_defaults(&w64).wavefront_size32);
        let cc = KernelConfig::compiler_defaults(&t("gfx942"), 20);
        assert!(cc.user_sgpr_kernarg_segment_ptr);
        assert_eq!(cc.float_denorm_mode_32, FloatDenormMode::FlushNone);
        assert_eq!(cc.effective_user_sgpr_count(), 2);
    }

    #[test]
    fn granulated_counts() {
        // gfx942: next_free_sgpr 16 + 6 extra = 22 -> 3 blocks of 8 -> 2
        // (llvm-mc 22 prints `.amdhsa_next_free_sgpr 24` back).
        let g = t("gfx942");
        let mut c = KernelConfig::assembler_defaults(&g);
        c.next_free_sgpr = 16;
        c.next_free_vgpr = 9;
        assert_eq!(c.granulated_sgpr_count(&g), 2);
        assert_eq!(c.granulated_vgpr_count(&g), 1);
        c.next_free_sgpr = 0;
        c.next_free_vgpr = 0;
        assert_eq!(c.granulated_sgpr_count(&g), 0);
        assert_eq!(c.granulated_vgpr_count(&g), 0);
        // GFX11: SGPR field is zero; VGPR granule 8 (wave32) / 4 (wave64).
        let r = t("gfx1100");
        let mut c = KernelConfig::assembler_defaults(&r);
        c.next_free_sgpr = 100;
        c.next_free_vgpr = 17;
        assert_eq!(c.granulated_sgpr_count(&r), 0);
        assert_eq!(c.granulated_vgpr_count(&r), 2);
        c.wavefront_size32 = false;
        assert_eq!(c.granulated_vgpr_count(&r), 4);
    }

    #[test]
    fn user_sgpr_counts_and_inst_pref() {
        let g = t("gfx1151");
        let mut c = KernelConfig::assembler_defaults(&g);
        c.user_sgpr_dispatch_ptr = true;
        c.user_sgpr_queue_ptr = true;
        c.user_sgpr_kernarg_segment_ptr = true;
        c.user_sgpr_dispatch_id = true;
        c.user_sgpr_private_segment_size = true;
        assert_eq!(c.implied_user_sgpr_count(), 9);
        c.user_sgpr_count = Some(15);
        assert_eq!(c.effective_user_sgpr_count(), 15);
        assert_eq!(KernelConfig::inst_pref_size_for(&g, 136), 2);
        assert_eq!(KernelConfig::inst_pref_size_for(&g, 32), 1);
        assert_eq!(KernelConfig::inst_pref_size_for(&g, 1 << 20), 63);
        assert_eq!(KernelConfig::inst_pref_size_for(&t("gfx942"), 136), 0);
    }
}
