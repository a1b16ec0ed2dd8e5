#!/usr/bin/env python3
"""Random-playout speed of OpenSpiel's `crazy_eights`, for comparison with
`cards simulate --game crazy_eights` (docs/benchmarks.md, "Side by side: OpenSpiel's
crazy_eights and our Crazy Eights").

Setup (once; OpenSpiel is not vendored or committed here):
    python3 -m venv /tmp/ospiel-venv && /tmp/ospiel-venv/bin/pip install open_spiel
Run:
    /tmp/ospiel-venv/bin/python tools/bench-openspiel-crazy-eights.py [--games 100000] [--reps 3]
        [--params '{"players": 4}']

Game: pyspiel.load_game("crazy_eights", params) with its default parameters unless
--params overrides some (all are printed in the output). One OpenSpiel crazy_eights game is
ONE hand (one deal, scored once), so games, rollouts and hands are the same unit.

OpenSpiel's rules, as its C++ source (open_spiel/games/crazy_eights/crazy_eights.cc) plays
them; the Python loop below checks the counts that can be observed:
  - players (default 5): 5 cards each, 7 with two players; two decks from six players.
  - The first card turned up is never an 8 (an 8 is put back and another one dealt).
  - A turn: play a card that matches the top card's rank or the suit in force (an 8 on
    anything, then a separate "nominate suit" action), or draw. Drawing does NOT end the
    turn: the drawn card joins the hand and the player chooses again (play any playable
    card, or draw again), up to max_draw_cards (default 5) draws a turn; after that many
    draws, or with an empty stock, "pass" is legal (and drawing is not), and passing ends the
    turn. Before that, passing is not legal. Drawing is legal even when a card could be
    played.
  - use_special_cards (default off): 2 makes the next player draw 2 (stacking with 2s),
    Q skips, A reverses.
  - reshuffle (default off): without it an empty stock stays empty; players can then only
    play or pass.
  - The game ends when a player plays their last card, when max_turns (default 100) cards
    have been played in all, or when players+1 passes in a row have been made with an empty
    stock.
  - Scoring (returns): minus the cards left in hand: 8 = 50, J/Q/K/A = 10, other cards
    "card index + 2" (the source uses the card index, not the rank: a quirk, not ours).
    The player who went out scores 0. No last-card declaration, no match target.
  - The random player picks uniformly among the legal actions, like ours: the draw is one
    action among the playable cards; an 8 is one action, and its suit a second uniform
    choice of four (ours lists an 8 as four plays, one per suit).

Measures (each best of --reps, single thread, uniform random legal actions; games per second
by wall clock and per CPU-second of this process):
  full_game_cpp   C++ `pyspiel.evaluate_bots` with uniform random bots from the initial
                  state: the dealer (chance), the deal (one chance node per card), every
                  draw (a chance node) and every decision. One Python call per game. The
                  closest match to `cards simulate`, which also shuffles and deals every
                  hand.
  rollouts_play   C++ `RandomRolloutEvaluator` rollouts (run through `MCTSBot.mcts_search`
                  with max_simulations=1, so the search is exactly one evaluation of the
                  root = n rollouts) from one dealt position (first card turned up): play
                  only, draws included, no deal. Each rollout clones the root state.
  python_loop     Pure Python loop over pyspiel (reference only): whole games, counting
                  decisions (plays, suit nominations, draws, passes), chance nodes, how games
                  end, and the most draws seen in one turn.
Prints one JSON object.
"""
import argparse
import json
import platform
import random
import time

import pyspiel

ap = argparse.ArgumentParser()
ap.add_argument("--games", type=int, default=100_000, help="games per C++ timing run")
ap.add_argument("--python-games", type=int, default=3_000, help="games per Python-loop run")
ap.add_argument("--reps", type=int, default=3)
ap.add_argument("--seed", type=int, default=1)
ap.add_argument("--params", default="{}", help="JSON game parameters overriding the defaults")
args = ap.parse_args()

game = pyspiel.load_game("crazy_eights", json.loads(args.params))
params = game.get_parameters()
N = params["players"]
DRAW, PASS = 52, 53  # OpenSpiel's action ids: 0..51 cards, 52 draw, 53 pass, 54..57 suits


def dealt(seed):
    """A freshly dealt state: dealer chosen, cards dealt, first card turned up."""
    rng = random.Random(seed)
    s = game.new_initial_state()
    while s.is_chance_node():
        s.apply_action(rng.choice([a for a, _ in s.chance_outcomes()]))
    return s


def best(fn, n):
    """Best games/s over the reps, by wall clock and by this process's CPU time (the
    machine is shared: CPU time is the steadier figure); fn(rep) plays n games."""
    rates, cpu_rates = [], []
    for rep in range(args.reps):
        t, c = time.perf_counter(), time.process_time()
        fn(rep)
        rates.append(n / (time.perf_counter() - t))
        cpu_rates.append(n / (time.process_time() - c))
    return {
        "games_per_sec": round(max(rates)),
        "runs": [round(r) for r in rates],
        "games_per_cpu_sec": round(max(cpu_rates)),
        "cpu_runs": [round(r) for r in cpu_rates],
        "games_per_run": n,
    }


def full_game_cpp(rep):
    bots = [pyspiel.make_uniform_random_bot(p, args.seed + 10 * rep + p) for p in range(N)]
    for i in range(args.games):
        pyspiel.evaluate_bots(game.new_initial_state(), bots, args.seed + i)


def rollouts_play(rep):
    root = dealt(args.seed + rep)
    ev = pyspiel.RandomRolloutEvaluator(args.games, args.seed + rep)
    bot = pyspiel.MCTSBot(game, ev, 2.0, 1, 1000, False, args.seed, False)
    node = bot.mcts_search(root)
    assert node.explore_count == 1 and len(node.children) == 0


stats = {}


def python_loop(rep):
    rng = random.Random(args.seed + rep)
    plays = nominations = draws = passes = chance = games = 0
    most_draws_in_a_turn = 0
    ends = {"went_out": 0, "max_turns": 0, "blocked": 0}
    for _ in range(args.python_games):
        s = game.new_initial_state()
        in_turn = 0  # draws in the current turn
        last = None
        while not s.is_terminal():
            if s.is_chance_node():
                chance += 1
                s.apply_action(rng.choice(s.chance_outcomes())[0])
                continue
            p = s.current_player()
            a = rng.choice(s.legal_actions())
            if a == DRAW:
                draws += 1
                in_turn += 1
                most_draws_in_a_turn = max(most_draws_in_a_turn, in_turn)
            else:
                in_turn = 0
                if a == PASS:
                    passes += 1
                elif a < DRAW:
                    plays += 1
                else:
                    nominations += 1
            last = (p, a)
            s.apply_action(a)
        games += 1
        # Every card left costs at least 2, so a return of 0 means an empty hand.
        if any(r == 0 for r in s.returns()):
            ends["went_out"] += 1
        elif last is not None and last[1] == PASS:
            ends["blocked"] += 1
        else:
            ends["max_turns"] += 1
    decisions = plays + nominations + draws + passes
    stats.update({
        "games": games,
        "decisions_per_game": round(decisions / games, 2),
        "plays_per_game": round(plays / games, 2),
        "suit_nominations_per_game": round(nominations / games, 2),
        "draws_per_game": round(draws / games, 2),
        "passes_per_game": round(passes / games, 2),
        "chance_nodes_per_game": round(chance / games, 2),
        "most_draws_in_a_turn": most_draws_in_a_turn,
        "how_games_end": ends,
    })


out = {
    "open_spiel": getattr(pyspiel, "__version__", None),
    "python": platform.python_version(),
    "game": "crazy_eights",
    "params": params,
    "full_game_cpp": best(full_game_cpp, args.games),
    "rollouts_play": best(rollouts_play, args.games),
    "python_loop": best(python_loop, args.python_games),
    "python_loop_stats": stats,
}
if out["open_spiel"] is None:
    from importlib.metadata import version
    out["open_spiel"] = version("open_spiel")
print(json.dumps(out))
