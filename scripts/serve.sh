#!/usr/bin/env bash
# Set up, build, and serve dist/ on http://127.0.0.1:$PORT/ (default 8080) through npm
# http-server (scripts/serve.mjs: the precompressed brotli/gzip copies, cache headers). Ctrl-C to stop.
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${PORT:-8080}"
bash scripts/setup.sh
bash scripts/build.sh
exec node scripts/serve.mjs dist "$PORT"
