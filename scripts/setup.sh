#!/usr/bin/env bash
# Install whatever is missing to build and test SchedScope on a Debian machine.
# Idempotent and fast when everything is already present. Nothing here downloads
# browsers or prebuilt binaries from GitHub: the wasm-bindgen CLI is built from the
# crate registry, chromium comes from apt, node packages from package-lock.json.
#
# On a fresh machine the slow part is compiling wasm-bindgen-cli. It is built with a quick
# release profile (see WB_PROFILE below), and apt and npm run in the background meanwhile.
set -euo pipefail
cd "$(dirname "$0")/.."
# Cargo's bin folder: where rustup's proxies (cargo, rustc) and `cargo install` live. A scratch
# CARGO_HOME works when its bin/ holds rustup's proxies (README, "A fresh machine").
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

log() { printf '[setup] %s\n' "$*" >&2; }

if ! command -v cargo >/dev/null 2>&1 || ! command -v rustup >/dev/null 2>&1; then
  log "cargo and rustup are required (rustup's proxies in \$CARGO_HOME/bin, see README)"; exit 1
fi
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  log "node and npm are required (Node >= 20)"; exit 1
fi

mkdir -p target
BG_PIDS=()
BG_NAMES=()
# Run "$@" in the background, its output in target/setup-<name>.log.
background() {
  local name="$1"
  shift
  log "$name (in the background, log: target/setup-$name.log)"
  "$@" >"target/setup-$name.log" 2>&1 &
  BG_PIDS+=("$!")
  BG_NAMES+=("$name")
}
# On any exit before the background jobs were awaited, stop them (only ours, by pid).
stop_background() {
  local pid
  for pid in "${BG_PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
}
trap stop_background EXIT

# 1. Chromium and its driver, in ONE apt transaction so their versions match.
if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  apt_install() {
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-driver
  }
  background apt apt_install
fi

# 2. Node tooling (playwright-core, binaryen) from package-lock.json; skipped when
# node_modules already matches the lock file.
npm_versions() {
  node -e 'const l=require(process.argv[1]);const p=l.packages||{};
    console.log(JSON.stringify(Object.keys(p).filter(k=>k).sort().map(k=>[k,p[k].version])))' "$1"
}
if [ ! -f node_modules/.package-lock.json ] \
   || ! cmp -s <(npm_versions ./package-lock.json) <(npm_versions ./node_modules/.package-lock.json); then
  background npm env PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
fi

# 3. Rust target for the page, and rustfmt for the formatting check.
if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  log "adding rustup target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi
if ! cargo fmt --version >/dev/null 2>&1; then
  log "adding rustup component rustfmt"
  rustup component add rustfmt
fi

# 4. wasm-bindgen CLI, exactly the version of the wasm-bindgen crate in Cargo.lock.
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
  log "installing wasm-bindgen-cli $WB (found: '${have_wb:-none}'); a few minutes"
  # The CLI only rewrites the glue of one module per build, in well under a second however it
  # is optimised: a quick profile (opt-level 1, parallel codegen, no LTO, no debug info)
  # compiles it in about a quarter of the time of cargo install's default release profile.
  WB_PROFILE=(
    CARGO_PROFILE_RELEASE_OPT_LEVEL=1
    CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16
    CARGO_PROFILE_RELEASE_LTO=false
    CARGO_PROFILE_RELEASE_DEBUG=false
    CARGO_PROFILE_RELEASE_INCREMENTAL=false
  )
  # --locked fails against some registries (a pinned transitive crate is missing); fall back.
  env "${WB_PROFILE[@]}" cargo install wasm-bindgen-cli --version "$WB" --locked \
    || env "${WB_PROFILE[@]}" cargo install wasm-bindgen-cli --version "$WB"
fi

# 5. Wait for the background installs; show the log of any that failed.
failed=0
for i in "${!BG_PIDS[@]}"; do
  if wait "${BG_PIDS[$i]}"; then
    log "${BG_NAMES[$i]}: done"
  else
    log "${BG_NAMES[$i]} failed:"
    cat "target/setup-${BG_NAMES[$i]}.log" >&2
    failed=1
  fi
done
BG_PIDS=()
trap - EXIT
if [ "$failed" -ne 0 ]; then exit 1; fi

log "ok: $(rustc --version), wasm-bindgen $WB, $(chromium --version 2>/dev/null | head -n1), node $(node --version)"
