#!/usr/bin/env python3
"""Random-playout speed of OpenSpiel's `hearts`, for comparison with `cards simulate --game bidel`.

Setup (once; OpenSpiel is not vendored or committed here):
    python3 -m venv /tmp/ospiel-venv && /tmp/ospiel-venv/bin/pip install open_spiel
Run:
    /tmp/ospiel-venv/bin/python tools/bench-openspiel-hearts.py [--rollouts 100000] [--reps 3]

Game: pyspiel.load_game("hearts") with its default parameters (printed in the output):
pass_cards=True (pass direction is a chance node: none/left/across/right, 1/4 each),
no_pts_on_first_trick, must_break_hearts, qs_breaks_hearts, Q♠ = 13. One OpenSpiel
hearts game is ONE hand (one deal), so games, rollouts and hands are the same unit.

Measures (each best of --reps, single thread, uniform random legal actions):
  full_hand_cpp   C++ `pyspiel.evaluate_bots` with uniform random bots from the initial
                  state: pass direction, the 52-card deal (chance nodes), the 3-card pass
                  (3 hands in 4) and the 13 tricks. One Python call per hand. The closest
                  match to `cards simulate`, which also deals and passes every hand.
  bots_play       As full_hand_cpp but from a clone of a dealt position with pass direction
                  "No Pass" (52 card plays; separates evaluate_bots' own cost from dealing).
  rollouts_pass   C++ `RandomRolloutEvaluator` rollouts (run through `MCTSBot.mcts_search`
                  with max_simulations=1, so the search is exactly one evaluation of the
                  root = n rollouts) from a dealt position with pass direction Left, before
                  passing: the rollout does the 12 pass picks and the 52 card plays. Each
                  rollout clones the root state. No dealing.
  rollouts_play   As above from a dealt position with pass direction "No Pass": the 52
                  card plays only.
  python_loop     Pure Python loop over pyspiel (reference only, not a headline figure):
                  whole hand incl. chance, like full_hand_cpp.
Prints one JSON object.
"""
import argparse
import json
import platform
import random
import time

import pyspiel

ap = argparse.ArgumentParser()
ap.add_argument("--rollouts", type=int, default=100_000, help="hands per C++ timing run")
ap.add_argument("--python-hands", type=int, default=3_000, help="hands per Python-loop run")
ap.add_argument("--reps", type=int, default=3)
ap.add_argument("--seed", type=int, default=1)
args = ap.parse_args()

game = pyspiel.load_game("hearts")


def dealt(pass_dir, seed):
    """A freshly dealt state: pass direction `pass_dir` (0 none, 1 left, 2 across, 3 right)."""
    rng = random.Random(seed)
    s = game.new_initial_state()
    s.apply_action(pass_dir)
    while s.is_chance_node():
        s.apply_action(rng.choice([a for a, _ in s.chance_outcomes()]))
    return s


def best(fn, n):
    """Best hands/s over the reps, by wall clock and per CPU-second of this process (the
    machine may be shared: CPU time is the steadier figure); fn(rep) plays n hands."""
    rates, cpu_rates = [], []
    for rep in range(args.reps):
        t, c = time.perf_counter(), time.process_time()
        fn(rep)
        rates.append(n / (time.perf_counter() - t))
        cpu_rates.append(n / (time.process_time() - c))
    return {
        "hands_per_sec": round(max(rates)),
        "runs": [round(r) for r in rates],
        "hands_per_cpu_sec": round(max(cpu_rates)),
        "cpu_runs": [round(r) for r in cpu_rates],
        "hands_per_run": n,
    }


def full_hand_cpp(rep):
    bots = [pyspiel.make_uniform_random_bot(p, args.seed + 10 * rep + p) for p in range(4)]
    for i in range(args.rollouts):
        pyspiel.evaluate_bots(game.new_initial_state(), bots, args.seed + i)


def bots_play(rep):
    root = dealt(0, args.seed + rep)
    bots = [pyspiel.make_uniform_random_bot(p, args.seed + 10 * rep + p) for p in range(4)]
    for i in range(args.rollouts):
        pyspiel.evaluate_bots(root.clone(), bots, args.seed + i)


def rollouts_from(pass_dir):
    def run(rep):
        root = dealt(pass_dir, args.seed + rep)
        ev = pyspiel.RandomRolloutEvaluator(args.rollouts, args.seed + rep)
        bot = pyspiel.MCTSBot(game, ev, 2.0, 1, 1000, False, args.seed, False)
        node = bot.mcts_search(root)
        assert node.explore_count == 1 and len(node.children) == 0
    return run


def python_loop(rep):
    rng = random.Random(args.seed + rep)
    for _ in range(args.python_hands):
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(rng.choice(s.chance_outcomes())[0])
            else:
                s.apply_action(rng.choice(s.legal_actions()))


out = {
    "open_spiel": getattr(pyspiel, "__version__", None),
    "python": platform.python_version(),
    "game": "hearts",
    "params": game.get_parameters(),
    "full_hand_cpp": best(full_hand_cpp, args.rollouts),
    "bots_play": best(bots_play, args.rollouts),
    "rollouts_pass": best(rollouts_from(1), args.rollouts),
    "rollouts_play": best(rollouts_from(0), args.rollouts),
    "python_loop": best(python_loop, args.python_hands),
}
if out["open_spiel"] is None:
    from importlib.metadata import version
    out["open_spiel"] = version("open_spiel")
print(json.dumps(out))
