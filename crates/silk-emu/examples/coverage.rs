//! Print how many opcodes of each processor's ISA table have semantics
//! (`--missing` also lists the others, each with the reason from
//! `tests/data/coverage/out_of_scope.txt`).
use silk_amdgpu::isa::table;
use silk_amdgpu::target::Processor;

const REASONS: &str = include_str!("../tests/data/coverage/out_of_scope.txt");

fn main() {
    let reason = |name: &str| {
        REASONS
            .lines()
            .find_map(|l| l.strip_prefix(name)?.strip_prefix('\t'))
            .unwrap_or("(no reason recorded)")
    };
    for p in Processor::ALL {
        let emu = silk_emu::Emulator::new(p);
        let total = table::table(p.generation())
            .iter()
            .filter(|i| i.on(p))
            .count();
        let have = emu.supported_instructions();
        println!("{}: {} of {} opcodes", p.name(), have.len(), total);
        if std::env::args().any(|a| a == "--missing") {
            for i in table::table(p.generation()).iter().filter(|i| i.on(p)) {
                if !have.contains(&i.name) {
                    println!("  {}\t{}", i.name, reason(i.name));
                }
            }
        }
    }
}
