//! `boardlab serve`: the static site in `dist/` on localhost, with `application/wasm` for `.wasm`
//! files (which `WebAssembly.instantiateStreaming` requires). Files come from tower-http's
//! `ServeDir` (path checks, content types, ranges) behind axum on a single-threaded tokio runtime.
//!
//! Every response makes the page cross-origin isolated (`Cross-Origin-Opener-Policy:
//! same-origin`, `Cross-Origin-Embedder-Policy: require-corp`), unless asked not to: only an
//! isolated page has `SharedArrayBuffer`, which the threaded engine's shared memory needs.

use std::path::Path;

use axum::http::{header, HeaderValue};
use axum::Router;
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;

/// Serves `root` on `host:port` (port 0 picks a free one) until killed, with the cross-origin
/// isolation headers when `isolate` is set (without them the page runs the single-threaded
/// engine, as on a host that cannot set headers before the service worker takes over). Prints
/// `serving <root> at http://host:port/` as its first line once listening.
/// Errors: `root` is not a folder, or the address cannot be bound.
pub fn serve(root: &Path, host: &str, port: u16, isolate: bool) -> Result<(), String> {
    if !root.is_dir() {
        return Err(format!(
            "{} is not a folder: build the site first (make play)",
            root.display()
        ));
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .build()
        .map_err(|e| format!("cannot start the server runtime: {e}"))?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind((host, port))
            .await
            .map_err(|e| format!("cannot listen on {host}:{port}: {e}"))?;
        let port = listener.local_addr().map(|a| a.port()).unwrap_or(port);
        println!("serving {} at http://{host}:{port}/", root.display());
        use std::io::Write;
        let _ = std::io::stdout().flush();
        // Wasm must come as application/wasm; everything is revalidated so a rebuilt site is
        // picked up on reload.
        let files = ServeDir::new(root).append_index_html_on_directories(true);
        let mut app =
            Router::new()
                .fallback_service(files)
                .layer(SetResponseHeaderLayer::overriding(
                    header::CACHE_CONTROL,
                    HeaderValue::from_static("no-cache"),
                ));
        if isolate {
            app = app
                .layer(SetResponseHeaderLayer::overriding(
                    header::HeaderName::from_static("cross-origin-opener-policy"),
                    HeaderValue::from_static("same-origin"),
                ))
                .layer(SetResponseHeaderLayer::overriding(
                    header::HeaderName::from_static("cross-origin-embedder-policy"),
                    HeaderValue::from_static("require-corp"),
                ));
        }
        axum::serve(listener, app)
            .await
            .map_err(|e| format!("server stopped: {e}"))
    })
}
