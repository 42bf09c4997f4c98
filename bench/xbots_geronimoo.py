"""Our "BMU + X" bots against Big Money Ultimate beside Geronimoo's DominionSim figures.

Prints, per card, our win rate over 20,000 games (95% interval over deals) and Geronimoo's
figure. Chapel is also played with Geronimoo's own placement (one Chapel before Silver, no
opening condition), the placement of his generated single-card bots.

    .venv/bin/python bench/xbots_geronimoo.py [--games 20000]
"""

from __future__ import annotations

import argparse
import os

from ludolab import dominion
from ludolab.games.dominion.bots import Entry, load_spec

#: Geronimoo's DominionSim win rates of BMU + X against BMU, 20,000 games
GERONIMOO = {"Steward": 61.6, "Chapel": 47.8, "Artisan": 42.1, "Feast": 28.4, "Remodel": None}


def chapel_as_geronimoo() -> object:
    """BMU + Chapel with the Chapel entry unconditional (before Silver, as DominionSim does)."""
    spec = load_spec("BMU + Chapel")
    spec.name = "BMU + Chapel (Geronimoo's placement)"
    spec.buy = [Entry("Chapel", None, 1) if e.card == "Chapel" else e for e in spec.buy]
    return spec


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    print(f"load: {os.getloadavg()}")
    bots = [(c, f"BMU + {c}") for c in GERONIMOO] + [("Chapel", chapel_as_geronimoo())]
    for card_name, bot in bots:
        r = dominion.simulate([bot, "Big Money Ultimate"], args.games, args.seed).bot_rows()[0]
        lo, hi = r["win_ci"]
        g = GERONIMOO[card_name]
        print(f"{r['bot']:<40} {100 * r['win_rate']:6.2f} ({100 * lo:.2f}-{100 * hi:.2f})  "
              f"ties {100 * r['tie_rate']:5.2f}  Geronimoo {g if g is not None else '-'}")


if __name__ == "__main__":
    main()
