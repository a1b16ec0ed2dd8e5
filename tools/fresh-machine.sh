#!/usr/bin/env bash
# The README's commands as a new user runs them on a machine that has never built the project.
#
#   tools/fresh-machine.sh [--no-test] [--keep] [--commit REV]
#
# Clones the current commit (or REV) into a temporary folder and runs there, with an empty cargo
# home (a new CARGO_HOME: no registry, no git checkouts; the toolchains stay reachable through
# RUSTUP_HOME and PATH), an empty tools cache (CARDS_TOOLS_CACHE, where tools/setup.sh keeps
# wasm-bindgen) and an empty npm cache:
#   1. `./play` until http://127.0.0.1:<port>/health answers (the first run: setup and builds),
#   2. `./play` again until /health answers (the second run: everything is there),
#   3. `./test` (skipped with --no-test).
# It prints each command's time and exits non-zero if any of them fails. What it cannot empty is
# said in its output: Debian packages that an earlier run installed stay installed (apt), and
# the rustup toolchain with its wasm32 target stays (a fresh machine of ours has it too).
# Everything is removed at the end unless --keep (the folder holds several GB).
# docs/benchmarks.md ("A fresh machine") has its figures.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

TEST=1
KEEP=0
REV=HEAD
while [ "$#" -gt 0 ]; do
  case "$1" in
    --no-test) TEST=0 ;;
    --keep) KEEP=1 ;;
    --commit)
      REV="$2"
      shift
      ;;
    *)
      echo "usage: tools/fresh-machine.sh [--no-test] [--keep] [--commit REV]" >&2
      exit 2
      ;;
  esac
  shift
done

say() { printf '==> fresh-machine: %s\n' "$*"; }
COMMIT="$(git -C "$ROOT" rev-parse --verify "$REV^{commit}")"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/cards-fresh.XXXXXX")"
PLAY_PID=""
cleanup() {
  if [ -n "$PLAY_PID" ]; then
    kill -- "-$PLAY_PID" 2>/dev/null || kill "$PLAY_PID" 2>/dev/null || true
    wait "$PLAY_PID" 2>/dev/null || true
  fi
  if [ "$KEEP" = 1 ]; then
    say "kept $WORK"
  else
    rm -rf "$WORK"
  fi
}
trap cleanup EXIT

# The toolchains: rustup's proxies stay on PATH, its toolchains in RUSTUP_HOME.
if command -v rustup >/dev/null 2>&1; then
  RUSTUP_HOME="$(rustup show home 2>/dev/null || echo "${RUSTUP_HOME:-$HOME/.rustup}")"
  export RUSTUP_HOME
fi
export CARGO_HOME="$WORK/cargo-home"
export CARDS_TOOLS_CACHE="$WORK/tools-cache"
export npm_config_cache="$WORK/npm-cache"
mkdir -p "$CARGO_HOME" "$CARDS_TOOLS_CACHE" "$npm_config_cache"
# cargo and rustc through rustup's proxies (the old CARGO_HOME's bin), never a cargo-installed tool
# of the old cargo home: setup.sh must install what it needs.
PROXIES="$(dirname "$(command -v cargo)")"

say "commit $COMMIT, in $WORK"
say "load average before: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
say "empty: CARGO_HOME=$CARGO_HOME, CARDS_TOOLS_CACHE=$CARDS_TOOLS_CACHE, npm cache"
say "kept: RUSTUP_HOME=${RUSTUP_HOME:-} ($(rustup target list --installed 2>/dev/null | tr '\n' ' ')), Debian packages already installed"

T_CLONE=$SECONDS
git clone --quiet --no-hardlinks "$ROOT" "$WORK/repo"
git -C "$WORK/repo" checkout --quiet --detach "$COMMIT"
cd "$WORK/repo"
export PATH="$PROXIES:$PATH"

free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

# play_until_healthy NAME LOG: starts ./play on a free port and waits until /health answers;
# prints the seconds taken. Fails if ./play exits first.
play_until_healthy() {
  local name="$1" log="$2" port started
  port="$(free_port)"
  started=$SECONDS
  # A process group of its own, so that the relay it execs is stopped with it.
  setsid env PORT="$port" ./play >"$log" 2>&1 &
  PLAY_PID=$!
  until curl -fsS "http://127.0.0.1:$port/health" >/dev/null 2>&1; do
    if ! kill -0 "$PLAY_PID" 2>/dev/null; then
      wait "$PLAY_PID" || true
      PLAY_PID=""
      say "$name FAILED after $((SECONDS - started)) s; the end of its output:"
      tail -n 40 "$log" | sed 's/^/    /'
      return 1
    fi
    sleep 0.2
  done
  say "$name serving after $((SECONDS - started)) s (http://127.0.0.1:$port/, since the clone: $((SECONDS - T_CLONE)) s)"
  curl -fsS "http://127.0.0.1:$port/" | grep -q '<html' || {
    say "$name: / is not the site"
    return 1
  }
  kill -- "-$PLAY_PID" 2>/dev/null || kill "$PLAY_PID"
  wait "$PLAY_PID" 2>/dev/null || true
  PLAY_PID=""
}

status=0
if play_until_healthy "first ./play" "$WORK/play-1.log"; then
  grep -E '^==> (setup|build-web|play)' "$WORK/play-1.log" | sed 's/^/    /' || true
  play_until_healthy "second ./play" "$WORK/play-2.log" || status=1
else
  status=1
fi

if [ "$status" = 0 ] && [ "$TEST" = 1 ]; then
  started=$SECONDS
  if ./test >"$WORK/test.log" 2>&1; then
    say "./test green in $((SECONDS - started)) s"
    grep -E '^==> test' "$WORK/test.log" | sed 's/^/    /'
  else
    say "./test FAILED after $((SECONDS - started)) s; the end of its output:"
    tail -n 60 "$WORK/test.log" | sed 's/^/    /'
    # The failures themselves, which a long tail of later output may have pushed out of it,
    # and the whole log kept past the clean-up.
    say "the failures:"
    grep -E -A3 '^(FAIL|error|test .* FAILED)' "$WORK/test.log" | sed 's/^/    /' || true
    cp "$WORK/test.log" "${TMPDIR:-/tmp}/fresh-machine-test.log"
    say "the whole ./test output: ${TMPDIR:-/tmp}/fresh-machine-test.log"
    status=1
  fi
fi

say "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
say "$( [ "$status" = 0 ] && echo green || echo FAILED ) in $((SECONDS - T_CLONE)) s since the clone"
exit "$status"
