#!/usr/bin/env bash
# Builds the release wasm, runs wasm-bindgen and assembles the static site in dist/.
# Uses rustup's wasm32 target when installed, else Debian's rustc with -Zbuild-std (see
# DEVELOPERS.md). A separate target dir keeps the two toolchains from rebuilding each other.
set -euo pipefail
cd "$(dirname "$0")/.."
# `cargo install` puts wasm-bindgen here; a machine whose cargo came from Debian (not rustup)
# does not have it on PATH.
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

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
# Binaryen's optimiser: 14 % smaller (gzipped) at the same speed or a little faster (README,
# "wasm speed"). scripts/toolchain.sh installs it; without it the site still builds, larger.
WASM_OPT=scripts/binaryen/node_modules/.bin/wasm-opt
if [ -x $WASM_OPT ]; then
  $WASM_OPT -O3 dist/pkg/boardlab_bg.wasm -o dist/pkg/boardlab_bg.wasm
else
  echo "build-site: no $WASM_OPT (bash scripts/toolchain.sh installs it): the wasm is not optimised" >&2
fi

# Content-hashed names for the glue and the wasm, so a cached glue never meets another build's
# module (www/sw.js keeps copies for offline play). pkg/boardlab.js stays as the one stable entry
# point: it only re-exports the hashed glue, so importers (rules.js, worker.js) never change. It
# also names the glue's address (glueUrl), which rules.js imports again to make a fresh instance
# after a crash (the glue keeps its instance in a module-level variable).
HASH=$(cat dist/pkg/boardlab.js dist/pkg/boardlab_bg.wasm | sha256sum | cut -c1-12)
GLUE=boardlab-$HASH.js
WASM=boardlab_bg-$HASH.wasm
mv dist/pkg/boardlab_bg.wasm "dist/pkg/$WASM"
sed "s/boardlab_bg\.wasm/$WASM/g" dist/pkg/boardlab.js > "dist/pkg/$GLUE"
grep -q "$WASM" "dist/pkg/$GLUE" || { echo "build-site: the glue does not name boardlab_bg.wasm any more" >&2; exit 1; }
printf "export * from './%s';\nexport { default } from './%s';\nexport const glueUrl = new URL('./%s', import.meta.url).href;\n" \
  "$GLUE" "$GLUE" "$GLUE" > dist/pkg/boardlab.js

cp -r www/. dist/
# Everything the service worker stores for offline play (paths relative to the site root).
(cd dist && find . -type f ! -name sw.js ! -name files.json | sort | sed 's|^\./||' |
  awk 'BEGIN { printf "[\"./\"" } { printf ",\"./%s\"", $0 } END { print "]" }') > dist/files.json
echo "site: dist/ (wasm $WASM, $(wc -c < "dist/pkg/$WASM") bytes, $(gzip -9c "dist/pkg/$WASM" | wc -c) gzipped)"
