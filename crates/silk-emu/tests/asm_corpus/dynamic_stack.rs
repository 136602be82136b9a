//! `dynamic_stack.hip`: recursion on a dynamic stack.

use super::harness::*;
use silk_emu::Arg;

pub const REFS: &[(&str, Check)] = &[("recursive", recursive)];

fn fib(n: i32) -> i32 {
    if n < 2 {
        n
    } else {
        fib(n - 1) + fib(n - 2)
    }
}

/// Several depths, including the base cases and a negative `n`.
fn recursive(c: &mut Ctx) -> Result<(), String> {
    for n in [0, 1, -4, 7, 12] {
        let out = c.fill(128, -1)?;
        c.launch_1d(96, 96, &[Arg::Buffer(out), Arg::I32(n)])?;
        let want = tail(96, 128, -1, |_| fib(n));
        expect(&format!("out (n = {n})"), &c.read::<i32>(out)?, &want)?;
    }
    Ok(())
}
