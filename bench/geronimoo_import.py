"""Imported DominionSim bots against a reference bot: the numbers to set beside DominionSim's.

    python3 bench/geronimoo_import.py DomBots.xml [--against "Big Money Ultimate"]
                                                  [--games 20000] [--seed 0] [--bot NAME ...]

Imports every ``<player>`` of the XML (``ludolab dominion import``'s reader), then plays each
importable two-player bot against ``--against`` (an imported bot of that name, else a library
bot) on the bot's kingdom: every seed in both seat orders, so the first player's edge cancels.
Prints per bot its sole wins, ties and score (a sole win 1, a shared win 1/2) with a 95%
interval over seeds (the two orders of one seed share its deal, so the seed is the independent
unit), the mean turns, and the load average. The bots not importable are listed with their
first problem.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time

import numpy as np

from ludolab.core.rng import game_seeds
from ludolab.games.dominion.bots import compile_bot, load_bot
from ludolab.games.dominion.bots.geronimoo import import_geronimoo
from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine import Engine


def _load() -> str:
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("xml")
    ap.add_argument("--against", default="Big Money Ultimate")
    ap.add_argument("--games", type=int, default=20_000, help="seeds (each played twice)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--bot", action="append", help="only these bots (by name)")
    args = ap.parse_args()
    with open(args.xml, "rb") as f:
        bots = import_geronimoo(f.read(), args.xml)
    by_name = {b.name: b for b in bots if b.spec is not None}
    ref = (compile_bot(by_name[args.against].spec) if args.against in by_name
           else load_bot(args.against))
    seeds = game_seeds(args.seed, 0, args.games)
    print(f"{len(by_name)} of {len(bots)} bots importable; each against {args.against!r}, "
          f"{args.games:,} seeds x 2 seat orders; load average {_load()}")
    print(f"{'bot':40s} {'wins':>7s} {'ties':>7s} {'score':>7s} {'95% interval':>15s} "
          f"{'turns':>6s}  kingdom")
    for name, bot in by_name.items():
        if args.bot and name not in args.bot:
            continue
        kingdom = [card_id(c) for c in bot.kingdom]
        mine = compile_bot(bot.spec)
        eng = Engine(sorted(set(kingdom) | set(mine.cards_needed) | set(ref.cards_needed)), 2)
        t0 = time.process_time()
        a = eng.play([mine, ref], seeds)
        b = eng.play([ref, mine], seeds)
        out = np.stack([a.outcome[:, 0], b.outcome[:, 1]], axis=1)
        score = np.where(out == 2, 1.0, np.where(out == 1, 0.5, 0.0)).mean(axis=1)
        m, sd = score.mean(), score.std(ddof=1)
        half = 1.96 * sd / math.sqrt(len(score))
        turns = (a.turns[:, 0].mean() + b.turns[:, 1].mean()) / 2
        print(f"{name[:40]:40s} {(out == 2).mean():7.1%} {(out == 1).mean():7.1%} {m:7.3f} "
              f"{m - half:7.3f}-{m + half:.3f} {turns:6.2f}  {', '.join(bot.kingdom) or '-'}"
              f"  ({2 * args.games / max(time.process_time() - t0, 1e-9):,.0f} games/s)")
    print("not importable:")
    for b in bots:
        if b.spec is None:
            print(f"  {b.name}: {b.problems[0]}")
    print(f"done; load average {_load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
