#!/usr/bin/env bash
# Release build of the web app into dist/ (called by ./play and ./test; needs tools/setup.sh first).
#
# The site is one page per WebAssembly module, so a player downloads only what the screen in
# front of them needs: index.html (binary `cards-web`, the home page), <slug>.html for each
# game (binary `<slug>` in src/bin/: its setup form and table), <slug>-online.html (its rooms)
# and rules.html (binary `rules`: every game's rule page). A game's offline page has a second
# module, `<slug>-extra` (its hand replay and analysis, src/extra.rs; the online page loads it for the replay
# the relay sends), fetched when first opened. Each page is
# index.html with its own binary (tools/web-page.mjs fills it in); every page is made in a folder
# of its own under target/web-dist/, and the folders are merged into dist/.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=/dev/null
source "$ROOT/.tools/env.sh"

GAMES=(hokm shelem pasur bidel haft-khabis crazy-eights)
# Each game has an offline page and an online one (its rooms on the relay), so that the code
# of online play is fetched only by those who play online.
PAGES_OF_GAMES=()
for g in "${GAMES[@]}"; do PAGES_OF_GAMES+=("$g" "$g-online"); done
STAGE="$ROOT/target/web-dist"
LOGS="$ROOT/target/web-logs"
# The pages' and the worker's cargo builds each have a target folder of their own: they share no
# compiled crate with each other or with the native builds (other profiles, another target), and
# a folder of their own lets them build while another cargo holds target/ (./play runs this
# script beside the relay's build).
export CARGO_TARGET_DIR="$ROOT/target/web"

# The pages' cargo build (and its fetch) rebuilds the standard library from its source (build-std,
# rust-src: tools/setup.sh) with panic=immediate-abort: a panic traps at once instead of formatting
# a message nobody sees (the pages set no panic hook, and wasm32-unknown-unknown has no stderr), and
# std is optimized for size like the rest. With `-Zlocation-detail=none` (no file and line of each
# possible panic) this makes each page's wasm about 7% smaller (hokm: 215,254 -> 199,689 B brotli;
# docs/benchmarks.md). `-Zfmt-debug=none` makes every `{:?}` print nothing (2.8 KB more): the
# pages' code shows no Debug text to anyone (their one `{:?}` outside tests, a socket's error in
# src/online, is dropped unread; the tests run natively, with Debug). These are unstable flags of
# a stable compiler, hence RUSTC_BOOTSTRAP, as for Debian's toolchain (shared/TOOLCHAIN.md). The
# worker keeps its own profile (speed, not size).
PAGES_ENV=(RUSTC_BOOTSTRAP=1 CARGO_UNSTABLE_BUILD_STD=std,panic_abort
  "RUSTFLAGS=-Zunstable-options -Cpanic=immediate-abort -Zlocation-detail=none -Zfmt-debug=none")
pages_env() { wasm_env env "${PAGES_ENV[@]}" "$@"; }

# The features rustc enables for wasm32 by default, for wasm-opt.
WASM_FEATURES=(--enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals
  --enable-multivalue --enable-reference-types)

# How wasm-opt optimizes a page's wasm (wasm-opt runs in Node, npm `binaryen`: one core): flatten
# the code and run the relooper again on it (`--rereloop`: rebuilds every function's control flow
# from its blocks), then -O2 twice. The wasm is already optimized for size by rustc
# (`opt-level = "z"`, fat LTO); the rebuilt control flow compresses better: every page 0.35-2.3 KB
# smaller in brotli than with -O1 (shelem-online 172,423 -> 170,078 B; the home page 63,317 ->
# 62,965), for 10 s a page instead of 4-7 (two at a time). -Oz and -O3 gave larger brotli than -O1
# (docs/benchmarks.md).
WASM_OPT=(--flatten --rereloop -O2 -O2)

# One page into its own folder of target/web-dist/: wasm-bindgen (--target web), wasm-opt
# (`WASM_OPT`), then tools/web-page.mjs (hashed names, SRI, minified JS and HTML). A page whose
# wasm, index.html, shared files and wasm-opt passes are unchanged since its last build is kept,
# so a second run skips it.
build_page() { # <binary> <output html name> [<second module's binary>]
  local out="$STAGE/$1" wasm="$CARGO_TARGET_DIR/wasm32-unknown-unknown/web/$1.wasm" stamp
  local extra="${3:--}" extra_wasm=/dev/null
  [ "$extra" = - ] || extra_wasm="$CARGO_TARGET_DIR/wasm32-unknown-unknown/web/$extra.wasm"
  stamp="$( (echo "${WASM_OPT[*]}"; cat index.html "$wasm" "$extra_wasm" tools/web-page.mjs tools/wasm-names.mjs "$STAGE/assets.json") | sha256sum)"
  if [ -f "$out.stamp" ] && [ "$(cat "$out.stamp")" = "$stamp" ] && [ -f "$out/$2" ]; then
    echo "==> build-web: $2 unchanged"
    return
  fi
  local t0=$SECONDS log="$LOGS/$1.log" tmp="$STAGE/$1.bindgen"
  rm -rf "$out" "$out.stamp" "$tmp"
  if ! (
    set -e
    for bin in "$1" "$extra"; do
      [ "$bin" = - ] && continue
      wasm-bindgen --target web --no-typescript --out-dir "$tmp" "$CARGO_TARGET_DIR/wasm32-unknown-unknown/web/$bin.wasm"
      wasm-opt "${WASM_OPT[@]}" "${WASM_FEATURES[@]}" -o "$tmp/${bin}_bg.wasm.opt" "$tmp/${bin}_bg.wasm"
      mv "$tmp/${bin}_bg.wasm.opt" "$tmp/${bin}_bg.wasm"
    done
    if [ "$extra" = - ]; then
      node tools/web-page.mjs page "$STAGE/assets.json" "$1" "$tmp" "$out" "$2"
    else
      node tools/web-page.mjs page "$STAGE/assets.json" "$1" "$tmp" "$out" "$2" "$extra" "$tmp"
    fi
  ) >"$log" 2>&1; then
    cat "$log" >&2
    echo "build-web: the page $2 failed" >&2
    return 1
  fi
  rm -rf "$tmp"
  echo "$stamp" >"$out.stamp"
  echo "==> build-web: $2 built in $((SECONDS - t0))s"
}
# `tools/build-web.sh --page <binary> <output html name>`: one page (the pages' builds below run
# side by side through this).
if [ "${1:-}" = --page ]; then
  shift
  build_page "$@"
  exit
fi

# The builds below run cargo with --offline, so fetch
# the crates first. A plain `cargo fetch` takes every package of Cargo.lock: `cargo fetch --target
# wasm32-unknown-unknown` alone leaves out native-only ones (tokio-stream, under Yew's runtime)
# that an --offline wasm32 build still asks for, and a machine that never built the project fails
# there (issue 21). The wasm32 fetch with the pages' build-std adds the standard library's own
# dependencies (dlmalloc, …). Both take well under a second once everything is there.
echo "==> build-web: cargo fetch"
cargo fetch --quiet
pages_env cargo fetch --quiet --target wasm32-unknown-unknown

started=$SECONDS
mkdir -p "$STAGE" "$LOGS"
# Work that does not need a core for itself runs side by side: the worker's build beside the
# pages' build, then the pages' steps after cargo (wasm-opt from npm runs in Node on one core) as many
# at a time as the machine has cores (CARDS_BUILD_JOBS). Each one's output goes to
# target/web-logs/ and is printed whole if it fails.
JOBS="${CARDS_BUILD_JOBS:-$(nproc)}"

# The hard bots' Web Worker (crates/worker): its own profile, opt-level 3 (Cargo.toml
# `[profile.worker]`), then wasm-bindgen for a classic worker (`--target no-modules`) and
# wasm-opt -O3. Unhashed names, so a table page finds it (src/driver.rs); a page
# loads it only when a hard bot is seated or a hint is asked. In a target folder of its own
# (target/worker), so that it builds while cargo holds target/web for the pages.
build_worker() {
  CARGO_TARGET_DIR="$ROOT/target/worker" wasm_env cargo build --quiet --offline -p worker --bin hard-worker --profile worker --target wasm32-unknown-unknown
  local out="$STAGE/hard-worker" wasm="target/worker/wasm32-unknown-unknown/worker/hard-worker.wasm" stamp
  stamp="$(sha256sum <"$wasm")"
  if [ -f "$out.stamp" ] && [ "$(cat "$out.stamp")" = "$stamp" ] && [ -f "$out/hard-worker_loader.js" ]; then
    echo "==> build-web: hard-worker unchanged"
    return
  fi
  rm -rf "$out" "$out.stamp"
  mkdir -p "$out"
  wasm-bindgen --target no-modules --no-typescript --out-dir "$out" "$wasm"
  wasm-opt -O3 "${WASM_FEATURES[@]}" -o "$out/hard-worker_bg.wasm.opt" "$out/hard-worker_bg.wasm"
  mv "$out/hard-worker_bg.wasm.opt" "$out/hard-worker_bg.wasm"
  # The worker's entry: load the glue, then its wasm (relative to this script).
  printf '%s\n' "importScripts('./hard-worker.js');" "wasm_bindgen('./hard-worker_bg.wasm');" >"$out/hard-worker_loader.js"
  echo "$stamp" >"$out.stamp"
  echo "==> build-web: hard-worker built"
}
echo "==> build-web: cargo build --profile worker -p worker, in the background ($WASM_MODE toolchain)"
build_worker >"$LOGS/hard-worker.log" 2>&1 &
WORKER=$!
# A failure anywhere stops the worker's build too.
trap 'pkill -P "$WORKER" 2>/dev/null; kill "$WORKER" 2>/dev/null || true' EXIT

# Every page's binary in one cargo run.
echo "==> build-web: cargo build --profile web --bins ($WASM_MODE toolchain)"
pages_env cargo build --quiet --offline -p cards-web --bins --profile web --target wasm32-unknown-unknown
# What every page shares (the CSS, the icon, the fonts), then the pages, JOBS at a time: this
# script again, one page each (`--page`): the home page (cards-web), the rule pages (rules) and
# each game's offline and online page.
rm -rf "$STAGE/assets"
node tools/web-page.mjs assets "$STAGE/assets"
{
  printf '%s\n' cards-web index.html - rules rules.html -
  for game in "${GAMES[@]}"; do printf '%s\n' "$game" "$game.html" "$game-extra" "$game-online" "$game-online.html" "$game-extra"; done
} | xargs -d '\n' -n 3 -P "$JOBS" "$ROOT/tools/build-web.sh" --page || {
  echo "build-web: a page failed (above)" >&2
  exit 1
}
if ! wait "$WORKER"; then
  cat "$LOGS/hard-worker.log" >&2
  echo "build-web: the worker's build failed" >&2
  exit 1
fi
trap - EXIT
cat "$LOGS/hard-worker.log"

rm -rf dist
mkdir -p dist
# With their times (-p): a file that did not change since the last build keeps its Last-Modified and
# ETag (the relay's and nginx's are made of the size and time), so a browser that has it gets a 304.
for page in assets cards-web rules hard-worker "${PAGES_OF_GAMES[@]}"; do cp -rp "$STAGE/$page/." dist/; done
# Offline play and install: the manifest and its icons, and the service worker, whose cache
# is named after this build (a hash of every other file), so a new build replaces the cache.
cp -p static/manifest.webmanifest static/icon-*.png dist/
# Where online play finds its relay: empty means this site's own origin (docs/relay.md). A
# static host that serves the site without the relay writes the relay's wss:// address here.
cp -p static/relay.json dist/
build_id="$(cd dist && find . -type f -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16)"
# The home page's files (its HTML and every file of the site it names, and the fonts its CSS
# loads), which the worker keeps once any page was opened, and the regular font's hashed name.
home_files="$(
  cd dist
  { echo index.html; grep -oE '\./[A-Za-z0-9_.-]+\.(js|wasm|css|svg)' index.html | sed 's|^\./||'; ls fonts/*.woff2; } |
    sort -u | sed 's/.*/"&"/' | paste -sd,
)"
font="$(cd dist && ls fonts/Vazirmatn-Regular-*.woff2)"
sed -e "s/__BUILD__/$build_id/" -e "s|__HOME__|[$home_files]|" -e "s|__FONT__|$font|" static/sw.js > dist/sw.js
# Last, the precompressed copies a server sends by the request's Accept-Encoding: FILE.br (brotli
# quality 11) and FILE.gz (gzip -9) beside every html, js, wasm, css, svg and json file
# (docs/deploy.md). They are kept in target/web-compressed/ by content, so only the files whose
# content changed since the last build are compressed again (a page's wasm: a few seconds).
node tools/compress-web.mjs write dist

echo "==> build-web: done in $((SECONDS - started))s"
for f in dist/*_bg.wasm; do
  raw=$(stat -c %s "$f")
  gz=$(stat -c %s "$f.gz")
  br=$(stat -c %s "$f.br")
  printf '==> build-web:   %-44s %5d KiB raw, %4d KiB gzip -9, %4d KiB brotli\n' "${f#dist/}" $((raw / 1024)) $((gz / 1024)) $((br / 1024))
done
