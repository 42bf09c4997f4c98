"""The measurements of docs/poker.md "Experiments": what duplicate seating and a card-luck control
variate buy, and whether a +0.05 small bets per hand version difference is detected.

Usage::

    PYTHONPATH=src python bench/poker_experiments.py              # about two minutes, one core
    PYTHONPATH=src python bench/poker_experiments.py --quick      # a tenth of the sizes

Every run is seeded; the figures are reproducible exactly. Sections:

1. Variance removed by duplicate seating, heads-up (each deal twice, seats swapped) and at ten
   seats (Table 8.1): for the same bots, a duplicate run and an independent-seating run with as
   many hands; the independent hands the duplicate interval is worth (``var(hand) / sem^2``)
   next to the same figure from the independent run's own standard deviation.
2. An AIVAT-style card-luck correction (:func:`ludolab.poker.card_luck`) whose coefficient is
   fitted on a pilot run of another seed, then applied to fresh runs: variance ratio under
   independent seating, and what it changes under duplicate seating.
3. Version against version: two bots whose true difference is about +0.05 sb/hand, measured on
   a large five-vs-five run; then many replications of 2,500 deals x 10 seatings: how often the
   95% interval excludes 0, how the sequential test decides, and how many independent hands
   would give the same power.
"""

from __future__ import annotations

import argparse
import math
import subprocess
import time

import numpy as np
from scipy import stats as st

from ludolab import poker
from ludolab.arena.stats import deal_totals

HEADS_UP = ["random:0.1:0.5", "call"]
TEN = ["call", "raise", "random:0.05:0.6", "random:0.1:0.5", "random:0.15:0.5",
       "random:0.02:0.7", "random:0.2:0.4", "random:0.08:0.8", "random:0.3:0.3",
       "random:0.01:0.9"]
NEW, OLD = "random:0.02:0.6", "random:0.021:0.6"


def per_hand_diff(r: poker.PokerResult) -> np.ndarray:
    return r.per_bot(0) - r.per_bot(1)


def unit_sem(r: poker.PokerResult, values: np.ndarray) -> tuple[float, float]:
    """Mean and standard error over units (the ratio estimator of arena.stats.cluster_mean)."""
    totals, sizes = deal_totals(r.records["deal"], values)
    m = totals.sum() / sizes.sum()
    d = len(totals)
    var = d / (d - 1) * float(((totals - m * sizes) ** 2).sum()) / sizes.sum() ** 2
    return float(m), math.sqrt(var)


def section_duplicate(scale: float) -> None:
    print("## 1. Variance removed by duplicate seating")
    for label, bots, kwargs, deals in (
        ("heads-up, random:0.1:0.5 vs call", HEADS_UP, {}, int(50_000 * scale)),
        ("ten seats, Table 8.1, ten different bots", TEN, {"schedule": "table-8.1"},
         int(10_000 * scale)),
        ("ten seats, five-vs-five, call vs random:0.05:0.6", ["call", "random:0.05:0.6"],
         {"schedule": "five-vs-five"}, int(10_000 * scale)),
    ):
        dup = poker.simulate(bots, deals=deals, seed=1, **kwargs)
        seats = dup.seats
        ind = poker.simulate(bots, deals=dup.hands, seed=2, seats=seats, schedule="independent")
        print(f"- {label}: {dup.hands:,} hands ({dup.deals:,} units x {dup.games_per_deal}) "
              f"against {ind.hands:,} independent hands")
        rows = []
        for b, name in enumerate(dup.bots):
            d_mean, d_sem = unit_sem(dup, dup.per_bot(b))
            i_vals = ind.per_bot(b)
            i_sd = float(np.nanstd(i_vals))
            eff_own = dup.bot_rows()[b]["effective_hands"]
            eff_ind = (i_sd / d_sem) ** 2 if d_sem > 0 else math.inf
            rows.append((name, d_mean, d_sem, float(np.nanmean(i_vals)), i_sd / math.sqrt(
                ind.hands), eff_own / dup.hands, eff_ind / dup.hands))
        if len(bots) == 2:
            d_mean, d_sem = unit_sem(dup, per_hand_diff(dup))
            i = per_hand_diff(ind)
            i_sd = float(i.std())
            eff_ind = (i_sd / d_sem) ** 2
            rows.append((f"{bots[0]} minus {bots[1]}", d_mean, d_sem, float(i.mean()),
                         i_sd / math.sqrt(ind.hands), dup.versus()["variance_reduction"],
                         eff_ind / dup.hands))
        print("  | bot | duplicate sb/hand +- sem | independent sb/hand +- sem | "
              "worth (own var) | worth (indep. sd) |")
        print("  |---|---|---|---|---|")
        for name, dm, ds, im, isem, f_own, f_ind in rows:
            print(f"  | {name} | {dm:+.4f} +- {ds:.4f} | {im:+.4f} +- {isem:.4f} | "
                  f"x{f_own:.2f} | x{f_ind:.2f} |")


def fitted_coefficient(bots: list[str], seats: int, deals: int) -> float:
    """Least-squares slope of small bets won on the card share, every seat of a pilot run
    (seed 99, independent seating): fixed before the measured runs."""
    pilot = poker.simulate(bots, deals=deals, seed=99, seats=seats, schedule="independent")
    x = poker.card_luck(pilot, 1.0).reshape(-1)
    y = np.asarray(pilot.records["won"], dtype=float).reshape(-1)
    return float((x * (y - y.mean())).sum() / (x * x).sum())


def corrected_bot(r: poker.PokerResult, luck: np.ndarray, bot: int) -> np.ndarray:
    mask = np.asarray(r.records["seating"]) == bot
    won = np.asarray(r.records["won"], dtype=float) - luck
    return (won * mask).sum(axis=1) / mask.sum(axis=1)


def section_aivat(scale: float) -> None:
    print("\n## 2. AIVAT-style card-luck correction (coefficient fitted on seed 99)")
    for label, bots, seats, deals in (("heads-up", HEADS_UP, 2, int(50_000 * scale)),
                                      ("ten seats", TEN, 10, int(20_000 * scale))):
        c = fitted_coefficient(bots, seats, int(20_000 * scale))
        ind = poker.simulate(bots, deals=deals, seed=3, seats=seats, schedule="independent")
        luck = poker.card_luck(ind, c)
        plain, corr = ind.per_bot(0), corrected_bot(ind, luck, 0)
        ratio = float(plain.var() / corr.var())
        dup_kw = {"schedule": "table-8.1"} if seats == 10 else {}
        dup = poker.simulate(bots, deals=max(2, deals // (10 if seats == 10 else 2)), seed=4,
                             **dup_kw)
        dluck = poker.card_luck(dup, c)
        change = max(abs(unit_sem(dup, corrected_bot(dup, dluck, b))[0]
                         - unit_sem(dup, dup.per_bot(b))[0]) for b in range(len(bots)))
        sem_p = unit_sem(dup, dup.per_bot(0))[1]
        sem_c = unit_sem(dup, corrected_bot(dup, dluck, 0))[1]
        print(f"- {label}: coefficient {c:.2f} sb per unit of pot share; independent seating, "
              f"{ind.hands:,} hands, bot {bots[0]}: plain {plain.mean():+.4f} "
              f"(sd {plain.std():.3f}), corrected {corr.mean():+.4f} (sd {corr.std():.3f}): "
              f"variance / {ratio:.2f}; "
              f"duplicate ({dup.hands:,} hands): largest change of a bot's mean {change:.1e}, "
              f"sem {sem_p:.4f} -> {sem_c:.4f}")


def section_versions(scale: float, reps: int) -> None:
    print(f"\n## 3. {NEW} (new) against {OLD} (old), five versus five")
    big = poker.simulate([NEW, OLD], deals=int(200_000 * scale), seed=7, schedule="five-vs-five")
    v = big.versus()
    print(f"- true difference (large run, {big.hands:,} hands): {v['difference']:+.4f} sb/hand, "
          f"95% CI {v['ci'][0]:+.4f} to {v['ci'][1]:+.4f}; the run is worth "
          f"x{v['variance_reduction']:.1f} its hands in independent hands")
    detected = h1 = h0 = 0
    widths, stops = [], []
    t = time.perf_counter()
    for i in range(reps):
        r = poker.simulate([NEW, OLD], deals=2_500, seed=1_000 + i, schedule="five-vs-five")
        vv = r.versus()
        widths.append(vv["ci"][1] - vv["ci"][0])
        detected += vv["ci"][0] > 0
        s = poker.simulate([NEW, OLD], deals=2_500, seed=1_000 + i, schedule="five-vs-five",
                           sprt=(0.0, 0.05), look=250)
        h1 += s.sprt.status == "H1"
        h0 += s.sprt.status == "H0"
        if s.sprt.status != "continue":
            stops.append(s.sprt.decided_at)
    lo, hi = st.binomtest(detected, reps).proportion_ci(0.95)
    secs = time.perf_counter() - t
    print(f"- {reps} runs of 2,500 deals x 10 (seeds 1000..{999 + reps}, {secs:.0f} s):"
          f" 95% interval above 0 in {detected} ({100 * detected / reps:.0f}%, Clopper-Pearson "
          f"{100 * lo:.0f}-{100 * hi:.0f}%); mean interval width {np.mean(widths):.4f}")
    print(f"- SPRT d0 = 0, d1 = 0.05 (alpha = beta = 0.05), a look every 250 deals, at most 2,500:"
          f" H1 {h1}, H0 {h0}, undecided {reps - h1 - h0}; decided after "
          f"{np.mean(stops) if stops else float('nan'):,.0f} deals on average")
    ind = poker.simulate([NEW, OLD], deals=int(200_000 * scale), seed=8, seats=10,
                         schedule="independent")
    d = per_hand_diff(ind)
    sd = float(d.std())
    half = float(np.mean(widths)) / 2
    z = st.norm.ppf(0.975)
    same_width = (z * sd / half) ** 2
    power = max(min(detected / reps, 0.999), 0.5)
    same_power = ((z + st.norm.ppf(power)) * sd / 0.05) ** 2
    print(f"- independent seating ({ind.hands:,} hands): sd of the difference per hand {sd:.3f} "
          f"sb; the duplicate interval's width needs {same_width:,.0f} independent hands, the "
          f"same power ({100 * power:.0f}%) at a true +0.05 needs {same_power:,.0f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="a tenth of the sizes")
    ap.add_argument("--reps", type=int, default=100, help="replications of the 2,500-deal run")
    args = ap.parse_args()
    scale = 0.1 if args.quick else 1.0
    poker.simulate(["call", "raise"], deals=2)  # load the compiled engine
    t = time.perf_counter()
    section_duplicate(scale)
    section_aivat(scale)
    section_versions(scale, max(10, int(args.reps * (0.2 if args.quick else 1))))
    print(f"\n{time.perf_counter() - t:.0f} s; uptime:",
          subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())


if __name__ == "__main__":
    main()
