"""The named memory layout of the kernel's state array ``S`` (Python side).

The kernel (:mod:`.kernel`) addresses ``S`` through its ``H_*``/``Z_*``/``PS_*`` constants and the
small ``zo``/``so``/``sup``/``trash_o``/... helpers. Everything outside the kernel (``game.py``,
search players, tests) asks a :class:`StateLayout` instead of recomputing
``S[H_SEAT0] + q * S[H_SB] + NZ * NUM_CARDS`` by hand: one object, built from the player count
and the draw-pile capacity, names every region as an offset or a slice.
``tests/games/dominion/test_layout.py`` checks it against the kernel's own helpers, so the two
cannot drift apart.

Card-table columns are named by :data:`CARD_COLUMNS` (``cards.COL_*``), never by number.
"""

from __future__ import annotations

from dataclasses import dataclass

from ludolab.games.dominion import cards as _cards
from ludolab.games.dominion.engine import kernel as K

#: Columns of the card table (``cards.card_table()``) by name.
CARD_COLUMNS: dict[str, int] = {
    "cost": _cards.COL_COST,
    "types": _cards.COL_TYPES,
    "cards": _cards.COL_CARDS,
    "actions": _cards.COL_ACTIONS,
    "buys": _cards.COL_BUYS,
    "coins": _cards.COL_COINS,
    "vp": _cards.COL_VP,
    "special": _cards.COL_SPECIAL,
    "next_cards": _cards.COL_NEXT_CARDS,
    "next_actions": _cards.COL_NEXT_ACTIONS,
    "next_buys": _cards.COL_NEXT_BUYS,
    "next_coins": _cards.COL_NEXT_COINS,
    "potion": _cards.COL_POTION,
    "debt": _cards.COL_DEBT,
}

#: Per-seat card-count zones by name (``own`` counts every card the seat owns).
ZONES: dict[str, int] = {
    "hand": int(K.Z_HAND),
    "discard": int(K.Z_DISC),
    "play": int(K.Z_PLAY),
    "aside": int(K.Z_ASIDE),
    "own": int(K.Z_OWN),
    "mat": int(K.Z_MAT),  # the Native Village mat
    "island": int(K.Z_ISLAND),  # the Island mat
    "haven": int(K.Z_HAVEN),  # cards set aside across turns by a Duration
    "stay": int(K.Z_STAY),  # marker: cards in play that stay at the next clean-up
    "gained": int(K.Z_GAINED),  # marker: the cards gained in the seat's most recent turn
    "waiting": int(K.Z_WAIT),  # marker list: count, then (card, arg) per waiting effect
}

#: Per-seat scalars by name (offsets inside a seat's scalar block).
SEAT_SCALARS: dict[str, int] = {
    "deck_n": int(K.PS_DECKN),
    "shuffles": int(K.PS_SHUF),
    "turns": int(K.PS_TURNS),
    "epoch": int(K.PS_EPOCH),
    "random_answers": int(K.PS_RNDK),
    "known_lo": int(K.PS_KNOWN_LO),
    "known_hi": int(K.PS_KNOWN_HI),
    "vp_tokens": int(K.PS_VPT),
    "public_lo": int(K.PS_PUB_LO),
    "public_hi": int(K.PS_PUB_HI),
    "deep": int(K.PS_DEEP),
    "received": int(K.PS_RECV),
    "coin_tokens": int(K.PS_COINTOK),
    "coffers": int(K.PS_COFFERS),
}


@dataclass(frozen=True)
class StateLayout:
    """Offsets and slices of one game's ``S`` array (``num_players`` seats, deck capacity ``cap``).

    Header regions (each ``nc`` long, after the ``HDR`` scalars): ``supply``, ``trash``, ``ids``,
    ``start``, ``aids``, ``tids``, ``turn``, ``bans``, ``tokens``, ``trade_route``, ``outside``.
    Then one block of ``seat_block`` integers per seat: ``NZ`` zones of ``nc`` counts
    (:data:`ZONES`), ``PSZ`` scalars, then the draw pile (top at the end).
    """

    num_players: int
    cap: int
    nc: int = _cards.NUM_CARDS

    # -- sizes -----------------------------------------------------------------------------------
    @property
    def seat_block(self) -> int:
        """Integers per seat block (the kernel's ``S[H_SB]``)."""
        return int(K.NZ) * self.nc + int(K.PSZ) + self.cap

    @property
    def seat0(self) -> int:
        """Offset of seat 0's block (the kernel's ``S[H_SEAT0]``)."""
        return int(K.HDR) + 11 * self.nc

    @property
    def size(self) -> int:
        """Length of ``S``."""
        return self.seat0 + self.num_players * self.seat_block

    # -- header regions --------------------------------------------------------------------------
    def _region(self, k: int) -> slice:
        o = int(K.HDR) + k * self.nc
        return slice(o, o + self.nc)

    @property
    def supply(self) -> slice:
        """Cards left per pile, indexed by card id."""
        return self._region(0)

    @property
    def trash(self) -> slice:
        """Trashed cards, indexed by card id."""
        return self._region(1)

    @property
    def ids(self) -> slice:
        """This game's supply card ids, sorted (the first ``S[H_NIDS]`` are valid)."""
        return self._region(2)

    @property
    def start(self) -> slice:
        """Starting pile sizes, indexed by card id."""
        return self._region(3)

    @property
    def aids(self) -> slice:
        """The Action ids of the supply (the first ``S[H_NAIDS]`` are valid)."""
        return self._region(4)

    @property
    def tids(self) -> slice:
        """The Treasure ids of the supply (the first ``S[H_NTIDS]`` are valid)."""
        return self._region(5)

    @property
    def turn(self) -> slice:
        """Plays of each card by the current player this turn (zeroed at every clean-up)."""
        return self._region(6)

    @property
    def bans(self) -> slice:
        """Cards that may not be bought this turn (non-zero; Contraband), indexed by card id."""
        return self._region(7)

    @property
    def tokens(self) -> slice:
        """Embargo tokens per Supply pile, indexed by card id."""
        return self._region(8)

    @property
    def trade_route(self) -> slice:
        """1 while Victory pile ``c`` still has its Trade Route token, indexed by card id."""
        return self._region(9)

    @property
    def outside(self) -> slice:
        """1 for a card whose pile is outside the Supply (Prizes, Rewards), indexed by card id."""
        return self._region(10)

    # -- seat blocks -----------------------------------------------------------------------------
    def seat_base(self, seat: int) -> int:
        """Offset of seat ``seat``'s block."""
        return self.seat0 + seat * self.seat_block

    def zone(self, seat: int, zone: int | str) -> slice:
        """Card counts of one zone (``"hand"``, ``"discard"``, ``"play"``, ``"aside"``, ``"own"``
        or a ``Z_*`` number), indexed by card id."""
        z = ZONES[zone] if isinstance(zone, str) else int(zone)
        o = self.seat_base(seat) + z * self.nc
        return slice(o, o + self.nc)

    def scalars(self, seat: int) -> int:
        """Offset of seat ``seat``'s scalar block (add a ``PS_*`` / :data:`SEAT_SCALARS` value)."""
        return self.seat_base(seat) + int(K.NZ) * self.nc

    def scalar(self, seat: int, name: str) -> int:
        """Offset of one named per-seat scalar (:data:`SEAT_SCALARS`)."""
        return self.scalars(seat) + SEAT_SCALARS[name]

    def deck(self, seat: int, n: int | None = None) -> slice:
        """The draw pile storage of seat ``seat`` (its first ``n`` entries; top at the end)."""
        o = self.scalars(seat) + int(K.PSZ)
        return slice(o, o + (self.cap if n is None else n))
