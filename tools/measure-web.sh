#!/usr/bin/env bash
# Prints the transfer size of the built app (dist/), raw and gzip -9: per file; per page (what a
# player's browser fetches to open it: the page's HTML, JS glue and wasm, plus the shared CSS and
# icon); the whole site; and the fonts on their own line.
#   tools/measure-web.sh [DIST] [--budget BYTES]
# With --budget, it fails (exit 1) if a page's gzip -9 total is over BYTES (./test: 307200, 300 KiB: the unit this script prints).
set -euo pipefail
DIST="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/dist"
BUDGET=0
while [ $# -gt 0 ]; do
  case "$1" in
    --budget) BUDGET="$2"; shift 2 ;;
    *) DIST="$1"; shift ;;
  esac
done
over=()
[ -f "$DIST/index.html" ] || { echo "measure-web: $DIST/index.html not found; run ./play --no-serve first" >&2; exit 1; }
declare -A RAW GZ
app_raw=0 app_gz=0 font_raw=0 font_gz=0 shared_raw=0 shared_gz=0
printf '%-48s %10s %10s\n' file raw gzip
while IFS= read -r f; do
  raw=$(stat -c %s "$f")
  gz=$(gzip -9 -c "$f" | wc -c)
  rel="${f#"$DIST"/}"
  RAW[$rel]=$raw GZ[$rel]=$gz
  printf '%-48s %10d %10d\n' "$rel" "$raw" "$gz"
  case "$rel" in
    fonts/*.woff2) font_raw=$((font_raw + raw)) font_gz=$((font_gz + gz)) ;;
    fonts/*) ;; # the licence text is not fetched by the page
    *.css | *.svg) shared_raw=$((shared_raw + raw)) shared_gz=$((shared_gz + gz)); app_raw=$((app_raw + raw)) app_gz=$((app_gz + gz)) ;;
    *) app_raw=$((app_raw + raw)) app_gz=$((app_gz + gz)) ;;
  esac
done < <(find "$DIST" -type f | sort)
echo
printf '%-48s %10s %10s\n' "page (html + js + wasm + css + icon)" raw gzip
for html in "$DIST"/*.html; do
  page="$(basename "$html")"
  # The page's own module: the script its HTML loads.
  js="$(grep -o '[a-z-]*-[0-9a-f]*\.js' "$html" | head -1)"
  wasm="${js%.js}_bg.wasm"
  raw=$((RAW[$page] + RAW[$js] + RAW[$wasm] + shared_raw))
  gz=$((GZ[$page] + GZ[$js] + GZ[$wasm] + shared_gz))
  printf '%-48s %10d %10d  (%d KiB gzip)\n' "$page" "$raw" "$gz" $((gz / 1024))
  if [ "$BUDGET" -gt 0 ] && [ "$gz" -gt "$BUDGET" ]; then over+=("$page ($gz B)"); fi
done
echo
printf '%-48s %10d %10d  (%d KiB raw, %d KiB gzip)\n' "whole site (every page)" "$app_raw" "$app_gz" $((app_raw / 1024)) $((app_gz / 1024))
printf '%-48s %10d %10d  (%d KiB raw, %d KiB gzip)\n' "fonts (woff2)" "$font_raw" "$font_gz" $((font_raw / 1024)) $((font_gz / 1024))
if [ "$BUDGET" -gt 0 ]; then
  if [ ${#over[@]} -gt 0 ]; then
    echo "measure-web: over the budget of $BUDGET B gzip: ${over[*]}" >&2
    exit 1
  fi
  echo "measure-web: every page within $BUDGET B gzip"
fi
