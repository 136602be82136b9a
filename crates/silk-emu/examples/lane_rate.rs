//! Lane-operations per CPU-second of the benchmark kernel, measured with
//! the process's CPU time (robust on a loaded machine, unlike wall time).
//! Strict mode with and without the hazard checks.
//! `cargo run --release -p silk-emu --example lane_rate`
use silk_amdgpu::target::Processor;
use silk_emu::{Arg, Emulator};

fn cpu_seconds() -> f64 {
    // utime + stime in clock ticks (fields 14 and 15 of /proc/self/stat).
    let s = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let rest = s.rsplit_once(')').map(|(_, r)| r).unwrap_or("");
    let f: Vec<&str> = rest.split_whitespace().collect();
    let t = |i: usize| f.get(i).and_then(|x| x.parse::<f64>().ok()).unwrap_or(0.0);
    (t(11) + t(12)) / 100.0
}

fn main() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/hip/objects");
    for (p, file) in [
        (Processor::Gfx942, "kernels-gfx942"),
        (Processor::Gfx1100, "kernels-gfx1100"),
        (Processor::Gfx1100, "kernels-gfx1100-w64"),
    ] {
        for hazards in [true, false] {
            let obj = std::fs::read(format!("{dir}/{file}.hsaco")).unwrap();
            let mut emu = Emulator::new(p);
            emu.options.hazards = hazards;
            let n = 1024u32;
            let out = emu.alloc(4 * n as u64).unwrap();
            let iout = emu.alloc(4 * n as u64).unwrap();
            let args = [Arg::Buffer(out), Arg::Buffer(iout), Arg::I32(200)];
            let t0 = cpu_seconds();
            let mut ops = 0;
            let mut runs = 0;
            while cpu_seconds() - t0 < 3.0 {
                ops += emu
                    .launch(&obj, "valu_loop", [n, 1, 1], [256, 1, 1], &args)
                    .unwrap()
                    .lane_ops;
                runs += 1;
            }
            let dt = cpu_seconds() - t0;
            println!(
                "{file} (hazard checks {}): {runs} launches, {:.1} M VALU lane-ops per CPU-second",
                if hazards { "on" } else { "off" },
                ops as f64 / dt / 1e6
            );
        }
    }
}
