#!/usr/bin/env bash
# What a refactor must not change (issue 22): `cards simulate` for every game, player count
# and bot kind at seeds 1-3, and `cards replay` of every example in docs/examples, written
# into one folder, one file each. The simulation's timing fields (seconds, hands_per_sec)
# are left out: they are the only part that may differ between two runs.
#
#   tools/same-behaviour.sh OUT_DIR [CARDS_BINARY]
#   diff -r before/ after/     # nothing printed: the same behaviour
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out=${1:?usage: tools/same-behaviour.sh OUT_DIR [CARDS_BINARY]}
cards=${2:-}
if [[ -z $cards ]]; then
  cargo build --quiet --release -p cards
  cards=target/release/cards
fi
mkdir -p "$out"
hands=200
declare -A counts=(
  [hokm]="2 4" [bidel]="3 4" [shelem]="2 4" [pasur]="2 4"
  [haft_khabis]="2 3 4 5 6 7" [crazy_eights]="2 3 4 5 6 7 8"
)
for game in hokm bidel shelem pasur haft_khabis crazy_eights; do
  for p in ${counts[$game]}; do
    for bots in random rule; do
      for seed in 1 2 3; do
        "$cards" simulate --game "$game" --players "$p" --bots "$bots" --seed "$seed" \
          --hands "$hands" | jq -cS 'del(.seconds, .hands_per_sec)' \
          >"$out/simulate-$game-$p-$bots-$seed.json"
      done
    done
  done
done
for f in docs/examples/*.json; do
  "$cards" replay "$f" >"$out/replay-$(basename "$f")"
done
echo "$(ls "$out" | wc -l) files in $out"
