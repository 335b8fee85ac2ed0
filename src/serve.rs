//! `boardlab serve`: a small static file server for `dist/` on localhost, with the right content
//! types (`application/wasm` for `.wasm`, which `WebAssembly.instantiateStreaming` requires).

use std::path::{Component, Path, PathBuf};

/// The content type for a file name, by extension.
pub fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "wasm" => "application/wasm",
        "json" | "webmanifest" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "txt" | "md" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// Maps a request path to a file under `root`: `/` and folders give their `index.html`; query
/// strings are ignored; `..` and absolute parts are refused (`None`).
pub fn resolve(root: &Path, url: &str) -> Option<PathBuf> {
    let path = url.split(['?', '#']).next().unwrap_or("");
    let decoded = percent_decode(path)?;
    let mut out = root.to_path_buf();
    for part in Path::new(decoded.trim_start_matches('/')).components() {
        match part {
            Component::Normal(p) => out.push(p),
            Component::CurDir => {}
            _ => return None,
        }
    }
    if out.is_dir() {
        out.push("index.html");
    }
    Some(out)
}

fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// Serves `root` on `host:port` (port 0 picks a free one) until killed. Prints
/// `serving <root> at http://host:port/` as its first line once listening.
/// Errors: the address cannot be bound, or `root` is not a folder.
pub fn serve(root: &Path, host: &str, port: u16) -> Result<(), String> {
    if !root.is_dir() {
        return Err(format!(
            "{} is not a folder: build the site first (make play)",
            root.display()
        ));
    }
    let server = tiny_http::Server::http((host, port))
        .map_err(|e| format!("cannot listen on {host}:{port}: {e}"))?;
    let port = server
        .server_addr()
        .to_ip()
        .map(|a| a.port())
        .unwrap_or(port);
    println!("serving {} at http://{host}:{port}/", root.display());
    use std::io::Write;
    let _ = std::io::stdout().flush();
    for request in server.incoming_requests() {
        let response = match resolve(root, request.url()).filter(|p| p.is_file()) {
            Some(path) => match std::fs::read(&path) {
                Ok(body) => tiny_http::Response::from_data(body).with_header(
                    tiny_http::Header::from_bytes("Content-Type", content_type(&path))
                        .expect("valid header"),
                ),
                Err(_) => {
                    tiny_http::Response::from_string("cannot read file").with_status_code(500)
                }
            },
            None => tiny_http::Response::from_string("not found").with_status_code(404),
        };
        let _ = request.respond(response.with_header(
            tiny_http::Header::from_bytes("Cache-Control", "no-cache").expect("valid header"),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wasm_is_served_as_application_wasm() {
        assert_eq!(
            content_type(Path::new("pkg/boardlab_bg.wasm")),
            "application/wasm"
        );
        assert_eq!(
            content_type(Path::new("worker.js")),
            "text/javascript; charset=utf-8"
        );
    }

    #[test]
    fn paths_cannot_leave_the_root() {
        let root = Path::new("/srv/site");
        assert_eq!(resolve(root, "/../etc/passwd"), None);
        assert_eq!(resolve(root, "/a/%2e%2e/%2e%2e/x"), None);
        assert_eq!(
            resolve(root, "/pkg/x.js?v=1"),
            Some(PathBuf::from("/srv/site/pkg/x.js"))
        );
    }
}
