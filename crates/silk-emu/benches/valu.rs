//! Lane-operations per second of a VALU-heavy clang kernel (`valu_loop`
//! from tests/data/hip) on one core: gfx942 wave64 and gfx1100 wave32.
//! The figure is VALU lane-ops (active lanes summed over VALU
//! instructions) divided by the launch time criterion measures; each
//! processor once plain and once in timing mode (`/timing`), whose cost
//! the issue bounds at 2x.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use silk_amdgpu::target::Processor;
use silk_emu::{Arg, Emulator};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/hip/objects");

fn bench(c: &mut Criterion) {
    for (p, file) in [
        (Processor::Gfx942, "kernels-gfx942"),
        (Processor::Gfx1100, "kernels-gfx1100"),
    ] {
        let obj = std::fs::read(format!("{DIR}/{file}.hsaco")).expect("corpus object");
        let mut emu = Emulator::new(p);
        let n = 1024u32;
        let out = emu.alloc(4 * n as u64).unwrap();
        let iout = emu.alloc(4 * n as u64).unwrap();
        let args = [Arg::Buffer(out), Arg::Buffer(iout), Arg::I32(200)];
        let lane_ops = emu
            .launch(&obj, "valu_loop", [n, 1, 1], [256, 1, 1], &args)
            .unwrap()
            .lane_ops;
        let mut g = c.benchmark_group("valu_loop");
        g.throughput(Throughput::Elements(lane_ops));
        for timing in [false, true] {
            emu.options.timing = timing;
            let name = if timing {
                format!("{file}/timing")
            } else {
                file.to_string()
            };
            g.bench_function(name, |b| {
                b.iter(|| {
                    emu.launch(&obj, "valu_loop", [n, 1, 1], [256, 1, 1], &args)
                        .unwrap()
                })
            });
        }
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
