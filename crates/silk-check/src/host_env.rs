//! `silk check host-env`: a read-only snapshot of the host's ROCm/KFD
//! setup, to compare a failing host with a known-good one on the same GPU
//! and OS. It opens no device, compiles nothing and needs no root: what it
//! cannot read it reports as unreadable.

use crate::env::{self, Env};
use silk_amdgpu::target::Processor;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Where the snapshot reads the system: `/` normally, a directory tree in
/// tests. Commands (`dpkg-query`, `journalctl`) run only for `/`.
pub struct Roots {
    pub root: PathBuf,
}

impl Roots {
    pub fn system() -> Roots {
        Roots { root: "/".into() }
    }
    fn path(&self, p: &str) -> PathBuf {
        self.root.join(p.trim_start_matches('/'))
    }
    fn is_system(&self) -> bool {
        self.root == Path::new("/")
    }
}

/// The graphics-core (GC) IP version in the firmware file names of each
/// processor (`/lib/firmware/amdgpu/gc_<major>_<minor>_<rev>_*.bin`): the
/// amdgpu driver names MI300's GC 9.4.3 (gfx942), Navi 31's GC 11.0.0
/// (gfx1100) and Strix Halo's GC 11.5.1 (gfx1151).
fn firmware_prefix(p: Processor) -> &'static str {
    match p {
        Processor::Gfx942 => "gc_9_4_3",
        Processor::Gfx1100 => "gc_11_0_0",
        Processor::Gfx1151 => "gc_11_5_1",
    }
}

/// Kernel log lines of interest.
pub fn is_gpu_log_line(line: &str) -> bool {
    let l = line.to_ascii_lowercase();
    l.contains("amdgpu") || l.contains("kfd")
}

/// How many kernel log lines are shown.
pub const LOG_LINES: usize = 40;

fn read_trim(p: &Path) -> Result<String, String> {
    std::fs::read_to_string(p)
        .map(|s| s.trim_end().to_string())
        .map_err(|e| format!("unreadable ({e})"))
}

/// `Key:` fields of `/proc/self/status`.
fn status_field(status: &str, key: &str) -> Option<String> {
    status
        .lines()
        .find_map(|l| l.strip_prefix(key))
        .map(|v| v.trim().to_string())
}

/// Group id to name from `/etc/group`.
fn group_names(group_file: &str) -> Vec<(u32, String)> {
    group_file
        .lines()
        .filter_map(|l| {
            let mut f = l.split(':');
            let name = f.next()?;
            f.next()?;
            let gid = f.next()?.parse().ok()?;
            Some((gid, name.to_string()))
        })
        .collect()
}

/// Whether the process (uid, gids) may read and write a node with this
/// mode, owner and group (the classic permission bits; root may always).
pub fn may_read_write(mode: u32, owner: u32, group: u32, uid: u32, gids: &[u32]) -> bool {
    let bits = if uid == 0 {
        return true;
    } else if uid == owner {
        (mode >> 6) & 7
    } else if gids.contains(&group) {
        (mode >> 3) & 7
    } else {
        mode & 7
    };
    bits & 6 == 6
}

fn node_line(p: &Path, uid: u32, gids: &[u32], groups: &[(u32, String)]) -> String {
    use std::os::unix::fs::MetadataExt;
    match std::fs::metadata(p) {
        Err(e) => format!("{}: {e}", p.display()),
        Ok(m) => {
            let gname = groups
                .iter()
                .find(|(g, _)| *g == m.gid())
                .map(|(_, n)| n.clone())
                .unwrap_or_else(|| m.gid().to_string());
            format!(
                "{}: mode {:o}, owner {}, group {gname}; read/write {}",
                p.display(),
                m.mode() & 0o7777,
                m.uid(),
                if may_read_write(m.mode(), m.uid(), m.gid(), uid, gids) {
                    "allowed"
                } else {
                    "DENIED"
                }
            )
        }
    }
}

fn run_tool(cmd: &mut Command) -> Result<String, String> {
    match cmd.output() {
        Err(e) => Err(format!("not run ({e})")),
        Ok(o) if o.status.success() => Ok(String::from_utf8_lossy(&o.stdout).into_owned()),
        Ok(o) => Err(format!(
            "failed ({}): {}",
            o.status,
            String::from_utf8_lossy(&o.stderr).trim()
        )),
    }
}

/// Print the snapshot.
pub fn snapshot(env: &dyn Env, roots: &Roots, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "== OS")?;
    let os = read_trim(&roots.path("/etc/os-release"))
        .ok()
        .and_then(|t| {
            t.lines()
                .find_map(|l| l.strip_prefix("PRETTY_NAME="))
                .map(|v| v.trim_matches('"').to_string())
        });
    writeln!(out, "os: {}", os.as_deref().unwrap_or("unknown"))?;
    for (what, p) in [
        ("kernel", "/proc/sys/kernel/osrelease"),
        ("kernel command line", "/proc/cmdline"),
    ] {
        writeln!(
            out,
            "{what}: {}",
            read_trim(&roots.path(p)).unwrap_or_else(|e| e)
        )?;
    }

    writeln!(out, "== user and device access")?;
    let status = read_trim(&roots.path("/proc/self/status")).unwrap_or_default();
    let uid: u32 = status_field(&status, "Uid:")
        .and_then(|v| v.split_whitespace().nth(1).and_then(|s| s.parse().ok()))
        .unwrap_or(u32::MAX);
    let gids: Vec<u32> = status_field(&status, "Groups:")
        .map(|v| {
            v.split_whitespace()
                .filter_map(|s| s.parse().ok())
                .collect()
        })
        .unwrap_or_default();
    let gid: Option<u32> = status_field(&status, "Gid:")
        .and_then(|v| v.split_whitespace().nth(1).and_then(|s| s.parse().ok()));
    let mut all_gids = gids.clone();
    all_gids.extend(gid);
    let groups = group_names(&read_trim(&roots.path("/etc/group")).unwrap_or_default());
    let name_of = |g: u32| {
        groups
            .iter()
            .find(|(id, _)| *id == g)
            .map(|(_, n)| format!("{n}({g})"))
            .unwrap_or_else(|| g.to_string())
    };
    writeln!(
        out,
        "uid {}; groups {}",
        if uid == u32::MAX {
            "unknown".to_string()
        } else {
            uid.to_string()
        },
        all_gids
            .iter()
            .map(|&g| name_of(g))
            .collect::<Vec<_>>()
            .join(" ")
    )?;
    for want in ["video", "render"] {
        let member = groups
            .iter()
            .any(|(g, n)| n == want && all_gids.contains(g));
        writeln!(
            out,
            "member of {want}: {}",
            if member { "yes" } else { "no" }
        )?;
    }
    writeln!(
        out,
        "{}",
        node_line(&roots.path("/dev/kfd"), uid, &all_gids, &groups)
    )?;
    match std::fs::read_dir(roots.path("/dev/dri")) {
        Err(e) => writeln!(out, "{}: {e}", roots.path("/dev/dri").display())?,
        Ok(rd) => {
            let mut nodes: Vec<_> = rd.flatten().map(|e| e.path()).collect();
            nodes.sort();
            if nodes.is_empty() {
                writeln!(out, "{}: empty", roots.path("/dev/dri").display())?;
            }
            for n in nodes {
                if n.file_name().is_some_and(|f| f != "by-path") {
                    writeln!(out, "{}", node_line(&n, uid, &all_gids, &groups))?;
                }
            }
        }
    }

    writeln!(out, "== ROCm tools and packages")?;
    let path_dirs: Vec<PathBuf> = env
        .var("PATH")
        .map(|p| std::env::split_paths(&p).collect())
        .unwrap_or_default();
    for tool in [
        "rocminfo",
        "rocm-smi",
        "amd-smi",
        "rocm_agent_enumerator",
        "hipcc",
        "hipconfig",
    ] {
        let found = path_dirs
            .iter()
            .chain([PathBuf::from("/opt/rocm/bin")].iter())
            .map(|d| d.join(tool))
            .find(|p| p.is_file());
        writeln!(
            out,
            "{tool}: {}",
            found
                .map(|p| p.display().to_string())
                .unwrap_or_else(|| "not found".into())
        )?;
    }
    for p in ["/opt/rocm/.info/version", "/opt/rocm/.info/version-dev"] {
        if let Ok(v) = read_trim(&roots.path(p)) {
            writeln!(out, "{p}: {v}")?;
        }
    }
    if roots.is_system() {
        let patterns = [
            "libhsa-runtime64*",
            "libamdhip64*",
            "libhsakmt*",
            "libamd-comgr*",
            "rocm*",
            "hip*",
            "rocminfo",
            "firmware-amd-graphics",
        ];
        // dpkg-query exits 1 when any pattern matches nothing; what it
        // found is on stdout all the same.
        match Command::new("dpkg-query")
            .args(["-W", "-f", "${Status} ${Package} ${Version}\\n"])
            .args(patterns)
            .output()
        {
            Ok(o) => {
                let t = String::from_utf8_lossy(&o.stdout);
                let mut any = false;
                for l in t.lines() {
                    if let Some(p) = l.strip_prefix("install ok installed ") {
                        any = true;
                        writeln!(out, "package {p}")?;
                    }
                }
                if !any {
                    writeln!(out, "packages: none of {} installed", patterns.join(" "))?;
                }
            }
            Err(e) => writeln!(out, "packages: dpkg-query not run ({e})")?,
        }
    }

    writeln!(out, "== runtime environment variables")?;
    let mut any = false;
    for (k, v) in env.vars() {
        if env::is_runtime_var(&k) || (env::is_library_path_var(&k) && k != "PATH") {
            any = true;
            writeln!(out, "{k}={v}")?;
        }
    }
    if !any {
        writeln!(out, "(no HIP/HSA/ROCR/AMD variables set)")?;
    }

    writeln!(out, "== amdgpu module")?;
    let params = roots.path("/sys/module/amdgpu/parameters");
    match std::fs::read_dir(&params) {
        Err(_) => writeln!(
            out,
            "amdgpu module: not loaded ({} absent)",
            params.display()
        )?,
        Ok(rd) => {
            let mut ps: Vec<_> = rd.flatten().map(|e| e.path()).collect();
            ps.sort();
            for p in ps {
                let name = p
                    .file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned();
                writeln!(out, "amdgpu.{name}={}", read_trim(&p).unwrap_or_else(|e| e))?;
            }
        }
    }

    writeln!(out, "== PCI GPUs")?;
    let pci = roots.path("/sys/bus/pci/devices");
    let mut seen_gpu = false;
    if let Ok(rd) = std::fs::read_dir(&pci) {
        let mut devs: Vec<_> = rd.flatten().map(|e| e.path()).collect();
        devs.sort();
        for d in devs {
            let vendor = read_trim(&d.join("vendor")).unwrap_or_default();
            let class = read_trim(&d.join("class")).unwrap_or_default();
            // AMD (0x1002), display controller (0x03) or processing
            // accelerator (0x12) class.
            if vendor != "0x1002" || !(class.starts_with("0x03") || class.starts_with("0x12")) {
                continue;
            }
            seen_gpu = true;
            let device = read_trim(&d.join("device")).unwrap_or_default();
            let driver = std::fs::read_link(d.join("driver"))
                .ok()
                .and_then(|l| l.file_name().map(|f| f.to_string_lossy().into_owned()))
                .unwrap_or_else(|| "no driver bound".into());
            writeln!(
                out,
                "{}: AMD device {device}, class {class}, driver {driver}",
                d.file_name().unwrap_or_default().to_string_lossy()
            )?;
        }
    }
    if !seen_gpu {
        writeln!(
            out,
            "no AMD display or accelerator device in {}",
            pci.display()
        )?;
    }

    writeln!(out, "== AMDGPU firmware")?;
    let fw = roots.path("/lib/firmware/amdgpu");
    match std::fs::read_dir(&fw) {
        Err(e) => writeln!(out, "{}: {e}", fw.display())?,
        Ok(rd) => {
            let names: Vec<String> = rd
                .flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect();
            writeln!(out, "{}: {} files", fw.display(), names.len())?;
            for p in Processor::ALL {
                let prefix = firmware_prefix(p);
                let mut m: Vec<_> = names
                    .iter()
                    .filter(|n| n.starts_with(prefix))
                    .cloned()
                    .collect();
                m.sort();
                writeln!(
                    out,
                    "{} ({prefix}_*): {}",
                    p.name(),
                    if m.is_empty() {
                        "none".to_string()
                    } else {
                        m.join(" ")
                    }
                )?;
            }
        }
    }

    writeln!(out, "== recent amdgpu/KFD kernel log")?;
    if roots.is_system() {
        let log = run_tool(Command::new("journalctl").args(["-k", "-b", "--no-pager", "-q"]))
            .map(|t| ("journalctl -k -b", t))
            .or_else(|e1| {
                run_tool(&mut Command::new("dmesg"))
                    .map(|t| ("dmesg", t))
                    .map_err(|e2| format!("journalctl -k -b: {e1}; dmesg: {e2}"))
            });
        match log {
            Err(e) => writeln!(out, "kernel log unreadable: {e}")?,
            Ok((src, t)) => {
                let lines: Vec<_> = t.lines().filter(|l| is_gpu_log_line(l)).collect();
                writeln!(
                    out,
                    "from {src}: {} matching line(s), last {LOG_LINES} shown",
                    lines.len()
                )?;
                for l in &lines[lines.len().saturating_sub(LOG_LINES)..] {
                    writeln!(out, "{l}")?;
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::env::MapEnv;

    #[test]
    fn permissions_follow_owner_group_other() {
        assert!(may_read_write(0o20666, 0, 0, 1000, &[]));
        assert!(!may_read_write(0o20660, 0, 44, 1000, &[100]));
        assert!(may_read_write(0o20660, 0, 44, 1000, &[100, 44]));
        assert!(may_read_write(0o20600, 1000, 44, 1000, &[]));
        assert!(!may_read_write(0o20400, 1000, 44, 1000, &[]));
        assert!(may_read_write(0o20000, 5, 5, 0, &[]));
    }

    #[test]
    fn a_fake_tree_is_reported() {
        let root = std::env::temp_dir().join(format!("silk-host-env-{}", std::process::id()));
        let w = |p: &str, t: &str| {
            let p = root.join(p);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, t).unwrap();
        };
        w("etc/os-release", "NAME=x\nPRETTY_NAME=\"Test Linux 1\"\n");
        w("proc/cmdline", "quiet amdgpu.runpm=0\n");
        w("proc/sys/kernel/osrelease", "6.1.0-test\n");
        w(
            "proc/self/status",
            "Uid:\t1000\t1000\t1000\t1000\nGid:\t1000\t1000\t1000\t1000\nGroups:\t44 109\n",
        );
        w("etc/group", "video:x:44:u\nrender:x:109:u\nu:x:1000:\n");
        w("sys/module/amdgpu/parameters/noretry", "1\n");
        w("sys/bus/pci/devices/0000:03:00.0/vendor", "0x1002\n");
        w("sys/bus/pci/devices/0000:03:00.0/class", "0x030000\n");
        w("sys/bus/pci/devices/0000:03:00.0/device", "0x744c\n");
        w("lib/firmware/amdgpu/gc_11_0_0_mec.bin", "");
        w("lib/firmware/amdgpu/psp_13_0_0_sos.bin", "");
        let env = MapEnv::of(&[("HSA_OVERRIDE_GFX_VERSION", "11.0.0"), ("HOME", "/h")]);
        let mut out = Vec::new();
        snapshot(&env, &Roots { root: root.clone() }, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        std::fs::remove_dir_all(&root).unwrap();
        for want in [
            "os: Test Linux 1",
            "kernel: 6.1.0-test",
            "kernel command line: quiet amdgpu.runpm=0",
            "uid 1000; groups video(44) render(109) u(1000)",
            "member of video: yes",
            "member of render: yes",
            "HSA_OVERRIDE_GFX_VERSION=11.0.0",
            "amdgpu.noretry=1",
            "0000:03:00.0: AMD device 0x744c, class 0x030000, driver no driver bound",
            ": 2 files",
            "gfx1100 (gc_11_0_0_*): gc_11_0_0_mec.bin",
            "gfx942 (gc_9_4_3_*): none",
        ] {
            assert!(text.contains(want), "missing `{want}` in:\n{text}");
        }
        assert!(!text.contains("HOME="), "{text}");
        assert!(text.contains("kfd: No such file"), "{text}");
    }

    #[test]
    fn log_lines_are_filtered() {
        assert!(is_gpu_log_line(
            "[ 1.0] amdgpu 0000:03:00.0: [gfxhub] page fault"
        ));
        assert!(is_gpu_log_line("kfd kfd: amdgpu: Allocated 3969056 bytes"));
        assert!(!is_gpu_log_line("usb 1-1: new device"));
    }
}
