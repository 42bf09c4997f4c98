"""Dominion engine speed: games per second on one core (compilation excluded), and compile time.

    python3 bench/dominion.py [--games N] [--no-cold] [--compile-profile]

Prints, for each workload, games/s of ``Engine.play`` (one compiled call per batch, one core,
CPU time of this process), then the cold compile time of the kernel (measured in a subprocess
with an empty numba cache) and the time to load it from the cache. Workloads: the Big Money
mirror; the Witch Big Money mirror; a 4-player First Game with Village/Smithy-style engine bots;
the First Game with a heavier mixed table (Militia attacks, Remodel, Mine, Moat); the mirror with
tracing on (decoded to Python events; tracing costs nothing when off: that is the first line).
Each rate is the best of three runs. ``--compile-profile`` only profiles a cold compile: the
wall time of the first ``dominion sim``-like batch, split per compiled function (exclusive time,
from numba's compile events), so one sees what bounds the first result.
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
    village_smithy = simple_bot(
        "Village/Smithy", buy=["Province", "Gold", "Smithy", "Village", "Silver"],
        play=["Village", "Smithy"], limits={"Smithy": 3, "Village": 3})
    market_smithy = simple_bot("Market/Smithy", buy=["Province", "Gold", "Market", "Smithy",
                                                     "Silver"], limits={"Smithy": 2, "Market": 4})
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
    return {"bm": bm, "witch": witch, "mixed": engine_bots,
            "engine": [village_smithy, market_smithy, village_smithy, market_smithy]}


def _rate(engine: Engine, bots: list, games: int, trace: bool = False, repeat: int = 3) -> float:
    """Best of ``repeat`` timings (CPU time of this process; the best is the least disturbed by
    other processes on a shared machine)."""
    seeds = rng.game_seeds(12345, 0, games)
    engine.play(bots, seeds[:10])  # warm: compiled or loaded before timing
    best = 0.0
    for _ in range(repeat):
        if trace:
            n = max(1, games // 100)
            t0 = time.process_time()
            for s in seeds[:n]:
                engine.trace(bots, int(s))
            best = max(best, n / (time.process_time() - t0))
        else:
            t0 = time.process_time()
            engine.play(bots, seeds)
            best = max(best, games / (time.process_time() - t0))
    return best


def _cold_compile_seconds() -> float:
    code = ("import time; t=time.perf_counter(); "
            "from ludolab.games.dominion.engine import Engine; Engine.compile(); "
            "print(time.perf_counter()-t)")
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        out = subprocess.run([sys.executable, "-c", code], env=env, check=True,
                             capture_output=True, text=True)
    return float(out.stdout.strip().splitlines()[-1])


_PROFILE_CODE = """
import json, time
from numba.core import event as ev
t0 = time.perf_counter()
from ludolab.games.dominion.engine import Engine, simple_bot
t_import = time.perf_counter() - t0
stack, excl, calls = [], {}, {}
class L(ev.Listener):
    def on_start(self, e):
        stack.append([e.data["dispatcher"].py_func.__name__, time.perf_counter(), 0.0])
    def on_end(self, e):
        name, t, inner = stack.pop()
        d = time.perf_counter() - t
        excl[name] = excl.get(name, 0.0) + d - inner
        calls[name] = calls.get(name, 0) + 1
        if stack:
            stack[-1][2] += d
listener = L()
ev.register("numba:compile", listener)
t1 = time.perf_counter()
bm = simple_bot("bm", buy=["Province", "Gold", "Silver"])
Engine([], 2).play([bm, bm], [0])
t_batch = time.perf_counter() - t1
print(json.dumps({"import": t_import, "first_batch": t_batch, "excl": excl, "calls": calls}))
"""


def _compile_profile() -> None:
    """Cold compile of the batch path in a subprocess with an empty cache, per function."""
    import json  # only this mode needs it

    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        t0 = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", _PROFILE_CODE], env=env, check=True,
                             capture_output=True, text=True)
        wall = time.perf_counter() - t0
    r = json.loads(out.stdout.strip().splitlines()[-1])
    excl = sorted(r["excl"].items(), key=lambda kv: -kv[1])
    total = sum(v for _, v in excl)
    print(f"process wall {wall:.1f} s: import {r['import']:.1f} s, first batch (compile) "
          f"{r['first_batch']:.1f} s; {len(excl)} functions, {total:.1f} s in compile events")
    print(f"{'function (exclusive compile time)':38s} {'s':>7s} {'share':>6s}")
    for name, v in excl[:15]:
        print(f"{name:38s} {v:7.2f} {v / total:6.1%}")
    print(f"(load average {os.getloadavg()[0]:.1f})")


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
    ap.add_argument("--compile-profile", action="store_true",
                    help="only profile a cold compile of the batch path, per function")
    args = ap.parse_args()
    if args.compile_profile:
        _compile_profile()
        return
    bots = _bots()
    rows = [
        ("Big Money mirror (2p)", Engine([], 2), [bots["bm"]] * 2, args.games, False),
        ("Witch Big Money mirror (2p)", Engine(["Witch"], 2), [bots["witch"]] * 2, args.games,
         False),
        ("First Game, Village/Smithy-style (4p)", Engine(list(PRESETS["first-game"]), 4),
         bots["engine"], args.games // 4, False),
        ("First Game, mixed + Militia (4p)", Engine(list(PRESETS["first-game"]), 4),
         bots["mixed"], args.games // 4, False),
        ("Big Money mirror, traced", Engine([], 2), [bots["bm"]] * 2, args.games, True),
    ]
    print(f"{'workload':38s} {'games/s':>10s}")
    for name, eng, seated, games, trace in rows:
        rate = _rate(eng, seated, games, trace)
        print(f"{name:38s} {rate:10,.0f}")
    print(f"{'load from cache (s)':38s} {_warm_load_seconds():10.2f}")
    if not args.no_cold:
        print(f"{'cold compile (s)':38s} {_cold_compile_seconds():10.2f}")
    print(f"(numba threads unused: one core; {os.cpu_count()} cores on this machine, "
          f"load average {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    np.seterr(all="ignore")
    main()
