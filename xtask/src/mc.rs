//! Batch disassembly through LLVM 22's `llvm-mc`, the generator's oracle
//! (shared with the differential tests in `silk_testsupport::llvm`).

pub use silk_testsupport::llvm::{disassemble, Decoded};

pub const LLVM_MC: &str = "/usr/lib/llvm-22/bin/llvm-mc";

/// Which of `lines` llvm-mc 22 assembles for `cpu` without an error (one
/// instruction a line; errors are located as `<stdin>:LINE:`).
pub fn assembles(cpu: &str, lines: &[String]) -> Vec<bool> {
    run(cpu, lines).0
}

/// llvm-mc 22's encoding of each of `lines` (`None` where it reports an
/// error), from its `-show-encoding` listing, in order.
pub fn encodings(cpu: &str, lines: &[String]) -> Vec<Option<String>> {
    let (ok, listing) = run(cpu, lines);
    let mut enc = listing
        .lines()
        .filter_map(|l| Some(l.split_once("; encoding: ")?.1.to_string()));
    ok.into_iter()
        .map(|ok| if ok { enc.next() } else { None })
        .collect()
}

/// llvm-mc 22's printed text of each of `lines` (`None` where it reports
/// an error), from its `-show-encoding` listing, in order.
pub fn printed(cpu: &str, lines: &[String]) -> Vec<Option<String>> {
    let (ok, listing) = run(cpu, lines);
    let mut text = listing
        .lines()
        .filter_map(|l| Some(l.split_once("; encoding: ")?.0.trim().to_string()));
    ok.into_iter()
        .map(|ok| if ok { text.next() } else { None })
        .collect()
}

/// llvm-mc 22's error message for each of `lines` (`None` where it
/// assembles the line).
pub fn errors(cpu: &str, lines: &[String]) -> Vec<Option<String>> {
    use std::io::Write as _;
    let mut out = vec![None; lines.len()];
    let Ok(mut child) = std::process::Command::new(LLVM_MC)
        .args(["-triple", "amdgcn-amd-amdhsa", &format!("-mcpu={cpu}")])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
    else {
        return out;
    };
    let input = lines.join("\n") + "\n";
    let mut stdin = child.stdin.take().expect("piped stdin");
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let Ok(o) = child.wait_with_output() else {
        return out;
    };
    let _ = writer.join();
    for l in String::from_utf8_lossy(&o.stderr).lines() {
        let Some(rest) = l.strip_prefix("<stdin>:") else {
            continue;
        };
        let mut it = rest.splitn(3, ':');
        let (Some(n), _, Some(msg)) = (it.next(), it.next(), it.next()) else {
            continue;
        };
        if let Some(n) = n
            .parse::<usize>()
            .ok()
            .filter(|&n| (1..=lines.len()).contains(&n))
        {
            out[n - 1].get_or_insert_with(|| msg.trim().to_string());
        }
    }
    out
}

fn run(cpu: &str, lines: &[String]) -> (Vec<bool>, String) {
    use std::io::Write as _;
    let mut ok = vec![false; lines.len()];
    let Ok(mut child) = std::process::Command::new(LLVM_MC)
        .args([
            "-triple",
            "amdgcn-amd-amdhsa",
            &format!("-mcpu={cpu}"),
            "-show-encoding",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
    else {
        return (ok, String::new());
    };
    let input = lines.join("\n") + "\n";
    let mut stdin = child.stdin.take().expect("piped stdin");
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let Ok(out) = child.wait_with_output() else {
        return (ok, String::new());
    };
    let _ = writer.join();
    ok.iter_mut().for_each(|x| *x = true);
    for l in String::from_utf8_lossy(&out.stderr).lines() {
        let n = l
            .strip_prefix("<stdin>:")
            .and_then(|r| r.split(':').next())
            .and_then(|n| n.parse::<usize>().ok());
        if let Some(n) = n.filter(|&n| (1..=lines.len()).contains(&n)) {
            ok[n - 1] = false;
        }
    }
    (ok, String::from_utf8_lossy(&out.stdout).into_owned())
}
