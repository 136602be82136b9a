//! The module API and the registration ABI called directly (the rlib):
//! raw code objects and offload bundles, both argument conventions,
//! repeated and concurrent registration and unregistration.

use silk_amdgpu::code_object::OffloadBundle;
use silk_hip::api::*;
use silk_hip::fatbin::*;
use std::ffi::c_void;
use std::path::Path;
use std::process::Command;

/// `data/module.hip` compiled for gfx942, device code only.
fn code_object() -> Option<Vec<u8>> {
    let clang = Path::new("/usr/lib/llvm-22/bin/clang");
    if !clang.exists() {
        eprintln!("skipped: clang-22 is not installed");
        return None;
    }
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/module.hip");
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let out = std::env::temp_dir().join(format!("silk-hip-module-{}-{n}.co", std::process::id()));
    let r = Command::new(clang)
        .args([
            "-x",
            "hip",
            "--offload-arch=gfx942",
            "-nogpulib",
            "-nogpuinc",
            "-O2",
        ])
        .args(["--cuda-device-only", "--no-gpu-bundle-output", "-o"])
        .arg(&out)
        .arg(&data)
        .output()
        .unwrap();
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let b = std::fs::read(&out).unwrap();
    let _ = std::fs::remove_file(&out);
    Some(b)
}

fn launch_fill(module: Ptr, extra_convention: bool) -> Vec<i32> {
    unsafe {
        let mut f: Ptr = std::ptr::null_mut();
        assert_eq!(hipModuleGetFunction(&mut f, module, c"fill".as_ptr()), 0);
        let mut d: Ptr = std::ptr::null_mut();
        assert_eq!(hipMalloc(&mut d, 64 * 4), 0);
        let k: i32 = 3;
        let code = if extra_convention {
            #[repr(C)]
            struct Args {
                out: Ptr,
                k: i32,
            }
            let mut a = Args { out: d, k };
            let mut size = std::mem::size_of::<Args>();
            let mut extra = [
                PARAM_BUFFER_POINTER as Ptr,
                &mut a as *mut Args as Ptr,
                PARAM_BUFFER_SIZE as Ptr,
                &mut size as *mut usize as Ptr,
                PARAM_END as Ptr,
            ];
            hipModuleLaunchKernel(
                f,
                1,
                1,
                1,
                64,
                1,
                1,
                0,
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                extra.as_mut_ptr(),
            )
        } else {
            let mut dv = d;
            let mut kv = k;
            let mut params = [&mut dv as *mut Ptr as Ptr, &mut kv as *mut i32 as Ptr];
            hipModuleLaunchKernel(
                f,
                1,
                1,
                1,
                64,
                1,
                1,
                0,
                std::ptr::null_mut(),
                params.as_mut_ptr(),
                std::ptr::null_mut(),
            )
        };
        assert_eq!(code, 0);
        assert_eq!(hipDeviceSynchronize(), 0);
        let mut h = vec![0i32; 64];
        assert_eq!(hipMemcpy(h.as_mut_ptr() as Ptr, d, 256, DEVICE_TO_HOST), 0);
        assert_eq!(hipFree(d), 0);
        h
    }
}

#[test]
fn modules_from_code_objects_and_bundles_with_both_conventions() {
    let Some(co) = code_object() else { return };
    let bundle = OffloadBundle::write(&[
        ("host-x86_64-unknown-linux-gnu-", &[]),
        ("hipv4-amdgcn-amd-amdhsa--gfx1100", b"not this one"),
        ("hipv4-amdgcn-amd-amdhsa--gfx942", &co),
    ]);
    for image in [&co, &bundle] {
        let mut m: Ptr = std::ptr::null_mut();
        assert_eq!(
            unsafe { hipModuleLoadData(&mut m, image.as_ptr() as *const c_void) },
            0
        );
        let want: Vec<i32> = (0..64).map(|i| 3 * i + 5).collect();
        assert_eq!(launch_fill(m, false), want);
        assert_eq!(launch_fill(m, true), want);
        // The global: found, written, and seen by the next launch.
        let (mut g, mut size): (Ptr, usize) = (std::ptr::null_mut(), 0);
        assert_eq!(
            unsafe { hipModuleGetGlobal(&mut g, &mut size, m, c"bias".as_ptr()) },
            0
        );
        assert_eq!(size, 4);
        let bias = 100i32;
        assert_eq!(
            unsafe { hipMemcpy(g, &bias as *const i32 as *const c_void, 4, HOST_TO_DEVICE) },
            0
        );
        assert_eq!(launch_fill(m, false)[2], 106);
        let mut f: Ptr = std::ptr::null_mut();
        assert_eq!(
            unsafe { hipModuleGetFunction(&mut f, m, c"nope".as_ptr()) },
            500
        );
        assert_eq!(
            unsafe { hipModuleGetGlobal(&mut g, &mut size, m, c"nope".as_ptr()) },
            500
        );
        assert_eq!(hipModuleUnload(m), 0);
        assert_eq!(hipModuleUnload(m), 400);
    }
    // A bundle without this processor, and garbage.
    let other = OffloadBundle::write(&[("hipv4-amdgcn-amd-amdhsa--gfx1100", &co)]);
    let mut m: Ptr = std::ptr::null_mut();
    assert_eq!(
        unsafe { hipModuleLoadData(&mut m, other.as_ptr() as *const c_void) },
        209
    );
    let junk = [0u8; 64];
    assert_eq!(
        unsafe { hipModuleLoadData(&mut m, junk.as_ptr() as *const c_void) },
        200
    );
    assert_eq!(
        unsafe { hipModuleLoadData(std::ptr::null_mut(), co.as_ptr() as *const c_void) },
        1
    );
    assert_eq!(unsafe { hipModuleLoadData(&mut m, std::ptr::null()) }, 1);
}

#[test]
fn registration_is_safe_repeated_and_concurrent() {
    let Some(co) = code_object() else { return };
    let bundle: &'static [u8] = Box::leak(
        OffloadBundle::write(&[("hipv4-amdgcn-amd-amdhsa--gfx942", &co)]).into_boxed_slice(),
    );
    let wrapper: &'static Wrapper = Box::leak(Box::new(Wrapper {
        magic: WRAPPER_MAGIC,
        version: 1,
        binary: bundle.as_ptr(),
        unused: std::ptr::null(),
    }));
    let wrapper_addr = wrapper as *const Wrapper as usize;
    let threads: Vec<_> = (0..4)
        .map(|t| {
            std::thread::spawn(move || {
                let w = wrapper_addr as *const Wrapper;
                for _ in 0..5 {
                    let h = unsafe { __hipRegisterFatBinary(w) };
                    assert!(!h.is_null());
                    // A host "stub" address per thread: any unique address.
                    let stub = Box::leak(Box::new(t as u8)) as *const u8 as *const c_void;
                    let r = unsafe {
                        __hipRegisterFunction(
                            h,
                            stub,
                            c"fill".as_ptr(),
                            c"fill".as_ptr(),
                            u32::MAX,
                            std::ptr::null_mut(),
                            std::ptr::null_mut(),
                            std::ptr::null_mut(),
                            std::ptr::null_mut(),
                            std::ptr::null_mut(),
                        )
                    };
                    assert_eq!(r, 0);
                    let mut d: Ptr = std::ptr::null_mut();
                    assert_eq!(unsafe { hipMalloc(&mut d, 256) }, 0);
                    let (mut dv, mut k) = (d, 2i32);
                    let mut args = [&mut dv as *mut Ptr as Ptr, &mut k as *mut i32 as Ptr];
                    let g = Dim3 { x: 1, y: 1, z: 1 };
                    let b = Dim3 { x: 64, y: 1, z: 1 };
                    assert_eq!(__hipPushCallConfiguration(g, b, 0, std::ptr::null_mut()), 0);
                    let (mut g2, mut b2, mut sh, mut st) = (
                        Dim3 { x: 0, y: 0, z: 0 },
                        Dim3 { x: 0, y: 0, z: 0 },
                        9usize,
                        1 as Ptr,
                    );
                    assert_eq!(
                        unsafe { __hipPopCallConfiguration(&mut g2, &mut b2, &mut sh, &mut st) },
                        0
                    );
                    assert_eq!((g2, b2, sh, st), (g, b, 0, std::ptr::null_mut()));
                    assert_eq!(
                        unsafe { hipLaunchKernel(stub, g2, b2, args.as_mut_ptr(), sh, st) },
                        0
                    );
                    let mut out = [0i32; 64];
                    assert_eq!(
                        unsafe { hipMemcpy(out.as_mut_ptr() as Ptr, d, 256, DEVICE_TO_HOST) },
                        0
                    );
                    assert_eq!(out[10], 25);
                    assert_eq!(hipFree(d), 0);
                    __hipUnregisterFatBinary(h);
                    // Repeated: a no-op. The stub is gone with its binary.
                    __hipUnregisterFatBinary(h);
                    assert_eq!(
                        unsafe {
                            hipLaunchKernel(stub, g, b, args.as_mut_ptr(), 0, std::ptr::null_mut())
                        },
                        98
                    );
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    // Unknown handles, null and bad wrappers: errors, never crashes.
    __hipUnregisterFatBinary(std::ptr::null_mut());
    __hipUnregisterFatBinary(0xdead as *mut *mut c_void);
    assert!(unsafe { __hipRegisterFatBinary(std::ptr::null()) }.is_null());
    let bad = Wrapper {
        magic: 1,
        version: 1,
        binary: bundle.as_ptr(),
        unused: std::ptr::null(),
    };
    assert!(unsafe { __hipRegisterFatBinary(&bad) }.is_null());
    let mut cfg = Dim3 { x: 0, y: 0, z: 0 };
    let (mut sh, mut st) = (0usize, std::ptr::null_mut());
    assert_eq!(
        unsafe { __hipPopCallConfiguration(&mut cfg, &mut cfg.clone(), &mut sh, &mut st) },
        52
    );
}

/// `__hipRegisterManagedVar` called as clang's host code does, after the
/// module has loaded: the slot gets the host storage, kernels read and
/// write it, and names the code object cannot bind are refused.
#[test]
fn managed_variables_bind_to_loaded_modules() {
    let Some(co) = code_object() else { return };
    let bundle: &'static [u8] = Box::leak(
        OffloadBundle::write(&[("hipv4-amdgcn-amd-amdhsa--gfx942", &co)]).into_boxed_slice(),
    );
    let wrapper = Wrapper {
        magic: WRAPPER_MAGIC,
        version: 1,
        binary: bundle.as_ptr(),
        unused: std::ptr::null(),
    };
    let h = unsafe { __hipRegisterFatBinary(&wrapper) };
    assert!(!h.is_null());
    // Host stubs: any unique addresses.
    let stub = |n: u8| Box::leak(Box::new(n)) as *const u8 as *const c_void;
    let (fill, scale) = (stub(1), stub(2));
    for (s, name) in [(fill, c"fill"), (scale, c"scale_factor")] {
        let r = unsafe {
            __hipRegisterFunction(
                h,
                s,
                name.as_ptr(),
                name.as_ptr(),
                u32::MAX,
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                std::ptr::null_mut(),
            )
        };
        assert_eq!(r, 0);
    }
    let one = Dim3 { x: 1, y: 1, z: 1 };
    let launch = |f: *const c_void, args: &mut [Ptr]| unsafe {
        hipLaunchKernel(f, one, one, args.as_mut_ptr(), 0, std::ptr::null_mut())
    };
    // Loads the module before the variable is registered.
    let mut d: Ptr = std::ptr::null_mut();
    assert_eq!(unsafe { hipMalloc(&mut d, 256) }, 0);
    let (mut dv, mut k) = (d, 1i32);
    assert_eq!(
        launch(
            fill,
            &mut [&mut dv as *mut Ptr as Ptr, &mut k as *mut i32 as Ptr]
        ),
        0
    );
    // The host storage: clang's `factor.managed`, holding the initial value.
    let storage: &'static mut i32 = Box::leak(Box::new(3));
    let storage = storage as *mut i32;
    let mut slot: *mut c_void = std::ptr::null_mut();
    unsafe {
        __hipRegisterManagedVar(
            h as *mut c_void,
            &mut slot,
            storage as *mut c_void,
            c"factor".as_ptr(),
            4,
            4,
        )
    };
    assert_eq!(hipGetLastError(), 0);
    assert_eq!(slot, storage as *mut c_void);
    let mut k = 5i32;
    assert_eq!(launch(scale, &mut [&mut k as *mut i32 as Ptr]), 0);
    assert_eq!(hipDeviceSynchronize(), 0);
    assert_eq!(unsafe { storage.read_volatile() }, 15);
    unsafe { storage.write_volatile(4) };
    let mut k = 2i32;
    assert_eq!(launch(scale, &mut [&mut k as *mut i32 as Ptr]), 0);
    assert_eq!(unsafe { storage.read_volatile() }, 8);
    // No `bias.managed` in the code object, and a null initial value.
    let mut other: *mut c_void = std::ptr::null_mut();
    unsafe {
        __hipRegisterManagedVar(
            h as *mut c_void,
            &mut other,
            storage as *mut c_void,
            c"bias".as_ptr(),
            4,
            4,
        );
    }
    assert_eq!(hipGetLastError(), 500);
    let msg = unsafe { std::ffi::CStr::from_ptr(hipGetErrorString(500)) };
    assert!(msg.to_string_lossy().contains("bias.managed"), "{msg:?}");
    unsafe {
        __hipRegisterManagedVar(
            h as *mut c_void,
            &mut other,
            std::ptr::null_mut(),
            c"factor".as_ptr(),
            4,
            4,
        );
    }
    assert_eq!(hipGetLastError(), 1);
    assert_eq!(hipFree(d), 0);
    __hipUnregisterFatBinary(h);
    // The application's storage is untouched by unregistration.
    assert_eq!(unsafe { storage.read_volatile() }, 8);
}
