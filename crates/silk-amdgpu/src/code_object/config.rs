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
    /// same descriptor: every directive valid for `target`, with this
    /// config's values.
    pub fn assembler_directives(&self, target: &Target, kernel_name: &str) -> String {
        use std::fmt::Write;
        let p = target.processor;
        let gfx11 = p.generation() == Generation::Gfx11;
        let gfx90a = is_gfx90a_class(p);
        let arch_flat_scratch = p.info().capabilities.architected_flat_scratch;
        let mut out = format!(".amdhsa_kernel {kernel_name}\n");
        let mut d = |name: &str, v: u32| {
            let _ = writeln!(out, "  .amdhsa_{name} {v}");
        };
        d("group_segment_fixed_size", self.group_segment_fixed_size);
        d(
            "private_segment_fixed_size",
            self.private_segment_fixed_size,
        );
        d("kernarg_size", self.kernarg_size);
        if let Some(n) = self.user_sgpr_count {
            d("user_sgpr_count", n);
        }
        if !arch_flat_scratch {
            d(
                "user_sgpr_private_segment_buffer",
                self.user_sgpr_private_segment_buffer as u32,
            );
        }
        d("user_sgpr_dispatch_ptr", self.user_sgpr_dispatch_ptr as u32);
        d("user_sgpr_queue_ptr", self.user_sgpr_queue_ptr as u32);
        d(
            "user_sgpr_kernarg_segment_ptr",
            self.user_sgpr_kernarg_segment_ptr as u32,
        );
        d("user_sgpr_dispatch_id", self.user_sgpr_dispatch_id as u32);
        if !arch_flat_scratch {
            d(
                "user_sgpr_flat_scratch_init",
                self.user_sgpr_flat_scratch_init as u32,
            );
        }
        if self.user_sgpr_kernarg_preload_length != 0 {
            d(
                "user_sgpr_kernarg_preload_length",
                self.user_sgpr_kernarg_preload_length,
            );
            d(
                "user_sgpr_kernarg_preload_offset",
                self.user_sgpr_kernarg_preload_offset,
            );
        }
        d(
            "user_sgpr_private_segment_size",
            self.user_sgpr_private_segment_size as u32,
        );
        if gfx11 {
            d("wavefront_size32", self.wavefront_size32 as u32);
        }
        d("uses_dynamic_stack", self.uses_dynamic_stack as u32);
        if arch_flat_scratch {
            d("enable_private_segment", self.enable_private_segment as u32);
        } else {
            d(
                "system_sgpr_private_segment_wavefront_offset",
                self.enable_private_segment as u32,
            );
        }
        d(
            "system_sgpr_workgroup_id_x",
            self.system_sgpr_workgroup_id_x as u32,
        );
        d(
            "system_sgpr_workgroup_id_y",
            self.system_sgpr_workgroup_id_y as u32,
        );
        d(
            "system_sgpr_workgroup_id_z",
            self.system_sgpr_workgroup_id_z as u32,
        );
        d(
            "system_sgpr_workgroup_info",
            self.system_sgpr_workgroup_info as u32,
        );
        d("system_vgpr_workitem_id", self.system_vgpr_workitem_id);
        d("next_free_vgpr", self.next_free_vgpr);
        d("next_free_sgpr", self.next_free_sgpr);
        if gfx90a {
            d("accum_offset", self.accum_offset);
        }
        d("reserve_vcc", self.reserve_vcc as u32);
        if !arch_flat_scratch {
            d("reserve_flat_scratch", self.reserve_flat_scratch as u32);
        }
        // `.amdhsa_reserve_xnack_mask` must equal the target ID's xnack
        // setting (llvm-mc rejects anything else), so it is left implied.
        d("float_round_mode_32", self.float_round_mode_32 as u32);
        d("float_round_mode_16_64", self.float_round_mode_16_64 as u32);
        d("float_denorm_mode_32", self.float_denorm_mode_32 as u32);
        d(
            "float_denorm_mode_16_64",
            self.float_denorm_mode_16_64 as u32,
        );
        d("dx10_clamp", self.dx10_clamp as u32);
        d("ieee_mode", self.ieee_mode as u32);
        d("fp16_overflow", self.fp16_overflow as u32);
        if gfx90a {
            d("tg_split", self.tg_split as u32);
        }
        if gfx11 {
            d(
                "workgroup_processor_mode",
                self.workgroup_processor_mode as u32,
            );
            d("memory_ordered", self.memory_ordered as u32);
            d("forward_progress", self.forward_progress as u32);
            d("shared_vgpr_count", self.shared_vgpr_count);
            d("inst_pref_size", self.inst_pref_size);
        }
        d(
            "exception_fp_ieee_invalid_op",
            self.exception_fp_ieee_invalid_op as u32,
        );
        d(
            "exception_fp_denorm_src",
            self.exception_fp_denorm_src as u32,
        );
        d(
            "exception_fp_ieee_div_zero",
            self.exception_fp_ieee_div_zero as u32,
        );
        d(
            "exception_fp_ieee_overflow",
            self.exception_fp_ieee_overflow as u32,
        );
        d(
            "exception_fp_ieee_underflow",
            self.exception_fp_ieee_underflow as u32,
        );
        d(
            "exception_fp_ieee_inexact",
            self.exception_fp_ieee_inexact as u32,
        );
        d("exception_int_div_zero", self.exception_int_div_zero as u32);
        out.push_str(".end_amdhsa_kernel\n");
        out
    }
}

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
