#!/usr/bin/env python3
"""Our double-dummy solver against DDS (bridge's), side by side on random deals (issue 24).

A dev-only tool, never part of ./play. It makes its own venv with `endplay` (DDS's Python
binding, from PyPI) the first time, under target/dds-venv, and re-runs itself in it.

Run (after `cargo build --release -p cards`):
    nice -n 10 python3 tools/bench-dds.py [--deals 20] [--seed 1] [--bin target/release/cards]
        [--table-bits 20]

For each of N random deals (Python's random.Random(seed) shuffles the 52 cards; 13 each to
N, E, S, W) it solves the whole double-dummy table, the most tricks of the declarer's side
for every strain (S, H, D, C, NT) and declarer (N, E, S, W; the declarer's left-hand
opponent leads): 20 answers a deal.
  - DDS: endplay.dds.calc_dd_table(deal), timed by time.process_time() (the process's CPU
    time, every thread of it: DDS runs threads of its own and reuses its table across the
    20 answers).
  - Ours: `cards dds --pbn -` reading the same deals, one a line; it prints the 20 answers
    and the CPU time of each deal (its solving thread). Its whole process's CPU time
    (getrusage of children: start-up and parsing included) is printed too.
Every answer is compared; any difference is printed and the exit status is 1.
"""

import argparse
import os
import random
import resource
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.path.join(ROOT, "target", "dds-venv")
VPY = os.path.join(VENV, "bin", "python")


def ensure_venv():
    """Re-runs this script in the venv with endplay, making it first if needed."""
    try:
        import endplay  # noqa: F401

        return
    except ImportError:
        pass
    if os.path.abspath(sys.executable) == os.path.abspath(VPY):
        sys.exit("endplay is not importable in " + VENV + ": remove it and run again")
    if not os.path.exists(VPY):
        print("making " + VENV + " (pip install endplay)", file=sys.stderr)
        subprocess.check_call([sys.executable, "-m", "venv", VENV])
        subprocess.check_call([VPY, "-m", "pip", "install", "-q", "endplay"])
    os.execv(VPY, [VPY] + sys.argv)


RANKS = "23456789TJQKA"


def random_deals(n, seed):
    """n deals in PBN notation from one seeded shuffle stream."""
    rng = random.Random(seed)
    cards = [(s, r) for s in range(4) for r in range(13)]  # suit 0 = spades .. 3 = clubs
    deals = []
    for _ in range(n):
        rng.shuffle(cards)
        hands = []
        for h in range(4):
            mine = cards[h * 13 : (h + 1) * 13]
            suits = []
            for s in range(4):
                rs = sorted((r for (ss, r) in mine if ss == s), reverse=True)
                suits.append("".join(RANKS[r] for r in rs))
            hands.append(".".join(suits))
        deals.append("N:" + " ".join(hands))
    return deals


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "cards"))
    ap.add_argument("--table-bits", type=int, default=20)
    ap.add_argument("--skip-dds", action="store_true", help="time ours only")
    args = ap.parse_args()
    ensure_venv()
    from endplay.dds import calc_dd_table
    from endplay.types import Deal, Denom, Player

    deals = random_deals(args.deals, args.seed)
    denoms = [Denom.spades, Denom.hearts, Denom.diamonds, Denom.clubs, Denom.nt]
    players = [Player.north, Player.east, Player.south, Player.west]

    dds_answers, dds_times = [], []
    if not args.skip_dds:
        for pbn in deals:
            d = Deal.from_pbn(pbn)
            t0 = time.process_time()
            t = calc_dd_table(d)
            dds_times.append(time.process_time() - t0)
            dds_answers.append([t[dn, pl] for dn in denoms for pl in players])

    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(
        [args.bin, "dds", "--pbn", "-", "--table-bits", str(args.table_bits)],
        input="\n".join(deals) + "\n",
        capture_output=True,
        text=True,
    )
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if out.returncode != 0:
        sys.exit("cards dds --pbn failed: " + out.stderr)
    ours_cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
    our_answers, our_times = [], []
    for line in out.stdout.splitlines():
        f = line.split()
        our_answers.append([int(x) for x in f[:20]])
        our_times.append(float(f[20]) / 1e3)
    if len(our_answers) != len(deals):
        sys.exit(f"{len(our_answers)} tables for {len(deals)} deals")

    n = len(deals)
    print(f"deals: {n} from seed {args.seed}; table 2^{args.table_bits}")
    bad = 0
    if dds_answers:
        for i, (a, b) in enumerate(zip(dds_answers, our_answers)):
            if a != b:
                bad += 1
                print(f"DIFFERENT deal {i}: {deals[i]}\n  dds  {a}\n  ours {b}")
        print(f"answers equal: {n * 20 - sum(x != y for a, b in zip(dds_answers, our_answers) for x, y in zip(a, b))} of {n * 20}")
        dds_mean = sum(dds_times) / n
        print(f"dds  CPU s per deal (calc_dd_table): mean {dds_mean:.4f}  max {max(dds_times):.4f}")
    ours_mean = sum(our_times) / n
    p50 = sorted(our_times)[n // 2]
    print(f"ours CPU s per deal (solving thread): mean {ours_mean:.4f}  p50 {p50:.4f}  max {max(our_times):.4f}")
    print(f"ours process CPU s per deal (start-up included): {ours_cpu / n:.4f}")
    if dds_answers:
        print(f"ratio ours / dds (mean CPU per deal): {ours_mean / dds_mean:.2f}")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
