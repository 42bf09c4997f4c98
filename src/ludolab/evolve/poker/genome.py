"""The genome of a Loki-1 style poker bot, and its decoding to a poker bot file.

The bot kind ``loki1`` (``docs/poker-bots.md``) decides pre-flop by cutting the income-rate table
at three thresholds and after the flop by cutting the effective hand strength (EHS) at three
more, with a semi-bluff threshold and three switches. The genome holds exactly those numbers:

==========  =======  ================  =========================================================
row         length   kind              meaning
==========  =======  ================  =========================================================
preflop     3        real [-600,1600]  the income-rate cut points (milli-bets): call one bet,
                                       raise to two, raise to the cap (sorted when decoded)
position    1        real [0, 200]     added to the pre-flop cut points per seat still to act
postflop    3        real [0, 1]       the EHS cut points: bet or call one, raise to two, cap
                                       (sorted when decoded)
semi_bluff  1        real [0, 1]       PPOT to bet a draw when nobody has bet (flop, turn)
switches    3        bits              potential (EHS uses PPOT), pot odds, showdown odds
==========  =======  ================  =========================================================

The cut points are a row each so that blend crossover mixes a parent's whole table with the
other's, and sorting on decoding keeps any mutated row a valid bot (the file format requires
``make1 <= make2 <= make4``). The potential's sample count is not evolved: it is fixed at the
library's 400 (exact enumeration is ~400 times slower and plays the same, ``docs/poker-bots.md``).

Decoding renders a bot file (income rates to whole milli-bets, EHS values to 3 decimals) and
parses it with the poker bot parser: the bot the GA evaluates is exactly the file it writes.

>>> from ludolab.games.poker.bots import load_bot
>>> g = genome_from_bot(load_bot("Loki-1"))
>>> g.preflop, g.postflop, g.switches
([50.0, 200.0, 580.0], [0.5, 0.85, 0.97], [1, 1, 1])
>>> bot = decode(g, name="Copy")
>>> bool((bot.row == load_bot("Loki-1").row).all())
True
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ludolab.errors import LudolabError
from ludolab.evolve.genome import Schema
from ludolab.games.poker.bots import PokerBot, parse_bot_text
from ludolab.games.poker.bots import row as R

__all__ = ["LAYOUT", "ROWS", "SAMPLES", "SCHEMA", "Genome", "PokerLayout", "check_genome",
           "decode", "genome_from_bot", "random_genome", "render_text"]

#: Range of each real row, inclusive.
REAL_RANGES: dict[str, tuple[float, float]] = {
    "preflop": (-600.0, 1600.0), "position": (0.0, 200.0), "postflop": (0.0, 1.0),
    "semi_bluff": (0.0, 1.0),
}
SCHEMA = Schema(order_rows=(), bit_rows=("switches",),
                real_rows=("preflop", "position", "postflop", "semi_bluff"),
                real_ranges=REAL_RANGES)
#: Row lengths.
ROWS: dict[str, int] = {"preflop": 3, "position": 1, "postflop": 3, "semi_bluff": 1,
                        "switches": 3}
#: Monte-Carlo samples of the potential in every evolved bot (the library's value).
SAMPLES = 400
SWITCHES = ("potential", "pot_odds", "showdown_odds")


@dataclass(frozen=True)
class PokerLayout:
    """The positions of the genome, by name (what a checkpoint records as its layout)."""

    names: tuple[str, ...] = (
        "preflop.make1", "preflop.make2", "preflop.make4", "preflop.position",
        "postflop.make1", "postflop.make2", "postflop.make4", "postflop.semi_bluff",
        "strength.potential", "postflop.pot_odds", "postflop.showdown_odds",
    )


LAYOUT = PokerLayout()


@dataclass
class Genome:
    """A Loki-1 style bot as rows of numbers (module docstring)."""

    SCHEMA: ClassVar[Schema] = SCHEMA

    preflop: list[float]
    position: list[float]
    postflop: list[float]
    semi_bluff: list[float]
    switches: list[int]
    fitness: float | None = field(default=None, compare=False)

    def row(self, name: str) -> list[Any]:
        """A row by name (the list itself, so operators can change it in place)."""
        return getattr(self, name)

    def copy(self) -> Genome:
        """A deep copy (rows are new lists); the fitness is kept."""
        return Genome(**{r: list(self.row(r)) for r in ROWS}, fitness=self.fitness)

    def key(self) -> tuple[tuple[Any, ...], ...]:
        """A hashable form of the rows."""
        return tuple(tuple(self.row(r)) for r in ROWS)

    def to_dict(self) -> dict[str, list[Any]]:
        """The rows as a JSON-ready dict (no fitness)."""
        return {r: list(self.row(r)) for r in ROWS}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Genome:
        """Rebuild a genome from :meth:`to_dict` output, checked."""
        missing = [r for r in ROWS if r not in data]
        if missing:
            raise LudolabError(f"genome is missing the row(s) {', '.join(missing)}")
        rows: dict[str, list[Any]] = {}
        for r in ROWS:
            cast = int if r in SCHEMA.bit_rows else float
            try:
                rows[r] = [cast(x) for x in data[r]]
            except (TypeError, ValueError):
                raise LudolabError(f"genome row {r} holds a value that is not a number") from None
        g = cls(**rows)
        check_genome(g)
        return g


def check_genome(genome: Genome) -> None:
    """Raise :class:`LudolabError` naming the first broken rule (length, bit, range)."""
    for r, n in ROWS.items():
        row = genome.row(r)
        if len(row) != n:
            raise LudolabError(f"genome row {r} has {len(row)} values, expected {n}")
        if r in SCHEMA.bit_rows and any(x not in (0, 1) for x in row):
            raise LudolabError(f"genome row {r} holds a value other than 0 or 1")
        if r in REAL_RANGES:
            lo, hi = REAL_RANGES[r]
            if any(math.isnan(x) or not lo <= x <= hi for x in row):
                raise LudolabError(f"genome row {r} holds a value outside [{lo:g}, {hi:g}]")


def random_genome(rng: random.Random | None = None) -> Genome:
    """A uniformly random genome (draws from ``rng``, default the ``random`` module)."""
    r = rng if rng is not None else random._inst  # type: ignore[attr-defined]

    def reals(name: str) -> list[float]:
        lo, hi = REAL_RANGES[name]
        return [r.uniform(lo, hi) for _ in range(ROWS[name])]

    return Genome(preflop=reals("preflop"), position=reals("position"),
                  postflop=reals("postflop"), semi_bluff=reals("semi_bluff"),
                  switches=[1 if r.random() < 0.5 else 0 for _ in range(ROWS["switches"])])


def genome_from_bot(bot: PokerBot) -> Genome:
    """The genome of a ``loki1`` bot (values clipped to the genome's ranges)."""
    if bot.kind != "loki1":
        raise LudolabError(f"{bot.name!r} is a {bot.kind} bot; the poker genome is Loki-1's "
                           "(kind loki1)")
    row = bot.row

    def clip(name: str, values: list[float]) -> list[float]:
        lo, hi = REAL_RANGES[name]
        return [min(max(float(v), lo), hi) for v in values]

    return Genome(
        preflop=clip("preflop", [row[R.P_PF_MAKE1], row[R.P_PF_MAKE2], row[R.P_PF_MAKE4]]),
        position=clip("position", [row[R.P_PF_POSITION]]),
        postflop=clip("postflop", [row[R.P_MAKE1], row[R.P_MAKE2], row[R.P_MAKE4]]),
        semi_bluff=clip("semi_bluff", [row[R.P_SEMI_BLUFF]]),
        switches=[int(row[R.P_POTENTIAL] > 0.5), int(row[R.P_POT_ODDS] > 0.5),
                  int(row[R.P_SHOWDOWN_ODDS] > 0.5)],
    )


def _flag(bit: int) -> str:
    return "true" if bit else "false"


def render_text(genome: Genome, name: str = "Evolved", summary: str = "",
                source: str = "ludolab evolve poker") -> str:
    """The bot file of a genome (the poker bot format, kind ``loki1``)."""
    check_genome(genome)
    pre = sorted(round(x) for x in genome.preflop)
    post = sorted(round(x, 3) for x in genome.postflop)
    potential, pot_odds, showdown = genome.switches
    one_line = " ".join(summary.split())
    return f'''name = {_quote(name)}
summary = {_quote(one_line)}
source = {_quote(source)}
kind = "loki1"

[strength]
potential = {_flag(potential)}
samples = {SAMPLES}

[preflop]           # income rates in milli-bets: AA ~2090, KK ~1640, 72o ~-540
make1 = {pre[0]}
make2 = {pre[1]}
make4 = {pre[2]}
position = {round(genome.position[0])}

[postflop]          # thresholds on EHS
make1 = {post[0]:.3f}
make2 = {post[1]:.3f}
make4 = {post[2]:.3f}
semi_bluff = {round(genome.semi_bluff[0], 3):.3f}
pot_odds = {_flag(pot_odds)}
showdown_odds = {_flag(showdown)}
'''


def _quote(text: str) -> str:
    """A TOML basic string."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def decode(genome: Genome, name: str = "Evolved", summary: str = "") -> PokerBot:
    """The bot a genome stands for: its file text, parsed by the poker bot parser."""
    return parse_bot_text(render_text(genome, name, summary))
