#!/usr/bin/env bash
# Run every test: native unit/integration tests, wasm component tests in headless
# chromium, then the Playwright e2e journeys against the built and served dist/.
# The node test run is deliberately the last output (CI reads its closing summary).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

section() { printf '\n==== %s ====\n' "$*"; }

section "setup"
bash scripts/setup.sh

section "formatting: cargo fmt --check"
cargo fmt --check

section "native tests: cargo test --locked"
cargo test --locked

section "fuzz targets type-check: cargo check (fuzz/)"
# fuzz/ is its own workspace (cargo-fuzz's layout) with an ignored lock file: it starts from the
# main one, so the shared dependencies are the versions just built and are reused from the same
# target directory; only the fuzz crate and libfuzzer-sys's Rust side are checked.
cp Cargo.lock fuzz/Cargo.lock
CARGO_TARGET_DIR="$PWD/target" cargo check --manifest-path fuzz/Cargo.toml --no-default-features

section "wasm component tests (headless chromium)"
CHROMEDRIVER="$(command -v chromedriver)" WASM_BINDGEN_TEST_TIMEOUT=120 \
  cargo test --locked --target wasm32-unknown-unknown --tests

section "build dist/"
bash scripts/build.sh

# Serve dist/ on a free local port for the e2e run as scripts/serve.sh does (scripts/serve.mjs:
# npm http-server, precompressed files); always stop the server on exit.
PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')"
mkdir -p target
node scripts/serve.mjs dist "$PORT" >target/e2e-http.log 2>&1 &
SERVER_PID=$!
cleanup() { kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; }
trap cleanup EXIT
trap 'exit 130' INT TERM
for _ in $(seq 1 50); do
  if python3 -c "import urllib.request,sys; urllib.request.urlopen('http://127.0.0.1:$PORT/', timeout=1)" 2>/dev/null; then
    break
  fi
  sleep 0.2
done
export SCHEDSCOPE_URL="http://127.0.0.1:$PORT/"

section "e2e: node --test tests/e2e/ against $SCHEDSCOPE_URL"
node --test tests/e2e/
