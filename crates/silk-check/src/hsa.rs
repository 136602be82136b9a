//! The part of the HSA runtime API (`hsa.h`, `hsa_ext_amd.h`) the ROCR
//! load check calls, declared here and resolved with `dlopen`, so no ROCm
//! headers or libraries are needed to build.

use libloading::Library;
use std::ffi::{c_char, c_void, CStr};
use std::path::{Path, PathBuf};

pub type Status = u32;
pub const SUCCESS: Status = 0;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Handle {
    pub handle: u64,
}

// hsa_agent_info_t
pub const AGENT_INFO_NAME: u32 = 0;
pub const AGENT_INFO_FEATURE: u32 = 2;
pub const AGENT_INFO_PROFILE: u32 = 4;
pub const AGENT_INFO_DEVICE: u32 = 17;
// hsa_agent_feature_t
pub const FEATURE_KERNEL_DISPATCH: u32 = 1;
// hsa_device_type_t
pub const DEVICE_CPU: u32 = 0;
pub const DEVICE_GPU: u32 = 1;
// hsa_profile_t
pub const PROFILE_BASE: u32 = 0;
pub const PROFILE_FULL: u32 = 1;
// hsa_default_float_rounding_mode_t
pub const ROUNDING_DEFAULT: u32 = 0;
pub const ROUNDING_ZERO: u32 = 1;
pub const ROUNDING_NEAR: u32 = 2;
// hsa_amd_memory_pool_info_t, hsa_amd_segment_t, global flags
pub const POOL_INFO_SEGMENT: u32 = 0;
pub const POOL_INFO_GLOBAL_FLAGS: u32 = 1;
pub const POOL_INFO_RUNTIME_ALLOC_ALLOWED: u32 = 5;
pub const SEGMENT_GLOBAL: u32 = 0;
pub const GLOBAL_FLAG_KERNARG_INIT: u32 = 1;
pub const GLOBAL_FLAG_FINE_GRAINED: u32 = 2;

pub type AgentCallback = unsafe extern "C" fn(Handle, *mut c_void) -> Status;

/// Names tried when `ROCR_LIB_DIR` does not name a directory.
pub const LIBRARY_NAMES: [&str; 2] = ["libhsa-runtime64.so", "libhsa-runtime64.so.1"];

#[allow(clippy::type_complexity)]
pub struct Api {
    pub init: unsafe extern "C" fn() -> Status,
    pub shut_down: unsafe extern "C" fn() -> Status,
    pub status_string: unsafe extern "C" fn(Status, *mut *const c_char) -> Status,
    pub iterate_agents: unsafe extern "C" fn(AgentCallback, *mut c_void) -> Status,
    pub agent_get_info: unsafe extern "C" fn(Handle, u32, *mut c_void) -> Status,
    pub executable_create_alt: unsafe extern "C" fn(u32, u32, *const c_char, *mut Handle) -> Status,
    pub executable_destroy: unsafe extern "C" fn(Handle) -> Status,
    pub reader_from_memory: unsafe extern "C" fn(*const c_void, usize, *mut Handle) -> Status,
    pub reader_from_file: unsafe extern "C" fn(i32, *mut Handle) -> Status,
    pub reader_destroy: unsafe extern "C" fn(Handle) -> Status,
    pub load_agent_code_object:
        unsafe extern "C" fn(Handle, Handle, Handle, *const c_char, *mut Handle) -> Status,
    pub load_program_code_object:
        unsafe extern "C" fn(Handle, Handle, *const c_char, *mut Handle) -> Status,
    pub freeze: unsafe extern "C" fn(Handle, *const c_char) -> Status,
    pub validate: unsafe extern "C" fn(Handle, *mut u32) -> Status,
    pub get_symbol_by_name:
        unsafe extern "C" fn(Handle, *const c_char, *const Handle, *mut Handle) -> Status,
    pub iterate_memory_pools: unsafe extern "C" fn(
        Handle,
        unsafe extern "C" fn(Handle, *mut c_void) -> Status,
        *mut c_void,
    ) -> Status,
    pub pool_get_info: unsafe extern "C" fn(Handle, u32, *mut c_void) -> Status,
    pub pool_allocate: unsafe extern "C" fn(Handle, usize, u32, *mut *mut c_void) -> Status,
    pub pool_free: unsafe extern "C" fn(*mut c_void) -> Status,
    pub agents_allow_access:
        unsafe extern "C" fn(u32, *const Handle, *const u32, *const c_void) -> Status,
}

/// Why the library is unusable.
pub enum OpenError {
    /// Each candidate with its `dlopen` error.
    Library(Vec<(String, String)>),
    /// The library lacks an entry point.
    Symbol(String, String),
}

pub fn candidates(lib_dir: Option<&Path>) -> Vec<PathBuf> {
    match lib_dir {
        Some(d) => LIBRARY_NAMES.iter().map(|n| d.join(n)).collect(),
        None => LIBRARY_NAMES.iter().map(PathBuf::from).collect(),
    }
}

/// Open the first loadable candidate and resolve every entry point.
pub fn open(lib_dir: Option<&Path>) -> Result<(Library, String, Api), OpenError> {
    let mut tried = Vec::new();
    for c in candidates(lib_dir) {
        // SAFETY: loading ROCR runs its initializers; that is the point.
        match unsafe { Library::new(&c) } {
            Ok(lib) => {
                let name = c.display().to_string();
                let api = resolve(&lib).map_err(|s| OpenError::Symbol(name.clone(), s))?;
                return Ok((lib, name, api));
            }
            Err(e) => tried.push((c.display().to_string(), e.to_string())),
        }
    }
    Err(OpenError::Library(tried))
}

fn resolve(lib: &Library) -> Result<Api, String> {
    macro_rules! sym {
        ($name:literal) => {{
            // SAFETY: the field's type is the entry point's C signature.
            match unsafe { lib.get(concat!($name, "\0").as_bytes()) } {
                Ok(s) => *s,
                Err(_) => return Err($name.to_string()),
            }
        }};
    }
    Ok(Api {
        init: sym!("hsa_init"),
        shut_down: sym!("hsa_shut_down"),
        status_string: sym!("hsa_status_string"),
        iterate_agents: sym!("hsa_iterate_agents"),
        agent_get_info: sym!("hsa_agent_get_info"),
        executable_create_alt: sym!("hsa_executable_create_alt"),
        executable_destroy: sym!("hsa_executable_destroy"),
        reader_from_memory: sym!("hsa_code_object_reader_create_from_memory"),
        reader_from_file: sym!("hsa_code_object_reader_create_from_file"),
        reader_destroy: sym!("hsa_code_object_reader_destroy"),
        load_agent_code_object: sym!("hsa_executable_load_agent_code_object"),
        load_program_code_object: sym!("hsa_executable_load_program_code_object"),
        freeze: sym!("hsa_executable_freeze"),
        validate: sym!("hsa_executable_validate"),
        get_symbol_by_name: sym!("hsa_executable_get_symbol_by_name"),
        iterate_memory_pools: sym!("hsa_amd_agent_iterate_memory_pools"),
        pool_get_info: sym!("hsa_amd_memory_pool_get_info"),
        pool_allocate: sym!("hsa_amd_memory_pool_allocate"),
        pool_free: sym!("hsa_amd_memory_pool_free"),
        agents_allow_access: sym!("hsa_amd_agents_allow_access"),
    })
}

impl Api {
    /// `hsa_status_string` of `s`, with the number.
    pub fn describe(&self, s: Status) -> String {
        let mut p: *const c_char = std::ptr::null();
        // SAFETY: `p` is a valid out-pointer; ROCR returns a static string.
        let text = unsafe {
            if (self.status_string)(s, &mut p) == SUCCESS && !p.is_null() {
                CStr::from_ptr(p).to_string_lossy().into_owned()
            } else {
                "unknown status".into()
            }
        };
        format!("{text} ({s:#x})")
    }
}

/// One agent as reported by `hsa_agent_get_info`.
#[derive(Clone, Debug)]
pub struct Agent {
    pub handle: Handle,
    pub name: String,
    pub device: u32,
    pub feature: u32,
    pub profile: u32,
}

struct AgentList<'a> {
    api: &'a Api,
    agents: Vec<Agent>,
}

unsafe extern "C" fn collect_agent(agent: Handle, data: *mut c_void) -> Status {
    // SAFETY: `data` is the `AgentList` passed to hsa_iterate_agents.
    let list = unsafe { &mut *(data as *mut AgentList<'_>) };
    let mut name = [0u8; 64];
    let mut device = u32::MAX;
    let mut feature = 0u32;
    let mut profile = PROFILE_BASE;
    // SAFETY: each out-buffer has the attribute's documented type and size
    // (char[64], hsa_device_type_t, hsa_agent_feature_t, hsa_profile_t).
    unsafe {
        (list.api.agent_get_info)(agent, AGENT_INFO_NAME, name.as_mut_ptr().cast());
        (list.api.agent_get_info)(agent, AGENT_INFO_DEVICE, (&mut device as *mut u32).cast());
        (list.api.agent_get_info)(agent, AGENT_INFO_FEATURE, (&mut feature as *mut u32).cast());
        (list.api.agent_get_info)(agent, AGENT_INFO_PROFILE, (&mut profile as *mut u32).cast());
    }
    let end = name.iter().position(|&b| b == 0).unwrap_or(name.len());
    list.agents.push(Agent {
        handle: agent,
        name: String::from_utf8_lossy(&name[..end]).into_owned(),
        device,
        feature,
        profile,
    });
    SUCCESS
}

/// Every agent, in ROCR's order.
pub fn agents(api: &Api) -> Result<Vec<Agent>, Status> {
    let mut list = AgentList {
        api,
        agents: Vec::new(),
    };
    // SAFETY: the callback only touches `list`, alive for the call.
    let s =
        unsafe { (api.iterate_agents)(collect_agent, (&mut list as *mut AgentList<'_>).cast()) };
    if s != SUCCESS {
        return Err(s);
    }
    Ok(list.agents)
}

struct PoolSearch<'a> {
    api: &'a Api,
    /// The best pool so far and its rank (higher is better).
    best: Option<(Handle, u32)>,
}

unsafe extern "C" fn rank_pool(pool: Handle, data: *mut c_void) -> Status {
    // SAFETY: `data` is the `PoolSearch` passed to the iteration.
    let search = unsafe { &mut *(data as *mut PoolSearch<'_>) };
    let mut segment = u32::MAX;
    let mut flags = 0u32;
    let mut alloc = false;
    // SAFETY: hsa_amd_segment_t, uint32_t flags and bool out-values.
    unsafe {
        (search.api.pool_get_info)(pool, POOL_INFO_SEGMENT, (&mut segment as *mut u32).cast());
        (search.api.pool_get_info)(
            pool,
            POOL_INFO_GLOBAL_FLAGS,
            (&mut flags as *mut u32).cast(),
        );
        (search.api.pool_get_info)(
            pool,
            POOL_INFO_RUNTIME_ALLOC_ALLOWED,
            (&mut alloc as *mut bool).cast(),
        );
    }
    if segment == SEGMENT_GLOBAL && alloc {
        // The kernarg pool is the one ROCR itself uses for host data the
        // GPU reads; any fine-grained system pool will do otherwise.
        let rank = 1
            + u32::from(flags & GLOBAL_FLAG_FINE_GRAINED != 0)
            + 2 * u32::from(flags & GLOBAL_FLAG_KERNARG_INIT != 0);
        if search.best.is_none_or(|(_, r)| rank > r) {
            search.best = Some((pool, rank));
        }
    }
    SUCCESS
}

/// The CPU agent's best runtime-allocatable global pool.
pub fn host_pool(api: &Api, cpu: Handle) -> Option<Handle> {
    let mut search = PoolSearch { api, best: None };
    // SAFETY: the callback only touches `search`, alive for the call.
    let s = unsafe {
        (api.iterate_memory_pools)(cpu, rank_pool, (&mut search as *mut PoolSearch<'_>).cast())
    };
    if s != SUCCESS {
        return None;
    }
    search.best.map(|(p, _)| p)
}
