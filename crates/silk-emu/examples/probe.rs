//! Launch every kernel of the code objects in a directory with generic
//! arguments (zeroed buffers, small integers) and report what stops the
//! emulator: a quick survey of instruction coverage on a new corpus.
//! `cargo run -p silk-emu --example probe DIR`
use silk_amdgpu::code_object::{self, ValueKind};
use silk_emu::{Arg, Emulator, Error};

fn main() {
    let dir = std::env::args().nth(1).expect("directory");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    let (mut ok, mut other) = (0, 0);
    for p in paths {
        let bytes = std::fs::read(&p).unwrap();
        let Ok(co) = code_object::read(&bytes) else {
            continue;
        };
        let Some(t) = co.target else { continue };
        let Some(meta) = co.metadata.clone() else {
            continue;
        };
        for k in &meta.kernels {
            let mut emu = Emulator::new(t.processor);
            emu.options.strict = std::env::var_os("STRICT").is_some();
            let mut args = Vec::new();
            for a in k.args.iter().filter(|a| !a.value_kind.is_hidden()) {
                args.push(match (&a.value_kind, a.size) {
                    (ValueKind::GlobalBuffer, _) => Arg::Buffer(emu.alloc(1 << 20).unwrap()),
                    (_, 8) => Arg::U64(16),
                    (_, 4) => Arg::I32(16),
                    (_, n) => Arg::Bytes(vec![0; n as usize]),
                });
            }
            let r = emu.launch(&bytes, &k.name, [64, 1, 1], [64, 1, 1], &args);
            match r {
                Ok(_) => ok += 1,
                Err(e @ (Error::Unsupported { .. } | Error::Decode { .. })) => {
                    println!(
                        "{}: {}: {e}",
                        p.file_name().unwrap().to_string_lossy(),
                        k.name
                    )
                }
                Err(e) => {
                    other += 1;
                    println!(
                        "  (other) {}: {}: {e}",
                        p.file_name().unwrap().to_string_lossy(),
                        k.name
                    )
                }
            }
        }
    }
    println!("{ok} ran, {other} other errors");
}
