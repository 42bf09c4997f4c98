"""Poker speed on one core: the 7-card evaluator and whole hands, pokerkit measured beside.

Usage::

    python bench/poker.py               # about half a minute (the first run compiles ~1 min)

Prints 7-card evaluations/s of ``evaluator.eval7`` on random hands (targets: >= 50 million),
heads-up always-call hands/s of the compiled engine (target >= 300,000), ten-seat hands/s with
keyed-random baseline bots, and the same work through pokerkit (``StandardHighHand.from_game``;
a fixed-limit ``State`` hand played by check/call) for a same-run ratio, then ``uptime``.
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
    args = ap.parse_args()
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
    print("uptime:", subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())


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
