//! The test side of a CodinGame bot: starts `boardlab bot <game>` as a child process, sends it one
//! turn's input at a time and reads its answer line, as a referee does.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

/// A running `boardlab bot <game>` process.
pub struct Bot {
    child: Child,
    pub stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Bot {
    /// Starts `boardlab bot <game> <extra args>`.
    pub fn start(game: &str, extra: &[&str]) -> Bot {
        let mut child = Command::new(env!("CARGO_BIN_EXE_boardlab"))
            .args(["bot", game])
            .args(extra)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("bot starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Bot {
            child,
            stdin,
            stdout,
        }
    }

    /// Sends one turn's text and returns the answer line and how long it took.
    pub fn turn(&mut self, input: &str) -> (String, Duration) {
        let t = Instant::now();
        self.stdin.write_all(input.as_bytes()).unwrap();
        self.stdin.flush().unwrap();
        let mut line = String::new();
        self.stdout.read_line(&mut line).expect("bot answers");
        (line.trim_end_matches(['\n', '\r']).to_string(), t.elapsed())
    }

    /// Closes stdin and returns what the bot wrote on stderr; it must exit cleanly, without a
    /// panic.
    pub fn finish(self) -> String {
        drop(self.stdin);
        let out = self.child.wait_with_output().unwrap();
        let log = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(
            out.status.success(),
            "the bot exits cleanly at the end of input: {log}"
        );
        assert!(!log.contains("panicked"), "{log}");
        log
    }
}
