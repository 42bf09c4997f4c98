"""The genome of an evolved Dominion strategy (document 004) and its decoding to a bot.

The genome is defined over a card list ``L`` (the 7 basic cards, then the kingdom cards, each
group in card-id order so that the same set of cards always gives the same layout). Every row is
indexed by card (position ``i`` of a row is about card ``L[i]``), which is what makes uniform
crossover of the switch rows meaningful: the same position means the same card in both parents.

=============  =======  ==========  ======================================================
row            length   kind        meaning for card ``L[i]``
=============  =======  ==========  ======================================================
gain_rank      n        order       its rank in the buy list (0 = tried first)
gain_on        n        bit         1: in the buy list at all
cut_kind       n        bit         0: buy only while ``share(C) < cut_share``;
                                    1: buy only when ``low_victory_pile <= t or
                                    third_low_pile <= t`` with ``t = floor(cut_left)``
cut_share      n        real [0,1]  the share-of-deck limit
cut_left       n        real [2,12] the cards-left threshold
limit_on       n        bit         1: the buy entry also has a copy limit (beyond document 004)
limit          n        real [1,11] the copy limit ``min(floor(limit), 10)``: buy only while I
                                    own fewer copies
play_rank      m        order       rank of the j-th action card of ``L`` in the play list
trash_rank     n        order       its rank in the trash list
trash_on       n        bit         1: in the trash list at all
=============  =======  ==========  ======================================================

Decoding (:func:`decode`) gives an ordinary :class:`~ludolab.games.dominion.bots.spec.BotSpec`:
the buy list is the switched-on cards in rank order, each with its cut-off condition (and, when
copy limits are enabled, its copy limit where ``limit_on`` is 1); the play list
is every action card of ``L`` in rank order (document 004 always plays an action it holds); the
trash list is the switched-on cards in rank order. An empty trash list means the engine's default
playbook for trashing cards (for example Chapel's).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from ludolab.errors import LudolabError
from ludolab.evolve.genome import Schema
from ludolab.games.dominion import cards as C
from ludolab.games.dominion.bots.spec import BotSpec, Entry

#: Row names by kind (the operators of :mod:`ludolab.evolve.operators` work row by row).
ORDER_ROWS: tuple[str, ...] = ("gain_rank", "play_rank", "trash_rank")
BIT_ROWS: tuple[str, ...] = ("gain_on", "cut_kind", "limit_on", "trash_on")
REAL_ROWS: tuple[str, ...] = ("cut_share", "cut_left", "limit")
#: Range of each real row, inclusive.
REAL_RANGES: dict[str, tuple[float, float]] = {
    "cut_share": (0.0, 1.0), "cut_left": (2.0, 12.0), "limit": (1.0, 11.0),
}
#: The rows by kind, as the operators read them (:attr:`Genome.SCHEMA`).
SCHEMA = Schema(ORDER_ROWS, BIT_ROWS, REAL_ROWS, REAL_RANGES)
ALL_ROWS: tuple[str, ...] = (
    "gain_rank", "gain_on", "cut_kind", "cut_share", "cut_left", "limit_on", "limit",
    "play_rank", "trash_rank", "trash_on",
)
#: The largest copy limit a genome can express.
MAX_LIMIT = 10

#: Decimals kept by decoding for the share limit (the decoded bot is what is evaluated).
SHARE_DECIMALS = 2


@dataclass(frozen=True)
class Layout:
    """The card list ``L`` a genome is defined over, and which of its cards are actions."""

    cards: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(set(self.cards)) != len(self.cards):
            raise LudolabError("the card list of a genome has a card twice")

    @property
    def n(self) -> int:
        """Length of the card rows."""
        return len(self.cards)

    @property
    def actions(self) -> tuple[int, ...]:
        """Positions in :attr:`cards` of the action cards (the play list's cards)."""
        return tuple(i for i, c in enumerate(self.cards) if C.CARDS[c].is_action)

    @property
    def m(self) -> int:
        """Length of the play row."""
        return len(self.actions)

    @property
    def names(self) -> tuple[str, ...]:
        """Card names, in row order."""
        return tuple(C.CARDS[c].name for c in self.cards)

    @property
    def kingdom(self) -> tuple[int, ...]:
        """The kingdom (non-basic) card ids of the list."""
        return tuple(c for c in self.cards if C.CARDS[c].is_kingdom)

    def row_length(self, row: str) -> int:
        """Length of a genome row."""
        return self.m if row == "play_rank" else self.n


def layout_for(card_names: Iterable[str | int]) -> Layout:
    """The genome layout for a kingdom: the given cards plus the 7 basic cards.

    Basic cards may be listed or not; names are matched as by :func:`ludolab.games.dominion.cards.
    card_id` (an unknown name raises :class:`LudolabError` with the nearest valid name).

    >>> layout_for(["Smithy", "Village"]).names
    ('Copper', 'Silver', 'Gold', 'Estate', 'Duchy', 'Province', 'Curse', 'Smithy', 'Village')
    """
    ids: set[int] = set()
    for name in card_names:
        cid = name if isinstance(name, int) else C.card_id(name)
        ids.add(int(cid))
    kingdom = sorted(i for i in ids if C.CARDS[i].is_kingdom)
    return Layout(tuple(C.BASIC_IDS) + tuple(kingdom))


@dataclass
class Genome:
    """One strategy as rows of numbers (see the module docstring for the meaning of each row)."""

    SCHEMA: ClassVar[Schema] = SCHEMA
    gain_rank: list[int]
    gain_on: list[int]
    cut_kind: list[int]
    cut_share: list[float]
    cut_left: list[float]
    limit_on: list[int]
    limit: list[float]
    play_rank: list[int]
    trash_rank: list[int]
    trash_on: list[int]
    fitness: float | None = field(default=None, compare=False)

    def row(self, name: str) -> list[Any]:
        """A row by name (the list itself, so operators can change it in place)."""
        return getattr(self, name)

    def copy(self) -> Genome:
        """A deep copy (rows are new lists); the fitness is kept."""
        return Genome(**{r: list(self.row(r)) for r in ALL_ROWS}, fitness=self.fitness)

    def key(self) -> tuple[tuple[Any, ...], ...]:
        """A hashable form of the rows (for comparing and caching)."""
        return tuple(tuple(self.row(r)) for r in ALL_ROWS)

    def to_dict(self) -> dict[str, list[Any]]:
        """The rows as a JSON-ready dict (no fitness)."""
        return {r: list(self.row(r)) for r in ALL_ROWS}

    @classmethod
    def from_dict(cls, data: dict[str, Any], layout: Layout) -> Genome:
        """Rebuild a genome from :meth:`to_dict` output, checking it against ``layout``."""
        missing = [r for r in ALL_ROWS if r not in data]
        if missing:
            raise LudolabError(f"genome is missing the row(s) {', '.join(missing)}")
        rows: dict[str, list[Any]] = {}
        for r in ALL_ROWS:
            cast = float if r in REAL_ROWS else int
            try:
                rows[r] = [cast(x) for x in data[r]]
            except (TypeError, ValueError):
                raise LudolabError(f"genome row {r} holds a value that is not a number") from None
        g = cls(**rows)
        check_genome(g, layout)
        return g


def check_genome(genome: Genome, layout: Layout) -> None:
    """Raise :class:`LudolabError` naming the first broken rule (length, order, bit, range)."""
    for f in fields(Genome):
        if f.name == "fitness":
            continue
        row = genome.row(f.name)
        want = layout.row_length(f.name)
        if len(row) != want:
            raise LudolabError(f"genome row {f.name} has {len(row)} values, expected {want}")
        if f.name in ORDER_ROWS and sorted(row) != list(range(want)):
            raise LudolabError(f"genome row {f.name} is not a permutation of 0..{want - 1}")
        if f.name in BIT_ROWS and any(x not in (0, 1) for x in row):
            raise LudolabError(f"genome row {f.name} holds a value other than 0 or 1")
        if f.name in REAL_ROWS:
            lo, hi = REAL_RANGES[f.name]
            if any(not (lo <= x <= hi) or math.isnan(x) for x in row):
                raise LudolabError(f"genome row {f.name} holds a value outside [{lo:g}, {hi:g}]")


def random_genome(layout: Layout, rng: random.Random | None = None, on_rate: float = 0.5) -> Genome:
    """A uniformly random genome (orders uniform, bits 1 with probability ``on_rate``).

    Draws from ``rng`` (default: the ``random`` module, which the GA seeds per generation).
    """
    r = rng if rng is not None else random._inst  # type: ignore[attr-defined]
    n, m = layout.n, layout.m

    def perm(k: int) -> list[int]:
        p = list(range(k))
        r.shuffle(p)
        return p

    def bits(k: int, p: float) -> list[int]:
        return [1 if r.random() < p else 0 for _ in range(k)]

    return Genome(
        gain_rank=perm(n),
        gain_on=bits(n, on_rate),
        cut_kind=bits(n, 0.5),
        cut_share=[r.uniform(0.0, 1.0) for _ in range(n)],
        cut_left=[r.uniform(2.0, 12.0) for _ in range(n)],
        limit_on=bits(n, 0.5),
        limit=[r.uniform(1.0, 11.0) for _ in range(n)],
        play_rank=perm(m),
        trash_rank=perm(n),
        trash_on=bits(n, on_rate),
    )


def genome_from_lists(
    layout: Layout,
    buy: Sequence[tuple[str, str, float] | tuple[str, str, float, int]],
    play: Sequence[str] = (),
    trash: Sequence[str] = (),
) -> Genome:
    """Build a genome from readable lists (the inverse of :func:`decode`, for tests and seeds).

    ``buy`` holds ``(card, "share" | "left", value)`` or ``(card, kind, value, copy limit)`` in
    priority order; ``play`` and ``trash``
    list cards in order (unlisted action cards are played after the listed ones, in list order).
    Cards not in ``buy``/``trash`` are switched off; their cut-offs are neutral (share 1, left 2).
    """
    pos = {c: i for i, c in enumerate(layout.cards)}

    def where(name: str) -> int:
        cid = C.card_id(name)
        if cid not in pos:
            raise LudolabError(f"card {C.CARDS[cid].name!r} is not in the genome's card list")
        return pos[cid]

    n = layout.n
    g = Genome(
        gain_rank=[0] * n, gain_on=[0] * n, cut_kind=[0] * n, cut_share=[1.0] * n,
        cut_left=[2.0] * n, limit_on=[0] * n, limit=[11.0] * n, play_rank=[0] * layout.m,
        trash_rank=[0] * n, trash_on=[0] * n,
    )
    order = [where(item[0]) for item in buy]
    if len(set(order)) != len(order):
        raise LudolabError("a genome has one buy entry per card; a card is listed twice")
    rest = [i for i in range(n) if i not in order]
    for rank, i in enumerate(order + rest):
        g.gain_rank[i] = rank
    for item, i in zip(buy, order, strict=True):
        kind, value = item[1], item[2]
        g.gain_on[i] = 1
        if len(item) > 3:
            g.limit_on[i], g.limit[i] = 1, float(item[3])  # type: ignore[misc]
        if kind == "share":
            g.cut_kind[i], g.cut_share[i] = 0, float(value)
        elif kind == "left":
            g.cut_kind[i], g.cut_left[i] = 1, float(value)
        else:
            raise LudolabError(f"cut-off kind must be 'share' or 'left', got {kind!r}")
    act = {p: j for j, p in enumerate(layout.actions)}
    porder = [act[where(name)] for name in play]
    prest = [j for j in range(layout.m) if j not in porder]
    for rank, j in enumerate(porder + prest):
        g.play_rank[j] = rank
    torder = [where(name) for name in trash]
    if len(set(porder)) != len(porder) or len(set(torder)) != len(torder):
        raise LudolabError("a genome lists each card once in the play and trash lists")
    trest = [i for i in range(n) if i not in torder]
    for rank, i in enumerate(torder + trest):
        g.trash_rank[i] = rank
    for i in torder:
        g.trash_on[i] = 1
    check_genome(g, layout)
    return g


def buy_condition(genome: Genome, i: int, layout: Layout) -> str:
    """The bot-language condition of card ``L[i]``'s cut-off (share limit or cards left)."""
    name = layout.names[i]
    if genome.cut_kind[i] == 0:
        p = round(genome.cut_share[i], SHARE_DECIMALS)
        return f"share({name}) < {p:.{SHARE_DECIMALS}f}"
    t = math.floor(genome.cut_left[i])
    return f"low_victory_pile <= {t} or third_low_pile <= {t}"


def copy_limit(genome: Genome, i: int) -> int | None:
    """Card ``L[i]``'s copy limit, or None when its ``limit_on`` bit is 0."""
    if not genome.limit_on[i]:
        return None
    return min(math.floor(genome.limit[i]), MAX_LIMIT)


def decode(
    genome: Genome, layout: Layout, name: str = "Evolved", description: str = "",
    limits: bool = True,
) -> BotSpec:
    """The bot a genome stands for, as a :class:`BotSpec` (see the module docstring).

    ``limits=False`` ignores the copy-limit rows: the genome of document 004 exactly.

    >>> lay = layout_for(["Smithy"])
    >>> g = genome_from_lists(lay, [("Province", "share", 0.86), ("Smithy", "left", 7.5)])
    >>> for e in decode(g, lay).buy:
    ...     print(e.card, "if", e.condition)
    Province if share(Province) < 0.86
    Smithy if low_victory_pile <= 7 or third_low_pile <= 7
    """
    check_genome(genome, layout)
    names = layout.names
    buy_order = sorted(range(layout.n), key=lambda i: genome.gain_rank[i])
    buy = [
        Entry(names[i], buy_condition(genome, i, layout),
              copy_limit(genome, i) if limits else None)
        for i in buy_order if genome.gain_on[i]
    ]
    play_order = sorted(range(layout.m), key=lambda j: genome.play_rank[j])
    play = [Entry(names[layout.actions[j]]) for j in play_order]
    trash_order = sorted(range(layout.n), key=lambda i: genome.trash_rank[i])
    trash = [Entry(names[i]) for i in trash_order if genome.trash_on[i]]
    return BotSpec(name=name, description=description, source="ludolab evolve", buy=buy,
                   play=play, trash=trash)
