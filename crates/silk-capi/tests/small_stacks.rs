//! Every C entry point called on a thread with a 128 KiB stack (a common
//! thread-pool size) with input that recurses deeply: no stack overflow,
//! an answer or a located error.

use silk::*;
use std::ffi::{CStr, CString};

const SMALL_STACK: usize = 128 * 1024;

fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(SMALL_STACK)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

fn last_error() -> Option<String> {
    let p = silk_last_error();
    (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned())
}

/// The bytes of a result (freed), or the last error.
fn take(bytes: *mut SilkBytes) -> Result<Vec<u8>, String> {
    if bytes.is_null() {
        return Err(last_error().unwrap_or_default());
    }
    unsafe {
        let v = std::slice::from_raw_parts(silk_bytes_data(bytes), silk_bytes_len(bytes)).to_vec();
        silk_bytes_free(bytes);
        Ok(v)
    }
}

fn compile(source: String) -> Result<Vec<u8>, String> {
    on_small_stack(move || {
        let file = CString::new("deep.slk").unwrap();
        let target = CString::new("gfx942").unwrap();
        take(unsafe {
            silk_compile_kernel(
                source.as_ptr().cast(),
                source.len(),
                file.as_ptr(),
                target.as_ptr(),
                true,
            )
        })
    })
}

fn assemble(text: String) -> Result<Vec<u8>, String> {
    on_small_stack(move || {
        let file = CString::new("deep.s").unwrap();
        take(unsafe {
            silk_amdgpu_assemble(
                text.as_ptr().cast(),
                text.len(),
                file.as_ptr(),
                std::ptr::null(),
            )
        })
    })
}

#[test]
fn deep_silk_expressions_compile_on_a_small_stack() {
    for depth in [60, 63, 200] {
        let nested = format!("{}1{}", "(".repeat(depth), ")".repeat(depth));
        let chain = vec!["1"; depth].join(" + ");
        for expr in [nested, chain] {
            let src = format!("export fn k () {{\n  let x = {expr};\n  return;\n}}\n");
            // An object or diagnostics; either way the process is alive.
            match compile(src) {
                Ok(obj) => assert_eq!(&obj[..4], b"\x7fELF"),
                Err(e) => assert!(e.contains("error"), "{e}"),
            }
        }
    }
}

#[test]
fn deep_assembly_expressions_are_located_errors_on_a_small_stack() {
    let head = ".amdgcn_target \"amdgcn-amd-amdhsa--gfx942\"\n.text\n";
    let chain = "1".to_string() + &"+1".repeat(50_000);
    for line in [format!(".long {chain}"), format!(".set x, {chain}")] {
        let e = assemble(format!("{head}{line}\n")).unwrap_err();
        assert!(e.contains("deep.s:3:"), "{}", &e[..e.len().min(300)]);
        assert!(
            e.contains("nested operations"),
            "{}",
            &e[..e.len().min(300)]
        );
    }
}

#[test]
fn the_other_entry_points_run_on_a_small_stack() {
    on_small_stack(|| {
        let name = CString::new("gfx942").unwrap();
        let id = take(unsafe { silk_amdgpu_target_id(name.as_ptr()) }).unwrap();
        assert!(String::from_utf8_lossy(&id).contains("gfx942"));
        let config = SilkAmdGpuAqlDispatchPacketConfig {
            dimensions: 1,
            workgroup_size_x: 64,
            workgroup_size_y: 1,
            workgroup_size_z: 1,
            grid_size_x: 64,
            grid_size_y: 1,
            grid_size_z: 1,
            ..Default::default()
        };
        let mut packet = [0u8; SILK_AMDGPU_AQL_DISPATCH_PACKET_SIZE];
        assert!(unsafe { silk_amdgpu_aql_dispatch_packet_build(&config, packet.as_mut_ptr()) });
        let mut back = SilkAmdGpuAqlDispatchPacketConfig::default();
        assert!(unsafe {
            silk_amdgpu_aql_dispatch_packet_parse(packet.as_ptr(), packet.len(), &mut back)
        });
        assert_eq!(back.grid_size_x, 64);
        assert!(!unsafe { CStr::from_ptr(silk_version()) }.is_empty());
    });
}
