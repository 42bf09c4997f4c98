"""Seaside's mats, tokens and gains (group ``mats``): Native Village, Island, Smugglers, Treasury
(both printings), and the first printing's Ambassador, Embargo and Pirate Ship, in rulebook
situations (the printed text and the official FAQ, DominionStrategy wiki pages), their default
playbooks, and random games on a kingdom of them.

Every test sets exact zones with ``DominionGame.setup`` (decks listed from the top down), plays
as outside seats, answers each decision and asserts the exact zones, supply, trash and counters.
A decision with a single option is taken without asking, so each ``pending()`` is a real choice.
"""

from __future__ import annotations

from ludolab.games.dominion.cards import CARDS, card_id
from ludolab.games.dominion.engine import DecisionKind, DominionGame, Engine, simple_bot
from ludolab.games.dominion.engine import kernel as K

DK = DecisionKind


def C(name: str) -> int:
    return card_id(name)


def start(kingdom: list[str], players: int = 2, bots: list | None = None,
          rules: str = "") -> DominionGame:
    eng = Engine(kingdom, players, rules) if rules else Engine(kingdom, players)
    return eng.new_game(1, bots or [None] * players)


def expect(g: DominionGame, seat: int, **zones: object) -> None:
    z = g.zones(seat)
    for key, value in zones.items():
        assert z[key] == value, f"{key}: {z[key]} != {value}"


def counters(g: DominionGame) -> tuple[int, int, int]:
    c = g.counters()
    return c["actions"], c["buys"], c["coins"]  # type: ignore[return-value]


def owned(g: DominionGame, seat: int, name: str) -> int:
    return g.zones(seat)["owned"].get(name, 0)  # type: ignore[union-attr]


def bot_turn(kingdom, bot, *, hand, deck, discard=(), other=None, supply=None, players=2,
             rules: str = "") -> DominionGame:
    """Seat 0 (the bot) plays one turn with the given cards; the other seats are outside (each
    with five Coppers in hand, an empty deck and discard pile unless ``other`` says)."""
    eng = Engine(kingdom, players, rules) if rules else Engine(kingdom, players)
    g = eng.new_game(1, [bot] + [None] * (players - 1))
    for q in range(1, players):
        g.setup(q, **(other or {"hand": ["Copper"] * 5, "deck": [], "discard": []}))
    g.setup(0, current=0, hand=list(hand), deck=list(deck), discard=list(discard),
            supply=supply)
    assert g.is_over() or g.pending().seat != 0  # the bot's turn is over
    return g


def zone(g: DominionGame, seat: int, z: int) -> dict[str, int]:
    """A zone of ``seat`` (a ``K.Z_*`` number: the mats) at the pending decision."""
    counts = g._view[g._engine.layout.zone(seat, z)]
    return {CARDS[c].name: int(k) for c, k in enumerate(counts) if k > 0}


def prepare(g: DominionGame, seat: int, mats: dict[int, list[str]] | None = None,
            coin_tokens: int | None = None, **kw: object) -> None:
    """``setup(seat, **kw)`` with cards on the seat's mats (``{K.Z_MAT: [...]}``, owned) and
    Coin tokens on its Pirate Ship mat, then the game runs to the next decision."""
    g._rewrite(seat, **kw)
    L = g._engine.layout
    q = int(g._S[K.H_CUR]) if seat is None else seat
    for z, cards in (mats or {}).items():
        for c in cards:
            g._S[L.zone(q, z)][C(c)] += 1
            g._S[L.zone(q, "own")][C(c)] += 1
    if coin_tokens is not None:
        g._S[L.scalars(q) + K.PS_COINTOK] = coin_tokens
    g._advance()


def tokens(g: DominionGame, name: str) -> int:
    """Embargo tokens on pile ``name``."""
    return int(g._view[K.tok_o(g._view) + C(name)])


def coin_tokens(g: DominionGame, seat: int) -> int:
    return int(g._view[g._engine.layout.scalars(seat) + K.PS_COINTOK])


def pend(g: DominionGame) -> tuple:
    d = g.pending()
    return d.seat, d.kind, d.source, d.subject, d.arg, d.options


# --- Ambassador (first printing) -------------------------------------------------------------
def test_ambassador_returns_two_and_the_other_player_gains_one():
    g = start(["Ambassador"])
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Ambassador", "Estate", "Estate", "Copper"], deck=["Copper"] * 5,
            discard=[])
    g.answer(C("Ambassador"))
    assert pend(g) == (0, DK.REVEAL, C("Ambassador"), -1, -1, (C("Copper"), C("Estate")))
    assert "Ambassador" in g.pending().describe()
    g.answer(C("Estate"))
    assert pend(g) == (0, DK.MODE, C("Ambassador"), C("Estate"), -1, (0, 1, 2))
    assert "return two" in g.pending().describe()
    g.answer(2)
    expect(g, 0, hand={}, play={"Ambassador": 1, "Copper": 1})  # at the buy: Treasures played
    assert owned(g, 0, "Estate") == 0
    expect(g, 1, discard={"Estate": 1})
    assert g.supply()["Estate"] == 8 + 2 - 1


def test_ambassador_may_return_none_and_the_others_still_gain():
    g = start(["Ambassador"])
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Ambassador", "Copper", "Copper"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Ambassador"))
    assert pend(g)[1] == DK.MODE  # one card to reveal: no reveal decision
    g.answer(0)
    expect(g, 0, play={"Ambassador": 1, "Copper": 2})
    expect(g, 1, discard={"Copper": 1})
    assert g.supply()["Copper"] == 46 - 1


def test_ambassador_one_copy_offers_zero_or_one():
    g = start(["Ambassador"])
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Ambassador", "Estate", "Silver"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Ambassador"))
    g.answer(C("Silver"))
    assert pend(g)[5] == (0, 1)
    g.answer(1)
    expect(g, 0, hand={"Estate": 1})
    expect(g, 1, discard={"Silver": 1})
    assert g.supply()["Silver"] == 40


def test_ambassador_with_an_empty_hand_does_nothing():
    g = start(["Ambassador"])
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Ambassador"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Ambassador"))
    assert pend(g)[:2] == (0, DK.BUY)
    expect(g, 1, discard={})
    assert g.supply()["Copper"] == 46


def test_ambassador_may_reveal_another_ambassador():
    g = start(["Ambassador"])
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Ambassador", "Ambassador"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Ambassador"))
    assert pend(g)[5] == (0, 1)  # the played one is not in hand any more
    g.answer(1)
    expect(g, 0, hand={}, play={"Ambassador": 1})
    expect(g, 1, discard={"Ambassador": 1})
    assert g.supply()["Ambassador"] == 10


def test_ambassador_pile_runs_out_in_turn_order_from_the_left():
    g = start(["Ambassador"], players=3)
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(2, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Ambassador", "Curse"], deck=["Copper"] * 5, discard=[],
            supply={"Curse": 0})
    g.answer(C("Ambassador"))
    g.answer(1)  # the pile holds the returned Curse only
    expect(g, 1, discard={"Curse": 1})
    expect(g, 2, discard={})
    assert g.supply()["Curse"] == 0


def test_ambassador_moat_protects_from_the_gain_not_the_return():
    g = start(["Ambassador", "Moat"], players=3)
    g.setup(1, hand=["Moat"] + ["Copper"] * 4, deck=[], discard=[])
    g.setup(2, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Ambassador", "Estate", "Estate"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Ambassador"))
    assert pend(g)[:3] == (1, DK.YESNO, C("Moat"))
    g.answer(1)
    g.answer(2)
    expect(g, 1, discard={})
    expect(g, 2, discard={"Estate": 1})
    assert g.supply()["Estate"] == 12 + 2 - 1


def test_throne_room_ambassador_reveals_twice():
    g = start(["Ambassador", "Throne Room"])
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Throne Room", "Ambassador", "Estate", "Estate", "Curse"],
            deck=["Copper"] * 5, discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Ambassador"))
    g.answer(C("Estate"))
    g.answer(2)
    g.answer(1)  # the Curse is the only card left to reveal: 0 or 1 of it
    expect(g, 0, hand={}, play={"Throne Room": 1, "Ambassador": 1})
    expect(g, 1, discard={"Estate": 1, "Curse": 1})


def test_ambassador_refills_an_empty_province_pile_so_the_game_goes_on():
    g = start(["Ambassador"])
    g.setup(1, hand=["Copper"] * 5, deck=["Copper"] * 5, discard=[])
    g.setup(0, hand=["Ambassador", "Province", "Province"], deck=["Copper"] * 5, discard=[],
            supply={"Province": 0})
    g.answer(C("Ambassador"))
    g.answer(2)
    g.answer(-1)  # buy nothing
    assert not g.is_over()
    assert g.supply()["Province"] == 1
    expect(g, 1, owned={"Copper": 10, "Province": 1})


def test_ambassador_playbook_returns_two_coppers_before_one_estate():
    bot = simple_bot("amb", buy=["Province", "Gold", "Silver"])
    # $5 or $3 both buy a Silver: two Coppers back (money owned $14 - 2 stays above $5)
    g = bot_turn(["Ambassador"], bot, hand=["Ambassador", "Copper", "Copper", "Estate", "Gold"],
                 deck=["Copper"] * 5, discard=["Copper"] * 5 + ["Estate"] * 2)
    expect(g, 1, discard={"Copper": 1})
    assert owned(g, 0, "Copper") == 10 and owned(g, 0, "Estate") == 3
    # $4 would fall to $2 (no Silver): the Coppers stay, the Estate goes
    g = bot_turn(["Ambassador"], bot, hand=["Ambassador", "Copper", "Copper", "Estate", "Silver"],
                 deck=["Copper"] * 5, discard=["Copper"] * 5 + ["Estate"] * 2)
    expect(g, 1, discard={"Estate": 1})
    assert owned(g, 0, "Copper") == 12 and owned(g, 0, "Estate") == 2


def test_ambassador_playbook_returns_estates_early_but_not_late():
    bot = simple_bot("amb", buy=["Province", "Gold", "Silver"])
    g = bot_turn(["Ambassador"], bot, hand=["Ambassador", "Estate", "Estate", "Copper", "Copper"],
                 deck=["Copper"] * 5)
    expect(g, 1, discard={"Estate": 1})
    assert owned(g, 0, "Estate") == 0
    # late (2 Provinces left): the Estates are points now, and the $5 floor keeps the Copper
    # (money owned: Copper + Silver = $3)
    g = bot_turn(["Ambassador"], bot, hand=["Ambassador", "Estate", "Estate", "Copper", "Silver"],
                 deck=["Estate"] * 5, supply={"Province": 2})
    assert owned(g, 0, "Estate") == 7 and g.zones(1)["discard"] == {}
    assert g.zones(0)["discard"].get("Ambassador") == 1  # not played: discarded at clean-up


def test_ambassador_playbook_gives_a_curse_over_two_coppers():
    bot = simple_bot("amb", buy=["Province", "Gold", "Silver"])
    g = bot_turn(["Ambassador"], bot, hand=["Ambassador", "Curse", "Copper", "Copper", "Gold"],
                 deck=["Copper"] * 5, discard=["Copper"] * 5)
    expect(g, 1, discard={"Curse": 1})
    assert owned(g, 0, "Curse") == 0 and owned(g, 0, "Copper") == 12
