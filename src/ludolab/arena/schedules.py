"""Seatings: which bot sits in which seat for every game of a run.

A run plays a sequence of **deals** (one game seed each); a schedule replays every deal in
``games_per_deal`` **trials**, each with its own seating. Global game ``g`` is deal
``g // games_per_deal``, trial ``g % games_per_deal`` (:func:`deal_and_trial`), so a run can be
cut into chunks anywhere and still play the same games. Because randomness is keyed by
``(game seed, seat, purpose, index)`` (:mod:`ludolab.core.rng`), the same deal gives the same luck
to the same *seat* in every trial: rotating the bots over the seats hands every bot every seat's
luck once, which is what cancels the luck ("duplicate", as in duplicate bridge).

Seatings are tuples of **bot indices, one per seat**: ``seating[s]`` is the bot in seat ``s``.

Schedules offered
-----------------
* :func:`rotation` -- every deal in every seating of a lineup: all permutations up to four
  seats, a balanced Latin square (Williams design) above.
* :func:`williams_design` -- the balanced Latin square itself: each player once in each seat,
  each player immediately behind each other player equally often.
* :data:`TABLE_8_1`, :func:`loki_table`, :func:`five_versus_five` -- the ten-seat table of document
  002 (Table 8.1, T = 10) and its five-new-against-five-old layout.
* :func:`round_robin` -- many bots: every pair (or every k-subset), each with its rotation.
* :func:`independent` -- a random seating per game (keyed), the baseline duplicate is compared
  with.
* :func:`build_schedule` -- any of the above by name (for tournament files and the CLI).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from ludolab.core import rng as _rng
from ludolab.errors import LudolabError, nearest

Seating = tuple[int, ...]
RotationMethod = Literal["auto", "all", "williams"]

#: Above this many seats ``method="auto"`` uses a Williams design instead of all permutations.
MAX_ALL_PERMUTATION_SEATS = 4

#: Table 8.1 of document 002 exactly as printed: row ``r`` (round 1..10) gives, for players
#: 1..10 (the last one printed ``T``), the seat number each player takes (``T`` printed as 10).
TABLE_8_1: tuple[tuple[int, ...], ...] = (
    (1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
    (2, 4, 6, 8, 10, 1, 3, 5, 7, 9),
    (3, 6, 9, 1, 4, 7, 10, 2, 5, 8),
    (4, 8, 1, 5, 9, 2, 6, 10, 3, 7),
    (5, 10, 4, 9, 3, 8, 2, 7, 1, 6),
    (6, 1, 7, 2, 8, 3, 9, 4, 10, 5),
    (7, 3, 10, 6, 2, 9, 5, 1, 8, 4),
    (8, 5, 2, 10, 7, 4, 1, 9, 6, 3),
    (9, 7, 5, 3, 1, 10, 8, 6, 4, 2),
    (10, 9, 8, 7, 6, 5, 4, 3, 2, 1),
)


def deal_and_trial(g: int, games_per_deal: int) -> tuple[int, int]:
    """Deal and trial of global game ``g``: ``divmod(g, games_per_deal)``."""
    if g < 0:
        raise LudolabError(f"game index must be at least 0, got {g}")
    if games_per_deal < 1:
        raise LudolabError(f"games_per_deal must be at least 1, got {games_per_deal}")
    return divmod(g, games_per_deal)


@dataclass(frozen=True)
class Schedule:
    """Who sits where in every game of a run. Build one with the functions of this module.

    ``trials`` holds one seating (bot index per seat) per trial of a deal; ``blocks[t]`` numbers
    the group of games trial ``t`` belongs to (a round robin has one block per subset of bots;
    the other schedules have a single block 0), so the games of one deal and one block form the
    unit of paired statistics. An ``independent`` schedule has no fixed trials: each game is its
    own deal and its seating is drawn from the keyed stream ``(seed, TABLE, SCHEDULE, deal)``
    from ``lineup``.
    """

    kind: str
    num_bots: int
    num_seats: int
    trials: tuple[Seating, ...] = ()
    blocks: tuple[int, ...] = ()
    seed: int = 0
    lineup: Seating = ()
    description: str = field(default="", compare=False)

    @property
    def games_per_deal(self) -> int:
        """Games played on each deal (1 for an independent schedule)."""
        return 1 if self.kind == "independent" else len(self.trials)

    @property
    def num_blocks(self) -> int:
        """Number of blocks (bot subsets) per deal."""
        return 1 if self.kind == "independent" else max(self.blocks) + 1

    def locate(self, g: int) -> tuple[int, int]:
        """``(deal, trial)`` of global game ``g``."""
        return deal_and_trial(g, self.games_per_deal)

    def seating(self, trial: int, deal: int = 0) -> Seating:
        """Bot index per seat for ``trial`` (``deal`` matters only for an independent schedule)."""
        if self.kind == "independent":
            if trial != 0:
                raise LudolabError(f"an independent schedule has one trial per deal, got {trial}")
            return _keyed_permutation(self.lineup, self.seed, deal)
        if not 0 <= trial < len(self.trials):
            raise LudolabError(f"trial must lie in 0..{len(self.trials) - 1}, got {trial}")
        return self.trials[trial]

    def game_seating(self, g: int) -> Seating:
        """Bot index per seat for global game ``g``."""
        deal, trial = self.locate(g)
        return self.seating(trial, deal)

    def block_of(self, trial: int) -> int:
        """The block (bot subset) that ``trial`` belongs to."""
        if self.kind == "independent":
            return 0
        return self.blocks[trial]

    def bots_in_block(self, block: int) -> tuple[int, ...]:
        """The distinct bots playing in ``block``, ascending."""
        if self.kind == "independent":
            return tuple(sorted(set(self.lineup)))
        bots = {b for t, s in zip(self.blocks, self.trials, strict=True) if t == block for b in s}
        if not bots:
            raise LudolabError(f"no block {block}; blocks are 0..{self.num_blocks - 1}")
        return tuple(sorted(bots))

    def trials_of_block(self, block: int) -> tuple[int, ...]:
        """The trial numbers of ``block``, ascending (for paired statistics per bot subset)."""
        if self.kind == "independent":
            return (0,)
        trials = tuple(t for t, b in enumerate(self.blocks) if b == block)
        if not trials:
            raise LudolabError(f"no block {block}; blocks are 0..{self.num_blocks - 1}")
        return trials

    def seat_of(self, trial: int, bot: int, deal: int = 0) -> tuple[int, ...]:
        """Seats that ``bot`` occupies in ``trial`` (several when a lineup repeats a bot)."""
        return tuple(s for s, b in enumerate(self.seating(trial, deal)) if b == bot)

    def __str__(self) -> str:
        text = self.description or self.kind
        return (
            f"{text}: {self.num_bots} bots, {self.num_seats} seats, "
            f"{self.games_per_deal} game(s) per deal"
        )


# --------------------------------------------------------------------------------------------
# Designs (pure: permutations of players 0..n-1 over seats)


def williams_design(n: int) -> tuple[Seating, ...]:
    """A Williams balanced Latin square: rows are trials, ``row[seat]`` is the player there.

    For even ``n`` it has ``n`` rows; for odd ``n`` no single square can be balanced, so the
    square is followed by its mirror image (``2 n`` rows). Either way each player sits in each
    seat equally often (once, or twice for odd ``n``) and each player sits immediately behind
    each other player (in seat ``s + 1`` when the other is in seat ``s``) equally often.
    Construction: first row ``0, 1, n-1, 2, n-2, ...``; row ``i`` adds ``i`` modulo ``n``.
    """
    if n < 1:
        raise LudolabError(f"a Williams design needs at least 1 seat, got {n}")
    first: list[int] = [0]
    lo, hi = 1, n - 1
    take_low = True
    while len(first) < n:
        if take_low:
            first.append(lo)
            lo += 1
        else:
            first.append(hi)
            hi -= 1
        take_low = not take_low
    rows = [tuple((x + i) % n for x in first) for i in range(n)]
    if n % 2 == 1 and n > 1:
        rows += [tuple(reversed(r)) for r in rows]
    return tuple(rows)


def all_permutations(n: int) -> tuple[Seating, ...]:
    """Every ordering of ``n`` players over ``n`` seats (``n!`` rows), in lexicographic order."""
    if n < 1:
        raise LudolabError(f"need at least 1 seat, got {n}")
    return tuple(itertools.permutations(range(n)))


def table_8_1_seatings() -> tuple[Seating, ...]:
    """Table 8.1 turned into seatings: for each round, the player (0-9) in each seat (0-9).

    The printed table gives each player's seat; a seating needs each seat's player, which is the
    inverse permutation of each row.
    """
    out = []
    for row in TABLE_8_1:
        seating = [0] * 10
        for player, seat in enumerate(row):
            seating[seat - 1] = player
        out.append(tuple(seating))
    return tuple(out)


# --------------------------------------------------------------------------------------------
# Schedules


def _check_lineup(lineup: int | Sequence[int]) -> tuple[Seating, int]:
    if isinstance(lineup, int | bool):
        if isinstance(lineup, bool) or lineup < 1:
            raise LudolabError(f"number of bots must be at least 1, got {lineup!r}")
        players = tuple(range(lineup))
    else:
        players = tuple(int(b) for b in lineup)
        if not players:
            raise LudolabError("a lineup needs at least one bot")
        if min(players) < 0:
            raise LudolabError(f"bot indices must be at least 0, got {min(players)}")
    num_bots = max(players) + 1
    missing = sorted(set(range(num_bots)) - set(players))
    if missing:
        raise LudolabError(f"lineup {list(players)} leaves out bot(s) {missing}")
    return players, num_bots


def _apply_design(lineup: Seating, design: Sequence[Seating]) -> tuple[Seating, ...]:
    return tuple(tuple(lineup[p] for p in row) for row in design)


def rotation(lineup: int | Sequence[int], method: RotationMethod = "auto") -> Schedule:
    """Every deal played in every seating of ``lineup`` (bots per player; an int ``n`` = 0..n-1).

    ``method``: ``"all"`` permutations (``n!`` trials; exact balance of every seat arrangement),
    ``"williams"`` (a balanced Latin square, ``n`` or ``2 n`` trials), or ``"auto"``: all
    permutations up to four seats, Williams above. With ``"all"``, seatings that a repeated bot
    makes identical are played once (each distinct arrangement occurs equally often among all
    permutations, so the balance is kept); a Williams design is kept whole.

    >>> rotation(2).trials
    ((0, 1), (1, 0))
    >>> rotation([0, 1, 1]).trials
    ((0, 1, 1), (1, 0, 1), (1, 1, 0))
    """
    players, num_bots = _check_lineup(lineup)
    n = len(players)
    if method not in ("auto", "all", "williams"):
        raise LudolabError(f"rotation method must be 'auto', 'all' or 'williams', got {method!r}")
    use_all = method == "all" or (method == "auto" and n <= MAX_ALL_PERMUTATION_SEATS)
    if use_all:
        if n > 8:
            raise LudolabError(
                f"all permutations of {n} seats is {math.factorial(n):,} games per deal; "
                "use the 'williams' method"
            )
        seen: dict[Seating, None] = {}
        for s in _apply_design(players, all_permutations(n)):
            seen.setdefault(s, None)
        trials = tuple(seen)
        label = "all seatings"
    else:
        trials = _apply_design(players, williams_design(n))
        label = "Williams square"
    return Schedule(
        kind="rotation",
        num_bots=num_bots,
        num_seats=n,
        trials=trials,
        blocks=(0,) * len(trials),
        lineup=players,
        description=f"rotation ({label}) of lineup {list(players)}",
    )


def loki_table(lineup: int | Sequence[int] = 10) -> Schedule:
    """The ten-seat duplicate table of document 002 (Table 8.1, ten trials per deal).

    ``lineup[p]`` is the bot playing as player ``p + 1`` of the table (default: ten different
    bots). Each player takes each seat once, and in betting order (seat 1 first) no two players
    sit in the same relative position twice: each player sits directly behind each other player
    exactly once.
    """
    players, num_bots = _check_lineup(lineup)
    if len(players) != 10:
        raise LudolabError(f"Table 8.1 seats exactly 10 players, got a lineup of {len(players)}")
    trials = _apply_design(players, table_8_1_seatings())
    return Schedule(
        kind="table-8.1",
        num_bots=num_bots,
        num_seats=10,
        trials=trials,
        blocks=(0,) * 10,
        lineup=players,
        description=f"Table 8.1 (document 002) with lineup {list(players)}",
    )


def five_versus_five(new: int = 0, old: int = 1) -> Schedule:
    """Five copies of a new version against five of an old one on Table 8.1 (document 002).

    The new version plays players 1-5 of the table, the old one players 6-10. Since the table
    seats player ``11 - p`` in seat ``11 - s`` when player ``p`` is in seat ``s``, every trial is
    mirror-balanced: wherever a new copy sits, an old copy sits in the mirrored seat; and over the
    ten trials each version holds each seat five times.
    """
    if {new, old} != {0, 1}:
        raise LudolabError(f"new and old must be the bot indices 0 and 1, got {new} and {old}")
    sched = loki_table((new,) * 5 + (old,) * 5)
    return Schedule(
        kind="five-vs-five",
        num_bots=2,
        num_seats=10,
        trials=sched.trials,
        blocks=sched.blocks,
        lineup=sched.lineup,
        description=f"five versus five on Table 8.1 (new = bot {new}, old = bot {old})",
    )


def round_robin(num_bots: int, seats: int = 2, method: RotationMethod = "auto") -> Schedule:
    """Every ``seats``-subset of ``num_bots`` bots, each played in its rotation, on every deal.

    Block ``b`` is the ``b``-th subset in lexicographic order (pairs (0,1), (0,2), ... for two
    seats); its trials are the rotation of that subset. Every subset plays the same deals, so
    results are comparable across the whole table.
    """
    if isinstance(num_bots, bool) or not isinstance(num_bots, int) or num_bots < 2:
        raise LudolabError(f"a round robin needs at least 2 bots, got {num_bots!r}")
    if isinstance(seats, bool) or not isinstance(seats, int) or not 2 <= seats <= num_bots:
        raise LudolabError(
            f"seats must be between 2 and the number of bots ({num_bots}), got {seats!r}"
        )
    design = rotation(seats, method).trials
    trials: list[Seating] = []
    blocks: list[int] = []
    for b, subset in enumerate(itertools.combinations(range(num_bots), seats)):
        for row in design:
            trials.append(tuple(subset[p] for p in row))
            blocks.append(b)
    return Schedule(
        kind="round-robin",
        num_bots=num_bots,
        num_seats=seats,
        trials=tuple(trials),
        blocks=tuple(blocks),
        lineup=tuple(range(num_bots)),
        description=f"round robin of {num_bots} bots, {seats} per game",
    )


def _keyed_permutation(lineup: Seating, seed: int, deal: int) -> Seating:
    """A Fisher-Yates shuffle of ``lineup`` driven by the keyed stream of this deal."""
    items = list(lineup)
    state = _rng.keyed_u64(seed, _rng.TABLE, _rng.SCHEDULE, deal)
    for i in range(len(items) - 1, 0, -1):
        state, word = _rng.splitmix_next(state)
        j = ((word >> 32) * (i + 1)) >> 32
        items[i], items[j] = items[j], items[i]
    return tuple(items)


def independent(lineup: int | Sequence[int], seed: int = 0) -> Schedule:
    """A random seating of ``lineup`` for every game, each game its own deal (the baseline).

    The seating of game ``g`` is a pure function of ``(seed, g)`` (keyed stream, purpose
    ``SCHEDULE``), so it is the same however the run is chunked.
    """
    players, num_bots = _check_lineup(lineup)
    return Schedule(
        kind="independent",
        num_bots=num_bots,
        num_seats=len(players),
        trials=(),
        blocks=(),
        seed=int(seed),
        lineup=players,
        description=f"independent games, random seating of lineup {list(players)}",
    )


SCHEDULE_KINDS: tuple[str, ...] = (
    "rotation",
    "all-permutations",
    "williams",
    "table-8.1",
    "five-vs-five",
    "round-robin",
    "independent",
)


#: The most bots or seats one schedule takes (no registered game seats more; larger numbers would
#: only build enormous seating tables).
MAX_SEATS = 64
#: The most seatings one schedule may list (all permutations grow as n!).
MAX_TRIALS = 100_000


def build_schedule(
    kind: str, num_bots: int, num_seats: int | None = None, seed: int = 0
) -> Schedule:
    """A schedule by name, for tournament files and the CLI.

    ``kind`` is one of :data:`SCHEDULE_KINDS`. ``num_seats`` defaults to ``num_bots`` (to 2 for a
    round robin, to 10 for the Table 8.1 kinds). When there are more seats than bots in a
    rotation or independent schedule, bots fill the seats in turn (lineup ``0, 1, ..., 0, 1``).
    """
    if kind not in SCHEDULE_KINDS:
        hint = nearest(kind, SCHEDULE_KINDS)
        extra = f" (did you mean {hint!r}?)" if hint else ""
        raise LudolabError(
            f"unknown schedule {kind!r}{extra}; choose from {', '.join(SCHEDULE_KINDS)}"
        )
    if isinstance(num_bots, bool) or not isinstance(num_bots, int) or num_bots < 1:
        raise LudolabError(f"number of bots must be at least 1, got {num_bots!r}")
    if num_bots > MAX_SEATS:
        raise LudolabError(f"number of bots must be at most {MAX_SEATS}, got {num_bots:,}")
    if num_seats is not None and not 1 <= num_seats <= MAX_SEATS:
        raise LudolabError(f"number of seats must be from 1 to {MAX_SEATS}, got {num_seats:,}")
    if kind == "all-permutations":
        perms = math.factorial(num_seats if num_seats is not None else num_bots)
        if perms > MAX_TRIALS:
            raise LudolabError(
                f"all-permutations of {num_seats or num_bots} seats is {perms:.3g} seatings, "
                f"more than {MAX_TRIALS:,}: use rotation or williams"
            )
    if kind == "round-robin":
        return round_robin(num_bots, 2 if num_seats is None else num_seats)
    if kind == "five-vs-five":
        if num_bots != 2 or num_seats not in (None, 10):
            raise LudolabError(f"five-vs-five takes 2 bots in 10 seats, got {num_bots} bots")
        return five_versus_five()
    seats = (10 if kind == "table-8.1" else num_bots) if num_seats is None else num_seats
    if seats < num_bots:
        raise LudolabError(f"{num_bots} bots do not fit in {seats} seats")
    lineup = tuple(i % num_bots for i in range(seats))
    if kind == "table-8.1":
        return loki_table(lineup)
    if kind == "independent":
        return independent(lineup, seed)
    if kind == "all-permutations":
        return rotation(lineup, "all")
    if kind == "williams":
        return rotation(lineup, "williams")
    return rotation(lineup, "auto")


def without_copies(schedule: Schedule, identity: Sequence[int]) -> Schedule:
    """``schedule`` without the trials that only swap identical bots.

    ``identity[b]`` numbers bot ``b`` by behaviour (the same bot twice shares a number). Two
    trials of one block whose seatings read the same through ``identity`` replay the very same
    game from the same deal, so one trial per distinct arrangement is kept: a mirror match plays
    each deal once instead of paying for copies and counting them as independent games. Among
    all permutations every distinct arrangement occurs equally often, so keeping one of each
    keeps the balance of the distinct bots; which copy takes which seat is chosen greedily so
    that the copies, too, share the seats as evenly as the kept trials allow (exactly, for
    ``[A, A, B]``; in a pure mirror, one game per deal, each copy keeps its seat). An
    independent schedule is returned as it is.

    >>> without_copies(rotation(2), [0, 0]).trials
    ((0, 1),)
    >>> without_copies(rotation(3), [0, 0, 1]).trials
    ((0, 1, 2), (1, 2, 0), (2, 0, 1))
    """
    ident = tuple(int(i) for i in identity)
    if schedule.kind == "independent" or len(set(ident)) == len(ident):
        return schedule
    if len(ident) < schedule.num_bots:
        raise LudolabError(f"identity names {len(ident)} bots, the schedule {schedule.num_bots}")
    groups: dict[tuple[int, tuple[int, ...]], list[Seating]] = {}
    for trial, block in zip(schedule.trials, schedule.blocks, strict=True):
        groups.setdefault((block, tuple(ident[b] for b in trial)), []).append(trial)
    if len(groups) == len(schedule.trials):
        return schedule
    count: dict[tuple[int, int], int] = {}  # (bot, seat) -> trials kept so far
    trials, blocks = [], []
    for (block, _), candidates in groups.items():
        best = min(candidates, key=lambda t: sum(count.get((b, s), 0) for s, b in enumerate(t)))
        for s, b in enumerate(best):
            count[(b, s)] = count.get((b, s), 0) + 1
        trials.append(best)
        blocks.append(block)
    return Schedule(kind=schedule.kind, num_bots=schedule.num_bots,
                    num_seats=schedule.num_seats, trials=tuple(trials), blocks=tuple(blocks),
                    seed=schedule.seed, lineup=schedule.lineup,
                    description=f"{schedule.description or schedule.kind}, identical bots "
                                "seated once")
