//! Running graphviz's `dot` on our DOT for SVG, PDF and PNG.
//!
//! The DOT names its layout engine (`layout=neato` for pinned figures), so `dot -T…` is the
//! only program needed. A missing `dot` is reported with the package to install.

use std::io::Write;
use std::process::{Command, Stdio};

/// Why graphviz produced nothing.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum GraphvizError {
    /// `dot` is not on the PATH.
    #[error(
        "graphviz's `dot` program was not found; install the `graphviz` package (e.g. `apt-get install graphviz`), or write .dot or .tex, which need no external tool"
    )]
    Missing,
    /// `dot` did not finish before the deadline and was stopped.
    #[error("graphviz's `dot` did not finish before the --timeout deadline and was stopped")]
    Timeout,
    /// `dot` failed.
    #[error("graphviz `dot -T{format}` failed: {message}")]
    Failed {
        /// The output format.
        format: String,
        /// What `dot` said.
        message: String,
    },
}

/// The output of `dot -T{format}` on `dot_text`, and anything `dot` printed on stderr
/// (warnings).
pub fn run_dot(dot_text: &str, format: &str) -> Result<(Vec<u8>, String), GraphvizError> {
    run_dot_until(dot_text, format, None)
}

/// [`run_dot`], with `dot` killed once `deadline` has passed ([`GraphvizError::Timeout`]):
/// graphviz on a drawing of a few hundred thousand edges can take longer than `--timeout`.
pub fn run_dot_until(
    dot_text: &str,
    format: &str,
    deadline: Option<std::time::Instant>,
) -> Result<(Vec<u8>, String), GraphvizError> {
    let mut cmd = Command::new("dot");
    cmd.arg(format!("-T{format}"));
    if format == "png" {
        // `size="16,9!"` is in inches: at 120 dpi a PNG fills a 1920×1080 slide.
        cmd.arg("-Gdpi=120");
    }
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => GraphvizError::Missing,
            _ => GraphvizError::Failed {
                format: format.into(),
                message: e.to_string(),
            },
        })?;
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let text = dot_text.to_string();
    // Write from another thread: a large drawing could fill the output pipe first.
    let writer = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
    let out = match deadline {
        None => child.wait_with_output(),
        Some(deadline) => {
            // Wait on another thread; kill `dot` by its id if the deadline comes first.
            let pid = child.id();
            match super::pipeline::within(Some(deadline), move || child.wait_with_output()) {
                Some(out) => out,
                None => {
                    kill(pid);
                    return Err(GraphvizError::Timeout);
                }
            }
        }
    }
    .map_err(|e| GraphvizError::Failed {
        format: format.into(),
        message: e.to_string(),
    })?;
    let _ = writer.join();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    if !out.status.success() {
        return Err(GraphvizError::Failed {
            format: format.into(),
            message: stderr.trim().to_string(),
        });
    }
    Ok((out.stdout, stderr))
}

/// Stops the process `pid` (our `dot`, not yet reaped: its waiting thread still holds it).
fn kill(pid: u32) {
    #[cfg(unix)]
    // SAFETY: `kill` only sends a signal; `pid` is our own child, which its waiting thread
    // has not reaped (it is still running), so the id names no other process.
    unsafe {
        libc::kill(pid as libc::pid_t, libc::SIGKILL);
    }
    #[cfg(not(unix))]
    let _ = pid;
}

/// True when `dot` can be run.
pub fn available() -> bool {
    Command::new("dot")
        .arg("-V")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}
