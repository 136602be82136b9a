//! Index expressions: evaluation times, constant folding, and the
//! magic-number division by launch-time values.

use silk_kernel::expr::{magic, EvaluationTime, Expr};
use silk_kernel::graph::NodeId;

fn args(n: &str) -> Option<i64> {
    match n {
        "N" => Some(37),
        "MT" => Some(16),
        _ => None,
    }
}

#[test]
fn evaluation_times_and_folding() {
    let lit = Expr::add(Expr::lit(3), Expr::mul(Expr::lit(4), Expr::lit(5)));
    assert_eq!(lit.evaluation_time(), EvaluationTime::Translate);
    assert_eq!(lit.fold(), Expr::lit(23));
    let launch = Expr::ceil_div(Expr::arg("N"), Expr::lit(16));
    assert_eq!(launch.evaluation_time(), EvaluationTime::KernelLaunch);
    assert_eq!(launch.fold(), launch);
    let exec = Expr::add(Expr::mul(Expr::Dim(NodeId(3)), Expr::lit(1)), Expr::lit(0));
    assert_eq!(exec.evaluation_time(), EvaluationTime::KernelExecute);
    assert_eq!(exec.fold(), Expr::Dim(NodeId(3)));
    assert_eq!(Expr::mul(Expr::arg("N"), Expr::lit(0)).fold(), Expr::lit(0));
    assert_eq!(
        Expr::rem(Expr::Dim(NodeId(1)), Expr::lit(1)).fold(),
        Expr::lit(0)
    );
    // Division by a literal zero is not folded; evaluating it is an error.
    let bad = Expr::div(Expr::lit(1), Expr::lit(0));
    assert_eq!(bad.fold(), bad);
    let e = bad.eval(&args, &|_| None).unwrap_err();
    assert!(e.to_string().contains("divides by 0"), "{e}");
    // Overflow is reported, not wrapped.
    let big = Expr::mul(Expr::lit(i64::MAX), Expr::lit(2));
    assert!(big
        .eval(&args, &|_| None)
        .unwrap_err()
        .to_string()
        .contains("overflows"));
    assert_eq!(launch.eval(&args, &|_| None).unwrap(), 3);
    assert!(Expr::arg("K").eval(&args, &|_| None).is_err());
}

#[test]
fn magic_division_is_exact() {
    for d in 1..=300i64 {
        let (m, s) = magic(d).unwrap();
        for n in (0..5000u64).chain([(1 << 31) - 1, (1 << 31) - 2, (1 << 30) + 7]) {
            assert_eq!((n * m) >> s, n / d as u64, "n={n} d={d}");
        }
    }
    for d in [(1i64 << 31) - 1, 1 << 30, 65537, 1_000_003] {
        let (m, s) = magic(d).unwrap();
        for n in [0u64, 1, d as u64 - 1, d as u64, d as u64 + 1, (1 << 31) - 1] {
            assert_eq!((n * m) >> s, n / d as u64, "n={n} d={d}");
        }
    }
    assert!(magic(0).is_err());
    assert!(magic(1 << 31).is_err());
}

#[test]
fn fast_division_rewrites_launch_time_divisors_only() {
    let x = Expr::Dim(NodeId(7));
    let by_arg = Expr::add(
        Expr::div(x.clone(), Expr::arg("N")),
        Expr::rem(x.clone(), Expr::arg("N")),
    );
    let fast = by_arg.fast_division();
    assert_ne!(fast, by_arg);
    assert!(format!("{fast}").contains("magic_mul(N)"), "{fast}");
    for v in 0..200 {
        let dim = |_| Some(v);
        assert_eq!(
            fast.eval(&args, &dim).unwrap(),
            by_arg.eval(&args, &dim).unwrap()
        );
    }
    // A literal divisor stays a division (the compiler handles constants).
    let by_lit = Expr::div(x.clone(), Expr::lit(16));
    assert_eq!(by_lit.fast_division(), by_lit);
}
