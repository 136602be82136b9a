//! Dispatch setup and the wave scheduler.
//!
//! Initial wave state follows [AMDGPUUsage] "Initial Kernel Execution
//! State": user SGPRs in the order private segment buffer (4), dispatch
//! ptr (2), queue ptr (2), kernarg segment ptr (2), dispatch id (2), flat
//! scratch init (2), private segment size (1), preloaded kernargs — each only
//! if the descriptor enables it — then from USER_SGPR_COUNT the system SGPRs
//! workgroup id X, Y, Z, workgroup info and the private segment wave offset.
//! gfx942 (gfx90a-class) and GFX11 pack the work-item ids into v0 (X in bits
//! 9:0, Y in 19:10, Z in 29:20), as the clang objects' `v_bfe_u32 v0, 20, 10`
//! shows. Wave size is 64 on gfx942 and from `wavefront_size32` on GFX11.

use crate::device_memory::{Memory, PRIVATE_APERTURE, SHARED_APERTURE};
use crate::error::{Error, FaultKind, Result};
use crate::exec::{Exec, Handler, KernelInfo};
use crate::wave::Wave;
use crate::{Arg, Emulator, Stats};
use silk_amdgpu::code_object::{self, ValueKind};
use silk_amdgpu::isa::{decode, table, Flags, Inst, OpInfo, Variant};
use silk_amdgpu::target::{Generation, Processor};

/// Where code objects are mapped (below the global heap).
const CODE_BASE: u64 = 0x0000_0800_0000_0000;
/// The most workgroups one launch runs (2^24).
const MAX_WORKGROUPS: u64 = 1 << 24;
/// The largest span of loadable segments the emulator maps (256 MiB).
const MAX_IMAGE: u64 = 256 << 20;
/// The largest kernarg segment the emulator builds (1 MiB; HIP limits
/// kernel arguments to 4 KiB).
const MAX_KERNARG: u64 = 1 << 20;
/// Scratch of one wave: COMPUTE_TMPRING_SIZE.WAVESIZE counts 13 bits of
/// 1 KiB units on GFX9 (8 MiB, so 128 KiB per lane in wave64; LLVM
/// rejects larger stack frames), and no larger on GFX11.
const MAX_WAVE_SCRATCH: u64 = 8 << 20;

/// The Y half of a VOPD pair: instruction, table entry, semantics.
type VopdY = (Inst, &'static OpInfo, Option<(Handler, u32)>);

struct Decoded {
    inst: Inst,
    len: u8,
    info: &'static OpInfo,
    sem: Option<(Handler, u32)>,
    /// The Y half of a GFX11 VOPD pair.
    second: Option<VopdY>,
    /// What the hazard checks need (both halves of a VOPD pair).
    hz: crate::hazard::HazardInfo,
    /// What the timing model needs.
    tm: crate::timing::InstTiming,
}

pub(crate) fn launch(
    emu: &mut Emulator,
    bytes: &[u8],
    kernel_name: &str,
    grid: [u32; 3],
    block: [u32; 3],
    args: &[Arg],
    resident: Option<&Resident>,
) -> Result<Stats> {
    let co = code_object::read(bytes).map_err(|e| Error::CodeObject(e.to_string()))?;
    let target = co
        .target
        .ok_or_else(|| Error::CodeObject("unknown processor in e_flags".into()))?;
    let processor = target.processor;
    if processor != emu.processor {
        return Err(Error::WrongProcessor {
            object: processor.name().to_string(),
            emulator: emu.processor.name().to_string(),
        });
    }
    let kernel = co
        .kernels
        .iter()
        .find(|k| k.name == kernel_name)
        .ok_or_else(|| Error::NoKernel {
            name: kernel_name.to_string(),
            available: co
                .kernels
                .iter()
                .map(|k| k.name.as_str())
                .collect::<Vec<_>>()
                .join(", "),
        })?;
    let meta = co
        .metadata
        .as_ref()
        .and_then(|m| m.kernels.iter().find(|k| k.name == kernel_name));
    let cfg = &kernel.config;

    // ---- geometry ----
    for (i, (&g, &b)) in grid.iter().zip(block.iter()).enumerate() {
        let axis = ["x", "y", "z"][i];
        if b == 0 || g == 0 {
            return Err(Error::Geometry(format!(
                "grid and block sizes must be at least 1 (axis {axis}: grid {g}, block {b})"
            )));
        }
        if b > 1024 {
            return Err(Error::Geometry(format!(
                "block size {b} along {axis} exceeds 1024"
            )));
        }
    }
    let threads = block[0] as u64 * block[1] as u64 * block[2] as u64;
    if threads > 1024 {
        return Err(Error::Geometry(format!(
            "a workgroup of {threads} work-items exceeds 1024"
        )));
    }
    if let Some(max) = meta.and_then(|m| m.max_flat_workgroup_size) {
        if threads > max {
            return Err(Error::Geometry(format!(
                "a workgroup of {threads} work-items exceeds the kernel's max_flat_workgroup_size {max}"
            )));
        }
    }
    let groups: [u32; 3] = std::array::from_fn(|i| grid[i].div_ceil(block[i]));
    // Three 32-bit axes: the product needs up to 96 bits.
    let total_groups = groups.iter().map(|&g| u128::from(g)).product::<u128>();
    if total_groups > u128::from(MAX_WORKGROUPS) {
        return Err(Error::Geometry(format!(
            "a grid of {}x{}x{} work-items in workgroups of {}x{}x{} is {}x{}x{} = {total_groups} workgroups; the emulator runs at most {MAX_WORKGROUPS}",
            grid[0], grid[1], grid[2], block[0], block[1], block[2], groups[0], groups[1], groups[2]
        )));
    }

    // ---- code image ----
    // The image spans the loadable segments' memory sizes; only the bytes
    // the file holds are copied (the rest stays untouched zero pages) and
    // only they are code the waves may run. Dynamic relocations are
    // applied and the writable segments mapped writable (image.rs).
    let img = crate::image::load(&co, bytes, CODE_BASE, MAX_IMAGE, |n| {
        emu.memory.check_fits(n, "the code image")
    })?;
    let (image_len, code_len) = (img.len, img.code_len);
    let code = img
        .parts
        .iter()
        .take_while(|p| p.0 < code_len)
        .flat_map(|p| &p.1[..p.1.len().min((code_len - p.0) as usize)]);
    let code: Vec<u8> = code.copied().collect();
    let words: Vec<u32> = code
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    drop(code);
    if kernel.entry_address % 4 != 0 || kernel.entry_address >= code_len {
        return Err(Error::CodeObject(format!(
            "kernel entry {:#x} is outside the code the file holds ({code_len} bytes)",
            kernel.entry_address
        )));
    }
    // A resident image (globals that outlive the launch) is already mapped;
    // otherwise the image is mapped for this launch only.
    if let Some(r) = resident {
        if r.size != image_len {
            return Err(Error::CodeObject(format!(
                "the resident image at {:#x} holds {} bytes, the code object spans {image_len}",
                r.base, r.size
            )));
        }
    }
    let code_base = resident.map_or(CODE_BASE, |r| r.base);
    let entry = code_base + kernel.entry_address;

    // ---- kernarg segment ----
    let explicit: Vec<_> = meta
        .map(|m| {
            m.args
                .iter()
                .filter(|a| !a.value_kind.is_hidden())
                .collect()
        })
        .unwrap_or_default();
    if meta.is_none() && !args.is_empty() {
        // Say why: a metadata note that does not decode is not a missing one.
        let why: Vec<&str> = co
            .problems
            .iter()
            .filter(|p| p.to_ascii_lowercase().contains("metadata"))
            .map(String::as_str)
            .collect();
        return Err(Error::Argument(match (&co.metadata, &co.metadata_bytes) {
            (None, Some(_)) => format!(
                "the code object's metadata note does not decode, so kernel `{kernel_name}` has no argument layout: {}",
                if why.is_empty() { "unknown reason".to_string() } else { why.join("; ") }
            ),
            (Some(_), _) => format!("the code object's metadata does not describe kernel `{kernel_name}`"),
            (None, None) => "the code object has no metadata note, so kernel arguments cannot be placed".into(),
        }));
    }
    if explicit.len() != args.len() {
        return Err(Error::Argument(format!(
            "kernel `{kernel_name}` takes {} arguments, {} given",
            explicit.len(),
            args.len()
        )));
    }
    let mut kernarg_size = cfg.kernarg_size as u64;
    if let Some(m) = meta {
        kernarg_size = kernarg_size.max(m.kernarg_segment_size);
        for a in &m.args {
            kernarg_size = kernarg_size.max(a.offset.saturating_add(a.size));
        }
    }
    if kernarg_size > MAX_KERNARG {
        return Err(Error::Argument(format!(
            "the kernel declares a kernarg segment of {kernarg_size} bytes; the emulator allows at most {MAX_KERNARG}"
        )));
    }
    let mut kernarg = vec![0u8; kernarg_size.max(16) as usize];
    for (i, (meta_arg, arg)) in explicit.iter().zip(args).enumerate() {
        let bytes = arg_bytes(arg, meta_arg.size, i, meta_arg.name.as_deref())?;
        let at = meta_arg.offset as usize;
        kernarg[at..at + bytes.len()].copy_from_slice(&bytes);
    }

    let queue = emu.memory.alloc(256)?;
    let dims = if grid[2] > 1 {
        3u16
    } else if grid[1] > 1 {
        2
    } else {
        1
    };
    let lds_size = cfg.group_segment_fixed_size as usize + emu.options.dynamic_lds as usize;
    if lds_size > 64 * 1024 {
        return Err(Error::Geometry(format!(
            "{lds_size} bytes of LDS exceed the 64 KiB a workgroup can have"
        )));
    }
    let private_size = cfg.private_segment_fixed_size as usize
        + if cfg.uses_dynamic_stack {
            emu.options.dynamic_stack as usize
        } else {
            0
        };
    // Scratch is allocated per wave; bound it by what a wave can have and,
    // with the image, by the memory left, before allocating any of it.
    let wave_size: u64 = if processor.generation() == Generation::Gfx9 || !cfg.wavefront_size32 {
        64
    } else {
        32
    };
    let wave_scratch = private_size as u64 * wave_size;
    if wave_scratch > MAX_WAVE_SCRATCH {
        return Err(Error::Memory(format!(
            "the kernel declares {private_size} bytes of private memory per lane, {wave_scratch} per wave; a wave can have at most {MAX_WAVE_SCRATCH}"
        )));
    }
    let waves_at_once = threads.div_ceil(wave_size) * (emu.options.threads.max(1) as u64);
    let mapped = if resident.is_some() { 0 } else { image_len };
    emu.memory.check_fits(
        mapped + kernarg_size + wave_scratch * waves_at_once,
        "the code image, kernarg segment and scratch",
    )?;
    if let Some(m) = meta {
        for a in m.args.iter().filter(|a| a.value_kind.is_hidden()) {
            let at = a.offset as usize;
            let put = |k: &mut Vec<u8>, v: u64| {
                let n = (a.size as usize).min(8);
                if at + n <= k.len() {
                    k[at..at + n].copy_from_slice(&v.to_le_bytes()[..n]);
                }
            };
            let v: u64 = match a.value_kind {
                ValueKind::HiddenBlockCountX => groups[0] as u64,
                ValueKind::HiddenBlockCountY => groups[1] as u64,
                ValueKind::HiddenBlockCountZ => groups[2] as u64,
                ValueKind::HiddenGroupSizeX => block[0] as u64,
                ValueKind::HiddenGroupSizeY => block[1] as u64,
                ValueKind::HiddenGroupSizeZ => block[2] as u64,
                ValueKind::HiddenRemainderX => (grid[0] % block[0]) as u64,
                ValueKind::HiddenRemainderY => (grid[1] % block[1]) as u64,
                ValueKind::HiddenRemainderZ => (grid[2] % block[2]) as u64,
                ValueKind::HiddenGridDims => dims as u64,
                ValueKind::HiddenDynamicLdsSize => emu.options.dynamic_lds as u64,
                ValueKind::HiddenPrivateBase => PRIVATE_APERTURE >> 32,
                ValueKind::HiddenSharedBase => SHARED_APERTURE >> 32,
                ValueKind::HiddenQueuePtr => queue.addr,
                _ => 0,
            };
            put(&mut kernarg, v);
        }
    }
    let kernarg_buf = emu.memory.alloc_bytes(&kernarg)?;
    if resident.is_none() {
        for (off, part, writable) in img.parts {
            if let Err(e) = emu.memory.map_at(CODE_BASE + off, part, writable) {
                emu.memory.release_range(CODE_BASE, image_len);
                emu.memory.release(kernarg_buf);
                return Err(e);
            }
        }
    }

    let packet_cfg = silk_amdgpu::aql::DispatchPacketConfig {
        dimensions: dims,
        workgroup_size: [block[0] as u16, block[1] as u16, block[2] as u16],
        grid_size: grid,
        private_segment_size: private_size as u32,
        group_segment_size: lds_size as u32,
        kernel_object: code_base.wrapping_add(kernel.descriptor_address),
        kernarg_address: kernarg_buf.addr,
        ..Default::default()
    };
    let packet = silk_amdgpu::aql::build_dispatch_packet(&packet_cfg)
        .map_err(|e| Error::Geometry(e.to_string()))?;
    let packet_buf = emu.memory.alloc_bytes(&packet)?;

    let result = run(
        emu,
        &co,
        kernel,
        &words,
        entry,
        Setup {
            grid,
            block,
            groups,
            lds_size,
            private_size,
            kernarg: kernarg_buf.addr,
            packet: packet_buf.addr,
            queue: queue.addr,
        },
        target,
    );
    for b in [kernarg_buf, packet_buf, queue] {
        emu.memory.release(b);
    }
    if resident.is_none() {
        emu.memory.release_range(CODE_BASE, image_len);
    }
    result
}

/// A code object's image mapped once, writable, for many launches: its
/// `__device__` and `__constant__` variables keep their values between
/// launches and can be read and written through [`Memory`] at
/// `base + symbol value`, as a HIP runtime's module globals are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resident {
    pub base: u64,
    pub size: u64,
}

/// Map the loadable segments of `bytes` (the file's bytes; the rest of
/// each segment's memory size zero) as one writable allocation and apply
/// its `R_AMDGPU_RELATIVE64` relocations.
pub(crate) fn load_resident(emu: &mut Emulator, bytes: &[u8]) -> Result<Resident> {
    let co = code_object::read(bytes).map_err(|e| Error::CodeObject(e.to_string()))?;
    // The image is relocated for the address it gets, known only once its
    // span has been allocated.
    let (len, _) = crate::image::span(&co, MAX_IMAGE)?;
    emu.memory.check_fits(len, "the code image")?;
    let buffer = emu
        .memory
        .alloc_with(crate::device_memory::zeroed(len)?, true)?;
    let img = match crate::image::load(&co, bytes, buffer.addr, MAX_IMAGE, |_| Ok(())) {
        Ok(img) => img,
        Err(e) => {
            emu.memory.release(buffer);
            return Err(e);
        }
    };
    // The allocation is zero: write only the pages that are not, so a
    // segment's declared but unused size is never committed.
    const PAGE: usize = 4096;
    for (off, part, _) in &img.parts {
        for (k, page) in part.chunks(PAGE).enumerate() {
            if page.iter().any(|&b| b != 0) {
                emu.memory
                    .write(buffer.addr + off + (k * PAGE) as u64, page);
            }
        }
    }
    Ok(Resident {
        base: buffer.addr,
        size: img.len,
    })
}

fn arg_bytes(arg: &Arg, size: u64, index: usize, name: Option<&str>) -> Result<Vec<u8>> {
    let what = || match name {
        Some(n) => format!("argument {index} (`{n}`, {size} bytes)"),
        None => format!("argument {index} ({size} bytes)"),
    };
    let int = |v: i128| -> Result<Vec<u8>> {
        let bits = size * 8;
        let ok = match size {
            1 | 2 | 4 | 8 => v >= -(1i128 << (bits - 1)) && v < (1i128 << bits),
            _ => false,
        };
        if !ok {
            return Err(Error::Argument(format!(
                "{} cannot hold the integer {v}",
                what()
            )));
        }
        Ok((v as i64 as u64).to_le_bytes()[..size as usize].to_vec())
    };
    match arg {
        Arg::U32(v) => int(*v as i128),
        Arg::I32(v) => int(*v as i128),
        Arg::U64(v) => int(*v as i128),
        Arg::I64(v) => int(*v as i128),
        Arg::Buffer(b) if size == 8 => Ok(b.addr.to_le_bytes().to_vec()),
        Arg::F32(v) if size == 4 => Ok(v.to_le_bytes().to_vec()),
        Arg::F64(v) if size == 8 => Ok(v.to_le_bytes().to_vec()),
        Arg::Bytes(b) if b.len() as u64 == size => Ok(b.clone()),
        Arg::Bytes(b) => Err(Error::Argument(format!(
            "{} cannot take {} raw bytes",
            what(),
            b.len()
        ))),
        other => Err(Error::Argument(format!("{} cannot take {other:?}", what()))),
    }
}

struct Setup {
    grid: [u32; 3],
    block: [u32; 3],
    groups: [u32; 3],
    lds_size: usize,
    private_size: usize,
    kernarg: u64,
    packet: u64,
    queue: u64,
}

#[allow(clippy::too_many_arguments)]
fn run(
    emu: &mut Emulator,
    co: &code_object::ParsedCodeObject,
    kernel: &code_object::ParsedKernel,
    words: &[u32],
    entry: u64,
    s: Setup,
    target: silk_amdgpu::target::Target,
) -> Result<Stats> {
    let _ = co;
    let processor = target.processor;
    let gen = processor.generation();
    let cfg = &kernel.config;
    let wave_size = if gen == Generation::Gfx9 || !cfg.wavefront_size32 {
        64
    } else {
        32
    };
    // The hardware allocates from the descriptor's granulated count
    // (COMPUTE_PGM_RSRC1 bits 5:0), whatever the metadata says.
    let granule = code_object::config::vgpr_encoding_granule(processor, cfg.wavefront_size32);
    let total_v = ((kernel.descriptor.granulated_workitem_vgpr_count() + 1) * granule) as usize;
    let (vgprs, agprs) = if processor == Processor::Gfx942 && cfg.accum_offset > 0 {
        let acc = cfg.accum_offset as usize;
        (acc.min(total_v), total_v.saturating_sub(acc))
    } else {
        (total_v, 0)
    };
    let user = cfg.effective_user_sgpr_count() as u16;
    let system = cfg.system_sgpr_workgroup_id_x as u16
        + cfg.system_sgpr_workgroup_id_y as u16
        + cfg.system_sgpr_workgroup_id_z as u16
        + cfg.system_sgpr_workgroup_info as u16
        + cfg.enable_private_segment as u16;
    let sgpr_limit = match gen {
        Generation::Gfx9 => {
            let g = cfg.granulated_sgpr_count(&target);
            ((g + 1) * 8)
                .saturating_sub(cfg.extra_sgprs(processor))
                .min(102) as u16
        }
        Generation::Gfx11 => 106,
    }
    .max(user + system);
    let info = KernelInfo {
        processor,
        gen,
        wave_size,
        entry,
        code_base: entry - kernel.entry_address,
        vgprs,
        agprs,
        sgpr_limit,
        lds_size: s.lds_size,
        strict: emu.options.strict,
        hazards_off: if emu.options.strict && emu.options.hazards {
            emu.options
                .hazards_off
                .iter()
                .fold(0, |m, r| m | 1 << *r as u32)
        } else {
            u32::MAX
        },
        null: silk_amdgpu::isa::operand::null_code(gen),
        m0: silk_amdgpu::isa::operand::m0_code(gen),
    };
    let total = s.groups[0] as u64 * s.groups[1] as u64 * s.groups[2] as u64;
    let step = emu.options.sample_workgroups.max(1);
    let threads = (emu.options.threads.max(1) as u64).min(total.div_ceil(step)) as usize;
    let group = |i: u64| -> [u32; 3] {
        let gx = s.groups[0] as u64;
        let gy = s.groups[1] as u64;
        [
            (i % gx) as u32,
            (i / gx % gy) as u32,
            (i / (gx * gy)) as u32,
        ]
    };
    let plan = emu.options.timing.then(|| {
        let block = s.block[0] as u64 * s.block[1] as u64 * s.block[2] as u64;
        let sgprs = match gen {
            Generation::Gfx9 => (cfg.granulated_sgpr_count(&target) + 1) * 8,
            Generation::Gfx11 => 106,
        };
        crate::timing::Plan::new(
            processor,
            wave_size as u32,
            &crate::timing::Resources {
                vgprs: total_v as u32,
                sgprs,
                lds_bytes: s.lds_size as u32,
                waves_per_group: block.div_ceil(wave_size as u64) as u32,
                groups: total,
            },
        )
    });
    let ctx = Ctx {
        plan: plan.as_ref(),
        sem: &emu.sem,
        limit: emu.options.max_instructions_per_wave,
        info: &info,
        words,
        cfg,
        setup: &s,
        user,
    };
    if threads <= 1 {
        let mut cache: Vec<Option<Box<Decoded>>> = Vec::new();
        cache.resize_with(words.len(), || None);
        let mut stats = Stats::default();
        let mut mem = MemRef::Own(&mut emu.memory);
        for i in (0..total).step_by(step as usize) {
            run_group(&ctx, &mut cache, &mut mem, group(i), &mut stats)?;
        }
        finish_timing(ctx.plan, &mut stats);
        return Ok(stats);
    }
    // Workgroups on several threads: thread t runs groups t, t + T, ...
    // in order. Memory instructions lock the device memory, so each one
    // is atomic with respect to the other threads; ALU work runs in
    // parallel. After a fault, groups after the faulting one are skipped
    // and the fault of the lowest-numbered group is reported, as a single
    // thread would.
    let shared = std::sync::Mutex::new(std::mem::take(&mut emu.memory));
    let first_fault = std::sync::atomic::AtomicU64::new(u64::MAX);
    let results: Vec<(Stats, Option<(u64, Error)>)> = std::thread::scope(|sc| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (ctx, shared, first_fault) = (&ctx, &shared, &first_fault);
                sc.spawn(move || {
                    let mut cache: Vec<Option<Box<Decoded>>> = Vec::new();
                    cache.resize_with(ctx.words.len(), || None);
                    let mut stats = Stats::default();
                    let mut mem = MemRef::Shared(shared, Memory::new());
                    let mut i = t as u64 * step;
                    while i < total {
                        if i > first_fault.load(std::sync::atomic::Ordering::Relaxed) {
                            break;
                        }
                        if let Err(e) = run_group(ctx, &mut cache, &mut mem, group(i), &mut stats) {
                            first_fault.fetch_min(i, std::sync::atomic::Ordering::Relaxed);
                            return (stats, Some((i, e)));
                        }
                        i += threads as u64 * step;
                    }
                    (stats, None)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join().unwrap_or_else(|_| {
                    (
                        Stats::default(),
                        Some((0, Error::Geometry("an emulator thread panicked".into()))),
                    )
                })
            })
            .collect()
    });
    emu.memory = shared
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let mut stats = Stats::default();
    let mut fault: Option<(u64, Error)> = None;
    for (st, err) in results {
        add_stats(&mut stats, &st);
        if let Some((i, e)) = err {
            if fault.as_ref().is_none_or(|(j, _)| i < *j) {
                fault = Some((i, e));
            }
        }
    }
    finish_timing(ctx.plan, &mut stats);
    match fault {
        Some((_, e)) => Err(e),
        None => Ok(stats),
    }
}

fn finish_timing(plan: Option<&crate::timing::Plan>, stats: &mut Stats) {
    if let Some(plan) = plan {
        plan.finish(stats.timing.get_or_insert_with(Default::default));
    }
}

/// What every workgroup of a launch shares.
struct Ctx<'a> {
    plan: Option<&'a crate::timing::Plan>,
    sem: &'a crate::sem::SemTable,
    limit: u64,
    info: &'a KernelInfo,
    words: &'a [u32],
    cfg: &'a code_object::KernelConfig,
    setup: &'a Setup,
    user: u16,
}

/// Device memory as one wave thread sees it: owned by a single-threaded
/// launch, or shared behind a lock (with an empty stand-in for the
/// instructions that do not touch memory).
enum MemRef<'a> {
    Own(&'a mut Memory),
    Shared(&'a std::sync::Mutex<Memory>, Memory),
}

fn add_stats(a: &mut Stats, b: &Stats) {
    a.instructions += b.instructions;
    a.salu += b.salu;
    a.valu += b.valu;
    a.smem += b.smem;
    a.vmem += b.vmem;
    a.lds += b.lds;
    a.branch += b.branch;
    a.mfma += b.mfma;
    a.other += b.other;
    a.lane_ops += b.lane_ops;
    a.waves += b.waves;
    a.workgroups += b.workgroups;
    if let Some(t) = &b.timing {
        a.timing.get_or_insert_with(Default::default).merge(t);
    }
}

fn run_group(
    ctx: &Ctx,
    cache: &mut [Option<Box<Decoded>>],
    mem: &mut MemRef,
    wg: [u32; 3],
    stats: &mut Stats,
) -> Result<()> {
    let (s, info) = (ctx.setup, ctx.info);
    let nwaves = ((s.block[0] * s.block[1] * s.block[2]) as usize).div_ceil(info.wave_size);
    // Partial workgroups at the grid edge have fewer work-items.
    let dims: [u32; 3] = std::array::from_fn(|i| (s.grid[i] - wg[i] * s.block[i]).min(s.block[i]));
    let mut lds = vec![0u8; s.lds_size];
    let mut waves: Vec<Wave> = (0..nwaves)
        .map(|w| {
            let mut wave = Wave::new(
                w as u32,
                info.wave_size,
                info.vgprs,
                info.agprs,
                s.private_size,
            );
            if info.hazards_off != u32::MAX {
                wave.hz = Some(Box::new(crate::hazard::HazardState::new(
                    info.vgprs, info.agprs,
                )));
            }
            if ctx.plan.is_some() {
                wave.tm = Some(Box::new(crate::timing::WaveTiming::new(
                    info.vgprs, info.agprs,
                )));
            }
            wave
        })
        .collect();
    for w in &mut waves {
        init_wave(w, ctx.cfg, s, wg, dims, ctx.user, info.entry);
    }
    stats.workgroups += 1;
    stats.waves += waves.iter().filter(|w| !w.ended).count() as u64;
    let live: Vec<bool> = waves.iter().map(|w| !w.ended).collect();
    schedule(ctx, cache, mem, &mut waves, &mut lds, wg, stats)?;
    if let Some(plan) = ctx.plan {
        let t = stats.timing.get_or_insert_with(Default::default);
        let tms = waves.iter().zip(&live).filter(|(_, &l)| l);
        plan.add_group(tms.filter_map(|(w, _)| w.tm.as_deref()), t);
    }
    Ok(())
}

fn init_wave(
    w: &mut Wave,
    cfg: &code_object::KernelConfig,
    s: &Setup,
    wg: [u32; 3],
    dims: [u32; 3],
    user: u16,
    entry: u64,
) {
    let ws = w.wave_size;
    let mut exec = 0u64;
    let mut v0 = vec![0u32; ws];
    for (l, slot) in v0.iter_mut().enumerate() {
        // Work-items are numbered x fastest, within the full block shape.
        let t = w.id as usize * ws + l;
        let (bx, by) = (s.block[0] as usize, s.block[1] as usize);
        let x = t % bx;
        let y = t / bx % by;
        let z = t / (bx * by);
        if z < s.block[2] as usize
            && x < dims[0] as usize
            && y < dims[1] as usize
            && z < dims[2] as usize
        {
            exec |= 1 << l;
            *slot = x as u32 | (y as u32) << 10 | (z as u32) << 20;
        }
    }
    if exec == 0 {
        w.ended = true;
        return;
    }
    w.pc = entry;
    w.set_exec(exec);
    w.vgpr[..ws].copy_from_slice(&v0);
    if let Some(x) = w.v_written.first_mut() {
        *x = exec;
    }
    let mut r = 0u16;
    let mut put = |w: &mut Wave, v: u32| {
        w.set_sgpr(r, v);
        r += 1;
    };
    let put64 = |w: &mut Wave, put: &mut dyn FnMut(&mut Wave, u32), v: u64| {
        put(w, v as u32);
        put(w, (v >> 32) as u32);
    };
    if cfg.user_sgpr_private_segment_buffer {
        for _ in 0..4 {
            put(w, 0);
        }
    }
    if cfg.user_sgpr_dispatch_ptr {
        put64(w, &mut put, s.packet);
    }
    if cfg.user_sgpr_queue_ptr {
        put64(w, &mut put, s.queue);
    }
    if cfg.user_sgpr_kernarg_segment_ptr {
        put64(w, &mut put, s.kernarg);
    }
    if cfg.user_sgpr_dispatch_id {
        put64(w, &mut put, 0);
    }
    if cfg.user_sgpr_flat_scratch_init {
        put64(w, &mut put, 0);
    }
    if cfg.user_sgpr_private_segment_size {
        put(w, s.private_size as u32);
    }
    // Preloaded kernargs are read from memory by the caller (below).
    let mut r = user;
    let mut sys = |w: &mut Wave, v: u32| {
        w.set_sgpr(r, v);
        r += 1;
    };
    if cfg.system_sgpr_workgroup_id_x {
        sys(w, wg[0]);
    }
    if cfg.system_sgpr_workgroup_id_y {
        sys(w, wg[1]);
    }
    if cfg.system_sgpr_workgroup_id_z {
        sys(w, wg[2]);
    }
    if cfg.system_sgpr_workgroup_info {
        sys(w, 0);
    }
    if cfg.enable_private_segment {
        sys(w, 0);
    }
    let _ = (PRIVATE_APERTURE, SHARED_APERTURE);
}

fn schedule(
    ctx: &Ctx,
    cache: &mut [Option<Box<Decoded>>],
    mem: &mut MemRef,
    waves: &mut [Wave],
    lds: &mut [u8],
    wg: [u32; 3],
    stats: &mut Stats,
) -> Result<()> {
    loop {
        for w in waves.iter_mut() {
            if w.ended || w.at_barrier {
                continue;
            }
            run_wave(ctx, cache, mem, w, lds, wg, stats)?;
        }
        if waves.iter().all(|w| w.ended) {
            return Ok(());
        }
        // Every live wave is at the barrier: release them together.
        if let Some(plan) = ctx.plan {
            let live = waves.iter_mut().filter(|w| !w.ended);
            crate::timing::release(plan.p, live.filter_map(|w| w.tm.as_deref_mut()).collect());
        }
        for w in waves.iter_mut() {
            w.at_barrier = false;
        }
    }
}

fn run_wave(
    ctx: &Ctx,
    cache: &mut [Option<Box<Decoded>>],
    mem: &mut MemRef,
    w: &mut Wave,
    lds: &mut [u8],
    wg: [u32; 3],
    stats: &mut Stats,
) -> Result<()> {
    let (info, words, limit) = (ctx.info, ctx.words, ctx.limit);
    while !w.ended && !w.at_barrier {
        let pc = w.pc;
        let idx = pc.wrapping_sub(info.code_base);
        if idx % 4 != 0 || idx / 4 >= words.len() as u64 {
            return Err(pc_fault(
                info,
                w,
                wg,
                pc,
                "the program counter left the code object",
            ));
        }
        let i = (idx / 4) as usize;
        if cache[i].is_none() {
            cache[i] = Some(Box::new(decode_at(ctx.sem, info, words, i, pc)?));
        }
        let Some(d) = cache[i].as_deref() else {
            return Err(pc_fault(info, w, wg, pc, "no instruction"));
        };
        w.executed += 1;
        if w.executed > limit {
            let mut e = pc_fault(
                info,
                w,
                wg,
                pc,
                &format!("the wave executed more than {limit} instructions (--max-instructions)"),
            )
            .with_kind(FaultKind::Timeout);
            if let Error::Fault(f) = &mut e {
                f.inst = silk_amdgpu::isa::print::to_text(info.processor, &d.inst);
            }
            return Err(e);
        }
        count(stats, d.info.flags);
        // GFX9 MODE.vskip: VALU, VMEM and LDS instructions are not issued
        // (the GCN3 ISA's S_SETVSKIP).
        if w.vskip && d.info.flags.0 & (Flags::VALU | Flags::VMEM | Flags::LDS) != 0 {
            w.pc = pc + d.len as u64 * 4;
            continue;
        }
        let Some((handler, aux)) = d.sem else {
            return Err(Error::Unsupported {
                name: d.info.name.to_string(),
                pc: pc.wrapping_sub(info.entry),
            });
        };
        if d.inst.mods.variant != Variant::Native && !handles_variant(d.info, d.inst.mods.variant) {
            let sfx = match d.inst.mods.variant {
                Variant::Sdwa => "_sdwa",
                _ => "_dpp",
            };
            return Err(Error::Unsupported {
                name: format!("{}{sfx}", d.info.name),
                pc: pc.wrapping_sub(info.entry),
            });
        }
        if let Some(st) = w.hz.as_deref() {
            if let Some(v) = st.check(info.processor, &d.hz, info.hazards_off) {
                return Err(hazard_fault(info, cache, w, wg, pc, &v));
            }
        }
        w.pc = pc + d.len as u64 * 4;
        if let Some(st) = w.hz.as_deref_mut() {
            st.record(info.gen, &d.hz, pc);
        }
        if let (Some(plan), true) = (ctx.plan, w.tm.is_some()) {
            issue_timing(plan, d, w);
        }
        let mut guard;
        let memory: &mut Memory = match mem {
            MemRef::Own(m) => m,
            MemRef::Shared(shared, idle) => {
                if d.info.flags.0 & (Flags::SMEM | Flags::VMEM | Flags::FLAT) != 0 {
                    guard = shared.lock().unwrap_or_else(|p| p.into_inner());
                    &mut guard
                } else {
                    idle
                }
            }
        };
        if let Some((yinst, yinfo, ysem)) = &d.second {
            let Some((yh, yaux)) = *ysem else {
                return Err(Error::Unsupported {
                    name: yinfo.name.to_string(),
                    pc: pc.wrapping_sub(info.entry),
                });
            };
            // Dual issue: both halves read their sources before either
            // writes, so X's result is held back until Y has run.
            let ws = w.wave_size;
            let xd = match d.inst.operands[0] {
                silk_amdgpu::isa::Operand::Reg { code, .. } => {
                    (code - silk_amdgpu::isa::operand::VGPR0) as usize
                }
                _ => 0,
            };
            if xd >= w.v_written.len() {
                return Err(pc_fault(
                    info,
                    w,
                    wg,
                    pc,
                    "VOPD destination beyond the declared VGPRs",
                ));
            }
            let saved: Vec<u32> = w.vgpr[xd * ws..(xd + 1) * ws].to_vec();
            let saved_written = w.v_written[xd];
            let mut e = Exec {
                w,
                k: info,
                mem: &mut *memory,
                lds,
                stats,
                inst: &d.inst,
                info: d.info,
                pc,
                wg,
                lenient: false,
                aux,
            };
            handler(&mut e)?;
            let x_result: Vec<u32> = w.vgpr[xd * ws..(xd + 1) * ws].to_vec();
            let x_written = w.v_written[xd];
            w.vgpr[xd * ws..(xd + 1) * ws].copy_from_slice(&saved);
            w.v_written[xd] = saved_written;
            let mut e = Exec {
                w,
                k: info,
                mem: &mut *memory,
                lds,
                stats,
                inst: yinst,
                info: yinfo,
                pc,
                wg,
                lenient: false,
                aux: yaux,
            };
            yh(&mut e)?;
            w.vgpr[xd * ws..(xd + 1) * ws].copy_from_slice(&x_result);
            w.v_written[xd] = x_written;
            continue;
        }
        let mut e = Exec {
            w,
            k: info,
            mem: &mut *memory,
            lds,
            stats,
            inst: &d.inst,
            info: d.info,
            pc,
            wg,
            lenient: false,
            aux,
        };
        handler(&mut e)?;
        if d.tm.is_branch() && w.pc != pc + d.len as u64 * 4 {
            if let (Some(plan), Some(tm)) = (ctx.plan, w.tm.as_deref_mut()) {
                tm.branch_taken(plan.p);
            }
        }
    }
    Ok(())
}

/// Timing mode: issue `d` in the wave's timing state (before it runs, so
/// LDS lane addresses are the ones the instruction reads).
fn issue_timing(plan: &crate::timing::Plan, d: &Decoded, w: &mut Wave) {
    let exec = w.exec();
    let lds = if d.tm.is_lds() {
        crate::timing::lds_cycles(plan.p, &d.tm, &d.inst, &w.vgpr, w.wave_size, exec)
    } else {
        0
    };
    if let Some(tm) = w.tm.as_deref_mut() {
        tm.issue(plan, &d.tm, &d.hz, exec, lds);
    }
}

fn decode_at(
    sem: &crate::sem::SemTable,
    info: &KernelInfo,
    words: &[u32],
    i: usize,
    pc: u64,
) -> Result<Decoded> {
    let table = table::table(info.gen);
    let sem_of = |inst: &Inst| sem.entries.get(inst.opcode.0 as usize).copied().flatten();
    let decoded = decode::decode(info.processor, &words[i..]);
    // VOPD pairs run as their two VOP1/VOP2 halves (see `fallback`).
    let decoded = match decoded {
        Ok((inst, _)) if table[inst.opcode.0 as usize].family == silk_amdgpu::isa::Family::Vopd => {
            Err(decode::DecodeError::Invalid {
                offset: 0,
                name: "v_dual",
                what: "pair (split by the emulator)",
            })
        }
        other => other,
    };
    let hz = |inst: &Inst| {
        let (classes, passes) = sem
            .hazard_classes
            .get(inst.opcode.0 as usize)
            .copied()
            .unwrap_or_default();
        crate::hazard::HazardInfo::new(
            info.processor.generation(),
            inst,
            &table[inst.opcode.0 as usize],
            classes,
            passes,
            info.wave_size,
        )
    };
    let tm = |inst: &Inst| {
        crate::timing::InstTiming::new(
            info.processor,
            inst,
            &table[inst.opcode.0 as usize],
            info.wave_size as u32,
        )
    };
    match decoded {
        Ok((inst, n)) => Ok(Decoded {
            tm: tm(&inst),
            hz: hz(&inst),
            inst,
            len: n as u8,
            info: &table[inst.opcode.0 as usize],
            sem: sem_of(&inst),
            second: None,
        }),
        Err(err) => match crate::fallback::decode(info.processor, &words[i..]) {
            Some(crate::fallback::Fallback::Vopd(x, y, n)) => Ok(Decoded {
                tm: tm(&x).with_vopd_y(&hz(&y)),
                hz: {
                    let mut h = hz(&x);
                    h.merge(&hz(&y));
                    h
                },
                inst: x,
                len: n as u8,
                info: &table[x.opcode.0 as usize],
                sem: sem_of(&x),
                second: Some((y, &table[y.opcode.0 as usize], sem_of(&y))),
            }),
            None => Err(Error::Decode {
                pc: pc.wrapping_sub(info.entry),
                message: err.to_string(),
            }),
        },
    }
}

/// DPP/SDWA forms run through the generic VALU path: VOP1/VOP2 ops that
/// are not carry, mask or lane ops.
fn handles_variant(info: &OpInfo, variant: Variant) -> bool {
    use silk_amdgpu::isa::{Family, Kind};
    let plain = matches!(info.family, Family::Vop1 | Family::Vop2)
        && !info
            .operands
            .iter()
            .any(|o| matches!(o.kind, Kind::Implicit(_) | Kind::Sreg))
        && !info.flags.has(Flags::WRITES_EXEC);
    // SDWA carry ops (v_add_co_u32_sdwa, ...) and compares go through the
    // mask path, which applies the SDWA selects and modifiers.
    let mask = matches!(info.family, Family::Vop2 | Family::Vopc) && variant == Variant::Sdwa;
    plain || mask
}

fn count(stats: &mut Stats, f: Flags) {
    stats.instructions += 1;
    if f.has(Flags::MFMA) || f.has(Flags::WMMA) {
        stats.mfma += 1;
    } else if f.has(Flags::BRANCH) {
        stats.branch += 1;
    } else if f.has(Flags::SMEM) {
        stats.smem += 1;
    } else if f.has(Flags::LDS) {
        stats.lds += 1;
    } else if f.has(Flags::VMEM) || f.has(Flags::FLAT) {
        stats.vmem += 1;
    } else if f.has(Flags::VALU) {
        stats.valu += 1;
    } else if f.has(Flags::SALU) {
        stats.salu += 1;
    } else {
        stats.other += 1;
    }
}

fn hazard_fault(
    info: &KernelInfo,
    cache: &[Option<Box<Decoded>>],
    w: &Wave,
    wg: [u32; 3],
    pc: u64,
    v: &crate::hazard::Violation,
) -> Error {
    let text = |at: u64| {
        let i = (at.wrapping_sub(info.code_base) / 4) as usize;
        match cache.get(i).and_then(|d| d.as_deref()) {
            Some(d) => silk_amdgpu::isa::print::to_text(info.processor, &d.inst),
            None => String::from("?"),
        }
    };
    let f = crate::hazard::fault(
        v,
        info.processor.name(),
        pc.wrapping_sub(info.entry),
        v.producer_pc.wrapping_sub(info.entry),
        text(pc),
        text(v.producer_pc),
        wg,
        w.id,
    );
    Error::Fault(Box::new(f))
}

/// A fault at `pc`, named as the disassembler prints it (the address in
/// the code object) and as an offset from the kernel's entry.
fn pc_fault(info: &KernelInfo, w: &Wave, wg: [u32; 3], pc: u64, msg: &str) -> Error {
    Error::Fault(Box::new(crate::error::Fault {
        kind: FaultKind::Illegal,
        message: format!(
            "{msg} at pc {:#x} (entry + {:#x})",
            pc.wrapping_sub(info.code_base),
            pc.wrapping_sub(info.entry)
        ),
        pc: pc.wrapping_sub(info.entry),
        workgroup: wg,
        wave: w.id,
        lane: None,
        inst: String::new(),
    }))
}

trait WithKind {
    fn with_kind(self, k: FaultKind) -> Self;
}
impl WithKind for Error {
    fn with_kind(mut self, k: FaultKind) -> Self {
        if let Error::Fault(f) = &mut self {
            f.kind = k;
        }
        self
    }
}
