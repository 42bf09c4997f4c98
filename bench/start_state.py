"""What a start state costs: games begun from one (played step-wise, as Simulate's start state
runs them) against the usual start (the batch engine), same bots, same seeds, one worker.

    python3 bench/start_state.py [--games 2000] [--opening 5/2]

Prints the games per second of each and the load average (the machine may be shared).
"""

from __future__ import annotations

import argparse
import os
import time

from ludolab.arena.simulation import prepare
from ludolab.games.dominion.start import StartState

BOTS = ["Big Money", "Smithy Big Money"]


def rate(games: int, options: dict[str, object]) -> float:
    plan = prepare("dominion", BOTS, games, 0, options=options, seating="rotate")
    plan.run(workers=1)  # warm: the kernel loaded, the first chunk's setup paid
    t0 = time.perf_counter()
    plan.run(workers=1)
    return games / (time.perf_counter() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--opening", default="5/2")
    args = ap.parse_args()
    usual = rate(args.games, {"kingdom": "auto"})
    start = rate(args.games, {"kingdom": "auto", "start": StartState(args.opening)})
    print(f"{args.games:,} games of {' vs '.join(BOTS)}, one worker")
    print(f"  usual start (batch engine): {usual:,.0f} games/s")
    print(f"  opening {args.opening} (step-wise): {start:,.0f} games/s "
          f"({usual / start:.0f}x slower)")
    print(f"  load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
