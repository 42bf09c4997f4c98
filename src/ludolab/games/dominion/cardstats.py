"""Per-card statistics of a simulation: what each bot bought, gained, played and trashed, and when.

The engine counts them from its typed events while a batch plays (``Engine.play(card_stats=True)``,
``simulate(..., card_stats=True)``); the records carry, per game, seat, kind and card, the count
(``card_count``) and the turn of the first one (``card_first``, 0: none), the card axis named by
the settings' ``card_stat_cards``. Kinds (:data:`KINDS`): ``bought``; ``gained`` other than by a
buy (a Witch's Curse, a Workshop's gain); ``played`` (each Action play, Throne Room's two plays
count two, and each Treasure played); ``trashed``. A turn is the active seat's turn number, so a
Curse given in the Witch player's turn 5 counts in turn 5.

Records follow the bot, not the seat: with rotated seats a bot's row in a game is the seat it sat
in that game (``seating``). Each game is counted once (a mirror pair's two games: each once).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ludolab.errors import LudolabError
from ludolab.games.dominion.engine.game import CARD_STAT_KINDS

__all__ = ["KINDS", "card_frame", "card_rows", "has_card_stats"]

#: the kinds of the kind axis, in order
KINDS = CARD_STAT_KINDS
_B, _G, _P, _T = range(4)


def has_card_stats(records: Mapping[str, np.ndarray]) -> bool:
    """Whether the records carry card statistics (a run with ``card_stats=True``)."""
    return "card_count" in records and "card_first" in records


def _for_bot(records: Mapping[str, np.ndarray], b: int) -> tuple[np.ndarray, np.ndarray]:
    """Bot ``b``'s counts and first turns, ``[games it sat in, kinds, cards]``."""
    mask = np.asarray(records["seating"]) == b
    return np.asarray(records["card_count"])[mask], np.asarray(records["card_first"])[mask]


def card_rows(records: Mapping[str, np.ndarray], bots: Sequence[str],
              cards: Sequence[str]) -> list[dict[str, Any]]:
    """The "what each bot bought" table: one row per bot and card it ever bought, gained, played
    or trashed; per game played by the bot: ``bought``, ``gained``, ``played``, ``trashed``
    (means over games), ``bought_in`` (share of games with at least one buy), ``first_buy`` (mean
    turn of the first buy over the games with one; NaN without), ``games``. Rows of a bot by
    ``bought`` (most first), then ``played``."""
    if not has_card_stats(records):
        return []
    rows: list[dict[str, Any]] = []
    for b, bot in enumerate(bots):
        counts, first = _for_bot(records, b)
        n = counts.shape[0]
        if not n:
            continue
        total = counts.sum(axis=0, dtype=np.int64)  # [kinds, cards]
        mine = []
        for j, card in enumerate(cards):
            if not total[:, j].any():
                continue
            had = counts[:, _B, j] > 0
            fb = float(first[had, _B, j].mean()) if had.any() else math.nan
            mine.append({"bot": bot, "card": card, "games": n,
                         "bought": float(total[_B, j] / n), "bought_in": float(had.mean()),
                         "first_buy": fb, "gained": float(total[_G, j] / n),
                         "played": float(total[_P, j] / n), "trashed": float(total[_T, j] / n)})
        mine.sort(key=lambda r: (-r["bought"], -r["played"], r["card"]))
        rows += mine
    return rows


def card_frame(records: Mapping[str, np.ndarray], bots: Sequence[str],
               cards: Sequence[str]) -> Any:
    """The card statistics as tidy rows (a pandas DataFrame): ``game`` (the global game index),
    ``deal``, ``bot``, ``seat`` (from 1), ``card``, ``kind`` (:data:`KINDS`), ``count`` (that
    game's number) and ``turn`` (the turn of the first one). Only non-zero counts are rows."""
    try:
        import pandas as pd  # lazy: pandas is the optional notebook extra (ludolab[notebook])
    except ImportError:
        raise LudolabError("card_stats needs pandas: pip install 'ludolab[notebook]'") from None
    if not has_card_stats(records):
        raise LudolabError("no card statistics: run simulate(..., card_stats=True)")
    counts = np.asarray(records["card_count"])
    g, s, k, c = np.nonzero(counts)
    seating = np.asarray(records["seating"])
    names = np.asarray(list(bots), dtype=object)
    return pd.DataFrame({
        "game": np.asarray(records["index"])[g],
        "deal": np.asarray(records["deal"])[g] if "deal" in records else g,
        "bot": names[seating[g, s].astype(np.int64)],
        "seat": s + 1,
        "card": pd.Categorical(np.asarray(list(cards), dtype=object)[c], categories=list(cards)),
        "kind": pd.Categorical(np.asarray(KINDS, dtype=object)[k], categories=list(KINDS)),
        "count": counts[g, s, k, c].astype(np.int64),
        "turn": np.asarray(records["card_first"])[g, s, k, c].astype(np.int64),
    })
