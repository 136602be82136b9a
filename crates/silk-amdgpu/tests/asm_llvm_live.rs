//! `silk asm` against LLVM 22 on fresh input (skipped with a message when
//! LLVM 22 is not installed): the `globals.hip` kernels compiled by clang
//! to assembly, then assembled by clang + lld and by `silk asm`.

use silk_amdgpu::asm::assemble_file;
use silk_amdgpu::code_object::read;
use silk_testsupport::llvm;
use std::path::{Path, PathBuf};
use std::process::Command;

fn hip_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/hip")
}

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("silk-asm-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run(tool: &Path, args: &[&str]) {
    let out = Command::new(tool).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{} {args:?}: {}",
        tool.display(),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `llvm-mc -filetype=obj` of `s` into `o`, and `llvm-readelf -r` of it.
fn mc_object_relocs(mc: &Path, readelf: &Path, mcpu: &str, s: &Path, o: &Path) -> String {
    let (s, o) = (s.to_str().unwrap(), o.to_str().unwrap());
    run(
        mc,
        &[
            "-triple=amdgcn-amd-amdhsa",
            mcpu,
            "-filetype=obj",
            s,
            "-o",
            o,
        ],
    );
    let out = Command::new(readelf).args(["-r", o]).output().unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Every byte a loader maps (ELF header but the section header fields,
/// program headers, `.note` through `.data`) is the same in both objects.
fn assert_loaded_bytes_equal(ours: &[u8], theirs: &[u8], what: &str) {
    let b = read(theirs).unwrap();
    let end = b
        .sections
        .iter()
        .filter(|s| s.flags & 2 != 0 && s.sh_type != 8)
        .map(|s| s.offset + s.size)
        .max()
        .unwrap() as usize;
    assert_eq!(ours[..0x28], theirs[..0x28], "{what}: ELF header");
    let first = ours[0x40..end]
        .iter()
        .zip(&theirs[0x40..end])
        .position(|(x, y)| x != y);
    assert_eq!(
        first,
        None,
        "{what}: loaded bytes differ at {:#x}",
        first.unwrap_or(0) + 0x40
    );
}

#[test]
fn globals_kernels_match_clang_and_lld() {
    let test = "globals_kernels_match_clang_and_lld";
    let (Some(clang), Some(lld)) = (
        llvm::tool_or_skip("clang-22", test),
        llvm::tool_or_skip("ld.lld", test),
    ) else {
        return;
    };
    let dir = scratch("globals");
    let src = hip_dir().join("globals.hip");
    for p in ["gfx942", "gfx1100", "gfx1151"] {
        let s = dir.join(format!("globals-{p}.s"));
        let o = dir.join(format!("globals-{p}.o"));
        let so = dir.join(format!("globals-{p}.hsaco"));
        let arch = format!("--offload-arch={p}");
        let mcpu = format!("-mcpu={p}");
        let (s_, o_, so_) = (
            s.to_str().unwrap(),
            o.to_str().unwrap(),
            so.to_str().unwrap(),
        );
        run(
            &clang,
            &[
                "-x",
                "hip",
                "-nogpulib",
                "-nogpuinc",
                "--cuda-device-only",
                "-O3",
                "--no-gpu-bundle-output",
                "-S",
                &arch,
                src.to_str().unwrap(),
                "-o",
                s_,
            ],
        );
        run(
            &clang,
            &[
                "-c",
                "-x",
                "assembler",
                "-target",
                "amdgcn-amd-amdhsa",
                &mcpu,
                s_,
                "-o",
                o_,
            ],
        );
        run(&lld, &["-shared", o_, "-o", so_]);
        let text = std::fs::read_to_string(&s).unwrap();
        let ours = assemble_file(&text, s_, None).unwrap_or_else(|d| panic!("{d}"));
        let theirs = std::fs::read(&so).unwrap();
        assert_loaded_bytes_equal(&ours, &theirs, p);
        let a = read(&ours).unwrap();
        assert_eq!(
            a.dynamic_symbols,
            read(&theirs).unwrap().dynamic_symbols,
            "{p}"
        );
        assert!(
            a.section(".rela.dyn").is_some_and(|r| r.size == 4 * 24),
            "{p}: four RELATIVE64"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// llvm-mc's `-show-encoding` lines (labels, instructions with their
/// encodings, fixups), without the echoed directives and metadata.
fn llvm_mc_listing(text: &str) -> String {
    let mut out = String::new();
    let mut in_meta = false;
    for l in text.lines() {
        let t = l.trim();
        if t == ".amdgpu_metadata" || t == ".end_amdgpu_metadata" {
            in_meta = t == ".amdgpu_metadata";
            continue;
        }
        let label = !l.starts_with([' ', '\t']) && l.ends_with(':');
        if !in_meta && (label || l.contains("; encoding: [") || t.starts_with(";   fixup A")) {
            out.push_str(l);
            out.push('\n');
        }
    }
    out
}

/// `silk asm --show-encoding` (no `--target`) against `llvm-mc
/// -show-encoding` on every clang-generated `.s` file of the corpus:
/// the same labels, instruction text, bytes and fixups, line for line.
#[test]
fn show_encoding_matches_llvm_mc_on_clang_files() {
    let Some(mc) = llvm::tool_or_skip("llvm-mc", "show_encoding_matches_llvm_mc_on_clang_files")
    else {
        return;
    };
    let dir = hip_dir().join("asm");
    let mut files = 0;
    let mut failures = Vec::new();
    let mut entries: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "s"))
        .collect();
    entries.sort();
    for path in entries {
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let proc_name = stem.rsplit('-').next().unwrap();
        let out = Command::new(&mc)
            .args([
                "-triple=amdgcn-amd-amdhsa",
                &format!("-mcpu={proc_name}"),
                "-show-encoding",
            ])
            .arg(&path)
            .output()
            .unwrap();
        assert!(out.status.success(), "llvm-mc failed on {stem}");
        let want = llvm_mc_listing(&String::from_utf8_lossy(&out.stdout));
        let text = std::fs::read_to_string(&path).unwrap();
        let (ours, diags) = silk_amdgpu::asm::show_encoding(&text, &stem, None);
        assert!(diags.0.is_empty(), "{stem}: {diags}");
        if ours != want {
            let first = ours
                .lines()
                .zip(want.lines())
                .find(|(a, b)| a != b)
                .map(|(a, b)| format!("ours `{a}`\n  llvm-mc `{b}`"))
                .unwrap_or_else(|| "one listing is a prefix of the other".into());
            failures.push(format!("{stem}: {first}"));
        }
        files += 1;
    }
    assert!(files >= 120, "{files} files");
    assert!(
        failures.is_empty(),
        "{} of {files} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The operand-expression sources of tests/data/asm_expr through llvm-mc
/// 22 now: `-show-encoding` lines and `.text` bytes equal ours.
#[test]
fn operand_expressions_match_llvm_mc_live() {
    let test = "operand_expressions_match_llvm_mc_live";
    let (Some(mc), Some(objcopy)) = (
        llvm::tool_or_skip("llvm-mc", test),
        llvm::tool_or_skip("llvm-objcopy", test),
    ) else {
        return;
    };
    let dir = scratch("expr");
    for p in ["gfx942", "gfx1100"] {
        let path = hip_dir().join(format!("../asm_expr/operands-{p}.s"));
        let src = std::fs::read_to_string(&path).unwrap();
        let mcpu = format!("-mcpu={p}");
        let out = Command::new(&mc)
            .args(["-triple=amdgcn-amd-amdhsa", &mcpu, "-show-encoding"])
            .arg(&path)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let (listing, diags) = silk_amdgpu::asm::show_encoding(&src, "operands.s", None);
        assert!(diags.0.is_empty(), "{diags}");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let theirs: Vec<&str> = stdout
            .lines()
            .filter(|l| l.contains("; encoding: ["))
            .collect();
        let ours: Vec<&str> = listing
            .lines()
            .filter(|l| l.contains("; encoding: ["))
            .collect();
        assert_eq!(ours.len(), theirs.len(), "{p}: one line per instruction");
        // Lines llvm-mc lists with a fixup (label differences) are
        // compared through the `.text` bytes below.
        let (ours, theirs): (Vec<&str>, Vec<&str>) = ours
            .iter()
            .zip(&theirs)
            .filter(|(_, t)| !t.contains(",A"))
            .unzip();
        assert_eq!(ours, theirs, "{p}");
        let o = dir.join(format!("{p}.o"));
        let bin = dir.join(format!("{p}.bin"));
        run(
            &mc,
            &[
                "-triple=amdgcn-amd-amdhsa",
                &mcpu,
                "-filetype=obj",
                path.to_str().unwrap(),
                "-o",
                o.to_str().unwrap(),
            ],
        );
        run(
            &objcopy,
            &[
                "-O",
                "binary",
                "--only-section=.text",
                o.to_str().unwrap(),
                bin.to_str().unwrap(),
            ],
        );
        let want = std::fs::read(&bin).unwrap();
        let obj = silk_amdgpu::asm::assemble_file(&src, "operands.s", None)
            .unwrap_or_else(|d| panic!("{d}"));
        let parsed = read(&obj).unwrap();
        let s = parsed.section(".text").unwrap();
        assert_eq!(
            &obj[s.offset as usize..(s.offset + s.size) as usize],
            &want[..],
            "{p}: .text"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// The symbol-operand lines inserted into a clang kernel: a `.set`
/// constant used before and after its definition, a label of `.text`
/// with an addend, in SALU and VALU sources and a VOP3 integer source.
fn with_symbol_operands(text: &str, kernel: &str, vop3_literal: bool) -> String {
    // (gfx942 VOP3 takes no literal: llvm-mc 22 and we reject the line.)
    let vop3 = if vop3_literal {
        "\tv_bfe_u32 v2, v2, 0, .Lsilk_fwd\n"
    } else {
        ""
    };
    let block = format!(
        "\t.set .Lsilk_back, 7\n\
         \ts_mov_b32 s2, .Lsilk_back\n\
         \ts_mov_b32 s2, .Lsilk_fwd\n\
         \ts_add_u32 s2, s2, .Lsilk_fwd+4\n\
         \tv_mov_b32 v2, .Lsilk_fwd-8\n\
         {vop3}\
         \ts_mov_b32 s2, {kernel}+4\n\
         \ts_sub_u32 s2, s2, .Lsilk_here\n\
         .Lsilk_here:\n\
         \t.set .Lsilk_fwd, 0x12345\n"
    );
    let at = text.find("; %bb.0:\n").unwrap() + "; %bb.0:\n".len();
    format!("{}{block}{}", &text[..at], &text[at..])
}

/// Symbol operands through llvm-mc 22 and ld.lld 22 (as clang links a
/// code object): `-show-encoding` lines and fixups equal ours, and the
/// linked object's loaded bytes equal `silk asm`'s (a forward `.set`
/// operand is llvm-mc's `R_AMDGPU_REL32` against `*ABS*`, which lld
/// resolves to `S + A - P`, and which `llvm-readelf -r` shows in the
/// relocatable object). `@abs32@lo/hi` list as llvm-mc lists them
/// (`FK_Data_4`, `R_AMDGPU_ABS32_LO/HI` in the object), and since ld.lld
/// 22 cannot link those, `silk asm` rejects them at the operand.
#[test]
fn symbol_operands_match_llvm_mc_and_lld() {
    let test = "symbol_operands_match_llvm_mc_and_lld";
    let (Some(mc), Some(lld), Some(readelf)) = (
        llvm::tool_or_skip("llvm-mc", test),
        llvm::tool_or_skip("ld.lld", test),
        llvm::tool_or_skip("llvm-readelf", test),
    ) else {
        return;
    };
    let dir = scratch("symbols");
    for p in ["gfx942", "gfx1100", "gfx1151"] {
        let src = hip_dir().join(format!("asm/atomic_cas-{p}.s"));
        let text = std::fs::read_to_string(&src).unwrap();
        let kernel = text
            .lines()
            .find_map(|l| l.trim().strip_prefix(".globl\t"))
            .unwrap()
            .trim()
            .to_string();
        if p == "gfx942" {
            let (_, d) = silk_amdgpu::asm::show_encoding(
                &with_symbol_operands(&text, &kernel, true),
                "vop3.s",
                None,
            );
            assert_eq!(d.0.len(), 1, "gfx942 VOP3 literal: {d}");
        }
        let text = with_symbol_operands(&text, &kernel, p != "gfx942");
        let s = dir.join(format!("sym-{p}.s"));
        let o = dir.join(format!("sym-{p}.o"));
        let so = dir.join(format!("sym-{p}.hsaco"));
        std::fs::write(&s, &text).unwrap();
        let mcpu = format!("-mcpu={p}");
        let listing = Command::new(&mc)
            .args(["-triple=amdgcn-amd-amdhsa", &mcpu, "-show-encoding"])
            .arg(&s)
            .output()
            .unwrap();
        assert!(listing.status.success(), "{p}");
        let want = llvm_mc_listing(&String::from_utf8_lossy(&listing.stdout));
        let (ours, diags) = silk_amdgpu::asm::show_encoding(&text, "sym.s", None);
        assert!(diags.0.is_empty(), "{p}: {diags}");
        for (a, b) in ours.lines().zip(want.lines()) {
            assert_eq!(a, b, "{p}: listing");
        }
        assert_eq!(ours.lines().count(), want.lines().count(), "{p}");
        let relocs = mc_object_relocs(&mc, &readelf, &mcpu, &s, &o);
        let abs_rel32 = relocs
            .lines()
            .filter(|l| {
                let last = l.split_whitespace().last().unwrap_or_default();
                l.contains("R_AMDGPU_REL32 ") && matches!(last, "12345" | "12349")
            })
            .count();
        assert!(
            abs_rel32 >= 2,
            "{p}: forward .set as REL32 *ABS*:\n{relocs}"
        );
        run(
            &lld,
            &["-shared", o.to_str().unwrap(), "-o", so.to_str().unwrap()],
        );
        let ours = assemble_file(&text, "sym.s", None).unwrap_or_else(|d| panic!("{d}"));
        let theirs = std::fs::read(&so).unwrap();
        assert_loaded_bytes_equal(&ours, &theirs, p);

        // @abs32: llvm-mc's listing and relocations; ld.lld refuses them.
        let abs = text.replacen(
            "\ts_mov_b32 s2, .Lsilk_back\n",
            &format!("\ts_mov_b32 s2, {kernel}@abs32@lo+8\n\ts_mov_b32 s3, {kernel}@abs32@hi\n"),
            1,
        );
        std::fs::write(&s, &abs).unwrap();
        let listing = Command::new(&mc)
            .args(["-triple=amdgcn-amd-amdhsa", &mcpu, "-show-encoding"])
            .arg(&s)
            .output()
            .unwrap();
        let want = llvm_mc_listing(&String::from_utf8_lossy(&listing.stdout));
        let (ours, diags) = silk_amdgpu::asm::show_encoding(&abs, "abs.s", None);
        assert!(diags.0.is_empty(), "{p}: {diags}");
        assert_eq!(ours, want, "{p}: @abs32 listing");
        assert!(want.contains("kind: FK_Data_4"), "{p}");
        let relocs = mc_object_relocs(&mc, &readelf, &mcpu, &s, &o);
        assert!(
            relocs.contains("R_AMDGPU_ABS32_LO") && relocs.contains("R_AMDGPU_ABS32_HI"),
            "{p}:\n{relocs}"
        );
        let linked = Command::new(&lld)
            .args(["-shared", o.to_str().unwrap(), "-o", so.to_str().unwrap()])
            .output()
            .unwrap();
        assert!(
            !linked.status.success(),
            "{p}: ld.lld links R_AMDGPU_ABS32 now"
        );
        let err = assemble_file(&abs, "abs.s", None).unwrap_err();
        let line = abs.lines().position(|l| l.contains("@abs32@lo")).unwrap() + 1;
        assert!(
            err.0
                .iter()
                .any(|d| d.line == line && d.message.contains("ld.lld")),
            "{p}: {err}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}
