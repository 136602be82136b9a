//! Source kernels through the one pipeline (device IR, then the code
//! generator with the Code Object V6 dispatch ABI), without LLVM:
//! instruction listings, register counts, descriptor settings and
//! metadata, and validated code objects.

mod common;

use silk_amdgpu::code_object::{self, KernelDescriptor, ValueKind};
use silk_amdgpu::{Processor, Target};
use silk_codegen::{CompiledKernel, Error};
use silk_lang::amdgpu::{AmdgpuOp, KernelOp};

fn build(target: &Target, s: &common::Sample) -> CompiledKernel {
    common::compile(target, s.name, &s.params, &s.ops)
        .unwrap_or_else(|e| panic!("{} on {}: {e}", s.name, target.processor))
}

fn compile(
    target: &Target,
    name: &str,
    params: &[String],
    ops: &[KernelOp],
) -> Result<CompiledKernel, Error> {
    common::compile(target, name, params, ops)
}

/// The listing with each instruction's bytes, for snapshots.
fn listing_with_bytes(target: &Target, k: &CompiledKernel) -> String {
    let mut out = String::new();
    let mut offset = 0;
    for (line, inst) in common::listing(target, k).lines().zip(&k.insts) {
        let mut words = Vec::new();
        silk_amdgpu::isa::encode(target.processor, inst, &mut words).unwrap();
        let hex: Vec<String> = words.iter().map(|w| format!("{w:08X}")).collect();
        out.push_str(&format!("{offset:4x}: {:<18} {line}\n", hex.join(" ")));
        offset += 4 * words.len();
    }
    out
}

#[test]
fn listings() {
    for target in common::targets() {
        for sample in common::samples(&target) {
            let k = build(&target, &sample);
            insta::assert_snapshot!(
                format!("{}_{}", sample.name, target.processor.name()),
                listing_with_bytes(&target, &k)
            );
        }
    }
}

#[test]
fn every_object_validates_and_reads_back() {
    for target in common::targets() {
        for sample in common::samples(&target) {
            let k = build(&target, &sample);
            let bytes = common::to_bytes(&target, &k);
            let parsed = code_object::read(&bytes).unwrap();
            assert_eq!(
                code_object::validate(&parsed),
                vec![],
                "{} on {}",
                sample.name,
                target.processor
            );
            assert_eq!(parsed.kernels.len(), 1);
            let pk = &parsed.kernels[0];
            assert_eq!(pk.name, sample.name);
            assert_eq!(parsed.target, Some(target));
            // The function symbol covers exactly the emitted instructions.
            let obj = parsed.to_code_object(&bytes).unwrap();
            assert_eq!(obj.kernels[0].code, k.code);
            let ours = KernelDescriptor::encode(&k.config, &target, &k.name, 0).unwrap();
            assert_eq!(
                pk.descriptor.decode(target.processor),
                ours.decode(target.processor)
            );
            assert_eq!(obj.metadata.kernels[0], k.metadata);
            let symbols: Vec<&str> = parsed.symbols.iter().map(|s| s.name.as_str()).collect();
            assert!(symbols.contains(&sample.name), "{symbols:?}");
            assert!(
                symbols.contains(&format!("{}.kd", sample.name).as_str()),
                "{symbols:?}"
            );
        }
    }
}

#[test]
fn code_ends_with_s_endpgm() {
    for target in common::targets() {
        let endpgm: u32 = match target.processor {
            Processor::Gfx942 => 0xbf81_0000,
            _ => 0xbfb0_0000,
        };
        for sample in common::samples(&target) {
            let k = build(&target, &sample);
            let last = u32::from_le_bytes(k.code[k.code.len() - 4..].try_into().unwrap());
            assert_eq!(last, endpgm, "{} on {}", sample.name, target.processor);
            let text = common::listing(&target, &k);
            assert_eq!(text.matches("s_endpgm").count(), 1, "{text}");
        }
    }
}

#[test]
fn register_counts_come_from_the_highest_register_referenced() {
    let gfx942 = Target::parse("gfx942").unwrap();
    let gfx1100 = Target::parse("gfx1100").unwrap();
    let k = build(&gfx942, &common::minimal());
    assert_eq!((k.usage.sgprs, k.usage.vgprs, k.usage.agprs), (0, 3, 0));
    assert_eq!(k.metadata.vgpr_count, 3);
    // Raised to the spec's minimum.
    assert_eq!(k.metadata.sgpr_count, 40);
    assert_eq!(k.metadata.agpr_count, Some(0));
    let k = build(&gfx1100, &common::minimal());
    assert_eq!(k.metadata.sgpr_count, 34);
    assert_eq!(k.metadata.agpr_count, None);

    // A high SGPR raises the count above the minimum; on gfx942 the
    // count includes the 6 SGPRs (VCC, flat scratch, XNACK) the
    // hardware reserves.
    let ops = [KernelOp::Machine(AmdgpuOp::SAddI32 {
        dst: 100,
        src0: 3,
        src1: 4,
    })];
    let k = compile(&gfx942, "high", &[], &ops).unwrap();
    assert_eq!(k.usage.sgprs, 101);
    assert_eq!(k.metadata.sgpr_count, 107);
    assert_eq!(k.config.next_free_sgpr, 101);
    let k = compile(&gfx1100, "high", &[], &ops).unwrap();
    assert_eq!(k.metadata.sgpr_count, 101);

    // MFMA accumulators are AGPRs, placed after the architected VGPRs.
    let k = build(&gfx942, &common::all_intrinsics(&gfx942));
    assert_eq!((k.usage.vgprs, k.usage.agprs), (12, 20));
    assert_eq!(k.metadata.vgpr_count, 12);
    assert_eq!(k.metadata.agpr_count, Some(20));
    assert_eq!(k.config.accum_offset, 12);
    assert_eq!(k.config.next_free_vgpr, 32);
}

#[test]
fn lds_reserves_16_kib() {
    for target in common::targets() {
        let k = build(&target, &common::all_intrinsics(&target));
        assert_eq!(k.config.group_segment_fixed_size, 16 * 1024);
        assert_eq!(k.metadata.group_segment_fixed_size, 16 * 1024);
        let k = build(&target, &common::store());
        assert_eq!(k.config.group_segment_fixed_size, 0);
        assert_eq!(k.metadata.group_segment_fixed_size, 0);
    }
}

#[test]
fn descriptor_follows_the_code_object_v6_convention() {
    for target in common::targets() {
        let gfx11 = target.processor != Processor::Gfx942;
        for sample in common::samples(&target) {
            let k = build(&target, &sample);
            let c = &k.config;
            let explicit = 8 * sample.params.len() as u32;
            assert_eq!(c.kernarg_size, explicit + 256);
            assert!(c.user_sgpr_dispatch_ptr && c.user_sgpr_queue_ptr);
            assert!(c.user_sgpr_kernarg_segment_ptr && c.user_sgpr_dispatch_id);
            assert_eq!(c.effective_user_sgpr_count(), 8);
            assert!(
                c.system_sgpr_workgroup_id_x
                    && c.system_sgpr_workgroup_id_y
                    && c.system_sgpr_workgroup_id_z
            );
            assert_eq!(c.system_vgpr_workitem_id, 2);
            assert!(c.dx10_clamp && c.ieee_mode);
            assert_eq!(c.wavefront_size32, gfx11);
            assert_eq!(c.workgroup_processor_mode, gfx11);
            assert_eq!(c.memory_ordered, gfx11);
            assert_eq!(c.forward_progress, gfx11);
            assert_eq!(c.inst_pref_size != 0, gfx11);
            assert!(!c.enable_private_segment && !c.uses_dynamic_stack);
        }
    }
}

#[test]
fn metadata_lists_u64_params_then_the_hidden_block() {
    for target in common::targets() {
        let k = build(&target, &common::classify());
        let m = &k.metadata;
        assert_eq!(m.name, "threshold");
        assert_eq!(m.symbol, "threshold.kd");
        assert_eq!(m.kernarg_segment_size, 24 + 256);
        assert_eq!(m.kernarg_segment_align, 8);
        for (i, name) in ["samples", "labels", "cutoff"].iter().enumerate() {
            let a = &m.args[i];
            assert_eq!(a.value_kind, ValueKind::ByValue);
            assert_eq!((a.offset, a.size), (8 * i as u64, 8));
            assert_eq!(a.name.as_deref(), Some(*name));
        }
        let hidden: Vec<(ValueKind, u64)> = m.args[3..]
            .iter()
            .map(|a| (a.value_kind.clone(), a.offset))
            .collect();
        assert_eq!(
            hidden,
            vec![
                (ValueKind::HiddenBlockCountX, 24),
                (ValueKind::HiddenBlockCountY, 28),
                (ValueKind::HiddenBlockCountZ, 32),
                (ValueKind::HiddenGroupSizeX, 36),
                (ValueKind::HiddenGroupSizeY, 38),
                (ValueKind::HiddenGroupSizeZ, 40),
                (ValueKind::HiddenRemainderX, 42),
                (ValueKind::HiddenRemainderY, 44),
                (ValueKind::HiddenRemainderZ, 46),
                (ValueKind::HiddenGlobalOffsetX, 64),
                (ValueKind::HiddenGlobalOffsetY, 72),
                (ValueKind::HiddenGlobalOffsetZ, 80),
                (ValueKind::HiddenGridDims, 88),
                (ValueKind::HiddenHostcallBuffer, 104),
                (ValueKind::HiddenMultigridSyncArg, 112),
                (ValueKind::HiddenHeapV1, 120),
                (ValueKind::HiddenDefaultQueue, 128),
                (ValueKind::HiddenCompletionAction, 136),
                (ValueKind::HiddenQueuePtr, 224),
            ]
        );
        assert_eq!(m.sgpr_spill_count, Some(0));
        assert_eq!(m.vgpr_spill_count, Some(0));
        assert_eq!(m.uniform_work_group_size, Some(1));
        assert_eq!(m.uses_dynamic_stack, Some(false));
        assert_eq!(m.max_flat_workgroup_size, Some(1024));
        let wgp = u64::from(target.processor != Processor::Gfx942);
        assert_eq!(m.workgroup_processor_mode, Some(wgp));
        assert_eq!(m.wavefront_size, target.wavefront_size as u64);
    }
}

#[test]
fn device_ops_read_their_parameters_and_the_group_size() {
    // fill(out, value): base at 0 and value at 8 (one merged load),
    // hidden_group_size_x at 16 + 12, the workgroup id X in s8 (the
    // dispatch ABI's first system SGPR).
    let gfx942 = Target::parse("gfx942").unwrap();
    let k = build(&gfx942, &common::store());
    let listing = common::listing(&gfx942, &k);
    for load in [
        "s_load_dwordx4 s[0:3], s[4:5], 0x0\n",
        "s_load_dword s6, s[4:5], 0x1c\n",
        "s_mul_i32 s4, s8, s4\n",
    ] {
        assert!(listing.contains(load), "{load} in {listing}");
    }
    // The classify compare needs 2 wait states after the SGPR-mask write
    // on gfx942 only (the general hazard pass).
    let k = build(&gfx942, &common::classify());
    let listing = common::listing(&gfx942, &k);
    assert!(
        listing.contains("v_cmp_ge_u32_e64 s[4:5], v1, s6\ns_nop 1\n"),
        "{listing}"
    );
    let gfx1151 = Target::parse("gfx1151").unwrap();
    let k = build(&gfx1151, &common::classify());
    assert!(!common::listing(&gfx1151, &k).contains("s_nop"));
}

#[test]
fn processor_specific_ops_fail_elsewhere_naming_the_op() {
    let gfx1100 = Target::parse("gfx1100").unwrap();
    let ops = [
        KernelOp::Machine(AmdgpuOp::WaitVmExpLgkm0),
        KernelOp::Machine(AmdgpuOp::Mfma16x16x16F16 {
            acc_dst: 0,
            src_a: 0,
            src_b: 2,
            acc_src: 0,
        }),
    ];
    let err = compile(&gfx1100, "k", &[], &ops).unwrap_err();
    assert_eq!(
        err.without_context().to_string(),
        "`mfma_f32_16x16x16_f16` is not supported on gfx1100"
    );
    assert_eq!(
        err.to_string(),
        "`mfma_f32_16x16x16_f16` is not supported on gfx1100 (in kernel @k)"
    );
    let gfx942 = Target::parse("gfx942").unwrap();
    let ops = [KernelOp::Machine(AmdgpuOp::WaitVscnt0)];
    let err = compile(&gfx942, "k", &[], &ops).unwrap_err();
    assert!(
        matches!(
            err.without_context(),
            Error::Unsupported { op, processor: Some(Processor::Gfx942), .. } if op == "s_waitcnt_vscnt0"
        ),
        "{err:?}"
    );
}

#[test]
fn bad_descriptions_are_errors_not_panics() {
    let gfx942 = Target::parse("gfx942").unwrap();
    let params: Vec<String> = (0..3).map(|i| format!("p{i}")).collect();
    let ops = [KernelOp::StoreU32AtGlobalX {
        base_param_index: 0,
        value_param_index: 2,
    }];
    let err = compile(&gfx942, "k", &params[..2], &ops).unwrap_err();
    assert_eq!(
        err.to_string(),
        "building @k: operation reads parameter 2, but the kernel has 2"
    );
    // An odd SGPR pair cannot be encoded: an error naming the op.
    let ops = [KernelOp::Machine(AmdgpuOp::SMovB64 { dst: 3, src: 4 })];
    let e = compile(&gfx942, "k", &[], &ops).unwrap_err();
    assert!(
        matches!(
            e.without_context(),
            Error::MisalignedTuple { op: "s_mov_b64", register, .. } if register == "s[3:4]"
        ),
        "{e:?}"
    );
}

#[test]
fn empty_kernel_is_just_s_endpgm() {
    for target in common::targets() {
        let k = compile(&target, "nothing", &[], &[]).unwrap();
        assert_eq!(common::listing(&target, &k), "s_endpgm\n");
        assert_eq!(k.code.len(), 4);
        assert_eq!(k.metadata.vgpr_count, 0);
    }
}
