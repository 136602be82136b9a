//! Processor identities and the facts the toolchain asks about them.
//!
//! This plays the role of rocRoller's GPUArchitectureLibrary, as typed data.
//! Sources, cited per field below:
//! - [AMDGPUUsage] LLVM "User Guide for AMDGPU Backend": processor table,
//!   ELF `e_flags` (table "AMDGPU ELF Header e_flags for Code Object V4 and
//!   After"), target IDs, code object V6.
//! - [CDNA3] AMD "Instinct MI300 ISA Reference Guide" (CDNA3).
//! - [RDNA3] AMD "RDNA3 Instruction Set Architecture Reference Guide".
//! - [RDNA3.5] AMD "RDNA3.5 Instruction Set Architecture Reference Guide".

use serde::Serialize;
use std::fmt;

/// The processors this toolchain generates code for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Processor {
    Gfx942,
    Gfx1100,
    Gfx1151,
}

/// ISA generation: which instruction table and encoding rules apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Generation {
    /// GFX9 encodings as extended by CDNA3 (MI300).
    Gfx9,
    /// GFX11 encodings (RDNA3 and RDNA3.5).
    Gfx11,
}

/// A target-ID feature setting ([AMDGPUUsage] "Target ID"): `any` when the
/// code object works either way, `on`/`off` when compiled for one mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum FeatureSetting {
    /// Feature not supported by the processor.
    Unsupported,
    #[default]
    Any,
    Off,
    On,
}

/// Wait-counter maxima (the largest encodable count), from the `S_WAITCNT`
/// field widths in [`crate::waitcnt`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct WaitCounterLimits {
    pub vmcnt: u32,
    pub expcnt: u32,
    pub lgkmcnt: u32,
    /// Vector-store counter, separate from vmcnt on GFX10+ (`S_WAITCNT_VSCNT`).
    pub vscnt: Option<u32>,
}

/// Instruction-set capabilities that change what code may be emitted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Capabilities {
    /// Matrix fused multiply-add (`v_mfma_*`) with AGPR accumulators.
    pub mfma: bool,
    /// Wave matrix multiply-accumulate (`v_wmma_*`).
    pub wmma: bool,
    /// Packed FP32 VALU ops (`v_pk_fma_f32`, `v_pk_mul_f32`, ...).
    pub packed_fp32: bool,
    /// Dot-product instructions (`v_dot2_f32_f16`, `v_dot4_i32_i8`, ...).
    pub dot_insts: bool,
    /// True 16-bit register halves (`v1.l`, `v1.h`) in VALU operands.
    pub true16: bool,
    /// Dual-issue VOPD encoding.
    pub vopd: bool,
    /// SDWA sub-dword addressing.
    pub sdwa: bool,
    /// XNACK (retry on page fault) mode can be selected.
    pub xnack: bool,
    /// SRAM ECC mode can be selected.
    pub sramecc: bool,
    /// Architected flat scratch (no flat-scratch-init user SGPRs).
    pub architected_flat_scratch: bool,
    /// A VOP3 DPP `src1` may be an SGPR or an inline constant (RDNA3.5;
    /// RDNA3 takes only a VGPR there).
    pub dpp_src1_scalar: bool,
    /// `v_mad_u64_u32` / `v_mad_i64_i32` must not write a register they
    /// read (LLVM AMDGPU.td `FeatureMADIntraFwdBug`, "MAD_U64/I64 intra
    /// instruction forwarding bug": RDNA3 gfx1100; clang-22 overlaps the
    /// result with the addend on gfx942 and gfx1151).
    pub mad_intra_fwd_bug: bool,
}

/// Everything fixed about one processor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ProcessorInfo {
    pub processor: Processor,
    /// LLVM processor name (`gfx942`).
    pub name: &'static str,
    pub generation: Generation,
    /// AMD's architecture family name.
    pub architecture: &'static str,
    /// Example products, for humans.
    pub products: &'static str,
    /// `EF_AMDGPU_MACH_*` value in the low byte of `e_flags` [AMDGPUUsage].
    pub elf_mach: u32,
    /// Wavefront size used when nothing else is asked for.
    pub default_wavefront_size: u32,
    /// Whether wave64 may be selected explicitly (always the default on GFX9).
    pub supports_wave32: bool,
    /// WGP mode default; `None` where the processor has no WGPs (CDNA).
    pub wgp_mode_default: Option<bool>,
    /// SGPRs a wave may address, excluding VCC ([AMDGPUUsage] "Memory model"
    /// register tables; [CDNA3] §3.1.1: s0..s101; [RDNA3] §3.3: s0..s105).
    pub addressable_sgprs: u32,
    /// SGPR allocation granule (GFX9: 16; GFX10+ SGPRs are not allocated
    /// per wave, every wave has all of them).
    pub sgpr_alloc_granule: u32,
    /// Granule of `GRANULATED_WAVEFRONT_SGPR_COUNT` in `COMPUTE_PGM_RSRC1`
    /// ([AMDGPUUsage] "compute_pgm_rsrc1"); zero-valued field on GFX10+.
    pub sgpr_encoding_granule: u32,
    /// Architected VGPRs a wave may address.
    pub addressable_vgprs: u32,
    /// Accumulation VGPRs (AGPRs); zero where there are none.
    pub addressable_agprs: u32,
    /// Total VGPRs per SIMD lane available to the waves of that SIMD, for
    /// the default wavefront size ([CDNA3] unified 512-entry VGPR/AGPR file;
    /// gfx1100/gfx1151 have the 1.5x VGPR file: 1536 in wave32).
    pub total_vgprs: u32,
    /// VGPR allocation granule for the default wavefront size.
    pub vgpr_alloc_granule: u32,
    /// Granule of `GRANULATED_WORKITEM_VGPR_COUNT` for the default
    /// wavefront size ([AMDGPUUsage] "compute_pgm_rsrc1").
    pub vgpr_encoding_granule: u32,
    /// Maximum waves resident per SIMD.
    pub max_waves_per_simd: u32,
    /// LDS bytes one workgroup may allocate.
    pub lds_bytes_per_workgroup: u32,
    /// LDS allocation granule in bytes (`GROUP_SEGMENT_SIZE` granularity
    /// of `COMPUTE_PGM_RSRC2.LDS_SIZE`).
    pub lds_alloc_granule: u32,
    /// Largest `x*y*z` workgroup size.
    pub max_flat_workgroup_size: u32,
    pub wait_counters: WaitCounterLimits,
    pub capabilities: Capabilities,
}

const GFX942: ProcessorInfo = ProcessorInfo {
    processor: Processor::Gfx942,
    name: "gfx942",
    generation: Generation::Gfx9,
    architecture: "CDNA3",
    products: "Instinct MI300X, MI300A, MI325X",
    elf_mach: 0x04c,
    default_wavefront_size: 64,
    supports_wave32: false,
    wgp_mode_default: None,
    addressable_sgprs: 102,
    sgpr_alloc_granule: 16,
    sgpr_encoding_granule: 8,
    addressable_vgprs: 256,
    addressable_agprs: 256,
    total_vgprs: 512,
    vgpr_alloc_granule: 8,
    vgpr_encoding_granule: 8,
    max_waves_per_simd: 8,
    lds_bytes_per_workgroup: 64 * 1024,
    lds_alloc_granule: 512,
    max_flat_workgroup_size: 1024,
    wait_counters: crate::waitcnt::limits(Generation::Gfx9),
    capabilities: Capabilities {
        mfma: true,
        wmma: false,
        packed_fp32: true,
        dot_insts: true,
        true16: false,
        vopd: false,
        sdwa: true,
        xnack: true,
        sramecc: true,
        architected_flat_scratch: true,
        dpp_src1_scalar: false,
        mad_intra_fwd_bug: false,
    },
};

const GFX11_WAIT_COUNTERS: WaitCounterLimits = crate::waitcnt::limits(Generation::Gfx11);

const GFX11_CAPABILITIES: Capabilities = Capabilities {
    mfma: false,
    wmma: true,
    packed_fp32: false,
    dot_insts: true,
    true16: true,
    vopd: true,
    sdwa: false,
    xnack: false,
    sramecc: false,
    architected_flat_scratch: true,
    dpp_src1_scalar: false,
    mad_intra_fwd_bug: true,
};

const GFX1100: ProcessorInfo = ProcessorInfo {
    processor: Processor::Gfx1100,
    name: "gfx1100",
    generation: Generation::Gfx11,
    architecture: "RDNA3",
    products: "Radeon RX 7900 XTX, Radeon PRO W7900",
    elf_mach: 0x041,
    default_wavefront_size: 32,
    supports_wave32: true,
    wgp_mode_default: Some(true),
    addressable_sgprs: 106,
    sgpr_alloc_granule: 106,
    sgpr_encoding_granule: 8,
    addressable_vgprs: 256,
    addressable_agprs: 0,
    total_vgprs: 1536,
    vgpr_alloc_granule: 24,
    vgpr_encoding_granule: 8,
    max_waves_per_simd: 16,
    lds_bytes_per_workgroup: 64 * 1024,
    lds_alloc_granule: 512,
    max_flat_workgroup_size: 1024,
    wait_counters: GFX11_WAIT_COUNTERS,
    capabilities: GFX11_CAPABILITIES,
};

const GFX1151: ProcessorInfo = ProcessorInfo {
    processor: Processor::Gfx1151,
    name: "gfx1151",
    architecture: "RDNA3.5",
    products: "Ryzen AI Max (Radeon 8060S)",
    elf_mach: 0x04a,
    capabilities: Capabilities {
        dpp_src1_scalar: true,
        mad_intra_fwd_bug: false,
        ..GFX11_CAPABILITIES
    },
    ..GFX1100
};

impl Processor {
    pub const ALL: [Processor; 3] = [Processor::Gfx942, Processor::Gfx1100, Processor::Gfx1151];

    pub fn info(self) -> &'static ProcessorInfo {
        match self {
            Processor::Gfx942 => &GFX942,
            Processor::Gfx1100 => &GFX1100,
            Processor::Gfx1151 => &GFX1151,
        }
    }

    pub fn name(self) -> &'static str {
        self.info().name
    }

    pub fn generation(self) -> Generation {
        self.info().generation
    }

    /// Canonical target name: `amdgcn-amd-amdhsa-gfx942`.
    pub fn canonical_name(self) -> String {
        format!("amdgcn-amd-amdhsa-{}", self.name())
    }

    /// Name written in code-object metadata (`amdhsa.target`) and in
    /// `.amdgcn_target`: the triple with an empty environment field.
    pub fn metadata_name(self) -> String {
        format!("amdgcn-amd-amdhsa--{}", self.name())
    }

    /// Every spelling [`Target::parse`] accepts for this processor.
    pub fn aliases(self) -> [String; 4] {
        let n = self.name();
        [
            format!("amdgcn-amd-amdhsa-{n}"),
            n.to_string(),
            format!("amdgcn-{n}"),
            format!("amdgcn-amd-amdhsa--{n}"),
        ]
    }

    /// Whether `s` is one of [`Processor::aliases`] (without building them).
    pub fn is_alias(self, s: &str) -> bool {
        let n = self.name();
        ["amdgcn-amd-amdhsa-", "", "amdgcn-", "amdgcn-amd-amdhsa--"]
            .iter()
            .any(|prefix| s.strip_prefix(prefix) == Some(n))
    }
}

impl fmt::Display for Processor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A processor plus the code-generation choices that change the artifact:
/// target-ID features and wavefront size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Target {
    pub processor: Processor,
    pub xnack: FeatureSetting,
    pub sramecc: FeatureSetting,
    pub wavefront_size: u32,
}

/// Why a target name or setting was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TargetError {
    #[error("unknown AMDGPU target `{name}`{}; accepted targets: {}",
        suggestion.as_ref().map(|s| format!(" (did you mean `{s}`?)")).unwrap_or_default(),
        accepted_names().join(", "))]
    Unknown {
        name: String,
        suggestion: Option<String>,
    },
    #[error("target feature `{feature}` in `{name}` is not supported by {processor}")]
    UnsupportedFeature {
        name: String,
        feature: String,
        processor: Processor,
    },
    #[error("malformed target feature `{feature}` in `{name}`: expected `xnack+`, `xnack-`, `sramecc+` or `sramecc-`")]
    MalformedFeature { name: String, feature: String },
    #[error("wavefront size {size} is not supported by {processor} (supported: {supported})")]
    WavefrontSize {
        size: u32,
        processor: Processor,
        supported: &'static str,
    },
}

/// Every accepted target spelling, canonical names first.
pub fn accepted_names() -> Vec<String> {
    let mut names = Vec::new();
    for i in 0..4 {
        for p in Processor::ALL {
            names.push(p.aliases()[i].clone());
        }
    }
    names
}

impl Target {
    /// The processor's defaults: features `any`, default wavefront size.
    pub fn new(processor: Processor) -> Target {
        let caps = processor.info().capabilities;
        let any_if = |supported| {
            if supported {
                FeatureSetting::Any
            } else {
                FeatureSetting::Unsupported
            }
        };
        Target {
            processor,
            xnack: any_if(caps.xnack),
            sramecc: any_if(caps.sramecc),
            wavefront_size: processor.info().default_wavefront_size,
        }
    }

    /// Parse any accepted spelling, optionally followed by target-ID
    /// features (`gfx942:sramecc+:xnack-`, [AMDGPUUsage] "Target ID").
    pub fn parse(name: &str) -> Result<Target, TargetError> {
        let mut parts = name.trim().split(':');
        let base = parts.next().unwrap_or_default();
        let processor = Processor::ALL
            .into_iter()
            .find(|p| p.is_alias(base))
            .ok_or_else(|| TargetError::Unknown {
                name: name.to_string(),
                suggestion: suggest(base),
            })?;
        let mut target = Target::new(processor);
        for feature in parts {
            let (fname, setting) = match feature.split_at_checked(feature.len().saturating_sub(1)) {
                Some((f, "+")) => (f, FeatureSetting::On),
                Some((f, "-")) => (f, FeatureSetting::Off),
                _ => {
                    return Err(TargetError::MalformedFeature {
                        name: name.to_string(),
                        feature: feature.to_string(),
                    })
                }
            };
            let slot = match fname {
                "xnack" => &mut target.xnack,
                "sramecc" => &mut target.sramecc,
                _ => {
                    return Err(TargetError::MalformedFeature {
                        name: name.to_string(),
                        feature: feature.to_string(),
                    })
                }
            };
            if *slot == FeatureSetting::Unsupported {
                return Err(TargetError::UnsupportedFeature {
                    name: name.to_string(),
                    feature: feature.to_string(),
                    processor,
                });
            }
            *slot = setting;
        }
        Ok(target)
    }

    /// Select wave32 or wave64.
    pub fn with_wavefront_size(mut self, size: u32) -> Result<Target, TargetError> {
        let info = self.processor.info();
        let ok = size == 64 || (size == 32 && info.supports_wave32);
        if !ok {
            return Err(TargetError::WavefrontSize {
                size,
                processor: self.processor,
                supported: if info.supports_wave32 { "32, 64" } else { "64" },
            });
        }
        self.wavefront_size = size;
        Ok(self)
    }

    pub fn info(&self) -> &'static ProcessorInfo {
        self.processor.info()
    }

    /// ELF header `e_flags`: `EF_AMDGPU_MACH` plus the V4+ xnack and
    /// sramecc fields ([AMDGPUUsage] e_flags table: XNACK 0x300 mask with
    /// any=0x100, off=0x200, on=0x300; SRAMECC 0xc00 mask with
    /// any=0x400, off=0x800, on=0xc00).
    pub fn e_flags(&self) -> u32 {
        let field = |s: FeatureSetting, shift: u32| match s {
            FeatureSetting::Unsupported => 0,
            FeatureSetting::Any => 1 << shift,
            FeatureSetting::Off => 2 << shift,
            FeatureSetting::On => 3 << shift,
        };
        self.info().elf_mach | field(self.xnack, 8) | field(self.sramecc, 10)
    }

    /// Target ID as written in `amdhsa.target` and `.amdgcn_target`
    /// (`amdgcn-amd-amdhsa--gfx942:sramecc+`; features in LLVM's order,
    /// `any` features omitted).
    pub fn target_id(&self) -> String {
        let mut id = self.processor.metadata_name();
        for (name, setting) in [("sramecc", self.sramecc), ("xnack", self.xnack)] {
            match setting {
                FeatureSetting::On => id.push_str(&format!(":{name}+")),
                FeatureSetting::Off => id.push_str(&format!(":{name}-")),
                _ => {}
            }
        }
        id
    }

    /// Register allocation granule for VGPRs at this wavefront size.
    pub fn vgpr_alloc_granule(&self) -> u32 {
        scale_for_wave(self.info().vgpr_alloc_granule, self)
    }

    /// `GRANULATED_WORKITEM_VGPR_COUNT` granule at this wavefront size.
    pub fn vgpr_encoding_granule(&self) -> u32 {
        scale_for_wave(self.info().vgpr_encoding_granule, self)
    }

    /// Total VGPRs per SIMD lane at this wavefront size.
    pub fn total_vgprs(&self) -> u32 {
        scale_for_wave(self.info().total_vgprs, self)
    }
}

/// GFX10+ halve VGPR granules and totals in wave64: each wave64 VGPR uses
/// two wave32 VGPR slots ([RDNA3] §3.3 "VGPR allocation").
fn scale_for_wave(value: u32, target: &Target) -> u32 {
    if target.info().supports_wave32 && target.wavefront_size == 64 {
        value / 2
    } else {
        value
    }
}

/// OS triple components for these targets: not POSIX, not UNIX.
pub const OS_PLATFORM: &str = "amdhsa";
pub const OS_ARCH: &str = "amdgcn";
pub const IS_POSIX: bool = false;
pub const IS_UNIX: bool = false;

/// Nearest accepted name by edit distance; ties go to the longest shared
/// prefix, so `gfx1150` suggests `gfx1151` (same family) over `gfx1100`.
fn suggest(name: &str) -> Option<String> {
    let lowered = name.to_ascii_lowercase();
    accepted_names()
        .into_iter()
        .map(|a| {
            let distance = strsim::damerau_levenshtein(&lowered, &a);
            let prefix = lowered
                .bytes()
                .zip(a.bytes())
                .take_while(|(x, y)| x == y)
                .count();
            (distance, std::cmp::Reverse(prefix), a)
        })
        .filter(|(d, _, a)| *d <= 3.max(a.len() / 4))
        .min()
        .map(|(_, _, a)| a)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `is_alias` accepts exactly the spellings `aliases` lists.
    #[test]
    fn is_alias_matches_the_alias_list() {
        for p in Processor::ALL {
            for q in Processor::ALL {
                for a in q.aliases() {
                    assert_eq!(p.is_alias(&a), p == q, "{p} {a}");
                    assert!(!p.is_alias(&format!("{a}x")));
                }
            }
            assert!(!p.is_alias(""));
            assert!(!p.is_alias("amdgcn-amd-amdhsa-"));
        }
    }

    #[test]
    fn every_alias_resolves() {
        for (alias, p) in [
            ("amdgcn-amd-amdhsa-gfx942", Processor::Gfx942),
            ("gfx942", Processor::Gfx942),
            ("amdgcn-gfx942", Processor::Gfx942),
            ("amdgcn-amd-amdhsa--gfx942", Processor::Gfx942),
            ("amdgcn-amd-amdhsa-gfx1100", Processor::Gfx1100),
            ("gfx1100", Processor::Gfx1100),
            ("amdgcn-gfx1100", Processor::Gfx1100),
            ("amdgcn-amd-amdhsa--gfx1100", Processor::Gfx1100),
            ("amdgcn-amd-amdhsa-gfx1151", Processor::Gfx1151),
            ("gfx1151", Processor::Gfx1151),
            ("amdgcn-gfx1151", Processor::Gfx1151),
            ("amdgcn-amd-amdhsa--gfx1151", Processor::Gfx1151),
        ] {
            assert_eq!(Target::parse(alias).unwrap().processor, p, "{alias}");
        }
        assert_eq!(accepted_names().len(), 12);
    }

    #[test]
    fn canonical_and_metadata_names() {
        assert_eq!(
            Processor::Gfx942.canonical_name(),
            "amdgcn-amd-amdhsa-gfx942"
        );
        assert_eq!(
            Processor::Gfx1100.metadata_name(),
            "amdgcn-amd-amdhsa--gfx1100"
        );
        assert_eq!(
            Processor::Gfx1151.metadata_name(),
            "amdgcn-amd-amdhsa--gfx1151"
        );
        assert_eq!(
            Target::parse("gfx942").unwrap().target_id(),
            "amdgcn-amd-amdhsa--gfx942"
        );
        assert_eq!(
            Target::parse("gfx942:xnack-:sramecc+").unwrap().target_id(),
            "amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-"
        );
    }

    #[test]
    fn os_facts() {
        assert_eq!(OS_PLATFORM, "amdhsa");
        assert_eq!(OS_ARCH, "amdgcn");
        const { assert!(!IS_POSIX && !IS_UNIX) };
    }

    #[test]
    fn unknown_target_suggests_nearest() {
        let err = Target::parse("gfx1150").unwrap_err();
        match &err {
            TargetError::Unknown { suggestion, .. } => {
                assert_eq!(suggestion.as_deref(), Some("gfx1151"))
            }
            other => panic!("unexpected {other:?}"),
        }
        let text = err.to_string();
        assert!(text.contains("did you mean `gfx1151`"), "{text}");
        assert!(text.contains("amdgcn-amd-amdhsa--gfx942"), "{text}");
        let far = Target::parse("x86_64-linux-gnu").unwrap_err();
        assert!(matches!(
            far,
            TargetError::Unknown {
                suggestion: None,
                ..
            }
        ));
        assert_eq!(
            suggest("amdgcn-amd-amdhsa-gfx1101").as_deref(),
            Some("amdgcn-amd-amdhsa-gfx1100")
        );
    }

    #[test]
    fn features() {
        assert!(matches!(
            Target::parse("gfx1100:xnack+"),
            Err(TargetError::UnsupportedFeature { .. })
        ));
        assert!(matches!(
            Target::parse("gfx942:xnack"),
            Err(TargetError::MalformedFeature { .. })
        ));
        assert!(matches!(
            Target::parse("gfx942:wave32+"),
            Err(TargetError::MalformedFeature { .. })
        ));
    }

    #[test]
    fn generations() {
        assert_eq!(Processor::Gfx942.generation(), Generation::Gfx9);
        assert_eq!(Processor::Gfx1100.generation(), Generation::Gfx11);
        assert_eq!(Processor::Gfx1151.generation(), Generation::Gfx11);
    }

    #[test]
    fn e_flags_match_llvm_defaults() {
        // Values read from `llvm-readelf -h` on clang-22 output.
        assert_eq!(Target::parse("gfx942").unwrap().e_flags(), 0x54c);
        assert_eq!(Target::parse("gfx1100").unwrap().e_flags(), 0x41);
        assert_eq!(Target::parse("gfx1151").unwrap().e_flags(), 0x4a);
        assert_eq!(
            Target::parse("gfx942:sramecc+:xnack-").unwrap().e_flags(),
            0xe4c
        );
        assert_eq!(Target::parse("gfx942:xnack+").unwrap().e_flags(), 0x74c);
    }

    #[test]
    fn wavefront_sizes() {
        assert_eq!(Target::new(Processor::Gfx942).wavefront_size, 64);
        assert_eq!(Target::new(Processor::Gfx1100).wavefront_size, 32);
        assert_eq!(Target::new(Processor::Gfx1151).wavefront_size, 32);
        assert!(Target::new(Processor::Gfx942)
            .with_wavefront_size(32)
            .is_err());
        assert!(Target::new(Processor::Gfx942)
            .with_wavefront_size(16)
            .is_err());
        let w64 = Target::new(Processor::Gfx1100)
            .with_wavefront_size(64)
            .unwrap();
        assert_eq!(w64.wavefront_size, 64);
        assert_eq!(w64.vgpr_alloc_granule(), 12);
        assert_eq!(w64.vgpr_encoding_granule(), 4);
        assert_eq!(w64.total_vgprs(), 768);
    }

    #[test]
    fn wgp_mode() {
        assert_eq!(Processor::Gfx942.info().wgp_mode_default, None);
        assert_eq!(Processor::Gfx1100.info().wgp_mode_default, Some(true));
        assert_eq!(Processor::Gfx1151.info().wgp_mode_default, Some(true));
    }

    #[test]
    fn register_files() {
        let cdna3 = Processor::Gfx942.info();
        assert_eq!(
            (
                cdna3.addressable_sgprs,
                cdna3.addressable_vgprs,
                cdna3.addressable_agprs
            ),
            (102, 256, 256)
        );
        assert_eq!(
            (
                cdna3.total_vgprs,
                cdna3.vgpr_alloc_granule,
                cdna3.vgpr_encoding_granule
            ),
            (512, 8, 8)
        );
        assert_eq!(
            (cdna3.sgpr_alloc_granule, cdna3.sgpr_encoding_granule),
            (16, 8)
        );
        assert_eq!(cdna3.max_waves_per_simd, 8);
        for p in [Processor::Gfx1100, Processor::Gfx1151] {
            let t = Target::new(p);
            let i = p.info();
            assert_eq!(
                (
                    i.addressable_sgprs,
                    i.addressable_vgprs,
                    i.addressable_agprs
                ),
                (106, 256, 0)
            );
            assert_eq!(
                (
                    t.total_vgprs(),
                    t.vgpr_alloc_granule(),
                    t.vgpr_encoding_granule()
                ),
                (1536, 24, 8)
            );
            assert_eq!(i.max_waves_per_simd, 16);
        }
    }

    #[test]
    fn lds_and_workgroups() {
        for p in Processor::ALL {
            assert_eq!(p.info().lds_bytes_per_workgroup, 65536);
            assert_eq!(p.info().max_flat_workgroup_size, 1024);
        }
    }

    #[test]
    fn wait_counters() {
        let g9 = Processor::Gfx942.info().wait_counters;
        assert_eq!(
            (g9.vmcnt, g9.expcnt, g9.lgkmcnt, g9.vscnt),
            (63, 7, 15, None)
        );
        for p in [Processor::Gfx1100, Processor::Gfx1151] {
            let w = p.info().wait_counters;
            assert_eq!(
                (w.vmcnt, w.expcnt, w.lgkmcnt, w.vscnt),
                (63, 7, 63, Some(63))
            );
        }
    }

    #[test]
    fn capabilities() {
        let c = Processor::Gfx942.info().capabilities;
        assert!(c.mfma && c.packed_fp32 && c.dot_insts && c.xnack && c.sramecc && c.sdwa);
        assert!(!c.wmma && !c.true16 && !c.vopd);
        for p in [Processor::Gfx1100, Processor::Gfx1151] {
            let c = p.info().capabilities;
            assert!(c.wmma && c.dot_insts && c.true16 && c.vopd);
            assert!(!c.mfma && !c.packed_fp32 && !c.xnack && !c.sramecc && !c.sdwa);
        }
    }
}
