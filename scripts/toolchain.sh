#!/usr/bin/env bash
# Installs what building the wasm site needs, when it is missing: a Rust that can target
# wasm32-unknown-unknown (rustup's target, or Debian's rustc-web with the std source) and the
# wasm-bindgen CLI at exactly the version Cargo.toml pins, and Binaryen's wasm-opt from npm (the
# site build's size and speed pass). With `--browser` it also installs Chromium and
# playwright-core for the browser tests. Safe to run again: it skips what is there.
set -euo pipefail
cd "$(dirname "$0")/.."
# `cargo install` puts wasm-bindgen here; a machine whose cargo came from Debian (not rustup)
# does not have it on PATH.
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

WASM_BINDGEN_VERSION=$(sed -n 's/^wasm-bindgen = "=\(.*\)"/\1/p' Cargo.toml)

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
apt_install() {
  echo "toolchain: installing $* with apt-get" >&2
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "$@" >/dev/null
}

# A machine without Rust or Node gets Debian's: rustc-web is recent enough for the crate (and
# builds std for wasm below), nodejs runs the browser tests and the wasm bench.
command -v cargo >/dev/null || apt_install rustc-web cargo-web rust-web-src lld-22
# Node's npm brings wasm-opt (below) for every site build, and runs the browser tests.
command -v node >/dev/null && command -v npm >/dev/null || apt_install nodejs npm

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  if ! rustup target add wasm32-unknown-unknown >/dev/null 2>&1; then
    # rustup cannot download here: Debian's Rust builds std for wasm from source.
    if [ ! -x /usr/bin/rustc ] || [ ! -d /usr/lib/rustlib/src/rust/library ] || ! command -v wasm-ld-22 >/dev/null; then
      apt_install rustc-web cargo-web rust-web-src lld-22
    fi
  fi
fi

# The threaded build (scripts/build-site.sh) rebuilds std with wasm atomics (-Zbuild-std), which
# needs std's source: rustup's rust-src where rustup works, else Debian's (as above).
if rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  if ! rustup component list --installed 2>/dev/null | grep -q '^rust-src' &&
    ! rustup component add rust-src >/dev/null 2>&1; then
    if [ ! -x /usr/bin/rustc ] || [ ! -d /usr/lib/rustlib/src/rust/library ] || ! command -v wasm-ld-22 >/dev/null; then
      apt_install rustc-web cargo-web rust-web-src lld-22
    fi
  fi
fi

if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$WASM_BINDGEN_VERSION" ]; then
  echo "toolchain: installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (a few minutes, once)" >&2
  # --locked pins the CLI's own dependencies; the registry mirror here lacks one of them, so fall
  # back to a fresh resolution rather than fail.
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --locked -q 2>/dev/null \
    || cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" -q
fi

# Binaryen's wasm-opt, pinned in scripts/binaryen/package.json (npm's build runs under Node).
if [ ! -x scripts/binaryen/node_modules/.bin/wasm-opt ]; then
  (cd scripts/binaryen && npm ci --no-audit --no-fund --silent)
fi

if [ "${1:-}" = "--browser" ]; then
  command -v chromium >/dev/null || [ -x /usr/bin/chromium ] || apt_install chromium
  if [ ! -d tests/e2e/node_modules/playwright-core ]; then
    (cd tests/e2e && npm ci --no-audit --no-fund --silent)
  fi
fi
