#!/usr/bin/env bash
# Release build of the web app into dist/ (called by ./play and ./test; needs tools/setup.sh first).
#
# The site is one page per WebAssembly module, so a player downloads only what the screen in
# front of them needs: index.html (binary `cards-web`, the home page) and <slug>.html for each
# game (binary `<slug>` in src/bin/: its setup form, table and rule page). Each game page is
# index.html with its own binary; Trunk builds every page into its own folder (a Trunk build
# replaces its whole dist folder), and the folders are merged into dist/.
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
PAGES="$ROOT/target/web-pages"
STAGE="$ROOT/target/web-dist"
LOGS="$ROOT/target/web-logs"
# The pages' and the worker's cargo builds each have a target folder of their own: they share no
# compiled crate with each other or with the native builds (other profiles, another target), and
# a folder of their own lets them build while another cargo holds target/ (./play runs this
# script beside the relay's build).
export CARGO_TARGET_DIR="$ROOT/target/web"

# Trunk builds one page into its own folder of target/web-dist/: wasm-bindgen, wasm-opt -Oz
# --converge (index.html), hashed file names, minified CSS and HTML. A page whose wasm, HTML and
# assets are unchanged since its last build is kept, so a second run skips it.
build_page() { # <html file> <binary> <output html name>
  local out="$STAGE/$2" stamp
  stamp="$(cat "$1" "$CARGO_TARGET_DIR/wasm32-unknown-unknown/web/$2.wasm" Trunk.toml static/style.css static/favicon.svg static/fonts/* | sha256sum)"
  if [ -f "$out.stamp" ] && [ "$(cat "$out.stamp")" = "$stamp" ] && [ -f "$out/$3" ]; then
    echo "==> build-web: $3 unchanged"
    return
  fi
  local t0=$SECONDS log="$LOGS/$2.log"
  rm -f "$out.stamp"
  if ! wasm_env trunk build --release --dist "$out" --html-output "$3" "$1" >"$log" 2>&1; then
    cat "$log" >&2
    echo "build-web: trunk build of $3 failed" >&2
    return 1
  fi
  echo "$stamp" >"$out.stamp"
  echo "==> build-web: $3 built by trunk in $((SECONDS - t0))s ($WASM_MODE toolchain)"
}
# `tools/build-web.sh --page <html file> <binary> <output html name>`: one page (the pages'
# builds below run side by side through this).
if [ "${1:-}" = --page ]; then
  shift
  build_page "$@"
  exit
fi

# The builds below run cargo with --offline (and Trunk too, Trunk.toml `offline = true`), so fetch
# the crates first. A plain `cargo fetch` takes every package of Cargo.lock: `cargo fetch --target
# wasm32-unknown-unknown` alone leaves out native-only ones (tokio-stream, under Yew's runtime)
# that an --offline wasm32 build still asks for, and a machine that never built the project fails
# there (issue 21). The wasm32 fetch adds the standard library's own dependencies when build-std
# is on (Debian toolchain). Both take well under a second once everything is there.
echo "==> build-web: cargo fetch"
cargo fetch --quiet
if [ "$WASM_MODE" = debian ]; then wasm_env cargo fetch --quiet --target wasm32-unknown-unknown; fi

started=$SECONDS
mkdir -p "$PAGES" "$STAGE" "$LOGS"
# Work that does not need a core for itself runs side by side: the worker's build beside the
# pages' build, then the pages' Trunk builds (wasm-opt from npm runs in Node on one core) as many
# at a time as the machine has cores (CARDS_BUILD_JOBS). Each one's output goes to
# target/web-logs/ and is printed whole if it fails.
JOBS="${CARDS_BUILD_JOBS:-$(nproc)}"

# The hard bots' Web Worker (crates/worker): its own profile, opt-level 3 (Cargo.toml
# `[profile.worker]`), then wasm-bindgen for a classic worker (`--target no-modules`) and
# wasm-opt -O3. Not through Trunk: a Trunk page with only a worker link also builds the root
# package as its main app. Unhashed names, so a table page finds it (src/driver.rs); a page
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
  # The features rustc enables for wasm32 by default.
  wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals --enable-multivalue --enable-reference-types \
    -o "$out/hard-worker_bg.wasm.opt" "$out/hard-worker_bg.wasm"
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

# Every page's binary in one cargo run (the same profile and target Trunk uses, so Trunk finds
# them built).
echo "==> build-web: cargo build --profile web --bins ($WASM_MODE toolchain)"
wasm_env cargo build --quiet --offline -p cards-web --bins --profile web --target wasm32-unknown-unknown
# Each game's offline page and online page: index.html with the game's binary, its asset paths
# made relative to target/web-pages/.
for game in "${PAGES_OF_GAMES[@]}"; do
  sed -e "s|data-bin=\"cards-web\"|data-bin=\"$game\"|" \
      -e 's|\(data-trunk rel="[a-z-]*" href="\)|\1../../|' \
      index.html > "$PAGES/$game.html.new"
  grep -q "data-bin=\"$game\"" "$PAGES/$game.html.new" || { echo "build-web: could not make $game.html" >&2; exit 1; }
  # Only a changed file is rewritten, so Trunk and cargo see nothing new on a second run.
  if cmp -s "$PAGES/$game.html.new" "$PAGES/$game.html"; then rm "$PAGES/$game.html.new"; else mv "$PAGES/$game.html.new" "$PAGES/$game.html"; fi
done
# The pages' Trunk builds, JOBS at a time: this script again, one page each (`--page`).
{
  printf '%s\n' index.html cards-web index.html
  for game in "${PAGES_OF_GAMES[@]}"; do printf '%s\n' "$PAGES/$game.html" "$game" "$game.html"; done
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
for page in cards-web hard-worker "${PAGES_OF_GAMES[@]}"; do cp -r "$STAGE/$page/." dist/; done
# Offline play and install: the manifest and its icons, and the service worker, whose cache
# is named after this build (a hash of every other file), so a new build replaces the cache.
cp static/manifest.webmanifest static/icon-*.png dist/
# Where online play finds its relay: empty means this site's own origin (docs/relay.md). A
# static host that serves the site without the relay writes the relay's wss:// address here.
cp static/relay.json dist/
build_id="$(cd dist && find . -type f -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16)"
sed "s/__BUILD__/$build_id/" static/sw.js > dist/sw.js

echo "==> build-web: done in $((SECONDS - started))s"
for f in dist/*_bg.wasm; do
  raw=$(stat -c %s "$f")
  gz=$(gzip -9 -c "$f" | wc -c)
  printf '==> build-web:   %-44s %5d KiB raw, %4d KiB gzip -9\n' "${f#dist/}" $((raw / 1024)) $((gz / 1024))
done
