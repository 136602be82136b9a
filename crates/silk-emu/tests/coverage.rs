//! Every instruction of every clang-compiled kernel in the golden corpora
//! has semantics in the emulator's table (nothing they contain is an
//! "unsupported instruction"), and the table is built from the ISA table's
//! mnemonics on each processor.

use silk_amdgpu::code_object;
use silk_amdgpu::isa::{decode, table, Family};
use silk_amdgpu::target::Processor;
use silk_emu::Emulator;

fn objects() -> Vec<std::path::PathBuf> {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut v = Vec::new();
    for dir in [
        format!("{root}/tests/data/hip/objects"),
        format!("{root}/../silk-amdgpu/tests/data/hip/objects"),
    ] {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "hsaco") {
                v.push(p);
            }
        }
    }
    v.sort();
    v
}

#[test]
fn every_corpus_instruction_has_semantics() {
    let mut missing = Vec::new();
    let mut seen = 0;
    for path in objects() {
        let bytes = std::fs::read(&path).unwrap();
        let co = code_object::read(&bytes).unwrap();
        let p = co.target.unwrap().processor;
        let emu = Emulator::new(p);
        let supported: std::collections::HashSet<&str> =
            emu.supported_instructions().into_iter().collect();
        let t = table::table(p.generation());
        let text = co.section(".text").unwrap();
        let code = &bytes[text.offset as usize..(text.offset + text.size) as usize];
        for (_, inst, _) in decode::decode_all(p, code).into_iter().flatten() {
            let info = &t[inst.opcode.0 as usize];
            seen += 1;
            // VOPD pairs execute as their VOP1/VOP2 halves.
            if info.family == Family::Vopd || supported.contains(info.name) {
                continue;
            }
            missing.push(format!(
                "{}: {}",
                path.file_name().unwrap().to_string_lossy(),
                info.name
            ));
        }
    }
    missing.sort();
    missing.dedup();
    assert!(seen > 1000, "{seen}");
    assert!(
        missing.is_empty(),
        "instructions without semantics: {missing:#?}"
    );
}

#[test]
fn semantic_table_covers_the_core_of_each_isa() {
    for p in Processor::ALL {
        let emu = Emulator::new(p);
        let names = emu.supported_instructions();
        for want in [
            "s_endpgm",
            "s_waitcnt",
            "s_barrier",
            "v_add_f32_e32",
            "v_fma_f32",
            "v_cmp_lt_f32_e32",
            "v_cndmask_b32_e64",
            "ds_bpermute_b32",
        ] {
            assert!(names.contains(&want), "{p:?} lacks {want}");
        }
        assert!(names.len() > 500, "{p:?}: only {} opcodes", names.len());
    }
}
