#!/usr/bin/env bash
# The browser suite on a loaded machine: RUNS runs in a row (default 5), each beside a
# `cargo build --release --workspace` into a fresh target folder of its own (so it compiles for
# the whole run), as CI's machine may be. Stops at the first failing run; no retry.
#
#   tools/e2e-loaded.sh [RUNS]      (after ./test or ./play --no-serve: it tests dist/ as built)
#
# Prints each run's time, the load average at its end and the build's state; docs/benchmarks.md
# ("Browser tests on a loaded machine") has the figures.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
RUNS="${1:-5}"
[ -f dist/index.html ] || { echo "e2e-loaded: no dist/: run ./play --no-serve or ./test first" >&2; exit 1; }
# shellcheck source=/dev/null
source "$ROOT/.tools/env.sh"
LOAD="$(mktemp -d "${TMPDIR:-/tmp}/cards-load.XXXXXX")"
BUILD=""
cleanup() {
  if [ -n "$BUILD" ]; then kill "$BUILD" 2>/dev/null || true; pkill -P "$BUILD" 2>/dev/null || true; fi
  rm -rf "$LOAD"
}
trap cleanup EXIT

for i in $(seq 1 "$RUNS"); do
  rm -rf "$LOAD/target"
  CARGO_TARGET_DIR="$LOAD/target" cargo build --release --workspace --quiet >"$LOAD/build.log" 2>&1 &
  BUILD=$!
  sleep 5 # the build under way before the browsers start
  started=$SECONDS
  if node tests/e2e/run.mjs --dist dist --prefix /games/ >"$LOAD/e2e-$i.log" 2>&1; then
    result=passed
  else
    result=FAILED
  fi
  building=$(kill -0 "$BUILD" 2>/dev/null && echo "still building" || echo "build ended before the run")
  printf '==> e2e-loaded: run %d %s in %d s (load average %s; %s): %s\n' "$i" "$result" \
    "$((SECONDS - started))" "$(cut -d' ' -f1-3 /proc/loadavg)" "$building" "$(grep -o '^e2e: [0-9].*' "$LOAD/e2e-$i.log" || true)"
  kill "$BUILD" 2>/dev/null || true
  pkill -P "$BUILD" 2>/dev/null || true
  wait "$BUILD" 2>/dev/null || true
  BUILD=""
  if [ "$result" = FAILED ]; then
    grep -A12 '^FAIL' "$LOAD/e2e-$i.log" | sed 's/^/    /'
    exit 1
  fi
done
echo "==> e2e-loaded: $RUNS runs in a row passed"
