"""The kernel's uint64 twin of ``ludolab.core.rng`` gives the same words and the same shuffles."""

from __future__ import annotations

import numpy as np

from ludolab.core import rng
from ludolab.games.dominion.cards import COPPER, ESTATE
from ludolab.games.dominion.engine import Engine
from ludolab.games.dominion.engine import kernel as K


def reference_shuffle(items: list[int], key: int) -> list[int]:
    """Fisher-Yates driven by the SplitMix64 sequence seeded by ``key`` (the documented scheme)."""
    a = list(items)
    state = key
    for i in range(len(a) - 1, 0, -1):
        state, w = rng.splitmix_next(state)
        j = ((w >> 32) * (i + 1)) >> 32
        a[i], a[j] = a[j], a[i]
    return a


def test_keyed_u64_twin_agrees_on_many_keys():
    g = np.random.default_rng(2024)
    n = 20_000
    seeds = g.integers(0, 2**64, n, dtype=np.uint64)
    seeds[:4] = [0, 1, 2**63, 2**64 - 1]
    seats = g.integers(0, 256, n)
    purposes = g.integers(0, 2**31, n)
    purposes[: n // 2] = rng.SHUFFLE
    indices = g.integers(0, 2**40, n)
    indices[: n // 4] = g.integers(0, 64, n // 4)
    out = np.zeros(n, np.uint64)
    K.keyed_u64_many(seeds, seats.astype(np.int64), purposes.astype(np.int64),
                     indices.astype(np.int64), out)
    for i in range(n):
        want = rng.keyed_u64(int(seeds[i]), int(seats[i]), int(purposes[i]), int(indices[i]))
        assert int(out[i]) == want, i


def test_shuffle_twin_agrees_with_the_reference():
    g = np.random.default_rng(7)
    for trial in range(300):
        n = int(g.integers(0, 60))
        items = list(range(n))
        key = rng.keyed_u64(trial, trial % 4, rng.SHUFFLE, trial % 9)
        arr = np.array(items, dtype=np.int64)
        K.shuffle_test(arr, np.uint64(key))
        assert arr.tolist() == reference_shuffle(items, key)


def test_starting_hands_follow_the_keyed_shuffle():
    """Seat s's starting deck is shuffle #0 of the keyed stream (game seed, s, SHUFFLE)."""
    eng = Engine([], 4)
    for seed in (0, 1, 99, 2**63 + 5):
        game = eng.new_game(seed, [None] * 4)
        for seat in range(1, 4):  # seat 0 has started its turn; the others hold their hands
            deck = reference_shuffle([ESTATE] * 3 + [COPPER] * 7,
                                     rng.keyed_u64(seed, seat, rng.SHUFFLE, 0))
            hand = deck[5:]  # the top of the deck is the end of the array
            want = {"Copper": hand.count(COPPER), "Estate": hand.count(ESTATE)}
            want = {k: v for k, v in want.items() if v}
            assert game.zones(seat)["hand"] == want
            below = ["Copper" if c == COPPER else "Estate" for c in reversed(deck[:5])]
            assert game.zones(seat)["deck"] == below


def test_a_seats_shuffles_do_not_depend_on_the_other_seats():
    """Same seed, different opponent: seat 0's first two turns see the same cards."""
    from ludolab.games.dominion.engine import simple_bot

    bm = simple_bot("BM", buy=["Province", "Gold", "Silver"])
    lazy = simple_bot("Lazy", buy=["Province"])
    eng = Engine([], 2)
    a = eng.trace([bm, bm], 11)
    b = eng.trace([bm, lazy], 11)

    def seat0_draws(events):
        return [(e.card) for e in events if e.kind.name == "DRAW" and e.seat == 0][:20]

    assert seat0_draws(a) == seat0_draws(b)
