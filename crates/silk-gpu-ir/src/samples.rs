//! Device-IR kernels that more than one crate runs as they are: the host
//! checks (`silk check hip-runtime`) compile them for a real or emulated
//! runtime, and the runtime's tests build their bundles from them.

/// `fill(out, value)`: `out[i] = low32(value)` for every work item `i`
/// of a one-dimensional grid. The smallest kernel whose effect a host can
/// see (a device-to-host copy of `out`); 16 bytes of explicit arguments.
pub const FILL: &str = r#"
kernel @fill(%out: ptr<global>, %value: u64) {
  %tid = workitem.id x
  %wg = workgroup.id x
  %wgs = workgroup.size x
  %base = mul %wg, %wgs
  %i = add %base, %tid
  %i64 = cvt %i : u64
  %four = const 4 : u64
  %off = mul %i64, %four
  %p = ptradd %out, %off
  %v = cvt %value : u32
  store %p, %v, align 4
}
"#;

#[cfg(test)]
mod tests {
    use crate::{parse_module, run_kernel, Arg, Launch, Memory};

    #[test]
    fn fill_writes_the_low_word_of_value_everywhere() {
        let m = parse_module("fill.sir", super::FILL).unwrap();
        assert_eq!(m.kernels().count(), 1);
        let mut mem = Memory::new();
        let out = mem.alloc(vec![0; 4 * 96]).unwrap();
        let at = mem.address(out).unwrap();
        let args = [Arg::Ptr(at), Arg::U64(0x1_5eed_1234)];
        run_kernel(&m, "fill", &Launch::linear(96, 32), &args, &mut mem).unwrap();
        let words: Vec<u32> = mem
            .buffer(out)
            .unwrap()
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        assert_eq!(words, vec![0x5eed_1234; 96]);
    }
}
