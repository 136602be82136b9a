//! Print how many opcodes of each processor's ISA table have semantics
//! (`--missing` also lists the others).
use silk_amdgpu::isa::table;
use silk_amdgpu::target::Processor;
fn main() {
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
                    println!("  {}", i.name);
                }
            }
        }
    }
}
