#!/usr/bin/env bash
# Builds the release wasm, runs wasm-bindgen and assembles the static site in dist/.
# Uses rustup's wasm32 target when installed, else Debian's rustc with -Zbuild-std (see
# DEVELOPERS.md). A separate target dir keeps the two toolchains from rebuilding each other.
set -euo pipefail
cd "$(dirname "$0")/.."

TARGET=wasm32-unknown-unknown
OUT=target-wasm
if rustup target list --installed 2>/dev/null | grep -qx $TARGET; then
  cargo build --release --lib --target $TARGET --target-dir $OUT
else
  RUSTC_BOOTSTRAP=1 RUSTC=/usr/bin/rustc CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld-22 \
    /usr/bin/cargo build --release --lib --target $TARGET --target-dir $OUT -Zbuild-std=std,panic_abort
fi

rm -rf dist
mkdir -p dist/pkg
wasm-bindgen --target web --no-typescript --out-dir dist/pkg $OUT/$TARGET/release/boardlab.wasm
if command -v wasm-opt >/dev/null; then
  wasm-opt -O3 dist/pkg/boardlab_bg.wasm -o dist/pkg/boardlab_bg.wasm
fi
cp -r www/. dist/
echo "site: dist/ (wasm $(wc -c < dist/pkg/boardlab_bg.wasm) bytes, $(gzip -9c dist/pkg/boardlab_bg.wasm | wc -c) gzipped)"
