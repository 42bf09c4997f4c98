"""Rulebook situations for the card tests (tests/games/dominion/test_cards_*.py).

A card test builds a *situation* (the kingdom, the seats and their bots, each seat's exact zones,
the supply and trash, whose turn it is), answers the decisions as an outside seat and asserts the
exact zones and counters that follow. This module is the one place those steps live, so a card's
test file holds only its situations and rulings.

Conventions (the engine's own): a deck is listed **from the top down** (``deck[0]`` is drawn
first); a hand, discard pile or mat is a list of names or a ``{name: count}`` dict; cards are
named, never numbered, in situations and assertions; ``C(name)`` is the card id a decision's
options use. A decision with a single option is taken by the engine without asking, so each
``pending()`` is a real choice.

Example (Smithy draws three; at the buy decision the kernel has played the Treasures of the
hand), run as a doctest by ``tests/games/dominion/test_cardtools.py``::

    >>> g = situation(["Smithy"], hand=["Smithy", "Copper"],
    ...               deck=["Gold", "Silver", "Estate", "Duchy"], other=COPPERS)
    >>> pend(g)[:2] == (0, DK.PLAY)
    True
    >>> g.answer(C("Smithy"))
    >>> at(g, 0, DK.BUY)
    >>> expect(g, 0, hand={"Estate": 1}, deck=["Duchy"], actions=0, buys=1, coins=6,
    ...        play={"Smithy": 1, "Copper": 1, "Silver": 1, "Gold": 1})
    >>> expect(g, 0, hand={"Estate": 1, "Copper": 1})
    Traceback (most recent call last):
    AssertionError: seat 0 hand: {'Estate': 1} != {'Estate': 1, 'Copper': 1} (Copper 0 not 1)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ludolab.games.dominion.cards import CARDS, card_id
from ludolab.games.dominion.engine import DecisionKind, DominionGame, Engine
from ludolab.games.dominion.engine import kernel as K

DK = DecisionKind

#: Cards given to ``DominionGame.setup``: names in order, or ``{name: count}``.
Cards = Sequence[str] | Mapping[str, int]
#: One seat's zones as ``DominionGame.setup`` takes them (``hand``, ``deck``, ``discard``...).
Zones = Mapping[str, object]

#: An other seat that can do nothing to a card's owner: five Coppers in hand and ten below (no
#: Action, no Reaction, no card to gain or trash but Copper); its discard pile empty.
COPPERS: Zones = {"hand": ["Copper"] * 5, "deck": ["Copper"] * 10, "discard": []}


def C(name: str) -> int:
    """The card id of ``name`` (what a decision's options, source and subject hold)."""
    return card_id(name)


# --- building a situation ------------------------------------------------------------------------
def start(kingdom: Sequence[str], players: int = 2, rules: str | None = None,
          bots: Sequence | None = None, seed: int = 1) -> DominionGame:
    """A game of ``kingdom``; every seat is outside (the test answers its decisions) unless
    ``bots`` gives the seats (a bot, or None for an outside seat). ``rules`` is a rule-set spec
    (None: the official rules); ``seed`` keys the deal and every shuffle, so a situation is
    the same on every run.
    Example: ``start(["Moat"], players=3, rules="official,edition=1")``.
    """
    return Engine(list(kingdom), players, rules).new_game(seed, list(bots or [None] * players))


def arrange(g: DominionGame, seat: int | None, mats: Mapping[int, Cards] | None = None, *,
            coin_tokens: int | None = None, coffers: int | None = None,
            **zones: object) -> None:
    """``g.setup(seat, **zones)`` (hand, deck from the top down, discard, supply, trash, turns,
    current, vp_tokens), and also cards on the seat's mats and Coin tokens, which ``setup``
    does not take: ``mats={K.Z_MAT: ["Gold"]}`` puts an owned Gold on its Native Village mat,
    ``coin_tokens=2`` two tokens on its Pirate Ship mat, ``coffers=3`` its Coffers (Guilds).
    Then the game runs to the next
    decision, as after ``setup``.
    Example: ``arrange(g, 0, {K.Z_MAT: ["Gold"]}, hand=["Native Village"], deck=["Copper"])``.
    """
    if mats is None and coin_tokens is None and coffers is None:
        g.setup(seat, **zones)  # type: ignore[arg-type]
        return
    g._rewrite(seat, **zones)  # type: ignore[arg-type]
    L = g.engine.layout
    q = int(g._S[K.H_CUR]) if seat is None else seat
    for z, cards in (mats or {}).items():
        for c in g._ids_of(cards):  # type: ignore[arg-type]
            g._S[L.zone(q, z)][c] += 1
            g._S[L.zone(q, "own")][c] += 1
    if coin_tokens is not None:
        g._S[L.scalars(q) + K.PS_COINTOK] = coin_tokens
    if coffers is not None:
        g._S[L.scalars(q) + K.PS_COFFERS] = coffers
    g._advance()


def situation(kingdom: Sequence[str], *, hand: Cards, deck: Sequence[str],
              discard: Cards = (), other: Zones | Sequence[Zones] | None = None,
              seat: int = 0, players: int = 2, rules: str | None = None,
              bots: Sequence | None = None, seed: int = 1, **setup: object) -> DominionGame:
    """The game at ``seat``'s first decision of its turn (seat 0 by default) with exactly
    ``hand``, ``deck`` (top down) and ``discard``.

    ``other`` gives the zones of the other seats: one dict for every other seat, or a list
    with one per other seat in seat order (None: they keep the cards dealt). The
    other seats are set first, the seat to move last, so a bot at ``seat`` plays its turn
    on the exact situation. ``setup`` holds the rest of :func:`arrange`'s keywords for the
    seat to move and the game: ``supply``, ``trash``, ``turns``, ``vp_tokens``, ``mats``,
    ``coin_tokens``, ``coffers``.
    Example: ``situation(["Militia", "Moat"], hand=["Militia"], deck=["Copper"] * 5,
    other={"hand": ["Moat"] + ["Copper"] * 4, "deck": [], "discard": []})``.
    """
    g = start(kingdom, players, rules, bots, seed)
    others = [q for q in range(players) if q != seat]
    if other is not None:
        per_seat = [other] * len(others) if isinstance(other, Mapping) else list(other)
        assert len(per_seat) == len(others), f"{len(others)} other seats, {len(per_seat)} given"
        for q, zones in zip(others, per_seat, strict=True):
            g.setup(q, **zones)  # type: ignore[arg-type]
    arrange(g, seat, current=seat, hand=hand, deck=list(deck), discard=discard, **setup)
    return g


def bot_turn(kingdom: Sequence[str], bot: object, *, hand: Cards, deck: Sequence[str],
             discard: Cards = (), other: Zones | Sequence[Zones] | None = None,
             players: int = 2, rules: str | None = None, seed: int = 1,
             **setup: object) -> DominionGame:
    """Seat 0 is ``bot`` and plays one whole turn from the given cards (a :func:`situation`);
    the other seats are outside. Returns the game after that turn (at the next seat's first
    decision), asserting that the bot's turn is over.
    Example: ``bot_turn(["Chapel"], bot, hand=["Chapel", "Estate"], deck=["Silver"] * 5)``.
    """
    g = situation(kingdom, hand=hand, deck=deck, discard=discard, other=other, players=players,
                  rules=rules, bots=[bot] + [None] * (players - 1), seed=seed, **setup)
    assert g.is_over() or g.pending().seat != 0, "the bot's turn is not over"  # type: ignore[union-attr]
    return g


# --- answering decisions -------------------------------------------------------------------------
def pend(g: DominionGame) -> tuple:
    """The pending decision as ``(seat, kind, source, subject, arg, options)``, to compare whole
    or sliced: ``assert pend(g)[:3] == (1, DK.DISCARD, C("Militia"))``."""
    d = g.pending()
    assert d is not None, "the game is over: no decision is pending"
    return d.seat, d.kind, d.source, d.subject, d.arg, d.options


def at(g: DominionGame, seat: int, kind: DecisionKind) -> None:
    """Assert that the pending decision is ``seat``'s, of ``kind``."""
    d = g.pending()
    assert d is not None and (d.seat, d.kind) == (seat, kind), d and d.describe()


def play_treasures(g: DominionGame, *names: str, seat: int | None = 0) -> None:
    """``seat`` plays these Treasures from its hand in this order (a decision each, each one
    offered); with no names, every Treasure it is offered until the decision is not a Treasure
    one. ``seat=None``: whichever seat is asked."""
    def check() -> None:
        d = g.pending()
        assert d is not None and d.kind == DK.TREASURE, d and d.describe()
        assert seat is None or d.seat == seat, d.describe()

    if not names:
        while g.pending() is not None and g.pending().kind == DK.TREASURE:  # type: ignore[union-attr]
            check()
            g.answer(next(o for o in g.pending().options if o >= 0))  # type: ignore[union-attr]
        return
    for name in names:
        check()
        assert C(name) in g.pending().options, (name, g.pending().describe())  # type: ignore[union-attr]
        g.answer(C(name))


def buy(g: DominionGame, name: str, seat: int = 0) -> None:
    """``seat`` is at its buy decision and buys ``name``."""
    at(g, seat, DK.BUY)
    g.answer(C(name))


def topdeck(g: DominionGame, source: str, card: str, yes: bool, seat: int = 0) -> None:
    """``seat`` is asked by ``source`` whether to put ``card`` onto its deck (the options: that
    card or -1); answer yes or no."""
    d = g.pending()
    assert d is not None and (d.seat, d.kind, d.source, d.subject) == (
        seat, DK.TOPDECK, C(source), C(card)), d and d.describe()
    assert d.options == (C(card), -1), d.describe()
    g.answer(C(card) if yes else -1)


def order(g: DominionGame, gained: str, options: Sequence[str], first: str | None = None,
          seat: int = 0) -> None:
    """Several when-gain effects would act on ``gained``: ``seat`` is asked which resolves next
    (exactly ``options``, named by their cards); it takes ``first`` (default: the first
    offered, the default order)."""
    d = g.pending()
    assert d is not None and (d.seat, d.kind, d.source, d.subject) == (
        seat, DK.ORDER, -1, C(gained)), d and d.describe()
    assert d.options == tuple(C(x) for x in options), d.describe()
    g.answer(d.options[0] if first is None else C(first))


# --- reading and asserting -----------------------------------------------------------------------
def counters(g: DominionGame) -> tuple[int, int, int]:
    """The current turn's actions, buys and coins."""
    c = g.counters()
    return c["actions"], c["buys"], c["coins"]  # type: ignore[return-value]


def coins(g: DominionGame) -> int:
    """The current turn's coins."""
    return int(g.counters()["coins"])


def buys(g: DominionGame) -> int:
    """The current turn's buys."""
    return int(g.counters()["buys"])


def owned(g: DominionGame, seat: int, name: str) -> int:
    """How many ``name`` cards ``seat`` owns."""
    return g.zones(seat)["owned"].get(name, 0)  # type: ignore[union-attr]


def next_hand(g: DominionGame, seat: int = 0) -> dict[str, int]:
    """``seat``'s hand now (after a :func:`bot_turn`: the hand the bot drew for its next
    turn)."""
    return g.zones(seat)["hand"]  # type: ignore[return-value]


def hand_size(g: DominionGame, seat: int) -> int:
    """How many cards ``seat`` holds."""
    return sum(next_hand(g, seat).values())


def haven(g: DominionGame, seat: int) -> dict[str, int]:
    """The cards ``seat`` has set aside across turns (Haven, Blockade), hidden from the others."""
    return g.zones(seat)["haven"]  # type: ignore[return-value]


def zone(g: DominionGame, seat: int, z: int) -> dict[str, int]:
    """A zone of ``seat`` by its ``K.Z_*`` number (the mats), at the pending decision."""
    counts = g._view[g.engine.layout.zone(seat, z)]
    return {CARDS[c].name: int(k) for c, k in enumerate(counts) if k > 0}


def vp_tokens(g: DominionGame, seat: int = 0) -> int:
    """``seat``'s VP tokens."""
    return int(g.counters()[f"vp_tokens{seat}"])


def coffers(g: DominionGame, seat: int = 0) -> int:
    """``seat``'s Coffers (Guilds), at the pending decision."""
    return int(g.counters()[f"coffers{seat}"])


def coin_tokens(g: DominionGame, seat: int) -> int:
    """The Coin tokens on ``seat``'s Pirate Ship mat."""
    return int(g._view[g.engine.layout.scalars(seat) + K.PS_COINTOK])


def _differ(got: object, want: object) -> str:
    """What differs between two card counts (``{name: n}``), or nothing for other values."""
    if not (isinstance(got, Mapping) and isinstance(want, Mapping)):
        return ""
    parts = [f"{n} {got.get(n, 0)} not {want.get(n, 0)}" for n in sorted({*got, *want})
             if got.get(n, 0) != want.get(n, 0)]
    return f" ({'; '.join(parts)})" if parts else ""


def expect(g: DominionGame, seat: int, **want: object) -> None:
    """Assert exact values at the pending decision: ``seat``'s zones (``hand``, ``deck`` top
    down, ``discard``, ``play``, ``aside``, ``mat``, ``island``, ``haven``, ``owned``, ``stay``,
    ``waiting``: see ``DominionGame.zones``), its ``vp``, and any key of ``g.counters()``
    (``actions``, ``buys``, ``coins``: the current turn's, whoever's turn it is). The message
    says which one differed, both values and the cards that differ.
    Example: ``expect(g, 1, hand={"Copper": 3}, discard={"Copper": 2}, coins=0)``.
    """
    z = g.zones(seat)
    c = g.counters()
    for key, value in want.items():
        if key in z:
            got = z[key]
        elif key == "vp":
            got = g.vp()[seat]
        elif key in c:
            got = c[key]
        else:
            raise KeyError(f"expect: {key!r} is neither a zone, 'vp' nor a counter")
        assert got == value, f"seat {seat} {key}: {got} != {value}{_differ(got, value)}"
