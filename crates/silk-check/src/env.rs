//! Every environment variable of the checks, parsed in one place. A value
//! that is set but not understood is an error that names the variable,
//! the value and what is accepted; unset (or empty) means the default.

use silk_amdgpu::target::Target;
use std::collections::BTreeMap;
use std::path::PathBuf;

pub const ROCR_PROFILE: &str = "SILK_AMDGPU_ROCR_PROFILE";
pub const ROCR_ROUNDING: &str = "SILK_AMDGPU_ROCR_ROUNDING";
pub const ROCR_LOAD: &str = "SILK_AMDGPU_ROCR_LOAD";
pub const ROCR_READER: &str = "SILK_AMDGPU_ROCR_READER";
pub const ROCR_HSACO: &str = "SILK_AMDGPU_ROCR_HSACO";
pub const ROCR_SYMBOL: &str = "SILK_AMDGPU_ROCR_SYMBOL";
pub const ROCR_HIP_PREFLIGHT: &str = "SILK_AMDGPU_ROCR_HIP_PREFLIGHT";
pub const ROCR_HIP_PREFLIGHT_TIMEOUT: &str = "SILK_AMDGPU_ROCR_HIP_PREFLIGHT_TIMEOUT_SECONDS";
pub const ROCR_REQUIRE: &str = "SILK_AMDGPU_ROCR_REQUIRE";
pub const ROCR_LIB_DIR: &str = "ROCR_LIB_DIR";
pub const ROCR_INCLUDE_DIR: &str = "ROCR_INCLUDE_DIR";
pub const AMDGPU_TARGET: &str = "AMDGPU_TARGET";
pub const HIP_TIMEOUT: &str = "SILK_AMDGPU_HIP_TIMEOUT_SECONDS";
pub const HIP_MODE: &str = "SILK_AMDGPU_HIP_MODE";
pub const HIP_CLEAN_ENV: &str = "SILK_AMDGPU_HIP_CLEAN_ENV";
pub const HIP_PRINT_ENV: &str = "SILK_AMDGPU_HIP_PRINT_ENV";
pub const HIP_REQUIRE: &str = "SILK_AMDGPU_HIP_REQUIRE";
/// The runtime's own variable: the one HIP library to open.
pub const HIP_LIBRARY: &str = "SILK_HIP_LIBRARY";

/// Default watchdog of `hip-runtime`, seconds.
pub const DEFAULT_HIP_TIMEOUT: u64 = 60;
/// Default watchdog of the HIP preflight of `rocr-load`, seconds.
pub const DEFAULT_PREFLIGHT_TIMEOUT: u64 = 30;
/// Longest accepted timeout: a day.
pub const MAX_TIMEOUT: u64 = 86_400;

/// Where variables come from: the process, or a map in tests.
pub trait Env {
    fn var(&self, name: &str) -> Option<String>;
    /// Every variable, sorted by name.
    fn vars(&self) -> Vec<(String, String)>;
}

/// The process environment.
pub struct ProcessEnv;

impl Env for ProcessEnv {
    fn var(&self, name: &str) -> Option<String> {
        std::env::var_os(name).map(|v| v.to_string_lossy().into_owned())
    }
    fn vars(&self) -> Vec<(String, String)> {
        let mut v: Vec<_> = std::env::vars_os()
            .map(|(k, v)| {
                (
                    k.to_string_lossy().into_owned(),
                    v.to_string_lossy().into_owned(),
                )
            })
            .collect();
        v.sort();
        v
    }
}

/// A fixed set of variables.
#[derive(Default)]
pub struct MapEnv(pub BTreeMap<String, String>);

impl MapEnv {
    pub fn of(pairs: &[(&str, &str)]) -> MapEnv {
        MapEnv(
            pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        )
    }
}

impl Env for MapEnv {
    fn var(&self, name: &str) -> Option<String> {
        self.0.get(name).cloned()
    }
    fn vars(&self) -> Vec<(String, String)> {
        self.0.iter().map(|(k, v)| (k.clone(), v.clone())).collect()
    }
}

/// The value of `name`, trimmed; `None` when unset or empty.
fn value(env: &dyn Env, name: &str) -> Option<String> {
    env.var(name)
        .map(|v| v.trim().to_string())
        .filter(|v| !v.is_empty())
}

/// `0`/`1` (unset or empty: `false`).
pub fn flag(env: &dyn Env, name: &str) -> Result<bool, String> {
    match value(env, name).as_deref() {
        None | Some("0") => Ok(false),
        Some("1") => Ok(true),
        Some(v) => Err(format!("{name}=`{v}`: expected 0 or 1")),
    }
}

/// A whole number of seconds, 1 to [`MAX_TIMEOUT`].
pub fn seconds(env: &dyn Env, name: &str, default: u64) -> Result<u64, String> {
    let Some(v) = value(env, name) else {
        return Ok(default);
    };
    match v.parse::<u64>() {
        Ok(n) if (1..=MAX_TIMEOUT).contains(&n) => Ok(n),
        _ => Err(format!(
            "{name}=`{v}`: expected a whole number of seconds from 1 to {MAX_TIMEOUT}"
        )),
    }
}

/// One of `choices` (by name), or `default` when unset.
fn choice<T: Copy>(
    env: &dyn Env,
    name: &str,
    choices: &[(&str, T)],
    default: T,
) -> Result<T, String> {
    let Some(v) = value(env, name) else {
        return Ok(default);
    };
    choices
        .iter()
        .find(|(n, _)| *n == v)
        .map(|(_, t)| *t)
        .ok_or_else(|| {
            let names: Vec<_> = choices.iter().map(|(n, _)| format!("`{n}`")).collect();
            format!("{name}=`{v}`: expected one of {}", names.join(", "))
        })
}

/// `AMDGPU_TARGET`: an explicit target, any spelling `silk targets` accepts.
pub fn target(env: &dyn Env) -> Result<Option<Target>, String> {
    match value(env, AMDGPU_TARGET) {
        None => Ok(None),
        Some(v) => Target::parse(&v)
            .map(Some)
            .map_err(|e| format!("{AMDGPU_TARGET}=`{v}`: {e}")),
    }
}

/// The executable's profile (`hsa_executable_create_alt`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Profile {
    /// The profile the agent reports (the default).
    Agent,
    Base,
    Full,
}

/// The executable's default float rounding mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rounding {
    /// `HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT`, enumerator 0 (the default).
    Default,
    Zero,
    Near,
}

/// How the code object is loaded into the executable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoadMode {
    /// `hsa_executable_load_agent_code_object` (the default).
    Agent,
    /// `hsa_executable_load_program_code_object`.
    Program,
}

/// Where the code object reader reads from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reader {
    /// HSA-allocated CPU memory the GPU agent was granted (the default).
    AmdMemory,
    /// A plain process buffer.
    Memory,
    /// `hsa_code_object_reader_create_from_file`.
    File,
}

/// The code object to load.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HsacoSource {
    /// A Silk source-intrinsic kernel built now (the default).
    Silk,
    /// A caller-provided file.
    Path(PathBuf),
    /// A matching `.hsaco` from the installed rocBLAS/hipBLASLt tree.
    RocmInstalled,
}

/// Every setting of `silk check rocr-load`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RocrSettings {
    pub profile: Profile,
    pub rounding: Rounding,
    pub load: LoadMode,
    pub reader: Reader,
    pub hsaco: HsacoSource,
    pub symbol: Option<String>,
    pub hip_preflight: bool,
    pub preflight_timeout: u64,
    pub require: bool,
    pub target: Option<Target>,
    pub lib_dir: Option<PathBuf>,
    /// Set but unused (no C is compiled): reported, not an error.
    pub include_dir: Option<String>,
}

impl Profile {
    pub fn name(self) -> &'static str {
        match self {
            Profile::Agent => "agent",
            Profile::Base => "base",
            Profile::Full => "full",
        }
    }
}

impl Rounding {
    pub fn name(self) -> &'static str {
        match self {
            Rounding::Default => "default",
            Rounding::Zero => "zero",
            Rounding::Near => "near",
        }
    }
}

impl LoadMode {
    pub fn name(self) -> &'static str {
        match self {
            LoadMode::Agent => "agent",
            LoadMode::Program => "program",
        }
    }
}

impl Reader {
    pub fn name(self) -> &'static str {
        match self {
            Reader::AmdMemory => "amd-memory",
            Reader::Memory => "memory",
            Reader::File => "file",
        }
    }
}

pub const PROFILES: [(&str, Profile); 3] = [
    ("agent", Profile::Agent),
    ("base", Profile::Base),
    ("full", Profile::Full),
];
pub const ROUNDINGS: [(&str, Rounding); 3] = [
    ("default", Rounding::Default),
    ("zero", Rounding::Zero),
    ("near", Rounding::Near),
];
pub const LOADS: [(&str, LoadMode); 2] =
    [("agent", LoadMode::Agent), ("program", LoadMode::Program)];
pub const READERS: [(&str, Reader); 3] = [
    ("amd-memory", Reader::AmdMemory),
    ("memory", Reader::Memory),
    ("file", Reader::File),
];

impl RocrSettings {
    pub fn from_env(env: &dyn Env) -> Result<RocrSettings, String> {
        let hsaco = match value(env, ROCR_HSACO) {
            None => HsacoSource::Silk,
            Some(v) if v == "rocm-installed" => HsacoSource::RocmInstalled,
            Some(v) => HsacoSource::Path(PathBuf::from(v)),
        };
        let symbol = env.var(ROCR_SYMBOL).filter(|s| !s.is_empty());
        if let Some(s) = &symbol {
            if s.trim() != s || s.contains('\0') {
                return Err(format!(
                    "{ROCR_SYMBOL}=`{s}`: a symbol name has no surrounding spaces or NUL (e.g. `smoke.kd`)"
                ));
            }
        }
        Ok(RocrSettings {
            profile: choice(env, ROCR_PROFILE, &PROFILES, Profile::Agent)?,
            rounding: choice(env, ROCR_ROUNDING, &ROUNDINGS, Rounding::Default)?,
            load: choice(env, ROCR_LOAD, &LOADS, LoadMode::Agent)?,
            reader: choice(env, ROCR_READER, &READERS, Reader::AmdMemory)?,
            hsaco,
            symbol,
            hip_preflight: flag(env, ROCR_HIP_PREFLIGHT)?,
            preflight_timeout: seconds(env, ROCR_HIP_PREFLIGHT_TIMEOUT, DEFAULT_PREFLIGHT_TIMEOUT)?,
            require: flag(env, ROCR_REQUIRE)?,
            target: target(env)?,
            lib_dir: value(env, ROCR_LIB_DIR).map(PathBuf::from),
            include_dir: value(env, ROCR_INCLUDE_DIR),
        })
    }
}

/// What `hip-runtime` exercises (`SILK_AMDGPU_HIP_MODE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HipMode {
    /// `hipMalloc` and `hipFree` only.
    Alloc,
    /// Kernel submission, reported before synchronization.
    LaunchOnly,
    /// A kernel fills device memory; a device-to-host copy checks it.
    DeviceFill,
    /// `hipMemset` of device memory, checked by a copy back.
    Memset,
    /// Pageable host-to-device copies, a kernel, a copy back.
    VectorAdd,
    /// The same with `hipHostMalloc` host buffers.
    PinnedVectorAdd,
}

impl HipMode {
    pub const ALL: [HipMode; 6] = [
        HipMode::Alloc,
        HipMode::LaunchOnly,
        HipMode::DeviceFill,
        HipMode::Memset,
        HipMode::VectorAdd,
        HipMode::PinnedVectorAdd,
    ];

    pub fn name(self) -> &'static str {
        match self {
            HipMode::Alloc => "alloc",
            HipMode::LaunchOnly => "launch-only",
            HipMode::DeviceFill => "device-fill",
            HipMode::Memset => "memset",
            HipMode::VectorAdd => "vector-add",
            HipMode::PinnedVectorAdd => "pinned-vector-add",
        }
    }

    pub fn parse(name: &str) -> Option<HipMode> {
        HipMode::ALL.into_iter().find(|m| m.name() == name)
    }
}

/// Every setting of `silk check hip-runtime`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HipSettings {
    /// The modes to run, in order (unset or `all`: every mode).
    pub modes: Vec<HipMode>,
    pub timeout: u64,
    pub clean_env: bool,
    pub print_env: bool,
    pub require: bool,
    pub target: Option<Target>,
    pub library: Option<PathBuf>,
}

impl HipSettings {
    pub fn from_env(env: &dyn Env) -> Result<HipSettings, String> {
        let modes = match value(env, HIP_MODE) {
            None => HipMode::ALL.to_vec(),
            Some(v) if v == "all" => HipMode::ALL.to_vec(),
            Some(v) => match HipMode::parse(&v) {
                Some(m) => vec![m],
                None => {
                    let names: Vec<_> = HipMode::ALL
                        .iter()
                        .map(|m| format!("`{}`", m.name()))
                        .collect();
                    return Err(format!(
                        "{HIP_MODE}=`{v}`: expected `all` or one of {}",
                        names.join(", ")
                    ));
                }
            },
        };
        Ok(HipSettings {
            modes,
            timeout: seconds(env, HIP_TIMEOUT, DEFAULT_HIP_TIMEOUT)?,
            clean_env: flag(env, HIP_CLEAN_ENV)?,
            print_env: flag(env, HIP_PRINT_ENV)?,
            require: flag(env, HIP_REQUIRE)?,
            target: target(env)?,
            library: value(env, HIP_LIBRARY).map(PathBuf::from),
        })
    }
}

/// The runtime variables `SILK_AMDGPU_HIP_CLEAN_ENV` clears and
/// `SILK_AMDGPU_HIP_PRINT_ENV` and `host-env` show: HIP, HSA, ROCR and AMD.
pub fn is_runtime_var(name: &str) -> bool {
    ["HIP_", "HSA_", "ROCR_", "AMD_", "AMDGPU_", "GPU_", "ROC_"]
        .iter()
        .any(|p| name.starts_with(p))
}

/// Variables kept (and shown) even under a clean environment: where the
/// libraries are found.
pub fn is_library_path_var(name: &str) -> bool {
    matches!(
        name,
        "LD_LIBRARY_PATH" | "ROCM_PATH" | "HIP_PATH" | HIP_LIBRARY | "PATH"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_with_nothing_set() {
        let e = MapEnv::default();
        let r = RocrSettings::from_env(&e).unwrap();
        assert_eq!(
            (r.profile, r.rounding, r.load, r.reader),
            (
                Profile::Agent,
                Rounding::Default,
                LoadMode::Agent,
                Reader::AmdMemory
            )
        );
        assert_eq!(r.hsaco, HsacoSource::Silk);
        assert_eq!((r.symbol, r.hip_preflight, r.require), (None, false, false));
        assert_eq!(r.preflight_timeout, 30);
        assert_eq!(r.target, None);
        let h = HipSettings::from_env(&e).unwrap();
        assert_eq!(h.modes, HipMode::ALL.to_vec());
        assert_eq!(h.timeout, 60);
        assert!(!h.clean_env && !h.print_env && !h.require);
    }

    #[test]
    fn every_rocr_variable_is_read() {
        let e = MapEnv::of(&[
            (ROCR_PROFILE, "full"),
            (ROCR_ROUNDING, "near"),
            (ROCR_LOAD, "program"),
            (ROCR_READER, "file"),
            (ROCR_HSACO, "/tmp/x.hsaco"),
            (ROCR_SYMBOL, "smoke.kd"),
            (ROCR_HIP_PREFLIGHT, "1"),
            (ROCR_HIP_PREFLIGHT_TIMEOUT, " 7 "),
            (ROCR_REQUIRE, "1"),
            (AMDGPU_TARGET, "amdgcn-amd-amdhsa-gfx1151"),
            (ROCR_LIB_DIR, "/opt/rocm/lib"),
        ]);
        let r = RocrSettings::from_env(&e).unwrap();
        assert_eq!(
            (r.profile, r.rounding, r.load, r.reader),
            (
                Profile::Full,
                Rounding::Near,
                LoadMode::Program,
                Reader::File
            )
        );
        assert_eq!(r.hsaco, HsacoSource::Path("/tmp/x.hsaco".into()));
        assert_eq!(r.symbol.as_deref(), Some("smoke.kd"));
        assert!(r.hip_preflight && r.require);
        assert_eq!(r.preflight_timeout, 7);
        assert_eq!(r.target.map(|t| t.processor.name()), Some("gfx1151"));
        assert_eq!(r.lib_dir, Some("/opt/rocm/lib".into()));
        let e = MapEnv::of(&[(ROCR_HSACO, "rocm-installed"), (ROCR_PROFILE, "base")]);
        let r = RocrSettings::from_env(&e).unwrap();
        assert_eq!(r.hsaco, HsacoSource::RocmInstalled);
        assert_eq!(r.profile, Profile::Base);
        for (v, want) in [("zero", Rounding::Zero), ("default", Rounding::Default)] {
            let r = RocrSettings::from_env(&MapEnv::of(&[(ROCR_ROUNDING, v)])).unwrap();
            assert_eq!(r.rounding, want);
        }
        let r = RocrSettings::from_env(&MapEnv::of(&[(ROCR_READER, "memory")])).unwrap();
        assert_eq!(r.reader, Reader::Memory);
    }

    fn rocr_error(name: &str, v: &str) -> String {
        RocrSettings::from_env(&MapEnv::of(&[(name, v)]))
            .err()
            .unwrap_or_else(|| panic!("{name}={v} must be refused"))
    }

    #[test]
    fn bad_rocr_values_are_clear_errors() {
        assert_eq!(
            rocr_error(ROCR_PROFILE, "huge"),
            "SILK_AMDGPU_ROCR_PROFILE=`huge`: expected one of `agent`, `base`, `full`"
        );
        assert_eq!(
            rocr_error(ROCR_ROUNDING, "up"),
            "SILK_AMDGPU_ROCR_ROUNDING=`up`: expected one of `default`, `zero`, `near`"
        );
        assert_eq!(
            rocr_error(ROCR_LOAD, "agents"),
            "SILK_AMDGPU_ROCR_LOAD=`agents`: expected one of `agent`, `program`"
        );
        assert_eq!(
            rocr_error(ROCR_READER, "mmap"),
            "SILK_AMDGPU_ROCR_READER=`mmap`: expected one of `amd-memory`, `memory`, `file`"
        );
        assert_eq!(
            rocr_error(ROCR_HIP_PREFLIGHT, "yes"),
            "SILK_AMDGPU_ROCR_HIP_PREFLIGHT=`yes`: expected 0 or 1"
        );
        assert_eq!(
            rocr_error(ROCR_REQUIRE, "2"),
            "SILK_AMDGPU_ROCR_REQUIRE=`2`: expected 0 or 1"
        );
        for bad in ["0", "-3", "1.5", "ten", "86401", "99999999999999999999999"] {
            assert_eq!(
                rocr_error(ROCR_HIP_PREFLIGHT_TIMEOUT, bad),
                format!("SILK_AMDGPU_ROCR_HIP_PREFLIGHT_TIMEOUT_SECONDS=`{bad}`: expected a whole number of seconds from 1 to 86400")
            );
        }
        let e = rocr_error(AMDGPU_TARGET, "amdgcn-amd-amdhsa-gfx90a");
        assert!(
            e.starts_with("AMDGPU_TARGET=`amdgcn-amd-amdhsa-gfx90a`: unknown AMDGPU target"),
            "{e}"
        );
        let e = rocr_error(ROCR_SYMBOL, " smoke.kd");
        assert!(e.starts_with("SILK_AMDGPU_ROCR_SYMBOL=` smoke.kd`"), "{e}");
    }

    #[test]
    fn every_hip_variable_is_read() {
        for m in HipMode::ALL {
            let h = HipSettings::from_env(&MapEnv::of(&[(HIP_MODE, m.name())])).unwrap();
            assert_eq!(h.modes, vec![m]);
        }
        let e = MapEnv::of(&[
            (HIP_MODE, "all"),
            (HIP_TIMEOUT, "5"),
            (HIP_CLEAN_ENV, "1"),
            (HIP_PRINT_ENV, "1"),
            (HIP_REQUIRE, "1"),
            (AMDGPU_TARGET, "gfx1100"),
            (HIP_LIBRARY, "/x/libsilk_hip.so"),
        ]);
        let h = HipSettings::from_env(&e).unwrap();
        assert_eq!(h.modes.len(), 6);
        assert_eq!(h.timeout, 5);
        assert!(h.clean_env && h.print_env && h.require);
        assert_eq!(h.target.map(|t| t.processor.name()), Some("gfx1100"));
        assert_eq!(h.library, Some("/x/libsilk_hip.so".into()));
    }

    #[test]
    fn bad_hip_values_are_clear_errors() {
        let err = |name: &str, v: &str| HipSettings::from_env(&MapEnv::of(&[(name, v)])).err();
        assert_eq!(
            err(HIP_MODE, "fill").as_deref(),
            Some("SILK_AMDGPU_HIP_MODE=`fill`: expected `all` or one of `alloc`, `launch-only`, `device-fill`, `memset`, `vector-add`, `pinned-vector-add`")
        );
        assert_eq!(
            err(HIP_TIMEOUT, "0").as_deref(),
            Some("SILK_AMDGPU_HIP_TIMEOUT_SECONDS=`0`: expected a whole number of seconds from 1 to 86400")
        );
        assert_eq!(
            err(HIP_CLEAN_ENV, "true").as_deref(),
            Some("SILK_AMDGPU_HIP_CLEAN_ENV=`true`: expected 0 or 1")
        );
        assert_eq!(
            err(HIP_PRINT_ENV, "on").as_deref(),
            Some("SILK_AMDGPU_HIP_PRINT_ENV=`on`: expected 0 or 1")
        );
        assert_eq!(
            err(HIP_REQUIRE, "no").as_deref(),
            Some("SILK_AMDGPU_HIP_REQUIRE=`no`: expected 0 or 1")
        );
        assert!(err(AMDGPU_TARGET, "gfx1150")
            .unwrap()
            .contains("did you mean `gfx1151`?"));
    }

    #[test]
    fn empty_values_mean_unset_and_flags_accept_zero() {
        let e = MapEnv::of(&[(HIP_MODE, ""), (HIP_REQUIRE, "0"), (HIP_TIMEOUT, " ")]);
        let h = HipSettings::from_env(&e).unwrap();
        assert_eq!((h.modes.len(), h.require, h.timeout), (6, false, 60));
    }

    #[test]
    fn runtime_variables_are_recognised() {
        for v in [
            "HIP_VISIBLE_DEVICES",
            "HSA_OVERRIDE_GFX_VERSION",
            "ROCR_VISIBLE_DEVICES",
            "AMD_LOG_LEVEL",
        ] {
            assert!(is_runtime_var(v), "{v}");
        }
        for v in ["SILK_HIP_LIBRARY", "LD_LIBRARY_PATH", "HOME", "HIPPO"] {
            assert!(!is_runtime_var(v), "{v}");
        }
        assert!(is_library_path_var("LD_LIBRARY_PATH") && is_library_path_var("SILK_HIP_LIBRARY"));
    }
}
