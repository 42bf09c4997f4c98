"""Dominion engine speed: games per second on one core (compilation excluded), and compile time.

    python3 bench/dominion.py [--games N] [--no-cold]

Prints, for each workload, games/s of ``Engine.play`` (one compiled call per batch, one core,
CPU time of this process), then the cold compile time of the kernel (measured in a subprocess
with an empty numba cache) and the time to load it from the cache. Workloads: the Big Money
mirror; the Witch Big Money mirror; a 4-player First Game with engine bots; the same mirror with
tracing, to show what tracing costs when on (it costs nothing when off: that is the first line).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

from ludolab.core import rng
from ludolab.games.dominion.engine import Engine, simple_bot
from ludolab.games.dominion.kingdom import PRESETS


def _bots() -> dict[str, object]:
    bm = simple_bot("Big Money", buy=["Province", "Gold", "Silver"])
    witch = simple_bot("Witch BM", buy=["Province", "Witch", "Gold", "Silver"], limits={"Witch": 2})
    engine_bots = [
        simple_bot("Village/Smithy", buy=["Province", "Gold", "Smithy", "Village", "Silver"],
                   play=["Village", "Smithy"], limits={"Smithy": 3, "Village": 3}),
        simple_bot("Militia/Market", buy=["Province", "Gold", "Market", "Militia", "Silver"],
                   limits={"Militia": 1, "Market": 4}),
        simple_bot("Remodel/Workshop", buy=["Province", "Gold", "Remodel", "Workshop", "Silver"],
                   limits={"Remodel": 1, "Workshop": 2}),
        simple_bot("Cellar/Mine/Moat", buy=["Province", "Gold", "Mine", "Moat", "Cellar",
                                            "Merchant", "Silver"],
                   limits={"Mine": 1, "Moat": 1, "Cellar": 1, "Merchant": 2}),
    ]
    return {"bm": bm, "witch": witch, "engine": engine_bots}


def _rate(engine: Engine, bots: list, games: int, trace: bool = False) -> float:
    seeds = rng.game_seeds(12345, 0, games)
    engine.play(bots, seeds[:10])  # warm: compiled or loaded before timing
    if trace:
        n = max(1, games // 100)
        t0 = time.process_time()
        for s in seeds[:n]:
            engine.trace(bots, int(s))
        return n / (time.process_time() - t0)
    t0 = time.process_time()
    engine.play(bots, seeds)
    return games / (time.process_time() - t0)


def _cold_compile_seconds() -> float:
    code = ("import time; t=time.perf_counter(); "
            "from ludolab.games.dominion.engine import Engine; Engine.compile(); "
            "print(time.perf_counter()-t)")
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        out = subprocess.run([sys.executable, "-c", code], env=env, check=True,
                             capture_output=True, text=True)
        cpu = subprocess.run(
            [sys.executable, "-c", "import resource; print(resource.getrusage("
             "resource.RUSAGE_CHILDREN).ru_utime)"], capture_output=True, text=True)
        del cpu
    return float(out.stdout.strip().splitlines()[-1])


def _warm_load_seconds() -> float:
    code = ("import time; t=time.perf_counter(); "
            "from ludolab.games.dominion.engine import Engine; Engine.compile(); "
            "print(time.perf_counter()-t)")
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                         text=True)
    return float(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200_000, help="games per workload")
    ap.add_argument("--no-cold", action="store_true", help="skip the cold compile measurement")
    args = ap.parse_args()
    bots = _bots()
    rows = [
        ("Big Money mirror (2p)", Engine([], 2), [bots["bm"]] * 2, args.games, False),
        ("Witch Big Money mirror (2p)", Engine(["Witch"], 2), [bots["witch"]] * 2, args.games,
         False),
        ("First Game, 4 engine bots (4p)", Engine(list(PRESETS["first-game"]), 4),
         bots["engine"], args.games // 4, False),
        ("Big Money mirror, traced", Engine([], 2), [bots["bm"]] * 2, args.games, True),
    ]
    print(f"{'workload':34s} {'games/s':>10s}")
    for name, eng, seated, games, trace in rows:
        rate = _rate(eng, seated, games, trace)
        print(f"{name:34s} {rate:10,.0f}")
    print(f"{'load from cache (s)':34s} {_warm_load_seconds():10.2f}")
    if not args.no_cold:
        print(f"{'cold compile (s)':34s} {_cold_compile_seconds():10.2f}")
    print(f"(numba threads unused: one core; {os.cpu_count()} cores on this machine, "
          f"load average {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    np.seterr(all="ignore")
    main()
