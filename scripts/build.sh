#!/usr/bin/env bash
# Release build of the page into dist/: cargo (bin `viz`, wasm32, profile `wasm-release`: the
# release profile optimised for size) -> wasm-bindgen --target web -> npm binaryen wasm-opt -Os. Also the JavaScript API (bin `api`, docs/js-api.md) into
# dist/api/ with its example page, and the whole page in one offline file,
# dist/schedscope.html (scripts/single-file.mjs). Last, gzip and brotli copies of every text and
# wasm file for scripts/serve.mjs, and the wasm's uncompressed size in dist/index.html for the
# page's progress bar (scripts/precompress.mjs). Assumes scripts/setup.sh has run.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

log() { printf '[build] %s\n' "$*" >&2; }

log "cargo build --profile wasm-release --target wasm32-unknown-unknown --bin viz --bin api"
cargo build --profile wasm-release --locked --target wasm32-unknown-unknown --bin viz --bin api

rm -rf dist
mkdir -p dist/api
cp -r www/. dist/
cp docs/js-api-example.html dist/api/example.html

# wasm-bindgen's glue, then npm binaryen's wasm-opt -Os. Prints the sizes; sets GZ.
bindgen() {
  local bin="$1" dir="$2" name="$3"
  log "wasm-bindgen --target web ($bin)"
  wasm-bindgen --target web --no-typescript --out-dir "$dir" --out-name "$name" \
    "target/wasm32-unknown-unknown/wasm-release/$bin.wasm"
  local wasm="$dir/${name}_bg.wasm" before after
  before=$(wc -c <"$wasm")
  if [ -x node_modules/.bin/wasm-opt ]; then
    log "wasm-opt -Os (npm binaryen): $wasm"
    node_modules/.bin/wasm-opt -Os "$wasm" -o "$wasm"
  else
    log "node_modules/.bin/wasm-opt missing (run scripts/setup.sh); skipping optimisation"
  fi
  after=$(wc -c <"$wasm")
  GZ=$(gzip -9 -c "$wasm" | wc -c)
  log "$wasm: ${before} B -> ${after} B after wasm-opt, ${GZ} B gzipped"
}

bindgen api dist/api schedscope
# The generated glue is an ES module; say so, so Node imports it without guessing.
printf '{ "type": "module" }\n' > dist/api/package.json
api_gz=$GZ
bindgen viz dist/pkg viz

log "dist/schedscope.html (the page in one file, for file://)"
node scripts/single-file.mjs dist

log "precompressed copies (.gz, .br) and the wasm's size in dist/index.html"
node scripts/precompress.mjs dist
BR=$(wc -c <dist/pkg/viz_bg.wasm.br)
echo "dist/ ready; wasm gzipped: $((GZ / 1024)) KiB (${GZ} bytes), brotli (as served): $((BR / 1024)) KiB (${BR} bytes); API (dist/api): $((api_gz / 1024)) KiB"
