"""Poker speed on one core: the 7-card evaluator and whole hands, pokerkit measured beside.

Usage::

    python bench/poker.py               # about half a minute (the first run compiles ~1 min)

    python bench/poker.py --loki-only   # only the Loki bots' figures (about a minute)

Prints 7-card evaluations/s of ``evaluator.eval7`` on random hands (targets: >= 50 million),
heads-up always-call hands/s of the compiled engine (target >= 300,000), ten-seat hands/s with
keyed-random baseline bots, and the same work through pokerkit (``StandardHighHand.from_game``;
a fixed-limit ``State`` hand played by check/call) for a same-run ratio, then ``uptime``.

The Loki section (``games/poker/bots``, ``docs/poker-bots.md``): ten seats of Loki-1 (and of
Loki-2) hands/s (target >= 1,000); the cost of one flop hand-strength-and-potential computation,
exact (every opponent hand and turn-river pair) against the keyed Monte Carlo of the library
bots; the sampled potential's error against the exact one on random flop situations, how often
Loki-1's decision changes with it, and a duplicate heads-up match of Loki-1 (sampled) against
Loki-1 Exact.
"""

from __future__ import annotations

import argparse
import subprocess
import time
import warnings

import numpy as np
import pokerkit as pk

from ludolab.core.rng import game_seeds
from ludolab.games.poker.cards import cards_str
from ludolab.games.poker.engine import Engine, baseline_bots
from ludolab.games.poker.evaluator import eval7_many


def best_rate(fn, work: int, repeats: int = 3) -> float:
    """Work units per second of the fastest of ``repeats`` runs."""
    best = float("inf")
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return work / best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=4_000_000, help="7-card hands to evaluate")
    ap.add_argument("--games", type=int, default=1_000_000, help="engine hands per figure")
    ap.add_argument("--loki-hands", type=int, default=20_000, help="ten-seat Loki hands")
    ap.add_argument("--flops", type=int, default=300, help="flop situations for the potential")
    ap.add_argument("--exact-deals", type=int, default=3000,
                    help="deals of the Loki-1 against Loki-1 Exact match")
    ap.add_argument("--loki-only", action="store_true", help="only the Loki bots' figures")
    args = ap.parse_args()
    if args.loki_only:
        loki(args)
        print("uptime:", subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())
        return
    rng = np.random.default_rng(0)
    hands = np.empty((args.hands, 7), np.int64)
    for i in range(0, args.hands, 500_000):
        m = min(500_000, args.hands - i)
        hands[i:i + m] = np.argsort(rng.random((m, 52)), axis=1)[:, :7]
    out = np.zeros(args.hands, np.int32)
    eval7_many(hands[:10], out[:10])  # compile / load
    ours = best_rate(lambda: eval7_many(hands, out), args.hands)
    texts = [(cards_str(h[:2]).replace(" ", ""), cards_str(h[2:]).replace(" ", ""))
             for h in hands[:500].tolist()]
    theirs = best_rate(lambda: [pk.StandardHighHand.from_game(a, b) for a, b in texts], 500, 1)
    print(f"7-card evaluations/s: ours {ours / 1e6:.1f} M, pokerkit {theirs:,.0f} "
          f"(x{ours / theirs:,.0f})")

    seeds = game_seeds(1, 0, args.games)
    heads_up = Engine("limit", 2)
    call = baseline_bots("call")
    heads_up.play(call, seeds[:10], 0, [0, 0])
    buttons = np.arange(args.games) % 2
    hu = best_rate(lambda: heads_up.play(call, seeds, buttons, [0, 0]), args.games)
    pk_hu = best_rate(lambda: _pokerkit_check_down(200), 200, 1)
    print(f"heads-up always-call hands/s: ours {hu:,.0f}, pokerkit {pk_hu:,.0f} "
          f"(x{hu / pk_hu:,.0f})")
    ten = Engine("limit", 10)
    bots = baseline_bots("random:0.2:0.5", "random:0.05:0.7", "call")
    seating = np.arange(10) % 3
    ten.play(bots, seeds[:10], 0, seating)
    g10 = args.games // 4
    r10 = best_rate(lambda: ten.play(bots, seeds[:g10], np.arange(g10) % 10, seating), g10)
    print(f"ten-seat keyed-random baseline hands/s: {r10:,.0f}")
    loki(args)
    print("uptime:", subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())


def loki(args: argparse.Namespace) -> None:
    """The Loki bots: table speed, exact against sampled potential (cost, error, play)."""
    from ludolab.games.poker.bots import kernel as K
    from ludolab.games.poker.bots import load_bot, resolve_bots
    from ludolab.games.poker.bots.row import P_SAMPLES
    from ludolab.games.poker.engine.layout import (
        HIST_COLS,
        V_BET_SIZE,
        V_BOARD0,
        V_CAP,
        V_HOLE0,
        V_KEY,
        V_NACTIVE,
        V_NBOARD,
        V_POT,
        V_RAISES,
        V_STREET,
        V_TO_CALL,
        VIEW_SIZE,
    )

    ten = Engine("limit", 10)
    seeds = game_seeds(2, 0, args.loki_hands)
    buttons = np.arange(args.loki_hands) % 10
    for name in ("Loki-1", "Loki-2"):
        _names, bots = resolve_bots([name], None)
        ten.play(bots, seeds[:20], 0, [0] * 10)  # compile / load
        rate = best_rate(lambda b=bots: ten.play(b, seeds, buttons, [0] * 10), args.loki_hands)
        print(f"ten seats of {name}: {rate:,.0f} hands/s")

    approx = load_bot("Loki-1").row
    exact = load_bot("Loki-1 Exact").row
    samples = int(approx[P_SAMPLES])
    heads_up = Engine("limit", 2)
    board, hole = heads_up.deals(game_seeds(3, 0, args.flops))
    flop = np.full((args.flops, 5), -1, np.int64)
    flop[:, :3] = board[:, :3]
    keys = game_seeds(4, 0, args.flops).astype(np.int64)
    K.strength_potential(hole[0, 0, 0], hole[0, 0, 1], flop[0], 3, 0, 0, True)
    K.strength_potential(hole[0, 0, 0], hole[0, 0, 1], flop[0], 3, samples, 0, True)
    res = np.zeros((2, args.flops, 3))
    cost = [0.0, 0.0]
    for m, n in enumerate((0, samples)):
        t = time.perf_counter()
        for i in range(args.flops):
            res[m, i] = K.strength_potential(hole[i, 0, 0], hole[i, 0, 1], flop[i], 3, n,
                                             keys[i], True)
        cost[m] = (time.perf_counter() - t) / args.flops
    print(f"flop strength + potential, one opponent: exact {cost[0] * 1e3:.1f} ms, "
          f"{samples} samples {cost[1] * 1e6:.0f} us (x{cost[0] / cost[1]:,.0f})")
    err = res[1] - res[0]
    ehs = [r[:, 0] + (1 - r[:, 0]) * r[:, 1] for r in res]
    for label, e in (("PPOT", err[:, 1]), ("NPOT", err[:, 2]), ("EHS", ehs[1] - ehs[0])):
        print(f"  sampled - exact {label} over {args.flops} flops: mean {e.mean():+.4f}, "
              f"mean |err| {np.abs(e).mean():.4f}, RMS {np.sqrt((e**2).mean()):.4f}, "
              f"max |err| {np.abs(e).max():.4f}")
    hist = np.zeros((1, HIST_COLS), np.int64)
    same = total = 0
    for i in range(args.flops):
        for to_call, bets in ((0, 0), (2, 1), (4, 2)):
            v = np.zeros(VIEW_SIZE, np.int64)
            v[V_HOLE0:V_HOLE0 + 2] = hole[i, 0]
            v[V_BOARD0:V_BOARD0 + 5] = flop[i]
            v[V_NBOARD], v[V_STREET], v[V_POT], v[V_TO_CALL] = 3, 1, 8 + 2 * bets, to_call
            v[V_BET_SIZE], v[V_RAISES], v[V_CAP], v[V_NACTIVE] = 2, bets, 4, 2
            v[V_KEY] = keys[i]
            same += int(K.decide(approx, v, hist) == K.decide(exact, v, hist))
            total += 1
    print(f"  Loki-1 flop decisions unchanged by sampling: {same / total:.1%} of {total} "
          "(nothing owed, one bet, two bets to call)")
    _names, pair = resolve_bots(["Loki-1", "Loki-1 Exact"], None)
    d = args.exact_deals
    ds, db = game_seeds(5, 0, d), np.arange(d) % 2
    t = time.perf_counter()
    a = heads_up.play(pair, ds, db, [0, 1])
    b = heads_up.play(pair, ds, db, [1, 0])
    won = (a.chips[:, 0] + b.chips[:, 1]) / 2 / heads_up.rules.small_bet
    print(f"  Loki-1 (sampled) against Loki-1 Exact, {d:,} duplicate heads-up deals: "
          f"{won.mean():+.3f} +- {won.std(ddof=1) / np.sqrt(d):.3f} sb/hand "
          f"({time.perf_counter() - t:.0f} s)")


def _pokerkit_check_down(hands: int) -> None:
    """Heads-up hands checked down in pokerkit (cards dealt and chips moved by its automations)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(hands):
            st = pk.FixedLimitTexasHoldem.create_state(
                tuple(pk.Automation), True, 0, (1, 2), 2, 4, 10**6, 2, mode=pk.Mode.CASH_GAME)
            while st.status and st.can_check_or_call():
                st.check_or_call()


if __name__ == "__main__":
    main()
