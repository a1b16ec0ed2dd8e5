#!/usr/bin/env bash
# Installs and checks everything the web build and the tests need. Idempotent; a second run only checks.
#
#   tools/setup.sh [build|test]
#   source .tools/env.sh        # afterwards, to get the environment below (what ./play and ./test do)
#
#   build (default): toolchain able to target wasm32, wasm-bindgen-cli, wasm-opt (npm `binaryen`), esbuild (npm).
#   test:            build + rustfmt/clippy, wasm32 clippy, Chromium + ChromeDriver, playwright-core (npm).
#
# .tools/env.sh sets:
#   PATH          starting with <repo>/.tools/bin (wasm-bindgen, wasm-opt)
#   WASM_MODE     "rustup" (default toolchain + rustup's wasm32 target) or "debian" (Debian's rustc-web,
#                 std rebuilt for wasm32 with build-std; see shared/TOOLCHAIN.md)
#   WASM_ENV      array of VAR=value for every wasm32 cargo command (empty on the rustup path)
#   wasm_env CMD  runs CMD with WASM_ENV applied, e.g. `wasm_env cargo build --target wasm32-unknown-unknown`
# Native cargo commands (engine, tests, clippy) keep the default toolchain: don't apply WASM_ENV to them.
#
# Knob: CARDS_WASM_MODE=rustup|debian forces a path (default: try rustup first, fall back to Debian).
# Knob: CARDS_TOOLS_CACHE=DIR, where wasm-bindgen-cli is kept for every checkout of the machine
#       (default ${XDG_CACHE_HOME:-$HOME/.cache}/cards-tools; see docs/web-build.md, "Tools cache").
# Nothing is downloaded except through package registries: crates.io (cargo install), npm, Debian apt.

_cards_setup_main() {
  set -euo pipefail
  local mode="${1:-build}"
  case "$mode" in
    build | test) ;;
    *)
      echo "usage: tools/setup.sh [build|test]" >&2
      return 2
      ;;
  esac

  local root
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  local tools="$root/.tools"
  mkdir -p "$tools/bin"
  export PATH="$tools/bin:$PATH"

  local started=$SECONDS
  say() { printf '==> setup: %s\n' "$*"; }
  die() {
    printf '==> setup: ERROR: %s\n' "$*" >&2
    exit 1
  }

  # ---------------------------------------------------------------- apt helpers
  local apt_updated=0
  local SUDO=""
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then SUDO="sudo"; fi
  apt_missing() { # prints the packages of "$@" that are not installed
    local p
    for p in "$@"; do
      dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || echo "$p"
    done
  }
  apt_ensure() { # installs the packages of "$@" that are missing; calls apt-get only then
    local missing
    missing="$(apt_missing "$@")"
    [ -z "$missing" ] && return 0
    command -v apt-get >/dev/null 2>&1 || die "missing packages ($(echo $missing)) and no apt-get"
    say "apt-get install $(echo $missing)"
    if [ "$apt_updated" = 0 ]; then
      $SUDO apt-get update -qq
      apt_updated=1
    fi
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
  }

  command -v cargo >/dev/null 2>&1 || die "cargo not found: install Rust (https://rustup.rs) first"

  # ---------------------------------------------------------------- wasm toolchain
  local want="${CARDS_WASM_MODE:-auto}"
  WASM_MODE=""
  WASM_ENV=()
  if [ "$want" != debian ] && command -v rustup >/dev/null 2>&1; then
    if rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
      WASM_MODE=rustup
    elif say "trying: rustup target add wasm32-unknown-unknown" &&
      rustup target add wasm32-unknown-unknown >"$tools/rustup-target.log" 2>&1; then
      WASM_MODE=rustup
    else
      say "rustup could not add the wasm32 target (see .tools/rustup-target.log); using Debian's toolchain"
    fi
    # The pages' standard library is rebuilt from its source (tools/build-web.sh: build-std with
    # panic=immediate-abort, about 7% less wasm), so the rustup path needs rust-src as well.
    if [ "$WASM_MODE" = rustup ] && ! rustup component list --installed 2>/dev/null | grep -q '^rust-src'; then
      if say "trying: rustup component add rust-src" &&
        ! rustup component add rust-src >"$tools/rustup-src.log" 2>&1; then
        say "rustup could not add rust-src (see .tools/rustup-src.log); using Debian's toolchain"
        WASM_MODE=""
      fi
    fi
  fi
  if [ -z "$WASM_MODE" ] && [ "$want" = rustup ]; then
    die "CARDS_WASM_MODE=rustup but the wasm32-unknown-unknown target is not available"
  fi
  if [ -z "$WASM_MODE" ]; then
    WASM_MODE=debian
    # Debian's Rust with the std source (rebuilt for wasm32 via build-std) and the wasm linker.
    local debian_pkgs=(rustc-web cargo-web rust-web-src rust-web-llvm lld-22)
    [ "$mode" = test ] && debian_pkgs+=(rust-web-clippy)
    apt_ensure "${debian_pkgs[@]}"
    command -v rustup >/dev/null 2>&1 || die "rustup not found (needed to link Debian's toolchain)"
    if ! rustup toolchain list | grep -q '^debian'; then
      say "rustup toolchain link debian /usr"
      rustup toolchain link debian /usr
    fi
    WASM_ENV=(RUSTUP_TOOLCHAIN=debian RUSTC_BOOTSTRAP=1 CARGO_UNSTABLE_BUILD_STD=std,panic_abort)
  fi
  say "wasm toolchain: $WASM_MODE ($(env "${WASM_ENV[@]}" rustc --version))"

  # ---------------------------------------------------------------- native lint tools
  if [ "$mode" = test ] && command -v rustup >/dev/null 2>&1; then
    local comp
    for comp in rustfmt clippy; do
      if ! rustup component list --installed 2>/dev/null | grep -q "^$comp"; then
        say "rustup component add $comp"
        rustup component add "$comp"
      fi
    done
  fi

  # ---------------------------------------------------------------- cargo-installed tools
  # wasm-bindgen-cli runs about a second a page: built without its own fat LTO and at opt-level
  # 1, which on 2 cores takes minutes less than its release profile for no difference a build
  # notices (docs/benchmarks.md, "A fresh machine"); its target folder goes once it is in place.
  local cache="${CARDS_TOOLS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/cards-tools}"
  local install_env=(CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16
    CARGO_PROFILE_RELEASE_OPT_LEVEL=1 CARGO_PROFILE_RELEASE_DEBUG=false)
  local build="" # the installs' target folder, made at the first install and removed at the end
  local wbg_version
  wbg_version="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' "$root/Cargo.lock")"
  [ -n "$wbg_version" ] || die "could not read the wasm-bindgen version from Cargo.lock"

  # It is kept in a machine-wide cache, one directory per tool and exact version, which every
  # checkout links into .tools/bin: a fresh clone reuses it instead of spending 4 minutes of 2
  # cores building it again (docs/web-build.md, "Tools cache").
  mkdir -p "$cache"
  # Leftovers of interrupted installs (a day old, so a running install is left alone).
  find "$cache" -mindepth 1 -maxdepth 1 -name '.*.partial.*' -mmin +1440 -exec rm -rf {} + 2>/dev/null || true

  # cached_tool NAME VERSION CRATE "VERSION LINE" BIN... -- CARGO_INSTALL_FLAGS...
  # Makes sure $cache/NAME-VERSION/bin holds BIN... (the first prints "VERSION LINE" for
  # --version), installing CRATE at exactly VERSION if not, then links each BIN into .tools/bin.
  # An install goes into a temporary directory beside it and is renamed into place only once
  # it passed the check, so an interrupted install is never mistaken for a good one.
  cached_tool() {
    local name="$1" version="$2" crate="$3" want="$4"
    shift 4
    local bins=()
    while [ "$#" -gt 0 ] && [ "$1" != -- ]; do
      bins+=("$1")
      shift
    done
    [ "${1:-}" = -- ] && shift
    local dir="$cache/$name-$version" b
    good() { # good DIR: DIR/bin holds every BIN and the first prints the right version
      local d="$1" x
      for x in "${bins[@]}"; do [ -x "$d/bin/$x" ] || return 1; done
      [ "$("$d/bin/${bins[0]}" --version 2>/dev/null)" = "$want" ]
    }
    if ! good "$dir"; then
      local tmp
      tmp="$(mktemp -d "$cache/.$name-$version.partial.XXXXXX")"
      chmod 755 "$tmp" # mktemp makes it private; the cache is for every checkout
      _cards_partial="$tmp"
      if good "$tools"; then
        # A checkout set up before the cache existed: keep its binaries rather than rebuild.
        say "caching .tools/bin's $want in ${dir/#"$HOME"/\~}"
        mkdir -p "$tmp/bin"
        for b in "${bins[@]}"; do cp -p "$tools/bin/$b" "$tmp/bin/$b"; done
      else
        say "cargo install $crate $version into ${dir/#"$HOME"/\~} (minutes, once per machine)"
        local t0=$SECONDS
        [ -n "$build" ] || build="$(mktemp -d "$cache/.build.partial.XXXXXX")"
        _cards_build="$build"
        env "${install_env[@]}" CARGO_TARGET_DIR="$build" cargo install --quiet --root "$tmp" --force "$@" "$crate" --version "=$version"
        say "$crate $version built in $((SECONDS - t0))s"
      fi
      good "$tmp" || die "$crate $version installed, but $tmp/bin/${bins[0]} --version is not '$want'"
      # The rename is atomic. If another setup published the same version meanwhile, keep
      # that one; a bad directory in the way is replaced.
      if ! mv -T "$tmp" "$dir" 2>/dev/null; then
        if good "$dir"; then
          rm -rf "$tmp"
        else
          rm -rf "$dir"
          mv -T "$tmp" "$dir"
        fi
      fi
      _cards_partial=""
    fi
    for b in "${bins[@]}"; do ln -sfn "$dir/bin/$b" "$tools/bin/$b"; done
  }
  _cards_partial=""
  _cards_build=""
  trap 'rm -rf ${_cards_partial:+"$_cards_partial"} ${_cards_build:+"$_cards_build"}' EXIT

  # wasm-bindgen-cli: exactly Cargo.lock's wasm-bindgen. No --locked: its lock file names a
  # webpki-roots release that the registry does not serve. Without its default features: no TLS
  # stack (rustls and ring), which only its test runner's downloads use (217 s to build on 2
  # cores with the crates downloaded).
  cached_tool wasm-bindgen "$wbg_version" wasm-bindgen-cli "wasm-bindgen $wbg_version" \
    wasm-bindgen wasm-bindgen-test-runner wasm2es6js -- --no-default-features
  trap - EXIT
  if [ -n "$build" ]; then rm -rf "$build"; fi

  # ---------------------------------------------------------------- npm packages
  command -v npm >/dev/null 2>&1 || apt_ensure nodejs npm
  npm_ensure() { # npm ci in "$1" unless its node_modules matches its package-lock.json
    local dir="$1" stamp sum
    stamp="$dir/node_modules/.cards-lock-sha256"
    sum="$(sha256sum "$dir/package-lock.json" | cut -d' ' -f1)"
    if [ "$(cat "$stamp" 2>/dev/null)" != "$sum" ]; then
      say "npm ci in ${dir#"$root"/}"
      (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
      echo "$sum" >"$stamp"
    fi
  }
  # wasm-opt (binaryen, in Node) and esbuild (a prebuilt binary: it minifies each page's JS
  # and CSS), for tools/build-web.sh and tools/web-page.mjs.
  npm_ensure "$root/tools"
  ln -sfn "$root/tools/node_modules/binaryen/bin/wasm-opt" "$tools/bin/wasm-opt"
  rm -f "$tools/bin/trunk" # a checkout set up when the build used Trunk

  # ---------------------------------------------------------------- relay tests on PostgreSQL, behind nginx
  # The relay's tests start a throwaway cluster of their own with these binaries
  # (crates/relay/tests/common/pg.rs), and a throwaway nginx in front of a relay
  # (crates/relay/tests/common/nginx.rs, tests/proxy.rs); the packages' own cluster and
  # service are not used.
  [ "$mode" = test ] && apt_ensure postgresql nginx

  # ---------------------------------------------------------------- browser tests
  if [ "$mode" = test ]; then
    apt_ensure chromium chromium-driver
    npm_ensure "$root/tests/e2e"
  fi

  # ---------------------------------------------------------------- environment for the callers
  {
    echo "# Written by tools/setup.sh; source it. Regenerated on every run."
    echo "export PATH=\"$tools/bin:\$PATH\""
    echo "export WASM_MODE=$WASM_MODE"
    echo "WASM_ENV=(${WASM_ENV[*]})"
    echo 'wasm_env() { env "${WASM_ENV[@]}" "$@"; }'
  } >"$tools/env.sh"

  say "ready in $((SECONDS - started))s: $(wasm-bindgen --version), $(wasm-opt --version)"
}

_cards_setup_main "$@"
