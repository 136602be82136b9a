//! Linear elementwise commands (T_Execute) built, compiled and run on the
//! emulator of all three processors, against a CPU reference.

mod common;

use common::*;
use silk_kernel::{
    BinaryFn, Command, CommandArguments, CommandKernel, DataType, Params, UnaryFn, XOp,
};

/// out = relu(a * x + y) - max(x, y) * 0.5 ... as a T_Execute of steps.
fn axpy_command() -> (Command, [silk_kernel::Tag; 4]) {
    let mut c = Command::new();
    let x = c.tensor(1, DataType::F32);
    let y = c.tensor(1, DataType::F32);
    let out = c.tensor(1, DataType::F32);
    let a = c.scalar(DataType::F32);
    let lx = c.load_linear(x);
    let ly = c.load_linear(y);
    let (t0, t1, t2, t3, t4) = (
        c.allocate_tag(),
        c.allocate_tag(),
        c.allocate_tag(),
        c.allocate_tag(),
        c.allocate_tag(),
    );
    let ops = vec![
        XOp::Fma {
            dest: t0,
            a,
            b: lx,
            c: ly,
        },
        XOp::Unary {
            dest: t1,
            f: UnaryFn::Relu,
            a: t0,
        },
        XOp::Binary {
            dest: t2,
            f: BinaryFn::Max,
            a: lx,
            b: ly,
        },
        XOp::Binary {
            dest: t3,
            f: BinaryFn::Mul,
            a: t2,
            b: a,
        },
        XOp::Binary {
            dest: t4,
            f: BinaryFn::Sub,
            a: t1,
            b: t3,
        },
    ];
    let e = c.execute(&[lx, ly, a], ops);
    c.store_linear(e, out);
    (c, [x, y, out, a])
}

fn reference(a: f32, x: &[f32], y: &[f32]) -> Vec<f32> {
    x.iter()
        .zip(y)
        .map(|(&x, &y)| a.mul_add(x, y).max(0.0) - x.max(y) * a)
        .collect()
}

#[test]
fn linear_execute_matches_the_cpu_on_all_processors() {
    let (cmd, [x, y, out, a]) = axpy_command();
    for p in PROCESSORS {
        for (n, params) in [
            (1usize, Params::default()),
            (
                131,
                Params {
                    workgroup_size: 32,
                    elements_per_thread: 3,
                    ..Params::default()
                },
            ),
            (
                64,
                Params {
                    workgroup_size: 64,
                    elements_per_thread: 1,
                    ..Params::default()
                },
            ),
        ] {
            let k = CommandKernel::new(&cmd, &params, p).unwrap_or_else(|e| panic!("{p:?}: {e}"));
            let mut rng = Rng(n as u64 + 7);
            let (xs, ys) = (rng.vec(n), rng.vec(n));
            let bx = upload(&k, &f32_bytes(&xs));
            let by = upload(&k, &f32_bytes(&ys));
            let bo = upload(&k, &vec![0xff; n * 4]);
            let mut args = CommandArguments::new();
            let n64 = n as u64;
            args.set_tensor(&cmd, x, bx.address(), &[n64], &[1])
                .unwrap();
            args.set_tensor(&cmd, y, by.address(), &[n64], &[1])
                .unwrap();
            args.set_tensor(&cmd, out, bo.address(), &[n64], &[1])
                .unwrap();
            args.set_scalar(&cmd, a, 0.75).unwrap();
            k.launch(&args)
                .unwrap_or_else(|e| panic!("{p:?} n={n}: {e}"));
            let got = download_f32(&k, &bo, n);
            let want = reference(0.75, &xs, &ys);
            for i in 0..n {
                assert!(
                    (got[i] - want[i]).abs() <= 1e-6,
                    "{p:?} n={n} [{i}]: {} vs {}",
                    got[i],
                    want[i]
                );
            }
        }
    }
}

#[test]
fn bad_arguments_are_reported_before_launch() {
    let (cmd, [x, y, out, a]) = axpy_command();
    let k = CommandKernel::new(
        &cmd,
        &Params::default(),
        silk_amdgpu::target::Processor::Gfx1100,
    )
    .unwrap();
    let bx = upload(&k, &[0; 16]);
    let mut args = CommandArguments::new();
    // Nothing set yet.
    let e = k.launch(&args).unwrap_err().to_string();
    assert!(e.contains("is not set"), "{e}");
    args.set_tensor(&cmd, x, bx.address(), &[4], &[1]).unwrap();
    args.set_tensor(&cmd, y, bx.address(), &[4], &[1]).unwrap();
    args.set_tensor(&cmd, out, bx.address(), &[0], &[1])
        .unwrap();
    args.set_scalar(&cmd, a, 1.0).unwrap();
    let e = k.launch(&args).unwrap_err().to_string();
    assert!(e.contains("sizes must be in 1..2^31"), "{e}");
    args.set_tensor(&cmd, out, bx.address(), &[3], &[1 << 30])
        .unwrap();
    let e = k.launch(&args).unwrap_err().to_string();
    assert!(e.contains("offsets must stay below 2^31"), "{e}");
    // Typed arguments: a pointer is not a size, a tensor is not a scalar.
    let e = args
        .set(&cmd, "Tensor_t0_size_0", silk_kernel::ArgValue::Pointer(1))
        .unwrap_err();
    assert!(e.to_string().contains("not Pointer"), "{e}");
    assert!(args.set_scalar(&cmd, x, 1.0).is_err());
    assert!(args.set_tensor(&cmd, x, 0, &[1, 2], &[1, 1]).is_err());
    // A stride that leaves the buffer faults in the emulator, reported
    // as a runtime error (strict mode), not a crash.
    args.set_tensor(&cmd, out, bx.address(), &[4], &[1 << 20])
        .unwrap();
    let e = k.launch(&args).unwrap_err().to_string();
    assert!(e.contains("runtime"), "{e}");
}
