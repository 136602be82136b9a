//! `silk check rocr-load | hip-runtime | host-env` as a user runs them:
//! against Debian's real `libamdhip64.so.5` and `libhsa-runtime64.so.1`
//! (they load, reach `hipInit`/`hsa_init` and report no device: a skip,
//! a failure under `_REQUIRE=1`), and against fake HIP and HSA libraries
//! built here with the system C compiler, which pass every mode, hang (the
//! watchdog) or abort (the retry hints).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn silk(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_silk"));
    c.args(args);
    for (k, v) in env {
        c.env(k, v);
    }
    // Nothing from the test runner's own environment steers the checks.
    for k in [
        "SILK_HIP_LIBRARY",
        "SILK_AMDGPU_HIP_MODE",
        "SILK_AMDGPU_HIP_REQUIRE",
        "SILK_AMDGPU_ROCR_REQUIRE",
        "AMDGPU_TARGET",
        "ROCR_LIB_DIR",
    ] {
        if !env.iter().any(|(e, _)| *e == k) {
            c.env_remove(k);
        }
    }
    c.output().expect("silk runs")
}

fn text(o: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// Build `lib<name>.so` from `src` with `defines` into `dir`; `None` without `cc`.
fn build_fake(dir: &str, file: &str, src: &str, defines: &[&str]) -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(dir);
    std::fs::create_dir_all(&dir).unwrap();
    let c = dir.join(format!("{file}.c"));
    std::fs::write(&c, src).unwrap();
    let lib = dir.join(file);
    let mut cmd = Command::new("cc");
    cmd.args(["-shared", "-fPIC", "-o"]).arg(&lib).arg(&c);
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

/// A HIP with one gfx942 device whose "kernels" are C: `fill` and
/// `vector_add` behave as the built-in kernels do, by name.
const FAKE_HIP: &str = r#"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
typedef int E;
E hipInit(unsigned f) { (void)f; return getenv("HIP_FAKE_FAIL_INIT") ? 100 : 0; }
E hipGetDeviceCount(int *n) { *n = 1; return 0; }
E hipSetDevice(int d) { return d == 0 ? 0 : 101; }
E hipGetDeviceProperties(char *p, int d) { (void)d;
  strcpy(p, "Fake HIP device"); strcpy(p + 400, "gfx942:sramecc+:xnack-"); return 0; }
E hipMalloc(void **p, size_t n) { *p = calloc(n ? n : 1, 1); return *p ? 0 : 2; }
E hipFree(void *p) { free(p); return 0; }
E hipMemset(void *p, int v, size_t n) { memset(p, v, n); return 0; }
E hipHostMalloc(void **p, size_t n, unsigned f) { (void)f; *p = calloc(n, 1); return *p ? 0 : 2; }
E hipHostFree(void *p) { free(p); return 0; }
E hipMemcpy(void *d, const void *s, size_t n, int k) { if (k != 1 && k != 2) return 21; memcpy(d, s, n); return 0; }
E hipMemcpyAsync(void *d, const void *s, size_t n, int k, void *st) { (void)st; return hipMemcpy(d, s, n, k); }
E hipStreamCreate(void **s) { *s = malloc(8); return 0; }
E hipStreamSynchronize(void *s) { (void)s; return 0; }
E hipStreamDestroy(void *s) { free(s); return 0; }
E hipDeviceSynchronize(void) {
#ifdef HANG_IN_SYNC
  for (;;) sleep(1);
#endif
  return 0; }
E hipModuleLoadData(void **m, const void *image) {
  if (memcmp(image, "\x7f" "ELF", 4) != 0) return 200; *m = (void *)image; return 0; }
E hipModuleGetFunction(void **f, void *m, const char *name) { (void)m; *f = strdup(name); return 0; }
E hipModuleLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                        unsigned bz, unsigned shm, void *st, void **params, void **extra) {
  (void)gy; (void)gz; (void)by; (void)bz; (void)shm; (void)st; (void)params;
  const uint64_t *a = extra[1];
  unsigned n = gx * bx;
  if (strcmp(f, "fill") == 0) { uint32_t *o = (uint32_t *)a[0];
    for (unsigned i = 0; i < n; i++) o[i] = (uint32_t)a[1]; return 0; }
  if (strcmp(f, "vector_add") == 0) {
    const uint32_t *x = (const uint32_t *)a[0], *y = (const uint32_t *)a[1];
    uint32_t *z = (uint32_t *)a[2];
    for (unsigned i = 0; i < n; i++) z[i] = x[i] + y[i]
#ifdef WRONG_SUM
      + (i == 7)
#endif
      ;
    return 0; }
  return 98;
}
const char *hipGetErrorString(E e) { return e == 100 ? "fake: no driver" : "fake error"; }
"#;

#[test]
fn debian_hip_reaches_hip_init_and_skips_or_fails_under_require() {
    let lib = [("SILK_HIP_LIBRARY", "libamdhip64.so.5")];
    let o = silk(&["check", "hip-runtime"], &lib);
    let (out, err) = text(&o);
    if out.contains("passed: hip-runtime") {
        return; // A machine with an AMD GPU.
    }
    assert!(o.status.success(), "{out}{err}");
    assert!(out.contains("phase: hipInit"), "{out}");
    assert!(
        out.contains("skipped: hip-runtime alloc: HIP is unavailable: hipInit failed")
            || out.contains("skipped: hip-runtime alloc: HIP is unavailable: no HIP device"),
        "{out}"
    );
    let o = silk(
        &["check", "hip-runtime"],
        &[lib[0], ("SILK_AMDGPU_HIP_REQUIRE", "1")],
    );
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{err}");
    assert!(
        err.contains("HIP is unavailable")
            && err.contains("SILK_AMDGPU_HIP_REQUIRE=1 makes this skip a failure"),
        "{err}"
    );
}

#[test]
fn debian_rocr_reaches_hsa_init_and_skips_or_fails_under_require() {
    let o = silk(&["check", "rocr-load"], &[]);
    let (out, err) = text(&o);
    if out.contains("passed: rocr-load") {
        return;
    }
    assert!(o.status.success(), "{out}{err}");
    assert!(
        out.contains("opened libhsa-runtime64.so") && out.contains("phase: hsa_init"),
        "libhsa-runtime64-1 must be installed (apt-get install libhsa-runtime64-1): {out}"
    );
    assert!(
        out.contains("built the Silk kernel `smoke` for amdgcn-amd-amdhsa-gfx942"),
        "{out}"
    );
    assert!(out.contains("skipped: rocr-load: "), "{out}");
    let o = silk(
        &["check", "rocr-load"],
        &[("SILK_AMDGPU_ROCR_REQUIRE", "1")],
    );
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{err}");
    assert!(
        err.contains("SILK_AMDGPU_ROCR_REQUIRE=1 makes this skip a failure"),
        "{err}"
    );
}

#[test]
fn bad_settings_are_errors_before_anything_runs() {
    for (args, var, val, want) in [
        (
            "hip-runtime",
            "SILK_AMDGPU_HIP_MODE",
            "fill",
            "error: SILK_AMDGPU_HIP_MODE=`fill`: expected `all` or one of",
        ),
        (
            "hip-runtime",
            "SILK_AMDGPU_HIP_TIMEOUT_SECONDS",
            "soon",
            "error: SILK_AMDGPU_HIP_TIMEOUT_SECONDS=`soon`: expected a whole number",
        ),
        (
            "rocr-load",
            "SILK_AMDGPU_ROCR_READER",
            "mmap",
            "error: SILK_AMDGPU_ROCR_READER=`mmap`: expected one of",
        ),
        (
            "rocr-load",
            "AMDGPU_TARGET",
            "gfx90a",
            "error: AMDGPU_TARGET=`gfx90a`: unknown AMDGPU target",
        ),
    ] {
        let o = silk(&["check", args], &[(var, val)]);
        let (out, err) = text(&o);
        assert_eq!(o.status.code(), Some(1), "{var}: {out}{err}");
        assert!(err.starts_with(want), "{var}: {err}");
        assert!(!out.contains("phase:"), "{var}: nothing may run: {out}");
    }
}

#[test]
fn host_env_prints_its_snapshot() {
    let o = silk(&["check", "host-env"], &[("HSA_ENABLE_SDMA", "0")]);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{out}{err}");
    for section in [
        "== OS",
        "== user and device access",
        "== ROCm tools and packages",
        "== runtime environment variables",
        "== amdgpu module",
        "== PCI GPUs",
        "== AMDGPU firmware",
        "== recent amdgpu/KFD kernel log",
    ] {
        assert!(out.contains(section), "missing {section}:\n{out}");
    }
    assert!(out.contains("HSA_ENABLE_SDMA=0"), "{out}");
    assert!(out.contains("/dev/kfd"), "{out}");
}

#[test]
fn every_hip_mode_passes_on_a_fake_hip_and_a_wrong_result_fails() {
    let Some(lib) = build_fake("check_hip", "libfakehip.so", FAKE_HIP, &[]) else {
        return;
    };
    let l = lib.to_str().unwrap();
    let o = silk(&["check", "hip-runtime"], &[("SILK_HIP_LIBRARY", l)]);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{out}{err}");
    assert!(
        out.contains("passed: hip-runtime: alloc, launch-only, device-fill, memset, vector-add, pinned-vector-add passed"),
        "{out}"
    );
    for phase in [
        "hipMalloc",
        "hipMemset",
        "hipHostMalloc",
        "hipModuleLaunchKernel vector_add 16x64",
        "hipDeviceSynchronize",
        "hipMemcpy device-to-host",
    ] {
        assert!(out.contains(&format!("phase: {phase}")), "{phase}: {out}");
    }
    assert!(out.contains("launch returned"), "{out}");
    let Some(bad) = build_fake("check_hip", "libfakehip_wrong.so", FAKE_HIP, &["WRONG_SUM"]) else {
        return;
    };
    let o = silk(
        &["check", "hip-runtime"],
        &[
            ("SILK_HIP_LIBRARY", bad.to_str().unwrap()),
            ("SILK_AMDGPU_HIP_MODE", "pinned-vector-add"),
        ],
    );
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{err}");
    assert!(err.contains("vector_add: element 7 is"), "{err}");
}

#[test]
fn the_watchdog_reports_the_hung_phase_and_a_host_hint() {
    let Some(lib) = build_fake(
        "check_hip",
        "libfakehip_hang.so",
        FAKE_HIP,
        &["HANG_IN_SYNC"],
    ) else {
        return;
    };
    let start = std::time::Instant::now();
    let o = silk(
        &["check", "hip-runtime"],
        &[
            ("SILK_HIP_LIBRARY", lib.to_str().unwrap()),
            ("SILK_AMDGPU_HIP_MODE", "launch-only"),
            ("SILK_AMDGPU_HIP_TIMEOUT_SECONDS", "2"),
        ],
    );
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{err}");
    assert!(
        start.elapsed().as_secs() < 30,
        "the hung child was not killed"
    );
    assert!(
        err.contains("hip-runtime launch-only: timed out after 2 s (SILK_AMDGPU_HIP_TIMEOUT_SECONDS) in phase `hipDeviceSynchronize`"),
        "{err}"
    );
    assert!(
        err.contains("synchronization hung") && err.contains("journalctl -k -b"),
        "{err}"
    );
    assert!(out.contains("launch returned"), "{out}");
    // The log mirrors the phases.
    let log = out
        .lines()
        .find_map(|l| l.strip_prefix("hip-runtime: log "))
        .expect("the log path is printed");
    let log = std::fs::read_to_string(log).unwrap();
    assert!(
        log.contains("phase: hipModuleLaunchKernel fill")
            && log.trim_end().ends_with("phase: hipDeviceSynchronize"),
        "{log}"
    );
}

#[test]
fn clean_env_clears_runtime_variables_and_print_env_shows_them() {
    let Some(lib) = build_fake("check_hip", "libfakehip_env.so", FAKE_HIP, &[]) else {
        return;
    };
    let l = lib.to_str().unwrap();
    // The fake refuses to initialize under HIP_FAKE_FAIL_INIT: inherited,
    // a skip; cleared by SILK_AMDGPU_HIP_CLEAN_ENV, a pass.
    let base = [
        ("SILK_HIP_LIBRARY", l),
        ("SILK_AMDGPU_HIP_MODE", "alloc"),
        ("HIP_FAKE_FAIL_INIT", "1"),
        ("SILK_AMDGPU_HIP_PRINT_ENV", "1"),
    ];
    let o = silk(&["check", "hip-runtime"], &base);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{out}{err}");
    assert!(
        out.contains(
            "skipped: hip-runtime alloc: HIP is unavailable: hipInit failed: fake: no driver (100)"
        ),
        "{out}"
    );
    assert!(
        out.contains("  HIP_FAKE_FAIL_INIT=1") && out.contains(&format!("  SILK_HIP_LIBRARY={l}")),
        "{out}"
    );
    let mut clean = base.to_vec();
    clean.push(("SILK_AMDGPU_HIP_CLEAN_ENV", "1"));
    let o = silk(&["check", "hip-runtime"], &clean);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{out}{err}");
    assert!(out.contains("passed: hip-runtime: alloc passed"), "{out}");
    assert!(out.contains("HIP/HSA/ROCR/AMD variables cleared"), "{out}");
    assert!(!out.contains("HIP_FAKE_FAIL_INIT"), "{out}");
    assert!(out.contains(&format!("  SILK_HIP_LIBRARY={l}")), "{out}");
}

/// An HSA runtime with a CPU agent and one GPU agent (`FAKE_HSA_GPU`,
/// default gfx942) that accepts any ELF object.
const FAKE_HSA: &str = r#"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <stdbool.h>
#include <unistd.h>
typedef uint32_t S;
typedef struct { uint64_t handle; } H;
#define BAD 0x1001
S hsa_init(void) { return getenv("FAKE_HSA_INIT_FAILS") ? 0x1008 : 0; }
S hsa_shut_down(void) { return 0; }
S hsa_status_string(S s, const char **p) { *p = s == 0x1008 ? "fake: out of resources" : "fake status"; return 0; }
S hsa_iterate_agents(S (*cb)(H, void *), void *d) {
  H cpu = {1}, gpu = {2}; S s = cb(cpu, d); if (s) return s; return cb(gpu, d); }
S hsa_agent_get_info(H a, uint32_t attr, void *v) {
  const char *g = getenv("FAKE_HSA_GPU");
  switch (attr) {
  case 0: memset(v, 0, 64); strcpy(v, a.handle == 1 ? "Fake CPU" : (g ? g : "gfx942")); return 0;
  case 2: *(uint32_t *)v = a.handle == 2 ? 1 : 0; return 0;
  case 4: *(uint32_t *)v = 0; return 0;
  case 17: *(uint32_t *)v = a.handle == 2 ? 1 : 0; return 0;
  default: return BAD; } }
S hsa_executable_create_alt(uint32_t p, uint32_t r, const char *o, H *e) {
  (void)o; if (p > 1 || r > 2) return BAD; e->handle = 100; return 0; }
S hsa_executable_destroy(H e) { return e.handle == 100 ? 0 : BAD; }
static const unsigned char *image;
S hsa_code_object_reader_create_from_memory(const void *p, size_t n, H *r) {
  if (n < 4 || memcmp(p, "\x7f" "ELF", 4)) return BAD; image = p; r->handle = 200; return 0; }
S hsa_code_object_reader_create_from_file(int fd, H *r) {
  unsigned char m[4]; if (read(fd, m, 4) != 4 || memcmp(m, "\x7f" "ELF", 4)) return BAD;
  r->handle = 201; return 0; }
S hsa_code_object_reader_destroy(H r) { (void)r; return 0; }
S hsa_executable_load_agent_code_object(H e, H a, H r, const char *o, H *l) {
  (void)e; (void)o; if (a.handle != 2 || (r.handle != 200 && r.handle != 201)) return BAD;
  l->handle = 300; return 0; }
S hsa_executable_load_program_code_object(H e, H r, const char *o, H *l) {
  (void)e; (void)r; (void)o; l->handle = 301; return 0; }
S hsa_executable_freeze(H e, const char *o) { (void)e; (void)o;
#ifdef CRASH_IN_FREEZE
  abort();
#endif
  return 0; }
S hsa_executable_validate(H e, uint32_t *r) { (void)e; *r = 0; return 0; }
S hsa_executable_get_symbol_by_name(H e, const char *n, const H *a, H *s) {
  (void)e; if (!a || a->handle != 2 || strcmp(n, "smoke.kd")) return 0x1013; s->handle = 400; return 0; }
S hsa_amd_agent_iterate_memory_pools(H a, S (*cb)(H, void *), void *d) {
  if (a.handle != 1) return BAD; H p = {10}; return cb(p, d); }
S hsa_amd_memory_pool_get_info(H p, uint32_t attr, void *v) { (void)p;
  switch (attr) { case 0: *(uint32_t *)v = 0; return 0; case 1: *(uint32_t *)v = 3; return 0;
  case 5: *(bool *)v = true; return 0; default: return BAD; } }
S hsa_amd_memory_pool_allocate(H p, size_t n, uint32_t f, void **out) {
  (void)f; if (p.handle != 10) return BAD; *out = malloc(n); return 0; }
S hsa_amd_memory_pool_free(void *p) { free(p); return 0; }
S hsa_amd_agents_allow_access(uint32_t n, const H *a, const uint32_t *f, const void *p) {
  (void)f; return n == 1 && a[0].handle == 2 && p ? 0 : BAD; }
"#;

/// The fake HSA as `libhsa-runtime64.so` in a directory for ROCR_LIB_DIR.
fn fake_hsa(dir: &str, defines: &[&str]) -> Option<String> {
    let lib = build_fake(dir, "libhsa-runtime64.so", FAKE_HSA, defines)?;
    Some(lib.parent().unwrap().display().to_string())
}

#[test]
fn rocr_load_passes_through_every_reader_and_load_mode_on_a_fake_hsa() {
    let Some(dir) = fake_hsa("check_hsa", &[]) else {
        return;
    };
    for (reader, load, phase) in [
        (
            "amd-memory",
            "agent",
            "phase: hsa_amd_agents_allow_access gfx942",
        ),
        (
            "memory",
            "agent",
            "phase: hsa_code_object_reader_create_from_memory (process buffer",
        ),
        (
            "file",
            "agent",
            "phase: hsa_code_object_reader_create_from_file",
        ),
        (
            "amd-memory",
            "program",
            "phase: hsa_executable_load_program_code_object",
        ),
    ] {
        let o = silk(
            &["check", "rocr-load"],
            &[
                ("ROCR_LIB_DIR", &dir),
                ("SILK_AMDGPU_ROCR_READER", reader),
                ("SILK_AMDGPU_ROCR_LOAD", load),
                ("SILK_AMDGPU_ROCR_SYMBOL", "smoke.kd"),
                ("SILK_AMDGPU_ROCR_PROFILE", "full"),
                ("SILK_AMDGPU_ROCR_ROUNDING", "near"),
            ],
        );
        let (out, err) = text(&o);
        assert!(o.status.success(), "{reader}/{load}: {out}{err}");
        assert!(out.contains(phase), "{reader}/{load}: {out}");
        assert!(
            out.contains("phase: hsa_executable_create_alt profile 1 rounding 2 on gfx942"),
            "{out}"
        );
        assert!(
            out.contains("ok: agent gfx942 accepted the object, symbol smoke.kd found")
                && out.contains("passed: rocr-load: "),
            "{reader}/{load}: {out}"
        );
    }
    // A symbol the object does not have.
    let o = silk(
        &["check", "rocr-load"],
        &[
            ("ROCR_LIB_DIR", &dir),
            ("SILK_AMDGPU_ROCR_SYMBOL", "nope.kd"),
        ],
    );
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{err}");
    assert!(
        err.contains(
            "no GPU agent accepted the object: gfx942: hsa_executable_get_symbol_by_name failed"
        ),
        "{err}"
    );
    // An explicit object and target.
    let obj = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/golden-objects/fill-gfx1100.hsaco"
    );
    let o = silk(
        &["check", "rocr-load"],
        &[
            ("ROCR_LIB_DIR", &dir),
            ("SILK_AMDGPU_ROCR_HSACO", obj),
            ("FAKE_HSA_GPU", "gfx1100"),
        ],
    );
    let (out, err) = text(&o);
    assert!(o.status.success(), "{out}{err}");
    assert!(
        out.contains("ok: agent gfx1100 accepted the object"),
        "{out}"
    );
    assert!(!out.contains("built the Silk kernel"), "{out}");
}

#[test]
fn rocr_load_skips_for_other_gfx_agents_and_a_failing_init() {
    let Some(dir) = fake_hsa("check_hsa2", &[]) else {
        return;
    };
    let o = silk(
        &["check", "rocr-load"],
        &[("ROCR_LIB_DIR", &dir), ("FAKE_HSA_GPU", "gfx1030")],
    );
    let (out, err) = text(&o);
    assert!(o.status.success(), "{out}{err}");
    assert!(
        out.contains("skipped: rocr-load: ROCR reports GPU agents gfx1030, none of them gfx942"),
        "{out}"
    );
    let o = silk(
        &["check", "rocr-load"],
        &[("ROCR_LIB_DIR", &dir), ("FAKE_HSA_INIT_FAILS", "1")],
    );
    let (out, _) = text(&o);
    assert!(
        out.contains("skipped: rocr-load: hsa_init failed: fake: out of resources (0x1008)"),
        "{out}"
    );
    let o = silk(
        &["check", "rocr-load"],
        &[
            ("ROCR_LIB_DIR", "/nonexistent"),
            ("SILK_AMDGPU_ROCR_REQUIRE", "1"),
        ],
    );
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{err}");
    assert!(
        err.contains("cannot open the HSA runtime (/nonexistent/libhsa-runtime64.so:"),
        "{err}"
    );
}

#[test]
fn a_crashing_loader_gets_retry_hints() {
    let Some(dir) = fake_hsa("check_hsa_crash", &["CRASH_IN_FREEZE"]) else {
        return;
    };
    let o = silk(
        &["check", "rocr-load"],
        &[("ROCR_LIB_DIR", &dir), ("SILK_AMDGPU_ROCR_READER", "file")],
    );
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{err}");
    assert!(
        err.contains("the ROCR loader died of SIGABRT in phase `hsa_executable_freeze` (reader file, load agent, profile agent, rounding default); retry with:"),
        "{err}"
    );
    assert!(
        err.contains("SILK_AMDGPU_ROCR_READER=memory")
            && err.contains("SILK_AMDGPU_ROCR_HSACO=rocm-installed"),
        "{err}"
    );
}

#[test]
fn the_hip_preflight_gates_the_rocr_load() {
    let (Some(dir), Some(hip), Some(hang)) = (
        fake_hsa("check_hsa_pre", &[]),
        build_fake("check_hip_pre", "libfakehip.so", FAKE_HIP, &[]),
        build_fake(
            "check_hip_pre",
            "libfakehip_hang.so",
            FAKE_HIP,
            &["HANG_IN_SYNC"],
        ),
    ) else {
        return;
    };
    let o = silk(
        &["check", "rocr-load"],
        &[
            ("ROCR_LIB_DIR", &dir),
            ("SILK_AMDGPU_ROCR_HIP_PREFLIGHT", "1"),
            ("SILK_HIP_LIBRARY", hip.to_str().unwrap()),
        ],
    );
    let (out, err) = text(&o);
    assert!(o.status.success(), "{out}{err}");
    assert!(
        out.contains("hip-runtime: mode memset") && out.contains("hip-runtime: mode launch-only"),
        "{out}"
    );
    assert!(
        out.contains("rocr-load: HIP preflight passed") && out.contains("passed: rocr-load"),
        "{out}"
    );
    let o = silk(
        &["check", "rocr-load"],
        &[
            ("ROCR_LIB_DIR", &dir),
            ("SILK_AMDGPU_ROCR_HIP_PREFLIGHT", "1"),
            ("SILK_AMDGPU_ROCR_HIP_PREFLIGHT_TIMEOUT_SECONDS", "1"),
            ("SILK_HIP_LIBRARY", hang.to_str().unwrap()),
        ],
    );
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{err}");
    assert!(
        err.contains(
            "HIP preflight failed, ROCR not tried: hip-runtime memset: timed out after 1 s"
        ),
        "{err}"
    );
    assert!(!out.contains("phase: hsa_init"), "{out}");
}
