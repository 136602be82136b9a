//! Workgroups on several threads (`Options::threads`): the clang corpus
//! kernels give the same memory and the same statistics as on one thread
//! (atomics included: their final values do not depend on the order), and
//! a fault is the one a single thread reports.

use silk_amdgpu::target::Processor;
use silk_emu::{Arg, Emulator, Error, Options, Stats};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/hip/objects");

/// Object, kernel, grid, buffers (their initial bytes), scalar arguments.
type Case<'a> = (&'a str, &'a str, u32, Vec<Vec<u8>>, Vec<Arg>);

fn bytes_u32(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// Run `kernel` with `threads`; returns the stats and every buffer after.
fn run(
    p: Processor,
    object: &str,
    kernel: &str,
    grid: u32,
    inputs: &[Vec<u8>],
    scalars: &[Arg],
    threads: usize,
) -> Result<(Stats, Vec<Vec<u8>>), Error> {
    let obj = std::fs::read(format!("{DIR}/{object}.hsaco")).expect("object");
    let mut emu = Emulator::new(p);
    emu.options = Options {
        threads,
        ..Options::default()
    };
    let bufs: Vec<_> = inputs
        .iter()
        .map(|b| emu.alloc_bytes(b))
        .collect::<Result<_, _>>()?;
    let mut args: Vec<Arg> = bufs.iter().map(|b| Arg::Buffer(*b)).collect();
    args.extend_from_slice(scalars);
    let stats = emu.launch(&obj, kernel, [grid, 1, 1], [256, 1, 1], &args)?;
    let out = bufs
        .iter()
        .map(|b| emu.read(*b))
        .collect::<Result<_, _>>()?;
    Ok((stats, out))
}

#[test]
fn corpus_kernels_match_single_thread() {
    let input: Vec<u32> = (0..4096u32)
        .map(|i| i.wrapping_mul(2654435761) >> 7)
        .collect();
    let zeros = |n: usize| vec![0u8; n];
    for (p, k, b) in [
        (Processor::Gfx942, "kernels-gfx942", "buffer-gfx942"),
        (Processor::Gfx1100, "kernels-gfx1100", "buffer-gfx1100"),
        (Processor::Gfx1151, "kernels-gfx1151", "buffer-gfx1151"),
    ] {
        let cases: Vec<Case> = vec![
            (
                k,
                "valu_loop",
                2048,
                vec![zeros(8192), zeros(8192)],
                vec![Arg::I32(9)],
            ),
            (
                k,
                "reduce_sum",
                4096,
                vec![bytes_u32(&input), zeros(64)],
                vec![],
            ),
            (
                k,
                "histogram",
                4096,
                vec![bytes_u32(&input), zeros(64), zeros(4)],
                vec![],
            ),
            (
                k,
                "collatz",
                1024,
                vec![bytes_u32(&input[..1024]), zeros(4096)],
                vec![],
            ),
            (
                b,
                "buffer_copy",
                2048,
                vec![bytes_u32(&input), zeros(8192)],
                vec![Arg::I32(6000), Arg::I32(7000)],
            ),
            (
                b,
                "buffer_atomics",
                2048,
                vec![bytes_u32(&input), zeros(64), zeros(8192), zeros(256)],
                vec![],
            ),
        ];
        for (obj, kernel, grid, inputs, scalars) in cases {
            let one = run(p, obj, kernel, grid, &inputs, &scalars, 1)
                .unwrap_or_else(|e| panic!("{obj} {kernel}: {e}"));
            for threads in [2, 3] {
                let many = run(p, obj, kernel, grid, &inputs, &scalars, threads)
                    .unwrap_or_else(|e| panic!("{obj} {kernel} x{threads}: {e}"));
                assert_eq!(one.0, many.0, "{obj} {kernel} x{threads}: stats");
                if kernel == "buffer_atomics" {
                    // The old values returned and the slots claimed depend
                    // on the order; the bins do not.
                    assert_eq!(one.1[1], many.1[1], "{obj} {kernel} x{threads}: bins");
                } else {
                    assert_eq!(one.1, many.1, "{obj} {kernel} x{threads}: memory");
                }
            }
        }
    }
}

#[test]
fn fault_is_the_single_thread_one() {
    // reduce_sum over 16 groups with an input buffer for 10 of them:
    // group 10 is the first to read past it.
    let input = vec![1u8; 4 * 256 * 10];
    let args = (vec![input, vec![0u8; 64]], Vec::<Arg>::new());
    let one = run(
        Processor::Gfx942,
        "kernels-gfx942",
        "reduce_sum",
        4096,
        &args.0,
        &args.1,
        1,
    )
    .unwrap_err();
    for threads in [2, 4] {
        let many = run(
            Processor::Gfx942,
            "kernels-gfx942",
            "reduce_sum",
            4096,
            &args.0,
            &args.1,
            threads,
        )
        .unwrap_err();
        assert_eq!(one, many, "x{threads}");
        assert_eq!(many.fault().unwrap().workgroup, [10, 0, 0]);
    }
}
