//! `silk check rocr-load`: a code object through ROCR's executable loader
//! (`hsa_code_object_reader_create_from_*`, `hsa_executable_load_*`,
//! freeze, validate, optional symbol look-up), run in a child process so
//! a SIGABRT or SIGSEGV inside ROCR becomes a report with retry hints.

use crate::child::{self, phase, End, Spawner, Verdict, EXIT_PASS, EXIT_SKIP};
use crate::env::{
    self, Env, HipMode, HipSettings, HsacoSource, LoadMode, Profile, Reader, RocrSettings, Rounding,
};
use crate::hsa::{self, Api, Handle};
use crate::{CheckResult, Outcome};
use silk_amdgpu::target::{Processor, Target};
use std::ffi::CString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Watchdog of the loader child, seconds: loading one object takes well
/// under a second on a working host, so this only catches a hang.
pub const LOADER_TIMEOUT: u64 = 300;
/// Watchdog of `rocminfo`, seconds.
pub const ROCMINFO_TIMEOUT: u64 = 30;
/// The log file in the work directory.
pub const LOG_NAME: &str = "rocr-load-check.log";

/// The `gfx…` names in `rocminfo` output (its `Name:` lines), in order,
/// without duplicates.
pub fn rocminfo_gfx_names(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    for line in text.lines() {
        let Some(rest) = line.trim().strip_prefix("Name:") else {
            continue;
        };
        let v = rest.trim();
        let gfx = v.len() > 3
            && v.starts_with("gfx")
            && v[3..].bytes().all(|b| b.is_ascii_alphanumeric());
        if gfx && !names.iter().any(|n| n == v) {
            names.push(v.to_string());
        }
    }
    names
}

/// The target to build for: `AMDGPU_TARGET`, else the first processor
/// Silk targets among those `rocminfo` reports, else gfx942 when it
/// reports none; a skip when it reports only other `gfx` processors.
pub fn choose_target(explicit: Option<Target>, reported: &[String]) -> Result<Target, String> {
    if let Some(t) = explicit {
        return Ok(t);
    }
    if let Some(p) = reported
        .iter()
        .find_map(|n| Processor::ALL.into_iter().find(|p| p.name() == n))
    {
        return Ok(Target::new(p));
    }
    if reported.is_empty() {
        return Ok(Target::new(Processor::Gfx942));
    }
    Err(format!(
        "rocminfo reports {}, which Silk does not target ({}); set AMDGPU_TARGET to build for one anyway",
        reported.join(", "),
        Processor::ALL.map(|p| p.name()).join(", ")
    ))
}

/// `rocminfo` on `PATH` or in `$ROCM_PATH/bin`, `/opt/rocm/bin`.
fn find_tool(env: &dyn Env, tool: &str) -> Option<PathBuf> {
    let mut dirs: Vec<PathBuf> = env
        .var("PATH")
        .map(|p| std::env::split_paths(&p).collect())
        .unwrap_or_default();
    if let Some(r) = env.var("ROCM_PATH") {
        dirs.push(Path::new(&r).join("bin"));
    }
    dirs.push("/opt/rocm/bin".into());
    dirs.into_iter().map(|d| d.join(tool)).find(|p| p.is_file())
}

/// The `gfx` names `rocminfo` reports, or `None` when it is missing or
/// fails (then the default target applies).
fn rocminfo(env: &dyn Env, out: &mut dyn Write) -> Option<Vec<String>> {
    let tool = find_tool(env, "rocminfo")?;
    let mut text = Vec::new();
    let r = child::run(Command::new(&tool), ROCMINFO_TIMEOUT, "", &mut text, None).ok()?;
    if r.end != End::Exited(0) {
        let _ = writeln!(
            out,
            "rocr-load: {} ended with {:?}; using the default target",
            tool.display(),
            r.end
        );
        return None;
    }
    Some(rocminfo_gfx_names(&String::from_utf8_lossy(&text)))
}

/// Roots of the installed ROCm library trees.
fn rocm_roots(env: &dyn Env) -> Vec<PathBuf> {
    let mut roots = Vec::new();
    if let Some(r) = env.var("ROCM_PATH") {
        roots.push(PathBuf::from(r));
    }
    roots.extend([
        "/opt/rocm".into(),
        "/usr".into(),
        "/usr/lib/x86_64-linux-gnu".into(),
    ]);
    roots
}

/// The first (by path) installed rocBLAS or hipBLASLt `.hsaco` whose name
/// contains `processor`, searching `lib/{rocblas,hipblaslt}` and
/// `{rocblas,hipblaslt}` below each root, at most 4 levels deep.
pub fn find_installed(roots: &[PathBuf], processor: &str) -> Option<PathBuf> {
    fn walk(dir: &Path, depth: u32, processor: &str, found: &mut Vec<PathBuf>, budget: &mut u32) {
        let Ok(rd) = std::fs::read_dir(dir) else {
            return;
        };
        for e in rd.flatten() {
            if *budget == 0 {
                return;
            }
            *budget -= 1;
            let p = e.path();
            let Ok(ft) = e.file_type() else { continue };
            if ft.is_dir() && depth > 0 {
                walk(&p, depth - 1, processor, found, budget);
            } else if ft.is_file() {
                let name = e.file_name().to_string_lossy().into_owned();
                if name.ends_with(".hsaco") && name.contains(processor) {
                    found.push(p);
                }
            }
        }
    }
    let mut found = Vec::new();
    let mut budget = 100_000;
    for root in roots {
        for sub in ["lib/rocblas", "lib/hipblaslt", "rocblas", "hipblaslt"] {
            walk(&root.join(sub), 4, processor, &mut found, &mut budget);
        }
    }
    found.sort();
    found.into_iter().next()
}

/// What to try next when the loader child died of a signal.
pub fn retry_hints(settings: &RocrSettings, signal: i32, phase: Option<&str>) -> String {
    let mut hints = Vec::new();
    match settings.reader {
        Reader::AmdMemory => {
            hints.push("SILK_AMDGPU_ROCR_READER=memory or =file (skips the HSA-allocated buffer)")
        }
        Reader::Memory => {
            hints.push("SILK_AMDGPU_ROCR_READER=file or unset it (HSA-allocated memory)")
        }
        Reader::File => {
            hints.push("SILK_AMDGPU_ROCR_READER=memory or unset it (HSA-allocated memory)")
        }
    }
    match settings.load {
        LoadMode::Agent => hints.push("SILK_AMDGPU_ROCR_LOAD=program (isolates the HSA API path; not an object-layout finding by itself)"),
        LoadMode::Program => hints.push("unset SILK_AMDGPU_ROCR_LOAD (agent code-object loading is the canonical path)"),
    }
    if settings.hsaco != HsacoSource::RocmInstalled {
        hints.push("SILK_AMDGPU_ROCR_HSACO=rocm-installed (a ROCm-built object through the same path: if it fails too, diagnose the host ROCR/KFD stack before changing Silk object layout)");
    }
    if !settings.hip_preflight {
        hints.push("SILK_AMDGPU_ROCR_HIP_PREFLIGHT=1 (HIP memset and launch-only first)");
    }
    hints.push("`silk check host-env` to compare with a known-good host");
    format!(
        "the ROCR loader died of {} in phase `{}` (reader {}, load {}, profile {}, rounding {}); retry with: {}",
        child::signal_name(signal),
        phase.unwrap_or("(none)"),
        settings.reader.name(),
        settings.load.name(),
        settings.profile.name(),
        settings.rounding.name(),
        hints.join("; ")
    )
}

pub fn run(
    settings: &RocrSettings,
    env: &dyn Env,
    spawner: &Spawner,
    out: &mut dyn Write,
) -> CheckResult {
    let _ = writeln!(
        out,
        "rocr-load: reader {}, load {}, profile {}, rounding {}{}",
        settings.reader.name(),
        settings.load.name(),
        settings.profile.name(),
        settings.rounding.name(),
        settings
            .symbol
            .as_ref()
            .map(|s| format!(", symbol {s}"))
            .unwrap_or_default()
    );
    if let Some(d) = &settings.include_dir {
        let _ = writeln!(
            out,
            "rocr-load: {}={d} is not needed: the check declares the HSA API itself",
            env::ROCR_INCLUDE_DIR
        );
    }
    if settings.hip_preflight {
        let _ = writeln!(out, "rocr-load: HIP preflight (memset, launch-only)");
        let hip = HipSettings {
            modes: vec![HipMode::Memset, HipMode::LaunchOnly],
            timeout: settings.preflight_timeout,
            clean_env: false,
            print_env: false,
            require: false,
            target: settings.target,
            library: env
                .var(env::HIP_LIBRARY)
                .filter(|s| !s.is_empty())
                .map(PathBuf::from),
        };
        match crate::hip_check::run(&hip, env, spawner, out) {
            Ok(Outcome::Passed(_)) => {
                let _ = writeln!(out, "rocr-load: HIP preflight passed");
            }
            Ok(Outcome::Skipped(s)) => return Ok(Outcome::Skipped(format!("HIP preflight: {s}"))),
            Err(e) => return Err(format!("HIP preflight failed, ROCR not tried: {e}")),
        }
    }
    let reported = if settings.target.is_some() {
        Vec::new()
    } else {
        rocminfo(env, out).unwrap_or_default()
    };
    if !reported.is_empty() {
        let _ = writeln!(out, "rocr-load: rocminfo reports {}", reported.join(", "));
    }
    let target = match choose_target(settings.target, &reported) {
        Ok(t) => t,
        Err(skip) => return Ok(Outcome::Skipped(skip)),
    };
    let dir = child::work_dir("rocr-load-check")?;
    let (log_path, mut log) = child::log_file(&dir, LOG_NAME)?;
    let _ = writeln!(out, "rocr-load: log {}", log_path.display());
    let object = match &settings.hsaco {
        HsacoSource::Silk => {
            let bytes = crate::kernels::rocr_smoke(&target)?;
            let p = dir.join(format!("smoke-{}.hsaco", target.processor.name()));
            std::fs::write(&p, &bytes).map_err(|e| format!("cannot write {}: {e}", p.display()))?;
            let _ = writeln!(
                out,
                "rocr-load: built the Silk kernel `smoke` for {}: {}",
                target.processor.canonical_name(),
                p.display()
            );
            p
        }
        HsacoSource::Path(p) => {
            if let Err(e) = std::fs::metadata(p) {
                return Err(format!("{}={}: {e}", env::ROCR_HSACO, p.display()));
            }
            p.clone()
        }
        HsacoSource::RocmInstalled => {
            match find_installed(&rocm_roots(env), target.processor.name()) {
                Some(p) => {
                    let _ = writeln!(out, "rocr-load: installed reference object {}", p.display());
                    p
                }
                None => {
                    return Ok(Outcome::Skipped(format!(
                        "no installed rocBLAS/hipBLASLt .hsaco for {} under {}",
                        target.processor.name(),
                        rocm_roots(env)
                            .iter()
                            .map(|p| p.display().to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    )))
                }
            }
        }
    };
    // A given object is matched to agents by its own processor when we
    // can read it (a ROCm object for another gfx is not ours to judge).
    let processor = match &settings.hsaco {
        HsacoSource::Silk => target.processor.name().to_string(),
        _ => std::fs::read(&object)
            .ok()
            .and_then(|b| silk_amdgpu::code_object::read(&b).ok()?.target)
            .map(|t| t.processor.name().to_string())
            .unwrap_or_else(|| target.processor.name().to_string()),
    };
    let mut args: Vec<String> = vec![
        "rocr".into(),
        "--object".into(),
        object.display().to_string(),
        "--processor".into(),
        processor,
        "--profile".into(),
        settings.profile.name().into(),
        "--rounding".into(),
        settings.rounding.name().into(),
        "--load".into(),
        settings.load.name().into(),
        "--reader".into(),
        settings.reader.name().into(),
    ];
    if let Some(s) = &settings.symbol {
        args.extend(["--symbol".into(), s.clone()]);
    }
    if let Some(d) = &settings.lib_dir {
        args.extend(["--lib-dir".into(), d.display().to_string()]);
    }
    let r = child::run(
        spawner.command(&args),
        LOADER_TIMEOUT,
        "  ",
        out,
        Some(&mut log),
    )?;
    let last = r.last_phase.as_deref();
    match r.end {
        End::Exited(EXIT_PASS) => Ok(Outcome::Passed(format!(
            "rocr-load: {} loaded, frozen and validated",
            object.display()
        ))),
        End::Exited(EXIT_SKIP) => Ok(Outcome::Skipped(format!(
            "rocr-load: {}",
            r.skip.as_deref().unwrap_or("the loader skipped without a reason")
        ))),
        End::Signaled(sig) => Err(format!("rocr-load: {}; log {}", retry_hints(settings, sig, last), log_path.display())),
        End::TimedOut(s) => Err(format!(
            "rocr-load: the ROCR loader hung for {s} s in phase `{}`; `journalctl -k -b | grep -iE 'amdgpu|kfd'` shows amdgpu/KFD faults; log {}",
            last.unwrap_or("(none)"),
            log_path.display()
        )),
        End::Exited(code) => Err(format!(
            "rocr-load: {} (exit {code}, phase `{}`); log {}",
            r.fail.as_deref().unwrap_or("the loader failed without a reason"),
            last.unwrap_or("(none)"),
            log_path.display()
        )),
    }
}

/// The child's arguments.
struct ChildArgs {
    object: PathBuf,
    processor: Option<String>,
    profile: Profile,
    rounding: Rounding,
    load: LoadMode,
    reader: Reader,
    symbol: Option<String>,
    lib_dir: Option<PathBuf>,
}

fn parse_child(args: &[String]) -> Result<ChildArgs, String> {
    fn pick<T: Copy>(table: &[(&str, T)], v: &str) -> Result<T, String> {
        table
            .iter()
            .find(|(n, _)| *n == v)
            .map(|(_, t)| *t)
            .ok_or_else(|| format!("bad value `{v}`"))
    }
    let mut a = ChildArgs {
        object: PathBuf::new(),
        processor: None,
        profile: Profile::Agent,
        rounding: Rounding::Default,
        load: LoadMode::Agent,
        reader: Reader::AmdMemory,
        symbol: None,
        lib_dir: None,
    };
    let mut it = args.iter();
    while let Some(k) = it.next() {
        let v = it.next().ok_or_else(|| format!("`{k}` needs a value"))?;
        match k.as_str() {
            "--object" => a.object = PathBuf::from(v),
            "--processor" => a.processor = Some(v.clone()),
            "--profile" => a.profile = pick(&env::PROFILES, v)?,
            "--rounding" => a.rounding = pick(&env::ROUNDINGS, v)?,
            "--load" => a.load = pick(&env::LOADS, v)?,
            "--reader" => a.reader = pick(&env::READERS, v)?,
            "--symbol" => a.symbol = Some(v.clone()),
            "--lib-dir" => a.lib_dir = Some(PathBuf::from(v)),
            _ => return Err(format!("unknown argument `{k}`")),
        }
    }
    if a.object.as_os_str().is_empty() {
        return Err("--object is required".into());
    }
    Ok(a)
}

/// The loader child: its exit status.
pub fn child(args: &[String], out: &mut dyn Write) -> i32 {
    child::body(parse_child(args), out, load_child)
}

fn load_child(a: &ChildArgs, out: &mut dyn Write) -> Result<String, Verdict> {
    let bytes = std::fs::read(&a.object)
        .map_err(|e| Verdict::Fail(format!("cannot read {}: {e}", a.object.display())))?;
    phase(out, format_args!("dlopen libhsa-runtime64"));
    let (_lib, name, api) = match hsa::open(a.lib_dir.as_deref()) {
        Ok(x) => x,
        Err(hsa::OpenError::Library(tried)) => {
            let t: Vec<_> = tried.iter().map(|(n, e)| format!("{n}: {e}")).collect();
            return Err(Verdict::Skip(format!(
                "cannot open the HSA runtime ({}); set ROCR_LIB_DIR when ROCm is elsewhere",
                t.join("; ")
            )));
        }
        Err(hsa::OpenError::Symbol(lib, s)) => {
            return Err(Verdict::Skip(format!("`{lib}` has no symbol `{s}`")))
        }
    };
    let _ = writeln!(out, "opened {name}");
    phase(out, format_args!("hsa_init"));
    // SAFETY: no arguments; ROCR's documented entry.
    let s = unsafe { (api.init)() };
    if s != hsa::SUCCESS {
        return Err(Verdict::Skip(format!(
            "hsa_init failed: {} (a host without /dev/kfd access, or a sandbox that does not project the DRM devices)",
            api.describe(s)
        )));
    }
    let r = with_runtime(a, &api, &bytes, out);
    phase(out, format_args!("hsa_shut_down"));
    // SAFETY: balanced with the successful hsa_init.
    unsafe { (api.shut_down)() };
    r
}

fn with_runtime(
    a: &ChildArgs,
    api: &Api,
    bytes: &[u8],
    out: &mut dyn Write,
) -> Result<String, Verdict> {
    phase(out, format_args!("hsa_iterate_agents"));
    let agents = hsa::agents(api)
        .map_err(|s| Verdict::Fail(format!("hsa_iterate_agents failed: {}", api.describe(s))))?;
    for ag in &agents {
        let _ = writeln!(
            out,
            "agent {}: {} ({}, kernel dispatch {})",
            ag.handle.handle,
            ag.name,
            match ag.device {
                hsa::DEVICE_CPU => "CPU",
                hsa::DEVICE_GPU => "GPU",
                _ => "other",
            },
            if ag.feature & hsa::FEATURE_KERNEL_DISPATCH != 0 {
                "yes"
            } else {
                "no"
            }
        );
    }
    let gpus: Vec<_> = agents
        .iter()
        .filter(|g| g.device == hsa::DEVICE_GPU && g.feature & hsa::FEATURE_KERNEL_DISPATCH != 0)
        .collect();
    if gpus.is_empty() {
        return Err(Verdict::Skip(format!(
            "ROCR reports no GPU kernel-dispatch agent ({} agent(s) in all)",
            agents.len()
        )));
    }
    let matches = |n: &str, p: &str| n == p || n.starts_with(&format!("{p}:"));
    let candidates: Vec<_> = match &a.processor {
        Some(p) if !gpus.iter().any(|g| matches(&g.name, p)) => {
            return Err(Verdict::Skip(format!(
                "ROCR reports GPU agents {}, none of them {p}; set AMDGPU_TARGET to one of them that Silk targets",
                gpus.iter().map(|g| g.name.as_str()).collect::<Vec<_>>().join(", ")
            )))
        }
        Some(p) => gpus.iter().filter(|g| matches(&g.name, p)).copied().collect(),
        None => gpus,
    };
    let cpu = agents
        .iter()
        .find(|g| g.device == hsa::DEVICE_CPU)
        .map(|g| g.handle);
    let mut errors = Vec::new();
    for ag in candidates {
        match load_on(a, api, bytes, ag, cpu, out) {
            Ok(s) => return Ok(s),
            Err(e) => {
                let _ = writeln!(
                    out,
                    "agent {} ({}) refused the object: {e}",
                    ag.handle.handle, ag.name
                );
                errors.push(format!("{}: {e}", ag.name));
            }
        }
    }
    Err(Verdict::Fail(format!(
        "no GPU agent accepted the object: {}",
        errors.join("; ")
    )))
}

/// Owned HSA objects of one attempt, released in reverse order.
struct Attempt<'a> {
    api: &'a Api,
    executable: Option<Handle>,
    reader: Option<Handle>,
    host: Option<*mut std::ffi::c_void>,
}

impl Drop for Attempt<'_> {
    fn drop(&mut self) {
        // SAFETY: each handle was created by this attempt and is released once.
        unsafe {
            if let Some(e) = self.executable {
                (self.api.executable_destroy)(e);
            }
            if let Some(r) = self.reader {
                (self.api.reader_destroy)(r);
            }
            if let Some(h) = self.host {
                (self.api.pool_free)(h);
            }
        }
    }
}

fn load_on(
    a: &ChildArgs,
    api: &Api,
    bytes: &[u8],
    agent: &hsa::Agent,
    cpu: Option<Handle>,
    out: &mut dyn Write,
) -> Result<String, String> {
    let check = |what: &str, s: hsa::Status| {
        if s == hsa::SUCCESS {
            Ok(())
        } else {
            Err(format!("{what} failed: {}", api.describe(s)))
        }
    };
    let profile = match a.profile {
        Profile::Agent => agent.profile,
        Profile::Base => hsa::PROFILE_BASE,
        Profile::Full => hsa::PROFILE_FULL,
    };
    let rounding = match a.rounding {
        Rounding::Default => hsa::ROUNDING_DEFAULT,
        Rounding::Zero => hsa::ROUNDING_ZERO,
        Rounding::Near => hsa::ROUNDING_NEAR,
    };
    let mut at = Attempt {
        api,
        executable: None,
        reader: None,
        host: None,
    };
    phase(
        out,
        format_args!(
            "hsa_executable_create_alt profile {profile} rounding {rounding} on {}",
            agent.name
        ),
    );
    let mut exe = Handle { handle: 0 };
    // SAFETY: `exe` is a valid out-pointer; no options.
    check("hsa_executable_create_alt", unsafe {
        (api.executable_create_alt)(profile, rounding, std::ptr::null(), &mut exe)
    })?;
    at.executable = Some(exe);
    let mut reader = Handle { handle: 0 };
    match a.reader {
        Reader::Memory => {
            phase(
                out,
                format_args!(
                    "hsa_code_object_reader_create_from_memory (process buffer, {} bytes)",
                    bytes.len()
                ),
            );
            // SAFETY: `bytes` outlives the reader (destroyed in `at` first).
            check("hsa_code_object_reader_create_from_memory", unsafe {
                (api.reader_from_memory)(bytes.as_ptr().cast(), bytes.len(), &mut reader)
            })?;
        }
        Reader::File => {
            use std::os::fd::AsRawFd;
            let f = std::fs::File::open(&a.object)
                .map_err(|e| format!("cannot open {}: {e}", a.object.display()))?;
            phase(
                out,
                format_args!(
                    "hsa_code_object_reader_create_from_file {}",
                    a.object.display()
                ),
            );
            // SAFETY: `f` is an open descriptor for the call, which reads it.
            check("hsa_code_object_reader_create_from_file", unsafe {
                (api.reader_from_file)(f.as_raw_fd(), &mut reader)
            })?;
        }
        Reader::AmdMemory => {
            let cpu = cpu.ok_or("ROCR reports no CPU agent for the host allocation")?;
            let pool = hsa::host_pool(api, cpu)
                .ok_or("the CPU agent has no runtime-allocatable global memory pool")?;
            phase(
                out,
                format_args!("hsa_amd_memory_pool_allocate {} bytes", bytes.len()),
            );
            let mut p: *mut std::ffi::c_void = std::ptr::null_mut();
            // SAFETY: `p` is a valid out-pointer.
            check("hsa_amd_memory_pool_allocate", unsafe {
                (api.pool_allocate)(pool, bytes.len(), 0, &mut p)
            })?;
            if p.is_null() {
                return Err(
                    "hsa_amd_memory_pool_allocate returned success and a null pointer".into(),
                );
            }
            at.host = Some(p);
            // SAFETY: `p` holds `bytes.len()` bytes just allocated.
            unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), p.cast::<u8>(), bytes.len()) };
            phase(
                out,
                format_args!("hsa_amd_agents_allow_access {}", agent.name),
            );
            // SAFETY: one agent, no flags, `p` from the pool.
            check("hsa_amd_agents_allow_access", unsafe {
                (api.agents_allow_access)(1, &agent.handle, std::ptr::null(), p)
            })?;
            phase(
                out,
                format_args!(
                    "hsa_code_object_reader_create_from_memory (HSA-allocated, {} bytes)",
                    bytes.len()
                ),
            );
            // SAFETY: `p` outlives the reader.
            check("hsa_code_object_reader_create_from_memory", unsafe {
                (api.reader_from_memory)(p, bytes.len(), &mut reader)
            })?;
        }
    }
    at.reader = Some(reader);
    let mut loaded = Handle { handle: 0 };
    match a.load {
        LoadMode::Agent => {
            phase(
                out,
                format_args!("hsa_executable_load_agent_code_object {}", agent.name),
            );
            // SAFETY: live handles; `loaded` is a valid out-pointer.
            check("hsa_executable_load_agent_code_object", unsafe {
                (api.load_agent_code_object)(
                    exe,
                    agent.handle,
                    reader,
                    std::ptr::null(),
                    &mut loaded,
                )
            })?;
        }
        LoadMode::Program => {
            phase(out, format_args!("hsa_executable_load_program_code_object"));
            // SAFETY: as above.
            check("hsa_executable_load_program_code_object (a diagnostic path, not by itself an object-layout finding)", unsafe {
                (api.load_program_code_object)(exe, reader, std::ptr::null(), &mut loaded)
            })?;
        }
    }
    phase(out, format_args!("hsa_executable_freeze"));
    // SAFETY: a live executable; no options.
    check("hsa_executable_freeze", unsafe {
        (api.freeze)(exe, std::ptr::null())
    })?;
    phase(out, format_args!("hsa_executable_validate"));
    let mut result = u32::MAX;
    // SAFETY: `result` is a valid out-pointer.
    check("hsa_executable_validate", unsafe {
        (api.validate)(exe, &mut result)
    })?;
    if result != 0 {
        return Err(format!(
            "hsa_executable_validate reports the executable invalid (result {result})"
        ));
    }
    let mut found = String::new();
    if let Some(s) = &a.symbol {
        let c = CString::new(s.as_str()).map_err(|_| "symbol name contains NUL")?;
        phase(out, format_args!("hsa_executable_get_symbol_by_name {s}"));
        let mut sym = Handle { handle: 0 };
        // SAFETY: live executable and agent; `sym` is a valid out-pointer.
        check("hsa_executable_get_symbol_by_name", unsafe {
            (api.get_symbol_by_name)(exe, c.as_ptr(), &agent.handle, &mut sym)
        })?;
        found = format!(", symbol {s} found");
    }
    Ok(format!("agent {} accepted the object{found}", agent.name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rocminfo_names_are_read_from_name_lines() {
        let text = "*******\nAgent 1\n  Name:                    AMD Ryzen 9\n  Marketing Name:          AMD Ryzen\nAgent 2\n  Name:                    gfx1100\n  Name:                    amdgcn-amd-amdhsa--gfx1100\nAgent 3\n  Name:                    gfx1100\n  Name:  gfx90a\n";
        assert_eq!(rocminfo_gfx_names(text), ["gfx1100", "gfx90a"]);
        assert!(rocminfo_gfx_names("").is_empty());
    }

    #[test]
    fn the_target_defaults_overrides_and_skips() {
        let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            choose_target(None, &[]).unwrap().processor,
            Processor::Gfx942
        );
        assert_eq!(
            choose_target(None, &names(&["gfx90a", "gfx1151"]))
                .unwrap()
                .processor,
            Processor::Gfx1151
        );
        let skip = choose_target(None, &names(&["gfx90a", "gfx1030"])).unwrap_err();
        assert!(
            skip.starts_with("rocminfo reports gfx90a, gfx1030, which Silk does not target"),
            "{skip}"
        );
        let t = Target::new(Processor::Gfx1100);
        assert_eq!(choose_target(Some(t), &names(&["gfx90a"])).unwrap(), t);
    }

    #[test]
    fn retry_hints_name_the_modes_and_the_alternatives() {
        let s = RocrSettings::from_env(&crate::env::MapEnv::default()).unwrap();
        let h = retry_hints(&s, 11, Some("hsa_executable_freeze"));
        assert!(h.starts_with("the ROCR loader died of SIGSEGV in phase `hsa_executable_freeze` (reader amd-memory, load agent"), "{h}");
        for want in [
            "SILK_AMDGPU_ROCR_READER=memory",
            "SILK_AMDGPU_ROCR_LOAD=program",
            "SILK_AMDGPU_ROCR_HSACO=rocm-installed",
        ] {
            assert!(h.contains(want), "{h}");
        }
        let s = RocrSettings::from_env(&crate::env::MapEnv::of(&[
            (env::ROCR_READER, "file"),
            (env::ROCR_LOAD, "program"),
        ]))
        .unwrap();
        let h = retry_hints(&s, 6, None);
        assert!(
            h.contains("SIGABRT") && h.contains("reader file, load program"),
            "{h}"
        );
        assert!(h.contains("unset SILK_AMDGPU_ROCR_LOAD"), "{h}");
    }

    #[test]
    fn installed_objects_are_found_by_processor() {
        let root =
            std::env::temp_dir().join(format!("silk-check-installed-{}", std::process::id()));
        let lib = root.join("lib/rocblas/library");
        std::fs::create_dir_all(&lib).unwrap();
        std::fs::write(lib.join("Kernels.so-000-gfx90a.hsaco"), b"x").unwrap();
        std::fs::write(lib.join("Kernels.so-000-gfx942.hsaco"), b"x").unwrap();
        std::fs::write(lib.join("TensileLibrary_gfx942.dat"), b"x").unwrap();
        let roots = vec![root.clone()];
        assert_eq!(
            find_installed(&roots, "gfx942"),
            Some(lib.join("Kernels.so-000-gfx942.hsaco"))
        );
        assert_eq!(find_installed(&roots, "gfx1151"), None);
        std::fs::remove_dir_all(&root).unwrap();
    }
}
