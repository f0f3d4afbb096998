//! Reductions written in any language: a [`Reduction`] that runs a user's command
//! (`georeduce check --reduction-cmd 'python3 my_reduction.py' --from qbf --to dvg`).
//!
//! The command reads one source instance on standard input (JSON as `parse --format json`
//! prints it, or the DSL with [`CommandIo::Dsl`]) and prints the target instance on standard
//! output (JSON, DSL or QDIMACS: the output is read as `parse` reads a file). Every way the
//! command can go wrong is a [`ReductionError::Failed`], which `check` reports as a failure of
//! the reduction with the source that caused it, and shrinks like any other failure:
//!
//! - it cannot be started, is killed by a signal (a crash), or exits with a non-zero status;
//! - it runs past the per-case timeout: its whole process group is killed (so a shell
//!   pipeline or a child of the interpreter cannot keep the pipes open), and the case fails;
//! - it prints more than the output limit, or something that does not parse as an instance
//!   (reported as an invalid target).
//!
//! The optional certificate commands ([`CommandSpec::forward`], [`CommandSpec::backward`])
//! read `{"source": …, "target": …, "certificate": …}` (instances in JSON, the certificate
//! as `certify` writes it) and print the carried certificate; they are used by `check
//! --certify` like a built-in reduction's certificate maps.
//!
//! A command declares no size formula and no structural claim: its declared size is the
//! size of what it printed for that source, so `check` compares answers (and certificates),
//! and validates the output, but has no formula to hold it to.

use crate::certify::Certificate;
use crate::problems::Instance;
use crate::reductions::{
    CertMapError, CertMaps, MapStatus, ProblemKind, Reduced, Reduction, ReductionError,
    ReductionInfo,
};
use crate::solvers::Winner;
use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

/// How the source instance is written on the command's standard input.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CommandIo {
    /// The serde JSON form, on one line (what `parse --format json` prints, compacted).
    #[default]
    Json,
    /// The instance language (what `parse` prints).
    Dsl,
}

/// Default per-case timeout of a reduction command.
pub const DEFAULT_COMMAND_TIMEOUT: Duration = Duration::from_secs(10);
/// Default limit on what a command may print (bytes).
pub const DEFAULT_MAX_OUTPUT: usize = 64 << 20;
/// The start of the provenance line of every command reduction (how `check` tells them
/// from compiled reductions: it does not probe a command's preconditions, it has none).
pub const PROVENANCE: &str = "external command";
/// How much of a command's standard error is kept for the report (its end).
const STDERR_KEPT: usize = 2_000;

/// What to run and how to read it.
#[derive(Clone, Debug)]
pub struct CommandSpec {
    /// The reduction command, run by `sh -c`.
    pub command: String,
    /// The source kind it reads.
    pub from: ProblemKind,
    /// The target kind it must print.
    pub to: ProblemKind,
    /// The id the reports use (and the case streams are seeded with).
    pub id: String,
    /// Which target winner means "yes" for the source.
    pub yes_winner: Winner,
    /// How the source is written on standard input.
    pub io: CommandIo,
    /// Command carrying a source certificate to a target certificate.
    pub forward: Option<String>,
    /// Command carrying a target certificate back to a source certificate.
    pub backward: Option<String>,
    /// Per-run timeout; the process group is killed after it.
    pub timeout: Duration,
    /// Most bytes read from standard output; more is a failure.
    pub max_output: usize,
}

impl CommandSpec {
    /// A spec with the defaults: id `custom-FROM-TO`, YES ↔ player I wins, JSON on standard
    /// input, no certificate commands, [`DEFAULT_COMMAND_TIMEOUT`], [`DEFAULT_MAX_OUTPUT`].
    pub fn new(command: &str, from: ProblemKind, to: ProblemKind) -> CommandSpec {
        CommandSpec {
            command: command.to_string(),
            from,
            to,
            id: format!("custom-{}-{}", from.name(), to.name()),
            yes_winner: Winner::First,
            io: CommandIo::Json,
            forward: None,
            backward: None,
            timeout: DEFAULT_COMMAND_TIMEOUT,
            max_output: DEFAULT_MAX_OUTPUT,
        }
    }
}

/// A reduction run as an external command (see the module documentation).
pub struct CommandReduction {
    spec: CommandSpec,
    info: ReductionInfo,
    /// The last source compiled and its target: [`Reduction::declared_size`] answers the
    /// size of that output (a command has no size formula), without running it again.
    last: Mutex<Option<(Instance, Instance)>>,
}

/// A `&'static str` for the catalogue entry of a command built at run time.
fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

impl CommandReduction {
    /// The reduction `spec` describes.
    pub fn new(spec: CommandSpec) -> CommandReduction {
        let info = ReductionInfo {
            id: leak(spec.id.clone()),
            example: None,
            source: spec.from,
            target: spec.to,
            paper: "(external command)",
            theorem: "-",
            gadgets: &[],
            vertices_formula: "(the command's output)",
            edges_formula: "(the command's output)",
            size_legend: "",
            preconditions: &[],
            claims: &[],
            structure: &[],
            errata: &[],
            provenance: leak(format!("{PROVENANCE}: {}", spec.command)),
            yes_winner: spec.yes_winner,
        };
        CommandReduction {
            spec,
            info,
            last: Mutex::new(None),
        }
    }

    /// The reduction with a `'static` lifetime, as [`super::CheckConfig`] holds reductions
    /// (a command-line run checks one command for the whole process).
    pub fn leak(self) -> &'static dyn Reduction {
        Box::leak(Box::new(self))
    }

    /// The source as the command reads it.
    fn encode(&self, source: &Instance) -> Vec<u8> {
        let mut text = match self.spec.io {
            CommandIo::Json => serde_json::to_string(source).unwrap_or_default(),
            CommandIo::Dsl => crate::lang::to_dsl(source),
        };
        if !text.ends_with('\n') {
            text.push('\n');
        }
        text.into_bytes()
    }

    /// Runs a certificate command on `{"source", "target", "certificate"}`.
    fn carry(
        &self,
        command: &str,
        (source, target): (&Instance, &Instance),
        cert: &Certificate,
    ) -> Result<Certificate, CertMapError> {
        let input = serde_json::json!({
            "source": source,
            "target": target,
            "certificate": cert,
        });
        let bytes = serde_json::to_vec(&input).unwrap_or_default();
        let out = run_command(command, &bytes, self.spec.timeout, self.spec.max_output)
            .map_err(|e| CertMapError::Invalid(format!("certificate command {e}")))?;
        let text = String::from_utf8_lossy(&out);
        Certificate::from_json(&text).map_err(|e| {
            CertMapError::Invalid(format!(
                "certificate command printed no certificate: {e} (output: {})",
                excerpt(&text)
            ))
        })
    }
}

impl Reduction for CommandReduction {
    fn info(&self) -> &ReductionInfo {
        &self.info
    }

    fn reduce(&self, source: &Instance) -> Result<Reduced, ReductionError> {
        let kind = ProblemKind::of(source);
        if kind != self.spec.from {
            return Err(ReductionError::WrongKind {
                id: self.info.id,
                expected: self.spec.from.name(),
                found: source.kind(),
            });
        }
        let input = self.encode(source);
        let failed = |message: String, invalid_output: bool| ReductionError::Failed {
            message,
            invalid_output,
        };
        let out = run_command(
            &self.spec.command,
            &input,
            self.spec.timeout,
            self.spec.max_output,
        )
        .map_err(|e| {
            let invalid = matches!(e, RunError::TooLarge(_));
            failed(format!("the reduction command {e}"), invalid)
        })?;
        let text = String::from_utf8(out).map_err(|_| {
            failed(
                "the reduction command printed bytes that are not UTF-8".into(),
                true,
            )
        })?;
        let parsed = crate::lang::parse_str("<reduction output>", &text).map_err(|e| {
            failed(
                format!(
                    "the reduction command printed no instance: {e} (output: {})",
                    excerpt(&text)
                ),
                true,
            )
        })?;
        let target = parsed.instance;
        if let Ok(mut last) = self.last.lock() {
            *last = Some((source.clone(), target.clone()));
        }
        Ok(Reduced {
            target,
            notes: Vec::new(),
        })
    }

    /// The size of the command's output for this source (a command has no size formula).
    fn declared_size(&self, source: &Instance) -> (usize, usize) {
        let last = self.last.lock().ok();
        match last.as_deref() {
            Some(Some((s, t))) if s == source => crate::verify::step::size_of(t),
            _ => (0, 0),
        }
    }

    fn check_structure(&self, _source: &Instance, _target: &Instance) -> Result<(), String> {
        Ok(())
    }

    fn cert_maps(&self) -> CertMaps {
        let status = |cmd: &Option<String>| match cmd {
            Some(_) => MapStatus::Constructive("by the certificate command"),
            None => MapStatus::NotConstructive("no certificate command was given"),
        };
        CertMaps {
            forward_yes: status(&self.spec.forward),
            forward_no: status(&self.spec.forward),
            backward_yes: status(&self.spec.backward),
            backward_no: status(&self.spec.backward),
        }
    }

    fn forward(
        &self,
        source: &Instance,
        target: &Instance,
        cert: &Certificate,
    ) -> Result<Certificate, CertMapError> {
        match &self.spec.forward {
            Some(cmd) => self.carry(cmd, (source, target), cert),
            None => Err(CertMapError::NotConstructive(
                "no --forward-cmd was given".into(),
            )),
        }
    }

    fn backward(
        &self,
        source: &Instance,
        target: &Instance,
        cert: &Certificate,
    ) -> Result<Certificate, CertMapError> {
        match &self.spec.backward {
            Some(cmd) => self.carry(cmd, (source, target), cert),
            None => Err(CertMapError::NotConstructive(
                "no --backward-cmd was given".into(),
            )),
        }
    }
}

/// The first 200 characters of `text`, on one line.
fn excerpt(text: &str) -> String {
    let one_line = text.trim().replace('\n', "⏎");
    match one_line.char_indices().nth(200) {
        Some((at, _)) => format!("{}…", &one_line[..at]),
        None if one_line.is_empty() => "(nothing)".into(),
        None => one_line,
    }
}

/// How running a command failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RunError {
    /// It could not be started.
    #[error("could not be started: {0}")]
    Spawn(String),
    /// It ran past the timeout and was killed.
    #[error("hung: no result after {0:?} (killed){1}")]
    Hung(Duration, String),
    /// It exited with a failure status.
    #[error("exited with status {0}{1}")]
    Status(i32, String),
    /// A signal killed it.
    #[error("crashed (killed by signal {0}){1}")]
    Signal(i32, String),
    /// It printed more than the limit.
    #[error("printed more than {0} bytes")]
    TooLarge(usize),
}

/// Runs `command` with `sh -c` in a process group of its own, writes `input` on its
/// standard input and returns its standard output. After `timeout`, or as soon as the
/// command has exited, the whole process group is killed, so that nothing it started can
/// hold the pipes open or outlive the case.
pub fn run_command(
    command: &str,
    input: &[u8],
    timeout: Duration,
    max_output: usize,
) -> Result<Vec<u8>, RunError> {
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(command)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
    let mut child = cmd.spawn().map_err(|e| RunError::Spawn(e.to_string()))?;
    let stdin = child.stdin.take();
    let input = input.to_vec();
    let writer = thread::spawn(move || {
        if let Some(mut stdin) = stdin {
            // A command that does not read its input closes the pipe: not our failure.
            let _ = stdin.write_all(&input);
        }
    });
    let stdout = drain(child.stdout.take(), max_output);
    let stderr = drain(child.stderr.take(), STDERR_KEPT * 8);
    let deadline = Instant::now() + timeout;
    let mut pause = Duration::from_millis(1);
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if Instant::now() < deadline => {
                thread::sleep(pause);
                pause = (pause * 2).min(Duration::from_millis(20));
            }
            _ => break None,
        }
    };
    kill_group(&mut child);
    let _ = child.wait();
    let _ = writer.join();
    let (out, overflow) = stdout.join().unwrap_or_default();
    let (err, _) = stderr.join().unwrap_or_default();
    let err = stderr_note(&err);
    let Some(status) = status else {
        return Err(RunError::Hung(timeout, err));
    };
    if !status.success() {
        #[cfg(unix)]
        if let Some(sig) = std::os::unix::process::ExitStatusExt::signal(&status) {
            return Err(RunError::Signal(sig, err));
        }
        return Err(RunError::Status(status.code().unwrap_or(-1), err));
    }
    if overflow {
        return Err(RunError::TooLarge(max_output));
    }
    Ok(out)
}

/// Kills the command's process group (the command was made its leader).
fn kill_group(child: &mut std::process::Child) {
    #[cfg(unix)]
    if let Ok(pid) = libc::pid_t::try_from(child.id()) {
        // SAFETY: kill(2) with a negative pid signals the process group; it touches no memory.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
        return;
    }
    let _ = child.kill();
}

/// Reads `pipe` to its end on a thread, keeping at most `cap` bytes; the flag says whether
/// more came (the rest is read and dropped, so the writer never blocks on a full pipe).
fn drain(
    pipe: Option<impl Read + Send + 'static>,
    cap: usize,
) -> thread::JoinHandle<(Vec<u8>, bool)> {
    thread::spawn(move || {
        let mut kept = Vec::new();
        let mut overflow = false;
        let Some(mut pipe) = pipe else {
            return (kept, overflow);
        };
        let mut buf = [0u8; 16 * 1024];
        loop {
            match pipe.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    let room = cap.saturating_sub(kept.len());
                    kept.extend_from_slice(&buf[..n.min(room)]);
                    overflow |= n > room;
                }
            }
        }
        (kept, overflow)
    })
}

/// The end of a command's standard error, as a suffix for a failure message.
fn stderr_note(err: &[u8]) -> String {
    let text = String::from_utf8_lossy(err);
    let text = text.trim();
    if text.is_empty() {
        return String::new();
    }
    let start = text
        .char_indices()
        .rev()
        .nth(STDERR_KEPT)
        .map_or(0, |(at, _)| at);
    let cut = if start > 0 { "…" } else { "" };
    format!("; stderr: {cut}{}", &text[start..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_echoes_its_input() {
        let out = run_command("cat", b"hello", Duration::from_secs(5), 100).expect("runs");
        assert_eq!(out, b"hello");
    }

    #[test]
    fn failures_are_told_apart() {
        let t = Duration::from_secs(5);
        let status = run_command("echo oops >&2; exit 3", b"", t, 100);
        assert!(
            matches!(&status, Err(RunError::Status(3, e)) if e.contains("oops")),
            "{status:?}"
        );
        let signal = run_command("kill -SEGV $$", b"", t, 100);
        assert!(matches!(signal, Err(RunError::Signal(11, _))), "{signal:?}");
        let large = run_command("yes | head -c 1000", b"", t, 100);
        assert!(matches!(large, Err(RunError::TooLarge(100))), "{large:?}");
        let missing = run_command("/no/such/command", b"", t, 100);
        assert!(
            matches!(missing, Err(RunError::Status(127, _))),
            "{missing:?}"
        );
    }

    #[test]
    fn a_hanging_pipeline_is_killed_at_the_timeout() {
        let started = Instant::now();
        // The sleeping grandchild holds standard output open: only killing the group ends it.
        let hung = run_command("sleep 30 | cat", b"", Duration::from_millis(300), 100);
        assert!(matches!(hung, Err(RunError::Hung(..))), "{hung:?}");
        assert!(started.elapsed() < Duration::from_secs(5));
    }
}
