#!/usr/bin/env bash
# Install whatever is missing to build and test SchedScope on a Debian machine.
# Idempotent and fast when everything is already present. Nothing here downloads
# browsers or prebuilt binaries from GitHub: the wasm-bindgen CLI is built from the
# crate registry, chromium comes from apt, node packages from package-lock.json.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

log() { printf '[setup] %s\n' "$*" >&2; }

# 1. Rust target for the page.
if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  log "adding rustup target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi
if ! cargo fmt --version >/dev/null 2>&1; then
  log "adding rustup component rustfmt"
  rustup component add rustfmt
fi

# 2. wasm-bindgen CLI, exactly the version of the wasm-bindgen crate in Cargo.lock.
wb_version() {
  if [ -f Cargo.lock ]; then
    awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock
  fi
}
WB="$(wb_version)"
if [ -z "$WB" ]; then
  # No lock file yet: take the "=x.y.z" pin from Cargo.toml.
  WB="$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)".*/\1/p' Cargo.toml | head -n1)"
fi
if [ -z "$WB" ]; then
  log "cannot determine the wasm-bindgen version (Cargo.lock / Cargo.toml)"; exit 1
fi
have_wb="$(wasm-bindgen --version 2>/dev/null || true)"
have_runner="$(command -v wasm-bindgen-test-runner || true)"
if [ "$have_wb" != "wasm-bindgen $WB" ] || [ -z "$have_runner" ]; then
  log "installing wasm-bindgen-cli $WB (found: '${have_wb:-none}'); this takes several minutes"
  # --locked fails against some registries (a pinned transitive crate is missing); fall back.
  cargo install wasm-bindgen-cli --version "$WB" --locked \
    || cargo install wasm-bindgen-cli --version "$WB"
fi

# 3. Chromium and its driver, in ONE apt transaction so their versions match.
if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  log "installing chromium + chromium-driver with apt"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-driver
fi

# 4. Node tooling (playwright-core, binaryen) from package-lock.json.
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  log "node and npm are required (Node >= 20)"; exit 1
fi
# Skip npm ci when node_modules already matches the lock file.
if [ ! -f node_modules/.package-lock.json ] \
   || ! cmp -s <(node -e 'const l=require("./package-lock.json");const p=l.packages||{};console.log(JSON.stringify(Object.keys(p).filter(k=>k).sort().map(k=>[k,p[k].version])))') \
               <(node -e 'const l=require("./node_modules/.package-lock.json");const p=l.packages||{};console.log(JSON.stringify(Object.keys(p).filter(k=>k).sort().map(k=>[k,p[k].version])))'); then
  log "npm ci"
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
fi

log "ok: $(rustc --version), wasm-bindgen $WB, $(chromium --version 2>/dev/null | head -n1), node $(node --version)"
