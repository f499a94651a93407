#!/usr/bin/env bash
# Set up, build, and serve dist/ on http://127.0.0.1:$PORT/ (default 8080). Ctrl-C to stop.
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${PORT:-8080}"
bash scripts/setup.sh
bash scripts/build.sh
echo "SchedScope: http://127.0.0.1:${PORT}/"
exec python3 -m http.server "$PORT" --bind 127.0.0.1 --directory dist
