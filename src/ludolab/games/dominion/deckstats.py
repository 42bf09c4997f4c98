"""Deck records summarised: what each bot's deck holds turn by turn, what it ends with, and what
is left in the supply and the trash at the end of games.

The engine keeps them while a batch plays (``Engine.play(deck_stats=True)``, the simulation
option ``deck_stats``): per game, seat, turn and card the copies the seat owned at the end of
its turn (``deck``, -1 after its last turn), per game and card the supply pile and the trash at
the end (``supply_end``, ``trash_end``), and per game and seat its cards at the end
(``deck_end``: a Curse from the last turn's Witch counts); the card axis is
``settings["deck_cards"]``.
These are the figures Geronimoo's simulator and Dominiate show beside the win rates: deck
composition over turns and at the end, money density and deck size by turn, piles left.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ludolab.games.dominion.cards import CARDS, card_id

__all__ = ["deck_summary", "has_deck_stats"]


def has_deck_stats(records: Mapping[str, np.ndarray]) -> bool:
    """Whether the records carry deck records (a run with ``deck_stats=True``)."""
    return all(k in records for k in ("deck", "supply_end", "trash_end", "deck_end"))


def _coins(cards: Sequence[str]) -> np.ndarray:
    """Each card's printed coins as a Treasure (0 for the others): what money density counts."""
    out = np.zeros(len(cards), np.float64)
    for i, name in enumerate(cards):
        card = CARDS[card_id(name)]
        if card.is_treasure:
            out[i] = float(card.coins)
    return out


def deck_summary(records: Mapping[str, np.ndarray], cards: Sequence[str], bots: Sequence[str],
                 min_share: float = 0.05) -> dict[str, Any]:
    """Per bot: the mean copies of each card owned at the end of each turn (``by_turn``,
    [turn][card], over the bot's games that reached the turn), the mean deck at the end of its
    games (``final``, from ``deck_end``), deck size and money density (coins of the Treasures
    per card) by turn; per card: the mean supply pile left and the share of games it ended
    empty, and the mean copies in the trash at the end. Turns stop where fewer than
    ``min_share`` of a bot's games got that far (as the by-turn curves do)."""
    deck = np.asarray(records["deck"])
    seat = np.asarray(records["seating"])
    coins = _coins(cards)
    out: dict[str, Any] = {"cards": list(cards), "bots": []}
    turns = 0
    for b, name in enumerate(bots):
        sel = deck[seat == b].astype(np.int64)  # (seat-games, T, C)
        n = sel.shape[0]
        valid = sel[:, :, 0] >= 0 if n else np.zeros((0, deck.shape[2]), bool)
        reached = valid.sum(axis=0)
        keep = (reached > 0) & (reached >= min_share * max(1, n))
        last = int(np.nonzero(keep)[0].max()) + 1 if keep.any() else 0
        turns = max(turns, last)
        held = np.where(valid[:, :, None], sel, 0)
        mean = held.sum(axis=0) / np.maximum(reached, 1)[:, None]  # (T, C)
        size = held.sum(axis=2)  # (N, T)
        money = (held * coins).sum(axis=2)
        density = np.where(size > 0, money / np.maximum(size, 1), 0.0)
        size_t = size.sum(axis=0) / np.maximum(reached, 1)
        dens_t = (density * valid).sum(axis=0) / np.maximum(reached, 1)
        if n:
            final = np.asarray(records["deck_end"])[seat == b].mean(axis=0)
        else:
            final = np.zeros(len(cards))
        out["bots"].append({
            "bot": name, "games": int(n), "turns": last,
            "by_turn": [[round(float(v), 3) for v in row] for row in mean[:last]],
            "size": [round(float(v), 3) for v in size_t[:last]],
            "density": [round(float(v), 4) for v in dens_t[:last]],
            "final": [round(float(v), 3) for v in final],
        })
    supply = np.asarray(records["supply_end"]).astype(np.float64)
    trash = np.asarray(records["trash_end"]).astype(np.float64)
    games = supply.shape[0]
    out["turns"] = turns
    out["supply"] = [round(float(v), 3) for v in supply.mean(axis=0)] if games else []
    out["empty"] = [round(float(v), 4) for v in (supply == 0).mean(axis=0)] if games else []
    out["trash"] = [round(float(v), 3) for v in trash.mean(axis=0)] if games else []
    out["games"] = int(games)
    return out
