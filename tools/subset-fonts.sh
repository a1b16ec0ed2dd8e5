#!/usr/bin/env bash
# Writes the site's fonts: static/fonts/Vazirmatn-{Regular,Bold}.woff2, subsets of the full
# fonts kept in fonts-src/ (not shipped) to the characters the site shows and a player may
# type, and static/fonts/glyphs.txt, the list of the characters they hold (docs/web-build.md,
# "Fonts"). The work is tools/subset-fonts.py; it checks its result (each font's character map
# equals glyphs.txt, and every UI string shapes exactly as with the full font).
#
#   tools/subset-fonts.sh
#
# Dev-only, run by hand when a UI string gains a character the fonts lack (the unit test
# `fonts_cover` names it); ./play and ./test never run it, and the build only copies its
# output. It needs Debian's `fonttools` and `python3-brotli` (pyftsubset, woff2) and
# `libharfbuzz-bin` (hb-shape, for the check): installed with apt if missing. They are tools of
# this script only, never a dependency of the site.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# Debian's own Python, which the apt packages install into (a pyenv or venv python3 earlier
# on PATH would not see them).
PY=/usr/bin/python3

need=()
[ -x "$PY" ] || need+=(python3)
"$PY" -c 'import fontTools.subset' 2>/dev/null || need+=(fonttools)
"$PY" -c 'import brotli' 2>/dev/null || need+=(python3-brotli)
command -v hb-shape >/dev/null || need+=(libharfbuzz-bin)
if [ ${#need[@]} -gt 0 ]; then
  SUDO=()
  [ "$(id -u)" = 0 ] || SUDO=(sudo)
  echo "==> subset-fonts: apt-get install ${need[*]}"
  "${SUDO[@]}" apt-get install -y --no-install-recommends "${need[@]}" ||
    { "${SUDO[@]}" apt-get update && "${SUDO[@]}" apt-get install -y --no-install-recommends "${need[@]}"; }
fi

exec "$PY" "$ROOT/tools/subset-fonts.py" "$@"
