#!/usr/bin/env bash
# Measure the README's test command (`bash scripts/test.sh`) as a fresh machine runs it: a
# fresh clone of this checkout's branch, an empty scratch CARGO_HOME (no registry cache, no
# wasm-bindgen-cli), an empty target/ and no node_modules. Rust's toolchains (RUSTUP_HOME)
# and Debian's chromium stay as installed; the machine's own ~/.cargo is left untouched.
#
#   bash scripts/fresh-setup-time.sh              # the whole test run
#   UNTIL_FIRST_TEST=1 bash scripts/fresh-setup-time.sh   # stop once the first test runs
#
# Prints every output line with the seconds since the start, then the time to the first test
# and the total. The scratch folder (/tmp/schedscope-fresh.*) is removed at the end unless
# KEEP=1.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
branch="$(git -C "$repo" rev-parse --abbrev-ref HEAD)"
work="$(mktemp -d /tmp/schedscope-fresh.XXXXXX)"
cleanup() { if [ "${KEEP:-0}" != 1 ]; then rm -rf "$work"; fi; }
trap cleanup EXIT

rustup_bin="$(readlink -f "$(command -v rustup)")"
git clone -q --branch "$branch" "$repo" "$work/repo"

# A scratch CARGO_HOME whose bin/ holds rustup's proxies, as rustup-init lays them out: rustup
# is one binary that acts as cargo, rustc, ... by the name it is called with, and finds the
# toolchains in RUSTUP_HOME (unchanged). The machine's ~/.cargo/bin leaves PATH, so neither its
# wasm-bindgen nor its registry cache is seen.
export CARGO_HOME="$work/cargo"
mkdir -p "$CARGO_HOME/bin"
for p in rustup cargo rustc rustdoc rustfmt cargo-fmt cargo-clippy clippy-driver; do
  ln -s "$rustup_bin" "$CARGO_HOME/bin/$p"
done
PATH="$(printf '%s' "$PATH" | tr ':' '\n' | grep -vx "$HOME/.cargo/bin" | paste -sd: -)"
export PATH="$CARGO_HOME/bin:$PATH"
unset CARGO_TARGET_DIR

echo "fresh clone of $branch in $work/repo; CARGO_HOME=$CARGO_HOME; $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg)"
cd "$work/repo"
set +e
# setsid: the test run is its own process group (its id in $work/pgid), so it can be stopped
# whole at the first test.
setsid bash -c 'echo $$ >"$1"; exec bash scripts/test.sh' _ "$work/pgid" 2>&1 | python3 -u -c '
import os, re, signal, sys, time
start = time.monotonic()
first = None
until = os.environ.get("UNTIL_FIRST_TEST") == "1"
for line in sys.stdin:
    t = time.monotonic() - start
    sys.stdout.write(f"[{t:7.1f}s] {line}")
    if first is None and re.match(r"^running [1-9][0-9]* tests?$", line.strip()):
        first = t
        print(f"==== first test runs {t:.1f} s ({t / 60:.1f} min) after the start", flush=True)
        if until:
            os.killpg(int(open(sys.argv[1]).read()), signal.SIGTERM)
            break
total = time.monotonic() - start
print(f"==== total {total:.1f} s ({total / 60:.1f} min)", flush=True)
' "$work/pgid"
echo "scripts/test.sh exit code: ${PIPESTATUS[0]}"
