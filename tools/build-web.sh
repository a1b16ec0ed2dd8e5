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

# Trunk runs cargo with --offline (Trunk.toml `offline = true`), so fetch the crates first, including the
# standard library's own dependencies when build-std is on (Debian toolchain).
echo "==> build-web: cargo fetch (wasm32)"
wasm_env cargo fetch --quiet --target wasm32-unknown-unknown

started=$SECONDS
mkdir -p "$PAGES" "$STAGE"
# Every binary in one cargo run (the same profile and target Trunk uses, so Trunk finds them
# built); a page whose wasm and assets are unchanged since its last Trunk build is kept, so a
# second run skips wasm-bindgen and wasm-opt.
echo "==> build-web: cargo build --profile web --bins ($WASM_MODE toolchain)"
wasm_env cargo build --quiet --offline -p cards-web --bins --profile web --target wasm32-unknown-unknown
build_page() { # <html file> <binary> <output html name> [cargo profile] [trunk flags...]
  local out="$STAGE/$2" stamp profile="${4:-web}"
  stamp="$(cat "$1" "target/wasm32-unknown-unknown/$profile/$2.wasm" Trunk.toml static/style.css static/favicon.svg static/fonts/* | sha256sum)"
  if [ -f "$out.stamp" ] && [ "$(cat "$out.stamp")" = "$stamp" ] && [ -f "$out/$3" ]; then
    echo "==> build-web: $3 unchanged"
    return
  fi
  echo "==> build-web: trunk build --release $1 ($WASM_MODE toolchain)"
  rm -f "$out.stamp"
  wasm_env trunk build --release --dist "$out" --html-output "$3" "${@:5}" "$1"
  echo "$stamp" > "$out.stamp"
}
build_page index.html cards-web index.html
# The hard bots' Web Worker (crates/worker): its own profile, opt-level 3 (Cargo.toml
# `[profile.worker]`), then wasm-bindgen for a classic worker (`--target no-modules`) and
# wasm-opt -O3. Not through Trunk: a Trunk page with only a worker link also builds the root
# package as its main app. Unhashed names, so a table page finds it (src/driver.rs); a page
# loads it only when a hard bot is seated or a hint is asked.
echo "==> build-web: cargo build --profile worker -p worker ($WASM_MODE toolchain)"
wasm_env cargo build --quiet --offline -p worker --bin hard-worker --profile worker --target wasm32-unknown-unknown
WORKER="$STAGE/hard-worker"
worker_wasm="target/wasm32-unknown-unknown/worker/hard-worker.wasm"
stamp="$(cat "$worker_wasm" | sha256sum)"
if [ -f "$WORKER.stamp" ] && [ "$(cat "$WORKER.stamp")" = "$stamp" ] && [ -f "$WORKER/hard-worker_loader.js" ]; then
  echo "==> build-web: hard-worker unchanged"
else
  rm -rf "$WORKER" "$WORKER.stamp"
  mkdir -p "$WORKER"
  wasm-bindgen --target no-modules --no-typescript --out-dir "$WORKER" "$worker_wasm"
  # The features rustc enables for wasm32 by default.
  wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals --enable-multivalue --enable-reference-types \
    -o "$WORKER/hard-worker_bg.wasm.opt" "$WORKER/hard-worker_bg.wasm"
  mv "$WORKER/hard-worker_bg.wasm.opt" "$WORKER/hard-worker_bg.wasm"
  # The worker's entry: load the glue, then its wasm (relative to this script).
  printf '%s\n' "importScripts('./hard-worker.js');" "wasm_bindgen('./hard-worker_bg.wasm');" > "$WORKER/hard-worker_loader.js"
  echo "$stamp" > "$WORKER.stamp"
fi
for game in "${PAGES_OF_GAMES[@]}"; do
  # The game's page: index.html with the game's binary, its asset paths made relative to
  # target/web-pages/.
  sed -e "s|data-bin=\"cards-web\"|data-bin=\"$game\"|" \
      -e 's|\(data-trunk rel="[a-z-]*" href="\)|\1../../|' \
      index.html > "$PAGES/$game.html.new"
  grep -q "data-bin=\"$game\"" "$PAGES/$game.html.new" || { echo "build-web: could not make $game.html" >&2; exit 1; }
  # Only a changed file is rewritten, so Trunk and cargo see nothing new on a second run.
  if cmp -s "$PAGES/$game.html.new" "$PAGES/$game.html"; then rm "$PAGES/$game.html.new"; else mv "$PAGES/$game.html.new" "$PAGES/$game.html"; fi
  build_page "$PAGES/$game.html" "$game" "$game.html"
done

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
