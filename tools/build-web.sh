#!/usr/bin/env bash
# Release build of the web app into dist/ (called by ./play and ./test; needs tools/setup.sh first).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=/dev/null
source "$ROOT/.tools/env.sh"

# Trunk runs cargo with --offline (Trunk.toml `offline = true`), so fetch the crates first, including the
# standard library's own dependencies when build-std is on (Debian toolchain).
echo "==> build-web: cargo fetch (wasm32)"
wasm_env cargo fetch --quiet --target wasm32-unknown-unknown

echo "==> build-web: trunk build --release ($WASM_MODE toolchain)"
started=$SECONDS
wasm_env trunk build --release
wasm="$(ls dist/*_bg.wasm)"
raw=$(stat -c %s "$wasm")
gz=$(gzip -9 -c "$wasm" | wc -c)
echo "==> build-web: done in $((SECONDS - started))s: $wasm $((raw / 1024)) KiB raw, $((gz / 1024)) KiB gzip -9"
