"""Strength of the Dominion search player: against simulations per decision, and by rollout
policy (the plot and the ablation).

Each point is one ``ludolab.dominion.simulate`` run of a search spec against an opponent bot on
a kingdom, every deal played in both seatings, with the win rate's 95% interval over deals. A
finished point is appended to a JSON-lines file at once (an interrupted run keeps what it
measured, and a rerun skips points already there). ``plot`` draws the file as a PNG.

Usage::

    python bench/search_strength.py curve --sims 100,300,1000,3000 --games 200 \\
        --opponent "Double Witch" --rollout "Double Witch" --out bench/out/curve.jsonl
    python bench/search_strength.py ablation --rollouts "Double Witch,Witch Big Money,random" \\
        --sims 1000 --games 200 --opponent "Double Witch" --out bench/out/ablation.jsonl
    python bench/search_strength.py plot bench/out/curve.jsonl --png docs/search/strength.png
    python bench/search_strength.py decisions --spec "mcts:simulations=5000,rollout=Double Witch" \
        --opponent "Double Witch" --games 4

``decisions`` looks inside the searches of a few games: at each searched decision, how the
search's best option compared with its rollout bot's own answer (the paired difference of their
values over common re-deals, in standard errors): how often the two differ, how often the
difference is significant, and how large it is. This is what bounds a one-step improvement of
the bot.

The figures move with the load of the machine (the seconds, not the results: the results depend
only on the seed); each row records ``uptime``'s load average.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

from ludolab import dominion


def _load(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def measure(spec: str, opponent: str, kingdom: str, games: int, seed: int, workers: int,
            out: Path, extra: dict) -> dict:
    """Play one point (or return it from ``out`` when it is there already)."""
    key = {"spec": spec, "opponent": opponent, "kingdom": kingdom, "games": games, "seed": seed}
    for row in _load(out):
        if all(row.get(k) == v for k, v in key.items()):
            return row
    load = os.getloadavg()[0]
    start = time.perf_counter()
    result = dominion.simulate([spec, opponent], games=games, seed=seed, kingdom=kingdom,
                               workers=workers)
    seconds = time.perf_counter() - start
    me = result.bot_rows()[0]
    row = key | extra | {
        "deals": me["deals"], "win_rate": me["win_rate"], "win_ci": list(me["win_ci"]),
        "tie_rate": me["tie_rate"], "margin": me["mean_margin"],
        "margin_ci": list(me["margin_ci"]), "seconds": round(seconds, 1), "workers": workers,
        "load_before": load, "load_after": os.getloadavg()[0],
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("a") as f:
        f.write(json.dumps(row) + "\n")
    return row


def show(row: dict) -> None:
    lo, hi = row["win_ci"]
    print(f"  {row['spec']:62s} vs {row['opponent']:16s} {row['games']:5d} games  win "
          f"{100 * row['win_rate']:5.1f}% [{100 * lo:5.1f}, {100 * hi:5.1f}]  margin "
          f"{row['margin']:+6.2f}  {row['seconds']:7.1f} s  load {row['load_before']:.1f}",
          flush=True)


def plot(rows: list[dict], png: Path) -> None:
    """Win rate (95% interval over deals) against simulations per decision, one line per
    (rollout, opponent)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.2))
    lines: dict[tuple[str, str], list[dict]] = {}
    for r in rows:
        lines.setdefault((r["rollout"], r["opponent"]), []).append(r)
    for (rollout, opponent), pts in sorted(lines.items()):
        pts.sort(key=lambda r: r["simulations"])
        x = [r["simulations"] for r in pts]
        y = [100 * r["win_rate"] for r in pts]
        err = [[100 * (r["win_rate"] - r["win_ci"][0]) for r in pts],
               [100 * (r["win_ci"][1] - r["win_rate"]) for r in pts]]
        ax.errorbar(x, y, yerr=err, marker="o", capsize=3,
                    label=f"rollout {rollout} vs {opponent}")
    ax.axhline(50, color="grey", lw=0.8, ls=":")
    ax.axhline(60, color="tab:red", lw=0.8, ls="--", label="target (60%)")
    ax.set_xscale("log")
    ax.set_xlabel("simulations per decision")
    ax.set_ylabel("search player's wins (%)")
    ax.set_title("Dominion search player, kingdom Witch (95% intervals over deals)")
    ax.legend(fontsize=8)
    fig.tight_layout()
    png.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(png, dpi=110)


def decisions(spec: str, opponent: str, kingdom: str, games: int, seed: int) -> None:
    """Print how the search's best options compare with its rollout bot's answers."""
    import numpy as np

    from ludolab.core.rng import game_seeds
    from ludolab.games.dominion.bots import load_bot
    from ludolab.games.dominion.engine import Engine
    from ludolab.games.dominion.kingdom import resolve_kingdom
    from ludolab.games.dominion.search import make_search_player, play_keyed

    player = make_search_player(spec)
    other = load_bot(opponent)
    ids = resolve_kingdom(kingdom, {})
    engine = Engine(ids, 2)
    reports = []
    start = time.perf_counter()
    for i, s in enumerate(game_seeds(seed, 0, games)):
        seats = [player, other] if i % 2 == 0 else [other, player]
        play_keyed(engine, seats, int(s),
                   lambda d, a, r: reports.append(r) if r is not None and r.options else None)
    seconds = time.perf_counter() - start
    same = [r for r in reports if r.gain_se == 0 and r.gain == 0]
    differ = [r for r in reports if not (r.gain_se == 0 and r.gain == 0)]
    z = np.array([r.gain / r.gain_se for r in differ if r.gain_se > 0])
    gain = np.array([r.gain for r in differ])
    played = [r for r in differ if r.chosen != r.bot]
    print(f"{spec} vs {opponent}, kingdom {kingdom}: {games} games, {len(reports)} searched "
          f"decisions, {seconds:.0f} s ({os.getloadavg()[0]:.1f} load)")
    print(f"  best option = the rollout bot's answer: {len(same)} "
          f"({100 * len(same) / max(len(reports), 1):.0f}%)")
    print(f"  best option differs: {len(differ)}; its gain over the bot's answer (value units): "
          f"median {np.median(gain) if len(gain) else 0:+.4f}, mean "
          f"{gain.mean() if len(gain) else 0:+.4f}")
    if len(z):
        print(f"  gain in standard errors: median {np.median(z):.2f}; above 1: "
              f"{(z > 1).sum()}, above 2: {(z > 2).sum()}, above 3: {(z > 3).sum()}")
    print(f"  played instead of the bot's answer (trust {player.trust:g}): {len(played)} "
          f"({100 * len(played) / max(len(reports), 1):.1f}% of searched decisions)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    for name in ("curve", "ablation"):
        p = sub.add_parser(name)
        p.add_argument("--sims", default="100,300,1000,3000", help="simulations (comma list)")
        p.add_argument("--rollout", default="Double Witch")
        p.add_argument("--rollouts", default="Double Witch,Witch Big Money,Big Money Ultimate,"
                       "Big Money,random")
        p.add_argument("--options", default="", help="more spec settings, e.g. trust=1")
        p.add_argument("--opponent", default="Double Witch")
        p.add_argument("--kingdom", default="Witch")
        p.add_argument("--games", type=int, default=200)
        p.add_argument("--seed", type=int, default=21)
        p.add_argument("--workers", type=int, default=2)
        p.add_argument("--out", type=Path, required=True)
    p = sub.add_parser("decisions")
    p.add_argument("--spec", default="mcts:simulations=5000,rollout=Double Witch")
    p.add_argument("--opponent", default="Double Witch")
    p.add_argument("--kingdom", default="Witch")
    p.add_argument("--games", type=int, default=4)
    p.add_argument("--seed", type=int, default=21)
    p = sub.add_parser("plot")
    p.add_argument("file", type=Path)
    p.add_argument("--png", type=Path, required=True)
    args = parser.parse_args()
    if args.cmd == "decisions":
        decisions(args.spec, args.opponent, args.kingdom, args.games, args.seed)
        return
    if args.cmd == "plot":
        plot(_load(args.file), args.png)
        print(f"wrote {args.png}")
        return
    sims = [int(x) for x in args.sims.split(",")]
    rollouts = [args.rollout] if args.cmd == "curve" else args.rollouts.split(",")
    more = f",{args.options}" if args.options else ""
    print(f"{args.cmd}: kingdom {args.kingdom}, seed {args.seed}, {args.workers} workers")
    for rollout in rollouts:
        for n in sims:
            spec = f"mcts:simulations={n},rollout={rollout}{more}"
            show(measure(spec, args.opponent, args.kingdom, args.games, args.seed, args.workers,
                         args.out, {"simulations": n, "rollout": rollout}))


if __name__ == "__main__":
    main()
