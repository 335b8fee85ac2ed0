//! `boardlab serve` over real HTTP: content types, folders, missing files and paths that try to
//! leave the site.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

struct Server {
    child: Child,
    port: u16,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start(dir: &std::path::Path) -> Server {
    start_with(dir, &[])
}

/// A server of `dir` with `extra` arguments.
fn start_with(dir: &std::path::Path, extra: &[&str]) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardlab"))
        .args(["serve", "--port", "0", "--dir"])
        .arg(dir)
        .args(extra)
        .stdout(Stdio::piped())
        .spawn()
        .expect("server starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let port = line
        .trim()
        .rsplit(':')
        .next()
        .unwrap()
        .trim_end_matches('/')
        .parse()
        .expect("a port in the first line");
    Server { child, port }
}

/// Status line and headers (lower-cased) of a GET.
fn get(port: u16, path: &str) -> (String, String) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    let _ = s.read_to_string(&mut response);
    let head = response.split("\r\n\r\n").next().unwrap_or("").to_string();
    let status = head.lines().next().unwrap_or("").to_string();
    (status, head.to_lowercase())
}

#[test]
fn serves_the_site_with_the_right_types() {
    let dir = std::env::temp_dir().join(format!("boardlab-serve-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("pkg")).unwrap();
    std::fs::write(dir.join("index.html"), "<!doctype html><title>t</title>").unwrap();
    std::fs::write(dir.join("app.js"), "export {};").unwrap();
    std::fs::write(dir.join("pkg/boardlab_bg.wasm"), b"\0asm\x01\0\0\0").unwrap();
    let server = start(&dir);

    let (status, head) = get(server.port, "/pkg/boardlab_bg.wasm");
    assert!(status.contains("200"), "{status}");
    assert!(head.contains("content-type: application/wasm"), "{head}");
    let (_, head) = get(server.port, "/app.js");
    assert!(head.contains("content-type: text/javascript"), "{head}");
    let (status, head) = get(server.port, "/");
    assert!(
        status.contains("200") && head.contains("text/html"),
        "{status} {head}"
    );
    let (status, _) = get(server.port, "/missing.js");
    assert!(status.contains("404"), "{status}");
    let (status, _) = get(server.port, "/../../etc/passwd");
    assert!(!status.contains("200"), "{status}");
    let (status, _) = get(server.port, "/%2e%2e/%2e%2e/etc/passwd");
    assert!(!status.contains("200"), "{status}");
    drop(server);
    let _ = std::fs::remove_dir_all(dir);
}

/// The threaded engine's shared memory needs a cross-origin isolated page: every response carries
/// COOP and COEP, unless `--no-isolation` (the page's single-threaded fallback) is asked for.
#[test]
fn isolation_headers_on_every_response_unless_turned_off() {
    let dir = std::env::temp_dir().join(format!("boardlab-serve-coi-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("index.html"), "<!doctype html><title>t</title>").unwrap();
    std::fs::write(dir.join("worker.js"), "export {};").unwrap();
    let server = start(&dir);
    for path in ["/", "/worker.js", "/missing.js"] {
        let (_, head) = get(server.port, path);
        assert!(
            head.contains("cross-origin-opener-policy: same-origin"),
            "{path}: {head}"
        );
        assert!(
            head.contains("cross-origin-embedder-policy: require-corp"),
            "{path}: {head}"
        );
    }
    drop(server);
    let server = start_with(&dir, &["--no-isolation"]);
    let (status, head) = get(server.port, "/");
    assert!(status.contains("200"), "{status}");
    assert!(!head.contains("cross-origin-"), "{head}");
    drop(server);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_missing_site_folder_is_a_clear_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_boardlab"))
        .args(["serve", "--dir", "/nonexistent/dist"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("build the site first"));
}
