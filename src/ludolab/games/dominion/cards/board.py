"""What a Dominion table holds besides cards, declared once: the token kinds, mats, pile kinds
and cost components of the card sets. Pages (the card table, the Play board) draw every entry
from here and hold no code per card, so a set that brings a new token, mat, pile kind or cost
component only declares it in :data:`BOARD`.

Each entry names where the step-wise game (:class:`~ludolab.games.dominion.engine.DominionGame`)
keeps it: a seat zone of ``zones(seat)`` for a mat, a key of ``counters()`` (per seat: the key
followed by the seat number) or a method returning piles for a token, a Card attribute for a
cost component.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["BOARD", "Board", "CostKind", "MatKind", "PileKind", "TokenKind"]


@dataclass(frozen=True)
class MatKind:
    """A seat's mat (or a set-aside zone the player sees): the cards on it."""

    zone: str
    """The key of ``DominionGame.zones(seat)`` that holds its cards."""
    title: str
    """Its heading on the board ("Island mat")."""
    public: bool = True
    """The other players see it (Island); a hidden one (Native Village) is shown to its owner."""


@dataclass(frozen=True)
class TokenKind:
    """Tokens: on a seat (VP tokens), on a mat of the game (Trade Route) or on supply piles
    (Embargo). ``mine``/``other`` are the board's words, ``{n}`` the count, ``{s}`` its plural
    ending."""

    key: str
    """Its id on the board (``KEY-tokens`` for a seat's, ``KEY`` for the game's)."""
    name: str
    scope: str
    """``"seat"`` (each seat's counter ``COUNTER<seat>``), ``"game"`` (one counter) or
    ``"pile"`` (only on piles)."""
    counter: str = ""
    """The key of ``DominionGame.counters()``."""
    mine: str = ""
    """The words for the person's own (seat) or the game's count."""
    other: str = ""
    """The words for another seat's count."""
    card: str | None = None
    """A game-wide token shows when this card is in the kingdom (its count may be 0)."""
    piles: str = ""
    """A ``DominionGame`` method giving the piles holding such tokens (a dict of counts, or the
    piles with one each)."""
    pile_words: str = ""
    """What a pile's row says of them ("+{n} Embargo")."""
    pile_title: str = ""
    """The tooltip of ``pile_words``: what the tokens do."""
    piles_line: str = ""
    """The piles still holding them, after the game-wide words ("still on their piles: {piles}")."""


@dataclass(frozen=True)
class PileKind:
    """A kind of pile on the table: the Supply, and the piles outside it that sets add (Prizes,
    Rewards, a Bane's pile), with the cards that are in it (none listed: every other card)."""

    key: str
    title: str
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class CostKind:
    """A component of a card's cost: its Card attribute and how it is written (``$4``)."""

    field: str
    symbol: str
    title: str
    prefix: bool = True
    """Written before the number (``$4``), else after (``8D``)."""
    repeat: bool = False
    """Written as the symbol repeated, no number (a Potion: ``P``)."""


@dataclass(frozen=True)
class Board:
    """Everything :mod:`ludolab.games.dominion.cards.board` declares."""

    mats: tuple[MatKind, ...]
    tokens: tuple[TokenKind, ...]
    piles: tuple[PileKind, ...]
    costs: tuple[CostKind, ...]

    def pile_kind(self, card: str) -> PileKind:
        """The pile kind card ``card`` is in (the first that lists it, else the unlisted one)."""
        for kind in self.piles:
            if card in kind.cards:
                return kind
        return next(k for k in self.piles if not k.cards)


BOARD = Board(
    mats=(
        MatKind("haven", "Set aside for your next turn", public=False),
        MatKind("mat", "Native Village mat", public=False),
        MatKind("island", "Island mat"),
    ),
    tokens=(
        TokenKind("vp", "VP tokens", "seat", counter="vp_tokens",
                  mine="Your VP tokens: {n} (counted in your score)", other="VP tokens: {n}"),
        TokenKind("coffers", "Coffers", "seat", counter="coffers",
                  mine="Your Coffers: {n} (+$1 each when spent in a Buy phase)",
                  other="Coffers: {n}"),
        TokenKind("coin", "Coin tokens", "seat", counter="coin_tokens",
                  mine="Coin tokens on your Pirate Ship mat: {n}", other="Coin tokens: {n}"),
        TokenKind("trade-route", "Trade Route tokens", "game", counter="trade_route_mat",
                  card="Trade Route",
                  mine="Trade Route mat: {n} token{s} (+${n} for each Trade Route played)",
                  piles="trade_route_piles", pile_words="+token",
                  pile_title="a Trade Route token: the first gain from this pile moves it to "
                             "the mat",
                  piles_line="still on their piles: {piles}"),
        TokenKind("embargo", "Embargo tokens", "pile", piles="tokens",
                  pile_words="+{n} Embargo",
                  pile_title="Embargo tokens: buying one gains a Curse per token"),
    ),
    piles=(
        PileKind("supply", "Supply"),
        PileKind("prize", "Prizes (not in the Supply; gained with Tournament)",
                 ("Bag of Gold", "Diadem", "Followers", "Princess", "Trusty Steed")),
        PileKind("reward", "Rewards (not in the Supply; gained with Joust)",
                 ("Coronet", "Courser", "Demesne", "Housecarl", "Huge Turnip", "Renown")),
    ),
    costs=(CostKind("cost", "$", "coins"), CostKind("potion", "P", "Potions", repeat=True),
           CostKind("debt", "D", "Debt", prefix=False)),
)
