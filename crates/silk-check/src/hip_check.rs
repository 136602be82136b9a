//! `silk check hip-runtime`: the built-in kernels ([`crate::kernels`])
//! launched through the runtime's HIP provider (`silk_runtime::hip`, so
//! any `libamdhip64`-compatible library named by `SILK_HIP_LIBRARY`
//! works), one child process per mode under a watchdog.

use crate::child::{self, phase, End, Spawner, Verdict, EXIT_PASS, EXIT_SKIP};
use crate::env::{self, Env, HipMode, HipSettings};
use crate::{CheckResult, Outcome};
use silk_amdgpu::target::{Processor, Target};
use silk_runtime::bundle::Entry;
use silk_runtime::hip::{self, HipProvider};
use silk_runtime::provider::Provider;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Work items of every kernel launch and elements of every buffer.
pub const ELEMENTS: u32 = 1024;
/// Work-group size of every launch.
pub const WORKGROUP: u32 = 64;
/// The value `device-fill` and `launch-only` store.
pub const FILL_VALUE: u32 = 0x5eed_1234;
/// The byte `memset` writes.
pub const MEMSET_BYTE: u8 = 0xa5;
/// The log file in the work directory.
pub const LOG_NAME: &str = "hip-runtime-check.log";

/// What to look at when a phase hangs: the hint printed on a timeout.
pub fn hint_for(phase: Option<&str>) -> String {
    let journal = "`journalctl -k -b | grep -iE 'amdgpu|kfd'` shows amdgpu/KFD queue faults";
    let cpf = "an amdgpu gfxhub page fault from CPF followed by queue eviction is host ROCm/KFD command-processing evidence, not a code-object finding";
    let Some(p) = phase else {
        return format!(
            "the child printed no phase: the HIP library's loading or initializers hung; {journal}"
        );
    };
    let what = if p.starts_with("hipModuleLaunchKernel") {
        "the kernel launch (command submission) hung"
    } else if p.starts_with("hipDeviceSynchronize") || p.starts_with("hipStreamSynchronize") {
        "synchronization hung: the kernel or a queued command never completed"
    } else if p.starts_with("hipMemcpy") {
        "a host/device copy hung"
    } else if p.starts_with("hipMalloc")
        || p.starts_with("hipFree")
        || p.starts_with("hipMemset")
        || p.starts_with("hipHost")
    {
        "a device-memory operation hung"
    } else if p.starts_with("hipInit") {
        "HIP initialization hung (device discovery through /dev/kfd)"
    } else if p.starts_with("hipModuleLoadData") {
        "loading the code object hung"
    } else {
        "the HIP runtime hung"
    };
    format!("{what}; {journal}; {cpf}")
}

/// The environment the child gets under `SILK_AMDGPU_HIP_CLEAN_ENV=1`:
/// the names of the inherited runtime variables to remove.
pub fn cleared_vars(env: &dyn Env) -> Vec<String> {
    env.vars()
        .into_iter()
        .map(|(k, _)| k)
        .filter(|k| env::is_runtime_var(k))
        .collect()
}

/// The focused runtime environment the child sees (`_PRINT_ENV=1`).
pub fn focused_env(env: &dyn Env, clean: bool) -> Vec<(String, String)> {
    env.vars()
        .into_iter()
        .filter(|(k, _)| env::is_library_path_var(k) || (!clean && env::is_runtime_var(k)))
        .collect()
}

/// Run every mode of `settings` in its own child; stop at the first
/// failure or skip.
pub fn run(
    settings: &HipSettings,
    env: &dyn Env,
    spawner: &Spawner,
    out: &mut dyn Write,
) -> CheckResult {
    let dir = child::work_dir("hip-runtime-check")?;
    let (log_path, mut log) = child::log_file(&dir, LOG_NAME)?;
    let _ = writeln!(out, "hip-runtime: work directory {}", dir.display());
    let _ = writeln!(out, "hip-runtime: log {}", log_path.display());
    let _ = writeln!(
        out,
        "hip-runtime: library {}, timeout {} s per mode{}",
        settings
            .library
            .as_ref()
            .map(|p| p.display().to_string())
            .unwrap_or_else(|| format!("first of {}", hip::LIBRARY_NAMES.join(", "))),
        settings.timeout,
        if settings.clean_env {
            ", HIP/HSA/ROCR/AMD variables cleared"
        } else {
            ""
        }
    );
    if settings.print_env {
        let _ = writeln!(out, "hip-runtime: runtime environment of the child:");
        let vars = focused_env(env, settings.clean_env);
        if vars.is_empty() {
            let _ = writeln!(out, "  (none set)");
        }
        for (k, v) in vars {
            let _ = writeln!(out, "  {k}={v}");
        }
    }
    let mut passed = Vec::new();
    for &mode in &settings.modes {
        let _ = writeln!(out, "hip-runtime: mode {}", mode.name());
        let _ = writeln!(log, "== mode {}", mode.name());
        let mut args = vec![
            "hip".to_string(),
            "--mode".into(),
            mode.name().into(),
            "--work".into(),
            dir.display().to_string(),
        ];
        if let Some(t) = settings.target {
            args.extend(["--target".into(), t.processor.name().into()]);
        }
        if let Some(l) = &settings.library {
            args.extend(["--library".into(), l.display().to_string()]);
        }
        let mut cmd = spawner.command(&args);
        if settings.clean_env {
            for k in cleared_vars(env) {
                cmd.env_remove(k);
            }
        }
        let r = child::run(cmd, settings.timeout, "  ", out, Some(&mut log))?;
        let last = r.last_phase.as_deref();
        match r.end {
            End::Exited(EXIT_PASS) => passed.push(mode.name()),
            End::Exited(EXIT_SKIP) => {
                return Ok(Outcome::Skipped(format!(
                    "hip-runtime {}: {}",
                    mode.name(),
                    r.skip.as_deref().unwrap_or("the child skipped without a reason")
                )))
            }
            End::TimedOut(s) => {
                return Err(format!(
                    "hip-runtime {}: timed out after {s} s (SILK_AMDGPU_HIP_TIMEOUT_SECONDS) in phase `{}`; hint: {}; log {}",
                    mode.name(),
                    last.unwrap_or("(none)"),
                    hint_for(last),
                    log_path.display()
                ))
            }
            End::Signaled(sig) => {
                return Err(format!(
                    "hip-runtime {}: the child died of {} in phase `{}`; log {}",
                    mode.name(),
                    child::signal_name(sig),
                    last.unwrap_or("(none)"),
                    log_path.display()
                ))
            }
            End::Exited(code) => {
                return Err(format!(
                    "hip-runtime {}: {} (exit {code}, last phase `{}`); log {}",
                    mode.name(),
                    r.fail.as_deref().unwrap_or("the child failed without a reason"),
                    last.unwrap_or("(none)"),
                    log_path.display()
                ))
            }
        }
    }
    Ok(Outcome::Passed(format!(
        "hip-runtime: {} passed",
        passed.join(", ")
    )))
}

/// Arguments of the child: `--mode M --work DIR [--target T] [--library P]`.
struct ChildArgs {
    mode: HipMode,
    work: PathBuf,
    target: Option<Target>,
    library: Option<PathBuf>,
}

fn parse_child(args: &[String]) -> Result<ChildArgs, String> {
    let mut mode = None;
    let mut work = None;
    let mut target = None;
    let mut library = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let v = it.next().ok_or_else(|| format!("`{a}` needs a value"))?;
        match a.as_str() {
            "--mode" => mode = Some(HipMode::parse(v).ok_or_else(|| format!("no mode `{v}`"))?),
            "--work" => work = Some(PathBuf::from(v)),
            "--target" => target = Some(Target::parse(v).map_err(|e| e.to_string())?),
            "--library" => library = Some(PathBuf::from(v)),
            _ => return Err(format!("unknown argument `{a}`")),
        }
    }
    Ok(ChildArgs {
        mode: mode.ok_or("--mode is required")?,
        work: work.ok_or("--work is required")?,
        target,
        library,
    })
}

/// The child body: open HIP, compile the kernels for the device, run one
/// mode, print a phase marker before every HIP call.
pub fn child(args: &[String], out: &mut dyn Write) -> i32 {
    child::body(parse_child(args), out, child_mode)
}

fn fail(e: silk_runtime::provider::ProviderError) -> Verdict {
    Verdict::Fail(e.message)
}

fn child_mode(a: &ChildArgs, out: &mut dyn Write) -> Result<String, Verdict> {
    phase(
        out,
        format_args!(
            "hipInit (dlopen {} and hipInit, hipGetDeviceCount)",
            a.library
                .as_ref()
                .map(|p| p.display().to_string())
                .unwrap_or_else(|| hip::LIBRARY_NAMES.join(" | "))
        ),
    );
    let mut hip = hip::open(a.library.as_deref()).map_err(|e| Verdict::Skip(e.to_string()))?;
    let _ = writeln!(
        out,
        "opened {} with {} device(s)",
        hip.library(),
        hip.device_count()
    );
    phase(out, format_args!("hipGetDeviceProperties 0"));
    let reported = hip.processor(0);
    let target = match (a.target, reported.as_deref()) {
        (Some(t), _) => t,
        (None, Some(name)) => match Processor::ALL.into_iter().find(|p| p.name() == name) {
            Some(p) => Target::new(p),
            None => {
                return Err(Verdict::Skip(format!(
                    "HIP device 0 reports {name}, which Silk does not target ({}); set AMDGPU_TARGET to force one",
                    Processor::ALL.map(|p| p.name()).join(", ")
                )))
            }
        },
        (None, None) => {
            return Err(Verdict::Skip(
                "HIP device 0 reports no gfx processor name; set AMDGPU_TARGET".into(),
            ))
        }
    };
    let _ = writeln!(
        out,
        "device 0: {}; kernels for {}",
        reported.as_deref().unwrap_or("(unknown)"),
        target.processor.canonical_name()
    );
    let n = u64::from(ELEMENTS);
    let bytes = n * 4;
    let blocks = ELEMENTS / WORKGROUP;
    match a.mode {
        HipMode::Alloc => {
            let p = malloc(&mut hip, out, bytes)?;
            phase(out, format_args!("hipFree {p:#x}"));
            hip.free(0, p).map_err(fail)?;
            Ok(format!("hipMalloc and hipFree of {bytes} bytes"))
        }
        HipMode::Memset => {
            let p = malloc(&mut hip, out, bytes)?;
            phase(
                out,
                format_args!("hipMemset {p:#x} {MEMSET_BYTE:#04x} {bytes} bytes"),
            );
            hip.memset(0, p, MEMSET_BYTE, bytes).map_err(fail)?;
            synchronize(&mut hip, out)?;
            let host = download(&mut hip, out, p, bytes)?;
            free(&mut hip, out, p)?;
            match host.iter().position(|&b| b != MEMSET_BYTE) {
                None => Ok(format!(
                    "hipMemset of {bytes} bytes read back as {MEMSET_BYTE:#04x}"
                )),
                Some(i) => Err(Verdict::Fail(format!(
                    "byte {i} reads {:#04x} after hipMemset {MEMSET_BYTE:#04x}",
                    host[i]
                ))),
            }
        }
        HipMode::LaunchOnly | HipMode::DeviceFill => {
            let kernels = compile(&target, &a.work, out)?;
            let fill = load(&mut hip, out, &kernels, "fill")?;
            let p = malloc(&mut hip, out, bytes)?;
            let args = pack(&[p, u64::from(FILL_VALUE)]);
            phase(
                out,
                format_args!("hipModuleLaunchKernel fill {blocks}x{WORKGROUP}"),
            );
            hip.launch(0, fill, 0, blocks, WORKGROUP, &args)
                .map_err(fail)?;
            let _ = writeln!(out, "launch returned");
            synchronize(&mut hip, out)?;
            if a.mode == HipMode::LaunchOnly {
                free(&mut hip, out, p)?;
                return Ok("fill launched and synchronized".into());
            }
            let host = download(&mut hip, out, p, bytes)?;
            free(&mut hip, out, p)?;
            check_words(&host, |_| FILL_VALUE, "fill")?;
            Ok(format!("fill wrote {ELEMENTS} words, read back"))
        }
        HipMode::VectorAdd | HipMode::PinnedVectorAdd => vector_add(
            &mut hip,
            out,
            &target,
            &a.work,
            a.mode == HipMode::PinnedVectorAdd,
        ),
    }
}

fn malloc(hip: &mut HipProvider, out: &mut dyn Write, bytes: u64) -> Result<u64, Verdict> {
    phase(out, format_args!("hipMalloc {bytes} bytes"));
    hip.alloc(0, bytes).map_err(fail)
}

fn free(hip: &mut HipProvider, out: &mut dyn Write, p: u64) -> Result<(), Verdict> {
    phase(out, format_args!("hipFree {p:#x}"));
    hip.free(0, p).map_err(fail)
}

fn synchronize(hip: &mut HipProvider, out: &mut dyn Write) -> Result<(), Verdict> {
    phase(out, format_args!("hipDeviceSynchronize"));
    hip.device_synchronize(0).map_err(fail)
}

fn download(
    hip: &mut HipProvider,
    out: &mut dyn Write,
    p: u64,
    bytes: u64,
) -> Result<Vec<u8>, Verdict> {
    let mut host = vec![0u8; bytes as usize];
    phase(out, format_args!("hipMemcpy device-to-host {bytes} bytes"));
    // SAFETY: `host` holds `bytes` bytes; stream 0 copies synchronously.
    unsafe { hip.download(0, 0, p, host.as_mut_ptr(), bytes) }.map_err(fail)?;
    Ok(host)
}

fn pack(args: &[u64]) -> Vec<u8> {
    args.iter().flat_map(|a| a.to_le_bytes()).collect()
}

fn check_words(host: &[u8], want: impl Fn(u32) -> u32, what: &str) -> Result<(), Verdict> {
    for (i, w) in host.chunks_exact(4).enumerate() {
        let got = u32::from_le_bytes([w[0], w[1], w[2], w[3]]);
        let expect = want(i as u32);
        if got != expect {
            return Err(Verdict::Fail(format!(
                "{what}: element {i} is {got:#x}, expected {expect:#x}"
            )));
        }
    }
    Ok(())
}

fn compile(
    target: &Target,
    work: &Path,
    out: &mut dyn Write,
) -> Result<Vec<crate::kernels::Kernel>, Verdict> {
    phase(
        out,
        format_args!(
            "compile the built-in kernels for {}",
            target.processor.name()
        ),
    );
    let kernels = crate::kernels::hip_kernels(target).map_err(Verdict::Fail)?;
    for k in &kernels {
        // For reproducing a failure by hand; not needed by the check.
        let p = work.join(format!("{}-{}.hsaco", k.name, target.processor.name()));
        if std::fs::write(&p, &k.object).is_ok() {
            let _ = writeln!(out, "wrote {}", p.display());
        }
    }
    Ok(kernels)
}

fn load(
    hip: &mut HipProvider,
    out: &mut dyn Write,
    kernels: &[crate::kernels::Kernel],
    name: &str,
) -> Result<u64, Verdict> {
    let k = kernels
        .iter()
        .find(|k| k.name == name)
        .ok_or_else(|| Verdict::Fail(format!("no built-in kernel `{name}`")))?;
    phase(
        out,
        format_args!("hipModuleLoadData + hipModuleGetFunction {name}"),
    );
    let entry = Entry {
        name: &k.name,
        kernarg_size: k.kernarg_size,
        payload: &k.object,
        payload_offset: 0,
    };
    hip.load(0, &entry).map_err(fail)
}

/// Host memory for `vector-add`: pageable (a `Vec`) or pinned
/// (`hipHostMalloc`).
struct HostBuf {
    ptr: *mut u8,
    len: usize,
    owned: Option<Vec<u8>>,
}

impl HostBuf {
    fn bytes(&self) -> &[u8] {
        // SAFETY: `ptr` holds `len` bytes for the buffer's life.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }
    fn bytes_mut(&mut self) -> &mut [u8] {
        // SAFETY: as above, and `&mut self` is unique.
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

fn host_buf(
    hip: &mut HipProvider,
    out: &mut dyn Write,
    len: usize,
    pinned: bool,
) -> Result<HostBuf, Verdict> {
    if pinned {
        phase(out, format_args!("hipHostMalloc {len} bytes"));
        let ptr = hip.host_alloc(len as u64).map_err(fail)?;
        Ok(HostBuf {
            ptr,
            len,
            owned: None,
        })
    } else {
        let mut v = vec![0u8; len];
        Ok(HostBuf {
            ptr: v.as_mut_ptr(),
            len,
            owned: Some(v),
        })
    }
}

fn vector_add(
    hip: &mut HipProvider,
    out: &mut dyn Write,
    target: &Target,
    work: &Path,
    pinned: bool,
) -> Result<String, Verdict> {
    let kernels = compile(target, work, out)?;
    let f = load(hip, out, &kernels, "vector_add")?;
    let n = ELEMENTS as usize;
    let bytes = (n * 4) as u64;
    let a_of = |i: u32| i.wrapping_mul(3).wrapping_add(1);
    let b_of = |i: u32| 0x1000_0000u32.wrapping_add(i.wrapping_mul(7));
    let mut host = Vec::new();
    for _ in 0..3 {
        host.push(host_buf(hip, out, n * 4, pinned)?);
    }
    for (i, w) in host[0].bytes_mut().chunks_exact_mut(4).enumerate() {
        w.copy_from_slice(&a_of(i as u32).to_le_bytes());
    }
    for (i, w) in host[1].bytes_mut().chunks_exact_mut(4).enumerate() {
        w.copy_from_slice(&b_of(i as u32).to_le_bytes());
    }
    let mut dev = Vec::new();
    for _ in 0..3 {
        dev.push(malloc(hip, out, bytes)?);
    }
    for k in 0..2 {
        phase(out, format_args!("hipMemcpy host-to-device {bytes} bytes"));
        // SAFETY: the host buffer holds `bytes` bytes; stream 0 is synchronous.
        unsafe { hip.upload(0, 0, dev[k], host[k].bytes().as_ptr(), bytes) }.map_err(fail)?;
    }
    let blocks = ELEMENTS / WORKGROUP;
    phase(
        out,
        format_args!("hipModuleLaunchKernel vector_add {blocks}x{WORKGROUP}"),
    );
    hip.launch(0, f, 0, blocks, WORKGROUP, &pack(&[dev[0], dev[1], dev[2]]))
        .map_err(fail)?;
    synchronize(hip, out)?;
    phase(out, format_args!("hipMemcpy device-to-host {bytes} bytes"));
    let c = host[2].ptr;
    // SAFETY: as for the uploads.
    unsafe { hip.download(0, 0, dev[2], c, bytes) }.map_err(fail)?;
    let result = check_words(
        host[2].bytes(),
        |i| a_of(i).wrapping_add(b_of(i)),
        "vector_add",
    );
    for p in dev {
        free(hip, out, p)?;
    }
    for h in host {
        if h.owned.is_none() {
            phase(out, format_args!("hipHostFree"));
            // SAFETY: from host_alloc, not used again.
            unsafe { hip.host_free(h.ptr) }.map_err(fail)?;
        }
    }
    result?;
    Ok(format!(
        "vector_add of {ELEMENTS} words through {} host memory",
        if pinned { "pinned" } else { "pageable" }
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::child::EXIT_FAIL;
    use crate::env::MapEnv;

    #[test]
    fn hints_name_the_hung_step() {
        assert!(hint_for(Some("hipModuleLaunchKernel fill 16x64")).starts_with("the kernel launch"));
        assert!(hint_for(Some("hipDeviceSynchronize")).starts_with("synchronization hung"));
        assert!(
            hint_for(Some("hipMemcpy host-to-device 4096 bytes")).starts_with("a host/device copy")
        );
        assert!(hint_for(Some("hipMalloc 4096 bytes")).starts_with("a device-memory"));
        assert!(hint_for(None).contains("no phase"));
        for p in [None, Some("hipDeviceSynchronize"), Some("other")] {
            assert!(hint_for(p).contains("journalctl -k -b"), "{p:?}");
        }
    }

    #[test]
    fn the_clean_environment_keeps_library_paths() {
        let e = MapEnv::of(&[
            ("HIP_VISIBLE_DEVICES", "0"),
            ("HSA_OVERRIDE_GFX_VERSION", "11.0.0"),
            ("LD_LIBRARY_PATH", "/opt/rocm/lib"),
            ("SILK_HIP_LIBRARY", "/x.so"),
            ("HOME", "/root"),
        ]);
        assert_eq!(
            cleared_vars(&e),
            ["HIP_VISIBLE_DEVICES", "HSA_OVERRIDE_GFX_VERSION"]
        );
        let names = |v: Vec<(String, String)>| v.into_iter().map(|(k, _)| k).collect::<Vec<_>>();
        assert_eq!(
            names(focused_env(&e, true)),
            ["LD_LIBRARY_PATH", "SILK_HIP_LIBRARY"]
        );
        assert_eq!(
            names(focused_env(&e, false)),
            [
                "HIP_VISIBLE_DEVICES",
                "HSA_OVERRIDE_GFX_VERSION",
                "LD_LIBRARY_PATH",
                "SILK_HIP_LIBRARY"
            ]
        );
    }

    #[test]
    fn child_arguments_are_checked() {
        let s = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert!(parse_child(&s(&["--mode", "memset"])).is_err());
        assert!(parse_child(&s(&["--mode", "nope", "--work", "/"])).is_err());
        assert!(parse_child(&s(&["--mode"])).is_err());
        let a = parse_child(&s(&[
            "--mode", "memset", "--work", "/w", "--target", "gfx1100",
        ]))
        .unwrap();
        assert_eq!(a.mode, HipMode::Memset);
        assert_eq!(a.target.unwrap().processor, Processor::Gfx1100);
        let mut out = Vec::new();
        assert_eq!(child(&s(&["--bogus", "x"]), &mut out), EXIT_FAIL);
        assert!(String::from_utf8(out)
            .unwrap()
            .starts_with("fail: bad child arguments"));
    }
}
