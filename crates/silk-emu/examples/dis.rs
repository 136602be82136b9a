use silk_amdgpu::code_object;
use silk_amdgpu::isa::{decode, print, table};
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    let co = code_object::read(&bytes).unwrap();
    let p = co.target.unwrap().processor;
    for k in &co.kernels {
        println!("== {} {:?}", k.name, k.config);
        let words: Vec<u32> = k
            .code
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
            .collect();
        let mut at = 0;
        while at < words.len() {
            match decode::decode(p, &words[at..]) {
                Ok((i, n)) => {
                    let info = &table::table(p.generation())[i.opcode.0 as usize];
                    println!(
                        "{:4x}: {:50} {:?} {:?} {:?}",
                        at * 4,
                        print::to_text(p, &i),
                        info.family,
                        i.operands(),
                        i.mods
                    );
                    if info.name == "s_endpgm" {
                        break;
                    }
                    at += n;
                }
                Err(e) => {
                    println!("{:4x}: ERR {e}", at * 4);
                    at += 1;
                }
            }
        }
    }
}
