"""Playing cards as small integers: ``card = rank * 4 + suit``.

Ranks ``0 .. 12`` are 2, 3, ..., T, J, Q, K, A; suits ``0 .. 3`` are clubs, diamonds, hearts,
spades. A card is written as rank then suit letter, ``"As"``, ``"Td"``, ``"2c"``.

>>> parse_card("As"), card_str(51), card_str(parse_card("td"))
(51, 'As', 'Td')
>>> parse_cards("AsKd 7c"), cards_str([51, 45])
([51, 45, 20], 'As Kd')
>>> parse_card("1s")
Traceback (most recent call last):
...
ludolab.errors.LudolabError: bad card '1s': expected a rank of 23456789TJQKA then a suit of cdhs
"""

from __future__ import annotations

from collections.abc import Iterable

from ludolab.errors import LudolabError

__all__ = [
    "NUM_CARDS",
    "NUM_RANKS",
    "NUM_SUITS",
    "RANKS",
    "SUITS",
    "card_str",
    "cards_str",
    "make_card",
    "parse_card",
    "parse_cards",
    "rank_of",
    "suit_of",
]

RANKS = "23456789TJQKA"
SUITS = "cdhs"
NUM_RANKS = 13
NUM_SUITS = 4
NUM_CARDS = 52


def make_card(rank: int, suit: int) -> int:
    """The card of ``rank`` (0 = deuce .. 12 = ace) and ``suit`` (0 c, 1 d, 2 h, 3 s)."""
    return rank * 4 + suit


def rank_of(card: int) -> int:
    """The rank of ``card``, 0 (deuce) .. 12 (ace)."""
    return card >> 2


def suit_of(card: int) -> int:
    """The suit of ``card``, 0 (clubs) .. 3 (spades)."""
    return card & 3


def parse_card(text: str) -> int:
    """``"As"`` -> 51; case-insensitive rank, ``10`` accepted for ten; LudolabError otherwise."""
    t = text.strip()
    if t[:2] == "10":
        t = "T" + t[2:]
    if len(t) != 2 or t[0].upper() not in RANKS or t[1].lower() not in SUITS:
        raise LudolabError(
            f"bad card {text!r}: expected a rank of {RANKS} then a suit of {SUITS}"
        )
    return make_card(RANKS.index(t[0].upper()), SUITS.index(t[1].lower()))


def card_str(card: int) -> str:
    """51 -> ``"As"``; LudolabError for a number outside 0..51."""
    c = int(card)
    if not 0 <= c < NUM_CARDS:
        raise LudolabError(f"bad card number {card!r}: expected 0..51")
    return RANKS[c >> 2] + SUITS[c & 3]


def parse_cards(text: str) -> list[int]:
    """``"AsKd 7c"`` -> ``[51, 45, 20]`` (spaces and commas optional); repeated cards refused."""
    t = text.replace(",", " ").split()
    out: list[int] = []
    for word in t:
        w = word
        while w:
            n = 3 if w[:2] == "10" else 2
            out.append(parse_card(w[:n]))
            w = w[n:]
    if len(set(out)) != len(out):
        dup = next(c for c in out if out.count(c) > 1)
        raise LudolabError(f"card {card_str(dup)} appears twice in {text!r}")
    return out


def cards_str(cards: Iterable[int]) -> str:
    """``[51, 45]`` -> ``"As Kd"``."""
    return " ".join(card_str(c) for c in cards)
