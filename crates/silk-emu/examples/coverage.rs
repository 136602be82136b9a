//! Print how many opcodes of each processor's ISA table have semantics.
use silk_amdgpu::isa::table;
use silk_amdgpu::target::Processor;
fn main() {
    for p in Processor::ALL {
        let emu = silk_emu::Emulator::new(p);
        let total = table::table(p.generation())
            .iter()
            .filter(|i| i.on(p))
            .count();
        println!(
            "{}: {} of {} opcodes",
            p.name(),
            emu.supported_instructions().len(),
            total
        );
    }
}
