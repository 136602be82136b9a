//! `silk asm` diagnostics: every error of a file, as
//! `file:line:col: error: message`, the source line and a caret; and no
//! panic on any input (proptest over arbitrary text and mutated corpus
//! files).

use proptest::prelude::*;
use silk_amdgpu::asm::{assemble_file, assemble_file_with, EncodingTable};
use silk_amdgpu::target::{Processor, Target};

const HEADER: &str = "\t.amdgcn_target \"amdgcn-amd-amdhsa--gfx942\"\n\t.text\n";

fn errors(body: &str) -> String {
    let text = format!("{HEADER}{body}");
    match assemble_file(&text, "t.s", None) {
        Ok(_) => panic!("expected errors for:\n{body}"),
        Err(d) => d.to_string(),
    }
}

#[test]
fn reports_every_error_with_line_column_and_caret() {
    let body = "\t.bogus 1
\ts_branch .Lnowhere
\ts_branch .Lfar
.Lx:
.Lx:
\t.fill 40000, 4, 0xbf800000
.Lfar:
\ts_endpgm
\tv_frobnicate v0
\t.set x, 1 +
";
    assert_eq!(
        errors(body),
        "t.s:3:2: error: unknown directive `.bogus`
\t.bogus 1
\t^
t.s:4:11: error: undefined symbol `.Lnowhere`
\ts_branch .Lnowhere
\t         ^
t.s:5:11: error: branch target `.Lfar` is out of range: 40000 dwords away (a branch reaches -32768..32767)
\ts_branch .Lfar
\t         ^
t.s:7:1: error: symbol `.Lx` is already defined (first at line 6)
.Lx:
^
t.s:11:2: error: unknown instruction `v_frobnicate` for gfx942
\tv_frobnicate v0
\t^
t.s:12:13: error: expected an expression
\t.set x, 1 +
\t           ^"
    );
}

#[test]
fn expression_errors() {
    let e = errors("\t.set a, 1 / 0\n\t.set b, c + 1\n\t.set c, b\n\t.long max()\n\t.byte 300\n");
    assert!(e.contains("t.s:3:12: error: division by zero"), "{e}");
    assert!(e.contains("defined in terms of itself"), "{e}");
    assert!(
        e.contains("t.s:6:8: error: `max` needs at least one argument"),
        "{e}"
    );
    assert!(
        e.contains("t.s:7:8: error: value 300 does not fit in 1 bytes"),
        "{e}"
    );
    let e = errors("\t.p2align 40\n\t.long undefined_thing\n");
    assert!(
        e.contains("t.s:3:11: error: alignment must be between"),
        "{e}"
    );
    assert!(
        e.contains("t.s:4:8: error: undefined symbol `undefined_thing`"),
        "{e}"
    );
}

#[test]
fn kernel_block_errors() {
    let body = "\t.section .rodata
\t.p2align 6
\t.amdhsa_kernel k
\t\t.amdhsa_next_free_vgpr 1
\t\t.amdhsa_next_free_vgpr 2
\t\t.amdhsa_wavefront_size32 1
\t\t.amdhsa_bogus 1
\t\t.amdhsa_system_vgpr_workitem_id 3
\t.end_amdhsa_kernel
";
    let e = errors(body);
    for want in [
        "t.s:7:3: error: `.amdhsa_next_free_vgpr` is given twice for kernel `k`",
        "t.s:8:3: error: `.amdhsa_wavefront_size32` is not supported on gfx942",
        "t.s:9:3: error: unknown `.amdhsa_kernel` directive `.amdhsa_bogus`",
        "t.s:10:3: error: `.amdhsa_system_vgpr_workitem_id` value 3 is out of range (0 to 2)",
        "t.s:5:2: error: kernel `k` needs `.amdhsa_next_free_sgpr`",
        "t.s:5:2: error: kernel `k` needs `.amdhsa_accum_offset`",
    ] {
        assert!(e.contains(want), "missing `{want}` in:\n{e}");
    }
    let e = errors("\t.section .rodata\n\t.amdhsa_kernel k\n");
    assert!(
        e.contains("t.s:4:2: error: `.amdhsa_kernel k` has no `.end_amdhsa_kernel`"),
        "{e}"
    );
}

#[test]
fn target_errors() {
    let text = "\t.amdgcn_target \"amdgcn-amd-amdhsa--gfx1100\"\n";
    let t = Target::parse("gfx1151").unwrap();
    let e = assemble_file(text, "t.s", Some(t)).unwrap_err().to_string();
    assert!(
        e.starts_with("t.s:1:17: error: `.amdgcn_target` says `amdgcn-amd-amdhsa--gfx1100` but --target is `amdgcn-amd-amdhsa--gfx1151`"),
        "{e}"
    );
    let e = assemble_file("\ts_endpgm\n", "t.s", None)
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("t.s:1:2: error: no target"), "{e}");
    let e = assemble_file(
        "\t.amdgcn_target \"amdgcn-amd-amdhsa--gfx1100\"\n\t.amdgcn_target \"amdgcn-amd-amdhsa--gfx942\"\n",
        "t.s",
        None,
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("t.s:2:17: error: conflicting `.amdgcn_target`"),
        "{e}"
    );
}

#[test]
fn metadata_errors_point_at_the_yaml_line() {
    let body = "\t.amdgpu_metadata
---
amdhsa.version:
  - 1
  - 2
amdhsa.version: 3
...
\t.end_amdgpu_metadata
";
    let e = errors(body);
    assert!(
        e.contains("t.s:8:1: error: metadata: duplicate key `amdhsa.version`"),
        "{e}"
    );
}

/// A directive-only file (no instructions, code given as `.long` words)
/// assembles through the product path into an object that reads back.
#[test]
fn data_only_kernel_assembles() {
    let text = format!(
        "{HEADER}\t.globl k\n\t.p2align 8\n\t.type k,@function\nk:\n\t.long 0xbf810000\n.Lend:\n\t.size k, .Lend-k
\t.section .rodata,\"a\",@progbits\n\t.p2align 6\n\t.amdhsa_kernel k
\t\t.amdhsa_next_free_vgpr 3\n\t\t.amdhsa_next_free_sgpr 5\n\t\t.amdhsa_accum_offset 4\n\t.end_amdhsa_kernel\n"
    );
    let bytes = assemble_file(&text, "t.s", None).unwrap();
    let obj = silk_amdgpu::code_object::read(&bytes).unwrap();
    assert_eq!(obj.kernels.len(), 1);
    let k = &obj.kernels[0];
    assert_eq!(k.name, "k");
    assert_eq!(k.code, 0xbf81_0000u32.to_le_bytes());
    assert_eq!(k.config.next_free_vgpr.div_ceil(8), 1);
    // Without an `.amdgpu_metadata` block the note lists no kernels (as
    // llvm-mc leaves the metadata to the file); that is all the
    // validator finds.
    let issues = silk_amdgpu::code_object::validate(&obj);
    assert_eq!(issues.len(), 1, "{issues:#?}");
    assert!(issues[0].message.contains("no `amdhsa.kernels` entry"));
}

fn corpus_files() -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/hip/asm");
    let mut v: Vec<String> = [
        "saxpy-gfx942.s",
        "calls-gfx1100.s",
        "multi_call-gfx1151.s",
        "atomics-gfx942.s",
    ]
    .iter()
    .map(|f| std::fs::read_to_string(dir.join(f)).unwrap())
    .collect();
    v.sort();
    v
}

fn table() -> EncodingTable {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/hip/asm");
    let mut t = EncodingTable::new();
    for p in Processor::ALL {
        let text =
            std::fs::read_to_string(dir.join(format!("encodings-{}.txt", p.name()))).unwrap();
        t.add(p, &text).unwrap();
    }
    t
}

fn check_no_panic(text: &str, table: &EncodingTable) {
    // Either an object or diagnostics, each with a valid line number.
    match assemble_file_with(text, "f.s", None, table) {
        Ok(bytes) => {
            silk_amdgpu::code_object::read(&bytes).expect("an object we wrote reads back");
        }
        Err(d) => {
            assert!(!d.0.is_empty());
            let lines = text.split('\n').count();
            for x in &d.0 {
                assert!(x.line >= 1 && x.line <= lines, "line {} of {lines}", x.line);
                assert!(x.column >= 1);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,400}") {
        check_no_panic(&text, &EncodingTable::new());
    }

    #[test]
    fn directive_soup_never_panics(lines in proptest::collection::vec(
        prop_oneof![
            Just(".text".to_string()), Just(".section .rodata".to_string()),
            Just(".p2align 8".to_string()), Just("x:".to_string()), Just(".Lx:".to_string()),
            Just(".amdhsa_kernel x".to_string()), Just(".end_amdhsa_kernel".to_string()),
            Just(".amdgpu_metadata".to_string()), Just(".end_amdgpu_metadata".to_string()),
            Just(".amdhsa_next_free_vgpr 1".to_string()), Just(".globl x".to_string()),
            Just(".type x,@function".to_string()), Just(".size x, .-x".to_string()),
            Just("s_endpgm".to_string()), Just(".amdgcn_target \"amdgcn-amd-amdhsa--gfx942\"".to_string()),
            "\\.set [a-z]{1,3}, [-+*/%()<>&|!~^0-9a-z ,.]{0,24}",
            "\\.(byte|long|quad|fill|zero) [-0-9a-z ,.]{0,16}",
            "[ -~]{0,30}",
        ],
        0..40,
    )) {
        check_no_panic(&lines.join("\n"), &EncodingTable::new());
    }

    #[test]
    fn mutated_corpus_files_never_panic(
        file in 0usize..4,
        edits in proptest::collection::vec((any::<prop::sample::Index>(), 0u8..4, "[ -~]{0,8}"), 1..6),
    ) {
        let files = corpus_files();
        let mut lines: Vec<String> = files[file].split('\n').map(str::to_string).collect();
        for (at, op, s) in edits {
            let i = at.index(lines.len());
            match op {
                0 => { lines.remove(i); }
                1 => lines.insert(i, s),
                2 => { let l = lines[i].clone(); lines.insert(i, l); }
                _ => {
                    let l = &mut lines[i];
                    let cut = l.char_indices().map(|(k, _)| k).nth(s.len() % (l.chars().count() + 1)).unwrap_or(l.len());
                    l.insert_str(cut, &s);
                }
            }
        }
        check_no_panic(&lines.join("\n"), &TABLE.with(|t| t.clone()));
    }
}

thread_local! {
    static TABLE: EncodingTable = table();
}

/// References between sections that lld would not resolve at link time,
/// or data a code object cannot hold, are located errors.
#[test]
fn cross_section_reference_errors() {
    let e = errors(
        "\ts_add_u32 s0, s0, tab@rel32@lo+4
\t.rodata
\t.globl tab
tab:
\t.quad tab
\t.data
\t.globl ptr
ptr:
\t.long tab
\t.bss
\t.long 5
",
    );
    assert!(
        e.contains("t.s:3:20: error: `tab` is global with default visibility"),
        "{e}"
    );
    assert!(e.contains("t.s:7:8: error: this value is an address, which needs a load-time relocation; lld allows one only in a writable section"), "{e}");
    assert!(
        e.contains("t.s:11:8: error: an address needs 8 bytes"),
        "{e}"
    );
    assert!(
        e.contains("t.s:13:8: error: `.bss` holds only zeros"),
        "{e}"
    );
    let e = errors("\t.data\nlocal_var:\n\t.long 1\n");
    assert!(
        e.contains("t.s:4:1: error: data symbol `local_var` is local"),
        "{e}"
    );
    let e = errors("\ts_branch tab\n\t.rodata\ntab:\n");
    assert!(e.contains("branch target `tab` is in `.rodata`"), "{e}");
}

/// Operand expressions llvm-mc would resolve only through a relocation
/// (an undefined or not-yet-defined symbol, an address) stay errors.
#[test]
fn operand_expression_errors() {
    let e = errors("\ts_mov_b32 s0, undefined_sym+1\n");
    assert!(e.contains("t.s:3:"), "{e}");
    let e = errors("\ts_mov_b32 s0, later*2\n\t.set later, 3\n");
    assert!(e.contains("t.s:3:"), "{e}");
    // A label is a PC-relative literal (llvm-mc's `FK_PCRel_4`), as are
    // symbols in other sections.
    let ok = format!("{HEADER}.Lx:\n\ts_mov_b32 s0, .Lx+4\n");
    assert!(assemble_file(&ok, "t.s", None).is_ok());
    // A `.set` symbol after a SOPP mnemonic is a number, not a branch label.
    let ok = format!("{HEADER}\t.set n, 3\n\ts_nop n-2\n");
    assert!(assemble_file(&ok, "t.s", None).is_ok());
    let e = errors("\ts_nop later\n");
    assert!(e.contains("t.s:3:"), "{e}");
}

/// The value of the first `.long` of an assembled object's `.text`.
fn first_long(text: &str) -> Result<u32, String> {
    let obj = assemble_file(text, "t.s", None).map_err(|d| d.to_string())?;
    let co = silk_amdgpu::code_object::read(&obj).map_err(|e| e.to_string())?;
    let s = co.sections.iter().find(|s| s.name == ".text").unwrap();
    let at = s.offset as usize;
    Ok(u32::from_le_bytes(obj[at..at + 4].try_into().unwrap()))
}

/// Long chains of `.set` definitions, written in either order, resolve
/// (each symbol once, without recursion); a chain with a bad link reports
/// it once per symbol with a short message, and a cycle is named.
#[test]
fn long_chains_of_set_symbols_resolve_once() {
    const N: usize = 5_000;
    let mut backward = format!("{HEADER}\t.long x{}\n\t.set x0, 1\n", N - 1);
    for i in 1..N {
        backward.push_str(&format!("\t.set x{i}, x{}+1\n", i - 1));
    }
    let mut forward = format!("{HEADER}\t.long x0\n");
    for i in 0..N - 1 {
        forward.push_str(&format!("\t.set x{i}, x{}+1\n", i + 1));
    }
    forward.push_str(&format!("\t.set x{}, 1\n", N - 1));
    assert_eq!(first_long(&backward), Ok(N as u32));
    assert_eq!(first_long(&forward), Ok(N as u32));

    let broken = forward.replace(&format!(".set x{}, 1\n", N - 1), "");
    let e = first_long(&broken).unwrap_err();
    assert!(
        e.contains(&format!(
            "in the value of `x1`: undefined symbol `x{}`",
            N - 1
        )),
        "{}",
        &e[..e.len().min(500)]
    );
    let longest = e.lines().map(str::len).max().unwrap();
    assert!(longest < 200, "a message line of {longest} bytes");

    let mut cycle = format!("{HEADER}\t.long x0\n");
    for i in 0..N {
        cycle.push_str(&format!("\t.set x{i}, x{}+1\n", (i + 1) % N));
    }
    let e = first_long(&cycle).unwrap_err();
    assert!(e.contains("is defined in terms of itself"), "{}", &e[..500]);
    assert!(e.len() < N * 300, "{} bytes of errors", e.len());
}

/// A huge line and a file of garbage: messages and kept source lines are
/// bounded, and past `MAX_KEPT` errors only their number is kept.
#[test]
fn huge_lines_and_floods_of_errors_stay_small() {
    use silk_amdgpu::asm::{MAX_KEPT, MAX_MESSAGE, MAX_SOURCE_SHOWN};
    let long = format!("{HEADER}\t.{}\n", "z".repeat(4 << 20));
    let d = assemble_file(&long, "t.s", None).unwrap_err();
    assert_eq!(d.0.len(), 1, "{d}");
    assert!(d.0[0].message.starts_with("unknown directive `.zzz"), "{d}");
    assert!(d.0[0].message.len() <= MAX_MESSAGE);
    assert!(d.0[0].source_line.chars().count() <= MAX_SOURCE_SHOWN);
    // Far along a long line, the caret still points at the column within
    // the window.
    let far = format!("{HEADER}\t.byte {}é\n", "1, ".repeat(1 << 20));
    let d = assemble_file(&far, "t.s", None).unwrap_err();
    assert_eq!(d.0.len(), 1, "{d}");
    assert!(d.0[0].source_line.chars().count() <= MAX_SOURCE_SHOWN);
    assert!(d.0[0].source_line.starts_with("..."), "{d}");
    let at = d.0[0].source_line.chars().nth(d.0[0].column - 1);
    assert_eq!(at, Some('é'), "{}", d.0[0]);

    let garbage = format!("{HEADER}{}", "\tfrobnicate v0\n".repeat(MAX_KEPT + 500));
    let d = assemble_file(&garbage, "t.s", None).unwrap_err();
    assert_eq!(d.0.len(), MAX_KEPT + 1);
    assert!(
        d.0[MAX_KEPT].message.contains(&format!(
            "500 more errors after the first {MAX_KEPT} were not kept"
        )),
        "{}",
        d.0[MAX_KEPT]
    );
}

/// Expressions over chains of deep definitions evaluate without
/// recursion: needed before the last statement (a `.fill` count) they
/// work up to a step budget and past it are a located error, never a
/// stack overflow; used by `.long` (resolved at the end) they always work.
#[test]
fn deep_definitions_evaluate_without_recursion() {
    let chain = |terms: usize| {
        let mut text = format!("{HEADER}\t.set x0, 1\n");
        for i in 1..1000 {
            text.push_str(&format!("\t.set x{i}, x{}{}\n", i - 1, "+0".repeat(terms)));
        }
        text
    };
    let text = chain(100);
    assert_eq!(first_long(&format!("{text}\t.long x999\n")), Ok(1));
    let early = format!("{text}\t.long x999\n\t.fill x999, 1, 0\n");
    assert_eq!(first_long(&early), Ok(1));

    let text = chain(900);
    assert_eq!(first_long(&format!("{text}\t.long x999\n")), Ok(1));
    let early = format!("{text}\t.fill x999, 1, 0\n");
    let line = early.lines().count();
    let e = first_long(&early).unwrap_err();
    assert!(
        e.starts_with(&format!("t.s:{line}:")) && e.contains("steps to evaluate"),
        "{}",
        &e[..e.len().min(500)]
    );
}

/// A long chain used on many lines before the end: completed values are
/// kept, so each use after the first is one step; a chain that cannot
/// complete (its last link is undefined) stops being walked once the
/// file's step budget (proportional to its size) is spent, rather than
/// costing chain length times uses.
#[test]
fn repeated_uses_of_long_chains_cost_what_the_file_size_allows() {
    const N: usize = 50_000;
    let mut chain = format!("{HEADER}\t.set x{}, 1\n", N - 1);
    for i in (0..N - 1).rev() {
        chain.push_str(&format!("\t.set x{i}, x{}+0\n", i + 1));
    }
    let uses = "\t.fill x0, 1, 7\n".repeat(100);
    let obj = assemble_file(&format!("{chain}{uses}"), "t.s", None).unwrap();
    let co = silk_amdgpu::code_object::read(&obj).unwrap();
    let text = co.sections.iter().find(|s| s.name == ".text").unwrap();
    assert_eq!(text.size, 100);

    // The last link undefined: every use fails, until the budget is spent.
    let broken = chain.replace(&format!("\t.set x{}, 1\n", N - 1), "");
    let d = assemble_file(&format!("{broken}{uses}"), "t.s", None).unwrap_err();
    let undefined =
        d.0.iter()
            .filter(|d| d.message.contains("undefined symbol"))
            .count();
    let cut =
        d.0.iter()
            .filter(|d| {
                d.message
                    .contains("more steps than this file's size allows")
            })
            .count();
    assert!(
        undefined >= 1 && cut >= 1,
        "{undefined} undefined, {cut} cut"
    );
    assert!(undefined < 60, "{undefined} uses walked the whole chain");
}
