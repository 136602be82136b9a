//! Integer index expressions with evaluation times (rocRoller's
//! `Expression` and `EvaluationTime`), constant folding, and fast
//! division by launch-time constants (magic numbers).
//!
//! Every index the kernel computes is non-negative and below 2^31
//! (documented limit of tensor sizes, in elements); the magic-number
//! division relies on it.

use serde::{Deserialize, Serialize};
use std::fmt;

use crate::command::CommandArguments;
use crate::graph::NodeId;
use crate::Error;

/// When an expression's value is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum EvaluationTime {
    /// Only literals: folded while the graph is built.
    Translate,
    /// Literals and command arguments: computed by the host at launch and
    /// passed as kernel arguments.
    KernelLaunch,
    /// Depends on a coordinate (a work-item id, a loop counter).
    KernelExecute,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Expr {
    Literal(i64),
    /// A command argument (size or stride) by name.
    Arg(String),
    /// The value of a coordinate-graph dimension.
    Dim(NodeId),
    Add(Box<Expr>, Box<Expr>),
    Sub(Box<Expr>, Box<Expr>),
    Mul(Box<Expr>, Box<Expr>),
    /// Floor division (operands non-negative).
    Div(Box<Expr>, Box<Expr>),
    Mod(Box<Expr>, Box<Expr>),
    /// `ceil(a / b)`.
    CeilDiv(Box<Expr>, Box<Expr>),
    Min(Box<Expr>, Box<Expr>),
    /// The magic multiplier of division by the (launch-time) operand.
    MagicMultiplier(Box<Expr>),
    /// The magic shift of division by the (launch-time) operand.
    MagicShift(Box<Expr>),
    /// `(a * m) >> s` in 64 bits: `a / d` when `m`, `s` are `d`'s magic pair.
    MulShift(Box<Expr>, Box<Expr>, Box<Expr>),
}

#[allow(clippy::should_implement_trait)]
impl Expr {
    pub fn lit(v: i64) -> Expr {
        Expr::Literal(v)
    }
    pub fn arg(name: &str) -> Expr {
        Expr::Arg(name.to_string())
    }
    pub fn add(a: Expr, b: Expr) -> Expr {
        Expr::Add(Box::new(a), Box::new(b))
    }
    pub fn sub(a: Expr, b: Expr) -> Expr {
        Expr::Sub(Box::new(a), Box::new(b))
    }
    pub fn mul(a: Expr, b: Expr) -> Expr {
        Expr::Mul(Box::new(a), Box::new(b))
    }
    pub fn div(a: Expr, b: Expr) -> Expr {
        Expr::Div(Box::new(a), Box::new(b))
    }
    pub fn rem(a: Expr, b: Expr) -> Expr {
        Expr::Mod(Box::new(a), Box::new(b))
    }
    pub fn ceil_div(a: Expr, b: Expr) -> Expr {
        Expr::CeilDiv(Box::new(a), Box::new(b))
    }
    pub fn min(a: Expr, b: Expr) -> Expr {
        Expr::Min(Box::new(a), Box::new(b))
    }

    /// The latest evaluation time of any leaf.
    pub fn evaluation_time(&self) -> EvaluationTime {
        match self {
            Expr::Literal(_) => EvaluationTime::Translate,
            Expr::Arg(_) => EvaluationTime::KernelLaunch,
            Expr::Dim(_) => EvaluationTime::KernelExecute,
            Expr::MagicMultiplier(a) | Expr::MagicShift(a) => a.evaluation_time(),
            Expr::MulShift(a, b, c) => a
                .evaluation_time()
                .max(b.evaluation_time())
                .max(c.evaluation_time()),
            Expr::Add(a, b)
            | Expr::Sub(a, b)
            | Expr::Mul(a, b)
            | Expr::Div(a, b)
            | Expr::Mod(a, b)
            | Expr::CeilDiv(a, b)
            | Expr::Min(a, b) => a.evaluation_time().max(b.evaluation_time()),
        }
    }

    pub fn as_literal(&self) -> Option<i64> {
        match self {
            Expr::Literal(v) => Some(*v),
            _ => None,
        }
    }

    /// Constant folding and the identities `x+0`, `x*1`, `x*0`, `x/1`,
    /// `x%1`; literal arithmetic that would overflow or divide by zero is
    /// left unfolded (the launch reports it).
    pub fn fold(&self) -> Expr {
        use Expr::*;
        let bin = |a: &Expr, b: &Expr, k: fn(Box<Expr>, Box<Expr>) -> Expr| {
            k(Box::new(a.fold()), Box::new(b.fold()))
        };
        let e = match self {
            Literal(_) | Arg(_) | Dim(_) => return self.clone(),
            Add(a, b) => bin(a, b, Add),
            Sub(a, b) => bin(a, b, Sub),
            Mul(a, b) => bin(a, b, Mul),
            Div(a, b) => bin(a, b, Div),
            Mod(a, b) => bin(a, b, Mod),
            CeilDiv(a, b) => bin(a, b, CeilDiv),
            Min(a, b) => bin(a, b, Min),
            MagicMultiplier(a) => MagicMultiplier(Box::new(a.fold())),
            MagicShift(a) => MagicShift(Box::new(a.fold())),
            MulShift(a, b, c) => {
                MulShift(Box::new(a.fold()), Box::new(b.fold()), Box::new(c.fold()))
            }
        };
        if let Ok(Some(v)) = e.eval_literals() {
            return Literal(v);
        }
        match e {
            Add(a, b) if b.as_literal() == Some(0) => *a,
            Add(a, b) if a.as_literal() == Some(0) => *b,
            Sub(a, b) if b.as_literal() == Some(0) => *a,
            Mul(a, b) if b.as_literal() == Some(1) => *a,
            Mul(a, b) if a.as_literal() == Some(1) => *b,
            Mul(a, b) if a.as_literal() == Some(0) || b.as_literal() == Some(0) => Literal(0),
            Div(a, b) | CeilDiv(a, b) if b.as_literal() == Some(1) => *a,
            Mod(_, b) if b.as_literal() == Some(1) => Literal(0),
            e => e,
        }
    }

    /// The value when every leaf is a literal and nothing overflows.
    fn eval_literals(&self) -> Result<Option<i64>, Error> {
        if self.evaluation_time() != EvaluationTime::Translate {
            return Ok(None);
        }
        self.eval(&|_| None, &|_| None).map(Some).or(Ok(None))
    }

    /// Evaluate with argument values `arg` and dimension values `dim`.
    pub fn eval(
        &self,
        arg: &dyn Fn(&str) -> Option<i64>,
        dim: &dyn Fn(NodeId) -> Option<i64>,
    ) -> Result<i64, Error> {
        let ov = || Error::argument(format!("`{self}` overflows"));
        let two = |a: &Expr, b: &Expr| Ok::<_, Error>((a.eval(arg, dim)?, b.eval(arg, dim)?));
        let nonzero = |b: i64| {
            if b <= 0 {
                Err(Error::argument(format!(
                    "`{self}` divides by {b} (sizes must be positive)"
                )))
            } else {
                Ok(b)
            }
        };
        Ok(match self {
            Expr::Literal(v) => *v,
            Expr::Arg(n) => {
                arg(n).ok_or_else(|| Error::argument(format!("argument `{n}` is not set")))?
            }
            Expr::Dim(d) => dim(*d)
                .ok_or_else(|| Error::argument(format!("dimension {d} has no value here")))?,
            Expr::Add(a, b) => {
                let (a, b) = two(a, b)?;
                a.checked_add(b).ok_or_else(ov)?
            }
            Expr::Sub(a, b) => {
                let (a, b) = two(a, b)?;
                a.checked_sub(b).ok_or_else(ov)?
            }
            Expr::Mul(a, b) => {
                let (a, b) = two(a, b)?;
                a.checked_mul(b).ok_or_else(ov)?
            }
            Expr::Div(a, b) => {
                let (a, b) = two(a, b)?;
                a.div_euclid(nonzero(b)?)
            }
            Expr::Mod(a, b) => {
                let (a, b) = two(a, b)?;
                a.rem_euclid(nonzero(b)?)
            }
            Expr::CeilDiv(a, b) => {
                let (a, b) = two(a, b)?;
                let b = nonzero(b)?;
                a.checked_add(b - 1).ok_or_else(ov)?.div_euclid(b)
            }
            Expr::Min(a, b) => {
                let (a, b) = two(a, b)?;
                a.min(b)
            }
            Expr::MagicMultiplier(d) => magic(d.eval(arg, dim)?)?.0 as i64,
            Expr::MagicShift(d) => magic(d.eval(arg, dim)?)?.1 as i64,
            Expr::MulShift(a, m, s) => {
                let (a, m, s) = (a.eval(arg, dim)?, m.eval(arg, dim)?, s.eval(arg, dim)?);
                (((a as u64).wrapping_mul(m as u64)) >> (s as u64 & 63)) as i64
            }
        })
    }

    /// Evaluate a launch-time expression from command arguments.
    pub fn eval_launch(&self, args: &CommandArguments) -> Result<i64, Error> {
        use crate::command::ArgValue;
        self.eval(
            &|n| match args.get(n) {
                Some(ArgValue::Int(v)) => i64::try_from(v).ok(),
                _ => None,
            },
            &|_| None,
        )
    }

    /// Rewrite divisions and remainders by launch-time (not literal)
    /// divisors to multiply-shift with magic numbers that the host
    /// computes at launch (see [`magic`]).
    pub fn fast_division(&self) -> Expr {
        use Expr::*;
        let launch = |d: &Expr| {
            d.evaluation_time() == EvaluationTime::KernelLaunch && d.as_literal().is_none()
        };
        match self {
            Div(a, d) if launch(d) => {
                let a = a.fast_division();
                MulShift(
                    Box::new(a),
                    Box::new(MagicMultiplier(d.clone())),
                    Box::new(MagicShift(d.clone())),
                )
            }
            Mod(a, d) if launch(d) => {
                let a = a.fast_division();
                let q = MulShift(
                    Box::new(a.clone()),
                    Box::new(MagicMultiplier(d.clone())),
                    Box::new(MagicShift(d.clone())),
                );
                Expr::sub(a, Expr::mul(q, (**d).clone()))
            }
            Literal(_) | Arg(_) | Dim(_) | MagicMultiplier(_) | MagicShift(_) => self.clone(),
            Add(a, b) => Expr::add(a.fast_division(), b.fast_division()),
            Sub(a, b) => Expr::sub(a.fast_division(), b.fast_division()),
            Mul(a, b) => Expr::mul(a.fast_division(), b.fast_division()),
            Div(a, b) => Expr::div(a.fast_division(), b.fast_division()),
            Mod(a, b) => Expr::rem(a.fast_division(), b.fast_division()),
            CeilDiv(a, b) => Expr::ceil_div(a.fast_division(), b.fast_division()),
            Min(a, b) => Expr::min(a.fast_division(), b.fast_division()),
            MulShift(a, b, c) => MulShift(
                Box::new(a.fast_division()),
                Box::new(b.fast_division()),
                Box::new(c.fast_division()),
            ),
        }
    }

    /// Whether `Dim(d)` occurs in the expression.
    pub fn mentions(&self, d: NodeId) -> bool {
        self.mentions_any(&[d])
    }

    /// Whether `Dim(n)` occurs in the expression for one of `ns`.
    pub fn mentions_any(&self, ns: &[NodeId]) -> bool {
        use Expr::*;
        match self {
            Dim(x) => ns.contains(x),
            Literal(_) | Arg(_) => false,
            MagicMultiplier(a) | MagicShift(a) => a.mentions_any(ns),
            MulShift(a, b, c) => a.mentions_any(ns) || b.mentions_any(ns) || c.mentions_any(ns),
            Add(a, b)
            | Sub(a, b)
            | Mul(a, b)
            | Div(a, b)
            | Mod(a, b)
            | CeilDiv(a, b)
            | Min(a, b) => a.mentions_any(ns) || b.mentions_any(ns),
        }
    }

    /// The literal coefficient of `Dim(d)` when the expression is affine
    /// in it (0 when it does not mention it), else `None`: how far the
    /// value moves per step of `d`, which tells a vector run from a
    /// strided one.
    pub fn coefficient(&self, d: NodeId) -> Option<i64> {
        use Expr::*;
        if !self.mentions(d) {
            return Some(0);
        }
        match self {
            Dim(_) => Some(1),
            Add(a, b) => a.coefficient(d)?.checked_add(b.coefficient(d)?),
            Sub(a, b) => a.coefficient(d)?.checked_sub(b.coefficient(d)?),
            Mul(a, b) => match (a.fold().as_literal(), b.fold().as_literal()) {
                (_, Some(k)) => a.coefficient(d)?.checked_mul(k),
                (Some(k), _) => b.coefficient(d)?.checked_mul(k),
                _ => None,
            },
            _ => None,
        }
    }

    /// A power of two that divides every value the expression takes
    /// (dimensions and arguments count as any integer; at most 2^16).
    pub fn power_of_two_factor(&self) -> i64 {
        use Expr::*;
        const MAX: i64 = 1 << 16;
        let pow = |v: i64| {
            if v == 0 {
                MAX
            } else {
                (1i64 << v.trailing_zeros().min(16)).min(MAX)
            }
        };
        match self.fold() {
            Literal(v) => pow(v),
            Add(a, b) | Sub(a, b) => a.power_of_two_factor().min(b.power_of_two_factor()),
            Mul(a, b) => (a.power_of_two_factor() * b.power_of_two_factor()).min(MAX),
            _ => 1,
        }
    }

    /// Replace `Dim(from)` by `to` everywhere.
    pub fn substitute(&self, from: NodeId, to: &Expr) -> Expr {
        use Expr::*;
        let s = |e: &Expr| Box::new(e.substitute(from, to));
        match self {
            Dim(d) if *d == from => to.clone(),
            Literal(_) | Arg(_) | Dim(_) => self.clone(),
            Add(a, b) => Add(s(a), s(b)),
            Sub(a, b) => Sub(s(a), s(b)),
            Mul(a, b) => Mul(s(a), s(b)),
            Div(a, b) => Div(s(a), s(b)),
            Mod(a, b) => Mod(s(a), s(b)),
            CeilDiv(a, b) => CeilDiv(s(a), s(b)),
            Min(a, b) => Min(s(a), s(b)),
            MagicMultiplier(a) => MagicMultiplier(s(a)),
            MagicShift(a) => MagicShift(s(a)),
            MulShift(a, b, c) => MulShift(s(a), s(b), s(c)),
        }
    }
}

/// The magic pair `(m, s)` for unsigned division by `d` of numerators
/// below 2^31: with `l = ceil(log2 d)`, `s = 31 + l` and
/// `m = ceil(2^s / d)`, `floor(n * m / 2^s) == floor(n / d)` (Granlund
/// and Montgomery 1994, theorem 4.2, with N = 31); `n * m` fits in 64
/// bits since `m <= 2^32 + 1`.
pub fn magic(d: i64) -> Result<(u64, u32), Error> {
    if d <= 0 || d >= 1 << 31 {
        return Err(Error::argument(format!(
            "cannot divide by {d} (divisors must be in 1..2^31)"
        )));
    }
    let d = d as u64;
    let l = 64 - (d - 1).leading_zeros(); // ceil(log2 d); 0 for d = 1
    let s = 31 + l;
    let m = (1u128 << s).div_ceil(d as u128) as u64;
    Ok((m, s))
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expr::Literal(v) => write!(f, "{v}"),
            Expr::Arg(n) => write!(f, "{n}"),
            Expr::Dim(d) => write!(f, "d{}", d.0),
            Expr::Add(a, b) => write!(f, "({a} + {b})"),
            Expr::Sub(a, b) => write!(f, "({a} - {b})"),
            Expr::Mul(a, b) => write!(f, "({a} * {b})"),
            Expr::Div(a, b) => write!(f, "({a} / {b})"),
            Expr::Mod(a, b) => write!(f, "({a} % {b})"),
            Expr::CeilDiv(a, b) => write!(f, "ceil({a} / {b})"),
            Expr::Min(a, b) => write!(f, "min({a}, {b})"),
            Expr::MagicMultiplier(a) => write!(f, "magic_mul({a})"),
            Expr::MagicShift(a) => write!(f, "magic_shift({a})"),
            Expr::MulShift(a, m, s) => write!(f, "(({a} * {m}) >> {s})"),
        }
    }
}
