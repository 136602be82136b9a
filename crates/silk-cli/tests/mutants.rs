//! Deterministic mutation test: seeded mutants of the corpus code objects
//! through what `silk inspect`, `silk disasm` and `silk emu` do (the
//! library calls, in process), under an address-space cap. Every mutant
//! must end in a result or an error: no panic, no abort, no hang.
//!
//! The test binary holds this one test, so the cap (RLIMIT_AS) applies to
//! it alone; an allocation by declared size or a stack overflow kills the
//! process and fails the test. Each launch has an instruction budget, a
//! watchdog ends a hang, and the slowest command is reported.

use silk_amdgpu::code_object::{self, ValueKind};
use silk_amdgpu::isa::listing::listing;
use silk_emu::{Arg, Emulator, Options};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Mutants per corpus object: 159 objects make 2,544.
const PER_OBJECT: u64 = 16;
const SEED: u64 = 0x005e_ed0f_5111;
/// The process's address space: far below what the bugs this guards
/// against took (22 GB, 137 GB), well above what the commands need.
const AS_LIMIT: u64 = 3 << 30;
/// A hang (a loop no budget bounds) ends the test here rather than
/// never; runs take well under a minute.
const WATCHDOG: Duration = Duration::from_secs(600);

struct Rng(u64);

impl Rng {
    /// xorshift64*: fixed sequence for a fixed seed.
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn corpus() -> Vec<PathBuf> {
    let root = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../silk-amdgpu/tests/data/hip"
    ));
    let mut files = Vec::new();
    for dir in ["objects", "asm"] {
        for e in std::fs::read_dir(root.join(dir)).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "hsaco") {
                files.push(p);
            }
        }
    }
    files.sort();
    files
}

/// Values that break size and offset fields.
const EXTREMES: [u64; 8] = [
    0,
    1,
    0x7f,
    0xffff,
    0x1000_0000,
    0xffff_ffff,
    0x7fff_ffff_ffff_ffff,
    u64::MAX,
];

/// One mutant of `obj`: field-sized overwrites where the headers,
/// descriptors and notes live, random byte flips, or a truncation.
fn mutate(obj: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut m = obj.to_vec();
    let parsed = code_object::read(obj).ok();
    // Interesting places: the ELF header, program and section headers,
    // the kernel descriptors and the metadata note.
    let mut spots: Vec<(usize, usize)> = vec![(0, 64)];
    if let Some(co) = &parsed {
        let phoff = co.header.phoff as usize;
        spots.push((phoff, 56 * co.header.phnum as usize));
        let shoff = co.header.shoff as usize;
        spots.push((shoff, 64 * co.header.shnum as usize));
        for s in &co.sections {
            if s.name == ".note" || s.name == ".dynsym" || s.name == ".dynamic" {
                spots.push((s.offset as usize, s.size as usize));
            }
        }
        for k in &co.kernels {
            if let Some(s) = co.segments.iter().find(|s| {
                s.p_type == 1
                    && k.descriptor_address >= s.vaddr
                    && k.descriptor_address < s.vaddr + s.filesz
            }) {
                spots.push(((k.descriptor_address - s.vaddr + s.offset) as usize, 64));
            }
        }
    }
    spots.retain(|&(o, n)| n > 0 && o < m.len());
    let edits = 1 + rng.below(3);
    for _ in 0..edits {
        match rng.below(10) {
            // Truncate.
            0 => {
                let at = rng.below(m.len());
                m.truncate(at);
            }
            // Random bytes anywhere.
            1 | 2 => {
                for _ in 0..1 + rng.below(8) {
                    if m.is_empty() {
                        break;
                    }
                    let at = rng.below(m.len());
                    m[at] ^= 1 << rng.below(8);
                }
            }
            // An extreme value in a field-sized slot of a header.
            _ => {
                let (o, n) = spots[rng.below(spots.len())];
                let width = [1usize, 2, 4, 8][rng.below(4)];
                let at = (o + rng.below(n)) & !(width - 1);
                let v = if rng.below(3) == 0 {
                    rng.next()
                } else {
                    EXTREMES[rng.below(EXTREMES.len())]
                };
                if at + width <= m.len() {
                    m[at..at + width].copy_from_slice(&v.to_le_bytes()[..width]);
                }
            }
        }
    }
    m
}

/// What `silk inspect` does with an object.
fn inspect(obj: &[u8]) -> usize {
    let Ok(co) = code_object::read(obj) else {
        return 0;
    };
    let issues = code_object::validate(&co);
    let doc = co.metadata_value().map(|v| format!("{v:?}").len());
    issues.len() + doc.unwrap_or(0) + co.problems.len()
}

/// What `silk disasm` does with an object.
fn disasm(obj: &[u8]) -> usize {
    let Ok(co) = code_object::read(obj) else {
        return 0;
    };
    let Some(t) = co.target else {
        return 0;
    };
    co.kernels
        .iter()
        .map(|k| listing(t.processor, &k.code, k.entry_address).len())
        .sum()
}

/// What `silk emu` does: every kernel, arguments from the metadata (a
/// small buffer per pointer, zero bytes per value).
fn emu(obj: &[u8]) -> (usize, usize) {
    let Ok(co) = code_object::read(obj) else {
        return (0, 0);
    };
    let Some(t) = co.target else {
        return (0, 0);
    };
    let (mut ok, mut err) = (0, 0);
    for k in co.kernels.iter().take(4) {
        let mut e = Emulator::new(t.processor);
        e.options = Options {
            max_instructions_per_wave: 20_000,
            ..Options::default()
        };
        e.memory.set_limit(1 << 30);
        let meta = co
            .metadata
            .as_ref()
            .and_then(|m| m.kernels.iter().find(|m| m.name == k.name));
        let mut args = Vec::new();
        for a in meta.map(|m| &m.args[..]).unwrap_or(&[]) {
            if a.value_kind.is_hidden() {
                continue;
            }
            let arg = match a.value_kind {
                ValueKind::GlobalBuffer => match e.alloc(4096) {
                    Ok(b) => Arg::Buffer(b),
                    Err(_) => Arg::U64(0),
                },
                _ => Arg::Bytes(vec![0; (a.size as usize).min(4096)]),
            };
            args.push(arg);
        }
        match e.launch(obj, &k.name, [64, 1, 1], [64, 1, 1], &args) {
            Ok(_) => ok += 1,
            Err(_) => err += 1,
        }
    }
    (ok, err)
}

#[cfg(target_os = "linux")]
fn cap_address_space() {
    #[repr(C)]
    struct RLimit {
        cur: u64,
        max: u64,
    }
    extern "C" {
        fn setrlimit(resource: i32, rlim: *const RLimit) -> i32;
    }
    const RLIMIT_AS: i32 = 9;
    let l = RLimit {
        cur: AS_LIMIT,
        max: AS_LIMIT,
    };
    // SAFETY: a plain system call on a valid struct.
    assert_eq!(unsafe { setrlimit(RLIMIT_AS, &l) }, 0);
}

/// Count one command's outcome: a panic, and the slowest command.
fn results(
    panics: &mut Vec<String>,
    slowest: &mut (Duration, String),
    commands: &mut u64,
    cmd: &str,
    what: &str,
    started: Instant,
    r: std::thread::Result<()>,
) {
    *commands += 1;
    if r.is_err() {
        panics.push(format!("{cmd} on {what}"));
    }
    let took = started.elapsed();
    if took > slowest.0 {
        *slowest = (took, format!("{cmd} on {what}"));
    }
}

#[test]
fn mutants_of_the_corpus_never_panic_crash_or_hang() {
    #[cfg(target_os = "linux")]
    cap_address_space();
    std::thread::spawn(|| {
        std::thread::sleep(WATCHDOG);
        eprintln!("mutation test: still running after {WATCHDOG:?}: a mutant hangs");
        std::process::abort();
    });
    let files = corpus();
    assert!(
        files.len() > 100,
        "corpus not found: {} objects",
        files.len()
    );
    // SILK_MUTANT_SEED explores other mutants (the test's own are fixed).
    let seed = std::env::var("SILK_MUTANT_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(SEED);
    let mut rng = Rng(seed);
    let (mut mutants, mut commands, mut launches_ok, mut launches_err) = (0u64, 0u64, 0, 0);
    let mut panics = Vec::new();
    let mut slowest = (Duration::ZERO, String::new());
    let start = Instant::now();
    for f in &files {
        let obj = std::fs::read(f).unwrap();
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        for i in 0..PER_OBJECT {
            let m = mutate(&obj, &mut rng);
            mutants += 1;
            let what = format!("{name} mutant {i}");
            let t = Instant::now();
            let r = catch_unwind(AssertUnwindSafe(|| inspect(&m))).map(|_| ());
            results(
                &mut panics,
                &mut slowest,
                &mut commands,
                "inspect",
                &what,
                t,
                r,
            );
            let t = Instant::now();
            let r = catch_unwind(AssertUnwindSafe(|| disasm(&m))).map(|_| ());
            results(
                &mut panics,
                &mut slowest,
                &mut commands,
                "disasm",
                &what,
                t,
                r,
            );
            let t = Instant::now();
            let r = catch_unwind(AssertUnwindSafe(|| {
                let (ok, err) = emu(&m);
                launches_ok += ok;
                launches_err += err;
            }));
            results(&mut panics, &mut slowest, &mut commands, "emu", &what, t, r);
        }
    }
    println!(
        "mutation test: {mutants} mutants of {} objects (seed {seed:#x}), {commands} commands, \
         {launches_ok} launches ran, {launches_err} ended in an error, {} crashes; \
         slowest command {:?} ({}), total {:?}",
        files.len(),
        panics.len(),
        slowest.0,
        slowest.1,
        start.elapsed()
    );
    assert!(panics.is_empty(), "{} panics: {:?}", panics.len(), panics);
    assert!(
        launches_ok > 0,
        "no mutant launched at all: the harness is broken"
    );
}
