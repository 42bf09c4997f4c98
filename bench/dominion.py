"""Dominion engine speed: games per second on one core (compilation excluded), the first result.

    python3 bench/dominion.py [--games N] [--repeat N] [--workload NAME ...] [--no-cold]
                              [--baseline COMMIT] [--compile-profile]

Prints, for each workload, games/s of ``Engine.play`` (one compiled call per batch, one core,
CPU time of the timing process, best of ``--repeat``), then the first-result figures: a fresh
process with an empty numba cache (``NUMBA_CACHE_DIR`` an empty folder) until the first
``dominion sim``-like batch (a Big Money mirror of 100 games) has its result, and until the whole
kernel is compiled (``Engine.compile()``); then the same with that cache warm (the load time).
Every block and row carries the load average (as ``uptime`` shows it): on a shared machine a
figure means nothing without it.

Workloads (``bench/dominion_worker.py`` holds the table): ``bm`` the Big Money mirror; ``witch``
the Witch Big Money mirror; ``engine4`` a 4-player First Game with Village/Smithy-style bots;
``mixed4`` the First Game with a heavier mixed table (Militia attacks, Remodel, Mine, Moat);
``traced`` the mirror with tracing on (decoded to Python events; tracing costs nothing when off:
that is the first line); ``bm+cards``, ``witch+cards`` and ``mixed4+cards`` the same games as
``bm``, ``witch`` and ``mixed4`` with per-card statistics recorded (``Engine.play(card_stats=
True)``), each printed as a share of its row's rate; ``bm+decks``, ``witch+decks`` and
``mixed4+decks`` the same with deck records (``Engine.play(deck_stats=True)``: each seat's cards
after each turn, the supply and trash at the end; per-turn statistics come with them), printed
the same way. Rows for the card sets to come
(``colony``, ``wharf``, ``intrigue4``) run on a tree that has their cards and print a note where
it has not.

``--baseline COMMIT`` times that commit beside the working tree in the same run: the commit's
``src/`` is extracted (``git archive``) to a folder under the temp directory, kept there so its
numba cache is reused by the next run, and each tree runs in its own worker process with
``PYTHONPATH=<tree>/src``. Repeats (15 by default) alternate the trees, A B then B A, so load that
drifts during a run hits both alike; each row prints both best rates, the ratio (the median over
the pairs of this tree's rate / the baseline's, each pair timed back to back: on a loaded machine
it is far steadier than the ratio of the bests) with a sign-test interval (>= 95%), and the
verdict against the 5% target (ratio >= 0.95), marked ``?`` when the interval holds 0.95. A
baseline equal to this tree shows the method's noise at the current load.

``--compile-profile`` only profiles a cold compile: the wall time of the first ``dominion
sim``-like batch, split per compiled function (exclusive time, from numba's compile events), so
one sees what bounds the first result. It compiles in one process (``LUDOLAB_COMPILE_SPLIT=0``)
so that every function shows; a cold start shares the same work between two processes
(``engine/coldstart.py``): the first-result rows time that.
"""

from __future__ import annotations

import argparse
import io
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

from dominion_worker import WORKLOADS

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
WORKER = BENCH / "dominion_worker.py"
TARGET = 0.95  # every workload within 5% of the baseline


def _load() -> str:
    """The load averages over 1, 5 and 15 minutes, as ``uptime`` prints them."""
    return "load average {:.2f}, {:.2f}, {:.2f}".format(*os.getloadavg())


def _env(src: Path, cache: str | None) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(src))
    if cache is not None:
        env["NUMBA_CACHE_DIR"] = cache
    return env


# -- the baseline tree -------------------------------------------------------------------------
def _git(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["git", *args], cwd=REPO, capture_output=True)


def _baseline_src(commit: str) -> tuple[str, Path]:
    """The commit's full hash and its ``src/`` extracted under the temp directory (reused)."""
    out = _git("rev-parse", "--verify", "--quiet", f"{commit}^{{commit}}")
    if out.returncode != 0:
        sys.exit(_usage_error(f"--baseline: unknown commit {commit!r} in {REPO}"))
    sha = out.stdout.decode().strip()
    if _git("cat-file", "-e", f"{sha}:src/ludolab/games/dominion/engine").returncode != 0:
        sys.exit(_usage_error(f"--baseline: commit {commit!r} has no Dominion engine "
                              "(src/ludolab/games/dominion/engine)"))
    root = Path(tempfile.gettempdir()) / "ludolab-bench" / sha
    if not (root / "src").is_dir():
        archive = _git("archive", "--format=tar", sha, "src")
        if archive.returncode != 0:
            sys.exit(_usage_error(f"--baseline: git archive {commit} failed: "
                                  f"{archive.stderr.decode().strip()}"))
        root.parent.mkdir(parents=True, exist_ok=True)
        part = Path(tempfile.mkdtemp(prefix=f"{sha[:9]}.part.", dir=root.parent))
        with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
            tar.extractall(part, filter="data")
        try:
            part.rename(root)  # atomic: a half-extracted tree is never reused
        except OSError:  # another run extracted it meanwhile
            shutil.rmtree(part, ignore_errors=True)
    return sha, root / "src"


def _usage_error(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 2


def _same_as_head(sha: str) -> bool:
    head = _git("rev-parse", "HEAD").stdout.decode().strip()
    dirty = _git("status", "--porcelain", "--", "src").stdout.strip()
    return head == sha and not dirty


# -- workers -----------------------------------------------------------------------------------
class Worker:
    """A timing process for one tree (see ``dominion_worker.py``)."""

    def __init__(self, label: str, src: Path, cache: str | None) -> None:
        self.label = label
        self.proc = subprocess.Popen([sys.executable, str(WORKER)], env=_env(src, cache),
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        got = Path(self.ask(op="hello")["ludolab"]).resolve()
        if not got.is_relative_to(src.resolve()):
            raise SystemExit(f"error: the {label} worker imported ludolab from {got}, not {src}")
        self.skips: dict[str, str] = {}

    def ask(self, **req: object) -> dict:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit(f"error: the {self.label} worker died (its error is above)")
        return json.loads(line)

    def warm(self, names: list[str]) -> None:
        print(f"  {self.label}: compiling or loading the engine for the workloads "
              f"(cold: a minute or more under load; {_load()})...", flush=True)
        r = self.ask(op="warm", workloads=names)
        self.skips = r["skips"]
        print(f"  {self.label}: ready in {r['seconds']:.1f} s ({_load()})", flush=True)

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=60)


def _median_ci(xs: list[float]) -> tuple[float, float, float]:
    """A distribution-free interval for the median of the pair ratios, at least 95%: the k-th
    smallest and k-th largest, k the largest with P(Binomial(n, 1/2) < k) <= 2.5% (the sign test;
    the pairs are independent timings). Fewer than 6 pairs give none: the whole range instead,
    and the level it has."""
    n = len(xs)
    ys = sorted(xs)
    k, tail = 0, 0.0
    while True:
        nxt = tail + math.comb(n, k) / 2**n
        if nxt > 0.025:
            break
        k, tail = k + 1, nxt
    if k == 0:
        return ys[0], ys[-1], 1 - 2 / 2**n
    return ys[k - 1], ys[n - k], 1 - 2 * tail


def _verdict(ratio: float, lo: float, hi: float) -> str:
    """``ok`` / ``SLOWER`` by the ratio against the target; a ``?`` when the interval holds 0.95
    (the load hides whether the target is met: rerun with more ``--repeat`` or ``--games``)."""
    word = "ok" if ratio >= TARGET else "SLOWER"
    return word + ("?" if lo < TARGET <= hi else "")


def _workload_rows(workers: list[Worker], names: list[str], games: int, repeat: int) -> None:
    base = len(workers) == 2
    print(f"\nworkloads: --games {games:,}, best of {repeat} (CPU time of the timing process, "
          f"one core); {_load()}")
    if base:
        print("trees alternated A B, B A; ratio = median over the pairs of this/base (each pair "
              "timed back to back), interval: sign test on the pairs; verdict: ratio >= 0.95, "
              "'?' when the interval holds 0.95 (the noise hides it)")
        print(f"{'workload':44s} {'this g/s':>10s} {'base g/s':>10s} {'ratio':>6s} "
              f"{'interval':>11s} {'verdict':>8s} {'load':>5s}")
    else:
        print(f"{'workload':44s} {'games/s':>10s} {'load':>5s}")
    best_rates: dict[str, float] = {}
    levels: set[float] = set()
    for name in names:
        w = WORKLOADS[name]
        skipped = [f"{wk.label}: {wk.skips[name]}" for wk in workers if name in wk.skips]
        if name in workers[0].skips:
            print(f"{w.title:44s} skipped ({'; '.join(skipped)})")
            continue
        # A row this tree has and the baseline lacks (a card added since) is timed on this tree
        # alone: it still counts beside the Big Money mirror (``vs_bm``).
        active = [wk for wk in workers if name not in wk.skips]
        rates: list[list[float]] = [[] for _ in active]
        for r in range(repeat):
            order = range(len(active)) if r % 2 == 0 else reversed(range(len(active)))
            for i in order:
                rates[i].append(active[i].ask(op="time", workload=name, games=games)["rate"])
        best = [max(rs) for rs in rates]
        best_rates[name] = best[0]
        load = os.getloadavg()[0]
        if len(active) == 2:
            pairs = [a / b for a, b in zip(rates[0], rates[1], strict=True)]
            ratio = statistics.median(pairs)
            lo, hi, level = _median_ci(pairs)
            levels.add(level)
            print(f"{w.title[:44]:44s} {best[0]:10,.0f} {best[1]:10,.0f} {ratio:6.3f} "
                  f"{lo:5.3f}-{hi:5.3f} {_verdict(ratio, lo, hi):>8s} {load:5.1f}")
        elif base:
            print(f"{w.title[:44]:44s} {best[0]:10,.0f} {'-':>10s} {'-':>6s} {'-':>11s} "
                  f"{'-':>8s} {load:5.1f}  ({'; '.join(skipped)})")
        else:
            print(f"{w.title[:44]:44s} {best[0]:10,.0f} {load:5.1f}")
    if levels:
        print(f"  (interval level: {', '.join(f'{lv:.1%}' for lv in sorted(levels))})")
    for name in names:
        w = WORKLOADS[name]
        if w.vs_bm is not None and name in best_rates and "bm" in best_rates:
            share = best_rates[name] / best_rates["bm"]
            print(f"  {name}: {share:.2f} of the Big Money mirror's rate on this tree "
                  f"(target >= {w.vs_bm}: {'ok' if share >= w.vs_bm else 'BELOW'})")
        if w.of is not None and name in best_rates and w.of in best_rates:
            print(f"  {name}: {best_rates[name] / best_rates[w.of]:.3f} of the rate of the same "
                  f"games without recording ({w.of}, this tree, best against best)")


# -- first result ------------------------------------------------------------------------------
def _first_result(src: Path, cache: str) -> dict[str, float]:
    """A fresh process with ``NUMBA_CACHE_DIR=cache``: wall seconds from its start to the first
    batch result and to the whole kernel, and its CPU seconds at both."""
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, str(WORKER), "--first-result"],
                            env=_env(src, cache), stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    first = json.loads(proc.stdout.readline())
    first_wall = time.perf_counter() - t0
    rest = json.loads(proc.stdout.readline())
    all_wall = time.perf_counter() - t0
    if proc.wait() != 0:
        raise SystemExit("error: the first-result process failed (its error is above)")
    return {"first": first_wall, "first_cpu": first["first_cpu"],
            "first_child": first.get("first_child_cpu", 0.0), "all": all_wall,
            "all_cpu": rest["all_cpu"], "all_child": rest.get("all_child_cpu", 0.0)}


def _first_result_rows(trees: list[tuple[str, Path]], caches: list[str], cold: bool) -> None:
    kind = "cold (empty numba cache)" if cold else "warm (numba cache filled)"
    print(f"\nfirst result, {kind}: seconds from a fresh process; {_load()}")
    labels = [label for label, _ in trees]
    head = " ".join(f"{lab + ' s':>10s}" for lab in labels)
    print(f"{'figure':44s} {head}{' ratio' if len(trees) == 2 else ''} {'load':>5s}")
    figs = []
    for (label, src), cache in zip(trees, caches, strict=True):
        print(f"  {label}: {'compiling cold' if cold else 'loading'}... ({_load()})", flush=True)
        figs.append(_first_result(src, cache))
    load = os.getloadavg()[0]
    rows = [("first sim-like batch result, wall", "first"),
            ("first sim-like batch result, CPU", "first_cpu"),
            ("  and its second compiling process, CPU", "first_child"),
            ("whole kernel (Engine.compile), wall", "all"),
            ("whole kernel (Engine.compile), CPU", "all_cpu"),
            ("  and its second compiling process, CPU", "all_child")]
    if not cold:
        rows = [(t.replace("whole kernel (Engine.compile)", "load from cache"), k)
                for t, k in rows]
    for title, key in rows:
        vals = " ".join(f"{f[key]:10.2f}" for f in figs)
        ratio = (f" {figs[0][key] / figs[1][key]:5.2f}" if len(figs) == 2 and figs[1][key] > 0
                 else "")
        print(f"{title:44s} {vals}{ratio} {load:5.1f}")


# -- compile profile ---------------------------------------------------------------------------
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
    with tempfile.TemporaryDirectory() as cache:
        t0 = time.perf_counter()
        # One process compiles everything (no split, engine/coldstart.py), so every function of
        # the kernel shows here; a cold start splits the same work over two processes.
        env = dict(_env(REPO / "src", cache), LUDOLAB_COMPILE_SPLIT="0")
        out = subprocess.run([sys.executable, "-c", _PROFILE_CODE], env=env,
                             check=True, capture_output=True, text=True)
        wall = time.perf_counter() - t0
    r = json.loads(out.stdout.strip().splitlines()[-1])
    excl = sorted(r["excl"].items(), key=lambda kv: -kv[1])
    total = sum(v for _, v in excl)
    print(f"process wall {wall:.1f} s: import {r['import']:.1f} s, first batch (compile) "
          f"{r['first_batch']:.1f} s; {len(excl)} functions, {total:.1f} s in compile events")
    print(f"{'function (exclusive compile time)':38s} {'s':>7s} {'share':>6s}")
    for name, v in excl[:15]:
        print(f"{name:38s} {v:7.2f} {v / total:6.1%}")
    print(f"({_load()})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200_000, help="games per workload (2-player)")
    ap.add_argument("--repeat", type=int, default=None,
                    help="timings per workload and tree (default 3, with --baseline 15)")
    ap.add_argument("--workload", action="append", choices=sorted(WORKLOADS), metavar="NAME",
                    help=f"only these workloads (repeatable): {', '.join(WORKLOADS)}")
    ap.add_argument("--baseline", metavar="COMMIT",
                    help="also time this commit, alternated with the working tree")
    ap.add_argument("--no-cold", action="store_true",
                    help="skip the first-result (cold and warm) measurements")
    ap.add_argument("--compile-profile", action="store_true",
                    help="only profile a cold compile of the batch path, per function")
    args = ap.parse_args()
    if args.repeat is None:
        args.repeat = 15 if args.baseline else 3
    if args.games < 1 or args.repeat < 1:
        ap.exit(2, "error: --games and --repeat must be at least 1\n")
    if args.compile_profile:
        _compile_profile()
        return
    names = args.workload or [n for n, w in WORKLOADS.items() if w.default]
    trees = [("this", REPO / "src")]
    if args.baseline:
        sha, src = _baseline_src(args.baseline)
        trees.append(("base", src))
        same = " (= this tree's HEAD, clean src/: the ratios show the method's noise)" \
            if _same_as_head(sha) else ""
        print(f"baseline {args.baseline} = {sha[:12]}, extracted at {src.parent}{same}")
    print(f"this tree: {REPO}; {os.cpu_count()} cores; numba single-threaded; {_load()}",
          flush=True)
    with ExitStack() as stack:
        caches: list[str | None] = [None] * len(trees)
        if not args.no_cold:
            # Each tree compiles into a fresh cache folder; the warm figures and the workers then
            # load from it, so the cold compile is paid once per tree.
            caches = [stack.enter_context(tempfile.TemporaryDirectory(prefix="numba-cache."))
                      for _ in trees]
            _first_result_rows(trees, caches, cold=True)
            _first_result_rows(trees, caches, cold=False)
        print(f"\nstarting the timing workers ({_load()})", flush=True)
        workers: list[Worker] = []
        try:
            for (label, src), cache in zip(trees, caches, strict=True):
                workers.append(Worker(label, src, cache))
                workers[-1].warm(names)
            _workload_rows(workers, names, args.games, args.repeat)
        finally:
            for wk in workers:
                wk.close()
    print(f"\n(done; {_load()})")


if __name__ == "__main__":
    main()
