//! Differential test: every corpus kernel that silk-codegen compiles runs in
//! the emulator (`silk-emu`, strict mode) on gfx942, gfx1100 and gfx1151
//! with the corpus case's launch geometry, buffers and arguments, and
//! `Case::check` must accept the final buffers, exactly as it does for the
//! reference interpreter (`silk_testsupport::corpus::run_in_interpreter`).
//!
//! Kernels that do not compile for a processor are out of scope here (the
//! compile coverage is `tests/corpus.rs`). Kernels that compile but fault or
//! produce wrong results are listed in [`KNOWN_FAILURES`]; the list is a
//! ratchet in both directions: an unlisted failing pair fails the test, and
//! a listed pair that passes fails the test until it is removed from the
//! list. Each failure prints one line with its reason.

mod emu_case;

use silk_amdgpu::target::{Processor, Target};
use silk_testsupport::corpus;

const PROCESSORS: [Processor; 3] = [Processor::Gfx942, Processor::Gfx1100, Processor::Gfx1151];

/// (kernel, processor) pairs that compile but currently fail in the
/// emulator, with the observed reason. Each is a compiler or emulator bug to
/// fix; remove the entry when it passes.
const KNOWN_FAILURES: &[(&str, Processor, &str)] = &[];

/// Run one compiled kernel on one processor; `Err` is a one-line reason.
fn run(k: &corpus::CorpusKernel, p: Processor, obj: &[u8]) -> Result<(), String> {
    emu_case::run_and_check(&(k.case)(), k.name, p, obj)
}

#[test]
fn compiled_kernels_match_the_interpreter_in_the_emulator() {
    let mut passed = Vec::new();
    let mut problems = Vec::new();
    let mut not_compiled = Vec::new();
    let mut ran = 0;
    for k in corpus::kernels() {
        let m = k.module().unwrap();
        for p in PROCESSORS {
            let t = Target::new(p);
            let Ok(ks) = silk_codegen::compile_module(&m, &t) else {
                not_compiled.push(format!("{} {p}", k.name));
                continue;
            };
            let obj = silk_codegen::code_object(&t, &ks).unwrap();
            ran += 1;
            let result = run(&k, p, &obj);
            let listed = KNOWN_FAILURES
                .iter()
                .any(|&(n, lp, _)| n == k.name && lp == p);
            match (result, listed) {
                (Ok(()), false) => passed.push(format!("{} {p}", k.name)),
                (Ok(()), true) => problems.push(format!(
                    "{} on {p} passes now: remove it from the list KNOWN_FAILURES",
                    k.name
                )),
                (Err(why), true) => println!("known failure: {} on {p}: {why}", k.name),
                (Err(why), false) => {
                    println!("FAIL: {} on {p}: {why}", k.name);
                    problems.push(format!("{} on {p} fails: {why}", k.name));
                }
            }
        }
    }
    println!(
        "{} of {ran} compiled (kernel, processor) pairs pass:",
        passed.len()
    );
    for s in &passed {
        println!("  pass: {s}");
    }
    println!("not compiled (not run): {}", not_compiled.join(", "));
    assert!(ran > 0, "no corpus kernel compiled");
    for &(n, _, _) in KNOWN_FAILURES {
        assert!(
            corpus::find(n).is_some(),
            "KNOWN_FAILURES names {n}, which is not in the corpus"
        );
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// GFX11 wave64: every corpus kernel that compiles for wave32 on gfx1100
/// compiles for wave64 too (64-bit lane masks, EXEC and VCC pairs, the
/// `_b64` scalar forms, `.amdhsa_wavefront_size32 0`), and runs in the
/// strict emulator (which takes the wave size from the descriptor) to
/// the results `Case::check` accepts.
#[test]
fn gfx11_wave64_kernels_match_the_interpreter_in_the_emulator() {
    let w32 = Target::new(Processor::Gfx1100);
    let w64 = w32.with_wavefront_size(64).unwrap();
    let mut problems = Vec::new();
    let mut ran = 0;
    for k in corpus::kernels() {
        let m = k.module().unwrap();
        if silk_codegen::compile_module(&m, &w32).is_err() {
            continue;
        }
        let ks = match silk_codegen::compile_module(&m, &w64) {
            Ok(ks) => ks,
            Err(e) => {
                problems.push(format!("{} does not compile for wave64: {e}", k.name));
                continue;
            }
        };
        let obj = silk_codegen::code_object(&w64, &ks).unwrap();
        let parsed = silk_amdgpu::code_object::read(&obj).unwrap();
        assert!(
            parsed.kernels.iter().all(|k| !k.config.wavefront_size32),
            "{}: descriptor says wave32",
            k.name
        );
        ran += 1;
        if let Err(why) = run(&k, Processor::Gfx1100, &obj) {
            problems.push(format!("{} on gfx1100 wave64 fails: {why}", k.name));
        }
    }
    println!("{ran} corpus kernels ran in gfx1100 wave64");
    assert!(ran > 20, "only {ran} corpus kernels compiled for wave64");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A uniform `if` whose result lives in SGPRs: the arm no lane takes must
/// not run (its write of the result would win), whichever arm that is and
/// whatever the arms hold (a store, a scalar load, plain ALU); likewise
/// a loop's uniform result, which its first `break` to run must set.
#[test]
fn uniform_if_results_come_from_the_taken_arm_only() {
    use corpus::{Case, Data, Expect};
    use silk_gpu_ir::interp::{Arg, Launch};
    let src = "kernel @k(%n: u32, %p: ptr<global>, %out: ptr<global>) {
      %z = const 0 : u32
      %c = cmp lt %z, %n
      %r = if %c -> u32 {
        store %out, %n, align 4
        %a = add %n, %n
        yield %a
      } else {
        yield %z
      }
      %s = if %c -> u32 {
        %l = load %p : u32, align 4
        yield %l
      } else {
        yield %n
      }
      %one = const 1 : u32
      %three = const 3 : u32
      %x = loop (%i: u32 = %z) -> u32 {
        %b1 = cmp ge %i, %n
        if %b1 {
          %a1 = add %i, %n
          break %a1
        }
        %b2 = cmp ge %i, %three
        if %b2 {
          %a2 = add %i, %three
          break %a2
        }
        %i2 = add %i, %one
        continue %i2
      }
      %c4 = const 4 : u64
      %c8 = const 8 : u64
      %c12 = const 12 : u64
      %o1 = ptradd %out, %c4
      store %o1, %r, align 4
      %o2 = ptradd %out, %c8
      store %o2, %s, align 4
      %o3 = ptradd %out, %c12
      store %o3, %x, align 4
    }";
    let m = silk_gpu_ir::Module::parse_verified("uniform_if.sir", src).unwrap();
    for p in PROCESSORS {
        let t = Target::new(p);
        let ks = silk_codegen::compile_module(&m, &t).unwrap();
        let obj = silk_codegen::code_object(&t, &ks).unwrap();
        // The loop leaves by its first break when n < 3 (n + n), else by
        // its second at i = 3 (6).
        for (n, expect) in [
            (5u32, [5u32, 10, 77, 6]),
            (0, [9, 0, 0, 0]),
            (2, [2, 4, 77, 4]),
        ] {
            let case = Case {
                launch: Launch::linear(64, 64),
                buffers: vec![77u32.to_le_bytes().to_vec(), [9u8, 0, 0, 0].repeat(4)],
                args: vec![Arg::U32(n), Arg::Buffer(0), Arg::Buffer(1)],
                expect: vec![Expect {
                    buffer: 1,
                    data: Data::U32(expect.to_vec()),
                    ulps: 0,
                }],
            };
            emu_case::run_and_check(&case, "k", p, &obj)
                .unwrap_or_else(|e| panic!("{p}, n = {n}: {e}"));
        }
    }
}
