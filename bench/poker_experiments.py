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
4. The same comparison with the library's Loki-1 against its no-potential ablation (two
   processes): the difference and what duplicate seating buys for sampling bots.
"""

from __future__ import annotations

import argparse
import math
import subprocess
import time

import numpy as np
from scipy import stats as st

from ludolab import poker
from ludolab.arena.sprt import MeanSPRT
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


def sprt_decisions(units: list[np.ndarray], look: int, minimum: int) -> tuple[int, int, list]:
    """MeanSPRT(0, 0.05) on each run's unit values, a look every ``look`` deals, no decision
    before ``minimum`` (what ``simulate(..., sprt=(0, 0.05), look=, sprt_min=)`` does on the same
    deals, without replaying them)."""
    h1 = h0 = 0
    stops = []
    for u in units:
        test = MeanSPRT(0.0, 0.05, min_units=minimum)
        for k in range(0, len(u), look):
            if test.update(u[k:k + look]) != "continue":
                break
        h1 += test.status == "H1"
        h0 += test.status == "H0"
        if test.decided_at is not None:
            stops.append(test.decided_at)
    return h1, h0, stops


def section_versions(scale: float, reps: int) -> None:
    print(f"\n## 3. {NEW} (new) against {OLD} (old), five versus five")
    big = poker.simulate([NEW, OLD], deals=int(200_000 * scale), seed=7, schedule="five-vs-five")
    v = big.versus()
    unit_sd = unit_sem(big, per_hand_diff(big))[1] * math.sqrt(big.deals)
    zeros = float(np.mean(deal_totals(big.records["deal"], per_hand_diff(big))[0] == 0))
    print(f"- true difference (large run, {big.hands:,} hands): {v['difference']:+.4f} sb/hand, "
          f"95% CI {v['ci'][0]:+.4f} to {v['ci'][1]:+.4f}; the run is worth "
          f"x{v['variance_reduction']:.1f} its hands in independent hands; sd of a unit's mean "
          f"{unit_sd:.2f} sb, {100 * zeros:.0f}% of units exactly 0")
    detected = 0
    widths, units = [], []
    t = time.perf_counter()
    for i in range(reps):
        r = poker.simulate([NEW, OLD], deals=2_500, seed=1_000 + i, schedule="five-vs-five")
        vv = r.versus()
        widths.append(vv["ci"][1] - vv["ci"][0])
        detected += vv["ci"][0] > 0
        tot, siz = deal_totals(r.records["deal"], per_hand_diff(r))
        units.append(tot / siz)
    lo, hi = st.binomtest(detected, reps).proportion_ci(0.95)
    secs = time.perf_counter() - t
    print(f"- {reps} runs of 2,500 deals x 10 (seeds 1000..{999 + reps}, {secs:.0f} s):"
          f" 95% interval above 0 in {detected} ({100 * detected / reps:.0f}%, Clopper-Pearson "
          f"{100 * lo:.0f}-{100 * hi:.0f}%); mean interval width {np.mean(widths):.4f}")
    for minimum in (0, 1_000, 2_000):
        h1, h0, stops = sprt_decisions(units, 250, minimum)
        mean_stop = f"{np.mean(stops):,.0f}" if stops else "-"
        print(f"- SPRT d0 = 0, d1 = 0.05 (alpha = beta = 0.05), a look every 250 deals, none "
              f"before {minimum:,}, at most 2,500: H1 {h1}, H0 {h0} (wrong), undecided "
              f"{reps - h1 - h0}; decided after {mean_stop} deals on average")
    ind = poker.simulate([NEW, OLD], deals=int(200_000 * scale), seed=8, seats=10,
                         schedule="independent")
    d = per_hand_diff(ind)
    sd = float(d.std())
    half = float(np.mean(widths)) / 2
    z, z80 = st.norm.ppf(0.975), st.norm.ppf(0.8)
    same_width = (z * sd / half) ** 2
    power = max(min(detected / reps, 0.999), 0.001)
    same_power = ((z + st.norm.ppf(power)) * sd / 0.05) ** 2
    print(f"- independent seating ({ind.hands:,} hands): sd of the difference per hand {sd:.3f} "
          f"sb; the duplicate interval's width needs {same_width:,.0f} independent hands, the "
          f"same power ({100 * power:.0f}%) at a true +0.05 needs {same_power:,.0f}")
    dup80, ind80 = ((z + z80) * unit_sd / 0.05) ** 2, ((z + z80) * sd / 0.05) ** 2
    print(f"- 80% power at +0.05 (two-sided 95%): duplicate {dup80:,.0f} deals x 10; "
          f"independent {ind80:,.0f} hands")


def section_loki(scale: float) -> None:
    print("\n## 4. Loki-1 against Loki-1 No Potential (document 002's one-feature ablation)")
    bots = ["Loki-1", "Loki-1 No Potential"]
    deals = int(10_000 * scale)
    t = time.perf_counter()
    dup = poker.simulate(bots, deals=deals, seed=21, schedule="five-vs-five", workers=2)
    ind = poker.simulate(bots, deals=dup.hands, seed=22, seats=10, schedule="independent",
                         workers=2)
    v = dup.versus()
    d = per_hand_diff(ind)
    d_sem = unit_sem(dup, per_hand_diff(dup))[1]
    i_sem = float(d.std()) / math.sqrt(ind.hands)
    print(f"- five-vs-five, {dup.hands:,} hands ({dup.deals:,} units): {v['difference']:+.4f} "
          f"sb/hand, 95% CI {v['ci'][0]:+.4f} to {v['ci'][1]:+.4f} (sem {d_sem:.4f}); "
          f"independent seating, {ind.hands:,} hands: {float(d.mean()):+.4f} (sem {i_sem:.4f}); "
          f"duplicate worth x{(float(d.std()) / d_sem) ** 2 / dup.hands:.2f} its hands "
          f"({time.perf_counter() - t:.0f} s, 2 workers)")
    for row in dup.bot_rows():
        print(f"  - {row['bot']}: {row['sb_per_hand']:+.4f} sb/hand per seat, "
              f"95% CI {row['sb_ci'][0]:+.4f} to {row['sb_ci'][1]:+.4f}")
    for pair, kw, n in ((bots, {}, 20_000), (["Loki-1", "Loki-2"], {}, 20_000),
                        (bots, {"schedule": "table-8.1"}, 2_000)):
        r = poker.simulate(pair, deals=int(n * scale), seed=31, workers=2, **kw)
        vv = r.versus()
        print(f"- {' minus '.join(pair)}, {r.schedule_name}, {r.hands:,} hands: "
              f"{vv['difference']:+.4f} (95% CI {vv['ci'][0]:+.4f} to {vv['ci'][1]:+.4f}), "
              f"worth x{vv['variance_reduction']:.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="a tenth of the sizes")
    ap.add_argument("--reps", type=int, default=100, help="replications of the 2,500-deal run")
    ap.add_argument("--no-loki", action="store_true", help="skip the Loki bots (slow)")
    ap.add_argument("--only", type=int, choices=(1, 2, 3, 4), help="one section")
    args = ap.parse_args()
    scale = 0.1 if args.quick else 1.0
    poker.simulate(["call", "raise"], deals=2)  # load the compiled engine
    t = time.perf_counter()
    if args.only in (None, 1):
        section_duplicate(scale)
    if args.only in (None, 2):
        section_aivat(scale)
    if args.only in (None, 3):
        section_versions(scale, max(10, int(args.reps * (0.2 if args.quick else 1))))
    if args.only in (None, 4) and not args.no_loki:
        section_loki(scale)
    print(f"\n{time.perf_counter() - t:.0f} s; uptime:",
          subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())


if __name__ == "__main__":
    main()
