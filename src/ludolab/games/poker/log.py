"""Render a traced hand (``Engine.trace``'s :class:`HandHistory`) as a readable hand history.

The text of ``ludolab poker log`` and of the web app's hand page: seats and hole cards, blinds,
every action by street with the pot after it, the board, the showdown with each hand's value,
who won what, and the net chips of every seat in chips and small bets.

>>> import numpy as np
>>> from ludolab.games.poker.engine import Engine, baseline_bots
>>> h = Engine("limit", 2).trace(baseline_bots("call", "call"), 7, 0, np.array([0, 1]))
>>> lines = hand_history(h, ["call A", "call B"], 0, 0)
>>> lines[1].split()[:4], lines[3]
(['seat', '0:', 'call', 'A'], '*** PRE-FLOP ***')
"""

from __future__ import annotations

from collections.abc import Sequence

from ludolab.games.poker.cards import cards_str
from ludolab.games.poker.engine.api import STREET_NAMES, HandHistory
from ludolab.games.poker.evaluator import describe

__all__ = ["hand_history"]

_VERB = {"fold": "folds", "check": "checks", "call": "calls", "bet": "bets", "raise": "raises"}


def hand_history(history: HandHistory, names: Sequence[str], deal: int, trial: int) -> list[str]:
    """A readable hand history, one string per line: seats and cards, blinds, every action by
    street with the pot, the board, the showdown with each hand's value, who won what, and the
    net chips. ``names`` are the run's bot names (``history.seating`` indexes them); ``deal``
    and ``trial`` only label the first line."""
    rules = history.rules
    who = [names[b] for b in history.seating]
    n = len(who)
    out = [f"Deal {deal}, trial {trial} (deal seed {history.seed}); rules {rules.describe()}; "
           f"{n} seats, button seat {history.button}"]
    for s, cards in enumerate(history.hole):
        out.append(f"  seat {s}: {who[s]:<20} {cards_str(cards)}"
                   + ("  (button)" if s == history.button else ""))
    out.append("*** PRE-FLOP ***")
    shown = False
    for e in history.events:
        if e.kind == "blind":
            out.append(f"  seat {e.seat} ({who[e.seat]}) posts the {e.action} {e.amount}"
                       f"  [pot {e.pot}]")
        elif e.kind == "board":
            out.append(f"*** {STREET_NAMES[e.street].upper()} *** {cards_str(e.cards)}"
                       f"  [pot {e.pot}]")
        elif e.kind == "action":
            chips = f" {e.amount}" if e.amount else ""
            out.append(f"  seat {e.seat} ({who[e.seat]}) {_VERB.get(e.action, e.action)}{chips}"
                       f"  [pot {e.pot}]")
        elif e.kind == "show":
            if not shown:
                out.append("*** SHOWDOWN ***")
                shown = True
            out.append(f"  seat {e.seat} ({who[e.seat]}) shows {cards_str(e.cards)}: "
                       f"{describe(e.amount)}")
        elif e.kind == "win":
            out.append(f"  seat {e.seat} ({who[e.seat]}) wins {e.amount}")
    out.append("Result: " + ", ".join(
        f"seat {s} ({who[s]}) {c:+d} chips ({c / rules.small_bet:+g} sb)"
        for s, c in enumerate(history.chips)))
    return out
