#!/usr/bin/env bash
# Prints the transfer size of the built app (dist/), raw, gzip and brotli: per file; per page (what a
# player's browser fetches to open it: the page's HTML, JS glue and wasm, plus the shared CSS and
# icon); the whole site; and the fonts on their own line.
#   tools/measure-web.sh [DIST] [--budget BYTES]
# gzip and brotli are the bytes a browser receives from a server that sends the build's precompressed
# copies (FILE.gz: gzip -9, FILE.br: brotli quality 11; tools/compress-web.mjs writes them at the end of
# tools/build-web.sh, and compresses the same way in memory where a copy is missing); a file that is
# sent as it is (woff2, png, or one whose copy would not be smaller) counts its raw size in both.
# A page counts its own stylesheet (each page has one, tools/web-page.mjs).
# With --budget, it fails (exit 1) if a page's brotli total is over BYTES (./test: 180000,
# issue 25's target); with --home-budget, if the home page's is (./test: 70000, issue 25's
# target).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIST="$ROOT/dist"
BUDGET=0
HOME_BUDGET=0
while [ $# -gt 0 ]; do
  case "$1" in
    --budget) BUDGET="$2"; shift 2 ;;
    --home-budget) HOME_BUDGET="$2"; shift 2 ;;
    *) DIST="$1"; shift ;;
  esac
done
over=()
[ -f "$DIST/index.html" ] || { echo "measure-web: $DIST/index.html not found; run ./play --no-serve first" >&2; exit 1; }
declare -A RAW GZ BR
app_raw=0 app_gz=0 app_br=0 font_raw=0 font_gz=0 font_br=0 shared_raw=0 shared_gz=0 shared_br=0
printf '%-48s %10s %10s %10s\n' file raw gzip brotli
while read -r raw gz br rel; do
  RAW[$rel]=$raw GZ[$rel]=$gz BR[$rel]=$br
  printf '%-48s %10d %10d %10d\n' "$rel" "$raw" "$gz" "$br"
  case "$rel" in
    fonts/*.woff2) font_raw=$((font_raw + raw)) font_gz=$((font_gz + gz)) font_br=$((font_br + br)) ;;
    fonts/*) ;; # the licence text is not fetched by the page
    *.svg)
      shared_raw=$((shared_raw + raw)) shared_gz=$((shared_gz + gz)) shared_br=$((shared_br + br))
      app_raw=$((app_raw + raw)) app_gz=$((app_gz + gz)) app_br=$((app_br + br))
      ;;
    *) app_raw=$((app_raw + raw)) app_gz=$((app_gz + gz)) app_br=$((app_br + br)) ;;
  esac
done < <(node "$ROOT/tools/compress-web.mjs" sizes "$DIST")
echo
printf '%-48s %10s %10s %10s\n' "page (html + js + wasm + css + icon)" raw gzip brotli
for html in "$DIST"/*.html; do
  page="$(basename "$html")"
  # The page's own module: the script its HTML loads (its second module, below, is named after it).
  js="$(grep -o '[a-z-]*-[0-9a-f]*\.js' "$html" | head -1)"
  wasm="${js%.js}_bg.wasm"
  # Its stylesheet: each page has its own, the rules it can use (tools/web-page.mjs).
  css="$(grep -o 'style-[0-9a-f]*\.css' "$html" | head -1)"
  raw=$((RAW[$page] + RAW[$js] + RAW[$wasm] + RAW[$css] + shared_raw))
  gz=$((GZ[$page] + GZ[$js] + GZ[$wasm] + GZ[$css] + shared_gz))
  br=$((BR[$page] + BR[$js] + BR[$wasm] + BR[$css] + shared_br))
  printf '%-48s %10d %10d %10d  (%d KiB gzip, %d KiB brotli)\n' "$page" "$raw" "$gz" "$br" $((gz / 1024)) $((br / 1024))
  if [ "$BUDGET" -gt 0 ] && [ "$br" -gt "$BUDGET" ]; then over+=("$page ($br B)"); fi
  if [ "$page" = index.html ] && [ "$HOME_BUDGET" -gt 0 ] && [ "$br" -gt "$HOME_BUDGET" ]; then
    over+=("the home page ($br B, over its own $HOME_BUDGET B)")
  fi
done
echo
# A game page's second module (src/extra.rs: the hand replay and analysis) and its stylesheet,
# fetched only when the player first opens one of them: not part of the page's figure.
printf '%-48s %10s %10s %10s\n' "loaded on demand (js + wasm + css)" raw gzip brotli
for html in "$DIST"/*.html; do
  js="$(grep -o 'name="cards-extra" content="\./[a-z-]*-[0-9a-f]*\.js' "$html" | sed 's|.*\./||' || true)"
  [ -n "$js" ] || continue
  wasm="${js%.js}_bg.wasm"
  css="$(grep -o 'data-css="\./extra-[0-9a-f]*\.css' "$html" | sed 's|.*\./||')"
  printf '%-48s %10d %10d %10d\n' "$(basename "$html") → ${js%-*}" $((RAW[$js] + RAW[$wasm] + RAW[$css])) \
    $((GZ[$js] + GZ[$wasm] + GZ[$css])) $((BR[$js] + BR[$wasm] + BR[$css]))
done
echo
printf '%-48s %10d %10d %10d  (%d KiB raw, %d KiB gzip, %d KiB brotli)\n' "whole site (every page)" \
  "$app_raw" "$app_gz" "$app_br" $((app_raw / 1024)) $((app_gz / 1024)) $((app_br / 1024))
printf '%-48s %10d %10d %10d  (%d KiB raw)\n' "fonts (woff2, sent as they are)" "$font_raw" "$font_gz" "$font_br" $((font_raw / 1024))
if [ "$BUDGET" -gt 0 ] || [ "$HOME_BUDGET" -gt 0 ]; then
  if [ ${#over[@]} -gt 0 ]; then
    echo "measure-web: over the budget (every page $BUDGET B, the home page $HOME_BUDGET B; brotli): ${over[*]}" >&2
    exit 1
  fi
  echo "measure-web: every page within its budget (every page $BUDGET B, the home page $HOME_BUDGET B; brotli)"
fi
