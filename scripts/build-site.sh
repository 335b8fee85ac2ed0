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
# Builds the crate's wasm into the target dir $1; extra rustflags in $2 (none: the default build).
build_wasm() {
  local out=$1 flags=${2:-}
  if [ -z "$flags" ] && rustup target list --installed 2>/dev/null | grep -qx $TARGET; then
    cargo build --release --lib --target $TARGET --target-dir "$out"
  elif rustup target list --installed 2>/dev/null | grep -qx $TARGET &&
    rustup component list --installed 2>/dev/null | grep -q '^rust-src'; then
    RUSTC_BOOTSTRAP=1 RUSTFLAGS="$flags" \
      cargo build --release --lib --target $TARGET --target-dir "$out" -Zbuild-std=std,panic_abort
  else
    RUSTC_BOOTSTRAP=1 RUSTFLAGS="$flags" RUSTC=/usr/bin/rustc CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld-22 \
      /usr/bin/cargo build --release --lib --target $TARGET --target-dir "$out" -Zbuild-std=std,panic_abort
  fi
}

# Runs wasm-bindgen on the module $1 as dist/pkg/$2.js, then gives the glue and the wasm
# content-hashed names, so a cached glue never meets another build's module (www/sw.js keeps
# copies for offline play). pkg/$2.js stays as the one stable entry point: it only re-exports
# the hashed glue, so importers (rules.js, worker.js) never change. It also names the glue's
# address (glueUrl), which rules.js imports again to make a fresh instance after a crash (the
# glue keeps its instance in a module-level variable).
bind_and_hash() {
  local module=$1 name=$2 # $3: wasm-opt flags for the features the module uses
  wasm-bindgen --target web --no-typescript --out-dir dist/pkg --out-name "$name" "$module"
  # Binaryen's optimiser: 14 % smaller (gzipped) at the same speed or a little faster (README,
  # "wasm speed"). scripts/toolchain.sh installs it; without it the site still builds, larger.
  local wasm_opt=scripts/binaryen/node_modules/.bin/wasm-opt
  if [ -x $wasm_opt ]; then
    $wasm_opt -O3 ${3:-} "dist/pkg/${name}_bg.wasm" -o "dist/pkg/${name}_bg.wasm"
  else
    echo "build-site: no $wasm_opt (bash scripts/toolchain.sh installs it): the wasm is not optimised" >&2
  fi
  local hash glue wasm
  hash=$(cat "dist/pkg/$name.js" "dist/pkg/${name}_bg.wasm" | sha256sum | cut -c1-12)
  glue=$name-$hash.js
  wasm=${name}_bg-$hash.wasm
  mv "dist/pkg/${name}_bg.wasm" "dist/pkg/$wasm"
  sed "s/${name}_bg\.wasm/$wasm/g" "dist/pkg/$name.js" > "dist/pkg/$glue"
  grep -q "$wasm" "dist/pkg/$glue" || { echo "build-site: the glue does not name ${name}_bg.wasm any more" >&2; exit 1; }
  printf "export * from './%s';\nexport { default } from './%s';\nexport const glueUrl = new URL('./%s', import.meta.url).href;\n" \
    "$glue" "$glue" "$glue" > "dist/pkg/$name.js"
  echo "site: $name: wasm $wasm, $(wc -c < "dist/pkg/$wasm") bytes, $(gzip -9c "dist/pkg/$wasm" | wc -c) gzipped"
}

# wasm SIMD (every current browser: Chrome 91, Firefox 89, Safari 16.4): the Ataxx network's
# i16 row sums vectorise as they do natively (README, "wasm speed").
SIMD_FLAGS="-C target-feature=+simd128"
# The single-threaded build: the engine everywhere, and the fallback of the threaded one.
build_wasm target-wasm "$SIMD_FLAGS"
# The threaded build (Lazy SMP's helpers in Web Workers, see src/wasm/threads.rs): std rebuilt
# with wasm atomics, a shared memory the module imports (at most 1 GiB), and the thread-local
# storage symbols wasm-bindgen needs to start each Worker's instance. Its own target dir: other
# rustflags would rebuild everything in the first one's.
THREAD_FLAGS="$SIMD_FLAGS -C target-feature=+atomics,+bulk-memory,+mutable-globals"
for arg in --shared-memory --max-memory=1073741824 --import-memory --export=__wasm_init_tls \
  --export=__tls_size --export=__tls_align --export=__tls_base; do
  THREAD_FLAGS="$THREAD_FLAGS -C link-arg=$arg"
done
build_wasm target-wasm-threads "$THREAD_FLAGS"

rm -rf dist
mkdir -p dist/pkg
bind_and_hash target-wasm/$TARGET/release/boardlab.wasm boardlab
bind_and_hash target-wasm-threads/$TARGET/release/boardlab.wasm boardlab_threads \
  "--enable-threads --enable-bulk-memory --enable-mutable-globals"

cp -r www/. dist/
# Everything the service worker stores for offline play (paths relative to the site root).
(cd dist && find . -type f ! -name sw.js ! -name files.json | sort | sed 's|^\./||' |
  awk 'BEGIN { printf "[\"./\"" } { printf ",\"./%s\"", $0 } END { print "]" }') > dist/files.json
