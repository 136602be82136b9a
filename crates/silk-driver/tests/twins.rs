//! Silk twins of the device-IR corpus kernels (`silk-gpu-ir/tests/kernels`):
//! each `tests/twins/<name>.slk` is an `attr(device=gpu)` application
//! kernel computing what `<name>.sir` computes. Its lowered device IR runs
//! in the interpreter and its code object, for every processor, in the
//! strict emulator; both must give the corpus case's expected buffers and
//! the same bytes.

use silk_emu::Emulator;
use silk_gpu_ir::interp::{run_kernel, Arg, Memory};
use silk_testsupport::corpus;

const PROCESSORS: [&str; 3] = ["gfx942", "gfx1100", "gfx1151"];

const TWINS: &[&str] = &[
    "saxpy",
    "elementwise_u32",
    "elementwise_i32",
    "elementwise_u64",
    "elementwise_i64",
    "reduce_sum_lds",
    "histogram_global",
    "histogram_lds",
    "break_continue",
    "divergent_chain",
    "early_exit",
    "fibonacci_u64",
    "atomic_minmax",
    "elementwise_f32",
    "elementwise_f64",
    "grid_3d",
    "matmul_i32",
    "transpose_lds",
    "stencil_lds",
    "prefix_scan",
    "atomic_exchange",
    "daxpy_fma",
    "reduce_max_f32",
    "matmul_tiled",
    "helper_calls",
    "call_loop_return",
    "call_early_return",
    "swap_loop",
    "compare_select",
    "bool_logic",
    "shifts",
    "blur_nested",
    "convert_64",
    "bitonic_sort_lds",
    "atomics_lds",
    "rounding",
    "math_f32",
    "const_lookup",
];

/// A kernel argument of the twin: a corpus buffer or a `u64` slot.
#[derive(Clone, Copy)]
enum Slot {
    Buffer(usize),
    U64(u64),
}

/// Corpus arguments as the twin's `u64` parameters: integers widened from
/// their bits, floats as their bits.
fn slots(args: &[Arg]) -> Vec<Slot> {
    args.iter()
        .map(|a| match *a {
            Arg::Buffer(i) => Slot::Buffer(i),
            Arg::U32(x) => Slot::U64(x as u64),
            Arg::I32(x) => Slot::U64(x as u32 as u64),
            Arg::U64(x) | Arg::Ptr(x) => Slot::U64(x),
            Arg::I64(x) => Slot::U64(x as u64),
            Arg::F16(x) => Slot::U64(x as u64),
            Arg::F32(x) => Slot::U64(x.to_bits() as u64),
            Arg::F64(x) => Slot::U64(x.to_bits()),
        })
        .collect()
}

fn source(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/twins")
        .join(format!("{name}.slk"));
    std::fs::read_to_string(path).unwrap()
}

fn twin(name: &str) {
    let k = corpus::find(name).unwrap_or_else(|| panic!("no corpus kernel {name}"));
    let case = (k.case)();
    let args = slots(&case.args);
    let text = source(name);
    let mut reference: Option<Vec<Vec<u8>>> = None;
    for p in PROCESSORS {
        let objs = match silk_driver::build_device_sources(&[(&format!("{name}.slk"), &text)], p) {
            Ok((_, o)) => o,
            Err((s, d)) => panic!("{name} on {p}:\n{}", s.render(&d)),
        };
        assert_eq!(objs.len(), 1, "{name}: one entry");
        let obj = &objs[0];
        if reference.is_none() {
            // The interpreter runs the lowered IR once.
            let mut mem = Memory::new();
            for b in &case.buffers {
                mem.alloc(b.clone()).unwrap();
            }
            let iargs: Vec<Arg> = args
                .iter()
                .map(|s| match *s {
                    Slot::Buffer(i) => Arg::U64(mem.address(i).unwrap()),
                    Slot::U64(x) => Arg::U64(x),
                })
                .collect();
            run_kernel(&obj.module, name, &case.launch, &iargs, &mut mem)
                .unwrap_or_else(|e| panic!("{name} in the interpreter: {e}"));
            case.check(mem.buffers())
                .unwrap_or_else(|e| panic!("{name} in the interpreter: {e}"));
            reference = Some(mem.buffers().to_vec());
        }
        let target = silk_amdgpu::target::Target::parse(p).unwrap();
        let mut emu = Emulator::new(target.processor);
        let bufs: Vec<_> = case
            .buffers
            .iter()
            .map(|b| emu.alloc_bytes(b).unwrap())
            .collect();
        let eargs: Vec<silk_emu::Arg> = args
            .iter()
            .map(|s| match *s {
                Slot::Buffer(i) => silk_emu::Arg::Buffer(bufs[i]),
                Slot::U64(x) => silk_emu::Arg::U64(x),
            })
            .collect();
        emu.launch(
            &obj.bytes,
            name,
            case.launch.grid,
            case.launch.block,
            &eargs,
        )
        .unwrap_or_else(|e| panic!("{name} on {p}: {e}"));
        let got: Vec<Vec<u8>> = bufs.iter().map(|b| emu.read(*b).unwrap()).collect();
        case.check(&got)
            .unwrap_or_else(|e| panic!("{name} on {p}: {e}"));
        assert!(
            reference.as_ref() == Some(&got),
            "{name} on {p}: emulator and interpreter buffers differ"
        );
    }
}

#[test]
fn every_twin_matches_the_interpreter_and_the_corpus_case() {
    let mut failed = vec![];
    for name in TWINS {
        if let Err(e) = std::panic::catch_unwind(|| twin(name)) {
            let msg = e
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            failed.push(format!("{name}: {msg}"));
        }
    }
    assert!(failed.is_empty(), "twins failed:\n{}", failed.join("\n"));
}
