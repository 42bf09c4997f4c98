"""Words for a poker bot's parameter row (``ludolab poker show``, ``PokerBot.describe``)."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

import numpy as np

from ludolab.games.poker.bots import row as R

__all__ = ["DescribedBot", "describe_bot"]


class DescribedBot(Protocol):
    """What :func:`describe_bot` reads of a bot (a :class:`~.fileformat.PokerBot` has it; the
    file format imports this module, never the other way round)."""

    @property
    def name(self) -> str: ...
    @property
    def summary(self) -> str: ...
    @property
    def source(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def row(self) -> np.ndarray: ...
    @property
    def path(self) -> Path | None: ...

_STREETS = ("pre-flop", "flop", "turn", "river")


def _on(flag: float) -> str:
    return "on" if flag > 0.5 else "off"


def _strength(row) -> str:
    if row[R.P_POTENTIAL] <= 0.5:
        return "EHS = HS^n (no potential)"
    n = int(row[R.P_SAMPLES])
    how = "exact enumeration" if n == 0 else f"{n:,} keyed Monte-Carlo samples"
    return f"EHS = HS^n + (1 - HS^n) * PPOT, potential by {how}"


def describe_bot(bot: DescribedBot) -> str:
    """Several lines: name, kind, summary, source, then what each parameter makes it do."""
    row = bot.row
    out = [f"{bot.name} ({bot.kind})"]
    if bot.summary:
        out.append(f"  {bot.summary}")
    if bot.source:
        out.append(f"  source: {bot.source}")
    if bot.path is not None:
        out.append(f"  file: {bot.path}")
    if bot.kind == "call":
        out.append("  always checks or calls")
    elif bot.kind == "raise":
        out.append("  always bets or raises (calls at the cap)")
    elif bot.kind == "random":
        f, c = row[R.P_RANDOM_FOLD], row[R.P_RANDOM_CALL]
        out.append(f"  keyed random: fold {f:.3g}, check/call {c:.3g}, bet/raise {1 - f - c:.3g}"
                   " (a free fold is a check)")
    elif bot.kind == "loki1":
        out.append(f"  pre-flop by income rate (milli-bets, 10-seat roll-out), thresholds "
                   f"+{row[R.P_PF_POSITION]:g} per seat still to act:")
        out.append(f"    call one bet >= {row[R.P_PF_MAKE1]:g}, raise to two bets (call two) >= "
                   f"{row[R.P_PF_MAKE2]:g}, raise to the cap >= {row[R.P_PF_MAKE4]:g}; else fold")
        out.append(f"  post-flop: {_strength(row)}")
        out.append(f"    bet or call one bet: EHS >= {row[R.P_MAKE1]:g}; raise to two bets: "
                   f">= {row[R.P_MAKE2]:g}; raise to the cap: >= {row[R.P_MAKE4]:g}")
        out.append(f"    semi-bluff (bet a draw nobody bet into): PPOT >= {row[R.P_SEMI_BLUFF]:g}"
                   f"; pot odds (call if PPOT >= odds) {_on(row[R.P_POT_ODDS])}; showdown odds "
                   f"(river: call if HS^n >= odds) {_on(row[R.P_SHOWDOWN_ODDS])}")
    elif bot.kind == "loki2":
        nb = int(row[R.P_NBUCKETS])
        edges = [f"{row[R.P_EDGES + i]:g}" for i in range(nb - 1)]
        out.append(f"  strength: pre-flop the hand's percentile, after it {_strength(row)}")
        out.append(f"  {nb} buckets, edges [{', '.join(edges)}]; (fold, call, raise) per bucket:")
        for s, street in enumerate(_STREETS):
            for facing, side in enumerate(("nothing owed", "facing a bet")):
                cells = []
                for b in range(nb):
                    off = R.P_TRIPLES + ((s * 2 + facing) * R.MAX_BUCKETS + b) * 3
                    cells.append("/".join(f"{p:.2f}" for p in row[off:off + 3]))
                out.append(f"    {street:8} {side:12}: {'  '.join(cells)}")
    return "\n".join(out)
