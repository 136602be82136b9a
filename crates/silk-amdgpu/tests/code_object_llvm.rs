//! Differential tests against LLVM 22 (skipped with a message when it is
//! not installed; CI installs it): llvm-readelf/readobj accept our objects
//! without warnings, llvm-objdump decodes our descriptors to the directives
//! we print, llvm-mc assembles our configs' directives to our descriptor
//! bytes, and freshly compiled clang objects round-trip byte for byte.

mod common;

use common::*;
use silk_amdgpu::code_object::{read, validate, KernelConfig, KernelDescriptor};
use silk_amdgpu::target::{Generation, Processor, Target};
use silk_testsupport::llvm;
use std::path::{Path, PathBuf};
use std::process::Command;

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("silk-co-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run(tool: &Path, args: &[&str], file: &Path) -> (String, String) {
    let out = Command::new(tool).args(args).arg(file).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        out.status.success(),
        "{} {args:?} {}: {stderr}",
        tool.display(),
        file.display()
    );
    (stdout, stderr)
}

/// `.amdhsa_kernel` blocks of llvm-objdump output, trimmed lines.
fn objdump_blocks(text: &str) -> Vec<Vec<String>> {
    let mut blocks = Vec::new();
    let mut cur: Option<Vec<String>> = None;
    for line in text.lines().map(str::trim) {
        if line.starts_with(".amdhsa_kernel ") {
            cur = Some(vec![line.to_string()]);
        } else if let Some(c) = cur.as_mut() {
            c.push(line.to_string());
            if line == ".end_amdhsa_kernel" {
                blocks.push(cur.take().unwrap());
            }
        }
    }
    blocks
}

fn ours(d: &KernelDescriptor, name: &str, p: Processor) -> Vec<String> {
    d.directives(name, p)
        .lines()
        .map(|l| l.trim().to_string())
        .collect()
}

#[test]
fn readelf_and_readobj_accept_our_objects_without_warnings() {
    let (Some(readelf), Some(readobj)) = (
        llvm::tool_or_skip(
            "llvm-readelf",
            "readelf_and_readobj_accept_our_objects_without_warnings",
        ),
        llvm::tool_or_skip(
            "llvm-readobj",
            "readelf_and_readobj_accept_our_objects_without_warnings",
        ),
    ) else {
        return;
    };
    let dir = scratch("readelf");
    for (i, t) in targets().into_iter().enumerate() {
        let path = dir.join(format!("sample{i}.hsaco"));
        std::fs::write(&path, sample(t).to_bytes().unwrap()).unwrap();
        let (out, err) = run(
            &readelf,
            &["-h", "-l", "-S", "-s", "--dyn-syms", "-n"],
            &path,
        );
        assert!(err.is_empty(), "llvm-readelf warned on {t:?}: {err}");
        assert!(out.contains("AMDGPU - HSA"), "{out}");
        let abi = out
            .lines()
            .find(|l| l.trim_start().starts_with("ABI Version:"))
            .unwrap();
        assert_eq!(abi.split_whitespace().last(), Some("4"), "{abi}");
        assert!(
            out.contains("second_kernel.kd") && out.contains("NT_AMDGPU_METADATA"),
            "{out}"
        );
        let target_line = out
            .lines()
            .find(|l| l.starts_with("amdhsa.target:"))
            .unwrap();
        assert_eq!(
            target_line
                .split_whitespace()
                .last()
                .unwrap()
                .trim_matches('\''),
            t.target_id()
        );
        let (out, err) = run(&readobj, &["--notes"], &path);
        assert!(err.is_empty(), "llvm-readobj warned on {t:?}: {err}");
        assert!(out.contains(".symbol:         first.kd"), "{out}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn objdump_decodes_descriptors_to_our_directives() {
    let Some(objdump) = llvm::tool_or_skip(
        "llvm-objdump",
        "objdump_decodes_descriptors_to_our_directives",
    ) else {
        return;
    };
    let dir = scratch("objdump");
    let mut files: Vec<(PathBuf, Vec<u8>)> = Vec::new();
    for (i, t) in targets().into_iter().enumerate() {
        let path = dir.join(format!("sample{i}.hsaco"));
        let bytes = sample(t).to_bytes().unwrap();
        std::fs::write(&path, &bytes).unwrap();
        files.push((path, bytes));
    }
    for e in std::fs::read_dir(golden_dir()).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|e| e == "hsaco") {
            let bytes = std::fs::read(&p).unwrap();
            files.push((p, bytes));
        }
    }
    let mut checked = 0;
    for (path, bytes) in &files {
        let (out, err) = run(&objdump, &["-D", "-j", ".rodata"], path);
        assert!(err.is_empty(), "{}: {err}", path.display());
        let parsed = read(bytes).unwrap();
        let p = parsed.target.unwrap().processor;
        let blocks = objdump_blocks(&out);
        assert_eq!(blocks.len(), parsed.kernels.len(), "{}", path.display());
        for (block, k) in blocks.iter().zip(&parsed.kernels) {
            assert_eq!(
                *block,
                ours(&k.descriptor, &k.name, p),
                "{}",
                path.display()
            );
            checked += 1;
        }
    }
    assert!(checked > 30);
    std::fs::remove_dir_all(&dir).ok();
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u32 {
        (self.next() % n) as u32
    }
    fn flag(&mut self) -> bool {
        self.next() & 1 == 1
    }
}

fn random_config(t: &Target, rng: &mut Rng) -> KernelConfig {
    use silk_amdgpu::code_object::{FloatDenormMode as D, FloatRoundMode as R};
    let gfx11 = t.processor.generation() == Generation::Gfx11;
    let mut c = KernelConfig::assembler_defaults(t);
    c.group_segment_fixed_size = rng.below(65537);
    c.private_segment_fixed_size = rng.below(4096);
    c.kernarg_size = rng.below(1024);
    c.user_sgpr_dispatch_ptr = rng.flag();
    c.user_sgpr_queue_ptr = rng.flag();
    c.user_sgpr_kernarg_segment_ptr = rng.flag();
    c.user_sgpr_dispatch_id = rng.flag();
    c.user_sgpr_private_segment_size = rng.flag();
    if rng.flag() {
        c.user_sgpr_count = Some(
            c.implied_user_sgpr_count() + rng.below(16 - c.implied_user_sgpr_count() as u64 + 1),
        );
    }
    c.uses_dynamic_stack = rng.flag();
    c.enable_private_segment = rng.flag();
    c.system_sgpr_workgroup_id_x = rng.flag();
    c.system_sgpr_workgroup_id_y = rng.flag();
    c.system_sgpr_workgroup_id_z = rng.flag();
    c.system_sgpr_workgroup_info = rng.flag();
    c.system_vgpr_workitem_id = rng.below(3);
    c.next_free_sgpr = rng.below(if gfx11 { 107 } else { 97 });
    c.reserve_vcc = rng.flag();
    let modes = [R::NearEven, R::PlusInfinity, R::MinusInfinity, R::Zero];
    let denorms = [D::FlushSrcDst, D::FlushDst, D::FlushSrc, D::FlushNone];
    c.float_round_mode_32 = modes[rng.below(4) as usize];
    c.float_round_mode_16_64 = modes[rng.below(4) as usize];
    c.float_denorm_mode_32 = denorms[rng.below(4) as usize];
    c.float_denorm_mode_16_64 = denorms[rng.below(4) as usize];
    c.dx10_clamp = rng.flag();
    c.ieee_mode = rng.flag();
    c.fp16_overflow = rng.flag();
    c.exception_fp_ieee_invalid_op = rng.flag();
    c.exception_fp_denorm_src = rng.flag();
    c.exception_fp_ieee_div_zero = rng.flag();
    c.exception_fp_ieee_overflow = rng.flag();
    c.exception_fp_ieee_underflow = rng.flag();
    c.exception_fp_ieee_inexact = rng.flag();
    c.exception_int_div_zero = rng.flag();
    if gfx11 {
        c.next_free_vgpr = rng.below(257);
        c.workgroup_processor_mode = rng.flag();
        c.memory_ordered = rng.flag();
        c.forward_progress = rng.flag();
        c.inst_pref_size = rng.below(64);
        if !c.wavefront_size32 && c.granulated_vgpr_count(t) < 8 {
            c.shared_vgpr_count = rng.below(4);
        }
    } else {
        c.next_free_vgpr = rng.below(513);
        c.accum_offset = 4
            * (1 + rng
                .below(c.next_free_vgpr.max(1).next_multiple_of(4) as u64 / 4)
                .min(63));
        c.tg_split = rng.flag();
    }
    c
}

#[test]
fn llvm_mc_assembles_our_directives_to_our_descriptor_bytes() {
    let Some(mc) = llvm::tool_or_skip(
        "llvm-mc",
        "llvm_mc_assembles_our_directives_to_our_descriptor_bytes",
    ) else {
        return;
    };
    let dir = scratch("mc");
    let mut rng = Rng(0x5eed_c0de_1234_5678);
    for t in targets() {
        let mut src = format!(
            ".amdgcn_target \"{}\"\n.amdhsa_code_object_version 6\n",
            t.target_id()
        );
        // Kernel 0: the assembler defaults.
        let mut configs = vec![KernelConfig::assembler_defaults(&t)];
        for _ in 0..40 {
            configs.push(random_config(&t, &mut rng));
        }
        for (i, c) in configs.iter().enumerate() {
            src.push_str(&format!(".text\n.globl k{i}\n.p2align 8\n.type k{i},@function\nk{i}:\n  s_endpgm\n.rodata\n.p2align 6\n"));
            if i == 0 {
                // Only the required directives: checks our defaults.
                src.push_str(&format!(".amdhsa_kernel k0\n  .amdhsa_next_free_vgpr 0\n  .amdhsa_next_free_sgpr 0\n{}.end_amdhsa_kernel\n",
                    if t.processor == Processor::Gfx942 { "  .amdhsa_accum_offset 4\n" } else { "" }));
            } else {
                src.push_str(&c.assembler_directives(&t, &format!("k{i}")));
            }
        }
        let s = dir.join("k.s");
        let o = dir.join("k.o");
        std::fs::write(&s, &src).unwrap();
        let mut cmd = Command::new(&mc);
        cmd.args([
            "-triple",
            "amdgcn-amd-amdhsa",
            &format!("-mcpu={}", t.processor.name()),
            "-filetype=obj",
        ]);
        let mut attrs = Vec::new();
        if t.wavefront_size == 64 && t.processor.generation() == Generation::Gfx11 {
            attrs.push("+wavefrontsize64".to_string());
        }
        for (name, f) in [("xnack", t.xnack), ("sramecc", t.sramecc)] {
            match f {
                silk_amdgpu::target::FeatureSetting::On => attrs.push(format!("+{name}")),
                silk_amdgpu::target::FeatureSetting::Off => attrs.push(format!("-{name}")),
                _ => {}
            }
        }
        if !attrs.is_empty() {
            cmd.arg(format!("-mattr={}", attrs.join(",")));
        }
        let out = cmd.arg(&s).arg("-o").arg(&o).output().unwrap();
        assert!(
            out.status.success(),
            "llvm-mc rejected our directives for {t:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let bytes = std::fs::read(&o).unwrap();
        let parsed = read(&bytes).unwrap();
        let rodata = parsed.section(".rodata").unwrap();
        let ro = &bytes[rodata.offset as usize..(rodata.offset + rodata.size) as usize];
        for (i, c) in configs.iter().enumerate() {
            let kd = parsed
                .symbols
                .iter()
                .find(|s| s.name == format!("k{i}.kd"))
                .unwrap();
            let theirs = &ro[kd.value as usize..kd.value as usize + 64];
            let mine = KernelDescriptor::encode(c, &t, "k", 0).unwrap();
            // Bytes 16..24 hold the entry offset, filled by a relocation in `.o`.
            assert_eq!(
                &theirs[..16],
                &mine.0[..16],
                "{t:?} k{i}\n{}",
                c.assembler_directives(&t, "k")
            );
            assert_eq!(
                &theirs[24..],
                &mine.0[24..],
                "{t:?} k{i}\n{}",
                c.assembler_directives(&t, "k")
            );
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn fresh_clang_objects_round_trip_byte_for_byte() {
    let Some(clang) =
        llvm::tool_or_skip("clang-22", "fresh_clang_objects_round_trip_byte_for_byte")
    else {
        return;
    };
    let dir = scratch("clang");
    let src_dir = golden_dir().parent().unwrap().to_path_buf();
    let mut n = 0;
    for e in std::fs::read_dir(&src_dir).unwrap() {
        let src = e.unwrap().path();
        if src.extension().is_none_or(|e| e != "hip") {
            continue;
        }
        let file = src.file_stem().unwrap().to_string_lossy().into_owned();
        let procs: Vec<&str> = match file.split_once('.') {
            // `name.gfx11.hip`: both GFX11 processors (see regen_asm.py).
            Some((_, "gfx11")) => vec!["gfx1100", "gfx1151"],
            Some((_, only)) => vec![Box::leak(only.to_string().into_boxed_str())],
            None => vec!["gfx942", "gfx1100", "gfx1151"],
        };
        for p in procs {
            let out = dir.join(format!("{file}-{p}.hsaco"));
            let status = Command::new(&clang)
                .args([
                    "-x",
                    "hip",
                    "-nogpulib",
                    "-nogpuinc",
                    "--cuda-device-only",
                    "-O3",
                    "--no-gpu-bundle-output",
                ])
                .arg(format!("--offload-arch={p}"))
                .arg(&src)
                .arg("-o")
                .arg(&out)
                .status()
                .unwrap();
            assert!(status.success(), "clang failed on {}", src.display());
            let bytes = std::fs::read(&out).unwrap();
            let parsed = read(&bytes).unwrap();
            assert!(
                validate(&parsed).is_empty(),
                "{file} {p}: {:?}",
                validate(&parsed)
            );
            let obj = parsed.to_code_object(&bytes).unwrap();
            let written = obj.to_bytes().unwrap();
            let again = read(&written).unwrap();
            for (a, b) in parsed.kernels.iter().zip(&again.kernels) {
                assert_eq!(a.descriptor, b.descriptor, "{file} {p} {}", a.name);
            }
            assert_eq!(parsed.metadata_bytes, again.metadata_bytes, "{file} {p}");
            assert_eq!(written, bytes, "{file} {p}: whole object differs");
            n += 1;
        }
    }
    assert!(n >= 20);
    std::fs::remove_dir_all(&dir).ok();
}
