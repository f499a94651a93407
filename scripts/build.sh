#!/usr/bin/env bash
# Release build of the page into dist/: cargo (bin `viz`, wasm32) -> wasm-bindgen --target web
# -> npm binaryen wasm-opt -Os. Assumes scripts/setup.sh has run.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

log() { printf '[build] %s\n' "$*" >&2; }

log "cargo build --release --target wasm32-unknown-unknown --bin viz"
cargo build --release --locked --target wasm32-unknown-unknown --bin viz

rm -rf dist
mkdir -p dist
cp -r www/. dist/

log "wasm-bindgen --target web"
wasm-bindgen --target web --no-typescript --out-dir dist/pkg --out-name viz \
  target/wasm32-unknown-unknown/release/viz.wasm

WASM=dist/pkg/viz_bg.wasm
before=$(wc -c <"$WASM")
if [ -x node_modules/.bin/wasm-opt ]; then
  log "wasm-opt -Os (npm binaryen)"
  node_modules/.bin/wasm-opt -Os "$WASM" -o "$WASM"
else
  log "node_modules/.bin/wasm-opt missing (run scripts/setup.sh); skipping optimisation"
fi
after=$(wc -c <"$WASM")
gz=$(gzip -9 -c "$WASM" | wc -c)
log "viz_bg.wasm: ${before} B -> ${after} B after wasm-opt, ${gz} B gzipped"
echo "dist/ ready; wasm gzipped: $((gz / 1024)) KiB (${gz} bytes)"
