"""Are the deals of a `ludolab poker sim` run fresh for an evolved poker champion?

Lists every deal seed an `ludolab evolve poker` run played (each generation's fitness deals, the
check deals, the validation deals; from the run's summary.json) and the deal seeds of
`ludolab poker sim CHAMPION Loki-1 --deals N --seed S` (deal d has seed game_seeds_at(S, d)), and
prints how many they share. A measurement on shared deals would not be on fresh luck.

    python bench/evolve_poker_fresh.py bench/data/evolved-poker-seed1.json --deals 20000 --seed 2027
"""

from __future__ import annotations

import argparse
import json

import numpy as np

from ludolab.core.rng import game_seeds_at
from ludolab.evolve import fitness as fit


def evolution_seeds(summary: dict) -> np.ndarray:
    """Every deal seed the run played (no co-evolution: fitness, check, validation)."""
    c = summary["config"]
    if c.get("coevolve"):
        raise SystemExit("co-evolution challenges are not listed here; run without it")
    parts = [fit.deal_seeds(c["seed"], fit.PURPOSE_FITNESS, g, (c["games"] + 1) // 2)
             for g in range(summary["generations_done"])]
    parts.append(fit.deal_seeds(c["seed"], fit.PURPOSE_CHECK, 0, (c["check_games"] + 1) // 2))
    parts.append(fit.deal_seeds(c["seed"], fit.PURPOSE_VALIDATE, 0,
                                (c["validate_games"] + 1) // 2))
    return np.concatenate(parts)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("summary", help="the run's summary.json")
    ap.add_argument("--deals", type=int, required=True)
    ap.add_argument("--seed", type=int, required=True)
    args = ap.parse_args()
    with open(args.summary, encoding="utf-8") as f:
        summary = json.load(f)
    used = evolution_seeds(summary)
    sim = game_seeds_at(args.seed, np.arange(args.deals))
    shared = np.intersect1d(used, sim).size
    print(f"evolution played {used.size:,} deals ({np.unique(used).size:,} distinct); "
          f"poker sim --seed {args.seed} --deals {args.deals:,} plays {sim.size:,}; "
          f"shared: {shared}")


if __name__ == "__main__":
    main()
