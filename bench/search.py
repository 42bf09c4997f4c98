"""Search speed on one core: the compiled search (ludolab.players.compiled) against the
pure-Python players, and whole matches of search players.

Usage::

    python bench/search.py                  # about a minute
    python bench/search.py --seconds 3      # a longer look at each figure

Dominion (``--dominion``): rollouts/s of the search player's compiled determinised rollouts over
the searched decisions of whole Witch games, at least one (search with Witch Big Money rollouts
against Witch Big Money), and ms per decision at 1,000 and 10,000 simulations.
``--strength N`` plays N deals (2N games, seats swapped on the same seed) of the search player
against Big Money on the kingdom Witch and prints its score with a 95% interval over deals.

Pig: simulations/s of the ``mc`` and ``uct`` specs deciding at 40 vs 50 with 12 turn points,
through the compiled interface (the default) and through the generic Python API
(``engine=python``), and games/s of ``uct`` against ``hold:20`` to 100 played by
:class:`ludolab.core.Match` (the path ``ludolab pig match`` takes). The first call of each
compiled routine is made before the clock starts (a cold compile is not a rate). The figures
move with the load of the machine: the script prints the load average with them, and only the
ratios between lines of one run compare.

``--regret GAMES SPEC...``: the expected win rate of Pig search specs against hold-at-20 to 100,
priced exactly: over GAMES games (seats alternating), every decision of the spec is charged what
it loses against the best response to hold-at-20 (``optimal.hold_tables``), and the expected
win rate is the best response's (0.5549) minus the mean charge per game (the performance
difference lemma). Its spread is a tenth of a win/loss count's: 300 games tell settings apart
by half a point.
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np

from ludolab.core import Match
from ludolab.games.pig import HoldAtPlayer, PigState
from ludolab.games.pig.players import make_player


def simulations_per_second(spec: str, seconds: float) -> tuple[float, float]:
    """Simulations/s of a Pig search player, and milliseconds per decision."""
    player = make_player(spec)
    state = PigState(scores=(40, 50), points=12, rolls=(10, 12))
    player.choose(state, 0, np.random.default_rng(0))  # compile or load the cache first
    start = time.perf_counter()
    sims = decisions = 0
    while time.perf_counter() - start < seconds:
        player.choose(state, 0, np.random.default_rng(decisions))
        sims += sum(n for n, _ in player.last_search.values())
        decisions += 1
    elapsed = time.perf_counter() - start
    return sims / elapsed, 1000 * elapsed / decisions


def games_per_second(spec: str, seconds: float) -> float:
    """Games/s of ``spec`` against hold-at-20 to 100, seats alternating."""
    player = make_player(spec)
    Match(PigState(), [player, HoldAtPlayer(20)], seed=0).run()  # warm up
    start = time.perf_counter()
    games = 0
    while time.perf_counter() - start < seconds or games < 2:
        seats = [player, HoldAtPlayer(20)] if games % 2 == 0 else [HoldAtPlayer(20), player]
        Match(PigState(), seats, seed=games // 2).run()
        games += 1
    return games / (time.perf_counter() - start)


def expected_win_rate(spec: str, games: int, seed: int = 1) -> tuple[float, float, float]:
    """Pig to 100 against hold-at-20, priced exactly (see ``--regret``): the expected win rate
    of ``spec`` with a 95% half-width over games, and its games/s."""
    from ludolab.games.pig.optimal import priced_win_rates

    start = time.perf_counter()
    rates = priced_win_rates(make_player(spec), HoldAtPlayer(20), games, seed)
    elapsed = time.perf_counter() - start
    r = np.array(rates)
    return float(r.mean()), float(1.96 * r.std(ddof=1) / np.sqrt(len(r))), games / elapsed


def load() -> str:
    """The load averages (1, 5, 15 minutes), as ``uptime`` prints them."""
    return "load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg())


def dominion_rollouts(seconds: float, simulations: int,
                      bot: str = "Witch Big Money") -> tuple[float, float]:
    """Rollouts/s and ms per searched decision of the Dominion search player (default settings,
    ``bot`` as its rollout policy and as its opponent) in games on the kingdom Witch."""
    from ludolab.games.dominion.bots import load_bot
    from ludolab.games.dominion.engine import Engine
    from ludolab.games.dominion.search import DominionSearchPlayer

    engine = Engine(["Witch"], 2)
    wbm = load_bot(bot)
    player = DominionSearchPlayer(wbm, simulations)
    rng = np.random.default_rng(0)
    warm = engine.new_game(99, [None, wbm])
    DominionSearchPlayer(wbm, 10).choose(warm, rng)  # compile or load the cache first
    rollouts = 0
    searched = 0
    elapsed = 0.0
    seed = 0
    while elapsed < seconds or seed == 0:  # whole games: early rollouts are the longest
        game = engine.new_game(seed, [None, wbm])
        while not game.is_over():
            d = game.pending()
            assert d is not None
            start = time.perf_counter()
            before = player.searched
            answer = player.choose(game, rng)
            if player.searched > before:
                elapsed += time.perf_counter() - start
                rollouts += player.last_report.simulations  # halving rounds may spend less
                searched += 1
            game.answer(answer)
        seed += 1
    return rollouts / elapsed, 1000 * elapsed / max(searched, 1)


def dominion_strength(deals: int, simulations: int) -> None:
    """Search (Witch Big Money rollouts) against Big Money on the kingdom Witch, seats swapped
    on each deal's seed; prints the score (win 1, tie 1/2) with a 95% interval over deals."""
    from ludolab.core.rng import game_seeds
    from ludolab.games.dominion.bots import load_bot
    from ludolab.games.dominion.engine import Engine
    from ludolab.games.dominion.search import DominionSearchPlayer, play_game

    engine = Engine(["Witch"], 2)
    bm = load_bot("Big Money")
    player = DominionSearchPlayer(load_bot("Witch Big Money"), simulations)
    rng = np.random.default_rng(7)
    scores = []
    start = time.perf_counter()
    for seed in game_seeds(1, 0, deals):
        pair = 0.0
        for seats, me in (([player, bm], 0), ([bm, player], 1)):
            out = play_game(engine, seats, int(seed), rng)
            pair += 1.0 if out[me] == 2 else 0.5 if out[me] == 1 else 0.0
        scores.append(pair / 2)
    s = np.array(scores)
    half = 1.96 * s.std(ddof=1) / np.sqrt(len(s)) if len(s) > 1 else float("nan")
    print(f"  mcts:simulations={simulations},rollout=Witch Big Money vs Big Money, kingdom "
          f"Witch: {2 * deals} games, score {s.mean():.4f} +- {half:.4f} (95%, over deals), "
          f"{time.perf_counter() - start:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per figure")
    parser.add_argument("--dominion", action="store_true", help="Dominion rollouts only")
    parser.add_argument("--strength", type=int, default=0, metavar="DEALS",
                        help="Dominion: play DEALS deals against Big Money")
    parser.add_argument("--simulations", type=int, default=1000, help="Dominion strength")
    parser.add_argument("--regret", nargs="+", metavar=("GAMES", "SPEC"),
                        help="Pig: expected win rates of SPECs against hold:20, priced exactly")
    args = parser.parse_args()
    if args.regret:
        games = int(args.regret[0])
        print(f"Pig to 100 against hold:20, {games} games priced exactly ({load()}):")
        for spec in args.regret[1:] or ["uct"]:
            rate, half, speed = expected_win_rate(spec, games)
            print(f"  {spec:48s} expected win rate {rate:.4f} +- {half:.4f}  {speed:7.1f} games/s",
                  flush=True)
        print(f"  ({load()})")
        return
    if args.strength:
        dominion_strength(args.strength, args.simulations)
        return
    if args.dominion:
        for bot in ("Witch Big Money", "Double Witch"):
            print(f"Dominion, the search player's decisions against {bot} on the kingdom Witch "
                  f"({bot} rollouts; {load()}):")
            for sims in (1000, 5000, 10000):
                rate, ms = dominion_rollouts(args.seconds * 3, sims, bot)
                print(f"  {sims:6d} simulations: {rate:10,.0f} rollouts/s  {ms:8.1f} ms per "
                      "decision")
        return
    old = "uct:simulations=2000,horizon=20,heuristic=score"  # the search before the race
    print(f"Pig, one decision at 40 vs 50 with 12 turn points ({load()}):")
    for spec in ("uct", "uct:engine=python", "uct:heuristic=score", old, "uct:horizon=none",
                 "mc", "mc:engine=python", "mc:horizon=none"):
        rate, ms = simulations_per_second(spec, args.seconds)
        print(f"  {spec:48s} {rate:12,.0f} simulations/s  {ms:8.2f} ms per decision")
    print(f"Pig to 100 against hold:20, one process ({load()}):")
    for spec in ("uct", "uct:simulations=500", old, "uct:engine=python"):
        rate = games_per_second(spec, args.seconds * 3)
        print(f"  {spec:48s} {rate:12,.1f} games/s")
    print(f"  ({load()})")


if __name__ == "__main__":
    main()
