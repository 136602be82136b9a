//! Running a check's body in a child process under a watchdog. The child
//! prints `phase: …` before each runtime call and ends with an exit
//! status; the parent mirrors every line to its output and to a log file,
//! remembers the last phase, and kills the child when the time is up. A
//! hang, an abort or a segmentation fault inside HIP or ROCR thus becomes
//! a report instead of a dead or stuck `silk`.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Child exit status: everything passed.
pub const EXIT_PASS: i32 = 0;
/// Child exit status: failed (the last `fail:` line says why).
pub const EXIT_FAIL: i32 = 1;
/// Child exit status: the environment cannot run the check (`skip:` line).
pub const EXIT_SKIP: i32 = 77;

/// The marker a child prints before each step.
pub const PHASE: &str = "phase: ";
/// The line prefix of a skip reason.
pub const SKIP: &str = "skip: ";
/// The line prefix of a failure reason.
pub const FAIL: &str = "fail: ";

/// Why a child body stopped short of passing.
pub enum Verdict {
    /// The environment cannot run the check.
    Skip(String),
    Fail(String),
}

/// Runs a child body `run` on its parsed arguments and prints how it
/// ended as its last line: the child's exit status.
pub fn body<A>(
    args: Result<A, String>,
    out: &mut dyn Write,
    run: impl FnOnce(&A, &mut dyn Write) -> Result<String, Verdict>,
) -> i32 {
    let result = args
        .map_err(|e| Verdict::Fail(format!("bad child arguments: {e}")))
        .and_then(|a| run(&a, out));
    match result {
        Ok(summary) => {
            let _ = writeln!(out, "ok: {summary}");
            EXIT_PASS
        }
        Err(Verdict::Skip(s)) => {
            let _ = writeln!(out, "{SKIP}{s}");
            EXIT_SKIP
        }
        Err(Verdict::Fail(s)) => {
            let _ = writeln!(out, "{FAIL}{s}");
            EXIT_FAIL
        }
    }
}

/// Builds the command that runs a child body: the CLI gives its own
/// executable and the arguments that reach [`crate::child_main`].
pub struct Spawner {
    pub program: PathBuf,
    /// Arguments before the child's own (`check --internal-child`).
    pub prefix: Vec<String>,
}

impl Spawner {
    /// The running executable with `prefix`.
    pub fn current_exe(prefix: &[&str]) -> Result<Spawner, String> {
        let program = std::env::current_exe()
            .map_err(|e| format!("cannot find the running executable: {e}"))?;
        Ok(Spawner {
            program,
            prefix: prefix.iter().map(|s| s.to_string()).collect(),
        })
    }

    pub fn command(&self, args: &[String]) -> Command {
        let mut c = Command::new(&self.program);
        c.args(&self.prefix).args(args);
        c
    }
}

/// How a child ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    Exited(i32),
    /// Killed by a signal (number).
    Signaled(i32),
    /// The watchdog fired after this many seconds and killed it.
    TimedOut(u64),
}

/// What the parent saw of a child.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    pub end: End,
    /// The text of the last `phase:` line.
    pub last_phase: Option<String>,
    /// The text of the last `skip:` line.
    pub skip: Option<String>,
    /// The text of the last `fail:` line.
    pub fail: Option<String>,
}

/// The conventional name of a signal number (Linux numbering).
pub fn signal_name(sig: i32) -> String {
    match sig {
        4 => "SIGILL".into(),
        6 => "SIGABRT".into(),
        7 => "SIGBUS".into(),
        8 => "SIGFPE".into(),
        9 => "SIGKILL".into(),
        11 => "SIGSEGV".into(),
        15 => "SIGTERM".into(),
        n => format!("signal {n}"),
    }
}

/// Run `cmd` for at most `timeout` seconds, mirroring its stdout and
/// stderr lines, prefixed by `indent`, to `out` and to `log`.
pub fn run(
    mut cmd: Command,
    timeout: u64,
    indent: &str,
    out: &mut dyn Write,
    mut log: Option<&mut std::fs::File>,
) -> Result<Run, String> {
    cmd.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd
        .spawn()
        .map_err(|e| format!("cannot start the check's child process: {e}"))?;
    let (tx, rx) = mpsc::channel::<String>();
    let mut readers = Vec::new();
    for stream in [
        child
            .stdout
            .take()
            .map(|s| Box::new(s) as Box<dyn std::io::Read + Send>),
        child
            .stderr
            .take()
            .map(|s| Box::new(s) as Box<dyn std::io::Read + Send>),
    ]
    .into_iter()
    .flatten()
    {
        let tx = tx.clone();
        readers.push(std::thread::spawn(move || {
            for line in BufReader::new(stream).lines() {
                match line {
                    Ok(l) => {
                        if tx.send(l).is_err() {
                            break;
                        }
                    }
                    Err(_) => break,
                }
            }
        }));
    }
    drop(tx);
    let mut seen = Run {
        end: End::Exited(EXIT_FAIL),
        last_phase: None,
        skip: None,
        fail: None,
    };
    let mut take = |line: String, seen: &mut Run| {
        let _ = writeln!(out, "{indent}{line}");
        let _ = out.flush();
        if let Some(l) = log.as_deref_mut() {
            let _ = writeln!(l, "{line}");
            let _ = l.flush();
        }
        if let Some(p) = line.strip_prefix(PHASE) {
            seen.last_phase = Some(p.to_string());
        } else if let Some(p) = line.strip_prefix(SKIP) {
            seen.skip = Some(p.to_string());
        } else if let Some(p) = line.strip_prefix(FAIL) {
            seen.fail = Some(p.to_string());
        }
    };
    let deadline = Instant::now() + Duration::from_secs(timeout);
    let mut timed_out = false;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            timed_out = true;
            break;
        }
        match rx.recv_timeout(left.min(Duration::from_millis(100))) {
            Ok(line) => take(line, &mut seen),
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            // Both pipes are closed; the child may still be running.
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                std::thread::sleep(left.min(Duration::from_millis(50)))
            }
        }
        if let Ok(Some(_)) = child.try_wait() {
            // Take what is already written; the readers end at EOF.
            while let Ok(line) = rx.recv_timeout(Duration::from_millis(200)) {
                take(line, &mut seen);
            }
            break;
        }
    }
    if timed_out {
        let _ = child.kill();
        let _ = child.wait();
        seen.end = End::TimedOut(timeout);
        // The readers end when the pipes close; a grandchild holding them
        // open must not keep the parent waiting, so they are not joined.
        while let Ok(line) = rx.try_recv() {
            take(line, &mut seen);
        }
        return Ok(seen);
    }
    let status = child
        .wait()
        .map_err(|e| format!("cannot wait for the check's child process: {e}"))?;
    // Not joined: a grandchild that inherited the pipes may outlive it.
    drop(readers);
    while let Ok(line) = rx.try_recv() {
        take(line, &mut seen);
    }
    seen.end = match status.code() {
        Some(c) => End::Exited(c),
        None => {
            use std::os::unix::process::ExitStatusExt;
            End::Signaled(status.signal().unwrap_or(0))
        }
    };
    Ok(seen)
}

/// A fresh work directory under the system temporary directory:
/// `silk-<what>-<pid>-<n>`.
pub fn work_dir(what: &str) -> Result<PathBuf, String> {
    let base = std::env::temp_dir();
    for n in 0..1000 {
        let d = base.join(format!("silk-{what}-{}-{n}", std::process::id()));
        match std::fs::create_dir(&d) {
            Ok(()) => return Ok(d),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(format!("cannot create {}: {e}", d.display())),
        }
    }
    Err(format!(
        "cannot create a work directory in {}",
        base.display()
    ))
}

/// Create the log file `name` in `dir`.
pub fn log_file(dir: &Path, name: &str) -> Result<(PathBuf, std::fs::File), String> {
    let p = dir.join(name);
    let f = std::fs::File::create(&p).map_err(|e| format!("cannot create {}: {e}", p.display()))?;
    Ok((p, f))
}

/// A child's phase marker, printed and flushed at once so the parent
/// knows the step even if the next call never returns.
pub fn phase(out: &mut dyn Write, text: std::fmt::Arguments<'_>) {
    let _ = writeln!(out, "{PHASE}{text}");
    let _ = out.flush();
}
