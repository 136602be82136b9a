//! The HIP provider for real: Debian's `libamdhip64.so.5` must load,
//! resolve every entry point and report "unavailable" cleanly on a machine
//! without a GPU; libraries built here (with the system C compiler) check
//! the missing-symbol, failing-init and no-device paths, and a fake HIP
//! with one device checks what the provider passes to HIP.

mod common;

use common::*;
use silk_amdgpu::target::Processor;
use silk_runtime::hip::{self, HipUnavailable, SYMBOLS};
use silk_runtime::{status, BundleSource, Config, ProviderChoice, Runtime};
use std::path::{Path, PathBuf};
use std::process::Command;

const FAKE_HIP: &str = r#"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
typedef int E;
E hipInit(unsigned f) { (void)f;
#ifdef INIT_FAILS
  return 100;
#else
  return 0;
#endif
}
E hipGetDeviceCount(int *n) {
#ifdef NO_DEVICES
  *n = 0;
#else
  *n = 1;
#endif
  return 0; }
static int selected = -1;
E hipSetDevice(int d) { if (d != 0) return 101; selected = d; return 0; }
#ifndef INCOMPLETE
E hipGetDeviceProperties(char *p, int d) { (void)d;
  strcpy(p, "Fake HIP device"); strcpy(p + 400, "gfx942:sramecc+:xnack-"); return 0; }
E hipMalloc(void **p, size_t n) { *p = calloc(n ? n : 1, 1); return *p ? 0 : 2; }
E hipFree(void *p) { free(p); return 0; }
E hipMemcpy(void *d, const void *s, size_t n, int k) { if (k != 1 && k != 2) return 21; memcpy(d, s, n); return 0; }
E hipMemcpyAsync(void *d, const void *s, size_t n, int k, void *st) { (void)st; return hipMemcpy(d, s, n, k); }
E hipStreamCreate(void **s) { *s = malloc(8); return 0; }
E hipStreamSynchronize(void *s) { (void)s; return 0; }
E hipStreamDestroy(void *s) { free(s); return 0; }
E hipDeviceSynchronize(void) { return selected == 0 ? 0 : 101; }
E hipModuleLoadData(void **m, const void *image) {
  if (memcmp(image, "\x7f" "ELF", 4) != 0) return 200; *m = (void *)image; return 0; }
E hipModuleGetFunction(void **f, void *m, const char *name) { (void)m; *f = strdup(name); return 0; }
/* What the last launch received, for the test to read. */
uint64_t fake_last_launch[4];
E hipModuleLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                        unsigned bz, unsigned shm, void *st, void **params, void **extra) {
  (void)f; (void)st; (void)params;
  size_t size = 0; const uint64_t *args = 0;
  if (extra) {
    if (extra[0] != (void *)1 || extra[2] != (void *)2 || extra[4] != (void *)3) return 1;
    args = extra[1]; size = *(size_t *)extra[3];
  }
  fake_last_launch[0] = gx; fake_last_launch[1] = bx; fake_last_launch[2] = size;
  fake_last_launch[3] = (uint64_t)gy * 1000000 + gz * 10000 + by * 100 + bz * 10 + shm;
  /* Behave like `fill`: out[i] = low32(value) for every work item. */
  if (size == 16) { uint32_t *out = (uint32_t *)args[0];
    for (unsigned i = 0; i < gx * bx; i++) out[i] = (uint32_t)args[1]; }
  return 0;
}
#endif
const char *hipGetErrorString(E e) { return e == 100 ? "fake: no driver" : "fake error"; }
"#;

/// Build the fake library with `defines`; `None` (with a message) without `cc`.
fn build_fake(variant: &str, defines: &[&str]) -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fake_hip");
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join(format!("{variant}.c"));
    std::fs::write(&src, FAKE_HIP).unwrap();
    let lib = dir.join(format!("lib{variant}.so"));
    let mut cmd = Command::new("cc");
    cmd.args(["-shared", "-fPIC", "-o"]).arg(&lib).arg(&src);
    for d in defines {
        cmd.arg(format!("-D{d}"));
    }
    match cmd.output() {
        Err(e) => {
            println!("skipped: no C compiler `cc` ({e}); .ci/run installs gcc");
            None
        }
        Ok(o) => {
            assert!(
                o.status.success(),
                "cc failed: {}",
                String::from_utf8_lossy(&o.stderr)
            );
            Some(lib)
        }
    }
}

#[test]
fn debian_libamdhip64_loads_resolves_and_reports_unavailable() {
    let lib = Path::new("libamdhip64.so.5");
    match hip::open(Some(lib)) {
        Ok(p) => {
            // A machine with an AMD GPU.
            use silk_runtime::provider::Provider;
            assert!(p.device_count() >= 1);
        }
        Err(HipUnavailable::Library { tried }) => {
            panic!("libamdhip64.so.5 is not installed ({tried:?}); `apt-get install libamdhip64-5` (.ci/run does)")
        }
        Err(e @ HipUnavailable::Symbol { .. }) => panic!("the real HIP lacks a symbol: {e}"),
        Err(e) => {
            // Loaded and resolved; HIP itself says there is no GPU.
            let text = e.to_string();
            assert!(
                matches!(
                    e,
                    HipUnavailable::Init { .. }
                        | HipUnavailable::DeviceCount { .. }
                        | HipUnavailable::NoDevice
                ),
                "{text}"
            );
            assert!(text.starts_with("HIP is unavailable: "), "{text}");
            let mut c = Config::new(
                ProviderChoice::Hip,
                BundleSource::Bytes(bundle(Processor::Gfx942)),
            );
            c.hip_library = Some(lib.into());
            let rt = Runtime::new(c);
            assert!(!rt.is_supported());
            assert_eq!(rt.last_error(), text);
            assert_eq!((rt.device_count(), rt.current_device()), (0, -1));
            assert_eq!(rt.launch("fill", 4, 4, &[0, 0]), status::UNAVAILABLE);
        }
    }
}

#[test]
fn a_library_missing_an_entry_point_is_unavailable_and_names_it() {
    let Some(lib) = build_fake("hip_incomplete", &["INCOMPLETE"]) else {
        return;
    };
    let e = hip::open(Some(&lib))
        .err()
        .expect("incomplete library must not load");
    assert_eq!(
        e,
        HipUnavailable::Symbol {
            library: lib.display().to_string(),
            symbol: "hipGetDeviceProperties".into()
        }
    );
    assert!(
        e.to_string()
            .contains("has no symbol `hipGetDeviceProperties`"),
        "{e}"
    );
    // Through the runtime, with auto selection.
    let mut c = Config::new(
        ProviderChoice::Auto,
        BundleSource::Bytes(bundle(Processor::Gfx942)),
    );
    c.hip_library = Some(lib);
    let rt = Runtime::new(c);
    assert!(!rt.is_supported());
    assert!(
        rt.last_error().contains("hipGetDeviceProperties"),
        "{}",
        rt.last_error()
    );
}

#[test]
fn failing_init_and_zero_devices_are_unavailable() {
    let Some(lib) = build_fake("hip_init_fails", &["INIT_FAILS"]) else {
        return;
    };
    let e = hip::open(Some(&lib)).err().unwrap();
    assert_eq!(
        e,
        HipUnavailable::Init {
            code: 100,
            message: "fake: no driver".into()
        }
    );
    assert_eq!(
        e.to_string(),
        "HIP is unavailable: hipInit failed: fake: no driver (100)"
    );
    let Some(lib) = build_fake("hip_no_devices", &["NO_DEVICES"]) else {
        return;
    };
    assert_eq!(hip::open(Some(&lib)).err(), Some(HipUnavailable::NoDevice));
}

#[test]
fn a_missing_library_lists_what_was_tried() {
    let e = hip::open(Some(Path::new("/nonexistent/libamdhip64.so")))
        .err()
        .unwrap();
    let HipUnavailable::Library { tried } = &e else {
        panic!("{e}")
    };
    assert_eq!(tried.len(), 1);
    assert!(e.to_string().contains("/nonexistent/libamdhip64.so"), "{e}");
    assert_eq!(
        hip::LIBRARY_NAMES,
        ["libamdhip64.so", "libamdhip64.so.6", "libamdhip64.so.5"]
    );
    assert_eq!(SYMBOLS.len(), 16);
}

#[test]
fn the_provider_drives_a_fake_hip_device() {
    let Some(lib) = build_fake("hip_fake_device", &[]) else {
        return;
    };
    let mut c = Config::new(
        ProviderChoice::Auto,
        BundleSource::Bytes(bundle(Processor::Gfx942)),
    );
    c.hip_library = Some(lib.clone());
    let rt = Runtime::new(c);
    assert!(rt.is_supported(), "{}", rt.last_error());
    assert_eq!(rt.provider_name(), Some("HIP"));
    assert_eq!(rt.device_processor(0).as_deref(), Some("gfx942"));
    let out = rt.alloc(48);
    assert!(out.is_valid());
    assert_eq!(out.upload(&[0xaa; 48]), status::OK);
    let d = rt.launch_and_synchronize("fill", 8, 4, &[out.address(), 0x1234_5678]);
    assert!(d.is_ok(), "{}", rt.last_error());
    let mut host = [0u8; 48];
    assert_eq!(out.download(&mut host), status::OK);
    let v = le_u32s(&host);
    assert_eq!(&v[..8], &[0x1234_5678; 8]);
    assert_eq!(
        &v[8..],
        &[0xaaaa_aaaa; 4],
        "only grid-size items were written"
    );
    // What HIP was given: 2 blocks of 4, 16 bytes of packed arguments,
    // the other dimensions 1 and no dynamic LDS.
    // SAFETY: the fake library exports this array of four u64.
    let last = unsafe {
        let l = libloading::Library::new(&lib).unwrap();
        let p: libloading::Symbol<*const [u64; 4]> = l.get(b"fake_last_launch\0").unwrap();
        **p
    };
    assert_eq!(last, [2, 4, 16, 1_010_110]);
    // A stream, and a zero-argument kernel (no `extra` at all).
    let s = rt.create_stream();
    assert_eq!(rt.launch_on(&s, "empty", 64, 64, &[]), status::OK);
    assert_eq!(s.synchronize(), status::OK);
}

#[test]
fn the_fake_hip_device_refuses_an_object_for_another_processor() {
    let Some(lib) = build_fake("hip_fake_device2", &[]) else {
        return;
    };
    let objects = compile(&KERNELS, Processor::Gfx1151);
    let mut c = Config::new(
        ProviderChoice::Hip,
        BundleSource::Bytes(bundle_of("gfx1151", &objects)),
    );
    c.hip_library = Some(lib);
    let rt = Runtime::new(c);
    assert!(
        rt.is_supported(),
        "the processor is checked only at kernel load"
    );
    assert_eq!(rt.launch("fill", 4, 4, &[0, 0]), status::LOAD_FAILED);
    assert!(
        rt.last_error()
            .contains("HIP device 0 (gfx942) cannot load"),
        "{}",
        rt.last_error()
    );
}
