"""Poker from Python, in a notebook: duplicate experiments between bots, in small bets per hand.

>>> from ludolab import poker
>>> result = poker.simulate(["raise", "call"], deals=500, seed=3)
>>> result.hands, result.deals, result.schedule_name
(1000, 500, 'duplicate')
>>> a, b = result.bot_rows()
>>> round(a["sb_per_hand"] + b["sb_per_hand"], 12)   # heads-up is zero-sum, hand by hand
0.0

This module is the Python entry of poker experiments, as :mod:`ludolab.dominion` is Dominion's:
it sits above every layer (beside the CLI). The experiment itself (schedules, checked plans,
results in small bets per hand with intervals over units, the traced replay of one hand) is
:mod:`ludolab.arena.poker`, which the CLI and the web pages call too; this module adds the
terminal tables of :mod:`ludolab.cli.render` to its results. The game package
(:mod:`ludolab.games.poker`) imports none of them.

Schedules (``schedule=``): ``"duplicate"`` plays every deal in every seating of the line-up
(heads-up: each deal twice with the seats, hence the cards, swapped; three and four seats: all
permutations; more: a Williams square); ``"table-8.1"`` is document 002's ten-seat table (every
deal ten times, every bot in every seat once, each bot directly behind each other once);
``"five-vs-five"`` seats five copies of the first bot against five of the second on that table;
``"independent"`` gives every hand its own deal and a keyed random seating (the baseline that
duplicate seating is measured against). Fewer bots than seats fill the seats in turn.

Results are small bets won per hand by each bot (its mean over the seats it holds). The hands of
one deal share its cards and are not independent: every interval is computed over **units** (a
deal with all its seatings; with ``"independent"``, one hand), never over the correlated hands
inside a unit (:func:`ludolab.arena.stats.cluster_mean`), and only whole units are counted.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ludolab.arena import poker as _poker
from ludolab.arena.poker import (
    DEFAULT_LOOK,
    SCHEDULES,
    TEN_SEAT_SCHEDULES,
    PreparedPoker,
    card_luck,
    schedule_for,
    trace_hand,
)
from ludolab.cli.render import poker_text, print_poker

__all__ = ["SCHEDULES", "TEN_SEAT_SCHEDULES", "PokerResult", "PreparedPoker", "card_luck",
           "prepare", "schedule_for", "simulate", "trace_hand"]


class PokerResult(_poker.PokerResult):
    """A poker experiment's records and summaries (:class:`ludolab.arena.poker.PokerResult`),
    printable as the CLI prints them."""

    def summary(self) -> str:
        """A plain-text result table (what the CLI prints, without colours)."""
        return poker_text(self)

    def print(self, console: Any = None) -> None:
        """Print the result tables with rich."""
        print_poker(self, console)


def prepare(
    bots: Sequence[str],
    deals: int = 10_000,
    seed: int = 0,
    *,
    seats: int | None = None,
    schedule: str | None = None,
    rules: str = "limit",
    sprt: tuple[float, float] | tuple[float, float, float, float] | None = None,
    look: int = DEFAULT_LOOK,
    base_dir: Path | None = None,
) -> PreparedPoker:
    """Check everything an experiment needs (bots, seats, schedule, rules, counts) without
    playing. Every user mistake surfaces here as one :class:`~ludolab.errors.LudolabError`.

    ``sprt=(d0, d1)`` (or ``(d0, d1, alpha, beta)``, default errors 0.05) runs a sequential test
    of the first bot's small bets per hand minus the second's: H0 ``difference = d0`` against H1
    ``difference = d1``, looking every ``look`` deals (:class:`ludolab.arena.sprt.MeanSPRT`).
    """
    return _poker.prepare(bots, deals, seed, seats=seats, schedule=schedule, rules=rules,
                          sprt=sprt, look=look, base_dir=base_dir, result_type=PokerResult)


def simulate(
    bots: Sequence[str],
    deals: int = 10_000,
    seed: int = 0,
    *,
    seats: int | None = None,
    schedule: str | None = None,
    rules: str = "limit",
    sprt: tuple[float, float] | tuple[float, float, float, float] | None = None,
    look: int = DEFAULT_LOOK,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    chunk_size: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> PokerResult:
    """Play ``deals`` deals between ``bots`` on ``schedule`` and return a :class:`PokerResult`.

    ``bots``: names or files of the bot library, or the baselines ``call``, ``raise`` and
    ``random:F:C`` (fold and call probabilities). ``rules``: a rule-set spec such as ``"limit"``
    or ``"limit,cap=3"``. ``workers`` > 1 or ``backend="ray"`` spread chunks over processes; the
    records are identical whatever the split. Ctrl-C returns the whole units that finished.
    """
    plan = prepare(bots, deals, seed, seats=seats, schedule=schedule, rules=rules, sprt=sprt,
                   look=look)
    result = plan.run(workers=workers, backend=backend, address=address, chunk_size=chunk_size,
                      progress=progress)
    assert isinstance(result, PokerResult)
    return result
