#!/usr/bin/env bash
# Prints the transfer size of the built app (dist/), raw and gzip -9, per file and in total:
# the app itself (wasm + JS + HTML + CSS + icon) on one line, the fonts on their own.
#   tools/measure-web.sh [DIST]
set -euo pipefail
DIST="${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/dist}"
[ -f "$DIST/index.html" ] || { echo "measure-web: $DIST/index.html not found; run ./play --no-serve first" >&2; exit 1; }
app_raw=0 app_gz=0 font_raw=0 font_gz=0
printf '%-48s %10s %10s\n' file raw gzip
while IFS= read -r f; do
  raw=$(stat -c %s "$f")
  gz=$(gzip -9 -c "$f" | wc -c)
  rel="${f#"$DIST"/}"
  printf '%-48s %10d %10d\n' "$rel" "$raw" "$gz"
  case "$rel" in
    fonts/*.woff2) font_raw=$((font_raw + raw)) font_gz=$((font_gz + gz)) ;;
    fonts/*) ;; # the licence text is not fetched by the page
    *) app_raw=$((app_raw + raw)) app_gz=$((app_gz + gz)) ;;
  esac
done < <(find "$DIST" -type f | sort)
printf '%-48s %10d %10d  (%d KiB raw, %d KiB gzip)\n' "app (wasm+js+html+css+icon)" "$app_raw" "$app_gz" $((app_raw / 1024)) $((app_gz / 1024))
printf '%-48s %10d %10d  (%d KiB raw, %d KiB gzip)\n' "fonts (woff2)" "$font_raw" "$font_gz" $((font_raw / 1024)) $((font_gz / 1024))
