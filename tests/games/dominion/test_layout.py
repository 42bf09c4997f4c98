"""The named state layout (engine/layout.py) against the kernel's own offset helpers.

The kernel addresses ``S`` with ``zo``/``so``/``sup``/``trash_o``/``ids_o``/``aids_o``/``tids_o``;
``StateLayout`` restates that arithmetic for the Python side. If either copy changes alone, these
tests fail.
"""

from __future__ import annotations

import numpy as np
import pytest

from ludolab.games.dominion import cards
from ludolab.games.dominion.engine import Engine, simple_bot
from ludolab.games.dominion.engine import kernel as K
from ludolab.games.dominion.engine.layout import CARD_COLUMNS, SEAT_SCALARS, ZONES, StateLayout

I64 = np.int64


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_layout_matches_the_kernel_helpers(players: int) -> None:
    eng = Engine(["Remodel", "Chapel", "Mine", "Witch", "Moat"], players, "official")
    L = eng.layout
    S = eng._template
    assert L.size == S.size
    assert (L.seat0, L.seat_block, L.cap) == (S[K.H_SEAT0], S[K.H_SB], S[K.H_CAP])
    assert L.supply.start == K.sup(S)
    assert L.trash.start == K.trash_o(S)
    assert L.ids.start == K.ids_o(S)
    assert L.aids.start == K.aids_o(S)
    assert L.tids.start == K.tids_o(S)
    assert L.turn.start == K.turn_o(S)
    assert L.bans.start == K.ban_o(S)
    for q in range(players):
        for name, z in ZONES.items():
            assert L.zone(q, name).start == K.zo(S, I64(q), I64(z)), (q, name)
            assert L.zone(q, name).stop - L.zone(q, name).start == cards.NUM_CARDS
        assert L.scalars(q) == K.so(S, I64(q))
        assert L.deck(q).start == K.so(S, I64(q)) + K.PSZ
    # the last seat's draw pile ends exactly at the end of S
    assert L.deck(players - 1).stop == S.size


def test_named_regions_hold_what_the_engine_wrote() -> None:
    eng = Engine(["Remodel", "Chapel", "Gardens"], 3, "official")
    L, S = eng.layout, eng._template
    sizes = eng.supply_sizes()
    assert {c: int(S[L.supply][c]) for c in sizes} == sizes
    assert {c: int(S[L.start][c]) for c in sizes} == sizes
    assert list(S[L.ids][: S[K.H_NIDS]]) == sorted(sizes)
    actions = [c for c in sorted(sizes) if cards.CARDS[c].is_action]
    assert list(S[L.aids][: S[K.H_NAIDS]]) == actions
    assert all(S[L.scalar(q, "epoch")] == K.NEVER for q in range(3))


def test_named_constants_agree_with_the_kernel() -> None:
    assert CARD_COLUMNS == {
        "cost": K.COL_COST, "types": K.COL_TYPES, "cards": K.COL_CARDS,
        "actions": K.COL_ACTIONS, "buys": K.COL_BUYS, "coins": K.COL_COINS, "vp": K.COL_VP,
        "special": K.COL_SPECIAL, "next_cards": K.COL_NEXT_CARDS,
        "next_actions": K.COL_NEXT_ACTIONS, "next_buys": K.COL_NEXT_BUYS,
        "next_coins": K.COL_NEXT_COINS, "potion": K.COL_POTION, "debt": K.COL_DEBT,
    }
    assert sorted(CARD_COLUMNS.values()) == list(range(K.NUM_COLS))  # every column named once
    assert SEAT_SCALARS == {
        "deck_n": K.PS_DECKN, "shuffles": K.PS_SHUF, "turns": K.PS_TURNS,
        "epoch": K.PS_EPOCH, "random_answers": K.PS_RNDK, "known_lo": K.PS_KNOWN_LO,
        "known_hi": K.PS_KNOWN_HI, "public_lo": K.PS_PUB_LO, "public_hi": K.PS_PUB_HI,
        "vp_tokens": K.PS_VPT, "deep": K.PS_DEEP, "received": K.PS_RECV,
        "coin_tokens": K.PS_COINTOK, "coffers": K.PS_COFFERS,
    }
    assert max(SEAT_SCALARS.values()) < K.PSZ
    assert sorted(ZONES.values()) == list(range(K.NZ))
    # eleven header regions: supply ... bans, the Embargo and Trade Route tokens, then the marks
    # of the piles outside the Supply (Prizes, Rewards)
    assert StateLayout(2, 50).size == K.HDR + 11 * cards.NUM_CARDS + 2 * (
        K.NZ * cards.NUM_CARDS + K.PSZ + 50
    )


def test_rule_set_coin_values_land_in_the_coin_column() -> None:
    """The rule set's Copper/Silver/Gold values are written to the named coin column."""
    col = CARD_COLUMNS["coins"]
    for rules in ("official", "first-edition", "doc000"):
        eng = Engine([], 2, rules)
        assert [int(eng._table[c, col]) for c in (0, 1, 2)] == list(eng.rules.coin_values)
        assert int(eng._table[3, col]) == 0  # Estate: no coins


def test_stepwise_inspection_reads_the_layout() -> None:
    """setup() writes through the layout and zones()/supply()/trash()/counters() read it back."""
    bm = simple_bot("bm", buy=["Province", "Gold", "Silver"])
    eng = Engine(["Chapel"], 2, "official")
    g = eng.new_game(7, [None, bm])
    g.setup(0, hand=["Chapel", "Copper", "Estate", "Estate", "Silver"],
            deck=["Gold", "Province", "Copper"], discard={"Duchy": 2},
            supply={"Province": 5}, trash={"Curse": 1}, turns={1: 3})
    z = g.zones(0)
    assert z["hand"] == {"Copper": 1, "Silver": 1, "Estate": 2, "Chapel": 1}
    assert z["deck"] == ["Gold", "Province", "Copper"]
    assert z["discard"] == {"Duchy": 2}
    assert z["owned"] == {"Copper": 2, "Silver": 1, "Gold": 1, "Estate": 2, "Duchy": 2,
                          "Province": 1, "Chapel": 1}
    assert g.supply()["Province"] == 5
    assert g.trash() == {"Curse": 1}
    assert g.counters()["turns1"] == 3
